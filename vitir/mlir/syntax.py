"""Small pieces of StableHLO's pretty syntax shared by the op classes: integer
lists, the `(T1, T2) -> R` or `: T` type trailers, shape checks that turn
vitir's shape-rule reasons into xDSL verification errors."""

from __future__ import annotations

from typing import Sequence

from xdsl.dialects.builtin import DenseArrayBase, TensorType, i64
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ..ast import shape_rules as rules


# -- parsing -------------------------------------------------------------------

def parse_int_list(parser: Parser) -> list[int]:
    """`[1, 2]` or `[]`."""
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)


def parse_named_int_list(parser: Parser, keyword: str) -> list[int]:
    """`keyword = [1, 2]`."""
    parser.parse_keyword(keyword)
    parser.parse_punctuation("=")
    return parse_int_list(parser)


def parse_operand_types(parser: Parser, count: int) -> tuple[list[Attribute], Attribute]:
    """After `:`, either `(T1, ..) -> R` or the single type shared by operands and result."""
    fn = parser.parse_optional_function_type()
    if fn is not None:
        if len(fn.outputs.data) != 1:
            parser.raise_error(f"expected one result type, got {len(fn.outputs.data)}")
        return list(fn.inputs.data), fn.outputs.data[0]
    ty = parser.parse_type()
    return [ty] * count, ty


def parse_function_trailer(parser: Parser, operands: Sequence, *, at: int):
    """`: (T1, ..) -> R`, resolving the operands against the input types."""
    parser.parse_punctuation(":")
    fn = parser.parse_function_type()
    if len(fn.outputs.data) != 1:
        parser.raise_error(f"expected one result type, got {len(fn.outputs.data)}")
    return parser.resolve_operands(list(operands), fn.inputs.data, at), fn.outputs.data[0]


def i64_array(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(values))


# -- printing ------------------------------------------------------------------

def ints_text(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def print_operands(printer: Printer, operands) -> None:
    for i, v in enumerate(operands):
        if i:
            printer.print_string(", ")
        printer.print_ssa_value(v)


def print_function_trailer(printer: Printer, operands, result) -> None:
    """` : (T1, T2) -> R`."""
    printer.print_string(" : (")
    for i, v in enumerate(operands):
        if i:
            printer.print_string(", ")
        printer.print_attribute(v.type)
    printer.print_string(") -> ")
    printer.print_attribute(result.type)


# -- verification ---------------------------------------------------------------

def static_shape(ty: Attribute, what: str) -> tuple[int, ...]:
    if not isinstance(ty, TensorType):
        raise VerifyException(f"{what} must be a ranked tensor, got {ty}")
    shape = ty.get_shape()
    if any(d < 0 for d in shape):
        raise VerifyException(f"{what} {ty} has a dynamic dimension; vitir needs static shapes")
    return shape


def check_rule(rule, *args) -> tuple[int, ...]:
    """Run one of vitir's shape rules; its reason becomes the verification error."""
    try:
        return rule(*args)
    except rules.RuleError as e:
        raise VerifyException(str(e)) from None


def expect_result(result_type: Attribute, shape: Sequence[int], element: Attribute) -> None:
    if tuple(result_type.get_shape()) != tuple(shape) or result_type.get_element_type() != element:
        raise VerifyException(f"result type {result_type} differs from the inferred {TensorType(element, list(shape))}")


def same_element(types: Sequence[Attribute], what: str = "operand") -> Attribute:
    elements = [t.get_element_type() for t in types]
    for e in elements[1:]:
        if e != elements[0]:
            raise VerifyException(f"{what} element types differ: {elements[0]} vs {e}")
    return elements[0]
