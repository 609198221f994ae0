"""Print vitir's AST as StableHLO text in the reference's exact format.

Each op class prints by the function its declared syntax compiles to
(syntax.py); PRINTERS holds them, compiled on first use. A whole-op syntax
(vitir/syntax/whole_ops.py: constant, reduce, while, ...) prints by its own
object; here are MLIR's generic form (with regions), the text of compound
nodes (their expansion's) and the pieces those share (regions, dense
literals). Lines are 4-space indented and end in a newline; a region's body
is indented 2 more, as MLIR nests it.
"""

from __future__ import annotations

import re

from operator import itemgetter
from types import SimpleNamespace
from typing import Iterable

from ..lazy_pattern import LazyPattern
from ..ast import ops as O
from ..ast.gc_pause import gc_paused
from ..ast.module import Function, Module
from ..ast.expansion import PLACEHOLDER, Expansion, expansion
from ..ast.regions import BinaryRegion
from . import syntax as S
from ..ast.location import fused_of, materialize
from .locations import LocationPrinter
from .syntax import INDENT, attr_dict, functional_type, results_prefix, ssa_names, type_texts


class _Printers(dict):
    """Op class -> its printing function, compiled from the class's syntax when first needed."""

    def __missing__(self, cls):
        fn = self[cls] = S.compile_printer(cls, PRINTER)
        return fn


PRINTERS: dict = _Printers()

# The location printer of the module being printed with debug info (print_module(..., debug_info=True)),
# else None: the printing functions below add locations only then, so the default path is as it was.
_LOCATIONS: list = [None]


def current_locations() -> LocationPrinter | None:
    """The location printer of the text being printed with debug info, else None."""
    return _LOCATIONS[0]


class _DefaultDialectPrinters(dict):
    """Op class -> its printing function inside an op whose default dialect is `dialect` (a function's
    body: `func`): an op of that dialect printed without its prefix (`call @f(...)`, where a region of a
    stablehlo op writes `func.call @f(...)`), as MLIR's printer elides the default dialect; every other
    op's is PRINTERS'."""

    def __init__(self, dialect: str):
        super().__init__()
        self.prefix = dialect + "."

    def __missing__(self, cls):
        full = PRINTERS[cls]
        if not getattr(cls, "NAME", "").startswith(self.prefix):  # (a printer's stand-in may have none)
            fn = full
        else:
            name, short = cls.NAME + " ", cls.NAME[len(self.prefix):] + " "

            def fn(op):
                text = full(op)
                at = len(INDENT) + len(results_prefix(op))
                # (the generic form, `"func.call"(...)`, keeps its quoted name)
                return text[:at] + short + text[at + len(name):] if text.startswith(name, at) else text
        self[cls] = fn
        return fn


FUNCTION_BODY_PRINTERS: dict = _DefaultDialectPrinters("func")  # func.func's default dialect


def print_ops(ops: Iterable, table: dict = PRINTERS) -> str:
    """The text of a sequence of ops (a fragment), one line (or block) each; `table`: the printing
    functions (FUNCTION_BODY_PRINTERS in a function's own body)."""
    locations = _LOCATIONS[0]
    if locations is None:
        return "".join([table[type(op)](op) for op in ops])
    return "".join([_located(table, op, locations) for op in ops])


# `    ^bb0(%a: tensor<f32>, %b: tensor<f32>):`, a block's head in a compound node's text, and its arguments
_BLOCK_HEAD = re.compile(r"^(\s*\^bb\d+\()(.*)\):\n?$")
_BLOCK_ARGUMENT = re.compile(r"%[^:,\s]+: [^,]+(?:<[^>]*>)?")


