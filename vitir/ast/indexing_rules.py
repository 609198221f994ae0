"""Shape rules of the ops that index: gather, scatter, dynamic_slice and dynamic_update_slice.

Pure functions of shapes and dimension numbers, checking the constraints of
StableHLO's spec in its order (C1, C2, ...) and raising RuleError with a reason
that names the field and echoes its value. Gather and scatter share the
checks of their dimension numbers: gather's offset_dims, collapsed_slice_dims,
operand_batching_dims, start_indices_batching_dims and start_index_map are
scatter's update_window_dims, inserted_window_dims, input_batching_dims,
scatter_indices_batching_dims and scatter_dims_to_operand_dims.
"""

from __future__ import annotations

from typing import Sequence

from ..records import NamedTuple
from .shape_rules import RuleError, Shape, compatible, compatible_shapes

GATHER_NAMES = ("offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
                "start_index_map")
SCATTER_NAMES = ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                 "scatter_indices_batching_dims", "scatter_dims_to_operand_dims")


def _unique(dims: Sequence[int], what: str) -> None:
    if len(set(dims)) != len(dims):
        raise RuleError(f"{what} {list(dims)} repeat a dimension")


def _sorted(dims: Sequence[int], what: str) -> None:
    if list(dims) != sorted(dims):
        raise RuleError(f"{what} {list(dims)} are not sorted")


def _in_range(dims: Sequence[int], rank: int, what: str, of: str) -> None:
    for d in dims:
        if not 0 <= d < rank:
            raise RuleError(f"{what} {list(dims)}: {d} is out of range for the {of} of rank {rank}")


class IndexSpace(NamedTuple):
    """What the dimension numbers say of the index tensor: its batch shape (its shape without
    index_vector_dim) and how many operand dimensions each index addresses."""

    batch: Shape
    vector: int


def check_numbers(numbers: Sequence, names: Sequence[str], operand: Shape, indices: Shape, window_of: str,
                  operand_of: str = "operand", indices_of: str = "start indices") -> IndexSpace:
    """The constraints gather and scatter share (gather's C1-C8, C10-C11, C13-C19; scatter's C2,
    C7-C17, C19-C22), with `names` the fields' names; `window_of` names the tensor the window
    dimensions index (gather's result, scatter's updates)."""
    window, collapsed, operand_batching, indices_batching, index_map, vector_dim = numbers
    w_name, c_name, ob_name, ib_name, map_name = names
    rank, index_rank = len(operand), len(indices)
    if rank != len(window) + len(collapsed) + len(operand_batching):
        raise RuleError(f"{operand_of} rank {rank} is not the {len(window)} {w_name} + {len(collapsed)} {c_name} + "
                        f"{len(operand_batching)} {ob_name}")
    if not 0 <= vector_dim <= index_rank:
        raise RuleError(f"index_vector_dim {vector_dim} is out of range for {indices_of} of rank {index_rank}")
    vector = indices[vector_dim] if vector_dim < index_rank else 1
    if vector is not None and len(index_map) != vector:  # a `?` index vector is checked at run time
        raise RuleError(f"{map_name} {list(index_map)} has {len(index_map)} entries for index vectors of {vector}")
    batch = tuple(s for d, s in enumerate(indices) if d != vector_dim)
    _unique(window, w_name)
    _sorted(window, w_name)
    _in_range(window, len(batch) + len(window), w_name, window_of)
    _unique((*collapsed, *operand_batching), f"{c_name} and {ob_name}")
    _sorted(collapsed, c_name)
    _in_range(collapsed, rank, c_name, operand_of)
    _sorted(operand_batching, ob_name)
    _in_range(operand_batching, rank, ob_name, operand_of)
    _unique(indices_batching, ib_name)
    _in_range(indices_batching, index_rank, ib_name, indices_of)
    if vector_dim in indices_batching:
        raise RuleError(f"index_vector_dim {vector_dim} is one of the {ib_name} {list(indices_batching)}")
    if len(operand_batching) != len(indices_batching):
        raise RuleError(f"{ob_name} {list(operand_batching)} and {ib_name} {list(indices_batching)} differ in length")
    for o, i in zip(operand_batching, indices_batching):
        if not compatible(operand[o], indices[i]):
            raise RuleError(f"batching dimension {o} of the {operand_of} has size {operand[o]}, dimension {i} of "
                            f"the {indices_of} {indices[i]}")
    _unique((*index_map, *operand_batching), f"{map_name} and {ob_name}")
    _in_range(index_map, rank, map_name, operand_of)
    return IndexSpace(batch, vector)


