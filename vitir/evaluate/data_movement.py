"""Evaluators of ops that move elements: broadcast, reshape, transpose, slice, pad, concatenate."""

from __future__ import annotations

import builtins
from typing import Sequence

import numpy as np

from ..numpy_dtypes import numpy_dtype


def broadcast_in_dim(op, x: np.ndarray) -> np.ndarray:
    return broadcast_to_shape(x, op.dims, op.results[0].shape)


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


# -- indexing: gather, scatter, dynamic slices (the spec's index arithmetic) ----------------------

def _clamped_starts(starts, shape, sizes) -> list[int]:
    """Each start index clamped to [0, dim - size], as dynamic_slice and dynamic_update_slice do."""
    return [min(max(int(s), 0), d - k) for s, d, k in zip(starts, shape, sizes)]


def _window(starts, sizes) -> tuple:
    return tuple(builtins.slice(b, b + k) for b, k in zip(starts, sizes))


def dynamic_slice(op, x: np.ndarray, *starts: np.ndarray) -> np.ndarray:
    return x[_window(_clamped_starts(starts, x.shape, op.slice_sizes), op.slice_sizes)].copy()


def dynamic_update_slice(op, x: np.ndarray, update: np.ndarray, *starts: np.ndarray) -> np.ndarray:
    out = x.copy()
    out[_window(_clamped_starts(starts, x.shape, update.shape), update.shape)] = update
    return out


def operand_index(space: tuple, numbers, indices: np.ndarray, operand_shape: tuple,
                  clamp_to: tuple | None = None) -> list[np.ndarray]:
    """For every point of `space` (gather's result, scatter's updates), the operand index it maps
    to, one array of space's shape per operand dimension, by the spec's arithmetic: the start index
    (clamped so that a slice of `clamp_to` sizes fits, for gather), plus the batching index, plus
    the offset in the window. `numbers` are gather's dimension numbers or scatter's (same order)."""
    window, collapsed, operand_batching, indices_batching, index_map, vector_dim = numbers
    point = np.indices(space, sparse=True) if space else []
    batch = [point[d] for d in range(len(space)) if d not in window]
    vectors = indices[..., None] if vector_dim == indices.ndim else np.moveaxis(indices, vector_dim, -1)
    start = vectors[tuple(batch)].astype(np.int64) if batch else vectors.reshape(-1).astype(np.int64)
    full: list = [0] * len(operand_shape)
    for k, d in enumerate(index_map):
        s = start[..., k]
        if clamp_to is not None:
            s = np.clip(s, 0, operand_shape[d] - clamp_to[d])
        full[d] = full[d] + s
    for o, i in zip(operand_batching, indices_batching):
        full[o] = full[o] + batch[i if i < vector_dim else i - 1]
    offsets = [d for d in range(len(operand_shape)) if d not in collapsed and d not in operand_batching]
    for d, w in zip(offsets, window):
        full[d] = full[d] + point[w]
    return [np.broadcast_to(np.asarray(f, np.int64), space) for f in full]


def gather(op, operand: np.ndarray, indices: np.ndarray) -> np.ndarray:
    from ..ast.indexing_rules import gather as gather_shape

    space = gather_shape(operand.shape, indices.shape, op.dimension_numbers, op.slice_sizes)
    index = operand_index(space, op.dimension_numbers, indices, operand.shape, op.slice_sizes)
    return operand[tuple(index)] if operand.ndim else np.broadcast_to(operand, space).copy()


def _rounds(targets: np.ndarray) -> np.ndarray:
    """For each target in order, how many earlier ones hit the same place: updates of one round
    hit distinct places, so a round applies at once and the rounds in order keep each place's
    updates in the order of the update index space."""
    order = np.argsort(targets, kind="stable")
    ranked = targets[order]
    first = np.r_[0, np.flatnonzero(ranked[1:] != ranked[:-1]) + 1] if ranked.size else np.zeros(0, np.int64)
    starts = np.repeat(first, np.diff(np.r_[first, ranked.size]))
    rounds = np.empty_like(order)
    rounds[order] = np.arange(ranked.size) - starts
    return rounds


