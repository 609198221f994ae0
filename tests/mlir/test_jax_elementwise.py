"""JAX programs of the elementwise family: exact GELU (chlo.erfc), atan2, threefry's shifts and xors,
top_k, jax.scipy.special, the hyperbolic and inverse trigonometric functions, integer bit counts and
complex arithmetic, with their gradients where they have one. Each is lowered by JAX, round-trips
through xDSL byte for byte, imports into vitir's AST, prints in vitir's format (which jaxlib's MLIR
parser reads), and runs through PJRT and the evaluator with JAX's results.

XLA computes the chlo ops by ChloLegalizeToStablehlo's approximations, the evaluator by scipy.special's,
so those agree to a tolerance (named per case); the stablehlo bit ops agree bit for bit."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
import pytest
from jax import lax
from jax._src.interpreters.mlir import make_ir_context
from jax._src.lib.mlir import ir

from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module


def gelu_exact(x):
    return jax.nn.gelu(x, approximate=False)


def gelu_exact_grad(x):
    return jax.grad(lambda v: jnp.sum(jax.nn.gelu(v, approximate=False) * jnp.arange(1.0, 1.0 + v.size).reshape(v.shape)))(x)


def angle(y, x):
    return jnp.arctan2(y, x), jnp.hypot(y, x)


def angle_grad(y, x):
    return jax.grad(lambda a, b: jnp.sum(jnp.arctan2(a, b) ** 2), argnums=(0, 1))(y, x)


def rotate(x, r):
    return lax.shift_left(x, np.uint32(r)) | lax.shift_right_logical(x, np.uint32(32 - r))


def threefry_rounds(k0, k1, x0, x1):
    """Threefry-2x32's first four rounds (its rotations 13, 15, 26, 6) and a key injection: what
    jax.random's hash is made of, as jnp ops on uint32."""
    k2 = k0 ^ k1 ^ np.uint32(0x1BD11BDA)
    x0, x1 = x0 + k0, x1 + k1
    for r in (13, 15, 26, 6):
        x0 = x0 + x1
        x1 = rotate(x1, r) ^ x0
    signed = lax.convert_element_type(x0 >> np.uint32(1), jnp.int32) - np.int32(2 ** 30)
    return x0 + k1, x1 + k2 + np.uint32(1), lax.shift_right_arithmetic(signed, np.int32(3))


def bit_counts(x, s):
    return lax.population_count(x), lax.clz(x), x ^ s, x << (s & 7), x >> (s & 7), lax.shift_right_logical(x, s & 7)


def top_two(x):
    return lax.top_k(x, 2)


def special_functions(x):
    return (jss.erf(x), jss.erfc(x), jss.erfinv(x / 2.0), jss.gammaln(x), jss.digamma(x), jss.i1e(x),
            jss.polygamma(1, x), jss.zeta(x + 1.0, x))


def hyperbolic_and_inverse(x):
    t = x - 1.0  # in (-0.5, 0.5)
    return (jnp.sinh(x), jnp.cosh(x), jnp.tan(x), jnp.arcsin(t), jnp.arccos(t), jnp.arctan(x), jnp.arcsinh(x),
            jnp.arccosh(x + 1.0), jnp.arctanh(t), jnp.cbrt(x - 1.0), jnp.square(x))


def special_grads(x):
    return jax.grad(lambda v: jnp.sum(jss.erf(v) + jss.gammaln(v) + jnp.arcsinh(v) + jnp.arctanh(v - 1.0)))(x)


def complex_ops(re, im):
    z = lax.complex(re, im)
    w = jnp.exp(z) * jnp.conj(z) / (z + 1.0)
    return jnp.real(w), jnp.imag(w), jnp.abs(z), jnp.angle(z), jnp.sqrt(z) + jnp.log(z) + jnp.tanh(z)


def rounding(x):
    z = 4.0 * (x - 1.0)
    return lax.round(z, lax.RoundingMethod.AWAY_FROM_ZERO), jnp.nextafter(z, 0.0)


UNIT = lambda rng, shape: rng.uniform(0.5, 1.5, shape).astype(np.float32)  # noqa: E731
WORDS = lambda rng, shape: rng.integers(0, 2 ** 32, shape, dtype=np.uint32)  # noqa: E731
# case -> (function, argument makers and shapes, tolerance against JAX (None: bit for bit), ops the text holds)
CASES = {
    "gelu_exact": (gelu_exact, [(UNIT, (4, 6))], 2e-6, ["chlo.erfc"]),
    "gelu_exact_grad": (gelu_exact_grad, [(UNIT, (4, 6))], 2e-6, ["chlo.erfc", "stablehlo.exponential"]),
    "atan2": (angle, [(UNIT, (3, 5)), (UNIT, (3, 5))], 2e-6, ["stablehlo.atan2"]),
    "atan2_grad": (angle_grad, [(UNIT, (3, 5)), (UNIT, (3, 5))], 2e-6, ["stablehlo.atan2"]),
    "threefry": (threefry_rounds, [(WORDS, (8,))] * 4, None,
                 ["stablehlo.shift_left", "stablehlo.shift_right_logical", "stablehlo.xor",
                  "stablehlo.shift_right_arithmetic"]),
    "bits": (bit_counts, [(WORDS, (16,)), (WORDS, (16,))], None,
             ["stablehlo.popcnt", "stablehlo.count_leading_zeros", "stablehlo.xor"]),
    "top_k": (top_two, [(UNIT, (3, 7))], None, ["chlo.top_k"]),
    "special": (special_functions, [(UNIT, (2, 9))], 2e-5,
                ["chlo.erf", "chlo.erfc", "chlo.erf_inv", "chlo.lgamma", "chlo.digamma", "chlo.bessel_i1e",
                 "chlo.polygamma", "chlo.zeta"]),
    "trig": (hyperbolic_and_inverse, [(UNIT, (2, 9))], 2e-6,
             ["chlo.sinh", "chlo.cosh", "stablehlo.tan", "chlo.asin", "chlo.acos", "chlo.atan", "chlo.asinh",
              "chlo.acosh", "chlo.atanh", "stablehlo.cbrt", "chlo.square"]),
    "special_grads": (special_grads, [(UNIT, (2, 9))], 2e-5, ["chlo.digamma"]),
    "complex": (complex_ops, [(UNIT, (2, 5)), (UNIT, (2, 5))], 2e-6,
                ["stablehlo.complex", "stablehlo.real", "stablehlo.imag", "stablehlo.atan2"]),
    "rounding": (rounding, [(UNIT, (12,))], None, ["stablehlo.round_nearest_afz", "chlo.next_after"]),
}


