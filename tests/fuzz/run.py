"""Running fuzz cases: each seeded by (seed, kind, index), so any one can be run again alone, each
under a time bound, every failure kept with what reproduces it."""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from dataclasses import dataclass, field

from tests.fuzz.checks import CaseTimeout, Failure, time_bound

KINDS = ("graphs", "evaluated", "invalid", "mutations", "passes", "attributes", "gradients", "bytecode")


def case_seed(seed: int, kind: str, index: int) -> int:
    digest = hashlib.sha256(f"{seed}:{kind}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


@dataclass
class Report:
    counts: Counter = field(default_factory=Counter)  # cases run per kind
    stats: Counter = field(default_factory=Counter)  # what the checks saw
    failures: list = field(default_factory=list)  # (kind, index, message)
    seconds: Counter = field(default_factory=Counter)
    slowest: dict = field(default_factory=dict)  # kind -> (seconds, index)


def run_case(kind: str, seed: int, stats: Counter, quick: bool = False, index: int = 0) -> None:
    """One case (the `index`-th of its kind, drawn from `seed`); `quick` (the suite's run) mutates the
    smallest rendered modules."""
    from tests.fuzz.attributes import attribute_case
    from tests.fuzz.bytecode import bytecode_case
    from tests.fuzz.checks import graph_case
    from tests.fuzz.gradients import gradient_case
    from tests.fuzz.invalid import invalid_case
    from tests.fuzz.mutations import mutation_case
    from tests.fuzz.passes import pass_case

    if kind == "graphs":
        graph_case(seed, False, stats, index)
    elif kind == "evaluated":
        graph_case(seed, True, stats, index)
    elif kind == "invalid":
        invalid_case(seed, stats)
    elif kind == "passes":
        pass_case(seed, stats)
    elif kind == "attributes":
        attribute_case(seed, stats)
    elif kind == "gradients":
        gradient_case(seed, stats)
    elif kind == "bytecode":
        bytecode_case(seed, stats)
    else:
        mutation_case(seed, stats, depth=0 if quick else 1)


def run(kind: str, count: int, seed: int, bound: float, report: Report, start: int = 0, quick: bool = False,
          progress=None) -> None:
    """`count` cases of `kind` from index `start`; failures go into the report, never raised."""
    for index in range(start, start + count):
        began = time.perf_counter()
        try:
            with time_bound(bound):
                run_case(kind, case_seed(seed, kind, index), report.stats, quick, index)
        except Failure as e:
            report.failures.append((kind, index, str(e)))
        except CaseTimeout as e:
            report.failures.append((kind, index, f"hang: {e}"))
        except Exception as e:  # a crash of the generator or of vitir: kept, named
            report.failures.append((kind, index, f"crash: {type(e).__name__}: {e}"))
        spent = time.perf_counter() - began
        report.counts[kind] += 1
        report.seconds[kind] += spent
        if spent > report.slowest.get(kind, (0, 0))[0]:
            report.slowest[kind] = (spent, index)
        if progress is not None:
            progress(kind, index - start + 1, count)
