"""Random numbers and raw bits: rng, rng_bit_generator and bitcast_convert."""

from __future__ import annotations

from ..attributes import RNG_ALGORITHM, RNG_DISTRIBUTION
from ..declare import Op, attr_def, operand_def, result_def, result_type_def
from ..traits import PURE, SPECULATABLE
from ..quantized import QuantizedTensorType
from ..shape_rules import RuleError
from ..type_rules import require, tensor
from ..types import TensorType

_EVALUATE = "vitir.evaluate.bits:"


class Rng(Op):
    """Random numbers of the result's type: uniform over [a, b) or normal with mean a and standard
    deviation b. `shape` holds the result's dimensions (a 1-d integer tensor, usually a constant)."""

    NAME = "stablehlo.rng"
    traits = ()  # effects unknown: a random draw
    a = operand_def()
    b = operand_def()
    shape = operand_def()
    rng_distribution = attr_def(RNG_DISTRIBUTION)
    result_type = result_type_def()
    syntax = "{a}, {b}, {shape}, distribution = {rng_distribution} : {functional_type}"
    evaluate = _EVALUATE + "rng"

    @staticmethod
    def rule(a, b, shape, rng_distribution, result_type):
        for what, t in (("a", a), ("b", b)):
            tensor(t, what)
            if t.rank != 0:
                raise RuleError(f"{what} must be a rank-0 tensor, got {t}")
        tensor(result_type, "result")
        if not a.dtype is b.dtype is result_type.dtype:
            raise RuleError(f"a, b and the result must share one element type, got {a.dtype.value}, "
                            f"{b.dtype.value} and {result_type.dtype.value}")
        if rng_distribution == "NORMAL":
            require(result_type.dtype, "float", "result for the NORMAL distribution")
        elif result_type.dtype.is_complex:
            raise RuleError(f"needs an integer, boolean or floating-point result, got {result_type.dtype.value}")
        tensor(shape, "shape")
        if shape.rank != 1 or not shape.dtype.is_integer:
            raise RuleError(f"shape must be a 1-d integer tensor, got {shape}")
        if shape.shape[0] != result_type.rank:
            raise RuleError(f"shape {shape} holds {shape.shape[0]} dimensions for the result {result_type} "
                            f"of rank {result_type.rank}")
        return result_type


class RngBitGenerator(Op):
    """Random bits of the output's type from `initial_state` by `rng_algorithm` (THREE_FRY: two
    ui64, key and counter; PHILOX: two or three), and the state after them."""

    NAME = "stablehlo.rng_bit_generator"
    traits = ()  # NoMemoryEffect in the ODS; kept, so two draws of one state stay two
    initial_state = operand_def()
    rng_algorithm = attr_def(RNG_ALGORITHM)
    result_types = result_type_def("(the state's type, the output's type)", several=True)
    output_state = result_def()
    output = result_def()
    syntax = "{initial_state}, algorithm = {rng_algorithm} : {functional_type}"
    evaluate = _EVALUATE + "rng_bit_generator"

    @staticmethod
    def rule(initial_state, rng_algorithm, result_types):
        tensor(initial_state, "initial_state")
        require(initial_state.dtype, "real", "initial_state")
        if len(result_types) != 2:
            raise RuleError(f"rng_bit_generator has 2 results (output_state, output), got {len(result_types)} types")
        state, output = result_types
        if state is not initial_state:
            raise RuleError(f"output_state {state} must be initial_state's type {initial_state}")
        tensor(output, "output")
        require(output.dtype, "real", "output")
        return state, output

    @staticmethod
    def builder(initial_state, rng_algorithm, output_type):
        """`fb.rng_bit_generator(names, state, "THREE_FRY", output_type)` -> (new state, output)."""
        return dict(initial_state=initial_state, rng_algorithm=rng_algorithm,
                    result_types=(getattr(initial_state, "type", None), output_type))


class BitcastConvert(Op):
    """The operand's bits read as the result's element type. Across widths the narrower type has
    one more dimension, of the ratio: f64 -> 4 x f16, or 4 x f16 -> f64 (little-endian, as XLA).
    A quantized type counts as its storage type (i8 <-> !quant.uniform<i8:f32, ...>)."""

    NAME = "stablehlo.bitcast_convert"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    result_type = result_type_def()
    syntax = "{operand} : {functional_type}"
    evaluate = _EVALUATE + "bitcast_convert"

    @staticmethod
    def rule(operand, result_type):
        for t, what in ((operand, "operand"), (result_type, "result")):
            if not isinstance(t, QuantizedTensorType):
                tensor(t, what)
        src, dst = (t.dtype.storage if isinstance(t, QuantizedTensorType) else t.dtype for t in (operand, result_type))
        if src.is_complex != dst.is_complex:
            raise RuleError(f"cannot bitcast between real and complex types: {operand} to {result_type}")
        (small, small_bits), (big, big_bits) = sorted([(operand, src.bits), (result_type, dst.bits)],
                                                      key=lambda pair: pair[1])
        if src.bits == dst.bits:
            if operand.shape != result_type.shape:
                raise RuleError(f"{operand} and {result_type} have elements of {src.bits} bits, so one shape")
            return result_type
        ratio, rest = divmod(big_bits, small_bits)
        if small.rank != big.rank + 1 or small.shape[:-1] != big.shape or small.shape[-1] != ratio or rest:
            raise RuleError(f"{small} must be {big} with one more dimension of {big_bits} / "
                            f"{small_bits} bits{'' if rest else f' = {ratio}'}")
        return result_type
