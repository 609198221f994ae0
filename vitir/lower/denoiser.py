"""Image denoisers: a ViT trunk with a pixel head that maps every patch token
back to its pixels, trained on a (weighted) mean squared error against the
noise, the clean image or the velocity with the scheduled AdamW step.

Three ways to tell the network the time (`conditioning`):

- "channels" (the reference's): the time features are extra input channels,
  constant over the image, appended after the image channels on the host
  (vitir.diffusion.prepend_sincos_t); the classifier's trunk (CLS token,
  LayerNorms with learned affines) then reads them through its patch embedding.
- "adaln": DiT's adaptive LayerNorm. The sin/cos time features f [b, 2F] go
  through a SiLU MLP to c [b, d]; every block's LayerNorms take their scale and
  shift from a dense layer of silu(c); no CLS token.
- "adaln-zero": adaLN with per-block gates on both residual branches too,
  the modulations zero-initialised, so every block starts as the identity
  (DiT's best variant).

In both adaLN forms the final LayerNorm is modulated the same way (shift and
scale from silu(c)) before the pixel head, as in DiT.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ast import FunctionBuilder, Module, TensorType, Value
from ..ast.gc_pause import gc_paused
from ..ast.sharding import Mesh
from ..config_checks import require_positive_ints, require_replica_count
from ..errors import ConfigError
from .config import PatchGrid, check_transformer
from .layers.adaln import (FINAL_MODULATION, modulate_backward, modulate_forward, modulation_backward,
                           modulation_forward)
from .layers.adaln_block import ADALN_BLOCK, adaln_block_backward, adaln_block_forward
from .layers.cls_pos import POS, pos_backward, pos_forward
from .layers.patch_embed import PATCH_EMBED, patch_embed_backward, patch_embed_forward
from .layers.silu import silu_backward, silu_forward
from .layers.time_mlp import TIME_MLP, time_mlp_backward, time_mlp_forward
from .layers.unpatch import PIXEL_HEAD, unpatch_backward, unpatch_forward
from .loss import mse, weighted_mse
from .lowering import lowered
from .optim import AdamHyper, adam_scalars, adamw_updates, baked_adam_literals, runtime_scalar_args
from .params import Layout, Params, Repeated
from .sharding import check_step_mesh, partitioned_step
from .step_signature import with_signature
from .vit import TRUNK, trunk_backward, trunk_forward

CONDITIONINGS = ("channels", "adaln", "adaln-zero")
# The parameters in canonical order: the classifier's trunk and a pixel head when the time comes in as
# channels; without CLS, with the time MLP, adaLN blocks and the modulated final LayerNorm otherwise.
CHANNELS_LAYOUT = TRUNK + PIXEL_HEAD
ADALN_LAYOUT = Layout(PATCH_EMBED, POS, TIME_MLP, Repeated("blocks", ADALN_BLOCK, lambda cfg: cfg.depth),
                      FINAL_MODULATION, PIXEL_HEAD)


@dataclass(frozen=True)
class DenoiserConfig(PatchGrid):
    """A denoiser of images [batch, image_channels, H, W] (batch per replica)."""

    batch: int
    image_channels: int = 1
    image: tuple[int, int] = (28, 28)
    patch: int = 4
    width: int = 128
    depth: int = 4
    heads: int = 4
    mlp: int = 256
    conditioning: str = "adaln-zero"
    time_features: int = 16  # 2F sin/cos features: input channels ("channels") or the time MLP's input
    weighted: bool = False  # the loss weighs each example (arguments gain `weight` [batch])
    eps: str = "1.0e-5"
    scale: str = field(default="")  # attention scale literal; default 1/sqrt(head dim)

    def __post_init__(self):
        image = (self.image, self.image) if isinstance(self.image, int) else tuple(self.image)
        object.__setattr__(self, "image", image)
        require_positive_ints(self, ("batch", "image_channels", "patch", "width", "depth", "heads", "mlp",
                                     "time_features"))
        if self.conditioning not in CONDITIONINGS:
            raise ConfigError(f"unknown conditioning {self.conditioning!r}; have {', '.join(CONDITIONINGS)}")
        check_transformer(self)

    @property
    def has_cls(self) -> bool:
        return self.conditioning == "channels"

    @property
    def tokens(self) -> int:
        return self.patches + self.has_cls

    @property
    def pixels_per_token(self) -> int:
        """The pixel head's width: the image channels of one patch."""
        return self.image_channels * self.patch * self.patch

    @property
    def input_channels(self) -> int:
        """Channels the patch embedding reads: the image's, plus the time's when they are channels."""
        return self.image_channels + (self.time_features if self.conditioning == "channels" else 0)

    @property
    def image_shape(self) -> tuple[int, int, int]:
        return (self.image_channels, *self.image)


def layout(cfg: DenoiserConfig) -> Layout:
    return CHANNELS_LAYOUT if cfg.conditioning == "channels" else ADALN_LAYOUT