def _located(table, op, locations: LocationPrinter) -> str:
    """An op's text with its location after it (met before its regions' ops, as MLIR meets it); each
    op a compound node prints takes the node's."""
    stored = op._location
    trailer = locations.trailer(op.location)
    text = table[type(op)](op)
    if op.COMPOUND:
        lines = text.splitlines(True)
        ends = []
        for i, line in enumerate(lines):
            head = _BLOCK_HEAD.match(line)
            if head is not None:  # a block's arguments take the location, each after its type, as MLIR puts it
                lines[i] = head[1] + ", ".join([a + trailer for a in _BLOCK_ARGUMENT.findall(head[2])]) + "):\n"
            elif not line.rstrip().endswith("{"):
                ends.append(i)
        if stored.__class__ is tuple and stored[0] is fused_of and len(stored[1]) == len(ends):
            # a node a reader folded from plain ops, each of its own location: each prints at its own
            for i, loc in zip(ends, stored[1]):
                lines[i] = lines[i][:-1] + locations.trailer(materialize(loc)) + "\n"
            return "".join(lines)
        for i in ends:
            lines[i] = lines[i][:-1] + trailer + "\n"
        return "".join(lines)
    return text[:-1] + trailer + "\n"


def indented(text: str) -> str:
    return "".join(["  " + line for line in text.splitlines(True)])


# -- regions, literals, the generic form and compound nodes ------------------------------

def dense_text(literals, shape) -> str:
    """The body of `dense<...>` for one literal per element, nested as MLIR prints it:
    `[[0, 1], [2, 3]]`; `` for no elements; the literal alone at rank 0. Each level joins
    its rows once, so a large table prints in linear time."""
    if not literals:
        return ""
    rows = list(literals)
    for d in reversed(shape):
        rows = ["[" + ", ".join(rows[i:i + d]) + "]" for i in range(0, len(rows), d)]
    return rows[0]


def terminator_text(values, terminator: str = "stablehlo.return") -> str:
    if not values:
        return f"    {terminator} \n"  # as MLIR prints it: the space before the (absent) operands
    return f"    {terminator} {ssa_names(values)} : {', '.join([v.type.text for v in values])}\n"


def region_text(region, entry_args: bool = True, terminator: str = "stablehlo.return") -> str:
    """`{`, the block's arguments (`^bb0(%a: T, %b: T):`, unless the op's syntax writes them
    itself), its ops and terminator (`sdy.return` in Shardy's ops), `}`."""
    if type(region) is BinaryRegion:
        raise ValueError(f"{region} has no body to print; build the region with fb.region()")
    head = ""
    locations = _LOCATIONS[0]
    if region.args and entry_args:
        head = "    ^bb0(" + ", ".join([f"{a.ssa}: {a.type.text}" + _argument_location(a) for a in region.args]) + "):\n"
    body = print_ops(region.ops)
    return "{\n" + head + indented(body + region_terminator(region, terminator)) + "    }"


def region_terminator(region, terminator: str = "stablehlo.return") -> str:
    """The region's terminator line, with its location when printing with debug info."""
    end = terminator_text(region.results, terminator)
    locations = _LOCATIONS[0]
    if locations is not None:
        end = end[:-1] + locations.trailer(region.location) + "\n"
    return end


def _argument_location(value) -> str:
    """` loc(...)` after an argument's type when printing with debug info, else ''."""
    locations = _LOCATIONS[0]
    return "" if locations is None else locations.inline(value.location)


_AFTER_REGIONS = "attributes after regions"  # the reference's spelling of all_reduce: `({...}) { attrs } : ...`


def properties(op) -> str:
    """` <{a = ..., b = ...}>`: the attributes present, in MLIR's generic form, sorted by name."""
    entries = []
    for field in sorted(op.ATTR_FIELDS, key=lambda f: f.mlir_name):
        value = getattr(op, field.name)
        if value is not None:
            entries.append(field.mlir_name if field.kind.name == "unit"
                           else f"{field.mlir_name} = {field.kind.generic(value)}")
    return " <{" + ", ".join(entries) + "}>" if entries else ""


