"""chlo's broadcasting ops (chlo.broadcast_add, ..., chlo.broadcast_select): each is its plain op
on the operands broadcast to one shape, so its JVP broadcasts the primals and the tangents (a
broadcast_in_dim, whose transpose sums the copies back) and runs the plain op's rule. The plain op
is built to carry the rule its class and types, not emitted: its result is the chlo op's."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import defjvp, jvp_rule

PLAIN_FLOAT_OPS = (O.BroadcastAdd, O.BroadcastSubtract, O.BroadcastMultiply, O.BroadcastDivide, O.BroadcastMaximum,
                   O.BroadcastMinimum, O.BroadcastPower, O.BroadcastRemainder, O.BroadcastAtan2)


def _dims(operand, result, given, other) -> tuple[int, ...]:
    """Where `operand`'s dimensions go in the result: numpy's trailing alignment, or
    broadcast_dimensions for the operand of lower rank."""
    rank, out = operand.type.rank, result.rank
    if given is not None and rank < other.type.rank:
        return tuple(given)
    return tuple(range(out - rank, out))


def _broadcast(e, value, dims, shape):
    if value is None or value.type.shape == shape:
        return value
    return e.b.broadcast_in_dim(e.name(), value, dims, shape)


def _through_plain(e, op, plain_class, primals, tangents, dims):
    """The plain op's JVP on the operands and tangents broadcast to the result's shape."""
    shape = op.result.type.shape
    wide = [_broadcast(e, p, d, shape) for p, d in zip(primals, dims)]
    wide_tangents = [_broadcast(e, t, d, shape) for t, d in zip(tangents, dims)]
    plain = plain_class(e.name(), *wide, path=op.path)
    e.primal_of[plain] = e.primal_results(op)
    return jvp_rule(plain)(e, plain, tuple(wide), tuple(wide_tangents))


@defjvp(*PLAIN_FLOAT_OPS)
def broadcast_binary_jvp(e, op, primals, tangents):
    lhs, rhs = primals
    result, given = op.result.type, op.broadcast_dimensions
    dims = (_dims(lhs, result, given, rhs), _dims(rhs, result, given, lhs))
    return _through_plain(e, op, type(op).PLAIN, primals, tangents, dims)


@defjvp(O.BroadcastSelect)
def broadcast_select_jvp(e, op, primals, tangents):
    rank = op.result.type.rank
    dims = tuple(tuple(range(rank - v.type.rank, rank)) for v in primals)
    return _through_plain(e, op, O.Select, primals, tangents, dims)
