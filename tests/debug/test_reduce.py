"""vitir reduce's search: binary reduction over results and ops, candidates tested side by side
(--jobs) with the same result as one after another, and no candidate tested twice. The properties
are cheap shell commands (grep), not a compiler."""

from __future__ import annotations

import threading
import time

import pytest

from vitir.cli import main
from vitir.debug.reduce import Reducer, Until, _search_points, count_ops
from vitir.mlir import import_text

from .chains import chain

NEEDLES = {5: "stablehlo.cosine", 31: "stablehlo.tanh"}  # two results of 40 that the property needs


def many_results(n: int = 40) -> str:
    """`n` results, each its own op on the argument: sines, but for the needles."""
    ops = "\n".join(f"    %r{i} = {NEEDLES.get(i, 'stablehlo.sine')} %x : tensor<4xf32>" for i in range(n))
    names, types = ", ".join(f"%r{i}" for i in range(n)), ", ".join(["tensor<4xf32>"] * n)
    return (f"module @m {{\n  func.func @main(%x: tensor<4xf32>) -> ({types}) {{\n{ops}\n"
            f"    return {names} : {types}\n  }}\n}}\n")


class Recording(Until):
    """`until`, noting every text it tests (side by side or not)."""

    def __init__(self, command: str):
        super().__init__(command)
        self.texts, self.lock = [], threading.Lock()

    def run(self, text, slot, stop):
        with self.lock:
            self.texts.append(text)
        return super().run(text, slot, stop)


def test_binary_reduction_finds_two_results_of_forty_in_few_tests():
    """Two needed results far apart: two binary searches (about 2 log2 40 tests), where ddmin takes
    several times more."""
    text = many_results()
    prop = "grep -q stablehlo.cosine {} && grep -q stablehlo.tanh {}"
    reducer = Reducer(text, Until(prop))
    reducer.results()
    assert sorted(type(op).NAME for op in reducer.fn.ops) == ["stablehlo.cosine", "stablehlo.tanh"]
    binary = reducer.tests
    assert binary <= 1 + 2 * 7, binary
    plain = Reducer(text, Until(prop))
    fn = plain.fn
    from vitir.debug.reduce import keep_results

    kept = plain.ddmin(list(range(40)), lambda chosen: keep_results(fn, chosen), "results")
    assert kept == [5, 31] and plain.tests > binary, (plain.tests, binary)


def test_binary_reduction_over_ops_keeps_what_the_property_needs():
    text, _, _ = chain(9, 36)
    reducer = Reducer(text, Until("grep -q stablehlo.logistic {} && grep -q stablehlo.sine {}"))
    reducer.ops(binary=True)
    names = [type(op).NAME for op in reducer.fn.ops]
    assert "stablehlo.logistic" in names and "stablehlo.sine" in names and len(names) <= 4, names


@pytest.mark.parametrize("jobs", [2, 3])
def test_jobs_give_the_same_reduction_and_test_no_candidate_twice(jobs):
    text, _, _ = chain(9, 36)
    prop = "grep -q stablehlo.logistic {} && grep -q stablehlo.sine {}"
    one = Recording(prop)
    alone = Reducer(text, one).run()
    side_by_side = Recording(prop)
    together = Reducer(text, side_by_side, jobs=jobs).run()
    assert together == alone
    assert count_ops(import_text(together).main) <= 4
    for recording in (one, side_by_side):
        assert len(recording.texts) == len(set(recording.texts)), "a candidate tested twice"


def test_cli_jobs_option(tmp_path):
    text, _, _ = chain(9, 36)
    path = tmp_path / "chain.mlir"
    path.write_text(text)
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"reduced{jobs}.mlir"
        assert main(["reduce", str(path), "-o", str(out), "--jobs", jobs, "--quiet",
                     "--until", "grep -q stablehlo.logistic {} && grep -q stablehlo.sine {}"]) == 0
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    assert main(["reduce", str(path), "-o", str(tmp_path / "x.mlir"), "--jobs", "0", "--until", "true {}"]) == 2


