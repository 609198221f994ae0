"""Print vitir's AST as StableHLO text in the reference's exact format.

Each op class prints by the function its declared syntax compiles to
(syntax.py); PRINTERS holds them, compiled on first use. A few syntaxes print
the whole op here: constants, reduce (compact or with its reducer region),
MLIR's generic form (with regions), and compound nodes, whose text is their
expansion's. Lines are 4-space indented and end in a newline; a region's
body is indented 2 more, as MLIR nests it.
"""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Iterable

from ..ast import ops as O
from ..ast.gc_pause import gc_paused
from ..ast.module import Function, Module
from ..ast.ops.compound import PLACEHOLDER, Expansion, expansion
from ..ast.quantized import QuantizedTensorType
from ..ast.regions import BinaryRegion
from ..ast.types import TensorType
from . import attributes as A
from . import syntax as S
from .syntax import INDENT, functional_type, results_prefix, ssa_names


class _Printers(dict):
    """Op class -> its printing function, compiled from the class's syntax when first needed."""

    def __missing__(self, cls):
        fn = self[cls] = S.compile_printer(cls)
        return fn


PRINTERS: dict = _Printers()


def print_ops(ops: Iterable) -> str:
    """The text of a sequence of ops (a fragment), one line (or block) each."""
    table = PRINTERS
    return "".join([table[type(op)](op) for op in ops])


def _indented(text: str) -> str:
    return "".join(["  " + line for line in text.splitlines(True)])


# -- whole-op syntaxes ---------------------------------------------------------------------

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


def _constant(op: O.Constant) -> str:
    r, value = op.results[0], op.value
    body = value if type(value) is str else dense_text(value, r.type.shape)
    if type(r.type) is QuantizedTensorType:  # the value holds the storage type: MLIR prints the generic form
        stored = TensorType(r.type.shape, r.type.dtype.storage)
        return (f"    {r.ssa} = stablehlo.constant() <{{value = dense<{body}> : {stored.text}}}> : () -> "
                f"{r.type.text}\n")
    return f"    {r.ssa} = stablehlo.constant dense<{body}> : {r.type.text}\n"


def _terminator(values) -> str:
    if not values:
        return "    stablehlo.return \n"  # as MLIR prints it: the space before the (absent) operands
    return f"    stablehlo.return {ssa_names(values)} : {', '.join([v.type.text for v in values])}\n"


def region_text(region, entry_args: bool = True) -> str:
    """`{`, the block's arguments (`^bb0(%a: T, %b: T):`, unless the op's syntax writes them
    itself), its ops and terminator, `}`."""
    if type(region) is BinaryRegion:
        raise ValueError(f"{region} has no body to print; build the region with fb.region()")
    head = ""
    if region.args and entry_args:
        head = "    ^bb0(" + ", ".join([f"{a.ssa}: {a.type.text}" for a in region.args]) + "):\n"
    return "{\n" + head + _indented(print_ops(region.ops) + _terminator(region.results)) + "    }"


def _reduce(op: O.Reduce) -> str:
    """StableHLO's reduce syntax: `%r = stablehlo.reduce(%x init: %z) applies stablehlo.add across
    dimensions = [1] : (T, T0) -> R`, or for another body `%r:2 = stablehlo.reduce(%x init: %a),
    (%i init: %b) across ...` then ` reducer(%a0: T0, %x0: T0) (%a1: T1, %x1: T1)  {`, the body, `}`."""
    results, body = op.results, op.body
    n = len(results)
    pairs = ", ".join([f"({x.ssa} init: {i.ssa})" for x, i in zip(op.inputs, op.init_values)])
    simple = body.simple_op() if n == 1 and body.signature[0][0] is op.init_values[0].type else None
    if simple is not None:  # MLIR's compact form, whose body is of the init's type
        (x,), (init,), r = op.inputs, op.init_values, results[0]
        return (f"    {r.ssa} = stablehlo.reduce({x.ssa} init: {init.ssa}) applies {simple.NAME} across dimensions = "
                f"{A.ints(op.dimensions)} : ({x.type.text}, {init.type.text}) -> {r.type.text}\n")
    head = (f"    {results_prefix(op)}stablehlo.reduce{pairs} across dimensions = "
            f"{A.ints(op.dimensions)} : {functional_type(op)}\n")
    args = body.args
    region = " ".join([f"({a.ssa}: {a.type.text}, {b.ssa}: {b.type.text})" for a, b in zip(args[:n], args[n:])])
    return (head + f"     reducer{region}  {{\n" + _indented(print_ops(body.ops) + _terminator(body.results))
            + "    }\n")


_AFTER_REGIONS = "attributes after regions"  # the reference's spelling of all_reduce: `({...}) { attrs } : ...`


def properties(op) -> str:
    """` <{a = ..., b = ...}>`: the attributes present, in MLIR's generic form, sorted by name."""
    entries = []
    for field in sorted(op.ATTR_FIELDS, key=lambda f: f.mlir_name):
        value = getattr(op, field.name)
        if value is not None:
            entries.append(field.mlir_name if field.kind.name == "unit"
                           else f"{field.mlir_name} = {A.generic(field.kind, value)}")
    return " <{" + ", ".join(entries) + "}>" if entries else ""


