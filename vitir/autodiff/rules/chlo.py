"""chlo's differentiable ops beyond the simple functions (elementwise.py has tan, sinh, asin, ...):
the error and gamma functions (JAX's derivatives), conj, top_k (the tangent at the chosen
indices), and the broadcasting binary ops and select, through their plain op on the operands
broadcast to the result's shape."""

from __future__ import annotations

import math

from ...ast import ops as O
from ..tables import deflinear, defjvp, deftranspose, refuse
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


# Cephes' i0e (float64 sets; JAX's _i0e_impl64): Chebyshev series on [0, 8] in x/2 - 2, beyond in 32/x - 2
I0E_LOW = (-4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16,
           1.71539128555513303061E-15, -1.16853328779934516808E-14, 7.67618549860493561688E-14,
           -4.85644678311192946090E-13, 2.95505266312963983461E-12, -1.72682629144155570723E-11,
           9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
           -1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7,
           1.11738753912010371815E-6, -4.41673835845875056359E-6, 1.64484480707288970893E-5,
           -5.75419501008210370398E-5, 1.88502885095841655729E-4, -5.76375574538582365885E-4,
           1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2,
           -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2,
           1.71620901522208775349E-1, -3.04682672343198398683E-1, 6.76795274409476084995E-1)
I0E_HIGH = (-7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,
            3.46122286769746109310E-17, -2.82762398051658348494E-16, -3.42548561967721913462E-16,
            1.77256013305652638360E-15, 3.81168066935262242075E-15, -9.55484669882830764870E-15,
            -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
            7.18012445138366623367E-13, -1.79417853150680611778E-12, -1.32158118404477131188E-11,
            -3.14991652796324136454E-11, 1.18891471078464383424E-11, 4.94060238822496958910E-10,
            3.39623202570838634515E-9, 2.26666899049817806459E-8, 2.04891858946906374183E-7,
            2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3,
            8.04490411014108831608E-1)


def _chebyshev(e, t, coefficients):
    """Cephes' chbevl: Clenshaw's recurrence b0 = t b1 - b2 + c, then (b0 - b2) / 2."""
    b0 = b1 = b2 = _c(e, 0, t)
    for c in coefficients:
        b2, b1 = b1, b0
        b0 = e.b.add(e.name(), e.b.subtract(e.name(), e.b.multiply(e.name(), t, b1), b2), _c(e, c, t))
    return e.b.multiply(e.name(), _c(e, 0.5, t), e.b.subtract(e.name(), b0, b2))


def bessel_i0e(e, x):
    """exp(-|x|) I0(x), which StableHLO and chlo have no op for (JAX builds it alike)."""
    a = e.b.abs(e.name(), x)
    low = _chebyshev(e, e.b.subtract(e.name(), e.b.multiply(e.name(), _c(e, 0.5, a), a), _c(e, 2, a)), I0E_LOW)
    high = e.b.divide(e.name(), _chebyshev(e, e.b.subtract(e.name(), e.b.divide(e.name(), _c(e, 32, a), a),
                                                          _c(e, 2, a)), I0E_HIGH), e.b.sqrt(e.name(), a))
    return e.b.select(e.name(), e.b.compare(e.name(), a, _c(e, 8, a), "LE"), low, high)


def _bessel_i1e_derivative(e, x, y):
    """JAX's: i0e(x) - i1e(x) (sign(x) + 1/x), and 1/2 where |x| is below the type's epsilon."""
    eps = _c(e, 2.0 ** -x.type.dtype.format.mantissa_bits, x)  # the type's machine epsilon
    not_tiny = e.b.compare(e.name(), e.b.abs(e.name(), x), eps, "GT")
    safe = e.b.select(e.name(), not_tiny, x, eps)
    slope = e.b.subtract(e.name(), bessel_i0e(e, safe), e.b.multiply(e.name(), y, e.b.add(
        e.name(), e.b.sign(e.name(), safe), e.b.divide(e.name(), _c(e, 1, safe), safe))))
    return e.b.select(e.name(), not_tiny, slope, _c(e, 0.5, x))


UNARY[O.BesselI1e] = _bessel_i1e_derivative


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


def _group_mask(e, group_sizes, rows: int, dtype):
    """[g, m] of `dtype`: 1 where row m lies in group g (rows past the groups' total lie in none)."""
    (groups,), sizes_type = group_sizes.type.shape, group_sizes.type
    index = sizes_type.dtype
    lower = e.b.compare(e.name(), e.b.iota(e.name(), (groups, groups), index, 1),
                        e.b.iota(e.name(), (groups, groups), index, 0), "LE")  # j <= i
    spread = e.b.broadcast_in_dim(e.name(), group_sizes, (1,), (groups, groups))
    ends = e.b.reduce(e.name(), e.b.select(e.name(), lower, spread, e.zeros_like(spread)),
                      e.b.constant(e.name("c"), "0", (), index), (1,), "add")
    starts = e.b.subtract(e.name(), ends, group_sizes)
    row = e.b.iota(e.name(), (groups, rows), index, 1)
    inside = e.b.and_(e.name(),
                      e.b.compare(e.name(), row, e.b.broadcast_in_dim(e.name(), starts, (0,), (groups, rows)), "GE"),
                      e.b.compare(e.name(), row, e.b.broadcast_in_dim(e.name(), ends, (0,), (groups, rows)), "LT"))
    return e.b.convert(e.name(), inside, dtype)


@defjvp(O.RaggedDot)
def ragged_dot_jvp(e, op, primals, tangents):
    """JAX's lax.ragged_dot ([m, k], [g, k, n], [g] -> [m, n]): bilinear, so its tangent is the op of
    each tangent with the other operand, each written as every row against every group's slice
    ([m, g, n], a dot_general) masked to its own group and summed over the groups: linear ops whose
    transposes are known. The other ragged modes (contracting, batching) are refused by name."""
    numbers = op.ragged_dot_dimension_numbers
    lhs, rhs, group_sizes = primals
    if (lhs.type.rank, rhs.type.rank, group_sizes.type.rank) != (2, 3, 1) or tuple(map(tuple, numbers)) != (
            (), (), (1,), (1,), (0,), (0,)):
        raise refuse(op, "has a derivative rule only for lax.ragged_dot's form ([m, k], [g, k, n], [g] -> [m, n], "
                         "ragged in lhs's rows)")
    tl, tr, _ = tangents
    if tl is None and tr is None:
        return (None,)
    (m, _), (g, _, n) = lhs.type.shape, rhs.type.shape
    mask = e.b.broadcast_in_dim(e.name(), _group_mask(e, group_sizes, m, lhs.type.dtype), (1, 0), (m, g, n))

    def grouped(x, y):
        every = e.b.dot_general(e.name(), x, y, ((1,), (1,)))  # [m, g, n]
        return e.sum(e.b.multiply(e.name(), every, mask), (1,))

    out = None if tl is None else grouped(tl, rhs)
    return (e.add_any(out, None if tr is None else grouped(lhs, tr)),)
