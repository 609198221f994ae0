"""The passes (vitir.passes) on large programs: ops before and after, and seconds per pass.

    python benchmarks/bench_passes.py [--repeat 3]

Programs: vitir's golden ViT-Tiny scheduled AdamW step (../shared/golden, 7,457 lines, when it is
there) and the same train step as JAX lowers it (benchmarks/bench_import.py's text, about 10,700
lines), each imported once with vitir.mlir.import_text. For each pass list: the ops at every depth
before and after, and the best of --repeat runs of `vitir.passes.run` (a copy of the module, then
the passes), beside the import's own time, as a ratio. --evaluate also runs each program before and
after `cse,dce` with vitir's evaluator on one random input set (tests/differential.py) and counts the
results that differ in any bit (minutes: the evaluator runs a whole train step twice).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from vitir import passes  # noqa: E402
from vitir.mlir import import_text  # noqa: E402
from vitir.rewrite import walk  # noqa: E402

GOLDEN = ROOT.parent / "shared" / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"
CHOICES = (["dce"], ["cse"], ["cse", "dce"])


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - began)
    return min(times), out


def same_results(before, after) -> str:
    from tests.differential import input_sets, same_bits
    from vitir.evaluate import evaluate

    inputs = input_sets(before.main, 0, 1)[0]
    a, b = evaluate(before, *inputs), evaluate(after, *inputs)
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if same_bits(x, y) is not None]
    return f"{len(a)} results, {len(differ)} differing in any bit"


def report(name: str, text: str, repeat: int, check: bool) -> None:
    imported, module = best(lambda: import_text(text), 1)
    count = len(list(walk(module.main.ops)))
    print(f"\n{name}: {len(text.splitlines())} lines, {count} ops, import {imported:.2f} s")
    print(f"  {'passes':<10} {'ops after':>9} {'removed':>8} {'seconds':>8} {'/ import':>9}")
    for chosen in CHOICES:
        seconds, out = best(lambda: passes.run(module, chosen), repeat)
        after = len(list(walk(out.main.ops)))
        print(f"  {','.join(chosen):<10} {after:>9} {count - after:>8} {seconds:>8.3f} {seconds / imported:>9.3f}")
    if check:
        print(f"  evaluated before and after cse,dce: {same_results(module, out)}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--evaluate", action="store_true", help="also compare the evaluator's results before and after")
    args = p.parse_args()
    if GOLDEN.exists():
        report("golden ViT-Tiny step (vitir's text)", GOLDEN.read_text(), args.repeat, args.evaluate)
    from bench_import import jax_train_step_text

    report("ViT-Tiny train step as JAX lowers it", jax_train_step_text("conv"), args.repeat, args.evaluate)


if __name__ == "__main__":
    main()
