"""The conformance runner on cases written here: how checks become expectations, what each comparison
accepts, and that every case ends in one outcome (pass, a named vitir error, a failure, a crash)."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.conformance import Case, rewrite, run_case
from vitir.conformance.expect import mismatch, ulp_difference
from vitir.conformance.rewrite import Expectation, Ref
from vitir.ast.element_types import DType
from vitir.errors import ConformanceError


def case(text: str, run: tuple[str, ...] = ("stablehlo-translate --interpret -split-input-file %s",)) -> Case:
    return Case("test", 0, 1, text, run)


CHECKS = """func.func @checks() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  %c = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %c, dense<[2, 4]> : tensor<2xi32>
  check.expect_almost_eq_const %b, dense<[1.0, 2.5001]> : tensor<2xf32> {tolerance = 0.001 : f64}
  check.expect_eq %c, %c : tensor<2xi32>
  check.expect_close %b, %b, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  func.return
}
"""


def test_checks_become_the_functions_results_and_their_expectations():
    program = rewrite(case(CHECKS))
    lines = program.text.splitlines()
    assert len(lines) == len(CHECKS.splitlines())  # every line keeps its number
    assert lines[0] == "func.func @checks() -> (tensor<2xi32>, tensor<2xf32>) {"
    assert all(not line.strip() for line in lines[4:8])
    assert lines[8].strip() == "func.return %c, %b : tensor<2xi32>, tensor<2xf32>"
    eq, almost, same, close = program.expectations
    assert (eq.check, eq.line, eq.actual, eq.mode) == ("check.expect_eq_const", 5, Ref("entry", 0), "eq")
    np.testing.assert_array_equal(eq.expected, np.array([2, 4], np.int32))
    assert eq.expected.dtype == np.int32
    assert (almost.actual, almost.mode, almost.tolerance) == (Ref("entry", 1), "almost", 0.001)
    assert (same.actual, same.expected) == (Ref("entry", 0), Ref("entry", 0))
    assert (close.mode, close.max_ulp, close.min_ulp) == ("close", 3, 0)
    outcome = run_case(case(CHECKS))
    assert (outcome.status, outcome.checks) == ("pass", 4)


def test_a_wrong_value_is_a_failure_naming_the_check_and_the_element():
    outcome = run_case(case(CHECKS.replace("dense<[2, 4]>", "dense<[2, 5]>")))
    assert (outcome.status, outcome.stage) == ("failure", "evaluate")
    assert outcome.message == "check.expect_eq_const at line 5: 4 (actual) vs 5 (expected) at index [1]"


def test_an_op_vitir_lacks_is_an_error_naming_the_op_at_the_files_line():
    text = "\n" * 40 + CHECKS.replace("%c = stablehlo.add %a, %a", "%c = stablehlo.frobnicate %a, %a")
    outcome = run_case(Case("test", 3, 41, text, ()))
    assert (outcome.status, outcome.stage, outcome.error) == ("error", "import", "MlirError")
    assert outcome.message == "44:8: op 'stablehlo.frobnicate' is not supported by vitir"
    assert outcome.named() == "stablehlo.frobnicate" and outcome.printed is None


def test_an_unexpected_exception_is_recorded_as_a_crash(monkeypatch):
    import vitir.conformance.run as runner

    def broken(program, module):
        raise KeyError("oops")

    monkeypatch.setattr(runner, "evaluate_program", broken)
    outcome = run_case(case(CHECKS))
    assert (outcome.status, outcome.stage, outcome.error, outcome.exception) == ("crash", "evaluate", "KeyError",
                                                                                 KeyError)


def expectation(mode: str, **kwargs) -> Expectation:
    return Expectation("check.x", 1, Ref("entry", 0), np.zeros(0), mode, **kwargs)


def test_eq_compares_floats_as_ieee_numbers():
    eq = expectation("eq")
    assert mismatch(eq, np.float32([0.0, -0.0]), np.float32([-0.0, 0.0])) is None
    assert mismatch(eq, np.float32([np.nan]), np.float32([np.nan])) == "nan (actual) vs nan (expected) at index [0]"
    assert mismatch(eq, np.int8([1]), np.int16([1])) == "element type int8 (actual) vs int16 (expected)"
    assert mismatch(eq, np.int8([1, 2]), np.int8([1])) == "shape [2] (actual) vs [1] (expected)"


def test_almost_eq_takes_two_nans_and_a_tolerance_but_not_an_infinity_for_a_number():
    almost = expectation("almost", tolerance=0.1)
    assert mismatch(almost, np.float64([5.0, np.nan, np.inf]), np.float64([5.09, np.nan, np.inf])) is None
    assert mismatch(almost, np.float64([5.0]), np.float64([5.2])) == \
        "5.0 (actual) vs 5.2 (expected) at index [0] with tolerance 0.1"
    assert mismatch(almost, np.float64([np.inf]), np.float64([1e308])) is not None
    assert mismatch(almost, np.complex64([1 + 2j]), np.complex64([1 + 2.05j])) is None
    assert mismatch(almost, np.complex64([1 + 2j]), np.complex64([1 + 2.5j])) is not None


def test_ulp_difference_counts_the_values_between_through_zero():
    one = np.float32(1.0)
    assert ulp_difference(one, np.nextafter(one, np.float32(2)), DType.F32) == 1
    tiny = float(np.float32(1.4e-45))  # the smallest subnormal: one step from zero
    assert ulp_difference(tiny, -tiny, DType.F32) == 2
    assert ulp_difference(float("nan"), float("nan"), DType.F32) == 0
    assert ulp_difference(float("inf"), 1.0, DType.F32) == (1 << 64) - 1
    close = expectation("close", max_ulp=3, min_ulp=1)
    values = np.float16([5.0])
    assert mismatch(close, values, values) == "5.0 (actual) vs 5.0 (expected) at index [0]: 0 ULPs, outside [1, 3]"
    assert mismatch(close, values, np.float16([5.01])) is None  # three steps of f16 apart


PROBED = """func.func @probed() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %1 = stablehlo.add %0, %0 : tensor<2xi64>
  %2 = interpreter.probe %1, probe_id = "sum" : tensor<2xi64>
  check.expect_serialized_eq %2, probe_id = "sum" : tensor<2xi64>
  check.expect_eq_const %2, dense<[2, 4]> : tensor<2xi64>
  func.return
}
"""


def test_a_probe_is_its_operand_and_its_serialized_value_the_operands():
    program = rewrite(case(PROBED))
    assert "interpreter" not in program.text and "func.return %1 : tensor<2xi64>" in program.text
    assert [(e.actual, e.expected) for e in program.expectations[:1]] == [(Ref("entry", 0), Ref("entry", 0))]
    assert run_case(case(PROBED)).status == "pass"


def test_a_probe_inside_a_region_is_named_where_the_runner_cannot_follow_it():
    text = PROBED.replace('%2 = interpreter.probe %1, probe_id = "sum" : tensor<2xi64>',
                          '%2 = "stablehlo.optimization_barrier"(%1) ({\n'
                          '    %3 = interpreter.probe %1, probe_id = "sum" : tensor<2xi64>\n'
                          '    stablehlo.return %3 : tensor<2xi64>\n  }) : (tensor<2xi64>) -> tensor<2xi64>')
    with pytest.raises(ConformanceError, match=r"^line 8: check.expect_serialized_eq reads iteration 0 of the "
                                               r"interpreter.probe at line 5, inside a region"):
        rewrite(case(text))


GRID = """module @grid {
  func.func @sum(%x : tensor<2xi64>) -> tensor<2xi64> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
    return %r : tensor<2xi64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
    %results:2 = "interpreter.run_parallel"(%x0, %x1) {
      programs=[[@sum], [@sum]]
    } : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %results#0, dense<[11, 22]> : tensor<2xi64>
    check.expect_eq %results#1, %results#0 : tensor<2xi64>
    func.return
  }
}
"""


def test_run_parallel_drives_the_evaluators_replicas():
    program = rewrite(case(GRID))
    assert program.grid.programs == (("sum",), ("sum",)) and program.grid.inputs == 2
    assert "func.return %x0, %x1 : tensor<2xi64>, tensor<2xi64>" in program.text
    assert [e.actual for e in program.expectations] == [Ref("grid", 0), Ref("grid", 1)]
    outcome = run_case(case(GRID))
    assert (outcome.status, outcome.grid) == ("pass", "2x1")
    wrong = run_case(case(GRID.replace("dense<[11, 22]>", "dense<[1, 2]>")))
    assert wrong.message == "check.expect_eq_const at line 16: 11 (actual) vs 1 (expected) at index [0]"


def test_partitions_and_different_programs_are_named():
    # one replica, two partitions: the evaluator runs the grid, and the all_reduce over replicas 0 and 1
    # (without a channel, a group of replicas) is refused, naming the op
    partitions = run_case(case(GRID.replace("programs=[[@sum], [@sum]]", "programs=[[@sum, @sum]]")))
    assert (partitions.status, partitions.stage, partitions.error) == ("error", "evaluate", "EvaluationError")
    assert partitions.message == ("stablehlo.all_reduce %r: replica_groups [[0, 1]] reduce over 2 replicas; "
                                  "evaluate with replicas=2, not 1")
    two = GRID.replace("programs=[[@sum], [@sum]]", "programs=[[@sum], [@other]]")
    assert "runs different programs (@other, @sum)" in run_case(case(two)).message


def test_the_run_lines_arguments_feed_the_entry_function():
    text = """func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.add %a, %b : tensor<2xi32>
  check.expect_eq_const %0, dense<[3, 3]> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
