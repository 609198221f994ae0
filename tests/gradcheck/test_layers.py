"""vitir's hand-derived backward of every layer, and of the whole ViT, against
jax.vjp of the independent JAX forward in tests/gradcheck/jax_reference.py.

Each case builds one vitir function (forward then backward), prints it, runs
it through PJRT in float32, and compares the forward output and every
gradient with the reference at the same inputs and cotangent, also float32.

Criterion: relative error <= 1e-5 for every tensor, where the relative error
of a tensor `a` against the reference `b` is max|a - b| / max|b|.

One exception: the attention key bias bk. Softmax ignores a shift of a whole
row of scores and bk shifts each query's row by q . bk, so its true gradient is
exactly zero and both sides hold only rounding noise; a relative error of noise
means nothing. It is checked instead to be zero at float32 rounding: below
1e-5 of the query bias gradient of the same attention.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.gradcheck import jax_reference as ref
from tests.gradcheck.cases import CASES, CFG, Case
from tests.gradcheck.harness import rel_err
from vitir.lower.vit import param_specs

TOL = 1e-5


def gradient_errors(name: str, case: Case, seed: int = 0) -> dict[str, float]:
    """Relative error of the forward output and of each gradient; asserts the zero bk gradients."""
    inputs = case.inputs(seed)
    results = case.vitir_results(f"{name}_grad", inputs)
    out, grads = case.reference_vjp(inputs)
    assert len(results) == 1 + len(case.wrt)
    errors = {"out": rel_err(results[0], out)}
    by_name = dict(zip(case.wrt, zip(results[1:], grads)))
    for arg, (mine, theirs) in by_name.items():
        if arg.split("_")[0] == "bk":
            bq_scale = np.max(np.abs(by_name[arg.replace("bk", "bq")][1]))
            for side in (mine, theirs):
                assert np.max(np.abs(side)) <= TOL * bq_scale, (arg, np.max(np.abs(side)), bq_scale)
            continue
        errors["d" + arg] = rel_err(mine, theirs)
    return errors


@pytest.mark.parametrize("name", list(CASES))
def test_layer_gradients_match_jax(name):
    errors = gradient_errors(name, CASES[name])
    worst = {k: f"{v:.1e}" for k, v in errors.items() if v > TOL}
    assert not worst, f"{name}: relative error above {TOL}: {worst}"


def test_reference_parameter_layout_is_vitirs():
    # The whole-ViT and train-step comparisons pair parameters by position.
    assert ref.param_shapes(CFG) == param_specs(CFG)
