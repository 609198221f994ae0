"""StableHLO that JAX lowers (pretty, generic and debug-info text) imports into
vitir's AST, prints in vitir's format, and runs through PJRT like JAX."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

from jax._src.interpreters.mlir import make_ir_context
from jax._src.lib.mlir import ir

from vitir.ast import FunctionBuilder, Module, f32, module
from vitir.ast.module import Function
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, parse_text, print_mlir, roundtrip
from vitir.print import print_module


def mlp(x, w1, b1, w2, b2):
    h = jnp.tanh(x @ w1 + b1)
    y = jnp.maximum(h, 0.0) @ w2 + b2
    return y, jnp.sum(y * y, axis=1)


def attention_block(x, g, b, wq, wk, wv, wo, heads=2):
    """Pre-norm self-attention with a residual: x + MHSA(LayerNorm(x))."""
    batch, tokens, width = x.shape
    mu = jnp.mean(x, axis=-1, keepdims=True)
    xc = x - mu
    h = xc * lax.rsqrt(jnp.mean(xc * xc, axis=-1, keepdims=True) + 1e-5) * g + b

    def split(t):
        return t.reshape(batch, tokens, heads, width // heads).transpose(0, 2, 1, 3)

    q, k, v = split(h @ wq), split(h @ wk), split(h @ wv)
    e = jnp.exp(jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(width // heads))
    w = e / jnp.sum(e, axis=-1, keepdims=True)
    a = jnp.einsum("bhqk,bhkd->bhqd", w, v).transpose(0, 2, 1, 3).reshape(batch, tokens, width)
    return x + a @ wo


def patchify(x, w):
    """A strided convolution, padded, then sliced and concatenated."""
    y = lax.conv_general_dilated(x, w, (2, 2), [(1, 0), (0, 1)], dimension_numbers=("NCHW", "OIHW", "NCHW"))
    y = lax.pad(y, 0.0, ((0, 0, 0), (0, 0, 0), (1, 1, 1), (0, 2, 0)))
    return jnp.concatenate([y[:, :2], -jnp.sqrt(y[:, 2:] * y[:, 2:])], axis=1)


def leaky_relu(x, w):
    """compare and select: ReLU-style masks (lax.select; jnp.where lowers to a call)."""
    y = x @ w
    return lax.select(y > 0.0, y, 0.1 * y), lax.select(x >= y, x, -y)


def where_calls(a, b):
    """jnp.where lowers to calls of private functions, inlined on import; booleans compare UNSIGNED."""
    same_side = jnp.equal(a > 1.0, b > 1.0)
    return jnp.where(same_side, a, b) * jnp.where(a > b, 2.0, 3.0)


def softmax_and_max(x):
    """jnp.max and softmax reduce from -inf, a literal MLIR writes as bits (0xFF800000)."""
    return jax.nn.softmax(x, axis=-1), jnp.max(x, axis=0)


# The cases below take inputs in [0.5, 1.5) and spread them around 0 themselves.
def sigmoid_softplus(x):
    z = 8.0 * (x - 1.0)
    return jax.nn.sigmoid(z), jax.nn.softplus(z), jax.nn.silu(z)


def clip(x, low):
    """jnp.clip lowers to maximum and minimum; lax.clamp to clamp (JAX broadcasts scalar bounds first)."""
    z = 4.0 * (x - 1.0)
    return jnp.clip(z, -1.0, 1.5), lax.clamp(low - 1.0, z, 1.0), jnp.minimum(z, 0.25)


def logsumexp(x):
    """Guards the max shift with is_finite and select."""
    z = 6.0 * (x - 1.0)
    return jax.nn.logsumexp(z, axis=-1), jax.nn.log_softmax(z, axis=0)


def rounding(x):
    z = 5.0 * (x - 1.0)
    return jnp.abs(z), jnp.sign(z), jnp.floor(z), jnp.ceil(z), jnp.round(z), jnp.fmod(z, 0.75), x ** 3.5


def trig(x):
    z = 6.0 * (x - 1.0)
    return jnp.sin(z), jnp.cos(z), jnp.log1p(x) + jnp.expm1(z)


def masks(a, b):
    keep = (a > 1.0) & ~(b > 1.0) | (a > 1.4)
    return jnp.where(keep, a, -b), keep.astype(jnp.float32)


def array_parts(x, m):
    """Array literals captured by the jitted function: f32 (a 3-vector and a table of more than 100 elements, which
    MLIR prints as a hexadecimal blob), i32 and a boolean mask from numpy."""
    table = np.linspace(-1.0, 1.0, 4 * 30, dtype=np.float32).reshape(4, 30)
    lookup = jnp.array([[0, 1], [2, 3]], jnp.int32)
    scaled = x * jnp.array([1.0, 2.0, 3.0]) + jnp.array([0.1, -np.inf, 2.5e-8])
    return scaled, np.array([True, False, True]), m + table, lax.rem(lookup * 3, 4)


def array_constants(x, m):
    scaled, keep, table_sum, index = array_parts(x, m)
    return jnp.where(keep, scaled, -x), table_sum, index


def array_constants_inline(x, m):
    """array_constants without jnp.where's call, which xDSL prints as `func.call`."""
    scaled, keep, table_sum, index = array_parts(x, m)
    return lax.select(np.broadcast_to(keep, x.shape), scaled, -x), table_sum, index


