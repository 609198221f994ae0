"""vitir's typed StableHLO AST: types, values, op nodes, shape rules, and a builder."""

from ..errors import ShapeError
from .builder import FunctionBuilder, module
from .module import Function, Module
from .ops import (ADAMW_LINES, ELEMENTWISE_OPS, Abs, Add, AdamScalars, AdamWUpdate, AllReduceMean, And,
                  BroadcastInDim, Ceil, Clamp, Compare, Concatenate, Constant, Convert, Convolution, Cosine,
                  DenseConstant, Divide, DotGeneral, Elementwise, Exponential, ExponentialMinusOne, Floor, Iota,
                  IsFinite, Log, Logistic, LogPlusOne, Maximum, Minimum, Multiply, Negate, Not, Op, Or, Pad, Power,
                  Reduce, ReduceRegion, Remainder, Reshape, Return, RoundNearestEven, Rsqrt, Select, Sign, Sine,
                  Slice, Sqrt, Subtract, Tanh, Transpose, Unary)
from .types import DType, TensorType, f32
from .values import Value

__all__ = [
    "ADAMW_LINES", "ELEMENTWISE_OPS", "Abs", "Add", "AdamScalars", "AdamWUpdate", "AllReduceMean", "And",
    "BroadcastInDim", "Ceil", "Clamp", "Compare", "Concatenate", "Constant", "Convert", "Convolution", "Cosine",
    "DenseConstant", "DType", "Divide", "DotGeneral", "Elementwise", "Exponential", "ExponentialMinusOne", "Floor",
    "Function", "FunctionBuilder", "Iota", "IsFinite", "Log", "LogPlusOne", "Logistic", "Maximum", "Minimum", "Module",
    "Multiply", "Negate", "Not", "Op", "Or", "Pad", "Power", "Reduce", "ReduceRegion", "Remainder", "Reshape", "Return",
    "RoundNearestEven", "Rsqrt", "Select", "ShapeError", "Sign", "Sine", "Slice", "Sqrt", "Subtract", "Tanh",
    "TensorType", "Transpose", "Unary", "Value", "f32", "module",
]
