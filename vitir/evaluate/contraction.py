"""Evaluators of contractions: dot_general, dot, convolution and dynamic_conv (im2col, with feature and
batch groups)."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..ast.shape_rules import compatible_shapes
from ..numpy_dtypes import numpy_dtype
from .data_movement import pad_array


def _free_dims(rank: int, used: Sequence[int]) -> list[int]:
    return [d for d in range(rank) if d not in used]


def _size(x: np.ndarray, dims: Sequence[int]) -> int:
    return int(np.prod([x.shape[d] for d in dims]))


def einsum(subscripts: str, *operands: np.ndarray) -> np.ndarray:
    """np.einsum, but zeros where the summed axes are empty: numpy (2.4) then returns its output
    uninitialised, which reads as NaN or garbage depending on what the memory last held."""
    out = np.einsum(subscripts, *operands)
    return np.zeros_like(out) if any(x.size == 0 for x in operands) else out


def _accumulator(op, a: np.ndarray) -> np.dtype | None:
    """Integer products accumulate in the result's type (an i8 x i8 dot into i32), wrapping."""
    dtype = op.results[0].type.dtype
    if dtype.is_integer and a.dtype.kind in "iu":
        return np.dtype(np.int64) if dtype.is_signed else np.dtype(np.uint64)
    if dtype.is_complex or a.dtype.kind == "c":
        return numpy_dtype(dtype)
    return None


