"""Random well-typed graphs over the declared ops.

`random_graph(rng)` grows a function op by op. Each op is drawn from the op
table (`vitir.ast.declare.OPS`, plus the compound nodes) and built from its
declaration: its operands are values of the graph (or new arguments) chosen
to match the first operand's type, its attributes are drawn by kind (an
enum's words, a boolean, dimensions of the operand's rank), its given result
type from the operand's; the op's own rule decides, and a draw it refuses is
drawn again. Ops whose fields tie together in ways a draw rarely meets (dot
and convolution dimension numbers, gather, scatter, regions, the dynamic
forms, collectives, constants) have a recipe in RECIPES; every other op of
the table, including ops declared after this file was written, is drawn from
its declaration alone.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from vitir.ast import AdamScalars, DType, FunctionBuilder, ShapeError, TensorType, Value, module
from vitir.ast.attributes import DotDimensions, GatherDimensions, ScatterDimensions
from vitir.ast.declare import OPS, REQUIRED

FLOATS = (DType.F32, DType.F32, DType.F32, DType.F16, DType.BF16, DType.F64)
INTEGERS = (DType.I32, DType.I32, DType.I8, DType.I16, DType.I64, DType.UI8, DType.UI32)
TYPES = FLOATS * 2 + INTEGERS + (DType.I1,)
TRIES = 12  # draws of one op before it is given up


class LeftOut(Exception):
    """A valid draw an evaluated graph leaves out: XLA's CPU backend cannot compile it (why)."""


@dataclass
class Graph:
    """A function being grown: its builder, the values ops may use, what was drawn."""

    rng: random.Random
    evaluated: bool = False  # to be run: every result returned, collectives over `replicas`
    replicas: int = 1
    span: int = 0  # a pass graph's replicas: every collective's groups cover them (0: each draws 1, 2 or 4)
    fb: FunctionBuilder = field(default_factory=lambda: FunctionBuilder("g"))
    pool: list[Value] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # the op of each successful draw
    tokens: list[Value] = field(default_factory=list)  # the tokens ops made, for the next to take
    functions: list = field(default_factory=list)  # what the module holds besides the graph (decompositions)
    refused: int = 0  # draws an op's rule refused
    left_out: Counter = field(default_factory=Counter)  # valid draws XLA cannot compile, by why
    counter: int = 0

    # -- values ---------------------------------------------------------------------------------
    def name(self, prefix: str = "t") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def shape(self, rank: int | None = None) -> tuple[int, ...]:
        rank = self.rng.choice((0, 1, 1, 2, 2, 2, 3, 3)) if rank is None else rank
        return tuple(self.rng.choice((1, 2, 2, 3, 3, 4, 5)) if self.rng.random() > 0.03 else 0 for _ in range(rank))

    def dtype(self, choices=TYPES) -> DType:
        return self.rng.choice(choices)

    def arg(self, ty: TensorType) -> Value:
        v = self.fb.arg(self.name("a"), ty)
        self.pool.append(v)
        return v

    def value(self, like: Value | None = None, *, how: str | None = None) -> Value:
        """A value of the graph: of `like`'s type mostly (else of its shape, or rank 0 of its element
        type, or anything), a new argument when none fits."""
        rng = self.rng
        if like is None:
            if self.pool and rng.random() < 0.85:
                return rng.choice(self.pool)
            return self.arg(TensorType(self.shape(), self.dtype()))
        how = how or rng.choices(("same", "shape", "scalar", "any"), (80, 8, 7, 5))[0]
        want = {"same": like.type, "shape": TensorType(like.type.shape, self.dtype()),
                "scalar": TensorType((), like.type.dtype), "any": None}[how]
        fits = [v for v in self.pool if want is None or v.type is want]
        if fits and rng.random() < 0.7:
            return rng.choice(fits)
        return self.arg(want or TensorType(self.shape(), self.dtype()))

    # -- one op ---------------------------------------------------------------------------------
    def grow(self, cls) -> bool:
        """Add one op of declaration `cls`; False when every draw was refused."""
        recipe = RECIPES.get(cls.NAME, generic)
        for _ in range(TRIES):
            before = len(self.fb.ops)
            try:
                out = recipe(self, cls)
            except ShapeError:
                self.refused += 1
                continue
            except LeftOut as e:
                self.left_out[str(e)] += 1
                continue
            if out is None:
                return False
            if len(self.fb.ops) == before:
                continue
            self.drawn.append(cls.NAME)
            values = out if isinstance(out, tuple) else (out,)
            self.pool.extend(v for v in values if isinstance(v.type, TensorType))
            return True
        return False

    def emit(self, cls, fields: dict):
        return self.fb.emit(cls(self.name(), **fields, path=self.fb.path))


