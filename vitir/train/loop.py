"""One training loop for every model vitir trains: the classifier, the image
denoisers and the 2-D denoiser. Each is a Task that supplies only its graphs
(built in vitir.lower), how a batch of rows becomes the step's inputs, and how
the model is evaluated after an epoch; the loop does the rest:

- the state on the device: parameters and AdamW moments go in once and each
  step's outputs feed the next; an EMA of the weights (if asked) is updated
  there too by its own module; the host sends the batch, the learning rate
  (linear warmup, then cosine decay or constant) and the bias corrections;
- progress on stderr with an ETA, and an estimate of the whole training time
  from the first steps, before the bulk of the work;
- metrics.jsonl (a line per loss read and per epoch), atomic checkpoints
  (every epoch or every `checkpoint_seconds`, and at the end) and resume to
  bit-identical weights (the batch order comes from the saved RNG; tasks seed
  each step's noise by the step number);
- a stop on a non-finite loss that keeps the last good checkpoint;
- several devices, in one process or several: the step is one program over the
  global batch, partitioned by XLA over a mesh of the devices (data parallel,
  the task's mesh, or both); every process draws the same global batch and
  places only its own devices' parts, and only process 0 writes files.

Every module is compiled by `compile_graph`, the one place that turns a vitir
Module into an executable (the step, the EMA update, the evaluations, the
samplers' and the scoring classifier's forwards), with the backend named in
LoopConfig (PJRT by default, or IREE: vitir.backend.choice).

A step module carries its calling convention as named groups
(vitir.lower.step_signature): arguments (leading inputs, parameters, first and
second moments, the schedule's lr, bc1, bc2, trailing inputs), results
(parameters, moments, loss, rest); the loop reads and fills them by group, and
the leading and trailing inputs are the batches, which the step's shardings
split along dim 0 over the mesh's "data" axis.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import numpy as np

from ..backend.choice import DEFAULT_BACKEND, check_backend, parse_backend
from ..backend.distributed import SINGLE_PROCESS, ProcessGroup
from ..config_checks import require_positive_ints, require_positive_number
from ..errors import ConfigError, TrainingDiverged
from ..lower.step_signature import signature
from .checkpoint import Checkpoint, load_checkpoint, save_checkpoint
from .progress import Progress, format_duration
from .rundir import read_metrics, to_host_list, write_metrics
from .schedule import bias_corrections, learning_rate

DECAYS = ("cosine", "constant")
RATES = ("img/s", "steps/s")
RATE_KEYS = {"img/s": "images_per_s", "steps/s": "steps_per_s"}
# The EMA decay warms up as (1 + t) / (10 + t), so early weights do not linger in a short run.
EMA_WARMUP = (1.0, 10.0)


@dataclass(frozen=True)
class LoopConfig:
    epochs: int
    steps_per_epoch: int
    lr: float
    warmup_steps: int = 0
    decay: str = "cosine"  # after the warmup: cosine to 0 at the last step, or constant
    beta1: float = 0.9
    beta2: float = 0.999
    replicas: int = 1  # devices of this process the step runs on
    ema: float = 0.0  # decay of the EMA of the weights; 0 keeps none
    loss_every: int = 1  # read the loss (which waits for the device) every this many steps
    checkpoint_seconds: float = 0.0  # 0: at every epoch's end
    label: str = "train"
    rate: str = "img/s"  # the progress line's rate: rows ("img/s") or steps ("steps/s") per second
    show_progress: bool = True
    backend: str = DEFAULT_BACKEND  # vitir.backend.compile_module's: pjrt or iree[:platform]

    def __post_init__(self):
        require_positive_ints(self, ("epochs", "steps_per_epoch", "replicas", "loss_every"))
        require_positive_number("the learning rate", self.lr)
        if self.rate not in RATES:
            raise ConfigError(f"unknown rate {self.rate!r}; have {', '.join(RATES)}")
        if self.decay not in DECAYS:
            raise ConfigError(f"unknown learning-rate decay {self.decay!r}; have {', '.join(DECAYS)}")
        if not 0.0 <= self.ema < 1.0:
            raise ConfigError(f"the EMA decay must be in [0, 1) (0: off), got {self.ema}")
        check_backend(self.backend, self.replicas)  # this process's replicas; run() checks them all

    @property
    def total_steps(self) -> int:
        return self.epochs * self.steps_per_epoch

    def lr_at(self, step: int) -> float:
        if self.decay == "constant":
            return self.lr * min(1.0, step / self.warmup_steps) if self.warmup_steps else self.lr
        return learning_rate(step, self.total_steps, self.lr, self.warmup_steps)


def compile_graph(module, backend: str = DEFAULT_BACKEND):
    """An executable of a vitir Module (or its printed text), compiled by `backend`: on one device, or
    partitioned over `mhlo.num_partitions` devices (of every process of a group) as its shardings say.
    The one place vitir's training, evaluation and sampling compile."""
    from ..backend import compile_module
    from ..passes.shared_splats import calls_for_constants, shared_splats
    from ..print import print_module

    # XLA takes the layer paths as op_name; repeated splats written once, or XLA merges them unnamed,
    # and constants read from calls, or XLA names none (vitir.passes.shared_splats)
    if isinstance(module, str):
        text = module
    else:
        handed = shared_splats(module)
        # (a partitioned step goes through Shardy's own handling of calls: its constants left as they are)
        if module.num_partitions == 1 and parse_backend(backend)[0] == "pjrt":
            handed = calls_for_constants(handed)
        text = print_module(handed, debug_info=True)
    xla_options = None if isinstance(module, str) else module.xla_options
    exe = compile_module(text, backend=backend, xla_options=xla_options)
    groups = getattr(module, "signature", None)  # a module built with its groups: errors name them
    return exe if groups is None else exe.grouped(groups.inputs)


