"""`vitir train`: the classifier as a task of the training loop (loop.py).

The scheduled AdamW step (vitir.lower.adam_sched_module) takes the
standardised, randomly shifted batch and its one-hot labels; each epoch ends
with the test accuracy (the forward module) in metrics.jsonl. Defaults depend
on the dataset (its entry in the registry, vitir/data): a model sized for the
8x8 digits, another for 28x28 MNIST, each finishing in minutes on a laptop CPU.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import numpy as np

from ..backend.choice import DEFAULT_BACKEND
from ..backend.distributed import SINGLE_PROCESS, ProcessGroup
from ..config_checks import (as_option, check_adam_literals, f32_option, from_known_fields, require_positive_ints,
                             require_positive_number)
from ..data import CLASSIFY
from ..data.registry import default_fields as registry_default_fields
from ..errors import ConfigError, TrainingDiverged  # noqa: F401 - TrainingDiverged re-exported
from ..lower import AdamHyper, ViTConfig, param_specs
from ..lower.derived import BACKWARDS
from ..lower.lowering import LOWERINGS
from ..lower.sharding import DATA, axis_size, check_heads, device_count, parse_mesh, step_mesh
from .init import init_params
from .loop import LoopConfig, Task, TrainingLoop, compile_graph, row_batches
from .task_config import (dataset_defaults_into, loop_config, pad_rows, require_batch_fits, require_dataset)
from .rundir import standardise, write_json_atomic

# The AdamW hyperparameters given as decimal text, spliced into the step as f32 literals.
ADAM_LITERALS = ("beta1", "beta2", "eps", "wd")


@dataclass
class TrainConfig:
    dataset: str = "digits"
    data_dir: str | None = None
    image_size: int | None = None
    patch: int | None = None  # None: the dataset's default (the registry's)
    width: int | None = None
    depth: int | None = None
    heads: int | None = None
    mlp: int | None = None
    batch: int = 64  # per "data" shard of the mesh (per replica); the global batch is batch x the "data" axis
    replicas: int = 1  # devices per process: the mesh data=replicas x processes
    mesh: str | None = None  # a device mesh such as data=2,model=2 over every process's devices (instead of replicas)
    mesh_roles: str | None = None  # which axis of --mesh plays data and model (data=batch,model=tp); None: by name
    processes: int = 1  # one per host, joined by vitir launch or --coordinator
    epochs: int | None = None
    lr: float = 4e-3
    warmup_epochs: float = 2.0
    beta1: str = "0.9"
    beta2: str = "0.999"
    eps: str = "1.0e-8"
    wd: str = "0.05"
    label_smoothing: float = 0.1
    augment: bool = True  # random 1-pixel shifts (digits and MNIST-sized images)
    seed: int = 0
    eval_batch: int = 128
    lowering: str = "fast"
    backward: str = "hand"  # the layers' hand-derived backward, or "derived" by vitir.autodiff

    def __post_init__(self):
        dataset_defaults_into(self, self.dataset, CLASSIFY)
        # Fields are `vitir train`'s flags, so messages name them as flags.
        require_positive_ints(self, ("patch", "width", "depth", "heads", "mlp", "batch", "replicas", "processes",
                                     "epochs", "eval_batch", *(("image_size",) if self.image_size is not None else ())),
                              as_option)
        require_positive_number("--lr", self.lr)
        if not isinstance(self.seed, int) or self.seed < 0:
            raise ConfigError(f"--seed must be a non-negative integer, got {self.seed!r}")
        if self.lowering not in LOWERINGS:
            raise ConfigError(f"unknown --lowering {self.lowering!r}; choose one of {', '.join(LOWERINGS)}")
        if self.backward not in BACKWARDS:
            raise ConfigError(f"unknown --backward {self.backward!r}; choose one of {', '.join(BACKWARDS)}")
        if self.image_size is not None and self.image_size % self.patch:
            raise ConfigError(f"--image-size {self.image_size} is not divisible by --patch {self.patch}")
        require_dataset(self.dataset, self.data_dir, CLASSIFY)
        if self.mesh is not None:
            self._check_mesh()
        elif self.mesh_roles is not None:
            raise ConfigError("--mesh-roles names the roles of --mesh's axes: give --mesh too")
        for name in ADAM_LITERALS:
            setattr(self, name, f32_option(getattr(self, name), as_option(name)))
        check_adam_literals({name: getattr(self, name) for name in ADAM_LITERALS}, as_option)

    def _check_mesh(self) -> None:
        mesh = parse_mesh(self.mesh, self.mesh_roles)
        if self.replicas > 1:
            raise ConfigError(f"give --mesh or --replicas, not both (--replicas {self.replicas} is the mesh "
                              f"data={self.replicas})")
        if device_count(mesh) % self.processes:
            raise ConfigError(f"the mesh {self.mesh}'s {device_count(mesh)} devices do not split evenly over "
                              f"{self.processes} processes")
        check_heads(mesh, self.heads)

    def step_mesh(self):
        """The mesh the step is partitioned over: --mesh, or data=replicas x processes; None for one device."""
        return step_mesh(self.mesh, self.replicas * self.processes, self.mesh_roles)

    @property
    def data_shards(self) -> int:
        """How many devices split the batch: the step mesh's "data" axis."""
        return axis_size(self.step_mesh(), DATA)

    @property
    def devices(self) -> int:
        """Devices in all, over every process."""
        return device_count(self.step_mesh())

    @property
    def devices_per_process(self) -> int:
        return self.devices // self.processes

    @classmethod
    def from_dict(cls, d: dict) -> "TrainConfig":
        return from_known_fields(cls, d)

    def model(self, image_shape: tuple[int, int, int], classes: int, batch: int) -> ViTConfig:
        c, h, w = image_shape
        return ViTConfig(batch=batch, channels=c, image=(h, w), patch=self.patch, width=self.width,
                         depth=self.depth, heads=self.heads, mlp=self.mlp, classes=classes)

    def hyper(self) -> AdamHyper:
        return AdamHyper(b1=self.beta1, b2=self.beta2, eps=self.eps, wd=self.wd,
                         label_smoothing=self.label_smoothing)


