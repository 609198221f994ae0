"""`vitir grad` on JAX's programs lowered for CPU, whose linear algebra calls LAPACK (potrf,
trsm, getrf, geqrf and orgqr, syevd, gesdd): the derivative runs through PJRT (float32) and the
numpy evaluator (float64) to jax.value_and_grad's numbers. A target vitir does not know is
refused by name, at its line."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.cli import main
from vitir.cli.grad import derive
from vitir.evaluate import evaluate
from vitir.mlir import import_text

from ..linalg_programs import COMPLEX_LOSSES, LOSSES, draw, jax, lower, to_legacy
from .harness import rel_err
from .test_jax_programs import grad_and_run


def test_every_family_with_float_results_has_a_rule():
    from vitir.ast.custom_calls import FAMILIES
    from vitir.autodiff import CUSTOM_CALL_JVP_RULES

    integer_only = {"lu_pivots_to_permutation"}  # a permutation: no tangent, so no rule
    assert set(CUSTOM_CALL_JVP_RULES) == {f.name for f in FAMILIES} - integer_only


def _want(f, inputs):
    value, grads = jax.value_and_grad(f, argnums=tuple(range(len(inputs))))(*inputs)
    return [np.asarray(value)] + [np.asarray(g) for g in grads]


# through PJRT: one program per family (XLA compiles the unrolled QR in seconds); every program
# on the evaluator below
THROUGH_PJRT = ("cholesky", "lu_wide", "qr", "eigh", "singular_values", "triangular_solve")


@pytest.mark.parametrize("name", THROUGH_PJRT)
def test_vitir_grad_through_pjrt_gives_jax_s_value_and_grad(tmp_path, name):
    f, makers = LOSSES[name]
    inputs = draw(makers, seed=sorted(LOSSES).index(name))
    text = lower(f, inputs)
    assert "stablehlo.custom_call @lapack_" in text
    got = grad_and_run(tmp_path, text, inputs)
    want = _want(f, inputs)
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert rel_err(g, w) <= 2e-4, f"{name}: result {i}: relative error {rel_err(g, w):.3g}"


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_the_derivative_on_the_evaluator_in_float64(name):
    f, makers = LOSSES[name]
    with jax.enable_x64(True):
        inputs = draw(makers, seed=sorted(LOSSES).index(name), dtype=np.float64)
        text = lower(f, inputs)
        want = _want(f, inputs)
    got = evaluate(derive(import_text(text, name)), *inputs)
    for i, (g, w) in enumerate(zip(got, want)):
        assert rel_err(g, w) <= 1e-10, f"{name}: result {i}: relative error {rel_err(g, w):.3g}"


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_jaxlib_s_calls_before_the_ffi_are_differentiated_to_jax_s_numbers(name):
    """Each call written as jaxlib wrote it before XLA's FFI (scalar operands, workspace results;
    `to_legacy`); singular values alone (compute_uv = 0) call the FFI's gesdd again for the vectors."""
    f, makers = LOSSES[name]
    with jax.enable_x64(True):
        inputs = draw(makers, seed=sorted(LOSSES).index(name), dtype=np.float64)
        text = to_legacy(lower(f, inputs))
        want = _want(f, inputs)
    assert "_ffi" not in text
    got = evaluate(derive(import_text(text, name)), *inputs)
    for i, (g, w) in enumerate(zip(got, want)):
        assert rel_err(g, w) <= 1e-10, f"{name}: result {i}: relative error {rel_err(g, w):.3g}"


@pytest.mark.parametrize("legacy", [False, True], ids=["ffi", "legacy"])
@pytest.mark.parametrize("name", sorted(COMPLEX_LOSSES))
def test_complex_matrices_are_differentiated_to_jax_s_numbers(name, legacy):
    """lapack_zpotrf, ztrsm, zgetrf, zgeqrf and zungqr, zheevd, zgesdd (and their calls before the
    FFI): a real loss of complex128 matrices, its gradient in JAX's convention (the conjugate)."""
    f, makers = COMPLEX_LOSSES[name]
    with jax.enable_x64(True):
        inputs = draw(makers, seed=sorted(COMPLEX_LOSSES).index(name), dtype=np.complex128)
        text = lower(f, inputs)
        want = _want(f, inputs)
    assert "@lapack_z" in text
    if legacy:
        text = to_legacy(text)
    got = evaluate(derive(import_text(text, name)), *inputs)
    for i, (g, w) in enumerate(zip(got, want)):
        assert rel_err(g, w) <= 1e-10, f"{name}: result {i}: relative error {rel_err(g, w):.3g}"


def test_the_ffi_call_a_legacy_svd_s_derivative_makes_runs_on_xla():
    """The singular values alone (compute_uv = 0) of a legacy lapack_sgesdd: the derivative calls
    lapack_sgesdd_ffi with mode 'S' for the vectors, spelled so that XLA runs it (its layouts and
    attributes as JAX writes them): its factors rebuild the matrix."""
    from vitir.backend import compile_module
    from vitir.print import print_module

    f, makers = LOSSES["singular_values"]
    inputs = draw(makers, seed=1)
    derived = print_module(derive(import_text(to_legacy(lower(f, inputs)), "values")))
    (call,) = [line.strip() for line in derived.splitlines() if "@lapack_sgesdd_ffi" in line]
    names = [name.strip() for name in call.split("=", 1)[0].split(",")]
    module = (f"func.func @main(%arg0: tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>) {{\n"
              f"  {call}\n  return {', '.join(names[1:4])} : tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>\n}}\n")
    assert "@lapack_sgesdd_ffi(%arg0)" in call  # on the program's argument itself
    s, u, vt = compile_module(module, platform="cpu")(inputs[0])
    np.testing.assert_allclose(u @ np.diag(s) @ vt, inputs[0], atol=1e-5)
    np.testing.assert_allclose(s, np.linalg.svd(inputs[0].astype(np.float64), compute_uv=False), rtol=1e-5)


