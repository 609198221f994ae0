"""Ops that move elements by indices computed at run time, or reorder them: gather, scatter,
dynamic_slice, dynamic_update_slice, sort, reverse, get_dimension_size, the old broadcast, and
the dynamic forms of iota, broadcast_in_dim, pad, reshape, gather and slice (real_dynamic_slice),
and set_dimension_size (result types with dimensions `?`, their sizes the operands' values).

Each rule checks the spec's constraints (C1, C2, ...) on the types; gather's and scatter's
dimension numbers are checked in vitir/ast/indexing_rules.py.
"""

from __future__ import annotations

from .. import indexing_rules as rules
from .. import shape_rules as shapes
from ..attributes import BOOL, GATHER_DIMENSIONS, I64, I64_ARRAY, SCATTER_DIMENSIONS
from ..declare import Op, attr_def, operand_def, region_def, result_type_def, var_operand_def, var_result_def
from ..traits import PURE, RECURSIVELY_SPECULATABLE, RECURSIVE_EFFECTS, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError, check_dims_in_range
from ..type_rules import (PER_TENSOR, broadcast_element, is_promotable, per_axis, reshape_element, scalar, static,
                          tensor, tensor_of, type_text)
from ..quantized import QuantizedTensorType
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


def _same_elements(*pairs) -> None:
    """Each (what, type) of the first's element type."""
    first_what, first = pairs[0]
    for what, t in pairs[1:]:
        if t.dtype is not first.dtype:
            raise RuleError(f"{what} element type {t.dtype.value} differs from {first_what} {first.dtype.value}")


class Gather(Op):
    """Slices of `operand` at the offsets `start_indices` holds, by the spec's dimension numbers:
    `"stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1],
    collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted =
    false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>`
    (jnp.take). Start indices are clamped so that each slice lies inside the operand."""

    NAME = "stablehlo.gather"
    traits = (PURE,)  # undefined when indices_are_sorted lies
    operand = operand_def()
    start_indices = operand_def()
    dimension_numbers = attr_def(GATHER_DIMENSIONS)
    slice_sizes = attr_def(I64_ARRAY)
    indices_are_sorted = attr_def(BOOL, default=None)
    evaluate = _EVALUATE + "gather"

    @staticmethod
    def rule(operand, start_indices, dimension_numbers, slice_sizes, indices_are_sorted):
        tensor(operand, quantized=PER_TENSOR)
        _indices(start_indices, "start indices")
        return operand.with_shape(rules.gather(operand.shape, start_indices.shape, dimension_numbers, slice_sizes))


class Scatter(Op):
    """`inputs` with the slices at `scatter_indices` combined with `updates` by
    `update_computation` (N accumulators, then N update elements, rank 0; returns N):
    `x.at[i].add(u)`. An update element whose index falls outside the inputs is skipped, element
    by element as the spec says (XLA's CPU backend skips the whole window of such an update)."""

    NAME = "stablehlo.scatter"
    traits = (RECURSIVE_EFFECTS,)  # undefined when unique_indices lies
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
                tensor(t, what, quantized=PER_TENSOR)
                if t.shape != group[0].shape:
                    raise RuleError(f"{what} {i} has shape {list(t.shape)}, {what} 0 has {list(group[0].shape)}")
        for i, (x, u) in enumerate(zip(inputs, updates)):  # C6
            if x.dtype is not u.dtype:
                raise RuleError(f"update {i} element type {u.dtype.value} differs from input {i} {x.dtype.value}")
        _indices(scatter_indices, "scatter indices")
        rules.scatter(inputs[0].shape, scatter_indices.shape, updates[0].shape, scatter_dimension_numbers)
        args, returned = update_computation  # C23
        scalars = tuple(returned)
        if (len(scalars) != n or not all(isinstance(t, (TensorType, QuantizedTensorType)) and t.shape == ()
                                         for t in scalars)
                or tuple(args) != scalars * 2):
            want = ", ".join(f"tensor<E{i}>" for i in range(n))
            raise RuleError(f"the update computation takes ({type_text(args)}) and returns ({type_text(returned)}), "
                            f"needs ({want}, {want}) -> ({want})")
        for i, (x, e) in enumerate(zip(inputs, scalars)):
            if not is_promotable(x.dtype, e.dtype):
                raise RuleError(f"the update computation's element type {e.dtype.value} does not hold input {i}'s "
                                f"{x.dtype.value}")
        return tuple(tensor_of(x.shape, e.dtype) for x, e in zip(inputs, scalars))  # C24, C25