def param_specs(cfg: DenoiserConfig) -> list[tuple[str, tuple[int, ...]]]:
    """(name, dims) of every parameter in canonical order."""
    return layout(cfg).specs(cfg)


def parameter_count(cfg: DenoiserConfig) -> int:
    return layout(cfg).count(cfg)


def init_params(cfg: DenoiserConfig, seed: int):
    """Float32 initial parameters in canonical order, from the layers' declarations."""
    return layout(cfg).init(cfg, seed)


@dataclass
class DenoiserSaved:
    image: Value  # the prediction [b, c, H, W]
    parts: dict  # what the backward reuses, by part


def denoiser_forward(fb: FunctionBuilder, p: str, x: Value, tfeat: Value | None, params: list[Value],
                     cfg: DenoiserConfig) -> DenoiserSaved:
    """x [b, input channels, H, W] (and the time features [b, 2F] for adaLN) -> the prediction."""
    named = layout(cfg).unflatten(params, cfg)
    parts = {"x": x}
    with fb.layer(p or "dn"):
        if cfg.conditioning == "channels":
            trunk = trunk_forward(fb, p, x, named, cfg.heads, cfg.eps, cfg.scale)
            parts["trunk"], z = trunk, trunk.z
        else:
            z = _adaln_trunk_forward(fb, p, x, tfeat, named, cfg, parts)
        with fb.layer("head"):
            head = unpatch_forward(fb, f"{p}hd", z, named["Wp"], named["bp"], cfg.grid, cfg.patch)
    parts["head"] = head
    return DenoiserSaved(head.image, parts)


def _adaln_trunk_forward(fb, p, x, tfeat, named, cfg, parts) -> Value:
    with fb.layer("pe"):
        tok = patch_embed_forward(fb, f"{p}pe", x, named["wConv"], named["bConv"])
    with fb.layer("pos"):
        z = pos_forward(fb, f"{p}ps", tok, named["pos"])
    with fb.layer("time"):
        temb = time_mlp_forward(fb, f"{p}t", tfeat, named.tW1, named.tb1, named.tW2, named.tb2)
        cs = silu_forward(fb, f"{p}cs", temb.c)
    blocks = []
    for i, bp in enumerate(named.blocks):
        with fb.layer(f"b{i}"):
            sb = adaln_block_forward(fb, f"{p}b{i}_", z, cs.y, bp, cfg.heads, cfg.eps, cfg.scale, cfg.conditioning)
        blocks.append(sb)
        z = sb.out
    with fb.layer("fln"):
        shift, scale = modulation_forward(fb, f"{p}fc", cs.y, named["Wfmod"], named["bfmod"], 2)
        fln = modulate_forward(fb, f"{p}fln", z, shift, scale, cfg.eps)
    parts.update(temb=temb, cs=cs, blocks=blocks, fln=fln)
    return fln.y


def denoiser_backward(fb: FunctionBuilder, p: str, saved: DenoiserSaved, params: list[Value], d_image: Value,
                      cfg: DenoiserConfig) -> list[Value]:
    """Gradients of every parameter in canonical order (the inputs get none)."""
    named = layout(cfg).unflatten(params, cfg)
    parts = saved.parts
    with fb.layer(p or "dn"):
        with fb.layer("head"):
            dz, dwp, dbp = unpatch_backward(fb, f"{p}hd", parts["head"], named["Wp"], d_image, cfg.tokens)
        if cfg.conditioning == "channels":
            grads = trunk_backward(fb, p, parts["trunk"], named, parts["x"], dz, cfg.heads, cfg.scale)
        else:
            grads = _adaln_trunk_backward(fb, p, parts, named, dz, cfg)
    return layout(cfg).flatten({**grads, "Wp": dwp, "bp": dbp})


def _adaln_trunk_backward(fb, p, parts, named: Params, dz, cfg) -> dict:
    cs = parts["cs"]
    with fb.layer("fln"):
        dz, dshift, dscale = modulate_backward(fb, f"{p}fln", parts["fln"], dz)
        dcs, dwf, dbf = modulation_backward(fb, f"{p}fc", cs.y, named["Wfmod"], [dshift, dscale])
    blocks = named.blocks
    block_grads = [None] * cfg.depth
    for i in reversed(range(cfg.depth)):
        with fb.layer(f"b{i}"):
            dz, dcs_i, block_grads[i] = adaln_block_backward(fb, f"{p}b{i}_", parts["blocks"][i], cs.y, blocks[i],
                                                             dz, cfg.heads, cfg.scale, cfg.conditioning)
            dcs = fb.add(f"{p}b{i}_dcsum", dcs, dcs_i)
    with fb.layer("time"):
        dc = silu_backward(fb, f"{p}cs", cs, dcs)
        time_grads = time_mlp_backward(fb, f"{p}t", parts["temb"], named["tW2"], dc)
    with fb.layer("pos"):
        dtok, dpos = pos_backward(fb, f"{p}ps", dz)
    with fb.layer("pe"):
        dw, db = patch_embed_backward(fb, f"{p}pe", parts["x"], dtok, named["wConv"])
    dtw1, dtb1, dtw2, dtb2 = time_grads
    return {"wConv": dw, "bConv": db, "pos": dpos, "tW1": dtw1, "tb1": dtb1, "tW2": dtw2, "tb2": dtb2,
            "blocks": block_grads, "Wfmod": dwf, "bfmod": dbf}


