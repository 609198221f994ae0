"""StableHLO attributes the bridge needs: precision, dot and convolution
dimension numbers, and the dense literals that keep a constant's spelling."""

from __future__ import annotations

import re
from io import StringIO
from typing import ClassVar, Sequence

from xdsl.dialects.builtin import ArrayAttr, BuiltinAttribute, IntAttr, StringAttr, TensorType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (Attribute, Dialect, OpaqueSyntaxAttribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute,
                     TypeAttribute)
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ..ast.attributes import CONV_DIMENSIONS
from ..ast.element_types import DType
from ..ast.literals import dense_elements, literal_reason
from ..ast.shape_rules import RuleError

from ..brackets import balanced_end
from .xdsl_adapter import AttributeTextAttr, position, resume_at, source  # noqa: F401  (AttributeTextAttr: its home)


def ints_text(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def parse_struct_entries(parser, entry) -> None:
    """The `key = value` entries of a StableHLO struct attribute up to its closing `>` (its `<` read),
    as MLIR's parseStruct reads them: separated by commas, a trailing comma allowed, none at all too."""
    while parser.parse_optional_punctuation(">") is None:
        entry()
        if parser.parse_optional_punctuation(",") is None:
            parser.parse_punctuation(">")
            return


def parse_int_list(parser) -> list[int]:
    """`[1, 2]` or `[]`."""
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)


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
    NOTYPE = "NOTYPE"
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
        seen = set()

        def entry():
            key = parser.parse_identifier()
            if key not in found:
                parser.raise_error(f"unknown dot dimension field '{key}'")
            if key in seen:
                parser.raise_error(f"duplicated `{key}` entry")
            seen.add(key)
            parser.parse_punctuation("=")
            found[key] = parse_int_list(parser)

        parser.parse_punctuation("<")
        parse_struct_entries(parser, entry)
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


# The raw form's fields: (name, operand, the letter its position gets; None: the spatial dimensions)
_RAW_CONV = (("input_batch_dimension", 0, "b"), ("input_feature_dimension", 0, "f"),
             ("input_spatial_dimensions", 0, None), ("kernel_input_feature_dimension", 1, "i"),
             ("kernel_output_feature_dimension", 1, "o"), ("kernel_spatial_dimensions", 1, None),
             ("output_batch_dimension", 2, "b"), ("output_feature_dimension", 2, "f"),
             ("output_spatial_dimensions", 2, None))


def parse_raw_layouts(parser: AttrParser) -> tuple[str, str, str]:
    """MLIR's raw form of convolution dimension numbers (after `raw`, through the closing `>`):
    `input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_... , output_...`, each
    field at most once, in any order (an absent one is 0 or []), as vitir's layout strings."""
    given: dict = {}
    names = {name for name, _, _ in _RAW_CONV}

    def entry():
        at = parser.pos
        name = parser.parse_identifier()
        if name not in names or name in given:
            parser.raise_error(f"expected one of {', '.join(n for n, _, _ in _RAW_CONV if n not in given)}, "
                               f"got {name}", at)
        parser.parse_punctuation("=")
        given[name] = parse_int_list(parser) if name.endswith("dimensions") else parser.parse_integer(
            allow_boolean=False)

    parse_struct_entries(parser, entry)
    layouts = []
    for operand in range(3):
        fields = [(given.get(n, [] if letter is None else 0), letter) for n, o, letter in _RAW_CONV if o == operand]
        spatial = next(v for v, letter in fields if letter is None)
        if len(spatial) > 10:
            parser.raise_error("vitir supports at most 10 spatial dimensions")
        places = [(v, letter) for v, letter in fields if letter is not None]
        places += [(d, str(i)) for i, d in enumerate(spatial)]
        chars = [""] * (2 + len(spatial))
        for d, letter in places:
            if not 0 <= d < len(chars) or chars[d]:
                parser.raise_error(f"dimension {d} of {('input', 'kernel', 'output')[operand]} is out of range "
                                   f"[0, {len(chars)}) or given twice")
            chars[d] = letter
        layouts.append("".join(chars))
    return tuple(layouts)


def layout_text(layout: str) -> str:
    return "[" + ", ".join(layout) + "]"


