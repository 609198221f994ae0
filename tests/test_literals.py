"""Constant literals of every element type, checked against independent oracles: numpy's and
ml_dtypes' own bit patterns and rounding (every code of the formats of 8 bits or fewer, random
values of f16, bf16, f32 and f64), and the MLIR parser shipped with jaxlib for which texts are
literals and what they mean."""

import math
import re

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vitir.ast.element_types import FLOATS, DType
from vitir.ast.literals import (bits_literal, float_bits, float_from_bits, float_literal, hex_literal, literal_value,
                                rounded, user_number, value_literal)

NUMPY_TYPES = {DType.F32: (np.float32, np.uint32), DType.F16: (np.float16, np.uint16),
               DType.BF16: (ml_dtypes.bfloat16, np.uint16)}
UINTS = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
SMALL_FLOATS = [d for d in FLOATS if d.bits <= 8]
WIDE_FLOATS = [d for d in FLOATS if d.bits > 8]


def real_type(dtype):
    return getattr(ml_dtypes if dtype.numpy_module == "ml_dtypes" else np, dtype.numpy)


def bits_type(dtype):
    return UINTS[max(8, dtype.bits)]


def oracle_value(code, dtype) -> float:
    """The value of a bit pattern, as numpy or ml_dtypes decode it."""
    return float(np.array([code], bits_type(dtype)).view(real_type(dtype))[0])


