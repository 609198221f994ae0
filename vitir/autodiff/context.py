"""The Emitter: what a rule builds with. It wraps the FunctionBuilder of the derived function (or
of one of its regions), makes fresh SSA names, and holds the helpers every rule needs.

    t = e.b.multiply(e.name(), tangent, e.b.cosine(e.name(), x))

`e.name(hint)` never repeats a name of the original function or one made before, so the derived
function keeps the original's names for its primal values and names the rest `t1`, `t2`, ...
A tangent or cotangent that is None is a symbolic zero: `e.add_any(None, x) is x`.
"""

from __future__ import annotations

from typing import Sequence

from ..ast.builder import FunctionBuilder
from ..ast.declare import Op
from ..ast.element_types import DType
from ..ast.literals import value_literal
from ..ast.location import UNKNOWN, derived
from ..ast.types import TensorType, TupleType
from ..ast.uses import walk
from ..ast.values import Value


def is_active_type(t) -> bool:
    """Whether values of type `t` carry a derivative: float and complex tensors. Integers, booleans,
    indices, tokens and tuples are inactive: their tangents are symbolic zeros."""
    dtype = getattr(t, "dtype", None)
    return isinstance(t, TensorType) and (dtype.is_float or dtype.is_complex)


class Names:
    """Fresh SSA names: none used by the original function (at any depth) or handed out before."""

    __slots__ = ("used", "count")

    def __init__(self, used=()):
        self.used, self.count = set(used), 0

    @classmethod
    def of(cls, function) -> "Names":
        used = {a.name for a in function.args}
        for op in walk(function.ops):
            used.update(op.defined_names())
            for region in op.regions():
                used.update(a.name for a in getattr(region, "args", ()))
            used.update(r.name.partition("#")[0] for r in op.results)
        return cls(used)

    def fresh(self, hint: str) -> str:
        while True:
            self.count += 1
            name = f"{hint}{self.count}"
            if name not in self.used:
                self.used.add(name)
                return name


class derived_from:
    """`with derived_from(e, op, "jvp"):` the ops a rule emits for `op` (into e's builder, or the linear
    trace it records) take `op`'s location under the transformation's name, as JAX names them
    (`vit/b3/attn/jvp()/multiply`, then `.../transpose(jvp())/multiply`); ops located already keep theirs."""

    __slots__ = ("b", "op", "transformation", "start", "traced")

    def __init__(self, e: "Emitter", op, transformation: str):
        self.b, self.op, self.transformation = e.b, op, transformation

    def __enter__(self):
        self.start = len(self.b.ops)
        trace = getattr(self.b, "trace", None)
        self.traced = len(trace.ops) if trace is not None else 0
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None:
            return
        trace = getattr(self.b, "trace", None)
        made = self.b.ops[self.start:] + (trace.ops[self.traced:] if trace is not None else [])
        forward, transformation = getattr(self.op, "location", UNKNOWN), self.transformation  # a loop's trace: none
        for new in walk([op for op in made if isinstance(op, Op)]):  # not the linear traces of loops and branches
            if getattr(new, "_location", None) is None:
                new._location = derived(forward, transformation, new.NAME)


