"""Uniform quantized types (`!quant.uniform<...>`) as bytecode entries. VHLO's
(`UniformQuantizedV1Type`, `UniformQuantizedPerAxisV1Type`, an artifact's) and the quant dialect's
own (`UniformQuantizedType`, `UniformQuantizedPerAxisType`: plain MLIR bytecode, as jaxlib's
`write_bytecode` writes a module whose context has the quant dialect loaded; encodings.QUANT_TYPES)
hold the same fields in the same order; only the storage type differs (VHLO's signed integer type,
the builtin signless one). Reading takes each back to the text vitir's importer reads."""

from __future__ import annotations

import struct

from .encodings import code_of, entry_name
from .errors import BytecodeError
from .ir import Type
from .vhlo import TYPE_TEXTS, uniform_quantized_text


def uniform_fields(body: str, storage_type, expressed_type) -> tuple[bool, tuple]:
    """(per axis, the fields) of `!quant.uniform<body>`: flags (1: signed storage), the storage type
    (`storage_type(bits)`), the expressed type (`expressed_type(its text)`), then the scale (an IEEE
    double's bits), zero point and storage range, or the axis, the range, the scales and zero points."""
    from ...ast.quantized import QuantizedElement

    q = QuantizedElement.parse(body)
    flags = int(q.storage.is_signed)
    storage, expressed = storage_type(q.storage.bits), expressed_type(q.expressed.value)
    doubles = tuple(int.from_bytes(struct.pack("<d", s), "little") for s in q.scales)
    if q.axis is None:
        return False, (flags, storage, expressed, doubles[0], q.zero_points[0], q.storage_min, q.storage_max)
    return True, (flags, storage, expressed, q.axis, q.storage_min, q.storage_max, doubles, tuple(q.zero_points))


def quant_type(body: str, expressed_type) -> Type:
    """The quant dialect's entry of `!quant.uniform<body>` (its storage a builtin signless integer)."""
    def storage(bits: int) -> Type:
        return Type("builtin", code_of("builtin", "IntegerType", True), (bits << 2,))

    per_axis, fields = uniform_fields(body, storage, expressed_type)
    name = "UniformQuantizedPerAxisType" if per_axis else "UniformQuantizedType"
    return Type("quant", code_of("quant", name, True), fields)


def quant_type_text(entry: Type) -> str:
    name = entry_name(entry)
    if name in ("UniformQuantizedType", "UniformQuantizedPerAxisType"):
        return uniform_quantized_text(entry.fields, name == "UniformQuantizedPerAxisType")
    # any, calibrated and sub-channel quantized types: StableHLO holds none of them
    raise BytecodeError(f"no text known for the quant dialect's type {name}")


TYPE_TEXTS["quant"] = quant_type_text
