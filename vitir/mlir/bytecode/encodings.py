"""Dialect encodings of attributes and types, as data: one row per code.

A row is `(name, fields)`; each field is read and written by its kind:

- `attr`, `type`: a reference (varint index) to another attribute or type;
- `optional attr`: 0 for none, else (index << 1) | 1 (MLIR's writeOptionalAttribute);
- `flagged attr`: a varint 0/1, then the attribute when 1 (VHLO's AxisRef);
- `bool`: one byte, 0 or 1 (MLIR's writeOwnedBool); `bool attr`: a `bool`, then the attribute when 1;
- `varint`, `svarint`: unsigned / zigzag-signed varints; `string`: a string-section index;
- `blob`: a varint size and the bytes; `resource`: a resource handle (index);
- `int`, `float`: an APInt / APFloat whose width the entry's first field (a type) gives;
- `f64`: an APFloat of IEEE double semantics;
- `dense strings`: DenseStringElementsAttr's strings (one when splat, else one per element);
- `(LIST, kind)` or `(LIST, (kind, kind, ...))`: a varint count then that many items.

Sources: llvm-project mlir/include/mlir/IR/BuiltinDialectBytecode.td (the builtin dialect),
openxla/stablehlo at 3c9301c1: stablehlo/dialect/VhloBytecode.cpp (VHLO), StablehloBytecode.cpp
(StableHLO), ChloBytecode.cpp (CHLO), openxla/shardy at a0277a83 shardy/dialect/sdy/ir/bytecode.td
(Shardy), and llvm-project mlir/include/mlir/Dialect/Quant/IR/QuantDialectBytecode.td (quant). Every
custom-encoded entry
starts with its code (a varint).
"""

from __future__ import annotations

from functools import lru_cache

from .dialect_properties import PROPERTIES as DIALECT_PROPERTIES

LIST = "*"
_SHAPE = (LIST, "svarint")
_TYPES = (LIST, "type")
_ATTRS = (LIST, "attr")

BUILTIN_ATTRIBUTES = (
    ("ArrayAttr", (_ATTRS,)),
    ("DictionaryAttr", ((LIST, ("attr", "attr")),)),
    ("StringAttr", ("string",)),
    ("StringAttrWithType", ("string", "type")),
    ("FlatSymbolRefAttr", ("attr",)),
    ("SymbolRefAttr", ("attr", _ATTRS)),
    ("TypeAttr", ("type",)),
    ("UnitAttr", ()),
    ("IntegerAttr", ("type", "int")),
    ("FloatAttr", ("type", "float")),
    ("CallSiteLoc", ("attr", "attr")),
    ("FileLineColLoc", ("attr", "varint", "varint")),
    ("FusedLoc", (_ATTRS,)),
    ("FusedLocWithMetadata", (_ATTRS, "attr")),
    ("NameLoc", ("attr", "attr")),
    ("UnknownLoc", ()),
    ("DenseResourceElementsAttr", ("type", "resource")),
    ("DenseArrayAttr", ("type", "varint", "blob")),
    ("DenseIntOrFPElementsAttr", ("type", "blob")),
    ("DenseStringElementsAttr", ("type", "varint", "dense strings")),
    ("SparseElementsAttr", ("type", "attr", "attr")),
    ("DistinctAttr", ("attr",)),
    ("FileLineColRange", ("attr", (LIST, "varint"))),  # line[, column[, end column | end line, end column]]
)

