"""A conformance case through passes: what `vitir opt -p dce,cse,fold,simplify` keeps of its meaning.

`run_with_passes(case, passes)` takes a case that passes vitir's own stages (run.py), runs the passes
over the imported module, prints the result and imports that print again, evaluates it, and checks the
suite's expectations on it; the values must also equal, bit for bit (any NaN equal to any NaN), the
values of the module without the passes. Its `PassedCase` says which, and counts the ops before and
after (every op, those of regions too).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cases import Case
from .run import check_values, evaluate_program, run_case


@dataclass
class PassedCase:
    case: Case
    status: str  # "kept": expectations hold and values equal; "differs"; "failure" (an expectation or an
    # error); "not run" (the case does not pass without the passes)
    message: str = ""
    ops_before: int = 0
    ops_after: int = 0


def count_ops(module) -> int:
    from ..rewrite import walk

    return sum(1 for fn in module.functions for _ in walk(fn.ops))


def run_with_passes(case: Case, passes) -> PassedCase:
    """The case's outcome under `passes` (names, a comma-separated string, or Pass objects); never raises."""
    from .. import passes as registry
    from ..errors import VitirError
    from ..mlir import import_text
    from ..passes.constants import same_values
    from ..print import print_module

    outcome = run_case(case)
    if outcome.status != "pass" or not outcome.program.entry:
        return PassedCase(case, "not run", outcome.status)
    program = outcome.program
    module = import_text(program.text, case.source)
    with np.errstate(all="ignore"):  # the suite computes NaNs and infinities on purpose
        before = evaluate_program(program, module)
    result = PassedCase(case, "kept", ops_before=count_ops(module))
    try:
        optimized = import_text(print_module(registry.run(module, passes)), f"{case.source} (after the passes)")
        result.ops_after = count_ops(optimized)
        with np.errstate(all="ignore"):
            after = evaluate_program(program, optimized)
    except (VitirError, ValueError) as e:
        result.status, result.message = "failure", f"{type(e).__name__}: {e}"
        return result
    problem = check_values(program, *after)
    if problem is not None:
        result.status, result.message = "failure", problem
    elif not all(same_values(a, b) for a, b in zip(before[0] + before[1], after[0] + after[1], strict=True)):
        result.status, result.message = "differs", "values differ from the module's without the passes"
    return result
