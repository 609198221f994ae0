"""Constant literals of every element type: how StableHLO text spells a value, and what a literal means.

The one place that reads and writes element literals. Pure Python: vitir.ast imports no numpy.

What MLIR reads (checked against the parser in jaxlib 0.10.2, `tests/test_literals.py` keeps checking):

- Floats. A decimal float literal has a point: `-?[0-9]+.[0-9]*([eE][-+]?[0-9]+)?` (`1.0`, `1.`,
  `-2.5E+3`, `00.5`). `1e5` lexes as `1` and a word, `.5` and `+1.0` are no literal, `inf` and `nan`
  neither, and an integer (`0`) is refused: "unexpected decimal integer literal for a floating point
  value". MLIR reads the decimal as the nearest f64, then rounds that to the type (to nearest, ties to
  even): this module reads it the same way (Python's `float`, then `rounded`). Hexadecimal `0x...`
  (lower or upper case digits, a lower `x`) is the bit pattern; `-0x...` is refused.
- Where MLIR reads a literal silently as something else, vitir refuses it: a decimal past the largest
  finite value (MLIR makes it +-inf, NaN, or the largest value in the f4/f6 types), a negative value
  for f8E8M0FNU (MLIR reads -1.0 as NaN, -0.25 as 2^126), and, for integers, a positive decimal past
  the signed maximum (MLIR wraps `2147483648` in i32 to -2147483648). Zero in f8E8M0FNU, which has no
  zero, reads as MLIR reads it: its smallest value, 2^-127. i1 also reads MLIR's `0` and `1`.
- vitir asks a hexadecimal float literal for the type's digits (8 for f32, 4 for f16 and bf16, 16 for
  f64, 2 for the 8- and 6-bit types, 1 or 2 for f4E2M1FN: its own or its storage byte's), where MLIR takes any count whose value
  fits the width (`0x0` is f32 zero): `0xFF80` given for an f32 is then caught as the bits of another
  type.
- Integers: decimal, or hexadecimal bits (`0xFF` is -1 in i8, 255 in ui8; `-0x80` is -128 in i8), each
  in the type's range. MLIR refuses `-0` (and `-0x0`) for every integer type, and a negative literal for
  an unsigned one. i1 is `true` or `false` (MLIR also reads 0, 1, 0x1 and -1; vitir does not).
- Complex: `(REAL,IMAGINARY)`, two float literals of the part type (f32 for complex<f32>, f64 for
  complex<f64>); MLIR allows spaces inside, prints none.

What MLIR and JAX print: a float as `%.6e` when that reads back (`1.000000e-01`), else LLVM's default
form (`3.40282347E+38`), else its bits in hexadecimal, upper case, always at full width in practice:
`0x7FC00000` (f32 NaN), `0x7C00` (f16 +inf), `0x7FC0` (bf16 NaN), `0x7FF8000000000000` (f64 NaN), two
digits for the 8-bit types (`0x7F` NaN in f8E4M3FN, `0x80` in the FNUZ types, `0xFF` in f8E8M0FNU,
`0x7C` +inf in f8E5M2), and an integer too wide for `%.6e` (`0x4B7FFFFF` is 16777215.0 in f32).
The f4 and f6 types have no infinity and no NaN, so they always print in decimal. Integers print in
decimal, i1 as `true`/`false`, a complex element as `(1.000000e+00,-4.000000e+00)` (no space) and a
splat of one as `dense<(1.000000e+00,2.000000e+00)>`. vitir spells a finite float as the shortest
decimal that reads back (`0.1`, `6.55e+04`), since every value of every format up to f64 is a double
with a finite decimal expansion; infinities and NaNs as their bits (sign kept, the format's canonical
quiet NaN). MLIR's hexadecimal blob (`dense<"0x...">`, more than 100 elements) gives each element of
fewer than 8 bits (i1, i2, i4, ui2, ui4, f4, f6) a byte, a complex element its real then imaginary part.

The float formats are decoded and encoded here from their `FloatFormat` (f16, f32 and f64 through
`struct`, which rounds the same way): subnormals, signed zeros (none in the FNUZ types), the NaN codes
(all-ones in FN, the negative-zero code in FNUZ, 0xFF in f8E8M0FNU), no infinities in finite formats,
and f8E8M0FNU's unsigned powers of two.
"""

