"""The op syntax language, compiled to one printing function per op class.

An op declares its pretty syntax as a format (MLIR's assemblyFormat, in
Python's braces): literal text, and directives in braces:

    {operand}            a field: an operand's SSA name (a variadic one's, comma-separated),
                         or an attribute in its pretty spelling
    {field?, prefix = }  an optional attribute: the prefix and the value, or nothing when absent
                         (or, for an attribute with a default, when it holds the default, as MLIR
                         elides a DefaultValuedOptionalAttr)
    {functional_type}    `(T1, T2) -> R` (several results: `(R1, R2)`)
    {same_type}          `T` when every operand and the result share T, else the functional type
    {select_type}        select's `Tpred, T`, else the functional type
    {type:field}         the type of one operand or result field
    {attr_dict}          the attributes no other directive prints, as `{name = value, ...}`
    {attr_dict? }        the same after a space, or nothing when there are none (MLIR's attr-dict
                         after a field)
    {name(a, b)}         a custom directive over fields (slice_ranges, dot_dimensions, window)
    \\n                   a line break with the continuation indent (a space in the spelling
                         "one line", as MLIR prints it)
    {{ and }}            literal braces

A whole-op directive ({constant}, {reduce}, {expansion}) or the syntax
"generic" prints the whole op. Each format compiles once to the source of a
function (inspect `PRINTERS[cls].source`), as fast as a hand-written f-string;
vitir/mlir parses the same formats, so each piece of syntax is written once.
"""

from __future__ import annotations

import re
from typing import Callable

from ..ast.attributes import SYMBOL
from ..ast.declare import GENERIC, REQUIRED, AttrDef, Op
from . import attributes as A

INDENT = "    "
CONTINUATION = "\n" + INDENT + "  "

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|\n|[^{}\n]+")
_DIRECTIVE = re.compile(r"(\w+)(?:\(([\w, ]*)\))?(?::(\w+))?(\?.*)?$", re.S)


def tokens(syntax: str) -> list[tuple[str, str]]:
    """The format as (kind, text) pairs: ("text", literal), ("directive", inside the braces), ("break", "")."""
    out, at = [], 0
    for m in _TOKEN.finditer(syntax):
        if m.start() != at:
            raise ValueError(f"unbalanced braces in syntax {syntax!r} at {at}")
        piece = m.group(0)
        if piece == "{{":
            out.append(("text", "{"))
        elif piece == "}}":
            out.append(("text", "}"))
        elif piece == "\n":
            out.append(("break", ""))
        elif m.group(1) is not None:
            out.append(("directive", m.group(1)))
        else:
            out.append(("text", piece))
        at = m.end()
    if at != len(syntax):
        raise ValueError(f"unbalanced braces in syntax {syntax!r} at {at}")
    return out


class Directive:
    """A parsed directive: name, custom arguments, the field a `type:` refers to, an optional prefix."""

    __slots__ = ("name", "args", "of", "optional")

    def __init__(self, text: str):
        m = _DIRECTIVE.match(text)
        if m is None:
            raise ValueError(f"bad directive {{{text}}}")
        self.name = m.group(1)
        self.args = [a.strip() for a in m.group(2).split(",")] if m.group(2) is not None else None
        self.of = m.group(3)
        self.optional = m.group(4)[1:] if m.group(4) else None
        if self.name == "type" and self.of is None:
            raise ValueError(f"{{{text}}}: write type:<field>")


# -- whole-op printers and helpers the compiled functions call ------------------------------

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


def slice_ranges(start, limit, strides) -> str:
    return "[" + ", ".join(f"{a}:{b}" if s == 1 else f"{a}:{b}:{s}" for a, b, s in zip(start, limit, strides)) + "]"


def dot_dimensions(numbers) -> str:
    lb, rb, lc, rc = numbers
    batch = f"batching_dims = {A.ints(lb)} x {A.ints(rb)}, " if lb or rb else ""
    return f"{batch}contracting_dims = {A.ints(lc)} x {A.ints(rc)}"


def window(stride, padding, lhs_dilate, rhs_dilate, reverse) -> str:
    entries = []
    if stride is not None:
        entries.append(f"stride = {A.ints(stride)}")
    if padding is not None:
        entries.append("pad = [" + ", ".join(f"[{lo}, {hi}]" for lo, hi in padding) + "]")
    if lhs_dilate is not None:
        entries.append(f"lhs_dilate = {A.ints(lhs_dilate)}")
    if rhs_dilate is not None:
        entries.append(f"rhs_dilate = {A.ints(rhs_dilate)}")
    if reverse is not None:
        entries.append("reverse = [" + ", ".join("true" if r else "false" for r in reverse) + "]")
    return ", ".join(entries)


CUSTOM: dict[str, Callable[..., str]] = {"slice_ranges": slice_ranges, "dot_dimensions": dot_dimensions,
                                         "window": window}


# -- elementwise and chlo -----------------------------------------------------------------------

def complex_type(lhs, rhs, results) -> str:
    """stablehlo.complex's `tensor<2xcomplex<f32>>` when both parts have the result's part type,
    else the functional type (MLIR's custom<ComplexOpType>)."""
    result = results[0].type
    if lhs.type is rhs.type and lhs.type.dtype is result.dtype.part and lhs.type.shape == result.shape:
        return result.text
    return f"({lhs.type.text}, {rhs.type.text}) -> {result.text}"


CUSTOM["complex_type"] = complex_type


