"""Step time of vitir's data-parallel scheduled AdamW step across 1, 2 and 4
processes on this machine (one device each, the same batch per replica, so
the global batch grows with the processes), beside one process with as many
host devices, whose all-reduce stays inside the process.

    python benchmarks/bench_distributed.py [--processes 1 2 4] [--steps 20] [--warmup 3]

A simulation of several hosts: every process shares this machine's cores,
so step times rise with the process count for want of cores, not network.
Each process joins the group over loopback as `vitir launch` would start it
(gloo collectives), compiles the step, and times each call until its
parameters are back (the collective's wait included).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from vitir.cli.launch import free_port, process_env  # noqa: E402

# The default `vitir train` model on the embedded digits (8x8 images).
MODEL = dict(patch=4, width=128, depth=2, heads=8, mlp=256, batch=64)


def worker(replicas: int, steps: int, warmup: int) -> None:
    """One process of the group (settings from the environment); process 0 prints the timings as JSON."""
    from vitir.backend import compile_module, ensure_host_devices, to_host
    from vitir.backend.distributed import initialize_distributed
    from vitir.lower import adam_sched_module
    from vitir.print import print_module
    from vitir.train.init import init_params
    from vitir.train.trainer import TrainConfig

    group = initialize_distributed(timeout_s=300)
    with group.exit_on_failure("bench_distributed"):
        if replicas > 1:
            ensure_host_devices(replicas)
        cfg = TrainConfig(**MODEL, replicas=replicas, processes=group.num_processes)
        model = cfg.model((1, 8, 8), 10, cfg.batch)
        total = replicas * group.num_processes
        t = time.perf_counter()
        exe = compile_module(print_module(adam_sched_module(model, cfg.hyper(), total, lowering=cfg.lowering)),
                             replicas=total)
        compile_s = time.perf_counter() - t
        params = init_params(model, 0)
        state = params + [np.zeros_like(p) for p in params] * 2
        k = len(params)
        dev = [exe.to_device(a, i + 1) for i, a in enumerate(state)]
        rng = np.random.default_rng(0)  # one global batch; each process feeds its share
        global_batch = cfg.batch * total
        x = group.shard(rng.standard_normal((global_batch, model.input_features)).astype(np.float32))
        onehot = group.shard(np.eye(10, dtype=np.float32)[rng.integers(0, 10, global_batch)])
        times = []
        for step in range(1, warmup + steps + 1):
            t = time.perf_counter()
            outs = exe.execute_device([x, *dev, np.float32(1e-3), np.float32(1 - 0.9 ** step),
                                       np.float32(1 - 0.999 ** step), onehot], split=("x", "onehot"))
            to_host(outs[3 * k])  # the loss: waits for the step
            dev = list(outs[:3 * k])
            if step > warmup:
                times.append(time.perf_counter() - t)
        if group.is_main:
            print(json.dumps({"compile_s": compile_s, "step_s": statistics.median(times),
                              "global_batch": global_batch}), flush=True)


def run_group(processes: int, replicas: int, steps: int, warmup: int, cache: str) -> dict:
    coordinator = f"127.0.0.1:{free_port()}"
    command = [sys.executable, __file__, "--worker", "--replicas", str(replicas),
               "--steps", str(steps), "--warmup", str(warmup)]
    children = []
    for i in range(processes):
        env = {**process_env(i, processes, coordinator), "VITIR_COMPILE_CACHE": cache}
        children.append(subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True))
    outputs = [child.communicate()[0] for child in children]
    if any(child.returncode for child in children):
        raise SystemExit(f"{processes} process(es) x {replicas} device(s) failed: "
                         f"{[child.returncode for child in children]}")
    return json.loads(outputs[0].strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--steps", type=int, default=20, help="timed steps")
    ap.add_argument("--warmup", type=int, default=3, help="untimed steps before them")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--replicas", type=int, default=1, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.replicas, args.steps, args.warmup)
        return
    print(f"simulation: every process shares this machine's {os.cpu_count()} CPU cores (no network between "
          "them); the model is vitir train's default on digits, batch 64 per replica")
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        for n in args.processes:
            layouts = [(n, 1)] + ([(1, n)] if n > 1 else [])
            for processes, replicas in layouts:
                r = run_group(processes, replicas, args.steps, args.warmup, cache)
                rows.append((processes, replicas, r))
                print(f"  {processes} process(es) x {replicas} device(s): step {r['step_s'] * 1e3:.1f} ms, "
                      f"compile {r['compile_s']:.1f} s", flush=True)
    print("\n| processes x devices | global batch | step (median) | images/s | compile (process 0) |")
    print("|---|---|---|---|---|")
    for processes, replicas, r in rows:
        print(f"| {processes} x {replicas} | {r['global_batch']} | {r['step_s'] * 1e3:.1f} ms | "
              f"{r['global_batch'] / r['step_s']:,.0f} | {r['compile_s']:.1f} s |")
    print(f"median of {args.steps} steps after {args.warmup} warm-up; all processes share "
          f"{os.cpu_count()} cores: a simulation of several hosts, not a measurement of one")


if __name__ == "__main__":
    main()
