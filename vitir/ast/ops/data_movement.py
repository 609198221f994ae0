"""Ops that move elements by indices computed at run time, or reorder them: gather, scatter,
dynamic_slice, dynamic_update_slice, sort, reverse, get_dimension_size and the old broadcast.

Each rule checks the spec's constraints (C1, C2, ...) on the types; gather's and scatter's
dimension numbers are checked in vitir/ast/indexing_rules.py.
"""

from __future__ import annotations

from .. import indexing_rules as rules
from ..attributes import BOOL, GATHER_DIMENSIONS, I64, I64_ARRAY, SCATTER_DIMENSIONS
from ..declare import Op, attr_def, operand_def, region_def, var_operand_def, var_result_def
from ..element_types import DType
from ..shape_rules import RuleError, check_dims_in_range
from ..type_rules import is_promotable, tensor, type_text
from ..types import TensorType

_EVALUATE = "vitir.evaluate.data_movement:"


def _indices(t, what: str) -> TensorType:
    tensor(t, what)
    if not t.dtype.is_integer:
        raise RuleError(f"{what} must be of an integer type, got {t.dtype.value}")
    return t


def _scalar_indices(types, what: str = "start indices") -> None:
    """Rank-0 integer tensors, all of one type (dynamic_slice's C3, dynamic_update_slice's C5)."""
    for i, t in enumerate(types):
        _indices(t, f"start index {i}")
        if t.shape != ():
            raise RuleError(f"start index {i} must be rank 0, got shape {list(t.shape)}")
    if len(set(types)) > 1:
        raise RuleError(f"{what} differ in type: {type_text(types)}")


class Gather(Op):
    """Slices of `operand` at the offsets `start_indices` holds, by the spec's dimension numbers:
    `"stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1],
    collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted =
    false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>`
    (jnp.take). Start indices are clamped so that each slice lies inside the operand."""

    NAME = "stablehlo.gather"
    operand = operand_def()
    start_indices = operand_def()
    dimension_numbers = attr_def(GATHER_DIMENSIONS)
    slice_sizes = attr_def(I64_ARRAY)
    indices_are_sorted = attr_def(BOOL, default=None)
    evaluate = _EVALUATE + "gather"

    @staticmethod
    def rule(operand, start_indices, dimension_numbers, slice_sizes, indices_are_sorted):
        tensor(operand)
        _indices(start_indices, "start indices")
        return operand.with_shape(rules.gather(operand.shape, start_indices.shape, dimension_numbers, slice_sizes))


class Scatter(Op):
    """`inputs` with the slices at `scatter_indices` combined with `updates` by
    `update_computation` (N accumulators, then N update elements, rank 0; returns N):
    `x.at[i].add(u)`. Updates whose index falls outside the inputs are skipped."""

    NAME = "stablehlo.scatter"
    inputs = var_operand_def()
    scatter_indices = operand_def()
    updates = var_operand_def()
    scatter_dimension_numbers = attr_def(SCATTER_DIMENSIONS)
    update_computation = region_def()
    indices_are_sorted = attr_def(BOOL, default=None)
    unique_indices = attr_def(BOOL, default=None)
    results = var_result_def()
    evaluate = _EVALUATE + "scatter"

    @staticmethod
    def rule(inputs, scatter_indices, updates, scatter_dimension_numbers, update_computation, indices_are_sorted,
             unique_indices):
        n = len(inputs)
        if n == 0 or len(updates) != n:  # C5
            raise RuleError(f"{n} input{'s' * (n != 1)} and {len(updates)} update{'s' * (len(updates) != 1)}: needs "
                            f"one update per input, at least one")
        for group, what in ((inputs, "input"), (updates, "update")):  # C1, C3
            for i, t in enumerate(group):
                tensor(t, what)
                if t.shape != group[0].shape:
                    raise RuleError(f"{what} {i} has shape {list(t.shape)}, {what} 0 has {list(group[0].shape)}")
        for i, (x, u) in enumerate(zip(inputs, updates)):  # C6
            if x.dtype is not u.dtype:
                raise RuleError(f"update {i} element type {u.dtype.value} differs from input {i} {x.dtype.value}")
        _indices(scatter_indices, "scatter indices")
        rules.scatter(inputs[0].shape, scatter_indices.shape, updates[0].shape, scatter_dimension_numbers)
        args, returned = update_computation  # C23
        scalars = tuple(returned)
        if (len(scalars) != n or not all(isinstance(t, TensorType) and t.shape == () for t in scalars)
                or tuple(args) != scalars * 2):
            want = ", ".join(f"tensor<E{i}>" for i in range(n))
            raise RuleError(f"the update computation takes ({type_text(args)}) and returns ({type_text(returned)}), "
                            f"needs ({want}, {want}) -> ({want})")
        for i, (x, e) in enumerate(zip(inputs, scalars)):
            if not is_promotable(x.dtype, e.dtype):
                raise RuleError(f"the update computation's element type {e.dtype.value} does not hold input {i}'s "
                                f"{x.dtype.value}")
        return tuple(TensorType(x.shape, e.dtype) for x, e in zip(inputs, scalars))  # C24, C25