def arg_extremes(x):
    """jnp.argmax and jnp.argmin: a reduce of two operands (the values and an iota) with a nine-op reducer."""
    return jnp.argmax(x, axis=1), jnp.argmin(x, axis=0), jnp.argmax(x, axis=0), jnp.argmin(x, axis=1)


CASES = {
    "argmax": (arg_extremes, [(4, 5)]),
    "arrays": (array_constants, [(4, 3), (4, 30)]),
    "sigmoid": (sigmoid_softplus, [(3, 7)]),
    "clip": (clip, [(4, 5), ()]),
    "logsumexp": (logsumexp, [(3, 7)]),
    "rounding": (rounding, [(4, 6)]),
    "trig": (trig, [(4, 6)]),
    "masks": (masks, [(4, 5), (4, 5)]),
    "softmax": (softmax_and_max, [(3, 7)]),
    "where": (leaky_relu, [(4, 3), (3, 3)]),
    "calls": (where_calls, [(4, 5), (4, 5)]),
    "mlp": (mlp, [(4, 8), (8, 16), (16,), (16, 3), (3,)]),
    "attention": (attention_block, [(2, 5, 8), (8,), (8,), (8, 8), (8, 8), (8, 8), (8, 8)]),
    "conv": (patchify, [(2, 3, 8, 8), (4, 3, 3, 3)]),
}
# The elementwise-table ops each case's import must carry (the JAX functions above lower to them).
USES = {
    "sigmoid": ["log_plus_one", "abs"], "clip": ["maximum", "minimum", "clamp"],
    "logsumexp": ["is_finite", "abs", "select"], "rounding": ["abs", "sign", "floor", "ceil", "round_nearest_even",
                                                              "remainder", "power"],
    "trig": ["sine", "cosine", "log_plus_one", "exponential_minus_one"], "masks": ["and", "not", "or"],
    # JAX's spelling kept; the hexadecimal blob of the 4x30 table becomes vitir's shortest decimals
    "arrays": ["constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]>",
               "constant dense<[1.000000e-01, 0xFF800000, 2.500000e-08]>", "constant dense<[[0, 1], [2, 3]]>",
               "constant dense<[true, false, true]>", "constant dense<[[-1.0, -0.9831933, -0.96638656,"],
}
FORMS = {
    "pretty": lambda lowered: lowered.as_text(debug_info=False),
    "generic": lambda lowered: lowered.compiler_ir("stablehlo").operation.get_asm(print_generic_op_form=True),
    "debug": lambda lowered: lowered.as_text(debug_info=True),
}


