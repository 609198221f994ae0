"""Attribute kinds and types between vitir's AST and xDSL.

For each attribute kind of vitir/ast/attributes.py: the xDSL attribute that
holds it (the property's constraint), the conversions both ways, and how the
kind is parsed where an op's own syntax writes it (`dims = [0, 1]`, `GT`,
`[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]`). Types: xDSL's tensor, token and
tuple types to vitir's and back, through the element-type table.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from xdsl.dialects.builtin import (ArrayAttr, BoolAttr, DenseArrayBase, DenseIntOrFPElementsAttr, FloatAttr,
                                   IntAttr, IntegerAttr, IntegerType, NoneAttr, StringAttr, SymbolRefAttr, TensorType,
                                   TupleType, TypeAttribute, UnitAttr, f32, i1, i32, i64)
from xdsl.ir import Attribute
from xdsl.irdl import base
from xdsl.parser import Parser

from ..ast import attributes as K
from ..ast.element_types import DType
from ..ast.shape_rules import RuleError
from ..ast.types import TensorType as VTensorType
from ..ast.types import TokenType as VTokenType
from ..ast.types import TupleType as VTupleType
from .attributes import (ChannelHandleAttr, ComparisonDirection, ComparisonDirectionAttr, ComparisonType,
                         ComparisonTypeAttr, ConvDimensionNumbersAttr, DenseLiteralsAttr, DotAlgorithmAttr,
                         DotDimensionNumbersAttr, Precision, PrecisionAttr, SplatAttr, element_text, parse_int_list,
                         parse_layouts)
from .attributes import AttributeTextAttr, BoundsAttr
from .attributes import TokenType as XTokenType
from .xdsl_adapter import position


class Unsupported(Exception):
    """Something vitir's AST cannot hold (a dynamic shape, a quantized type); reported at its op."""


# -- types ----------------------------------------------------------------------------------------

_TYPES: dict = {}  # xDSL type -> vitir's: a model repeats a handful of types


_BY_ID: dict = {}  # id(xDSL type) -> (the type, vitir's): the parser reuses one object per spelling,
# and hashing xDSL's types (recursive dataclasses) costs more than the rest of an op's import


def vitir_type(ty):
    """vitir's type of an xDSL one; Unsupported names what it cannot hold."""
    seen = _BY_ID.get(id(ty))
    if seen is not None and seen[0] is ty:
        return seen[1]
    hit = _TYPES.get(ty)
    if hit is not None:
        if len(_BY_ID) < 65536:
            _BY_ID[id(ty)] = (ty, hit)
        return hit
    if isinstance(ty, TensorType):
        shape = tuple(None if d < 0 else d for d in ty.get_shape())  # `?` is MLIR's kDynamic
        bounds = None
        if isinstance(ty.encoding, BoundsAttr):
            bounds = ty.encoding.values()
        elif not isinstance(ty.encoding, NoneAttr):
            raise Unsupported(f"type {ty} is not supported (tensor encodings other than #stablehlo.bounds)")
        if isinstance(ty.get_element_type(), QuantUniformType):
            if bounds is not None:
                raise Unsupported(f"type {ty} is not supported (quantized tensors with bounds)")
            hit = _TYPES[ty] = quantized_tensor(shape, ty.get_element_type())
            return hit
        element = element_spelling(ty.get_element_type())
        try:
            dtype = DType.parse(element)
        except ValueError:
            raise Unsupported(f"element type {element} is not supported by vitir") from None
        try:
            hit = VTensorType(shape, dtype, bounds)
        except ValueError as error:
            raise Unsupported(f"type {ty}: {error}") from None
    elif isinstance(ty, TupleType):
        hit = VTupleType([vitir_type(t) for t in ty.types.data])
    elif isinstance(ty, XTokenType):
        hit = VTokenType()
    else:
        raise Unsupported(f"type {ty} is not supported by vitir")
    _TYPES[ty] = hit
    return hit


element_spelling = element_text


_XDSL_TYPES: dict = {}


