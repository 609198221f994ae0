"""The ViT denoiser's hand-derived gradients (pixel head + MSE, then the ViT
trunk) against jax.value_and_grad of an independent jax.numpy denoiser."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from tests.gradcheck import jax_reference as ref
from tests.gradcheck.harness import rel_err
from vitir.ast import FunctionBuilder, TensorType, module
from vitir.backend import compile_module
from vitir.lower.denoiser import denoiser_config
from vitir.lower.loss import mse
from vitir.lower.vit import PIXELS, declare_params, param_specs, vit_backward, vit_forward
from vitir.print import print_module

C, T = 2, 3  # image channels, time channels


def jax_denoiser(x, params, cfg):
    """x [B, C+T, H, W] -> predicted noise [B, C, H, W]."""
    eps = float(cfg.eps)
    z = ref.cls_pos(ref.patch_embed(x, params["wConv"], params["bConv"]), params["cls"], params["pos"])
    for p in params["blocks"]:
        z = ref.block(z, p, cfg.heads, eps)
    z = ref.layernorm(z, params["gF"], params["bF"], eps)
    pix = z[:, 1:, :] @ params["Wc"] + params["bc"]  # [B, n0, C s s]
    b, (ph, pw), s = x.shape[0], cfg.grid, cfg.patch
    return pix.reshape(b, ph, pw, C, s, s).transpose(0, 3, 1, 4, 2, 5).reshape(b, C, ph * s, pw * s)


def vitir_loss_and_grads(cfg, lowering):
    fb = FunctionBuilder("denoiser_grad")
    h, w = cfg.image
    x = fb.arg("x", TensorType((cfg.batch, cfg.channels, h, w)))
    params = declare_params(fb, cfg)
    target = fb.arg("target", TensorType((cfg.batch, C, h, w)))
    fb.zero = fb.constant("sc", "0.0")
    saved = vit_forward(fb, "vit", x, params, cfg, head=PIXELS)
    dy, loss = mse(fb, saved.logits, target)
    grads = vit_backward(fb, "vit", saved, params, x, dy, cfg, lowering, head=PIXELS)
    return compile_module(print_module(module(fb.ret(loss, *grads))))


@pytest.mark.parametrize("lowering", ["reference", "fast"])
def test_denoiser_gradients_match_jax(lowering):
    cfg = denoiser_config((C, 8, 12), T, 2, patch=4, width=8, depth=2, heads=2, mlp=16)
    rng = np.random.default_rng(3)
    names = [n for n, _ in param_specs(cfg)]
    params = [ref.sample(rng, n, d) for n, d in param_specs(cfg)]
    x = rng.standard_normal((cfg.batch, cfg.channels, *cfg.image)).astype(np.float32)
    target = rng.standard_normal((cfg.batch, C, *cfg.image)).astype(np.float32)

    def loss_fn(flat):
        pred = jax_denoiser(x, ref.unflatten(flat, cfg.depth), cfg)
        return jnp.mean((pred - target) ** 2)

    loss_ref, grads_ref = jax.value_and_grad(loss_fn)([jnp.asarray(p) for p in params])
    loss, *grads = vitir_loss_and_grads(cfg, lowering)(x, *params, target)
    assert rel_err(loss, loss_ref) <= 1e-6
    errors = {n: rel_err(g, r) for n, g, r in zip(names, grads, grads_ref) if not n.startswith("bk_")}
    assert max(errors.values()) <= 1e-5, sorted(errors.items(), key=lambda kv: -kv[1])[:3]
    # bk has an exactly-zero true gradient (softmax ignores a per-row shift): rounding noise only
    for n, g in zip(names, grads):
        if n.startswith("bk_"):
            assert np.abs(g).max() <= 1e-6
