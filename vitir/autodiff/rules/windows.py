"""reduce_window and select_and_scatter (JAX's rules, jax/_src/lax/windowed_reductions.py).

- reduce_window with an add body is linear: its transpose pads the cotangent (interior by the
  strides) and sums it over windows again (JAX's _reduce_window_sum_transpose_rule).
- reduce_window with a maximum or minimum body: its tangent is the tangent at the element each
  window selects, a reduce_window over (value, tangent) pairs keeping the pair whose value is
  greater or equal (less or equal): JAX's select_and_gather_add. **Tie rule:** in a window
  where several elements equal the maximum, the first (in the window's row-major order) takes
  the whole tangent, as JAX's max pooling does (unlike reduce, which shares it). Its transpose
  is select_and_scatter with that comparison and an add body; windows with dilations have no
  transpose (as in JAX).
- reduce_window with any other body (a product: cumprod), or several inputs: through its
  unrolling, one strided slice of the padded input per window position folded by the body.
- select_and_scatter with an add body is linear in its source (and its init value, which every
  element starts from); its transpose in the source is the (value, cotangent) pair reduce_window.
"""

from __future__ import annotations

import numpy as np

from ...ast import ops as O
from ...ast.types import TensorType
from ..tables import defjvp, deftranspose, refuse
from .decompose import jvp_of
from .reduce_bodies import apply_body
from .regions import binary_region, compare_region, zero_tangent

CHOOSERS = {O.Maximum: "GE", O.Minimum: "LE"}


def _window(op, rank):
    ones = (1,) * rank
    return (tuple(op.window_dimensions or ones), tuple(op.window_strides or ones),
            tuple(tuple(p) for p in (op.padding or ((0, 0),) * rank)))


def _dilations(op, rank):
    ones = (1,) * rank
    return tuple(op.base_dilations or ones), tuple(op.window_dilations or ones)


def _pair_body(e, dtype, direction):
    """(value, tangent) accumulator and element: the pair whose value compares `direction` to the other's."""
    body = e.b.region()
    scalar = TensorType((), dtype)
    a, at, b, bt = (body.arg(e.name("r"), scalar) for _ in range(4))
    keep = body.compare(e.name("r"), a, b, direction)
    return body.ret(body.select(e.name("r"), keep, a, b), body.select(e.name("r"), keep, at, bt))


def pair_direction(op):
    """The comparison of a reduce_window built by `select_and_gather`, else None."""
    body = op.body
    ops = getattr(body, "ops", ())
    if (len(op.inputs) == 2 and len(ops) == 3 and isinstance(ops[0], O.Compare)
            and all(isinstance(o, O.Select) for o in ops[1:])):
        return ops[0].comparison_direction
    return None


def select_and_gather(e, x, t, x_init, direction, window, strides, padding, base=None, dilation=None):
    """For each window of x, t at the element `direction` selects (the first of equals): a
    reduce_window of (x, t) pairs."""
    zero = e.zeros_like(x_init)
    out = e.b.reduce_window([e.name(), e.name()], [x, t], [x_init, zero], _pair_body(e, x.type.dtype, direction),
                            window, strides, base, dilation, padding)
    return out[1]


def unrolled_windows(fb, names, op, inputs, inits):
    """`op` (a reduce_window) written with plain ops: the inputs padded (and dilated) with the init
    values, one strided slice per window position, folded in the window's order by the body
    applied elementwise, from the init values."""
    rank = inputs[0].type.rank
    window, strides, padding = _window(op, rank)
    base, dilation = _dilations(op, rank)
    out_shape = op.results[0].type.shape
    padded = [fb.pad(names.fresh("t"), x, init, tuple(lo for lo, _ in padding), tuple(hi for _, hi in padding),
                     tuple(b - 1 for b in base)) for x, init in zip(inputs, inits)]
    accumulators = [fb.broadcast_in_dim(names.fresh("t"), init, (), out_shape) for init in inits]
    for position in np.ndindex(*window):
        start = tuple(k * d for k, d in zip(position, dilation))
        limit = tuple(s + (n - 1) * step + 1 for s, n, step in zip(start, out_shape, strides))
        elements = [fb.slice(names.fresh("t"), x, start, limit, strides) for x in padded]
        accumulators = apply_body(fb, names, op.body, accumulators + elements)
    return tuple(accumulators)