def xdsl_type(ty) -> Attribute:
    """xDSL's type of a vitir one (parsed from its spelling, which is MLIR's)."""
    hit = _XDSL_TYPES.get(ty)
    if hit is None:
        from .parse import parse_type_text

        hit = _XDSL_TYPES[ty] = parse_type_text(ty.text)
    return hit


def element_type(ty) -> Attribute:
    return xdsl_type(VTensorType((), ty)).get_element_type()


# -- kinds -----------------------------------------------------------------------------------------------

class Bridge(NamedTuple):
    constraint: object  # what the property's xDSL attribute is (a class, or a constraint)
    to_xdsl: Callable[[object], Attribute]
    from_xdsl: Callable[[Attribute], object]
    parse: Callable[[Parser], object] | None  # the kind as an op's own syntax writes it


def _int_attr(width: int):
    return Bridge(IntegerAttr, lambda v: IntegerAttr(v, i64 if width == 64 else i32), lambda a: a.value.data,
                  lambda p: p.parse_integer(allow_boolean=False))


def _array_values(a: DenseArrayBase) -> tuple[int, ...]:
    return tuple(a.get_values())


def _dense_ints_value(a: DenseIntOrFPElementsAttr) -> K.DenseInts:
    if not isinstance(a.get_element_type(), IntegerType):
        raise RuleError(f"expects a tensor of integers, got one of {a.get_element_type()}")
    shape = tuple(a.get_shape())
    values = tuple(int(v) for v in a.get_values())
    if len(values) == 1 and shape and _count(shape) != 1:  # a splat
        values = values * _count(shape)
    return K.DenseInts(shape, values)


