"""Constant literals and their values.

Finite floats are written in decimal (`1.0e-5`, spliced as given); infinities
and NaNs have no decimal spelling in MLIR, so they are written as the bit
pattern in hexadecimal, as MLIR and JAX print them (`0xFF800000` is -inf in
f32, `0x7C00` is +inf in f16). Pure Python: the render path loads no numpy.
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
