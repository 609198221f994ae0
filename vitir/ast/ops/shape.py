"""Ops that move elements without changing them: broadcast, reshape, transpose, slice, pad, concatenate."""

from __future__ import annotations

from .. import shape_rules as shapes
from ..attributes import I64, I64_ARRAY
from ..declare import Op, attr_def, operand_def, result_type_def, var_operand_def
from ..traits import PURE, SPECULATABLE
from ..shape_rules import RuleError
from ..quantized import QuantizedTensorType
from ..type_rules import (PER_TENSOR, broadcast_element, per_axis, reshape_element, same_element,
                          static_or_single_bounded, tensor)

_EVALUATE = "vitir.evaluate.data_movement:"


class BroadcastInDim(Op):
    """Operand dim i becomes result dim dims[i] (size 1 or equal); the others are broadcast."""

    NAME = "stablehlo.broadcast_in_dim"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    dims = attr_def(I64_ARRAY, mlir="broadcast_dimensions")
    shape = result_type_def("the result's shape, in the operand's element type (or the whole type)",
                            element_of="operand")
    syntax = "{operand}, dims = {dims} : {functional_type}"
    evaluate = _EVALUATE + "broadcast_in_dim"

    @staticmethod
    def rule(operand, dims, shape):
        tensor(operand, quantized=True)
        static_or_single_bounded(tensor(shape, "result", quantized=True))
        shapes.broadcast_in_dim(operand.shape, dims, shape.shape)
        if per_axis(operand):
            broadcast_element(operand, dims, shape)
        else:
            _same_element(operand, shape)
        return shape


class Reshape(Op):
    NAME = "stablehlo.reshape"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    shape = result_type_def("the result's shape, in the operand's element type (or the whole type)",
                            element_of="operand")
    syntax = "{operand} : {functional_type}"
    evaluate = _EVALUATE + "reshape"

    @staticmethod
    def rule(operand, shape):
        tensor(operand, quantized=True)
        static_or_single_bounded(tensor(shape, "result", quantized=True))
        shapes.reshape(operand.shape, shape.shape)
        if per_axis(operand):
            reshape_element(operand, shape)
        else:
            _same_element(operand, shape)
        return shape


class Transpose(Op):
    NAME = "stablehlo.transpose"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    perm = attr_def(I64_ARRAY, mlir="permutation")
    syntax = "{operand}, dims = {perm} : {functional_type}"
    evaluate = _EVALUATE + "transpose"

    @staticmethod
    def rule(operand, perm):
        shape = shapes.transpose(tensor(operand, quantized=True).shape, perm)
        if per_axis(operand):  # transpose_c4: quantized along where its quantized dimension goes
            return QuantizedTensorType(shape, operand.dtype.along(perm.index(operand.dtype.axis)))
        return operand.with_shape(shape)


class Slice(Op):
    """`%x [0:32, 1:197:2]`: start, limit and stride per dimension."""

    NAME = "stablehlo.slice"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    start = attr_def(I64_ARRAY, mlir="start_indices")
    limit = attr_def(I64_ARRAY, mlir="limit_indices")
    strides = attr_def(I64_ARRAY)
    syntax = "{operand} {slice_ranges(start, limit, strides)} : {functional_type}"
    evaluate = _EVALUATE + "slice"

    @staticmethod
    def rule(operand, start, limit, strides):
        tensor(operand, quantized=PER_TENSOR)
        return operand.with_shape(shapes.slice_(operand.shape, start, limit, strides))

    @staticmethod
    def builder(operand, start, limit, strides=None):
        """`fb.slice(name, x, start, limit, strides=None)`: strides of 1 unless given."""
        return dict(operand=operand, start=start, limit=limit,
                    strides=strides if strides is not None else (1,) * len(start))


class Pad(Op):
    """Edge padding (negative crops) and interior padding, with a rank-0 padding value."""

    NAME = "stablehlo.pad"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    padding_value = operand_def()
    low = attr_def(I64_ARRAY, mlir="edge_padding_low")
    high = attr_def(I64_ARRAY, mlir="edge_padding_high")
    interior = attr_def(I64_ARRAY, mlir="interior_padding")
    syntax = ("{operand}, {padding_value}, low = {low}, high = {high}, interior = {interior} : "
              "{functional_type}")
    evaluate = _EVALUATE + "pad"

    @staticmethod
    def rule(operand, padding_value, low, high, interior):
        tensor(operand, quantized=PER_TENSOR)
        tensor(padding_value, "padding value", quantized=PER_TENSOR)
        if padding_value.dtype is not operand.dtype:
            raise RuleError(f"padding value element type {padding_value.dtype.value} differs from operand "
                            f"{operand.dtype.value}")
        return operand.with_shape(shapes.pad(operand.shape, padding_value.shape, low, high, interior))


class Concatenate(Op):
    NAME = "stablehlo.concatenate"
    traits = (PURE, SPECULATABLE)
    inputs = var_operand_def()
    dim = attr_def(I64, mlir="dimension")
    syntax = "{inputs}, dim = {dim} : {functional_type}"
    evaluate = _EVALUATE + "concatenate"

    @staticmethod
    def rule(inputs, dim):
        if not inputs:
            raise RuleError("concatenate needs at least one operand")
        for t in inputs:
            tensor(t, quantized=PER_TENSOR)
        if len({t.dtype for t in inputs}) > 1:
            raise RuleError("operand element types differ")
        return inputs[0].with_shape(shapes.concatenate([t.shape for t in inputs], dim))


def _same_element(operand, result) -> None:
    tensor(result, "result", quantized=True)
    same_element([operand, result], "operand and result")