class Emitter:
    """`b`: the builder the rule's ops go to; `primal_results(op)`: the derived function's results
    of an original op; helpers for zeros, constants, sums and symbolic zeros."""

    def __init__(self, b: FunctionBuilder, names: Names, primal_of: dict | None = None, state=None):
        self.b = b
        self.names = names
        self.primal_of = {} if primal_of is None else primal_of  # original op -> its results here
        self.state = state  # the JVP's values: original value -> its copy, and its tangent

    def primal(self, original: Value) -> Value:
        """The derived function's copy of an original value (one a region captures, say)."""
        return self.state.primal[original]

    def tangent(self, original: Value) -> Value | None:
        """The tangent of an original value, None for a symbolic zero."""
        return self.state.tangent.get(original)

    def name(self, hint: str = "t") -> str:
        return self.names.fresh(hint)

    def region(self) -> "Emitter":
        """An Emitter over a region builder of this one (its ops may read this one's values)."""
        return type(self)(self.b.region(), self.names, self.primal_of, self.state)

    def primal_results(self, op) -> tuple[Value, ...]:
        """The values the derived function computes for `op`'s results (emitted before its rule runs)."""
        return self.primal_of[op]

    # -- ops ---------------------------------------------------------------------------------
    def apply(self, op, operands: Sequence[Value], name: str | None = None) -> tuple[Value, ...]:
        """`op`'s class, attributes, regions and given result type, applied to other operands (as
        many as `op.operands`, variadic fields flattened alike); returns its results as a tuple."""
        args, at = [], 0
        for field in type(op).FIELDS:
            if field.role == "result":
                continue
            if field.role == "operand":
                if field.variadic:
                    count = len(getattr(op, field.name))
                    args.append(tuple(operands[at:at + count]))
                    at += count
                else:
                    args.append(operands[at])
                    at += 1
            else:
                args.append(getattr(op, field.name))
        if at != len(operands):
            raise ValueError(f"{op.NAME} takes {at} operands, given {len(operands)}")
        label = name or self.name()
        if len(op.results) > 1:
            label = [self.name() for _ in op.results] if name is None else [f"{name}_{i}" for i in range(len(op.results))]
        out = self.b.emit(type(op)(label, *args, path=self.b.path))
        return out if isinstance(out, tuple) else (out,)

    def constant(self, value, like) -> Value:
        """A splat of `value` (a number) of the type `like` (a TensorType or a Value's type)."""
        t = _type(like)
        return self.b.constant(self.name("c"), value_literal(value, t.dtype), t.shape, t.dtype)

    def zeros_like(self, like) -> Value:
        t = _type(like)
        if isinstance(t, TupleType):
            return self.b.tuple(self.name(), [self.zeros_like(part) for part in t.types])
        return self.constant(0, t)

    def broadcast_scalar(self, scalar: Value, like) -> Value:
        """A rank-0 value broadcast to the shape of `like`."""
        t = _type(like)
        if scalar.type.shape == t.shape:
            return scalar
        return self.b.broadcast_in_dim(self.name(), scalar, (), t.shape)

    def add_any(self, a: Value | None, b: Value | None) -> Value | None:
        """a + b, where None is a symbolic zero."""
        if a is None:
            return b
        if b is None:
            return a
        if isinstance(a.type, TupleType):  # tuples element by element; an inactive element is a's
            parts = []
            for i, t in enumerate(a.type.types):
                x = self.b.get_tuple_element(self.name(), a, i)
                y = self.b.get_tuple_element(self.name(), b, i)
                parts.append(self.add_any(x, y) if is_active_type(t) or isinstance(t, TupleType) else x)
            return self.b.tuple(self.name(), parts)
        return self.b.add(self.name(), a, b)

    def sum(self, x: Value, dims: Sequence[int]) -> Value:
        """x summed over `dims` (a reduce with an add body from a zero of x's element type)."""
        dims = tuple(dims)
        if not dims:
            return x
        zero = self.b.constant(self.name("c"), value_literal(0, x.type.dtype), (), x.type.dtype)
        return self.b.reduce(self.name(), x, zero, dims)

    def sum_to_shape(self, x: Value, shape: Sequence[int]) -> Value:
        """x summed down to `shape` as numpy broadcasting made it: over its leading dimensions and
        over those of size 1 in `shape` (what a broadcast operand's cotangent needs)."""
        shape = tuple(shape)
        lead = x.type.rank - len(shape)
        dims = [i for i in range(x.type.rank) if i < lead or (shape[i - lead] == 1 and x.shape[i] != 1)]
        summed = self.sum(x, dims)
        if summed.type.shape != shape:
            summed = self.b.reshape(self.name(), summed, shape)
        return summed

    def convert(self, x: Value, dtype: DType) -> Value:
        return x if x.type.dtype is dtype else self.b.convert(self.name(), x, dtype)


def _type(like) -> TensorType:
    return like.type if isinstance(like, Value) else like
