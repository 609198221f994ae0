"""Golden-text tests of graphs built with vitir: a readable diff on mismatch,
and regeneration only on purpose.

With pytest, vitir installs a `golden` fixture whose files sit in a `golden/`
folder beside the test module, and a `--update-golden` option::

    def test_my_block(golden):
        golden.check(print_module(my_block_module()), "my_block.mlir")

`pytest --update-golden` (or VITIR_UPDATE_GOLDEN=1 in the environment)
rewrites the files instead of comparing; review them with `git diff`.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

UPDATE_ENV = "VITIR_UPDATE_GOLDEN"
MAX_DIFF_LINES = 40
MAX_LINE_CHARS = 300  # a 7,000-line module has lines of a few hundred characters


def text_diff(actual: str, expected: str, label: str = "text", max_lines: int = MAX_DIFF_LINES) -> str:
    """A unified diff of the first differing lines, expected before actual."""
    diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                fromfile=f"{label} (expected)", tofile=f"{label} (actual)", n=2)
    lines = []
    for line in diff:
        line = line if line.endswith("\n") else line + "\n"
        lines.append(line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "...\n")
        if len(lines) >= max_lines:
            lines.append("... (diff truncated)\n")
            break
    return "".join(lines)


def first_differing_line(actual: str, expected: str) -> int:
    """1-based number of the first line where the texts differ (0 when equal)."""
    a, e = actual.splitlines(True), expected.splitlines(True)
    for number, (x, y) in enumerate(zip(a, e), start=1):
        if x != y:
            return number
    return 0 if len(a) == len(e) else min(len(a), len(e)) + 1


def assert_text_equal(actual: str, expected: str, label: str = "text") -> None:
    """Raise AssertionError naming the first differing line, with a diff."""
    if actual != expected:
        line = first_differing_line(actual, expected)
        raise AssertionError(f"{label}: text differs from line {line} "
                             f"({len(actual.splitlines())} lines vs {len(expected.splitlines())} expected)\n"
                             + text_diff(actual, expected, label))


def update_requested() -> bool:
    return os.environ.get(UPDATE_ENV) == "1"


class GoldenFiles:
    """Golden texts in one directory; `update` (default: from the environment)
    makes check() write instead of compare."""

    def __init__(self, directory: str | os.PathLike, update: bool | None = None):
        self.directory = Path(directory)
        self._update = update

    @property
    def updating(self) -> bool:
        return update_requested() if self._update is None else self._update

    def path(self, name: str) -> Path:
        return self.directory / name

    def check(self, actual: str, name: str) -> None:
        path = self.path(name)
        if self.updating:
            self.directory.mkdir(parents=True, exist_ok=True)
            path.write_text(actual)
            return
        if not path.is_file():
            raise AssertionError(f"golden file {path} is missing: run `pytest --update-golden` "
                                 f"(or set {UPDATE_ENV}=1) to create it")
        assert_text_equal(actual, path.read_text(), name)