from __future__ import annotations

import math
import re
import struct
from functools import lru_cache

from ..lazy_pattern import LazyPattern
from ..records import NamedTuple
from .element_types import DType, Kind

# -- the float formats: bit patterns and rounding -----------------------------------------------


class _Codec(NamedTuple):
    """What encoding and decoding one float type needs, computed once from its FloatFormat."""

    width: int
    mantissa_bits: int
    bias: int
    special: str
    sign_bit: int  # 0 for an unsigned format
    max_magnitude: int  # the largest finite code without the sign
    inf_code: int | None
    nan_code: int | None  # the canonical (quiet, positive) NaN
    hex_digits: int
    max_digits: int  # decimal digits that always read back
    struct_formats: tuple[str, str] | None  # (value, bits) where struct rounds exactly as the format


_STRUCT = {DType.F16: ("<e", "<H"), DType.F32: ("<f", "<I"), DType.F64: ("<d", "<Q")}


def _codec(dtype: DType) -> _Codec:
    f = dtype.format
    p, all_ones = f.mantissa_bits, (1 << (f.exponent_bits + f.mantissa_bits)) - 1
    exponent_ones = ((1 << f.exponent_bits) - 1) << p
    sign_bit = 0 if f.unsigned else 1 << (f.bits - 1)
    max_magnitude = {"ieee": exponent_ones - 1, "fn": all_ones - 1, "fnu": all_ones - 1}.get(f.special, all_ones)
    nan_code = {"ieee": exponent_ones | (1 << (p - 1)) if p else None, "fn": all_ones, "fnu": all_ones,
                "fnuz": sign_bit}.get(f.special)
    return _Codec(f.bits, p, f.bias, f.special, sign_bit, max_magnitude,
                  exponent_ones if f.has_infinity else None, nan_code, (f.bits + 3) // 4,
                  math.ceil(1 + (p + 1) * math.log10(2)), _STRUCT.get(dtype))


_CODECS = {dtype: _codec(dtype) for dtype in DType if dtype.is_float}


def _float_codec(dtype: DType) -> _Codec:
    codec = _CODECS.get(dtype)
    if codec is None:
        raise ValueError(f"{dtype.value} is not a float type")
    return codec


def float_from_bits(bits: int, dtype: DType) -> float:
    """The value of the bit pattern `bits` in the float `dtype` (a NaN for any NaN code)."""
    c = _float_codec(dtype)
    if not 0 <= bits < 1 << c.width:
        raise ValueError(f"0x{bits:X} is out of range for {dtype.value} "
                         f"({c.width} bits: 0x{0:0{c.hex_digits}X} to 0x{(1 << c.width) - 1:0{c.hex_digits}X})")
    if c.struct_formats:
        value_format, bits_format = c.struct_formats
        return struct.unpack(value_format, struct.pack(bits_format, bits))[0]
    magnitude, negative = bits & ~c.sign_bit, bool(bits & c.sign_bit)
    if bits == c.nan_code or (c.special in ("ieee", "fn") and magnitude > c.max_magnitude and magnitude != c.inf_code):
        return -math.nan if negative and c.special != "fnuz" else math.nan
    if magnitude == c.inf_code:
        return -math.inf if negative else math.inf
    if c.special == "fnu":  # f8E8M0FNU: 2^(code - bias), no zero, no sign
        value = math.ldexp(1.0, magnitude - c.bias)
    else:
        p, exponent_code = c.mantissa_bits, magnitude >> c.mantissa_bits
        mantissa = magnitude & ((1 << p) - 1)
        if exponent_code == 0:  # zero and the subnormals
            value = math.ldexp(mantissa, 1 - c.bias - p)
        else:
            value = math.ldexp((1 << p) | mantissa, exponent_code - c.bias - p)
    return -value if negative else value


def float_bits(value: float, dtype: DType) -> int:
    """The bit pattern of `value` rounded to the float `dtype` (to nearest, ties to even); a NaN is
    the format's canonical quiet NaN, with its sign where the format has one. ValueError where
    `value` has no code: a finite value past the largest finite one, an infinity or NaN the format
    lacks, zero or a negative value in f8E8M0FNU."""
    return _bits(value, dtype, None)


