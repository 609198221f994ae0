"""Every use of xDSL's private internals, in one place.

The bridge needs a few things xDSL keeps to itself: an SSA value's name as
written (xDSL drops `_<digits>` suffixes and numeric names), where the parser
is in the text (to read ahead, and to record where each op starts), the hook
that parses a generic op's dense attribute (to keep a constant's spelling),
and the printer's results prefix and indentation. Each is wrapped here and
tested on its own (tests/mlir/test_xdsl_adapter.py), so an xDSL upgrade that
moves one breaks one named function.
"""

from __future__ import annotations

from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer


# -- SSA names ----------------------------------------------------------------------------

def value_name(value: SSAValue) -> str | None:
    """The name as written (`%cst_0` -> "cst_0", `%0` -> "0", `%r#1` -> "r#1"), or None."""
    return value._name


def set_value_name(value: SSAValue, name: str | None) -> None:
    """Set a name verbatim: xDSL's setter would drop a `_<digits>` suffix and refuse `0`."""
    value._name = name


# -- the parser's position ---------------------------------------------------------------------

def source(parser: Parser) -> str:
    """The whole text being parsed."""
    return parser.lexer.input.content


def position(parser: Parser) -> int:
    return parser.pos


def resume_at(parser: Parser, offset: int) -> None:
    """Continue lexing from `offset` (after reading ahead with a regular expression, or to back up)."""
    parser._resume_from(offset)


class HookedParser(Parser):
    """xDSL's parser with the hooks the bridge needs: each result keeps the name it was written
    with; a generic constant's `value = dense<...>` is parsed by `dense_hook` (which keeps its
    spelling); a hexadecimal element of a float tensor is its bits, not an integer to convert."""

    dense_hook = None  # (parser) -> attribute, while a generic-form constant is parsed
    constant_class = None  # the dialect's constant op, whose generic form uses dense_hook

    def __init__(self, ctx, text: str, name: str):
        super().__init__(ctx, text, name)
        self._in_constant = False

    def _register_ssa_definition(self, name, values, span) -> None:
        super()._register_ssa_definition(name, values, span)
        if len(values) == 1:
            set_value_name(values[0], name)
        else:  # `%r:2 = ...`: each result as its uses spell it, `%r#0`, `%r#1`
            for i, v in enumerate(values):
                set_value_name(v, f"{name}#{i}")

    def _parse_generic_operation(self, op_type):
        self._in_constant = op_type is self.constant_class
        try:
            return super()._parse_generic_operation(op_type)
        finally:
            self._in_constant = False

    def _parse_builtin_dense_attr(self):
        if self._in_constant and self.dense_hook is not None:
            return self.dense_hook(self)
        return super()._parse_builtin_dense_attr()

    def _parse_tensor_literal_element(self):
        element = super()._parse_tensor_literal_element()
        return _TensorElement(element.is_negative, element.value, element.span)


class _TensorElement(Parser._TensorLiteralElement):
    """A dense literal element; a hexadecimal one of a float type is the value's bits (MLIR's
    spelling of -inf is 0xFF800000), not an integer to convert."""

    def to_type(self, parser, type):
        if isinstance(type, AnyFloat) and isinstance(self.value, int) and self.span.text[:2].lower() == "0x":
            raw = self.value.to_bytes(type.compile_time_size, "little")
            return next(type.iter_unpack(raw))
        return super().to_type(parser, type)


# -- the printer -----------------------------------------------------------------------------------

def print_results(printer: Printer, op) -> None:
    """xDSL's own `%a, %b = ` prefix."""
    printer._print_results(op)
