"""Op nodes. One small class per StableHLO op: typed operands, attributes, and a
result type inferred (and checked) when the node is built.

A node that breaks a shape rule raises ShapeError naming the op, its SSA name,
the operand types and the layer path. Printing lives in vitir/print, not here.
"""

from __future__ import annotations

import math
from typing import Callable, ClassVar, NamedTuple, Sequence

from ..errors import ShapeError
from . import shape_rules as rules
from .literals import literal_value, value_literal
from .types import DType, TensorType
from .values import Value


class Op:
    """Base of every node. `results` are the SSA values it defines."""

    __slots__ = ("results", "operands", "path")
    NAME: ClassVar[str] = ""
    COMPOUND: ClassVar[bool] = False  # prints several lines and defines internal SSA names

    def _fail(self, reason: str, ssa: str):
        raise ShapeError(reason, op=self.NAME, ssa=ssa, operand_types=[v.type for v in self.operands],
                         path=self.path)

    def _shape(self, name: str, rule, *args) -> tuple[int, ...]:
        """Run a shape rule; turn its reason into a ShapeError with full context."""
        try:
            return rule(*args)
        except rules.RuleError as e:
            self._fail(str(e), "%" + name)

    def _infer(self, name: str, rule, *args) -> TensorType:
        """The rule's shape with the first operand's element type."""
        return TensorType(self._shape(name, rule, *args), self.operands[0].type.dtype)

    def _start(self, operands: Sequence[Value], path: str) -> None:
        self.operands = operands if type(operands) is tuple else tuple(operands)
        self.path = path
        for v in self.operands:
            if not isinstance(v, Value):
                raise ShapeError(f"operand {v!r} is not an SSA value", op=self.NAME, path=path)

    @property
    def result(self) -> Value:
        return self.results[0]

    def defined_names(self) -> list[str]:
        """Every SSA name the printed text defines (compound nodes add internal ones)."""
        return [r.name for r in self.results]


class Constant(Op):
    """A splat constant; the literal is spliced verbatim (`1.0e-5`, `0.125`, `192.0`,
    or hexadecimal bits such as `0xFF800000` for a non-finite float)."""

    __slots__ = ("literal",)
    NAME = "stablehlo.constant"

    def __init__(self, name: str, literal: str, type: TensorType, path: str = ""):
        self._start((), path)
        self.literal = str(literal)
        if (self.literal, type.dtype) not in _CHECKED_LITERALS:
            try:
                literal_value(self.literal, type.dtype)
            except ValueError as e:
                self._fail(f"literal {self.literal!r} is not a {type.dtype.value} number ({e})", "%" + name)
            _CHECKED_LITERALS.add((self.literal, type.dtype))
        self.results = (Value(name, type),)


_CHECKED_LITERALS: set = set()  # (text, dtype) pairs already validated; models repeat a few literals


class DenseConstant(Op):
    """A constant with one literal per element, row-major: `dense<[[0, 1], [2, 3]]>`.
    `values` is flat or nested as the shape (lists, tuples, a numpy array); a number
    becomes the shortest decimal of its value in the element type, a str is a literal
    spliced as given. A class of its own so that splat constants pay nothing for it."""

    __slots__ = ("literals",)
    NAME = "stablehlo.constant"

    def __init__(self, name: str, values, type: TensorType, path: str = ""):
        self._start((), path)
        flat, nesting = _flatten(values)
        if nesting is None:
            self._fail("values are ragged: nested sequences of one level differ in length or depth", "%" + name)
        if len(nesting) > 1 and nesting != type.shape:
            self._fail(f"values nest as {list(nesting)}, the type {type} is {list(type.shape)}", "%" + name)
        count = math.prod(type.shape)
        if len(flat) != count:
            self._fail(f"{len(flat)} value{'' if len(flat) == 1 else 's'} for {type}, which holds {count}", "%" + name)
        dtype, literals = type.dtype, []
        for i, v in enumerate(flat):
            if isinstance(v, str) and (v, dtype) in _CHECKED_LITERALS:
                literals.append(v)
                continue
            try:
                literals.append(value_literal(v, dtype))
            except ValueError as e:
                what = f"literal {v!r}" if isinstance(v, str) else f"value {v!r}"
                self._fail(f"element {_index(i, type.shape)}: {what} is not a {dtype.value} number ({e})", "%" + name)
            if isinstance(v, str):
                _CHECKED_LITERALS.add((v, dtype))
        self.literals = tuple(literals)
        self.results = (Value(name, type),)