@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("case", list(CASES))
def test_jax_lowered_module_runs_like_jax(case, form):
    fn, shapes = CASES[case]
    rng = np.random.default_rng(len(case))
    args = [rng.uniform(0.5, 1.5, s).astype(np.float32) for s in shapes]
    text = FORMS[form](jax.jit(fn).lower(*args))
    vitir_text = print_module(import_text(text))
    assert "func.func @main(%arg" in vitir_text and "%0 " not in vitir_text  # `%0` became `%v0`
    assert print_module(import_text(vitir_text)) == vitir_text
    for op in USES.get(case, ()):
        assert f"= stablehlo.{op} " in vitir_text, op
    if case == "argmax":
        assert vitir_text.count(":2 = stablehlo.reduce(") == 4 and "#1, %" in vitir_text
    if case == "calls":
        assert "@_where" in text and "call @" not in vitir_text and "func.call" not in vitir_text
    if case == "calls" and form == "pretty":
        assert roundtrip(text) == text  # `call` printed as MLIR does inside a function
        assert "%where_c1_v0 = stablehlo.select %v4, %arg0, %arg1" in vitir_text
        assert "stablehlo.compare EQ, %v1, %v3, UNSIGNED : (tensor<4x5xi1>, tensor<4x5xi1>)" in vitir_text
    want = jax.jit(fn)(*args)
    got = compile_module(vitir_text).run(*args)
    for g, w in zip(got, want if isinstance(want, tuple) else (want,), strict=True):
        np.testing.assert_allclose(g, np.asarray(w), rtol=2e-6, atol=2e-6)


@pytest.mark.parametrize("case", ["mlp", "attention", "arrays", "argmax"])
def test_jax_pretty_text_round_trips_through_xdsl(case):
    fn, shapes = CASES[case]
    fn = array_constants_inline if case == "arrays" else fn
    text = jax.jit(fn).lower(*(jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes)).as_text(debug_info=False)
    assert "jax.result_info" in text and "%cst" in text
    if case == "argmax":  # `%1:2 = ...` and uses `%1#1`, the reducer's pairs on their own line
        assert "%1:2 = stablehlo.reduce(" in text and "return %1#1 :" in text and "\n     reducer(%arg1" in text
    if case == "arrays":  # JAX's spelling of each element and MLIR's hexadecimal blob, kept byte for byte
        assert 'constant dense<"0x000080BF' in text and "constant dense<[true, false, true]>" in text
    assert roundtrip(text) == text


def softmax_cross_entropy(logits, labels):
    """Mean cross-entropy on one-hot targets (jax.nn.one_hot: iota, compare, convert), and its gradient.
    The max's init is float32's lowest, not jnp.max's -inf, which vitir cannot spell."""
    def loss(logits):
        targets = jax.nn.one_hot(labels, logits.shape[-1])
        top = lax.stop_gradient(lax.reduce(logits, np.finfo(np.float32).min, lax.max, (1,)))
        z = logits - top[:, None]
        log_p = z - jnp.log(jnp.sum(jnp.exp(z), axis=-1, keepdims=True))
        return -jnp.mean(jnp.sum(targets * log_p, axis=-1)), targets

    (value, targets), grad = jax.value_and_grad(loss, has_aux=True)(logits)
    return value, grad, targets


