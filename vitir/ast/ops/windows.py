"""Windows: reduce_window (pooling, cumulative sums) and select_and_scatter (the max-pool gradient).

Both are written in MLIR's generic form, their bodies in full:
`"stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1, 2, 2>, ...}> ({...})`.
"""

from __future__ import annotations

from .. import shape_rules as shapes
from ..attributes import I64_ARRAY, PAIRS
from ..declare import Op, attr_def, operand_def, region_def, var_operand_def, var_result_def
from ..traits import RECURSIVELY_SPECULATABLE, RECURSIVE_EFFECTS
from ..element_types import DType
from ..shape_rules import RuleError
from ..type_rules import PER_TENSOR, accumulator_types, reduction_operands, tensor, tensor_of, type_text
from ..types import TensorType


def _windows(shape, window, strides, base_dilations, window_dilations, padding):
    """The window count per dimension; an absent attribute is its default (1s, no padding)."""
    rank = len(shape)
    ones = (1,) * rank
    return shapes.windows(shape, window, strides if strides is not None else ones,
                          base_dilations if base_dilations is not None else ones,
                          window_dilations if window_dilations is not None else ones,
                          padding if padding is not None else ((0, 0),) * rank)


class ReduceWindow(Op):
    """Folds each window of `inputs` with `body`, from `init_values`: the body takes N accumulators,
    then N elements (rank 0), and returns N. The inputs are padded with the init values (and dilated
    by `base_dilations`), the windows stepped by `window_strides` and dilated by `window_dilations`."""

    NAME = "stablehlo.reduce_window"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    inputs = var_operand_def()
    init_values = var_operand_def()
    body = region_def()
    window_dimensions = attr_def(I64_ARRAY)
    window_strides = attr_def(I64_ARRAY, default=None)
    base_dilations = attr_def(I64_ARRAY, default=None)
    window_dilations = attr_def(I64_ARRAY, default=None)
    padding = attr_def(PAIRS, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = "vitir.evaluate.windows:reduce_window"

    @staticmethod
    def rule(inputs, init_values, body, window_dimensions, window_strides, base_dilations, window_dilations,
             padding):
        shape = reduction_operands(inputs, init_values)
        counts = _windows(shape, window_dimensions, window_strides, base_dilations, window_dilations, padding)
        accumulators = accumulator_types(inputs, body, "the body")
        return tuple(tensor_of(counts, dtype) for dtype in accumulators)


class SelectAndScatter(Op):
    """For each window of `operand` (padded, stepped by `window_strides`), picks one element with
    `select` (which keeps its first argument when it returns true) and folds the window's `source`
    element into the result there with `scatter`; the result starts as `init_value` everywhere."""

    NAME = "stablehlo.select_and_scatter"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    operand = operand_def()
    source = operand_def()
    init_value = operand_def()
    select = region_def()
    scatter = region_def()
    window_dimensions = attr_def(I64_ARRAY, default=None)
    window_strides = attr_def(I64_ARRAY, default=None)
    padding = attr_def(PAIRS, default=None)
    syntax = "generic"
    evaluate = "vitir.evaluate.windows:select_and_scatter"

    @staticmethod
    def rule(operand, source, init_value, select, scatter, window_dimensions, window_strides, padding):
        tensor(operand, quantized=PER_TENSOR)
        tensor(source, "source", quantized=PER_TENSOR)
        tensor(init_value, "init value", quantized=PER_TENSOR)
        if source.dtype is not operand.dtype:
            raise RuleError(f"source element type {source.dtype.value} differs from operand {operand.dtype.value}")
        if init_value.dtype is not operand.dtype:
            raise RuleError(f"init value element type {init_value.dtype.value} differs from operand "
                            f"{operand.dtype.value}")
        if init_value.shape != ():
            raise RuleError(f"init value must be rank 0, got shape {list(init_value.shape)}")
        window = window_dimensions if window_dimensions is not None else ()
        counts = _windows(operand.shape, window, window_strides, None, None, padding)
        if source.shape != counts:
            raise RuleError(f"source has shape {list(source.shape)}, the windows of the operand number {list(counts)}")
        scalar = operand.with_shape(())
        args, returned = select
        if tuple(args) != (scalar, scalar) or tuple(returned) != (TensorType((), DType.I1),):
            raise RuleError(f"select takes ({type_text(args)}) and returns ({type_text(returned)}), "
                            f"needs ({scalar}, {scalar}) -> tensor<i1>")
        (accumulator,) = accumulator_types((source,), scatter, "scatter")
        return tensor_of(operand.shape, accumulator)
