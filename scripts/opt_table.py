"""Op counts before and after `vitir opt -p dce,cse,fold,simplify`: JAX programs and the conformance suite.

    PYTHONPATH=. python scripts/opt_table.py                        # the table, as markdown
    PYTHONPATH=. python scripts/opt_table.py -p dce,cse             # other passes
    PYTHONPATH=. python scripts/opt_table.py --markdown docs/passes.md \
        --file ../shared/golden/vit_tiny_b32_d12_adam_sched.mlir
    PYTHONPATH=. python scripts/opt_table.py --xla --no-suite          # the JAX programs under XLA too

Each JAX program (tests/passes/jax_programs.py) is lowered by JAX now, imported, run through the passes,
printed and imported again; the numpy evaluator runs both on the same inputs, and the results must be equal
bit for bit. Every case of the StableHLO interpreter suite that passes vitir's stages goes through the passes
too (vitir/conformance/passes.py): its expected values must still hold. Ops are counted at every depth (the
ops of regions too); a row's columns count each op name's ops, the largest changes first. With --xla, XLA
(PJRT, CPU) runs each JAX program's original and optimised text on the same inputs, and a second table
counts the result elements whose bits differ (any NaN equal to any NaN) and their largest distance in
units of the last place.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

BEGIN, END = "<!-- opt-table: begin -->", "<!-- opt-table: end -->"


def op_counts(module) -> Counter:
    from vitir.rewrite import walk

    return Counter(op.NAME.removeprefix("stablehlo.") for fn in module.functions for op in walk(fn.ops))


def changes(before: Counter, after: Counter, most: int = 4) -> str:
    """The op names whose counts changed most: `constant 40 -> 12`."""
    moved = sorted(set(before) | set(after), key=lambda n: (-abs(before[n] - after[n]), n))
    return ", ".join(f"{n} {before[n]} -> {after[n]}" for n in moved[:most] if before[n] != after[n])


def program_rows(passes: str) -> list[tuple]:
    from tests.differential import same_bits
    from tests.passes.jax_programs import PROGRAMS, lowered
    from vitir import passes as registry
    from vitir.evaluate import evaluate
    from vitir.mlir import import_text
    from vitir.print import print_module

    rows = []
    for name in PROGRAMS:
        text, inputs = lowered(name)
        module = import_text(text)
        start = time.perf_counter()
        optimized = import_text(print_module(registry.run(module, passes)))
        seconds = time.perf_counter() - start
        with np.errstate(all="ignore"):  # NaN meets a compare in some programs, on purpose
            ours, theirs = evaluate(module, *inputs), evaluate(optimized, *inputs)
        same = all(same_bits(a, b) is None for a, b in zip(ours, theirs,
                                                             strict=True))
        before, after = op_counts(module), op_counts(optimized)
        rows.append((name, sum(before.values()), sum(after.values()), "yes" if same else "NO", f"{seconds:.2f}",
                     changes(before, after)))
    return rows


def ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elementwise count of floats between a and b (0 where both are NaN); integers: their difference."""
    if a.dtype.kind in "biu":
        return np.abs(a.astype(np.int64) - b.astype(np.int64))
    bits = np.dtype(f"i{a.dtype.itemsize}")
    order = lambda x: np.where(x.view(bits) < 0, np.iinfo(bits).min - x.view(bits), x.view(bits)).astype(np.int64)  # noqa: E731
    distance = np.abs(order(a) - order(b))
    return np.where(np.isnan(a) & np.isnan(b), 0, distance)


def xla_rows(passes: str) -> list[tuple]:
    """(program, result elements, elements whose bits differ under XLA, their largest ulp distance)."""
    from tests.passes.jax_programs import PROGRAMS, lowered
    from vitir import passes as registry
    from vitir.backend import compile_module
    from vitir.mlir import import_text
    from vitir.print import print_module

    rows = []
    for name in PROGRAMS:
        text, inputs = lowered(name)
        optimized = print_module(registry.run(import_text(text), passes))
        ours = [np.asarray(x) for x in compile_module(text, platform="cpu").run(*inputs)]
        theirs = [np.asarray(x) for x in compile_module(optimized, platform="cpu").run(*inputs)]
        total = sum(a.size for a in ours)
        distances = [ulp_distance(a, b) for a, b in zip(ours, theirs, strict=True)]
        differ = sum(int(np.count_nonzero(d)) for d in distances)
        rows.append((name, total, differ, max((int(d.max()) for d in distances if d.size), default=0)))
    return rows


