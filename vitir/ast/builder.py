"""FunctionBuilder: the public way to build a function op by op.

Every op method (one per declared op, in builder_methods.py and, for the op
families imported on first use, builder_methods_lazy.py, both written from the
declarations; the second is taken on the first call of one of its methods)
builds one node, so its rule runs at once; `emit` then checks that its
operands were defined in this function (or, inside a region, in an enclosing
one) before it and that its SSA names are new where they are visible, and
returns the result value. `with fb.layer("attn"):` extends the
layer path that errors report (for example `vit.b3.attn`).

Names follow MLIR's scoping: a region's names are visible in it and in the
regions nested in it, may not repeat a name visible there, and are free again
once the region ends (two branches of a case may both define `%5`).
"""

from __future__ import annotations

from typing import Sequence

from ..lazy_pattern import LazyPattern
from ..errors import ShapeError
from . import ops as O
from .builder_methods import LAZY_METHODS, OpMethods
from .declare import check_known_operands
from .element_types import DType
from .module import Function, Module, Return
from .regions import Region
from .types import TensorType
from .uses import definitions
from .values import Value


class FunctionBuilder(OpMethods):
    def __init__(self, name: str, parent: "FunctionBuilder | None" = None):
        self.name = name
        self.args: list[Value] = []
        self.ops: list[O.Op] = []
        self.parent = parent
        self._owner: dict[str, object] = {}  # SSA name -> what defined it, for duplicate errors
        self._scopes: tuple[FunctionBuilder, ...] = () if parent is None else (parent, *parent._scopes)
        self._outer = frozenset(self._scopes)
        self._path: list[str] = list(parent._path) if parent is not None else []
        self._path_text = ".".join(self._path)
        self.zero: Value | None = parent.zero if parent is not None else None  # the rank-0 0.0 `sum` uses

    # -- scope ---------------------------------------------------------------
    def layer(self, name: str) -> "_Layer":
        """`with fb.layer("attn"):` names the ops built inside for error messages."""
        return _Layer(self, name)

    @property
    def path(self) -> str:
        return self._path_text

    @path.setter
    def path(self, text: str) -> None:
        """The layer path the next ops record (a rewrite's new ops take the replaced op's)."""
        self._path = [text] if text else []
        self._path_text = text

    @property
    def root(self) -> "FunctionBuilder":
        """The builder of the function a region builder's ops belong to (this builder, for a function)."""
        return self._scopes[-1] if self._scopes else self

    def region(self) -> "FunctionBuilder":
        """A builder for a region of an op of this function: `body = fb.region()`, `body.arg(...)`,
        its ops, then `body.ret(...)` gives the Region to pass to the op. Its ops may use this
        function's values."""
        return FunctionBuilder(f"{self.name}.region", parent=self)

    # -- definitions ---------------------------------------------------------
    def _defined_by(self, name: str):
        """What defines `name` where this builder's ops can see it, or None."""
        owner = self._owner.get(name)
        if owner is not None:
            return owner
        for scope in self._scopes:
            owner = scope._owner.get(name)
            if owner is not None:
                return owner
        return None

    def _duplicate(self, name: str, op: str, operand_types=()) -> ShapeError:
        owner = self._defined_by(name)
        if isinstance(owner, O.Op):
            owner = f"{owner.NAME} at {owner.path}" if owner.path else owner.NAME
        return ShapeError(f"SSA name %{name} is already defined (by {owner})",
                          op=op, ssa="%" + name, operand_types=operand_types, path=self._path_text)

    def arg(self, name: str, type: TensorType) -> Value:
        where = f"argument {len(self.args)}" if self.parent is None else f"region argument {len(self.args)}"
        if not _is_identifier(name):
            raise ShapeError(_bad_name(name), op=f"@{self.name} {where}", path=self._path_text)
        if not isinstance(getattr(type, "text", None), str):  # TensorType, TokenType, TupleType, quantized types
            raise ShapeError(f"type {type!r} is not a vitir type", op=f"@{self.name} {where}", ssa="%" + name,
                             path=self._path_text)
        if self._defined_by(name) is not None:
            raise self._duplicate(name, f"@{self.name} {where}")
        self._owner[name] = where
        v = Value(name, type)
        v.owner = self
        self.args.append(v)
        return v

    def emit(self, op: O.Op):
        """Append a built node; returns its result, or a tuple of its results when it has several."""
        for v in op.operands:
            if v.owner is not self and v.owner not in self._outer:
                raise ShapeError(f"uses {v.ssa}, which is not defined in @{self.name} before this op",
                                 op=op.NAME, ssa=op.results[0].ssa if op.results else "",
                                 operand_types=[o.type for o in op.operands], path=self._path_text)
        if op.KNOWN_OPERANDS:
            check_known_operands(op, self.constant_ints)
        owner, results = self._owner, op.results
        if len(results) == 1 and not self._scopes and (op.SIMPLE or op.COMPACT):  # most of a model, kept lean
            r = results[0]
            name = r.name
            if not (name.isascii() and name.isidentifier()) and not _is_identifier(name):
                raise ShapeError(_bad_name(name), op=op.NAME, ssa=repr(name), path=self._path_text)
            if name in owner:
                raise self._duplicate(name, op.NAME, [o.type for o in op.operands])
            owner[name] = op
            r.owner = self
            self.ops.append(op)
            return r
        names = op.defined_names()
        for name in names:
            if not _is_identifier(name):
                raise ShapeError(_bad_name(name), op=op.NAME, ssa=repr(name), path=self._path_text)
        if self._scopes:
            for name in names:
                if self._defined_by(name) is not None:
                    raise self._duplicate(name, op.NAME, [o.type for o in op.operands])
                owner[name] = op
        else:
            for name in names:
                if name in owner:
                    raise self._duplicate(name, op.NAME, [o.type for o in op.operands])
                owner[name] = op
        if not op.SIMPLE:
            types = [o.type for o in op.operands]
            for region in op.regions():
                self._check_region_names(op, region, types)
        self.ops.append(op)
        for r in results:
            r.owner = self
        return results[0] if len(results) == 1 else results

    def constant_ints(self, value: Value):
        """The ints of the constant that defines `value` here, or None (what an op's KNOWN_OPERANDS
        check reads)."""
        from .ops.constants import constant_ints

        return constant_ints(self._defined_by(value.name))

    def _check_region_names(self, op: O.Op, region, types) -> None:
        """A region's names may not repeat one visible where it is (this scope's, and the
        enclosing regions' defined before it)."""
        for name, seen in definitions(region):
            if name in seen or self._defined_by(name) is not None:
                raise self._duplicate_in_region(name, op, types, seen)

    def _duplicate_in_region(self, name: str, op: O.Op, types, seen) -> ShapeError:
        if name in seen:
            return ShapeError(f"SSA name %{name} is defined twice in its region", op=op.NAME, ssa="%" + name,
                              operand_types=types, path=self._path_text)
        return self._duplicate(name, op.NAME, types)

    # -- helpers over several ops ------------------------------------------------
    def sum(self, name: str, x: Value, dims: Sequence[int]) -> Value:
        """reduce-add over `dims` with the function's zero constant as init."""
        if self.zero is None:
            raise ShapeError("needs the builder's zero constant; set fb.zero = fb.constant('sc', '0.0') first",
                             op="stablehlo.reduce", ssa="%" + name, operand_types=[x.type], path=self._path_text)
        return self.reduce(name, x, self.zero, dims)

    def argmax(self, name: str, x: Value, dim: int) -> Value:
        """The index of the largest element along `dim` (i32), as JAX lowers jnp.argmax: a
        reduce of x and an iota from (-inf, 0), the first index on ties, NaN the largest."""
        return self._arg_extreme(name, x, dim, "GT", 0)

    def argmin(self, name: str, x: Value, dim: int) -> Value:
        """The index of the smallest element along `dim` (i32), as jnp.argmin lowers."""
        return self._arg_extreme(name, x, dim, "LT", 1)

    def _arg_extreme(self, name: str, x: Value, dim: int, direction: str, init: int) -> Value:
        def refuse(reason: str):
            raise ShapeError(reason, op="stablehlo.reduce", ssa="%" + name, operand_types=[x.type],
                             path=self._path_text)

        if x.type.dtype not in _INFINITIES:
            refuse(f"needs a floating-point operand, got {x.type.dtype.value}")
        if type(dim) is not int or not 0 <= dim < x.type.rank:
            refuse(f"dimension {dim!r} is out of range for rank {x.type.rank}")
        dtype, index = x.type.dtype, TensorType((), DType.I32)
        iota = self.iota(f"{name}_iota", x.shape, DType.I32, dim)
        inits = (self.constant(f"{name}_init", _INFINITIES[dtype][init], (), dtype),
                 self.constant(f"{name}_iinit", "0", (), DType.I32))
        b = self.region()  # the body, in the ops and order JAX writes
        a, ai = b.arg(f"{name}_a", TensorType((), dtype)), b.arg(f"{name}_ai", index)
        e, ei = b.arg(f"{name}_e", TensorType((), dtype)), b.arg(f"{name}_ei", index)
        better = b.or_(f"{name}_better", b.compare(f"{name}_cmp", a, e, direction),
                       b.compare(f"{name}_nan", a, a, "NE"))
        tie = b.and_(f"{name}_tie", b.compare(f"{name}_eq", a, e, "EQ"), b.compare(f"{name}_lt", ai, ei, "LT"))
        keep = b.or_(f"{name}_keep", better, tie)
        body = b.ret(b.select(f"{name}_v", better, a, e), b.select(f"{name}_i", keep, ai, ei))
        return self.reduce_region(name, (x, iota), inits, (dim,), body)[1]

    # -- finish --------------------------------------------------------------
    def ret(self, *values: Value) -> Function | Region:
        """The finished function (or, for a region's builder, the Region) returning `values`."""
        for v in values:
            if not isinstance(v, Value) or (v.owner is not self and v.owner not in self._outer):
                raise ShapeError(f"returns {getattr(v, 'ssa', v)}, which is not defined in @{self.name}",
                                 op="return", path=self._path_text)
        if self.parent is not None:
            return Region(self.args, self.ops, values, owner=self)
        return Function(self.name, self.args, self.ops, Return(values, path=self._path_text))


