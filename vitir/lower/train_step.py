"""Whole modules: the forward (`@vit_fwd`) and the train steps (SGD, AdamW,
packed AdamW, scheduled AdamW, data-parallel scheduled AdamW)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ast import AdamScalars, FunctionBuilder, Module, TensorType, Value, f32
from ..ast.gc_pause import gc_paused
from ..config_checks import require_replica_count
from ..errors import ConfigError
from .config import ViTConfig
from .loss import smoothed_ce, softmax_ce_cotangent
from .lowering import lowered
from .optim import (AdamHyper, adam_scalars, adamw_updates, baked_adam_literals, runtime_scalar_args,
                    sgd_updates)
from .params import Params
from .step_signature import with_signature
from .vit import VIT, declare_params, vit_backward, vit_forward

if TYPE_CHECKING:
    from ..ast.sharding import Mesh

SCALAR = f32()
ADAM_SCALARS = AdamScalars._fields  # b1 ob1 b2 ob2 bc1 bc2 lr eps wd


def image_arg(fb: FunctionBuilder, cfg: ViTConfig) -> Value:
    return fb.arg("x", TensorType((cfg.batch, cfg.input_features)))


def onehot_arg(fb: FunctionBuilder, cfg: ViTConfig) -> Value:
    return fb.arg("onehot", TensorType((cfg.batch, cfg.classes)))


def prologue(fb: FunctionBuilder, cfg: ViTConfig, x: Value, baked: dict[str, str] | None = None) -> tuple[Value, dict]:
    """%sc, the baked scalar constants, and %xr (the flat image as [b, c, H, W])."""
    with fb.layer("step"):  # named by their place too (docs/locations.md), as every other op of the step
        fb.zero = fb.constant("sc", "0.0")
    with fb.layer("adamw"):
        consts = {name: fb.constant(name, literal) for name, literal in (baked or {}).items()}
    with fb.layer("forward"), fb.layer("input"):  # the image's reshape: the forward's first op
        xr = fb.reshape("xr", x, (cfg.batch, cfg.channels, *cfg.image))
    return xr, consts


def moment_args(fb: FunctionBuilder, params: Params) -> tuple[list[Value], list[Value]]:
    flat = params.flat()
    ms = [fb.arg(p.name + "m", p.type) for p in flat]
    vs = [fb.arg(p.name + "v", p.type) for p in flat]
    return ms, vs


@gc_paused
def fwd_module(cfg: ViTConfig) -> Module:
    """@vit_fwd(x, params) -> logits [b, classes]."""
    fb = FunctionBuilder("vit_fwd")
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    xr, _ = prologue(fb, cfg, x)
    saved = vit_forward(fb, "vit", xr, params, cfg)
    return with_signature(Module([fb.ret(saved.logits)]), {"leading": [x], "params": params.flat()},
                          {"outputs": [saved.logits]}, step=False)


@gc_paused
def features_module(cfg: ViTConfig) -> Module:
    """@vit_features(x, params) -> (logits [b, classes], the CLS token after the
    final LayerNorm [b, d]: the penultimate features a Frechet distance reads)."""
    fb = FunctionBuilder("vit_features")
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    xr, _ = prologue(fb, cfg, x)
    saved = vit_forward(fb, "vit", xr, params, cfg)
    return with_signature(Module([fb.ret(saved.logits, saved.head.clsv)]), {"leading": [x], "params": params.flat()},
                          {"outputs": [saved.logits, saved.head.clsv]}, step=False)


def sched_args(fb: FunctionBuilder, cfg: ViTConfig):
    """The scheduled step's arguments: (x, params, ms, vs, runtime scalars, onehot)."""
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    ms, vs = moment_args(fb, params)
    runtime = runtime_scalar_args(fb)
    return x, params, ms, vs, runtime, onehot_arg(fb, cfg)


def labelled_forward(fb: FunctionBuilder, cfg: ViTConfig):
    """Arguments (x, params, onehot), the prologue and the forward: (x, params, onehot, xr, saved)."""
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    onehot = onehot_arg(fb, cfg)
    xr, _ = prologue(fb, cfg, x)
    return x, params, onehot, xr, vit_forward(fb, "vit", xr, params, cfg)


@gc_paused
def sgd_module(cfg: ViTConfig, lr: str = "0.001", *, lowering: str = "reference") -> Module:
    fb = FunctionBuilder("vit_train_step")
    _, params, onehot, xr, saved = labelled_forward(fb, cfg)
    dy = softmax_ce_cotangent(fb, saved.logits, onehot)
    grads = vit_backward(fb, "vit", saved, params, xr, dy, cfg)
    return lowered(Module([fb.ret(*sgd_updates(fb, params.flat(), grads, lr))]), lowering)


@gc_paused
def adam_module(cfg: ViTConfig, *, lowering: str = "reference") -> Module:
    """AdamW with every hyperparameter a runtime scalar; returns the parameters only."""
    fb = FunctionBuilder("vit_train_step_adam")
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    ms, vs = moment_args(fb, params)
    scalars = AdamScalars(*(fb.arg(name, SCALAR) for name in ADAM_SCALARS))
    onehot = onehot_arg(fb, cfg)
    xr, _ = prologue(fb, cfg, x)
    saved = vit_forward(fb, "vit", xr, params, cfg)
    dy = softmax_ce_cotangent(fb, saved.logits, onehot)
    grads = vit_backward(fb, "vit", saved, params, xr, dy, cfg)
    thetas, _, _ = adamw_updates(fb, params.flat(), grads, ms, vs, scalars)
    return lowered(Module([fb.ret(*thetas)]), lowering)