def _flatten(values) -> tuple[list, tuple[int, ...] | None]:
    """Row-major elements and the shape the nesting gives (None if ragged); numpy's
    arrays and scalars become Python's through `tolist`, so vitir needs no numpy."""
    level, shape = [values], []
    while True:
        level = [v.tolist() if hasattr(v, "tolist") else v for v in level]
        nested = [isinstance(v, Sequence) and not isinstance(v, str) for v in level]
        if not any(nested):
            return level, tuple(shape)
        if not all(nested) or len({len(v) for v in level}) > 1:
            return level, None
        shape.append(len(level[0]))
        level = [x for v in level for x in v]
        if not level:
            return level, tuple(shape)


def _index(flat: int, shape: tuple[int, ...]) -> str:
    """`3` in a rank-1 tensor, `[1, 0]` (flat 2) in a rank-2 one."""
    if len(shape) < 2:
        return str(flat)
    index, rest = [], flat
    for d in reversed(shape):
        index.append(rest % d)
        rest //= d
    return f"{list(reversed(index))} (flat {flat})"


class Elementwise(Op):
    """Ops whose operands share one element type and, but for clamp's scalar bounds, one shape."""

    __slots__ = ()
    ARITY: ClassVar[int] = 2
    ELEMENTS: ClassVar[str] = "any"  # the operand element types it takes: a key of rules.ELEMENT_KINDS
    RESULT_DTYPE: ClassVar[DType | None] = None  # the operands' unless set (is_finite: i1)
    RULE: ClassVar = staticmethod(rules.elementwise)

    def __init__(self, name: str, *operands: Value, path: str = ""):
        self._start(operands, path)
        if len(operands) != self.ARITY:
            self._fail(f"takes {self.ARITY} operands, got {len(operands)}", "%" + name)
        ty = operands[0].type
        if operands[-1].type is not ty or (self.ARITY > 2 and any(v.type is not ty for v in operands)):
            # types are interned, so `is` is equality
            dtypes = {v.type.dtype for v in operands}
            if len(dtypes) > 1:
                self._fail(f"operand element types differ: {' vs '.join(sorted(d.value for d in dtypes))}",
                           "%" + name)
            ty = self._infer(name, self.RULE, *(v.shape for v in operands))
        if self.ELEMENTS != "any":
            self._shape(name, rules.element_kind, ty.dtype.value, self.ELEMENTS)
        if self.RESULT_DTYPE is not None:
            ty = TensorType(ty.shape, self.RESULT_DTYPE)
        self.results = (Value(name, ty),)


class Unary(Elementwise):
    __slots__ = ()
    ARITY = 1


class ElementwiseRow(NamedTuple):
    """One elementwise op: vitir's AST class and the xDSL dialect's IRDL class are both made from it."""

    op: str  # printed `stablehlo.<op>`; the classes are <Op> and <Op>Op (`log_plus_one`: LogPlusOne)
    arity: int
    elements: str  # the operand element types it takes: a key of rules.ELEMENT_KINDS
    result_i1: bool = False  # an i1 result of the operand's shape (is_finite), else the operands' type
    rule: Callable = rules.elementwise  # operand shapes -> result shape

    @property
    def class_name(self) -> str:
        return "".join(word.capitalize() for word in self.op.split("_"))


ELEMENTWISE_TABLE: tuple[ElementwiseRow, ...] = tuple(ElementwiseRow(*row) for row in (
    ("add", 2, "any"), ("subtract", 2, "any"), ("multiply", 2, "any"), ("divide", 2, "any"),
    ("maximum", 2, "any"), ("minimum", 2, "any"), ("power", 2, "float"), ("remainder", 2, "numeric"),
    ("and", 2, "bits"), ("or", 2, "bits"),
    ("clamp", 3, "any", False, rules.clamp),  # (min, operand, max); min and max may be scalars
    ("exponential", 1, "float"), ("log", 1, "float"), ("rsqrt", 1, "float"), ("sqrt", 1, "float"),
    ("tanh", 1, "float"), ("cosine", 1, "float"), ("sine", 1, "float"), ("floor", 1, "float"), ("ceil", 1, "float"),
    ("logistic", 1, "float"), ("log_plus_one", 1, "float"), ("exponential_minus_one", 1, "float"),
    ("round_nearest_even", 1, "float"), ("negate", 1, "numeric"), ("abs", 1, "numeric"), ("sign", 1, "numeric"),
    ("not", 1, "bits"), ("is_finite", 1, "float", True),
))


