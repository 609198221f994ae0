"""vitir's hand-derived backward of every convolutional layer against jax.vjp of
the independent JAX layers (tests/gradcheck/cnn_reference.py), float32 through
PJRT, relative error <= 1e-5 (as tests/gradcheck/test_layers.py); and what a
relative error cannot show: the max pool's two tie rules on exact ties, the
running statistics and the evaluation-mode BatchNorm."""

from __future__ import annotations

import jax
import numpy as np
import pytest

from tests.gradcheck import cnn_reference as ref
from tests.gradcheck.cnn_cases import CNN_CASES
from tests.gradcheck.harness import function_text, rel_err, run
from tests.gradcheck.test_layers import TOL, gradient_errors
from vitir.ast import FunctionBuilder, f32, module
from vitir.errors import ConfigError
from vitir.lower.layers.batchnorm import (batchnorm_eval_forward, batchnorm_train_forward, first_step_momentum,
                                          running_update)
from vitir.lower.layers.conv import conv_forward
from vitir.lower.layers.maxpool import maxpool_backward, maxpool_forward


@pytest.mark.parametrize("name", list(CNN_CASES))
def test_cnn_layer_gradients_match_jax(name):
    errors = gradient_errors(name, CNN_CASES[name])
    worst = {k: f"{v:.1e}" for k, v in errors.items() if v > TOL}
    assert not worst, f"{name}: relative error above {TOL}: {worst}"


def _pool_text(rule: str) -> str:
    def body(fb, v):
        saved = maxpool_forward(fb, "p", v["x"])
        return saved.y, maxpool_backward(fb, "p", saved, v["dy"], rule)
    return function_text("pool", [("x", (1, 1, 4, 4)), ("dy", (1, 1, 2, 2))], body)


# windows with ties: [[1, 1], [0, 1]] (three maxima), all 2s (four), one plain maximum, two of -1
TIED = np.array([[[[1, 1, 2, 2], [0, 1, 2, 2], [0, 3, -1, -5], [0, 0, -1, -2]]]], np.float32)
DY = np.array([[[[1.0, 2.0], [3.0, 4.0]]]], np.float32)


def test_maxpool_reference_rule_gives_every_tied_maximum_the_cotangent():
    y, dx = run(_pool_text("reference"), [TIED, DY])
    np.testing.assert_array_equal(y, [[[[1, 2], [3, -1]]]])
    want = np.array([[[[1, 1, 2, 2], [0, 1, 2, 2], [0, 3, 4, 0], [0, 0, 4, 0]]]], np.float32)
    np.testing.assert_array_equal(dx, want)


def test_maxpool_select_and_scatter_is_jaxs_vjp_on_ties():
    _, dx = run(_pool_text("select_and_scatter"), [TIED, DY])
    _, pullback = jax.vjp(ref.maxpool_lax, TIED)
    np.testing.assert_array_equal(dx, np.asarray(pullback(DY)[0]))
    # the first maximum in row-major order takes the whole cotangent
    np.testing.assert_array_equal(dx, [[[[1, 0, 2, 0], [0, 0, 0, 0], [0, 3, 4, 0], [0, 0, 0, 0]]]])


def test_batchnorm_running_statistics_and_evaluation():
    """Two steps of the running update (momentum 1 on the first, 0.1 after) against the batch
    statistics JAX computes, then the evaluation-mode forward with them."""
    shape, c = (3, 4, 5, 2), 4

    def body(fb, v):
        steps = v["steps"]
        saved = batchnorm_train_forward(fb, "n", v["x"], v["g"], v["b"])
        m = first_step_momentum(fb, "k", steps)
        mean = running_update(fb, "um", v["rm"], saved.mean, m)
        var = running_update(fb, "uv", v["rv"], saved.var, m)
        return mean, var, batchnorm_eval_forward(fb, "e", v["x"], v["g"], v["b"], mean, var)

    fb = FunctionBuilder("bn_stats")
    args = {"x": f32(*shape), "g": f32(c), "b": f32(c), "rm": f32(c), "rv": f32(c), "steps": f32()}
    values = {k: fb.arg(k, t) for k, t in args.items()}
    fb.zero = fb.constant("sc", "0.0")
    from vitir.backend import compile_module
    from vitir.print import print_module
    exe = compile_module(print_module(module(fb.ret(*body(fb, values)))))
    rng = np.random.default_rng(4)
    x = (2.0 + 3.0 * rng.standard_normal(shape)).astype(np.float32)
    g, b = (1 + 0.1 * rng.standard_normal(c)).astype(np.float32), (0.1 * rng.standard_normal(c)).astype(np.float32)
    rm, rv = rng.standard_normal(c).astype(np.float32), rng.uniform(0.5, 2, c).astype(np.float32)
    _, bmean, bvar = ref.batchnorm(x, g, b)
    for steps, mom in ((0.0, 1.0), (5.0, 0.1)):
        mean, var, y = exe(x, g, b, rm, rv, np.float32(steps))
        want_mean = (np.float32(1 - mom) * rm + np.float32(mom) * np.asarray(bmean))
        want_var = (np.float32(1 - mom) * rv + np.float32(mom) * np.asarray(bvar))
        assert rel_err(mean, want_mean) <= 1e-6 and rel_err(var, want_var) <= 1e-6
        assert rel_err(y, ref.batchnorm_eval(x, g, b, want_mean, want_var)) <= 1e-6


def test_convolution_padding_must_be_smaller_than_the_kernel():
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", f32(1, 2, 5, 5)), fb.arg("w", f32(3, 2, 3, 3))
    with pytest.raises(ConfigError, match=r"convolution cc: padding \[\(3, 0\), \(1, 1\)\] must be in \[0, kernel\) "
                                          r"for kernel 3x3"):
        conv_forward(fb, "c", x, w, padding=((3, 0), (1, 1)))
