"""Compile time and step time of vitir's scheduled AdamW step on IREE against
PJRT, in one process, calls alternated step by step; and, with --sweep, what
each IREE compiler flag does to one of those steps.

    python benchmarks/bench_backends.py [--presets small,vit-tiny] [--lowerings reference,fast]
        [--tiny-lowerings fast] [--steps 5] [--tiny-steps 2] [--warmup 1] [--tiny-batch 8] [--iree iree:cpu-sync]
    python benchmarks/bench_backends.py --sweep [--sweep-preset vit-tiny] [--sweep-lowering fast] [--tiny-steps 3]

Both backends compile the same printed text through vitir.backend.compile_module
(IREE with vitir's CPU defaults: the host CPU, the 'peel' vectorization
strategy, convolutions through im2col), keep parameters and moments on the device, feed each step's outputs
to the next, and upload a fresh batch and the schedule scalars per step. A
step's time ends when its loss is on the host. Compile times are cold (no disk
cache, the in-process caches cleared). The IREE variants of --sweep are flags
added after vitir's defaults (a later flag wins); a variant that fails to
compile prints IREE's first error. ViT-Tiny runs only the fast lowering
unless --tiny-lowerings says otherwise: a step of the reference one takes 15
to 50 s at batch 8 (its patch-embed weight gradient).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from vitir.backend import clear_cache, compile_module  # noqa: E402
from vitir.backend import iree as iree_backend  # noqa: E402
from vitir.errors import VitirError  # noqa: E402
from vitir.lower import AdamHyper, ViTConfig, adam_sched_module, vit_tiny  # noqa: E402
from vitir.print import print_module  # noqa: E402
from vitir.train.init import init_params  # noqa: E402

HYPER = AdamHyper()
B1, B2, LR = float(HYPER.b1), float(HYPER.b2), 1e-3
SMALL = ViTConfig(batch=32, channels=3, image=32, patch=4, width=96, depth=4, heads=3, mlp=384, classes=10)
# Large code-generation stack frames (the data-tiling variants) need bigger worker stacks.
SWEEP_RUNTIME_FLAGS = "--task_worker_stack_size=1048576"
# (label, IREE backend, flags after vitir's defaults, what it tries)
SWEEP = [
    ("vitir's defaults", "iree", [], "host CPU, peel, im2col"),
    ("cpu-sync driver", "iree:cpu-sync", [], "local-sync: inline on the calling thread"),
    ("without im2col", "iree", ["--iree-global-opt-use-im2col-for-convs=false"], "convolutions as convolutions"),
    ("IREE's vectorization default", "iree", ["--iree-llvmcpu-vector-pproc-strategy=mask"], "mask"),
    ("generic CPU", "iree", ["--iree-llvmcpu-target-cpu=generic"], "no target CPU features"),
    ("microkernels", "iree", ["--iree-llvmcpu-enable-ukernels=all"], ""),
    ("aggressive fusion", "iree", ["--iree-dispatch-creation-enable-aggressive-fusion"], ""),
    ("O2", "iree", ["--iree-opt-level=O2"], ""),
    ("O2, no multi-use fusion", "iree", ["--iree-opt-level=O2", "--iree-dispatch-creation-fuse-multi-use=false"],
     "the dominance bug's workaround"),
    ("O3, no multi-use fusion", "iree", ["--iree-opt-level=O3", "--iree-dispatch-creation-fuse-multi-use=false"], ""),
    ("data tiling", "iree", ["--iree-opt-data-tiling"], ""),
    ("data tiling, large vectors allowed", "iree",
     ["--iree-opt-data-tiling", "--iree-llvmcpu-fail-on-large-vector=false",
      "--iree-llvmcpu-stack-allocation-limit=1048576"], "and 1 MiB worker stacks"),
]


@dataclass
class Runner:
    name: str
    executable: object
    compile_s: float
    state: list = field(default_factory=list)
    times: list = field(default_factory=list)
    loss: float = float("nan")


def presets(tiny_batch: int) -> dict[str, ViTConfig]:
    return {"small": SMALL, "vit-tiny": vit_tiny(batch=tiny_batch)}


def step_text(cfg: ViTConfig, lowering: str) -> str:
    return print_module(adam_sched_module(cfg, HYPER, lowering=lowering))


def compiled(name: str, text: str, backend: str, flags=()) -> Runner:
    clear_cache()
    start = time.perf_counter()
    executable = compile_module(text, backend=backend, flags=flags)
    return Runner(name, executable, time.perf_counter() - start)


def start_state(runner: Runner, init: list[np.ndarray]) -> None:
    runner.state = [runner.executable.to_device(a, i + 1) for i, a in enumerate(init)]


def batches(cfg: ViTConfig, count: int, rng) -> list[tuple[np.ndarray, np.ndarray]]:
    eye = np.eye(cfg.classes, dtype=np.float32)
    return [(rng.standard_normal((cfg.batch, cfg.input_features)).astype(np.float32),
             eye[rng.integers(0, cfg.classes, cfg.batch)]) for _ in range(count)]


def one_step(runner: Runner, x, onehot, t: int) -> float:
    k = len(runner.state) // 3
    scalars = [np.float32(LR), np.float32(1 - B1 ** t), np.float32(1 - B2 ** t)]
    start = time.perf_counter()
    outputs = runner.executable.execute_device([x, *runner.state, *scalars, onehot])
    runner.loss = float(np.asarray(outputs[3 * k]))  # reading the loss waits for the step
    seconds = time.perf_counter() - start
    runner.state = list(outputs[:3 * k])
    return seconds


def race(label: str, runners: list[Runner], cfg: ViTConfig, steps: int, warmup: int) -> None:
    """Alternate the runners' steps from the same start, rotating who goes first."""
    init = init_params(cfg, 0)
    init = init + [np.zeros_like(p) for p in init] * 2
    for runner in runners:
        start_state(runner, init)
    for t, (x, onehot) in enumerate(batches(cfg, warmup + steps, np.random.default_rng(0)), start=1):
        order = runners[t % len(runners):] + runners[:t % len(runners)]
        line = []
        for runner in order:
            seconds = one_step(runner, x, onehot, t)
            if t > warmup:
                runner.times.append(seconds)
            line.append(f"{runner.name} {seconds:.3f} s")
        print(f"  {label} step {t}: " + ", ".join(line), flush=True)
    print(f"  {label} loss after {warmup + steps} steps: "
          + ", ".join(f"{r.name} {r.loss:.6f}" for r in runners), flush=True)


