"""Training the 2-D denoiser through PJRT and scoring its samples.

Parameters and Adam moments stay on the device between steps; the host sends
each step's noised batch (step_inputs or flow_step_inputs, then the sin/cos
time features), the learning rate and the bias corrections. Batches are drawn
with replacement from a fixed pool of target points.

Methods: "ddpm" (eps prediction), "flow" (independent coupling), "flow-ot"
(minibatch-OT coupling), "reflow" (train "flow", draw noise/sample pairs with
it, then retrain on those fixed pairs, starting from the trained weights).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace

import numpy as np

from ..config_checks import as_option, require_positive_ints, require_positive_number
from ..errors import ConfigError
from ..train.trainer import TrainingDiverged
from .denoiser2d import (
    ADAM_BETAS,
    PARAM_SPECS,
    POINT_DIM,
    denoiser_features,
    denoiser_features_scalar,
    forward_module,
    init_denoiser_params,
    train_step_module,
)
from .metrics import energy_distance, energy_distance_floor
from .rng import sample_noise
from .samplers import FLOW_SAMPLER_NFE, SAMPLER_NFE, TMAX, TIME_GRIDS, sample, sample_flow, start_noise
from .schedule import cosine_schedule
from .step_inputs import FLOW_INDEPENDENT, FLOW_MINIBATCH_OT, FLOW_REFLOW, flow_step_inputs, step_inputs
from .targets import TARGET_NAMES, sample_target

METHODS = ("ddpm", "flow", "flow-ot", "reflow")
# Short names the reference's drivers use, beside vitir's own.
TARGET_ALIASES = {"8gaussians": "eight_gaussians", "moons": "two_moons", "mullerbrown": "muller_brown"}
DEFAULT_SAMPLER = {"ddpm": "ddim", "flow": "fm-euler", "flow-ot": "fm-euler", "reflow": "fm-euler"}

POOL_SIZE = 32768
# The ED reference: a separate draw, its two halves 2048 points each (the ED subsample size).
REFERENCE_SIZE = 4096
REFERENCE_SEED = 1_000_003
# Phase i trains with seed + i * stride (step noise seeds are then (seed << 32) + step),
# so reflow's retraining draws batches and times unlike the first flow's.
PHASE_SEED_STRIDE = 1 << 24
REFLOW_PAIRS = 8192
REFLOW_PAIR_NFE = 100
REFLOW_PAIR_SAMPLER = "fm-heun"
REFLOW_NOISE_SEED = 424_242


def resolve_target(name: str) -> str:
    name = TARGET_ALIASES.get(name, name)
    if name not in TARGET_NAMES:
        have = ", ".join(sorted([*TARGET_NAMES, *TARGET_ALIASES]))
        raise ConfigError(f"unknown target {name!r}; have {have}")
    return name


@dataclass(frozen=True)
class DiffuseConfig:
    target: str = "eight_gaussians"
    method: str = "ddpm"
    steps: int = 20000
    batch: int = 256
    lr: float = 1e-3
    seed: int = 0
    samples: int = 512
    samplers: tuple[str, ...] = ()  # empty: the method's default
    nfes: tuple[int, ...] = (2, 10, 50)
    etas: tuple[float, ...] = (0.0,)  # DDIM only
    grid: str = "uniform"  # VP ODE/SDE samplers only
    backend: str = "pjrt"  # vitir.backend.compile_module's: pjrt or iree[:platform]

    def __post_init__(self):
        object.__setattr__(self, "target", resolve_target(self.target))
        if self.method not in METHODS:
            raise ConfigError(f"unknown method {self.method!r}; have {', '.join(METHODS)}")
        require_positive_ints(self, ("steps", "batch", "samples"), as_option)
        require_positive_number("--lr", self.lr)
        if self.seed < 0:
            raise ConfigError(f"--seed must be non-negative, got {self.seed}")
        if not self.samplers:
            object.__setattr__(self, "samplers", (DEFAULT_SAMPLER[self.method],))
        allowed = tuple(SAMPLER_NFE) if self.method == "ddpm" else tuple(FLOW_SAMPLER_NFE)
        for name in self.samplers:
            if name not in allowed:
                raise ConfigError(f"sampler {name!r} does not fit method {self.method}; use {', '.join(allowed)}")
        if not self.nfes or any(n < 1 for n in self.nfes):
            raise ConfigError(f"--nfe needs positive integers, got {','.join(map(str, self.nfes))}")
        if any(n > TMAX for n in self.nfes) and "ddim" in self.samplers:
            raise ConfigError(f"DDIM takes at most {TMAX} NFE")
        if not self.etas or any(not (0.0 <= e <= 1.0) for e in self.etas):
            raise ConfigError(f"--eta needs values in [0, 1], got {','.join(map(str, self.etas))}")
        if self.grid not in TIME_GRIDS:
            raise ConfigError(f"unknown time grid {self.grid!r}; have {', '.join(TIME_GRIDS)}")


@dataclass
class TrainResult:
    params: list[np.ndarray]
    losses: list[tuple[int, float]] = field(default_factory=list)  # (step, loss), every loss_every steps
    seconds: float = 0.0


def train_denoiser(pool: np.ndarray, steps: int, *, objective: str, batch: int = 256, lr: float = 1e-3,
                   seed: int = 0, params: list[np.ndarray] | None = None, paired_noise: np.ndarray | None = None,
                   loss_every: int = 50, progress=None, backend: str = "pjrt") -> TrainResult:
    """`steps` Adam steps on batches from `pool` [n, 2].

    objective: "eps" (DDPM), "flow" (independent), "flow-ot" (minibatch OT) or
    "reflow" (pool rows paired with paired_noise rows, flow mode 1).
    """
    from ..backend import compile_module, to_host
    from ..print import print_module

    flow_mode = {"flow": FLOW_INDEPENDENT, "flow-ot": FLOW_MINIBATCH_OT, "reflow": FLOW_REFLOW}.get(objective)
    if objective != "eps" and flow_mode is None:
        raise ConfigError(f"unknown objective {objective!r}")
    if (objective == "reflow") != (paired_noise is not None):
        raise ConfigError("the reflow objective, and only it, takes paired_noise")
    exe = compile_module(print_module(train_step_module(batch)), backend=backend)
    params = init_denoiser_params(seed) if params is None else params
    state = params + [np.zeros_like(p) for p in params] * 2
    dev = [exe.to_device(a, i + 1) for i, a in enumerate(state)]
    k = len(params)
    abar = cosine_schedule(TMAX)
    rng = np.random.default_rng(seed)
    seed_base = seed << 32
    b1, b2 = ADAM_BETAS
    lr32 = np.float32(lr)
    result = TrainResult(params)
    start = time.perf_counter()
    for step in range(1, steps + 1):
        rows = rng.integers(0, len(pool), batch)
        x0 = pool[rows]
        if flow_mode is None:
            x_t, target, t = step_inputs(x0, abar, seed_base + step)
        else:
            eps_in = None if paired_noise is None else paired_noise[rows]
            x_t, target, t = flow_step_inputs(x0, eps_in, seed_base + step, TMAX, flow_mode)
        args = [denoiser_features(x_t, t), *dev,
                lr32, np.float32(1.0 - b1 ** step), np.float32(1.0 - b2 ** step), target]
        outs = exe.execute_device(args)
        dev = outs[:3 * k]
        if step % loss_every == 0 or step == steps:
            # Reading the loss waits for the device, so only every loss_every steps.
            loss = float(np.asarray(outs[3 * k]))
            if not math.isfinite(loss):
                raise TrainingDiverged(f"loss became {loss} at step {step} (lr {lr:g})")
            result.losses.append((step, loss))
            if progress is not None:
                elapsed = time.perf_counter() - start
                progress.update(step, loss=f"{loss:.4f}", **{"steps/s": f"{step / max(elapsed, 1e-9):.0f}"})
    result.params = [np.array(a, dtype=np.float32) for a in to_host(dev[:k])]
    result.seconds = time.perf_counter() - start
    return result


class Denoiser:
    """A trained denoiser as the samplers' model: (points [n, 2], t_idx) -> [n, 2]."""

    def __init__(self, params: list[np.ndarray], backend: str = "pjrt"):
        self.params = params
        self.backend = backend
        self._device_params = None

    def __call__(self, points: np.ndarray, t_idx: int) -> np.ndarray:
        from ..backend import compile_module
        from ..print import print_module

        exe = compile_module(print_module(forward_module(len(points))), backend=self.backend)
        if self._device_params is None:
            self._device_params = [exe.to_device(p, i + 1) for i, p in enumerate(self.params)]
        (y,) = exe.execute_device([denoiser_features_scalar(points, t_idx), *self._device_params])
        return np.asarray(y)


