"""vitir's StableHLO dialect on plain xDSL: one IRDL class per op vitir prints.

Each op parses the pretty forms vitir and JAX print (and, through its IRDL
definition, MLIR's generic form, whose property names are StableHLO's), prints
vitir's exact text, and verifies itself with vitir's own shape rules.
"""

from __future__ import annotations

import re
from typing import Callable, ClassVar

from xdsl.dialects.builtin import (ArrayAttr, DenseArrayBase, DenseIntOrFPElementsAttr, IntegerAttr, StringAttr,
                                   TensorType, UnitAttr, i1, i64)
from xdsl.ir import Block, Dialect, Region
from xdsl.irdl import (IRDLOperation, SameVariadicOperandSize, base, irdl_op_definition, operand_def, opt_prop_def,
                       prop_def, region_def, result_def, traits_def, var_operand_def, var_result_def)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException

from ..ast import shape_rules as rules
from ..ast.ops import ELEMENTWISE_TABLE, ElementwiseRow
from .attributes import (ComparisonDirection, ComparisonDirectionAttr, ComparisonType, ComparisonTypeAttr,
                         ConvDimensionNumbersAttr, DenseLiteralsAttr, DotDimensionNumbersAttr, Precision,
                         PrecisionAttr, SplatAttr, layouts_text, parse_dense_literal, parse_layouts)
from .syntax import (check_rule, expect_result, i64_array, ints_text, parse_function_trailer, parse_int_list,
                     parse_named_int_list, parse_operand_types, print_function_trailer, print_operands, same_element,
                     static_shape)


# -- elementwise -------------------------------------------------------------------

class Elementwise(IRDLOperation):
    """Operands share one element type; printed `%a, %b : T`, or `: (T1, T2) -> R` where the
    types differ (is_finite's i1 result, clamp's scalar bounds). The traits mirror the AST's."""

    ARITY: ClassVar[int] = 2
    ELEMENTS: ClassVar[str] = "any"  # a key of rules.ELEMENT_KINDS
    RESULT_I1: ClassVar[bool] = False
    RULE: ClassVar[Callable] = staticmethod(rules.elementwise)

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        operands = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation(","):
            operands.append(parser.parse_unresolved_operand())
        if len(operands) != cls.ARITY:
            parser.raise_error(f"{cls.name} takes {cls.ARITY} operand(s), got {len(operands)}", at)
        parser.parse_punctuation(":")
        types, result = parse_operand_types(parser, cls.ARITY)
        return cls.build(operands=parser.resolve_operands(operands, types, at), result_types=[result])

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.operands)
        result = self.results[0]
        if all(v.type == result.type for v in self.operands):
            printer.print_string(" : ")
            printer.print_attribute(result.type)
        else:
            print_function_trailer(printer, self.operands, result)

    def verify_(self) -> None:
        types = [v.type for v in self.operands]
        shape = check_rule(self.RULE, *(static_shape(t, "operand") for t in types))
        element = same_element(types)
        check_rule(rules.element_kind, str(element), self.ELEMENTS)
        expect_result(self.results[0].type, shape, i1 if self.RESULT_I1 else element)


class Binary(Elementwise):
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())


class Unary(Elementwise):
    ARITY: ClassVar[int] = 1
    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())


class Ternary(Elementwise):
    """clamp's (min, operand, max)."""

    ARITY: ClassVar[int] = 3
    min = operand_def(TensorType)
    operand = operand_def(TensorType)
    max = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())


def _elementwise_op(row: ElementwiseRow) -> type[Elementwise]:
    base = {1: Unary, 2: Binary, 3: Ternary}[row.arity]
    traits = {"ELEMENTS": row.elements, "RESULT_I1": row.result_i1, "RULE": staticmethod(row.rule)}
    return irdl_op_definition(type(row.class_name + "Op", (base,), {
        "name": "stablehlo." + row.op, "__module__": __name__, "__qualname__": row.class_name + "Op",
        "__annotations__": dict.fromkeys(traits, ClassVar), **traits}))


# AddOp, ..., CosineOp, ..., IsFiniteOp: one IRDL class per row of the AST's table, defined here by name.
ELEMENTWISE_OPS: tuple[type[Elementwise], ...] = tuple(_elementwise_op(row) for row in ELEMENTWISE_TABLE)
globals().update({cls.__name__: cls for cls in ELEMENTWISE_OPS})
_BY_NAME = {cls.name: cls for cls in ELEMENTWISE_OPS}