def scatter(op, *arrays: np.ndarray, run) -> tuple:
    """Each update element, in the order of the update index space, is combined into the result
    at its index by the update computation; an index outside the inputs skips that element, as the
    spec says."""
    n = len(op.inputs)
    inputs, indices, updates = arrays[:n], arrays[n], arrays[n + 1:]
    shape = inputs[0].shape
    results = [np.array(x, dtype=numpy_dtype(r.type.dtype)).reshape(-1) for x, r in zip(inputs, op.results)]
    index = operand_index(updates[0].shape, op.scatter_dimension_numbers, indices, shape)
    inside = np.ones(updates[0].shape, bool)
    for i, d in zip(index, shape):
        inside &= (i >= 0) & (i < d)
    targets = np.ravel_multi_index(tuple(i[inside] for i in index), shape) if shape else np.zeros(
        int(inside.sum()), np.int64)
    values = [u[inside] for u in updates]
    rounds = _rounds(targets)
    for r in range(int(rounds.max()) + 1 if rounds.size else 0):
        chosen = rounds == r
        at = targets[chosen]
        out = run(op.update_computation, *[x[at] for x in results], *[v[chosen] for v in values])
        for x, value in zip(results, out):
            x[at] = np.broadcast_to(value, at.shape)
    return tuple(x.reshape(shape) for x in results)


# -- sort, reverse and the rest ---------------------------------------------------------------------

_SORT_BLOCK = 1 << 22  # comparator elements evaluated at once


