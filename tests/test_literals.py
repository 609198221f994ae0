"""Constant literals: decimal for finite floats, hexadecimal bits for the rest,
checked against numpy's (and ml_dtypes') own bit patterns."""

import math

import ml_dtypes
import numpy as np
import pytest

from vitir.ast.literals import float_from_bits, hex_literal, literal_value
from vitir.ast.types import DType

NUMPY_TYPES = {DType.F32: (np.float32, np.uint32), DType.F16: (np.float16, np.uint16),
               DType.BF16: (ml_dtypes.bfloat16, np.uint16)}


@pytest.mark.parametrize("dtype", list(NUMPY_TYPES))
@pytest.mark.parametrize("value", [-math.inf, math.inf, 1.0, -2.5, 0.0, 65504.0])
def test_hex_literal_is_the_bit_pattern(dtype, value):
    real, bits = NUMPY_TYPES[dtype]
    pattern = int(np.array(value, real).view(bits))
    width = 2 * np.dtype(bits).itemsize
    assert hex_literal(value, dtype) == f"0x{pattern:0{width}X}"
    assert float_from_bits(pattern, dtype) == float(np.array(value, real))
    assert literal_value(hex_literal(value, dtype), dtype) == float(np.array(value, real))


@pytest.mark.parametrize("dtype", list(NUMPY_TYPES))
def test_nan_reads_back_as_nan(dtype):
    assert math.isnan(literal_value(hex_literal(math.nan, dtype), dtype))


def test_decimal_and_integer_literals():
    assert literal_value("1.0e-5", DType.F32) == 1e-5
    assert literal_value("-3", DType.I32) == -3
    assert literal_value("false", DType.I1) is False
    for bad, dtype in (("nan", DType.F32), ("1_000", DType.I64), (" 1.0", DType.F32), ("0x7F8", DType.F16)):
        with pytest.raises(ValueError):
            literal_value(bad, dtype)