@defjvp(O.ReduceWindow)
def reduce_window_jvp(e, op, primals, tangents):
    kind = op.body.simple_op()
    count = len(op.inputs)
    if count != 1 or (kind is not O.Add and kind not in CHOOSERS):  # any other body: through its unrolling
        return jvp_of(e, lambda fb, name, *args: unrolled_windows(fb, e.names, op, list(args[:count]),
                                                                  list(args[count:])), primals, tangents)
    (x, init), (tx, tinit) = primals, tangents
    if tinit is not None:
        raise refuse(op, "differentiates its init value (a window's padding); only the input is differentiable")
    if tx is None:
        return (None,)
    rank = x.type.rank
    window, strides, padding = _window(op, rank)
    base, dilation = _dilations(op, rank)
    if kind is O.Add:
        return e.apply(op, [tx, e.zeros_like(init)])
    return (select_and_gather(e, x, tx, init, CHOOSERS[kind], window, strides, padding, base, dilation),)


def _dilate_shape(shape, dilation):
    return tuple(0 if d == 0 else 1 + s * (d - 1) for d, s in zip(shape, dilation))


def vjp_lhs_padding(in_shape, window, strides, out_shape, padding, lhs_dilation, rhs_dilation):
    """JAX's _conv_general_vjp_lhs_padding: the padding that turns a windowed op's cotangent
    (its strides as interior padding) back into its input's shape."""
    lhs = _dilate_shape(in_shape, lhs_dilation)
    rhs = _dilate_shape(window, rhs_dilation)
    out = _dilate_shape(out_shape, strides)
    before = [r - lo - 1 for r, (lo, _) in zip(rhs, padding)]
    after = [l + r - 1 - o - b for l, r, o, b in zip(lhs, rhs, out, before)]
    return list(zip(before, after))


@deftranspose(O.ReduceWindow)
def reduce_window_transpose(e, op, cotangents, linear):
    rank = op.inputs[0].type.rank
    window, strides, padding = _window(op, rank)
    base, dilation = _dilations(op, rank)
    direction = pair_direction(op)
    if direction is not None:  # select_and_gather's pairs: linear in the tangents (input 1)
        if any(d != 1 for d in base + dilation):
            raise refuse(op, "selects in dilated windows: no transpose (select_and_scatter has no dilations)")
        ct = cotangents[1]
        x = op.inputs[0]
        zero = e.constant(0, ct.type.with_shape(()))
        out = e.b.select_and_scatter(e.name(), x, ct, zero, compare_region(e, direction, x.type.dtype),
                                     binary_region(e, "add", x.type.dtype), window, strides, padding)
        return (None, out, None, None)
    if op.body.simple_op() is not O.Add or len(op.inputs) != 1 or linear[1]:
        raise refuse(op, "is linear in a tangent but is not a windowed sum of one input")
    (ct,), operand = cotangents, op.inputs[0].type
    pads = vjp_lhs_padding(operand.shape, window, strides, ct.type.shape, padding, base, dilation)
    zero = e.constant(0, ct.type.with_shape(()))
    padded = e.b.pad(e.name(), ct, zero, tuple(lo for lo, _ in pads), tuple(hi for _, hi in pads),
                     tuple(s - 1 for s in strides))
    out = e.b.reduce_window(e.name(), [padded], [zero], binary_region(e, "add", operand.dtype), window, base,
                            None, dilation, None)
    return (out, None)


def _select_direction(op):
    region = op.select
    ops = region.ops
    if (len(ops) == 1 and isinstance(ops[0], O.Compare) and tuple(ops[0].operands) == tuple(region.args)
            and region.results == ops[0].results):
        return ops[0].comparison_direction
    return None


@defjvp(O.SelectAndScatter)
def select_and_scatter_jvp(e, op, primals, tangents):
    """Linear in the source and the init value; the selection is piecewise constant in the operand."""
    if op.scatter.simple_op() is not O.Add:
        raise refuse(op, "has a derivative rule only for a select_and_scatter with an add scatter body")
    (x, source, init), (_, ts, tinit) = primals, tangents
    if ts is None and tinit is None:
        return (None,)
    return e.apply(op, [x, zero_tangent(e, source, ts), zero_tangent(e, init, tinit)])


@deftranspose(O.SelectAndScatter)
def select_and_scatter_transpose(e, op, cotangents, linear):
    (ct,), x = cotangents, op.operand
    direction = _select_direction(op)
    if direction is None:
        raise refuse(op, "selects with a region other than one comparison of its arguments")
    rank = x.type.rank
    source_ct = init_ct = None
    if linear[1]:
        window, strides, padding = _window(op, rank)
        bound = float("-inf") if direction in ("GE", "GT") else float("inf")
        source_ct = select_and_gather(e, x, ct, e.constant(bound, x.type.with_shape(())), direction, window,
                                      strides, padding)
    if linear[2]:
        init_ct = e.sum(ct, range(rank))
    return (None, source_ct, init_ct)
