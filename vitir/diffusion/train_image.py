"""Training an image denoiser (vitir.lower.denoiser) as a task of the training
loop: DDPM (predicting the noise, the clean image or v, optionally min-SNR
weighted) or flow matching (predicting the velocity), with an optional EMA of
the weights that the samplers then use.

The host makes each step's inputs: the noised batch x_t (DDPM's step_inputs or
the flow's interpolant, noise seeded by the step number), the time as input
channels or as sin/cos features for the adaLN time MLP, the target, and the
per-example loss weights. Images are scaled from [0, 1] to [-1, 1].

Defaults depend on the data (its entry in the registry, vitir/data): the reference's recipe on the
8x8 digits (time channels, patch 2), and on 28x28 MNIST the adaLN-Zero
transformer the measurements in docs/benchmarks.md chose.

`model` names the network: "dit" (the ViT denoisers above),
"unet-reference", the reference's own convolutional UNet
(vitir.lower.unet) with its recipe (MODEL_DEFAULTS): the image in [0, 1]
(not centred) plus one channel of t/1000, the noise predicted, Adam at a
constant 5e-4, batch 32, no EMA; or "unet", vitir's UNet: the reference's
widths with GroupNorm, SiLU and the time through FiLM (sin/cos features, a
time MLP), the input image read again by the output conv (the one path around
the normalisations), the images centred, the clean image predicted, an EMA
of the weights, the learning rate warmed up and cosine-decayed
(docs/benchmarks.md (g)). Each of vitir's changes to the reference's network is
a field, so one can be measured alone: `norm` (group or batch), `activation`
(silu or relu), `time_embed` (sincos: FiLM; t: the reference's t/1000 input
channel) and `centred`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import numpy as np

from ..backend.choice import DEFAULT_BACKEND, check_backend
from ..config_checks import (as_on_off, as_option, check_adam_literals, f32_option, from_known_fields, require_positive_ints,
                             require_positive_number)
from ..data import DIFFUSE
from ..data.registry import dataset_names, task_defaults
from ..data.registry import default_fields as registry_default_fields
from ..errors import ConfigError
from ..lower import AdamHyper
from ..lower import unet
from ..lower.denoiser import (CONDITIONINGS, DenoiserConfig, denoiser_fwd_module, denoiser_step_module, init_params,
                              param_specs)
from ..lower.sharding import DATA, axis_size, check_step_mesh, device_count, parse_mesh, step_mesh
from ..lower.step_signature import signature
from ..train.loop import DECAYS, LoopConfig, Task, TrainingLoop, compile_graph, params_on_device, row_batches
from ..train.plots import plot_epoch_curves
from ..train.rundir import read_metrics, write_json_atomic
from ..train.task_config import dataset_defaults_into, loop_config, pad_rows, require_batch_fits, require_dataset
from .samplers import TMAX
from .schedule import cosine_schedule
from .step_inputs import FLOW_INDEPENDENT, FLOW_MINIBATCH_OT, flow_step_inputs, step_inputs
from .time_embed import prepend_sincos_t, prepend_t_channel, sincos_features

IMAGE_METHODS = ("ddpm", "flow", "flow-ot")
# Flow matching couples each image with noise independently, or by a minimum-cost assignment per batch.
FLOW_COUPLINGS = {"flow": FLOW_INDEPENDENT, "flow-ot": FLOW_MINIBATCH_OT}
TIME_EMBEDS = ("sincos", "t")
# What the network predicts: DDPM the noise, the clean image or v; flow matching the velocity or the clean
# image (the sampler then takes v = (x_t - x0) / t). The first of each is the reference's.
PREDICTIONS = {"ddpm": ("eps", "x0", "v"), "flow": ("velocity", "x0"), "flow-ot": ("velocity", "x0")}
WEIGHTINGS = ("none", "min-snr")
# Each step's training noise uses seed (seed << 32) + step, as the 2-D trainer does.
NOISE_SEED_SHIFT = 32

MODELS = ("dit", "unet-reference", "unet")
UNETS = ("unet-reference", "unet")
# Each model's recipe; fields left None take these before the data's.
MODEL_DEFAULTS = {
    "dit": {},
    "unet-reference": dict(prediction="eps", time_embed="t", batch=32, epochs=50, lr=5e-4, warmup_epochs=0.0,
                           ema=0.0, lr_decay="constant", norm="batch", activation="relu", centred=False),
    # x0, not eps: at 4,000 steps its ancestral ED was 9.6x the floor against eps's 55.9x; lr 2e-3, not 1e-3:
    # 8.6x against 10.6x at 3,000 steps (3e-3 8.3x); 72 epochs: 26.6 minutes of training on 2 cores with
    # its 4 replicas (76 to 93 ms a step as the machine's speed moved; ancestral ED 2.4x; docs/benchmarks.md (g))
    # batch: the global batch, split over the replicas (UNET_REPLICAS unless given)
    "unet": dict(prediction="x0", batch=32, epochs=72, lr=2e-3, warmup_epochs=1.0, ema=0.999, lr_decay="cosine",
                 n_freq=16, width=64, norm="group", activation="silu", time_embed="sincos", centred=True),
}
# vitir's GroupNorm UNet trains as 4 host devices of 8 examples by default: one CPU device leaves much of
# its step (the normalisations, FiLM, Adam) on one core, and 4 replicas of 8 took 1.45x the images a
# second of one device of 32 on 2 cores, computing the same steps (docs/benchmarks.md (g)).
UNET_REPLICAS = 4
# What each UNet trains with only (vitir's UNet reads the time through FiLM and predicts any DDPM target).
UNET_ONLY = {"unet-reference": dict(method="ddpm", prediction="eps", time_embed="t", weighting="none", replicas=1,
                                    norm="batch", activation="relu", centred=False),
             "unet": dict(method="ddpm", weighting="none")}
# The UNets' own fields: what the DiT has no use for.
UNET_FIELDS = ("norm", "activation")


@dataclass(frozen=True)
class ImageDiffusionConfig:
    data: str = "digits"
    data_dir: str | None = None
    model: str | None = None  # MODELS; None: the data's default (dit on digits; on MNIST unet, dit for a flow)
    method: str = "ddpm"
    conditioning: str | None = None  # channels (the reference's), adaln or adaln-zero
    prediction: str | None = None  # PREDICTIONS of the method; "" (the data's default): the method's first
    weighting: str = "none"  # none or min-snr (min(SNR, gamma) on the clean image, in the prediction's units)
    snr_gamma: float = 5.0
    time_embed: str | None = None  # channels only: sincos (2F channels, the default) or t (one t/T channel)
    n_freq: int | None = None  # sin/cos pairs of the time features
    patch: int | None = None
    width: int | None = None
    depth: int | None = None
    heads: int | None = None
    mlp: int | None = None
    batch: int | None = None  # per replica (per "data" shard of the mesh)
    replicas: int | None = None  # devices, the mesh data=replicas; None: 1, or UNET_REPLICAS for vitir's GroupNorm UNet
    mesh: str | None = None  # the step partitioned by XLA over a host mesh such as data=2,model=2
    mesh_roles: str | None = None  # which axis of the mesh plays data and model (data=batch,model=tp); None: by name
    epochs: int | None = None
    lr: float | None = None
    warmup_epochs: float | None = None
    beta1: str = "0.9"
    beta2: str = "0.999"
    wd: str = "0.0"
    ema: float | None = None  # decay of the EMA of the weights; 0 keeps none
    lr_decay: str | None = None  # after the warmup: cosine (the ViTs') or constant (the UNet's)
    norm: str | None = None  # UNets: group (vitir's) or batch (the reference's, with running statistics)
    activation: str | None = None  # UNets: silu (vitir's) or relu (the reference's)
    centred: bool | None = None  # trained on images in [-1, 1] (the ViTs, vitir's UNet), not [0, 1] as they are
    seed: int = 0

    def __post_init__(self):
        if self.data not in dataset_names(DIFFUSE):
            require_dataset(self.data, self.data_dir, DIFFUSE)  # names the choices
        if self.model is None:  # the data's model, or the DiT for a method the data's UNet does not train
            model = task_defaults(self.data, DIFFUSE).values.get("model", MODELS[0])
            object.__setattr__(self, "model", MODELS[0] if model in UNETS and self.method != "ddpm" else model)
        if self.model not in MODELS:
            raise ConfigError(f"unknown image model {self.model!r}; have {', '.join(MODELS)}")
        if self.model == "unet":
            self._unet_data_parallel_defaults()
        for name, value in MODEL_DEFAULTS[self.model].items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, value)
        dataset_defaults_into(self, self.data, DIFFUSE, frozen=True)
        for name, value in dict(time_embed="sincos", lr_decay="cosine", centred=True, replicas=1).items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, value)
        if self.is_unet:
            for name, want in UNET_ONLY[self.model].items():
                if getattr(self, name) != want:
                    raise ConfigError(f"--model {self.model} trains with {as_option(name)} {_shown(want)} only, "
                                      f"got {_shown(getattr(self, name))}")
            if self.norm == "batch" and self.ema:
                raise ConfigError("--norm batch samples with running statistics of the trained weights, not of "
                                  "their average: give --ema 0")
        else:
            for name in UNET_FIELDS:
                if getattr(self, name) is not None:
                    raise ConfigError(f"{as_option(name)} applies to the UNets (--model unet or unet-reference)")
        if self.method in PREDICTIONS and not self.prediction:
            object.__setattr__(self, "prediction", PREDICTIONS[self.method][0])
        choices = {"method": IMAGE_METHODS, "conditioning": CONDITIONINGS,
                   "prediction": PREDICTIONS.get(self.method, ()), "weighting": WEIGHTINGS, "time_embed": TIME_EMBEDS,
                   "lr_decay": DECAYS, **({"norm": unet.NORMS, "activation": unet.ACTIVATIONS} if self.is_unet else {})}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                where = {"method": " for images", "prediction": f" for {self.method}"}.get(name, "")
                what = {"time_embed": "time embedding", "lr_decay": "learning-rate decay",
                        "norm": "UNet normalisation", "activation": "UNet activation"}.get(name, name)
                raise ConfigError(f"unknown {what} {getattr(self, name)!r}{where}; "
                                  f"have {', '.join(allowed)}")
        if self.time_embed == "t" and self.conditioning != "channels" and not self.is_unet:
            raise ConfigError("--time-embed t applies to --conditioning channels; adaLN reads sin/cos features")
        if not isinstance(self.centred, bool):
            raise ConfigError(f"--centred is on or off, got {self.centred!r}")
        require_positive_ints(self, ("n_freq", "patch", "width", "depth", "heads", "mlp", "batch", "replicas",
                                     "epochs"), as_option)
        require_positive_number("--lr", self.lr)
        require_positive_number("--snr-gamma", self.snr_gamma)
        if not self.warmup_epochs >= 0:
            raise ConfigError(f"--warmup must be non-negative, got {self.warmup_epochs}")
        if not 0.0 <= self.ema < 1.0:
            raise ConfigError(f"--ema must be in [0, 1) (0: off), got {self.ema}")
        if self.seed < 0:
            raise ConfigError(f"--seed must be non-negative, got {self.seed}")
        require_dataset(self.data, self.data_dir, DIFFUSE)
        if self.mesh is not None:  # the UNets' channels are checked against it where the network is made
            mesh = parse_mesh(self.mesh, self.mesh_roles)
            check_step_mesh(mesh, self.replicas, None if self.is_unet else self.heads)
        elif self.mesh_roles is not None:
            raise ConfigError("--mesh-roles names the roles of --mesh's axes: give --mesh too")
        for name in ("beta1", "beta2", "wd"):  # as f32 literals: 0 -> 0.0, 1e-4 -> 1.0e-4
            object.__setattr__(self, name, f32_option(getattr(self, name), as_option(name)))
        check_adam_literals({name: getattr(self, name) for name in ("beta1", "beta2", "wd")}, as_option)

    def _unet_data_parallel_defaults(self):
        """vitir's UNet: UNET_REPLICAS replicas with GroupNorm (1 with BatchNorm, whose statistics are
        the batch's), and its global batch split over them unless --batch is given (per replica)."""
        if self.replicas is None:  # on a mesh, its "data" axis splits the batch
            data_parallel = self.mesh is None and self.norm in (None, "group")
            object.__setattr__(self, "replicas", UNET_REPLICAS if data_parallel else 1)
        if self.batch is None and isinstance(self.replicas, int) and self.replicas > 0:
            total, shards = MODEL_DEFAULTS["unet"]["batch"], axis_size(self.step_mesh(), DATA)
            if total % shards:
                split = f"--replicas {self.replicas}" if self.mesh is None else f"the mesh's data axis ({shards})"
                raise ConfigError(f"{split} does not split the UNet's batch of {total}: give --batch (per "
                                  f"{'replica' if self.mesh is None else 'data shard'})")
            object.__setattr__(self, "batch", total // shards)

    @classmethod
    def from_dict(cls, d: dict) -> "ImageDiffusionConfig":
        return from_known_fields(cls, d)

    def step_mesh(self):
        """The mesh the step is partitioned over: --mesh, or data=replicas; None for one device."""
        return step_mesh(self.mesh, self.replicas, self.mesh_roles)

    @property
    def devices_per_process(self) -> int:
        return device_count(self.step_mesh())

    @property
    def global_batch(self) -> int:
        """The images of one step: each data shard's batch over the mesh's "data" axis."""
        return self.batch * axis_size(self.step_mesh(), DATA)

    @property
    def is_unet(self) -> bool:
        return self.model in UNETS

    @property
    def reads_time_features(self) -> bool:
        """Whether the network reads the time as sin/cos features beside the image (adaLN, FiLM) rather
        than as input channels."""
        if self.model == "unet":
            return self.time_embed == "sincos"
        return self.model == "dit" and self.conditioning != "channels"

    @property
    def time_features(self) -> int:
        return 1 if self.time_embed == "t" else 2 * self.n_freq

    def network(self, image_shape: tuple[int, int, int], batch: int):
        """The network's config: a DenoiserConfig, or for the UNet a UNetConfig."""
        c, h, w = image_shape
        if self.model == "unet":  # `width`: the time MLP's; without FiLM the time is one more input channel
            film = self.reads_time_features
            layers = ((unet.VITIR_LAYERS[0][0], c if film else c + 1, unet.VITIR_LAYERS[0][2]),
                      *unet.VITIR_LAYERS[1:-1], (*unet.VITIR_LAYERS[-1][:2], c))
            return unet.UNetConfig(batch=batch, image=(h, w), layers=layers, norm=self.norm,
                                   activation=self.activation, time_features=self.time_features if film else 0,
                                   embed=self.width, init_seed=self.seed, input_skip=True)
        if self.is_unet:
            if c != 1:
                raise ConfigError(f"--model {self.model} is the reference's 1-channel network; the data have {c}")
            return unet.UNetConfig(batch=batch, image=(h, w))
        return DenoiserConfig(batch=batch, image_channels=c, image=(h, w), patch=self.patch, width=self.width,
                              depth=self.depth, heads=self.heads, mlp=self.mlp, conditioning=self.conditioning,
                              time_features=self.time_features, weighted=self.weighting != "none")

    def hyper(self) -> AdamHyper:
        return AdamHyper(b1=self.beta1, b2=self.beta2, wd=self.wd)


def _shown(value) -> str:
    """A config value as its flag takes it: True -> on."""
    return as_on_off(value) if isinstance(value, bool) else str(value)


def default_fields() -> tuple[str, ...]:
    """The ImageDiffusionConfig fields whose default depends on the data."""
    per_dataset = registry_default_fields(DIFFUSE)
    return tuple(f.name for f in fields(ImageDiffusionConfig) if f.name in per_dataset)


def to_signed(images: np.ndarray) -> np.ndarray:
    """[0, 1] -> [-1, 1]."""
    return (2.0 * np.asarray(images, np.float32) - 1.0).astype(np.float32)


def to_unit(images: np.ndarray) -> np.ndarray:
    """[-1, 1] -> [0, 1], clipping what a sampler left outside."""
    return np.clip((np.asarray(images, np.float32) + 1.0) * 0.5, 0.0, 1.0)


# The range of the data a model trained on, by whether it was centred: what a clipped x0 estimate keeps to.
DATA_RANGES = {True: (-1.0, 1.0), False: (0.0, 1.0)}


def samples_to_unit(images: np.ndarray, cfg: "ImageDiffusionConfig") -> np.ndarray:
    """A sampler's images in [0, 1]: rescaled from [-1, 1] where the model was trained centred, else clamped."""
    return to_unit(images) if cfg.centred else np.clip(np.asarray(images, np.float32), 0.0, 1.0)


def time_inputs(x: np.ndarray, t, cfg: ImageDiffusionConfig) -> tuple[np.ndarray, np.ndarray | None]:
    """(flat network image input, time features or None) of images x [b, c, H, W]
    at integer steps t (one for every row, or one per row): the time as input
    channels after the image's ("channels"), or as sin/cos features [b, 2F]."""
    t_rows = np.broadcast_to(np.asarray(t), (len(x),))
    if cfg.reads_time_features:
        flat = np.ascontiguousarray(np.asarray(x, np.float32).reshape(len(x), -1))
        return flat, sincos_features(t_rows, cfg.n_freq, TMAX)
    if cfg.time_embed == "sincos":
        full = prepend_sincos_t(x, t_rows, cfg.n_freq, TMAX)
    else:
        full = prepend_t_channel(x, t_rows, TMAX)
    return np.ascontiguousarray(full.reshape(len(full), -1)), None


def denoiser_input(x: np.ndarray, t, cfg: ImageDiffusionConfig) -> np.ndarray:
    """The flat image input alone (the channel conditioning's whole input)."""
    return time_inputs(x, t, cfg)[0]


def snr_weights(abar_t: np.ndarray, prediction: str, gamma: float) -> np.ndarray:
    """Min-SNR-gamma (Hang et al. 2023) in the units of the prediction: the eps
    loss is SNR times the x0 loss and (SNR + 1) times the v loss, so
    min(SNR, gamma) on x0 is min(SNR, gamma) / SNR on eps and / (SNR + 1) on v."""
    snr = abar_t.astype(np.float64) / (1.0 - abar_t.astype(np.float64))
    clipped = np.minimum(snr, gamma)
    scale = {"eps": snr, "x0": np.ones_like(snr), "v": snr + 1.0}[prediction]
    return (clipped / scale).astype(np.float32)


def flow_time(t_idx) -> np.ndarray:
    """The flow time t of an integer index, kept at least 1/TMAX (the clean end would divide by 0)."""
    return np.maximum(np.asarray(t_idx, np.float64) / TMAX, 1.0 / TMAX)


def flow_snr_weights(t_idx: np.ndarray, prediction: str, gamma: float) -> np.ndarray:
    """Min-SNR-gamma on the path x_t = (1 - t) x0 + t eps (SNR = ((1 - t) / t)^2): min(SNR, gamma) on x0,
    times t^2 on the velocity (v - v_hat = (x0_hat - x0) / t)."""
    t = flow_time(t_idx)
    clipped = np.minimum(((1.0 - t) / t) ** 2, gamma)
    return (clipped * (t * t if prediction == "velocity" else 1.0)).astype(np.float32)


def ddpm_target(x0: np.ndarray, eps: np.ndarray, abar_t: np.ndarray, prediction: str) -> np.ndarray:
    """What the network learns at x_t = sqrt(abar) x0 + sqrt(1 - abar) eps."""
    if prediction == "eps":
        return eps
    if prediction == "x0":
        return np.asarray(x0, np.float32)
    a = np.sqrt(abar_t.astype(np.float64)).reshape(-1, 1, 1, 1)
    s = np.sqrt(1.0 - abar_t.astype(np.float64)).reshape(-1, 1, 1, 1)
    return (a * eps - s * x0).astype(np.float32)  # v


@dataclass
class StepBatch:
    """One step's host inputs."""

    x: np.ndarray  # the flat network input
    tfeat: np.ndarray | None
    target: np.ndarray
    weight: np.ndarray | None


def training_batch(x0: np.ndarray, step: int, cfg: ImageDiffusionConfig, abar: np.ndarray) -> StepBatch:
    seed = (cfg.seed << NOISE_SEED_SHIFT) + step
    if cfg.method == "ddpm":
        x_t, eps, t = step_inputs(x0, abar, seed)
        abar_t = abar[t]
        target = ddpm_target(x0, eps, abar_t, cfg.prediction)
        weight = snr_weights(abar_t, cfg.prediction, cfg.snr_gamma) if cfg.weighting != "none" else None
    else:
        x_t, velocity, t = flow_step_inputs(x0, None, seed, TMAX, FLOW_COUPLINGS[cfg.method])
        # minibatch OT reorders the noise, not the images, so x0 is still the target's clean image
        target = velocity if cfg.prediction == "velocity" else np.asarray(x0, np.float32)
        weight = flow_snr_weights(t, cfg.prediction, cfg.snr_gamma) if cfg.weighting != "none" else None
    x_in, tfeat = time_inputs(x_t, t, cfg)
    return StepBatch(x_in, tfeat, target, weight)


def training_pair(x0: np.ndarray, step: int, cfg: ImageDiffusionConfig, abar: np.ndarray):
    """(flat network input, target) of one step (the channel conditioning's view)."""
    batch = training_batch(x0, step, cfg, abar)
    return batch.x, batch.target


class ImageDenoiserTask(Task):
    kind = "image-diffusion"

    def __init__(self, cfg: ImageDiffusionConfig, data):
        self.cfg, self.data = cfg, data
        self.global_batch = cfg.global_batch
        # the step's batch: the whole batch, which the mesh's "data" axis splits
        self.model = cfg.network(data.image_shape, self.global_batch)
        if cfg.is_unet:  # its channels against the mesh's "model" axis, before anything trains
            unet.check_mesh(self.model, cfg.step_mesh())
        self.x_train = to_signed(data.x_train) if cfg.centred else np.asarray(data.x_train, np.float32)
        self.steps_per_epoch = len(data.x_train) // self.global_batch
        self.abar = cosine_schedule(TMAX)
        self.monitor = None  # (epoch, weights) -> metrics, e.g. eval_image.QualityMonitor

    def param_specs(self):
        return unet.all_specs(self.model) if self.cfg.is_unet else param_specs(self.model)

    def parameter_count(self, params) -> int:
        """Trainable parameters (BatchNorm's running statistics not counted)."""
        if self.cfg.is_unet:
            return unet.parameter_count(self.model)
        return super().parameter_count(params)

    def initial_params(self):
        if self.cfg.is_unet:
            return unet.init_params(self.model)
        return init_params(self.model, self.cfg.seed)

    def step_module(self):
        if self.cfg.is_unet:
            return unet.unet_step_module(self.model, self.cfg.hyper(), mesh=self.cfg.step_mesh())
        return denoiser_step_module(self.model, self.cfg.hyper(), mesh=self.cfg.step_mesh())

    def epoch_batches(self, rng, epoch):
        return row_batches(rng, len(self.x_train), self.global_batch, self.steps_per_epoch)

    def step_inputs(self, rows, step, rng):
        batch = training_batch(self.x_train[rows], step, self.cfg, self.abar)
        trailing = [a for a in (batch.tfeat, batch.target, batch.weight) if a is not None]
        return [batch.x], trailing

    def config(self) -> dict:
        return asdict(self.cfg)

    def evaluate(self, loop, params, ema) -> dict:
        if self.monitor is None:
            return {}
        return self.monitor(loop.state.epoch, ema if ema is not None else params)

    def loop_config(self) -> LoopConfig:
        return loop_config(self.cfg, self.steps_per_epoch, decay=self.cfg.lr_decay, ema=self.cfg.ema,
                           label=f"train {self.cfg.method}")


def load_image_data(cfg: ImageDiffusionConfig):
    from ..data import load_dataset
    return load_dataset(cfg.data, cfg.data_dir)


class ImageDiffusionTrainer:
    def __init__(self, cfg: ImageDiffusionConfig, run_dir: Path, dataset=None, log=print,
                 checkpoint_seconds: float = 30.0, backend: str = DEFAULT_BACKEND):
        check_backend(backend, cfg.devices_per_process)  # before the data loads
        self.cfg, self.run_dir, self.log = cfg, Path(run_dir), log
        self.backend = backend  # vitir.backend.compile_module's: pjrt or iree[:platform]
        self.checkpoint_seconds = checkpoint_seconds
        self.data = load_image_data(cfg) if dataset is None else dataset
        require_batch_fits("batch", cfg.global_batch, self.data)
        self.task = ImageDenoiserTask(cfg, self.data)
        self.steps_per_epoch = self.task.steps_per_epoch
        self.total_steps = self.steps_per_epoch * cfg.epochs
        self.model = self.task.model
        self.state = None

    def train(self, resume: bool = False) -> dict:
        """Train to cfg.epochs (from the checkpoint when resuming); returns the run's summary."""
        cfg = self.cfg
        loop_cfg = replace(self.task.loop_config(), checkpoint_seconds=self.checkpoint_seconds, backend=self.backend)
        loop = TrainingLoop(self.task, loop_cfg, self.run_dir, seed=cfg.seed, log=self.log)
        summary = loop.run(resume)
        self.state = loop.state
        result = {**summary, "config": asdict(cfg)}
        write_json_atomic(self.run_dir / "train.json", result)
        epochs_run = [m for m in read_metrics(self.run_dir / "metrics.jsonl") if m.get("kind") == "epoch"]
        plot_epoch_curves(epochs_run, self.run_dir / "curves.png", f"{cfg.method} on {cfg.data}",
                          f"train loss (MSE on the {cfg.prediction})")
        return result

    def sampling_weights(self) -> list[np.ndarray]:
        """The EMA of the weights when the run keeps one, else the weights."""
        return self.state.ema if self.state.ema is not None else self.state.params


def eps_from_prediction(x: np.ndarray, prediction: np.ndarray, abar_t: float, predicts: str,
                        clip: tuple[float, float] | None = None) -> np.ndarray:
    """The noise estimate the VP samplers take, from an eps, x0 or v prediction at x_t = x. With
    `clip` (low, high), the clean image the prediction implies is first clipped to that range and
    the noise taken from it (DDPM's clipped denoised estimate: no step aims outside the data)."""
    if predicts == "eps" and clip is None:
        return prediction
    a, s = np.sqrt(np.float64(abar_t)), np.sqrt(1.0 - np.float64(abar_t))
    if clip is not None:
        x0 = {"eps": lambda: (x - s * prediction) / a, "x0": lambda: prediction,
              "v": lambda: a * x - s * prediction}[predicts]()
        return ((x - a * np.clip(x0, *clip)) / s).astype(np.float32)
    if predicts == "x0":
        return ((x - a * prediction) / s).astype(np.float32)
    return (a * prediction + s * x).astype(np.float32)  # v: eps = a v + s x_t


def velocity_from_prediction(x: np.ndarray, prediction: np.ndarray, t_idx: int, predicts: str) -> np.ndarray:
    """The velocity the flow samplers take, from a velocity or x0 prediction at x_t = x:
    v = eps - x0 = (x_t - x0) / t on x_t = (1 - t) x0 + t eps."""
    if predicts == "velocity":
        return prediction
    return ((x - prediction) / np.float32(flow_time(t_idx))).astype(np.float32)


class ImageDenoiser:
    """Trained weights as the samplers' model: (x [n, c, H, W], t_idx) -> eps (DDPM) or the velocity (flow).

    Rows go through the forward module in chunks of at most `chunk` (the last
    one padded), each batch size compiled once.
    """

    def __init__(self, params: list[np.ndarray], cfg: ImageDiffusionConfig, image_shape, chunk: int = 250,
                 backend: str = DEFAULT_BACKEND, clip_x0: bool = False):
        self.params, self.cfg, self.image_shape, self.chunk = params, cfg, tuple(image_shape), chunk
        # DDPM: the clean image each step implies, clipped to the data's range first
        self.clip = DATA_RANGES[cfg.centred] if clip_x0 else None
        self.backend = backend
        self._compiled = {}  # batch -> (executable, its argument groups, device params)
        self._abar = cosine_schedule(TMAX)

    def _executable(self, batch: int):
        if batch not in self._compiled:
            network = self.cfg.network(self.image_shape, batch)
            module = unet.unet_fwd_module(network) if self.cfg.is_unet else denoiser_fwd_module(network)
            exe = compile_graph(module, backend=self.backend)
            self._compiled[batch] = exe, signature(module).inputs, params_on_device(exe, module, self.params)
        return self._compiled[batch]

    def predict(self, x: np.ndarray, t_idx: int) -> np.ndarray:
        """The network's raw output at step t_idx."""
        n = len(x)
        batch = min(n, self.chunk)
        exe, inputs, params = self._executable(batch)
        flat, tfeat = time_inputs(x, int(t_idx), self.cfg)
        out = []
        for i in range(0, n, batch):
            rows = slice(i, i + batch)
            parts = [pad_rows(flat[rows], batch)] + ([] if tfeat is None else [pad_rows(tfeat[rows], batch)])
            (y,) = exe.execute_device(inputs.pack(leading=parts, params=params))
            out.append(np.asarray(y)[:len(flat[rows])])
        return np.concatenate(out)

    def __call__(self, x: np.ndarray, t_idx: int) -> np.ndarray:
        y = self.predict(x, t_idx)
        x = np.asarray(x, np.float32)
        if self.cfg.method == "ddpm":
            return eps_from_prediction(x, y, float(self._abar[int(t_idx)]), self.cfg.prediction, self.clip)
        return velocity_from_prediction(x, y, t_idx, self.cfg.prediction)
