"""One case through vitir: import, round trip, evaluation against the suite's expectations.

`run_case(case)` takes a case through each stage in turn and returns its one `Outcome`:
- `pass`: vitir imports it, prints it, imports the print again to the same text
  (print(import(print(x))) == print(x)), and the numpy evaluator computes the expected values;
- `error`: vitir refused it with one of its errors (a VitirError naming the op or type it lacks, or
  the construct the runner cannot express), at the stage it names;
- `failure`: a bug: a wrong value, a print that does not read back or is not stable;
- `crash`: an exception that is no VitirError (always a bug too).
The printed text is kept for XLA (vitir/conformance/xla.py), whose outcome is recorded beside.
"""

from __future__ import annotations

import re
import time
import traceback
from dataclasses import dataclass, field

import numpy as np

from ..errors import VitirError
from .cases import Case
from .expect import mismatch
from .rewrite import Program, Ref, rewrite

STAGES = ("rewrite", "import", "round trip", "evaluate")


@dataclass
class Outcome:
    case: Case
    status: str  # "pass", "error", "failure" or "crash"
    stage: str = ""  # where it stopped (for a pass: "")
    message: str = ""
    error: str = ""  # the exception's class name
    exception: type | None = field(default=None, repr=False)  # its class (for an error or a crash)
    checks: int = 0
    grid: str = ""  # "2x1" for a run_parallel case: replicas x partitions
    printed: str | None = None  # vitir's print of the case, once it imports
    program: Program | None = field(default=None, repr=False)
    seconds: float = 0.0
    xla: "XlaOutcome | None" = None

    @property
    def imported(self) -> bool:
        return self.printed is not None

    @property
    def round_trip(self) -> bool:
        return self.imported and self.stage not in ("import", "round trip")

    @property
    def evaluated(self) -> bool:
        return self.status == "pass"

    def named(self) -> str:
        """The op or type an error names (its first), else ""."""
        return named_in(self.message)

    def summary(self) -> str:
        head = f"{self.case.id} ({self.case.source}:{self.case.line})"
        if self.status == "pass":
            return f"{head}: pass" + ("" if self.checks else " (checks nothing)")
        return f"{head}: {self.status} at {self.stage}: {self.error}: {self.message}"


@dataclass
class XlaOutcome:
    status: str  # "agrees", "differs", "does not compile", "error", "aborted", "not run"
    message: str = ""


_OP_NAME = re.compile(r"\b(?:stablehlo|chlo|check|interpreter|func)\.[a-z_][\w.]*")
_TENSOR = re.compile(r"!stablehlo\.token|tensor<[^<>]*(?:<[^<>]*>)?[^<>]*>")
_QUOTED = re.compile(r"'([\w<>.]+)'")
_ELEMENT = re.compile(r"\b(?:complex<f(?:32|64)>|ui?\d+|f\d+\w*|bf16|tf32)\b")


def named_in(message: str) -> str:
    """The op or type a message names first: an op name, else a tensor type, else a quoted name
    ('tf32'), else an element type."""
    for pattern in (_OP_NAME, _TENSOR, _QUOTED, _ELEMENT):
        m = pattern.search(message)
        if m:
            return m.group(m.lastindex or 0)
    return ""


def run_case(case: Case) -> Outcome:
    """The case's one outcome; never raises."""
    start = time.perf_counter()
    outcome = Outcome(case, "pass")
    stage = "rewrite"
    try:
        program = rewrite(case)
        outcome.program, outcome.checks = program, len(program.expectations)
        if program.grid is not None:
            outcome.grid = f"{program.grid.replicas}x{program.grid.partitions}"
        stage = "import"
        module, printed = _import_and_print(program.text, case.source)
        outcome.printed = printed
        stage = "round trip"
        again = _reprint(printed, case.source)
        if again != printed:
            _fail(outcome, stage, "ValueError", "the print of the print differs: " + _first_difference(printed, again))
        else:
            stage = "evaluate"
            with np.errstate(all="ignore"):  # the suite computes NaNs and infinities on purpose
                entry, grid = evaluate_program(program, module)
            problem = check_values(program, entry, grid)
            if problem is not None:
                _fail(outcome, stage, "ValueError", problem)
    except VitirError as e:
        if stage == "round trip":  # vitir printed text it cannot read back: a bug, not a refusal
            _fail(outcome, stage, type(e).__name__, f"vitir's print does not import: {e}")
        else:
            outcome.status, outcome.stage, outcome.error, outcome.message = "error", stage, type(e).__name__, str(e)
        outcome.exception = type(e)
    except Exception as e:  # noqa: BLE001 -- every other exception is a crash, recorded with where it came from
        outcome.status, outcome.stage, outcome.error, outcome.exception = "crash", stage, type(e).__name__, type(e)
        outcome.message = f"{e}\n{traceback.format_exc(limit=-4)}"
    outcome.seconds = time.perf_counter() - start
    return outcome


