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


MESSAGE_LIMIT = 400  # characters of a message kept: a 4,000-digit literal need not be echoed whole


def shortened(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """The message, its middle cut out when it runs past `limit` characters."""
    if len(message) <= limit:
        return message
    half = limit // 2
    return f"{message[:half]} ... ({len(message) - 2 * half} characters) ... {message[-half:]}"


class MlirError(VitirError):
    """Text that does not parse, does not verify, or uses ops vitir lacks; every problem found, in order."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = [d if len(d.message) <= MESSAGE_LIMIT else Diagnostic(d.line, d.col, shortened(d.message))
                            for d in diagnostics]
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class MlirShapeError(ShapeError):
    """vitir's shape rules rejected an imported op; names the line it came from."""

    def __init__(self, error: ShapeError, line: int, col: int, location=None):
        from ..ast.location import describe

        source = describe(location)  # the op's own location: a JAX program's file and line, its name stack
        where = f" ({source})" if source else ""
        super().__init__(error.reason, op=error.op, ssa=error.ssa, operand_types=error.operand_types,
                         path=f"line {line}{where}")
        bare = ShapeError(error.reason, op=error.op, ssa=error.ssa, operand_types=error.operand_types)
        self.location = location
        self.diagnostics = [Diagnostic(line, col, shortened(str(bare)) + (f" [at {source}]" if source else ""))]


def compiler_lines(source: str, error: VitirError) -> list[str]:
    """`FILE:LINE: error: MESSAGE`, one line per problem (the column, when known, closes the message)."""
    from ..errors import FileError

    if isinstance(error, FileError):
        return [error.located("error")]
    diagnostics = getattr(error, "diagnostics", None)
    if not diagnostics:
        return [f"{source}: error: {error}"]
    return [f"{source}:{d.line}: error: {d.message}" + (f" (column {d.col})" if d.col else "") for d in diagnostics]


def quantized_result_note(annotated, inferred) -> str:
    """Why a quantized result of other scales is refused: StableHLO lets the result of an elementwise op
    on quantized operands be quantized otherwise, and vitir infers it as the operands' type."""
    quantized = [getattr(getattr(t, "dtype", None), "is_quantized", False) for t in (annotated, inferred)]
    if all(quantized) and annotated.shape == inferred.shape and all(  # they differ in scales or zero points only
            getattr(annotated.dtype, f) == getattr(inferred.dtype, f) for f in ("storage", "expressed", "axis")):
        return " (vitir infers the result of quantized operands as their type; other scales or zero points are not " \
               "supported here)"
    return ""
