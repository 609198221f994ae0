"""Step time of vitir's data-parallel scheduled AdamW step across 1, 2 and 4
processes on this machine (one device each, the same batch per replica, so
the global batch grows with the processes), beside one process with as many
host devices, whose collectives stay inside the process; each layout in both
forms side by side:

- mesh: one step over the global batch, partitioned by XLA over the mesh
  data=N (what `vitir train --replicas` and `vitir launch` run);
- replicas: N copies of a per-replica step averaging its gradients with one
  fused all_reduce (the fast lowering's; what they ran before).

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
FORMS = ("mesh", "replicas")


def worker(replicas: int, form: str, steps: int, warmup: int) -> None:
    """One process of the group (settings from the environment); process 0 prints the timings as JSON."""
    from vitir.backend import compile_module, ensure_host_devices, to_host
    from vitir.backend.distributed import initialize_distributed
    from vitir.lower import adam_sched_module
    from vitir.lower.sharding import step_mesh
    from vitir.print import print_module
    from vitir.train.init import init_params
    from vitir.train.trainer import TrainConfig

    group = initialize_distributed(timeout_s=300)
    with group.exit_on_failure("bench_distributed"):
        if replicas > 1:
            ensure_host_devices(replicas)
        cfg = TrainConfig(**MODEL, replicas=replicas, processes=group.num_processes)
        total = replicas * group.num_processes
        global_batch = cfg.batch * total
        rng = np.random.default_rng(0)  # one global batch in every process
        x = rng.standard_normal((global_batch, 64)).astype(np.float32)
        onehot = np.eye(10, dtype=np.float32)[rng.integers(0, 10, global_batch)]
        t = time.perf_counter()
        if form == "mesh":  # the whole batch in every process; each places its devices' rows
            model = cfg.model((1, 8, 8), 10, global_batch)
            exe = compile_module(print_module(adam_sched_module(model, cfg.hyper(), lowering=cfg.lowering,
                                                                mesh=step_mesh(None, total))))
            split = ()
        else:  # each process feeds its own share, cut per replica
            model = cfg.model((1, 8, 8), 10, cfg.batch)
            exe = compile_module(print_module(adam_sched_module(model, cfg.hyper(), total, lowering=cfg.lowering)),
                                 replicas=total)
            share = global_batch // group.num_processes
            x, onehot = (a[group.process_id * share:(group.process_id + 1) * share] for a in (x, onehot))
            split = ("x", "onehot")
        compile_s = time.perf_counter() - t
        params = init_params(model, 0)
        state = params + [np.zeros_like(p) for p in params] * 2
        k = len(params)
        dev = [exe.to_device(a, i + 1) for i, a in enumerate(state)]
        times = []
        for step in range(1, warmup + steps + 1):
            t = time.perf_counter()
            outs = exe.execute_device([x, *dev, np.float32(1e-3), np.float32(1 - 0.9 ** step),
                                       np.float32(1 - 0.999 ** step), onehot], split=split)
            to_host(outs[3 * k])  # the loss: waits for the step
            dev = list(outs[:3 * k])
            if step > warmup:
                times.append(time.perf_counter() - t)
        if group.is_main:
            print(json.dumps({"compile_s": compile_s, "step_s": statistics.median(times),
                              "global_batch": global_batch}), flush=True)


def run_group(processes: int, replicas: int, form: str, steps: int, warmup: int, cache: str) -> dict:
    coordinator = f"127.0.0.1:{free_port()}"
    command = [sys.executable, __file__, "--worker", "--replicas", str(replicas), "--form", form,
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
    ap.add_argument("--form", choices=FORMS, default="mesh", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.replicas, args.form, args.steps, args.warmup)
        return
    print(f"simulation: every process shares this machine's {os.cpu_count()} CPU cores (no network between "
          "them); the model is vitir train's default on digits, batch 64 per replica")
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        for n in args.processes:
            for processes, replicas in [(n, 1)] + ([(1, n)] if n > 1 else []):
                r = {form: run_group(processes, replicas, form, args.steps, args.warmup, cache) for form in FORMS}
                rows.append((processes, replicas, r))
                print(f"  {processes} process(es) x {replicas} device(s): step "
                      + ", ".join(f"{form} {r[form]['step_s'] * 1e3:.1f} ms" for form in FORMS), flush=True)
    print("\n| processes x devices | global batch | mesh step | replicas step | mesh / replicas | images/s (mesh) "
          "| compile, mesh / replicas |")
    print("|---|---|---|---|---|---|---|")
    for processes, replicas, r in rows:
        mesh, each = r["mesh"], r["replicas"]
        print(f"| {processes} x {replicas} | {mesh['global_batch']} | {mesh['step_s'] * 1e3:.1f} ms | "
              f"{each['step_s'] * 1e3:.1f} ms | {mesh['step_s'] / each['step_s']:.2f}x | "
              f"{mesh['global_batch'] / mesh['step_s']:,.0f} | {mesh['compile_s']:.1f} s / {each['compile_s']:.1f} s |")
    print(f"median of {args.steps} steps after {args.warmup} warm-up; all processes share "
          f"{os.cpu_count()} cores: a simulation of several hosts, not a measurement of one")


if __name__ == "__main__":
    main()