_IDENTIFIER = LazyPattern(r"[0-9]+|[A-Za-z_$.\-][A-Za-z0-9_$.\-]*")


def _is_identifier(name) -> bool:
    """Whether `name` can follow `%` in MLIR: digits, or a letter or one of `_$.-` then those and digits."""
    if type(name) is str and name.isascii() and name.isidentifier():  # most names: no regular expression
        return True
    return isinstance(name, str) and _IDENTIFIER.fullmatch(name) is not None


def _bad_name(name) -> str:
    return (f"SSA name {name!r} is not an MLIR identifier (digits, or a letter or one of _$.- followed by "
            "letters, digits and _$.-; without the %)")


# The bits of -inf and +inf of each float type: the inits of argmax and argmin.
_INFINITIES = {DType.F32: ("0xFF800000", "0x7F800000"), DType.F16: ("0xFC00", "0x7C00"),
               DType.BF16: ("0xFF80", "0x7F80"), DType.F64: ("0xFFF0000000000000", "0x7FF0000000000000")}


def _take_lazy_methods() -> None:
    """Replace the stand-ins of LAZY_METHODS by the methods of builder_methods_lazy.py."""
    from .builder_methods_lazy import LazyOpMethods

    for name in LAZY_METHODS:
        setattr(OpMethods, name, vars(LazyOpMethods)[name])