@irdl_op_definition
class ConvertOp(Unary):
    """Unary's syntax (`%x : (T) -> R`, or `%x : T` between equal types), any element types."""

    name = "stablehlo.convert"

    def verify_(self) -> None:
        element, result_element = self.operand.type.get_element_type(), self.result.type.get_element_type()
        shape = check_rule(rules.convert, static_shape(self.operand.type, "operand"), str(element),
                           str(result_element))
        expect_result(self.result.type, shape, result_element)


@irdl_op_definition
class IotaOp(IRDLOperation):
    """`dim = 1 : T`: no operands, each element its index along `iota_dimension`."""

    name = "stablehlo.iota"
    output = result_def(TensorType)
    iota_dimension = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser):
        parser.parse_keyword("dim")
        parser.parse_punctuation("=")
        dimension = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(":")
        return cls.build(result_types=[parser.parse_type()],
                         properties={"iota_dimension": IntegerAttr(dimension, i64)})

    def print(self, printer: Printer) -> None:
        printer.print_string(f" dim = {self.iota_dimension.value.data} : ")
        printer.print_attribute(self.output.type)

    def verify_(self) -> None:
        check_rule(rules.iota, static_shape(self.output.type, "result"), self.iota_dimension.value.data,
                   str(self.output.type.get_element_type()))


# -- compare and select ------------------------------------------------------------

@irdl_op_definition
class CompareOp(IRDLOperation):
    """`GT, %a, %b, FLOAT : (T, T) -> Ti1` (the comparison type is optional)."""

    name = "stablehlo.compare"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    comparison_direction = prop_def(ComparisonDirectionAttr)
    compare_type = opt_prop_def(ComparisonTypeAttr)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        direction = parser.parse_str_enum(ComparisonDirection)
        parser.parse_punctuation(",")
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        props = {"comparison_direction": ComparisonDirectionAttr(direction)}
        if parser.parse_optional_punctuation(","):
            props["compare_type"] = ComparisonTypeAttr(parser.parse_str_enum(ComparisonType))
        parser.parse_punctuation(":")
        types, result = parse_operand_types(parser, 2)
        return cls.build(operands=parser.resolve_operands([a, b], types, at), result_types=[result],
                         properties=props)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.comparison_direction.data.value}, ")
        print_operands(printer, self.operands)
        if self.compare_type is not None:
            printer.print_string(f", {self.compare_type.data.value}")
        print_function_trailer(printer, self.operands, self.result)

    def verify_(self) -> None:
        types = [self.lhs.type, self.rhs.type]
        same_element(types)
        shape = check_rule(rules.elementwise, *(static_shape(t, "operand") for t in types))
        expect_result(self.result.type, shape, i1)


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`%p, %a, %b : Tpred, T` (or the full `(Tp, T, T) -> T`)."""

    name = "stablehlo.select"
    pred = operand_def(TensorType)
    on_true = operand_def(TensorType)
    on_false = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        operands = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(":")
        fn = parser.parse_optional_function_type()
        if fn is not None:
            types, result = list(fn.inputs.data), fn.outputs.data[0]
        else:
            pred_type = parser.parse_type()
            parser.parse_punctuation(",")
            result = parser.parse_type()
            types = [pred_type, result, result]
        return cls.build(operands=parser.resolve_operands(operands, types, at), result_types=[result])

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.operands)
        printer.print_string(" : ")
        printer.print_attribute(self.pred.type)
        printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if self.pred.type.get_element_type() != i1:
            raise VerifyException(f"predicate must be i1, got {self.pred.type.get_element_type()}")
        if self.on_true.type != self.on_false.type:
            raise VerifyException(f"branch types differ: {self.on_true.type} vs {self.on_false.type}")
        shape = static_shape(self.on_true.type, "operand")
        check_rule(rules.elementwise, static_shape(self.pred.type, "predicate"), shape)
        expect_result(self.result.type, shape, self.on_true.type.get_element_type())


# -- constant ------------------------------------------------------------------------

_SPLAT = re.compile(r"dense<\s*(-?[0-9][0-9a-zA-Z.+-]*|true|false)\s*>")


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`dense<LITERAL> : T`, the literal spelled as written: a splat's (SplatAttr) or
    one per element (DenseLiteralsAttr: a nested list, or MLIR's hexadecimal blob).
    The parser keeps the spelling in MLIR's generic form too; xDSL's dense
    attribute is taken from modules built in Python."""

    name = "stablehlo.constant"
    value = prop_def(base(SplatAttr) | base(DenseLiteralsAttr) | base(DenseIntOrFPElementsAttr))
    output = result_def(TensorType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser):
        splat = _SPLAT.match(parser.lexer.input.content, parser.pos)
        if splat is None:
            parser.parse_keyword("dense")
            value = parse_dense_literal(parser)
            return cls.build(properties={"value": value}, result_types=[value.type])
        parser.parse_keyword("dense")
        parser.parse_punctuation("<")
        parser.parse_number(allow_boolean=True)
        parser.parse_punctuation(">")
        parser.parse_punctuation(":")
        ty = parser.parse_type()
        return cls.build(properties={"value": SplatAttr(StringAttr(splat.group(1)), ty)}, result_types=[ty])

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.value)

    def verify_(self) -> None:
        static_shape(self.output.type, "result")
        if self.value.type != self.output.type:
            raise VerifyException(f"value type {self.value.type} differs from the result type {self.output.type}")


