"""The StableHLO interpreter suite as cases: its files, their RUN lines, and the cases between `// -----`.

The suite is the directory `stablehlo/tests/interpret/` of the StableHLO repository: one file per op
(`add.mlir`, `chlo/mulhi.mlir`), each a few cases separated by `// -----` (the `-split-input-file` of
its RUN lines). The files are read where they lie, never copied; each case keeps the line numbers of its
file (its text starts with as many newlines as precede it), so every message names the file's line.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

# Where the suite lies beside a checkout: ../shared/conformance/stablehlo-interpret; the variable
# names another place (a checkout whose ../shared is elsewhere).
SUITE_ENV = "VITIR_CONFORMANCE_SUITE"
_RUN = re.compile(r"^//\s*RUN:\s*(.*)$", re.M)


@dataclass(frozen=True)
class Case:
    """One case of the suite."""

    op: str  # its file's path in the suite without `.mlir`: "add", "chlo/mulhi"
    index: int  # its place in the file, from 0
    line: int  # the file's line where it starts
    text: str  # the case, after `line - 1` newlines
    run: tuple[str, ...]  # the file's RUN lines, `// RUN:` removed

    @property
    def id(self) -> str:
        return f"{self.op}#{self.index}"

    @property
    def source(self) -> str:
        return f"{self.op}.mlir"


def default_suite(repo_root: str | os.PathLike | None = None) -> Path:
    """$VITIR_CONFORMANCE_SUITE, else ../shared/conformance/stablehlo-interpret beside the checkout."""
    given = os.environ.get(SUITE_ENV)
    if given:
        return Path(given)
    root = Path(repo_root) if repo_root is not None else Path(__file__).resolve().parents[2]
    return root.parent / "shared" / "conformance" / "stablehlo-interpret"


def suite_files(suite: str | os.PathLike) -> list[Path]:
    """The suite's `.mlir` files, sorted by their path in the suite."""
    suite = Path(suite)
    return sorted(suite.rglob("*.mlir"), key=lambda p: p.relative_to(suite).as_posix())


def file_cases(path: Path, op: str) -> list[Case]:
    """The cases of one file."""
    from ..mlir.split import first_line, split_input

    text = path.read_text()
    run = tuple(m.group(1).strip() for m in _RUN.finditer(text))
    return [Case(op, index, first_line(part), part, run) for index, part in enumerate(split_input(text))]


def suite_cases(suite: str | os.PathLike) -> list[Case]:
    """Every case of the suite, file by file in path order."""
    suite = Path(suite)
    return [case for path in suite_files(suite)
            for case in file_cases(path, path.relative_to(suite).with_suffix("").as_posix())]
