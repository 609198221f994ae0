"""Evaluators of window ops: reduce_window and select_and_scatter, their bodies run on whole arrays,
one step per window position (a 3x3 window is nine runs of the body over every output at once)."""

from __future__ import annotations

import builtins
from typing import Sequence

import numpy as np

from ..ast.shape_rules import windows
from .data_movement import pad_array


def _window(op, rank: int):
    """(window dims, strides, padding) with an absent attribute's default."""
    window = op.window_dimensions if op.window_dimensions is not None else ()
    strides = op.window_strides if op.window_strides is not None else (1,) * rank
    padding = op.padding if op.padding is not None else ((0, 0),) * rank
    return window, strides, padding


def _strided(array: np.ndarray, start: Sequence[int], counts: Sequence[int], strides: Sequence[int]) -> np.ndarray:
    """array[start + i * stride] for i < count, along every dimension."""
    return array[tuple(builtins.slice(s, s + (c - 1) * st + 1, st) for s, c, st in zip(start, counts, strides))]


def _accumulator(value, dtype) -> np.ndarray:
    """An init value as an array of a region's accumulator type, widened as the evaluator computes."""
    from . import narrow, widen

    return widen(narrow(np.asarray(value), dtype), dtype)


def reduce_window(op, *arrays: np.ndarray, run) -> tuple:
    """The inputs padded with the init values (and dilated), then for each offset in the window, in
    row-major order, the body folds the element at that offset of every window into its
    accumulators, starting from the init values; as the spec's reduce of each window, in XLA's order."""
    n = len(op.results)
    xs, inits = arrays[:n], arrays[n:]
    rank = xs[0].ndim
    window, strides, padding = _window(op, rank)
    base = op.base_dilations or (1,) * rank
    dilations = op.window_dilations or (1,) * rank
    counts = windows(xs[0].shape, window, strides, base, dilations, padding)  # the arrays': a type may hold `?`
    acc = [np.broadcast_to(_accumulator(init, r.type.dtype), counts) for init, r in zip(inits, op.results)]
    if 0 in counts:
        return tuple(acc)
    padded = [pad_array(x, init[()], [lo for lo, _ in padding], [hi for _, hi in padding], [b - 1 for b in base])
              for x, init in zip(xs, inits)]
    for offset in np.ndindex(*window):
        start = [o * d for o, d in zip(offset, dilations)]
        out = run(op.body, *acc, *[_strided(p, start, counts, strides) for p in padded])
        acc = [np.broadcast_to(a, counts) for a in out]
    return tuple(acc)


def select_and_scatter(op, operand: np.ndarray, source: np.ndarray, init: np.ndarray, *, run) -> np.ndarray:
    """For each source element, its window's selected operand element: the first in row-major order,
    replaced by each later one `select` does not keep over it (padding is never selected); then
    each source element folded into the result at its selected position with `scatter`, in the
    order of the source elements, as the reference interpreter does."""
    rank = operand.ndim
    window, strides, padding = _window(op, rank)
    result_type = op.results[0].type.dtype
    result = np.array(np.broadcast_to(_accumulator(init, result_type), operand.shape))
    if source.size == 0:
        return result
    low, high = [lo for lo, _ in padding], [hi for _, hi in padding]
    padded = pad_array(operand, np.zeros((), operand.dtype)[()], low, high, (0,) * rank)
    inside = pad_array(np.ones(operand.shape, bool), False, low, high, (0,) * rank)
    offsets = list(np.ndindex(*window))
    chosen = np.full(source.shape, -1)
    best = np.zeros(source.shape, operand.dtype)
    for k, offset in enumerate(offsets):
        candidate, valid = _strided(padded, offset, source.shape, strides), _strided(inside, offset, source.shape, strides)
        keep = np.broadcast_to(np.asarray(run(op.select, best, candidate)[0], bool), source.shape)
        take = valid & ((chosen < 0) | ~keep)
        best, chosen = np.where(take, candidate, best), np.where(take, k, chosen)
    # For one result position, later source elements select earlier offsets: going through the
    # offsets backwards folds each position's sources in source order, without two at once.
    for k in reversed(range(len(offsets))):
        where = np.nonzero(chosen == k)
        if not where[0].size:
            continue
        at = tuple(i * s + o - lo for i, s, o, lo in zip(where, strides, offsets[k], low))
        folded = run(op.scatter, result[at], source[where])[0]
        result[at] = np.broadcast_to(folded, where[0].shape)
    return result
