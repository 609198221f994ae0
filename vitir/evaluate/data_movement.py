"""Evaluators of ops that move elements: broadcast, reshape, transpose, slice, pad, concatenate."""

from __future__ import annotations

from typing import Sequence

import numpy as np


def broadcast_in_dim(op, x: np.ndarray) -> np.ndarray:
    shape = op.results[0].shape
    order = np.argsort(op.dims)  # operand dims in the order their result dims appear
    kept = x.transpose(order)
    placed = [1] * len(shape)
    for i in order:
        placed[op.dims[i]] = x.shape[i]
    return np.broadcast_to(kept.reshape(placed), shape).copy()


def reshape(op, x: np.ndarray) -> np.ndarray:
    return x.reshape(op.results[0].shape)


def transpose(op, x: np.ndarray) -> np.ndarray:
    return np.transpose(x, op.perm).copy()  # (ascontiguousarray would make a rank-0 value rank 1)


def slice(op, x: np.ndarray) -> np.ndarray:
    import builtins

    return x[tuple(builtins.slice(a, b, s) for a, b, s in zip(op.start, op.limit, op.strides))].copy()


def pad_array(x: np.ndarray, value, low: Sequence[int], high: Sequence[int], interior: Sequence[int]) -> np.ndarray:
    """Edge and interior padding; negative edge padding crops. A dimension of size 0 has no interior."""
    import builtins

    grown = [max(lo, 0) + max(hi, 0) + d + max(d - 1, 0) * i for d, lo, hi, i in zip(x.shape, low, high, interior)]
    out = np.full(grown, value, x.dtype)
    if x.size:
        out[tuple(builtins.slice(max(lo, 0), max(lo, 0) + max(d - 1, 0) * (i + 1) + 1, i + 1)
                  for d, lo, i in zip(x.shape, low, interior))] = x
    return out[tuple(builtins.slice(max(-lo, 0), g - max(-hi, 0)) for g, lo, hi in zip(grown, low, high))]


def pad(op, x: np.ndarray, value: np.ndarray) -> np.ndarray:
    return pad_array(x, value[()], op.low, op.high, op.interior)


def concatenate(op, *xs: np.ndarray) -> np.ndarray:
    return np.concatenate(xs, axis=op.dim)