# -- shape ops ------------------------------------------------------------------------

class OneOperand(IRDLOperation):
    """`%x (, dims = [..])? : (T) -> R`; DIMS names the property the `dims` list fills."""

    operand = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    DIMS: ClassVar[str | None] = None

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        x = parser.parse_unresolved_operand()
        props = {}
        if cls.DIMS is not None:
            parser.parse_punctuation(",")
            props[cls.DIMS] = i64_array(parse_named_int_list(parser, "dims"))
        (operand,), result = parse_function_trailer(parser, [x], at=at)
        return cls.build(operands=[operand], result_types=[result], properties=props)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.operand)
        if self.DIMS is not None:
            printer.print_string(f", dims = {ints_text(self.dims())}")
        print_function_trailer(printer, self.operands, self.result)

    def dims(self) -> tuple[int, ...]:
        return self.properties[self.DIMS].get_values()

    def infer(self, operand: tuple[int, ...], result: tuple[int, ...]) -> tuple[int, ...]:
        """The result shape by vitir's rule (`result` is the annotated one, for rules that take it)."""
        raise NotImplementedError

    def verify_(self) -> None:
        x, r = static_shape(self.operand.type, "operand"), static_shape(self.result.type, "result")
        expect_result(self.result.type, self.infer(x, r), self.operand.type.get_element_type())


@irdl_op_definition
class BroadcastInDimOp(OneOperand):
    name = "stablehlo.broadcast_in_dim"
    broadcast_dimensions = prop_def(DenseArrayBase.constr(i64))
    DIMS: ClassVar[str | None] = "broadcast_dimensions"

    def infer(self, operand, result):
        return check_rule(rules.broadcast_in_dim, operand, self.dims(), result)


@irdl_op_definition
class ReshapeOp(OneOperand):
    name = "stablehlo.reshape"

    def infer(self, operand, result):
        return check_rule(rules.reshape, operand, result)


@irdl_op_definition
class TransposeOp(OneOperand):
    name = "stablehlo.transpose"
    permutation = prop_def(DenseArrayBase.constr(i64))
    DIMS: ClassVar[str | None] = "permutation"

    def infer(self, operand, result):
        return check_rule(rules.transpose, operand, self.dims())


@irdl_op_definition
class SliceOp(OneOperand):
    """`%x [0:32, 1:197:2] : (T) -> R`."""

    name = "stablehlo.slice"
    start_indices = prop_def(DenseArrayBase.constr(i64))
    limit_indices = prop_def(DenseArrayBase.constr(i64))
    strides = prop_def(DenseArrayBase.constr(i64))

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        x = parser.parse_unresolved_operand()

        def bounds():
            start = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(":")
            limit = parser.parse_integer(allow_boolean=False)
            stride = parser.parse_integer(allow_boolean=False) if parser.parse_optional_punctuation(":") else 1
            return start, limit, stride

        ranges = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, bounds)
        (operand,), result = parse_function_trailer(parser, [x], at=at)
        start, limit, stride = zip(*ranges) if ranges else ((), (), ())
        return cls.build(operands=[operand], result_types=[result], properties={
            "start_indices": i64_array(start), "limit_indices": i64_array(limit), "strides": i64_array(stride)})

    def print(self, printer: Printer) -> None:
        parts = ", ".join(f"{a}:{b}" if s == 1 else f"{a}:{b}:{s}" for a, b, s in zip(
            self.start_indices.get_values(), self.limit_indices.get_values(), self.strides.get_values()))
        printer.print_string(" ")
        printer.print_ssa_value(self.operand)
        printer.print_string(f" [{parts}]")
        print_function_trailer(printer, self.operands, self.result)

    def infer(self, operand, result):
        return check_rule(rules.slice_, operand, self.start_indices.get_values(), self.limit_indices.get_values(),
                          self.strides.get_values())