class DynamicSlice(Op):
    """A slice of `slice_sizes` from start indices given as rank-0 values, each clamped so that
    the slice lies inside the operand: `stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : ...`."""

    NAME = "stablehlo.dynamic_slice"
    operand = operand_def()
    start_indices = var_operand_def()
    slice_sizes = attr_def(I64_ARRAY)
    syntax = "{operand}, {start_indices}, sizes = {slice_sizes} : {functional_type}"
    evaluate = _EVALUATE + "dynamic_slice"

    @staticmethod
    def rule(operand, start_indices, slice_sizes):
        tensor(operand)
        _scalar_indices(start_indices)
        return operand.with_shape(rules.dynamic_slice(operand.shape, len(start_indices), slice_sizes))


class DynamicUpdateSlice(Op):
    """`operand` with `update` written at the start indices (rank-0 values, clamped so that the
    update lies inside): `stablehlo.dynamic_update_slice %x, %u, %i, %j : ...`."""

    NAME = "stablehlo.dynamic_update_slice"
    operand = operand_def()
    update = operand_def()
    start_indices = var_operand_def()
    syntax = "{operands(operand, update, start_indices)} : {functional_type}"
    evaluate = _EVALUATE + "dynamic_update_slice"

    @staticmethod
    def rule(operand, update, start_indices):
        tensor(operand)
        tensor(update, "update")
        if update.dtype is not operand.dtype:  # C2
            raise RuleError(f"update element type {update.dtype.value} differs from operand {operand.dtype.value}")
        rules.dynamic_update_slice(operand.shape, update.shape, len(start_indices))
        _scalar_indices(start_indices)
        return operand  # C1


class Sort(Op):
    """Sorts the 1-D slices of `inputs` along `dimension` together, by `comparator` (two rank-0
    elements of each input, lhs then rhs; returns i1, true when lhs goes first); `is_stable` keeps
    the order of elements the comparator holds equal. `jnp.sort`, `jnp.argsort`."""

    NAME = "stablehlo.sort"
    inputs = var_operand_def()
    comparator = region_def()
    dimension = attr_def(I64, default=None, doc="default -1; negative counts from the last")
    is_stable = attr_def(BOOL, default=None, doc="default false")
    results = var_result_def()
    evaluate = _EVALUATE + "sort"

    @staticmethod
    def rule(inputs, comparator, dimension, is_stable):
        if not inputs:  # C1
            raise RuleError("sort needs at least one input")
        shape = tensor(inputs[0]).shape
        for i, t in enumerate(inputs):  # C3
            tensor(t)
            if t.shape != shape:
                raise RuleError(f"input {i} has shape {list(t.shape)}, input 0 has {list(shape)}")
        rank = len(shape)
        d = -1 if dimension is None else dimension
        if not -rank <= d < rank:  # C4
            raise RuleError(f"dimension {d} is out of range for inputs of rank {rank}")
        args, returned = comparator  # C5
        scalars = tuple(TensorType((), t.dtype) for t in inputs for _ in (0, 1))
        if tuple(args) != scalars or tuple(returned) != (TensorType((), DType.I1),):
            raise RuleError(f"the comparator takes ({type_text(args)}) and returns ({type_text(returned)}), needs "
                            f"({type_text(scalars)}) -> (tensor<i1>)")
        return tuple(inputs)  # C2


class Reverse(Op):
    """Reverses the order of elements along `dims`: `stablehlo.reverse %x, dims = [0] : T` (jnp.flip)."""

    NAME = "stablehlo.reverse"
    operand = operand_def()
    dims = attr_def(I64_ARRAY, mlir="dimensions")
    syntax = "{operand}, dims = {dims} : {same_type}"
    evaluate = _EVALUATE + "reverse"

    @staticmethod
    def rule(operand, dims):
        check_dims_in_range(dims, tensor(operand).rank, "reverse")  # C2, C3
        return operand  # C1


class GetDimensionSize(Op):
    """The size of one dimension, as a rank-0 i32: `stablehlo.get_dimension_size %x, dim = 1 : ...`."""

    NAME = "stablehlo.get_dimension_size"
    operand = operand_def()
    dimension = attr_def(I64)
    syntax = "{operand}, dim = {dimension} : {functional_type}"
    evaluate = _EVALUATE + "get_dimension_size"

    @staticmethod
    def rule(operand, dimension):
        rank = tensor(operand).rank
        if not 0 <= dimension < rank:  # C1
            raise RuleError(f"dimension {dimension} is out of range for an operand of rank {rank}")
        return TensorType((), DType.I32)


class Broadcast(Op):
    """The old broadcast (no longer in the spec, still in the dialect): new leading dimensions of
    `sizes` before the operand's, `stablehlo.broadcast %x, sizes = [2, 3] : (tensor<4xf32>) ->
    tensor<2x3x4xf32>`."""

    NAME = "stablehlo.broadcast"
    operand = operand_def()
    sizes = attr_def(I64_ARRAY, mlir="broadcast_sizes")
    syntax = "{operand}, sizes = {sizes} : {functional_type}"
    evaluate = _EVALUATE + "broadcast"

    @staticmethod
    def rule(operand, sizes):
        tensor(operand)
        for s in sizes:
            if s < 0:
                raise RuleError(f"broadcast sizes {list(sizes)} must not be negative")
        return operand.with_shape((*sizes, *operand.shape))
