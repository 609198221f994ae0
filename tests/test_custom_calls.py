"""The table of known custom calls (vitir/ast/custom_calls.py) and the evaluator on them: JAX's
programs lowered for CPU at test time, evaluated by vitir and run by XLA on the original text.
The evaluator calls the LAPACK routines jaxlib's kernels call (scipy's), so the two agree to
rounding (measured equal bit for bit on this machine; asserted to 1e-6 relative)."""

from __future__ import annotations

from importlib import import_module

import numpy as np
import pytest

from vitir.ast import FunctionBuilder, TensorType
from vitir.ast import ops as O
from vitir.ast.custom_calls import BY_TARGET, FAMILIES, LEGACY, char, config
from vitir.ast.element_types import DType
from vitir.backend import compile_module
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text

from .linalg_programs import FACTORIZATIONS, draw, jax, lower, to_legacy


def rel_err(a, b) -> float:
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, (a.shape, a.dtype, b.shape, b.dtype)
    scale = max(float(np.max(np.abs(b), initial=0.0)), 1e-30)
    return float(np.max(np.abs(a.astype(np.complex128) - b), initial=0.0)) / scale


def test_each_target_belongs_to_one_family_and_each_family_names_its_evaluator():
    targets = [t for f in FAMILIES for t in f.targets] + [t for c in LEGACY for t in c.targets]
    assert len(targets) == len(set(targets)) == len(BY_TARGET)
    for f in FAMILIES:
        module_name, _, function = f.evaluate.partition(":")
        assert callable(getattr(import_module(module_name), function)), f.name
        assert (f.portable is None) != (f.no_portable_form is None), f.name


@pytest.mark.parametrize("name", sorted(FACTORIZATIONS))
def test_the_evaluator_gives_xla_s_numbers(name):
    f, makers = FACTORIZATIONS[name]
    inputs = draw(makers, seed=sorted(FACTORIZATIONS).index(name))
    text = lower(f, inputs)
    assert "stablehlo.custom_call @lapack_" in text  # the program reaches LAPACK on this CPU
    want = jax.tree.leaves(jax.jit(f)(*inputs))
    xla = compile_module(text, platform="cpu")(*inputs)
    got = evaluate(import_text(text, name), *inputs)
    assert len(got) == len(want) == len(xla)
    for g, x, w in zip(got, xla, want):
        assert rel_err(x, np.asarray(w)) == 0.0  # XLA on the text is jax.jit
        assert rel_err(np.asarray(g), x) <= 1e-6


def test_float64_and_complex_matrices_take_their_routines():
    rng = np.random.default_rng(3)
    a = rng.normal(size=(4, 4)) + 1j * rng.normal(size=(4, 4))
    with jax.enable_x64(True):
        for f, x in ((jax.numpy.linalg.qr, a.astype(np.complex64)), (jax.numpy.linalg.eigh, a @ a.conj().T),
                     (lambda m: jax.numpy.linalg.svd(m, full_matrices=False), a.real.copy())):
            text = lower(f, [x])
            got = evaluate(import_text(text, "f"), x)
            for g, w in zip(got, compile_module(text, platform="cpu")(x)):
                assert rel_err(np.asarray(g), w) <= 1e-12 if w.dtype.itemsize >= 8 else 1e-6


def test_attributes_read_as_lapack_characters_and_cusolver_bools():
    x = FunctionBuilder("main").arg("x", TensorType((3, 3), DType.F32))
    info = TensorType((), DType.I32)

    def call(target, backend_config):
        return O.CustomCall(["f", "i"], (x,), target, (x.type, info),
                            discardable=(("mhlo.backend_config", backend_config),))

    gpu = call("cusolver_potrf_ffi", "{lower = false}")
    assert config(gpu) == {"lower": False} and char(gpu, "uplo", "L") == "U"
    cpu = call("lapack_spotrf_ffi", "{uplo = 85 : ui8}")
    assert config(cpu) == {"uplo": 85} and char(cpu, "uplo", "L") == "U"
    assert BY_TARGET["hipsolver_potrf_ffi"].name == "potrf"


def test_an_unknown_target_is_refused_by_the_evaluator_by_name():
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.custom_call @my_kernel(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
"""
    with pytest.raises(EvaluationError, match="@my_kernel"):
        evaluate(import_text(text, "f"), np.ones(3, np.float32))


@pytest.mark.parametrize("name", sorted(FACTORIZATIONS))
def test_jaxlib_s_calls_before_the_ffi_evaluate_to_xla_s_numbers_on_the_ffi_program(name):
    """The same program with each call as jaxlib wrote it before XLA's FFI (`lapack_dpotrf(%lower,
    %batch, %n, %a)`, `blas_dtrsm`, workspace results); this XLA no longer registers those targets, so
    its numbers on the FFI program are the oracle."""
    f, makers = FACTORIZATIONS[name]
    with jax.enable_x64(True):
        inputs = draw(makers, seed=sorted(FACTORIZATIONS).index(name), dtype=np.float64)
        text = lower(f, inputs)
    legacy = to_legacy(text)
    assert "_ffi" not in legacy and ("@lapack_" in legacy or "@blas_" in legacy)
    xla = compile_module(text, platform="cpu")(*inputs)
    got = evaluate(import_text(legacy, name), *inputs)
    assert len(got) == len(xla)
    for g, x in zip(got, xla):
        assert rel_err(np.asarray(g), x) <= 1e-12


TRSM = """func.func @main(%a: tensor<3x3xf64>, %b: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %left = stablehlo.constant dense<1> : tensor<i32>
  %lower = stablehlo.constant dense<1> : tensor<i32>
  %transpose = stablehlo.constant dense<2> : tensor<i32>
  %diag = stablehlo.constant dense<0> : tensor<i32>
  %m = stablehlo.constant dense<3> : tensor<i32>
  %n = stablehlo.constant dense<2> : tensor<i32>
  %batch = stablehlo.constant dense<1> : tensor<i32>
  %alpha = stablehlo.constant dense<2.5> : tensor<f64>
  %0 = stablehlo.custom_call @blas_dtrsm(%left, %lower, %transpose, %diag, %m, %n, %batch, %alpha, %a, %b) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 9, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f64>, tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
"""


def test_legacy_trsm_reads_its_flags_and_alpha_from_its_scalar_operands():
    """left side, lower, conjugate-transposed (2), alpha 2.5: x = 2.5 (L^H)^-1 b, L the lower triangle."""
    rng = np.random.default_rng(4)
    a, b = rng.normal(size=(3, 3)) + 3 * np.eye(3), rng.normal(size=(3, 2))
    (got,) = evaluate(import_text(TRSM, "trsm"), a, b)
    np.testing.assert_allclose(got, np.linalg.solve(np.tril(a).T, 2.5 * b), rtol=1e-12)


def test_a_legacy_flag_that_is_not_a_constant_is_refused_by_name():
    from vitir.errors import ShapeError

    text = TRSM.replace("func.func @main(%a", "func.func @main(%lower_flag: tensor<i32>, %a").replace(
        "@blas_dtrsm(%left, %lower,", "@blas_dtrsm(%left, %lower_flag,")
    with pytest.raises((ShapeError, EvaluationError), match=r"@blas_dtrsm: its operand %lower_flag \(lower\) must be "
                                                            "an i32 constant"):
        evaluate(import_text(text, "trsm"), np.int32(1), np.eye(3), np.ones((3, 2)))
