"""vitir.testing and its pytest plugin: golden files a user keeps for their own graphs."""

import os

import pytest

from vitir.testing import UPDATE_ENV, GoldenFiles, assert_text_equal, first_differing_line, text_diff

MODULE_TEXT = "module @m {\n  func.func @f() {\n    return\n  }\n}\n"

USER_TEST = '''
from vitir.ast import FunctionBuilder, Module, TensorType
from vitir.print import print_module


def build(width):
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((2, width)))
    return print_module(Module([fb.ret(fb.tanh("y", x))], "m"))


def test_block(golden):
    golden.check(build({width}), "block.mlir")
'''


def test_first_differing_line_and_diff():
    changed = MODULE_TEXT.replace("@f()", "@g()")
    assert first_differing_line(changed, MODULE_TEXT) == 2
    assert first_differing_line(MODULE_TEXT, MODULE_TEXT) == 0
    assert first_differing_line(MODULE_TEXT + "x\n", MODULE_TEXT) == 6
    diff = text_diff(changed, MODULE_TEXT, "m.mlir")
    assert diff.splitlines()[:2] == ["--- m.mlir (expected)", "+++ m.mlir (actual)"]
    assert "-  func.func @f() {" in diff and "+  func.func @g() {" in diff


def test_assert_text_equal_names_the_line_and_truncates_long_diffs():
    expected = "".join(f"line {k}\n" for k in range(200))
    actual = expected.replace("line 7\n", "LINE 7\n").replace("line 150\n", "LINE 150\n")
    with pytest.raises(AssertionError) as info:
        assert_text_equal(actual, expected, "big.mlir")
    message = str(info.value)
    assert message.startswith("big.mlir: text differs from line 8 (200 lines vs 200 expected)\n")
    assert "+LINE 7" in message and "+LINE 150" in message
    assert_text_equal(expected, expected)
    diff = text_diff("".join(f"new {k}\n" for k in range(200)), expected)
    assert diff.endswith("... (diff truncated)\n") and len(diff.splitlines()) == 41


def test_golden_files_compare_write_and_refuse_a_missing_file(tmp_path, monkeypatch):
    monkeypatch.delenv(UPDATE_ENV, raising=False)
    files = GoldenFiles(tmp_path / "golden")
    with pytest.raises(AssertionError, match="golden file .*m.mlir is missing: run `pytest --update-golden`"):
        files.check(MODULE_TEXT, "m.mlir")
    GoldenFiles(tmp_path / "golden", update=True).check(MODULE_TEXT, "m.mlir")
    assert (tmp_path / "golden" / "m.mlir").read_text() == MODULE_TEXT
    files.check(MODULE_TEXT, "m.mlir")
    with pytest.raises(AssertionError, match="m.mlir: text differs from line 2"):
        files.check(MODULE_TEXT.replace("@f", "@g"), "m.mlir")
    monkeypatch.setenv(UPDATE_ENV, "1")
    files.check(MODULE_TEXT.replace("@f", "@g"), "m.mlir")
    assert "@g" in (tmp_path / "golden" / "m.mlir").read_text()


def test_plugin_fixture_end_to_end(pytester):
    pytester.makepyfile(test_user=USER_TEST.replace("{width}", "3"))
    missing = pytester.runpytest()
    missing.assert_outcomes(failed=1)
    missing.stdout.fnmatch_lines(["*golden file *block.mlir is missing: run `pytest --update-golden`*"])
    pytester.runpytest("--update-golden").assert_outcomes(passed=1)
    golden = pytester.path / "golden" / "block.mlir"
    assert "stablehlo.tanh %x : tensor<2x3xf32>" in golden.read_text()
    assert os.environ.get(UPDATE_ENV) is None  # the nested run's option did not leak
    pytester.runpytest().assert_outcomes(passed=1)

    pytester.makepyfile(test_user=USER_TEST.replace("{width}", "4"))
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*block.mlir: text differs from line 2*",
                                 "*-  func.func @f(%x: tensor<2x3xf32>)*",
                                 "*+  func.func @f(%x: tensor<2x4xf32>)*"])
