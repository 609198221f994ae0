"""Control flow: optimization_barrier here; while, if and case in control_flow.py."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import defjvp, deftranspose


def _barrier(e, values):
    """A barrier over the values that are not None, in their places."""
    present = [v for v in values if v is not None]
    out = e.b.optimization_barrier([e.name() for _ in present], present)
    out = iter(out if isinstance(out, tuple) else (out,))
    return tuple(next(out) if v is not None else None for v in values)


@defjvp(O.OptimizationBarrier)
def optimization_barrier_jvp(e, op, primals, tangents):
    """The tangents pass a barrier of their own (the primals' is the copied op)."""
    return _barrier(e, tangents)


@deftranspose(O.OptimizationBarrier)
def optimization_barrier_transpose(e, op, cotangents, linear):
    return _barrier(e, cotangents)
