"""Evaluators of batch normalization, as the spec writes them out in other StableHLO ops (the
gradient as XLA's batchnorm expander computes it), in the operand's element type."""

from __future__ import annotations

import math

import numpy as np


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
    return np.sum(x, axis=_axes(op, x)) / _count(op, x)


def _epsilon(op, x: np.ndarray) -> np.ndarray:
    return np.asarray(np.float32(op.epsilon), x.dtype)  # an f32 attribute, in the operand's type


def _normalize(op, x, scale, offset, mean, variance) -> np.ndarray:
    centered = x - _per_feature(op, mean, x)
    stddev = np.sqrt(_per_feature(op, variance, x) + _epsilon(op, x))
    return _per_feature(op, scale, x) * (centered / stddev) + _per_feature(op, offset, x)


def batch_norm_inference(op, x, scale, offset, mean, variance) -> np.ndarray:
    with np.errstate(all="ignore"):
        return _normalize(op, x, scale, offset, mean, variance)


def batch_norm_training(op, x, scale, offset) -> tuple:
    with np.errstate(all="ignore"):
        mean = _mean(op, x)
        centered = x - _per_feature(op, mean, x)
        variance = _mean(op, centered * centered)
        return _normalize(op, x, scale, offset, mean, variance), mean, variance


def batch_norm_grad(op, x, scale, mean, variance, grad_output) -> tuple:
    axes = _axes(op, x)
    with np.errstate(all="ignore"):
        count = _count(op, x)
        centered = x - _per_feature(op, mean, x)
        spread = _per_feature(op, variance, x) + _epsilon(op, x)
        stddev = np.sqrt(spread)
        i2 = _per_feature(op, np.sum(grad_output, axis=axes), x)
        i3 = _per_feature(op, np.sum(grad_output * centered, axis=axes), x)
        i6 = grad_output * count - i2 - i3 * centered / spread
        grad_operand = _per_feature(op, scale, x) / stddev / count * i6
        grad_scale = np.sum(grad_output * (centered / stddev), axis=axes)
        return grad_operand, grad_scale, np.sum(grad_output, axis=axes)