def params_on_device(exe, module, params: list) -> list:
    """`params` uploaded as the arguments of `module`'s parameter group (its executable `exe`)."""
    return [exe.to_device(p, i) for i, p in zip(signature(module).inputs.indices("params"), params)]


STATE_GROUPS = ("params", "m", "v")  # what stays on the device from step to step


def ema_decay(step: int, decay: float) -> float:
    """The decay used after 1-based `step`: `decay`, warmed up over the first steps."""
    a, b = EMA_WARMUP
    return min(decay, (a + step) / (b + step))


class Task:
    """What one kind of model tells the loop. Subclasses set `kind` (saved in
    the checkpoint) and implement the methods below."""

    kind = "task"

    def param_specs(self) -> list[tuple[str, tuple[int, ...]]]:
        raise NotImplementedError

    def initial_params(self) -> list[np.ndarray]:
        raise NotImplementedError

    def parameter_count(self, params: list[np.ndarray]) -> int:
        """Trainable parameters; a task whose state rides with them (running statistics) counts less."""
        return sum(p.size for p in params)

    def step_module(self):
        """The train step's Module (built in vitir.lower), partitioned over the task's mesh if it has one
        (vitir.lower.sharding: replicas are the mesh data=R)."""
        raise NotImplementedError

    def epoch_batches(self, rng: np.random.Generator, epoch: int) -> Iterable[np.ndarray]:
        """The epoch's global batches as row indices (steps_per_epoch of them), drawn from rng."""
        raise NotImplementedError

    def step_inputs(self, rows: np.ndarray, step: int, rng: np.random.Generator) -> tuple[list, list]:
        """(leading, trailing) host arrays of 1-based `step` for the global batch `rows`."""
        raise NotImplementedError

    def evaluate(self, loop: "TrainingLoop", params: list[np.ndarray], ema: list[np.ndarray] | None) -> dict:
        """Metrics after an epoch (merged into its metrics line); none by default."""
        return {}

    def config(self) -> dict:
        """What the checkpoint records and resuming must match."""
        return {}

    def progress_fields(self, last_eval: dict) -> dict:
        """Extra fields of the progress line from the last evaluation."""
        return {}


@dataclass
class LoopState:
    params: list
    m: list
    v: list
    ema: list | None
    step: int = 0
    epoch: int = 0
    rng: np.random.Generator = field(default_factory=np.random.default_rng)