def rounded(value: float, dtype: DType) -> float:
    """`value` rounded to the nearest value of the float `dtype`, ties to even; ValueError as for
    `float_bits` (a finite value that rounds past the largest finite one, or to infinity, overflows)."""
    return _round(value, dtype, None)


def _round(value, dtype: DType, shown: str | None) -> float:
    c = _float_codec(dtype)
    if c.struct_formats and isinstance(value, float) and value == value:  # not NaN: canonical below
        value_format = c.struct_formats[0]
        try:
            return struct.unpack(value_format, struct.pack(value_format, value))[0]
        except OverflowError:
            raise _Overflow(f"{shown or _shown(value)} overflows {dtype.value}") from None
    return float_from_bits(_bits(value, dtype, shown), dtype)


class _Overflow(ValueError):
    """A finite value past the type's largest finite value (or rounding to infinity)."""


def _shown(value) -> str:
    """How an error names a number: Python's repr of it as a float (`1e+39`), or of the int."""
    if isinstance(value, int):
        return repr(value)
    try:
        return repr(float(value))
    except (TypeError, ValueError, OverflowError):
        return repr(value)


def _bits(value, dtype: DType, shown: str | None) -> int:
    c = _float_codec(dtype)
    try:
        number = float(value)
    except OverflowError:  # an int past the doubles
        raise _Overflow(f"{shown or _shown(value)} overflows {dtype.value}") from None
    except (TypeError, ValueError):
        raise ValueError(f"{value!r} is not a real number") from None
    negative = math.copysign(1.0, number) < 0
    if math.isnan(number):
        if c.nan_code is None:
            raise ValueError(f"{dtype.value} has no NaN")
        return c.nan_code | (c.sign_bit if negative and c.special in ("ieee", "fn") else 0)
    if c.special == "fnu" and (negative or number == 0):
        raise ValueError(f"{dtype.value} has no {'negative values' if negative and number else 'zero'} "
                         f"(its values are the powers of two 2^{-c.bias} to 2^{c.max_magnitude - c.bias})")
    if math.isinf(number):
        if c.inf_code is None:
            raise ValueError(f"{dtype.value} has no infinity")
        return c.inf_code | (c.sign_bit if negative else 0)
    if c.struct_formats:
        value_format, bits_format = c.struct_formats
        try:
            return struct.unpack(bits_format, struct.pack(value_format, number))[0]
        except OverflowError:
            raise _Overflow(f"{shown or _shown(value)} overflows {dtype.value}") from None
    magnitude = _round_magnitude(abs(number), c)
    if magnitude > c.max_magnitude:
        raise _Overflow(f"{shown or _shown(value)} overflows {dtype.value}")
    if magnitude == 0 and c.special == "fnuz":  # the negative-zero code is the NaN
        negative = False
    return magnitude | (c.sign_bit if negative else 0)


def _round_magnitude(a: float, c: _Codec) -> int:
    """The code of the finite a >= 0 rounded to nearest, ties to even, on an unbounded exponent range
    (a code past `max_magnitude` overflows). Scaling a double by a power of two is exact, and Python's
    round() of a float rounds half to even."""
    if a == 0:
        return 0
    exponent = math.frexp(a)[1] - 1  # 2^exponent <= a < 2^(exponent + 1)
    if c.special == "fnu":  # powers of two: round between 2^e and 2^(e+1); below 2^-127 is 2^-127
        return max(0, exponent + c.bias + round(math.ldexp(a, -exponent)) - 1)
    p, smallest_normal = c.mantissa_bits, 1 - c.bias
    exponent = max(exponent, smallest_normal)  # subnormals share the smallest normal exponent's quantum
    steps = round(math.ldexp(a, p - exponent))  # in 2^(exponent - p); 2^(p+1) carries into the next binade
    return ((exponent - smallest_normal) << p) + steps


def hex_literal(value: float, dtype: DType) -> str:
    """MLIR's hexadecimal spelling of `value` rounded to the float `dtype`: the bits at the type's
    full width, upper case (`0xFF800000` is -inf in f32, `0x7E00` NaN in f16, `0x80` NaN in f8E4M3FNUZ,
    one digit for f4E2M1FN)."""
    return f"0x{_bits(value, dtype, None):0{_float_codec(dtype).hex_digits}X}"


