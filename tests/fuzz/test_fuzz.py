"""The fuzzer in the suite: a few hundred seeded cases of each kind (fifteen graphs run by XLA),
each under a time bound, mutating the smallest rendered modules (`scripts/fuzz.py` runs thousands
on demand; docs/fuzzing.md). A failure names the case, so `python scripts/fuzz.py --seed 0 --quick
--only KIND:INDEX` reruns it alone."""

from __future__ import annotations

import pytest

from tests.fuzz.graphs import COMPOUNDS
from tests.fuzz.families import NOT_DRAWN  # noqa: I001 - after graphs, which families imports
from tests.fuzz.run import Report, run
from vitir.ast.declare import OPS
from vitir.passes import PASSES

SEED = 0
BOUND = 20.0  # seconds per case: a hang fails the case, not the suite
COUNTS = {"graphs": 200, "evaluated": 15, "invalid": 300, "mutations": 200, "passes": 40, "attributes": 150,
          "gradients": 15}


@pytest.fixture(scope="module")
def report() -> Report:
    report = Report()
    for kind, count in COUNTS.items():
        run(kind, count, SEED, BOUND, report, quick=True)
    return report


@pytest.mark.parametrize("kind", list(COUNTS))
def test_every_case_holds(report, kind):
    assert report.counts[kind] == COUNTS[kind]
    failures = [f"{k}:{i}: {message}" for k, i, message in report.failures if k == kind]
    assert not failures, "\n".join(failures)


def test_every_declared_op_is_drawn(report):
    drawn = {key[len("drawn: "):] for key in report.stats if key.startswith("drawn: ")}
    assert {name for name in OPS if not name.startswith(NOT_DRAWN)} | {c.NAME for c in COMPOUNDS} <= drawn


def test_the_cases_exercise_each_outcome(report):
    stats = report.stats
    assert stats["ops compared with XLA"] > 40
    assert stats["invalid builds refused naming their op"] > 250
    assert stats["mutated texts refused with their line"] > 100 and stats["mutated texts accepted"] > 0
    assert stats["pass graphs evaluated"] + stats["pass graphs left out"] == COUNTS["passes"]
    assert stats["pass graphs evaluated"] > COUNTS["passes"] * 0.9
    assert sum(n for key, n in stats.items() if key.startswith("pass graphs on a grid of")) > 0


@pytest.mark.parametrize("name", [name for name, p in PASSES.items() if p.exact])
def test_each_pass_is_compared_on_graphs_it_changes(report, name):
    """Counted only where a value was compared: a pass that changed no graph, or whose graphs the
    evaluator refused on every input, is shown nothing by the fuzzer."""
    stats = report.stats
    assert stats[f"pass {name}: compared"] > stats[f"pass {name}: evaluated"] * 0.9
    assert stats[f"pass {name}: changed"] > 0, f"{name} changed none of the graphs"
    assert stats["attribute texts refused with their line"] > 20
    assert stats["accepted attribute texts MLIR's parser takes"] > 20
    assert stats["gradient graphs checked against jax.vjp"] == COUNTS["gradients"]
