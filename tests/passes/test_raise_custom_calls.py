"""raise-custom-calls on JAX's CPU linear algebra: the rewritten program holds no custom call, and
XLA running it gives XLA's numbers on the original (float32, to 1e-5 of each result's largest
magnitude; the LAPACK routines and the unrolled ops round differently). The families without a
portable form are refused by name."""

from __future__ import annotations

import numpy as np
import pytest

from vitir import passes
from vitir.ast.custom_calls import FAMILIES
from vitir.backend import compile_module
from vitir.errors import RewriteError
from vitir.mlir import import_text
from vitir.passes.custom_calls import EXPANSIONS
from vitir.print import print_module

from ..linalg_programs import COMPLEX_FACTORIZATIONS, FACTORIZATIONS, NO_PORTABLE_FORM, draw, lower, to_legacy

PORTABLE = sorted(set(FACTORIZATIONS) - set(NO_PORTABLE_FORM))


def test_every_family_with_a_portable_form_has_its_expansion():
    assert set(EXPANSIONS) == {f.name for f in FAMILIES if f.portable is not None}


def _raise(text: str, name: str) -> str:
    return print_module(passes.run(import_text(text, name), ["raise-custom-calls"]))


@pytest.mark.parametrize("name", PORTABLE)
def test_raised_programs_give_xla_s_numbers_on_the_original(name):
    f, makers = FACTORIZATIONS[name]
    inputs = draw(makers, seed=11 + PORTABLE.index(name))
    text = lower(f, inputs)
    raised = _raise(text, name)
    assert "custom_call" in text and "custom_call" not in raised
    want = compile_module(text, platform="cpu")(*inputs)
    got = compile_module(raised, platform="cpu")(*inputs)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        if np.issubdtype(w.dtype, np.integer):  # pivots, permutations: the same rows chosen
            np.testing.assert_array_equal(g, w)
        else:
            assert np.max(np.abs(g - w)) <= 1e-5 * np.max(np.abs(w)), name


@pytest.mark.parametrize("name", PORTABLE)
def test_jaxlib_s_calls_before_the_ffi_are_raised_to_xla_s_numbers_on_the_ffi_program(name):
    """The calls as jaxlib wrote them before XLA's FFI (`to_legacy`), which this XLA no longer
    registers: raised, they give its numbers on the FFI program."""
    f, makers = FACTORIZATIONS[name]
    inputs = draw(makers, seed=11 + PORTABLE.index(name))
    text = lower(f, inputs)
    raised = _raise(to_legacy(text), name)
    assert "custom_call" not in raised
    want = compile_module(text, platform="cpu")(*inputs)
    got = compile_module(raised, platform="cpu")(*inputs)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        if np.issubdtype(w.dtype, np.integer):
            np.testing.assert_array_equal(g, w)
        else:
            assert np.max(np.abs(g - w)) <= 1e-5 * np.max(np.abs(w)), name


@pytest.mark.parametrize("name", sorted(COMPLEX_FACTORIZATIONS))
def test_complex_matrices_are_raised_to_xla_s_numbers(name):
    """lapack_cpotrf, ctrsm, cgetrf (LAPACK's pivot by |Re| + |Im|), cgeqrf (zlarfg's reflectors,
    the last row's too) and cungqr."""
    f, makers = COMPLEX_FACTORIZATIONS[name]
    inputs = draw(makers, seed=5, dtype=np.complex64)
    text = lower(f, inputs)
    assert "@lapack_c" in text
    raised = _raise(text, name)
    assert "custom_call" not in raised
    want = compile_module(text, platform="cpu")(*inputs)
    got = compile_module(raised, platform="cpu")(*inputs)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        if np.issubdtype(w.dtype, np.integer):
            np.testing.assert_array_equal(g, w)
        else:
            assert np.max(np.abs(g - w)) <= 1e-5 * np.max(np.abs(w)), name


POTRF = """func.func @main(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>) {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4x4xf32>, tensor<i32>
}
"""


@pytest.mark.parametrize("diagonal, info", [((4.0, 1.0, 2.0, 3.0), 0), ((4.0, -1.0, 2.0, 3.0), 2),
                                            ((0.0, 1.0, 2.0, 3.0), 1)])
def test_potrf_s_info_and_other_triangle_are_lapack_s(diagonal, info):
    a = np.diag(diagonal).astype(np.float32)
    a[0, 3] = 7.0  # in the triangle potrf does not read: it stays
    want = compile_module(POTRF, platform="cpu")(a)
    got = compile_module(_raise(POTRF, "f"), platform="cpu")(a)
    assert int(want[1]) == int(got[1]) == info
    assert got[0][0, 3] == want[0][0, 3] == 7.0
    if info == 0:
        np.testing.assert_allclose(got[0], want[0], rtol=1e-6)


def test_singular_lu_sets_info_and_keeps_the_column_unscaled():
    import jax

    singular = np.array([[0.0, 1.0, 2.0], [0.0, 3.0, 4.0], [0.0, 5.0, 7.0]], np.float32)
    f = jax.lax.linalg.lu
    text = lower(f, [singular])
    for g, w in zip(compile_module(_raise(text, "f"), platform="cpu")(singular),
                    compile_module(text, platform="cpu")(singular)):
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("name", sorted(NO_PORTABLE_FORM))
def test_families_without_a_portable_form_are_refused_by_name(name):
    f, makers = FACTORIZATIONS[name]
    text = lower(f, draw(makers, seed=1))
    with pytest.raises(RewriteError, match=f"@{NO_PORTABLE_FORM[name]} .*has no portable form"):
        _raise(text, name)


def test_unknown_targets_stay():
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.custom_call @my_kernel(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
"""
    assert "stablehlo.custom_call @my_kernel" in _raise(text, "f")


def test_vitir_opt_refuses_by_name_at_the_line(tmp_path, capsys):
    from vitir.cli import main

    source = tmp_path / "eigh.mlir"
    text = lower(*((lambda f, makers: (f, draw(makers, seed=2)))(*FACTORIZATIONS["eigh"])))
    source.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "lapack_ssyevd_ffi" in row)
    assert main(["opt", str(source), "-p", "raise-custom-calls"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{source}:{line}: error: raise-custom-calls: stablehlo.custom_call @lapack_ssyevd_ffi")