def bits_literal(bits: int, dtype: DType) -> str:
    """The literal of the element whose bit pattern is `bits`, as MLIR's hexadecimal blob stores it:
    a float's bits at full width, kept bit for bit (a NaN's payload too), an integer in decimal (two's
    complement in a signed type), i1 `true`/`false`, a complex element's real part in the low half
    and its imaginary part in the high half (`(0x3F800000,0x00000000)`)."""
    width = 2 * dtype.part.bits if dtype.is_complex else dtype.bits
    if not 0 <= bits < 1 << width:
        raise ValueError(f"0x{bits:X} is out of range for {dtype.value} ({width} bits)")
    if dtype.is_complex:
        half = dtype.part.bits
        return f"({bits_literal(bits & ((1 << half) - 1), dtype.part)},{bits_literal(bits >> half, dtype.part)})"
    if dtype.is_float:
        return f"0x{bits:0{_CODECS[dtype].hex_digits}X}"
    if dtype.is_bool:
        return "true" if bits else "false"
    return str(bits - (1 << width) if dtype.is_signed and bits >> (width - 1) else bits)


# -- reading literals ---------------------------------------------------------------------------

_FLOAT_DECIMAL = LazyPattern(r"-?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?")
_HEX_BITS = LazyPattern(r"0x[0-9a-fA-F]+")
_INTEGER = LazyPattern(r"-?(?:0x[0-9a-fA-F]+|[0-9]+)")
_COMPLEX = LazyPattern(r"\(\s*([^\s(),]+)\s*,\s*([^\s(),]+)\s*\)")
# A number written the way people write one (`.5`, `1e-3`, `+2`), which MLIR does not all read.
_LOOSE_DECIMAL = LazyPattern(r"([-+]?)([0-9]*)(\.?)([0-9]*)((?:[eE][-+]?[0-9]+)?)")


def literal_value(text: str, dtype: DType):
    """The value the literal `text` stands for as an element of `dtype`: a bool for i1, an int for
    the integer types, a float (rounded to the type) for the float types, a complex for the complex
    ones. ValueError says why `text` is no literal of `dtype`."""
    return _READERS[dtype.kind](text, dtype)


def _bool_value(text: str, dtype: DType) -> bool:
    if text not in ("true", "false", "0", "1"):  # MLIR reads 0 and 1 too (and prints true and false)
        raise ValueError("an i1 literal is true or false")
    return text in ("true", "1")


def _integer_value(text: str, dtype: DType) -> int:
    if not _INTEGER.fullmatch(text):
        raise ValueError(f"an {dtype.value} literal is a decimal integer")
    negative, digits = text.startswith("-"), text.lstrip("-")
    if digits[:2] == "0x":
        magnitude = int(digits, 16)
        if not negative:  # the bits, two's complement in a signed type
            if magnitude >> dtype.bits:
                raise ValueError(f"{text} is out of range for {dtype.value} ({dtype.bits} bits: 0x0 to "
                                 f"0x{(1 << dtype.bits) - 1:X})")
            return magnitude - (1 << dtype.bits) if dtype.is_signed and magnitude >> (dtype.bits - 1) else magnitude
    else:
        magnitude = int(digits)
    if negative and magnitude == 0:
        raise ValueError(f"{text} is no integer literal: MLIR refuses a negative zero (write 0)")
    value = -magnitude if negative else magnitude
    _check_integer_range(value, dtype, text)
    return value


def _check_integer_range(value: int, dtype: DType, shown: str) -> None:
    if not dtype.min <= value <= dtype.max:
        raise ValueError(f"{shown} is out of range for {dtype.value} ({dtype.min} to {dtype.max})")


