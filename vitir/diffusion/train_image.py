"""Training the ViT denoiser on images through PJRT: DDPM (predicting the noise)
or flow matching (predicting the velocity), with an optional EMA of the weights.

Parameters, AdamW moments and the EMA stay on the device between steps; the
host sends each step's noised batch with its time channels, the learning rate
and the bias corrections. Images are scaled from [0, 1] to [-1, 1]. Each epoch
ends in a line in metrics.jsonl and, at most every `checkpoint_seconds`, an
atomic checkpoint. The batch order comes from the saved RNG and each step's
noise from a seed fixed by the step number, so a stopped run resumes to
bit-identical weights.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ..ast import FunctionBuilder, Module, TensorType
from ..config_checks import as_option, from_known_fields, require_positive_ints, require_positive_number
from ..errors import ConfigError
from ..lower import AdamHyper, ViTConfig, param_specs
from ..lower.denoiser import denoiser_config, denoiser_fwd_module, denoiser_step_module
from ..train.checkpoint import Checkpoint, load_checkpoint, save_checkpoint
from ..train.init import init_params
from ..train.progress import Progress
from ..train.plots import plot_epoch_curves
from ..train.schedule import bias_corrections, learning_rate
from ..train.rundir import read_metrics, to_host_list, write_json_atomic, write_metrics
from ..train.trainer import TrainingDiverged
from .samplers import TMAX
from .schedule import cosine_schedule
from .step_inputs import FLOW_INDEPENDENT, FLOW_MINIBATCH_OT, flow_step_inputs, step_inputs
from .time_embed import prepend_sincos_t, prepend_sincos_t_scalar, prepend_t_channel, prepend_t_channel_scalar

IMAGE_DATASETS = ("digits", "mnist")
IMAGE_METHODS = ("ddpm", "flow", "flow-ot")
# Flow matching couples each image with noise independently, or by a minimum-cost assignment per batch.
FLOW_COUPLINGS = {"flow": FLOW_INDEPENDENT, "flow-ot": FLOW_MINIBATCH_OT}
TIME_EMBEDS = ("sincos", "t")
# 8x8 digits in 2x2 patches and 28x28 MNIST in 4x4 patches both give a short token sequence (16 and 49).
DEFAULT_PATCH = {"digits": 2, "mnist": 4}
# EMA decay warms up as (1 + t) / (10 + t), so early weights do not linger in a short run.
EMA_WARMUP = (1.0, 10.0)
# Each step's training noise uses seed (seed << 32) + step, as the 2-D trainer does.
NOISE_SEED_SHIFT = 32


@dataclass(frozen=True)
class ImageDiffusionConfig:
    data: str = "digits"
    data_dir: str | None = None
    method: str = "ddpm"
    time_embed: str = "sincos"
    n_freq: int = 8  # sin/cos pairs of the sincos embedding
    patch: int = 0  # 0: DEFAULT_PATCH of the data
    width: int = 128
    depth: int = 4
    heads: int = 4
    mlp: int = 256
    batch: int = 128
    epochs: int = 400
    lr: float = 2e-3
    warmup_epochs: float = 5.0
    beta1: str = "0.9"
    beta2: str = "0.999"
    wd: str = "0.0"
    ema: float = 0.0  # decay of the EMA of the weights; 0 keeps none
    seed: int = 0

    def __post_init__(self):
        if self.data not in IMAGE_DATASETS:
            raise ConfigError(f"unknown image data {self.data!r}; have {', '.join(IMAGE_DATASETS)}")
        if self.method not in IMAGE_METHODS:
            raise ConfigError(f"unknown method {self.method!r} for images; have {', '.join(IMAGE_METHODS)}")
        if self.time_embed not in TIME_EMBEDS:
            raise ConfigError(f"unknown time embedding {self.time_embed!r}; have {', '.join(TIME_EMBEDS)}")
        if self.patch == 0:
            object.__setattr__(self, "patch", DEFAULT_PATCH[self.data])
        require_positive_ints(self, ("n_freq", "patch", "width", "depth", "heads", "mlp", "batch", "epochs"),
                              as_option)
        require_positive_number("--lr", self.lr)
        if not self.warmup_epochs >= 0:
            raise ConfigError(f"--warmup must be non-negative, got {self.warmup_epochs}")
        if not 0.0 <= self.ema < 1.0:
            raise ConfigError(f"--ema must be in [0, 1) (0: off), got {self.ema}")
        if self.seed < 0:
            raise ConfigError(f"--seed must be non-negative, got {self.seed}")

    @classmethod
    def from_dict(cls, d: dict) -> "ImageDiffusionConfig":
        return from_known_fields(cls, d)

    @property
    def time_channels(self) -> int:
        return 2 * self.n_freq if self.time_embed == "sincos" else 1

    def model(self, image_shape: tuple[int, int, int], batch: int) -> ViTConfig:
        return denoiser_config(image_shape, self.time_channels, batch, patch=self.patch, width=self.width,
                               depth=self.depth, heads=self.heads, mlp=self.mlp)

    def hyper(self) -> AdamHyper:
        return AdamHyper(b1=self.beta1, b2=self.beta2, wd=self.wd)


def to_signed(images: np.ndarray) -> np.ndarray:
    """[0, 1] -> [-1, 1]."""
    return (2.0 * np.asarray(images, np.float32) - 1.0).astype(np.float32)


def to_unit(images: np.ndarray) -> np.ndarray:
    """[-1, 1] -> [0, 1], clipping what a sampler left outside."""
    return np.clip((np.asarray(images, np.float32) + 1.0) * 0.5, 0.0, 1.0)


def denoiser_input(x: np.ndarray, t, cfg: ImageDiffusionConfig) -> np.ndarray:
    """Images [b, c, H, W] with their time channels, flat as the modules take them.
    t is one integer step for every row, or one per row."""
    if np.ndim(t) == 0:
        if cfg.time_embed == "sincos":
            full = prepend_sincos_t_scalar(x, int(t), cfg.n_freq, TMAX)
        else:
            full = prepend_t_channel_scalar(x, int(t), TMAX)
    elif cfg.time_embed == "sincos":
        full = prepend_sincos_t(x, t, cfg.n_freq, TMAX)
    else:
        full = prepend_t_channel(x, t, TMAX)
    return np.ascontiguousarray(full.reshape(len(full), -1))


def training_pair(x0: np.ndarray, step: int, cfg: ImageDiffusionConfig, abar: np.ndarray):
    """(network input, target) of one step: the noise for DDPM, the velocity for flow matching."""
    seed = (cfg.seed << NOISE_SEED_SHIFT) + step
    if cfg.method == "ddpm":
        x_t, target, t = step_inputs(x0, abar, seed)
    else:
        x_t, target, t = flow_step_inputs(x0, None, seed, TMAX, FLOW_COUPLINGS[cfg.method])
    return denoiser_input(x_t, t, cfg), target


def ema_decay(step: int, decay: float) -> float:
    """The decay used after 1-based `step`: `decay`, warmed up over the first steps."""
    a, b = EMA_WARMUP
    return min(decay, (a + step) / (b + step))


def ema_update(ema: list[np.ndarray], params: list[np.ndarray], weight: float) -> list[np.ndarray]:
    """ema + weight (params - ema) in float32, weight = 1 - decay: what ema_module computes."""
    w = np.float32(weight)
    return [(e + w * (p - e)).astype(np.float32) for e, p in zip(ema, params)]


def ema_module(specs: list[tuple[str, tuple[int, ...]]]) -> Module:
    """@ema_update(ema*k, theta*k, w) -> ema + w (theta - ema) for every parameter."""
    fb = FunctionBuilder("ema_update")
    emas = [fb.arg(f"{name}e", TensorType(dims)) for name, dims in specs]
    thetas = [fb.arg(name, TensorType(dims)) for name, dims in specs]
    weight = fb.arg("w", TensorType(()))
    out = []
    for (name, dims), e, theta in zip(specs, emas, thetas):
        w = fb.broadcast_in_dim(f"{name}w", weight, [], dims)
        step = fb.multiply(f"{name}s", w, fb.subtract(f"{name}d", theta, e))
        out.append(fb.add(f"{name}e2", e, step))
    return Module([fb.ret(*out)])


@dataclass
class ImageRunState:
    params: list
    m: list
    v: list
    ema: list | None
    step: int = 0
    epoch: int = 0
    rng: np.random.Generator = field(default_factory=np.random.default_rng)


def load_image_data(cfg: ImageDiffusionConfig):
    from ..data import load_dataset
    return load_dataset(cfg.data, cfg.data_dir)


class ImageDiffusionTrainer:
    def __init__(self, cfg: ImageDiffusionConfig, run_dir: Path, dataset=None, log=print,
                 checkpoint_seconds: float = 30.0, backend: str = "pjrt"):
        self.cfg, self.run_dir, self.log = cfg, Path(run_dir), log
        self.backend = backend  # vitir.backend.compile_module's: pjrt or iree[:platform]
        self.checkpoint_seconds = checkpoint_seconds
        self.data = load_image_data(cfg) if dataset is None else dataset
        if cfg.batch > len(self.data.x_train):
            raise ConfigError(f"batch {cfg.batch} exceeds the {len(self.data.x_train)} training images")
        self.steps_per_epoch = len(self.data.x_train) // cfg.batch
        self.total_steps = self.steps_per_epoch * cfg.epochs
        self.model = cfg.model(self.data.image_shape, cfg.batch)

    def fresh_state(self) -> ImageRunState:
        params = init_params(self.model, self.cfg.seed)
        zeros = [np.zeros_like(p) for p in params]
        ema = [p.copy() for p in params] if self.cfg.ema else None
        return ImageRunState(params, zeros, [z.copy() for z in zeros], ema, 0, 0,
                             np.random.default_rng(self.cfg.seed))

    def checkpoint_of(self, st: ImageRunState) -> Checkpoint:
        extra = {"ema": st.ema} if st.ema is not None else {}
        return Checkpoint(st.params, st.m, st.v, st.step, st.epoch, st.rng.bit_generator.state,
                          {"kind": "image-diffusion", **asdict(self.cfg)}, extra)

    def state_from(self, ck: Checkpoint) -> ImageRunState:
        rng = np.random.default_rng()
        rng.bit_generator.state = ck.rng_state
        ema = ck.extra.get("ema")
        if self.cfg.ema and ema is None:
            raise ConfigError(f"{self.run_dir} was trained without an EMA of the weights")
        return ImageRunState(ck.params, ck.m, ck.v, ema, ck.step, ck.epoch, rng)

    def train(self, resume: bool = False) -> dict:
        """Train to cfg.epochs (from the checkpoint when resuming); returns the run's summary."""
        from ..backend import compile_module
        from ..print import print_module

        cfg = self.cfg
        self.run_dir.mkdir(parents=True, exist_ok=True)
        step_text = print_module(denoiser_step_module(self.model, cfg.hyper()))
        (self.run_dir / "train_step.mlir").write_text(step_text)
        exe = compile_module(step_text, backend=self.backend)
        ema_exe = (compile_module(print_module(ema_module(param_specs(self.model))), backend=self.backend)
                   if cfg.ema else None)
        st = self.state_from(load_checkpoint(self.run_dir)) if resume else self.fresh_state()
        if resume:
            self.log(f"resuming {self.run_dir} at step {st.step} (epoch {st.epoch})")
        metrics_path = self.run_dir / "metrics.jsonl"
        write_metrics(metrics_path, read_metrics(metrics_path, upto_step=st.step) if resume else [])

        k = len(st.params)
        dev = [exe.to_device(a, i + 1) for i, a in enumerate(st.params + st.m + st.v)]
        ema_dev = None if ema_exe is None else [ema_exe.to_device(a, i) for i, a in enumerate(st.ema)]
        warmup = int(round(cfg.warmup_epochs * self.steps_per_epoch))
        b1, b2 = float(cfg.beta1), float(cfg.beta2)
        abar = cosine_schedule(TMAX)
        x_train = to_signed(self.data.x_train)
        train_seconds, last_save = 0.0, time.monotonic()
        bar = Progress(self.total_steps, f"train {cfg.method}")
        bar.done = st.step

        def host_state():
            st.params, st.m, st.v = (to_host_list(dev[i * k:(i + 1) * k]) for i in range(3))
            st.ema = None if ema_dev is None else to_host_list(ema_dev)

        with open(metrics_path, "a") as mf:
            for epoch in range(st.epoch, cfg.epochs):
                order = st.rng.permutation(len(x_train))
                start, losses = time.perf_counter(), []
                for i in range(self.steps_per_epoch):
                    t = st.step + 1
                    x_in, target = training_pair(x_train[order[i * cfg.batch:(i + 1) * cfg.batch]], t, cfg, abar)
                    lr = learning_rate(t, self.total_steps, cfg.lr, warmup)
                    bc1, bc2 = bias_corrections(t, b1, b2)
                    outs = exe.execute_device([x_in, *dev, np.float32(lr), np.float32(bc1), np.float32(bc2),
                                               target])
                    loss = float(np.asarray(outs[3 * k]))
                    if not math.isfinite(loss):
                        bar.close()
                        raise TrainingDiverged(f"loss became {loss} at step {t} (lr {lr:.3g}); the last good "
                                               f"checkpoint is kept in {self.run_dir}")
                    dev = list(outs[:3 * k])
                    if ema_dev is not None:
                        weight = np.float32(1.0 - ema_decay(t, cfg.ema))
                        ema_dev = list(ema_exe.execute_device([*ema_dev, *dev[:k], weight]))
                    st.step = t
                    losses.append(loss)
                    done = (i + 1) * cfg.batch / max(time.perf_counter() - start, 1e-9)
                    bar.update(t, epoch=f"{epoch + 1}/{cfg.epochs}", loss=f"{loss:.4f}", lr=f"{lr:.2e}",
                               **{"img/s": f"{done:.0f}"})
                seconds = time.perf_counter() - start
                train_seconds += seconds
                st.epoch = epoch + 1
                mf.write(json.dumps({"kind": "epoch", "step": st.step, "epoch": st.epoch,
                                     "loss": float(np.mean(losses)), "lr": lr, "seconds": seconds}) + "\n")
                mf.flush()
                if st.epoch == cfg.epochs or time.monotonic() - last_save >= self.checkpoint_seconds:
                    host_state()
                    save_checkpoint(self.run_dir, self.checkpoint_of(st))
                    last_save = time.monotonic()
        bar.close()
        host_state()
        epochs_run = [m for m in read_metrics(metrics_path) if m.get("kind") == "epoch"]
        result = {
            "steps": st.step,
            "epochs": st.epoch,
            "steps_per_epoch": self.steps_per_epoch,
            "train_seconds_this_run": train_seconds,
            "train_seconds": float(sum(m["seconds"] for m in epochs_run)),
            "seconds_per_epoch": float(np.median([m["seconds"] for m in epochs_run])) if epochs_run else None,
            "final_loss": epochs_run[-1]["loss"] if epochs_run else None,
            "parameters": int(sum(p.size for p in st.params)),
            "config": asdict(cfg),
            "backend": self.backend,
        }
        write_json_atomic(self.run_dir / "train.json", result)
        target = "eps" if cfg.method == "ddpm" else "velocity"
        plot_epoch_curves(epochs_run, self.run_dir / "curves.png", f"{cfg.method} on {cfg.data}",
                          f"train loss (MSE on the {target})")
        self.state = st
        return result

    def sampling_weights(self) -> list[np.ndarray]:
        """The EMA of the weights when the run keeps one, else the weights."""
        return self.state.ema if self.state.ema is not None else self.state.params


