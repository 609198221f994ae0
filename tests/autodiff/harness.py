"""The per-op harness of vitir.autodiff: one op in a function of its own, its JVP and VJP derived
by vitir, checked against jax.jvp and jax.vjp of the same op written with jax.lax.

A `Case` builds the op (`build(fb, *args)` returns its result or results), says how to draw each
operand (`inputs`: a shape for a normal float, or `Draw` for other domains and integer operands)
and gives the same op in JAX (`reference(*arrays)`). `check(case)` runs three checks:

- the numpy evaluator in float64 against jax in float64 (x64), to 1e-9 relative;
- PJRT in float32 against jax in float32, to 1e-5 relative;
- the inner-product test <v, J u> = <J^T v, u> in float64 on the evaluator, u and v random.

Only float operands are differentiated (integer and boolean ones are bound, as JAX would bind
them by closure); one cotangent per float result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from vitir.ast import FunctionBuilder, module
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.autodiff import jvp, vjp
from vitir.evaluate import evaluate
from vitir.print import print_module

CASES: list["Case"] = []
# op classes whose rules a test of their own checks, where one op in one function cannot show them
# (a composite needs its decomposition's module): op class -> that test
CHECKED_ELSEWHERE: dict[type, str] = {}


@dataclass(frozen=True)
class Draw:
    """An operand drawn otherwise than a normal float: `sample(rng, shape)` gives float64 values
    (or ints, bools); `dtype` None: the case's float type."""

    shape: tuple
    sample: Callable = lambda rng, shape: rng.normal(size=shape)
    dtype: DType | None = None


def positive(*shape):
    return Draw(shape, lambda rng, s: rng.uniform(0.5, 2.0, size=s))


def inside_unit(*shape):
    return Draw(shape, lambda rng, s: rng.uniform(-0.9, 0.9, size=s))


def above_one(*shape):
    return Draw(shape, lambda rng, s: rng.uniform(1.2, 3.0, size=s))


def integers(shape, low, high, dtype=DType.I32):
    return Draw(tuple(shape), lambda rng, s: rng.integers(low, high, size=s), dtype)


def booleans(*shape):
    return Draw(shape, lambda rng, s: rng.random(size=s) < 0.5, DType.I1)


@dataclass
class Case:
    name: str
    ops: tuple  # the op classes whose rules it checks
    build: Callable  # (fb, *args) -> Value | tuple of Values
    reference: Callable  # (*arrays) -> array | tuple of arrays, with jax.lax
    inputs: Sequence  # per operand: a shape (a normal float) or a Draw
    pjrt: bool = True  # also run through PJRT in float32
    tolerance: float = 1e-5
    seed: int = 0
    inner_tolerance: float = 1e-10  # looser where the linear map itself rounds (a narrowing convert)
    extra: dict = field(default_factory=dict)


def case(name, ops, build, reference, inputs, **kwargs) -> Case:
    c = Case(name, ops if isinstance(ops, tuple) else (ops,), build, reference, inputs, **kwargs)
    CASES.append(c)
    return c


def _draw(spec) -> Draw:
    return spec if isinstance(spec, Draw) else Draw(tuple(spec))


def draw_inputs(c: Case, dtype: DType) -> list[np.ndarray]:
    rng = np.random.default_rng(c.seed)
    out = []
    for spec in map(_draw, c.inputs):
        d = spec.dtype or dtype
        out.append(np.asarray(spec.sample(rng, spec.shape)).astype(_numpy(d)))
    return out


def _numpy(dtype: DType):
    return {DType.F32: np.float32, DType.F64: np.float64, DType.I32: np.int32, DType.I64: np.int64,
            DType.I1: np.bool_}[dtype]


def build_function(c: Case, dtype: DType):
    fb = FunctionBuilder("main")
    args = [fb.arg(f"a{i}", TensorType(_draw(s).shape, _draw(s).dtype or dtype)) for i, s in enumerate(c.inputs)]
    out = c.build(fb, *args)
    return fb.ret(*(out if isinstance(out, tuple) else (out,)))


def _floats(values) -> list[int]:
    return [i for i, v in enumerate(values) if np.issubdtype(np.asarray(v).dtype, np.floating)]


def jax_jvp_vjp(c: Case, inputs, tangents, cotangents):
    """jax.jvp and jax.vjp of the reference in the float operands: (results, result tangents,
    operand cotangents)."""
    import jax

    diff = _floats(inputs)

    def f(*xs):
        args = list(inputs)
        for i, x in zip(diff, xs):
            args[i] = x
        out = c.reference(*args)
        return out if isinstance(out, tuple) else (out,)

    primals = tuple(inputs[i] for i in diff)
    results, out_tangents = jax.jvp(f, primals, tuple(tangents))
    _, pull = jax.vjp(f, *primals)
    float_results = _floats(results)
    full = []
    it = iter(cotangents)
    for i, r in enumerate(results):
        full.append(next(it) if i in float_results else np.zeros(np.shape(r), jax.dtypes.float0))
    grads = pull(tuple(full))
    return ([np.asarray(r) for r in results], [np.asarray(out_tangents[i]) for i in float_results],
            [np.asarray(g) for g in grads])


