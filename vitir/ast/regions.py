"""Regions: the bodies of ops such as reduce, while, case, sort and scatter.

A `Region` is one block: arguments, ops, and the values its `stablehlo.return`
yields. It is built with the same FunctionBuilder as a function
(`body = fb.region()`, `body.arg(...)`, ops, `body.ret(...)`), and its ops may
use values of the enclosing function defined before it, as StableHLO allows.

A `BinaryRegion` is the region `^bb0(%a: T, %b: T): %r = <op> %a, %b; return %r`
that reduce writes compactly (`applies stablehlo.add`). It holds no SSA
values: one instance per (op class, element type) serves every reduce, so
the hundreds of sums of a ViT cost nothing to build.
"""

from __future__ import annotations

from functools import lru_cache

from .location import UNKNOWN, located
from .shape_rules import RuleError
from .module import Function
from .traits import is_commutative
from .types import TensorType


def compact_reducer(op_class) -> bool:
    """Whether a reduction may apply `op_class` compactly (`applies stablehlo.add`), as MLIR's printer
    allows: a commutative stablehlo op of two operands, one result and no regions."""
    return (is_commutative(op_class) and op_class.NAME.startswith("stablehlo.")
            and len(op_class.OPERAND_FIELDS) == 2 and not any(f.variadic for f in op_class.OPERAND_FIELDS)
            and len(op_class.RESULT_FIELDS) == 1 and not op_class.RESULT_FIELDS[0].variadic
            and not op_class.REGION_FIELDS)


class Region:
    """`location`: its terminator's (`stablehlo.return %r : T loc(...)`)."""

    __slots__ = ("args", "ops", "results", "owner", "signature", "_location")
    location = located

    def __init__(self, args, ops, results, owner=None, location=UNKNOWN):
        self.location = location
        self.args = tuple(args)
        self.ops = list(ops)
        self.results = tuple(results)
        self.owner = owner  # the builder that made it
        self.signature = (tuple(a.type for a in self.args), tuple(v.type for v in self.results))

    def simple_op(self):
        """The op class when the region is one binary elementwise op of its two arguments whose
        result it returns, the form reduce prints compactly (`applies stablehlo.add`); else None."""
        if len(self.args) != 2 or len(self.ops) != 1 or len(self.results) != 1:
            return None
        op = self.ops[0]
        if (compact_reducer(type(op)) and op.operands == self.args and op.results == self.results
                and op.spelling is None):
            return type(op)
        return None

    def defined_names(self) -> list[str]:
        return [a.name for a in self.args] + [n for op in self.ops for n in op.defined_names()]

    def __repr__(self) -> str:
        args, results = self.signature
        return f"Region(({', '.join(map(str, args))}) -> ({', '.join(map(str, results))}), {len(self.ops)} ops)"


class BinaryRegion:
    """`^bb0(%a: T, %b: T): %r = <op_class> %a, %b : T; stablehlo.return %r : T`, without names."""

    __slots__ = ("op_class", "element_type", "signature")

    def __new__(cls, op_class, element_type: TensorType):
        return _binary_region(cls, op_class, element_type)

    def simple_op(self):
        return self.op_class

    def defined_names(self) -> list[str]:
        return []

    @property
    def ops(self) -> list:
        return []

    def __repr__(self) -> str:
        return f"BinaryRegion({self.op_class.NAME}, {self.element_type})"


@lru_cache(maxsize=None)
def _binary_region(cls, op_class, element_type: TensorType) -> BinaryRegion:
    if not compact_reducer(op_class):
        raise RuleError(f"{op_class.NAME} is not a binary elementwise op a reduction can apply")
    try:  # the body's one op takes the element type as that op would anywhere (no `and` of floats)
        op_class.rule(element_type, element_type)
    except RuleError as e:
        raise RuleError(f"a body of {op_class.NAME} on {element_type}: {e}") from None
    self = object.__new__(cls)
    self.op_class, self.element_type = op_class, element_type
    self.signature = ((element_type, element_type), (element_type,))
    return self


def as_region(region, field: str, compact: bool):
    """A field's region: a Region, a BinaryRegion where the field allows it, or a Function
    (a body built by a builder of its own) turned into a Region."""
    if type(region) is Region:
        return region
    if type(region) is BinaryRegion:
        if not compact:
            raise RuleError(f"{field} needs a region with a body (build it with fb.region()), "
                            f"not the compact {region.op_class.NAME}")
        return region
    if isinstance(region, Function):
        return Region(region.args, region.ops, region.ret.operands, owner=None, location=region.ret.location)
    raise RuleError(f"{field} must be a region, got {region!r}")
