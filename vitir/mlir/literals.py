"""A constant's value between its spelling in the text and vitir's AST."""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

from ..ast.element_types import DType
from ..ast.literals import element_literal, value_literal
from .attributes import DenseLiteralsAttr, SplatAttr
from .kinds import Unsupported


def constant_literals(value, dtype: DType | None = None, raw: bool = False) -> str | tuple[str, ...]:
    """A constant's value in the AST: one literal (a splat) or one per element. `raw`: the
    body exactly as written (a nested list or MLIR's hexadecimal blob), to print it back."""
    if isinstance(value, SplatAttr):
        return value.literal.data if raw or dtype is None else element_literal(value.literal.data, dtype)
    if isinstance(value, DenseLiteralsAttr):
        if (raw or dtype is None) and "\n" not in value.body.data:
            return value.body.data
        if raw:  # a body over several lines prints on one, as MLIR prints it
            from ..print.printer import dense_text

            return dense_text(value.literals(), tuple(value.type.get_shape()))
        return tuple(element_literal(literal, dtype) for literal in value.literals())
    if not isinstance(value, DenseIntOrFPElementsAttr):  # the dialect's verifier refuses anything else
        raise Unsupported(f"constant value {value} is not a dense literal")
    if dtype is None:
        from .kinds import vitir_type

        dtype = vitir_type(value.type).dtype
    values = list(value.get_values())  # a module built in Python: xDSL's own dense attribute
    literals = [value_literal(bool(v) if dtype is DType.I1 else v, dtype) for v in values]
    if values and all(v == values[0] for v in values):
        return literals[0]
    if raw:
        from ..print.printer import dense_text

        return dense_text(literals, tuple(value.get_shape()))
    return tuple(literals)