def _elementwise_class(row: ElementwiseRow) -> type:
    return type(row.class_name, (Unary if row.arity == 1 else Elementwise,), {
        "__slots__": (), "__module__": __name__, "NAME": "stablehlo." + row.op, "ARITY": row.arity,
        "ELEMENTS": row.elements, "RESULT_DTYPE": DType.I1 if row.result_i1 else None,
        "RULE": staticmethod(row.rule)})


# Add, Subtract, ..., Cosine, ..., IsFinite: one class per row, defined here by name.
ELEMENTWISE_OPS: tuple[type, ...] = tuple(_elementwise_class(row) for row in ELEMENTWISE_TABLE)
globals().update({cls.__name__: cls for cls in ELEMENTWISE_OPS})


class Compare(Op):
    """Elementwise comparison to an i1 tensor: `stablehlo.compare GT, %a, %b, FLOAT`."""

    __slots__ = ("direction", "compare_type")
    NAME = "stablehlo.compare"
    DIRECTIONS: ClassVar[tuple[str, ...]] = ("EQ", "NE", "GE", "GT", "LE", "LT")
    # Booleans compare as unsigned (false < true), as StableHLO and JAX spell it; other integers as signed.
    COMPARE_TYPES: ClassVar[dict] = {DType.F32: "FLOAT", DType.F16: "FLOAT", DType.BF16: "FLOAT",
                                     DType.I1: "UNSIGNED"}

    def __init__(self, name: str, lhs: Value, rhs: Value, direction: str, path: str = ""):
        self._start((lhs, rhs), path)
        if direction not in self.DIRECTIONS:
            self._fail(f"unknown direction {direction!r} (known: {', '.join(self.DIRECTIONS)})", "%" + name)
        if lhs.type.dtype != rhs.type.dtype:
            self._fail(f"operand element types differ: {lhs.type.dtype.value} vs {rhs.type.dtype.value}", "%" + name)
        self.direction = direction
        self.compare_type = self.COMPARE_TYPES.get(lhs.type.dtype, "SIGNED")
        shape = self._infer(name, rules.elementwise, lhs.shape, rhs.shape).shape
        self.results = (Value(name, TensorType(shape, DType.I1)),)


class Select(Op):
    """Elementwise choice: pred ? on_true : on_false, with an i1 predicate of the same shape."""

    __slots__ = ()
    NAME = "stablehlo.select"

    def __init__(self, name: str, pred: Value, on_true: Value, on_false: Value, path: str = ""):
        self._start((pred, on_true, on_false), path)
        if pred.type.dtype is not DType.I1:
            self._fail(f"predicate must be i1, got {pred.type.dtype.value}", "%" + name)
        if on_true.type is not on_false.type:
            self._fail(f"branch types differ: {on_true.type} vs {on_false.type}", "%" + name)
        self._infer(name, rules.elementwise, pred.shape, on_true.shape)
        self.results = (Value(name, on_true.type),)


class Convert(Op):
    """Element type conversion, same shape: `stablehlo.convert %x : (Ti32) -> Tf32`."""

    __slots__ = ()
    NAME = "stablehlo.convert"

    def __init__(self, name: str, operand: Value, dtype: DType, path: str = ""):
        self._start((operand,), path)
        if not isinstance(dtype, DType):
            self._fail(f"element type {dtype!r} is not one of vitir's ({', '.join(d.value for d in DType)})",
                       "%" + name)
        shape = self._shape(name, rules.convert, operand.shape, operand.type.dtype.value, dtype.value)
        self.results = (Value(name, TensorType(shape, dtype)),)


class Iota(Op):
    """No operands: every element is its own index along `dimension` (`stablehlo.iota dim = 1 : T`)."""

    __slots__ = ("dimension",)
    NAME = "stablehlo.iota"

    def __init__(self, name: str, type: TensorType, dimension: int, path: str = ""):
        self._start((), path)
        self.dimension = dimension
        self._shape(name, rules.iota, type.shape, dimension, type.dtype.value)
        self.results = (Value(name, type),)