BUILTIN_TYPES = (
    ("IntegerType", ("varint",)),  # width << 2 | signedness (0 signless, 1 signed, 2 unsigned)
    ("IndexType", ()),
    ("FunctionType", (_TYPES, _TYPES)),
    ("BFloat16Type", ()),
    ("Float16Type", ()),
    ("Float32Type", ()),
    ("Float64Type", ()),
    ("Float80Type", ()),
    ("Float128Type", ()),
    ("ComplexType", ("type",)),
    ("MemRefType", (_SHAPE, "type", "attr")),
    ("MemRefTypeWithMemSpace", ("attr", _SHAPE, "type", "attr")),
    ("NoneType", ()),
    ("RankedTensorType", (_SHAPE, "type")),
    ("RankedTensorTypeWithEncoding", ("attr", _SHAPE, "type")),
    ("TupleType", (_TYPES,)),
    ("UnrankedMemRefType", ("type",)),
    ("UnrankedMemRefTypeWithMemSpace", ("attr", "type")),
    ("UnrankedTensorType", ("type",)),
    ("VectorType", (_SHAPE, "type")),
    ("VectorTypeWithScalableDims", ((LIST, "varint"), _SHAPE, "type")),
    # appended later; codes read from jaxlib 0.10.2's writer
    ("FloatTF32Type", ()),
    ("Float8E5M2Type", ()),
    ("Float8E4M3Type", ()),
    ("Float8E4M3FNType", ()),
    ("Float8E5M2FNUZType", ()),
    ("Float8E4M3FNUZType", ()),
    ("Float8E4M3B11FNUZType", ()),
    ("Float8E3M4Type", ()),
    ("Float4E2M1FNType", ()),
    ("Float6E2M3FNType", ()),
    ("Float6E3M2FNType", ()),
    ("Float8E8M0FNUType", ()),
)

_ENUM = ("varint",)
VHLO_ATTRIBUTES = (
    None,  # 0: ArgResultAliasV1Attr, deprecated
    ("ArrayV1Attr", (_ATTRS,)),
    ("BooleanV1Attr", ("varint",)),
    ("ComparisonDirectionV1Attr", _ENUM),
    ("ComparisonTypeV1Attr", _ENUM),
    ("CustomCallApiVersionV1Attr", _ENUM),
    ("DictionaryV1Attr", ((LIST, ("attr", "attr")),)),
    ("FftTypeV1Attr", _ENUM),
    ("FloatV1Attr", ("type", "float")),
    ("IntegerV1Attr", ("type", "int")),
    ("OutputOperandAliasV1Attr", (_SHAPE, "svarint", _SHAPE)),
    ("PrecisionV1Attr", _ENUM),
    ("RngAlgorithmV1Attr", _ENUM),
    ("RngDistributionV1Attr", _ENUM),
    ("StringV1Attr", ("string",)),
    ("TensorV1Attr", ("type", "blob")),
    ("TransposeV1Attr", _ENUM),
    ("TypeV1Attr", ("type",)),
    ("TypeExtensionsV1Attr", (_SHAPE,)),
    ("ResultAccuracyModeV1Attr", _ENUM),
    ("ResultAccuracyV1Attr", ("f64", "f64", "svarint", "attr")),
    ("SubAxisInfoV1Attr", ("svarint", "svarint")),
    ("AxisRefV1Attr", ("attr", "flagged attr")),
    ("ReplicaGroupMeshAxesV1Attr", ("attr", "attr")),
    ("MeshAxisV1Attr", ("attr", "svarint")),
    ("MeshV1Attr", ("attr", "optional attr")),
)

VHLO_TYPES = (
    ("BooleanV1Type", ()),
    ("ComplexV1Type", ("type",)),
    ("FloatBF16V1Type", ()),
    ("FloatF16V1Type", ()),
    ("FloatF32V1Type", ()),
    ("FloatF64V1Type", ()),
    ("FloatF8E4M3FNV1Type", ()),
    ("FloatF8E5M2V1Type", ()),
    ("FunctionV1Type", (_TYPES, _TYPES)),
    ("IndexV1Type", ()),
    ("IntegerSI4V1Type", ()),
    ("IntegerSI8V1Type", ()),
    ("IntegerSI16V1Type", ()),
    ("IntegerSI32V1Type", ()),
    ("IntegerSI64V1Type", ()),
    ("IntegerUI4V1Type", ()),
    ("IntegerUI8V1Type", ()),
    ("IntegerUI16V1Type", ()),
    ("IntegerUI32V1Type", ()),
    ("IntegerUI64V1Type", ()),
    ("RankedTensorV1Type", (_SHAPE, "type")),
    ("RankedTensorV1TypeWithEncoding", ("attr", _SHAPE, "type")),
    ("TokenV1Type", ()),
    ("TupleV1Type", (_TYPES,)),
    ("UniformQuantizedV1Type", ("varint", "type", "type", "f64", "svarint", "svarint", "svarint")),
    ("UnrankedTensorV1Type", ("type",)),
    ("WitnessV1Type", ()),
    ("FloatF8E4M3FNUZV1Type", ()),
    ("FloatF8E5M2FNUZV1Type", ()),
    ("FloatF8E4M3B11FNUZV1Type", ()),
    ("UniformQuantizedPerAxisV1Type",
     ("varint", "type", "type", "varint", "svarint", "svarint", (LIST, "f64"), _SHAPE)),
    ("IntegerSI2V1Type", ()),
    ("IntegerUI2V1Type", ()),
    ("NoneV1Type", ()),
    ("FloatTF32V1Type", ()),
    ("FloatF8E4M3V1Type", ()),
    ("FloatF8E3M4V1Type", ()),
    ("FloatF4E2M1FNV1Type", ()),
    ("FloatF6E2M3FNV1Type", ()),
    ("FloatF6E3M2FNV1Type", ()),
    ("FloatF8E8M0FNUV1Type", ()),
    ("RankedBufferV1Type", (_SHAPE, "type")),
    ("FutureV1Type", (_TYPES,)),
)