def layouts_text(layouts: Sequence[str]) -> str:
    lhs, rhs, out = layouts
    return f"{layout_text(lhs)}x{layout_text(rhs)}->{layout_text(out)}"


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
        try:
            CONV_DIMENSIONS.coerce(self.layouts)
        except RuleError as e:
            raise VerifyException(str(e)) from None

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        parser.parse_punctuation("<")
        if parser.parse_optional_keyword("raw") is not None:
            return [StringAttr(s) for s in parse_raw_layouts(parser)]
        layouts = parse_layouts(parser)
        parser.parse_punctuation(">")
        return [StringAttr(s) for s in layouts]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + layouts_text(self.layouts) + ">")


# -- splat literals ------------------------------------------------------------------

@irdl_attr_definition
class SplatAttr(ParametrizedAttribute, BuiltinAttribute):
    """A splat `dense<LITERAL> : T` whose literal keeps its spelling (`1.0e-5`,
    `0.044715`): xDSL's dense attribute would store every element and reprint
    the number. Prints as the dense attribute it stands for."""

    name = "stablehlo.splat"

    literal: StringAttr
    type: TensorType

    def verify(self) -> None:
        reason = literal_reason(self.literal.data, element_text(self.type.get_element_type()))
        if reason is not None:
            raise VerifyException(f"literal {self.literal.data!r} is not a {self.type.get_element_type()} value "
                                  f"({reason})")

    def print_builtin(self, printer: Printer) -> None:
        printer.print_string(f"dense<{self.literal.data}> : ")
        printer.print_attribute(self.type)


# -- non-splat dense literals ---------------------------------------------------------

@irdl_attr_definition
class DenseLiteralsAttr(ParametrizedAttribute, BuiltinAttribute):
    """A non-splat `dense<BODY> : T` whose body keeps its spelling, nested list or
    hexadecimal blob: xDSL's dense attribute would reprint every number in its own
    format. Prints as the dense attribute it stands for."""

    name = "stablehlo.dense_literals"

    body: StringAttr
    type: TensorType

    def literals(self) -> list[str]:
        return dense_elements(self.body.data, tuple(self.type.get_shape()),
                              DType.parse(element_text(self.type.get_element_type())))

    def verify(self) -> None:
        try:
            self.literals()
        except ValueError as e:
            raise VerifyException(f"dense literal of {self.type}: {e}") from None

    def print_builtin(self, printer: Printer) -> None:
        printer.print_string(f"dense<{self.body.data}> : ")
        printer.print_attribute(self.type)


_DENSE_BODY = re.compile(r"<([^<>]*)>")
_SPLAT_BODY = re.compile(r"\s*(\([^()]*\)|-?[0-9][0-9a-zA-Z.+-]*|true|false)\s*")


def parse_dense_literal(parser: Parser) -> SplatAttr | DenseLiteralsAttr:
    """`<BODY> : T` after the word `dense`, the body kept as written."""
    m = _DENSE_BODY.match(source(parser), position(parser))
    if m is None:
        parser.raise_error("expected a dense literal `dense<...> : T`")
    resume_at(parser, m.end())
    parser.parse_punctuation(":")
    at = position(parser)
    ty = parser.parse_type()
    if not isinstance(ty, TensorType):  # named where the type is written, not at the next token
        parser.raise_error(f"a constant's dense literal needs a tensor type, got {ty}", at, position(parser))
    splat = _SPLAT_BODY.fullmatch(m.group(1))
    if splat is not None:
        return SplatAttr(StringAttr(splat.group(1)), ty)
    return DenseLiteralsAttr(StringAttr(m.group(1)), ty)


# -- struct attributes of collectives and dot algorithms ---------------------------------

def _struct_attribute(mnemonic: str, fields: tuple[str, ...], parse_field, print_field):
    """`#stablehlo.<mnemonic><a = 1, b = 2>`: a dialect attribute of named fields, each an IntAttr or a
    type, parsed and printed in the given order."""

    class Struct(ParametrizedAttribute):
        name = f"stablehlo.{mnemonic}"

        @classmethod
        def parse_parameters(cls, parser: AttrParser):
            found = {}

            def entry():
                key = parser.parse_identifier()
                if key not in fields:
                    parser.raise_error(f"unknown {mnemonic} field '{key}' (known: {', '.join(fields)})")
                parser.parse_punctuation("=")
                found[key] = parse_field(parser, key)

            parser.parse_punctuation("<")
            parse_struct_entries(parser, entry)
            missing = [f for f in fields if f not in found]
            if missing:
                parser.raise_error(f"{mnemonic} lacks {', '.join(missing)}")
            return [found[f] for f in fields]

        def print_parameters(self, printer: Printer) -> None:
            printer.print_string("<" + ", ".join(f"{f} = {print_field(p)}" for f, p in zip(fields, self.parameters))
                                 + ">")

    return Struct


