"""vitir's floors (docs/architecture.md, "Floors"), enforced by import-linter's contracts in pyproject.toml:
each package imports only from the floors below it, the AST core and the syntax import no bridge, printer or
reader, and no package imports one that imports it back. The contracts can fail: moved by one floor, they
name the import they then forbid."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter")

ROOT = Path(__file__).resolve().parents[1]
LINT = "import sys; from importlinter.cli import lint_imports_command; sys.argv[0] = 'lint-imports'; lint_imports_command()"


def lint(config: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LINT, str(config), "--no-cache"], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_every_contract_is_kept():
    done = lint(ROOT / "pyproject.toml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"Contracts: (\d+) kept, 0 broken\.", done.stdout).group(1) == "3"


def broken(tmp_path, old: str, new: str) -> str:
    """lint-imports' report on pyproject.toml with `old` replaced by `new`; it must fail."""
    config = (ROOT / "pyproject.toml").read_text()
    assert old in config
    (tmp_path / "pyproject.toml").write_text(config.replace(old, new))
    done = lint(tmp_path / "pyproject.toml")
    assert done.returncode == 1, done.stdout
    return done.stdout


def test_a_floor_moved_down_names_the_import_it_then_forbids(tmp_path):
    """The reader (`text`) moved below `syntax`: its import of the syntax it reads by is then upward."""
    report = broken(tmp_path, '    "print | text | evaluate",\n    "syntax | numpy_dtypes | config_checks",\n',
                    '    "print | evaluate",\n    "syntax | numpy_dtypes | config_checks",\n    "text",\n')
    assert "vitir's floors BROKEN" in report
    assert "vitir.text is not allowed to import vitir.syntax:" in report
    assert re.search(r"- vitir\.text\.importer -> vitir\.syntax\.\w+ \(l\.\d+\)", report)


def test_a_forbidden_module_is_named_with_its_importer(tmp_path):
    """The forbidden contract reads every module: forbid the syntax the shape rules, and it names the import."""
    report = broken(tmp_path, 'forbidden_modules = ["xdsl", "vitir.mlir", "vitir.print", "vitir.text"]',
                    'forbidden_modules = ["xdsl", "vitir.mlir", "vitir.print", "vitir.text", "vitir.ast.shape_rules"]')
    assert "the AST core knows no bridge and no printer BROKEN" in report
    assert "vitir.syntax is not allowed to import vitir.ast.shape_rules" in report


def test_the_acyclic_contract_makes_no_exception():
    """Every package's modules are checked for cycles, the bridge's (vitir/mlir) among them."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    acyclic = next(c for c in contracts if c["type"] == "acyclic_siblings")
    assert "skip_descendants" not in acyclic
