"""reduce with bodies other than add (tables.REDUCE_BODY_JVPS: maximum, minimum, and ANY_BODY).

- maximum and minimum (JAX's _reduce_chooser_jvp_rule): the tangent of the elements equal to the
  result, averaged. **Tie rule:** where several elements (and the init value, if it is one of
  them) equal the maximum, each has derivative 1/count, so the tangent is their tangents' mean
  and the cotangent is shared equally among them. This is JAX's choice for reduce_max/min (and
  agrees with the binary maximum's 1/2 at a tie of two).
- any other body (multiply, a body of several ops, several inputs such as an argmax): JAX's
  _reduce_jvp. The reduced dimensions are flattened into one, which is halved again and again by
  the body applied elementwise to the two halves (padded with the init value when odd); the
  init value is folded in last. That tree is differentiated op by op, so a product's derivative
  multiplies the other elements and never divides by one (correct where an element is 0).
"""

from __future__ import annotations

import numpy as np

from ...ast import ops as O
from ...ast.regions import BinaryRegion
from ..context import Emitter
from .decompose import jvp_of
from ..tables import ANY_BODY, defreduce_body


def _kept(op):
    rank = op.inputs[0].type.rank
    return tuple(d for d in range(rank) if d not in op.dimensions)


def chooser_jvp(e, op, primals, tangents):
    """reduce with a maximum or minimum body: the mean tangent of the elements that are the result."""
    if len(op.inputs) != 1:
        return tree_reduce_jvp(e, op, primals, tangents)
    (x, init), (tx, tinit), (result,) = primals, tangents, e.primal_results(op)
    if tx is None and tinit is None:
        return (None,)
    kept = _kept(op)
    spread = e.b.broadcast_in_dim(e.name(), result, kept, x.type.shape)
    one, zero = e.constant(1, x.type), e.zeros_like(x)
    chosen = e.b.select(e.name(), e.b.compare(e.name(), x, spread, "EQ"), one, zero)
    count = e.sum(chosen, op.dimensions)
    init_here = e.b.broadcast_in_dim(e.name(), init, (), result.type.shape)
    init_chosen = e.b.select(e.name(), e.b.compare(e.name(), init_here, result, "EQ"), e.constant(1, result.type),
                             e.zeros_like(result))
    count = e.b.add(e.name(), count, init_chosen)
    tangent = None
    if tx is not None:
        weight = e.b.divide(e.name(), chosen, e.b.broadcast_in_dim(e.name(), count, kept, x.type.shape))
        tangent = e.sum(e.b.multiply(e.name(), tx, weight), op.dimensions)
    if tinit is not None:
        weight = e.b.divide(e.name(), init_chosen, count)
        tangent = e.add_any(tangent, e.b.multiply(e.name(), e.broadcast_scalar(tinit, result), weight))
    return (tangent,)


defreduce_body(O.Maximum, O.Minimum)(chooser_jvp)


def apply_body(fb, names, body, operands):
    """The reduce body (ops of rank-0 values) applied elementwise to same-shaped tensors."""
    if isinstance(body, BinaryRegion):  # reduce's compact body: one op of its two arguments
        return [fb.emit(body.op_class(names.fresh("t"), *operands, path=fb.path))]
    shape = operands[0].type.shape
    mapping = dict(zip(body.args, operands))
    emitter = Emitter(fb, names)
    for op in body.ops:
        if isinstance(op, O.Constant):
            scalar = emitter.apply(op, [])[0]
            mapping[op.results[0]] = fb.broadcast_in_dim(names.fresh("t"), scalar, (), shape)
            continue
        results = emitter.apply(op, [mapping[v] for v in op.operands])
        mapping.update(zip(op.results, results))
    return [mapping[v] for v in body.results]


def tree_reduce(fb, names, op, inputs, inits):
    """`op` (a reduce) written as JAX's _reduce_tree of its body applied to tensors."""
    shape = inputs[0].type.shape
    reduced, kept = tuple(op.dimensions), _kept(op)
    n = int(np.prod([shape[d] for d in reduced], dtype=np.int64))
    kept_shape = tuple(shape[d] for d in kept)
    flat = (n,) + kept_shape
    xs = []
    for x in inputs:
        moved = fb.transpose(names.fresh("t"), x, reduced + kept) if reduced + kept != tuple(range(len(shape))) else x
        xs.append(fb.reshape(names.fresh("t"), moved, flat))
    rank = len(flat)
    while n > 1:  # pair the first half with the second; an odd element left over joins the next round
        half = n // 2
        firsts = [fb.slice(names.fresh("t"), x, (0,) * rank, (half,) + kept_shape) for x in xs]
        seconds = [fb.slice(names.fresh("t"), x, (half,) + (0,) * (rank - 1), (2 * half,) + kept_shape) for x in xs]
        paired = apply_body(fb, names, op.body, firsts + seconds)
        if n % 2:
            paired = [fb.concatenate(names.fresh("t"), [p, fb.slice(names.fresh("t"), x, (n - 1,) + (0,) * (rank - 1),
                                                                     (n,) + kept_shape)], 0)
                      for p, x in zip(paired, xs)]
        xs, n = paired, half + n % 2
    spread = [fb.broadcast_in_dim(names.fresh("t"), init, (), kept_shape) for init in inits]
    if n == 0:
        return tuple(spread)
    xs = [fb.reshape(names.fresh("t"), x, kept_shape) for x in xs]
    return tuple(apply_body(fb, names, op.body, spread + xs))


def tree_reduce_jvp(e, op, primals, tangents):
    count = len(op.inputs)

    def build(fb, name, *arguments):
        return tree_reduce(fb, e.names, op, list(arguments[:count]), list(arguments[count:]))

    return jvp_of(e, build, primals, tangents)


defreduce_body(ANY_BODY)(tree_reduce_jvp)