def _int_field(parser, key):
    return IntAttr(parser.parse_integer())


@irdl_attr_definition
class ChannelHandleAttr(_struct_attribute("channel_handle", ("handle", "type"), _int_field, lambda p: str(p.data))):
    handle: IntAttr
    type: IntAttr


def _algorithm_field(parser, key):
    if key.endswith("_type"):
        return parser.parse_type()
    if key == "allow_imprecise_accumulation":
        return IntAttr(int(parser.parse_boolean()))
    return IntAttr(parser.parse_integer())


def _algorithm_text(p) -> str:
    if isinstance(p, IntAttr):
        return str(p.data)
    out = StringIO()
    Printer(stream=out).print_attribute(p)
    return out.getvalue()


_ALGORITHM_FIELDS = ("lhs_precision_type", "rhs_precision_type", "accumulation_type", "lhs_component_count",
                     "rhs_component_count", "num_primitive_operations", "allow_imprecise_accumulation")


@irdl_attr_definition
class DotAlgorithmAttr(_struct_attribute("dot_algorithm", _ALGORITHM_FIELDS, _algorithm_field, _algorithm_text)):
    lhs_precision_type: Attribute
    rhs_precision_type: Attribute
    accumulation_type: Attribute
    lhs_component_count: IntAttr
    rhs_component_count: IntAttr
    num_primitive_operations: IntAttr
    allow_imprecise_accumulation: IntAttr


def enum_attribute(name: str, words: tuple[str, ...]) -> type:
    """The dialect attribute `#<dialect><<mnemonic> WORD>` of an enum kind that has none declared here."""
    import types

    dialect, mnemonic = name.split(".", 1)
    enum = StrEnum("".join(w.title() for w in mnemonic.split("_")), {w: w for w in words})

    def body(namespace: dict) -> None:
        namespace.update(name=name, __doc__=f"`#{dialect}<{mnemonic} {words[0]}>`; op syntax prints the bare word.")

    return irdl_attr_definition(types.new_class(enum.__name__ + "Attr", (EnumAttribute[enum], SpacedOpaqueSyntaxAttribute),
                                                {}, body))


ATTRIBUTES = [PrecisionAttr, ComparisonDirectionAttr, ComparisonTypeAttr, DotDimensionNumbersAttr,
              ConvDimensionNumbersAttr, SplatAttr, DenseLiteralsAttr, ChannelHandleAttr, DotAlgorithmAttr]


def element_text(element: Attribute) -> str:
    """MLIR's spelling of an element type (`f32`, `complex<f32>`)."""
    out = StringIO()
    Printer(stream=out).print_attribute(element)
    return out.getvalue()


# -- data movement: gather and scatter dimension numbers ----------------------------------------

from ..ast.attributes import GATHER_DIMENSIONS, SCATTER_DIMENSIONS  # noqa: E402


def _dimension_numbers(mnemonic: str, fields: tuple[str, ...]):
    """`#stablehlo.<mnemonic><a = [1], b = [0], index_vector_dim = 1>`: lists of dimensions and a last
    integer field, each optional (empty, 0) in any order, printed as MLIR prints them."""

    class Numbers(ParametrizedAttribute):
        name = f"stablehlo.{mnemonic}"

        @classmethod
        def of(cls, *values):
            *lists, last = values
            return cls(*[int_array(v) for v in lists], IntAttr(last))

        def values(self) -> tuple:
            *lists, last = self.parameters
            return (*[int_values(v) for v in lists], last.data)

        @classmethod
        def parse_parameters(cls, parser: AttrParser):
            found: dict = {}

            def entry():
                key = parser.parse_identifier()
                if key not in fields:
                    parser.raise_error(f"unknown {mnemonic} dimension field '{key}' (known: {', '.join(fields)})")
                if key in found:
                    parser.raise_error(f"duplicated `{key}` entry")
                parser.parse_punctuation("=")
                found[key] = parser.parse_integer() if key == fields[-1] else parse_int_list(parser)

            parser.parse_punctuation("<")
            parse_struct_entries(parser, entry)
            return [IntAttr(found.get(f, 0)) if f == fields[-1] else int_array(found.get(f, ())) for f in fields]

        def print_parameters(self, printer: Printer) -> None:
            kind = _KINDS[mnemonic]
            printer.print_string(kind.pretty(kind.value_type(*self.values())))

    return Numbers


