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


# Ops that move or pass on stored values without computing on them: a quantized value goes through
# as its storage integers (its result of the operand's quantization, or of one the op's rule moved
# to another dimension). Ops with regions are not wrapped either: the ops of their regions are.
STORED_VALUES = frozenset({
    "stablehlo.reshape", "stablehlo.transpose", "stablehlo.broadcast_in_dim", "stablehlo.broadcast",
    "stablehlo.slice", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice", "stablehlo.pad",
    "stablehlo.concatenate", "stablehlo.reverse", "stablehlo.gather", "stablehlo.dynamic_gather",
    "stablehlo.select", "stablehlo.tuple", "stablehlo.get_tuple_element", "stablehlo.optimization_barrier",
    "stablehlo.all_gather", "stablehlo.all_to_all", "stablehlo.collective_permute",
    "stablehlo.collective_broadcast", "stablehlo.send", "stablehlo.recv", "stablehlo.infeed", "stablehlo.outfeed",
    "stablehlo.custom_call", "stablehlo.get_dimension_size", "stablehlo.set_dimension_size",
    "stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_reshape", "stablehlo.real_dynamic_slice",
    "stablehlo.dynamic_pad", "stablehlo.bitcast_convert", "stablehlo.uniform_quantize",
    "stablehlo.uniform_dequantize", "stablehlo.constant", "stablehlo.return", "func.return", "func.call",
})


def _requantized(value, t):
    return quantize(value, t.dtype) if type(t) is QuantizedTensorType else value


def in_expressed_type(fn):
    """The spec's dequantize_op_quantize around an op's evaluator: quantized operands are computed
    on as the values they stand for, in their expressed type, and quantized results quantized again
    (a quantized add adds the values, not their storage integers)."""

    def apply(op, *xs, **kwargs):
        if op is None or not (any(type(v.type) is QuantizedTensorType for v in op.operands)
                              or any(type(r.type) is QuantizedTensorType for r in op.results)):
            return fn(op, *xs, **kwargs)
        xs = [dequantize(np.asarray(x), v.type.dtype) if type(v.type) is QuantizedTensorType else x
              for v, x in zip(op.operands, xs)]
        out = fn(op, *xs, **kwargs)
        results = op.results
        if len(results) == 1:
            return _requantized(out[0] if type(out) is tuple else out, results[0].type)
        return tuple(_requantized(value, r.type) for value, r in zip(out, results))

    return apply


def in_expressed_element(fn, element: QuantizedElement, arrays) -> np.ndarray:
    """A reduction's compact body (add, maximum, ...) on quantized elements: on their values, the
    result quantized again."""
    return quantize(fn(None, *[dequantize(np.asarray(a), element) for a in arrays]), element)
