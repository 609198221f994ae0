"""JVP and transpose rules of the elementwise ops: stablehlo's (vitir/ast/ops/elementwise.py), clamp
and select, and chlo's simple ones (tan, sinh, asin, ...). Each derivative is JAX's (jax/_src/lax/lax.py),
so that its values agree with jax.jvp where the derivative has a choice to make (max and min at ties,
power at zero, clamp at its bounds)."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import deflinear, defjvp, deftranspose


# -- small arithmetic on the derived function's values ------------------------------------------

def _mul(e, a, b):
    return e.b.multiply(e.name(), a, b)


def _div(e, a, b):
    return e.b.divide(e.name(), a, b)


def _add(e, a, b):
    return e.b.add(e.name(), a, b)


def _sub(e, a, b):
    return e.b.subtract(e.name(), a, b)


def _neg(e, a):
    return e.b.negate(e.name(), a)


def _const(e, value, like):
    return e.constant(value, like)


def _square(e, x):
    return _mul(e, x, x)


def _select(e, pred, a, b):
    return e.b.select(e.name(), pred, a, b)


def _compare(e, a, b, direction):
    return e.b.compare(e.name(), a, b, direction)


# -- unary ops: the tangent times a coefficient of x and the result y -------------------------------

def _scaled(coefficient):
    def rule(e, op, primals, tangents):
        (t,) = tangents
        return (_mul(e, t, coefficient(e, primals[0], e.primal_results(op)[0])),)
    rule.__name__ = f"scaled_{coefficient.__name__}"
    return rule


def _one_minus_square(e, x):
    return _sub(e, _const(e, 1, x), _square(e, x))


UNARY = {
    O.Exponential: lambda e, x, y: y,
    O.Log: lambda e, x, y: _div(e, _const(e, 1, x), x),
    O.Sqrt: lambda e, x, y: _div(e, _const(e, 0.5, x), y),
    O.Rsqrt: lambda e, x, y: _mul(e, _const(e, -0.5, x), _div(e, y, x)),
    O.Cbrt: lambda e, x, y: _div(e, _const(e, 1 / 3, x), _square(e, y)),
    O.Tanh: lambda e, x, y: _one_minus_square(e, y),
    O.Sine: lambda e, x, y: e.b.cosine(e.name(), x),
    O.Cosine: lambda e, x, y: _neg(e, e.b.sine(e.name(), x)),
    O.Tan: lambda e, x, y: _add(e, _const(e, 1, x), _square(e, y)),
    O.Logistic: lambda e, x, y: _mul(e, y, _sub(e, _const(e, 1, x), y)),
    O.LogPlusOne: lambda e, x, y: _div(e, _const(e, 1, x), _add(e, _const(e, 1, x), x)),
    O.ExponentialMinusOne: lambda e, x, y: _add(e, y, _const(e, 1, x)),
}


def _chlo_unary():
    """chlo's elementwise functions of one float (their classes load on first use)."""
    return {
        O.ChloTan: lambda e, x, y: _add(e, _const(e, 1, x), _square(e, y)),
        O.Sinh: lambda e, x, y: e.b.cosh(e.name(), x),
        O.Cosh: lambda e, x, y: e.b.sinh(e.name(), x),
        O.Asin: lambda e, x, y: e.b.rsqrt(e.name(), _one_minus_square(e, x)),
        O.Acos: lambda e, x, y: _neg(e, e.b.rsqrt(e.name(), _one_minus_square(e, x))),
        O.Atan: lambda e, x, y: _div(e, _const(e, 1, x), _add(e, _const(e, 1, x), _square(e, x))),
        O.Asinh: lambda e, x, y: e.b.rsqrt(e.name(), _add(e, _square(e, x), _const(e, 1, x))),
        O.Acosh: lambda e, x, y: e.b.rsqrt(e.name(), _mul(e, _sub(e, x, _const(e, 1, x)), _add(e, x, _const(e, 1, x)))),
        O.Atanh: lambda e, x, y: _div(e, _const(e, 1, x), _one_minus_square(e, x)),
        O.Square: lambda e, x, y: _mul(e, _const(e, 2, x), x),
    }


