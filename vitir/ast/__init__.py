"""vitir's typed StableHLO AST: types, values, op nodes, shape rules, and a builder."""

from ..errors import ShapeError
from .builder import FunctionBuilder, module
from .module import Function, Module
from .ops import (ADAMW_LINES, Add, AdamScalars, AdamWUpdate, AllReduceMean, BroadcastInDim, Compare, Concatenate,
                  Constant, Convert, Convolution, Divide, DotGeneral, Elementwise, Exponential, Iota, Log, Maximum,
                  Multiply, Negate, Op, Pad, Reduce, Reshape, Return, Rsqrt, Select, Slice, Sqrt, Subtract, Tanh,
                  Transpose, Unary)
from .types import DType, TensorType, f32
from .values import Value

__all__ = [
    "ADAMW_LINES", "Add", "AdamScalars", "AdamWUpdate", "AllReduceMean", "BroadcastInDim", "Compare", "Concatenate",
    "Constant", "Convert", "Convolution", "DType", "Divide", "DotGeneral", "Elementwise", "Exponential", "Function",
    "FunctionBuilder", "Iota", "Log", "Maximum", "Module", "Multiply", "Negate", "Op", "Pad", "Reduce", "Reshape",
    "Return", "Rsqrt", "Select", "ShapeError", "Slice", "Sqrt", "Subtract", "Tanh", "TensorType", "Transpose", "Unary",
    "Value", "f32", "module",
]