@irdl_op_definition
class PadOp(IRDLOperation):
    """`%x, %v, low = [..], high = [..], interior = [..] : (T, T0) -> R`."""

    name = "stablehlo.pad"
    operand = operand_def(TensorType)
    padding_value = operand_def(TensorType)
    result = result_def(TensorType)
    edge_padding_low = prop_def(DenseArrayBase.constr(i64))
    edge_padding_high = prop_def(DenseArrayBase.constr(i64))
    interior_padding = prop_def(DenseArrayBase.constr(i64))
    traits = traits_def(Pure())

    _FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("low", "edge_padding_low"), ("high", "edge_padding_high"), ("interior", "interior_padding"))

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        x = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        v = parser.parse_unresolved_operand()
        props = {}
        for keyword, prop in cls._FIELDS:
            parser.parse_punctuation(",")
            props[prop] = i64_array(parse_named_int_list(parser, keyword))
        operands, result = parse_function_trailer(parser, [x, v], at=at)
        return cls.build(operands=operands, result_types=[result], properties=props)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.operands)
        for keyword, prop in self._FIELDS:
            printer.print_string(f", {keyword} = {ints_text(self.properties[prop].get_values())}")
        print_function_trailer(printer, self.operands, self.result)

    def verify_(self) -> None:
        x = static_shape(self.operand.type, "operand")
        v = static_shape(self.padding_value.type, "padding value")
        element = same_element([self.operand.type, self.padding_value.type])
        expect_result(self.result.type, check_rule(
            rules.pad, x, v, *(self.properties[p].get_values() for _, p in self._FIELDS)), element)


@irdl_op_definition
class ConcatenateOp(IRDLOperation):
    """`%a, %b, dim = 1 : (T1, T2) -> R`."""

    name = "stablehlo.concatenate"
    inputs = var_operand_def(TensorType)
    result = result_def(TensorType)
    dimension = prop_def(IntegerAttr)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        names = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        while parser.parse_optional_keyword("dim") is None:
            names.append(parser.parse_unresolved_operand())
            parser.parse_punctuation(",")
        parser.parse_punctuation("=")
        dim = parser.parse_integer(allow_boolean=False)
        operands, result = parse_function_trailer(parser, names, at=at)
        return cls.build(operands=[operands], result_types=[result], properties={"dimension": IntegerAttr(dim, i64)})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.inputs)
        printer.print_string(f", dim = {self.dimension.value.data}")
        print_function_trailer(printer, self.inputs, self.result)

    def verify_(self) -> None:
        shapes = [static_shape(v.type, "operand") for v in self.inputs]
        element = same_element([v.type for v in self.inputs])
        expect_result(self.result.type, check_rule(rules.concatenate, shapes, self.dimension.value.data), element)


# -- contractions -------------------------------------------------------------------------

def _parse_dims_pair(parser: Parser) -> tuple[list[int], list[int]]:
    """`[0, 1] x [0, 1]`."""
    lhs = parse_int_list(parser)
    parser.parse_keyword("x")
    return lhs, parse_int_list(parser)


def _parse_precision(parser: Parser) -> ArrayAttr:
    """`precision = [DEFAULT, DEFAULT]` after its keyword."""
    parser.parse_punctuation("=")
    return ArrayAttr(parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, lambda: PrecisionAttr(parser.parse_str_enum(Precision))))


def _precision_text(precision: ArrayAttr) -> str:
    return "[" + ", ".join(p.data.value for p in precision.data) + "]"


