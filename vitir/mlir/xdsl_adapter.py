"""Every use of xDSL's private internals, in one place.

The bridge needs a few things xDSL keeps to itself: an SSA value's name as
written (xDSL drops `_<digits>` suffixes and numeric names), where the parser
is in the text (to read ahead, and to record where each op starts), the hook
that parses a generic op's dense attribute (to keep a constant's spelling),
and the printer's results prefix and indentation. Each is wrapped here and
tested on its own (tests/mlir/test_xdsl_adapter.py), so an xDSL upgrade that
moves one breaks one named function.

The parser is also bounded here, where xDSL is not (each limit is MLIR's, or
refuses with a reason what MLIR would take but vitir cannot hold): its
string pattern backtracks exponentially on an unclosed `"` (the lexer below
uses a linear one), a decimal literal longer than Python converts raises
ValueError, an integer type wider than MLIR's 2**24 - 1 bits makes xDSL
compute 2**width, a dimension must fit MLIR's int64, and a dense attribute
outside a constant that stands for millions of elements is kept as written
(xDSL would store every element).
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import AnyFloat, FloatAttr, StringAttr
from xdsl.ir import ParametrizedAttribute, SSAValue
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input, Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind


# -- SSA names ----------------------------------------------------------------------------

def value_name(value: SSAValue) -> str | None:
    """The name as written (`%cst_0` -> "cst_0", `%0` -> "0", `%r#1` -> "r#1"), or None."""
    written = value.__dict__.get("written_name")
    return written if written is not None else value._name


def set_value_name(value: SSAValue, name: str | None) -> None:
    """Set a name verbatim: xDSL's setter would drop a `_<digits>` suffix and refuse `0`. The name
    is kept beside xDSL's own, which holds it only where xDSL accepts it (`cst_0`, not `0` or
    `r#1`): xDSL's passes copy a name through its checking setter when they erase or clone a value."""
    value.__dict__["written_name"] = name
    value._name = name if name is None or SSAValue.is_valid_name(name) else None


# -- the parser's position ---------------------------------------------------------------------

def source(parser: Parser) -> str:
    """The whole text being parsed."""
    return parser.lexer.input.content


def position(parser: Parser) -> int:
    return parser.pos


def next_token(parser: Parser) -> str:
    """The text of the token the parser is at (nothing consumed)."""
    return parser._current_token.text


def resume_at(parser: Parser, offset: int) -> None:
    """Continue lexing from `offset` (after reading ahead with a regular expression, or to back up)."""
    parser._resume_from(offset)


MAX_DECIMAL_DIGITS = 4300  # Python's limit for converting a decimal string to an int
MAX_INTEGER_WIDTH = (1 << 24) - 1  # MLIR's IntegerType::kMaxWidth
MAX_DIMENSION = (1 << 63) - 1  # MLIR's dimensions are int64
LARGE_DENSE = 1 << 16  # elements beyond which a dense attribute is kept as written


class BoundedLexer(MLIRLexer):
    """xDSL's lexer in linear time: string literals by a pattern with possessive repetitions
    (xDSL's nests `[^"]+` in `(...)*`, which tries every split of the text after an unclosed `"`),
    and decimal literals no longer than Python converts."""

    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')

    def _lex_number(self, start_pos):
        token = super()._lex_number(start_pos)
        if self.pos - start_pos > MAX_DECIMAL_DIGITS:  # rare: the checks only then
            text = token.span.text
            if token.kind == MLIRTokenKind.INTEGER_LIT and text[:2] != "0x":
                raise ParseError(token.span, f"integer literal of {len(text)} digits: vitir reads at most "
                                             f"{MAX_DECIMAL_DIGITS}")
        return token


class NonAsciiLexer(BoundedLexer):
    """The lexer of a text that is not all ASCII: as MLIR's, it refuses a non-ASCII character outside
    string literals, and an identifier that does not start with an ASCII letter (xDSL's `isalpha()`
    takes `@ém`). A text of ASCII alone, nearly every one, is lexed without these per-token checks."""

    def lex(self):
        self._consume_whitespace()
        char = self._peek_chars()
        if char is not None and not char.isascii():  # outside string literals, which xDSL lexes whole
            raise ParseError(Span(self.pos, self.pos + 1, self.input), "unexpected character")
        return super().lex()

    def _lex_at_ident(self, start_pos):
        char = self._peek_chars()
        if char is not None and not char.isascii():
            raise ParseError(Span(self.pos, self.pos + 1, self.input), "@ identifier expected to start with "
                                                                          "letter or '_'")
        return super()._lex_at_ident(start_pos)


_INTEGER_TYPE = re.compile(r"[su]?i([0-9]+)")
_DECIMAL_INTEGER = re.compile(r"-?\s*[0-9]+(?![0-9.eExX])")
_DENSE_SHAPE = re.compile(r"<[^<>]*>\s*:\s*tensor<((?:[0-9]+x)*)")


@irdl_attr_definition
class AttributeTextAttr(ParametrizedAttribute):
    """An attribute vitir keeps as its MLIR text (a composite's attribute dictionary, those of TEXT_ATTRIBUTES
    and of dialects not loaded, which HookedParser keeps so), printed as written; the attribute's own
    dialect need not be known."""

    name = "vitir.attribute_text"

    text: StringAttr

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + self.text.data + ">")


