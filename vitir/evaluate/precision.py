"""The reduce_precision evaluator: the reference interpreter's bit arithmetic on each element's bits."""

from __future__ import annotations

import numpy as np

from ..numpy_dtypes import numpy_dtype

_UNSIGNED = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def reduce_precision(op, x: np.ndarray) -> np.ndarray:
    """Round the mantissa to `mantissa_bits` (to nearest, ties to even, by adding a bias and masking),
    then send exponents outside `exponent_bits`' range to infinity or zero of the same sign; NaN
    stays NaN, or becomes infinity when no mantissa bits are left."""
    dtype = op.operand.type.dtype
    if dtype.is_quantized:  # its values come in its expressed type (dequantize_op_quantize)
        dtype = dtype.expressed
    layout = dtype.format
    value = np.asarray(x).astype(numpy_dtype(dtype))
    width, source_mantissa = layout.bits, layout.mantissa_bits  # a 4- or 6-bit float sits in a byte's low bits
    source_exponent = width - source_mantissa - 1
    uint = _UNSIGNED[value.dtype.itemsize * 8]
    bits = value.view(uint).astype(np.uint64)
    exponent_bits, mantissa_bits = op.exponent_bits, op.mantissa_bits
    if mantissa_bits < source_mantissa:
        shift = source_mantissa - mantissa_bits
        last = np.uint64(1 << shift)
        bias = ((bits & last) >> np.uint64(shift)) + np.uint64((1 << (shift - 1)) - 1)
        bits = (bits + bias) & ~(last - np.uint64(1))
    if exponent_bits < source_exponent:
        sign = bits & np.uint64(1 << (width - 1))
        exponent_mask = np.uint64(((1 << source_exponent) - 1) << source_mantissa)
        bias, reduced = (1 << (source_exponent - 1)) - 1, (1 << (exponent_bits - 1)) - 1
        exponent = bits & exponent_mask
        overflows = exponent > np.uint64((bias + reduced) << source_mantissa)
        underflows = exponent <= np.uint64((bias - reduced) << source_mantissa)
        bits = np.where(overflows, sign | exponent_mask, bits)
        bits = np.where(underflows, sign, bits)
    out = bits.astype(uint).view(value.dtype)
    nan = np.isnan(value)
    if mantissa_bits > 0:
        return np.where(nan, value, out)
    return np.where(nan, np.copysign(np.inf, value).astype(value.dtype), out)
