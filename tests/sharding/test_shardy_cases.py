"""scripts/shardy_cases.py, which runs Shardy's dialect tests (openxla/shardy's
shardy/dialect/sdy/ir/test/) through `vitir check`, on vitir's own cases in their form
(tests/sharding/data/shardy_verifier.mlir): each part of the split input with an expected-error is
refused at the line it names, with its words; the part without one is accepted."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("shardy_cases", ROOT / "scripts" / "shardy_cases.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_case_decided_as_shardy_decides_it(script):
    decided = []
    for name, line, part in script.cases(str(DATA)):
        expected = script.expectations(part)
        problem = script.first_problem(part)
        if not expected:
            assert problem is None, f"{name}:{line}: a valid case refused: {problem}"
            decided.append("valid")
            continue
        assert problem is not None, f"{name}:{line}: accepted, where Shardy refuses it: {expected}"
        assert problem[0] in {target for target, _ in expected}, f"{name}:{line}: refused at {problem}"
        assert any(words in problem[1] for _, words in expected), problem
        decided.append("refused")
    assert decided.count("refused") == 12 and decided.count("valid") == 2


def test_the_counts_printed(script, capsys):
    script.main([str(DATA)])
    total = capsys.readouterr().out.strip().splitlines()[-1].split()
    assert total == ["total", "0", "2", "0", "12", "0", "12"]


def test_expected_errors_name_lines_as_mlir_does(script):
    part = "a\n// expected-error@+2 {{x}}\nb\nc // expected-error {{y}}\n// expected-error @below {{z}}\n"
    assert script.expectations(part) == [(4, "x"), (4, "y"), (6, "z")]
