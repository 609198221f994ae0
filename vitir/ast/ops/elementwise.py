"""Elementwise ops: operands of one type, the result of that type (or of another element type).

Each class is the whole declaration of its op: its operands (from Unary, Binary
or its own), the element types it takes (its rule), and the numpy function the
evaluator applies (`numpy`, or `evaluate` where numpy's own differs from
StableHLO's: signed zeros, integer division, NaN).
"""

from __future__ import annotations


from ...lazy_pattern import LazyPattern
from ..attributes import ATTRIBUTE_TEXT
from ..declare import Op, attr_def, operand_def, result_type_def
from ..traits import COMMUTATIVE, ELEMENTWISE, PURE, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError, clamp as clamp_shape
from ..type_rules import PER_TENSOR, elementwise, same_element, tensor
from ..types import TensorType

_EVALUATE = "vitir.evaluate.elementwise:"


class Unary(Op):
    """`%r = stablehlo.<op> %x : T`."""

    operand = operand_def()
    syntax = "{operand} : {same_type}"
    traits = (PURE, SPECULATABLE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE)


_NUMBER = r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|0x[0-9A-Fa-f]+)"
_RESULT_ACCURACY = LazyPattern(rf"#stablehlo\.result_accuracy<\s*atol\s*=\s*({_NUMBER})\s*,\s*rtol\s*=\s*({_NUMBER})"
                              rf"\s*,\s*ulps\s*=\s*(-?\d+)\s*,\s*mode\s*=\s*#stablehlo\.result_accuracy_mode<\s*"
                              rf"(DEFAULT|HIGHEST|TOLERANCE)\s*>\s*>")


def _check_result_accuracy(text: str) -> None:
    """StableHLO's ResultAccuracyAttr: tolerances not negative, all zero but in TOLERANCE mode."""
    m = _RESULT_ACCURACY.fullmatch(text.strip())
    if m is None:
        raise RuleError(f"result_accuracy must be #stablehlo.result_accuracy<atol = F, rtol = F, ulps = N, mode = "
                        f"#stablehlo.result_accuracy_mode<DEFAULT|HIGHEST|TOLERANCE>>, got {text!r}")
    atol, rtol, ulps, mode = m.groups()
    if atol.startswith("-") or rtol.startswith("-") or int(ulps) < 0:
        raise RuleError(f"negative tolerance in {text}")
    if mode != "TOLERANCE" and (_number(atol) or _number(rtol) or int(ulps)):
        raise RuleError(f"invalid tolerances for ResultAccuracyAttr with mode {mode}, must be all zero")


def _number(text: str) -> float:
    return float.fromhex(text) if "x" in text else float(text)


class Transcendental(Unary):
    """A unary op whose result may carry how accurate it must be (StableHLO's result_accuracy,
    kept as its text; absent: the default), `stablehlo.exponential %x {result_accuracy =
    #stablehlo.result_accuracy<atol = 1.0e-05, rtol = 0.0, ulps = 1, mode =
    #stablehlo.result_accuracy_mode<TOLERANCE>>} : T`. Its rule is the elementwise `kind`'s."""

    result_accuracy = attr_def(ATTRIBUTE_TEXT, default=None)
    syntax = "{operand}{attr_dict? } : {same_type}"

    def __init_subclass__(cls, kind: str = "float or complex", **kwargs):
        inner = elementwise(kind, quantized=PER_TENSOR).__func__

        def rule(operand, result_accuracy):
            if result_accuracy is not None:
                _check_result_accuracy(result_accuracy)
            return inner(operand)

        rule.kind = kind
        cls.rule = staticmethod(rule)
        super().__init_subclass__(**kwargs)


class Binary(Op):
    """`%r = stablehlo.<op> %a, %b : T`. The COMMUTATIVE ones can be a reduction's compact body."""

    lhs = operand_def()
    rhs = operand_def()
    syntax = "{lhs}, {rhs} : {same_type}"
    traits = (PURE, SPECULATABLE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE)


# -- binary ------------------------------------------------------------------------------

class Add(Binary):
    NAME = "stablehlo.add"
    traits = Binary.traits | {COMMUTATIVE}
    rule = elementwise("any", quantized=True)
    numpy = "add"  # booleans: logical or, as the spec says


class Subtract(Binary):
    NAME = "stablehlo.subtract"
    rule = elementwise("numeric", quantized=PER_TENSOR)
    numpy = "subtract"