class BroadcastInDim(Op):
    __slots__ = ("dims",)
    NAME = "stablehlo.broadcast_in_dim"

    def __init__(self, name: str, operand: Value, dims: Sequence[int], shape: Sequence[int], path: str = ""):
        self._start((operand,), path)
        self.dims = tuple(dims)
        self.results = (Value(name, self._infer(name, rules.broadcast_in_dim, operand.shape, self.dims, tuple(shape))),)


class Reshape(Op):
    __slots__ = ()
    NAME = "stablehlo.reshape"

    def __init__(self, name: str, operand: Value, shape: Sequence[int], path: str = ""):
        self._start((operand,), path)
        self.results = (Value(name, self._infer(name, rules.reshape, operand.shape, tuple(shape))),)


class Transpose(Op):
    __slots__ = ("perm",)
    NAME = "stablehlo.transpose"

    def __init__(self, name: str, operand: Value, perm: Sequence[int], path: str = ""):
        self._start((operand,), path)
        self.perm = tuple(perm)
        self.results = (Value(name, self._infer(name, rules.transpose, operand.shape, self.perm)),)


class DotGeneral(Op):
    __slots__ = ("lhs_batch", "rhs_batch", "lhs_contract", "rhs_contract")
    NAME = "stablehlo.dot_general"

    def __init__(self, name: str, lhs: Value, rhs: Value, contracting: tuple[Sequence[int], Sequence[int]],
                 batching: tuple[Sequence[int], Sequence[int]] = ((), ()), path: str = ""):
        self._start((lhs, rhs), path)
        self.lhs_batch, self.rhs_batch = tuple(batching[0]), tuple(batching[1])
        self.lhs_contract, self.rhs_contract = tuple(contracting[0]), tuple(contracting[1])
        if lhs.type.dtype != rhs.type.dtype:
            self._fail(f"operand element types differ: {lhs.type.dtype.value} vs {rhs.type.dtype.value}", "%" + name)
        self.results = (Value(name, self._infer(
            name, rules.dot_general, lhs.shape, rhs.shape,
            self.lhs_batch, self.rhs_batch, self.lhs_contract, self.rhs_contract)),)


class Reduce(Op):
    """Reduction with a one-op body (`applies stablehlo.add`), StableHLO's compact form."""

    __slots__ = ("dims", "reducer")
    NAME = "stablehlo.reduce"
    REDUCERS: ClassVar[tuple[str, ...]] = ("add", "multiply", "maximum", "minimum")

    def __init__(self, name: str, operand: Value, init: Value, dims: Sequence[int], reducer: str = "add",
                 path: str = ""):
        self._start((operand, init), path)
        self.dims = tuple(dims)
        if reducer not in self.REDUCERS:
            self._fail(f"unknown reducer {reducer!r} (known: {', '.join(self.REDUCERS)})", "%" + name)
        if init.type.dtype != operand.type.dtype:
            self._fail(f"init element type {init.type.dtype.value} differs from operand {operand.type.dtype.value}",
                       "%" + name)
        self.reducer = reducer
        self.results = (Value(name, self._infer(name, rules.reduce, operand.shape, init.shape, self.dims)),)


class ReduceRegion(Op):
    """A reduce of N operands with a reducer body of several ops (JAX's argmax: a value
    and an iota, compare/select in the body). `body` is a Function of 2N rank-0 arguments
    (N accumulators, then N elements) returning N; its names are defined in the region,
    so they must not repeat the enclosing function's. Results print `%name#i` when N > 1."""

    __slots__ = ("dims", "body")
    NAME = "stablehlo.reduce"
    COMPOUND = True  # defines the body's names too

    def __init__(self, name: str, operands: Sequence[Value], inits: Sequence[Value], dims: Sequence[int],
                 body, path: str = ""):
        operands, inits = tuple(operands), tuple(inits)
        self._start(operands + inits, path)
        self.dims, self.body = tuple(dims), body
        shape = self._shape(name, rules.reduce_region, [(v.shape, v.type.dtype.value) for v in operands],
                            [(v.shape, v.type.dtype.value) for v in inits], self.dims,
                            [(v.shape, v.type.dtype.value) for v in body.args],
                            [(v.shape, v.type.dtype.value) for v in body.ret.operands])
        names = [name] if len(operands) == 1 else [f"{name}#{i}" for i in range(len(operands))]
        self.results = tuple(Value(n, TensorType(shape, v.type.dtype)) for n, v in zip(names, operands))

    @property
    def base_name(self) -> str:
        return self.results[0].name.partition("#")[0]

    def defined_names(self) -> list[str]:
        return [self.base_name] + [a.name for a in self.body.args] + [n for op in self.body.ops
                                                                     for n in op.defined_names()]


