"""The differential harness itself (tests/differential.py) cannot pass without comparing: a program it
cannot evaluate fails it, and on the program's grid it sees a wrong collective."""

from __future__ import annotations

import pytest

from tests.differential import assert_same_meaning, compare_meaning
from vitir.ast import f32
from vitir.ast.builder import FunctionBuilder, module


def _mean(replicas: int, divide_by: float | None = None):
    """all_reduce_mean of x over `replicas`, or (divide_by) a sum divided by another count."""
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(3))
    if divide_by is None:
        return module(fb.ret(fb.all_reduce_mean("m", x, replicas)))
    body = fb.region()
    a, b = body.arg("a", f32()), body.arg("b", f32())
    total = fb.all_reduce("s", (x,), [list(range(replicas))], body.ret(body.add("t", a, b)))
    return module(fb.ret(fb.divide("m", total, fb.constant("n", str(divide_by), (3,)))))


def test_a_program_evaluated_on_too_few_replicas_compares_nothing_and_fails():
    before, after = _mean(2), _mean(2, divide_by=3.0)  # a wrong rewrite, unseen on one process
    assert compare_meaning(before, after)[0] == 0
    with pytest.raises(AssertionError, match=r"^compared nothing: the original raises on all 5 input sets \(the "
                                             r"first: .*all_reduce"):
        assert_same_meaning(before, after)


def test_on_its_grid_a_wrong_divisor_is_seen_and_the_right_one_kept():
    assert assert_same_meaning(_mean(2), _mean(2, divide_by=2.0), replicas=2) == 5
    with pytest.raises(AssertionError, match=r"input set 0, process 0, result 0 \(%armeanm\): 3 elements differ"):
        assert_same_meaning(_mean(2), _mean(2, divide_by=3.0), replicas=2)
    assert assert_same_meaning(_mean(2), _mean(2, divide_by=2.0), replicas=2, partitions=2) == 5
