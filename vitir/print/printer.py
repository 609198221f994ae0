"""Print vitir's AST as StableHLO text in the reference's exact format.

One table, PRINTERS, maps each op class to the function that prints it; a
new op adds one entry here. Lines are 4-space indented and end in a newline.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..ast import ops as O
from ..ast.gc_pause import gc_paused
from ..ast.module import Function, Module

INDENT = "    "


def _ints(xs) -> str:
    return "[" + ", ".join(map(str, xs)) + "]"


def _constant(op: O.Constant) -> str:
    r = op.results[0]
    return f"    {r.ssa} = stablehlo.constant dense<{op.literal}> : {r.type.text}\n"


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


def _dense_constant(op: O.DenseConstant) -> str:
    r = op.results[0]
    return f"    {r.ssa} = stablehlo.constant dense<{dense_text(op.literals, r.type.shape)}> : {r.type.text}\n"


def _elementwise(op: O.Elementwise) -> str:
    r, operands = op.results[0], op.operands
    ty = r.type
    if len(operands) == 2:  # the common case, without generators
        a, b = operands
        if a.type is ty and b.type is ty:
            return f"    {r.ssa} = {op.NAME} {a.ssa}, {b.ssa} : {ty.text}\n"
    args = ", ".join([v.ssa for v in operands])
    if all([v.type is ty for v in operands]):
        return f"    {r.ssa} = {op.NAME} {args} : {ty.text}\n"
    # is_finite's i1 result, clamp's scalar bounds: MLIR writes the types out
    types = ", ".join([v.type.text for v in operands])
    return f"    {r.ssa} = {op.NAME} {args} : ({types}) -> {ty.text}\n"


def _compare(op: O.Compare) -> str:
    r, (a, b) = op.results[0], op.operands
    return (f"    {r.ssa} = stablehlo.compare {op.direction}, {a.ssa}, {b.ssa}, {op.compare_type} : "
            f"({a.type.text}, {b.type.text}) -> {r.type.text}\n")


def _select(op: O.Select) -> str:
    r, (p, a, b) = op.results[0], op.operands
    return f"    {r.ssa} = stablehlo.select {p.ssa}, {a.ssa}, {b.ssa} : {p.type.text}, {r.type.text}\n"


def _convert(op: O.Convert) -> str:
    r, x = op.results[0], op.operands[0]
    types = r.type.text if x.type is r.type else f"({x.type.text}) -> {r.type.text}"  # MLIR's short form for equal types
    return f"    {r.ssa} = stablehlo.convert {x.ssa} : {types}\n"


def _iota(op: O.Iota) -> str:
    r = op.results[0]
    return f"    {r.ssa} = stablehlo.iota dim = {op.dimension} : {r.type.text}\n"


def _broadcast(op: O.BroadcastInDim) -> str:
    r, x = op.results[0], op.operands[0]
    return f"    {r.ssa} = stablehlo.broadcast_in_dim {x.ssa}, dims = {_ints(op.dims)} : ({x.type.text}) -> {r.type.text}\n"


def _reshape(op: O.Reshape) -> str:
    r, x = op.results[0], op.operands[0]
    return f"    {r.ssa} = stablehlo.reshape {x.ssa} : ({x.type.text}) -> {r.type.text}\n"


def _transpose(op: O.Transpose) -> str:
    r, x = op.results[0], op.operands[0]
    return f"    {r.ssa} = stablehlo.transpose {x.ssa}, dims = {_ints(op.perm)} : ({x.type.text}) -> {r.type.text}\n"


def _dot_general(op: O.DotGeneral) -> str:
    r, (a, b) = op.results[0], op.operands
    batch = f"batching_dims = {_ints(op.lhs_batch)} x {_ints(op.rhs_batch)}, " if op.lhs_batch else ""
    return (f"    {r.ssa} = stablehlo.dot_general {a.ssa}, {b.ssa}, {batch}"
            f"contracting_dims = {_ints(op.lhs_contract)} x {_ints(op.rhs_contract)}, "
            f"precision = [DEFAULT, DEFAULT] : ({a.type.text}, {b.type.text}) -> {r.type.text}\n")


def _reduce(op: O.Reduce) -> str:
    r, (x, init) = op.results[0], op.operands
    return (f"    {r.ssa} = stablehlo.reduce({x.ssa} init: {init.ssa}) applies stablehlo.{op.reducer} "
            f"across dimensions = {_ints(op.dims)} : ({x.type.text}, {init.type.text}) -> {r.type.text}\n")


def _reduce_region(op: O.ReduceRegion) -> str:
    """JAX's region form: `%r:2 = stablehlo.reduce(%x init: %a), (%i init: %b) across ...`,
    then ` reducer(%acc0, %x0) (%acc1, %x1)  {` pairing each accumulator with its element."""
    results, body, n = op.results, op.body, len(op.results)
    xs, inits = op.operands[:n], op.operands[n:]
    defined = f"%{op.base_name}:{n}" if n > 1 else results[0].ssa
    pairs = ", ".join([f"({x.ssa} init: {i.ssa})" for x, i in zip(xs, inits)])
    types = ", ".join([v.type.text for v in op.operands])
    out = ", ".join([r.type.text for r in results])
    args = body.args
    region = " ".join([f"({a.ssa}: {a.type.text}, {b.ssa}: {b.type.text})" for a, b in zip(args[:n], args[n:])])
    inner = "".join(["  " + line for line in print_ops(body.ops).splitlines(True)])
    ret = body.ret.operands
    return (f"    {defined} = stablehlo.reduce{pairs} across dimensions = {_ints(op.dims)} : "
            f"({types}) -> {out if n == 1 else '(' + out + ')'}\n"
            f"     reducer{region}  {{\n{inner}"
            f"      stablehlo.return {', '.join([v.ssa for v in ret])} : {', '.join([v.type.text for v in ret])}\n"
            f"    }}\n")


def _layout(layout: str) -> str:
    return "[" + ", ".join(layout) + "]"


def _convolution(op: O.Convolution) -> str:
    r, (a, b) = op.results[0], op.operands
    lhs, rhs, out = op.layouts
    pad = "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in op.padding) + "]"
    return (f"    {r.ssa} = stablehlo.convolution({a.ssa}, {b.ssa})\n"
            f"      dim_numbers = {_layout(lhs)}x{_layout(rhs)}->{_layout(out)},\n"
            f"      window = {{stride = {_ints(op.stride)}, pad = {pad}, lhs_dilate = {_ints(op.lhs_dilate)}, "
            f"rhs_dilate = {_ints(op.rhs_dilate)}}}\n"
            f"      {{batch_group_count = {op.batch_group_count} : i64, "
            f"feature_group_count = {op.feature_group_count} : i64}} : ({a.type.text}, {b.type.text}) -> {r.type.text}\n")


def _pad(op: O.Pad) -> str:
    r, (x, v) = op.results[0], op.operands
    return (f"    {r.ssa} = stablehlo.pad {x.ssa}, {v.ssa}, low = {_ints(op.low)}, high = {_ints(op.high)}, "
            f"interior = {_ints(op.interior)} : ({x.type.text}, {v.type.text}) -> {r.type.text}\n")


def _slice(op: O.Slice) -> str:
    r, x = op.results[0], op.operands[0]
    parts = ", ".join(f"{a}:{b}" if s == 1 else f"{a}:{b}:{s}" for a, b, s in zip(op.start, op.limit, op.strides))
    return f"    {r.ssa} = stablehlo.slice {x.ssa} [{parts}] : ({x.type.text}) -> {r.type.text}\n"


def _concatenate(op: O.Concatenate) -> str:
    r = op.results[0]
    args = ", ".join(v.ssa for v in op.operands)
    types = ", ".join(v.type.text for v in op.operands)
    return f"    {r.ssa} = stablehlo.concatenate {args}, dim = {op.dim} : ({types}) -> {r.type.text}\n"


def _all_reduce_mean(op: O.AllReduceMean) -> str:
    t, g = op.tag, op.operands[0]
    T, S = g.type.text, f"tensor<{g.type.dtype.value}>"  # the region adds scalars of the operand's element type
    group = ", ".join(str(i) for i in range(op.replicas))
    return (f'    %arsum{t} = "stablehlo.all_reduce"({g.ssa}) ({{\n'
            f"    ^bb0(%ara{t}: {S}, %arb{t}: {S}):\n"
            f"      %aradd{t} = stablehlo.add %ara{t}, %arb{t} : {S}\n"
            f"      stablehlo.return %aradd{t} : {S}\n"
            f"    }}) {{ replica_groups = dense<[[{group}]]> : tensor<1x{op.replicas}xi64> }} : ({T}) -> {T}\n"
            f"    %arn{t} = stablehlo.constant dense<{op.replicas}.0> : {T}\n"
            f"    %armean{t} = stablehlo.divide %arsum{t}, %arn{t} : {T}\n")


def _adamw_template() -> str:
    """The 26 AdamW lines as one %-template (`%(t)s` fields), made once from
    ADAMW_LINES; %-formatting a mapping is faster than str.format here."""
    lines = []
    for suffix, kind, args in O.ADAMW_LINES:
        if kind == "broadcast":
            lines.append(f"    %%{suffix}%(t)s = stablehlo.broadcast_in_dim %({args[0][1:]})s, dims = [] : "
                         f"(%(S)s) -> %(T)s\n")
        else:
            names = ", ".join(f"%({a})s" if a in ("theta", "g", "m", "v") else f"%%{a}%(t)s" for a in args)
            lines.append(f"    %%{suffix}%(t)s = stablehlo.{kind} {names} : %(T)s\n")
    return "".join(lines)


_ADAMW = _adamw_template()


def _adamw_update(op: O.AdamWUpdate) -> str:
    theta, g, m, v = op.operands[:4]
    fields = {name: val.ssa for name, val in zip(O.AdamScalars._fields, op.operands[4:])}
    fields.update(t=op.tag, T=theta.type.text, S=op.operands[4].type.text,
                  theta=theta.ssa, g=g.ssa, m=m.ssa, v=v.ssa)
    return _ADAMW % fields


PRINTERS: dict[type, Callable[[O.Op], str]] = {
    O.Constant: _constant,
    O.DenseConstant: _dense_constant,
    O.Compare: _compare,
    O.Select: _select,
    O.Convert: _convert,
    O.Iota: _iota,
    O.BroadcastInDim: _broadcast,
    O.Reshape: _reshape,
    O.Transpose: _transpose,
    O.DotGeneral: _dot_general,
    O.Reduce: _reduce,
    O.ReduceRegion: _reduce_region,
    O.Convolution: _convolution,
    O.Pad: _pad,
    O.Slice: _slice,
    O.Concatenate: _concatenate,
    O.AllReduceMean: _all_reduce_mean,
    O.AdamWUpdate: _adamw_update,
}
PRINTERS.update(dict.fromkeys(O.ELEMENTWISE_OPS, _elementwise))


def print_ops(ops: Iterable[O.Op]) -> str:
    """The text of a sequence of ops (a fragment), one line (or block) each."""
    table = PRINTERS
    return "".join([table[type(op)](op) for op in ops])


def _signature(fn: Function) -> str:
    args = ", ".join(f"{a.ssa}: {a.type.text}" for a in fn.args)
    results = [t.text for t in fn.result_types]
    ret = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    return f"  func.func @{fn.name}({args}) -> {ret} {{\n"


def print_function(fn: Function) -> str:
    vals = fn.ret.operands
    ret = (f"    return {', '.join(v.ssa for v in vals)} : {', '.join(v.type.text for v in vals)}\n"
           if vals else "    return\n")
    return _signature(fn) + print_ops(fn.ops) + ret + "  }\n"


@gc_paused
def print_module(mod: Module) -> str:
    return f"module @{mod.name} {{\n" + "".join(print_function(f) for f in mod.functions) + "}\n"
