"""Constant literals and their values.

Finite floats are written in decimal (`1.0e-5`, spliced as given); infinities
and NaNs have no decimal spelling in MLIR, so they are written as the bit
pattern in hexadecimal, as MLIR and JAX print them (`0xFF800000` is -inf in
f32, `0x7C00` is +inf in f16). A number given as a value (a dense constant's
elements) is written as the shortest decimal that reads back as the same
value of its type. Pure Python: the render path loads no numpy.
"""

from __future__ import annotations

import math
import re
import struct

from .types import DType

# dtype -> (struct format of the value, of its bits); bf16 is the high half of an f32.
_FLOAT_LAYOUT = {DType.F32: (">f", ">I"), DType.F16: (">e", ">H"), DType.BF16: (">f", ">I")}
_HEX_DIGITS = {DType.F32: 8, DType.F16: 4, DType.BF16: 4}
_DECIMAL = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")
_INTEGER = re.compile(r"[-+]?\d+")


def float_from_bits(bits: int, dtype: DType) -> float:
    value_fmt, bits_fmt = _FLOAT_LAYOUT[dtype]
    if dtype is DType.BF16:
        bits <<= 16
    return struct.unpack(value_fmt, struct.pack(bits_fmt, bits))[0]


def hex_literal(value: float, dtype: DType) -> str:
    """MLIR's hexadecimal spelling of `value` in `dtype` (`0xFF800000` for -inf in f32)."""
    value_fmt, bits_fmt = _FLOAT_LAYOUT[dtype]
    bits = struct.unpack(bits_fmt, struct.pack(value_fmt, value))[0]
    if dtype is DType.BF16:  # the f32 bits rounded to the nearest bf16, ties to even
        bits = bits >> 16 if math.isnan(value) else (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return f"0x{bits:0{_HEX_DIGITS[dtype]}X}"


def literal_value(text: str, dtype: DType):
    """The value a literal stands for; ValueError says why a text is no literal of `dtype`."""
    if dtype is DType.I1:
        if text not in ("true", "false"):
            raise ValueError("an i1 literal is true or false")
        return text == "true"
    if not dtype.is_float:
        if not _INTEGER.fullmatch(text):
            raise ValueError(f"an {dtype.value} literal is a decimal integer")
        return int(text)
    if text[:2].lower() == "0x":
        digits = _HEX_DIGITS[dtype]
        if len(text) != 2 + digits or not all(c in "0123456789abcdefABCDEF" for c in text[2:]):
            raise ValueError(f"a hexadecimal {dtype.value} literal has {digits} hex digits")
        return float_from_bits(int(text, 16), dtype)
    if not _DECIMAL.fullmatch(text):
        raise ValueError("write finite values in decimal, infinities and NaN as hexadecimal bits")
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text} overflows to infinity; write infinities as hexadecimal bits")
    return value


_VALUE_FORMATS = {DType.F32: ">f", DType.F16: ">e"}  # bf16 rounds through its bits


def float_literal(value: float, dtype: DType) -> str:
    """The shortest decimal that reads back as `value` (a value of `dtype`), with the
    `.` MLIR's float literals need; the hexadecimal bits for infinities and NaN."""
    if not math.isfinite(value):
        return hex_literal(value, dtype)
    low, high = 1, 17  # 17 digits read back any double; more digits never read back worse
    while low < high:
        digits = (low + high) // 2
        if _reads_back(f"{value:.{digits}g}", dtype, value):
            high = digits
        else:
            low = digits + 1
    mantissa, _, exponent = f"{value:.{low}g}".partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


def _reads_back(text: str, dtype: DType, value: float) -> bool:
    try:
        return rounded(float(text), dtype) == value
    except ValueError:  # rounded past the largest finite value (f32's 3.4028235e+38)
        return False


def rounded(value: float, dtype: DType) -> float:
    """`value` rounded to the nearest value of the float `dtype`; ValueError if a finite one overflows."""
    if dtype is DType.BF16:
        result = float_from_bits(int(hex_literal(value, dtype), 16), dtype)
    else:
        fmt = _VALUE_FORMATS[dtype]
        try:
            result = struct.unpack(fmt, struct.pack(fmt, value))[0]
        except OverflowError:
            result = math.inf
    if math.isinf(result) and math.isfinite(value):
        raise ValueError(f"{value!r} overflows {dtype.value}")
    return result


def value_literal(value, dtype: DType) -> str:
    """The literal of a Python (or numpy) number or bool as an element of `dtype`;
    a str is taken as a literal already and checked. ValueError says why not."""
    if isinstance(value, str):
        literal_value(value, dtype)
        return value
    is_bool = type(value).__name__ in ("bool", "bool_")  # Python's and numpy's
    if dtype is DType.I1:
        if is_bool or (_is_integer(value) and int(value) in (0, 1)):
            return "true" if value else "false"
        raise ValueError("an i1 element is a bool (or 0 or 1)")
    if is_bool:
        raise ValueError(f"a bool is not a {dtype.value} element")
    if not dtype.is_float:
        if not _is_integer(value):
            raise ValueError(f"an {dtype.value} element is an integer")
        return str(int(value))
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"a {dtype.value} element is a number") from None
    return float_literal(rounded(number, dtype), dtype)


def _is_integer(value) -> bool:
    try:
        value.__index__()  # int and numpy's integers; not floats
    except (AttributeError, TypeError):
        return False
    return True