def _float_value(text: str, dtype: DType) -> float:
    if _HEX_BITS.fullmatch(text):
        digits = _CODECS[dtype].hex_digits
        stored = 2 * ((dtype.bits + 7) // 8)  # the hex digits of its storage bytes: f4E2M1FN's 0x07
        if len(text) - 2 not in (digits, stored):
            raise ValueError(f"a hexadecimal {dtype.value} literal has {digits} hex digit{'s' * (digits > 1)}")
        return float_from_bits(int(text, 16), dtype)
    if _FLOAT_DECIMAL.fullmatch(text):
        number = float(text)  # the nearest double, as MLIR reads it first
        if dtype.format.special == "fnu" and number == 0:  # as MLIR reads f8E8M0FNU: 0.0 is its smallest
            return float_from_bits(0, dtype)  # value, 2^-127 (the conformance suite writes it so)
        if math.isinf(number):
            raise ValueError(_overflow(text, dtype))
        try:
            return _round(number, dtype, text)
        except _Overflow:
            raise ValueError(_overflow(text, dtype)) from None
    raise ValueError(_not_a_float_literal(text, dtype))


def _overflow(text: str, dtype: DType) -> str:
    largest = _largest_text(dtype)
    hint = f"; write infinities as hexadecimal bits ({hex_literal(math.inf, dtype)} is +inf)" \
        if dtype.format.has_infinity else ""
    return f"{text} overflows {dtype.value} (largest finite {largest}){hint}"


def _largest_text(dtype: DType) -> str:
    """The largest finite value for a message: exact where that is short (`448.0`, `57344.0`), else
    the digits that always read back (`3.40282347e+38`), as MLIR prints it."""
    c = _CODECS[dtype]
    value = float_from_bits(c.max_magnitude, dtype)
    return repr(value) if len(repr(value)) <= 12 else f"{value:.{c.max_digits}g}"


def _not_a_float_literal(text: str, dtype: DType) -> str:
    """Why `text` is no float literal, with the literal that was probably meant."""
    loose = _LOOSE_DECIMAL.fullmatch(text)
    if loose is None or not (loose.group(2) or loose.group(4)):
        return "write finite values in decimal, infinities and NaN as hexadecimal bits"
    meant = _mlir_decimal(loose)
    if loose.group(1) == "+":
        why = "takes no leading +"
    elif not loose.group(3):
        why = "needs a decimal point" + (" before the exponent" if loose.group(5) else "")
    else:
        why = "needs a digit before the decimal point"
    return f"{_a(dtype)} {dtype.value} literal {why}: write {meant}, not {text}"


def _a(dtype: DType) -> str:
    """The article before the spelling as it is read aloud: an f32, an i8, a bf16, a ui8."""
    return "an" if dtype.value[0] in "fi" else "a"


def _mlir_decimal(loose: re.Match) -> str:
    """A loosely written decimal (`_LOOSE_DECIMAL`) as MLIR's literal of the same number: `.5` ->
    `0.5`, `1e-3` -> `1.0e-3`, `+2` -> `2.0`; digits and exponent kept as written."""
    sign, whole, _, fraction, exponent = loose.groups()
    return f"{'-' if sign == '-' else ''}{whole or '0'}.{fraction or '0'}{exponent}"


def _complex_value(text: str, dtype: DType) -> complex:
    found = _COMPLEX.fullmatch(text)
    if found is None:
        raise ValueError(f"a {dtype.value} literal is (REAL,IMAGINARY), two {dtype.part.value} literals "
                         f"such as (1.0,-2.5)")
    parts = []
    for which, part in zip(("real", "imaginary"), found.groups()):
        try:
            parts.append(_float_value(part, dtype.part))
        except ValueError as e:
            raise ValueError(f"the {which} part: {e}") from None
    return complex(*parts)


_READERS = {Kind.BOOL: _bool_value, Kind.SIGNED: _integer_value, Kind.UNSIGNED: _integer_value,
            Kind.FLOAT: _float_value, Kind.COMPLEX: _complex_value}


# -- spelling values ------------------------------------------------------------------------------

def float_literal(value: float, dtype: DType) -> str:
    """The shortest decimal that reads back as `value` (a value of the float `dtype`), with the `.`
    MLIR's float literals need (`0.1`, `1.0e-05`, `6.55e+04`); the hexadecimal bits for infinities
    and NaN. ValueError if `value` is not exactly a value of `dtype` (round it first: `rounded`)."""
    number = float(value)
    if not math.isfinite(number):
        return hex_literal(number, dtype)
    exact = _round(number, dtype, None)
    if exact != number:
        raise ValueError(f"{number!r} is not a {dtype.value} value (the nearest is {exact!r})")
    return _shortest_decimal(exact, dtype)


def _shortest_decimal(value: float, dtype: DType) -> str:
    """The finite `value` of `dtype` as the fewest significant digits that read back as it: one
    digit fewer does not (a binary search: more digits never read back worse)."""
    low, high = 1, _CODECS[dtype].max_digits  # `high` digits always read back
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
        return _round(float(text), dtype, None) == value
    except ValueError:  # rounded past the largest finite value (f32's 3.4028235e+38)
        return False


def value_literal(value, dtype: DType) -> str:
    """The literal of a Python (or numpy) number, bool or complex as an element of `dtype`; a str is
    taken as a literal already, checked, and returned as given. ValueError says why not."""
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
    return _SPELLERS[dtype.kind](value, dtype)


def _integer_literal(value, dtype: DType) -> str:
    if not _is_integer(value):
        raise ValueError(f"an {dtype.value} element is an integer")
    number = int(value)
    _check_integer_range(number, dtype, str(number))
    return str(number)


def _float_element_literal(value, dtype: DType) -> str:
    if _is_complex(value):
        raise ValueError(f"a complex number is not a {dtype.value} element")
    try:
        if not _is_integer(value):
            float(value)
    except (TypeError, ValueError):
        raise ValueError(f"a {dtype.value} element is a number") from None
    exact = _round(value, dtype, None)
    return _shortest_decimal(exact, dtype) if math.isfinite(exact) else hex_literal(exact, dtype)


def _complex_literal(value, dtype: DType) -> str:
    try:
        number = complex(value)
    except (TypeError, ValueError):
        raise ValueError(f"a {dtype.value} element is a number") from None
    parts = []
    for which, part in (("real", number.real), ("imaginary", number.imag)):
        try:
            parts.append(_float_element_literal(part, dtype.part))
        except ValueError as e:
            raise ValueError(f"the {which} part: {e}") from None
    return f"({parts[0]},{parts[1]})"


_SPELLERS = {Kind.SIGNED: _integer_literal, Kind.UNSIGNED: _integer_literal, Kind.FLOAT: _float_element_literal,
             Kind.COMPLEX: _complex_literal}


def _is_integer(value) -> bool:
    try:
        value.__index__()  # int and numpy's integers; not floats
    except (AttributeError, TypeError):
        return False
    return True


def _is_complex(value) -> bool:
    return isinstance(value, complex) or type(value).__name__.startswith("complex")  # numpy's complex64 too


# -- numbers people type ----------------------------------------------------------------------------

_LOOSE_COMPLEX = LazyPattern(r"\(?[-+0-9.eEjJ ]+\)?")


def user_number(number, dtype: DType, what: str) -> str:
    """The literal of a number a person typed (a command-line flag, a builder argument) as an element
    of `dtype`: `0`, `.5`, `+0.5`, `1e-3` become `0.0`, `0.5`, `0.5`, `1.0e-3` for a float type (digits
    kept as typed, so `0.0001` stays `0.0001`); an int, float or bool is spelled as `value_literal`
    does. ValueError starts with `what` and says why not: `--wd: 1e999 overflows f32`, `--wd: 1e-50
    is too small for f32 (it rounds to 0.0)`, `--steps: 2.5 is not an integer`."""
    try:
        if isinstance(number, str):
            return _USER_TEXT[dtype.kind](number.strip(), dtype)
        return value_literal(number, dtype)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def _user_bool(text: str, dtype: DType) -> str:
    found = {"true": "true", "1": "true", "false": "false", "0": "false"}.get(text.lower())
    if found is None:
        raise ValueError(f"{text!r} is not true, false, 1 or 0")
    return found


def _user_integer(text: str, dtype: DType) -> str:
    if not re.fullmatch(r"[-+]?[0-9]+", text):
        loose = _LOOSE_DECIMAL.fullmatch(text)
        number = loose is not None and bool(loose.group(2) or loose.group(4))
        raise ValueError(f"{text} is not an integer ({dtype.value})" if number else f"{text!r} is not a number")
    value = int(text)
    _check_integer_range(value, dtype, text)
    return str(value)


def _user_float(text: str, dtype: DType) -> str:
    loose = _LOOSE_DECIMAL.fullmatch(text)
    if loose is None or not (loose.group(2) or loose.group(4)):
        raise ValueError(f"{text!r} is not a number (write a decimal such as 0.5, 1e-3 or -2.5e+3)")
    literal, number = _mlir_decimal(loose), float(text)
    if math.isinf(number):
        raise ValueError(f"{text} overflows {dtype.value}")
    value = _round(number, dtype, text)
    if value == 0 and number != 0:
        raise ValueError(f"{text} is too small for {dtype.value} (it rounds to 0.0)")
    return literal


def _user_complex(text: str, dtype: DType) -> str:
    if _LOOSE_DECIMAL.fullmatch(text):
        return f"({_user_float(text, dtype.part)},0.0)"
    try:
        if not _LOOSE_COMPLEX.fullmatch(text):
            raise ValueError
        number = complex(text.replace(" ", ""))
    except ValueError:
        raise ValueError(f"{text!r} is not a number (write a decimal such as 0.5, or a complex such as 1-2.5j)") \
            from None
    return _complex_literal(number, dtype)


_USER_TEXT = {Kind.BOOL: _user_bool, Kind.SIGNED: _user_integer, Kind.UNSIGNED: _user_integer,
              Kind.FLOAT: _user_float, Kind.COMPLEX: _user_complex}


def element_literal(literal: str, dtype: DType) -> str:
    """vitir's literal for one element as written: kept, but for a finite float's
    hexadecimal bits (`0x3F800000`), which become the shortest decimal of the value."""
    if dtype.is_float and literal.lstrip("-+").startswith("0x"):
        bits = "0x" + literal.lstrip("-+")[2:].upper()
        number = literal_value(bits, dtype)
        if not math.isfinite(number):  # kept bit for bit (a NaN's payload too)
            return bits
        return float_literal(number, dtype)
    return literal


# -- dense literals: the element literals of a `dense<...>` body -----------------------------

@lru_cache(maxsize=4096)
def literal_reason(literal: str, element: str) -> str | None:
    """Why `literal` spells no value of the element type spelled `element`, or None when it does."""
    try:
        literal_value(literal, DType.parse(element))
    except ValueError as e:
        return str(e)
    return None


_DENSE_TOKEN = LazyPattern(r"\([^()]*\)|[\[\],]|[^\s\[\],]+")


def _skeleton(shape: tuple[int, ...]) -> str:
    """The brackets and commas of a nested literal of `shape`: `[[,],[,]]` for 2x2."""
    inner = ""
    for d in reversed(shape):
        inner = "[" + ",".join([inner] * d) + "]"
    return inner


def dense_elements(body: str, shape: tuple[int, ...], dtype: DType) -> list[str]:
    """The element literals of a dense attribute's body, row-major: a nested list
    (`[[0, 1], [2, 3]]`) or MLIR's hexadecimal blob of the raw little-endian bytes
    (`"0x0000803F..."`, what MLIR prints for more than 100 elements; a float element
    becomes its bits `0x3F800000`). ValueError if the body does not fit the shape and type."""
    element = dtype.value
    count = 1
    for d in shape:
        count *= d
    body = body.strip()
    if body.startswith('"'):
        return _blob_elements(body, element, count)
    tokens = _DENSE_TOKEN.findall(body)
    if not tokens and count == 0:  # `dense<>`, as MLIR prints an empty tensor
        return []
    literals = [t for t in tokens if t not in "[],"]
    if len(literals) != count:
        raise ValueError(f"{len(literals)} elements for {count} in tensor<{''.join(f'{d}x' for d in shape)}{element}>")
    if "".join(t for t in tokens if t in "[],") != _skeleton(shape):
        raise ValueError(f"the literal does not nest as {list(shape)}")
    for i, literal in enumerate(literals):
        if literal_reason(literal, element) is not None:
            raise ValueError(f"element {i}: {literal!r} is not a {element} value")
    return literals


def _blob_elements(body: str, element: str, count: int) -> list[str]:
    dtype = DType.parse(element)
    size = 2 * dtype.part.bits // 8 if dtype.is_complex else max(1, (dtype.bits + 7) // 8)
    if not body.endswith('"') or body[1:3].lower() != "0x":
        raise ValueError(f"a hexadecimal dense literal of {element} is written \"0x...\"")
    try:
        raw = bytes.fromhex(body[3:-1])
    except ValueError:
        raise ValueError("the hexadecimal dense literal has a character that is not a hex digit") from None
    if len(raw) == size:  # one element stands for all
        raw *= count
    if len(raw) != size * count:
        raise ValueError(f"the hexadecimal dense literal holds {len(raw)} bytes, {count} elements of {element} "
                         f"need {size * count}")
    return [bits_literal(int.from_bytes(raw[i:i + size], "little"), dtype) for i in range(0, len(raw), size)]