def xla_table(passes: str) -> str:
    lines = [f"Under XLA (PJRT, CPU), each program's text before and after `-p {passes}`:", "",
             "| program | result elements | elements that differ | largest difference (ulp) |",
             "| --- | ---: | ---: | ---: |"]
    lines += [f"| {name} | {total:,} | {differ:,} | {most:,} |" for name, total, differ, most in xla_rows(passes)]
    return "\n".join(lines) + "\n"


def suite_row(passes: str, suite: Path) -> tuple:
    from vitir.conformance import suite_cases
    from vitir.conformance.passes import run_with_passes

    outcomes = [run_with_passes(case, passes) for case in suite_cases(suite)]
    kept = [o for o in outcomes if o.status == "kept"]
    wrong = [o for o in outcomes if o.status in ("differs", "failure")]
    for o in wrong:
        print(f"opt_table: {o.case.id}: {o.status}: {o.message}", file=sys.stderr)
    ran = len(kept) + len(wrong)
    return (f"conformance suite ({ran} cases that pass vitir's stages)", sum(o.ops_before for o in kept + wrong),
            sum(o.ops_after for o in kept + wrong), f"{len(kept)} of {ran} give their expected values, equal",
            "", "")


def file_row(passes: str, path: Path) -> tuple:
    """A StableHLO file's counts (not evaluated: a full-size program is too slow for the numpy evaluator)."""
    from vitir import passes as registry
    from vitir.mlir import import_text
    from vitir.print import print_module

    module = import_text(path.read_text(), str(path))
    start = time.perf_counter()
    optimized = import_text(print_module(registry.run(module, passes)))
    seconds = time.perf_counter() - start
    before, after = op_counts(module), op_counts(optimized)
    return (path.name, sum(before.values()), sum(after.values()), "not evaluated", f"{seconds:.2f}",
            changes(before, after))


def table(passes: str, suite: Path | None, files=()) -> str:
    rows = program_rows(passes) + [file_row(passes, f) for f in files]
    if suite is not None and suite.is_dir():
        rows.append(suite_row(passes, suite))
    lines = [f"`vitir opt -p {passes}`:", "",
             "| program | ops before | ops after | results equal bit for bit | seconds (passes, print, import) | largest changes |",
             "| --- | ---: | ---: | --- | ---: | --- |"]
    lines += [f"| {name} | {b:,} | {a:,} | {same} | {seconds} | {what} |" for name, b, a, same, seconds, what in rows]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-p", "--passes", default="dce,cse,fold,simplify")
    p.add_argument("--suite", type=Path, default=None, help="the conformance suite (default: ../shared beside the checkout)")
    p.add_argument("--no-suite", action="store_true", help="the JAX programs only")
    p.add_argument("--file", type=Path, action="append", default=[],
                   help="a StableHLO file to count too (repeatable; not evaluated)")
    p.add_argument("--markdown", type=Path, help="write the table into this file, between its opt-table markers")
    p.add_argument("--xla", action="store_true", help="also run each JAX program before and after through XLA")
    args = p.parse_args(argv)
    from vitir.conformance import default_suite

    generated = table(args.passes, None if args.no_suite else (args.suite or default_suite()), args.file)
    if args.xla:
        generated += "\n" + xla_table(args.passes)
    if args.markdown is None:
        sys.stdout.write(generated)
        return 0
    document = args.markdown.read_text()
    if BEGIN not in document or END not in document:
        print(f"opt_table: {args.markdown} has no {BEGIN} ... {END} markers", file=sys.stderr)
        return 2
    head, rest = document.split(BEGIN, 1)
    args.markdown.write_text(f"{head}{BEGIN}\n{generated}{END}{rest.split(END, 1)[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
