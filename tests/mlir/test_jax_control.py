"""JAX's control flow imported: lax.scan, fori_loop, while_loop, cond (with captured values), switch,
map, jax.checkpoint, lax.composite, and gradients of them. Each program is lowered by JAX, read back
through xDSL byte for byte, imported into vitir's AST (the private functions a loop body calls
inlined there), printed in vitir's format (which jaxlib's MLIR reads and prints back the same but
for SSA names), and run through PJRT and the numpy evaluator with JAX's results."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

from vitir.backend import compile_module
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

from ..test_control_flow import mlir_text, unnamed
from .test_jax_import import FORMS


def scan_rows(x):
    """A carry and one output per row: xs sliced, ys stacked (jax writes the step as func.calls)."""
    def step(carry, row):
        carry = carry * 0.5 + jnp.sin(row)
        return carry, carry.sum()

    return lax.scan(step, jnp.zeros(x.shape[1], x.dtype), x)


def scan_carry(x):
    """A scan of a carry alone: no slicing."""
    return lax.scan(lambda c, _: (jnp.sin(c) * 0.5 + c, None), x, None, length=3)[0]


def fori_captured(x, w):
    """The body multiplies by %w, a value of the function: the loop carries it."""
    return lax.fori_loop(0, 4, lambda i, c: c * w + i.astype(c.dtype), x)


def newton_sqrt(a):
    """A data-dependent trip count; the condition reduces."""
    def cond(state):
        i, y = state
        return (i < 20) & (jnp.max(jnp.abs(y * y - a)) > 1e-4)

    return lax.while_loop(cond, lambda s: (s[0] + 1, 0.5 * (s[1] + a / s[1])), (0, a))


def cond_captured(p, x, w):
    """Branches that use the function's %w (captured, not passed)."""
    return lax.cond(p > 0, lambda y: jnp.tanh(y @ w), lambda y: y - w.sum(0), x)


def switch_three(i, x):
    return lax.switch(i, [lambda y: y + x, lambda y: y * 2.0, jnp.cos], x)


def map_rows(x):
    return lax.map(lambda row: row * row.sum(), x)


def grad_scan(x):
    return jax.grad(lambda x: scan_rows(x)[1].sum())(x)


def grad_cond(p, x, w):
    return jax.grad(lambda x, w: cond_captured(p, x, w).sum(), argnums=(0, 1))(x, w)


def checkpointed(x):
    """jax.checkpoint's rematerialisation sits behind stablehlo.optimization_barrier."""
    return jax.grad(jax.checkpoint(lambda x: jnp.sin(jnp.sin(x)).sum()))(x)


def loops_in_a_call(x):
    """A jitted function holding a loop, called twice: call @inner, and in the loop func.call."""
    inner = jax.jit(lambda y: lax.fori_loop(0, 3, lambda i, c: jnp.sin(c) + 1.0, y))
    return inner(x) + inner(x * 2.0)


def _rows(rng):
    return rng.uniform(-1.0, 1.0, (3, 4)).astype(np.float32)


def _square(rng):
    return rng.uniform(-0.5, 0.5, (4, 4)).astype(np.float32)


# name -> (function, its inputs from a random generator, what its vitir text holds)
PROGRAMS = {
    "scan": (scan_rows, lambda r: [_rows(r)], "stablehlo.while("),
    "scan_carry": (scan_carry, lambda r: [_rows(r)], "stablehlo.while("),
    "fori_loop": (fori_captured, lambda r: [_rows(r), _rows(r)], "stablehlo.while("),
    "while_loop": (newton_sqrt, lambda r: [r.uniform(0.5, 4.0, (5,)).astype(np.float32)], "stablehlo.while("),
    "cond_true": (cond_captured, lambda r: [np.float32(1.0), _rows(r), _square(r)], '"stablehlo.case"'),
    "cond_false": (cond_captured, lambda r: [np.float32(-1.0), _rows(r), _square(r)], '"stablehlo.case"'),
    "switch": (switch_three, lambda r: [np.int32(2), _rows(r)], '"stablehlo.case"'),
    "switch_clamped": (switch_three, lambda r: [np.int32(-5), _rows(r)], "stablehlo.clamp"),
    "map": (map_rows, lambda r: [_rows(r)], "stablehlo.while("),
    "grad_scan": (grad_scan, lambda r: [_rows(r)], "stablehlo.while("),
    "grad_cond": (grad_cond, lambda r: [np.float32(1.0), _rows(r), _square(r)], '"stablehlo.case"'),
    "checkpoint": (checkpointed, lambda r: [_rows(r)], "stablehlo.optimization_barrier "),
    "loops_in_a_call": (loops_in_a_call, lambda r: [_rows(r)], "stablehlo.while("),
}