_KINDS = {"gather": GATHER_DIMENSIONS, "scatter": SCATTER_DIMENSIONS}  # the AST's kind of each


@irdl_attr_definition
class GatherDimensionNumbersAttr(_dimension_numbers("gather", GATHER_DIMENSIONS.value_type._fields)):
    offset_dims: ArrayAttr[IntAttr]
    collapsed_slice_dims: ArrayAttr[IntAttr]
    operand_batching_dims: ArrayAttr[IntAttr]
    start_indices_batching_dims: ArrayAttr[IntAttr]
    start_index_map: ArrayAttr[IntAttr]
    index_vector_dim: IntAttr


@irdl_attr_definition
class ScatterDimensionNumbersAttr(_dimension_numbers("scatter", SCATTER_DIMENSIONS.value_type._fields)):
    update_window_dims: ArrayAttr[IntAttr]
    inserted_window_dims: ArrayAttr[IntAttr]
    input_batching_dims: ArrayAttr[IntAttr]
    scatter_indices_batching_dims: ArrayAttr[IntAttr]
    scatter_dims_to_operand_dims: ArrayAttr[IntAttr]
    index_vector_dim: IntAttr


ATTRIBUTES += [GatherDimensionNumbersAttr, ScatterDimensionNumbersAttr]


# -- collectives, rng, bits and quantization ----------------------------------------------------

class RngDistribution(StrEnum):
    UNIFORM = "UNIFORM"
    NORMAL = "NORMAL"


@irdl_attr_definition
class RngDistributionAttr(EnumAttribute[RngDistribution], SpacedOpaqueSyntaxAttribute):
    """`#stablehlo<rng_distribution NORMAL>`; rng's own syntax prints the bare word."""

    name = "stablehlo.rng_distribution"


class RngAlgorithm(StrEnum):
    DEFAULT = "DEFAULT"
    THREE_FRY = "THREE_FRY"
    PHILOX = "PHILOX"


@irdl_attr_definition
class RngAlgorithmAttr(EnumAttribute[RngAlgorithm], SpacedOpaqueSyntaxAttribute):
    """`#stablehlo<rng_algorithm THREE_FRY>`; rng_bit_generator's own syntax prints the bare word."""

    name = "stablehlo.rng_algorithm"


@irdl_attr_definition
class TokenType(ParametrizedAttribute, TypeAttribute):
    """`!stablehlo.token`: what send, recv, infeed and outfeed order their effects by."""

    name = "stablehlo.token"


@irdl_attr_definition
class FutureType(ParametrizedAttribute, TypeAttribute):
    """`!stablehlo.future<tensor<4xf32>>`: what async_start gives and async_done waits for."""

    name = "stablehlo.future"

    types: ArrayAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        return [ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parser.parse_type))]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_list(self.types.data, printer.print_attribute)


def _angle_body(parser) -> str:
    """The text from a `<` to its matching `>`, both included (a quantized type nests `<min:max>`)."""
    text, at = source(parser), position(parser)
    start = at + len(text[at:]) - len(text[at:].lstrip())
    if not text.startswith("<", start):
        parser.raise_error("expected `<`")
    depth = 0
    for i in range(start, len(text)):
        depth += {"<": 1, ">": -1}.get(text[i], 0)
        if depth == 0:
            resume_at(parser, i + 1)
            return text[start:i + 1]
    parser.raise_error("unbalanced `<` in a quantized type")


@irdl_attr_definition
class QuantUniformType(ParametrizedAttribute, TypeAttribute):
    """`!quant.uniform<i8:f32, 1.000000e-01:-30>`, kept as MLIR prints it (vitir/ast/quantized.py reads it)."""

    name = "quant.uniform"

    body: StringAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        from ..ast.quantized import QuantizedElement

        at = position(parser)
        try:
            element = QuantizedElement.parse(_angle_body(parser))
        except ValueError as e:
            parser.raise_error(str(e), at)
        return [StringAttr(element.value[len("!quant.uniform"):])]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.body.data)


def _bound(parser: AttrParser) -> IntAttr:
    if parser.parse_optional_punctuation("?") is not None:
        return IntAttr(DYNAMIC_SIZE)
    return IntAttr(parser.parse_integer(allow_boolean=False))


