"""JAX programs of windows, reductions, contractions and linear algebra: pooling and its gradient,
cumulative sums, grouped and depthwise convolutions and their weight gradients, Cholesky and
triangular solves, Fourier transforms, dot_general with a precision or an algorithm,
reduce_precision. Each is lowered by JAX, round-trips through xDSL byte for byte, imports in its
pretty and generic forms to the same AST, prints in vitir's format (stable on re-import), and runs
through PJRT and through the numpy evaluator with JAX's results."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module


def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def avg_pool(x):
    """3x3 windows, stride 2, SAME padding: reduce_window pads with the init value."""
    return lax.reduce_window(x, 0.0, lax.add, (1, 1, 3, 3), (1, 1, 2, 2), "SAME") / 9.0


def pooling_gradients(x):
    """The max pool's gradient is a select_and_scatter; the average pool's a padded reduce_window."""
    return jax.grad(lambda v: jnp.sum(max_pool(v) ** 2))(x), jax.grad(lambda v: jnp.sum(jnp.sin(avg_pool(v))))(x)


def cumulative(x):
    """jnp.cumsum and friends: reduce_window over the whole axis, padded in front (inside private functions
    JAX calls, inlined on import)."""
    return jnp.cumsum(x, axis=1), jnp.cumprod(x, axis=0), lax.cummax(x, axis=1), lax.cummin(x, axis=0)


def grouped_convolution(x, w):
    return lax.conv_general_dilated(x, w, (2, 2), [(1, 0), (0, 1)], dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                    feature_group_count=3)


def weight_gradient(w, x):
    """A grouped convolution's gradient with respect to its kernel: a convolution with batch groups."""
    return jax.grad(lambda k: jnp.sum(grouped_convolution(x, k) ** 2))(w)


def input_gradient(x, w):
    """The gradient with respect to the input: the kernel reversed, then a convolution with feature groups."""
    return jax.grad(lambda v: jnp.sum(grouped_convolution(v, w) ** 2))(x)


def depthwise(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                    feature_group_count=4)


def cholesky_and_solves(a, b):
    """A factor and the solves with it (positive-definite from a @ a.T plus a diagonal)."""
    spd = a @ a.T + 4.0 * jnp.eye(a.shape[0])
    low = jnp.linalg.cholesky(spd)
    x = jax.scipy.linalg.solve_triangular(low, b, lower=True)
    y = jax.scipy.linalg.solve_triangular(low, b, lower=True, trans=1)
    return low, x, y


def transforms(z, r):
    return jnp.fft.fft(z), jnp.fft.ifft(z), jnp.fft.fft2(z), jnp.fft.rfft(r), jnp.fft.irfft(jnp.fft.rfft(r), n=8)


def precise_products(a, b):
    return (jnp.dot(a, b, precision=lax.Precision.HIGHEST),
            lax.dot(a, b, precision=lax.DotAlgorithmPreset.F32_F32_F32),
            jnp.einsum("ij,jk->ik", a, b, precision=(lax.Precision.HIGH, lax.Precision.DEFAULT)))


def reduced_precision(x):
    return lax.reduce_precision(x * 1000.0, 5, 10), lax.reduce_precision(x, 8, 7)


