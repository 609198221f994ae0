"""Adjoint test on vitir's own evaluation: for a random direction v over the
differentiated arguments and a random output cotangent dO,

    <backward(dO), v>  ==  (<forward(x + h v), dO> - <forward(x - h v), dO>) / (2 h).

Both sides come from the same vitir function (its first result is the forward).
In float32 the difference quotient would be lost to rounding (error about
1e-7 / h), so the function's text is promoted to float64 (every op and
constant as vitir built it, only the element type changed). With h = 1e-6
the quotient's truncation error, O(h^2), and its rounding, about 1e-16 / h,
both stay near 1e-10 relative for these cases (at h = 1e-5 the whole ViT's
truncation already reaches 3e-8), so the float64 backward must agree to 1e-8.
The float32 backward (the one the train steps use) must agree with the same
quotient to 1e-5.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.gradcheck.cases import CASES
from tests.gradcheck.harness import as_float64, run

H = 1e-6


def _dot(results, direction) -> float:
    return float(sum(np.vdot(g.astype(np.float64), v) for g, v in zip(results, direction)))


@pytest.mark.parametrize("name", ["layernorm", "attention", "adaln_zero_block", "vit"])
def test_backward_is_the_adjoint_of_the_forward(name):
    case = CASES[name]
    inputs = case.inputs(seed=1)
    rng = np.random.default_rng(2)
    direction = [rng.standard_normal(inputs[arg].shape) for arg in case.wrt]
    text = case.text(f"{name}_grad")  # the same text test_layers compiles
    text64 = as_float64(text)
    dy = inputs["dy"].astype(np.float64)

    def probe(sign: float) -> float:
        moved = {k: v.astype(np.float64) for k, v in inputs.items()}
        for arg, v in zip(case.wrt, direction):
            moved[arg] = moved[arg] + sign * H * v
        return float(np.vdot(run(text64, list(moved.values()))[0], dy))

    quotient = (probe(1.0) - probe(-1.0)) / (2 * H)
    back64 = _dot(run(text64, [v.astype(np.float64) for v in inputs.values()])[1:], direction)
    back32 = _dot(run(text, list(inputs.values()))[1:], direction)
    assert abs(back64 - quotient) <= 1e-8 * abs(quotient), (back64, quotient)
    assert abs(back32 - quotient) <= 1e-5 * abs(quotient), (back32, quotient)
