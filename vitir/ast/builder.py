"""FunctionBuilder: the public way to build a function op by op.

Every method builds one node (so shape rules run at once), checks that its
operands were defined in this function and that its SSA names are new, and
returns the result value. `with fb.layer("attn"):` extends the layer path that
errors report (for example `vit.b3.attn`).
"""

from __future__ import annotations

import keyword
from typing import Sequence

from ..errors import ShapeError
from . import ops as O
from .module import Function, Module
from .types import DType, TensorType
from .values import Value


class FunctionBuilder:
    def __init__(self, name: str):
        self.name = name
        self.args: list[Value] = []
        self.ops: list[O.Op] = []
        self._owner: dict[str, object] = {}  # SSA name -> what defined it, for duplicate errors
        self._path: list[str] = []
        self._path_text = ""
        self.zero: Value | None = None  # the rank-0 0.0 that `sum` uses as its init (%sc in vitir's modules)

    # -- scope ---------------------------------------------------------------
    def layer(self, name: str) -> "_Layer":
        """`with fb.layer("attn"):` names the ops built inside for error messages."""
        return _Layer(self, name)

    @property
    def path(self) -> str:
        return self._path_text

    # -- definitions ---------------------------------------------------------
    def _duplicate(self, name: str, op: str, operand_types=()) -> ShapeError:
        owner = self._owner[name]
        if isinstance(owner, O.Op):
            owner = f"{owner.NAME} at {owner.path}" if owner.path else owner.NAME
        return ShapeError(f"SSA name %{name} is already defined (by {owner})",
                          op=op, ssa="%" + name, operand_types=operand_types, path=self._path_text)

    def arg(self, name: str, type: TensorType) -> Value:
        where = f"argument {len(self.args)}"
        if name in self._owner:
            raise self._duplicate(name, f"@{self.name} {where}")
        self._owner[name] = where
        v = Value(name, type)
        v.owner = self
        self.args.append(v)
        return v

    def emit(self, op: O.Op):
        """Append a built node; returns its result (or all results for compound nodes)."""
        for v in op.operands:
            if v.owner is not self:
                raise ShapeError(f"uses {v.ssa}, which is not defined in @{self.name} before this op",
                                 op=op.NAME, ssa=op.results[0].ssa if op.results else "",
                                 operand_types=[o.type for o in op.operands], path=self._path_text)
        owner, results = self._owner, op.results
        if len(results) == 1 and not op.COMPOUND:  # the common case, kept lean: most of a model
            r = results[0]
            if r.name in owner:
                raise self._duplicate(r.name, op.NAME, [o.type for o in op.operands])
            owner[r.name] = op
            r.owner = self
            self.ops.append(op)
            return r
        for name in op.defined_names():
            if name in owner:
                raise self._duplicate(name, op.NAME, [o.type for o in op.operands])
            owner[name] = op
        self.ops.append(op)
        for r in results:
            r.owner = self
        return results[0] if len(results) == 1 else results

    # -- ops -----------------------------------------------------------------
    def constant(self, name: str, literal: str, shape: Sequence[int] = (), dtype: DType = DType.F32) -> Value:
        return self.emit(O.Constant(name, literal, TensorType(shape, dtype), path=self._path_text))

    def constant_array(self, name: str, values, shape: Sequence[int], dtype: DType = DType.F32) -> Value:
        """A constant with one element per value (`dense<[[0, 1], [2, 3]]>`): `values` flat or
        nested as `shape` (numbers, bools, literal strings, or a numpy array)."""
        return self.emit(O.DenseConstant(name, values, TensorType(shape, dtype), path=self._path_text))

    def compare(self, name: str, a: Value, b: Value, direction: str) -> Value:
        return self.emit(O.Compare(name, a, b, direction, path=self._path_text))

    def select(self, name: str, pred: Value, on_true: Value, on_false: Value) -> Value:
        return self.emit(O.Select(name, pred, on_true, on_false, path=self._path_text))

    def convert(self, name: str, x: Value, dtype: DType) -> Value:
        return self.emit(O.Convert(name, x, dtype, path=self._path_text))

    def iota(self, name: str, shape: Sequence[int], dtype: DType, dimension: int) -> Value:
        return self.emit(O.Iota(name, TensorType(shape, dtype), dimension, path=self._path_text))

    def broadcast_in_dim(self, name: str, x: Value, dims: Sequence[int], shape: Sequence[int]) -> Value:
        return self.emit(O.BroadcastInDim(name, x, dims, shape, path=self._path_text))

    def reshape(self, name: str, x: Value, shape: Sequence[int]) -> Value:
        return self.emit(O.Reshape(name, x, shape, path=self._path_text))

    def transpose(self, name: str, x: Value, perm: Sequence[int]) -> Value:
        return self.emit(O.Transpose(name, x, perm, path=self._path_text))

    def dot_general(self, name: str, a: Value, b: Value, contracting, batching=((), ())) -> Value:
        return self.emit(O.DotGeneral(name, a, b, contracting, batching, path=self._path_text))

    def reduce(self, name: str, x: Value, init: Value, dims: Sequence[int], reducer: str = "add") -> Value:
        return self.emit(O.Reduce(name, x, init, dims, reducer, path=self._path_text))

    def reduce_region(self, name: str, operands: Sequence[Value], inits: Sequence[Value], dims: Sequence[int],
                      body: Function):
        """A reduce of several operands with `body`, a Function built by its own
        FunctionBuilder (2N rank-0 args: accumulators, then elements; N results).
        Returns the result, or a tuple of N results."""
        return self.emit(O.ReduceRegion(name, operands, inits, dims, body, path=self._path_text))

    def argmax(self, name: str, x: Value, dim: int) -> Value:
        """The index of the largest element along `dim` (i32), as JAX lowers jnp.argmax: a
        reduce of x and an iota from (-inf, 0), the first index on ties, NaN the largest."""
        return self._arg_extreme(name, x, dim, "GT", 0)

    def argmin(self, name: str, x: Value, dim: int) -> Value:
        """The index of the smallest element along `dim` (i32), as jnp.argmin lowers."""
        return self._arg_extreme(name, x, dim, "LT", 1)

    def _arg_extreme(self, name: str, x: Value, dim: int, direction: str, init: int) -> Value:
        if x.type.dtype not in _INFINITIES:
            raise ShapeError(f"needs a floating-point operand, got {x.type.dtype.value}", op="stablehlo.reduce",
                             ssa="%" + name, operand_types=[x.type], path=self._path_text)
        dtype, index = x.type.dtype, TensorType((), DType.I32)
        iota = self.iota(f"{name}_iota", x.shape, DType.I32, dim)
        inits = (self.constant(f"{name}_init", _INFINITIES[dtype][init], (), dtype),
                 self.constant(f"{name}_iinit", "0", (), DType.I32))
        b = FunctionBuilder(f"{self.name}.{name}")  # the body, in the ops and order JAX writes
        a, ai = b.arg(f"{name}_a", TensorType((), dtype)), b.arg(f"{name}_ai", index)
        e, ei = b.arg(f"{name}_e", TensorType((), dtype)), b.arg(f"{name}_ei", index)
        better = b.or_(f"{name}_better", b.compare(f"{name}_cmp", a, e, direction),
                       b.compare(f"{name}_nan", a, a, "NE"))
        tie = b.and_(f"{name}_tie", b.compare(f"{name}_eq", a, e, "EQ"), b.compare(f"{name}_lt", ai, ei, "LT"))
        keep = b.or_(f"{name}_keep", better, tie)
        body = b.ret(b.select(f"{name}_v", better, a, e), b.select(f"{name}_i", keep, ai, ei))
        return self.reduce_region(name, (x, iota), inits, (dim,), body)[1]

    def sum(self, name: str, x: Value, dims: Sequence[int]) -> Value:
        """reduce-add over `dims` with the function's zero constant as init."""
        if self.zero is None:
            raise ShapeError("needs the builder's zero constant; set fb.zero = fb.constant('sc', '0.0') first",
                             op="stablehlo.reduce", ssa="%" + name, operand_types=[x.type], path=self._path_text)
        return self.reduce(name, x, self.zero, dims)

    def convolution(self, name: str, lhs: Value, rhs: Value, **window) -> Value:
        return self.emit(O.Convolution(name, lhs, rhs, path=self._path_text, **window))

    def pad(self, name: str, x: Value, value: Value, low, high, interior) -> Value:
        return self.emit(O.Pad(name, x, value, low, high, interior, path=self._path_text))

    def slice(self, name: str, x: Value, start, limit, strides=None) -> Value:
        return self.emit(O.Slice(name, x, start, limit, strides, path=self._path_text))

    def concatenate(self, name: str, values: Sequence[Value], dim: int) -> Value:
        return self.emit(O.Concatenate(name, values, dim, path=self._path_text))

    def all_reduce_mean(self, tag: str, x: Value, replicas: int) -> Value:
        return self.emit(O.AllReduceMean(tag, x, replicas, path=self._path_text))

    def adamw_update(self, tag: str, theta: Value, grad: Value, m: Value, v: Value,
                     scalars: O.AdamScalars) -> tuple[Value, Value, Value]:
        return self.emit(O.AdamWUpdate(tag, theta, grad, m, v, scalars, path=self._path_text))

    # -- finish --------------------------------------------------------------
    def ret(self, *values: Value) -> Function:
        op = O.Return(values, path=self._path_text)
        for v in values:
            if v.owner is not self:
                raise ShapeError(f"returns {v.ssa}, which is not defined in @{self.name}", op="return",
                                 path=self._path_text)
        return Function(self.name, self.args, self.ops, op)


