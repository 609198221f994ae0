"""Uniform quantization: uniform_quantize (float or quantized -> quantized) and uniform_dequantize
(quantized -> its expressed float type), on the quantized tensor types of vitir/ast/quantized.py."""

from __future__ import annotations

from ..declare import Op, operand_def, result_type_def
from ..traits import ELEMENTWISE, PURE, SPECULATABLE
from ..quantized import QuantizedTensorType
from ..shape_rules import RuleError
from ..type_rules import tensor
from ..types import TensorType

_EVALUATE = "vitir.evaluate.quantization:"


def quantized(t, what: str = "operand") -> QuantizedTensorType:
    if not isinstance(t, QuantizedTensorType):
        raise RuleError(f"{what} must be a quantized tensor, got {t}")
    return t


class UniformQuantize(Op):
    """Quantizes a float tensor to the result's quantized type, or requantizes a quantized one
    (dequantized first): `stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<...>>`."""

    NAME = "stablehlo.uniform_quantize"
    traits = (PURE, SPECULATABLE, ELEMENTWISE)
    operand = operand_def()
    result_type = result_type_def()
    syntax = "{operand} : {same_type}"
    evaluate = _EVALUATE + "uniform_quantize"

    @staticmethod
    def rule(operand, result_type):
        quantized(result_type, "result")
        if isinstance(operand, QuantizedTensorType):
            expressed = operand.dtype.expressed
        else:
            tensor(operand, "operand (a float or quantized tensor)")
            if not operand.dtype.is_float:
                raise RuleError(f"operand must be a float or quantized tensor, got {operand}")
            expressed = operand.dtype
        if operand.shape != result_type.shape:
            raise RuleError(f"operand {operand} and result {result_type} differ in shape")
        if result_type.dtype.expressed is not expressed:
            raise RuleError(f"result {result_type} expresses {result_type.dtype.expressed.value}, the operand "
                            f"{expressed.value}")
        return result_type


class UniformDequantize(Op):
    """The float values a quantized tensor stands for, in its expressed type."""

    NAME = "stablehlo.uniform_dequantize"
    traits = (PURE, SPECULATABLE, ELEMENTWISE)
    operand = operand_def()
    syntax = "{operand} : {same_type}"
    evaluate = _EVALUATE + "uniform_dequantize"

    @staticmethod
    def rule(operand):
        quantized(operand)
        return TensorType(operand.shape, operand.dtype.expressed)