# StableHLO's attributes of no kind of vitir's own, carried as their text (an op's field of kind
# ATTRIBUTE_TEXT holds them): a unary op's result accuracy, a custom_call's output-operand aliases.
TEXT_ATTRIBUTES = frozenset({"stablehlo.result_accuracy", "stablehlo.result_accuracy_mode",
                             "stablehlo.output_operand_alias",
                             # Shardy's discardable ones, in an op's generic form (plain bytecode's)
                             "sdy.op_sharding_rule", "sdy.propagation_edges"})


class HookedParser(Parser):
    """xDSL's parser with the hooks the bridge needs: each result keeps the name it was written
    with; a generic constant's `value = dense<...>` is parsed by `dense_hook` (which keeps its
    spelling); a hexadecimal element of a float tensor is its bits, not an integer to convert;
    and the bounds above."""

    dense_hook = None  # (parser) -> attribute, while a generic-form constant is parsed
    constant_class = None  # the dialect's constant op, whose generic form uses dense_hook

    def __init__(self, ctx, text: str, name: str):
        super().__init__(ctx, "", name)  # xDSL's own lexer would read the first token: give it none
        lexer = BoundedLexer if text.isascii() else NonAsciiLexer
        self._parser_state = ParserState(lexer(Input(text, name)))
        self._in_constant = False

    def _parse_optional_integer_or_float_type(self):
        token = self._current_token
        if token.kind == MLIRTokenKind.BARE_IDENT:
            m = _INTEGER_TYPE.fullmatch(token.text)
            if m is not None and (len(m.group(1)) > 8 or int(m.group(1)) > MAX_INTEGER_WIDTH):
                self.raise_error(f"integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits", token.span)
        return super()._parse_optional_integer_or_float_type()

    def parse_optional_builtin_int_or_float_attr(self):
        """As MLIR, refuse a decimal integer literal for a float attribute (`epsilon = -1 : f32`);
        xDSL would take it as -1.0."""
        span = self._current_token.span
        attribute = super().parse_optional_builtin_int_or_float_attr()
        if type(attribute) is FloatAttr and _DECIMAL_INTEGER.match(span.input.content, span.start):
            self.raise_error("unexpected decimal integer literal for a floating point value", span)
        return attribute

    def _parse_optional_builtin_attr(self):
        """A typed string (`"foo" : tensor<3xf32>`, MLIR's StringAttr with a type) kept as its text,
        which no StableHLO attribute and no VHLO one holds: the op is refused where it is used,
        not the text where it is read."""
        start = self.pos
        attribute = super()._parse_optional_builtin_attr()
        if type(attribute).__name__ == "StringAttr" and self._current_token.kind == MLIRTokenKind.COLON:
            from xdsl.dialects.builtin import StringAttr

            self._consume_token(MLIRTokenKind.COLON)
            self.parse_type()
            return AttributeTextAttr(StringAttr(source(self)[start:self.pos].strip()))
        return attribute

    def parse_shape_dimension(self, allow_dynamic: bool = True) -> int:
        at = self.pos
        size = super().parse_shape_dimension(allow_dynamic)
        if size > MAX_DIMENSION:
            self.raise_error(f"dimension {size} does not fit MLIR's int64 (at most 2**63 - 1)", at)
        return size

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
        if self.dense_hook is not None and (self._in_constant or self._large_dense()):
            return self.dense_hook(self)
        return super()._parse_builtin_dense_attr()

    def _large_dense(self) -> bool:
        """Whether the dense attribute ahead stands for more than LARGE_DENSE elements."""
        m = _DENSE_SHAPE.match(source(self), position(self))
        if m is None:
            return False
        count = 1
        for size in m.group(1).split("x")[:-1]:
            count *= int(size) if len(size) < 20 else MAX_DIMENSION
        return count > LARGE_DENSE

    def _parse_dialect_type_or_attribute_body(self, attr_name, is_type, is_opaque, starting_opaque_pos):
        """StableHLO's attributes that vitir carries as their text (TEXT_ATTRIBUTES), and those of a
        dialect vitir does not load (`#sdy.sharding<...>` on an argument, before a dialect declares it),
        kept as written wherever they appear (an attribute dictionary, an array of them)."""
        if (not is_type and not is_opaque and self._current_token.kind == MLIRTokenKind.LESS
                and (attr_name in TEXT_ATTRIBUTES or self._unknown_attribute(attr_name))):
            body = self._parse_dialect_symbol_body()
            if '"' not in body:  # on one line, as MLIR prints it
                body = " ".join(body.split())
            return AttributeTextAttr(StringAttr(f"#{attr_name}<{body}>"))
        return super()._parse_dialect_type_or_attribute_body(attr_name, is_type, is_opaque, starting_opaque_pos)

    def _unknown_attribute(self, attr_name: str) -> bool:
        """No attribute of this name, nor its dialect, is loaded: its text is all vitir can keep."""
        ctx = self.ctx
        if ctx.get_optional_attr(attr_name) is not None:
            return False
        return ctx.get_optional_dialect(attr_name.partition(".")[0]) is None

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
