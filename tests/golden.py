"""Paths of the suite's golden texts; the helpers themselves are vitir.testing's.

Regenerate the checked-in golden files with `pytest --update-golden` (or
VITIR_UPDATE_GOLDEN=1); review the diff with `git diff tests/golden/` before
committing.
"""

from __future__ import annotations

from pathlib import Path

from vitir.testing import GoldenFiles, assert_text_equal  # noqa: F401  (re-exported for the suite)

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT.parent / "shared"
REFERENCE_GOLDEN = SHARED / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"
SUITE_GOLDEN = GoldenFiles(GOLDEN_DIR)


def check_golden_file(actual: str, name: str) -> None:
    """Compare with tests/golden/<name>; write it instead when regeneration is requested."""
    SUITE_GOLDEN.check(actual, name)