@irdl_op_definition
class DotGeneralOp(IRDLOperation):
    """`%a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : ...`."""

    name = "stablehlo.dot_general"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    dot_dimension_numbers = prop_def(DotDimensionNumbersAttr)
    precision_config = opt_prop_def(ArrayAttr[PrecisionAttr])
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        batch = ([], [])
        if parser.parse_optional_keyword("batching_dims"):
            parser.parse_punctuation("=")
            batch = _parse_dims_pair(parser)
            parser.parse_punctuation(",")
        parser.parse_keyword("contracting_dims")
        parser.parse_punctuation("=")
        contract = _parse_dims_pair(parser)
        props = {"dot_dimension_numbers": DotDimensionNumbersAttr.of(*batch, *contract)}
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("precision")
            props["precision_config"] = _parse_precision(parser)
        operands, result = parse_function_trailer(parser, [a, b], at=at)
        return cls.build(operands=operands, result_types=[result], properties=props)

    def print(self, printer: Printer) -> None:
        lb, rb, lc, rc = self.dot_dimension_numbers.values()
        printer.print_string(" ")
        print_operands(printer, self.operands)
        if lb or rb:
            printer.print_string(f", batching_dims = {ints_text(lb)} x {ints_text(rb)}")
        printer.print_string(f", contracting_dims = {ints_text(lc)} x {ints_text(rc)}")
        if self.precision_config is not None:
            printer.print_string(f", precision = {_precision_text(self.precision_config)}")
        print_function_trailer(printer, self.operands, self.result)

    def verify_(self) -> None:
        element = same_element([self.lhs.type, self.rhs.type])
        lb, rb, lc, rc = self.dot_dimension_numbers.values()
        shape = check_rule(rules.dot_general, static_shape(self.lhs.type, "lhs"), static_shape(self.rhs.type, "rhs"),
                           lb, rb, lc, rc)
        expect_result(self.result.type, shape, element)


@irdl_op_definition
class ConvolutionOp(IRDLOperation):
    """vitir prints it on four lines:
        %o = stablehlo.convolution(%x, %w)
          dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
          window = {stride = [16, 16], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
          {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (T1, T2) -> T3
    """

    name = "stablehlo.convolution"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    result = result_def(TensorType)
    window_strides = opt_prop_def(DenseArrayBase.constr(i64))
    padding = opt_prop_def(DenseIntOrFPElementsAttr)
    lhs_dilation = opt_prop_def(DenseArrayBase.constr(i64))
    rhs_dilation = opt_prop_def(DenseArrayBase.constr(i64))
    window_reversal = opt_prop_def(DenseArrayBase)
    dimension_numbers = prop_def(ConvDimensionNumbersAttr)
    feature_group_count = prop_def(IntegerAttr)
    batch_group_count = prop_def(IntegerAttr)
    precision_config = opt_prop_def(ArrayAttr[PrecisionAttr])
    traits = traits_def(Pure())

    # window keyword -> property
    _WINDOW: ClassVar[dict[str, str]] = {"stride": "window_strides", "pad": "padding", "lhs_dilate": "lhs_dilation",
                                         "rhs_dilate": "rhs_dilation", "reverse": "window_reversal"}
    _ATTRS: ClassVar[tuple[str, ...]] = ("batch_group_count", "feature_group_count", "precision_config")

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        parser.parse_punctuation("(")
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        parser.parse_punctuation(")")
        parser.parse_keyword("dim_numbers")
        parser.parse_punctuation("=")
        props = {"dimension_numbers": ConvDimensionNumbersAttr.of(parse_layouts(parser))}
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("window")
            parser.parse_punctuation("=")
            parser.parse_comma_separated_list(parser.Delimiter.BRACES, lambda: cls._parse_window_entry(parser, props))
        attrs = parser.parse_optional_attr_dict()
        for key, value in attrs.items():
            if key not in cls._ATTRS:
                parser.raise_error(f"unknown convolution attribute '{key}'")
            props[key] = value
        props.setdefault("batch_group_count", IntegerAttr(1, i64))
        props.setdefault("feature_group_count", IntegerAttr(1, i64))
        operands, result = parse_function_trailer(parser, [a, b], at=at)
        return cls.build(operands=operands, result_types=[result], properties=props)

    @classmethod
    def _parse_window_entry(cls, parser: Parser, props: dict) -> None:
        key = parser.parse_identifier()
        if key not in cls._WINDOW:
            parser.raise_error(f"unknown window entry '{key}' (known: {', '.join(cls._WINDOW)})")
        parser.parse_punctuation("=")
        if key == "pad":
            pairs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_int_list(parser))
            if any(len(p) != 2 for p in pairs):
                parser.raise_error("each pad entry must be [low, high]")
            props["padding"] = DenseIntOrFPElementsAttr.from_list(
                TensorType(i64, [len(pairs), 2]), [v for p in pairs for v in p])
        elif key == "reverse":
            flags = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_boolean)
            props["window_reversal"] = DenseArrayBase.from_list(i1, [int(f) for f in flags])
        else:
            props[cls._WINDOW[key]] = i64_array(parse_int_list(parser))

    def window(self) -> dict[str, tuple]:
        """The window entries present, in vitir's naming: stride, pad, lhs_dilate, rhs_dilate, reverse."""
        out = {}
        for key, prop in self._WINDOW.items():
            value = self.properties.get(prop)
            if value is None:
                continue
            if key == "pad":
                flat = value.get_values()
                out[key] = tuple(zip(flat[0::2], flat[1::2]))
            else:
                out[key] = tuple(value.get_values())
        return out

    def print(self, printer: Printer) -> None:
        entries = []
        for key, values in self.window().items():
            if key == "pad":
                entries.append("pad = [" + ", ".join(f"[{lo}, {hi}]" for lo, hi in values) + "]")
            elif key == "reverse":
                entries.append("reverse = [" + ", ".join("true" if f else "false" for f in values) + "]")
            else:
                entries.append(f"{key} = {ints_text(values)}")
        attrs = [f"batch_group_count = {self.batch_group_count.value.data} : i64",
                 f"feature_group_count = {self.feature_group_count.value.data} : i64"]
        if self.precision_config is not None:
            attrs.append("precision_config = [" + ", ".join(
                f"#stablehlo<precision {p.data.value}>" for p in self.precision_config.data) + "]")
        printer.print_string("(")
        print_operands(printer, self.operands)
        printer.print_string(")")
        with printer.indented():
            printer.print_string(f"\ndim_numbers = {layouts_text(self.dimension_numbers.layouts)},")
            printer.print_string("\nwindow = {" + ", ".join(entries) + "}")
            printer.print_string("\n{" + ", ".join(attrs) + "}")
        print_function_trailer(printer, self.operands, self.result)

    def verify_(self) -> None:
        element = same_element([self.lhs.type, self.rhs.type])
        for count in ("batch_group_count", "feature_group_count"):
            if self.properties[count].value.data != 1:
                raise VerifyException(f"{count} {self.properties[count].value.data} is not supported (vitir needs 1)")
        lhs, rhs, out = self.dimension_numbers.layouts
        spatial = len(lhs) - 2
        window = self.window()
        if any(window.get("reverse", ())):
            raise VerifyException("window reversal is not supported")
        shape = check_rule(rules.convolution, static_shape(self.lhs.type, "lhs"), static_shape(self.rhs.type, "rhs"),
                           lhs, rhs, out, window.get("stride", (1,) * spatial), window.get("pad", ((0, 0),) * spatial),
                           window.get("lhs_dilate", (1,) * spatial), window.get("rhs_dilate", (1,) * spatial))
        expect_result(self.result.type, shape, element)