class Convolution(Op):
    """Convolution with dimension-number layouts such as ("bf01", "oi01", "bf01")."""

    __slots__ = ("layouts", "stride", "padding", "lhs_dilate", "rhs_dilate",
                 "batch_group_count", "feature_group_count")
    NAME = "stablehlo.convolution"

    def __init__(self, name: str, lhs: Value, rhs: Value, *, stride: Sequence[int],
                 padding: Sequence[tuple[int, int]] | None = None, lhs_dilate: Sequence[int] | None = None,
                 rhs_dilate: Sequence[int] | None = None, layouts: tuple[str, str, str] = ("bf01", "oi01", "bf01"),
                 path: str = ""):
        self._start((lhs, rhs), path)
        nsp = len(stride)
        self.layouts = tuple(layouts)
        self.stride = tuple(stride)
        self.padding = tuple(tuple(p) for p in (padding if padding is not None else [(0, 0)] * nsp))
        self.lhs_dilate = tuple(lhs_dilate if lhs_dilate is not None else [1] * nsp)
        self.rhs_dilate = tuple(rhs_dilate if rhs_dilate is not None else [1] * nsp)
        self.batch_group_count = 1
        self.feature_group_count = 1
        self.results = (Value(name, self._infer(
            name, rules.convolution, lhs.shape, rhs.shape, *self.layouts,
            self.stride, self.padding, self.lhs_dilate, self.rhs_dilate)),)


class Pad(Op):
    __slots__ = ("low", "high", "interior")
    NAME = "stablehlo.pad"

    def __init__(self, name: str, operand: Value, pad_value: Value, low: Sequence[int], high: Sequence[int],
                 interior: Sequence[int], path: str = ""):
        self._start((operand, pad_value), path)
        self.low, self.high, self.interior = tuple(low), tuple(high), tuple(interior)
        if pad_value.type.dtype != operand.type.dtype:
            self._fail(f"padding value element type {pad_value.type.dtype.value} differs from operand "
                       f"{operand.type.dtype.value}", "%" + name)
        self.results = (Value(name, self._infer(
            name, rules.pad, operand.shape, pad_value.shape, self.low, self.high, self.interior)),)


class Slice(Op):
    __slots__ = ("start", "limit", "strides")
    NAME = "stablehlo.slice"

    def __init__(self, name: str, operand: Value, start: Sequence[int], limit: Sequence[int],
                 strides: Sequence[int] | None = None, path: str = ""):
        self._start((operand,), path)
        self.start, self.limit = tuple(start), tuple(limit)
        self.strides = tuple(strides) if strides is not None else (1,) * len(self.start)
        self.results = (Value(name, self._infer(
            name, rules.slice_, operand.shape, self.start, self.limit, self.strides)),)


class Concatenate(Op):
    __slots__ = ("dim",)
    NAME = "stablehlo.concatenate"

    def __init__(self, name: str, operands: Sequence[Value], dim: int, path: str = ""):
        self._start(operands, path)
        self.dim = dim
        if len({v.type.dtype for v in operands}) > 1:
            self._fail("operand element types differ", "%" + name)
        self.results = (Value(name, self._infer(name, rules.concatenate, [v.shape for v in operands], dim)),)


class AllReduceMean(Op):
    """Compound: the cross-replica sum of a gradient (a quoted all_reduce with an
    add region), divided by the replica count. Its SSA names derive from `tag`."""

    __slots__ = ("tag", "replicas")
    NAME = "all_reduce_mean"

    def __init__(self, tag: str, operand: Value, replicas: int, path: str = ""):
        self._start((operand,), path)
        self.tag = tag
        if replicas < 2:
            self._fail(f"needs at least 2 replicas, got {replicas} (one replica needs no collective)",
                       f"%armean{tag}")
        if not operand.type.dtype.is_float:
            self._fail(f"needs a floating-point operand, got {operand.type.dtype.value}", f"%armean{tag}")
        self.replicas = replicas
        self.results = (Value(f"armean{tag}", operand.type),)

    COMPOUND = True

    def defined_names(self) -> list[str]:
        t = self.tag
        return [f"arsum{t}", f"ara{t}", f"arb{t}", f"aradd{t}", f"arn{t}", f"armean{t}"]