class DynamicSlice(Op):
    """A slice of `slice_sizes` from start indices given as rank-0 values, each clamped so that
    the slice lies inside the operand: `stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : ...`."""

    NAME = "stablehlo.dynamic_slice"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    start_indices = var_operand_def()
    slice_sizes = attr_def(I64_ARRAY)
    syntax = "{operand}, {start_indices}, sizes = {slice_sizes} : {functional_type}"
    evaluate = _EVALUATE + "dynamic_slice"

    @staticmethod
    def rule(operand, start_indices, slice_sizes):
        tensor(operand, quantized=PER_TENSOR)
        _scalar_indices(start_indices)
        return operand.with_shape(rules.dynamic_slice(operand.shape, len(start_indices), slice_sizes))


class DynamicUpdateSlice(Op):
    """`operand` with `update` written at the start indices (rank-0 values, clamped so that the
    update lies inside): `stablehlo.dynamic_update_slice %x, %u, %i, %j : ...`."""

    NAME = "stablehlo.dynamic_update_slice"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    update = operand_def()
    start_indices = var_operand_def()
    syntax = "{operands(operand, update, start_indices)} : {functional_type}"
    evaluate = _EVALUATE + "dynamic_update_slice"

    @staticmethod
    def rule(operand, update, start_indices):
        tensor(operand, quantized=PER_TENSOR)
        tensor(update, "update", quantized=PER_TENSOR)
        _same_elements(("operand", operand), ("update", update))  # C2
        rules.dynamic_update_slice(operand.shape, update.shape, len(start_indices))
        _scalar_indices(start_indices)
        return operand  # C1


class Sort(Op):
    """Sorts the 1-D slices of `inputs` along `dimension` together, by `comparator` (two rank-0
    elements of each input, lhs then rhs; returns i1, true when lhs goes first); `is_stable` keeps
    the order of elements the comparator holds equal. `jnp.sort`, `jnp.argsort`."""

    NAME = "stablehlo.sort"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
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
        shape = tensor(inputs[0], quantized=PER_TENSOR).shape
        for i, t in enumerate(inputs):  # C3
            tensor(t, quantized=PER_TENSOR)
            if not shapes.compatible_shapes(t.shape, shape):
                raise RuleError(f"input {i} has shape {list(t.shape)}, input 0 has {list(shape)}")
        rank = len(shape)
        d = -1 if dimension is None else dimension
        if not -rank <= d < rank:  # C4
            raise RuleError(f"dimension {d} is out of range for inputs of rank {rank}")
        args, returned = comparator  # C5
        scalars = tuple(scalar(t) for t in inputs for _ in (0, 1))
        if tuple(args) != scalars or tuple(returned) != (TensorType((), DType.I1),):
            raise RuleError(f"the comparator takes ({type_text(args)}) and returns ({type_text(returned)}), needs "
                            f"({type_text(scalars)}) -> (tensor<i1>)")
        return tuple(inputs)  # C2


class Reverse(Op):
    """Reverses the order of elements along `dims`: `stablehlo.reverse %x, dims = [0] : T` (jnp.flip)."""

    NAME = "stablehlo.reverse"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    dims = attr_def(I64_ARRAY, mlir="dimensions")
    syntax = "{operand}, dims = {dims} : {same_type}"
    evaluate = _EVALUATE + "reverse"

    @staticmethod
    def rule(operand, dims):
        check_dims_in_range(dims, tensor(operand, quantized=PER_TENSOR).rank, "reverse")  # C2, C3
        return operand  # C1


class GetDimensionSize(Op):
    """The size of one dimension, as a rank-0 i32: `stablehlo.get_dimension_size %x, dim = 1 : ...`."""

    NAME = "stablehlo.get_dimension_size"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    dimension = attr_def(I64)
    syntax = "{operand}, dim = {dimension} : {functional_type}"
    evaluate = _EVALUATE + "get_dimension_size"

    @staticmethod
    def rule(operand, dimension):
        rank = tensor(operand, quantized=True).rank
        if not 0 <= dimension < rank:  # C1
            raise RuleError(f"dimension {dimension} is out of range for an operand of rank {rank}")
        return TensorType((), DType.I32)


class Broadcast(Op):
    """The old broadcast (no longer in the spec, still in the dialect): new leading dimensions of
    `sizes` before the operand's, `stablehlo.broadcast %x, sizes = [2, 3] : (tensor<4xf32>) ->
    tensor<2x3x4xf32>`."""

    NAME = "stablehlo.broadcast"
    traits = (PURE, SPECULATABLE)
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