def reflow_pairs(model: Denoiser, count: int | None = None, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """(samples, noise): the trained flow carried `count` (default REFLOW_PAIRS) noise points to data."""
    count = REFLOW_PAIRS if count is None else count
    noise = sample_noise(count * POINT_DIM, REFLOW_NOISE_SEED + seed).reshape(count, POINT_DIM)
    return sample_flow(model, noise, REFLOW_PAIR_NFE, REFLOW_PAIR_SAMPLER), noise


@dataclass
class TrainedModel:
    model: Denoiser
    seconds: dict[str, float]  # per phase
    losses: list[tuple[int, float]]


def _train_phase(cfg: DiffuseConfig, name: str, objective: str, data: np.ndarray, phase_index: int,
                 progress_for=None, **kw) -> TrainResult:
    bar = progress_for(name, cfg.steps) if progress_for else None
    out = train_denoiser(data, cfg.steps, objective=objective, batch=cfg.batch, lr=cfg.lr,
                         seed=cfg.seed + phase_index * PHASE_SEED_STRIDE, progress=bar, backend=cfg.backend, **kw)
    if bar is not None:
        bar.close()
    return out


def train_method(cfg: DiffuseConfig, pool: np.ndarray, progress_for=None) -> TrainedModel:
    """Train cfg.method's model; `progress_for(phase, steps)` makes a progress bar (or None)."""
    if cfg.method == "reflow":
        return reflow(cfg, train_method(replace(cfg, method="flow"), pool, progress_for), progress_for)
    objective = "eps" if cfg.method == "ddpm" else cfg.method
    run = _train_phase(cfg, f"train {cfg.method}", objective, pool, 0, progress_for)
    return TrainedModel(Denoiser(run.params, cfg.backend), {"train": run.seconds}, run.losses)


def reflow(cfg: DiffuseConfig, flow: TrainedModel, progress_for=None) -> TrainedModel:
    """Retrain a trained flow on the noise/sample pairs it draws (flow mode 1)."""
    start = time.perf_counter()
    samples, noise = reflow_pairs(flow.model, seed=cfg.seed)
    pair_seconds = time.perf_counter() - start
    run = _train_phase(cfg, "reflow", "reflow", samples, 1, progress_for,
                       params=flow.model.params, paired_noise=noise)
    return TrainedModel(Denoiser(run.params, cfg.backend),
                        {"train": flow.seconds["train"], "pairs": pair_seconds, "retrain": run.seconds},
                        flow.losses + [(cfg.steps + s, loss) for s, loss in run.losses])


def ed_reference(target: str) -> tuple[np.ndarray, float]:
    """The target cloud samples are scored against, and its floor."""
    reference = sample_target(target, REFERENCE_SIZE, REFERENCE_SEED)
    return reference, energy_distance_floor(reference)


def score_samplers(model, samplers, nfes, samples: int, reference: np.ndarray, floor: float,
                   etas=(0.0,), grid: str = "uniform") -> tuple[list[dict], dict]:
    """ED of each (sampler, eta, NFE) cloud against `reference`.

    Returns (rows, clouds); eta is None for samplers other than DDIM, and
    clouds maps (sampler, eta, nfe) to the [samples, 2] points.
    """
    x_init = start_noise((samples, POINT_DIM))
    rows, clouds = [], {}
    for sampler in samplers:
        for eta in (etas if sampler == "ddim" else (None,)):
            for nfe in nfes:
                points = sample(sampler, model, x_init, nfe, eta or 0.0, grid)
                ed = energy_distance(points, reference)
                rows.append({"sampler": sampler, "eta": eta, "nfe": nfe, "ed": ed, "floor": floor,
                             "ratio": ed / floor})
                clouds[(sampler, eta, nfe)] = points
    return rows, clouds


def run_diffusion(cfg: DiffuseConfig, progress_for=None) -> tuple[dict, dict, np.ndarray]:
    """Train, sample and score. Returns (result, clouds, reference)."""
    pool = sample_target(cfg.target, POOL_SIZE, cfg.seed)
    trained = train_method(cfg, pool, progress_for)
    reference, floor = ed_reference(cfg.target)
    start = time.perf_counter()
    rows, clouds = score_samplers(trained.model, cfg.samplers, cfg.nfes, cfg.samples, reference, floor,
                                  cfg.etas, cfg.grid)
    result = {
        "target": cfg.target,
        "method": cfg.method,
        "steps": cfg.steps,
        "batch": cfg.batch,
        "lr": cfg.lr,
        "seed": cfg.seed,
        "samples": cfg.samples,
        "grid": cfg.grid,
        "backend": cfg.backend,
        "parameters": sum(int(np.prod(s)) for _, s in PARAM_SPECS),
        "train_seconds": sum(trained.seconds.values()),
        "phase_seconds": trained.seconds,
        "sample_seconds": time.perf_counter() - start,
        "final_loss": trained.losses[-1][1] if trained.losses else None,
        "floor": floor,
        "rows": rows,
    }
    return result, clouds, reference
