"""Recipes for the op families whose fields tie together: collectives, control flow and tokens,
windows and linear algebra, random numbers, quantization, chlo's scan and ragged dot.

Each recipe takes the Graph and the op's declaration and adds one op (or the op with what it
needs first: a token, a tuple, a quantized value), or returns None when the graph cannot hold it.
Regions are built with the graph's own builder (`g.fb.region()`). In an evaluated graph every
collective spans all `g.replicas` replicas, as XLA runs them; docs/fuzzing.md says which ops an
evaluated graph leaves out and why.
"""

from __future__ import annotations

import math

from vitir.ast import DType, FunctionBuilder, TensorType, Value
from vitir.ast.attributes import RaggedDotDimensions
from vitir.ast.quantized import QuantizedElement, QuantizedTensorType
from vitir.ast.sharding import AllToAllParam, DimSharding, Mesh, MeshAxis, TensorSharding
from vitir.ast.types import TokenType

from tests.fuzz.graphs import FLOATS, INTEGERS, Graph, LeftOut, _groups, _scalar_region, _shape_operand, convolution_fields


def _ranked(g: Graph, dtypes=None, least: int = 1) -> Value:
    """A value of rank `least` or more (of one of `dtypes`), from the pool or a new argument."""
    fits = [v for v in g.pool if v.type.rank >= least and (dtypes is None or v.type.dtype in dtypes)]
    if fits and g.rng.random() < 0.7:
        return g.rng.choice(fits)
    rank = g.rng.randint(least, max(least, 3))
    return g.arg(TensorType(g.shape(rank), g.dtype(dtypes or FLOATS + INTEGERS)))


def _group_size(groups) -> int:
    return len(groups[0])


def _sum_region(g: Graph, dtype: DType):
    """add (or, for i1, or) of two rank-0 arguments: what a reducing collective folds with."""
    body = g.fb.region()
    scalar = TensorType((), dtype)
    a, b = body.arg(g.name("r"), scalar), body.arg(g.name("r"), scalar)
    return body.ret(body.or_(g.name("r"), a, b) if dtype.is_bool else body.add(g.name("r"), a, b))


# -- collectives -----------------------------------------------------------------------------------

def all_gather(g: Graph, cls):
    x = _ranked(g)
    inputs = (x,) if g.rng.random() < 0.7 else (x, g.value(x, how="shape"))
    return g.fb.all_gather(g.name(), inputs, g.rng.randint(0, x.type.rank - 1), _groups(g))


def reduce_scatter(g: Graph, cls):
    groups = _groups(g)
    x = _ranked(g)
    dim = g.rng.randint(0, x.type.rank - 1)
    shape = list(x.type.shape)
    shape[dim] = _group_size(groups) * g.rng.randint(1, 2)
    x = g.value(Value("x", x.type.with_shape(shape)), how="same")
    return g.fb.reduce_scatter(g.name(), x, dim, groups, _sum_region(g, x.type.dtype))


def all_to_all(g: Graph, cls):
    groups = _groups(g)
    x = _ranked(g)
    split, concat = g.rng.randint(0, x.type.rank - 1), g.rng.randint(0, x.type.rank - 1)
    shape = list(x.type.shape)
    shape[split] = _group_size(groups) * g.rng.randint(1, 2)
    x = g.value(Value("x", x.type.with_shape(shape)), how="same")
    return g.fb.all_to_all(g.name(), [x], split, concat, _group_size(groups), groups)


def collective_permute(g: Graph, cls):
    count = g.replicas if g.evaluated else g.span or g.rng.choice((1, 2, 4))
    targets = list(range(count))
    g.rng.shuffle(targets)
    pairs = [[s, t] for s, t in zip(range(count), targets) if g.rng.random() < 0.8] or [[0, targets[0]]]
    return g.fb.collective_permute(g.name(), g.value(), pairs)


def collective_broadcast(g: Graph, cls):
    return g.fb.collective_broadcast(g.name(), [g.value()], _groups(g))


def collective_reduce(g: Graph, cls):
    x = g.value()
    return g.fb.collective_reduce(g.name(), [x], _groups(g), _sum_region(g, x.type.dtype))


def cross_replica_sum(g: Graph, cls):
    x = g.value(Value("x", TensorType(g.shape(), g.dtype(FLOATS))), how="same")
    return g.fb.cross_replica_sum(g.name(), x, _groups(g))


