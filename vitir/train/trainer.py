"""`vitir train`: the scheduled AdamW step through PJRT, end to end.

Parameters and moments stay on the device between steps; the host sends the
batch, the learning rate and the bias corrections. Each epoch ends with an
evaluation (the forward module), a line in metrics.jsonl and an atomic
checkpoint, so a stopped run resumes to bit-identical parameters.

Several processes (a ProcessGroup, one per host) train as one: each draws the
same global batch from the shared seed and feeds its own share to its own
replicas; the step's all-reduce keeps parameters identical everywhere, and
only process 0 writes the run directory.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ..backend.distributed import SINGLE_PROCESS, ProcessGroup
from ..config_checks import from_known_fields, require_positive_ints, require_positive_number
from ..errors import ConfigError, VitirError
from ..lower import AdamHyper, ViTConfig
from .checkpoint import Checkpoint, load_checkpoint, save_checkpoint
from .init import init_params
from .progress import Progress
from .rundir import read_metrics, standardise, to_host_list, write_json_atomic, write_metrics
from .schedule import bias_corrections, learning_rate


class TrainingDiverged(VitirError):
    """The loss became NaN or infinite; the last good checkpoint is kept."""


@dataclass
class TrainConfig:
    dataset: str = "digits"
    data_dir: str | None = None
    image_size: int | None = None
    patch: int = 4
    width: int = 128
    depth: int = 2
    heads: int = 8
    mlp: int = 256
    batch: int = 64  # per replica; the global batch is batch * replicas * processes
    replicas: int = 1  # devices per process
    processes: int = 1  # one per host, joined by vitir launch or --coordinator
    epochs: int = 120
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

    def __post_init__(self):
        require_positive_ints(self, ("patch", "width", "depth", "heads", "mlp", "batch", "replicas", "processes",
                                     "epochs", "eval_batch"))
        require_positive_number("lr", self.lr)

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


@dataclass
class RunState:
    params: list
    m: list
    v: list
    step: int = 0
    epoch: int = 0
    rng: np.random.Generator = field(default_factory=np.random.default_rng)


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


class Trainer:
    def __init__(self, cfg: TrainConfig, run_dir: Path, dataset=None, log=print,
                 group: ProcessGroup = SINGLE_PROCESS, backend: str = "pjrt"):
        self.cfg, self.run_dir, self.log, self.group = cfg, Path(run_dir), log, group
        self.backend = backend  # vitir.backend.compile_module's: pjrt or iree[:platform]
        if dataset is None:
            from ..data import load_dataset
            dataset = load_dataset(cfg.dataset, cfg.data_dir, cfg.image_size)
        self.data = dataset
        self.mean = float(self.data.x_train.mean())
        self.std = float(self.data.x_train.std()) or 1.0
        self.classes = len(self.data.classes)
        self.global_batch = cfg.batch * cfg.replicas * cfg.processes
        if self.global_batch > len(self.data.x_train):
            raise ConfigError(f"global batch {self.global_batch} exceeds the {len(self.data.x_train)} training images")
        self.steps_per_epoch = len(self.data.x_train) // self.global_batch
        self.total_steps = self.steps_per_epoch * cfg.epochs
        self.model = cfg.model(self.data.image_shape, self.classes, cfg.batch)
        self.hyper = cfg.hyper()
        self._step_exe = self._fwd_exe = None

    # -- compiled modules ------------------------------------------------------
    def _compile(self):
        from ..backend import compile_module, ensure_host_devices
        from ..lower import adam_sched_module
        from ..print import print_module

        if self.cfg.replicas > 1:
            ensure_host_devices(self.cfg.replicas)
        replicas = self.cfg.replicas * self.cfg.processes
        step_text = print_module(adam_sched_module(self.model, self.hyper, replicas, lowering=self.cfg.lowering))
        self._step_exe = compile_module(step_text, replicas=replicas, backend=self.backend)
        self._compile_forward()
        return step_text

    def _compile_forward(self):
        # One device of this process: evaluation needs no peers.
        from ..backend import compile_module
        from ..lower import fwd_module
        from ..print import print_module

        eval_cfg = self.cfg.model(self.data.image_shape, self.classes, self.cfg.eval_batch)
        self._fwd_exe = compile_module(print_module(fwd_module(eval_cfg)), backend=self.backend)

    # -- state -----------------------------------------------------------------
    def fresh_state(self) -> RunState:
        params = init_params(self.model, self.cfg.seed)
        zeros = [np.zeros_like(p) for p in params]
        return RunState(params, zeros, [z.copy() for z in zeros], 0, 0, np.random.default_rng(self.cfg.seed))

    def checkpoint_of(self, st: RunState, host) -> Checkpoint:
        return Checkpoint(host(st.params), host(st.m), host(st.v), st.step, st.epoch,
                          st.rng.bit_generator.state, {**asdict(self.cfg), "mean": self.mean, "std": self.std})

    def state_from(self, ck: Checkpoint) -> RunState:
        rng = np.random.default_rng()
        rng.bit_generator.state = ck.rng_state
        return RunState(ck.params, ck.m, ck.v, ck.step, ck.epoch, rng)

    # -- evaluation ----------------------------------------------------------
    def predict(self, params_host: list[np.ndarray], x: np.ndarray) -> np.ndarray:
        """Class predictions for images x [N, C, H, W] (un-standardised, in [0, 1])."""
        if self._fwd_exe is None:
            self._compile_forward()
        eb = self.cfg.eval_batch
        flat = standardise(x, self.mean, self.std).reshape(len(x), -1)
        preds = []
        for i in range(0, len(flat), eb):
            chunk = flat[i:i + eb]
            if len(chunk) < eb:  # the module has a fixed batch: pad, then drop the padding
                chunk = np.concatenate([chunk, np.zeros((eb - len(chunk), flat.shape[1]), np.float32)])
            (logits,) = self._fwd_exe(chunk, *params_host)
            preds.append(np.argmax(logits, axis=1))
        return np.concatenate(preds)[:len(x)]

    def evaluate(self, params_host) -> float:
        return float(np.mean(self.predict(params_host, self.data.x_test) == self.data.y_test))

    # -- training --------------------------------------------------------------
    def train(self, resume: bool = False) -> dict:
        cfg, group = self.cfg, self.group
        if cfg.processes != group.num_processes:
            raise ConfigError(f"this run trains on {cfg.processes} processes but {group.num_processes} joined: start "
                              f"it with vitir launch -n {cfg.processes}, or --processes {cfg.processes} --process-id I "
                              "--coordinator HOST:PORT in each")
        # data_dir may differ between hosts; the rest must match for the processes to run one step
        group.check_same("training config", {k: v for k, v in asdict(cfg).items() if k != "data_dir"})
        group.on_main(self.run_dir.mkdir, parents=True, exist_ok=True)
        step_text = self._compile()
        group.on_main((self.run_dir / "train_step.mlir").write_text, step_text)
        if resume:
            st = self.state_from(load_checkpoint(self.run_dir))
            self.log(f"resuming {self.run_dir} at step {st.step} (epoch {st.epoch})")
            group.check_same("checkpoint step", st.step)  # each host may read its own copy
        else:
            st = self.fresh_state()
        metrics_path = self.run_dir / "metrics.jsonl"
        metrics = read_metrics(metrics_path, upto_step=st.step) if resume else []
        group.on_main(write_metrics, metrics_path, metrics)

        exe = self._step_exe
        k = len(st.params)
        host = to_host_list
        dev = [exe.to_device(a, i + 1) for i, a in enumerate(st.params + st.m + st.v)]
        warmup = int(round(cfg.warmup_epochs * self.steps_per_epoch))
        b1, b2 = float(cfg.beta1), float(cfg.beta2)
        x_train = standardise(self.data.x_train, self.mean, self.std)
        y_train = self.data.y_train
        t_start = time.perf_counter()
        train_time = 0.0
        last_good = st.step
        acc = float("nan")
        bar = Progress(self.total_steps, "train")
        bar.done = st.step
        with open(metrics_path if group.is_main else os.devnull, "a") as mf:
            for epoch in range(st.epoch, cfg.epochs):
                order = st.rng.permutation(len(x_train))
                t_epoch = time.perf_counter()
                for i in range(self.steps_per_epoch):
                    idx = order[i * self.global_batch:(i + 1) * self.global_batch]
                    xb = x_train[idx]
                    if cfg.augment:
                        xb = _shift(xb, st.rng)
                    t = st.step + 1
                    lr = learning_rate(t, self.total_steps, cfg.lr, warmup)
                    bc1, bc2 = bias_corrections(t, b1, b2)
                    xb, yb = group.shard(xb), group.shard(y_train[idx])
                    args = [xb.reshape(len(xb), -1)] + dev + [np.float32(lr), np.float32(bc1), np.float32(bc2),
                                                              onehot(yb, self.classes)]
                    outs = exe.execute_device(args, split=("x", "onehot"))
                    loss = _mean_loss(outs[3 * k])
                    if not math.isfinite(loss):
                        bar.close()
                        raise TrainingDiverged(
                            f"loss became {loss} at step {t} (lr {lr:.3g}); training stopped. The last good "
                            f"checkpoint (step {last_good}) is kept in {self.run_dir}")
                    dev = list(outs[:3 * k])
                    st.step = t
                    elapsed = time.perf_counter() - t_epoch
                    ips = (i + 1) * self.global_batch / max(elapsed, 1e-9)
                    mf.write(json.dumps({"kind": "step", "step": t, "epoch": epoch + 1, "loss": loss, "lr": lr,
                                         "images_per_s": ips}) + "\n")
                    bar.update(t, epoch=f"{epoch + 1}/{cfg.epochs}", loss=f"{loss:.4f}", lr=f"{lr:.2e}",
                               **{"img/s": f"{ips:.0f}", "test acc": f"{100 * acc:.2f}%"})
                train_time += time.perf_counter() - t_epoch
                st.epoch = epoch + 1
                st.params, st.m, st.v = host(dev[:k]), host(dev[k:2 * k]), host(dev[2 * k:])
                acc = self.evaluate(st.params)
                metrics_line = {"kind": "eval", "step": st.step, "epoch": st.epoch, "test_accuracy": acc}
                mf.write(json.dumps(metrics_line) + "\n")
                mf.flush()
                group.on_main(save_checkpoint, self.run_dir, self.checkpoint_of(st, lambda xs: xs))
                last_good = st.step
        bar.close()
        if st.step and not math.isfinite(acc):
            acc = self.evaluate(st.params)
        group.on_main(self._plot, metrics_path)
        result = {
            "test_accuracy": acc,
            "train_seconds": train_time,
            "wall_seconds": time.perf_counter() - t_start,
            "steps": st.step,
            "epochs": st.epoch,
            "global_batch": self.global_batch,
            "backend": self.backend,
            "parameters": int(sum(p.size for p in st.params)),
            "config": asdict(cfg),
        }
        group.on_main(write_json_atomic, self.run_dir / "result.json", result)
        return result

    def _plot(self, metrics_path: Path) -> None:
        from .plots import plot_curves
        plot_curves(read_metrics(metrics_path), self.run_dir / "curves.png",
                    title=f"ViT on {self.cfg.dataset}: {self.model.depth} blocks, width {self.model.width}")


def _mean_loss(value) -> float:
    parts = value if isinstance(value, tuple) else (value,)
    return float(np.mean([float(np.asarray(p)) for p in parts]))
