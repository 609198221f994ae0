"""A ViT denoiser: the ViT trunk with a pixel head that maps every patch token
back to its pixels, trained on the mean squared error against the noise
(DDPM) or the velocity (flow matching) with the scheduled AdamW step.

The input is the noisy image with its time channels appended (see
vitir.diffusion.prepend_sincos_t), flattened to [b, (c + t) H W].
"""

from __future__ import annotations

from ..ast import AdamScalars, FunctionBuilder, Module, TensorType
from ..ast.gc_pause import gc_paused
from ..errors import ConfigError
from .config import ViTConfig
from .loss import mse
from .optim import AdamHyper, adamw_updates
from .train_step import ADAM_SCALARS, SCALAR, fwd_module, image_arg, moment_args, prologue
from .vit import PIXELS, declare_params, vit_backward, vit_forward


def denoiser_config(image_shape: tuple[int, int, int], time_channels: int, batch: int, *, patch: int, width: int,
                    depth: int, heads: int, mlp: int, eps: str = "1.0e-5") -> ViTConfig:
    """The ViTConfig of a denoiser for images (c, H, W): input channels c + time
    channels; the head's width (`classes`) is c * patch^2 pixels per token."""
    c, h, w = image_shape
    if time_channels < 0:
        raise ConfigError(f"time channels must be non-negative, got {time_channels}")
    return ViTConfig(batch=batch, channels=c + time_channels, image=(h, w), patch=patch, width=width, depth=depth,
                     heads=heads, mlp=mlp, classes=c * patch * patch, eps=eps)


def image_channels(cfg: ViTConfig) -> int:
    return cfg.classes // (cfg.patch * cfg.patch)


def denoiser_fwd_module(cfg: ViTConfig) -> Module:
    """@denoiser_fwd(x, params) -> the predicted noise (or velocity) [b, c, H, W]."""
    return fwd_module(cfg, head=PIXELS, name="denoiser_fwd")


@gc_paused
def denoiser_step_module(cfg: ViTConfig, hyper: AdamHyper = AdamHyper(wd="0.0"), *,
                         lowering: str = "fast") -> Module:
    """One scheduled AdamW step on the MSE: arguments (x, theta*k, m*k, v*k, lr,
    bc1, bc2, target [b, c, H, W]); results (theta'*k, m'*k, v'*k, loss, bc1, bc2)."""
    fb = FunctionBuilder("denoiser_train_step")
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    ms, vs = moment_args(fb, params)
    runtime = {name: fb.arg(name, SCALAR) for name in ("lr", "bc1", "bc2")}
    h, w = cfg.image
    target = fb.arg("target", TensorType((cfg.batch, image_channels(cfg), h, w)))
    baked = {"b1": hyper.b1, "ob1": hyper.ob1, "b2": hyper.b2, "ob2": hyper.ob2, "eps": hyper.eps, "wd": hyper.wd}
    xr, consts = prologue(fb, cfg, x, baked)
    saved = vit_forward(fb, "vit", xr, params, cfg, head=PIXELS)
    dy, loss = mse(fb, saved.logits, target)
    grads = vit_backward(fb, "vit", saved, params, xr, dy, cfg, lowering, head=PIXELS)
    scalars = AdamScalars(*({**consts, **runtime}[n] for n in ADAM_SCALARS))
    thetas, m2, v2 = adamw_updates(fb, params.flat(), grads, ms, vs, scalars)
    return Module([fb.ret(*thetas, *m2, *v2, loss, runtime["bc1"], runtime["bc2"])])
