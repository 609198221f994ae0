"""The scheduled AdamW train step with its backward derived by vitir.autodiff (after dce, cse, fold
and simplify) beside the hand-derived step (the fast lowering, what `vitir train` runs) and JAX's
jitted step (jax.value_and_grad of the independent model in tests/gradcheck/jax_reference.py):
op counts and step times side by side, in one process, calls alternated step by step.

    python benchmarks/bench_autodiff.py [--preset small|vit-tiny] [--steps 5] [--warmup 1]

The goal (issue 33): the derived step within 1.1x of the hand-derived one. Ratios are against the
hand-derived fast step of the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_step import PRESETS, alternate, jax_runner, state_and_batches, vitir_runner  # noqa: E402
from tests.gradcheck import jax_reference as ref  # noqa: E402
from vitir.ast.uses import walk  # noqa: E402
from vitir.lower import ViTConfig  # noqa: E402

STEPS = {"hand (fast)": dict(lowering="fast", backward="hand"),
         "derived": dict(lowering="reference", backward="derived"),
         "derived + fast lowering": dict(lowering="fast", backward="derived")}


def op_count(module) -> int:
    return sum(1 for fn in module.functions for _ in walk(fn.ops))


def bench(cfg_name: str, cfg: ViTConfig, steps: int, warmup: int) -> None:
    init, data = state_and_batches(cfg, warmup + steps)
    runners = [vitir_runner(options["lowering"], cfg, init, options["backward"], name)
               for name, options in STEPS.items()]
    ops = {r.name: op_count(r.module) for r in runners}
    runners.append(jax_runner("jax", ref.patch_embed_conv, cfg, init, data[0]))
    alternate(cfg_name, runners, data, warmup)
    hand = next(r for r in runners if r.name == "hand (fast)")
    base = statistics.median(hand.times)
    print("\n| step | ops | text lines | XLA compile | step time (median) | step / hand | timed steps | last loss |")
    print("|---|---|---|---|---|---|---|---|")
    for r in runners:
        step_s = statistics.median(r.times)
        count = f"{ops[r.name]:,}" if r.name in ops else "-"  # JAX's: its text's, not an AST
        print(f"| {r.name} | {count} | {r.lines:,} | {r.compile_s:.2f} s | {step_s * 1e3:,.1f} ms | "
              f"{step_s / base:.2f}x | {len(r.times)} | {r.loss:.6f} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", choices=sorted(PRESETS), default="vit-tiny")
    ap.add_argument("--steps", type=int, default=5, help="timed steps")
    ap.add_argument("--warmup", type=int, default=1, help="untimed steps before them")
    args = ap.parse_args()
    bench(args.preset, PRESETS[args.preset], args.steps, args.warmup)


if __name__ == "__main__":
    main()
