"""vitir's typed StableHLO AST: element types, types, values, op declarations, rules, regions, and a builder."""

from ..errors import ShapeError
from .builder import FunctionBuilder, module
from .declare import OPS, Op
from .element_types import DType
from .module import Function, Module, Return
from .ops import *  # noqa: F401,F403  (every op class, by name)
from .ops import __all__ as _ops
from .regions import BinaryRegion, Region
from .types import TensorType, TokenType, TupleType, f32
from .values import Value

__all__ = [*_ops, "BinaryRegion", "DType", "Function", "FunctionBuilder", "Module", "Region", "Return",
           "ShapeError", "TensorType", "TokenType", "TupleType", "Value", "f32", "module"]