# -- drawing a declaration's fields ---------------------------------------------------------------

def generic(g: Graph, cls):
    """An op of `cls` from its declaration alone."""
    fields, first = {}, None
    for f in cls.FIELDS:
        if f.role == "result":
            continue
        if f.role == "operand":
            if f.variadic:
                count = g.rng.choice((1, 1, 2, 3))
                values = tuple(g.value(first) for _ in range(count))
                first = first or (values[0] if values else None)
                fields[f.name] = values
            else:
                v = g.value(first)
                first = first or v
                fields[f.name] = v
        elif f.role == "attribute":
            fields[f.name] = attribute(g, f, first, fields)
        elif f.role == "result_type":
            fields[f.name] = result_type(g, cls, f, first, fields)
        else:
            return None  # a region: generic draws cannot make one
    if g.evaluated:
        from tests.fuzz.families import xla_lacks

        lacking = xla_lacks(cls.NAME, [v for v in fields.values() if isinstance(v, Value)])
        if lacking:
            raise LeftOut(lacking)
    return g.emit(cls, fields)


def attribute(g: Graph, f, first: Value | None, fields: dict):
    rng, kind = g.rng, f.kind
    if f.default is not REQUIRED and rng.random() < 0.5:
        return f.default
    rank = first.type.rank if first is not None and isinstance(first.type, TensorType) else rng.randint(0, 3)
    shape = first.type.shape if first is not None else (2,) * rank
    name = kind.name
    if hasattr(kind, "words"):
        return rng.choice(kind.words)
    if name == "bool":
        return rng.random() < 0.5
    if name == "i64":
        return rng.randint(0, max(rank - 1, 0))
    if name == "i64_array":
        return int_array(g, f.name, shape, fields)
    return f.default if f.default is not REQUIRED else None


def int_array(g: Graph, field_name: str, shape: tuple[int, ...], fields: dict) -> tuple[int, ...]:
    """Dimensions for an attribute, by what its name says it holds."""
    rng, rank = g.rng, len(shape)
    if field_name in ("perm", "permutation"):
        return tuple(rng.sample(range(rank), rank))
    if field_name in ("dims", "dimensions"):
        return tuple(sorted(rng.sample(range(rank), rng.randint(0, rank))))
    if field_name in ("start", "start_indices"):
        return tuple(rng.randint(0, d) for d in shape)
    if field_name in ("limit", "limit_indices"):
        return tuple(rng.randint(a, d) for a, d in zip(fields.get("start", (0,) * rank), shape))
    if field_name in ("strides", "stride"):
        return tuple(rng.randint(1, 3) for _ in shape)
    if field_name in ("low", "high"):
        return tuple(rng.randint(-1 if d else 0, 2) for d in shape)
    if field_name == "interior":
        return tuple(rng.randint(0, 2) for _ in shape)
    if field_name == "slice_sizes":
        return tuple(rng.randint(0, d) for d in shape)
    if field_name == "sizes":
        return tuple(rng.randint(1, 3) for _ in range(rng.randint(0, 2)))
    return tuple(rng.randint(0, max(rank - 1, 0)) for _ in range(rng.randint(0, rank)))


def result_type(g: Graph, cls, f, first: Value | None, fields: dict) -> TensorType:
    rng = g.rng
    if first is None:  # iota and the like: any shape of a numeric type
        return TensorType(g.shape(rng.randint(1, 3)), g.dtype(FLOATS + INTEGERS))
    shape = first.type.shape
    if f.element_of:  # reshape, broadcast_in_dim: a shape in the operand's element type
        dims = fields.get("dims")
        if dims is not None:  # broadcast: the operand's dims where `dims` says, others drawn
            rank = max(dims, default=-1) + 1 + rng.randint(0, 1)
            out = list(g.shape(rank))
            for i, d in enumerate(dims):
                if d < rank and i < len(shape):
                    out[d] = shape[i] if shape[i] != 1 or rng.random() < 0.5 else out[d]
            return TensorType(out, first.type.dtype)
        return TensorType(factor(rng, math.prod(shape)), first.type.dtype)
    return TensorType(shape, g.dtype())


