"""Numbers as MLIR's printer writes them (AsmPrinter's printFloatValue and dense elements), so a
module read from bytecode prints as the same program read from MLIR's text."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

# significand bits (with the implicit one) of each float type, for APFloat's natural precision
_PRECISION = {"f64": 53, "f32": 24, "f16": 11, "bf16": 8, "tf32": 11, "f8E4M3FN": 4, "f8E5M2": 3, "f8E4M3": 4,
              "f8E3M4": 5, "f8E4M3FNUZ": 4, "f8E5M2FNUZ": 3, "f8E4M3B11FNUZ": 4, "f4E2M1FN": 2, "f6E2M3FN": 4,
              "f6E3M2FN": 3, "f8E8M0FNU": 1}


HEX_ABOVE = 100  # MLIR prints a dense attribute of more elements as its raw bytes in hex


@lru_cache(maxsize=None)
def numpy_of(type_text: str):
    from ...ast.element_types import DType
    from ...numpy_dtypes import numpy_dtype

    return numpy_dtype(DType(type_text))


def float_text(bits: int, type_text: str) -> str:
    """printFloatValue: six significant digits when they read back exactly, else APFloat's natural
    precision when it has a point, else the bits in hex."""
    dtype = numpy_of(type_text)
    width = dtype.itemsize * 8 if type_text != "tf32" else 32
    raw = (bits & ((1 << width) - 1)).to_bytes(dtype.itemsize, "little")
    value = float(np.frombuffer(raw, dtype=dtype)[0])
    if math.isfinite(value):
        precision_bits = _PRECISION.get(type_text, 24)
        text = _apfloat_text(value, 6, precision_bits, padding=0, truncate_zero=False)
        if text is not None and _same(text, raw, dtype):
            return text
        text = _apfloat_text(value, 2 + precision_bits * 59 // 196, precision_bits, padding=3, truncate_zero=True)
        if text is not None and "." in text and _same(text, raw, dtype):
            return text
    return f"0x{int.from_bytes(raw, 'little'):0{dtype.itemsize * 2}X}"


def _apfloat_text(value: float, precision: int, precision_bits: int, padding: int, truncate_zero: bool):
    """APFloat::toString(precision, padding, truncate_zero) of a finite value: the exact value's
    decimal digits, cut by AdjustToPrecision's division (which truncates), rounded half up to
    `precision` digits; None where APFloat's rounding carries through every digit (its output then
    does not read back, and MLIR moves on)."""
    if value == 0:
        number, exponent = 0, 0
    else:
        numerator, denominator = abs(value).as_integer_ratio()
        shift = denominator.bit_length() - 1
        number, exponent = numerator * 5 ** shift, -shift
        required = (precision * 196 + 58) // 59
        if number.bit_length() > required:
            tens = (number.bit_length() - required) * 59 // 196
            if tens:
                number //= 10 ** tens
                exponent += tens
    text = str(number)
    stripped = text.rstrip("0") or "0"
    exponent += len(text) - len(stripped)
    text = stripped
    if len(text) > precision:
        cut = len(text) - precision
        kept, dropped = text[:precision], text[precision]
        exponent += cut
        if dropped >= "5":
            kept = str(int(kept) + 1)
            if len(kept) > precision:
                return None
        text = kept.rstrip("0") or "0"
        exponent += len(kept) - len(text)
    digits = len(text)
    minus = "-" if math.copysign(1, value) < 0 else ""
    if padding == 0:
        scientific = True
    elif exponent >= 0:
        scientific = exponent > padding or digits + exponent > precision
    else:
        most = exponent + digits - 1
        scientific = most < 0 and -most > padding
    if not scientific:
        if exponent >= 0:
            return minus + text + "0" * exponent
        if -exponent < digits:
            return f"{minus}{text[:exponent]}.{text[exponent:]}"
        return f"{minus}0.{'0' * (-exponent - digits)}{text}"
    power = exponent + digits - 1
    rest = text[1:]
    if not truncate_zero:
        rest = rest.ljust(precision, "0")
    mantissa = text[0] + ("." + rest if rest else "")
    if truncate_zero:
        return f"{minus}{mantissa}E{'+' if power >= 0 else '-'}{abs(power)}"
    return f"{minus}{mantissa}e{'+' if power >= 0 else '-'}{abs(power):02d}"


def _same(text: str, raw: bytes, dtype) -> bool:
    return np.array([float(text)]).astype(dtype).tobytes() == raw


def element_texts(data: bytes, element: str, count: int) -> list[str]:
    """The elements of a dense raw buffer (MLIR's layout; i1 one byte each) as MLIR prints them."""
    if element == "i1":
        return ["true" if b else "false" for b in data[:count]]
    if element.startswith("complex<"):
        inner = element[len("complex<"):-1]
        parts = element_texts(data, inner, 2 * count)
        return [f"({parts[2 * i]},{parts[2 * i + 1]})" for i in range(count)]
    if element[0] in "iu" or element.startswith("si") or element == "index":
        width = 64 if element == "index" else int(element.lstrip("siu"))
        size = max((width + 7) // 8, 1)
        signed = not element.startswith("ui")
        if width % 8:  # i2, i4: each in a byte, its high bits zero; the sign is the width's top bit
            values = [int.from_bytes(data[i * size:(i + 1) * size], "little") & ((1 << width) - 1)
                      for i in range(count)]
            return [str(v - (1 << width) if signed and v >> (width - 1) else v) for v in values]
        return [str(int.from_bytes(data[i * size:(i + 1) * size], "little", signed=signed)) for i in range(count)]
    dtype = numpy_of(element)
    size = dtype.itemsize
    return [float_text(int.from_bytes(data[i * size:(i + 1) * size], "little"), element) for i in range(count)]


def dense_text(data: bytes, shape: tuple, element: str) -> str:
    """`dense<...>` of a raw buffer: a splat when the buffer holds one element, else nested lists."""
    count = 1
    for d in shape:
        count *= d
    if count == 0 and not data:  # (an empty tensor written as a splat keeps its value: `dense<2>`)
        return "dense<>"
    if element == "i1":
        per = 1
    elif element.startswith("complex<"):
        per = 2 * (numpy_of(element[8:-1]).itemsize if element[8] == "f" or element[8:10] == "bf"
                   else max(int(element[8:-1].lstrip("siu")) // 8, 1))
    elif element[0] in "iu" or element.startswith("si") or element == "index":
        width = 64 if element == "index" else int(element.lstrip("siu"))
        per = max((width + 7) // 8, 1)
    else:
        per = numpy_of(element).itemsize
    if len(data) == per or count == 1:
        return f"dense<{element_texts(data, element, 1)[0]}>"
    if count > HEX_ABOVE and element != "i1":
        return f'dense<"0x{data.hex().upper()}">'
    texts = element_texts(data, element, count)

    def nest(offset: int, dims: tuple) -> str:
        if not dims:
            return texts[offset]
        stride = 1
        for d in dims[1:]:
            stride *= d
        return "[" + ", ".join(nest(offset + i * stride, dims[1:]) for i in range(dims[0])) + "]"

    return f"dense<{nest(0, tuple(shape))}>"
