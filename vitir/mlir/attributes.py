"""StableHLO attributes the bridge needs: precision, dot and convolution
dimension numbers, and the splat literal that keeps a constant's spelling."""

from __future__ import annotations

import re
from typing import Sequence

from xdsl.dialects.builtin import ArrayAttr, BuiltinAttribute, IntAttr, StringAttr, TensorType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import ParametrizedAttribute, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from .syntax import ints_text, parse_int_list


class Precision(StrEnum):
    DEFAULT = "DEFAULT"
    HIGH = "HIGH"
    HIGHEST = "HIGHEST"


@irdl_attr_definition
class PrecisionAttr(EnumAttribute[Precision], SpacedOpaqueSyntaxAttribute):
    """`#stablehlo<precision DEFAULT>`; op syntax prints the bare word."""

    name = "stablehlo.precision"


class ComparisonDirection(StrEnum):
    EQ = "EQ"
    NE = "NE"
    GE = "GE"
    GT = "GT"
    LE = "LE"
    LT = "LT"


@irdl_attr_definition
class ComparisonDirectionAttr(EnumAttribute[ComparisonDirection], SpacedOpaqueSyntaxAttribute):
    """`#stablehlo<comparison_direction GT>`; op syntax prints the bare word."""

    name = "stablehlo.comparison_direction"


class ComparisonType(StrEnum):
    FLOAT = "FLOAT"
    TOTALORDER = "TOTALORDER"
    SIGNED = "SIGNED"
    UNSIGNED = "UNSIGNED"


@irdl_attr_definition
class ComparisonTypeAttr(EnumAttribute[ComparisonType], SpacedOpaqueSyntaxAttribute):
    """`#stablehlo<comparison_type FLOAT>`."""

    name = "stablehlo.comparison_type"


def int_array(values: Sequence[int]) -> ArrayAttr:
    return ArrayAttr([IntAttr(v) for v in values])


def int_values(array: ArrayAttr) -> tuple[int, ...]:
    return tuple(a.data for a in array.data)


_DOT_FIELDS = ("lhs_batching_dimensions", "rhs_batching_dimensions",
               "lhs_contracting_dimensions", "rhs_contracting_dimensions")


@irdl_attr_definition
class DotDimensionNumbersAttr(ParametrizedAttribute):
    """`#stablehlo.dot<lhs_batching_dimensions = [0], ..., rhs_contracting_dimensions = [1]>`."""

    name = "stablehlo.dot"

    lhs_batching_dimensions: ArrayAttr[IntAttr]
    rhs_batching_dimensions: ArrayAttr[IntAttr]
    lhs_contracting_dimensions: ArrayAttr[IntAttr]
    rhs_contracting_dimensions: ArrayAttr[IntAttr]

    @staticmethod
    def of(lhs_batch: Sequence[int], rhs_batch: Sequence[int], lhs_contract: Sequence[int],
           rhs_contract: Sequence[int]) -> "DotDimensionNumbersAttr":
        return DotDimensionNumbersAttr(int_array(lhs_batch), int_array(rhs_batch),
                                       int_array(lhs_contract), int_array(rhs_contract))

    def values(self) -> tuple[tuple[int, ...], ...]:
        """(lhs_batch, rhs_batch, lhs_contract, rhs_contract)."""
        return tuple(int_values(p) for p in self.parameters)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        found = {f: [] for f in _DOT_FIELDS}

        def entry():
            key = parser.parse_identifier()
            if key not in found:
                parser.raise_error(f"unknown dot dimension field '{key}'")
            parser.parse_punctuation("=")
            found[key] = parse_int_list(parser)

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, entry)
        return [int_array(found[f]) for f in _DOT_FIELDS]

    def print_parameters(self, printer: Printer) -> None:
        parts = [f"{f} = {ints_text(v)}" for f, v in zip(_DOT_FIELDS, self.values()) if v]
        printer.print_string("<" + ", ".join(parts) + ">")


