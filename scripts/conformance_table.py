"""The conformance table: vitir on each case of the StableHLO interpreter suite, counted by op.

    PYTHONPATH=. python scripts/conformance_table.py                      # evaluator and XLA
    PYTHONPATH=. python scripts/conformance_table.py --no-xla --op add    # one op, vitir only
    PYTHONPATH=. python scripts/conformance_table.py --markdown docs/conformance.md
    PYTHONPATH=. python scripts/conformance_table.py --show xor#3         # one case, rewritten and printed

Each case: vitir imports it (its `check` ops taken out as expectations), prints it, imports the print
again (the same text must come out), and evaluates it with the numpy evaluator against the suite's
expected values; XLA (PJRT, CPU) runs vitir's print in a child process and is checked against the same
values. --markdown rewrites the generated part of that file (between its `conformance-table` markers).
--cases lists every case's outcome. The suite is read from ../shared beside the checkout (or --suite,
or $VITIR_CONFORMANCE_SUITE).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from vitir.conformance import default_suite, report, run_suite, stderr_progress, suite_cases
from vitir.errors import ConfigError
from vitir.train.rundir import write_text_atomic

BEGIN, END = "<!-- conformance-table: begin -->", "<!-- conformance-table: end -->"


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--suite", type=Path, default=None, help="the suite's directory (default: %(default)s)")
    p.add_argument("--op", action="append", default=[], help="only this op's file (repeatable): add, chlo/mulhi")
    p.add_argument("--no-xla", action="store_true", help="skip XLA (PJRT); vitir's stages only")
    p.add_argument("--markdown", type=Path, help="write the tables into this markdown file, between its markers")
    p.add_argument("--cases", action="store_true", help="print every case's outcome too")
    p.add_argument("--show", metavar="CASE", action="append", default=[],
                   help="print one case (add#3) as vitir reads it, vitir's print of it, and its outcome")
    return p.parse_args(argv)


def splice(document: str, generated: str, path: Path) -> str:
    """`document` with the text between its markers replaced by `generated`."""
    if BEGIN not in document or END not in document:
        raise ConfigError(f"{path}: no {BEGIN} ... {END} markers to write the table between")
    head, rest = document.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{generated}{END}{tail}"


def main(argv=None) -> int:
    args = parse_args(argv)
    suite = args.suite or default_suite()
    if not suite.is_dir():
        print(f"conformance_table: the suite is not at {suite} (give --suite, or set VITIR_CONFORMANCE_SUITE)",
              file=sys.stderr)
        return 2
    cases = [c for c in suite_cases(suite) if (not args.op or c.op in args.op) and (not args.show or c.id in args.show)]
    if not cases:
        print(f"conformance_table: no cases for {', '.join(args.op)} in {suite}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    outcomes = run_suite(cases, xla=not args.no_xla, progress=stderr_progress)
    seconds = time.perf_counter() - start
    vitir_seconds = sum(o.seconds for o in outcomes)
    for o in outcomes if args.show else ():
        notes = "".join(f"({note})\n" for note in (o.program.notes if o.program else ()))
        print(f"== {o.case.id}: the case as vitir reads it ==\n{o.program.text.strip() if o.program else ''}\n{notes}")
        print(f"== vitir's print ==\n{o.printed or '(none)'}")
    print(report(outcomes))
    if args.cases:
        for o in outcomes:
            xla = f"  [XLA: {o.xla.status}]" if o.xla is not None else ""
            print(" ".join(o.summary().split()) + xla)
    print(f"{len(cases)} cases in {seconds:.1f} s (vitir's stages {vitir_seconds:.1f} s)")
    if args.markdown is not None:
        document = args.markdown.read_text() if args.markdown.exists() else f"{BEGIN}\n{END}\n"
        write_text_atomic(args.markdown, splice(document, report(outcomes, markdown=True), args.markdown))
        print(f"wrote {args.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