class TrainingLoop:
    def __init__(self, task: Task, cfg: LoopConfig, run_dir: str | Path | None = None, *, seed: int = 0,
                 group: ProcessGroup = SINGLE_PROCESS, log=print):
        self.task, self.cfg, self.seed, self.group, self.log = task, cfg, seed, group, log
        self.run_dir = None if run_dir is None else Path(run_dir)
        self.state: LoopState | None = None
        self.losses: list[tuple[int, float]] = []  # (step, loss) of every loss read in this run
        self.last_eval: dict = {}

    def compile(self, module):
        return compile_graph(module, self.cfg.backend)

    @property
    def devices(self) -> int:
        """Devices in all: this process's times the processes."""
        return self.cfg.replicas * self.group.num_processes

    # -- state -------------------------------------------------------------------
    def fresh_state(self) -> LoopState:
        params = [np.asarray(p, np.float32) for p in self.task.initial_params()]
        zeros = [np.zeros_like(p) for p in params]
        ema = [p.copy() for p in params] if self.cfg.ema else None
        return LoopState(params, zeros, [z.copy() for z in zeros], ema, 0, 0, np.random.default_rng(self.seed))

    def checkpoint_of(self, st: LoopState) -> Checkpoint:
        extra = {"ema": st.ema} if st.ema is not None else {}
        return Checkpoint(st.params, st.m, st.v, st.step, st.epoch, st.rng.bit_generator.state,
                          {"kind": self.task.kind, **self.task.config()}, extra)

    def state_from(self, ck: Checkpoint) -> LoopState:
        kind = ck.config.get("kind", self.task.kind)
        if kind != self.task.kind:
            raise ConfigError(f"{self.run_dir} holds a {kind} run, not a {self.task.kind} run")
        ema = ck.extra.get("ema")
        if self.cfg.ema and ema is None:
            raise ConfigError(f"{self.run_dir} was trained without an EMA of the weights")
        rng = np.random.default_rng()
        rng.bit_generator.state = ck.rng_state
        return LoopState(ck.params, ck.m, ck.v, ema if self.cfg.ema else None, ck.step, ck.epoch, rng)

    def _save(self, st: LoopState) -> None:
        if self.run_dir is not None:
            self.group.on_main(save_checkpoint, self.run_dir, self.checkpoint_of(st))

    # -- training ----------------------------------------------------------------
    def run(self, resume: bool = False) -> dict:
        """Train to cfg.epochs (from the checkpoint when resuming); returns the summary."""
        cfg, group, task = self.cfg, self.group, self.task
        check_backend(cfg.backend, self.devices)  # before any file is written
        group.check_same("training config", {k: v for k, v in task.config().items() if k != "data_dir"})
        if self.run_dir is not None:
            group.on_main(self.run_dir.mkdir, parents=True, exist_ok=True)
        from ..print import print_module

        step_module = task.step_module()
        step_signature = signature(step_module)
        step = print_module(step_module)
        if self.run_dir is not None:
            group.on_main((self.run_dir / "train_step.mlir").write_text, step)
        exe = self.compile(step).grouped(step_signature.inputs)
        ema_exe = self.compile(self._ema_module(step_module)) if cfg.ema else None
        if resume:
            if self.run_dir is None:
                raise ConfigError("resuming needs a run directory")
            st = self.state_from(load_checkpoint(self.run_dir))
            self.log(f"resuming {self.run_dir} at step {st.step} (epoch {st.epoch})")
            group.check_same("checkpoint step", st.step)  # each host may read its own copy
        else:
            st = self.fresh_state()
        self.state = st
        metrics_path = None if self.run_dir is None else self.run_dir / "metrics.jsonl"
        if metrics_path is not None:
            group.on_main(write_metrics, metrics_path, read_metrics(metrics_path, upto_step=st.step) if resume else [])
        writes = metrics_path is not None and group.is_main
        with open(metrics_path if writes else os.devnull, "a") as metrics:
            train_seconds = self._epochs(st, exe, step_signature, ema_exe, metrics)
        return self._summary(st, train_seconds, metrics_path)

    def profile(self, steps: int = 10, warmup: int = 2):
        """The train step profiled under XLA's profiler on the run's first batch and fresh state
        (vitir.backend.profile): time per HLO instruction, read back by the layer paths of its op_name.
        The step is compiled from its text with locations; nothing is trained or saved."""
        from ..backend.choice import compile_module, parse_backend
        from ..backend.profile import located_text, profile_executable

        cfg, task = self.cfg, self.task
        if parse_backend(cfg.backend)[0] != "pjrt" or self.devices != 1:
            raise ConfigError(f"--profile profiles the step on one PJRT device; this run has {self.devices} "
                              f"device(s) on backend {cfg.backend}")
        step_module = task.step_module()
        step_signature = signature(step_module)
        text = located_text(step_module)
        if self.run_dir is not None:
            self.run_dir.mkdir(parents=True, exist_ok=True)
            (self.run_dir / "train_step.mlir").write_text(text)
        exe = compile_module(text, backend=cfg.backend, xla_options=step_module.xla_options)
        st = self.fresh_state()
        rows = next(iter(task.epoch_batches(st.rng, 0)))
        leading, trailing = task.step_inputs(rows, 1, st.rng)
        bc1, bc2 = bias_corrections(1, cfg.beta1, cfg.beta2)
        args = step_signature.inputs.pack(leading=leading, params=st.params, m=st.m, v=st.v,
                                          schedule=[np.float32(cfg.lr_at(1)), np.float32(bc1), np.float32(bc2)],
                                          trailing=trailing)
        return profile_executable(exe, args, steps, warmup)

    def _ema_module(self, step_module):
        from ..lower.ema import ema_module
        from ..lower.sharding import shard_like_params
        return shard_like_params(ema_module(self.task.param_specs()), step_module)

    def _epochs(self, st: LoopState, exe, sig, ema_exe, metrics) -> float:
        cfg, task = self.cfg, self.task
        ins, outputs = sig.inputs, sig.outputs
        dev = {g: [exe.to_device(a, i) for i, a in zip(ins.indices(g), values)]
               for g, values in zip(STATE_GROUPS, (st.params, st.m, st.v))}
        ema_dev = None if ema_exe is None else [ema_exe.to_device(a, i) for i, a in enumerate(st.ema)]
        bar = Progress(cfg.total_steps, cfg.label) if cfg.show_progress else _NoProgress()
        bar.done = bar.start_done = st.step
        probe = _Probe(st.step, cfg.total_steps, self.log)
        train_seconds, last_save, last_good, last_eval = 0.0, time.monotonic(), st.step, {}

        def host_state():
            st.params, st.m, st.v = (to_host_list(dev[g]) for g in STATE_GROUPS)
            st.ema = None if ema_dev is None else to_host_list(ema_dev)

        first_epoch = st.epoch
        for epoch in range(st.epoch, cfg.epochs):
            start, losses, lr = time.perf_counter(), [], cfg.lr_at(st.step + 1)
            for i, rows in enumerate(task.epoch_batches(st.rng, epoch)):
                t = st.step + 1
                lr = cfg.lr_at(t)
                bc1, bc2 = bias_corrections(t, cfg.beta1, cfg.beta2)
                # the global batch in every process: each places its own devices' parts (the step's shardings)
                leading, trailing = task.step_inputs(rows, t, st.rng)
                args = ins.pack(leading=leading, **dev, schedule=[np.float32(lr), np.float32(bc1), np.float32(bc2)],
                                trailing=trailing)
                outs = exe.execute_device(args)
                dev = {g: outputs.pick(outs, g) for g in STATE_GROUPS}
                if ema_dev is not None:
                    weight = np.float32(1.0 - ema_decay(t, cfg.ema))
                    ema_dev = list(ema_exe.execute_device([*ema_dev, *dev["params"], weight]))
                st.step = t
                if t % cfg.loss_every and i + 1 < cfg.steps_per_epoch and not probe.wants(t):
                    continue
                (loss_value,) = outputs.pick(outs, "loss")
                loss = _mean_loss(loss_value)  # waits for the device
                if not math.isfinite(loss):
                    bar.close()
                    kept = (f"the last good checkpoint (step {last_good}) is kept in {self.run_dir}"
                            if self.run_dir is not None else "nothing was saved")
                    raise TrainingDiverged(f"loss became {loss} at step {t} (lr {lr:.3g}); training stopped, "
                                           f"{kept}")
                losses.append(loss)
                self.losses.append((t, loss))
                probe.reached(t)
                per_s = (i + 1) * (len(rows) if cfg.rate == "img/s" else 1) / max(time.perf_counter() - start, 1e-9)
                metrics.write(json.dumps({"kind": "step", "step": t, "epoch": epoch + 1, "loss": loss, "lr": lr,
                                          RATE_KEYS[cfg.rate]: per_s}) + "\n")
                bar.update(t, epoch=f"{epoch + 1}/{cfg.epochs}", loss=f"{loss:.4f}", lr=f"{lr:.2e}",
                           **{cfg.rate: f"{per_s:.0f}"}, **task.progress_fields(last_eval))
            seconds = time.perf_counter() - start
            train_seconds += seconds
            st.epoch = epoch + 1
            last = st.epoch == cfg.epochs
            due = cfg.checkpoint_seconds <= 0 or time.monotonic() - last_save >= cfg.checkpoint_seconds
            host_state()
            last_eval = task.evaluate(self, st.params, st.ema)
            metrics.write(json.dumps({"kind": "epoch", "step": st.step, "epoch": st.epoch,
                                      "loss": float(np.mean(losses)), "lr": lr, "seconds": seconds,
                                      **last_eval}) + "\n")
            metrics.flush()
            if due or last:
                self._save(st)
                last_save, last_good = time.monotonic(), st.step
        bar.close()
        host_state()
        if st.epoch > 0 and st.epoch == first_epoch:  # a finished run resumed: nothing trained, evaluate it once
            last_eval = task.evaluate(self, st.params, st.ema)
        self.last_eval = last_eval
        return train_seconds

    def _summary(self, st: LoopState, train_seconds: float, metrics_path: Path | None) -> dict:
        epochs = [m for m in (read_metrics(metrics_path) if metrics_path else []) if m.get("kind") == "epoch"]
        seconds = [m["seconds"] for m in epochs]
        return {
            "steps": st.step,
            "epochs": st.epoch,
            "steps_per_epoch": self.cfg.steps_per_epoch,
            "train_seconds_this_run": train_seconds,
            "train_seconds": float(sum(seconds)) if seconds else train_seconds,
            "seconds_per_epoch": float(np.median(seconds)) if seconds else None,
            "final_loss": epochs[-1]["loss"] if epochs else None,
            "parameters": int(self.task.parameter_count(st.params)),
            "backend": self.cfg.backend,
            **self.last_eval,
        }


