"""Golden-text helpers: a readable diff on mismatch, and on-purpose regeneration.

Regenerate the checked-in golden files with `pytest --update-golden` (or
VITIR_UPDATE_GOLDEN=1); review the diff with `git diff tests/golden/` before
committing.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT.parent / "shared"
REFERENCE_GOLDEN = SHARED / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"
MAX_DIFF_LINES = 40


def first_diff(actual: str, expected: str, label: str) -> str:
    """A unified diff of the first differing lines (at most MAX_DIFF_LINES)."""
    diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                fromfile=f"{label} (expected)", tofile=f"{label} (vitir)", n=2)
    lines = []
    for line in diff:
        lines.append(line if line.endswith("\n") else line + "\n")
        if len(lines) >= MAX_DIFF_LINES:
            lines.append("... (diff truncated)\n")
            break
    return "".join(lines)


def assert_text_equal(actual: str, expected: str, label: str) -> None:
    if actual != expected:
        raise AssertionError(f"{label}: text differs\n" + first_diff(actual, expected, label))


def update_requested() -> bool:
    return os.environ.get("VITIR_UPDATE_GOLDEN") == "1"


def check_golden_file(actual: str, name: str) -> None:
    """Compare with tests/golden/<name>; write it instead when regeneration is requested."""
    path = GOLDEN_DIR / name
    if update_requested():
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(actual)
        return
    if not path.is_file():
        raise AssertionError(f"golden file {path.name} is missing: run `pytest --update-golden` to create it")
    assert_text_equal(actual, path.read_text(), name)