def oracle_code(value: float, dtype) -> int:
    """A double's bits once numpy or ml_dtypes round it to `dtype` (as MLIR does: decimal -> f64 -> type)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return int(np.array([value]).astype(real_type(dtype)).view(bits_type(dtype))[0])


def same_float(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))


# -- the cases the previous literal module covered, kept ----------------------------------------------

@pytest.mark.parametrize("dtype", list(NUMPY_TYPES))
@pytest.mark.parametrize("value", [-math.inf, math.inf, 1.0, -2.5, 0.0, 65504.0])
def test_hex_literal_is_the_bit_pattern(dtype, value):
    real, bits = NUMPY_TYPES[dtype]
    pattern = int(np.array(value, real).view(bits))
    width = 2 * np.dtype(bits).itemsize
    assert hex_literal(value, dtype) == f"0x{pattern:0{width}X}"
    assert float_from_bits(pattern, dtype) == float(np.array(value, real))
    assert literal_value(hex_literal(value, dtype), dtype) == float(np.array(value, real))


@pytest.mark.parametrize("dtype", list(NUMPY_TYPES))
def test_nan_reads_back_as_nan(dtype):
    assert math.isnan(literal_value(hex_literal(math.nan, dtype), dtype))


def test_decimal_and_integer_literals():
    assert literal_value("1.0e-5", DType.F32) == float(np.float32(1e-5))  # the f32 nearest 1e-5, as MLIR reads it
    assert literal_value("1.0e-5", DType.F64) == 1e-5
    assert literal_value("-3", DType.I32) == -3
    assert literal_value("false", DType.I1) is False
    for bad, dtype in (("nan", DType.F32), ("1_000", DType.I64), (" 1.0", DType.F32), ("0x7F8", DType.F16)):
        with pytest.raises(ValueError):
            literal_value(bad, dtype)


@pytest.mark.parametrize("dtype", list(NUMPY_TYPES))
def test_value_literal_is_the_shortest_decimal_that_reads_back(dtype):
    real, _ = NUMPY_TYPES[dtype]
    values = np.random.default_rng(5).normal(0.0, 1e3, 500).astype(real)
    finfo = ml_dtypes.finfo(real)
    for value in list(values) + [real(0.1), real(-0.0), finfo.max, finfo.tiny]:
        text = value_literal(value, dtype)
        assert real(float(text)) == value and math.copysign(1, float(text)) == math.copysign(1, value), text
        assert_one_digit_fewer_does_not_read_back(text, float(value), dtype)
    assert value_literal(math.inf, dtype) == hex_literal(math.inf, dtype)


def assert_one_digit_fewer_does_not_read_back(text: str, value: float, dtype) -> None:
    digits = len(text.split("e")[0].lstrip("-").replace(".", "").strip("0"))
    if digits > 1:
        fewer = f"{value:.{digits - 1}g}"
        if abs(float(fewer)) > largest(dtype):  # ml_dtypes and MLIR make it the largest in f4 and f6
            with pytest.raises(ValueError, match="overflows"):
                value_literal(float(fewer), dtype)
        else:
            assert not same_float(oracle_value(oracle_code(float(fewer), dtype), dtype), value), text


def test_value_literal_spells_each_element_type():
    assert [value_literal(v, DType.F32) for v in (0.1, 2, np.float32(0.5), "1.0e-5")] == ["0.1", "2.0", "0.5", "1.0e-5"]
    assert [value_literal(v, DType.I32) for v in (-3, np.int64(7))] == ["-3", "7"]
    assert [value_literal(v, DType.I1) for v in (True, np.bool_(False), 1)] == ["true", "false", "true"]
    assert float_literal(65504.0, DType.F16) == "6.55e+04"
    assert [value_literal(v, DType.UI8) for v in (0, 255, np.uint8(7))] == ["0", "255", "7"]
    assert [value_literal(v, DType.I4) for v in (-8, 7)] == ["-8", "7"]
    assert value_literal(2 ** 64 - 1, DType.UI64) == "18446744073709551615"
    assert value_literal(1 + 2j, DType.C64) == "(1.0,2.0)"
    assert value_literal(np.complex64(complex(0.1, -0.0)), DType.C64) == "(0.1,-0.0)"
    assert value_literal(complex(math.inf, math.nan), DType.C128) == "(0x7FF0000000000000,0x7FF8000000000000)"
    assert value_literal(3, DType.C128) == "(3.0,0.0)"
    assert value_literal(1.5, DType.F8E8M0FNU) == "2.0"  # 1.5 is a tie of 1 and 2: to even
    assert value_literal(-0.0, DType.F8E4M3FNUZ) == "0.0"  # no negative zero
    for value, dtype in ((1e39, DType.F32), (2.5, DType.I64), (False, DType.F16), ("1.0", DType.I32)):
        with pytest.raises(ValueError):
            value_literal(value, dtype)


# -- every code of every format of 8 bits or fewer, against ml_dtypes ------------------------------------

@pytest.mark.parametrize("dtype", SMALL_FLOATS, ids=str)
def test_every_code_decodes_encodes_and_spells_as_ml_dtypes_reads_it(dtype):
    nan_code = oracle_code(math.nan, dtype) if dtype.format.has_nan else None
    for code in range(1 << dtype.bits):
        value = oracle_value(code, dtype)
        assert same_float(float_from_bits(code, dtype), value), (code, value)
        if math.isnan(value):
            canonical = oracle_code(math.copysign(math.nan, value), dtype)  # the quiet NaN of that sign
            assert float_bits(value, dtype) == canonical == int(hex_literal(value, dtype), 16)
            assert value_literal(value, dtype) == f"0x{canonical:0{(dtype.bits + 3) // 4}X}"
            assert canonical in (nan_code, nan_code | 1 << (dtype.bits - 1))
            assert math.isnan(literal_value(hex_literal(value, dtype), dtype))
            continue
        assert float_bits(value, dtype) == code
        hex_text = hex_literal(value, dtype)
        assert len(hex_text) == 2 + (dtype.bits + 3) // 4 and int(hex_text, 16) == code
        assert same_float(literal_value(hex_text, dtype), value)
        text = value_literal(value, dtype)
        if math.isinf(value):
            assert text == hex_text
            continue
        assert "." in text and oracle_code(float(text), dtype) == code, text  # ml_dtypes reads it back
        assert same_float(literal_value(text, dtype), value) and float_literal(value, dtype) == text
        assert_one_digit_fewer_does_not_read_back(text, value, dtype)


@pytest.mark.parametrize("dtype", SMALL_FLOATS, ids=str)
def test_rounding_between_every_pair_of_neighbours_is_ml_dtypes(dtype):
    """Every midpoint of two neighbouring values (the ties), and the doubles just either side of it."""
    values = sorted({oracle_value(code, dtype) for code in range(1 << dtype.bits)} - {math.inf, -math.inf},
                    key=lambda v: (math.isnan(v), v))
    finite = [v for v in values if not math.isnan(v)]
    for low, high in zip(finite, finite[1:]):
        middle = (low + high) / 2
        for x in (math.nextafter(middle, -math.inf), middle, math.nextafter(middle, math.inf), low, high):
            if dtype is DType.F8E8M0FNU and x <= 0:
                continue  # ml_dtypes makes zero NaN; it is no value of this type (tested below)
            assert same_float(rounded(x, dtype), oracle_value(oracle_code(x, dtype), dtype)), (x, low, high)


def largest(dtype) -> float:
    return float(ml_dtypes.finfo(real_type(dtype)).max)


@pytest.mark.parametrize("dtype", [d for d in FLOATS if d is not DType.F64], ids=str)  # f64's tie is no double
def test_rounding_past_the_largest_finite_value_overflows(dtype):
    """Halfway between the largest value and the next one the format would have (infinity's code,
    the NaN code, or none) is a tie: to even, which is past the largest unless its last mantissa bit
    is 0 (448 in f8E4M3FN). MLIR makes such a literal infinity, NaN or (f4, f6) the largest value."""
    top = largest(dtype)
    code = float_bits(top, dtype)
    previous = float_from_bits(code - 1, dtype)
    next_up = 2 * top if dtype.format.mantissa_bits == 0 else 2 * top - previous
    tie = (top + next_up) / 2
    assert rounded(math.nextafter(tie, 0), dtype) == top
    if not dtype.format.unsigned:
        assert rounded(-math.nextafter(tie, 0), dtype) == -top
    overflowing = [math.nextafter(tie, math.inf)] + ([tie] if code % 2 or dtype.format.mantissa_bits == 0 else [])
    if dtype.format.mantissa_bits and not code % 2:
        assert rounded(tie, dtype) == top
    for x in overflowing:
        with pytest.raises(ValueError, match=f"^{re.escape(repr(x))} overflows {dtype.value}$"):
            rounded(x, dtype)


# -- f16, bf16, f32 and f64 with random values, against numpy --------------------------------------------

@settings(max_examples=400, deadline=None)
@given(st.sampled_from(WIDE_FLOATS), st.integers(0, 2 ** 64 - 1))
def test_random_codes_decode_and_spell_as_numpy_reads_them(dtype, raw):
    code = raw >> (64 - dtype.bits)
    value = oracle_value(code, dtype)
    assert same_float(float_from_bits(code, dtype), value)
    if math.isnan(value):
        return
    assert float_bits(value, dtype) == code
    text = value_literal(value, dtype)
    if math.isfinite(value):
        assert "." in text and oracle_code(float(text), dtype) == code, text
        assert_one_digit_fewer_does_not_read_back(text, value, dtype)
    assert same_float(literal_value(text, dtype), value)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(WIDE_FLOATS), st.floats(allow_nan=False, allow_infinity=False))
def test_random_doubles_round_as_numpy_rounds_them(dtype, x):
    expected = oracle_value(oracle_code(x, dtype), dtype)
    if math.isinf(expected):
        with pytest.raises(ValueError, match="overflows"):
            rounded(x, dtype)
    else:
        assert same_float(rounded(x, dtype), expected)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([DType.F16, DType.BF16, DType.F32]), st.integers(0, 2 ** 32 - 1))
def test_ties_round_to_even_as_numpy(dtype, raw):
    code = (raw >> (32 - dtype.bits)) & ~(1 << (dtype.bits - 1))  # positive
    low, high = oracle_value(code, dtype), oracle_value(code + 1, dtype)
    if math.isfinite(low) and math.isfinite(high) and high > low:
        middle = (low + high) / 2  # exact in a double
        assert rounded(middle, dtype) == oracle_value(oracle_code(middle, dtype), dtype)
        assert float_bits(middle, dtype) == (code if code % 2 == 0 else code + 1)


# -- literal texts: vitir's verdict against the MLIR parser -------------------------------------------

def float_cases(dtype):
    digits, top = (dtype.bits + 3) // 4, largest(dtype)
    cases = [("1.0", None), ("2.5e-1", None), ("1.", None), ("00.5", None), ("1.5E+0", None),
             (float_literal(top, dtype), None), ("0", None), ("1e5", None), (".5", None), ("+1.0", None), ("inf", None),
             ("nan", None), ("1.0f", None), ("0X1", None), (hex_literal(1.0, dtype), None),
             (hex_literal(1.0, dtype).lower(), None), ("-" + hex_literal(1.0, dtype), None),
             ("0x" + "1" + "0" * digits, None), ("1.0e400", "overflows")]
    if math.isfinite(4 * top):
        cases.append((f"{4 * top:.6e}", "overflows"))
    if digits > 1:
        cases.append(("0x" + "0" * (digits - 1), "fewer hex digits"))
    if dtype.format.has_nan:
        cases.append((hex_literal(math.nan, dtype), None))
    if dtype.format.has_infinity:
        cases.append((hex_literal(-math.inf, dtype), None))
    if dtype.format.unsigned:
        cases += [("0.0", None), ("-1.0", "no negative values"), ("-2.5e-1", "no negative values"),
                  ("0.1", None)]
    else:
        cases += [("-0.0", None), ("-1.5", None), ("-2.5e-1", None), ("1.0e-300", None)]
    return cases


def integer_cases(dtype):
    cases = [("0", None), ("1", None), (str(dtype.max), None), (str(dtype.min), None),
             (str(dtype.min - 1), None), (f"0x{dtype.max:X}", None), (f"0x{(1 << dtype.bits) - 1:X}", None),
             (f"0x{1 << dtype.bits:X}", None), ("-0", None), ("-0x1", None), ("01", None), ("+1", None),
             ("1.0", None), ("true", None), ("0X1", None)]
    if dtype.is_signed:
        cases.append((str(dtype.max + 1), "wraps to the minimum"))
    else:
        cases.append((str(dtype.max + 1), None))
    return cases


def complex_cases(dtype):
    one, inf = hex_literal(1.0, dtype.part), hex_literal(math.inf, dtype.part)
    return [("(1.0,2.0)", None), ("( 1.0 , -2.5e-3 )", None), (f"({inf},{one})", None), ("(1,2)", None),
            ("1.0", None), ("(1.0)", None), ("(1.0,2.0,3.0)", None), (f"(1.0,-{one})", None),
            ("(1.0e400,0.0)", "overflows")]


CASES = [(text, d, why) for d in DType if d.is_float for text, why in float_cases(d)]
CASES += [(text, d, why) for d in DType if d.is_integer for text, why in integer_cases(d)]
CASES += [(text, DType.I1, why) for text, why in [("true", None), ("false", None), ("True", None), ("2", None),
                                                     ("1", None), ("0", None)]]
CASES += [(text, d, why) for d in DType if d.is_complex for text, why in complex_cases(d)]


@pytest.fixture(scope="module")
def mlir_constant():
    """The literal MLIR prints for `dense<TEXT> : tensor<T>`, or None where its parser refuses it."""
    pytest.importorskip("jax")
    from jax._src.interpreters.mlir import make_ir_context
    from jax._src.lib.mlir import ir as ir_module

    context = make_ir_context()

    def parse(text, dtype):
        source = (f"func.func @main() -> tensor<{dtype.value}> {{\n  %c = stablehlo.constant dense<{text}> : "
                  f"tensor<{dtype.value}>\n  return %c : tensor<{dtype.value}>\n}}")
        try:
            printed = str(ir_module.Module.parse(source, context))
        except Exception:  # MLIR's error: this is no literal of the type
            return None
        start = printed.index("dense<") + len("dense<")
        return printed[start:printed.index("> :", start)]

    return parse


def same_element(a, b) -> bool:
    if isinstance(a, complex):
        return same_float(a.real, b.real) and same_float(a.imag, b.imag)
    if isinstance(a, float):
        return same_float(a, b)
    return a == b and type(a) is type(b)


@pytest.mark.parametrize("text,dtype,why", CASES, ids=[f"{d.value}:{t}" for t, d, _ in CASES])
def test_vitir_reads_a_literal_as_mlir_does_or_refuses_it(mlir_constant, text, dtype, why):
    """Where vitir takes a literal, MLIR takes it with the same value (read back from the literal MLIR
    prints: `1.000000e+00`, `3.40282347E+38`, `0x7FC00000`, `(1.000000e+00,2.000000e+00)`). Where
    vitir refuses one, so does MLIR, but for the cases `why` names: MLIR reads them as something
    else (an overflow as infinity or NaN, 2147483648 as -2147483648 in i32, -1.0 as NaN in f8E8M0FNU)
    or takes a spelling vitir asks to write in full (`0x0` for f32)."""
    printed = mlir_constant(text, dtype)
    try:
        ours = literal_value(text, dtype)
    except ValueError:
        ours = None
    if why is not None:
        assert ours is None and printed is not None, why
    elif ours is None:
        assert printed is None, f"MLIR reads {text} as {printed}"
    else:
        assert printed is not None and same_element(literal_value(printed, dtype), ours), printed
        if isinstance(ours, float) and not math.isfinite(ours):
            assert printed == hex_literal(ours, dtype)  # infinities and NaNs print as their bits, at full width


def test_mlir_prints_complex_elements_and_splats_without_a_space(mlir_constant):
    assert mlir_constant("( 1.0 , 2.0 )", DType.C64) == "(1.000000e+00,2.000000e+00)"
    assert literal_value("(1.000000e+00,-4.000000e+00)", DType.C64) == 1 - 4j


JAX_CONSTANTS = [  # (element type, values): what JAX lowers them to is read back element by element
    (DType.F32, [math.nan, -math.inf, 0.1, -0.0, 3.4028234663852886e+38, 16777215.0, 1e-45]),
    (DType.BF16, [math.nan, math.inf, 0.1, -3.0e38]),
    (DType.F16, [-math.nan, 65504.0, 6e-8, 0.1]),
    (DType.F8E4M3FN, [math.nan, 448.0, -0.1, 2 ** -9]),
    (DType.F8E5M2FNUZ, [math.nan, 57344.0, -0.1]),
    (DType.F8E8M0FNU, [math.nan, 2.0 ** 127, 0.1]),
    (DType.F4E2M1FN, [6.0, -0.5, -0.0]),
    (DType.I4, [-8, 7, 0]), (DType.UI8, [0, 255]), (DType.I1, [True, False]),
    (DType.C64, [1 + 2j, complex(math.inf, math.nan), complex(0.1, -0.0)]),
]


@pytest.mark.parametrize("dtype,values", JAX_CONSTANTS, ids=[str(d) for d, _ in JAX_CONSTANTS])
def test_literals_jax_prints_read_back_as_its_values(dtype, values):
    jax = pytest.importorskip("jax")
    array = np.array(values).astype(real_type(dtype) if dtype.numpy_module == "ml_dtypes" else dtype.numpy)
    text = jax.jit(lambda: jax.numpy.asarray(array)).lower().as_text()
    body = re.search(r"stablehlo\.constant dense<\[(.*)\]>", text).group(1)
    printed = re.findall(r"\([^()]*\)|[^\s,]+", body)
    assert len(printed) == len(values), body
    for literal, element in zip(printed, array.tolist()):
        ours = literal_value(literal, dtype)
        assert same_element(ours, type(ours)(element)), (literal, element)
        if isinstance(ours, float) and not math.isfinite(ours):
            assert literal == hex_literal(ours, dtype)  # JAX's bits are vitir's


# -- error messages -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,dtype,message", [
    ("2147483648", DType.I32, "2147483648 is out of range for i32 (-2147483648 to 2147483647)"),
    ("-1", DType.UI8, "-1 is out of range for ui8 (0 to 255)"),
    ("0x100", DType.UI8, "0x100 is out of range for ui8 (8 bits: 0x0 to 0xFF)"),
    ("-0", DType.I64, "-0 is no integer literal: MLIR refuses a negative zero (write 0)"),
    ("1.5", DType.I32, "an i32 literal is a decimal integer"),
    ("2", DType.I1, "an i1 literal is true or false"),
    ("0", DType.F32, "an f32 literal needs a decimal point: write 0.0, not 0"),
    ("1e5", DType.BF16, "a bf16 literal needs a decimal point before the exponent: write 1.0e5, not 1e5"),
    (".5", DType.F16, "an f16 literal needs a digit before the decimal point: write 0.5, not .5"),
    ("+1.0", DType.F64, "an f64 literal takes no leading +: write 1.0, not +1.0"),
    ("inf", DType.F32, "write finite values in decimal, infinities and NaN as hexadecimal bits"),
    ("1.0e39", DType.F32, "1.0e39 overflows f32 (largest finite 3.40282347e+38); write infinities as "
                          "hexadecimal bits (0x7F800000 is +inf)"),
    ("1.0e309", DType.F64, "1.0e309 overflows f64 (largest finite 1.7976931348623157e+308); write infinities as "
                           "hexadecimal bits (0x7FF0000000000000 is +inf)"),
    ("1.0e5", DType.F8E5M2, "1.0e5 overflows f8E5M2 (largest finite 57344.0); write infinities as hexadecimal "
                            "bits (0x7C is +inf)"),
    ("500.0", DType.F8E4M3FN, "500.0 overflows f8E4M3FN (largest finite 448.0)"),
    ("0xFF80", DType.F32, "a hexadecimal f32 literal has 8 hex digits"),
    ("0x000", DType.F4E2M1FN, "a hexadecimal f4E2M1FN literal has 1 hex digit"),
    ("0x40", DType.F6E2M3FN, "0x40 is out of range for f6E2M3FN (6 bits: 0x00 to 0x3F)"),
    ("-1.0", DType.F8E8M0FNU, "f8E8M0FNU has no negative values (its values are the powers of two 2^-127 to 2^127)"),
    ("-2.0", DType.F8E8M0FNU, "f8E8M0FNU has no negative values (its values are the powers of two 2^-127 to "
                              "2^127)"),
    ("1.0", DType.C64, "a complex<f32> literal is (REAL,IMAGINARY), two f32 literals such as (1.0,-2.5)"),
    ("(1,2)", DType.C128, "the real part: an f64 literal needs a decimal point: write 1.0, not 1"),
])
def test_literal_errors_say_what_is_wrong(text, dtype, message):
    with pytest.raises(ValueError) as e:
        literal_value(text, dtype)
    assert str(e.value) == message


@pytest.mark.parametrize("call,message", [
    (lambda: value_literal(1e39, DType.F32), "1e+39 overflows f32"),
    (lambda: value_literal(300, DType.I8), "300 is out of range for i8 (-128 to 127)"),
    (lambda: value_literal(2.0, DType.I32), "an i32 element is an integer"),
    (lambda: value_literal(True, DType.UI4), "a bool is not a ui4 element"),
    (lambda: value_literal(1j, DType.F32), "a complex number is not a f32 element"),
    (lambda: value_literal(math.nan, DType.F4E2M1FN), "f4E2M1FN has no NaN"),
    (lambda: value_literal(math.inf, DType.F8E4M3FNUZ), "f8E4M3FNUZ has no infinity"),
    (lambda: value_literal(10 ** 400, DType.F64), f"{10 ** 400} overflows f64"),
    (lambda: value_literal(complex(1, 1e39), DType.C64), "the imaginary part: 1e+39 overflows f32"),
    (lambda: float_literal(0.1, DType.F32), "0.1 is not a f32 value (the nearest is 0.10000000149011612)"),
    (lambda: float_from_bits(0x10000, DType.BF16), "0x10000 is out of range for bf16 (16 bits: 0x0000 to 0xFFFF)"),
    (lambda: rounded(1.0, DType.I32), "i32 is not a float type"),
])
def test_value_errors_say_what_is_wrong(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == message


# -- numbers people type ----------------------------------------------------------------------------------

@pytest.mark.parametrize("typed,dtype,literal", [
    ("0", DType.F32, "0.0"), ("1e-8", DType.F32, "1.0e-8"), (".5", DType.F32, "0.5"), ("+0.5", DType.F32, "0.5"),
    ("1", DType.F32, "1.0"), ("1e-3", DType.F32, "1.0e-3"), ("0.0001", DType.F32, "0.0001"),
    ("1.0e-8", DType.F32, "1.0e-8"), ("-.25E+2", DType.F64, "-0.25E+2"), ("5.", DType.BF16, "5.0"),
    (" 0.9 ", DType.F16, "0.9"), ("-0", DType.F32, "-0.0"), ("7", DType.I32, "7"), ("+7", DType.UI8, "7"),
    ("True", DType.I1, "true"), ("0", DType.I1, "false"), ("2.5", DType.C64, "(2.5,0.0)"),
    ("1-2.5j", DType.C128, "(1.0,-2.5)"), (0, DType.F32, "0.0"), (1e-8, DType.F32, "1.0e-08"),
    (3, DType.I64, "3"), (True, DType.I1, "true"), (0.1, DType.F8E4M3FN, "0.1"),
])
def test_user_number_is_the_literal_of_what_was_typed(typed, dtype, literal):
    assert user_number(typed, dtype, "--x") == literal
    if dtype.is_float:  # the value MLIR reads is the typed number's
        assert literal_value(literal, dtype) == rounded(float(typed), dtype)


@pytest.mark.parametrize("typed,dtype,message", [
    ("1e999", DType.F32, "--wd: 1e999 overflows f32"),
    ("1e39", DType.F32, "--wd: 1e39 overflows f32"),
    ("1e-50", DType.F32, "--wd: 1e-50 is too small for f32 (it rounds to 0.0)"),
    ("2**-10", DType.F32, "--wd: '2**-10' is not a number (write a decimal such as 0.5, 1e-3 or -2.5e+3)"),
    ("inf", DType.F32, "--wd: 'inf' is not a number (write a decimal such as 0.5, 1e-3 or -2.5e+3)"),
    ("", DType.F32, "--wd: '' is not a number (write a decimal such as 0.5, 1e-3 or -2.5e+3)"),
    ("2.5", DType.I32, "--wd: 2.5 is not an integer (i32)"),
    ("abc", DType.I32, "--wd: 'abc' is not a number"),
    ("300", DType.I8, "--wd: 300 is out of range for i8 (-128 to 127)"),
    ("yes", DType.I1, "--wd: 'yes' is not true, false, 1 or 0"),
    ("0", DType.F8E8M0FNU, "--wd: f8E8M0FNU has no zero (its values are the powers of two 2^-127 to 2^127)"),
    (1e39, DType.F32, "--wd: 1e+39 overflows f32"),
    (True, DType.F32, "--wd: a bool is not a f32 element"),
    ("nanj", DType.C64, "--wd: 'nanj' is not a number (write a decimal such as 0.5, or a complex such as 1-2.5j)"),
])
def test_user_number_errors_name_the_flag(typed, dtype, message):
    with pytest.raises(ValueError) as e:
        user_number(typed, dtype, "--wd")
    assert str(e.value) == message


def test_literal_module_imports_no_numpy():
    import subprocess
    import sys

    code = "import sys, vitir.ast.literals; sys.exit('numpy' in sys.modules or 'jax' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# -- elements from their bits, as MLIR's hexadecimal blob stores them ---------------------------------------

BLOB_CONSTANTS = [(DType.F32, [1.0, -math.inf, math.nan, 0.1]), (DType.BF16, [1.5, -0.0, math.nan]),
                  (DType.F8E4M3FNUZ, [math.nan, -240.0, 0.5]), (DType.F4E2M1FN, [-6.0, -0.5, 6.0, 0.0]),
                  (DType.F6E2M3FN, [-7.5, 0.125]), (DType.I4, [-8, -1, 7]), (DType.I2, [-2, 1]),
                  (DType.UI4, [15, 8, 0]), (DType.UI16, [65535, 1]), (DType.I16, [-32768, 5]),
                  (DType.I1, [True, False]), (DType.C64, [1 + 2j, complex(-0.0, math.inf)])]


@pytest.mark.parametrize("dtype,values", BLOB_CONSTANTS, ids=[str(d) for d, _ in BLOB_CONSTANTS])
def test_bits_literal_reads_jaxs_hexadecimal_blob(dtype, values):
    """JAX prints more than 100 elements as one blob of little-endian bytes: a byte for each element
    of fewer than 8 bits (the pattern in its low bits), a complex element's real part first."""
    jax = pytest.importorskip("jax")
    array = np.array((values * 101)[:101]).astype(real_type(dtype) if dtype.numpy_module == "ml_dtypes"
                                                   else dtype.numpy)
    text = jax.jit(lambda: jax.numpy.asarray(array)).lower().as_text()
    raw = bytes.fromhex(re.search(r'dense<"0x([0-9A-F]+)">', text).group(1))
    size = len(raw) // array.size
    assert size == (2 * dtype.part.bits // 8 if dtype.is_complex else max(1, dtype.bits // 8))
    for i, element in enumerate(array.tolist()):
        literal = bits_literal(int.from_bytes(raw[i * size:(i + 1) * size], "little"), dtype)
        ours = literal_value(literal, dtype)
        assert same_element(ours, type(ours)(element)), (literal, element)


def test_bits_literal_keeps_every_bit():
    assert bits_literal(0x7FC00001, DType.F32) == "0x7FC00001"  # a NaN's payload
    assert bits_literal(0x1, DType.F4E2M1FN) == "0x1" and bits_literal(0x3F, DType.F6E3M2FN) == "0x3F"
    assert [bits_literal(b, DType.I4) for b in (0x8, 0xF, 0x7)] == ["-8", "-1", "7"]
    assert bits_literal(0xFFFF, DType.UI16) == "65535" and bits_literal(1, DType.I1) == "true"
    assert bits_literal(0x400000003F800000, DType.C64) == "(0x3F800000,0x40000000)"
    with pytest.raises(ValueError, match=r"^0x10 is out of range for i4 \(4 bits\)$"):
        bits_literal(0x10, DType.I4)
