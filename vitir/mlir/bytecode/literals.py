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
        mantissa, _, exponent = f"{value:.5e}".partition("e")
        text = f"{mantissa}0e{exponent}"
        if _same(text, raw, dtype):
            return text
        digits = math.ceil(_PRECISION.get(type_text, 24) * math.log10(2)) + 1
        text = f"{value:.{digits}g}".replace("e", "E")
        if "." in text and _same(text, raw, dtype):
            return text
    return f"0x{int.from_bytes(raw, 'little'):0{dtype.itemsize * 2}X}"


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
        return [str(int.from_bytes(data[i * size:(i + 1) * size], "little", signed=signed)) for i in range(count)]
    dtype = numpy_of(element)
    size = dtype.itemsize
    return [float_text(int.from_bytes(data[i * size:(i + 1) * size], "little"), element) for i in range(count)]


def dense_text(data: bytes, shape: tuple, element: str) -> str:
    """`dense<...>` of a raw buffer: a splat when the buffer holds one element, else nested lists."""
    count = 1
    for d in shape:
        count *= d
    if count == 0:
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
    texts = element_texts(data, element, count)

    def nest(offset: int, dims: tuple) -> str:
        if not dims:
            return texts[offset]
        stride = 1
        for d in dims[1:]:
            stride *= d
        return "[" + ", ".join(nest(offset + i * stride, dims[1:]) for i in range(dims[0])) + "]"

    return f"dense<{nest(0, tuple(shape))}>"
