"""Precision: reduce_precision, which rounds floats to a narrower layout and back (f32 values as
bf16 or f16 would hold them, keeping f32 storage)."""

from __future__ import annotations

from ..attributes import I32
from ..declare import Op, attr_def, operand_def
from ..traits import ELEMENTWISE, PURE, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE
from ..shape_rules import RuleError
from ..type_rules import PER_TENSOR, require, tensor


class ReducePrecision(Op):
    """Rounds each element to the nearest value with `exponent_bits` and `mantissa_bits` (ties to even),
    overflowing to infinity and underflowing to zero, in the operand's own type:
    `stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>`."""

    NAME = "stablehlo.reduce_precision"
    traits = (PURE, SPECULATABLE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE)
    operand = operand_def()
    exponent_bits = attr_def(I32)
    mantissa_bits = attr_def(I32)
    syntax = "{operand}, format = {exponent_mantissa(exponent_bits, mantissa_bits)} : {same_type}"
    evaluate = "vitir.evaluate.precision:reduce_precision"

    @staticmethod
    def rule(operand, exponent_bits, mantissa_bits):
        if not tensor(operand, quantized=PER_TENSOR).dtype.is_quantized:  # MLIR: HLO_FpOrQuantizedIntTensor
            require(operand.dtype, "float")
        if exponent_bits < 1:
            raise RuleError(f"exponent_bits {exponent_bits} must be at least 1")
        if mantissa_bits < 0:
            raise RuleError(f"mantissa_bits {mantissa_bits} must not be negative")
        return operand