def _count(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _dense_ints_attr(v: K.DenseInts) -> DenseIntOrFPElementsAttr:
    return DenseIntOrFPElementsAttr.from_list(TensorType(i64, list(v.shape)), list(v.values))


def _enum(kind: K.EnumKind, attr_class, enum_class) -> Bridge:
    return Bridge(attr_class, lambda v: attr_class(enum_class(v)), lambda a: a.data.value,
                  lambda p: p.parse_str_enum(enum_class).value)


def _precision_list_parse(p: Parser) -> tuple[str, ...]:
    return tuple(p.parse_comma_separated_list(p.Delimiter.SQUARE, lambda: p.parse_str_enum(Precision).value))


def _pairs_value(a: DenseIntOrFPElementsAttr) -> tuple[tuple[int, int], ...]:
    shape = tuple(a.get_shape())
    if len(shape) != 2 or shape[1] != 2:
        raise RuleError(f"expects the shape of padding-attribute to be {{N, 2}}, but got "
                        f"{{{', '.join(map(str, shape))}}}")
    flat = _dense_ints_value(a).values
    return tuple(zip(flat[0::2], flat[1::2]))


def _pairs_attr(v) -> DenseIntOrFPElementsAttr:
    return DenseIntOrFPElementsAttr.from_list(TensorType(i64, [len(v), 2]), [x for pair in v for x in pair])


def _pairs_parse(p: Parser):
    pairs = p.parse_comma_separated_list(p.Delimiter.SQUARE, lambda: parse_int_list(p))
    if any(len(pair) != 2 for pair in pairs):
        p.raise_error("each padding entry must be [low, high]")
    return tuple(tuple(pair) for pair in pairs)


def _algorithm_value(a: DotAlgorithmAttr) -> K.DotAlgorithm:
    fields = []
    for name, p in zip(K.DotAlgorithm._fields, a.parameters):
        if isinstance(p, IntAttr):
            fields.append(bool(p.data) if name == "allow_imprecise_accumulation" else p.data)
        else:
            fields.append(K.ELEMENT_TYPE.coerce(element_spelling(p)))
    return K.DotAlgorithm(*fields)


def _algorithm_attr(v: K.DotAlgorithm) -> DotAlgorithmAttr:
    params = [_type_of_spelling(x) if isinstance(x, str) else IntAttr(int(x)) for x in v]
    return DotAlgorithmAttr(*params)


def _type_of_spelling(spelling: str) -> Attribute:
    from .parse import parse_type_text

    return parse_type_text(spelling)


def _algorithm_parse(p: Parser) -> K.DotAlgorithm:
    start = position(p)
    try:
        return _algorithm_value(DotAlgorithmAttr(*DotAlgorithmAttr.parse_parameters(p)))
    except (ValueError, RuleError) as e:  # a precision type that is neither an element type nor tf32
        p.raise_error(f"dot algorithm: {e}", start)


def _dense_literal_value(a) -> str | tuple[str, ...]:
    from .literals import constant_literals

    return constant_literals(a)


def _not_in_text(p: Parser):
    p.raise_error("this attribute has no pretty spelling")


BRIDGES: dict[str, Bridge] = {
    "i64": _int_attr(64),
    "i32": _int_attr(32),
    "i64_array": Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i64, list(v)), _array_values,
                        lambda p: tuple(parse_int_list(p))),
    "bool": Bridge(IntegerAttr, lambda v: BoolAttr.from_bool(v), lambda a: bool(a.value.data),
                   lambda p: p.parse_boolean()),
    "bool_array": Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i1, [int(x) for x in v]),
                         lambda a: tuple(bool(x) for x in a.get_values()),
                         lambda p: tuple(p.parse_comma_separated_list(p.Delimiter.SQUARE, p.parse_boolean))),
    "unit": Bridge(UnitAttr, lambda v: UnitAttr(), lambda a: True, None),
    "string": Bridge(StringAttr, StringAttr, lambda a: a.data, lambda p: p.parse_str_literal()),
    "f32": Bridge(FloatAttr, lambda v: FloatAttr(v, f32), lambda a: a.value.data, lambda p: p.parse_float()),
    "comparison_direction": _enum(K.COMPARISON_DIRECTION, ComparisonDirectionAttr, ComparisonDirection),
    "comparison_type": _enum(K.COMPARISON_TYPE, ComparisonTypeAttr, ComparisonType),
    "precision": _enum(K.PRECISION, PrecisionAttr, Precision),
    "precision_list": Bridge(ArrayAttr[PrecisionAttr], lambda v: ArrayAttr([PrecisionAttr(Precision(x)) for x in v]),
                             lambda a: tuple(x.data.value for x in a.data), _precision_list_parse),
    "dot_dimensions": Bridge(DotDimensionNumbersAttr, lambda v: DotDimensionNumbersAttr.of(*v),
                             lambda a: K.DotDimensions(*a.values()), None),
    "conv_dimensions": Bridge(ConvDimensionNumbersAttr, ConvDimensionNumbersAttr.of,
                              lambda a: K.ConvDimensions(*a.layouts), lambda p: K.ConvDimensions(*parse_layouts(p))),
    "dense_ints": Bridge(DenseIntOrFPElementsAttr, _dense_ints_attr, _dense_ints_value, None),
    "pairs": Bridge(DenseIntOrFPElementsAttr, _pairs_attr, _pairs_value, _pairs_parse),
    "channel_handle": Bridge(ChannelHandleAttr, lambda v: ChannelHandleAttr(IntAttr(v.handle), IntAttr(v.type)),
                             lambda a: K.ChannelHandle(a.handle.data, a.type.data), None),
    "dot_algorithm": Bridge(DotAlgorithmAttr, _algorithm_attr, _algorithm_value, _algorithm_parse),
    "element_type": Bridge(TypeAttribute, _type_of_spelling, lambda a: K.ELEMENT_TYPE.coerce(element_spelling(a)),
                           lambda p: K.ELEMENT_TYPE.coerce(element_spelling(p.parse_type()))),
    "dense_literal": Bridge(base(SplatAttr) | base(DenseLiteralsAttr) | base(DenseIntOrFPElementsAttr), None, _dense_literal_value,
                            None),
}


def bridge(kind: K.Kind) -> Bridge:
    try:
        return BRIDGES[kind.name]
    except KeyError:
        raise NotImplementedError(f"attribute kind {kind.name} has no xDSL bridge in vitir/mlir/kinds.py") from None


# -- data movement: gather and scatter dimension numbers ----------------------------------------