class Multiply(Binary):
    NAME = "stablehlo.multiply"
    traits = Binary.traits | {COMMUTATIVE}
    rule = elementwise("any", quantized=PER_TENSOR)
    numpy = "multiply"  # booleans: logical and


class Divide(Binary):
    NAME = "stablehlo.divide"
    traits = Binary.traits - {SPECULATABLE}  # integer division by zero is undefined
    rule = elementwise("numeric", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "divide"


class Maximum(Binary):
    NAME = "stablehlo.maximum"
    traits = Binary.traits | {COMMUTATIVE}
    rule = elementwise("any", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "maximum"


class Minimum(Binary):
    NAME = "stablehlo.minimum"
    traits = Binary.traits | {COMMUTATIVE}
    rule = elementwise("any", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "minimum"


class Power(Binary):
    NAME = "stablehlo.power"
    rule = elementwise("numeric", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "power"


class Remainder(Binary):
    NAME = "stablehlo.remainder"
    traits = Binary.traits - {SPECULATABLE}  # integer division by zero is undefined
    rule = elementwise("numeric", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "remainder"


class And(Binary):
    NAME = "stablehlo.and"
    traits = Binary.traits | {COMMUTATIVE}
    method = "and_"
    rule = elementwise("bits")
    numpy = "bitwise_and"


class Or(Binary):
    NAME = "stablehlo.or"
    traits = Binary.traits | {COMMUTATIVE}
    method = "or_"
    rule = elementwise("bits")
    numpy = "bitwise_or"


class Clamp(Op):
    """`stablehlo.clamp %min, %x, %max`: min and max are rank 0 or the operand's shape."""

    NAME = "stablehlo.clamp"
    traits = (PURE, SPECULATABLE)  # min and max may be rank 0: not Elementwise in the ODS
    min = operand_def()
    operand = operand_def()
    max = operand_def()
    syntax = "{min}, {operand}, {max} : {same_type}"
    evaluate = _EVALUATE + "clamp"

    @staticmethod
    def rule(min, operand, max):
        same_element([tensor(min, "min", quantized=PER_TENSOR), tensor(operand, quantized=PER_TENSOR),
                      tensor(max, "max", quantized=PER_TENSOR)])
        clamp_shape(min.shape, operand.shape, max.shape)
        return operand


# -- unary -------------------------------------------------------------------------------

class Exponential(Transcendental):
    NAME = "stablehlo.exponential"
    numpy = "exp"


class Log(Transcendental):
    NAME = "stablehlo.log"
    numpy = "log"


class Rsqrt(Transcendental):
    NAME = "stablehlo.rsqrt"
    evaluate = _EVALUATE + "rsqrt"


class Sqrt(Transcendental):
    NAME = "stablehlo.sqrt"
    numpy = "sqrt"


class Tanh(Transcendental):
    NAME = "stablehlo.tanh"
    numpy = "tanh"


class Cosine(Transcendental):
    NAME = "stablehlo.cosine"
    numpy = "cos"


class Sine(Transcendental):
    NAME = "stablehlo.sine"
    numpy = "sin"


class Floor(Unary):
    NAME = "stablehlo.floor"
    rule = elementwise("float", quantized=PER_TENSOR)
    numpy = "floor"


class Ceil(Unary):
    NAME = "stablehlo.ceil"
    rule = elementwise("float", quantized=PER_TENSOR)
    numpy = "ceil"


class Logistic(Transcendental):
    NAME = "stablehlo.logistic"
    evaluate = _EVALUATE + "logistic"


class LogPlusOne(Transcendental):
    NAME = "stablehlo.log_plus_one"
    numpy = "log1p"


class ExponentialMinusOne(Transcendental):
    NAME = "stablehlo.exponential_minus_one"
    numpy = "expm1"


class RoundNearestEven(Unary):
    NAME = "stablehlo.round_nearest_even"
    rule = elementwise("float", quantized=PER_TENSOR)
    numpy = "rint"


class Negate(Unary):
    NAME = "stablehlo.negate"
    rule = elementwise("numeric", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "negate"


class Abs(Unary):
    """The magnitude; of a complex operand, a real result of its part type."""

    NAME = "stablehlo.abs"
    traits = Unary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # of a complex operand, a real result
    rule = elementwise("signed", result=lambda d: d.part or d, quantized=PER_TENSOR)
    numpy = "abs"


class Sign(Unary):
    NAME = "stablehlo.sign"
    rule = elementwise("signed", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "sign"


class Not(Unary):
    NAME = "stablehlo.not"
    method = "not_"
    rule = elementwise("bits")
    numpy = "invert"


class IsFinite(Unary):
    NAME = "stablehlo.is_finite"
    traits = Unary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # an i1 result
    syntax = "{operand} : {functional_type}"
    rule = elementwise("float", result=DType.I1, quantized=PER_TENSOR)
    numpy = "isfinite"


class Convert(Unary):
    """Element type conversion, same shape: `stablehlo.convert %x : (Ti32) -> Tf32`."""

    NAME = "stablehlo.convert"
    traits = Unary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}
    result_type = result_type_def()
    evaluate = _EVALUATE + "convert"

    @staticmethod
    def rule(operand, result_type):
        tensor(operand)
        tensor(result_type, "result")
        if operand.shape != result_type.shape:
            raise RuleError(f"result type {result_type} differs from the inferred "
                            f"{TensorType(operand.shape, result_type.dtype)}")
        return result_type

    @staticmethod
    def builder(operand, dtype: DType):
        """`fb.convert(name, x, dtype)`: x's shape in another element type."""
        if not isinstance(dtype, DType):
            raise RuleError(f"element type {dtype!r} is not one of vitir's ({', '.join(d.value for d in DType)})")
        return dict(operand=operand, result_type=TensorType(operand.shape, dtype))




# -- the rest of the spec's elementwise ops ---------------------------------------------------

class Xor(Binary):
    NAME = "stablehlo.xor"
    traits = Binary.traits | {COMMUTATIVE}
    rule = elementwise("bits")
    numpy = "bitwise_xor"  # booleans: logical xor


class ShiftLeft(Binary):
    """Shift amounts outside [0, bit width) give 0, as the spec's interpreter and XLA compute."""

    NAME = "stablehlo.shift_left"
    rule = elementwise("integer")
    evaluate = _EVALUATE + "shift_left"


class ShiftRightArithmetic(Binary):
    """Shift amounts outside [0, bit width) fill with the sign bit (0 or -1)."""

    NAME = "stablehlo.shift_right_arithmetic"
    rule = elementwise("integer")
    evaluate = _EVALUATE + "shift_right_arithmetic"


class ShiftRightLogical(Binary):
    NAME = "stablehlo.shift_right_logical"
    rule = elementwise("integer")
    evaluate = _EVALUATE + "shift_right_logical"


class Atan2(Binary):
    NAME = "stablehlo.atan2"
    rule = elementwise("float or complex", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "atan2"


def complex_of(part: DType) -> DType:
    """The complex type of f32 or f64 parts."""
    return DType.C64 if part is DType.F32 else DType.C128


class Complex(Binary):
    """`stablehlo.complex %re, %im : tensor<2xcomplex<f32>>`: f32 or f64 parts, a complex result."""

    NAME = "stablehlo.complex"
    traits = Binary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # f32 parts, a complex result
    syntax = "{lhs}, {rhs} : {complex_type(type:lhs, type:rhs, type:result)}"
    rule = elementwise("f32 or f64", result=complex_of)
    evaluate = _EVALUATE + "make_complex"


class Cbrt(Transcendental):
    NAME = "stablehlo.cbrt"
    evaluate = _EVALUATE + "cbrt"


class Tan(Transcendental):
    NAME = "stablehlo.tan"
    numpy = "tan"


class RoundNearestAfz(Unary):
    """Ties away from zero (IEEE roundToIntegralTiesToAway)."""

    NAME = "stablehlo.round_nearest_afz"
    rule = elementwise("float", quantized=PER_TENSOR)
    evaluate = _EVALUATE + "round_nearest_afz"


class Popcnt(Unary):
    NAME = "stablehlo.popcnt"
    rule = elementwise("integer")
    evaluate = _EVALUATE + "popcnt"


class CountLeadingZeros(Unary):
    NAME = "stablehlo.count_leading_zeros"
    rule = elementwise("integer")
    evaluate = _EVALUATE + "count_leading_zeros"


class Real(Unary):
    """The real part; a float operand is its own real part."""

    NAME = "stablehlo.real"
    traits = Unary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # of a complex operand, a real result
    rule = elementwise("float or complex", result=lambda d: d.part or d)
    numpy = "real"


class Imag(Unary):
    """The imaginary part; of a float operand, zeros."""

    NAME = "stablehlo.imag"
    traits = Unary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # of a complex operand, a real result
    rule = elementwise("float or complex", result=lambda d: d.part or d)
    evaluate = _EVALUATE + "imag"
