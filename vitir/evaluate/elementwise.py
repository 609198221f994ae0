"""Elementwise evaluators where numpy's function is not StableHLO's (signed zeros, integer
division and remainder by zero, NaN), named by the ops' declarations. Each takes the node
(None for a reduction's compact body) and the operand arrays."""

from __future__ import annotations

import numpy as np

from ..errors import UndefinedValueError

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
    if a.dtype.kind == "c":  # the type rule takes them, as StableHLO's verifier does
        where = f"{op.NAME} {op.results[0].ssa}: " if op is not None else ""
        raise UndefinedValueError(f"{where}the remainder of complex values is not defined (StableHLO's spec and "
                              "its interpreter leave it undefined; XLA's CPU compiler crashes on it)")
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


# -- bits: the node's element type fixes the width (i2 and i4 arrive widened to 8 bits) -----------

def _element(op):
    return op.results[0].type.dtype


def _unsigned_bits(x: np.ndarray, bits: int) -> np.ndarray:
    """The two's-complement bits of x (of `bits` bits) as an unsigned integer array."""
    unsigned = np.dtype(f"u{x.dtype.itemsize}")
    u = x.view(unsigned) if x.dtype.kind == "i" else x
    return u & unsigned.type((1 << bits) - 1) if bits < 8 * x.dtype.itemsize else u


def _shift_amount(op, b):
    """The shift amounts, and where they lie outside [0, bit width): read as unsigned, as XLA does."""
    bits = _element(op).bits
    amount = _unsigned_bits(b, bits)
    out_of_range = amount >= bits
    return np.where(out_of_range, 0, amount).astype(b.dtype), out_of_range


def shift_left(op, a, b):
    amount, out = _shift_amount(op, b)
    return np.where(out, 0, np.left_shift(a, amount)).astype(a.dtype)


def _signed_bits(x: np.ndarray, bits: int) -> np.ndarray:
    """x's bits read as a signed integer of `bits` bits (sign-extended); signed arrays already are."""
    if x.dtype.kind == "i":
        return x
    if bits == 8 * x.dtype.itemsize:
        return x.view(np.dtype(f"i{x.dtype.itemsize}"))
    sign = 1 << (bits - 1)
    return (x.astype(np.int64) ^ sign) - sign


def shift_right_arithmetic(op, a, b):
    """The sign bit fills, of unsigned operands too (their bits read as signed; the result wraps back)."""
    bits = _element(op).bits
    amount, out = _shift_amount(op, b)
    signed = _signed_bits(a, bits)
    return np.right_shift(signed, np.where(out, bits - 1, amount).astype(signed.dtype))


def shift_right_logical(op, a, b):
    amount, out = _shift_amount(op, b)
    u = _unsigned_bits(a, _element(op).bits)
    return np.where(out, 0, np.right_shift(u, amount.astype(u.dtype))).astype(u.dtype)  # wraps back to a's type


def popcnt(op, x):
    return np.bitwise_count(_unsigned_bits(x, _element(op).bits)).astype(x.dtype)


def count_leading_zeros(op, x):
    bits = _element(op).bits
    v = _unsigned_bits(x, bits)
    length = np.zeros(x.shape, np.int64)
    for step in (32, 16, 8, 4, 2, 1):  # a binary search for the highest set bit, on every element at once
        if step < bits:
            high = v >= v.dtype.type(1 << step)
            length += np.where(high, step, 0)
            v = np.where(high, v >> v.dtype.type(step), v)
    length += v != 0
    return (bits - length).astype(x.dtype)


# -- floats and complex -----------------------------------------------------------------------

def atan2(op, y, x):
    with np.errstate(**_ERRORS):
        if y.dtype.kind != "c":
            return np.arctan2(y, x)
        # atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2)), as the spec's interpreter computes it
        return -1j * np.log((x + 1j * y) / np.sqrt(x * x + y * y))


def cbrt(op, x):
    with np.errstate(**_ERRORS):
        if x.dtype.kind != "c":
            return np.cbrt(x)
        return np.power(x, x.dtype.type(1.0 / 3.0))  # the principal cube root


def round_nearest_afz(op, x):
    with np.errstate(**_ERRORS):
        whole = np.trunc(x)
        away = np.abs(x - whole) >= 0.5  # x - trunc(x) is exact, unlike x + 0.5
        rounded = np.copysign(whole + np.where(away, np.sign(x), 0), x)  # keeps -0.0
        return np.where(np.isfinite(x), rounded, x)


def make_complex(op, re, im):
    out = np.empty(re.shape, np.complex64 if re.dtype == np.float32 else np.complex128)
    out.real, out.imag = re, im  # not re + 1j * im, which turns an infinite part into NaN
    return out


def imag(op, x):
    return np.imag(x) if x.dtype.kind == "c" else np.zeros_like(x)
