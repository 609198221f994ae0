"""Evaluators of linear algebra: triangular_solve (substitution), cholesky (column by column) and
fft (numpy's), each over the batch of the leading dimensions at once."""

from __future__ import annotations

import numpy as np

from .contraction import einsum

_ERRORS = dict(all="ignore")  # a singular or indefinite matrix gives inf and NaN, as XLA's does


def _triangle(a: np.ndarray, lower: bool) -> np.ndarray:
    return np.tril(a) if lower else np.triu(a)


def _adjoint(a: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(a, -1, -2))


def _substitute(t: np.ndarray, b: np.ndarray, lower: bool, unit: bool) -> np.ndarray:
    """x with t x = b for triangular t: forward (lower) or backward substitution, one row at a time."""
    n = t.shape[-1]
    x = np.zeros(np.broadcast_shapes(t.shape[:-2], b.shape[:-2]) + b.shape[-2:], np.result_type(t, b))
    rows = range(n) if lower else range(n - 1, -1, -1)
    with np.errstate(**_ERRORS):
        for i in rows:
            done = slice(0, i) if lower else slice(i + 1, n)
            row = b[..., i, :] - einsum("...j,...jk->...k", t[..., i, done], x[..., done, :])
            x[..., i, :] = row if unit else row / t[..., i, i][..., None]
    return x


def triangular_solve(op, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Reads the `lower` (or upper) triangle of a, takes op(a), and solves op(a) x = b, or
    x op(a) = b as op(a)^T x^T = b^T."""
    t = _triangle(a, op.lower)
    lower = op.lower
    if op.transpose_a != "NO_TRANSPOSE":
        t = np.swapaxes(t, -1, -2)
        t = np.conj(t) if op.transpose_a == "ADJOINT" else t
        lower = not lower
    if op.left_side:
        return _substitute(t, b, lower, op.unit_diagonal)
    return np.swapaxes(_substitute(np.swapaxes(t, -1, -2), np.swapaxes(b, -1, -2), not lower, op.unit_diagonal),
                       -1, -2)


def cholesky(op, a: np.ndarray) -> np.ndarray:
    """L with a = L L^H from a's lower triangle (Cholesky-Banachiewicz, a column at a time), or
    U = L^H from the upper one; the other triangle is zero. A matrix that is not positive-definite
    gives NaN from its first failing column on."""
    if not op.lower:
        a = _adjoint(a)  # its lower triangle is a's upper, conjugated
    n = a.shape[-1]
    factor = np.zeros_like(a)
    with np.errstate(**_ERRORS):
        for j in range(n):
            known = factor[..., j, :j]
            diagonal = np.sqrt(a[..., j, j] - np.sum(known * np.conj(known), axis=-1).real)
            factor[..., j, j] = diagonal
            below = a[..., j + 1:, j] - einsum("...ik,...k->...i", factor[..., j + 1:, :j], np.conj(known))
            factor[..., j + 1:, j] = below / diagonal[..., None]
    return factor if op.lower else _adjoint(factor)


def fft(op, x: np.ndarray) -> np.ndarray:
    length = tuple(op.fft_length)
    axes = tuple(range(-len(length), 0))
    if op.fft_type == "FFT":
        return np.fft.fftn(x, axes=axes)
    if op.fft_type == "IFFT":
        return np.fft.ifftn(x, axes=axes)
    if op.fft_type == "RFFT":
        return np.fft.rfftn(x, s=length, axes=axes)
    return np.fft.irfftn(x, s=length, axes=axes)