def _program(name: str):
    fn, inputs, holds = PROGRAMS[name]
    return fn, inputs(np.random.default_rng(len(name))), holds


def close(got, want, atol=2e-6):
    want = want if isinstance(want, tuple) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, np.asarray(w), rtol=2e-6, atol=atol)


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_jax_control_flow_imports_prints_and_runs_like_jax(name):
    fn, inputs, holds = _program(name)
    text = jax.jit(fn).lower(*inputs).as_text(debug_info=False)
    assert roundtrip(text) == text
    imported = import_text(text)
    vitir_text = print_module(imported)
    assert holds in vitir_text and "call @" not in vitir_text
    assert print_module(import_text(vitir_text)) == vitir_text
    assert unnamed(mlir_text(vitir_text)) == unnamed(vitir_text)
    want = jax.jit(fn)(*inputs)
    close(compile_module(vitir_text).run(*inputs), want)
    close(evaluate(imported, *inputs), want, atol=1e-5)


@pytest.mark.parametrize("form", ["generic", "debug"])
@pytest.mark.parametrize("name", ["fori_loop", "cond_true", "loops_in_a_call"])
def test_jax_control_flow_in_generic_and_debug_text(name, form):
    """MLIR's generic form names a while's cond and body arguments apart; vitir names them once."""
    fn, inputs, holds = _program(name)
    vitir_text = print_module(import_text(FORMS[form](jax.jit(fn).lower(*inputs))))
    assert holds in vitir_text and unnamed(mlir_text(vitir_text)) == unnamed(vitir_text)
    close(compile_module(vitir_text).run(*inputs), jax.jit(fn)(*inputs))


def test_a_loop_bodys_calls_are_inlined_in_the_body():
    text = jax.jit(fori_captured).lower(*_program("fori_loop")[1]).as_text(debug_info=False)
    assert "      %1:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : " in text
    vitir_text = print_module(import_text(text))
    body = vitir_text[vitir_text.index("} do {"):]
    assert "      %closed_call_c1_v1 = stablehlo.multiply %iterArg_3, %iterArg : tensor<3x4xf32>\n" in body
    assert "      stablehlo.return %iterArg, %v2, %closed_call_c1_v0, %closed_call_c1_v4 : " in body


def test_lax_composite_imports_prints_runs_on_pjrt_and_evaluates_as_its_decomposition():
    def mul(x):
        return lax.composite(lambda x, n: x * n, name="my.mul")(x, n=3)

    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32)
    text = jax.jit(mul).lower(x).as_text(debug_info=False)
    assert roundtrip(text) == text
    imported = import_text(text)
    vitir_text = print_module(imported)
    assert ('    %v0 = stablehlo.composite "my.mul" %arg0 {composite_attributes = {n = 3 : i64}, '
            "decomposition = @my.mul} : (tensor<6xf32>) -> tensor<6xf32>\n") in vitir_text
    assert "  func.func @my.mul(%arg0: tensor<6xf32>) -> tensor<6xf32> {\n" in vitir_text
    assert print_module(import_text(vitir_text)) == vitir_text
    np.testing.assert_allclose(compile_module(vitir_text, function="main").run(x)[0], 3.0 * x)
    np.testing.assert_array_equal(evaluate(imported, x, entry="main")[0], jax.jit(mul)(x))
    with pytest.raises(EvaluationError, match=r"stablehlo.composite %v0: its decomposition @my.mul is not a function"):
        evaluate(imported.functions[0], x)


def test_lax_cholesky_custom_call_imports_prints_and_runs_on_pjrt():
    """XLA's CPU runs the LAPACK custom_call JAX emits, and so does the evaluator; its attributes (of
    stablehlo, mhlo and sdy) print back as written."""
    a = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]], np.float32)
    text = jax.jit(jax.lax.linalg.cholesky).lower(a).as_text(debug_info=False)
    assert "stablehlo.custom_call @lapack_spotrf_ffi" in text and "sdy.sharding_rule = #sdy.op_sharding_rule<" in text
    assert roundtrip(text) == text
    imported = import_text(text)
    vitir_text = print_module(imported)
    call = next(line for line in text.splitlines() if "custom_call" in line)
    assert call.replace("%4", "%v4").replace("%3", "%v3") + "\n" in vitir_text
    assert print_module(import_text(vitir_text)) == vitir_text
    np.testing.assert_allclose(compile_module(vitir_text).run(a)[0], jax.jit(jax.lax.linalg.cholesky)(a), rtol=1e-6)
    # the evaluator runs it too, through the LAPACK routine XLA's kernel calls (vitir/evaluate/custom_calls.py)
    np.testing.assert_allclose(evaluate(imported, a)[0], jax.jit(jax.lax.linalg.cholesky)(a), rtol=1e-6)