@gc_paused
def adam_packed_module(cfg: ViTConfig, hyper: AdamHyper = AdamHyper(), *, lowering: str = "reference") -> Module:
    """AdamW with every hyperparameter baked and no bias correction (bc1 = bc2 = 1);
    arguments (x, theta*k, m*k, v*k, onehot), results (theta'*k, m'*k, v'*k)."""
    fb = FunctionBuilder("vit_adam_train_step")
    x = image_arg(fb, cfg)
    params = declare_params(fb, cfg)
    ms, vs = moment_args(fb, params)
    onehot = onehot_arg(fb, cfg)
    xr, consts = prologue(fb, cfg, x, baked_adam_literals(hyper, packed=True))
    saved = vit_forward(fb, "vit", xr, params, cfg)
    dy = softmax_ce_cotangent(fb, saved.logits, onehot)
    grads = vit_backward(fb, "vit", saved, params, xr, dy, cfg)
    thetas, m2, v2 = adamw_updates(fb, params.flat(), grads, ms, vs, adam_scalars(consts))
    return lowered(Module([fb.ret(*thetas, *m2, *v2)]), lowering)


def adam_sched_module(cfg: ViTConfig, hyper: AdamHyper = AdamHyper(), replicas: int = 1, *,
                      lowering: str = "reference", backward: str = "hand", mesh: Mesh | None = None) -> Module:
    """The scheduled AdamW step (hand_adam_sched_module), its backward the layers' hand-derived
    halves ("hand") or derived from the forward by vitir.autodiff ("derived": vitir/lower/derived.py,
    which registers itself in BACKWARDS). With a mesh, the step for the whole batch `cfg.batch` across
    it (vitir.lower.sharding.partitioned_step: the batch over "data", Megatron's split over "model")."""
    make = BACKWARDS.get(backward)
    if make is None:
        raise ConfigError(f"unknown backward {backward!r} (known: {', '.join(BACKWARDS)})")
    if mesh is None:  # the step as built (what partitioned_step gives without a mesh); the render's path
        return make(cfg, hyper, replicas, lowering=lowering)  # loads no sharding
    from .sharding import check_step_mesh, partitioned_step

    check_step_mesh(mesh, replicas, cfg.heads)
    return partitioned_step(lambda c, r: make(c, hyper, r, lowering=lowering), cfg, mesh, VIT.model_dims(cfg),
                            replicas)


BACKWARDS: dict = {}  # how the step's backward is made, by name: "hand" here, "derived" by vitir/lower/derived.py


@gc_paused
def hand_adam_sched_module(cfg: ViTConfig, hyper: AdamHyper = AdamHyper(), replicas: int = 1, *,
                           lowering: str = "reference") -> Module:
    """Scheduled AdamW: lr, bc1, bc2 are runtime scalars (the host drives warmup,
    cosine decay and 1 - beta^t); label smoothing and the loss are in the graph.
    Arguments (x, theta*k, m*k, v*k, lr, bc1, bc2, onehot); results
    (theta'*k, m'*k, v'*k, loss, bc1, bc2). With replicas > 1 each gradient is
    averaged across replicas before its update (data parallel): one collective
    per gradient as built (the reference's), one for all of them in the fast lowering."""
    require_replica_count(replicas)
    fb = FunctionBuilder("vit_adam_train_step")
    x, params, ms, vs, runtime, onehot = sched_args(fb, cfg)
    xr, consts = prologue(fb, cfg, x, baked_adam_literals(hyper))
    saved = vit_forward(fb, "vit", xr, params, cfg)
    dy, loss = smoothed_ce(fb, saved.logits, onehot, hyper.label_smoothing)
    grads = vit_backward(fb, "vit", saved, params, xr, dy, cfg)
    thetas, m2, v2 = adamw_updates(fb, params.flat(), grads, ms, vs, adam_scalars({**consts, **runtime}), replicas)
    rest = [runtime["bc1"], runtime["bc2"]]
    module = Module([fb.ret(*thetas, *m2, *v2, loss, *rest)])
    return lowered(with_signature(module, {"leading": [x], "params": params.flat(), "m": ms, "v": vs,
                                           "schedule": list(runtime.values()), "trailing": [onehot]},
                                  {"params": thetas, "m": m2, "v": v2, "loss": [loss], "rest": rest}), lowering)


def adam_dp_module(cfg: ViTConfig, hyper: AdamHyper = AdamHyper(), replicas: int = 2, *,
                   lowering: str = "reference", backward: str = "hand") -> Module:
    """The data-parallel scheduled AdamW step over `replicas` devices (1 prints no collective)."""
    return adam_sched_module(cfg, hyper, replicas, lowering=lowering, backward=backward)


BACKWARDS["hand"] = hand_adam_sched_module