# StableHLO's own encodings (plain bytecode of a StableHLO module, as jaxlib writes it).
STABLEHLO_ATTRIBUTES = (
    None,  # 0: ArgResultAliasAttr, obsolete
    ("ChannelHandleAttr", ("svarint", "svarint")),
    ("ComparisonDirectionAttr", _ENUM),
    ("ComparisonTypeAttr", _ENUM),
    ("ConvDimensionNumbersAttr", ("svarint", "svarint", _SHAPE, "svarint", "svarint", _SHAPE, "svarint", "svarint",
                                  _SHAPE)),
    ("DotDimensionNumbersAttr", (_SHAPE, _SHAPE, _SHAPE, _SHAPE)),
    ("FftTypeAttr", _ENUM),
    ("GatherDimensionNumbersAttr", (_SHAPE, _SHAPE, _SHAPE, _SHAPE, _SHAPE, "svarint")),
    ("PrecisionAttr", _ENUM),
    ("RngAlgorithmAttr", _ENUM),
    ("RngDistributionAttr", _ENUM),
    ("ScatterDimensionNumbersAttr", (_SHAPE, _SHAPE, _SHAPE, _SHAPE, _SHAPE, "svarint")),
    ("TransposeAttr", _ENUM),
    ("TypeExtensionsAttr", (_SHAPE,)),
    ("OutputOperandAliasAttr", (_SHAPE, "svarint", _SHAPE)),
    ("DotAlgorithmAttr", ("type", "type", "type", "svarint", "svarint", "svarint", "bool")),
    ("ResultAccuracyModeAttr", _ENUM),
    ("ResultAccuracyAttr", ("f64", "f64", "svarint", "attr")),
    ("ReplicaGroupMeshAxesAttr", ("attr", _ATTRS)),
    ("SubAxisInfoAttr", ("svarint", "svarint")),
    ("AxisRefAttr", ("string", "bool attr")),
    ("MeshAxisAttr", ("string", "svarint")),
    ("MeshAttr", ("attr", "bool attr")),
)
STABLEHLO_TYPES = (
    ("TokenType", ()),
    ("FutureType", (_TYPES,)),
)
CHLO_ATTRIBUTES = (
    ("ComparisonDirectionAttr", _ENUM),
    ("ComparisonTypeAttr", _ENUM),
)
_OPTIONAL_VARINT = "varint"  # Shardy's writeOptionalVarInt: (value << 1) | present, kept as written
SDY_ATTRIBUTES = (
    ("ManualAxesAttr", (_ATTRS,)),
    ("MeshAxisAttr", ("string", "svarint")),
    ("MeshAttr", (_ATTRS, _SHAPE)),  # axes, device ids
    ("SubAxisInfoAttr", ("svarint", "svarint")),
    ("AxisRefAttr", ("string", "optional attr")),
    ("DimensionShardingAttr", (_ATTRS, "bool", _OPTIONAL_VARINT)),  # axes, is closed, priority
    ("TensorShardingAttrV1", ("attr", _ATTRS, _ATTRS)),  # mesh or its name, dimensions, replicated
    ("TensorShardingPerValueAttrV1", (_ATTRS,)),
    ("DimMappingAttr", (_SHAPE,)),
    ("TensorMappingAttr", (_ATTRS,)),
    ("OpShardingRuleAttr", (_SHAPE, _ATTRS, _ATTRS, _SHAPE, _SHAPE, _SHAPE, _SHAPE, "bool")),
    ("AxisRefListAttr", (_ATTRS,)),
    ("ListOfAxisRefListsAttr", (_ATTRS,)),
    ("AllToAllParamAttr", (_ATTRS, "svarint", "svarint")),
    ("AllToAllParamListAttr", (_ATTRS,)),
    ("TensorShardingAttrV2", ("attr", _ATTRS, _ATTRS, _ATTRS)),  # ... and unreduced axes
    ("TensorShardingPerValueAttrV2", (_ATTRS,)),
    ("TensorShardingAttrV3", ("attr", _ATTRS, _ATTRS, _ATTRS, "svarint")),  # ... and the reduction
)

