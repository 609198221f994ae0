"""The 2-D denoiser's hand-derived gradients against jax.vjp of an independent
jax.numpy network, its Adam step against a numpy Adam, and a short training run.

Relative error of a tensor against its reference: max|a - b| / max|b|.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from vitir.backend import compile_module
from vitir.diffusion import cosine_schedule, flow_step_inputs, sample_target, step_inputs
from vitir.diffusion.denoiser2d import ADAM_BETAS, denoiser_features, init_denoiser_params, parameter_count
from vitir.diffusion.samplers import TMAX
from vitir.diffusion.step_inputs import FLOW_MINIBATCH_OT
from vitir.diffusion.train2d import train_denoiser
from vitir.lower.denoiser2d import PARAM_SPECS, forward_module, gradient_module, train_step_module
from vitir.print import print_module

BATCH = 64
TOL32 = 1e-5
TOL64 = 1e-12


def rel_err(a, b) -> float:
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    assert a.shape == b.shape, (a.shape, b.shape)
    return float(np.max(np.abs(a - b)) / np.max(np.abs(b)))


def reference_forward(params, x):
    w1, b1, w2, b2, w3, b3 = params
    h1 = jnp.maximum(x @ w1 + b1, 0.0)
    h2 = jnp.maximum(h1 @ w2 + b2, 0.0)
    return h2 @ w3 + b3


def reference_loss(params, x, target):
    return jnp.mean(jnp.square(reference_forward(params, x) - target))


def _batch(seed: int = 0):
    """A DDPM training batch: features of x_t at random steps and the eps target."""
    x0 = sample_target("eight_gaussians", BATCH, seed)
    x_t, eps, t = step_inputs(x0, cosine_schedule(1000), seed)
    return denoiser_features(x_t, t), eps


def _reference_gradients(params, x, target):
    loss, vjp = jax.vjp(lambda p: reference_loss(p, x, target), list(params))
    (grads,) = vjp(jnp.ones_like(loss))
    return float(loss), [np.asarray(g) for g in grads]


def test_parameter_count_is_the_reference_s():
    assert parameter_count() == 18_178


def test_forward_module_matches_the_reference_network():
    params = init_denoiser_params(1)
    x, _ = _batch()
    (y,) = compile_module(print_module(forward_module(BATCH)))(x, *params)
    assert rel_err(y, reference_forward(params, x)) <= TOL32


def test_hand_gradients_match_jax_vjp_in_float32():
    params = init_denoiser_params(2)
    x, target = _batch(3)
    loss, *grads = compile_module(print_module(gradient_module(BATCH)))(x, *params, target)
    ref_loss, ref_grads = _reference_gradients(params, x, target)
    assert rel_err(loss, ref_loss) <= TOL32
    for (name, _), g, ref in zip(PARAM_SPECS, grads, ref_grads):
        assert rel_err(g, ref) <= TOL32, name


def test_hand_gradients_match_jax_vjp_in_float64():
    """The same text with f64 element types: any difference is in the formulas."""
    text = print_module(gradient_module(BATCH)).replace("f32>", "f64>")
    params = [p.astype(np.float64) for p in init_denoiser_params(4)]
    x, target = (a.astype(np.float64) for a in _batch(5))
    _, *grads = compile_module(text)(x, *params, target)
    with jax.enable_x64(True):
        _, ref_grads = _reference_gradients(params, x, target)
    for (name, _), g, ref in zip(PARAM_SPECS, grads, ref_grads):
        assert rel_err(g, ref) <= TOL64, name


def test_train_step_is_bias_corrected_adam_on_the_hand_gradients():
    params = init_denoiser_params(6)
    x, target = _batch(7)
    rng = np.random.default_rng(8)
    ms = [0.01 * rng.standard_normal(p.shape).astype(np.float32) for p in params]
    vs = [0.01 * rng.random(p.shape).astype(np.float32) for p in params]
    lr, step = 1e-3, 3
    b1, b2 = ADAM_BETAS
    bc1, bc2 = 1 - b1 ** step, 1 - b2 ** step
    outs = compile_module(print_module(train_step_module(BATCH)))(
        x, *params, *ms, *vs, np.float32(lr), np.float32(bc1), np.float32(bc2), target)
    k = len(params)
    ref_loss, grads = _reference_gradients(params, x, target)
    assert rel_err(outs[-1], ref_loss) <= TOL32
    for i, (theta, g, m, v) in enumerate(zip(params, grads, ms, vs)):
        m2 = b1 * m + (1 - b1) * g
        v2 = b2 * v + (1 - b2) * g * g
        theta2 = theta - lr * (m2 / bc1) / (np.sqrt(v2 / bc2) + 1e-8)
        assert rel_err(outs[k + i], m2) <= TOL32
        assert rel_err(outs[2 * k + i], v2) <= TOL32
        assert rel_err(outs[i] - theta, theta2 - theta) <= 1e-4, PARAM_SPECS[i][0]


# The flow target v = eps - x0 keeps most of its variance given x_t, so its loss falls less.
@pytest.mark.parametrize("objective, most", [("eps", 0.7), ("flow", 0.85)])
def test_short_training_lowers_the_loss(objective, most):
    pool = sample_target("eight_gaussians", 4096, 0)
    result = train_denoiser(pool, 300, objective=objective, batch=128, seed=0, loss_every=1)
    losses = np.array([loss for _, loss in result.losses])
    first, last = losses[:30].mean(), losses[-30:].mean()
    assert last < most * first, (first, last)


def test_training_feeds_each_step_the_inputs_of_its_seed():
    # The first loss is the reference loss of the first batch drawn by the
    # documented recipe (rows from the seed's generator, step seed (seed << 32) + 1),
    # and a rerun is identical.
    pool = sample_target("two_moons", 1024, 0)
    seed = 5
    result = train_denoiser(pool, 4, objective="flow-ot", batch=BATCH, seed=seed, loss_every=1)
    rng = np.random.default_rng(seed)
    x0 = pool[rng.integers(0, len(pool), BATCH)]
    x_t, target, t = flow_step_inputs(x0, None, (seed << 32) + 1, TMAX, FLOW_MINIBATCH_OT)
    loss, _ = _reference_gradients(init_denoiser_params(seed), denoiser_features(x_t, t), target)
    assert [s for s, _ in result.losses] == [1, 2, 3, 4]
    assert rel_err(result.losses[0][1], loss) <= TOL32
    again = train_denoiser(pool, 4, objective="flow-ot", batch=BATCH, seed=seed, loss_every=1)
    assert again.losses == result.losses