def complex_arg(*shape):
    rng = np.random.default_rng(sum(shape))
    return (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(np.complex64)


# name: (function, argument shapes (a str: complex), lowered for TPU, ops the import must hold, tolerance)
CASES = {
    "max_pool": (max_pool, [(2, 3, 6, 6)], False, ['"stablehlo.reduce_window"'], 0),
    "avg_pool": (avg_pool, [(2, 3, 7, 7)], False, ['"stablehlo.reduce_window"'], 2e-6),
    "pool_gradients": (pooling_gradients, [(2, 3, 6, 6)], False,
                       ['"stablehlo.select_and_scatter"', "compare GE"], 2e-6),
    "cumulative": (cumulative, [(3, 5)], False, ["padding = dense<[[0, 0], [4, 0]]>"], 2e-6),
    "grouped_conv": (grouped_convolution, [(2, 6, 7, 7), (9, 2, 3, 3)], False, ["feature_group_count = 3"], 2e-5),
    "weight_gradient": (weight_gradient, [(9, 2, 3, 3), (2, 6, 7, 7)], False, ["batch_group_count = 3"], 2e-5),
    "input_gradient": (input_gradient, [(2, 6, 7, 7), (9, 2, 3, 3)], False, ["stablehlo.reverse"], 2e-5),
    "depthwise": (depthwise, [(2, 6, 6, 4), (3, 3, 1, 8)], False, ["feature_group_count = 4"], 2e-5),
    # JAX lowers these to LAPACK custom calls on CPU and to StableHLO's own ops for TPU
    "cholesky_solves": (cholesky_and_solves, [(5, 5), (5, 2)], True,
                        ["stablehlo.cholesky %", "lower = true", '"stablehlo.triangular_solve"',
                         "transpose_a = #stablehlo<transpose TRANSPOSE>"], 2e-5),
    "transforms": (transforms, ["4x8", (3, 8)], False, ["type = FFT", "type = IFFT", "type = RFFT", "type = IRFFT",
                                                        "length = [4, 8]"], 2e-6),
    "precise_products": (precise_products, [(4, 3), (3, 5)], False,
                         ["precision = [HIGHEST, HIGHEST]", "algorithm = <lhs_precision_type = f32,",
                          "precision = [HIGH, DEFAULT]"], 2e-6),
    "reduce_precision": (reduced_precision, [(4, 5)], False, ["format = e5m10", "format = e8m7"], 0),
}


def arguments(shapes):
    rng = np.random.default_rng(len(shapes))
    return [complex_arg(*map(int, s.split("x"))) if isinstance(s, str) else
            rng.uniform(0.5, 1.5, s).astype(np.float32) for s in shapes]


def lowered(case, args):
    fn, _, tpu, _, _ = CASES[case]
    traced = jax.jit(fn).trace(*args)
    return traced.lower(lowering_platforms=("tpu",)) if tpu else traced.lower()


def normalized(text: str) -> str:
    """SSA names and line breaks aside (the generic form keeps no record of a one-line convolution)."""
    return " ".join(re.sub(r"%[\w#]+", "%", text).split())


def close(got, want, tolerance: float) -> None:
    want = np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
    np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance * scale)


@pytest.mark.parametrize("case", list(CASES))
def test_jax_program_round_trips_imports_and_runs_like_jax(case):
    fn, shapes, _, uses, tolerance = CASES[case]
    args = arguments(shapes)
    low = lowered(case, args)
    text = low.as_text(debug_info=False)
    assert roundtrip(text) == text  # xDSL prints JAX's text back byte for byte
    imported = import_text(text)
    vitir_text = print_module(imported)
    assert print_module(import_text(vitir_text)) == vitir_text
    generic = low.compiler_ir("stablehlo").operation.get_asm(print_generic_op_form=True)
    assert normalized(print_module(import_text(generic))) == normalized(vitir_text)
    for spelling in uses:
        assert spelling in vitir_text, spelling
    want = jax.jit(fn)(*args)
    want = want if isinstance(want, tuple) else (want,)
    ran = compile_module(vitir_text).run(*args)
    got = evaluate(imported, *args)
    for g, r, w in zip(got, ran, want, strict=True):
        close(r, w, tolerance)
        close(g, w, tolerance)


def test_a_function_called_twice_is_inlined_twice():
    """jnp.fft.rfft twice calls JAX's private @fft twice; each inlined copy gets names of its own."""
    text = jax.jit(lambda r: (jnp.fft.rfft(r), jnp.fft.rfft(r) * 2.0)).lower(np.ones((3, 8), np.float32)).as_text()
    assert text.count("call @fft(%arg0)") == 2
    vitir_text = print_module(import_text(text))
    assert "%fft_c1_v0 = stablehlo.fft %arg0" in vitir_text and "%fft_c2_v0 = stablehlo.fft %arg0" in vitir_text


def test_dot_algorithm_with_tensor_float_32_round_trips():
    """The conformance suite's algorithm names tf32, a type no tensor of StableHLO holds."""
    product = jax.jit(lambda a, b: lax.dot(a, b, precision=lax.DotAlgorithmPreset.TF32_TF32_F32))
    spec = jax.ShapeDtypeStruct((4, 4), jnp.float32)
    text = product.trace(spec, spec).lower(lowering_platforms=("tpu",)).as_text()  # XLA's CPU has no tf32
    assert "lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32" in text
    assert roundtrip(text) == text
    vitir_text = print_module(import_text(text))
    assert "algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32," in vitir_text
    assert print_module(import_text(vitir_text)) == vitir_text