def generic_text(op) -> str:
    """MLIR's generic form: `%r = "stablehlo.x"(%a, %b) <{props}> ({regions}) : (T1, T2) -> R`."""
    after = op.spelling == _AFTER_REGIONS
    regions = op.regions()
    region_part = " (" + ", ".join([region_text(r) for r in regions]) + ")" if regions else ""
    attrs = ""
    if after:
        attrs = S.attr_dict(op, frozenset(), spaced=True)
        attrs = " " + attrs if attrs else ""
    props = "" if after else properties(op)
    if not after and op.discardable:
        attrs = " " + S.attribute_dictionary(op.discardable)
    return (f'    {results_prefix(op)}"{op.NAME}"({ssa_names(op.operands)}){props}{region_part}{attrs} : '
            f"{functional_type(op)}\n")


# Compound nodes print their expansion (one per signature, on placeholder names: compound.py's
# `expansion`), its text made once and then filled in with each node's names by %-formatting.


def _template(made: Expansion):
    """The expansion's text with a `%s` for each placeholder, and what picks the node's names for them
    from (its names + its operands' names)."""
    saved, _LOCATIONS[0] = _LOCATIONS[0], None  # the template is shared: no locations in it
    try:
        text = print_ops(made.ops).replace("%", "%%")
    finally:
        _LOCATIONS[0] = saved
    order = []

    def slot(m) -> str:
        order.append(int(m.group(2)) + (0 if m.group(1) == "n" else len(made.names)))
        return "%s"

    template = PLACEHOLDER.sub(slot, text)
    getter = itemgetter(*order) if len(order) > 1 else (lambda xs, i=order[0]: (xs[i],))
    made.derived["text"] = (template, getter)
    return template, getter


def expansion_text(op: O.Compound) -> str:
    made = expansion(op)
    template, getter = made.derived.get("text") or _template(made)
    return template % getter(op.names + tuple([v.name for v in op.operands]))


# -- functions and modules ------------------------------------------------------------------

_BARE_SYMBOL = LazyPattern(r"[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*")


def symbol_text(name: str) -> str:
    """`@name`, quoted as MLIR writes a symbol that is not a bare identifier (`@"a b"`)."""
    if _BARE_SYMBOL.fullmatch(name):
        return "@" + name
    escaped = "".join(c if c.isprintable() and c not in '"\\' and c.isascii() else
                      "".join(f"\\{b:02X}" for b in c.encode()) for c in name)
    return f'@"{escaped}"'


def _signature(fn: Function) -> str:
    if fn.arg_attributes or fn.result_attributes or fn.attributes:
        return _attributed_signature(fn)
    args = ", ".join(f"{a.ssa}: {a.type.text}{_argument_location(a)}" for a in fn.args)
    results = [t.text for t in fn.result_types]
    ret = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    return f"  func.func {_visibility(fn)}{symbol_text(fn.name)}({args}){_arrow(results, ret)} {{\n"


def _visibility(fn: Function) -> str:
    """`private ` before a function's name; nothing for a public one, as MLIR prints them."""
    return fn.visibility + " " if fn.visibility else ""


def _arrow(results: list, ret: str) -> str:
    """` -> R` after a function's arguments; nothing when it returns nothing, as MLIR prints it."""
    return " -> " + ret if results else ""


def _with_attributes(text: str, pairs) -> str:
    return text + " " + S.attribute_dictionary(pairs) if pairs else text


def _attributed_signature(fn: Function) -> str:
    """`func.func @f(%a: T {mhlo.sharding = "..."}) -> (R {jax.result_info = "..."}) attributes {...} {`:
    a result with attributes is written in parentheses, as MLIR writes it."""
    arg_attributes = fn.arg_attributes or ((),) * len(fn.args)
    result_attributes = fn.result_attributes or ((),) * len(fn.ret.operands)
    args = ", ".join(_with_attributes(f"{a.ssa}: {a.type.text}", pairs) + _argument_location(a)
                     for a, pairs in zip(fn.args, arg_attributes))
    results = [_with_attributes(t.text, pairs) for t, pairs in zip(fn.result_types, result_attributes)]
    ret = results[0] if len(results) == 1 and not fn.result_attributes else "(" + ", ".join(results) + ")"
    own = " attributes " + S.attribute_dictionary(fn.attributes) if fn.attributes else ""
    return f"  func.func {_visibility(fn)}{symbol_text(fn.name)}({args}){_arrow(results, ret)}{own} {{\n"


