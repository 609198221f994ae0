"""Batch normalization: batch_norm_training, batch_norm_inference and batch_norm_grad, each over all
dimensions but `feature_index`, with per-feature (1-d) scale, offset, mean and variance."""

from __future__ import annotations

from ..attributes import F32, I64
from ..declare import Op, attr_def, operand_def, result_def
from ..traits import PURE, SPECULATABLE
from ..shape_rules import RuleError, compatible_shapes
from ..type_rules import PER_TENSOR, require, tensor, tensor_of
from ..types import TensorType

_MULTI = ("operand", "grad_output")  # the operands of the operand's shape; the others are per feature


def _check(feature_index: int, **operands: TensorType) -> TensorType:
    """The per-feature type after the shared constraints: one float element type, the operand's
    shape for the multi-dimensional operands, one entry per feature for the others."""
    operand = tensor(operands["operand"], quantized=PER_TENSOR)  # MLIR: float or per-tensor quantized
    if not operand.dtype.is_quantized:
        require(operand.dtype, "float")
    if not 0 <= feature_index < operand.rank:
        raise RuleError(f"feature_index {feature_index} is out of range for rank {operand.rank}")
    features = operand.shape[feature_index]
    for name, t in operands.items():
        tensor(t, name, quantized=PER_TENSOR)
        if t.dtype is not operand.dtype:
            raise RuleError(f"{name} element type {t.dtype.value} differs from operand {operand.dtype.value}")
        if name in _MULTI:
            if not compatible_shapes(t.shape, operand.shape):
                raise RuleError(f"{name} has shape {list(t.shape)}, operand has {list(operand.shape)}")
        elif not compatible_shapes(t.shape, (features,)):
            raise RuleError(f"{name} has shape {list(t.shape)}, needs [{features}] (operand dim {feature_index})")
        elif features is None:  # a `?` feature dimension: the per-feature operands may know its size
            features = t.shape[0]
    return tensor_of((features,), operand.dtype)


class BatchNormTraining(Op):
    """Normalizes `operand` by its own mean and variance per feature, then scales and offsets it;
    also returns the mean and variance."""

    NAME = "stablehlo.batch_norm_training"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    scale = operand_def()
    offset = operand_def()
    epsilon = attr_def(F32)
    feature_index = attr_def(I64)
    output = result_def()
    batch_mean = result_def()
    batch_var = result_def()
    syntax = "generic"
    evaluate = "vitir.evaluate.normalization:batch_norm_training"

    @staticmethod
    def rule(operand, scale, offset, epsilon, feature_index):
        per_feature = _check(feature_index, operand=operand, scale=scale, offset=offset)
        return operand, per_feature, per_feature


class BatchNormInference(Op):
    """Normalizes `operand` by the given mean and variance per feature, then scales and offsets it."""

    NAME = "stablehlo.batch_norm_inference"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    scale = operand_def()
    offset = operand_def()
    mean = operand_def()
    variance = operand_def()
    epsilon = attr_def(F32)
    feature_index = attr_def(I64)
    syntax = "generic"
    evaluate = "vitir.evaluate.normalization:batch_norm_inference"

    @staticmethod
    def rule(operand, scale, offset, mean, variance, epsilon, feature_index):
        _check(feature_index, operand=operand, scale=scale, offset=offset, mean=mean, variance=variance)
        return operand


class BatchNormGrad(Op):
    """The gradients of batch_norm_training's output with respect to its operand, scale and offset,
    from `grad_output` and the forward's mean and variance."""

    NAME = "stablehlo.batch_norm_grad"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    scale = operand_def()
    mean = operand_def()
    variance = operand_def()
    grad_output = operand_def()
    epsilon = attr_def(F32)
    feature_index = attr_def(I64)
    grad_operand = result_def()
    grad_scale = result_def()
    grad_offset = result_def()
    syntax = "generic"
    evaluate = "vitir.evaluate.normalization:batch_norm_grad"

    @staticmethod
    def rule(operand, scale, mean, variance, grad_output, epsilon, feature_index):
        per_feature = _check(feature_index, operand=operand, scale=scale, mean=mean, variance=variance,
                             grad_output=grad_output)
        return operand, per_feature, per_feature