@pytest.mark.parametrize("jit_inside", [False, True])
@pytest.mark.parametrize("form", list(FORMS))
def test_jax_one_hot_cross_entropy_runs_like_jax(form, jit_inside):
    logits = np.random.default_rng(3).normal(0.0, 2.0, (6, 10)).astype(np.float32)
    labels = np.array([1, 3, 9, 0, 3, 7], np.int32)
    if jit_inside:  # one_hot's own jit lowers to a private function and a call, inlined on import
        lowered = jax.jit(softmax_cross_entropy).lower(logits, labels)
    else:
        with jax.disable_jit():  # one_hot's ops come inline
            lowered = jax.jit(softmax_cross_entropy).lower(logits, labels)
    text = FORMS[form](lowered)
    assert ("call @" in text or "func.call" in text) == jit_inside
    assert "stablehlo.iota" in text and "stablehlo.convert" in text
    if jit_inside:
        vitir_text = print_module(import_text(text))
        assert "call" not in vitir_text and "stablehlo.iota" in vitir_text
        got = compile_module(vitir_text).run(logits, labels)
        for g, w in zip(got, jax.jit(softmax_cross_entropy)(logits, labels), strict=True):
            np.testing.assert_allclose(g, np.asarray(w), rtol=2e-6, atol=2e-7)
        return
    if form == "pretty":
        assert "stablehlo.iota dim = 1 : tensor<1x10xi32>" in text
        assert "stablehlo.convert %4 : (tensor<6x10xi1>) -> tensor<6x10xf32>" in text
        assert roundtrip(text) == text
    vitir_text = print_module(import_text(text))
    assert "%v1 = stablehlo.iota dim = 1 : tensor<1x10xi32>" in vitir_text
    assert "%v5 = stablehlo.convert %v4 : (tensor<6x10xi1>) -> tensor<6x10xf32>" in vitir_text
    assert print_module(import_text(vitir_text)) == vitir_text
    want = jax.jit(softmax_cross_entropy)(logits, labels)
    got = compile_module(vitir_text).run(logits, labels)
    np.testing.assert_array_equal(got[2], np.eye(10, dtype=np.float32)[labels])
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype
        np.testing.assert_allclose(g, np.asarray(w), rtol=2e-6, atol=2e-7)


def normalized(text: str) -> str:
    """The text with every SSA name replaced by `%`, so that ops, attributes and types compare."""
    return re.sub(r"%[\w#]+", "%", text)


@pytest.mark.parametrize("direction", ["argmax", "argmin"])
@pytest.mark.parametrize("axis", [0, 1])
def test_builders_argmax_is_jaxs_and_runs_like_it_on_ties_and_nan(direction, axis):
    jax_module = import_text(
        jax.jit(lambda x: getattr(jnp, direction)(x, axis=axis)).lower(jax.ShapeDtypeStruct((4, 5), jnp.float32))
        .as_text())
    # the ops JAX wrote, without the module's and the result's attributes, which the builder does not write
    jax_text = print_module(Module([Function(f.name, f.args, f.ops, f.ret) for f in jax_module.functions],
                                   jax_module.name))
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(4, 5))
    text = print_module(module(fb.ret(getattr(fb, direction)("am", x, axis)), name="jit__lambda"))
    assert normalized(text) == normalized(jax_text)  # the same ops, attributes and types, in JAX's order
    # MLIR's generic form of vitir's text (printed by JAX's own MLIR) reads back into the same text
    generic = ir.Module.parse(text, make_ir_context()).operation.get_asm(print_generic_op_form=True)
    assert '"stablehlo.reduce"(%arg0, %' in generic and "^bb0(" in generic
    assert print_mlir(parse_text(generic).module).count(":2 = stablehlo.reduce(") == 1
    assert normalized(print_module(import_text(generic))) == normalized(text)
    values = np.array([[1, 3, 3, 0, 3], [np.nan, 1, np.nan, 5, 0], [-np.inf] * 5, [np.inf, -0.0, 0, 1, np.inf]],
                      np.float32)
    want = np.asarray(jax.jit(lambda v: getattr(jnp, direction)(v, axis=axis))(values))
    (got,) = compile_module(text).run(values)
    (evaluated,) = evaluate(import_text(text), values)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(evaluated, want)


def test_a_function_called_twice_is_inlined_twice_under_names_of_its_own():
    inner = jax.jit(lambda x: jnp.sin(x) * 2.0)
    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32).reshape(2, 3)
    text = jax.jit(lambda x: inner(x) + inner(x * 3.0)).lower(x).as_text(debug_info=False)
    assert text.count("call @") == 2 and roundtrip(text) == text
    vitir_text = print_module(import_text(text))
    assert "call" not in vitir_text and vitir_text.count("= stablehlo.sine") == 2
    assert "%lambda_c1_v0 = stablehlo.sine %arg0" in vitir_text and "%lambda_c2_v0 = stablehlo.sine %v2" in vitir_text
    np.testing.assert_allclose(compile_module(vitir_text).run(x)[0], jax.jit(lambda x: inner(x) + inner(x * 3.0))(x),
                               rtol=1e-6)