def _bounds_text(bounds: ArrayAttr) -> str:
    return ", ".join("?" if b.data == DYNAMIC_SIZE else str(b.data) for b in bounds.data)


def _bound_values(bounds: ArrayAttr) -> tuple:
    """One entry per dimension: the bound, or None."""
    return tuple(None if b.data == DYNAMIC_SIZE else b.data for b in bounds.data)


@irdl_attr_definition
class BoundsAttr(ParametrizedAttribute):
    """`#stablehlo.bounds<8, ?>`: a tensor type's encoding bounding its dimensions `?` (a `?` bound
    is none: a static dimension's, or an unbounded one's)."""

    name = "stablehlo.bounds"

    bounds: ArrayAttr[IntAttr]

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        return [ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.ANGLE, lambda: _bound(parser)))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{_bounds_text(self.bounds)}>")

    def values(self) -> tuple:
        return _bound_values(self.bounds)


@irdl_attr_definition
class TypeExtensionsAttr(ParametrizedAttribute):
    """`#stablehlo.type_extensions<bounds = [8, ?]>`: StableHLO's own name and syntax for the bounds
    `#stablehlo.bounds<8, ?>` abbreviates (vitir's types print the short form)."""

    name = "stablehlo.type_extensions"

    bounds: ArrayAttr[IntAttr]

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        parser.parse_punctuation("<")
        parser.parse_keyword("bounds")
        parser.parse_punctuation("=")
        bounds = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: _bound(parser))
        parser.parse_punctuation(">")
        return [ArrayAttr(bounds)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<bounds = [{_bounds_text(self.bounds)}]>")

    def values(self) -> tuple:
        return _bound_values(self.bounds)


DYNAMIC_SIZE = -(1 << 63)  # MLIR's ShapedType::kDynamic: how xDSL's tensor types hold a `?`


ATTRIBUTES += [RngDistributionAttr, RngAlgorithmAttr, TokenType, BoundsAttr, TypeExtensionsAttr]
QUANT_DIALECT = Dialect("quant", [], [QuantUniformType])


# -- control flow, tuples and tokens ------------------------------------------------------


class ShardyTextAttr(ParametrizedAttribute):
    """A Shardy attribute (`#sdy.sharding<...>`, `#sdy<manual_axes{...}>`) kept as its generic text, so
    that a function's `sdy.sharding` arguments and jaxlib's generic form parse; its kind
    (vitir/ast/sharding.py) reads the value from the text."""

    text: StringAttr  # the whole generic spelling: `#sdy.sharding<@mesh, [{"x"}]>`
    HEAD: ClassVar[str] = ""  # what precedes the text xDSL's parser hands over, and what follows it
    TAIL: ClassVar[str] = ""

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        text, start = source(parser), position(parser)
        end = balanced_end(text, start, one_group=True)
        resume_at(parser, end)
        return [StringAttr(cls.HEAD + text[start:end] + cls.TAIL)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.text.data[len(self.HEAD):len(self.text.data) - len(self.TAIL)])


def shardy_attribute(prefix: str, suffix: str) -> type[ShardyTextAttr]:
    """The attribute of a Shardy kind's generic spelling: `#sdy.sharding<...>` is sdy.sharding (xDSL
    hands over `<...>`); `#sdy<manual_axes{...}>` is sdy.manual_axes in MLIR's opaque syntax (xDSL
    hands over `{...}`)."""
    opaque = prefix.startswith("#sdy<")
    name = "sdy." + prefix[len("#sdy<"):] if opaque else prefix[1:].rstrip("<")
    head, tail = (prefix, suffix) if opaque else ("#" + name, "")
    qualname = "".join(w.title() for w in name.split(".")[1].split("_")) + "Attr"
    namespace = {"name": name, "HEAD": head, "TAIL": tail, "__module__": __name__, "__qualname__": qualname}
    bases = (ShardyTextAttr, OpaqueSyntaxAttribute) if opaque else (ShardyTextAttr,)
    return irdl_attr_definition(type(qualname, bases, namespace))


# -- windows, reductions, contractions and linear algebra ------------------------------------

class Transpose(StrEnum):
    NO_TRANSPOSE = "NO_TRANSPOSE"
    TRANSPOSE = "TRANSPOSE"
    ADJOINT = "ADJOINT"


@irdl_attr_definition
class TransposeAttr(EnumAttribute[Transpose], SpacedOpaqueSyntaxAttribute):
    """triangular_solve's `#stablehlo<transpose NO_TRANSPOSE>`."""

    name = "stablehlo.transpose"


class FftType(StrEnum):
    FFT = "FFT"
    IFFT = "IFFT"
    RFFT = "RFFT"
    IRFFT = "IRFFT"


@irdl_attr_definition
class FftTypeAttr(EnumAttribute[FftType], SpacedOpaqueSyntaxAttribute):
    """`#stablehlo<fft_type FFT>`; fft's own syntax prints the bare word."""

    name = "stablehlo.fft_type"


ATTRIBUTES += [TransposeAttr, FftTypeAttr]


# -- elementwise and chlo: chlo's own comparison enums (`#chlo<comparison_direction GT>`) ---------------------

class ChloComparisonType(StrEnum):
    NOTYPE = "NOTYPE"
    FLOAT = "FLOAT"
    TOTALORDER = "TOTALORDER"
    SIGNED = "SIGNED"
    UNSIGNED = "UNSIGNED"


@irdl_attr_definition
class ChloComparisonDirectionAttr(EnumAttribute[ComparisonDirection], SpacedOpaqueSyntaxAttribute):
    """`#chlo<comparison_direction GT>` (chlo.broadcast_compare)."""

    name = "chlo.comparison_direction"


@irdl_attr_definition
class ChloComparisonTypeAttr(EnumAttribute[ChloComparisonType], SpacedOpaqueSyntaxAttribute):
    """`#chlo<comparison_type FLOAT>`."""

    name = "chlo.comparison_type"


ATTRIBUTES += [ChloComparisonDirectionAttr, ChloComparisonTypeAttr]


@irdl_attr_definition
class ChloPrecisionAttr(EnumAttribute[Precision], SpacedOpaqueSyntaxAttribute):
    """`#chlo<precision DEFAULT>` (chlo.ragged_dot's precision_config)."""

    name = "chlo.precision"


_RAGGED_FIELDS = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                  "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions")