def factor(rng: random.Random, n: int) -> tuple[int, ...]:
    """A random shape of n elements."""
    if n == 0:
        return tuple(rng.sample([0, 2, 3], rng.randint(1, 3)))
    dims = []
    while n > 1 and len(dims) < 3:
        d = rng.choice([k for k in range(1, n + 1) if n % k == 0])
        dims.append(d)
        n //= d
    dims += [n] if n > 1 or not dims else []
    rng.shuffle(dims)
    return tuple(dims)


# -- recipes -------------------------------------------------------------------------------------

SPLATS = {"f": ("0.0", "1.0", "-2.5", "0.5", "1.0e-5", "3.0e+2", "0x7FC00000", "0xFF800000"),
          "i": ("0", "1", "-3", "7"), "u": ("0", "1", "7"), "b": ("true", "false")}


def _literal_kind(dtype: DType) -> str:
    return "b" if dtype.is_bool else "f" if dtype.is_float else "u" if dtype.is_integer and not dtype.is_signed \
        else "i"


def constant(g: Graph, cls):
    rng = g.rng
    dtype, shape = g.dtype(), g.shape()
    if rng.random() < 0.5:
        literal = rng.choice(SPLATS[_literal_kind(dtype)])
        if dtype.is_float and literal.startswith("0x"):
            literal = {16: "0x7E00" if dtype is DType.F16 else "0x7FC0", 32: literal,
                       64: "0x7FF8000000000000"}[dtype.bits]
        return g.fb.constant(g.name(), literal, shape, dtype)
    count = math.prod(shape)
    if dtype.is_bool:
        values = [rng.random() < 0.5 for _ in range(count)]
    elif dtype.is_float:
        values = [rng.choice((0.0, -0.0, 1.5, -2.0, 0.1, 1e4, float("inf"), float("nan"))) for _ in range(count)]
    else:
        values = [rng.randint(max(dtype.min, -100), min(dtype.max, 100)) for _ in range(count)]
    return g.fb.constant_array(g.name(), values, shape, dtype)


def iota(g: Graph, cls):
    shape = g.shape(g.rng.randint(1, 3))
    return g.fb.iota(g.name(), shape, g.dtype(FLOATS + INTEGERS), g.rng.randint(0, len(shape) - 1))


def dot_general(g: Graph, cls):
    rng = g.rng
    x = g.value()
    rank = x.type.rank
    dims = list(range(rank))
    rng.shuffle(dims)
    nb = rng.randint(0, min(1, rank))
    nc = rng.randint(0, min(2, rank - nb))
    batch, contract = sorted(dims[:nb]), dims[nb:nb + nc]
    free = [rng.choice((1, 2, 3)) for _ in range(rng.randint(0, 2))]
    rhs_shape = [x.type.shape[d] for d in batch] + [x.type.shape[d] for d in contract] + free
    order = list(range(len(rhs_shape)))
    rng.shuffle(order)  # the rhs's dims in any order
    rhs = g.value(Value("w", TensorType([rhs_shape[i] for i in order], x.type.dtype)), how="same")
    where = {i: order.index(i) for i in range(len(rhs_shape))}
    rb = [where[i] for i in range(nb)]
    rc = [where[nb + i] for i in range(nc)]
    precision = rng.choice((("DEFAULT", "DEFAULT"), ("HIGHEST", "HIGHEST"), ("HIGH", "DEFAULT")))
    return g.fb.dot_general(g.name(), x, rhs, (contract, rc), (batch, rb), precision=precision)


def convolution(g: Graph, cls):
    fields = convolution_fields(g)
    return g.fb.convolution(g.name(), *fields["operands"], **fields["attributes"])