# -- the dynamic forms: a shape, padding or slice sizes given as an operand ------------------------
# The result type is given (its dimensions `?` where the shape is known at run time only); the rule
# checks what the types say, the evaluator the operand's values against the result type.

def _shape_operand(t, what: str, size: int | None = None, static_size: bool = True) -> TensorType:
    """A 1-D integer tensor (of `size` entries when given); of a static size unless `static_size` is
    False (MLIR's HLO_StaticDimensionTensor; real_dynamic_slice's bounds are HLO_DimensionTensor)."""
    _indices(t, what)
    if t.rank != 1:
        raise RuleError(f"{what} must be rank 1, got shape {list(t.shape)}")
    if static_size:
        static(t, what)
    if size is not None and t.shape[0] is not None and t.shape[0] != size:
        raise RuleError(f"{what} has {t.shape[0]} entries for {size} dimensions")
    return t


def _per_dimension_operands(operand: TensorType, result_type: TensorType, static_size: bool = True,
                            **named) -> None:
    """1-D integer operands of one type (MLIR's AllTypesMatch), an entry per operand dimension
    (dynamic_pad's paddings, real_dynamic_slice's bounds), and a result of the operand's rank."""
    for what, t in named.items():
        _shape_operand(t, what, operand.rank, static_size)
    types = tuple(named.values())
    if len(set(types)) > 1:
        names = list(named)
        raise RuleError(f"{', '.join(names[:-1])} and {names[-1]} differ in type: {type_text(types)}")
    if result_type.rank != operand.rank:
        raise RuleError(f"result rank {result_type.rank} differs from operand rank {operand.rank}")


def _known_shape(shape: tuple[int, ...], result_type: TensorType) -> None:
    """A shape operand a constant gives must be compatible with the result type's shape (MLIR's verifier)."""
    if not shapes.compatible_shapes(tuple(shape), result_type.shape):
        raise RuleError(f"output shape {list(shape)} is incompatible with the result type {result_type}")


class DynamicIota(Op):
    """iota of the shape `output_shape` holds: `stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) ->
    tensor<3x4xi64>`."""

    NAME = "stablehlo.dynamic_iota"
    traits = (PURE,)  # undefined when the shape operand disagrees with the result type
    output_shape = operand_def()
    iota_dimension = attr_def(I64)
    result_type = result_type_def()
    syntax = "{output_shape}, dim = {iota_dimension} : {functional_type}"
    evaluate = _EVALUATE + "dynamic_iota"

    @staticmethod
    def rule(output_shape, iota_dimension, result_type):
        tensor(result_type, "result")
        _shape_operand(output_shape, "output_shape", result_type.rank)  # C2
        if not 0 <= iota_dimension < result_type.rank:  # C1
            raise RuleError(f"iota_dimension {iota_dimension} is out of range for rank {result_type.rank}")
        if result_type.dtype.is_bool:
            raise RuleError(f"element type {result_type.dtype.value} is not an integer, float or complex type")
        return result_type

    KNOWN_OPERANDS = ("output_shape",)

    @staticmethod
    def known_rule(fields, known):
        _known_shape(known["output_shape"], fields["result_type"])


class DynamicBroadcastInDim(Op):
    """broadcast_in_dim to the shape `output_dimensions` holds: `stablehlo.dynamic_broadcast_in_dim %x,
    %s, dims = [0, 2] : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>`."""

    NAME = "stablehlo.dynamic_broadcast_in_dim"
    traits = (PURE,)  # undefined when the shape operand disagrees with the result type
    operand = operand_def()
    output_dimensions = operand_def()
    dims = attr_def(I64_ARRAY, mlir="broadcast_dimensions")
    result_type = result_type_def()
    known_expanding_dimensions = attr_def(I64_ARRAY, default=None)
    known_nonexpanding_dimensions = attr_def(I64_ARRAY, default=None)
    syntax = "{operand}, {output_dimensions}, dims = {dims}{attr_dict? } : {functional_type}"
    evaluate = _EVALUATE + "dynamic_broadcast_in_dim"

    @staticmethod
    def rule(operand, output_dimensions, dims, result_type, known_expanding_dimensions,
             known_nonexpanding_dimensions):
        tensor(operand, quantized=True)
        tensor(result_type, "result", quantized=True)
        if not per_axis(operand):
            _same_elements(("operand", operand), ("result", result_type))  # C1
        shapes.broadcast_in_dim(operand.shape, dims, result_type.shape)  # C2-C5
        if per_axis(operand):
            broadcast_element(operand, dims, result_type)  # C1, C6
        _shape_operand(output_dimensions, "output_dimensions", result_type.rank)  # C7
        expanding, kept = known_expanding_dimensions or (), known_nonexpanding_dimensions or ()
        check_dims_in_range((*expanding, *kept), operand.rank, "known expanding and nonexpanding")  # C8-C10
        return result_type

    KNOWN_OPERANDS = ("output_dimensions",)

    @staticmethod
    def known_rule(fields, known):
        _known_shape(known["output_dimensions"], fields["result_type"])
        shapes.broadcast_in_dim(fields["operand"].shape, fields["dims"], tuple(known["output_dimensions"]))