# -- convolution layouts ----------------------------------------------------------

def parse_layout(parser: AttrParser) -> str:
    """`[b, f, 0, 1]` as vitir's layout string "bf01"."""

    def item() -> str:
        n = parser.parse_optional_integer(allow_boolean=False, allow_negative=False)
        if n is not None:
            if n > 9:
                parser.raise_error("vitir supports at most 10 spatial dimensions")
            return str(n)
        return parser.parse_identifier()

    return "".join(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, item))


def parse_layouts(parser: AttrParser) -> tuple[str, str, str]:
    """`[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]`."""
    lhs = parse_layout(parser)
    parser.parse_keyword("x")
    rhs = parse_layout(parser)
    parser.parse_punctuation("->")
    return lhs, rhs, parse_layout(parser)


def layout_text(layout: str) -> str:
    return "[" + ", ".join(layout) + "]"


def layouts_text(layouts: Sequence[str]) -> str:
    lhs, rhs, out = layouts
    return f"{layout_text(lhs)}x{layout_text(rhs)}->{layout_text(out)}"


def check_layout(layout: str, letters: str, what: str) -> None:
    spatial = "".join(str(k) for k in range(len(layout) - 2))
    if len(layout) < 2 or sorted(layout) != sorted(letters + spatial):
        raise VerifyException(f"{what} layout {layout_text(layout)} must hold {', '.join(letters)} and the "
                              f"spatial dimensions 0..{len(layout) - 3} once each")


@irdl_attr_definition
class ConvDimensionNumbersAttr(ParametrizedAttribute):
    """`#stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>`, kept as vitir's layout strings."""

    name = "stablehlo.conv"

    lhs: StringAttr
    rhs: StringAttr
    out: StringAttr

    @staticmethod
    def of(layouts: Sequence[str]) -> "ConvDimensionNumbersAttr":
        return ConvDimensionNumbersAttr(*(StringAttr(s) for s in layouts))

    @property
    def layouts(self) -> tuple[str, str, str]:
        return self.lhs.data, self.rhs.data, self.out.data

    def verify(self) -> None:
        lhs, rhs, out = self.layouts
        check_layout(lhs, "bf", "input")
        check_layout(rhs, "io", "kernel")
        check_layout(out, "bf", "output")
        if not len(lhs) == len(rhs) == len(out):
            raise VerifyException(f"layouts {layouts_text(self.layouts)} differ in rank")

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        parser.parse_punctuation("<")
        layouts = parse_layouts(parser)
        parser.parse_punctuation(">")
        return [StringAttr(s) for s in layouts]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + layouts_text(self.layouts) + ">")


# -- splat literals ------------------------------------------------------------------

_FLOAT = re.compile(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+)")
_INT = re.compile(r"[-+]?(?:\d+|0x[0-9a-fA-F]+)")


def literal_fits(literal: str, element) -> bool:
    """Whether `literal` spells one value of `element` (float, integer or i1)."""
    text = str(element)
    if text == "i1":
        return literal in ("true", "false")
    pattern = _FLOAT if text.startswith(("f", "bf")) else _INT
    return pattern.fullmatch(literal) is not None


@irdl_attr_definition
class SplatAttr(ParametrizedAttribute, BuiltinAttribute):
    """A splat `dense<LITERAL> : T` whose literal keeps its spelling (`1.0e-5`,
    `0.044715`): xDSL's dense attribute would store every element and reprint
    the number. Prints as the dense attribute it stands for."""

    name = "stablehlo.splat"

    literal: StringAttr
    type: TensorType

    def verify(self) -> None:
        if not literal_fits(self.literal.data, self.type.get_element_type()):
            raise VerifyException(f"literal {self.literal.data!r} is not a {self.type.get_element_type()} value")

    def print_builtin(self, printer: Printer) -> None:
        printer.print_string(f"dense<{self.literal.data}> : ")
        printer.print_attribute(self.type)
