"""The suite's comparisons, as stablehlo/tests/CheckOps.cpp and stablehlo/reference/Element.cpp make them.

`mismatch(expectation, actual, expected)` is None when the values agree, else the first element that
does not, in the interpreter's words ("3 (actual) vs 4 (expected) at index [1]").
"""

from __future__ import annotations

import math

import numpy as np

from ..ast.element_types import DType
from ..ast.literals import float_bits
from ..numpy_dtypes import element_type
from .rewrite import Expectation


def mismatch(expectation: Expectation, actual, expected) -> str | None:
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
        return f"shape {list(actual.shape)} (actual) vs {list(expected.shape)} (expected)"
    if actual.dtype != expected.dtype:
        return f"element type {actual.dtype} (actual) vs {expected.dtype} (expected)"
    dtype = element_type(actual.dtype)
    agree = _AGREE[expectation.mode]
    for index in np.ndindex(actual.shape):
        a, e = actual[index].item(), expected[index].item()
        if not agree(a, e, dtype, expectation):
            where = list(index)
            if expectation.mode == "close":
                return (f"{a} (actual) vs {e} (expected) at index {where}: {ulp_difference(a, e, dtype)} ULPs, "
                        f"outside [{expectation.min_ulp}, {expectation.max_ulp}]")
            tolerance = f" with tolerance {expectation.tolerance}" if expectation.mode == "almost" else ""
            return f"{a} (actual) vs {e} (expected) at index {where}{tolerance}"
    return None


def _parts(value) -> tuple:
    return (value.real, value.imag) if isinstance(value, complex) else (value,)


def _equal(a, e, dtype: DType, expectation: Expectation) -> bool:
    """Exact equality; floats compare as IEEE numbers (NaN equals nothing, -0.0 equals 0.0)."""
    if dtype.is_float or dtype.is_complex:
        return all(float(x) == float(y) for x, y in zip(_parts(a), _parts(e)))
    return a == e


def _almost(a, e, dtype: DType, expectation: Expectation) -> bool:
    return all(_almost_float(float(x), float(y), expectation.tolerance) for x, y in zip(_parts(a), _parts(e)))


def _almost_float(f: float, g: float, tolerance: float) -> bool:
    """Element.cpp's areApproximatelyEqual: equal, both NaN, or both finite and within tolerance."""
    if f == g:
        return True
    if math.isnan(f) or math.isnan(g):
        return math.isnan(f) and math.isnan(g)
    if not (math.isfinite(f) and math.isfinite(g)):
        return False
    return abs(f - g) <= tolerance


def _close(a, e, dtype: DType, expectation: Expectation) -> bool:
    return expectation.min_ulp <= ulp_difference(a, e, dtype) <= expectation.max_ulp


def ulp_difference(a, e, dtype: DType) -> int:
    """CheckOps.cpp's ULPDifference: 0 for the same bits or two NaNs, the count of values between two
    finite ones (through zero when their signs differ), and the largest uint64 otherwise; for a complex,
    the larger of its parts'."""
    if dtype.is_complex:
        return max(ulp_difference(x, y, dtype.part) for x, y in zip(_parts(complex(a)), _parts(complex(e))))
    f, g = float(a), float(e)
    bits_f, bits_g = float_bits(f, dtype), float_bits(g, dtype)
    if bits_f == bits_g:
        return 0
    if math.isfinite(f) and math.isfinite(g):
        sign = 0 if dtype.format.unsigned else 1 << (dtype.bits - 1)
        magnitude_f, magnitude_g = bits_f & ~sign, bits_g & ~sign
        if (bits_f & sign) != (bits_g & sign):
            return magnitude_f + magnitude_g
        return abs(magnitude_f - magnitude_g)
    if math.isnan(f) and math.isnan(g):
        return 0
    return (1 << 64) - 1


_AGREE = {"eq": _equal, "almost": _almost, "close": _close}