class ImageDenoiser:
    """Trained weights as the samplers' model: (x [n, c, H, W], t_idx) -> [n, c, H, W].

    Rows go through the forward module in chunks of at most `chunk` (the last
    one padded), each batch size compiled once.
    """

    def __init__(self, params: list[np.ndarray], cfg: ImageDiffusionConfig, image_shape, chunk: int = 250,
                 backend: str = "pjrt"):
        self.params, self.cfg, self.image_shape, self.chunk = params, cfg, tuple(image_shape), chunk
        self.backend = backend
        self._compiled = {}  # batch -> (executable, device params)

    def _executable(self, batch: int):
        if batch not in self._compiled:
            from ..backend import compile_module
            from ..print import print_module

            exe = compile_module(print_module(denoiser_fwd_module(self.cfg.model(self.image_shape, batch))),
                                 backend=self.backend)
            self._compiled[batch] = exe, [exe.to_device(p, i + 1) for i, p in enumerate(self.params)]
        return self._compiled[batch]

    def __call__(self, x: np.ndarray, t_idx: int) -> np.ndarray:
        n = len(x)
        batch = min(n, self.chunk)
        exe, params = self._executable(batch)
        flat = denoiser_input(x, int(t_idx), self.cfg)
        out = []
        for i in range(0, n, batch):
            part = flat[i:i + batch]
            rows = len(part)
            if rows < batch:
                part = np.concatenate([part, np.zeros((batch - rows, part.shape[1]), np.float32)])
            (y,) = exe.execute_device([part, *params])
            out.append(np.asarray(y)[:rows])
        return np.concatenate(out)