class DynamicPad(Op):
    """pad by the edge and interior padding three operands hold: `stablehlo.dynamic_pad %x, %v, %lo,
    %hi, %in : (...) -> T`."""

    NAME = "stablehlo.dynamic_pad"
    traits = (PURE,)  # undefined when the shape operand disagrees with the result type
    operand = operand_def()
    padding_value = operand_def()
    edge_padding_low = operand_def()
    edge_padding_high = operand_def()
    interior_padding = operand_def()
    result_type = result_type_def()
    syntax = ("{operand}, {padding_value}, {edge_padding_low}, {edge_padding_high}, {interior_padding} : "
              "{functional_type}")
    evaluate = _EVALUATE + "dynamic_pad"

    @staticmethod
    def rule(operand, padding_value, edge_padding_low, edge_padding_high, interior_padding, result_type):
        tensor(operand)
        tensor(padding_value, "padding value")
        tensor(result_type, "result")
        _same_elements(("operand", operand), ("padding value", padding_value), ("result", result_type))  # C1
        if padding_value.shape != ():
            raise RuleError(f"padding value must be rank 0, got shape {list(padding_value.shape)}")
        _per_dimension_operands(operand, result_type, edge_padding_low=edge_padding_low,  # C2, C4
                                edge_padding_high=edge_padding_high, interior_padding=interior_padding)
        return result_type

    KNOWN_OPERANDS = ("edge_padding_low", "edge_padding_high", "interior_padding")

    @staticmethod
    def known_rule(fields, known):
        interior = known.get("interior_padding")
        if interior is not None and any(i < 0 for i in interior):
            raise RuleError(f"interior_padding must be non-negative, but got {list(interior)}")
        if len(known) < 3:
            return
        low, high, interior = (known[f] for f in DynamicPad.KNOWN_OPERANDS)
        padded = shapes.pad(fields["operand"].shape, (), low, high, interior)
        for d, (want, got) in enumerate(zip(padded, fields["result_type"].shape)):
            if not shapes.compatible(want, got):
                raise RuleError(f"the paddings give result dimension {d} size {want}, the result type "
                                f"{fields['result_type']} has {got}")


class DynamicReshape(Op):
    """reshape to the shape `output_shape` holds: `stablehlo.dynamic_reshape %x, %s : (...) -> T`."""

    NAME = "stablehlo.dynamic_reshape"
    traits = (PURE,)  # undefined when the shape operand disagrees with the result type
    operand = operand_def()
    output_shape = operand_def()
    result_type = result_type_def()
    syntax = "{operand}, {output_shape} : {functional_type}"
    evaluate = _EVALUATE + "dynamic_reshape"

    @staticmethod
    def rule(operand, output_shape, result_type):
        tensor(operand, quantized=True)
        tensor(result_type, "result", quantized=True)
        if per_axis(operand):
            reshape_element(operand, result_type)  # C1, C3
        else:
            _same_elements(("operand", operand), ("result", result_type))  # C1
        shapes.reshape(operand.shape, result_type.shape)  # C2
        _shape_operand(output_shape, "output_shape", result_type.rank)  # C4
        return result_type

    KNOWN_OPERANDS = ("output_shape",)

    @staticmethod
    def known_rule(fields, known):
        _known_shape(known["output_shape"], fields["result_type"])
        if all(d >= 0 for d in known["output_shape"]):  # MLIR's verifier: the element counts agree
            shapes.reshape(fields["operand"].shape, tuple(known["output_shape"]))


