"""Constant literals: decimal for finite floats, hexadecimal bits for the rest,
checked against numpy's (and ml_dtypes') own bit patterns."""

import math

import ml_dtypes
import numpy as np
import pytest

from vitir.ast.literals import float_from_bits, float_literal, hex_literal, literal_value, value_literal
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


@pytest.mark.parametrize("dtype", list(NUMPY_TYPES))
def test_value_literal_is_the_shortest_decimal_that_reads_back(dtype):
    real, _ = NUMPY_TYPES[dtype]
    values = np.random.default_rng(5).normal(0.0, 1e3, 500).astype(real)
    finfo = ml_dtypes.finfo(real)
    for value in list(values) + [real(0.1), real(-0.0), finfo.max, finfo.tiny]:
        text = value_literal(value, dtype)
        assert real(float(text)) == value and math.copysign(1, float(text)) == math.copysign(1, value), text
        digits = len(text.split("e")[0].lstrip("-").replace(".", "").strip("0"))
        if digits > 1:  # one digit fewer does not read back
            with np.errstate(over="ignore"):  # rounding the largest value up overflows
                assert real(float(f"{float(value):.{digits - 1}g}")) != value, text
    assert value_literal(math.inf, dtype) == hex_literal(math.inf, dtype)


def test_value_literal_spells_each_element_type():
    assert [value_literal(v, DType.F32) for v in (0.1, 2, np.float32(0.5), "1.0e-5")] == ["0.1", "2.0", "0.5", "1.0e-5"]
    assert [value_literal(v, DType.I32) for v in (-3, np.int64(7))] == ["-3", "7"]
    assert [value_literal(v, DType.I1) for v in (True, np.bool_(False), 1)] == ["true", "false", "true"]
    assert float_literal(65504.0, DType.F16) == "6.55e+04"
    for value, dtype in ((1e39, DType.F32), (2.5, DType.I64), (False, DType.F16), ("1.0", DType.I32)):
        with pytest.raises(ValueError):
            value_literal(value, dtype)