"""
    run = ('not stablehlo-translate %s --interpret --args="not_array"',
           'stablehlo-translate %s --interpret --args="[dense<1> : tensor<2xi32>, dense<2> : tensor<2xi32>]"')
    program = rewrite(case(text, run))
    assert [a.tolist() for a in program.arguments] == [[1, 1], [2, 2]]
    assert run_case(case(text, run)).status == "pass"
    assert run_case(case(text.replace("[3, 3]", "[3, 4]"), run)).status == "failure"


def test_a_case_without_functions_checks_nothing():
    outcome = run_case(case("// nothing but a comment\n"))
    assert (outcome.status, outcome.checks, outcome.printed) == ("pass", 0, "module @m {\n}\n")


def test_xla_runs_vitirs_print_in_a_process_of_its_own(xla_worker):
    f6 = ("func.func @f6() {\n  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf6E2M3FN>\n"
          "  check.expect_eq_const %0, dense<[1.0, 2.0]> : tensor<2xf6E2M3FN>\n  func.return\n}\n")
    outcomes = [run_case(case(text)) for text in (CHECKS, CHECKS.replace("dense<[2, 4]>", "dense<[2, 5]>"), f6,
                                                   GRID)]
    results = [xla_worker.run(o) for o in outcomes]
    assert [r.status for r in results] == ["agrees", "differs", "aborted", "agrees"]
    assert results[1].message == "check.expect_eq_const at line 5: 4 (actual) vs 5 (expected) at index [1]"
    assert results[2].message.startswith("XLA ended its process")  # XLA's CPU backend has no f6 types


def test_a_case_whose_brackets_never_close_is_named_at_its_line():
    outcome = run_case(case("\n\nfunc.func @f() {\n  %0 = stablehlo.constant dense<[1]> : tensor<1xi32>\n"))
    assert (outcome.status, outcome.stage, outcome.error) == ("error", "rewrite", "ConformanceError")
    assert outcome.message == "line 3: the '{' here is never closed"