def attr_dict(op: Op, skip: frozenset[str], spaced: bool = False) -> str:
    """The attributes not printed elsewhere, sorted by StableHLO name: `{a = 1 : i64, b}`."""
    entries, mixed = [], False
    for field in sorted(op.ATTR_FIELDS, key=lambda f: f.mlir_name):
        if field.name in skip:
            continue
        value = getattr(op, field.name)
        if value is None:
            continue
        if field.kind.name == "discardable":  # other dialects' attributes, among the op's own by name
            entries.extend(name if text is None else f"{name} = {text}" for name, text in value)
            mixed = True
            continue
        entries.append(field.mlir_name if field.kind.name == "unit"
                       else f"{field.mlir_name} = {A.generic(field.kind, value)}")
    if mixed:
        entries.sort(key=lambda entry: entry.partition(" = ")[0])
    if not entries:
        return ""
    return "{ " + ", ".join(entries) + " }" if spaced else "{" + ", ".join(entries) + "}"


def _prefixed(prefix: str, text: str) -> str:
    return prefix + text if text else ""


def break_text(op: Op) -> str:
    return " " if op.spelling == "one line" else CONTINUATION


# -- the compiler -------------------------------------------------------------------------------

WHOLE_OP: dict[str, Callable[[Op], str]] = {}  # filled by printer.py: constant, reduce, expansion, generic


def compile_printer(cls: type[Op]) -> Callable[[Op], str]:
    """The function that prints one op of `cls`, compiled from its syntax."""
    syntax = cls.syntax
    if syntax == GENERIC:
        return WHOLE_OP["generic"]
    pieces = tokens(syntax)
    if len(pieces) == 1 and pieces[0][0] == "directive" and pieces[0][1] in WHOLE_OP:
        return WHOLE_OP[pieces[0][1]]
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
        elif d.name == "select_type":
            env["_comma"] = ", "
            parts.append("{op.pred.type.text + _comma + r.type.text if (op.on_true.type is r.type and "
                         "op.on_false.type is r.type) else _functional(op)}")
        elif d.name == "type":
            if d.of in ("result", "results") and d.of not in fields:
                parts.append(result_type)
            elif fields[d.of].role == "result":  # one of several declared results (top_k's values, indices)
                parts.append("{op.results[%d].type.text}" % cls.RESULT_FIELDS.index(fields[d.of]))
            else:
                parts.append("{op.%s.type.text}" % d.of if not fields[d.of].variadic else "{_types(op.%s)}" % d.of)
        elif d.name == "attr_dict":
            skip = frozenset(used | _directive_fields(pieces))
            env["_skip"] = skip
            if d.optional is not None:  # `{attr_dict? }`: the prefix only before attributes
                env["_attr_prefix"], env["_prefixed"] = d.optional, _prefixed
                parts.append("{_prefixed(_attr_prefix, _attr_dict(op, _skip))}")
            else:
                parts.append("{_attr_dict(op, _skip)}")
        elif d.args is not None:
            if d.name not in CUSTOM:
                raise ValueError(f"{cls.__name__}: unknown custom directive {d.name}")
            env["_custom_" + d.name] = CUSTOM[d.name]
            used.update(d.args)
            parts.append("{_custom_%s(%s)}" % (d.name, ", ".join("op." + a for a in d.args)))
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
    if single_result or "{r." in body:
        source += "    r = op.results[0]\n"
    source += f'    return f"{body}"\n'
    exec(compile(source, f"<print {cls.__name__}>", "exec"), env)
    fn = env["print_op"]
    fn.source = source
    return fn


def ssas_then(values) -> str:
    return "".join([v.ssa + ", " for v in values])


def variadic_then_comma(pieces, fields) -> list[tuple[str, str]]:
    """A variadic operand directly followed by `, ` prints as MLIR's VariadicOperandWithAttribute
    directive, each operand followed by its comma, so that none leaves no stray comma
    (`dynamic_slice %x, sizes = []` of a rank-0 operand): ("operands_then", field)."""
    out = []
    for i, (kind, text) in enumerate(pieces):
        if (kind == "text" and out and out[-1][0] == "directive" and text.startswith(", ")
                and out[-1][1] in fields and fields[out[-1][1]].role == "operand" and fields[out[-1][1]].variadic):
            out[-1] = ("operands_then", out[-1][1])
            text = text[2:]
            if not text:
                continue
        out.append((kind, text))
    return out


def _directive_fields(pieces) -> set[str]:
    names = set()
    for kind, text in pieces:
        if kind == "operands_then":
            names.add(text)
        if kind == "directive":
            d = Directive(text)
            names.add(d.name)
            names.update(d.args or ())
    return names


# -- data movement --------------------------------------------------------------------------------

def operands(*fields) -> str:
    """MLIR's `operands` directive: every operand, in order, comma-separated (a variadic field may
    hold none)."""
    return ", ".join([v.ssa for f in fields for v in (f if type(f) is tuple else (f,))])


CUSTOM["operands"] = operands


# -- control flow, tuples and tokens ------------------------------------------------------

def tuple_type(values) -> str:
    """stablehlo.tuple's type: the tuple of its operands' types (`tuple<T0, T1>`)."""
    return "tuple<" + ", ".join([v.type.text for v in values]) + ">"


def custom_call_target(name: str) -> str:
    """custom_call's target, a string MLIR writes as a symbol: `@lapack_spotrf_ffi`."""
    return SYMBOL.pretty(name)


CUSTOM.update(tuple_type=tuple_type, custom_call_target=custom_call_target)


# -- windows, reductions, contractions and linear algebra ------------------------------------

def exponent_mantissa(exponent_bits, mantissa_bits) -> str:
    """reduce_precision's `format = e5m10`."""
    return f"e{exponent_bits}m{mantissa_bits}"


CUSTOM["exponent_mantissa"] = exponent_mantissa