# The quant dialect's types (llvm-project mlir/include/mlir/Dialect/Quant/IR/QuantDialectBytecode.td):
# flags (1: signed storage), the storage type (a signless integer), the expressed type, scales as IEEE
# doubles, zero points and the storage range as signed varints. It has no attributes.
QUANT_TYPES = (
    None,  # 0: reserved
    ("AnyQuantizedType", ("varint", "type", "svarint", "svarint")),
    ("AnyQuantizedTypeWithExpressedType", ("varint", "type", "type", "svarint", "svarint")),
    ("CalibratedQuantizedType", ("type", "f64", "f64")),
    ("UniformQuantizedType", ("varint", "type", "type", "f64", "svarint", "svarint", "svarint")),
    ("UniformQuantizedPerAxisType",  # ..., the axis, the range, then the scales and the zero points
     ("varint", "type", "type", "varint", "svarint", "svarint", (LIST, "f64"), _SHAPE)),
    ("UniformQuantizedSubChannelType",  # ..., the range, quantized dimensions, block sizes, scales, zero points
     ("varint", "type", "type", "svarint", "svarint", _SHAPE, _SHAPE, "attr", "attr")),
)

# What VHLO's attributes verify of the attributes they hold (VhloAttrs.td, `genVerifyDecl`): the
# entry's name -> (the attributes that must be VHLO's, from its fields; the refusal, in its words).
VHLO_VERIFIERS = {
    "DictionaryV1Attr": (lambda fields: [key for key, _ in fields[0]], "expected VHLO key attribute"),
    "ResultAccuracyV1Attr": (lambda fields: [fields[3]], "expected VHLO result accuracy mode"),
}

# dialect -> (attribute rows, type rows); a dialect absent here has its entries in text.
DIALECTS = {
    "builtin": (BUILTIN_ATTRIBUTES, BUILTIN_TYPES),
    "vhlo": (VHLO_ATTRIBUTES, VHLO_TYPES),
    "stablehlo": (STABLEHLO_ATTRIBUTES, STABLEHLO_TYPES),
    "chlo": (CHLO_ATTRIBUTES, ()),
    "sdy": (SDY_ATTRIBUTES, ()),
    "quant": ((), QUANT_TYPES),
}


def _index(rows):
    return {row[0]: code for code, row in enumerate(rows) if row is not None}


CODES = {dialect: (_index(attrs), _index(types)) for dialect, (attrs, types) in DIALECTS.items()}


def rows_for(dialect: str, is_type: bool):
    tables = DIALECTS.get(dialect)
    return None if tables is None else tables[is_type]


def code_of(dialect: str, name: str, is_type: bool) -> int:
    """The code of the encoding `name` in `dialect` (KeyError when it has none)."""
    return CODES[dialect][is_type][name]


_NAMES: dict = {}  # (dialect, is_type, code) -> the encoding's name


def entry_name(entry) -> str:
    if entry.text is not None:
        return "text"
    key = (entry.dialect, entry.__class__.__name__ == "Type", entry.code)
    name = _NAMES.get(key)
    if name is None:
        rows = rows_for(key[0], key[1])
        code = key[2]
        name = _NAMES[key] = rows[code][0] if rows is not None and code < len(rows) and rows[code] else str(code)
    return name


