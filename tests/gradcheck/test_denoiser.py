"""The image denoisers' hand-derived gradients (pixel head, the trunk with each
time conditioning, the plain and the weighted MSE) against jax.value_and_grad
of independent jax.numpy denoisers, and the forward and step modules' wiring."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from tests.gradcheck import jax_reference as ref
from tests.gradcheck.harness import rel_err
from vitir.ast import FunctionBuilder, TensorType, module
from vitir.backend import compile_module
from vitir.lower.denoiser import (DenoiserConfig, denoiser_backward, denoiser_forward, denoiser_fwd_module,
                                  denoiser_step_module, param_specs)
from vitir.lower.loss import mse, weighted_mse
from vitir.lower.lowering import lowered
from vitir.print import print_module

C, T = 2, 6  # image channels, time features


def small(conditioning: str, weighted: bool = False) -> DenoiserConfig:
    return DenoiserConfig(batch=2, image_channels=C, image=(8, 12), patch=4, width=8, depth=2, heads=2, mlp=16,
                          conditioning=conditioning, time_features=T, weighted=weighted)


def jax_forward(cfg: DenoiserConfig, x, tfeat, p):
    if cfg.conditioning == "channels":
        return ref.channel_denoiser(x, p, cfg.depth, cfg.heads, cfg.patch, C)
    return ref.dit(x, tfeat, p, cfg.depth, cfg.heads, cfg.patch, cfg.conditioning == "adaln-zero")


def vitir_loss_and_grads(cfg: DenoiserConfig, lowering: str):
    fb = FunctionBuilder("denoiser_grad")
    h, w = cfg.image
    x = fb.arg("x", TensorType((cfg.batch, cfg.input_channels, h, w)))
    tfeat = None if cfg.conditioning == "channels" else fb.arg("tfeat", TensorType((cfg.batch, T)))
    params = [fb.arg(name, TensorType(dims)) for name, dims in param_specs(cfg)]
    target = fb.arg("target", TensorType((cfg.batch, C, h, w)))
    weight = fb.arg("weight", TensorType((cfg.batch,))) if cfg.weighted else None
    fb.zero = fb.constant("sc", "0.0")
    saved = denoiser_forward(fb, "dn", x, tfeat, params, cfg)
    dy, loss = weighted_mse(fb, saved.image, target, weight) if weight is not None else mse(fb, saved.image, target)
    grads = denoiser_backward(fb, "dn", saved, params, dy, cfg)
    return compile_module(print_module(lowered(module(fb.ret(loss, *grads)), lowering)))


def inputs(cfg: DenoiserConfig, seed: int = 3):
    rng = np.random.default_rng(seed)
    params = [ref.sample(rng, n, d) for n, d in param_specs(cfg)]
    x = rng.standard_normal((cfg.batch, cfg.input_channels, *cfg.image)).astype(np.float32)
    tfeat = rng.standard_normal((cfg.batch, T)).astype(np.float32)
    target = rng.standard_normal((cfg.batch, C, *cfg.image)).astype(np.float32)
    weight = rng.uniform(0.2, 2.0, cfg.batch).astype(np.float32)
    return params, x, tfeat, target, weight


@pytest.mark.parametrize("conditioning, lowering, weighted", [
    ("channels", "reference", False), ("channels", "fast", True),
    ("adaln", "fast", False), ("adaln-zero", "fast", True), ("adaln-zero", "reference", False),
])
def test_denoiser_gradients_match_jax(conditioning, lowering, weighted):
    cfg = small(conditioning, weighted)
    names = [n for n, _ in param_specs(cfg)]
    params, x, tfeat, target, weight = inputs(cfg)

    def loss_fn(flat):
        pred = jax_forward(cfg, x, tfeat, dict(zip(names, flat)))
        return ref.weighted_mse(pred, target, weight if weighted else jnp.ones(cfg.batch))

    loss_ref, grads_ref = jax.value_and_grad(loss_fn)([jnp.asarray(p) for p in params])
    args = [x] + ([] if conditioning == "channels" else [tfeat]) + params + [target] + ([weight] if weighted else [])
    loss, *grads = vitir_loss_and_grads(cfg, lowering)(*args)
    assert rel_err(loss, loss_ref) <= 1e-6
    errors = {n: rel_err(g, r) for n, g, r in zip(names, grads, grads_ref) if not n.startswith("bk_")}
    assert max(errors.values()) <= 1e-5, sorted(errors.items(), key=lambda kv: -kv[1])[:3]
    # bk has an exactly-zero true gradient (softmax ignores a per-row shift): rounding noise only
    for n, g in zip(names, grads):
        if n.startswith("bk_"):
            assert np.abs(g).max() <= 1e-6


@pytest.mark.parametrize("conditioning", ["channels", "adaln-zero"])
def test_forward_and_step_modules_take_their_arguments_in_order(conditioning):
    """The forward module is the model; one step with lr 0 leaves theta and returns the loss of that model."""
    cfg = small(conditioning)
    names = [n for n, _ in param_specs(cfg)]
    params, x, tfeat, target, _ = inputs(cfg, seed=5)
    flat_x = x.reshape(cfg.batch, -1)
    time_args = [] if conditioning == "channels" else [tfeat]
    (pred,) = compile_module(print_module(denoiser_fwd_module(cfg)))(flat_x, *time_args, *params)
    want = jax_forward(cfg, x, tfeat, dict(zip(names, params)))
    assert rel_err(pred, want) <= 1e-5
    zeros = [np.zeros_like(p) for p in params]
    outs = compile_module(print_module(denoiser_step_module(cfg)))(
        flat_x, *params, *zeros, *zeros, np.float32(0.0), np.float32(0.1), np.float32(0.001), *time_args, target)
    k = len(params)
    assert len(outs) == 3 * k + 1
    assert all(np.array_equal(a, b) for a, b in zip(outs[:k], params))
    assert rel_err(outs[3 * k], np.mean((np.asarray(want) - target) ** 2)) <= 1e-5
