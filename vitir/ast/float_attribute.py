"""A float attribute as MLIR prints it (`epsilon = 1.000000e-05 : f32`).

MLIR's printer writes a float attribute in six-digit exponent form when that
reads back as the same value, else in the default form of LLVM's APFloat
(nine significant digits for f32, `9.99999974E-6`, `0.123456791`) when that has
a decimal point, else as its hexadecimal bits (`0x4CEB79A3`). APFloat's
formatting is reproduced here exactly: the exact decimal expansion, first cut
to a few more digits than asked by integer division, then rounded half up to
the digits asked, then laid out in plain or scientific notation.
"""

from __future__ import annotations

import math
import struct

_FLOAT_BITS = {24: 32, 53: 64}  # significand precision -> storage width


def _decimal_digits(value: float, precision: int, digits: int) -> tuple[str, int]:
    """The significant decimal digits of a positive finite `value` (most significant first, no
    trailing zeros) and the power of ten of the last one, as APFloat computes them."""
    mantissa, exponent = math.frexp(value)
    significand, exp2 = int(mantissa * (1 << precision)), exponent - precision
    zeros = (significand & -significand).bit_length() - 1
    significand, exp2 = significand >> zeros, exp2 + zeros
    if exp2 >= 0:
        number, exp10 = significand << exp2, 0
    else:
        number, exp10 = significand * 5 ** -exp2, exp2
    required = (digits * 196 + 58) // 59  # bits that hold `digits` decimal digits
    if number.bit_length() > required:
        removable = (number.bit_length() - required) * 59 // 196  # truncated, as APFloat does first
        if removable:
            number //= 10 ** removable
            exp10 += removable
    text = str(number)
    stripped = text.rstrip("0")
    exp10 += len(text) - len(stripped)
    return _round_half_up(stripped, exp10, digits)


def _round_half_up(text: str, exp10: int, digits: int) -> tuple[str, int]:
    if len(text) <= digits:
        return text, exp10
    kept, dropped = text[:digits], text[digits:]
    exp10 += len(dropped)
    if dropped[0] >= "5":
        carried = str(int(kept) + 1)
        if len(carried) > len(kept):  # 999 -> 1000: one digit of precision
            return "1", exp10 + len(kept)
        kept = carried
    stripped = kept.rstrip("0")
    return stripped, exp10 + len(kept) - len(stripped)


def apfloat_text(value: float, precision: int, digits: int = 0, max_padding: int = 3,
                 truncate_zero: bool = True) -> str:
    """LLVM's APFloat::toString of a finite `value` of a binary float with `precision` significand
    bits (24 for f32); `digits` 0 is the type's natural precision."""
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    value = abs(value)
    digits = digits or 2 + precision * 59 // 196
    if value == 0:
        if max_padding:
            return sign + "0"
        return sign + ("0.0E+0" if truncate_zero else "0." + "0" * max(digits, 1) + "e+00")
    text, exp10 = _decimal_digits(value, precision, digits)
    count = len(text)
    if not max_padding:
        scientific = True
    elif exp10 >= 0:
        scientific = exp10 > max_padding or count + exp10 > digits
    else:
        leading = exp10 + count - 1  # the power of ten of the most significant digit
        scientific = leading < 0 and -leading > max_padding
    if scientific:
        exp10 += count - 1
        fraction = text[1:] if count > 1 or not truncate_zero else "0"
        if not truncate_zero:
            fraction = fraction.ljust(digits, "0")
        power = str(abs(exp10))
        if not truncate_zero:
            power = power.rjust(2, "0")
        return f"{sign}{text[0]}.{fraction}{'E' if truncate_zero else 'e'}{'+' if exp10 >= 0 else '-'}{power}"
    if exp10 >= 0:
        return sign + text + "0" * exp10
    whole = exp10 + count
    if whole > 0:
        return f"{sign}{text[:whole]}.{text[whole:]}"
    return f"{sign}0.{'0' * -whole}{text}"


def mlir_float(value: float, precision: int = 24) -> str:
    """MLIR's spelling of a float attribute's value (f32 unless `precision` says f64: 53)."""
    width = _FLOAT_BITS[precision]
    narrow = _single(value) if width == 32 else float(value)
    if math.isfinite(narrow):
        text = apfloat_text(narrow, precision, 6, 0, False)
        if _reads_back(text, narrow, width):
            return text
        text = apfloat_text(narrow, precision)
        if "." in text:
            return text
    packed = struct.pack(">f" if width == 32 else ">d", narrow)
    return "0x" + packed.hex().upper()


def _single(value: float) -> float:
    """The f32 nearest to `value` (infinite past f32's range), without numpy: the render command
    loads none."""
    try:
        return struct.unpack(">f", struct.pack(">f", value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def _reads_back(text: str, value: float, width: int) -> bool:
    parsed = float(text)
    if width == 32:
        parsed = _single(parsed)
    return struct.pack(">d", parsed) == struct.pack(">d", value)