def elementwise_method_name(op_class: type) -> str:
    """`fb.<op>` for `stablehlo.<op>`; `not_`, `and_`, `or_` step around Python's keywords."""
    op = op_class.NAME.removeprefix("stablehlo.")
    return op + "_" if keyword.iskeyword(op) else op


def _elementwise_method(op_class: type):
    def build(self: FunctionBuilder, name: str, *operands: Value) -> Value:
        return self.emit(op_class(name, *operands, path=self._path_text))

    build.__name__ = build.__qualname__ = elementwise_method_name(op_class)
    build.__doc__ = f"`{op_class.NAME}` of the operands ({op_class.ARITY}), named `name`."
    return build


# One method per row of the elementwise table: fb.add(name, a, b), fb.clamp(name, lo, x, hi), fb.not_(name, x), ...
for _op_class in O.ELEMENTWISE_OPS:
    setattr(FunctionBuilder, elementwise_method_name(_op_class), _elementwise_method(_op_class))


# The bits of -inf and +inf of each float type: the inits of argmax and argmin.
_INFINITIES = {DType.F32: ("0xFF800000", "0x7F800000"), DType.F16: ("0xFC00", "0x7C00"),
               DType.BF16: ("0xFF80", "0x7F80")}


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


def module(*functions: Function, name: str = "m") -> Module:
    return Module(functions, name)