# -- modules -------------------------------------------------------------------

def _image_arg(fb: FunctionBuilder, cfg: DenoiserConfig) -> Value:
    """%x: the flat images, with the time channels where they are channels."""
    return fb.arg("x", TensorType((cfg.batch, cfg.input_channels * cfg.image[0] * cfg.image[1])))


def _image_view(fb: FunctionBuilder, cfg: DenoiserConfig, x: Value) -> Value:
    return fb.reshape("xr", x, (cfg.batch, cfg.input_channels, *cfg.image))


def _time_arg(fb: FunctionBuilder, cfg: DenoiserConfig) -> Value | None:
    return None if cfg.conditioning == "channels" else fb.arg("tfeat", TensorType((cfg.batch, cfg.time_features)))


def _declare(fb: FunctionBuilder, cfg: DenoiserConfig, suffix: str = "") -> list[Value]:
    return layout(cfg).declare(fb, cfg, suffix).flat()


@gc_paused
def denoiser_fwd_module(cfg: DenoiserConfig) -> Module:
    """@denoiser_fwd(x, [tfeat,] params) -> the prediction [b, c, H, W]."""
    fb = FunctionBuilder("denoiser_fwd")
    x = _image_arg(fb, cfg)
    tfeat = _time_arg(fb, cfg)
    params = _declare(fb, cfg)
    fb.zero = fb.constant("sc", "0.0")
    saved = denoiser_forward(fb, "dn", _image_view(fb, cfg, x), tfeat, params, cfg)
    leading = [x] if tfeat is None else [x, tfeat]
    return with_signature(Module([fb.ret(saved.image)]), {"leading": leading, "params": params},
                          {"outputs": [saved.image]}, step=False)


@gc_paused
def denoiser_step_module(cfg: DenoiserConfig, hyper: AdamHyper = AdamHyper(wd="0.0"), replicas: int = 1, *,
                         lowering: str = "fast", mesh: Mesh | None = None) -> Module:
    """One scheduled AdamW step on the MSE. Arguments (x, theta*k, m*k, v*k, lr,
    bc1, bc2, [tfeat,] target [b, c, H, W], [weight [b]]); results (theta'*k,
    m'*k, v'*k, loss). With replicas > 1 the gradients are averaged across
    replicas before the update (data parallel): one collective per gradient as
    built, one for all of them in the fast lowering (the default). With a mesh, the
    step for the whole batch across it (vitir.lower.sharding.partitioned_step)."""
    require_replica_count(replicas)
    check_step_mesh(mesh, replicas, cfg.heads)
    return partitioned_step(lambda c, r: _step_module(c, hyper, r, lowering), cfg, mesh, layout(cfg).model_dims(cfg),
                            replicas)


def _step_module(cfg: DenoiserConfig, hyper: AdamHyper, replicas: int, lowering: str) -> Module:
    fb = FunctionBuilder("denoiser_train_step")
    x = _image_arg(fb, cfg)
    params = _declare(fb, cfg)
    ms = [fb.arg(v.name + "m", v.type) for v in params]
    vs = [fb.arg(v.name + "v", v.type) for v in params]
    runtime = runtime_scalar_args(fb)
    tfeat = _time_arg(fb, cfg)
    target = fb.arg("target", TensorType((cfg.batch, *cfg.image_shape)))
    weight = fb.arg("weight", TensorType((cfg.batch,))) if cfg.weighted else None
    fb.zero = fb.constant("sc", "0.0")
    consts = {name: fb.constant(name, literal) for name, literal in baked_adam_literals(hyper).items()}
    saved = denoiser_forward(fb, "dn", _image_view(fb, cfg, x), tfeat, params, cfg)
    dy, loss = mse(fb, saved.image, target) if weight is None else weighted_mse(fb, saved.image, target, weight)
    grads = denoiser_backward(fb, "dn", saved, params, dy, cfg)
    thetas, m2, v2 = adamw_updates(fb, params, grads, ms, vs, adam_scalars({**consts, **runtime}), replicas)
    module = Module([fb.ret(*thetas, *m2, *v2, loss)])
    trailing = [a for a in (tfeat, target, weight) if a is not None]
    return lowered(with_signature(module, {"leading": [x], "params": params, "m": ms, "v": vs,
                                           "schedule": list(runtime.values()), "trailing": trailing},
                                  {"params": thetas, "m": m2, "v": v2, "loss": [loss]}), lowering)
