"""vitir's typed StableHLO AST: element types, types, values, op declarations, rules, regions, and a builder."""

from ..errors import ShapeError
from .builder import FunctionBuilder, module
from .declare import OPS, Op
from .element_types import DType
from .module import Function, Module, Return
from . import ops as _ops_package
from .ops import __all__ as _ops
from .regions import BinaryRegion, Region
from .types import TensorType, TokenType, TupleType, f32
from .values import Value

__all__ = [*_ops, "BinaryRegion", "DType", "Function", "FunctionBuilder", "Module", "Region", "Return",
           "ShapeError", "TensorType", "TokenType", "TupleType", "Value", "f32", "module"]

# Every op class by name: the families imported at once now, the others (vitir.ast.ops) when first named.
globals().update({name: getattr(_ops_package, name) for name in _ops if name not in _ops_package.LAZY_NAMES})


def __getattr__(name: str):
    if name in _ops_package.LAZY_NAMES:
        return getattr(_ops_package, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