# -- regions: reduce and all_reduce ---------------------------------------------------------

REDUCERS: dict[str, type[Binary]] = {name: _BY_NAME[name] for name in ("stablehlo.add", "stablehlo.multiply",
                                                                      "stablehlo.maximum", "stablehlo.minimum")}


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`stablehlo.return %x : T`, the terminator of reducer regions."""

    name = "stablehlo.return"
    returned = var_operand_def(TensorType)
    traits = traits_def(IsTerminator())

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        names = []
        if (first := parser.parse_optional_unresolved_operand()) is not None:
            names.append(first)
            while parser.parse_optional_punctuation(","):
                names.append(parser.parse_unresolved_operand())
        types = []
        if names:
            parser.parse_punctuation(":")
            types = [parser.parse_type()]
            while parser.parse_optional_punctuation(","):
                types.append(parser.parse_type())
        return cls.build(operands=[parser.resolve_operands(names, types, at)])

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            print_operands(printer, self.operands)
            printer.print_string(" : ")
            printer.print_list([v.type for v in self.operands], printer.print_attribute)


def binary_body(element_type, op_class: type[Binary]) -> Region:
    """A reducer region `^bb0(%a: T, %b: T): %r = op %a, %b; stablehlo.return %r` over rank-0 T."""
    block = Block(arg_types=[element_type, element_type])
    op = op_class.build(operands=list(block.args), result_types=[element_type])
    block.add_ops([op, ReturnOp.build(operands=[[op.results[0]]])])
    return Region(block)


def single_op_body(region: Region) -> str | None:
    """The op name when `region` is `^bb0(%a, %b): %r = op %a, %b; return %r` with one reducer op."""
    if len(region.blocks) != 1:
        return None
    block = region.blocks[0]
    ops = list(block.ops)
    if len(block.args) != 2 or len(ops) != 2:
        return None
    op, ret = ops
    if (type(op) not in REDUCERS.values() or tuple(op.operands) != tuple(block.args)
            or not isinstance(ret, ReturnOp) or tuple(ret.operands) != (op.results[0],)):
        return None
    return op.name


def _verify_binary_body(region: Region, element_type, what: str) -> None:
    if len(region.blocks) != 1:
        raise VerifyException(f"{what} must have one block")
    block = region.blocks[0]
    if len(block.args) != 2 or any(a.type != element_type for a in block.args):
        raise VerifyException(f"{what} must take two {element_type} arguments, got "
                              f"({', '.join(str(a.type) for a in block.args)})")
    last = block.last_op
    if not isinstance(last, ReturnOp) or [v.type for v in last.operands] != [element_type]:
        raise VerifyException(f"{what} must end in stablehlo.return of one {element_type}")


@irdl_op_definition
class ReduceOp(IRDLOperation):
    """`stablehlo.reduce(%x init: %sc) applies stablehlo.add across dimensions = [2] : (T, T0) -> R`,
    its compact form; the reducer is a real region. Other bodies, and several operands
    (`%r:2 = stablehlo.reduce(%x init: %a), (%i init: %b) across ...`, JAX's argmax),
    parse and print in JAX's region form: `\n reducer(%a0: T0, %b0: T0) (%a1: T1, %b1: T1)  { ... }`,
    each accumulator beside its element; the block takes the accumulators, then the elements."""

    name = "stablehlo.reduce"
    inputs = var_operand_def(TensorType)
    init_values = var_operand_def(TensorType)
    outputs = var_result_def(TensorType)
    dimensions = prop_def(DenseArrayBase.constr(i64))
    body = region_def("single_block")
    traits = traits_def(Pure())
    irdl_options = (SameVariadicOperandSize(),)

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        xs, inits = [], []
        while True:
            parser.parse_punctuation("(")
            xs.append(parser.parse_unresolved_operand())
            parser.parse_keyword("init")
            parser.parse_punctuation(":")
            inits.append(parser.parse_unresolved_operand())
            parser.parse_punctuation(")")
            if not parser.parse_optional_punctuation(","):
                break
        reducer = None
        if parser.parse_optional_keyword("applies"):
            reducer_at = parser.pos
            reducer = parser.parse_identifier()
            if reducer not in REDUCERS or len(xs) != 1:
                parser.raise_error(f"unsupported reducer {reducer} (vitir knows {', '.join(REDUCERS)}, "
                                   "of one operand)", reducer_at)
        parser.parse_keyword("across")
        dims = parse_named_int_list(parser, "dimensions")
        parser.parse_punctuation(":")
        fn = parser.parse_function_type()
        operands = parser.resolve_operands(xs + inits, fn.inputs.data, at)
        if reducer is not None:
            body = binary_body(operands[1].type, REDUCERS[reducer])
        else:
            parser.parse_keyword("reducer")
            accumulators, elements = [], []
            for _ in xs:
                parser.parse_punctuation("(")
                accumulators.append(parser.parse_argument())
                parser.parse_punctuation(",")
                elements.append(parser.parse_argument())
                parser.parse_punctuation(")")
            body = parser.parse_region(accumulators + elements)
        n = len(xs)
        return cls.build(operands=[operands[:n], operands[n:]], result_types=[list(fn.outputs.data)],
                         regions=[body], properties={"dimensions": i64_array(dims)})

    def print(self, printer: Printer) -> None:
        for i, (x, init) in enumerate(zip(self.inputs, self.init_values)):
            printer.print_string(", (" if i else "(")
            printer.print_ssa_value(x)
            printer.print_string(" init: ")
            printer.print_ssa_value(init)
            printer.print_string(")")
        reducer = single_op_body(self.body) if len(self.inputs) == 1 else None
        if reducer is not None:
            printer.print_string(f" applies {reducer}")
        printer.print_string(f" across dimensions = {ints_text(self.dimensions.get_values())} : (")
        printer.print_list([v.type for v in self.operands], printer.print_attribute)
        printer.print_string(") -> ")
        if len(self.outputs) == 1:
            printer.print_attribute(self.outputs[0].type)
        else:
            printer.print_string("(")
            printer.print_list([v.type for v in self.outputs], printer.print_attribute)
            printer.print_string(")")
        if reducer is None:
            args, n = self.body.blocks[0].args, len(self.inputs)
            printer._print_new_line()
            printer.print_string(" reducer")
            for i, (a, b) in enumerate(zip(args[:n], args[n:])):
                printer.print_string(" (" if i else "(")
                printer.print_block_argument(a)
                printer.print_string(", ")
                printer.print_block_argument(b)
                printer.print_string(")")
            printer.print_string("  ")
            printer.print_region(self.body, print_entry_block_args=False)

    def verify_(self) -> None:
        if len(self.inputs) == 1 and len(self.outputs) == 1:  # one operand: the checks and texts as before
            element = same_element([self.inputs[0].type, self.init_values[0].type], "operand and init")
            shape = check_rule(rules.reduce, static_shape(self.inputs[0].type, "operand"),
                               static_shape(self.init_values[0].type, "init value"), self.dimensions.get_values())
            expect_result(self.outputs[0].type, shape, element)
            _verify_binary_body(self.body, self.init_values[0].type, "the reducer")
            return
        block = self.body.blocks[0]
        last = block.last_op
        if not isinstance(last, ReturnOp):
            raise VerifyException("the reducer must end in stablehlo.return")
        if len(self.outputs) != len(self.inputs):
            raise VerifyException(f"{len(self.inputs)} operands but {len(self.outputs)} results")

        def typed(values, what):
            return [(static_shape(v.type, what), str(v.type.get_element_type())) for v in values]

        shape = check_rule(rules.reduce_region, typed(self.inputs, "operand"), typed(self.init_values, "init value"),
                           self.dimensions.get_values(), typed(block.args, "reducer argument"),
                           typed(last.operands, "reducer result"))
        for x, r in zip(self.inputs, self.outputs):
            expect_result(r.type, shape, x.type.get_element_type())


@irdl_op_definition
class AllReduceOp(IRDLOperation):
    """The cross-replica reduction. vitir prints its generic form with the
    attributes after the region:
        %s = "stablehlo.all_reduce"(%g) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          ...
        }) { replica_groups = dense<[[0, 1]]> : tensor<1x2xi64> } : (T) -> T
    (printed by the bridge's printer; xDSL's own prints valid generic text)."""

    name = "stablehlo.all_reduce"
    inputs = var_operand_def(TensorType)
    outputs = var_result_def(TensorType)
    replica_groups = prop_def(DenseIntOrFPElementsAttr)
    use_global_device_ids = opt_prop_def(UnitAttr)
    computation = region_def("single_block")

    def groups(self) -> list[list[int]]:
        rows, cols = self.replica_groups.get_shape()
        flat = list(self.replica_groups.get_values())
        return [flat[r * cols:(r + 1) * cols] for r in range(rows)]

    def print_vitir(self, printer: Printer) -> None:
        printer.print_string('"stablehlo.all_reduce"(')
        print_operands(printer, self.inputs)
        printer.print_string(") (")
        printer.print_region(self.computation)
        groups = "[" + ", ".join(ints_text(g) for g in self.groups()) + "]"
        printer.print_string(f") {{ replica_groups = dense<{groups}> : ")
        printer.print_attribute(self.replica_groups.type)
        if self.use_global_device_ids is not None:
            printer.print_string(", use_global_device_ids")
        printer.print_string(" }")
        printer.print_string(" : (")
        printer.print_list([v.type for v in self.inputs], printer.print_attribute)
        printer.print_string(") -> ")
        types = [v.type for v in self.outputs]
        if len(types) == 1:
            printer.print_attribute(types[0])
        else:
            printer.print_string("(")
            printer.print_list(types, printer.print_attribute)
            printer.print_string(")")

    def verify_(self) -> None:
        if len(self.inputs) != len(self.outputs):
            raise VerifyException(f"{len(self.inputs)} operands but {len(self.outputs)} results")
        for v, r in zip(self.inputs, self.outputs):
            if v.type != r.type:
                raise VerifyException(f"result type {r.type} differs from the operand type {v.type}")
        if len(self.replica_groups.get_shape()) != 2 or str(self.replica_groups.get_element_type()) != "i64":
            raise VerifyException(f"replica_groups must be a 2-d i64 tensor, got {self.replica_groups.type}")
        if self.inputs:
            element = TensorType(self.inputs[0].type.get_element_type(), [])
            _verify_binary_body(self.computation, element, "the all_reduce region")


OPS = [*ELEMENTWISE_OPS, ConvertOp, IotaOp, CompareOp, SelectOp, ConstantOp, BroadcastInDimOp, ReshapeOp,
       TransposeOp, SliceOp, PadOp, ConcatenateOp, DotGeneralOp, ConvolutionOp, ReduceOp, AllReduceOp, ReturnOp]

StableHLO = Dialect("stablehlo", OPS, [PrecisionAttr, ComparisonDirectionAttr, ComparisonTypeAttr, DotDimensionNumbersAttr, ConvDimensionNumbersAttr, SplatAttr,
                                      DenseLiteralsAttr])