class _NoProgress:
    done = start_done = 0

    def update(self, done: int, **fields) -> None:
        pass

    def close(self) -> None:
        pass


class _Probe:
    """Times the first steps (after the first, which warms up) and logs the whole training's estimate."""

    def __init__(self, done: int, total: int, log):
        self.first, self.total, self.log = done + 1, total, log
        self.last = min(total, self.first + max(3, min(100, (total - done) // 200)))
        self.started = None

    def wants(self, step: int) -> bool:
        return step in (self.first, self.last)

    def reached(self, step: int) -> None:
        if step == self.first:
            self.started = time.perf_counter()
        elif step == self.last and self.started is not None:
            per_step = (time.perf_counter() - self.started) / (self.last - self.first)
            remaining = self.total - step
            self.log(f"estimated training time: {format_duration(per_step * remaining)} more "
                     f"({1000 * per_step:.1f} ms a step x {remaining:,} steps, timed on steps "
                     f"{self.first + 1}-{self.last}; epochs' evaluations come on top)")


def _mean_loss(value) -> float:
    from ..backend import to_host
    return float(to_host(value))


def row_batches(rng: np.random.Generator, count: int, batch: int, steps: int) -> Iterable[np.ndarray]:
    """An epoch without replacement: `steps` batches of a fresh permutation of `count` rows."""
    order = rng.permutation(count)
    return (order[i * batch:(i + 1) * batch] for i in range(steps))

