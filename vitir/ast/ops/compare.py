"""Comparison and selection."""

from __future__ import annotations

from ..attributes import COMPARISON_DIRECTION, COMPARISON_TYPE
from ..declare import Op, attr_def, operand_def
from ..traits import ELEMENTWISE, PURE, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError, compatible_shapes, refined
from ..type_rules import PER_TENSOR, compatible_types, same_element, same_shape, tensor
from ..types import TensorType


def default_compare_type(dtype: DType) -> str:
    """What JAX writes: FLOAT for floats and complex, SIGNED for signed integers, UNSIGNED for
    unsigned integers and booleans (false < true); quantized values compare as their expressed floats."""
    if dtype.is_quantized:
        dtype = dtype.expressed
    if dtype.is_float or dtype.is_complex:
        return "FLOAT"
    return "SIGNED" if dtype.is_signed else "UNSIGNED"


_ALLOWED_TYPES = {"FLOAT": ("float", "complex"), "TOTALORDER": ("float",), "SIGNED": ("signed",),
                  "UNSIGNED": ("unsigned", "bool")}


def check_compare_type(dtype: DType, compare_type: str | None) -> None:
    """The spec's constraint: SIGNED for signed integers, UNSIGNED for unsigned ones and booleans, FLOAT
    or TOTALORDER for floats, FLOAT for complex (XLA's verifier refuses any other); a quantized type
    compares as its expressed float type."""
    if dtype.is_quantized:
        dtype = dtype.expressed
    if compare_type is not None and compare_type != "NOTYPE" and dtype.kind.value not in _ALLOWED_TYPES[compare_type]:
        raise RuleError(f"compare type {compare_type} does not apply to {dtype.value} operands "
                        f"(use {default_compare_type(dtype)})")


class Compare(Op):
    """Elementwise comparison to an i1 tensor: `stablehlo.compare GT, %a, %b, FLOAT : (T, T) -> Ti1`."""

    NAME = "stablehlo.compare"
    traits = (PURE, SPECULATABLE, ELEMENTWISE)
    lhs = operand_def()
    rhs = operand_def()
    comparison_direction = attr_def(COMPARISON_DIRECTION)
    compare_type = attr_def(COMPARISON_TYPE, default=None)
    syntax = "{comparison_direction}, {lhs}, {rhs}{compare_type?, } : {functional_type}"
    evaluate = "vitir.evaluate.elementwise:compare"

    @staticmethod
    def rule(lhs, rhs, comparison_direction, compare_type):
        dtype = same_element([tensor(lhs, quantized=PER_TENSOR), tensor(rhs, quantized=PER_TENSOR)])
        shape = same_shape([lhs, rhs])
        check_compare_type(dtype, compare_type)
        if dtype.is_complex and comparison_direction not in ("EQ", "NE"):
            raise RuleError(f"complex operands compare only EQ or NE, not {comparison_direction}")
        return TensorType(shape, DType.I1)

    @staticmethod
    def builder(lhs, rhs, direction: str, compare_type: str | None = None):
        """`fb.compare(name, a, b, "GT")`: the comparison type JAX writes for the element type
        unless given."""
        return dict(lhs=lhs, rhs=rhs, comparison_direction=direction,
                    compare_type=compare_type or default_compare_type(lhs.type.dtype))


class Select(Op):
    """pred ? on_true : on_false, elementwise; pred is i1, of rank 0 or the branches' shape."""

    NAME = "stablehlo.select"
    traits = (PURE, SPECULATABLE)  # the predicate may be rank 0
    pred = operand_def()
    on_true = operand_def()
    on_false = operand_def()
    syntax = "{pred}, {on_true}, {on_false} : {select_type(type:pred, type:on_true, type:on_false, type:result)}"
    evaluate = "vitir.evaluate.elementwise:select"

    @staticmethod
    def rule(pred, on_true, on_false):
        tensor(pred, "predicate")
        if pred.dtype is not DType.I1:
            raise RuleError(f"predicate must be i1, got {pred.dtype.value}")
        if not compatible_types(on_true, on_false):  # MLIR: a dimension `?` in one, known in the other
            raise RuleError(f"branch types differ: {on_true} vs {on_false}")
        tensor(on_true, quantized=PER_TENSOR)
        if pred.shape and not compatible_shapes(pred.shape, on_true.shape):
            raise RuleError(f"operand shapes differ: {list(pred.shape)} vs {list(on_true.shape)} (operand 1)")
        return on_true if on_true is on_false else on_true.with_shape(refined(on_true.shape, on_false.shape))
