"""Bilinear 2x upsampling of x [b, c, h, w] to [b, c, 2h, 2w]: half-pixel centres
(align_corners false: output i samples input (i + 0.5) / 2 - 0.5), edges
clamped, written as two dot_generals with constant 1-D interpolation matrices
Wy [2h, h] and Wx [2w, w] (at most two nonzeros a row: 1/4, 3/4, or 1 at the edges).

Forward:  y[b,c,i,j] = sum_{u,v} Wy[i,u] x[b,c,u,v] Wx[j,v]: contracting H
          gives [b, c, w, 2h], contracting W then gives [b, c, 2h, 2w] (the
          free dims follow the operands, so no transpose is needed).
Backward: the transposed matmuls, dx[b,c,u,v] = sum_{i,j} Wy[i,u] dy[b,c,i,j] Wx[j,v],
          in the same two steps.
"""

from __future__ import annotations

import math

import numpy as np

from ...ast import FunctionBuilder, Value


def interpolation_matrix(size: int, scale: int = 2) -> np.ndarray:
    """[size * scale, size]: row i blends the inputs at floor(f) and floor(f) + 1, f = (i + 0.5) / scale - 0.5,
    each index clamped into [0, size)."""
    out = np.zeros((size * scale, size), np.float32)
    for i in range(size * scale):
        f = (i + 0.5) / scale - 0.5
        lo = math.floor(f)
        frac = f - lo
        out[i, min(max(lo, 0), size - 1)] += 1.0 - frac
        out[i, min(max(lo + 1, 0), size - 1)] += frac
    return out


def _matrices(fb: FunctionBuilder, p: str, h: int, w: int) -> tuple[Value, Value]:
    wy = fb.constant_array(f"{p}wy", interpolation_matrix(h), (2 * h, h))
    wx = wy if w == h else fb.constant_array(f"{p}wx", interpolation_matrix(w), (2 * w, w))
    return wy, wx


def upsample_forward(fb: FunctionBuilder, p: str, x: Value) -> Value:
    _, _, h, w = x.shape
    wy, wx = _matrices(fb, p, h, w)
    rows = fb.dot_general(f"{p}uy", x, wy, ([2], [1]))  # [b, c, w, 2h]
    return fb.dot_general(f"{p}y", rows, wx, ([2], [1]))  # [b, c, 2h, 2w]


def upsample_backward(fb: FunctionBuilder, p: str, dy: Value) -> Value:
    _, _, oh, ow = dy.shape
    wy, wx = _matrices(fb, f"{p}b", oh // 2, ow // 2)
    rows = fb.dot_general(f"{p}dy1", dy, wy, ([2], [0]))  # [b, c, 2w, h]
    return fb.dot_general(f"{p}dx", rows, wx, ([2], [0]))  # [b, c, h, w]