@irdl_attr_definition
class RaggedDotDimensionNumbersAttr(ParametrizedAttribute):
    """`#chlo.ragged_dot<lhs_contracting_dimensions = [1], ..., rhs_group_dimensions = [0]>`."""

    name = "chlo.ragged_dot"

    lhs_batching_dimensions: ArrayAttr[IntAttr]
    rhs_batching_dimensions: ArrayAttr[IntAttr]
    lhs_contracting_dimensions: ArrayAttr[IntAttr]
    rhs_contracting_dimensions: ArrayAttr[IntAttr]
    lhs_ragged_dimensions: ArrayAttr[IntAttr]
    rhs_group_dimensions: ArrayAttr[IntAttr]

    @staticmethod
    def of(*lists: Sequence[int]) -> "RaggedDotDimensionNumbersAttr":
        return RaggedDotDimensionNumbersAttr(*[int_array(v) for v in lists])

    def values(self) -> tuple[tuple[int, ...], ...]:
        return tuple(int_values(p) for p in self.parameters)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        found = {f: [] for f in _RAGGED_FIELDS}

        def entry():
            key = parser.parse_identifier()
            if key not in found:
                parser.raise_error(f"unknown ragged_dot dimension field '{key}'")
            parser.parse_punctuation("=")
            found[key] = parse_int_list(parser)

        parser.parse_punctuation("<")
        parse_struct_entries(parser, entry)
        return [int_array(found[f]) for f in _RAGGED_FIELDS]

    def print_parameters(self, printer: Printer) -> None:
        parts = [f"{f} = {ints_text(v)}" for f, v in zip(_RAGGED_FIELDS, self.values()) if v]
        printer.print_string("<" + ", ".join(parts) + ">")


ATTRIBUTES += [ChloPrecisionAttr, RaggedDotDimensionNumbersAttr]


@irdl_attr_definition
class ReplicaGroupMeshAxesAttr(ShardyTextAttr):
    """`#stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<...>]>`, kept as
    its text as Shardy's attributes are; vitir's REPLICA_GROUPS kind reads it."""

    name = "stablehlo.replica_group_mesh_axes"
    HEAD = "#stablehlo.replica_group_mesh_axes"


ATTRIBUTES += [FutureType, ReplicaGroupMeshAxesAttr]