def test_abs_of_complex_values_is_differentiated_as_jax_does_zero_included():
    """|z| of complex z (eigenvector entries, say): JAX's Re(dz conj(z) / |z|), 0 where z = 0."""
    def loss(z, r):
        return jax.numpy.sum(jax.numpy.abs(z) ** 3 * r) + jax.numpy.sum(jax.numpy.abs(jax.numpy.linalg.eigh(z)[1]))

    z = np.array([[1 + 2j, -0.5 + 0.1j], [0j, 3 - 1j]])
    r = np.array([[0.5, -1.0], [2.0, 0.25]])
    with jax.enable_x64(True):
        text = lower(loss, [z, r])
        want = _want(loss, [z, r])
    got = evaluate(derive(import_text(text, "abs")), z, r)
    for i, (g, w) in enumerate(zip(got, want)):
        assert rel_err(g, w) <= 1e-12, f"result {i}: relative error {rel_err(g, w):.3g}"


@pytest.mark.parametrize("name", ["cholesky", "eigh", "svd"])
def test_complex64_gradients_through_pjrt(tmp_path, name):
    f, makers = COMPLEX_LOSSES[name]
    inputs = draw(makers, seed=3, dtype=np.complex64)
    text = lower(f, inputs)
    assert "@lapack_c" in text
    got = grad_and_run(tmp_path, text, inputs)
    for i, (g, w) in enumerate(zip(got, _want(f, inputs))):
        assert rel_err(g, w) <= 2e-4, f"{name}: result {i}: relative error {rel_err(g, w):.3g}"


def test_jvp_of_the_factorizations_is_jax_s(tmp_path):
    """Forward mode too: the tangents of Q and R of a QR, of an LU's packed factors, of eigh's vectors."""
    rng = np.random.default_rng(5)
    a, t = rng.normal(size=(2, 4, 4)).astype(np.float32), rng.normal(size=(2, 4, 4)).astype(np.float32)

    def factorizations(x):
        q, r = jax.numpy.linalg.qr(x)
        lu = jax.lax.linalg.lu(x)[0]
        w, v = jax.numpy.linalg.eigh(x + jax.numpy.swapaxes(x, -1, -2))
        return q, r, lu, w, v * v  # an eigenvector's sign is the routine's; its square is not

    source, derived = tmp_path / "f.mlir", tmp_path / "jvp.mlir"
    source.write_text(lower(factorizations, [a]))
    assert main(["grad", str(source), "--jvp", "-o", str(derived)]) == 0
    got = evaluate(import_text(derived.read_text(), "jvp"), a, t)
    results, tangents = jax.jvp(factorizations, (a,), (t,))
    for g, w in zip(got, list(results) + list(tangents)):
        assert rel_err(g, np.asarray(w)) <= 2e-4


UNKNOWN = """\
func.func @main(%arg0: tensor<3xf32>) -> tensor<f32> {
  %0 = call @kernel(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
func.func private @kernel(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.sine %arg0 : tensor<3xf32>
  %1 = stablehlo.custom_call @my_kernel(%0) {mhlo.backend_config = {}} : (tensor<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
"""


def test_an_unknown_target_is_refused_by_name_at_its_line_in_an_inlined_callee(tmp_path, capsys):
    source = tmp_path / "f.mlir"
    source.write_text(UNKNOWN)
    assert main(["grad", str(source)]) == 1
    err = capsys.readouterr().err
    assert f"{source}:9: error: stablehlo.custom_call" in err
    assert "@my_kernel: a target vitir does not know" in err and "is not differentiable" in err


def test_full_svd_factors_of_a_rectangular_matrix_are_differentiated_where_jax_refuses():
    """U of a 4x3 matrix, full: its last column is the unit vector orthogonal to the others, unique up
    to the sign LAPACK chose, so its derivative is defined; JAX refuses full factors. Central
    differences of XLA's own SVD in float64 are the oracle."""
    rng = np.random.default_rng(2)
    a, weights = rng.normal(size=(4, 3)), rng.normal(size=(4, 4))

    def loss(x):
        return jax.numpy.sum(weights * jax.numpy.linalg.svd(x)[0])

    with jax.enable_x64(True):
        with pytest.raises(NotImplementedError):
            jax.grad(loss)(a)
        text = lower(loss, [a])
        f = jax.jit(loss)
        step, numeric = 1e-6, np.zeros_like(a)
        for index in np.ndindex(*a.shape):
            e = np.zeros_like(a)
            e[index] = step
            numeric[index] = (f(a + e) - f(a - e)) / (2 * step)
    got = evaluate(derive(import_text(text, "f")), a)
    assert rel_err(got[1], numeric) <= 1e-7


def test_eigenvalues_alone_are_differentiated_by_calling_syevd_again_for_the_vectors():
    """mode 'N' (JAX itself always asks for the vectors): the derivative calls the routine with 'V'."""
    rng = np.random.default_rng(6)
    a = rng.normal(size=(4, 4))
    a = a + a.T
    with jax.enable_x64(True):
        text = lower(lambda x: jax.numpy.sum(jax.numpy.linalg.eigh(x)[0] ** 2), [a])
        want = _want(lambda x: jax.numpy.sum(jax.numpy.linalg.eigh(x)[0] ** 2), [a])
    assert "mode = 86 : ui8" in text
    got = evaluate(derive(import_text(text.replace("mode = 86 : ui8", "mode = 78 : ui8"), "f")), a)
    for g, w in zip(got, want):
        assert rel_err(g, w) <= 1e-10