def print_function(fn: Function) -> str:
    locations = _LOCATIONS[0]
    if locations is not None:
        own = locations.trailer(fn.location)  # met before its arguments and body, as MLIR meets it
    vals = fn.ret.operands
    ret = (f"    return {', '.join(v.ssa for v in vals)} : {', '.join(v.type.text for v in vals)}"
           if vals else "    return")
    if locations is None:
        return _signature(fn) + print_ops(fn.ops, FUNCTION_BODY_PRINTERS) + ret + "\n  }\n"
    head = _signature(fn)
    body = print_ops(fn.ops, FUNCTION_BODY_PRINTERS)
    return head + body + ret + locations.trailer(fn.ret.location) + "\n  }" + own + "\n"


def symbol_op_text(op) -> str:
    """A module-level op (`sdy.mesh @mesh = <...>`), at the module body's indentation (2 spaces)."""
    return "".join([line[2:] if line.startswith("    ") else line
                    for line in PRINTERS[type(op)](op).splitlines(True)])


@gc_paused
def print_module(mod: Module, debug_info: bool = False, pretty_debug_info: bool = False,
                 use_local_scope: bool = False) -> str:
    """The module's text; with `debug_info`, every op's, function's, argument's and the module's
    location as MLIR's `--mlir-print-debuginfo` prints them (vitir/print/locations.py), in its pretty
    form with `pretty_debug_info`, spelled out in place of aliases with `use_local_scope` (as jaxlib's
    `get_asm(enable_debug_info=True, pretty_debug_info=..., use_local_scope=...)`)."""
    if debug_info:
        return _print_located(mod, pretty_debug_info, use_local_scope)
    head = f"module {symbol_text(mod.name)}"
    if mod.attributes:
        head += " attributes " + S.attribute_dictionary(mod.attributes)
    symbols = "".join([symbol_op_text(op) for op in mod.symbols]) if mod.symbols else ""
    return head + " {\n" + symbols + "".join(print_function(f) for f in mod.functions) + "}\n"


class printing_locations:
    """`with printing_locations() as locations:` the printing functions here add locations (as
    print_module(..., debug_info=True) does); `locations.finish(text)` writes in their aliases. For
    printers of other trees (vitir/mlir/print.py's of xDSL modules)."""

    def __init__(self, pretty: bool = False, local_scope: bool = False):
        self.flags = (pretty, local_scope)

    def __enter__(self) -> LocationPrinter:
        _LOCATIONS[0] = LocationPrinter(*self.flags)
        return _LOCATIONS[0]

    def __exit__(self, *exc) -> None:
        _LOCATIONS[0] = None


def _print_located(mod: Module, pretty: bool = False, local_scope: bool = False) -> str:
    with printing_locations(pretty, local_scope) as locations:
        own = locations.trailer(mod.location)
        head = f"module {symbol_text(mod.name)}"
        if mod.attributes:
            head += " attributes " + S.attribute_dictionary(mod.attributes)
        symbols = "".join([_located_symbol(op, locations) for op in mod.symbols])
        body = head + " {\n" + symbols + "".join([print_function(f) for f in mod.functions]) + "}" + own + "\n"
    return locations.finish(body)


def _located_symbol(op, locations: LocationPrinter) -> str:
    trailer = locations.trailer(op.location)
    return symbol_op_text(op)[:-1] + trailer + "\n"


# What a whole-op syntax (vitir/syntax/whole_ops.py) prints its op with, handed to its `print`: the
# pieces of text this module and syntax.py make, so that the syntax imports no printer.
PRINTER = SimpleNamespace(**{piece.__name__: piece for piece in (
    results_prefix, functional_type, ssa_names, type_texts, attr_dict, dense_text, indented, print_ops,
    terminator_text, region_text, generic_text, expansion_text, S.attribute_dictionary, region_terminator)},
    argument_location=_argument_location)

__all__ = ["INDENT", "PRINTER", "PRINTERS", "dense_text", "print_function", "print_module", "print_ops", "printing_locations",
           "region_text"]

