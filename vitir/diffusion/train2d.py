"""Training the 2-D denoiser through PJRT and scoring its samples.

A task of the training loop (vitir.train.loop): parameters and Adam moments
stay on the device between steps; the host sends each step's noised batch
(step_inputs or flow_step_inputs, then the sin/cos time features), the
learning rate (constant) and the bias corrections. Batches are drawn with
replacement from a fixed pool of target points.

Methods: "ddpm" (eps prediction), "flow" (independent coupling), "flow-ot"
(minibatch-OT coupling), "reflow" (train "flow", draw noise/sample pairs with
it, then retrain on those fixed pairs, starting from the trained weights).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field, replace

import numpy as np

from ..backend.choice import DEFAULT_BACKEND, check_backend
from ..config_checks import as_option, require_positive_ints, require_positive_number
from ..errors import ConfigError
from ..lower.denoiser2d import PARAM_SPECS, POINT_DIM, forward_module, train_step_module
from ..lower.step_signature import signature
from ..train.loop import LoopConfig, Task, TrainingLoop, compile_graph, params_on_device
from .denoiser2d import ADAM_BETAS, denoiser_features, denoiser_features_scalar, init_denoiser_params
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
    backend: str = DEFAULT_BACKEND  # vitir.backend.compile_module's: pjrt or iree[:platform]

    def __post_init__(self):
        object.__setattr__(self, "target", resolve_target(self.target))
        if self.method not in METHODS:
            raise ConfigError(f"unknown method {self.method!r}; have {', '.join(METHODS)}")
        require_positive_ints(self, ("steps", "batch", "samples"), as_option)
        require_positive_number("--lr", self.lr)
        if self.seed < 0:
            raise ConfigError(f"--seed must be non-negative, got {self.seed}")
        check_backend(self.backend)
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


OBJECTIVE_FLOW_MODES = {"flow": FLOW_INDEPENDENT, "flow-ot": FLOW_MINIBATCH_OT, "reflow": FLOW_REFLOW}


class Denoiser2DTask(Task):
    """The 2-D denoiser: batches drawn with replacement from a pool of target points."""

    kind = "denoiser-2d"

    def __init__(self, pool: np.ndarray, objective: str, batch: int, seed: int, params=None, paired_noise=None):
        self.pool, self.objective, self.batch, self.seed = pool, objective, batch, seed
        self.flow_mode = OBJECTIVE_FLOW_MODES.get(objective)
        self.params, self.paired_noise = params, paired_noise
        self.abar = cosine_schedule(TMAX)
        self.steps = 0

    def param_specs(self):
        return list(PARAM_SPECS)

    def initial_params(self):
        return init_denoiser_params(self.seed) if self.params is None else self.params

    def step_module(self):
        return train_step_module(self.batch)

    def epoch_batches(self, rng, epoch):
        return (rng.integers(0, len(self.pool), self.batch) for _ in range(self.steps))

    def step_inputs(self, rows, step, rng):
        x0 = self.pool[rows]
        seed = (self.seed << 32) + step
        if self.flow_mode is None:
            x_t, target, t = step_inputs(x0, self.abar, seed)
        else:
            eps_in = None if self.paired_noise is None else self.paired_noise[rows]
            x_t, target, t = flow_step_inputs(x0, eps_in, seed, TMAX, self.flow_mode)
        return [denoiser_features(x_t, t)], [target]

    def config(self) -> dict:
        return {"objective": self.objective, "batch": self.batch, "seed": self.seed}


def train_denoiser(pool: np.ndarray, steps: int, *, objective: str, batch: int = 256, lr: float = 1e-3,
                   seed: int = 0, params: list[np.ndarray] | None = None, paired_noise: np.ndarray | None = None,
                   loss_every: int = 50, progress: bool = False, label: str = "train",
                   backend: str = DEFAULT_BACKEND) -> TrainResult:
    """`steps` Adam steps (constant lr) on batches from `pool` [n, 2], through the training loop.

    objective: "eps" (DDPM), "flow" (independent), "flow-ot" (minibatch OT) or
    "reflow" (pool rows paired with paired_noise rows, flow mode 1).
    """
    if objective != "eps" and objective not in OBJECTIVE_FLOW_MODES:
        raise ConfigError(f"unknown objective {objective!r}")
    if (objective == "reflow") != (paired_noise is not None):
        raise ConfigError("the reflow objective, and only it, takes paired_noise")
    task = Denoiser2DTask(pool, objective, batch, seed, params, paired_noise)
    task.steps = steps
    b1, b2 = ADAM_BETAS
    cfg = LoopConfig(epochs=1, steps_per_epoch=steps, lr=lr, decay="constant", beta1=b1, beta2=b2,
                     loss_every=loss_every, label=label, rate="steps/s", show_progress=progress,
                     backend=backend)
    log = (lambda message: print(message, file=sys.stderr, flush=True)) if progress else (lambda message: None)
    loop = TrainingLoop(task, cfg, seed=seed, log=log)
    start = time.perf_counter()
    loop.run()
    return TrainResult(loop.state.params, loop.losses, time.perf_counter() - start)


class Denoiser:
    """A trained denoiser as the samplers' model: (points [n, 2], t_idx) -> [n, 2]."""

    def __init__(self, params: list[np.ndarray], backend: str = DEFAULT_BACKEND):
        self.params = params
        self.backend = backend
        self._device_params = None

    def __call__(self, points: np.ndarray, t_idx: int) -> np.ndarray:
        module = forward_module(len(points))
        exe = compile_graph(module, backend=self.backend)
        if self._device_params is None:
            self._device_params = params_on_device(exe, module, self.params)
        args = signature(module).inputs.pack(leading=[denoiser_features_scalar(points, t_idx)],
                                             params=self._device_params)
        (y,) = exe.execute_device(args)
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
                 progress: bool = False, **kw) -> TrainResult:
    return train_denoiser(data, cfg.steps, objective=objective, batch=cfg.batch, lr=cfg.lr,
                          seed=cfg.seed + phase_index * PHASE_SEED_STRIDE, progress=progress, label=name,
                          backend=cfg.backend, **kw)


def train_method(cfg: DiffuseConfig, pool: np.ndarray, progress: bool = False) -> TrainedModel:
    """Train cfg.method's model, with a progress bar on stderr if `progress`."""
    if cfg.method == "reflow":
        return reflow(cfg, train_method(replace(cfg, method="flow"), pool, progress), progress)
    objective = "eps" if cfg.method == "ddpm" else cfg.method
    run = _train_phase(cfg, f"train {cfg.method}", objective, pool, 0, progress)
    return TrainedModel(Denoiser(run.params, cfg.backend), {"train": run.seconds}, run.losses)


def reflow(cfg: DiffuseConfig, flow: TrainedModel, progress: bool = False) -> TrainedModel:
    """Retrain a trained flow on the noise/sample pairs it draws (flow mode 1)."""
    start = time.perf_counter()
    samples, noise = reflow_pairs(flow.model, seed=cfg.seed)
    pair_seconds = time.perf_counter() - start
    run = _train_phase(cfg, "reflow", "reflow", samples, 1, progress,
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


def run_diffusion(cfg: DiffuseConfig, progress: bool = False) -> tuple[dict, dict, np.ndarray]:
    """Train, sample and score. Returns (result, clouds, reference)."""
    pool = sample_target(cfg.target, POOL_SIZE, cfg.seed)
    trained = train_method(cfg, pool, progress)
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