def async_collective(g: Graph, cls):
    """async_start of an all_reduce (over the graph's groups), then async_done of its future."""
    x = g.value(Value("x", TensorType(g.shape(), g.dtype(FLOATS))), how="same")
    body = g.fb.region()
    y = body.arg(g.name("r"), x.type)
    body = body.ret(body.all_reduce(g.name("r"), [y], _groups(g), _sum_region(g, x.type.dtype)))
    return g.fb.async_done(g.name(), g.fb.async_start(g.name("f"), [x], body))


# -- the deprecated contractions and selection -------------------------------------------------------

def einsum(g: Graph, cls):
    """A product of two operands by an einsum config: a batched matrix product, or an outer one."""
    rng = g.rng
    dtype = g.dtype(FLOATS)
    b, m, k, n = (rng.randint(1, 3) for _ in range(4))
    config, lhs, rhs, out = rng.choice((("bmk,bkn->bmn", (b, m, k), (b, k, n), (b, m, n)),
                                        ("mk,kn->mn", (m, k), (k, n), (m, n)), ("m,n->mn", (m,), (n,), (m, n))))
    x = g.value(Value("l", TensorType(lhs, dtype)), how="same")
    y = g.value(Value("r", TensorType(rhs, dtype)), how="same")
    return g.fb.einsum(g.name(), x, y, config, TensorType(out, dtype))


def unary_einsum(g: Graph, cls):
    x = g.value(Value("x", TensorType((g.rng.randint(1, 3), g.rng.randint(1, 3)), g.dtype(FLOATS))), how="same")
    config = g.rng.choice(("ab->a", "ab->b", "ab->ba", "ab->"))
    shape = {"ab->a": x.type.shape[:1], "ab->b": x.type.shape[1:], "ab->ba": x.type.shape[::-1], "ab->": ()}[config]
    return g.fb.unary_einsum(g.name(), x, config, x.type.with_shape(shape))


def torch_index_select(g: Graph, cls):
    x = _ranked(g)
    dim = g.rng.randint(0, x.type.rank - 1)
    index = g.value(Value("i", TensorType(g.shape(g.rng.randint(0, 2)), DType.I32)), how="same")
    return g.fb.torch_index_select(g.name(), x, index, dim, 0)


# -- tokens and host transfers ---------------------------------------------------------------------

def _token(g: Graph) -> Value:
    if g.tokens and g.rng.random() < 0.6:
        return g.rng.choice(g.tokens)
    token = g.fb.create_token(g.name("k"))
    g.tokens.append(token)
    return token


def _results(out) -> tuple:
    return out if isinstance(out, tuple) else (out,)


def _keep(g: Graph, token: Value) -> Value:
    g.tokens.append(token)
    return token


def after_all(g: Graph, cls):
    return _keep(g, g.fb.after_all(g.name("k"), [_token(g) for _ in range(g.rng.randint(0, 3))]))


def send(g: Graph, cls):
    return _keep(g, g.fb.send(g.name("k"), [g.value()], _token(g), (g.rng.randint(1, 9), 2), is_host_transfer=True))


def recv(g: Graph, cls):
    types = [g.value().type for _ in range(g.rng.randint(0, 2))]
    *values, token = _results(g.fb.recv(g.name(), _token(g), (g.rng.randint(1, 9), 3), [*types, TokenType()],
                                        is_host_transfer=True))
    _keep(g, token)
    return tuple(values) or token


def infeed(g: Graph, cls):
    types = [g.value().type for _ in range(g.rng.randint(0, 2))]
    *values, token = _results(g.fb.infeed(g.name(), _token(g), [*types, TokenType()]))
    _keep(g, token)
    return tuple(values) or token


def outfeed(g: Graph, cls):
    return _keep(g, g.fb.outfeed(g.name("k"), [g.value() for _ in range(g.rng.randint(0, 2))], _token(g)))


# -- control flow --------------------------------------------------------------------------------

def while_(g: Graph, cls):
    """A counted loop: (i, x) while i < n, x folded with a captured value each step."""
    x = g.value()
    limit = g.rng.randint(0, 3)
    counter = g.fb.constant(g.name(), "0", (), DType.I32)
    names = g.name("r"), g.name("r")  # the while syntax writes the arguments once: both regions share them
    cond = g.fb.region()
    i = cond.arg(names[0], counter.type)
    cond.arg(names[1], x.type)
    cond = cond.ret(cond.compare(g.name("r"), i, cond.constant(g.name("r"), str(limit), (), DType.I32), "LT"))
    body = g.fb.region()
    j, y = body.arg(names[0], counter.type), body.arg(names[1], x.type)
    step = body.add(g.name("r"), j, body.constant(g.name("r"), "1", (), DType.I32))
    other = g.value(x, how="same")
    method = "or_" if x.type.dtype.is_bool else g.rng.choice(("add", "maximum", "multiply"))
    return g.fb.while_(g.name(), (counter, x), cond, body.ret(step, getattr(body, method)(g.name("r"), y, other)))[1]