# Bit widths of the float and integer types an `int`/`float` field reads its width from.
_BUILTIN_TYPE_WIDTHS = {"IndexType": 64, "BFloat16Type": 16, "Float16Type": 16, "Float32Type": 32,
                        "Float64Type": 64, "Float80Type": 80, "Float128Type": 128, "FloatTF32Type": 19,
                        "Float4E2M1FNType": 4, "Float6E2M3FNType": 6, "Float6E3M2FNType": 6}
_VHLO_TYPE_WIDTHS = {
    "BooleanV1Type": 1, "IndexV1Type": 64, "FloatBF16V1Type": 16, "FloatF16V1Type": 16, "FloatF32V1Type": 32,
    "FloatF64V1Type": 64, "FloatTF32V1Type": 19, "FloatF4E2M1FNV1Type": 4, "FloatF6E2M3FNV1Type": 6,
    "FloatF6E3M2FNV1Type": 6, "IntegerSI2V1Type": 2, "IntegerUI2V1Type": 2, "IntegerSI4V1Type": 4,
    "IntegerUI4V1Type": 4, "IntegerSI8V1Type": 8, "IntegerUI8V1Type": 8, "IntegerSI16V1Type": 16,
    "IntegerUI16V1Type": 16, "IntegerSI32V1Type": 32, "IntegerUI32V1Type": 32, "IntegerSI64V1Type": 64,
    "IntegerUI64V1Type": 64,
}
# Builtin float types without a bytecode encoding are written as text (f8E4M3FN, tf32, ...).
_TEXT_TYPE_WIDTHS = {"tf32": 19, "f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6}


def bit_width(type_) -> int | None:
    """The storage width of an integer or float type entry, or None when it is neither."""
    if type_.text is not None:
        text = type_.text
        if text in _TEXT_TYPE_WIDTHS:
            return _TEXT_TYPE_WIDTHS[text]
        if text.startswith("f8"):
            return 8
        if text[:1] in "isu" and text.lstrip("siu")[:1].isdigit():
            digits = text[2:] if text[:2] in ("si", "ui") else text[1:]
            return int(digits) if digits.isdigit() else None
        return None
    name = entry_name(type_)
    if type_.dialect == "builtin":
        if name == "IntegerType":
            return type_.fields[0] >> 2
        if name.startswith("Float8"):
            return 8
        return _BUILTIN_TYPE_WIDTHS.get(name)
    if type_.dialect == "vhlo":
        if name.startswith("FloatF8"):
            return 8
        return _VHLO_TYPE_WIDTHS.get(name)
    return None


# Op properties (format version 5 on): what each op's properties entry holds, by op name or by the
# dialect's prefix. ODS writes an op's inherent attributes in name order, `attr` when required and
# `optional attr` when not; VHLO's attributes are all required. An op absent here keeps its
# properties as raw bytes.
ALL_ATTRS = "attrs until the end"
PROPERTY_LAYOUTS = {
    "builtin.module": ("optional attr", "optional attr"),  # sym_name, sym_visibility
    # StableHLO's, CHLO's, Shardy's and func's ops (generated)
    **{op: tuple(kind for _, kind in entries) for op, entries in DIALECT_PROPERTIES.items()},
}
# The names of those ops' properties, in their order (the text an op's properties print as).
PROPERTY_NAMES = {"builtin.module": ("sym_name", "sym_visibility"),
                  **{op: tuple(name for name, _ in entries) for op, entries in DIALECT_PROPERTIES.items()}}
PROPERTY_LAYOUT_PREFIXES = {"vhlo.": ALL_ATTRS}


@lru_cache(maxsize=None)
def property_layout(op_name: str):
    layout = PROPERTY_LAYOUTS.get(op_name)
    if layout is None:
        for prefix, found in PROPERTY_LAYOUT_PREFIXES.items():
            if op_name.startswith(prefix):
                return found
    return layout


_VERIFIER_CODES = {("vhlo", False, code_of("vhlo", name, False)): check for name, check in VHLO_VERIFIERS.items()}


def verify_entry(dialect: str, is_type: bool, code: int, fields: tuple) -> str | None:
    """Why a decoded entry is not valid (its dialect's verifier, in its words), or None."""
    check = _VERIFIER_CODES.get((dialect, is_type, code))
    if check is None:
        return None
    held, refusal = check
    return None if all(a.dialect == dialect for a in held(fields)) else refusal
