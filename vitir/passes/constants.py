"""Constants as arrays and arrays as constants, bit for bit: what folding and the simplifier read and write.

`constant_array(op)` is the array a constant (or an iota) defines, as the evaluator reads it;
`array_constant(name, array, type)` the constant node that defines that array again: a splat where
every element has the same bits, else one literal per element; a finite float as the shortest decimal
that reads back as it (`-0.0` keeps its sign), an infinity or NaN as its bits, so that evaluating the
constant gives the array back bit for bit.
"""

from __future__ import annotations

import numpy as np

from ..ast import ops as O
from ..ast.element_types import DType
from ..ast.literals import bits_literal, value_literal
from ..ast.types import TensorType
from ..numpy_dtypes import numpy_dtype

_UNSIGNED = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def constant_array(op) -> np.ndarray | None:
    """The array a Constant or an Iota defines; None for any other op (or a constant of no tensor type)."""
    from ..evaluate.structure import constant, iota

    if type(op) is O.Constant and isinstance(op.result_type, TensorType):
        return constant(op)
    if type(op) is O.Iota:
        return iota(op)
    return None


def bit_pattern(array: np.ndarray) -> np.ndarray:
    """The elements' bits as unsigned integers of their width (a complex element's two parts side by
    side), so that -0.0 and 0.0, or two NaNs of different payloads, compare apart."""
    array = np.ascontiguousarray(array)
    if array.dtype.kind == "c":
        array = array.view(array.real.dtype).reshape(*array.shape, 2)
    width = array.dtype.itemsize * 8
    return array.view(_UNSIGNED[width]) if width in _UNSIGNED else array


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two arrays of one dtype and shape hold the same bits, NaN for NaN (any payload)."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind in "fc" or a.dtype.name in _NARROW_FLOATS:
        nan_a, nan_b = _isnan(a), _isnan(b)
        if not np.array_equal(nan_a, nan_b):
            return False
        keep = ~nan_a
        return np.array_equal(bit_pattern(a)[keep], bit_pattern(b)[keep])
    return np.array_equal(bit_pattern(a), bit_pattern(b))


_NARROW_FLOATS = {"bfloat16", "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
                  "float8_e4m3b11fnuz", "float8_e4m3", "float8_e3m4", "float8_e8m0fnu", "float6_e2m3fn",
                  "float6_e3m2fn", "float4_e2m1fn"}


def same_values(a, b) -> bool:
    """`same_bits` for what the evaluator returns: arrays, tuples of them, tokens."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)
                and all(same_values(x, y) for x, y in zip(a, b)))
    a, b = (np.asarray(x) if isinstance(x, np.generic) else x for x in (a, b))  # a rank-0 result may be a scalar
    if not isinstance(a, np.ndarray) or not isinstance(b, np.ndarray):
        return type(a) is type(b)
    return same_bits(a, b)


def _isnan(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "c":
        return np.isnan(a.real) | np.isnan(a.imag)
    return np.isnan(a.astype(np.float64) if a.dtype.kind not in "fc" else a)


def element_literal(value, dtype: DType) -> str:
    """One element's literal, reading back as the same bits (a NaN or infinity as its bits)."""
    if dtype.is_complex:
        parts = (element_literal(value.real, dtype.part), element_literal(value.imag, dtype.part))
        return f"({parts[0]},{parts[1]})"
    if dtype.is_float and not np.isfinite(np.float64(value)):
        bits = np.asarray(value).reshape(1).view(_UNSIGNED[dtype.bits])[0]
        return bits_literal(int(bits), dtype)
    if dtype.is_float:
        return value_literal(float(value), dtype)
    if dtype.is_bool:
        return "true" if value else "false"
    return value_literal(int(value), dtype)


def name_hint(result) -> str:
    """The name a new value replacing `result` asks for: its own, but `%r#1` of a group (no name of its
    own) asks for `r_1`."""
    return result.name.replace("#", "_")


def array_constant(name: str, array: np.ndarray, type: TensorType, path: str = "") -> O.Constant:
    """The Constant node `name` defining `array` (of `type`), a splat where all elements have one bit pattern."""
    array = np.asarray(array, dtype=numpy_dtype(type.dtype)).reshape(type.shape)
    flat = array.reshape(-1)
    if flat.size and np.all(bit_pattern(flat) == bit_pattern(flat[:1])):
        return O.Constant(name, element_literal(flat[0], type.dtype), type, path=path)
    literals = tuple(element_literal(x, type.dtype) for x in flat)
    return O.Constant(name, literals, type, path=path)


_SPLATS: dict[int, tuple] = {}  # id(constant) -> (the constant, its splat element or None): each read once


def splat_of(op):
    """The one element (a numpy scalar, so -0.0 keeps its sign) of a constant whose elements all have
    the same bits, else None: what an identity rule reads."""
    if type(op) is not O.Constant:
        return None
    hit = _SPLATS.get(id(op))
    if hit is None or hit[0] is not op:
        if len(_SPLATS) > 50_000:
            _SPLATS.clear()
        hit = _SPLATS[id(op)] = (op, _splat_element(op))
    return hit[1]


def _splat_element(op):
    array = constant_array(op)
    if array is None or array.size == 0:
        return None
    flat = array.reshape(-1)
    return flat[0] if np.all(bit_pattern(flat) == bit_pattern(flat[:1])) else None