def test_a_test_after_one_that_keeps_the_property_is_stopped():
    """The first candidate keeps the property at once; the second would run 30 s: it is stopped,
    and its verdict is not cached (it was never given)."""
    text = many_results()
    reducer = Reducer(text, Until("grep -q stablehlo.cosine {} || sleep 30"), jobs=2)
    began = time.perf_counter()
    found = reducer.first(range(2), lambda k: ["// a\n" + text, "// b\n" + text.replace("cosine", "sine")][k])
    assert found is not None and found[0] == 0
    assert time.perf_counter() - began < 10
    assert reducer.tests == 2  # the program as given, and the first candidate


def test_first_reads_candidates_in_order_whatever_finishes_first():
    """The second candidate keeps the property at once, the first after a second: the first is
    the answer."""
    text = many_results()
    reducer = Reducer(text, Until("sleep $(grep -c '^// slow' {}); grep -q stablehlo.cosine {}"), jobs=2)
    found = reducer.first(range(2), lambda k: ["// slow\n" + text, "// fast\n" + text][k])
    assert found is not None and found[0] == 0


class Points:
    """A property of made-up candidates ("p=N"), not monotone in N, tested in this process."""

    parallel = True

    def __init__(self, keep: set[int]):
        self.keep, self.seen = keep, []

    def __call__(self, text):
        return self.run(text, 0, None)

    def run(self, text, slot, stop):
        if not text.startswith("p="):
            return True  # the program as given
        self.seen.append(int(text[2:]))
        return int(text[2:]) in self.keep


@pytest.mark.parametrize("jobs", [1, 2, 3, 7])
def test_binary_search_with_jobs_gives_the_answer_of_one_test_after_another(jobs):
    keep = {3, 7, 12, 13, 20, 40}  # not monotone: a search's answer depends on the points it tests
    expected = Reducer(many_results(), Points(keep)).smallest(40, lambda p: f"p={p}")
    prop = Points(keep)
    reducer = Reducer(many_results(), prop, jobs=jobs)
    assert reducer.smallest(40, lambda p: f"p={p}") == expected
    assert len(prop.seen) == len(set(prop.seen))


@pytest.mark.parametrize("answer", [0, 1, 17, 38, 39, 40])
def test_galloping_search_finds_what_binary_search_does_and_one_needed_at_the_top_in_one_test(answer):
    keep = set(range(answer, 41))  # monotone
    prop = Points(keep)
    assert Reducer(many_results(), prop).smallest(40, lambda p: f"p={p}", gallop=True) == answer
    assert Reducer(many_results(), Points(keep)).smallest(40, lambda p: f"p={p}") == answer
    if answer == 40:
        assert prop.seen == [39]
    assert len(prop.seen) <= 2 * 6


def test_binary_reduction_over_ops_in_a_run_costs_a_test_each():
    """A chain whose last 6 ops the property needs (it greps their results' names): galloping finds
    each with one test, and the needed ones alone with one more."""
    text, _, _ = chain(3, 30)
    fn = import_text(text).main
    last = [op.results[0].name for op in fn.ops[-6:]]
    prop = Recording(" && ".join(f"grep -q '%{name} =' {{}}" for name in last))
    reducer = Reducer(text, prop)
    reducer.ops(binary=True)
    assert [op.results[0].name for op in reducer.fn.ops] == last
    assert reducer.tests <= 1 + 6 + 1 + 1, reducer.tests


def test_search_points_are_the_middles_of_the_next_levels():
    assert _search_points(0, 40, 1) == [20]
    assert _search_points(0, 40, 2) == [20, 10, 30]
    assert _search_points(0, 3, 3) == [1, 0, 2]
    assert _search_points(5, 5, 2) == []


def test_a_test_past_its_timeout_is_stopped_and_loses_the_property(tmp_path):
    """--timeout: the command (a shell and the process it started) is killed, the verdict False."""
    began = time.perf_counter()
    assert Until("sleep 30; true {}", timeout=0.5)("module @m {}\n") is False
    assert time.perf_counter() - began < 10