def _fail(outcome: Outcome, stage: str, error: str, message: str) -> None:
    outcome.status, outcome.stage, outcome.error, outcome.message = "failure", stage, error, message


def _import_and_print(text: str, source: str):
    from ..mlir import import_text
    from ..print import print_module

    module = import_text(text, source)
    return module, print_module(module)


def _reprint(printed: str, source: str) -> str:
    return _import_and_print(printed, f"{source} (vitir's print)")[1]


def _first_difference(a: str, b: str) -> str:
    for k, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {k}: {x.strip()!r} then {y.strip()!r}"
    return "one is longer"


def _function(module, name: str):
    for fn in module.functions:
        if fn.name == name:
            return fn
    raise VitirError(f"@{name} is not an entry function of vitir's import (found: "
                     f"{', '.join('@' + f.name for f in module.functions) or 'none'})")


def grid_program(program: Program) -> str:
    """The one function a run_parallel grid runs on every process; VitirError where vitir's evaluator
    and backend cannot run the grid."""
    from ..errors import ConformanceError

    grid = program.grid
    names = set(grid.processes())
    if len(names) > 1:
        raise ConformanceError(f"line {grid.line}: interpreter.run_parallel runs different programs "
                               f"({', '.join('@' + n for n in sorted(names))}): vitir runs one function on every "
                               "replica")
    if grid.partitions > 1 and not _evaluator_has_partitions():
        raise ConformanceError(f"line {grid.line}: interpreter.run_parallel over {grid.partitions} partitions: "
                               "vitir's evaluator runs replicas only")
    return names.pop()


def _evaluator_has_partitions() -> bool:
    import inspect

    from ..evaluate import evaluate

    return "partitions" in inspect.signature(evaluate).parameters


def per_process(inputs, count_per_process: int, processes: int) -> list[tuple]:
    """The grid's flattened inputs, process by process."""
    if len(inputs) != count_per_process * processes:
        from ..errors import ConformanceError

        raise ConformanceError(f"interpreter.run_parallel passes {len(inputs)} inputs to {processes} processes "
                               f"of {count_per_process} arguments each")
    return [tuple(inputs[p * count_per_process:(p + 1) * count_per_process]) for p in range(processes)]


def evaluate_program(program: Program, module) -> tuple[tuple, tuple]:
    """The entry function's results and (for a grid) the grid's flattened results, by vitir's evaluator."""
    from ..evaluate import evaluate

    if not program.entry:
        return (), ()
    entry = evaluate(module, *program.arguments, entry=program.entry)
    if program.grid is None:
        return tuple(entry), ()
    grid = program.grid
    fn = _function(module, grid_program(program))
    processes = grid.replicas * grid.partitions
    inputs = per_process(entry[:grid.inputs], len(fn.args), processes)
    if grid.partitions > 1:
        results = evaluate(fn, inputs, replicas=grid.replicas, partitions=grid.partitions)
    else:
        results = evaluate(fn, inputs, replicas=processes) if processes > 1 else [evaluate(fn, *inputs[0])]
    return tuple(entry), tuple(value for process in results for value in process)


def check_values(program: Program, entry: tuple, grid: tuple) -> str | None:
    """The first expectation the values miss, described; None when all hold."""
    def value(ref: Ref):
        values = entry if ref.source == "entry" else grid
        if ref.index >= len(values):
            raise VitirError(f"{ref.source} result {ref.index} is missing: only {len(values)} computed")
        return values[ref.index]

    for expectation in program.expectations:
        expected = expectation.expected
        problem = mismatch(expectation, value(expectation.actual),
                           value(expected) if isinstance(expected, Ref) else expected)
        if problem is not None:
            return f"{expectation.describe()}: {problem}"
    return None
