"""JAX's programs lowered for CUDA (cuSOLVER's potrf, getrf and lu_pivots_to_permutation, geqrf and
orgqr, syevd, the Jacobi SVD), exported without a GPU: vitir evaluates them, differentiates them and
raises them to portable ops, all to the numbers JAX computes on CPU (float64; cuSOLVER and LAPACK
compute the same factorizations, and the evaluator runs each target by its LAPACK routine)."""

from __future__ import annotations

import numpy as np
import pytest

from vitir import passes
from vitir.backend import compile_module
from vitir.cli.grad import derive
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.print import print_module

from ..linalg_programs import LOSSES, draw, jax, lower_for_gpu
from .harness import rel_err

GPU_PROGRAMS = ("cholesky", "lu", "solve_and_slogdet", "qr", "eigh", "svd", "svd_wide", "singular_values")
PORTABLE = ("cholesky", "lu", "solve_and_slogdet", "qr")  # no syevd, no SVD


def _case(name):
    f, makers = LOSSES[name]
    with jax.enable_x64(True):
        inputs = draw(makers, seed=GPU_PROGRAMS.index(name), dtype=np.float64)
        text = lower_for_gpu(f, inputs)
        value, grads = jax.value_and_grad(f, argnums=tuple(range(len(inputs))))(*inputs)
    return text, inputs, [np.asarray(value)] + [np.asarray(g) for g in grads]


@pytest.mark.parametrize("name", GPU_PROGRAMS)
def test_cusolver_programs_evaluate_and_differentiate_to_jax_s_numbers(name):
    text, inputs, want = _case(name)
    assert "solver_" in text  # cuSOLVER's targets
    module = import_text(text, name)
    assert rel_err(evaluate(module, *inputs)[0], want[0]) <= 1e-12
    got = evaluate(derive(module), *inputs)
    for i, (g, w) in enumerate(zip(got, want)):
        assert rel_err(g, w) <= 1e-10, f"{name}: result {i}: relative error {rel_err(g, w):.3g}"


@pytest.mark.parametrize("name", PORTABLE)
def test_raised_cusolver_programs_run_on_xla_s_cpu(name):
    text, inputs, want = _case(name)
    raised = print_module(passes.run(import_text(text, name), ["raise-custom-calls"]))
    assert "custom_call" not in raised
    assert rel_err(compile_module(raised, platform="cpu")(*inputs)[0], want[0]) <= 1e-12


def test_lu_s_pivots_and_permutation_from_cusolver_s_targets():
    a = np.random.default_rng(4).normal(size=(2, 5, 4)).astype(np.float32)
    text = lower_for_gpu(jax.lax.linalg.lu, [a])
    assert "cu_lu_pivots_to_permutation" in text
    want = [np.asarray(x) for x in jax.jit(jax.lax.linalg.lu)(a)]  # on CPU: LAPACK and a loop for the permutation
    module = import_text(text, "lu")
    raised = print_module(passes.run(module, ["raise-custom-calls"]))
    for got in (evaluate(module, a), compile_module(raised, platform="cpu")(a)):
        assert rel_err(got[0], want[0]) <= 1e-5
        np.testing.assert_array_equal(got[1], want[1])
        np.testing.assert_array_equal(got[2], want[2])