def _branch(g: Graph, x: Value, y: Value):
    """A region of no arguments returning one of two captured values, or an op of them."""
    branch = g.fb.region()
    pick = g.rng.random()
    if pick < 0.3 and not x.type.dtype.is_bool:
        return branch.ret(branch.add(g.name("r"), x, y))
    return branch.ret(x if pick < 0.65 else y)


def if_(g: Graph, cls):
    x = g.value()
    y = g.value(x, how="same")
    pred = g.value(Value("p", TensorType((), DType.I1)), how="same")
    return g.fb.if_(g.name(), pred, _branch(g, x, y), _branch(g, y, x))


def case(g: Graph, cls):
    x = g.value()
    y = g.value(x, how="same")
    index = g.value(Value("i", TensorType((), DType.I32)), how="same")
    return g.fb.case(g.name(), index, [_branch(g, x, y) for _ in range(g.rng.randint(1, 3))])


def map_(g: Graph, cls):
    x = g.value()
    inputs = (x,) if g.rng.random() < 0.4 else (x, g.value(x, how="same"))
    body = g.fb.region()
    scalar = TensorType((), x.type.dtype)
    args = [body.arg(g.name("r"), scalar) for _ in inputs]
    if len(args) == 1:
        out = body.not_(g.name("r"), args[0]) if x.type.dtype.is_bool else body.negate(g.name("r"), args[0])
    else:
        out = body.or_(g.name("r"), *args) if x.type.dtype.is_bool else body.maximum(g.name("r"), *args)
    return g.fb.map(g.name(), inputs, tuple(range(x.type.rank)), body.ret(out))


def get_tuple_element(g: Graph, cls):
    values = [g.value() for _ in range(g.rng.randint(1, 3))]
    whole = g.fb.tuple(g.name(), values)
    if g.rng.random() < 0.3:  # a tuple in a tuple
        whole = g.fb.get_tuple_element(g.name(), g.fb.tuple(g.name(), [whole, values[0]]), 0)
    return g.fb.get_tuple_element(g.name(), whole, g.rng.randrange(len(values)))


def composite(g: Graph, cls):
    """A call of a decomposition function the module gains: it returns each argument or its double."""
    inputs = [g.value() for _ in range(g.rng.randint(1, 2))]
    name = f"fuzz.double{len(g.functions)}"
    impl = FunctionBuilder(name)
    args = [impl.arg(f"x{i}", v.type) for i, v in enumerate(inputs)]
    doubled = [a if a.type.dtype.is_bool or g.rng.random() < 0.3 else impl.add(f"d{i}", a, a)
               for i, a in enumerate(args)]
    g.functions.append(impl.ret(*doubled))
    out = g.fb.composite(g.name(), inputs, "fuzz.double", name, [v.type for v in inputs],
                         composite_attributes=g.rng.choice((None, "{n = 2 : i64}")), version=g.rng.choice((None, 1)))
    return out if isinstance(out, tuple) else (out,)


def custom_call(g: Graph, cls):
    inputs = [g.value() for _ in range(g.rng.randint(0, 2))]
    types = [g.value().type for _ in range(g.rng.randint(0, 2))]
    out = g.fb.custom_call(g.name(), inputs, g.rng.choice(("fuzz_target", "fuzz.target")), types,
                           has_side_effect=g.rng.choice((None, True, False)),
                           backend_config=g.rng.choice((None, '"abc"')), api_version=g.rng.choice((None, 2)))
    return out if isinstance(out, tuple) else (out,) if types else ()


# -- windows ---------------------------------------------------------------------------------------

def _identity_constant(g: Graph, dtype: DType) -> Value:
    return g.fb.constant(g.name(), "false" if dtype.is_bool else "0.0" if dtype.is_float else "0", (), dtype)