from .attributes import GatherDimensionNumbersAttr, ScatterDimensionNumbersAttr  # noqa: E402

BRIDGES.update({
    "gather_dimensions": Bridge(GatherDimensionNumbersAttr, GatherDimensionNumbersAttr.of,
                                lambda a: K.GatherDimensions(*a.values()), None),
    "scatter_dimensions": Bridge(ScatterDimensionNumbersAttr, ScatterDimensionNumbersAttr.of,
                                 lambda a: K.ScatterDimensions(*a.values()), None),
})


# -- collectives, rng, bits and quantization ----------------------------------------------------
from .attributes import (QuantUniformType, RngAlgorithm, RngAlgorithmAttr, RngDistribution,  # noqa: E402
                         RngDistributionAttr)


def quantized_tensor(shape, element: QuantUniformType):
    from ..ast.quantized import QuantizedElement, QuantizedTensorType

    try:
        return QuantizedTensorType(shape, QuantizedElement.parse(element.body.data))
    except ValueError as e:
        raise Unsupported(str(e)) from None

BRIDGES.update(rng_distribution=_enum(K.RNG_DISTRIBUTION, RngDistributionAttr, RngDistribution),
               rng_algorithm=_enum(K.RNG_ALGORITHM, RngAlgorithmAttr, RngAlgorithm))


# -- control flow, tuples and tokens ------------------------------------------------------

def attribute_text_value(a: Attribute) -> str:
    """The text of an attribute kept as text; one parsed by xDSL (in a generic op) as xDSL prints it."""
    from io import StringIO

    from xdsl.printer import Printer

    if isinstance(a, AttributeTextAttr):
        return a.text.data

    class TextPrinter(Printer):  # an attribute kept as text inside another (an array) prints as written
        def print_attribute(self, attribute: Attribute) -> None:
            if isinstance(attribute, AttributeTextAttr):
                self.print_string(attribute.text.data)
            else:
                super().print_attribute(attribute)

    out = StringIO()
    TextPrinter(stream=out).print_attribute(a)
    return out.getvalue()


def _parse_attribute_text(p: Parser) -> str:
    from .syntax import attribute_text

    return attribute_text(p)


BRIDGES.update({
    "symbol": Bridge(SymbolRefAttr, SymbolRefAttr, lambda a: a.root_reference.data,
                     lambda p: p.parse_symbol_name().data),
    "attribute_text": Bridge(Attribute, lambda v: AttributeTextAttr(StringAttr(v)), attribute_text_value,
                             _parse_attribute_text),
})


# -- windows, reductions, contractions and linear algebra ------------------------------------

from .attributes import FftType, FftTypeAttr, Transpose, TransposeAttr  # noqa: E402

BRIDGES.update({
    "transpose": _enum(K.TRANSPOSE, TransposeAttr, Transpose),
    "fft_type": _enum(K.FFT_TYPE, FftTypeAttr, FftType),
})


# -- elementwise and chlo ---------------------------------------------------------------------------------

from .attributes import ChloComparisonDirectionAttr, ChloComparisonType, ChloComparisonTypeAttr  # noqa: E402

BRIDGES["chlo_comparison_direction"] = _enum(K.CHLO_COMPARISON_DIRECTION, ChloComparisonDirectionAttr,
                                             ComparisonDirection)
BRIDGES["chlo_comparison_type"] = _enum(K.CHLO_COMPARISON_TYPE, ChloComparisonTypeAttr, ChloComparisonType)

from .attributes import ChloPrecisionAttr, RaggedDotDimensionNumbersAttr  # noqa: E402

BRIDGES["chlo_precision_list"] = Bridge(ArrayAttr[ChloPrecisionAttr],
                                        lambda v: ArrayAttr([ChloPrecisionAttr(Precision(x)) for x in v]),
                                        lambda a: tuple(x.data.value for x in a.data), None)
BRIDGES["ragged_dot_dimensions"] = Bridge(RaggedDotDimensionNumbersAttr, lambda v: RaggedDotDimensionNumbersAttr.of(*v),
                                          lambda a: K.RaggedDotDimensions(*a.values()), None)
