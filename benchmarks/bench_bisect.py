"""Times `vitir bisect` on the ViT-Tiny scheduled AdamW step and `vitir reduce` of the IREE dominance
bug (docs/backends.md, bug 1) from the same step; docs/benchmarks.md records the figures.

    python benchmarks/bench_bisect.py bisect [--batch 32] [--against evaluator,pjrt]
    python benchmarks/bench_bisect.py reduce [--batch 32] [--jobs N]

Each runs the commands as a user would (`python -m vitir ...` in a process of its own) and prints
the wall time and the command's report.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The bug comes from IREE's dispatch creation at O2: compiling up to that phase shows it, with no
# target backend, and a candidate that loses it costs seconds rather than a whole compile
# (docs/benchmarks.md). The reduced program is checked once with the whole compile.
DOMINANCE = ("iree-compile {} --iree-input-type=stablehlo --iree-opt-level=O2 --compile-to=dispatch-creation "
             "-o /dev/null 2>&1 | grep -q 'does not dominate'")
DOMINANCE_FULL = ("iree-compile {} --iree-input-type=stablehlo --iree-hal-target-backends=llvm-cpu "
                  "--iree-llvmcpu-target-cpu=host --iree-opt-level=O2 -o /dev/null 2>&1 | grep -q 'does not dominate'")


def vitir(*args: str) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, CPU seconds of the command and every process it started, the finished process).
    The peak resident memory of the largest process run so far is `peak_gib()`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    # stdout kept for the report; stderr (the progress, block by block) shown as it comes
    done = subprocess.run([sys.executable, "-m", "vitir", *args], env=env, stdout=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return time.perf_counter() - started, cpu, done


def peak_gib() -> float:
    """The largest resident memory any finished child process reached, in GiB (Linux: ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=("bisect", "reduce"))
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--against", default="evaluator,pjrt")
    p.add_argument("--jobs", type=int, default=1, help="reduce: candidates tested side by side")
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-bisect-"))
    step = folder / "step.mlir"
    vitir("render", "adam-sched", "--preset", "vit-tiny", "--batch", str(args.batch), "-o", str(step))
    load = os.getloadavg()
    if args.what == "bisect":
        seconds, cpu, done = vitir("bisect", str(step), "--against", args.against, "--scale", "0.05")
    else:
        out = folder / "dominance.mlir"
        seconds, cpu, done = vitir("reduce", str(step), "-o", str(out), "--until", DOMINANCE, "--jobs", str(args.jobs))
        if done.returncode == 0:
            print(out.read_text())
            full = subprocess.run(DOMINANCE_FULL.replace("{}", str(out)), shell=True).returncode == 0
            print(f"the whole compile (llvm-cpu, O2) {'still fails' if full else 'does NOT fail'} on the reduced program")
    print(done.stdout, end="")
    print(f"{args.what} ViT-Tiny (batch {args.batch}, {args.against if args.what == 'bisect' else f'IREE O2, --jobs {args.jobs}'}): "
          f"{seconds:.1f} s wall, {cpu:.1f} s CPU (with the processes it started), peak resident memory "
          f"{peak_gib():.2f} GiB, exit status {done.returncode}; "
          f"load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
