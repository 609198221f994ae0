"""Rules of vitir/ast/ops/data_movement.py's ops: reverse here."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import deflinear, deftranspose

deflinear(O.Reverse)


@deftranspose(O.Reverse)
def reverse_transpose(e, op, cotangents, linear):
    return e.apply(op, [cotangents[0]])