UNARY.update(_chlo_unary())
for _cls, _coefficient in UNARY.items():
    _coefficient.__name__ = _cls.__name__.lower()
    defjvp(_cls)(_scaled(_coefficient))


@defjvp(O.Abs)
def abs_jvp(e, op, primals, tangents):
    """sign(x) dx; of a complex x, JAX's Re(dx conj(x) / |x|), with |x| = 0 read as 1 (a zero tangent)."""
    (x,), (t,), (y,) = primals, tangents, e.primal_results(op)
    if not x.type.dtype.is_complex:
        return (_mul(e, t, e.b.sign(e.name(), x)),)
    safe = _select(e, _compare(e, y, e.zeros_like(y), "EQ"), _const(e, 1, y), y)
    conjugate = e.b.complex(e.name(), e.b.real(e.name(), x), _neg(e, e.b.imag(e.name(), x)))
    direction = _div(e, conjugate, e.b.complex(e.name(), safe, e.zeros_like(safe)))
    return (e.b.real(e.name(), _mul(e, t, direction)),)


@defjvp(O.Sign, O.Floor, O.Ceil, O.RoundNearestEven, O.RoundNearestAfz)
def zero_jvp(e, op, primals, tangents):
    """Piecewise constant: a zero derivative wherever it has one."""
    return (None,) * len(op.results)


# -- linear ops -----------------------------------------------------------------------------------

deflinear(O.Add, O.Subtract, O.Negate, O.ReducePrecision)


@deftranspose(O.Add)
def add_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    return (ct, ct)


@deftranspose(O.Subtract)
def subtract_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    return (ct, _neg(e, ct) if linear[1] else None)


@deftranspose(O.Negate)
def negate_transpose(e, op, cotangents, linear):
    return (_neg(e, cotangents[0]),)


@deftranspose(O.ReducePrecision)
def reduce_precision_transpose(e, op, cotangents, linear):
    return e.apply(op, [cotangents[0]])


@defjvp(O.Convert)
def convert_jvp(e, op, primals, tangents):
    """A float to a float is linear; to an integer or a boolean, its tangent is zero."""
    result = op.result.type
    if not (result.dtype.is_float or result.dtype.is_complex):
        return (None,)
    return e.apply(op, [tangents[0]])


@deftranspose(O.Convert)
def convert_transpose(e, op, cotangents, linear):
    return (e.convert(cotangents[0], op.operand.type.dtype),)


# -- products and quotients: linear in one operand at a time ------------------------------------

