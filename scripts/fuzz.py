"""vitir's fuzzer at scale, on demand (the suite runs a few hundred cases: tests/fuzz/test_fuzz.py).

    PYTHONPATH=. python scripts/fuzz.py --graphs 9000 --evaluated 1000 --invalid 3000 --mutations 3000 --passes 1000

Cases (tests/fuzz/): random well-typed graphs over the declared ops (printed,
MLIR's parser, xDSL round trip, import, print byte-identical); evaluated
graphs (the same, then compiled by XLA and each op's result compared with the
evaluator's); builds that break one rule (refused naming their op); mutated
texts of rendered modules (refused naming their line, or compiled by XLA);
texts with one attribute or element type mutated (refused naming their line,
or accepted by jaxlib's MLIR parser too and printed back in vitir's form);
random differentiable graphs (vitir's VJP on the evaluator in float64 against
jax.vjp of the same graph written with jax.lax, and its JVP and VJP against
each other by the inner-product test); mutated MLIR bytecode (read and written
again, or refused naming the section and byte offset).
Each case is seeded by (--seed, kind, index) and bounded by --bound seconds.
Every failure is written to --out as a reproducer (the module's or the
mutated text, shrunk to the lines that still fail, with the command that
reruns it), and the summary ends in the counts docs/fuzzing.md records.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vitir.backend import clear_cache, ensure_host_devices  # noqa: E402

ensure_host_devices(4)  # before anything compiles: collectives run on up to 4 replicas

from tests.fuzz.run import KINDS, Report, case_seed, run  # noqa: E402

XLA_CRASHED = "XLA crashed"  # the failure kind of a case that killed XLA's process


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--graphs", type=int, default=0, help="generated graphs, round-tripped")
    p.add_argument("--evaluated", type=int, default=0, help="generated graphs also run by XLA and the evaluator")
    p.add_argument("--invalid", type=int, default=0, help="builds that break one rule")
    p.add_argument("--mutations", type=int, default=0, help="mutated texts of rendered modules")
    p.add_argument("--passes", type=int, default=0,
                   help="generated graphs run through every registered pass, evaluated before and after")
    p.add_argument("--attributes", type=int, default=0,
                   help="texts with an attribute or element type mutated (precisions, algorithms, layouts, "
                        "composites, quantized types)")
    p.add_argument("--gradients", type=int, default=0,
                   help="random differentiable graphs: vitir's VJP against jax.vjp, and the inner-product test")
    p.add_argument("--bytecode", type=int, default=0,
                   help="mutated MLIR bytecode files (read or refused naming section and byte, never a crash)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--start", type=int, default=0, help="first case index of each kind")
    p.add_argument("--bound", type=float, default=60.0, help="seconds one case may take (default 60)")
    p.add_argument("--only", metavar="KIND:INDEX", help="run one case again, e.g. mutations:1234")
    p.add_argument("--quick", action="store_true", help="mutate the smallest rendered modules, as the suite does")
    p.add_argument("--out", type=Path, default=Path("fuzz-failures"), help="folder for reproducers")
    return p.parse_args(argv)


class Progress:
    """One line per 5% of a kind, with the rate and the time left."""

    def __init__(self):
        self.began, self.shown = {}, {}

    def __call__(self, kind: str, done: int, total: int) -> None:
        now = time.perf_counter()
        self.began.setdefault(kind, now)
        step = max(1, total // 20)
        if done % step and done != total:
            return
        spent = now - self.began[kind]
        left = spent / done * (total - done)
        print(f"{kind}: {done}/{total}, {done / max(spent, 1e-9):.1f}/s, ETA {left / 60:.1f} min", file=sys.stderr,
              flush=True)
        if kind in ("evaluated", "mutations") and done % (step * 4) == 0:
            clear_cache()  # compiled executables: thousands of small ones add up


def shrink(text: str, still_fails, budget: float = 120.0) -> str:
    """The text with as many lines dropped as keep `still_fails(text)` true (delta debugging)."""
    lines = text.splitlines(keepends=True)
    chunk = max(1, len(lines) // 2)
    deadline = time.perf_counter() + budget
    while chunk >= 1 and time.perf_counter() < deadline:
        i, dropped = 0, False
        while i < len(lines) and time.perf_counter() < deadline:
            trial = lines[:i] + lines[i + chunk:]
            if trial and still_fails("".join(trial)):
                lines, dropped = trial, True
            else:
                i += chunk
        if not dropped:
            chunk //= 2
    return "".join(lines)


def reproducer(kind: str, index: int, seed: int, message: str, quick: bool = False) -> str:
    """The text that reproduces a failure, shrunk where it is a text."""
    import random

    from tests.fuzz.graphs import random_graph
    from vitir.ast import module as module_of
    from vitir.print import print_module

    s = case_seed(seed, kind, index)
    if kind == "bytecode":  # the mutated bytes, in hex (the case draws them again from its seed)
        from tests.fuzz.bytecode import mutated_bytes

        return "// " + mutated_bytes(s).hex() + "\n"
    if kind in ("graphs", "evaluated"):
        return print_module(random_graph(random.Random(s), evaluated=kind == "evaluated", cover=index)[0])
    if kind == "passes":
        from tests.fuzz.passes import pass_graph

        return print_module(pass_graph(random.Random(s))[0])  # evaluated on its grid (pass_graph's third value)
    if kind == "mutations":
        from tests.fuzz.checks import time_bound
        from tests.fuzz.mutations import check_mutated, mutated_text

        text, _, _ = mutated_text(s, 0 if quick else 1)
        head = message.split(":")[0]

        def fails(candidate: str) -> bool:
            try:
                with time_bound(30):
                    check_mutated(candidate)
            except Exception as e:
                return str(e).split(":")[0] == head
            return False

        return shrink(text, fails) if fails(text) else text
    if kind == "attributes":
        from tests.fuzz.attributes import mutated_attribute_text

        return mutated_attribute_text(s)[0]
    if kind == "gradients":
        from tests.fuzz.gradients import gradient_graph

        return print_module(module_of(gradient_graph(random.Random(s))[0]))
    return ""


def main(argv=None) -> int:
    args = parse_args(argv)
    report = Report()
    began = time.perf_counter()
    if args.only:
        kind, _, index = args.only.partition(":")
        run(kind, 1, args.seed, args.bound, report, start=int(index), quick=args.quick)
    else:
        progress = Progress()
        for kind in KINDS:
            count = getattr(args, kind)
            if count:
                run(kind, count, args.seed, args.bound, report, start=args.start, quick=args.quick,
                    progress=progress)
    total = time.perf_counter() - began
    crashes = [f for f in report.failures if f[2].startswith(XLA_CRASHED)]
    failures = [f for f in report.failures if not f[2].startswith(XLA_CRASHED)]
    print(f"\n{'kind':<10} {'cases':>7} {'failures':>9} {'XLA crashed':>12} {'seconds':>8} {'slowest':>8}")
    for kind in KINDS:
        if report.counts[kind]:
            failed = sum(1 for k, _, _ in failures if k == kind)
            crashed = sum(1 for k, _, _ in crashes if k == kind)
            print(f"{kind:<10} {report.counts[kind]:>7} {failed:>9} {crashed:>12} {report.seconds[kind]:>8.0f} "
                  f"{report.slowest[kind][0]:>7.1f}s")
    print(f"total {total / 60:.1f} min; seed {args.seed}")
    from tests.fuzz.passes import pass_table, per_pass

    for key in sorted(k for k in report.stats if not k.startswith("drawn: ") and not per_pass(k)):
        print(f"  {key}: {report.stats[key]}")
    if report.counts["passes"]:
        print("\n" + "\n".join(pass_table(report.stats, report.failures)) + "\n")
    drawn = sorted((k[len("drawn: "):], v) for k, v in report.stats.items() if k.startswith("drawn: "))
    if drawn:
        print(f"  ops drawn ({len(drawn)} kinds): " + ", ".join(f"{k.removeprefix('stablehlo.')} {v}" for k, v in drawn))
    if report.failures:
        args.out.mkdir(parents=True, exist_ok=True)
        print(f"\n{len(failures)} failures, {len(crashes)} XLA crashes (reproducers in {args.out}):")
        for kind, index, message in report.failures:
            print(f"  {kind}:{index}: {message[:300]}")
            path = args.out / f"{kind}-{index}.mlir"
            rerun = f"PYTHONPATH=. python scripts/fuzz.py --seed {args.seed}{' --quick' * args.quick} --only {kind}:{index}"
            header = f"// {message.splitlines()[0][:500]}\n// rerun: {rerun}\n"
            try:
                path.write_text(header + reproducer(kind, index, args.seed, message, args.quick),
                                errors="surrogateescape")
            except Exception as e:  # the reproducer itself failed: keep the message
                path.write_text(header + f"// (no reproducer: {type(e).__name__}: {e})\n")
    return 1 if failures else 0  # XLA's own crashes are its bugs (docs/fuzzing.md), listed, not vitir's


if __name__ == "__main__":
    sys.exit(main())