class DynamicGather(Op):
    """gather with the slice sizes an operand holds (batching dimensions too, as MLIR's verifier and
    StableHLO's compatibility suite have them)."""

    NAME = "stablehlo.dynamic_gather"
    traits = (PURE,)  # undefined when the shape operand disagrees with the result type
    operand = operand_def()
    start_indices = operand_def()
    slice_sizes = operand_def()
    dimension_numbers = attr_def(GATHER_DIMENSIONS)
    result_type = result_type_def()
    indices_are_sorted = attr_def(BOOL, default=None)
    evaluate = _EVALUATE + "dynamic_gather"

    @staticmethod
    def rule(operand, start_indices, slice_sizes, dimension_numbers, result_type, indices_are_sorted):
        tensor(operand)
        _indices(start_indices, "start indices")
        tensor(result_type, "result")
        offset, collapsed, operand_batching = dimension_numbers[:3]
        space = rules.check_numbers(dimension_numbers, rules.GATHER_NAMES, operand.shape, start_indices.shape,
                                    "result")  # C1-C7, C9, C10
        _shape_operand(slice_sizes, "slice_sizes", operand.rank)  # C11
        if result_type.rank != len(space.batch) + len(offset):  # C13
            raise RuleError(f"result rank {result_type.rank} is not the {len(space.batch)} batch dimensions + "
                            f"{len(offset)} offset_dims")
        batch = tuple(s for d, s in enumerate(result_type.shape) if d not in offset)
        if not shapes.compatible_shapes(batch, space.batch):
            raise RuleError(f"result shape {list(result_type.shape)} has batch dimensions {list(batch)}, the start "
                            f"indices give {list(space.batch)}")
        bounds = tuple(s for d, s in enumerate(operand.shape) if d not in collapsed and d not in operand_batching)
        rules.within(tuple(result_type.shape[d] for d in offset), bounds, "offset sizes", "operand shape")  # C12
        _same_elements(("operand", operand), ("result", result_type))  # C14
        return result_type

    KNOWN_OPERANDS = ("slice_sizes",)

    @staticmethod
    def known_rule(fields, known):
        sizes = known["slice_sizes"]
        inferred = rules.gather(fields["operand"].shape, fields["start_indices"].shape, fields["dimension_numbers"],
                                sizes)
        if not shapes.compatible_shapes(inferred, fields["result_type"].shape):
            raise RuleError(f"slice_sizes {list(sizes)} give the result shape {list(inferred)}, the result type "
                            f"{fields['result_type']} has {list(fields['result_type'].shape)}")


class SetDimensionSize(Op):
    """Sets the size of one dimension at run time. In a static type that size can only be the whole
    dimension (MLIR infers the operand's type for a constant size equal to it), so the result is
    the operand and the evaluator checks the size: `stablehlo.set_dimension_size %x, %n, dim = 0 :
    (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>`."""

    NAME = "stablehlo.set_dimension_size"
    traits = (PURE,)  # undefined when the shape operand disagrees with the result type
    operand = operand_def()
    size = operand_def()
    dimension = attr_def(I64)
    syntax = "{operand}, {size}, dim = {dimension} : {functional_type}"
    evaluate = _EVALUATE + "set_dimension_size"

    @staticmethod
    def rule(operand, size, dimension):
        rank = tensor(operand).rank
        tensor(size, "size")
        if size != TensorType((), DType.I32):
            raise RuleError(f"size must be a rank-0 i32, got {size}")
        if not 0 <= dimension < rank:
            raise RuleError(f"dimension {dimension} is out of range for an operand of rank {rank}")
        return operand  # a dimension `?` stays `?`; a static one is the only size its type allows


class RealDynamicSlice(Op):
    """slice by the start, limit and stride operands hold: `stablehlo.real_dynamic_slice %x, %start,
    %limit, %strides : (tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xf32>`."""

    NAME = "stablehlo.real_dynamic_slice"
    traits = (PURE,)  # undefined when the slice's operands disagree with the result type
    operand = operand_def()
    start_indices = operand_def()
    limit_indices = operand_def()
    strides = operand_def()
    result_type = result_type_def()
    syntax = "{operand}, {start_indices}, {limit_indices}, {strides} : {functional_type}"
    evaluate = _EVALUATE + "real_dynamic_slice"

    @staticmethod
    def rule(operand, start_indices, limit_indices, strides, result_type):
        tensor(operand)
        tensor(result_type, "result")
        _same_elements(("operand", operand), ("result", result_type))  # C1
        _per_dimension_operands(operand, result_type, False, start_indices=start_indices,  # C2, C3
                                limit_indices=limit_indices, strides=strides)
        return result_type  # MLIR's verifier leaves constant bounds to run time: so does vitir's