def combine(batch: Shape, window_dims: Sequence[int], window: Shape) -> Shape:
    """The shape with `window` at `window_dims` and `batch` at the other axes, in order."""
    out, b, w = [], iter(batch), iter(window)
    for d in range(len(batch) + len(window)):
        out.append(next(w) if d in window_dims else next(b))
    return tuple(out)


def gather(operand: Shape, indices: Shape, numbers: Sequence, slice_sizes: Sequence[int]) -> Shape:
    """The spec's gather constraints; the result shape (C22)."""
    offset, collapsed, operand_batching = numbers[0], numbers[1], numbers[2]
    space = check_numbers(numbers, GATHER_NAMES, operand, indices, "result")
    if len(slice_sizes) != len(operand):  # C20
        raise RuleError(f"slice_sizes {list(slice_sizes)} has {len(slice_sizes)} entries for an operand of rank "
                        f"{len(operand)}")
    for what, dims in (("collapsed_slice_dims", collapsed), ("operand_batching_dims", operand_batching)):  # C9, C12
        for d in dims:
            if slice_sizes[d] > 1:
                raise RuleError(f"slice size {slice_sizes[d]} of dimension {d} in {what} {list(dims)} exceeds 1")
    within(slice_sizes, operand, "slice_sizes", "operand shape")  # C21
    kept = tuple(s for d, s in enumerate(slice_sizes) if d not in collapsed and d not in operand_batching)
    return combine(space.batch, offset, kept)


def scatter(inputs: Shape, indices: Shape, updates: Shape, numbers: Sequence) -> None:
    """The spec's scatter constraints on shapes (C2, C4, C7-C22)."""
    window_dims, inserted, input_batching = numbers[0], numbers[1], numbers[2]
    space = check_numbers(numbers, SCATTER_NAMES, inputs, indices, "updates", "inputs", "scatter indices")
    if len(updates) != len(space.batch) + len(window_dims):
        raise RuleError(f"updates of rank {len(updates)} need {len(space.batch)} scatter dimensions + "
                        f"{len(window_dims)} update_window_dims")
    scatter_sizes = tuple(s for d, s in enumerate(updates) if d not in window_dims)
    if not compatible_shapes(scatter_sizes, space.batch):
        raise RuleError(f"updates shape {list(updates)} has scatter dimensions {list(scatter_sizes)}, the scatter "
                        f"indices give {list(space.batch)}")
    bounds = tuple(s for d, s in enumerate(inputs) if d not in inserted and d not in input_batching)
    within(tuple(updates[d] for d in window_dims), bounds, "update window sizes", "inputs' window bounds")


def within(sizes: Sequence[int], bounds: Sequence[int], what: str, of: str) -> None:
    """0 <= sizes <= bounds, entry by entry."""
    for s, b in zip(sizes, bounds):
        if s is None or b is None:  # known at run time only: checked then
            continue
        if not 0 <= s <= b:
            raise RuleError(f"{what} {list(sizes)} exceed the {of} {list(bounds)}")


def dynamic_slice(operand: Shape, index_count: int, slice_sizes: Sequence[int]) -> Shape:
    """dynamic_slice's C2, C4 and C5: one start index and one size per operand dimension."""
    if not index_count == len(slice_sizes) == len(operand):
        raise RuleError(f"{index_count} start indices and slice_sizes {list(slice_sizes)} for an operand of rank "
                        f"{len(operand)}: needs one of each per dimension")
    within(slice_sizes, operand, "slice_sizes", "operand shape")
    return tuple(slice_sizes)


def dynamic_update_slice(operand: Shape, update: Shape, index_count: int) -> None:
    """dynamic_update_slice's C3, C4 and C6."""
    if len(update) != len(operand):
        raise RuleError(f"update of rank {len(update)} for an operand of rank {len(operand)}")
    if index_count != len(operand):
        raise RuleError(f"{index_count} start indices for an operand of rank {len(operand)}")
    within(update, operand, "update shape", "operand shape")