def reduce_window(g: Graph, cls):
    rng = g.rng
    x = _ranked(g)
    window = [rng.randint(1, max(1, d)) for d in x.type.shape]
    strides = [rng.randint(1, 2) for _ in window]
    base = [rng.randint(1, 2) for _ in window] if rng.random() < 0.3 else None
    dilations = [rng.randint(1, 2) for _ in window] if rng.random() < 0.3 else None
    padding = [(rng.randint(0, 1), rng.randint(0, 1)) for _ in window] if rng.random() < 0.5 else None
    init = _identity_constant(g, x.type.dtype)
    return g.fb.reduce_window(g.name(), [x], [init], _scalar_region(g, x.type.dtype), window, strides, base,
                              dilations, padding)


def select_and_scatter(g: Graph, cls):
    rng = g.rng
    x = _ranked(g, FLOATS + INTEGERS)
    window = [rng.randint(1, max(1, d)) for d in x.type.shape]
    strides = [rng.randint(1, 2) for _ in window]
    padding = [(rng.randint(0, 1), rng.randint(0, 1)) for _ in window]
    counts = [(d + lo + hi - w) // s + 1 if d + lo + hi >= w else 0
              for d, w, s, (lo, hi) in zip(x.type.shape, window, strides, padding)]
    source = g.value(Value("s", x.type.with_shape(counts)), how="same")
    select = g.fb.region()
    scalar = TensorType((), x.type.dtype)
    a, b = select.arg(g.name("r"), scalar), select.arg(g.name("r"), scalar)
    select = select.ret(select.compare(g.name("r"), a, b, rng.choice(("GE", "LE"))))
    body = g.fb.region()
    u, v = body.arg(g.name("r"), scalar), body.arg(g.name("r"), scalar)
    scatter = body.ret(body.add(g.name("r"), u, v))
    return g.fb.select_and_scatter(g.name(), x, source, _identity_constant(g, x.type.dtype), select, scatter,
                                   window, strides, padding)


def reduce_precision(g: Graph, cls):
    x = _ranked(g, FLOATS, least=0)
    return g.fb.reduce_precision(g.name(), x, g.rng.randint(1, 8), g.rng.randint(0, 10))


def dynamic_conv(g: Graph, cls):
    """convolution's fields, its padding given as a constant operand."""
    fields = convolution_fields(g)
    scratch = FunctionBuilder("scratch")
    result = scratch.convolution("c", *(scratch.arg(f"a{i}", v.type) for i, v in enumerate(fields["operands"])),
                                 **fields["attributes"])
    attributes = dict(fields["attributes"])
    padding = attributes.pop("padding")
    pad = g.fb.constant_array(g.name(), [p for pair in padding for p in pair], (len(padding), 2), DType.I64)
    return g.fb.dynamic_conv(g.name(), *fields["operands"], pad, attributes.pop("layouts"),
                             attributes.pop("feature_group_count"), attributes.pop("batch_group_count"), result.type,
                             **attributes)


# -- linear algebra --------------------------------------------------------------------------------

def dot(g: Graph, cls):
    rng = g.rng
    dtype = g.dtype(FLOATS + INTEGERS)
    k = rng.randint(1, 4)
    lhs_shape = rng.choice(((k,), (rng.randint(1, 3), k)))
    rhs_shape = rng.choice(((k,), (k, rng.randint(1, 3))))
    lhs = g.value(Value("l", TensorType(lhs_shape, dtype)), how="same")
    rhs = g.value(Value("r", TensorType(rhs_shape, dtype)), how="same")
    precision = rng.choice((None, ("DEFAULT", "DEFAULT"), ("HIGHEST", "HIGHEST")))
    return g.fb.dot(g.name(), lhs, rhs, precision)


def _square(g: Graph, dtype: DType, batch: tuple[int, ...], n: int) -> Value:
    return g.value(Value("a", TensorType((*batch, n, n), dtype)), how="same")


def triangular_solve(g: Graph, cls):
    rng = g.rng
    dtype = rng.choice((DType.F32, DType.F64))
    batch, n, m = g.shape(rng.randint(0, 1)), rng.randint(1, 4), rng.randint(1, 3)
    left = rng.random() < 0.5
    b = g.value(Value("b", TensorType((*batch, n, m) if left else (*batch, m, n), dtype)), how="same")
    return g.fb.triangular_solve(g.name(), _square(g, dtype, batch, n), b, left, rng.random() < 0.5,
                                 rng.random() < 0.5, rng.choice(("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")))


def cholesky(g: Graph, cls):
    rng = g.rng
    a = _square(g, rng.choice((DType.F32, DType.F64)), g.shape(rng.randint(0, 1)), rng.randint(1, 4))
    return g.fb.cholesky(g.name(), a, rng.random() < 0.5)


