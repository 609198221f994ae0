"""Errors that point at a place in StableHLO text (1-based line and column)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ShapeError, VitirError


@dataclass(frozen=True)
class Diagnostic:
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.message}"


class MlirError(VitirError):
    """Text that does not parse, does not verify, or uses ops vitir lacks; every problem found, in order."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class MlirShapeError(ShapeError):
    """vitir's shape rules rejected an imported op; names the line it came from."""

    def __init__(self, error: ShapeError, line: int, col: int):
        super().__init__(error.reason, op=error.op, ssa=error.ssa, operand_types=error.operand_types,
                         path=f"line {line}")
        bare = ShapeError(error.reason, op=error.op, ssa=error.ssa, operand_types=error.operand_types)
        self.diagnostics = [Diagnostic(line, col, str(bare))]


def compiler_lines(source: str, error: VitirError) -> list[str]:
    """`FILE:LINE: error: MESSAGE`, one line per problem (the column, when known, closes the message)."""
    diagnostics = getattr(error, "diagnostics", None)
    if not diagnostics:
        return [f"{source}: error: {error}"]
    return [f"{source}:{d.line}: error: {d.message}" + (f" (column {d.col})" if d.col else "") for d in diagnostics]