def median_ms(runner: Runner) -> float:
    return 1e3 * statistics.median(runner.times)


def compare(args) -> None:
    configs = presets(args.tiny_batch)
    rows = []
    for preset in args.presets.split(","):
        cfg = configs[preset]
        steps = args.tiny_steps if preset == "vit-tiny" else args.steps
        lowerings = args.tiny_lowerings if preset == "vit-tiny" else args.lowerings
        for lowering in lowerings.split(","):
            text = step_text(cfg, lowering)
            label = f"{preset} {lowering}"
            runners = [compiled("pjrt", text, "pjrt"), compiled("iree", text, args.iree)]
            print(f"{label}: {text.count(chr(10)):,} lines; compile PJRT {runners[0].compile_s:.2f} s, "
                  f"IREE {runners[1].compile_s:.2f} s", flush=True)
            race(label, runners, cfg, steps, args.warmup)
            rows.append((preset, lowering, *runners))
    print("\n| config | lowering | PJRT compile | IREE compile | IREE / PJRT | PJRT step | IREE step | IREE / PJRT "
          "| timed steps | loss PJRT | loss IREE |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for preset, lowering, pjrt, iree in rows:
        print(f"| {preset} | {lowering} | {pjrt.compile_s:.2f} s | {iree.compile_s:.2f} s | "
              f"{iree.compile_s / pjrt.compile_s:.1f}x | {median_ms(pjrt):,.1f} ms | {median_ms(iree):,.1f} ms | "
              f"**{median_ms(iree) / median_ms(pjrt):.2f}x** | {len(iree.times)} | {pjrt.loss:.6f} | "
              f"{iree.loss:.6f} |")
    print("step times are medians; ratios above 1: IREE slower")


def sweep(args) -> None:
    os.environ[iree_backend.RUNTIME_FLAGS_ENV] = SWEEP_RUNTIME_FLAGS  # read when IREE's device opens
    cfg = presets(args.tiny_batch)[args.sweep_preset]
    steps = args.tiny_steps if args.sweep_preset == "vit-tiny" else args.steps
    text = step_text(cfg, args.sweep_lowering)
    label = f"{args.sweep_preset} {args.sweep_lowering}"
    pjrt = compiled("pjrt", text, "pjrt")
    rows = []
    for name, backend, flags, note in SWEEP:
        try:
            iree = compiled("iree", text, backend, flags)
        except VitirError as e:
            print(f"{label}, {name}: {e}", flush=True)
            rows.append((name, backend, flags, note, None, str(e).split(": ", 1)[-1][:160]))
            continue
        print(f"{label}, {name}: IREE compile {iree.compile_s:.2f} s", flush=True)
        pjrt.times = []
        race(f"{label}, {name}", [pjrt, iree], cfg, steps, args.warmup)
        rows.append((name, backend, flags, note, iree, median_ms(iree) / median_ms(pjrt)))
    print(f"\n{label}: IREE flags after vitir's defaults ({' '.join(iree_backend.CPU_FLAGS)}); "
          f"PJRT compile {pjrt.compile_s:.2f} s")
    print("| variant | backend, flags | IREE compile | IREE step | IREE / PJRT step (same run) | note |")
    print("|---|---|---|---|---|---|")
    for name, backend, flags, note, iree, outcome in rows:
        shown = " ".join([f"`{backend}`", *(f"`{f}`" for f in flags)])
        if iree is None:
            print(f"| {name} | {shown} | fails | - | - | {outcome} |")
        else:
            print(f"| {name} | {shown} | {iree.compile_s:.1f} s | {median_ms(iree):,.1f} ms | **{outcome:.2f}x** | "
                  f"{note} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default="small,vit-tiny", help="comma list of small, vit-tiny")
    ap.add_argument("--lowerings", default="reference,fast", help="comma list of reference, fast")
    ap.add_argument("--tiny-lowerings", default="fast", help="ViT-Tiny's lowerings (reference,fast for both)")
    ap.add_argument("--steps", type=int, default=5, help="timed steps of the small ViT")
    ap.add_argument("--tiny-steps", type=int, default=2, help="timed steps of ViT-Tiny (seconds each on CPU)")
    ap.add_argument("--warmup", type=int, default=1, help="untimed steps first")
    ap.add_argument("--tiny-batch", type=int, default=8, help="ViT-Tiny's batch")
    ap.add_argument("--iree", default="iree", help="the IREE backend compared: iree, iree:cpu-sync")
    ap.add_argument("--sweep", action="store_true", help="time IREE's flag variants on one step instead")
    ap.add_argument("--sweep-preset", default="vit-tiny")
    ap.add_argument("--sweep-lowering", default="fast")
    args = ap.parse_args()
    sweep(args) if args.sweep else compare(args)


if __name__ == "__main__":
    main()