def default_fields() -> tuple[str, ...]:
    """The TrainConfig fields whose default depends on the dataset."""
    per_dataset = registry_default_fields(CLASSIFY)
    return tuple(f.name for f in fields(TrainConfig) if f.name in per_dataset)


def _shift(batch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random translation by -1, 0 or +1 pixel per image (zero fill)."""
    n, c, h, w = batch.shape
    padded = np.zeros((n, c, h + 2, w + 2), np.float32)
    padded[:, :, 1:-1, 1:-1] = batch
    dy, dx = rng.integers(0, 3, size=(2, n))
    out = np.empty_like(batch)
    for i in range(n):
        out[i] = padded[i, :, dy[i]:dy[i] + h, dx[i]:dx[i] + w]
    return out


def onehot(labels: np.ndarray, classes: int) -> np.ndarray:
    out = np.zeros((len(labels), classes), np.float32)
    out[np.arange(len(labels)), labels] = 1.0
    return out


class ClassifierTask(Task):
    """The ViT classifier on standardised images: its step, batches and test accuracy."""

    kind = "classifier"

    def __init__(self, cfg: TrainConfig, data, mean: float, std: float, global_batch: int,
                 backend: str = DEFAULT_BACKEND):
        self.cfg, self.data, self.mean, self.std, self.global_batch = cfg, data, mean, std, global_batch
        self.backend = backend  # vitir.backend.compile_module's: pjrt or iree[:platform]
        self.classes = len(data.classes)
        # the step's batch: the whole batch, which the mesh's "data" axis splits
        self.model = cfg.model(data.image_shape, self.classes, global_batch)
        self.x_train = standardise(data.x_train, mean, std)
        self.steps_per_epoch = len(data.x_train) // global_batch
        self._fwd_exe = None

    def param_specs(self):
        return param_specs(self.model)

    def initial_params(self):
        return init_params(self.model, self.cfg.seed)

    def step_module(self):
        from ..lower import adam_sched_module
        return adam_sched_module(self.model, self.cfg.hyper(), lowering=self.cfg.lowering,
                                 backward=self.cfg.backward, mesh=self.cfg.step_mesh())

    def epoch_batches(self, rng, epoch):
        return row_batches(rng, len(self.x_train), self.global_batch, self.steps_per_epoch)

    def step_inputs(self, rows, step, rng):
        xb = self.x_train[rows]
        if self.cfg.augment:
            xb = _shift(xb, rng)
        return [xb.reshape(len(xb), -1)], [onehot(self.data.y_train[rows], self.classes)]

    def config(self) -> dict:
        return {**asdict(self.cfg), "mean": self.mean, "std": self.std}

    def evaluate(self, loop, params, ema) -> dict:
        return {"test_accuracy": float(np.mean(self.predict(params, self.data.x_test) == self.data.y_test))}

    def progress_fields(self, last_eval):
        acc = last_eval.get("test_accuracy")
        return {} if acc is None else {"test acc": f"{100 * acc:.2f}%"}

    def predict(self, params: list[np.ndarray], x: np.ndarray) -> np.ndarray:
        """Class predictions for images x [N, C, H, W] (un-standardised, in [0, 1])."""
        from ..lower import fwd_module

        if self._fwd_exe is None:  # one device of this process: evaluation needs no peers
            eval_model = self.cfg.model(self.data.image_shape, self.classes, self.cfg.eval_batch)
            self._fwd_exe = compile_graph(fwd_module(eval_model), backend=self.backend)
        eb = self.cfg.eval_batch
        flat = standardise(x, self.mean, self.std).reshape(len(x), -1)
        preds = []
        for i in range(0, len(flat), eb):
            chunk = pad_rows(flat[i:i + eb], eb)  # the module has a fixed batch: pad, then drop the padding
            (logits,) = self._fwd_exe(chunk, *params)
            preds.append(np.argmax(logits, axis=1))
        return np.concatenate(preds)[:len(x)]

    def loop_config(self) -> LoopConfig:
        return loop_config(self.cfg, self.steps_per_epoch, label="train", backend=self.backend)


class Trainer:
    """`vitir train`'s run: the classifier task in the training loop, then result.json and curves.png."""

    def __init__(self, cfg: TrainConfig, run_dir: Path, dataset=None, log=print,
                 group: ProcessGroup = SINGLE_PROCESS, backend: str = DEFAULT_BACKEND):
        self.cfg, self.run_dir, self.log, self.group = cfg, Path(run_dir), log, group
        self.backend = backend
        if dataset is None:
            from ..data import load_dataset
            dataset = load_dataset(cfg.dataset, cfg.data_dir, cfg.image_size)
        self.data = dataset
        self.mean = float(self.data.x_train.mean())
        self.std = float(self.data.x_train.std()) or 1.0
        self.global_batch = cfg.batch * cfg.data_shards
        require_batch_fits("global batch", self.global_batch, self.data)
        self.task = ClassifierTask(cfg, self.data, self.mean, self.std, self.global_batch, backend)
        self.steps_per_epoch = self.task.steps_per_epoch
        self.total_steps = self.steps_per_epoch * cfg.epochs
        self.model = self.task.model
        self.devices = cfg.devices

    def predict(self, params_host: list[np.ndarray], x: np.ndarray) -> np.ndarray:
        self.task.mean, self.task.std = self.mean, self.std
        return self.task.predict(params_host, x)

    def train(self, resume: bool = False) -> dict:
        cfg, group = self.cfg, self.group
        if cfg.processes != group.num_processes:
            raise ConfigError(f"this run trains on {cfg.processes} processes but {group.num_processes} joined: start "
                              f"it with vitir launch -n {cfg.processes}, or --processes {cfg.processes} --process-id I "
                              "--coordinator HOST:PORT in each")
        start = time.perf_counter()
        loop = TrainingLoop(self.task, self.task.loop_config(), self.run_dir, seed=cfg.seed, group=group,
                            log=self.log)
        summary = loop.run(resume)
        group.on_main(self._plot, self.run_dir / "metrics.jsonl")
        result = {**summary, "wall_seconds": time.perf_counter() - start, "global_batch": self.global_batch,
                  "config": asdict(cfg)}
        group.on_main(write_json_atomic, self.run_dir / "result.json", result)
        return result

    def profile(self, steps: int = 10, warmup: int = 2, depth: int = 3):
        """The train step under XLA's profiler (TrainingLoop.profile); its table, JSON and plot
        (profile.txt, .json, .png) and the step's text with locations written to the run directory."""
        loop = TrainingLoop(self.task, self.task.loop_config(), self.run_dir, seed=self.cfg.seed, group=self.group,
                            log=self.log)
        result = loop.profile(steps, warmup)
        result.write(self.run_dir, "profile", depth)
        return result

    def _plot(self, metrics_path: Path) -> None:
        from .plots import plot_curves
        from .rundir import read_metrics
        plot_curves(read_metrics(metrics_path), self.run_dir / "curves.png",
                    title=f"ViT on {self.cfg.dataset}: {self.model.depth} blocks, width {self.model.width}")