@defjvp(O.Multiply)
def multiply_jvp(e, op, primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    return (e.add_any(None if tx is None else _mul(e, tx, y), None if ty is None else _mul(e, x, ty)),)


@deftranspose(O.Multiply)
def multiply_transpose(e, op, cotangents, linear):
    (ct,), (x, y) = cotangents, op.operands
    if linear[0] and linear[1]:
        from ..tables import refuse
        raise refuse(op, "multiplies two tangents: it is not linear")
    return (_mul(e, ct, y), None) if linear[0] else (None, _mul(e, x, ct))


@defjvp(O.Divide)
def divide_jvp(e, op, primals, tangents):
    (x, y), (tx, ty), out = primals, tangents, e.primal_results(op)[0]
    dx = None if tx is None else _div(e, tx, y)
    dy = None if ty is None else _mul(e, ty, _neg(e, _div(e, out, y)))
    return (e.add_any(dx, dy),)


@deftranspose(O.Divide)
def divide_transpose(e, op, cotangents, linear):
    if linear[1]:
        from ..tables import refuse
        raise refuse(op, "divides by a tangent: it is not linear")
    return (_div(e, cotangents[0], op.rhs), None)


def _balanced(e, x, out, y):
    """1 where x is the result and y is not, 1/2 where both are, 0 elsewhere: JAX's choice at ties
    of max and min (the two operands share the derivative)."""
    x_is, y_is = _compare(e, x, out, "EQ"), _compare(e, y, out, "EQ")
    half = _select(e, y_is, _const(e, 0.5, x), _const(e, 1, x))
    return _select(e, x_is, half, _const(e, 0, x))


@defjvp(O.Maximum, O.Minimum)
def extremum_jvp(e, op, primals, tangents):
    (x, y), (tx, ty), out = primals, tangents, e.primal_results(op)[0]
    dx = None if tx is None else _mul(e, tx, _balanced(e, x, out, y))
    dy = None if ty is None else _mul(e, ty, _balanced(e, y, out, x))
    return (e.add_any(dx, dy),)


@defjvp(O.Power)
def power_jvp(e, op, primals, tangents):
    """d/dx = y x^(y-1), 0 where y is 0; d/dy = log(x) x^y with log(1) where x is 0 (JAX's)."""
    (x, y), (tx, ty), out = primals, tangents, e.primal_results(op)[0]
    dx = dy = None
    if tx is not None:
        pw = e.b.power(e.name(), x, _sub(e, y, _const(e, 1, y)))
        zero = _const(e, 0, x)
        dx = _mul(e, tx, _select(e, _compare(e, y, zero, "EQ"), zero, _mul(e, y, pw)))
    if ty is not None:
        zero, one = _const(e, 0, x), _const(e, 1, x)
        safe = _select(e, _compare(e, x, zero, "EQ"), one, x)
        dy = _mul(e, ty, _mul(e, e.b.log(e.name(), safe), out))
    return (e.add_any(dx, dy),)


@defjvp(O.Remainder)
def remainder_jvp(e, op, primals, tangents):
    """d/dx = 1; d/dy = -trunc(x / y)."""
    (x, y), (tx, ty) = primals, tangents
    dy = None
    if ty is not None:
        q = _div(e, x, y)
        trunc = _mul(e, e.b.sign(e.name(), q), e.b.floor(e.name(), e.b.abs(e.name(), q)))
        dy = _mul(e, ty, _neg(e, trunc))
    return (e.add_any(tx, dy),)


@defjvp(O.Atan2)
def atan2_jvp(e, op, primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    norm = _add(e, _square(e, x), _square(e, y))
    dx = None if tx is None else _mul(e, tx, _div(e, y, norm))
    dy = None if ty is None else _mul(e, ty, _neg(e, _div(e, x, norm)))
    return (e.add_any(dx, dy),)


# -- choices: select and clamp ----------------------------------------------------------------------

@defjvp(O.Select)
def select_jvp(e, op, primals, tangents):
    (pred, a, b), (_, ta, tb) = primals, tangents
    return (e.apply(op, [pred, ta if ta is not None else e.zeros_like(a), tb if tb is not None else e.zeros_like(b)])[0],)


@deftranspose(O.Select)
def select_transpose(e, op, cotangents, linear):
    (ct,), pred = cotangents, op.pred
    zero = e.zeros_like(ct)
    return (None, _select(e, pred, ct, zero) if linear[1] else None,
            _select(e, pred, zero, ct) if linear[2] else None)


@defjvp(O.Clamp)
def clamp_jvp(e, op, primals, tangents):
    """JAX's: the operand's tangent strictly inside (min, max); min's where min > x and min < max;
    max's where max < x. Rank-0 bounds are broadcast to the operand's shape."""
    (lo, x, hi), (tlo, tx, thi) = primals, tangents
    out = x.type
    lo_b, hi_b = e.broadcast_scalar(lo, out), e.broadcast_scalar(hi, out)
    zero = e.zeros_like(out)
    parts = []
    if tx is not None:
        inside = e.b.and_(e.name(), _compare(e, x, lo_b, "GT"), _compare(e, x, hi_b, "LT"))
        parts.append(_select(e, inside, tx, zero))
    if tlo is not None:
        below = e.b.and_(e.name(), _compare(e, lo_b, x, "GT"), _compare(e, lo_b, hi_b, "LT"))
        parts.append(_select(e, below, e.broadcast_scalar(tlo, out), zero))
    if thi is not None:
        parts.append(_select(e, _compare(e, hi_b, x, "LT"), e.broadcast_scalar(thi, out), zero))
    total = None
    for p in parts:
        total = e.add_any(total, p)
    return (total,)