def fft(g: Graph, cls):
    rng = g.rng
    kind = rng.choice(("FFT", "IFFT", "RFFT", "IRFFT"))
    lengths = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 2)))
    batch = g.shape(rng.randint(0, 1))
    if kind == "RFFT":
        operand = TensorType((*batch, *lengths), rng.choice((DType.F32, DType.F64)))
    elif kind == "IRFFT":
        operand = TensorType((*batch, *lengths[:-1], lengths[-1] // 2 + 1), rng.choice((DType.C64, DType.C128)))
    else:
        operand = TensorType((*batch, *lengths), rng.choice((DType.C64, DType.C128)))
    return g.fb.fft(g.name(), g.value(Value("z", operand), how="same"), kind, lengths)


def _batch_norm_operands(g: Graph, count: int):
    x = _ranked(g, FLOATS)
    feature = g.rng.randint(0, x.type.rank - 1)
    per_feature = TensorType((x.type.shape[feature],), x.type.dtype)
    return x, feature, [g.value(Value("s", per_feature), how="same") for _ in range(count)]


def batch_norm_training(g: Graph, cls):
    x, feature, (scale, offset) = _batch_norm_operands(g, 2)
    return g.fb.batch_norm_training(g.name(), x, scale, offset, g.rng.choice((1e-5, 1e-3)), feature)


def batch_norm_inference(g: Graph, cls):
    x, feature, (scale, offset, mean, variance) = _batch_norm_operands(g, 4)
    return g.fb.batch_norm_inference(g.name(), x, scale, offset, mean, variance, g.rng.choice((1e-5, 1e-3)), feature)


def batch_norm_grad(g: Graph, cls):
    x, feature, (scale, mean, variance) = _batch_norm_operands(g, 3)
    grad = g.value(x, how="same")
    return g.fb.batch_norm_grad(g.name(), x, scale, mean, variance, grad, g.rng.choice((1e-5, 1e-3)), feature)


# -- random numbers, quantization ------------------------------------------------------------------

def rng_(g: Graph, cls):
    distribution = g.rng.choice(("UNIFORM", "NORMAL"))
    dtype = g.dtype(FLOATS if distribution == "NORMAL" else FLOATS + INTEGERS)
    a, b = (g.value(Value("a", TensorType((), dtype)), how="same") for _ in range(2))
    shape = g.shape(g.rng.randint(0, 3))
    return g.fb.rng(g.name(), a, b, _shape_operand(g, shape), distribution, TensorType(shape, dtype))


def rng_bit_generator(g: Graph, cls):
    algorithm = g.rng.choice(("DEFAULT", "THREE_FRY", "PHILOX"))
    words = 3 if algorithm == "PHILOX" and g.rng.random() < 0.5 else 2
    state = g.value(Value("k", TensorType((words,), DType.UI64)), how="same")
    output = TensorType(g.shape(g.rng.randint(0, 2)), g.rng.choice((DType.UI32, DType.UI64, DType.I32, DType.F32)))
    return g.fb.rng_bit_generator(g.name(), state, algorithm, output)


def _quantized(g: Graph) -> Value:
    x = _ranked(g, (DType.F32,), least=0)
    storage = g.rng.choice((DType.I8, DType.UI8, DType.I16))
    zero = 0 if storage is DType.UI8 else g.rng.randint(-3, 3)
    element = QuantizedElement(storage, DType.F32, [g.rng.choice((0.5, 0.1, 2.0))], [zero + (storage is DType.UI8)])
    return g.fb.uniform_quantize(g.name(), x, QuantizedTensorType(x.type.shape, element))


def uniform_quantize(g: Graph, cls):
    return _quantized(g)


def uniform_dequantize(g: Graph, cls):
    return g.fb.uniform_dequantize(g.name(), _quantized(g))


# -- chlo ------------------------------------------------------------------------------------------

def scan(g: Graph, cls):
    """A running fold along one dimension: one output (the carry after each step) and the carry."""
    x = _ranked(g, FLOATS + INTEGERS)
    dim = g.rng.randint(0, x.type.rank - 1)
    if g.evaluated and x.type.shape[dim] == 0:
        raise LeftOut(SCAN_OF_NOTHING)
    part = TensorType(x.type.shape[:dim] + x.type.shape[dim + 1:], x.type.dtype)
    init = g.value(Value("c", part), how="same")
    body = g.fb.region()
    item, carry = body.arg(g.name("r"), part), body.arg(g.name("r"), part)
    new = getattr(body, g.rng.choice(("add", "maximum")))(g.name("r"), carry, item)
    return g.fb.scan(g.name(), [x], [init], dim, body.ret(new, new), is_reverse=g.rng.choice((None, True)))


def ragged_dot(g: Graph, cls):
    """Rows in groups, each against its own rhs: [m, k] x [groups, k, n] with group sizes."""
    rng = g.rng
    dtype = rng.choice((DType.F32, DType.F32, DType.BF16))
    m, k, n, groups = rng.randint(1, 5), rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
    lhs = g.value(Value("l", TensorType((m, k), dtype)), how="same")
    rhs = g.value(Value("r", TensorType((groups, k, n), dtype)), how="same")
    cuts = sorted(rng.randint(0, m) for _ in range(groups))
    sizes = [b - a for a, b in zip([0, *cuts], cuts)]
    group_sizes = g.fb.constant_array(g.name(), sizes, (groups,), DType.I64)
    numbers = RaggedDotDimensions((), (), (1,), (1,), (0,), (0,))
    return g.fb.ragged_dot(g.name(), lhs, rhs, group_sizes, numbers, rng.choice((None, ("DEFAULT", "DEFAULT"))))


def select(g: Graph, cls):
    """A choice by an i1 mask (of the values' shape, or rank 0)."""
    x = g.value()
    y = g.value(x, how="same")
    shape = () if g.rng.random() < 0.3 else x.type.shape
    pred = g.value(Value("p", TensorType(shape, DType.I1)), how="same")
    return g.emit(cls, {"pred": pred, "on_true": x, "on_false": y})


# -- Shardy: shardings on an inline mesh of one axis "a" of 2, so a graph needs no module-level mesh ------

_AXIS = Mesh((MeshAxis("a", 2),))


def _sharded(x: Value, first=("a",)) -> TensorSharding:
    """`<mesh<["a"=2]>, [{first}, {}, ...]>` for x's rank."""
    return TensorSharding(_AXIS, tuple(DimSharding(first if d == 0 else ()) for d in range(x.type.rank)))


def _per_dimension(x: Value, first=("a",)) -> tuple:
    return tuple(first if d == 0 else () for d in range(x.type.rank))


def sharding_annotation(g: Graph, cls):
    x = _ranked(g)
    if cls.NAME == "sdy.propagation_barrier":
        return g.fb.propagation_barrier(g.name(), x, g.rng.choice(("NONE", "FORWARD", "BACKWARD")))
    if cls.NAME == "sdy.sharding_group":
        return g.fb.sharding_group((), x, g.rng.randint(0, 3))
    return g.emit(cls, {"input": x, "sharding": _sharded(x)})


def _moved(x: Value) -> TensorSharding:
    """All_to_all's result: "a" moved from dimension 0 to 1."""
    return TensorSharding(_AXIS, tuple(DimSharding(("a",) if d == 1 else ()) for d in range(x.type.rank)))


# Each collective as Shardy verifies it: (the operand's first dimension's axes, its axes, the result's sharding).
_COLLECTIVES = {
    "sdy.all_gather": (("a",), _per_dimension, lambda x: _sharded(x, ())),
    "sdy.all_slice": ((), _per_dimension, _sharded),
    "sdy.reduce_scatter": ((), _per_dimension, _sharded),
    "sdy.all_reduce": ((), lambda x: ("a",), lambda x: _sharded(x, ())),
    "sdy.all_to_all": (("a",), lambda x: (AllToAllParam(("a",), 0, 1),), _moved),
    "sdy.collective_permute": (("a",), None, _sharded),
}


def shardy_collective(g: Graph, cls):
    first, axes, out = _COLLECTIVES[cls.NAME]
    x = _ranked(g, least=2 if cls.NAME == "sdy.all_to_all" else 1)
    x = g.fb.sharding_constraint(g.name(), x, _sharded(x, first))
    fields = {"tensor": x, "out_sharding": out(x)}
    if axes is not None:
        fields["axes"] = axes(x)
    return g.emit(cls, fields)


def shardy_unreduced(g: Graph, cls):
    """sharded_to_unreduced of a value sharded over "a" on dimension 0, or replicated_to_unreduced of a
    replicated one: "a" becomes unreduced."""
    x = _ranked(g)
    sharded = cls.NAME == "sdy.sharded_to_unreduced"
    x = g.fb.sharding_constraint(g.name(), x, _sharded(x, ("a",) if sharded else ()))
    out = TensorSharding(_AXIS, tuple(DimSharding() for _ in range(x.type.rank)), unreduced=("a",))
    return g.emit(cls, {"tensor": x, "axes": _per_dimension(x) if sharded else ("a",), "out_sharding": out})


def shardy_constant(g: Graph, cls):
    """sdy.constant: a splat of 1 of a float or integer type."""
    dtype = g.dtype(FLOATS + INTEGERS)
    return g.emit(cls, {"value": "1.0" if dtype in FLOATS else "1", "result_type": TensorType(g.shape(2), dtype)})


def shardy_edge(g: Graph, cls):
    """data_flow_edge (with a sharding or none) or func_data_flow_edge of a new argument, its one use."""
    x = g.arg(TensorType(g.shape(g.rng.randint(1, 3)), g.dtype(FLOATS + INTEGERS)))
    g.pool.remove(x)  # no other op may read it (Shardy's verifier asks an edge for its input's one use)
    if cls.NAME == "sdy.func_data_flow_edge":
        return g.emit(cls, {"operand": x})
    return g.emit(cls, {"input": x, "sharding": _sharded(x) if g.rng.random() < 0.5 else None})


def shardy_region(g: Graph, cls):
    """A named computation of an op of its argument, or a manual computation over "a" of a value whose
    first dimension it divides, its body on the half each device holds."""
    x = _ranked(g)
    manual = cls.NAME == "sdy.manual_computation"
    if manual and (x.type.shape[0] or 1) % 2:
        x = g.arg(x.type.with_shape((2 * g.rng.randint(1, 2),) + x.type.shape[1:]))
    local = x.type.with_shape((x.type.shape[0] // 2,) + x.type.shape[1:]) if manual else x.type
    body = g.fb.region()
    a = body.arg(g.name("r"), local)
    body = body.ret(a if x.type.dtype.is_bool else body.add(g.name("r"), a, a))
    if manual:
        return g.fb.manual_computation(g.name(), [x], [_sharded(x)], [_sharded(x)], ["a"], body, [x.type])
    return g.fb.named_computation(g.name(), g.name("f"), [x], body)


RECIPES = {
    "stablehlo.select": select, "chlo.broadcast_select": select,
    "stablehlo.all_gather": all_gather, "stablehlo.reduce_scatter": reduce_scatter,
    "stablehlo.all_to_all": all_to_all, "stablehlo.collective_permute": collective_permute,
    "stablehlo.collective_broadcast": collective_broadcast, "stablehlo.collective_reduce": collective_reduce,
    "stablehlo.after_all": after_all, "stablehlo.send": send, "stablehlo.recv": recv, "stablehlo.infeed": infeed,
    "stablehlo.outfeed": outfeed, "stablehlo.while": while_, "stablehlo.if": if_, "stablehlo.case": case,
    "stablehlo.map": map_, "stablehlo.get_tuple_element": get_tuple_element, "stablehlo.composite": composite,
    "stablehlo.custom_call": custom_call, "stablehlo.reduce_window": reduce_window,
    "stablehlo.select_and_scatter": select_and_scatter, "stablehlo.reduce_precision": reduce_precision,
    "stablehlo.dynamic_conv": dynamic_conv, "stablehlo.dot": dot, "stablehlo.triangular_solve": triangular_solve,
    "stablehlo.cholesky": cholesky, "stablehlo.fft": fft, "stablehlo.batch_norm_training": batch_norm_training,
    "stablehlo.batch_norm_inference": batch_norm_inference, "stablehlo.batch_norm_grad": batch_norm_grad,
    "stablehlo.rng": rng_, "stablehlo.rng_bit_generator": rng_bit_generator,
    "stablehlo.uniform_quantize": uniform_quantize, "stablehlo.uniform_dequantize": uniform_dequantize,
    "chlo.scan": scan, "chlo.ragged_dot": ragged_dot,
    "stablehlo.cross-replica-sum": cross_replica_sum, "stablehlo.async_start": async_collective,
    "stablehlo.async_done": async_collective, "stablehlo.einsum": einsum, "stablehlo.unary_einsum": unary_einsum,
    "stablehlo.torch_index_select": torch_index_select,
    **dict.fromkeys(("sdy.sharding_constraint", "sdy.reshard", "sdy.propagation_barrier", "sdy.sharding_group"),
                    sharding_annotation),
    **dict.fromkeys(("sdy.all_gather", "sdy.all_slice", "sdy.all_reduce", "sdy.all_to_all", "sdy.collective_permute",
                     "sdy.reduce_scatter"), shardy_collective),
    "sdy.manual_computation": shardy_region, "sdy.named_computation": shardy_region,
    "sdy.sharded_to_unreduced": shardy_unreduced, "sdy.replicated_to_unreduced": shardy_unreduced,
    "sdy.constant": shardy_constant, "sdy.data_flow_edge": shardy_edge, "sdy.func_data_flow_edge": shardy_edge,
}


# Ops no graph draws: sdy.mesh, a module-level symbol, not an op of a function (Shardy's other ops are
# drawn with shardings on an inline mesh, above); func.call, which both readers inline, so a graph holding
# one does not read back as written (tests/passes/test_calls_for_constants.py takes calls through
# printing, jaxlib's parser and the evaluator).
NOT_DRAWN = ("sdy.mesh", "func.call")


# Ops an evaluated graph leaves out, and why (docs/fuzzing.md): the fuzzer compares vitir's evaluator
# with XLA's CPU backend, op by op, so an op must be one both run and define alike.
UNEVALUATED = {
    "stablehlo.rng": "its numbers are the implementation's (the spec fixes only their distribution)",
    "stablehlo.rng_bit_generator": "its bits are the implementation's for DEFAULT",
    "stablehlo.send": "a host transfer: nothing on the other side in one process",
    "stablehlo.recv": "a host transfer: nothing on the other side in one process",
    "stablehlo.infeed": "a host transfer: nothing on the other side in one process",
    "stablehlo.outfeed": "a host transfer: nothing on the other side in one process",
    "stablehlo.composite": "a call of its decomposition, a second function, which the worker does not hand XLA",
    "stablehlo.custom_call": "vitir does not evaluate it; XLA has no such target",
    "stablehlo.dynamic_conv": "XLA cannot compile it",
    "stablehlo.unary_einsum": "XLA cannot compile it (its legalization to HLO has none)",
    "chlo.ragged_dot": "XLA's CPU backend has no ragged dot",
    "stablehlo.collective_broadcast": "XLA's CPU backend has no collective-broadcast",
    "stablehlo.collective_reduce": "newer than jaxlib's StableHLO: neither its parser nor XLA reads it",
    "stablehlo.uniform_quantize": "jaxlib's MLIR has no quant dialect: neither its parser nor XLA reads the type",
    "stablehlo.uniform_dequantize": "jaxlib's MLIR has no quant dialect: neither its parser nor XLA reads the type",
    **dict.fromkeys(("sdy.sharding_constraint", "sdy.reshard", "sdy.propagation_barrier", "sdy.sharding_group",
                     "sdy.named_computation", "sdy.manual_computation", "sdy.all_gather", "sdy.all_slice",
                     "sdy.all_reduce", "sdy.all_to_all", "sdy.collective_permute", "sdy.reduce_scatter",
                     "sdy.sharded_to_unreduced", "sdy.replicated_to_unreduced", "sdy.constant", "sdy.data_flow_edge",
                     "sdy.func_data_flow_edge"),
                    "Shardy's ops: XLA runs them through its partitioner, across a mesh's devices"),
}

# Valid draws of ops an evaluated graph does hold that XLA's CPU backend cannot compile
# (docs/semantics.md): by op, which operand element types, and why.
XLA_LACKS = {
    "stablehlo.cbrt": (lambda dtype: dtype.is_complex, "a cbrt of complex values (XLA's takes floats only)"),
    "chlo.bessel_i1e": (lambda dtype: dtype.is_complex, "a bessel_i1e of complex values (XLA has no lowering)"),
    "chlo.mulhi": (lambda dtype: dtype.is_signed, "a mulhi of signed integers (XLA fuses it with no other op)"),
}
SCAN_OF_NOTHING = "a chlo.scan along a dimension of size 0 (XLA's lowering slices one step of it)"


def xla_lacks(name: str, operands: list) -> str | None:
    """Why XLA's CPU backend cannot compile op `name` of these operands, or None."""
    lacking = XLA_LACKS.get(name)
    if lacking and operands and isinstance(operands[0].type, TensorType) and lacking[0](operands[0].type.dtype):
        return lacking[1]
    return None


# Ops whose text jaxlib's MLIR parser cannot read (they postdate it), so a graph holding one is
# checked by xDSL's round trip and the import alone.
NEWER_THAN_JAXLIB = {"stablehlo.collective_reduce", "stablehlo.uniform_quantize", "stablehlo.uniform_dequantize"}