def _stand_in(name: str):
    """A method of a family imported on first use, until its first call takes them all. (Not a
    `__getattr__` on the builder: that would slow every attribute lookup of every builder.)"""
    def method(self, *args, **kwargs):
        _take_lazy_methods()
        return getattr(self, name)(*args, **kwargs)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"fb.{name}: see vitir/ast/builder_methods_lazy.py (taken on its first call)."
    return method


for _name in LAZY_METHODS:
    setattr(OpMethods, _name, _stand_in(_name))


class _Layer:
    """Context manager that pushes one name on the builder's layer path."""

    __slots__ = ("fb", "name")

    def __init__(self, fb: FunctionBuilder, name: str):
        self.fb, self.name = fb, name

    def __enter__(self) -> FunctionBuilder:
        fb = self.fb
        fb._path.append(self.name)
        fb._path_text = ".".join(fb._path)
        return fb

    def __exit__(self, *exc) -> None:
        fb = self.fb
        fb._path.pop()
        fb._path_text = ".".join(fb._path)


def module(*functions: Function, name: str = "m", ops=()) -> Module:
    """The module of `functions`; `ops`: its module-level symbol ops (Shardy's meshes), whose users
    are checked against them here (vitir/ast/sharding_check.py)."""
    from .sharding_check import check_module

    made = Module(functions, name, symbols=ops)
    check_module(made)  # a sharding naming a mesh the module lacks is refused too
    return made
