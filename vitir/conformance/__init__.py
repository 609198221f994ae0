"""vitir on the StableHLO interpreter suite (`stablehlo/tests/interpret/`): a conformance runner.

Each case of the suite (cases.py) is rewritten so that its `check` ops become expectations and the
checked values the entry function's results (rewrite.py); vitir imports it, prints it, imports the
print again (the text must be stable), and evaluates it with the numpy evaluator against the
expectations (run.py, expect.py). XLA runs vitir's print through PJRT in a child process (xla.py).
table.py counts the outcomes by op. `scripts/conformance_table.py` prints the table and writes it into
docs/conformance.md; tests/conformance/ keeps the counts from falling.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Iterable

from .cases import SUITE_ENV, Case, default_suite, suite_cases
from .rewrite import Expectation, Program, rewrite
from .run import Outcome, XlaOutcome, run_case
from .table import report, rows, totals

__all__ = ["SUITE_ENV", "Case", "Expectation", "Outcome", "Program", "XlaOutcome", "default_suite", "report",
           "rewrite", "rows", "run_case", "run_suite", "suite_cases", "totals"]


def run_suite(cases: Iterable[Case], xla: bool = False, progress: Callable[[str], None] | None = None,
              xla_timeout_s: float = 120.0) -> list[Outcome]:
    """Every case's outcome (and with xla=True, XLA's beside it), in order. `progress` receives a line
    now and then: cases done, of how many, and the time left."""
    cases = list(cases)
    outcomes, start = [], time.perf_counter()
    worker = None
    if xla:
        from .xla import XlaWorker

        worker = XlaWorker(timeout_s=xla_timeout_s)
    try:
        for k, case in enumerate(cases, 1):
            outcome = run_case(case)
            if worker is not None:
                outcome.xla = worker.run(outcome)
            outcomes.append(outcome)
            if progress is not None and (k % 25 == 0 or k == len(cases)):
                elapsed = time.perf_counter() - start
                left = elapsed / k * (len(cases) - k)
                progress(f"{k}/{len(cases)} cases, {elapsed:.0f} s, about {left:.0f} s left")
    finally:
        if worker is not None:
            worker.close()
    return outcomes


def stderr_progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
