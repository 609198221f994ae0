"""chlo's differentiable ops beyond the simple functions (elementwise.py has tan, sinh, asin, ...):
the error and gamma functions (JAX's derivatives), conj, top_k (the tangent at the chosen
indices), and the broadcasting binary ops and select, through their plain op on the operands
broadcast to the result's shape."""

from __future__ import annotations

import math

from ...ast import ops as O
from ..tables import deflinear, defjvp, deftranspose, nondifferentiable, refuse
from .decompose import jvp_of
from .indexing import take_along


def _c(e, value, like):
    return e.constant(value, like.type)


UNARY = {  # d/dx of y = f(x)
    O.Erf: lambda e, x, y: e.b.multiply(e.name(), _c(e, 2 / math.sqrt(math.pi), x),
                                        e.b.exponential(e.name(), e.b.negate(e.name(), e.b.multiply(e.name(), x, x)))),
    O.Erfc: lambda e, x, y: e.b.multiply(e.name(), _c(e, -2 / math.sqrt(math.pi), x),
                                         e.b.exponential(e.name(), e.b.negate(e.name(), e.b.multiply(e.name(), x, x)))),
    O.ErfInv: lambda e, x, y: e.b.multiply(e.name(), _c(e, math.sqrt(math.pi) / 2, x),
                                           e.b.exponential(e.name(), e.b.multiply(e.name(), y, y))),
    O.Lgamma: lambda e, x, y: e.b.digamma(e.name(), x),
    O.Digamma: lambda e, x, y: e.b.polygamma(e.name(), _c(e, 1, x), x),
}


@defjvp(*UNARY)
def chlo_unary_jvp(e, op, primals, tangents):
    (x,), (t,), (y,) = primals, tangents, e.primal_results(op)
    return (e.b.multiply(e.name(), t, UNARY[type(op)](e, x, y)),)


SECOND_OPERAND = {  # d/d(rhs), and why the lhs has no rule
    O.Polygamma: (lambda e, n, x: e.b.polygamma(e.name(), e.b.add(e.name(), n, _c(e, 1, n)), x),
                  "its order n, which has no derivative"),  # polygamma(n + 1, x)
    O.Zeta: (lambda e, x, q: e.b.negate(e.name(), e.b.multiply(e.name(), x, e.b.zeta(
        e.name(), e.b.add(e.name(), x, _c(e, 1, x)), q))), "its exponent x (JAX has no rule there either)"),
}  # -x zeta(x + 1, q)


@defjvp(*SECOND_OPERAND)
def second_operand_jvp(e, op, primals, tangents):
    """polygamma(n, x) and zeta(x, q): differentiable in their second operand only."""
    (a, b), (ta, tb) = primals, tangents
    coefficient, why = SECOND_OPERAND[type(op)]
    if ta is not None:
        raise refuse(op, f"differentiates {why}")
    if tb is None:
        return (None,)
    return (e.b.multiply(e.name(), tb, coefficient(e, a, b)),)


nondifferentiable("it steps to the next float, a piecewise constant choice", O.NextAfter, O.BroadcastNextAfter)

deflinear(O.Conj)


@deftranspose(O.Conj)
def conj_transpose(e, op, cotangents, linear):
    return (e.b.conj(e.name(), cotangents[0]),)


@defjvp(O.TopK)
def top_k_jvp(e, op, primals, tangents):
    (t,), (_, indices) = tangents, e.primal_results(op)
    return (take_along(e, t, indices, t.type.rank - 1), None)


def broadcast_to(fb, name, x, shape, dims):
    """x placed at `dims` of `shape` (numpy's trailing alignment when None) and broadcast, as chlo does."""
    if x.type.shape == tuple(shape):
        return x
    if dims is None or x.type.rank == len(shape):
        dims = tuple(range(len(shape) - x.type.rank, len(shape)))
    return fb.broadcast_in_dim(name(), x, tuple(dims), tuple(shape))


def _broadcast_binary(fb, name, op, lhs, rhs):
    shape, dims = op.results[0].type.shape, op.broadcast_dimensions
    a, b = broadcast_to(fb, name, lhs, shape, dims), broadcast_to(fb, name, rhs, shape, dims)
    return (fb.emit(op.PLAIN(name(), a, b, path=fb.path)),)


DIFFERENTIABLE_BROADCASTS = (O.BroadcastAdd, O.BroadcastAtan2, O.BroadcastDivide, O.BroadcastMaximum,
                             O.BroadcastMinimum, O.BroadcastMultiply, O.BroadcastPolygamma, O.BroadcastPower,
                             O.BroadcastRemainder, O.BroadcastSubtract, O.BroadcastZeta, O.BroadcastComplex)


@defjvp(*DIFFERENTIABLE_BROADCASTS)
def broadcast_binary_jvp(e, op, primals, tangents):
    return jvp_of(e, lambda fb, name, a, b: _broadcast_binary(fb, name, op, a, b), primals, tangents)


@defjvp(O.BroadcastSelect)
def broadcast_select_jvp(e, op, primals, tangents):
    shape = op.results[0].type.shape

    def build(fb, name, pred, on_true, on_false):
        parts = (broadcast_to(fb, name, v, shape, None) for v in (pred, on_true, on_false))
        return (fb.select(name(), *parts),)

    return jvp_of(e, build, primals, tangents)
