"""vitir's typed StableHLO AST: element types, types, values, op declarations, rules, regions, and a builder.

Every op class of vitir.ast.ops is a name here: the families a graph builder needs, imported at once,
are named below; the others (vitir.ast.ops.LAZY_NAMES: chlo, collectives, control flow, ...) are
imported on first use through this module's `__getattr__`, as vitir.ast.ops imports them.
"""

from ..errors import ShapeError
from .builder import FunctionBuilder, module
from .declare import OPS, Op
from .element_types import DType
from .module import Function, Module, Return
from . import ops as _ops_package
from .ops import (ADAMW_LINES, Abs, AdamScalars, AdamWUpdate, Add, AllReduceMean, And, Atan2, Binary, BroadcastInDim,
                  Cbrt, Ceil, Clamp, Compare, Complex, Compound, Concatenate, Constant, Convert, Convolution, Cosine,
                  CountLeadingZeros, Divide, Dot, DotGeneral, DynamicConv, Exponential, ExponentialMinusOne, Floor,
                  Imag, Iota, IsFinite, Log, LogPlusOne, Logistic, Maximum, Minimum, Multiply, Negate, Not, Or, Pad,
                  Popcnt, Power, Real, Reduce, Remainder, Reshape, RoundNearestAfz, RoundNearestEven, Rsqrt, Select,
                  ShiftLeft, ShiftRightArithmetic, ShiftRightLogical, Sign, Sine, Slice, Sqrt, Subtract, Tan, Tanh,
                  Transpose, Unary, Xor, default_compare_type)
from .regions import BinaryRegion, Region
from .types import FutureType, TensorType, TokenType, TupleType, f32
from .values import Value

__all__ = [*_ops_package.__all__, "BinaryRegion", "DType", "Function", "FunctionBuilder", "Module", "Region",
           "Return", "ShapeError", "TensorType", "TokenType", "TupleType", "FutureType", "Value", "f32", "module"]


def __getattr__(name: str):
    if name in _ops_package.LAZY_NAMES:
        return getattr(_ops_package, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | _ops_package.LAZY_NAMES)