def convolution_fields(g: Graph) -> dict:
    """A convolution's operands (of the graph) and attributes, tied together (dynamic_conv's too)."""
    rng = g.rng
    spatial = rng.randint(1, 2)
    digits = "".join(str(i) for i in range(spatial))
    lhs_l, rhs_l, out_l = ("".join(rng.sample(s, len(s))) for s in ("bf" + digits, "oi" + digits, "bf" + digits))
    groups = rng.choice((1, 1, 1, 2))
    batch_groups = 1 if groups > 1 else rng.choice((1, 1, 1, 2))
    sizes = {"b": rng.randint(1, 2) * batch_groups, "f": rng.randint(1, 2) * groups}
    kernel = {"o": rng.randint(1, 2) * groups * batch_groups, "i": sizes["f"] // groups}
    for d in digits:
        sizes[d], kernel[d] = rng.randint(2, 6), rng.randint(1, 3)
    dtype = g.dtype(FLOATS)
    lhs = g.value(Value("x", TensorType([sizes[c] for c in lhs_l], dtype)), how="same")
    rhs = g.value(Value("k", TensorType([kernel[c] for c in rhs_l], dtype)), how="same")
    return {"operands": (lhs, rhs), "attributes": dict(
        stride=[rng.randint(1, 2) for _ in digits], padding=[(rng.randint(0, 1), rng.randint(0, 1)) for _ in digits],
        lhs_dilate=[rng.randint(1, 2) for _ in digits], rhs_dilate=[rng.randint(1, 2) for _ in digits],
        layouts=(lhs_l, rhs_l, out_l), feature_group_count=groups, batch_group_count=batch_groups)}


def _scalar_region(g: Graph, dtype: DType):
    """A body of two rank-0 arguments returning one elementwise op of them."""
    body = g.fb.region()
    scalar = TensorType((), dtype)
    a, x = body.arg(g.name("r"), scalar), body.arg(g.name("r"), scalar)
    method = g.rng.choice(("and_", "or_") if dtype.is_bool else ("add", "maximum", "minimum", "multiply"))
    return body.ret(getattr(body, method)(g.name("r"), a, x))


def reduce(g: Graph, cls):
    rng = g.rng
    x = g.value()
    if x.type.rank == 0 and rng.random() < 0.7:
        return None if not g.pool else reduce(g, cls)
    rank = x.type.rank
    dims = sorted(rng.sample(range(rank), rng.randint(0 if rng.random() < 0.1 else min(1, rank), rank)))
    dtype = x.type.dtype
    kind = rng.random()
    if kind < 0.15 and dtype.is_float and rank:
        return g.fb.argmax(g.name(), x, rng.randint(0, rank - 1)) if rng.random() < 0.5 else \
            g.fb.argmin(g.name(), x, rng.randint(0, rank - 1))
    identity = {"add": "0", "multiply": "1", "maximum": "min", "minimum": "max", "and": "true", "or": "false"}
    if dtype.is_bool:
        reducer = rng.choice(("and", "or"))
    else:
        reducer = rng.choice(("add", "multiply", "maximum", "minimum"))
    init = g.fb.constant(g.name(), _identity(dtype, identity[reducer]), (), dtype)
    if kind < 0.35 and not dtype.is_bool:  # a region of its own, several operands
        # of one float precision: XLA refuses a reduce of f32 and bf16 operands ("mixed precision")
        second = TensorType(x.type.shape, g.rng.choice((dtype, DType.I32, DType.UI8, DType.I1)))
        y = g.value(Value("y", second), how="same")
        init2 = g.fb.constant(g.name(), _identity(y.type.dtype, identity["add"] if not y.type.dtype.is_bool
                                                   else "false"), (), y.type.dtype)
        body = g.fb.region()
        a0, a1 = body.arg(g.name("r"), TensorType((), dtype)), body.arg(g.name("r"), TensorType((), y.type.dtype))
        e0, e1 = body.arg(g.name("r"), TensorType((), dtype)), body.arg(g.name("r"), TensorType((), y.type.dtype))
        first = getattr(body, reducer)(g.name("r"), a0, e0)
        second = body.or_(g.name("r"), a1, e1) if y.type.dtype.is_bool else body.add(g.name("r"), a1, e1)
        return g.fb.reduce_region(g.name(), (x, y), (init, init2), dims, body.ret(first, second))
    return g.fb.reduce(g.name(), x, init, dims, reducer)


def _identity(dtype: DType, which: str) -> str:
    if which in ("true", "false"):
        return which
    if dtype.is_float:
        bits = {16: ("0xFC00", "0x7C00") if dtype is DType.F16 else ("0xFF80", "0x7F80"),
                32: ("0xFF800000", "0x7F800000"), 64: ("0xFFF0000000000000", "0x7FF0000000000000")}[dtype.bits]
        return {"0": "0.0", "1": "1.0", "min": bits[0], "max": bits[1]}[which]
    return {"0": "0", "1": "1", "min": str(dtype.min), "max": str(dtype.max)}[which]


def _indices(g: Graph, shape, high: int) -> Value:
    dtype = g.rng.choice((DType.I32, DType.I64, DType.I32))
    return g.arg(TensorType(shape, dtype)) if g.rng.random() < 0.8 else \
        g.fb.constant_array(g.name(), [g.rng.randint(-1, high + 1) for _ in range(math.prod(shape))], shape, dtype)


def gather(g: Graph, cls):
    """jnp.take along one axis: slices of full size but for the taken axis."""
    rng = g.rng
    x = g.value()
    if x.type.rank == 0:
        return None
    axis = rng.randint(0, x.type.rank - 1)
    count = rng.randint(1, 3)
    i = _indices(g, (count, 1), x.type.shape[axis])
    numbers = GatherDimensions(offset_dims=tuple(range(1, x.type.rank)), collapsed_slice_dims=(axis,),
                               start_index_map=(axis,), index_vector_dim=1)
    sizes = tuple(1 if d == axis else s for d, s in enumerate(x.type.shape))
    return g.fb.gather(g.name(), x, i, numbers, sizes, indices_are_sorted=rng.choice((None, False)))


def scatter(g: Graph, cls):
    """x.at[i].add(u) (or set, max, ...) along the first axis."""
    rng = g.rng
    x = g.value()
    if x.type.rank == 0:
        return None
    count = rng.randint(1, 3)
    i = _indices(g, (count, 1), x.type.shape[0])
    u = g.arg(TensorType((count, *x.type.shape[1:]), x.type.dtype))
    numbers = ScatterDimensions(update_window_dims=tuple(range(1, x.type.rank)), inserted_window_dims=(0,),
                                scatter_dims_to_operand_dims=(0,), index_vector_dim=1)
    if rng.random() < 0.3:  # set: the update wins
        body = g.fb.region()
        scalar = TensorType((), x.type.dtype)
        body.arg(g.name("r"), scalar)
        region = body.ret(body.arg(g.name("r"), scalar))
    else:
        region = _scalar_region(g, x.type.dtype)
    return g.fb.scatter(g.name(), (x,), i, (u,), numbers, region, unique_indices=rng.choice((None, False)))


def sort(g: Graph, cls):
    rng = g.rng
    x = g.value()
    if x.type.rank == 0 or x.type.dtype.is_bool:
        return None
    inputs = (x,) if rng.random() < 0.6 else (x, g.value(x, how="shape"))
    body = g.fb.region()
    args = []
    for v in inputs:
        scalar = TensorType((), v.type.dtype)
        args += [body.arg(g.name("r"), scalar), body.arg(g.name("r"), scalar)]
    direction = rng.choice(("LT", "GT"))
    compare_type = "TOTALORDER" if x.type.dtype.is_float and rng.random() < 0.5 else None
    region = body.ret(body.compare(g.name("r"), args[0], args[1], direction, compare_type))
    return g.fb.sort(g.name(), inputs, region, dimension=rng.randint(0, x.type.rank - 1),
                     is_stable=rng.choice((None, True, False)))


def _scalar_index(g: Graph, dtype=None) -> Value:
    dtype = dtype or g.rng.choice((DType.I32, DType.I64))
    if g.rng.random() < 0.5:
        return g.fb.constant(g.name(), str(g.rng.randint(-2, 6)), (), dtype)
    return g.arg(TensorType((), dtype))


def dynamic_slice(g: Graph, cls):
    x = g.value()
    dtype = g.rng.choice((DType.I32, DType.I64))
    starts = tuple(_scalar_index(g, dtype) for _ in x.type.shape)
    return g.fb.dynamic_slice(g.name(), x, starts, tuple(g.rng.randint(0, d) for d in x.type.shape))


def dynamic_update_slice(g: Graph, cls):
    x = g.value()
    dtype = g.rng.choice((DType.I32, DType.I64))
    update = g.value(Value("u", x.type.with_shape(tuple(g.rng.randint(0, d) for d in x.type.shape))), how="same")
    return g.fb.dynamic_update_slice(g.name(), x, update, tuple(_scalar_index(g, dtype) for _ in x.type.shape))


def _shape_operand(g: Graph, shape) -> Value:
    dtype = g.rng.choice((DType.I32, DType.I64))
    return g.fb.constant_array(g.name(), list(shape), (len(shape),), dtype)


def dynamic_iota(g: Graph, cls):
    shape = g.shape(g.rng.randint(1, 3))
    ty = TensorType(shape, g.dtype(FLOATS + INTEGERS))
    return g.fb.dynamic_iota(g.name(), _shape_operand(g, shape), g.rng.randint(0, len(shape) - 1), ty)


def dynamic_reshape(g: Graph, cls):
    x = g.value()
    shape = factor(g.rng, x.type.num_elements)
    return g.fb.dynamic_reshape(g.name(), x, _shape_operand(g, shape), x.type.with_shape(shape))


def dynamic_broadcast_in_dim(g: Graph, cls):
    x = g.value()
    rank = x.type.rank + g.rng.randint(0, 1)
    dims = tuple(sorted(g.rng.sample(range(rank), x.type.rank)))
    out = list(g.shape(rank))
    for i, d in enumerate(dims):
        out[d] = x.type.shape[i] if x.type.shape[i] != 1 else out[d]
    return g.fb.dynamic_broadcast_in_dim(g.name(), x, _shape_operand(g, out), dims, x.type.with_shape(out))


def dynamic_pad(g: Graph, cls):
    x = g.value()
    rng = g.rng
    low = [rng.randint(0, 2) for _ in x.type.shape]
    high = [rng.randint(0, 2) for _ in x.type.shape]
    interior = [rng.randint(0, 1) for _ in x.type.shape]
    out = [lo + hi + d + max(d - 1, 0) * i for lo, hi, d, i in zip(low, high, x.type.shape, interior)]
    value = g.fb.constant(g.name(), rng.choice(SPLATS[_literal_kind(x.type.dtype)][:3]), (), x.type.dtype)
    return g.fb.dynamic_pad(g.name(), x, value, *(_shape_operand(g, p) for p in (low, high, interior)),
                            x.type.with_shape(out))


def dynamic_gather(g: Graph, cls):
    x = g.value()
    if x.type.rank == 0:
        return None
    i = _indices(g, (g.rng.randint(1, 3), 1), x.type.shape[0])
    numbers = GatherDimensions(offset_dims=tuple(range(1, x.type.rank)), collapsed_slice_dims=(0,),
                               start_index_map=(0,), index_vector_dim=1)
    sizes = (1, *x.type.shape[1:])
    out = x.type.with_shape((i.type.shape[0], *x.type.shape[1:]))
    return g.fb.dynamic_gather(g.name(), x, i, _shape_operand(g, sizes), numbers, out)


def real_dynamic_slice(g: Graph, cls):
    x = g.value()
    rng = g.rng
    start = [rng.randint(0, d) for d in x.type.shape]
    limit = [rng.randint(s, d) for s, d in zip(start, x.type.shape)]
    strides = [rng.randint(1, 2) for _ in x.type.shape]
    out = [(b - a + s - 1) // s for a, b, s in zip(start, limit, strides)]
    dtype = rng.choice((DType.I32, DType.I64))  # the three of one type
    bounds = (g.fb.constant_array(g.name(), v, (len(v),), dtype) for v in (start, limit, strides))
    return g.fb.real_dynamic_slice(g.name(), x, *bounds, x.type.with_shape(out))


def set_dimension_size(g: Graph, cls):
    x = g.value()
    if x.type.rank == 0:
        return None
    d = g.rng.randint(0, x.type.rank - 1)
    size = g.fb.constant(g.name(), str(x.type.shape[d]), (), DType.I32)
    return g.fb.set_dimension_size(g.name(), x, size, d)


def _groups(g: Graph) -> list[list[int]]:
    if g.evaluated:
        return [list(range(g.replicas))]
    n = g.span or g.rng.choice((1, 2, 4))
    return [list(range(n))] if g.rng.random() < 0.7 else [[i] for i in range(n)]


def all_reduce(g: Graph, cls):
    x = g.value()
    inputs = (x,) if g.rng.random() < 0.7 else (x, g.value(x, how="shape"))
    body = g.fb.region()
    outs = []
    args = []
    for v in inputs:
        scalar = TensorType((), v.type.dtype)
        args.append((body.arg(g.name("r"), scalar), body.arg(g.name("r"), scalar)))
    for a, b in args:
        outs.append(body.or_(g.name("r"), a, b) if a.type.dtype.is_bool else body.add(g.name("r"), a, b))
    return g.fb.all_reduce(g.name(), inputs, _groups(g), body.ret(*outs))


def all_reduce_mean(g: Graph, cls):
    x = g.value()
    if x.type.dtype is not DType.F32:
        x = g.value(Value("f", TensorType(x.type.shape, DType.F32)), how="same")
    replicas = g.replicas if g.evaluated else g.span or g.rng.choice((1, 2, 4))
    return g.fb.all_reduce_mean(g.name("m"), x, replicas)


def adamw_update(g: Graph, cls):
    if not hasattr(g, "scalars"):
        g.scalars = AdamScalars(*(g.fb.arg(g.name("s"), TensorType((), DType.F32)) for _ in AdamScalars._fields))
    theta = g.value()
    if theta.type.dtype is not DType.F32:
        theta = g.arg(TensorType(theta.type.shape, DType.F32))
    grad, m, v = (g.value(theta, how="same") for _ in range(3))
    return g.fb.adamw_update(g.name("p"), theta, grad, m, v, g.scalars)


RECIPES = {
    "stablehlo.constant": constant, "stablehlo.iota": iota, "stablehlo.dot_general": dot_general,
    "stablehlo.convolution": convolution, "stablehlo.reduce": reduce, "stablehlo.gather": gather,
    "stablehlo.scatter": scatter, "stablehlo.sort": sort, "stablehlo.dynamic_slice": dynamic_slice,
    "stablehlo.dynamic_update_slice": dynamic_update_slice, "stablehlo.dynamic_iota": dynamic_iota,
    "stablehlo.dynamic_reshape": dynamic_reshape, "stablehlo.dynamic_broadcast_in_dim": dynamic_broadcast_in_dim,
    "stablehlo.dynamic_pad": dynamic_pad, "stablehlo.dynamic_gather": dynamic_gather,
    "stablehlo.set_dimension_size": set_dimension_size, "stablehlo.real_dynamic_slice": real_dynamic_slice,
    "stablehlo.all_reduce": all_reduce,
    "all_reduce_mean": all_reduce_mean, "adamw_update": adamw_update,
}


from tests.fuzz.families import RECIPES as _FAMILIES  # noqa: E402 - they use the helpers above

RECIPES.update(_FAMILIES)


class _Compound:
    """The compound nodes, drawn like ops by their builder recipe."""

    def __init__(self, name: str):
        self.NAME = name


COMPOUNDS = (_Compound("all_reduce_mean"), _Compound("adamw_update"))


def op_table(evaluated: bool = False) -> list:
    """What a graph draws from: every declared op but Shardy's (families.NOT_DRAWN), then the compound
    nodes (an evaluated graph without the ops XLA and the evaluator cannot both run, families.UNEVALUATED)."""
    from tests.fuzz.families import NOT_DRAWN, UNEVALUATED

    # by name: the draws of a seed do not depend on the order the op families were imported in
    ops = sorted([cls for cls in OPS.values() if not cls.NAME.startswith(NOT_DRAWN)], key=lambda cls: cls.NAME)
    return [cls for cls in (*ops, *COMPOUNDS) if not (evaluated and cls.NAME in UNEVALUATED)]


def random_graph(rng: random.Random, *, evaluated: bool = False, size: tuple[int, int] = (1, 10),
                 compiled: bool = False, cover: int | None = None):
    """A module of one function of randomly drawn ops. `evaluated`: every result is returned (the
    fuzzer compares each op with XLA's), collectives span `graph.replicas` replicas; `compiled`: of
    the ops an evaluated graph draws, those XLA compiles; `cover`: the op table's entry of this index
    (modulo its length) is drawn first, so graphs of consecutive indices draw every op. Returns the
    module and the Graph (what was drawn)."""
    g = Graph(rng, evaluated=evaluated, replicas=rng.choice((1, 1, 2)) if evaluated else 1)
    for _ in range(rng.randint(1, 2)):
        g.arg(TensorType(g.shape(), g.dtype()))
    table = op_table(evaluated or compiled)
    if cover is not None:
        g.grow(table[cover % len(table)])
    for _ in range(rng.randint(*size)):
        g.grow(rng.choice(table))
    values = list(g.pool)
    if evaluated:
        results = [v for op in g.fb.ops for v in op.results if isinstance(v.type, TensorType)] or g.fb.args[:1]
    else:
        results = rng.sample(values, rng.randint(1, min(3, len(values))))
    return module(*g.functions, g.fb.ret(*results)), g
