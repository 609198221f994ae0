"""The op syntax language (vitir/syntax), compiled to one printing function per op class.

An op declares its pretty syntax as a format (MLIR's assemblyFormat, in
Python's braces): literal text, and directives in braces:

    {operand}            a field: an operand's SSA name (a variadic one's, comma-separated),
                         or an attribute in its pretty spelling
    {field?, prefix = }  an optional attribute: the prefix and the value, or nothing when absent
                         (or, for an attribute with a default, when it holds the default, as MLIR
                         elides a DefaultValuedOptionalAttr)
    {functional_type}    `(T1, T2) -> R` (several results: `(R1, R2)`)
    {same_type}          `T` when every operand and the result share T, else the functional type
    {type:field}         the type of one operand or result field
    {attr_dict}          the attributes no other directive prints, as `{name = value, ...}`
    {attr_dict? }        the same after a space, or nothing when there are none (MLIR's attr-dict
                         after a field)
    {name(a, type:b)}    a custom directive over fields, or their types (MLIR's custom<Name>($a,
                         type($b))): one class that prints and parses (vitir/syntax/declare.py;
                         vitir's own, slice_ranges, dot_dimensions, window, select_type, ..., are in
                         vitir/syntax/directives.py)
    \\n                   a line break with the continuation indent (a space in the spelling
                         "one line", as MLIR prints it)
    {{ and }}            literal braces

A whole-op syntax ({constant}, {reduce}, {while}, ...; vitir/syntax/whole_ops.py)
or the syntax "generic" prints the whole op. Each format compiles once to the
source of a function (inspect `PRINTERS[cls].source`), as fast as a hand-written
f-string; vitir/mlir and vitir/text parse the same formats, so each piece of
syntax is written once.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from ..ast.declare import GENERIC, REQUIRED, AttrDef, Op
from ..ast.precompiled import function_from_source
from ..syntax.declare import custom_directive, whole_op_syntax
from ..syntax.format import Directive, directive_fields, op_pieces, variadic_then_comma
from .printer_code import CODE as PRINTER_CODE

INDENT = "    "
CONTINUATION = "\n" + INDENT + "  "


# -- helpers the compiled functions and the whole-op syntaxes call ------------------------------

def results_prefix(op: Op) -> str:
    """`%r = `, `%r:2 = ` for a group (`%r#0`, `%r#1`), `%a, %b = ` for names of their own, or nothing."""
    results = op.results
    if not results:
        return ""
    if len(results) == 1:
        return results[0].ssa + " = "
    base = results[0].name.partition("#")[0]
    if all(r.name == f"{base}#{i}" for i, r in enumerate(results)):
        return f"%{base}:{len(results)} = "
    return ", ".join(r.ssa for r in results) + " = "


def result_types(op: Op) -> str:
    results = op.results
    if len(results) == 1:
        return results[0].type.text
    return "(" + ", ".join([r.type.text for r in results]) + ")"


def functional_type(op: Op) -> str:
    return "(" + ", ".join([v.type.text for v in op.operands]) + ") -> " + result_types(op)


def ssa_names(values) -> str:
    return ", ".join([v.ssa for v in values])


def type_texts(values) -> str:
    return ", ".join([v.type.text for v in values])


def attr_dict(op: Op, skip: frozenset[str], spaced: bool = False) -> str:
    """The attributes not printed elsewhere, sorted by StableHLO name: `{a = 1 : i64, b}`."""
    entries = []
    for field in sorted(op.ATTR_FIELDS, key=lambda f: f.mlir_name):
        if field.name in skip:
            continue
        value = getattr(op, field.name)
        if value is None:
            continue
        entries.append(field.mlir_name if field.kind.name == "unit"
                       else f"{field.mlir_name} = {field.kind.generic(value)}")
    if op.discardable:  # other dialects' attributes, among the op's own by name
        entries.extend(discardable_entries(op.discardable))
        entries.sort(key=lambda entry: entry.partition(" = ")[0])
    if not entries:
        return ""
    return "{ " + ", ".join(entries) + " }" if spaced else "{" + ", ".join(entries) + "}"


def discardable_entries(pairs) -> list[str]:
    """`name = text` (or `name` for a unit attribute) of each (name, text) pair."""
    return [name if text is None else f"{name} = {text}" for name, text in pairs]


def attribute_dictionary(pairs) -> str:
    """`{a = 1 : i32, b}` of (name, text) pairs (a module's, a function's, an argument's)."""
    return "{" + ", ".join(discardable_entries(pairs)) + "}"


def _prefixed(prefix: str, text: str) -> str:
    return prefix + text if text else ""


def break_text(op: Op) -> str:
    return " " if op.spelling == "one line" else CONTINUATION


# -- the compiler -------------------------------------------------------------------------------

def compile_printer(cls: type[Op], printer) -> Callable[[Op], str]:
    """The function that prints one op of `cls`, compiled from its syntax; `printer` (printer.py's
    PRINTER) prints the generic form, and is what a whole-op syntax prints with."""
    syntax = cls.syntax
    if syntax == GENERIC:
        return printer.generic_text
    whole = whole_op_syntax(cls)
    if whole is not None:
        print_op = partial(whole.print, printer=printer)
        return print_op if whole.keeps_discardable else _generic_when_discardable(print_op, printer.generic_text)
    source, env = printer_parts(cls, printer)
    fn = function_from_source(source, "print_op", f"<print {cls.__name__}>", env, PRINTER_CODE,
                              "vitir.print.printer_code_lazy")
    fn.source = source
    return fn


def printer_parts(cls: type[Op], printer) -> tuple[str, dict]:
    """The source of the function printing one op of `cls` by its (not whole-op, not generic)
    syntax, and the globals it runs with."""
    pieces = op_pieces(cls.syntax)
    fields = {f.name: f for f in cls.FIELDS}
    single_result = len(cls.RESULT_FIELDS) == 1 and not cls.RESULT_FIELDS[0].variadic
    fixed_operands = all(not f.variadic for f in cls.OPERAND_FIELDS)
    env: dict = {"_results_prefix": results_prefix, "_result_types": result_types, "_functional": functional_type,
                 "_ssas": ssa_names, "_types": type_texts, "_break": break_text, "_attr_dict": attr_dict}
    used: set[str] = set()

    def operand_types() -> str:
        if fixed_operands:
            return ", ".join("{op.%s.type.text}" % f.name for f in cls.OPERAND_FIELDS)
        return "{_types(op.operands)}"

    result_type = "{r.type.text}" if single_result else "{_result_types(op)}"
    functional = "(" + operand_types() + ") -> " + result_type
    parts = []
    pieces = variadic_then_comma(pieces, fields)
    for kind, text in pieces:
        if kind == "operands_then":  # MLIR's VariadicOperandWithAttribute: `%a, %b, ` or nothing
            env["_ssas_then"] = ssas_then
            parts.append("{_ssas_then(op.%s)}" % text)
            used.add(text)
            continue
        if kind == "text":
            parts.append(text.replace("\\", "\\\\").replace('"', '\\"').replace("{", "{{").replace("}", "}}"))
            continue
        if kind == "break":
            parts.append("{_break(op)}")
            continue
        d = Directive(text)
        if d.name == "functional_type":
            parts.append(functional)
        elif d.name == "same_type":
            same = " and ".join(f"op.{f.name}.type is r.type" for f in cls.OPERAND_FIELDS) if fixed_operands else \
                "all([v.type is r.type for v in op.operands])"
            parts.append("{r.type.text if (%s) else _functional(op)}" % (same or "True"))
        elif d.name == "type":
            if d.of in ("result", "results") and d.of not in fields:
                parts.append(result_type)
            elif fields[d.of].role == "result":  # one of several declared results (top_k's values, indices)
                parts.append("{op.results[%d].type.text}" % cls.RESULT_FIELDS.index(fields[d.of]))
            else:
                parts.append("{op.%s.type.text}" % d.of if not fields[d.of].variadic else "{_types(op.%s)}" % d.of)
        elif d.name == "attr_dict":
            skip = frozenset(used | directive_fields(pieces))
            env["_skip"] = skip
            if d.optional is not None and all(f.name in skip for f in cls.ATTR_FIELDS):
                # only other dialects' attributes can be left for it: nothing to call for most ops
                env["_attr_prefix"], env["_others"] = d.optional, attribute_dictionary
                parts.append("{(_attr_prefix + _others(op.discardable)) if op.discardable else ''}")
            elif d.optional is not None:  # `{attr_dict? }`: the prefix only before attributes
                env["_attr_prefix"], env["_prefixed"] = d.optional, _prefixed
                parts.append("{_prefixed(_attr_prefix, _attr_dict(op, _skip))}")
            else:
                parts.append("{_attr_dict(op, _skip)}")
        elif d.args is not None:
            directive = custom_directive(cls, d)
            arguments = directive.bind(cls, d)
            env["_custom_" + d.name] = directive.print
            used.update(a.name for a in arguments if not a.of_type)
            parts.append("{_custom_%s(%s)}" % (d.name, ", ".join(a.print_source() for a in arguments)))
        elif d.name in fields:
            f = fields[d.name]
            used.add(d.name)
            if f.role == "operand":
                parts.append("{_ssas(op.%s)}" % f.name if f.variadic else "{op.%s.ssa}" % f.name)
            elif isinstance(f, AttrDef):
                env["_pretty_" + f.name] = f.kind.pretty
                if d.optional is not None:
                    env["_prefix_" + f.name] = d.optional
                    present = "op.%s is not None" % f.name
                    if f.default is not None and f.default is not REQUIRED:  # MLIR elides a default value
                        env["_default_" + f.name] = f.default
                        present += " and op.%s != _default_%s" % (f.name, f.name)
                    parts.append("{(_prefix_%s + _pretty_%s(op.%s)) if %s else ''}"
                                 % (f.name, f.name, f.name, present))
                else:
                    parts.append("{_pretty_%s(op.%s)}" % (f.name, f.name))
            else:
                raise ValueError(f"{cls.__name__}: field {d.name} cannot be printed by name")
        else:
            raise ValueError(f"{cls.__name__}: unknown directive {{{text}}} in its syntax")
    head = "{r.ssa} = " if single_result else "{_results_prefix(op)}"
    spacer = "" if pieces[0][0] == "text" and pieces[0][1].startswith("(") else " "
    body = INDENT + head + cls.NAME + spacer + "".join(parts) + "\\n"
    source = "def print_op(op):\n"
    if "_attr_dict" not in body and "op.discardable" not in body:  # no place for them: the generic form
        env["_generic"] = printer.generic_text
        source += "    if op.discardable:\n        return _generic(op)\n"
    if single_result or "{r." in body:
        source += "    r = op.results[0]\n"
    source += f'    return f"{body}"\n'
    return source, env


def _generic_when_discardable(print_op, generic_text):
    """A whole-op syntax's printer, writing MLIR's generic form for an op that carries attributes of
    other dialects (the generic form has a place for them whatever the op's syntax)."""

    def print_or_generic(op):
        return generic_text(op) if op.discardable else print_op(op)

    return print_or_generic


def ssas_then(values) -> str:
    return "".join([v.ssa + ", " for v in values])
