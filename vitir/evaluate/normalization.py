"""Evaluators of batch normalization, as the spec writes them out in other StableHLO ops (the
gradient as XLA's batchnorm expander computes it), each step rounded to the operand's element type:
an f16 or bf16 operand arrives widened to f32 (as every op's does), and each step of the
decomposition is an op of its own, so its result is rounded as an op's is (an f16 step of
(x - mean) * sum / (var + eps) that overflows is inf, as in XLA, not a finite f32 value)."""

from __future__ import annotations

import math

import numpy as np

from . import narrow, widen


def _rounding(op):
    """Round one step's value to the op's element type, as the evaluator rounds an op's result and
    widens it for its readers (nothing to do for f32 and f64)."""
    dtype = op.results[0].type.dtype
    if dtype.bits >= 32:
        return lambda v: v
    return lambda v: widen(narrow(v, dtype), dtype)


def _axes(op, x: np.ndarray) -> tuple[int, ...]:
    return tuple(d for d in range(x.ndim) if d != op.feature_index)


def _per_feature(op, v: np.ndarray, x: np.ndarray) -> np.ndarray:
    """A per-feature vector shaped to broadcast along the operand's feature dimension."""
    shape = [1] * x.ndim
    shape[op.feature_index] = v.shape[0]
    return v.reshape(shape)


def _count(op, x: np.ndarray) -> np.ndarray:
    """How many elements each feature reduces over: the product of the other dimensions (not the size
    over the feature dimension's, which is 0 / 0 when that dimension is empty)."""
    return np.asarray(math.prod(x.shape[d] for d in _axes(op, x)), x.dtype)


def _mean(op, x: np.ndarray) -> np.ndarray:
    return _rounding(op)(np.sum(x, axis=_axes(op, x))) / _count(op, x)


def _epsilon(op, x: np.ndarray) -> np.ndarray:
    return np.asarray(np.float32(op.epsilon), x.dtype)  # an f32 attribute, in the operand's type


def _normalize(op, x, scale, offset, mean, variance) -> np.ndarray:
    r = _rounding(op)
    centered = r(x - _per_feature(op, mean, x))
    stddev = r(np.sqrt(r(_per_feature(op, variance, x) + _epsilon(op, x))))
    return r(r(_per_feature(op, scale, x) * r(centered / stddev)) + _per_feature(op, offset, x))


def batch_norm_inference(op, x, scale, offset, mean, variance) -> np.ndarray:
    with np.errstate(all="ignore"):
        return _normalize(op, x, scale, offset, mean, variance)


def batch_norm_training(op, x, scale, offset) -> tuple:
    r = _rounding(op)
    with np.errstate(all="ignore"):
        mean = r(_mean(op, x))
        centered = r(x - _per_feature(op, mean, x))
        variance = r(_mean(op, r(centered * centered)))
        return _normalize(op, x, scale, offset, mean, variance), mean, variance


def batch_norm_grad(op, x, scale, mean, variance, grad_output) -> tuple:
    axes = _axes(op, x)
    r = _rounding(op)
    with np.errstate(all="ignore"):
        count = _count(op, x)
        centered = r(x - _per_feature(op, mean, x))
        spread = r(_per_feature(op, variance, x) + _epsilon(op, x))
        stddev = r(np.sqrt(spread))
        i2 = _per_feature(op, r(np.sum(grad_output, axis=axes)), x)
        i3 = _per_feature(op, r(np.sum(r(grad_output * centered), axis=axes)), x)
        i6 = r(r(r(grad_output * count) - i2) - r(r(i3 * centered) / spread))
        grad_operand = r(r(r(_per_feature(op, scale, x) / stddev) / count) * i6)
        grad_scale = r(np.sum(r(grad_output * r(centered / stddev)), axis=axes))
        return grad_operand, grad_scale, r(np.sum(grad_output, axis=axes))
