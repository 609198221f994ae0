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
from vitir.ast.custom_calls import BY_TARGET, FAMILIES, char, config
from vitir.ast.element_types import DType
from vitir.backend import compile_module
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text

from .linalg_programs import FACTORIZATIONS, draw, jax, lower


def rel_err(a, b) -> float:
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, (a.shape, a.dtype, b.shape, b.dtype)
    scale = max(float(np.max(np.abs(b), initial=0.0)), 1e-30)
    return float(np.max(np.abs(a.astype(np.complex128) - b), initial=0.0)) / scale


def test_each_target_belongs_to_one_family_and_each_family_names_its_evaluator():
    targets = [t for f in FAMILIES for t in f.targets]
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
