"""Rules of vitir/ast/ops/data_movement.py's ops: reverse and the legacy broadcast here."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import deflinear, deftranspose

deflinear(O.Reverse, O.Broadcast)


@deftranspose(O.Reverse)
def reverse_transpose(e, op, cotangents, linear):
    return e.apply(op, [cotangents[0]])


@deftranspose(O.Broadcast)
def broadcast_transpose(e, op, cotangents, linear):
    """The new leading dimensions summed away."""
    return (e.sum(cotangents[0], range(len(op.sizes))),)
