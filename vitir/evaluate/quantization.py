"""Evaluators of uniform_quantize and uniform_dequantize, as the spec's quantize and dequantize
define them: values live as their storage integers; arithmetic is in the expressed type."""

from __future__ import annotations

import numpy as np

from ..ast.quantized import QuantizedElement, QuantizedTensorType
from ..numpy_dtypes import numpy_dtype


def _along(q: QuantizedElement, values, shape: tuple[int, ...], dtype) -> np.ndarray:
    """A per-tensor parameter, or the per-axis ones broadcast along the quantized dimension."""
    if q.axis is None:
        return np.asarray(values[0], dtype)
    along = [1] * len(shape)
    along[q.axis] = shape[q.axis]
    return np.asarray(values, dtype).reshape(along)


def dequantize(stored: np.ndarray, q: QuantizedElement) -> np.ndarray:
    """(stored - zero_point) * scale, in the expressed type."""
    expressed = numpy_dtype(q.expressed)
    shifted = stored.astype(np.int64) - _along(q, q.zero_points, stored.shape, np.int64)
    with np.errstate(all="ignore"):
        return shifted.astype(expressed) * _along(q, q.scales, stored.shape, expressed)


def quantize(x: np.ndarray, q: QuantizedElement) -> np.ndarray:
    """round_nearest_even(clamp(storage_min, x / scale + zero_point, storage_max)), stored."""
    expressed = numpy_dtype(q.expressed)
    x = np.asarray(x).astype(expressed)
    with np.errstate(all="ignore"):
        scaled = x / _along(q, q.scales, x.shape, expressed) + _along(q, q.zero_points, x.shape, expressed)
    clamped = np.clip(scaled, expressed.type(q.storage_min), expressed.type(q.storage_max))
    return np.rint(clamped).astype(numpy_dtype(q.storage))


def uniform_quantize(op, operand) -> np.ndarray:
    source = op.operand.type
    values = dequantize(operand, source.dtype) if isinstance(source, QuantizedTensorType) else operand
    return quantize(values, op.results[0].type.dtype)


def uniform_dequantize(op, operand) -> np.ndarray:
    return dequantize(np.asarray(operand), op.operand.type.dtype)