def _generic(op) -> str:
    """MLIR's generic form: `%r = "stablehlo.x"(%a, %b) <{props}> ({regions}) : (T1, T2) -> R`."""
    after = op.spelling == _AFTER_REGIONS
    regions = op.regions()
    region_part = " (" + ", ".join([region_text(r) for r in regions]) + ")" if regions else ""
    attrs = ""
    if after:
        attrs = S.attr_dict(op, frozenset(), spaced=True)
        attrs = " " + attrs if attrs else ""
    props = "" if after else properties(op)
    return (f'    {results_prefix(op)}"{op.NAME}"({ssa_names(op.operands)}){props}{region_part}{attrs} : '
            f"{functional_type(op)}\n")


# Compound nodes print their expansion (one per signature, on placeholder names: compound.py's
# `expansion`), its text made once and then filled in with each node's names by %-formatting.


def _template(made: Expansion):
    """The expansion's text with a `%s` for each placeholder, and what picks the node's names for them
    from (its names + its operands' names)."""
    text = print_ops(made.ops).replace("%", "%%")
    order = []

    def slot(m) -> str:
        order.append(int(m.group(2)) + (0 if m.group(1) == "n" else len(made.names)))
        return "%s"

    template = PLACEHOLDER.sub(slot, text)
    getter = itemgetter(*order) if len(order) > 1 else (lambda xs, i=order[0]: (xs[i],))
    made.derived["text"] = (template, getter)
    return template, getter


def _expansion(op: O.Compound) -> str:
    made = expansion(op)
    template, getter = made.derived.get("text") or _template(made)
    return template % getter(op.names + tuple([v.name for v in op.operands]))


S.WHOLE_OP.update(constant=_constant, reduce=_reduce, generic=_generic, expansion=_expansion)


# -- control flow, tuples and tokens ------------------------------------------------------

def _while(op: O.While) -> str:
    """`%r:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : T0, T1`, then on the next line
    `cond {...} do {...}`: the regions' arguments are named once, in the parentheses. Regions
    whose arguments are named differently print in the generic form, which names each."""
    cond, body = op.cond, op.body
    if [a.name for a in cond.args] != [a.name for a in body.args]:
        return _generic(op)
    pairs = ", ".join([f"{a.ssa} = {v.ssa}" for a, v in zip(body.args, op.operands)])
    types = " : " + S.type_texts(op.operands) if op.operands else ""
    return (f"    {results_prefix(op)}stablehlo.while({pairs}){types}\n"
            f"    cond {region_text(cond, False)} do {region_text(body, False)}\n")


def _optimization_barrier(op: O.OptimizationBarrier) -> str:
    """`%r:2 = stablehlo.optimization_barrier %a, %b : T0, T1`; `stablehlo.optimization_barrier()` of nothing."""
    if not op.operands:
        return f"    {results_prefix(op)}stablehlo.optimization_barrier()\n"
    return (f"    {results_prefix(op)}stablehlo.optimization_barrier {ssa_names(op.operands)} : "
            f"{S.type_texts(op.operands)}\n")


S.WHOLE_OP.update({"while": _while, "optimization_barrier": _optimization_barrier})


# -- functions and modules ------------------------------------------------------------------

_BARE_SYMBOL = re.compile(r"[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*")


def symbol_text(name: str) -> str:
    """`@name`, quoted as MLIR writes a symbol that is not a bare identifier (`@"a b"`)."""
    if _BARE_SYMBOL.fullmatch(name):
        return "@" + name
    escaped = "".join(c if c.isprintable() and c not in '"\\' and c.isascii() else
                      "".join(f"\\{b:02X}" for b in c.encode()) for c in name)
    return f'@"{escaped}"'


def _signature(fn: Function) -> str:
    args = ", ".join(f"{a.ssa}: {a.type.text}" for a in fn.args)
    results = [t.text for t in fn.result_types]
    ret = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    return f"  func.func {symbol_text(fn.name)}({args}) -> {ret} {{\n"


def print_function(fn: Function) -> str:
    vals = fn.ret.operands
    ret = (f"    return {', '.join(v.ssa for v in vals)} : {', '.join(v.type.text for v in vals)}\n"
           if vals else "    return\n")
    return _signature(fn) + print_ops(fn.ops) + ret + "  }\n"


@gc_paused
def print_module(mod: Module) -> str:
    return f"module {symbol_text(mod.name)} {{\n" + "".join(print_function(f) for f in mod.functions) + "}\n"


__all__ = ["INDENT", "PRINTERS", "dense_text", "print_function", "print_module", "print_ops", "region_text"]


# -- elementwise and chlo: chlo.scan's custom syntax ------------------------------------------------------

def _scan(op) -> str:
    """`%r:2 = chlo.scan(%x) inits (%c) dimension=0  attributes {is_reverse = true} {`, the body, `} : F`,
    as ScanOp::print writes it."""
    attrs = S.attr_dict(op, frozenset({"dimension"}))
    head = (f"    {results_prefix(op)}chlo.scan({ssa_names(op.inputs)}) inits ({ssa_names(op.inits)}) "
            f"dimension={op.dimension} " + (f" attributes {attrs}" if attrs else ""))
    return f"{head} {region_text(op.body)} : {functional_type(op)}\n"


S.WHOLE_OP["scan"] = _scan
