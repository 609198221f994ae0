"""Random differentiable graphs for vitir.autodiff: each step builds a vitir op and the same op
with jax.lax, so that the graph's VJP (derived by vitir, run on the evaluator in float64) is
checked against jax.vjp of the JAX twin, and its JVP and VJP against each other by the
inner-product test <v, J u> = <J^T v, u>. Values stay in tame ranges (tanh before exp and
divisions by 2 + sin), so a failure is a rule's, not a domain's."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from tests.fuzz.checks import Failure
from vitir.ast import FunctionBuilder
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType

F64 = DType.F64


class Twin:
    """The vitir function being built and its JAX twin: each value with the function of the
    arguments that computes it in JAX."""

    def __init__(self, rng: random.Random):
        self.rng, self.fb, self.count = rng, FunctionBuilder("main"), 0
        self.args: list = []  # argument shapes
        self.pool: list = []  # (vitir value, jax function of the argument arrays)

    def name(self) -> str:
        self.count += 1
        return f"v{self.count}"

    def arg(self, shape):
        value = self.fb.arg(f"a{len(self.args)}", TensorType(tuple(shape), F64))
        index = len(self.args)
        self.args.append(tuple(shape))
        self.pool.append((value, lambda env, i=index: env[i]))
        return self.pool[-1]

    def pick(self):
        return self.rng.choice(self.pool[-4:] if self.rng.random() < 0.7 else self.pool)

    def constant(self, value, shape=()):
        return self.fb.constant(self.name(), repr(float(value)), tuple(shape), F64)

    def add(self, value, jax_fn):
        self.pool.append((value, jax_fn))


def _lax():
    from jax import lax
    import jax.numpy as jnp

    return lax, jnp


def unary(t: Twin):
    lax, jnp = _lax()
    x, fx = t.pick()
    method, jax_op = t.rng.choice([("sine", lax.sin), ("tanh", lax.tanh), ("logistic", lax.logistic),
                                   ("cosine", lax.cos)])
    y = getattr(t.fb, method)(t.name(), x)
    t.add(y, lambda env: jax_op(fx(env)))
    if t.rng.random() < 0.3:  # exp of a tanh: bounded
        z = t.fb.exponential(t.name(), t.fb.tanh(t.name(), y))
        t.add(z, lambda env: lax.exp(lax.tanh(jax_op(fx(env)))))


def binary(t: Twin):
    lax, jnp = _lax()
    x, fx = t.pick()
    same = [(v, f) for v, f in t.pool if v.type.shape == x.type.shape]
    y, fy = t.rng.choice(same)
    kind = t.rng.choice(["add", "subtract", "multiply", "maximum", "minimum", "divide"])
    if kind == "divide":  # by 2 + sin(y): away from zero
        two = t.constant(2.0, y.type.shape)
        d = t.fb.add(t.name(), two, t.fb.sine(t.name(), y))
        t.add(t.fb.divide(t.name(), x, d), lambda env: fx(env) / (2.0 + lax.sin(fy(env))))
        return
    jax_op = {"add": lax.add, "subtract": lax.sub, "multiply": lax.mul, "maximum": lax.max, "minimum": lax.min}[kind]
    t.add(getattr(t.fb, kind)(t.name(), x, y), lambda env: jax_op(fx(env), fy(env)))


def move(t: Twin):
    """transpose, reverse, reshape, broadcast_in_dim, slice, pad."""
    lax, jnp = _lax()
    x, fx = t.pick()
    shape, rank, rng = x.type.shape, x.type.rank, t.rng
    kind = rng.choice(["transpose", "reverse", "reshape", "broadcast", "slice", "pad"])
    if kind == "transpose" and rank > 1:
        perm = tuple(rng.sample(range(rank), rank))
        t.add(t.fb.transpose(t.name(), x, perm), lambda env: lax.transpose(fx(env), perm))
    elif kind == "reverse" and rank:
        dims = (rng.randrange(rank),)
        t.add(t.fb.reverse(t.name(), x, dims), lambda env: lax.rev(fx(env), dims))
    elif kind == "reshape":
        flat = (int(np.prod(shape)),)
        t.add(t.fb.reshape(t.name(), x, flat), lambda env: lax.reshape(fx(env), flat))
    elif kind == "broadcast" and rank < 3:
        out = (rng.randint(1, 3),) + shape
        dims = tuple(range(1, rank + 1))
        t.add(t.fb.broadcast_in_dim(t.name(), x, dims, out), lambda env: lax.broadcast_in_dim(fx(env), out, dims))
    elif kind == "slice" and rank and all(n > 1 for n in shape):
        start = tuple(rng.randrange(n - 1) for n in shape)
        limit = tuple(rng.randint(s + 1, n) for s, n in zip(start, shape))
        strides = tuple(rng.randint(1, 2) for _ in shape)
        t.add(t.fb.slice(t.name(), x, start, limit, strides), lambda env: lax.slice(fx(env), start, limit, strides))
    elif kind == "pad" and rank:
        config = [(rng.randint(0, 1), rng.randint(-1 if n > 1 else 0, 1), rng.randint(0, 1)) for n in shape]
        pad_value = round(rng.uniform(-1, 1), 3)
        low, high, interior = zip(*config)
        t.add(t.fb.pad(t.name(), x, t.constant(pad_value), low, high, interior),
              lambda env, c=tuple(config): lax.pad(fx(env), jnp.float64(pad_value), c))


def reduce(t: Twin):
    lax, jnp = _lax()
    x, fx = t.pick()
    if not x.type.rank:
        return
    dim = t.rng.randrange(x.type.rank)
    kind = t.rng.choice(["add", "maximum", "multiply"])
    init = {"add": 0.0, "maximum": float("-inf"), "multiply": 1.0}[kind]
    literal = "0xFFF0000000000000" if init == float("-inf") else repr(init)
    start = t.fb.constant(t.name(), literal, (), F64)
    jax_op = {"add": lambda a: jnp.sum(a, axis=dim), "maximum": lambda a: jnp.max(a, axis=dim),
              "multiply": lambda a: jnp.prod(a, axis=dim)}[kind]
    t.add(t.fb.reduce(t.name(), x, start, (dim,), kind), lambda env: jax_op(fx(env)))


def matmul(t: Twin):
    lax, jnp = _lax()
    x, fx = t.pick()
    if x.type.rank != 2:
        return
    n = t.rng.randint(1, 3)
    w, fw = t.arg((x.type.shape[1], n))
    t.add(t.fb.dot_general(t.name(), x, w, ((1,), (0,))), lambda env: fx(env) @ fw(env))


def sort(t: Twin):
    lax, jnp = _lax()
    x, fx = t.pick()
    if not x.type.rank:
        return
    body = t.fb.region()
    a, b = body.arg(t.name(), TensorType((), F64)), body.arg(t.name(), TensorType((), F64))
    comparator = body.ret(body.compare(t.name(), a, b, "LT"))
    dim = t.rng.randrange(x.type.rank)
    t.add(t.fb.sort(t.name(), [x], comparator, dim), lambda env: jnp.sort(fx(env), axis=dim))


def indexed(t: Twin):
    """gather of rows (some repeated), dynamic_slice at a constant index, concatenate, select."""
    lax, jnp = _lax()
    from vitir.ast.attributes import GatherDimensions

    x, fx = t.pick()
    if not x.type.rank:
        return
    rows, rng = x.type.shape[0], t.rng
    kind = rng.choice(["gather", "dynamic_slice", "concatenate", "select"])
    if kind == "gather":
        picked = [rng.randrange(rows) for _ in range(rng.randint(1, 4))]
        index = t.fb.constant_array(t.name(), [[i] for i in picked], (len(picked), 1), DType.I32)
        numbers = GatherDimensions(offset_dims=tuple(range(1, x.type.rank)), collapsed_slice_dims=(0,),
                                   start_index_map=(0,), index_vector_dim=1)
        t.add(t.fb.gather(t.name(), x, index, numbers, (1,) + x.type.shape[1:]),
              lambda env: fx(env)[np.array(picked)])
    elif kind == "dynamic_slice":
        start = rng.randrange(rows + 1)  # past the end: clamped
        size = rng.randint(1, rows)
        index = t.fb.constant(t.name(), str(start), (), DType.I32)
        zeros = [t.fb.constant(t.name(), "0", (), DType.I32) for _ in range(x.type.rank - 1)]
        sizes = (size,) + x.type.shape[1:]
        t.add(t.fb.dynamic_slice(t.name(), x, [index, *zeros], sizes),
              lambda env: lax.dynamic_slice(fx(env), (start,) + (0,) * (len(sizes) - 1), sizes))
    elif kind == "concatenate":
        y, fy = t.rng.choice([(v, f) for v, f in t.pool if v.type.shape[1:] == x.type.shape[1:] and v.type.rank])
        t.add(t.fb.concatenate(t.name(), [x, y], 0), lambda env: lax.concatenate([fx(env), fy(env)], 0))
    else:
        y, fy = t.rng.choice([(v, f) for v, f in t.pool if v.type.shape == x.type.shape])
        zero = t.constant(0.0, x.type.shape)
        positive = t.fb.compare(t.name(), y, zero, "GT")
        t.add(t.fb.select(t.name(), positive, x, y), lambda env: jnp.where(fy(env) > 0, fx(env), fy(env)))


def windows(t: Twin):
    """A windowed sum or maximum over the last dimension, strided and padded."""
    lax, jnp = _lax()
    x, fx = t.pick()
    if not x.type.rank:
        return
    rank, rng = x.type.rank, t.rng
    width = rng.randint(1, max(1, x.type.shape[-1]))
    window = (1,) * (rank - 1) + (width,)
    strides = (1,) * (rank - 1) + (rng.randint(1, 2),)
    edge = 1 if width > 1 else 0  # no window of padding alone (a maximum of -inf)
    padding = ((0, 0),) * (rank - 1) + ((rng.randint(0, edge), rng.randint(0, edge)),)
    kind = rng.choice(["add", "maximum"])
    literal, init, jax_op = ("0.0", 0.0, lax.add) if kind == "add" else ("0xFFF0000000000000", -np.inf, lax.max)
    body = t.fb.region()
    a, b = body.arg(t.name(), TensorType((), F64)), body.arg(t.name(), TensorType((), F64))
    body = body.ret(getattr(body, kind)(t.name(), a, b))
    start = t.fb.constant(t.name(), literal, (), F64)
    t.add(t.fb.reduce_window(t.name(), [x], [start], body, window, strides, None, None, padding),
          lambda env: lax.reduce_window(fx(env), np.float64(init), jax_op, window, strides, padding))


STEPS = (unary, unary, binary, binary, move, move, reduce, matmul, sort, indexed, windows)


def gradient_graph(rng: random.Random):
    """A random differentiable function and its JAX twin (a function of the argument arrays)."""
    t = Twin(rng)
    for _ in range(rng.randint(1, 2)):
        t.arg(tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3))))
    for _ in range(rng.randint(2, 9)):
        rng.choice(STEPS)(t)
    chosen = rng.sample(t.pool[len(t.args):] or t.pool, 1) + ([t.pool[-1]] if rng.random() < 0.3 else [])
    fn = t.fb.ret(*(v for v, _ in chosen))
    return fn, t.args, lambda *arrays: tuple(f(arrays) for _, f in chosen)


def gradient_case(seed: int, stats: Counter) -> None:
    import jax

    from vitir.autodiff import jvp, vjp
    from vitir.evaluate import evaluate
    from vitir.print import print_module
    from vitir.ast import module

    rng = random.Random(seed)
    fn, shapes, twin = gradient_graph(rng)
    for op in fn.ops:
        stats[f"gradient ops: {op.NAME}"] += 1
    data = np.random.default_rng(seed % 2**32)
    xs = [data.normal(size=s) for s in shapes]
    us = [data.normal(size=s) for s in shapes]
    results = evaluate(fn, *xs)
    vs = [data.normal(size=np.shape(r)) for r in results]
    n = len(results)
    text = lambda: print_module(module(fn))  # noqa: E731
    if not all(np.all(np.isfinite(r)) for r in results):
        raise Failure("a result is not finite (the generator left the tame ranges)", text())
    ju = evaluate(jvp(fn), *xs, *us)[n:]
    jtv = evaluate(vjp(fn), *xs, *vs)[n:]
    left = sum(float(np.vdot(v, j)) for v, j in zip(vs, ju))
    right = sum(float(np.vdot(g, u)) for g, u in zip(jtv, us))
    if abs(left - right) > 1e-9 * max(abs(left), abs(right), 1.0):
        raise Failure(f"inner product: <v, J u> = {left!r}, <J^T v, u> = {right!r}", text())
    with jax.enable_x64(True):
        _, pull = jax.vjp(twin, *xs)
        want = pull(tuple(vs))
    for i, (g, w) in enumerate(zip(jtv, want)):
        g, w = np.asarray(g), np.asarray(w)
        if not np.all(np.isfinite(w)):
            raise Failure(f"gradient {i}: jax.vjp's is not finite (the generator left the tame ranges)", text())
        scale = max(float(np.max(np.abs(w), initial=0.0)), 1.0)
        if not np.all(np.abs(g - w) <= 1e-9 * scale):  # a NaN fails too
            raise Failure(f"gradient {i} differs from jax.vjp", text())
    stats["gradient graphs checked against jax.vjp"] += 1
