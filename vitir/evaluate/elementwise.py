"""Elementwise evaluators where numpy's function is not StableHLO's (signed zeros, integer
division and remainder by zero, NaN), named by the ops' declarations. Each takes the node
(None for a reduction's compact body) and the operand arrays."""

from __future__ import annotations

import numpy as np

_ERRORS = dict(all="ignore")  # NaN and inf are values here (log(-1), 0/0), as in XLA, not warnings


def divide(op, a, b):
    """Integers truncate toward zero; x / 0 is -1 (all ones), MIN / -1 is MIN, as XLA computes."""
    if a.dtype.kind not in "iu":
        with np.errstate(**_ERRORS):
            return np.divide(a, b)
    zero = b == 0
    safe = np.where(zero, np.ones_like(b), b)
    with np.errstate(**_ERRORS):
        q = np.floor_divide(a, safe)  # MIN // -1 wraps to MIN, as XLA's does
        rest = a - q * safe
    q = np.where((rest != 0) & ((a < 0) != (safe < 0)), q + 1, q)  # floor -> toward zero
    return np.where(zero, np.array(-1).astype(a.dtype), q).astype(a.dtype)


def remainder(op, a, b):
    """The sign of the dividend, as C's fmod; an integer x % 0 is x (and MIN % -1 is 0)."""
    if a.dtype.kind not in "iu":
        with np.errstate(**_ERRORS):
            return np.fmod(a, b)
    with np.errstate(**_ERRORS):
        return np.where(b == 0, a, np.fmod(a, np.where(b == 0, 1, b)))


# XLA orders -0.0 below +0.0 (IEEE 754-2019 minimum and maximum) and propagates NaN; numpy
# returns the second of two equal zeros.
def minimum(op, a, b):
    if a.dtype.kind == "f":
        return np.where((a == b) & np.signbit(a), a, np.minimum(a, b))
    if a.dtype.kind == "c":
        return _complex_pick(a, b, lambda x, y: _lexicographic_less(x, y))
    return np.minimum(a, b)


def maximum(op, a, b):
    if a.dtype.kind == "f":
        return np.where((a == b) & ~np.signbit(a), a, np.maximum(a, b))
    if a.dtype.kind == "c":
        return _complex_pick(a, b, lambda x, y: _lexicographic_less(y, x))
    return np.maximum(a, b)


def _lexicographic_less(x, y):
    return (x.real < y.real) | ((x.real == y.real) & (x.imag < y.imag))


def _complex_pick(a, b, a_first):
    return np.where(a_first(a, b), a, b)


def power(op, a, b):
    """Floats as IEEE pow; integers by repeated squaring with wrap-around, where a negative
    exponent gives 0 but for a base of 1 or -1, as XLA computes."""
    if a.dtype.kind not in "iu":
        with np.errstate(**_ERRORS):
            return np.power(a, b)
    result = np.ones_like(a)
    base, exponent = a.copy(), b.copy()
    negative = exponent < 0 if a.dtype.kind == "i" else np.zeros(a.shape, bool)
    exponent = np.where(negative, 0, exponent)
    with np.errstate(over="ignore"):
        while np.any(exponent > 0):
            odd = (exponent & 1).astype(bool)
            result = np.where(odd, result * base, result)
            base = base * base
            exponent = exponent >> 1
    if a.dtype.kind == "i":
        minus_one = a == -1
        odd_b = (b & 1).astype(bool)
        inverse = np.where(a == 1, 1, np.where(minus_one, np.where(odd_b, -1, 1), 0)).astype(a.dtype)
        result = np.where(negative, inverse, result)
    return result


def rsqrt(op, x):
    with np.errstate(**_ERRORS):
        return np.reciprocal(np.sqrt(x))


def negate(op, x):
    with np.errstate(**_ERRORS):
        return np.negative(x)


def sign(op, x):
    if x.dtype.kind == "c":
        with np.errstate(**_ERRORS):
            magnitude = np.abs(x)
            return np.where(magnitude == 0, 0, x / np.where(magnitude == 0, 1, magnitude))
    return np.where(x == 0, x, np.sign(x))  # XLA keeps -0.0 (numpy gives +0.0); NaN stays NaN


def logistic(op, x):
    with np.errstate(**_ERRORS):
        return np.reciprocal(1 + np.exp(-x))  # exp(-x) overflows to inf for very negative x: the result is 0


def clamp(op, low, x, high):
    return minimum(None, maximum(None, x, low), high)  # NaN anywhere gives NaN, low > high gives high, as XLA


def convert(op, x):
    """To the result's element type: float -> integer saturates and maps NaN to 0, as XLA does
    (numpy's cast is undefined out of range); complex -> real keeps the real part."""
    from ..numpy_dtypes import numpy_dtype

    dtype = op.results[0].type.dtype
    target = numpy_dtype(dtype)
    if x.dtype.kind == "c" and not dtype.is_complex:
        x = x.real
    if dtype.is_bool:
        return x != 0
    if x.dtype.kind == "f" and dtype.is_integer:
        # the bounds compare in float64, where -min is exact and max (2**k - 1) would round up
        over, below = x >= float(dtype.max) + 1, x < dtype.min
        wide = np.int64 if dtype.is_signed else np.uint64
        inside = np.trunc(np.where(np.isnan(x) | over | below, 0, x)).astype(wide)
        return np.where(over, wide(dtype.max), np.where(below, wide(dtype.min), inside)).astype(target)
    with np.errstate(all="ignore"):  # a float too large for the target rounds to inf, as in XLA
        return x.astype(target)


_COMPARISONS = {"EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal, "GT": np.greater,
                "LE": np.less_equal, "LT": np.less}


def _total_order_key(x: np.ndarray) -> np.ndarray:
    """Floats as signed integers ordered as IEEE's totalOrder, -NaN < -inf < ... < -0 < +0 < ... < NaN:
    the bits read as a signed integer, the magnitude bits of negative numbers flipped."""
    width = {2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize]
    bits = np.ascontiguousarray(x).view(width).reshape(x.shape)  # (ascontiguousarray makes rank 0 rank 1)
    magnitude = np.array((1 << (8 * x.dtype.itemsize - 1)) - 1).astype(width)
    return np.where(bits < 0, bits ^ magnitude, bits)


def compare(op, a, b):
    fn = _COMPARISONS[op.comparison_direction]
    if op.compare_type == "TOTALORDER" and a.dtype.kind == "f":
        return fn(_total_order_key(a), _total_order_key(b))
    return fn(a, b)


def select(op, pred, on_true, on_false):
    return np.where(pred, on_true, on_false)