def dot_general(op, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """As a batched matmul: lhs [batch, free, contract] @ rhs [batch, contract, free]."""
    return _contract(op, a, b, *op.dimension_numbers)


def dot(op, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The legacy dot: the lhs's last dimension against the rhs's first."""
    return _contract(op, a, b, (), (), (a.ndim - 1,), (0,))


def _contract(op, a: np.ndarray, b: np.ndarray, lb, rb, lc, rc) -> np.ndarray:
    """Batching dims lb x rb, contracting dims lc x rc, as one batched matmul."""
    accumulate = _accumulator(op, a)
    if accumulate is not None:
        a, b = a.astype(accumulate), b.astype(accumulate)
    a_free = _free_dims(a.ndim, lb + lc)
    b_free = _free_dims(b.ndim, rb + rc)
    batch = [a.shape[d] for d in lb]
    k = _size(a, lc)
    lhs = a.transpose(list(lb) + a_free + list(lc)).reshape(*batch, _size(a, a_free), k)
    rhs = b.transpose(list(rb) + list(rc) + b_free).reshape(*batch, k, _size(b, b_free))
    with np.errstate(over="ignore", invalid="ignore"):  # inf and NaN are values here, as in XLA
        shape = batch + [a.shape[d] for d in a_free] + [b.shape[d] for d in b_free]
        return np.matmul(lhs, rhs).reshape(shape)


def _to_layout(x: np.ndarray, layout: str, order: str) -> np.ndarray:
    """x, whose dims are labelled by `layout`, with its dims in `order`."""
    return x.transpose([layout.index(c) for c in order])


IM2COL_CHUNK = 1 << 22  # elements of the patch matrix copied at a time


def _window_product(x: np.ndarray, w: np.ndarray, stride, padding, lhs_dilate, rhs_dilate, reverse) -> np.ndarray:
    """One convolution of x [b, i, spatial...] with w [o, i, taps...]: y [b, o, positions...].
    im2col in chunks of output positions: a view of every window of the dilated, padded input,
    copied a few positions at a time into a patch matrix for one matmul (a patch-embed
    backward's window is nearly the whole image, too big to copy at once)."""
    nsp = x.ndim - 2
    if reverse is not None and any(reverse):
        w = w[(slice(None), slice(None)) + tuple(slice(None, None, -1) if r else slice(None) for r in reverse)]
    x = pad_array(x, 0, (0, 0, *(lo for lo, _ in padding)), (0, 0, *(hi for _, hi in padding)),
                  (0, 0, *(d - 1 for d in lhs_dilate)))
    window = [(k - 1) * d + 1 for k, d in zip(w.shape[2:], rhs_dilate)]
    batch = x.shape[0]
    if any(s < wd for s, wd in zip(x.shape[2:], window)) or 0 in w.shape or 0 in x.shape[:2]:
        positions = [max((s - wd) // st + 1, 0) for s, wd, st in zip(x.shape[2:], window, stride)]
        return np.zeros((batch, w.shape[0], *positions), np.result_type(x, w))
    views = np.lib.stride_tricks.sliding_window_view(x, window, axis=tuple(range(2, x.ndim)))
    every = (slice(None), slice(None))
    views = views[every + tuple(slice(None, None, s) for s in stride)
                  + tuple(slice(None, None, d) for d in rhs_dilate)]  # [b, i, positions..., taps...]
    positions = views.shape[2:2 + nsp]
    counted = _taps_that_count(w, x)
    if counted is not None:
        views = views[every + (slice(None),) * nsp + counted]
        w = w[every + counted]
    taps = int(np.prod(w.shape[1:]))
    kernel = w.reshape(w.shape[0], -1).T  # [i * taps, o]
    count = int(np.prod(positions))
    y = np.empty((batch, count, w.shape[0]), np.result_type(x, w))
    step = max(1, IM2COL_CHUNK // max(1, batch * taps))
    for first in range(0, count, step):
        where = np.unravel_index(np.arange(first, min(first + step, count)), positions)
        patches = np.moveaxis(views[every + where], 2, 1)  # [b, n, i, taps...]
        with np.errstate(over="ignore", invalid="ignore"):
            y[:, first:first + step] = (patches.reshape(-1, kernel.shape[0]) @ kernel).reshape(batch, -1, w.shape[0])
    return np.moveaxis(y.reshape(batch, *positions, w.shape[0]), -1, 1)


SPARSE_TAPS = 64  # kernels of fewer spatial taps are not searched for taps of zeros only


def _taps_that_count(w: np.ndarray, x: np.ndarray) -> tuple[slice, ...] | None:
    """Per spatial axis of kernel w [o, i, taps...], the slice `first:last+1:step` holding every tap
    where some weight is not zero, when the slices leave out most of the kernel; else None.

    A kernel padded with holes (`pad` with interior padding, as a strided convolution's weight
    gradient is written: the ViT patch embedding's is 14 x 14 taps of its 209 x 209) then costs what
    its taps of weights do. Leaving out terms x * 0 is exact where x is finite (they are zeros: the
    sum is the same, but the sign of a zero sum, which the spec leaves to the order of summation),
    so it is done only when every element of x is."""
    spatial = w.shape[2:]
    if int(np.prod(spatial)) < SPARSE_TAPS:
        return None
    nonzero = np.zeros(spatial, bool)
    step = max(1, IM2COL_CHUNK // max(1, int(np.prod(w.shape[1:]))))
    for first in range(0, w.shape[0], step):  # a few outputs at a time: no mask of the whole kernel
        nonzero |= (w[first:first + step] != 0).any(axis=(0, 1))
    counted = []
    for axis in range(len(spatial)):
        where = np.flatnonzero(nonzero.any(axis=tuple(a for a in range(len(spatial)) if a != axis)))
        if where.size == 0:  # zeros only: one tap keeps the shapes
            counted.append(slice(0, 1))
            continue
        gap = int(np.gcd.reduce(np.diff(where))) if where.size > 1 else 1
        counted.append(slice(int(where[0]), int(where[-1]) + 1, gap))
    kept = np.prod([len(range(*s.indices(n))) for s, n in zip(counted, spatial)])
    if 2 * kept > np.prod(spatial):
        return None
    if x.dtype.kind in "fc" and not np.isfinite(x).all():
        return None
    return tuple(counted)


def convolution(op, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    return _convolve(op, lhs, rhs, op.padding)


def dynamic_conv(op, lhs: np.ndarray, rhs: np.ndarray, padding: np.ndarray) -> np.ndarray:
    """A convolution padded by the values of its padding operand, which must give the spatial sizes of
    the result type (no rule could check them before the padding was known)."""
    pairs = tuple((int(lo), int(hi)) for lo, hi in padding)
    out = _convolve(op, lhs, rhs, pairs)
    result = op.results[0]
    if not compatible_shapes(out.shape, result.type.shape):
        from ..errors import ShapeError

        raise ShapeError(f"padding {[list(p) for p in pairs]} gives shape {list(out.shape)}, the result type is "
                         f"{result.type}", op=op.NAME, ssa=result.ssa, operand_types=[v.type for v in op.operands],
                         path=op.path)
    return out


def _convolve(op, lhs: np.ndarray, rhs: np.ndarray, padding) -> np.ndarray:
    lhs_layout, rhs_layout, out_layout = op.layouts
    nsp = len(lhs_layout) - 2
    spatial = "".join(str(k) for k in range(nsp))
    accumulate = _accumulator(op, lhs)
    if accumulate is not None:
        lhs, rhs = lhs.astype(accumulate), rhs.astype(accumulate)
    x = _to_layout(lhs, lhs_layout, "bf" + spatial)
    w = _to_layout(rhs, rhs_layout, "oi" + spatial)
    window = (op.stride or (1,) * nsp, padding or ((0, 0),) * nsp, op.lhs_dilate or (1,) * nsp,
              op.rhs_dilate or (1,) * nsp, op.reverse)
    groups, batch_groups = op.feature_group_count, op.batch_group_count
    outputs = w.shape[0]
    if groups > 1:  # input features and kernel outputs split into independent convolutions
        fin, fout = x.shape[1] // groups, outputs // groups
        y = np.concatenate([_window_product(x[:, g * fin:(g + 1) * fin], w[g * fout:(g + 1) * fout], *window)
                            for g in range(groups)], axis=1)
    elif batch_groups > 1:  # batch blocks each meet one block of kernel outputs
        bsize, fout = x.shape[0] // batch_groups, outputs // batch_groups
        y = np.concatenate([_window_product(x[g * bsize:(g + 1) * bsize], w[g * fout:(g + 1) * fout], *window)
                            for g in range(batch_groups)], axis=1)
    else:
        y = _window_product(x, w, *window)
    return _to_layout(y, "bf" + spatial, out_layout)