class AdamScalars(NamedTuple):
    """The rank-0 hyperparameter values an AdamW update reads."""

    b1: Value
    ob1: Value
    b2: Value
    ob2: Value
    bc1: Value
    bc2: Value
    lr: Value
    eps: Value
    wd: Value


# The AdamW update's 26 lines, as (suffix, op, operands). Operand names: `theta g m v`
# are the node's tensor operands, `$x` a scalar hyperparameter broadcast to the
# parameter's shape, anything else an earlier line's suffix. One table serves the
# printer, the evaluator and the importer.
ADAMW_LINES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("adb1", "broadcast", ("$b1",)),
    ("adob1", "broadcast", ("$ob1",)),
    ("adms", "multiply", ("adb1", "m")),
    ("admg", "multiply", ("adob1", "g")),
    ("admn", "add", ("adms", "admg")),
    ("adb2", "broadcast", ("$b2",)),
    ("adob2", "broadcast", ("$ob2",)),
    ("advs", "multiply", ("adb2", "v")),
    ("adg2", "multiply", ("g", "g")),
    ("advg", "multiply", ("adob2", "adg2")),
    ("advn", "add", ("advs", "advg")),
    ("adbc1", "broadcast", ("$bc1",)),
    ("adbc2", "broadcast", ("$bc2",)),
    ("admh", "divide", ("admn", "adbc1")),
    ("advh", "divide", ("advn", "adbc2")),
    ("adlr", "broadcast", ("$lr",)),
    ("adeps", "broadcast", ("$eps",)),
    ("adsq", "sqrt", ("advh",)),
    ("adden", "add", ("adsq", "adeps")),
    ("adrat", "divide", ("admh", "adden")),
    ("adst", "multiply", ("adlr", "adrat")),
    ("adsub", "subtract", ("theta", "adst")),
    ("adwd", "broadcast", ("$wd",)),
    ("adwdlr", "multiply", ("adwd", "adlr")),
    ("adwdp", "multiply", ("adwdlr", "theta")),
    ("adnew", "subtract", ("adsub", "adwdp")),
)


class AdamWUpdate(Op):
    """Compound: one parameter's AdamW step,
    theta' = theta - lr*(m'/bc1)/(sqrt(v'/bc2)+eps) - wd*lr*theta,
    m' = b1 m + (1-b1) g, v' = b2 v + (1-b2) g^2. Results (theta', m', v')."""

    __slots__ = ("tag",)
    NAME = "adamw_update"

    def __init__(self, tag: str, theta: Value, grad: Value, m: Value, v: Value, scalars: AdamScalars,
                 path: str = ""):
        self._start((theta, grad, m, v) + tuple(scalars), path)
        self.tag = tag
        for what, val in (("gradient", grad), ("first moment", m), ("second moment", v)):
            if val.type is not theta.type:  # types are interned
                self._fail(f"{what} {val.ssa} has type {val.type}, the parameter {theta.ssa} has {theta.type}",
                           f"%adnew{tag}")
        for field, val in zip(AdamScalars._fields, scalars):
            if val.type.rank != 0 or val.type.dtype != theta.type.dtype:
                self._fail(f"hyperparameter {field} ({val.ssa}) must be a rank-0 {theta.type.dtype.value}, "
                           f"got {val.type}", f"%adnew{tag}")
        ty = theta.type
        self.results = (Value(f"adnew{tag}", ty), Value(f"admn{tag}", ty), Value(f"advn{tag}", ty))

    @property
    def scalars(self) -> AdamScalars:
        return AdamScalars(*self.operands[4:])

    COMPOUND = True
    _SUFFIXES = tuple(suffix for suffix, _, _ in ADAMW_LINES)

    def defined_names(self) -> list[str]:
        t = self.tag
        return [suffix + t for suffix in self._SUFFIXES]


class Return(Op):
    __slots__ = ()
    NAME = "return"

    def __init__(self, values: Sequence[Value], path: str = ""):
        self._start(values, path)
        self.results = ()