def arguments(case):
    rng = np.random.default_rng(sum(map(ord, case)))
    return [make(rng, shape) for make, shape in CASES[case][1]]


def agree(got, want, tolerance, what):
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (what, got.dtype, want.dtype)
    if tolerance is None:
        np.testing.assert_array_equal(got, want, err_msg=what)
    else:
        np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance, err_msg=what)


@pytest.mark.parametrize("case", list(CASES))
def test_jax_program_runs_like_jax_through_pjrt_and_the_evaluator(case):
    fn, _, tolerance, ops = CASES[case]
    args = arguments(case)
    text = jax.jit(fn).lower(*args).as_text(debug_info=False)
    for op in ops:
        assert f" {op}" in text, op
    assert roundtrip(text) == text  # JAX's text, chlo ops included, prints back unchanged
    mod = import_text(text)
    vitir_text = print_module(mod)
    assert print_module(import_text(vitir_text)) == vitir_text
    ir.Module.parse(vitir_text, context=make_ir_context())  # MLIR reads vitir's spelling of every op
    want = jax.tree.leaves(jax.jit(fn)(*args))
    xla = compile_module(vitir_text).run(*args)
    ours = evaluate(mod, *args)
    for i, (x, o, w) in enumerate(zip(xla, ours, want, strict=True)):
        agree(x, w, tolerance, f"{case} result {i} by PJRT")
        agree(o, w, tolerance, f"{case} result {i} by the evaluator")


def test_top_k_orders_ties_by_index_and_nan_first_as_xla():
    x = np.array([[1.0, 3.0, 3.0, np.nan, -0.0, 0.0, 3.0], [2.0, 2.0, 2.0, 2.0, -np.inf, np.inf, 1.0]], np.float32)
    text = jax.jit(lambda v: lax.top_k(v, 4)).lower(x).as_text(debug_info=False)
    assert "%values, %indices = chlo.top_k(%arg0, k = 4) : tensor<2x7xf32> -> (tensor<2x4xf32>, tensor<2x4xi32>)" in text
    mod = import_text(text)
    ours = evaluate(mod, x)
    xla = compile_module(print_module(mod)).run(x)
    want = jax.jit(lambda v: lax.top_k(v, 4))(x)
    for o, r, w in zip(ours, xla, want):
        np.testing.assert_array_equal(o, np.asarray(w))
        np.testing.assert_array_equal(np.asarray(r), np.asarray(w))
    assert ours[1].tolist() == [[3, 1, 2, 6], [5, 0, 1, 2]]


# jax.random: threefry is shifts, xors and adds on uint32, in a while loop, bitcast to floats; normal adds
# chlo.erf_inv. The loop and the bitcast are other families' ops: these run once both are declared.
RANDOM = {
    "normal": lambda key: jax.random.normal(jax.random.wrap_key_data(key), (4, 3)),
    "uniform": lambda key: jax.random.uniform(jax.random.wrap_key_data(key), (5,), minval=-1.0, maxval=2.0),
    "bits": lambda key: jax.random.bits(jax.random.wrap_key_data(key), (6,), jnp.uint32),
}


@pytest.mark.parametrize("case", list(RANDOM))
def test_jax_random_runs_like_jax(case):
    key = np.asarray(jax.random.key_data(jax.random.key(7)))
    text = jax.jit(RANDOM[case]).lower(key).as_text(debug_info=False)
    assert "stablehlo.shift_right_logical" in text and "stablehlo.xor" in text
    assert roundtrip(text) == text
    mod = import_text(text)
    want = np.asarray(jax.jit(RANDOM[case])(key))
    (xla,) = compile_module(print_module(mod)).run(key)
    (ours,) = evaluate(mod, key)
    # the bits agree exactly; uniform's scaling (u * (max - min) + min) XLA contracts into one fused
    # multiply-add, the evaluator rounds twice: an ulp apart; erf_inv: XLA's polynomial against scipy's
    tolerance = {"normal": 2e-6, "uniform": 2e-7}.get(case, 0)
    np.testing.assert_allclose(np.asarray(xla), want, rtol=0, atol=0)
    np.testing.assert_allclose(ours, want, rtol=tolerance, atol=tolerance)