def rel_err(a, b) -> float:
    kind = np.complex128 if np.iscomplexobj(a) or np.iscomplexobj(b) else np.float64  # complex: both parts
    a, b = np.asarray(a, kind), np.asarray(b, kind)
    assert a.shape == b.shape, (a.shape, b.shape)
    scale = max(float(np.max(np.abs(b), initial=0.0)), 1e-30)
    return float(np.max(np.abs(a - b), initial=0.0)) / scale


def _random_like(rng, values) -> list[np.ndarray]:
    return [rng.normal(size=np.shape(v)).astype(np.asarray(v).dtype) for v in values]


def derived(c: Case, dtype: DType):
    fn = build_function(c, dtype)
    return fn, jvp(fn), vjp(fn)


def _prepared(c: Case, dtype: DType, stream: int, run):
    """The inputs, the function and its two derivatives, random tangents of the float operands
    and random cotangents of the float results (`run` computes the results)."""
    inputs = draw_inputs(c, dtype)
    fn, forward, backward = derived(c, dtype)
    rng = np.random.default_rng(c.seed + stream)
    tangents = _random_like(rng, [inputs[i] for i in _floats(inputs)])
    results = run(fn, *inputs)
    cotangents = _random_like(rng, [results[i] for i in _floats(results)])
    return inputs, fn, forward, backward, tangents, cotangents, results


def _compare(what, got, want, tolerance):
    assert len(got) == len(want), f"{what}: {len(got)} values, want {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        err = rel_err(g, w)
        assert err <= tolerance, f"{what} {i}: relative error {err:.3g} > {tolerance}"


def check_evaluator(c: Case) -> None:
    """float64 on the numpy evaluator against jax (x64)."""
    import jax

    with jax.enable_x64(True):
        inputs, fn, forward, backward, tangents, cotangents, results = _prepared(c, DType.F64, 1, evaluate)
        want_results, want_tangents, want_grads = jax_jvp_vjp(c, inputs, tangents, cotangents)
        got = evaluate(forward, *inputs, *tangents)
        n = len(results)
        _compare("result", got[:n], want_results, 1e-12)
        _compare("tangent", got[n:], want_tangents, 1e-9)
        got = evaluate(backward, *inputs, *cotangents)
        _compare("gradient", got[n:], want_grads, 1e-9)


def check_pjrt(c: Case) -> None:
    """float32 through PJRT against jax in float32: the JVP and the VJP in one module (one compile)."""
    from vitir.autodiff.api import inline
    from vitir.backend import compile_module

    # the results (their shapes, for the cotangents) from the evaluator
    inputs, fn, forward, backward, tangents, cotangents, results = _prepared(c, DType.F32, 1, evaluate)
    want_results, want_tangents, want_grads = jax_jvp_vjp(c, inputs, tangents, cotangents)
    n = len(results)
    fb = FunctionBuilder("both")
    args = [fb.arg(a.name, a.type) for a in fn.args]
    extra = [fb.arg(f"u{i}", a.type) for i, a in enumerate(forward.args[len(args):])]
    extra += [fb.arg(f"v{i}", a.type) for i, a in enumerate(backward.args[len(args):])]
    pushed = inline(fb, forward, args + extra[:len(forward.args) - len(args)])[n:]
    pulled = inline(fb, backward, args + extra[len(forward.args) - len(args):])[n:]
    got = compile_module(print_module(module(fb.ret(*pushed, *pulled))))(*inputs, *tangents, *cotangents)
    _compare("tangent (PJRT)", got[:len(pushed)], want_tangents, c.tolerance)
    _compare("gradient (PJRT)", got[len(pushed):], want_grads, c.tolerance)


def check_inner_product(c: Case) -> None:
    """<v, J u> = <J^T v, u> in float64 on the evaluator: the VJP is the JVP's transpose."""
    inputs, fn, forward, backward, u, v, results = _prepared(c, DType.F64, 2, evaluate)
    n = len(results)
    ju = evaluate(forward, *inputs, *u)[n:]
    jtv = evaluate(backward, *inputs, *v)[n:]
    left = sum(float(np.vdot(a, b)) for a, b in zip(v, ju))
    right = sum(float(np.vdot(a, b)) for a, b in zip(jtv, u))
    scale = max(abs(left), abs(right), 1e-12)
    assert abs(left - right) <= c.inner_tolerance * scale, f"<v, J u> = {left!r}, <J^T v, u> = {right!r}"