def sort(op, *arrays: np.ndarray, run) -> tuple:
    """Each element's place is the number of elements the comparator puts before it, plus the
    number of earlier elements it holds equal (a stable sort), found by running the comparator
    on all pairs of a slice at once, a block of rows at a time; a comparator that is not a strict
    weak order falls back to a merge sort of each slice by single comparisons."""
    dim = -1 if op.dimension is None else op.dimension
    xs = [np.moveaxis(x, dim, -1) for x in arrays]
    n = xs[0].shape[-1]
    lead = xs[0].shape[:-1]
    places = np.empty(xs[0].shape, np.int64)
    rows = max(1, _SORT_BLOCK // max(1, n * int(np.prod(lead, dtype=np.int64))))
    later = np.arange(n)
    for i0 in range(0, n, rows):
        block = builtins.slice(i0, min(n, i0 + rows))
        mine = [x[..., block, None] for x in xs]
        others = [x[..., None, :] for x in xs]
        before = _compare(op, run, others, mine)  # [.., i, j]: j goes before i
        after = _compare(op, run, mine, others)  # [.., i, j]: i goes before j
        tie = ~before & ~after & (later[None, :] < later[block, None])
        places[..., block] = before.sum(-1) + tie.sum(-1)
    if not np.array_equal(np.sort(places, axis=-1), np.broadcast_to(later, places.shape)):
        places = _merge_places(op, run, xs)
    outs = []
    for x in xs:
        out = np.empty_like(x)
        np.put_along_axis(out, places, x, axis=-1)
        outs.append(np.moveaxis(out, -1, dim))
    return tuple(outs)


def _compare(op, run, lhs, rhs) -> np.ndarray:
    args = [a for pair in zip(lhs, rhs) for a in pair]
    shape = np.broadcast_shapes(*[a.shape for a in args])
    return np.broadcast_to(np.asarray(run(op.comparator, *args)[0], bool), shape)


def _merge_places(op, run, xs) -> np.ndarray:
    from functools import cmp_to_key

    n = xs[0].shape[-1]
    places = np.empty(xs[0].shape, np.int64)
    for at in np.ndindex(xs[0].shape[:-1]):
        def goes_first(i, j):
            return bool(_compare(op, run, [x[at][i] for x in xs], [x[at][j] for x in xs]))

        order = sorted(range(n), key=cmp_to_key(lambda i, j: -1 if goes_first(i, j) else int(goes_first(j, i))))
        places[at][order] = np.arange(n)
    return places


def reverse(op, x: np.ndarray) -> np.ndarray:
    return np.flip(x, axis=tuple(op.dims)).copy() if op.dims else x.copy()


def get_dimension_size(op, x: np.ndarray) -> np.ndarray:
    return np.asarray(x.shape[op.dimension], np.int32)


def broadcast(op, x: np.ndarray) -> np.ndarray:
    return np.broadcast_to(x, op.results[0].type.shape).copy()


# -- the dynamic forms: the shape an operand holds must be the result type's -------------------------

def _held(op, values: np.ndarray, what: str, want: tuple) -> tuple[int, ...]:
    """The integers `values` holds; ShapeError when they are not `want` (the result type's; a
    dimension `?` there takes any size: the shape comes from the values)."""
    held = tuple(int(v) for v in np.asarray(values).reshape(-1))
    if len(held) != len(want) or any(w is not None and h != w for h, w in zip(held, want)):
        from ..errors import ShapeError

        shown = ["?" if w is None else w for w in want]
        raise ShapeError(f"{what} holds {list(held)}, the result type {op.results[0].type} needs {shown}",
                         op=op.NAME, ssa=op.results[0].ssa, path=op.path)
    return held


def dynamic_iota(op, shape: np.ndarray) -> np.ndarray:
    from .structure import iota_array

    held = _held(op, shape, "output_shape", op.results[0].type.shape)
    return iota_array(held, op.iota_dimension, op.results[0].type.dtype)


def broadcast_to_shape(x: np.ndarray, dims: Sequence[int], shape: Sequence[int]) -> np.ndarray:
    order = np.argsort(dims)  # operand dims in the order their result dims appear
    kept = x.transpose(order)
    placed = [1] * len(shape)
    for i in order:
        placed[dims[i]] = x.shape[i]
    return np.broadcast_to(kept.reshape(placed), shape).copy()


def dynamic_broadcast_in_dim(op, x: np.ndarray, shape: np.ndarray) -> np.ndarray:
    return broadcast_to_shape(x, op.dims, _held(op, shape, "output_dimensions", op.results[0].type.shape))


def dynamic_reshape(op, x: np.ndarray, shape: np.ndarray) -> np.ndarray:
    held = _held(op, shape, "output_shape", op.results[0].type.shape)
    if int(np.prod(held)) != x.size:
        from ..errors import ShapeError

        raise ShapeError(f"output_shape holds {list(held)} ({int(np.prod(held))} elements) for an operand of shape "
                         f"{list(x.shape)} ({x.size} elements)", op=op.NAME, ssa=op.results[0].ssa, path=op.path)
    return x.reshape(held)


def dynamic_pad(op, x: np.ndarray, value: np.ndarray, low: np.ndarray, high: np.ndarray,
                interior: np.ndarray) -> np.ndarray:
    low, high, interior = ([int(v) for v in a] for a in (low, high, interior))
    if any(i < 0 for i in interior):
        _held(op, interior, "interior_padding", [max(i, 0) for i in interior])
    grown = tuple(lo + d + max(d - 1, 0) * i + hi for d, lo, hi, i in zip(x.shape, low, high, interior))
    _held(op, np.array(grown), "the padding", op.results[0].type.shape)
    return pad_array(x, value[()], low, high, interior)


def dynamic_gather(op, operand: np.ndarray, indices: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    from ..ast.indexing_rules import gather as gather_shape

    numbers = op.dimension_numbers
    sizes = tuple(int(s) for s in sizes)
    allowed = [min(s, 1) if d in numbers.collapsed_slice_dims else min(max(s, 0), dim)
               for d, (s, dim) in enumerate(zip(sizes, operand.shape))]
    _held(op, np.array(sizes), "slice_sizes", allowed)
    result = gather_shape(operand.shape, indices.shape, numbers, sizes)
    _held(op, np.array(result), "slice_sizes with the start indices", op.results[0].type.shape)
    index = operand_index(result, numbers, indices, operand.shape, sizes)
    return operand[tuple(index)]


def real_dynamic_slice(op, x: np.ndarray, start: np.ndarray, limit: np.ndarray, strides: np.ndarray) -> np.ndarray:
    from ..ast.shape_rules import slice_

    start, limit, strides = ([int(v) for v in a] for a in (start, limit, strides))
    try:
        shape = slice_(x.shape, start, limit, strides)
    except Exception as error:
        from ..errors import ShapeError

        raise ShapeError(f"start_indices {start}, limit_indices {limit}, strides {strides}: {error}",
                         op=op.NAME, ssa=op.results[0].ssa, path=op.path) from None
    _held(op, np.array(shape), "the slice", op.results[0].type.shape)
    return x[tuple(builtins.slice(a, b, s) for a, b, s in zip(start, limit, strides))].copy()


def set_dimension_size(op, x: np.ndarray, size: np.ndarray) -> np.ndarray:
    _held(op, size, "size", (x.shape[op.dimension],))
    return x
