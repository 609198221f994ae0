"""Portable artifacts (VHLO in MLIR bytecode) upgraded to StableHLO, printed as MLIR's generic text.

The op of each VHLO op version is its mnemonic without the version (`add_v1` -> `stablehlo.add`;
`func_v1`, `call_v1` -> `func.*`; `return_v1` -> `func.return` in a function, else
`stablehlo.return`). What VHLO spells differently from StableHLO is data, below: attributes that are
dropped when they hold StableHLO's default, attributes that are dense arrays in StableHLO, groups of
attributes that StableHLO holds as one (dimension numbers, the dot algorithm, channel handles),
booleans that StableHLO holds as unit attributes, strings that are symbols. This mirrors
openxla/stablehlo's VhloLegalizeToStablehlo.cpp (removeDefaults, convertSpecial, implodeSpecial).
"""

from __future__ import annotations

import re
import struct

from ...ast.location import UNKNOWN, CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc
from ...text.importer import Fallback
from .encodings import PROPERTY_NAMES, entry_name
from .errors import BytecodeError
from .ir import Attribute, BytecodeModule, Operation, Type
from .vhlo_tables import CURRENT_VERSION, ENUMS, MINIMUM_VERSION, OPS

OP_VERSIONS = {row[0]: row for row in OPS}  # mnemonic -> (mnemonic, introduced, removed, attrs, regions)
UPSTREAM = {"func": "func.func", "call": "func.call"}

# StableHLO's default of an attribute, by op: the attribute is dropped when VHLO holds this value.
# ("int", n), ("bool", b), ("string", s), ("empty",) (array, dictionary, string or tensor),
# ("enum", case), ("splat", n) (a tensor all of n), ("all", case) (an array all of an enum case),
# ("default accuracy",).
_ACCURACY = {"result_accuracy": ("default accuracy",)}
_CHANNEL = {"channel_id": ("int", 0)}
_GLOBAL = {"channel_id": ("int", 0), "use_global_device_ids": ("bool", False)}
_WINDOW = {"window_strides": ("splat", 1), "padding": ("splat", 0)}
DEFAULTS = {
    "func": {"sym_visibility": ("string", ""), "arg_attrs": ("empty",), "res_attrs": ("empty",)},
    "all_gather": _GLOBAL, "all_reduce": _GLOBAL, "reduce_scatter": _GLOBAL,
    "all_to_all": _CHANNEL, "collective_permute": _CHANNEL,
    "collective_broadcast": {"channel_id": ("int", 0), "has_dynamic_root": ("bool", False)},
    "collective_reduce": {**_GLOBAL, "has_dynamic_root": ("bool", False)},
    "cholesky": {"lower": ("bool", False)},
    "compare": {"compare_type": ("enum", "NOTYPE")},
    "composite": {"version": ("int", 0), "composite_attributes": ("empty",)},
    "convolution": {**_WINDOW, "lhs_dilation": ("splat", 1), "rhs_dilation": ("splat", 1),
                    "window_reversal": ("splat", 0), "precision_config": ("all", "DEFAULT")},
    "dynamic_conv": {"window_strides": ("splat", 1), "lhs_dilation": ("splat", 1), "rhs_dilation": ("splat", 1),
                     "window_reversal": ("splat", 0), "precision_config": ("all", "DEFAULT")},
    "custom_call": {"has_side_effect": ("bool", False), "backend_config": ("empty",),
                    "api_version": ("enum", "API_VERSION_ORIGINAL"), "called_computations": ("empty",),
                    "output_operand_aliases": ("empty",), "result_tilings": ("empty",)},
    "dot_general": {"precision_config": ("all", "DEFAULT")},
    "dot": {"precision_config": ("all", "DEFAULT")},
    "dynamic_broadcast_in_dim": {"known_expanding_dimensions": ("empty",),
                                 "known_nonexpanding_dimensions": ("empty",)},
    "dynamic_gather": {"indices_are_sorted": ("bool", False)},
    "gather": {"indices_are_sorted": ("bool", False)},
    "infeed": {"infeed_config": ("empty",), "layout": ("empty",)},
    "outfeed": {"outfeed_config": ("empty",)},
    "recv": {"is_host_transfer": ("bool", False), "source_target_pairs": ("empty",)},
    "send": {"is_host_transfer": ("bool", False), "source_target_pairs": ("empty",)},
    "reduce_window": {"window_strides": ("splat", 1), "base_dilations": ("splat", 1),
                      "window_dilations": ("splat", 1), "padding": ("splat", 0)},
    "scatter": {"indices_are_sorted": ("bool", False), "unique_indices": ("bool", False)},
    "select_and_scatter": _WINDOW,
    "sort": {"dimension": ("int", -1), "is_stable": ("bool", False)},
    **{name: _ACCURACY for name in ("cbrt", "cosine", "exponential", "exponential_minus_one", "log",
                                    "log_plus_one", "logistic", "rsqrt", "sine", "sqrt", "tan", "tanh")},
}
# custom_call drops operand_layouts and result_layouts only when both are empty.
BOTH_EMPTY = {"custom_call": ("operand_layouts", "result_layouts")}

# Attributes StableHLO holds as dense arrays: (op, attribute) -> element type.
_I64 = "i64"
DENSE_ARRAYS = {
    ("fft", "fft_length"): _I64, ("broadcast", "broadcast_sizes"): _I64, ("dynamic_slice", "slice_sizes"): _I64,
    ("reverse", "dimensions"): _I64, ("transpose", "permutation"): _I64, ("map", "dimensions"): _I64,
    ("reduce", "dimensions"): _I64, ("gather", "slice_sizes"): _I64, ("broadcast_in_dim", "broadcast_dimensions"): _I64,
    **{("pad", a): _I64 for a in ("edge_padding_low", "edge_padding_high", "interior_padding")},
    **{("slice", a): _I64 for a in ("start_indices", "limit_indices", "strides")},
    **{("dynamic_broadcast_in_dim", a): _I64 for a in ("broadcast_dimensions", "known_expanding_dimensions",
                                                      "known_nonexpanding_dimensions")},
    **{("select_and_scatter", a): _I64 for a in ("window_dimensions", "window_strides")},
    **{("reduce_window", a): _I64 for a in ("window_dimensions", "window_strides", "base_dilations",
                                            "window_dilations")},
    **{(op, a): _I64 for op in ("convolution", "dynamic_conv") for a in ("lhs_dilation", "rhs_dilation",
                                                                       "window_strides")},
    **{(op, "window_reversal"): "i1" for op in ("convolution", "dynamic_conv")},
}

# Groups of VHLO attributes StableHLO holds as one: op -> [(name, attribute, [(field, kind)])],
# kind "int" (an integer), "ints" (a list), "type", "bool". A group whose fields VHLO holds as
# none types (the dot algorithm when unset) is left out.
_CONV = ("dimension_numbers", "conv", [
    ("input_batch_dimension", "int"), ("input_feature_dimension", "int"), ("input_spatial_dimensions", "ints"),
    ("kernel_input_feature_dimension", "int"), ("kernel_output_feature_dimension", "int"),
    ("kernel_spatial_dimensions", "ints"), ("output_batch_dimension", "int"), ("output_feature_dimension", "int"),
    ("output_spatial_dimensions", "ints")])
_GATHER = ("dimension_numbers", "gather", [
    ("offset_dims", "ints"), ("collapsed_slice_dims", "ints"), ("operand_batching_dims", "ints"),
    ("start_indices_batching_dims", "ints"), ("start_index_map", "ints"), ("index_vector_dim", "int")])
_CHANNEL_HANDLE = ("channel_handle", "channel_handle", [("channel_id", "int"), ("channel_type", "int")])
GROUPS = {
    "convolution": [_CONV], "dynamic_conv": [_CONV], "gather": [_GATHER], "dynamic_gather": [_GATHER],
    "dot_general": [
        ("dot_dimension_numbers", "dot", [("lhs_batching_dimensions", "ints"), ("rhs_batching_dimensions", "ints"),
                                          ("lhs_contracting_dimensions", "ints"),
                                          ("rhs_contracting_dimensions", "ints")]),
        ("algorithm", "dot_algorithm", [("lhs_precision_type", "type"), ("rhs_precision_type", "type"),
                                        ("accumulation_type", "type"), ("lhs_component_count", "int"),
                                        ("rhs_component_count", "int"), ("num_primitive_operations", "int"),
                                        ("allow_imprecise_accumulation", "bool")])],
    "scatter": [("scatter_dimension_numbers", "scatter", [
        ("update_window_dims", "ints"), ("inserted_window_dims", "ints"), ("input_batching_dims", "ints"),
        ("scatter_indices_batching_dims", "ints"), ("scatter_dims_to_operand_dims", "ints"),
        ("index_vector_dim", "int")])],
    "send": [_CHANNEL_HANDLE], "recv": [_CHANNEL_HANDLE],
}
# A VHLO channel_id StableHLO holds as a channel handle of type 0.
CHANNEL_ID_OPS = {"all_gather", "all_reduce", "all_to_all", "collective_permute", "reduce_scatter",
                  "collective_broadcast", "collective_reduce"}
# VHLO booleans StableHLO holds as unit attributes (present when true).
UNIT_FLAGS = {("all_gather", "use_global_device_ids"), ("all_reduce", "use_global_device_ids"),
              ("all_to_all", "use_global_device_ids"), ("collective_permute", "use_global_device_ids"),
              ("reduce_scatter", "use_global_device_ids"), ("collective_reduce", "use_global_device_ids"),
              ("collective_broadcast", "has_dynamic_root"), ("collective_reduce", "has_dynamic_root")}
# VHLO strings StableHLO holds as symbol references.
SYMBOLS = {("call", "callee"), ("composite", "decomposition")}
SYMBOL_ARRAYS = {("custom_call", "called_computations")}
# Attributes VHLO keeps that an upgrade to the current version drops.
DROPPED = {("dynamic_conv", "padding")}
# Enum attributes StableHLO holds as integers.
INTEGER_ENUMS = {"api_version_v1": "i32"}

_VHLO_SCALARS = {
    "BooleanV1Type": "i1", "IndexV1Type": "index", "NoneV1Type": "none", "TokenV1Type": "!stablehlo.token",
    "FloatBF16V1Type": "bf16", "FloatF16V1Type": "f16", "FloatF32V1Type": "f32", "FloatF64V1Type": "f64",
    "FloatTF32V1Type": "tf32", "WitnessV1Type": "!shape.witness",
}
_ENUM_KINDS = {"ComparisonDirectionV1Attr": "comparison_direction_v1", "ComparisonTypeV1Attr": "comparison_type_v1",
               "CustomCallApiVersionV1Attr": "api_version_v1", "FftTypeV1Attr": "fft_type_v1",
               "PrecisionV1Attr": "precision_v1", "RngAlgorithmV1Attr": "rng_algorithm_v1",
               "RngDistributionV1Attr": "rng_distribution_v1", "TransposeV1Attr": "transpose_v1",
               "ResultAccuracyModeV1Attr": "result_accuracy_mode_v1"}
DYNAMIC = -(1 << 63)


_VERSIONS: dict = {}  # a version's text -> its numbers (the tables' few dozen, compared for every op converted)


def version_tuple(text: str) -> tuple[int, int, int]:
    found = _VERSIONS.get(text)
    if found is not None:
        return found
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise BytecodeError(f"{text!r} is not a StableHLO version (x.y.z)")
    found = tuple(int(p) for p in parts)
    if len(_VERSIONS) < 1024:  # (the tables' versions; a caller's arbitrary texts are not kept without bound)
        _VERSIONS[text] = found
    return found


def artifact_version(module: BytecodeModule) -> str | None:
    """The StableHLO version a portable artifact names in its producer (`StableHLO_v1.2.3`)."""
    match = re.fullmatch(r"StableHLO_v(\d+\.\d+\.\d+)", module.producer)
    return match.group(1) if match else None


def check_version(version: str) -> None:
    """Refuse an artifact newer than the versions this reader knows, or older than VHLO's first."""
    if version_tuple(version) > version_tuple(CURRENT_VERSION):
        raise BytecodeError(f"portable artifact of StableHLO {version} is newer than the newest this reader "
                            f"knows ({CURRENT_VERSION})", section="header", offset=4)
    if version_tuple(version) < version_tuple(MINIMUM_VERSION):
        raise BytecodeError(f"portable artifact of StableHLO {version} is older than VHLO's first version "
                            f"({MINIMUM_VERSION})", section="header", offset=4)


# -- types ---------------------------------------------------------------------------------------------
# The texts of the StableHLO, CHLO and Shardy dialects' own entries (plain bytecode), by dialect: filled by
# dialect_text.py, which reads nested entries through this module's printer.
ATTRIBUTE_TEXTS: dict = {}
TYPE_TEXTS: dict = {}
_TYPE_TEXTS: dict = {}  # Type entry -> its text (entries are interned: a program has a few hundred)


def type_text(entry: Type) -> str:
    found = _TYPE_TEXTS.get(entry)
    if found is None:
        found = _TYPE_TEXTS[entry] = _type_text(entry)
    return found


def _type_text(entry: Type) -> str:
    if entry.text is not None:
        return entry.text
    name = entry_name(entry)
    fields = entry.fields
    if entry.dialect == "builtin":
        return _builtin_type_text(name, fields)
    if entry.dialect in TYPE_TEXTS:  # StableHLO's own (plain bytecode)
        return TYPE_TEXTS[entry.dialect](entry)
    if entry.dialect != "vhlo":
        raise BytecodeError(f"no text known for the {entry.dialect} dialect's type {name}")
    scalar = _VHLO_SCALARS.get(name)
    if scalar is not None:
        return scalar
    if name.startswith("FloatF"):
        return "f" + name[len("FloatF"):-len("V1Type")]
    if name.startswith("Integer"):
        sign = "i" if name[7:9] == "SI" else "ui"
        return sign + name[9:-len("V1Type")]
    if name == "ComplexV1Type":
        return f"complex<{type_text(fields[0])}>"
    if name == "FunctionV1Type":
        return _function_text(fields[0], fields[1])
    if name in ("RankedTensorV1Type", "RankedTensorV1TypeWithEncoding"):
        return _tensor_text(*((None, *fields) if name == "RankedTensorV1Type" else fields))
    if name == "UnrankedTensorV1Type":
        return f"tensor<*x{type_text(fields[0])}>"
    if name == "TupleV1Type":
        return f"tuple<{', '.join(type_text(t) for t in fields[0])}>"
    if name == "RankedBufferV1Type":
        return f"memref<{_dims(fields[0])}{type_text(fields[1])}>"
    if name == "FutureV1Type":
        return f"!stablehlo.future<{', '.join(type_text(t) for t in fields[0])}>"
    if name in ("UniformQuantizedV1Type", "UniformQuantizedPerAxisV1Type"):
        return uniform_quantized_text(fields, name == "UniformQuantizedPerAxisV1Type")
    raise BytecodeError(f"no StableHLO type for VHLO's {name}")


def uniform_quantized_text(fields, per_axis: bool) -> str:
    """`!quant.uniform<...>` from the fields VHLO's quantized types and the quant dialect's own hold
    alike (flags, storage, expressed, then scale and zero point, or the axis, range and pairs)."""
    if not per_axis:
        flags, storage, expressed, scale, zero_point, low, high = fields
        return (f"!quant.uniform<{_storage_text(flags, storage, low, high)}:{type_text(expressed)}, "
                f"{_double_text(scale)}:{zero_point}>")
    flags, storage, expressed, axis, low, high, scales, zero_points = fields
    pairs = ", ".join(f"{_double_text(s)}:{z}" for s, z in zip(scales, zero_points))
    return f"!quant.uniform<{_storage_text(flags, storage, low, high)}:{type_text(expressed)}:{axis}, {{{pairs}}}>"


def _storage_text(flags: int, storage: Type, low: int, high: int) -> str:
    text = type_text(storage)
    if not flags & 1 and text.startswith("i"):  # unsigned storage
        text = "u" + text
    width = int(re.sub(r"\D", "", text) or 0)
    signed = not text.startswith("u")
    default = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    return text if (low, high) == default else f"{text}<{low}:{high}>"


def _function_text(inputs, results) -> str:
    ins = ", ".join(type_text(t) for t in inputs)
    outs = [type_text(t) for t in results]
    result = outs[0] if len(outs) == 1 and not outs[0].startswith("(") and not outs[0].startswith("!") or \
        len(outs) == 1 and outs[0].startswith("!") else f"({', '.join(outs)})"
    return f"({ins}) -> {result}"


_BUILTIN_SCALARS = {"IndexType": "index", "BFloat16Type": "bf16", "Float16Type": "f16", "Float32Type": "f32",
                    "Float64Type": "f64", "Float80Type": "f80", "Float128Type": "f128", "NoneType": "none",
                    "FloatTF32Type": "tf32"}


def _builtin_type_text(name: str, fields) -> str:
    if name in _BUILTIN_SCALARS:
        return _BUILTIN_SCALARS[name]
    if name.startswith("Float"):
        return "f" + name[len("Float"):-len("Type")]
    if name == "IntegerType":
        width, signedness = fields[0] >> 2, fields[0] & 3
        return ("i", "si", "ui")[signedness] + str(width)
    if name == "ComplexType":
        return f"complex<{type_text(fields[0])}>"
    if name == "FunctionType":
        return _function_text(fields[0], fields[1])
    if name in ("RankedTensorType", "RankedTensorTypeWithEncoding"):
        return _tensor_text(*((None, *fields) if name == "RankedTensorType" else fields))
    if name == "UnrankedTensorType":
        return f"tensor<*x{type_text(fields[0])}>"
    if name == "TupleType":
        return f"tuple<{', '.join(type_text(t) for t in fields[0])}>"
    raise BytecodeError(f"no text known for the builtin type {name}")


def _dims(shape) -> str:
    return "".join(("?" if d == DYNAMIC else str(d)) + "x" for d in shape)


def _tensor_text(encoding, shape, element) -> str:
    """A ranked tensor type's text, VHLO's and the builtin dialect's alike."""
    suffix = f", {attribute_text(encoding)}" if encoding is not None else ""
    return f"tensor<{_dims(shape)}{type_text(element)}{suffix}>"


# -- attributes ----------------------------------------------------------------------------------------
_BARE_NAME = re.compile(r"[A-Za-z_][\w$.]*")  # a name written without quotes
_PLAIN_STRING = re.compile(r'[ !#-\[\]-~]*')  # printable ASCII but `"` and `\`: written as it is


def _string_text(value: str) -> str:
    if _PLAIN_STRING.fullmatch(value):  # (nearly every string: no loop over its bytes)
        return f'"{value}"'
    out = []
    for byte in value.encode("utf-8"):
        ch = chr(byte)
        if ch in '"\\' or not 0x20 <= byte < 0x7F:
            out.append(f"\\{byte:02X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _double_text(bits: int) -> str:
    """A double as MLIR reads it back exactly: `1.0e-05`, or its bits in hex when not finite."""
    value = struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
    if value != value or value in (float("inf"), float("-inf")):
        return f"0x{bits & 0xFFFFFFFFFFFFFFFF:016X}"
    text = repr(value)
    mantissa, e, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + e + exponent


def _signed(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def _int_value(entry: Attribute) -> int:
    """The value of an IntegerV1Attr or builtin IntegerAttr, sign-extended unless its type is unsigned."""
    type_, raw = entry.fields
    from .encodings import bit_width

    width = bit_width(type_)
    if isinstance(raw, tuple):
        raw = sum((w & 0xFFFFFFFFFFFFFFFF) << (64 * i) for i, w in enumerate(raw))
    unsigned = type_text(type_).startswith("ui")
    return raw & ((1 << width) - 1) if unsigned else _signed(raw, width)


def _tensor_bytes(type_: Type, blob: bytes) -> bytes:
    """A TensorV1Attr's data as MLIR's raw buffer: i1 unpacked from VHLO's bits."""
    element = type_.fields[-1]
    if entry_name(element) != "BooleanV1Type":
        return blob
    shape = type_.fields[-2]
    count = 1
    for d in shape:
        count *= d
    if blob == b"\xff" and count > 1:
        return b"\x01"
    if len(blob) == count and count <= 1:
        return blob
    return bytes((blob[i // 8] >> (i % 8)) & 1 for i in range(count))


def _dense_text(type_: Type, blob: bytes) -> str:
    from .literals import dense_text

    data = _tensor_bytes(type_, blob)
    shape = type_.fields[-2]
    return f"{dense_text(data, tuple(shape), type_text(type_.fields[-1]))} : {type_text(type_)}"


def _array_values(entry: Attribute, element: str) -> list:
    """A VHLO tensor (or array) of integers or booleans as Python values."""
    from .encodings import bit_width

    if entry_name(entry) == "ArrayV1Attr":
        return [bool(a.fields[0]) if entry_name(a) == "BooleanV1Attr" else _int_value(a) for a in entry.fields[0]]
    if entry_name(entry) != "TensorV1Attr":
        raise BytecodeError(f"expected a VHLO tensor or array, got {entry_name(entry)}")
    type_, blob = entry.fields
    data = _tensor_bytes(type_, blob)
    shape = type_.fields[-2]
    count = 1
    for d in shape:
        count *= d
    if element == "i1" or entry_name(type_.fields[-1]) == "BooleanV1Type":
        values = [bool(b) for b in data]
        return values * count if len(values) == 1 and count > 1 else values
    width = max(bit_width(type_.fields[-1]) // 8, 1)
    if len(data) == width and count > 1:  # a splat
        data = data * count
    return [int.from_bytes(data[i:i + width], "little", signed=True) for i in range(0, len(data), width)]


def attribute_text(entry: Attribute) -> str:
    if entry.text is not None:
        return entry.text
    if entry.dialect == "builtin":
        return _builtin_attribute_text(entry)
    if entry.dialect in ATTRIBUTE_TEXTS:  # StableHLO's, CHLO's and Shardy's own (plain bytecode)
        return ATTRIBUTE_TEXTS[entry.dialect](entry)
    if entry.dialect != "vhlo":
        raise BytecodeError(f"no text known for the {entry.dialect} dialect's attribute {entry_name(entry)}")
    name = entry_name(entry)
    fields = entry.fields
    if name == "ArrayV1Attr":
        return "[" + ", ".join(attribute_text(a) for a in fields[0]) + "]"
    if name == "BooleanV1Attr":
        return "true" if fields[0] else "false"
    if name in _ENUM_KINDS:
        mnemonic = _ENUM_KINDS[name]
        case = ENUMS[mnemonic][2].get(fields[0])
        if case is None:
            raise BytecodeError(f"VHLO {mnemonic} has no case {fields[0]}")
        if mnemonic in INTEGER_ENUMS:
            return f"{fields[0]} : {INTEGER_ENUMS[mnemonic]}"
        return f"#stablehlo<{mnemonic[:-3]} {case}>"
    if name == "DictionaryV1Attr":
        return "{" + ", ".join(f"{_key(k)} = {attribute_text(v)}" for k, v in fields[0]) + "}"
    if name == "FloatV1Attr":
        from .literals import float_text

        type_, bits = fields
        return f"{float_text(bits, type_text(type_))} : {type_text(type_)}"
    if name == "IntegerV1Attr":
        return f"{_int_value(entry)} : {type_text(fields[0])}"
    if name == "StringV1Attr":
        return _string_text(fields[0])
    if name == "TensorV1Attr":
        return _dense_text(fields[0], fields[1])
    if name == "TypeV1Attr":
        return type_text(fields[0])
    if name == "TypeExtensionsV1Attr":
        bounds = ", ".join("?" if b == DYNAMIC else str(b) for b in fields[0])
        return f"#stablehlo.type_extensions<bounds = [{bounds}]>"
    if name == "OutputOperandAliasV1Attr":
        out, operand, inner = fields
        return (f"#stablehlo.output_operand_alias<output_tuple_indices = [{', '.join(map(str, out))}], "
                f"operand_index = {operand}, operand_tuple_indices = [{', '.join(map(str, inner))}]>")
    if name == "ResultAccuracyV1Attr":
        atol, rtol, ulps, mode = fields
        return (f"#stablehlo.result_accuracy<atol = {_double_text(atol)}, rtol = {_double_text(rtol)}, "
                f"ulps = {ulps}, mode = #stablehlo.result_accuracy_mode<{ENUMS['result_accuracy_mode_v1'][2][mode.fields[0]]}>>")
    if name == "SubAxisInfoV1Attr":
        return f"({fields[0]}){fields[1]}"  # as StableHLO prints it in an axis_ref: `sub_axis_info = (1)2`
    if name == "AxisRefV1Attr":
        sub = f", sub_axis_info = {attribute_text(fields[1])}" if fields[1] is not None else ""
        return f"#stablehlo.axis_ref<name = {attribute_text(fields[0])}{sub}>"
    if name == "MeshAxisV1Attr":
        return f"#stablehlo.mesh_axis<name = {attribute_text(fields[0])}, size = {fields[1]}>"
    if name == "MeshV1Attr":
        ids = f", device_ids = {attribute_text(fields[1])}" if fields[1] is not None else ""
        return f"#stablehlo.mesh<axes = {attribute_text(fields[0])}{ids}>"
    if name == "ReplicaGroupMeshAxesV1Attr":
        mesh = fields[0]
        mesh_text = "@" + mesh.fields[0] if entry_name(mesh) == "StringV1Attr" else attribute_text(mesh)
        return f"#stablehlo.replica_group_mesh_axes<mesh = {mesh_text}, axes = {attribute_text(fields[1])}>"
    raise BytecodeError(f"no StableHLO attribute for VHLO's {name}")


def _key(name_attr: Attribute) -> str:
    name = name_attr.fields[0] if name_attr.text is None else name_attr.text.strip('"')
    return name if _BARE_NAME.fullmatch(name) else _string_text(name)


def _builtin_attribute_text(entry: Attribute) -> str:
    name = entry_name(entry)
    fields = entry.fields
    if name == "ArrayAttr":
        return "[" + ", ".join(attribute_text(a) for a in fields[0]) + "]"
    if name == "DictionaryAttr":
        return "{" + ", ".join(f"{_key(k)} = {attribute_text(v)}" for k, v in fields[0]) + "}"
    if name == "StringAttr":
        return _string_text(fields[0])
    if name == "StringAttrWithType":
        return f"{_string_text(fields[0])} : {type_text(fields[1])}"
    if name == "FlatSymbolRefAttr":
        return "@" + _symbol(fields[0])
    if name == "SymbolRefAttr":
        return "@" + _symbol(fields[0]) + "".join("::@" + _symbol(a.fields[0]) for a in fields[1])
    if name == "TypeAttr":
        return type_text(fields[0])
    if name == "UnitAttr":
        return "unit"
    if name == "IntegerAttr":
        text = type_text(fields[0])
        if text == "i1":
            return "true" if fields[1] & 1 else "false"
        return f"{_int_value(entry)} : {text}"
    if name == "FloatAttr":
        from .literals import float_text

        return f"{float_text(fields[1], type_text(fields[0]))} : {type_text(fields[0])}"
    if name == "DenseIntOrFPElementsAttr":
        from .literals import dense_text

        type_, data = fields
        shape = type_.fields[-2]
        element = type_text(type_.fields[-1])
        if element == "i1":
            data = _unpacked_bools(data, shape)
        return f"{dense_text(data, tuple(shape), element)} : {type_text(type_)}"
    if name == "DenseArrayAttr":
        element, count, data = fields
        text = type_text(element)
        if count == 0:
            return f"array<{text}>"
        width = len(data) // count
        values = [int.from_bytes(data[i:i + width], "little", signed=True) for i in range(0, len(data), width)]
        if text == "i1":
            return f"array<i1: {', '.join('true' if v else 'false' for v in values)}>"
        if text.startswith("f"):
            fmt = {4: "<f", 8: "<d"}[width]
            values = [repr(struct.unpack(fmt, data[i:i + width])[0]) for i in range(0, len(data), width)]
        return f"array<{text}: {', '.join(map(str, values))}>"
    raise BytecodeError(f"no text known for the builtin attribute {name}")


def _unpacked_bools(data: bytes, shape) -> bytes:
    """The builtin dialect's i1 elements, which MLIR packs 8 to a byte (a splat is one byte of
    0x00 or 0xFF), one byte each as VHLO holds them."""
    if len(data) == 1 and data[0] in (0, 0xFF):
        return bytes([data[0] & 1])
    count = 1
    for d in shape:
        count *= d
    return bytes((data[i // 8] >> (i % 8)) & 1 for i in range(count))


def _symbol(name_attr: Attribute) -> str:
    name = name_attr.fields[0]
    return name if _BARE_NAME.fullmatch(name) else _string_text(name)


# -- ops -----------------------------------------------------------------------------------------------
def _is_default(entry: Attribute, rule) -> bool:
    kind = rule[0]
    if entry.dialect != "vhlo" or entry.text is not None:
        return False
    name = entry_name(entry)
    fields = entry.fields
    if kind == "int":
        return name == "IntegerV1Attr" and _int_value(entry) == rule[1]
    if kind == "bool":
        return name == "BooleanV1Attr" and bool(fields[0]) == rule[1]
    if kind == "string":
        return name == "StringV1Attr" and fields[0] == rule[1]
    if kind == "empty":
        if name == "TensorV1Attr":
            return not fields[1]
        return name in ("ArrayV1Attr", "DictionaryV1Attr", "StringV1Attr") and not fields[0]
    if kind == "enum":
        mnemonic = _ENUM_KINDS.get(name)
        return mnemonic is not None and ENUMS[mnemonic][2].get(fields[0]) == rule[1]
    if kind == "splat":
        if name != "TensorV1Attr":
            return False
        element = type_text(fields[0].fields[-1])
        values = _array_values(entry, "i1" if element == "i1" else "i64")
        return bool(values) and all(int(v) == rule[1] for v in values)
    if kind == "all":
        return name == "ArrayV1Attr" and all(_is_default(a, ("enum", rule[1])) for a in fields[0])
    if kind == "default accuracy":
        if name != "ResultAccuracyV1Attr":
            return False
        atol, rtol, ulps, mode = fields
        return (atol & ~(1 << 63)) == 0 and (rtol & ~(1 << 63)) == 0 and ulps == 0 and mode.fields[0] == 0
    raise AssertionError(kind)


def _group_field(entry: Attribute, kind: str) -> str:
    name = entry_name(entry)
    if kind == "int":
        return str(_int_value(entry))
    if kind == "ints":
        return "[" + ", ".join(str(v) for v in _array_values(entry, "i64")) + "]"
    if kind == "type":
        return type_text(entry.fields[0])
    if kind == "bool":
        return "true" if entry.fields[0] else "false"
    raise AssertionError((kind, name))


def _conv_text(fields: dict) -> str:
    """`#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` from the nine VHLO attributes."""
    def layout(batch: str, feature: str, spatial: str, letters: str) -> str:
        spatial_dims = _array_values(fields[spatial], "i64")
        slots = [""] * (2 + len(spatial_dims))
        slots[_int_value(fields[batch])] = letters[0]
        slots[_int_value(fields[feature])] = letters[1]
        for index, dim in enumerate(spatial_dims):
            slots[dim] = str(index)
        return "[" + ", ".join(slots) + "]"

    lhs = layout("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions", "bf")
    rhs = layout("kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions", "io")
    out = layout("output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions", "bf")
    return f"#stablehlo.conv<{lhs}x{rhs}->{out}>"


def op_attributes(base: str, named: list[tuple[str, Attribute]]) -> list[tuple[str, str]]:
    """A VHLO op's attributes as StableHLO's (name, text), in the order MLIR would print them."""
    values = dict(named)
    defaults = DEFAULTS.get(base, {})
    dropped = {n for n, v in named if n in defaults and _is_default(v, defaults[n])}
    both = BOTH_EMPTY.get(base)
    if both and all(n in values and _is_default(values[n], ("empty",)) for n in both):
        dropped.update(both)
    out = []
    for group_name, kind, members in GROUPS.get(base, ()):
        present = [(field, fkind) for field, fkind in members if field in values]
        if not present:
            continue
        dropped.update(field for field, _ in members)
        if any(entry_name(values[f]) == "TypeV1Attr" and entry_name(values[f].fields[0]) == "NoneV1Type"
               for f, _ in present):
            continue  # an unset dot algorithm
        if kind == "channel_handle":
            handle, type_ = (_int_value(values[f]) for f, _ in present)
            out.append((group_name, f"#stablehlo.channel_handle<handle = {handle}, type = {type_}>"))
            continue
        parts = []
        for field, fkind in present:
            text = _group_field(values[field], fkind)
            if fkind == "ints" and text == "[]":
                continue
            parts.append(f"{field} = {text}")
        if kind == "conv":  # MLIR's compact form: each layout's dimensions in order
            out.append((group_name, _conv_text({f: values[f] for f, _ in present})))
            continue
        out.append((group_name, f"#stablehlo.{kind}<{', '.join(parts)}>"))
    for name, value in named:
        if name in dropped or (base, name) in DROPPED:
            continue
        if base in CHANNEL_ID_OPS and name == "channel_id":
            out.append(("channel_handle", f"#stablehlo.channel_handle<handle = {_int_value(value)}, type = 0>"))
        elif (base, name) in UNIT_FLAGS:
            if value.fields[0]:
                out.append((name, "unit"))
        elif (base, name) in SYMBOLS:
            out.append((name, _symbol_text(value)))
        elif (base, name) in SYMBOL_ARRAYS and entry_name(value) == "ArrayV1Attr":
            out.append((name, "[" + ", ".join(_symbol_text(a) for a in value.fields[0]) + "]"))
        elif (base, name) in DENSE_ARRAYS:
            element = DENSE_ARRAYS[(base, name)]
            values_ = _array_values(value, element)
            if element == "i1":
                body = ", ".join("true" if v else "false" for v in values_)
            else:
                body = ", ".join(map(str, values_))
            out.append((name, f"array<{element}: {body}>" if values_ else f"array<{element}>"))
        else:
            out.append((name, attribute_text(value)))
    return out


def _symbol_text(entry: Attribute) -> str:
    if entry.text is None and entry.dialect == "vhlo" and entry_name(entry) == "StringV1Attr":
        return "@" + _symbol(entry)
    return attribute_text(entry)


def _key_text(name: str) -> str:
    return name if _BARE_NAME.fullmatch(name) else _string_text(name)


def _dictionary_text(pairs) -> str:
    """Entries sorted by name, as a DictionaryAttr holds them; a unit attribute by its name alone."""
    return ", ".join(f"{k} = {v}" if v != "unit" else k for k, v in sorted(pairs))


# Names StableHLO's (and CHLO's) ops give their results and block arguments (getAsmResultNames,
# getAsmBlockArgumentNames), by op.
RESULT_NAMES = {"rng_bit_generator": ("output_state", "output"),
                "batch_norm_grad": ("grad_operand", "grad_scale", "grad_offset"),
                "batch_norm_training": ("output", "batch_mean", "batch_var"),
                "top_k": ("values", "indices")}  # chlo.top_k
ARGUMENT_NAMES = {"while": "iterArg"}


def _base(op: Operation) -> str:
    return op.name.partition(".")[2].rsplit("_v", 1)[0] if op.name.startswith("vhlo.") else op.name.partition(".")[2]


def _list_of(text: str) -> str:
    """`[2, 2]` from `array<i64: 2, 2>`; `[[1, 1], [0, 0]]` from `dense<...> : tensor<2x2xi64>`."""
    if text.startswith("array<"):
        body = text[text.index(":") + 1:-1].strip() if ":" in text else ""
        return f"[{body}]"
    literal, _, type_ = text.partition(" : ")
    body = literal[len("dense<"):-1]
    if body.startswith("["):
        return body
    rows, columns = (int(d) for d in type_[len("tensor<"):].split("x")[:2])
    return "[" + ", ".join("[" + ", ".join([body] * columns) + "]" for _ in range(rows)) + "]"


_WINDOW_ENTRIES = (("window_strides", "stride"), ("padding", "pad"), ("lhs_dilation", "lhs_dilate"),
                   ("rhs_dilation", "rhs_dilate"), ("window_reversal", "reverse"))


def _convolution_text(op: Operation, properties: dict, name) -> str:
    """MLIR's pretty form of a convolution (its printer's one line)."""
    window = ", ".join(f"{short} = {_list_of(properties.pop(long))}" for long, short in _WINDOW_ENTRIES
                       if long in properties)
    layouts = properties.pop("dimension_numbers")[len("#stablehlo.conv<"):-1]
    operands = ", ".join(name(o) for o in op.operands)
    ins = ", ".join(type_text(o.type) for o in op.operands)
    rest = _dictionary_text(properties.items())
    return (f"stablehlo.convolution({operands}) dim_numbers = {layouts}, window = {{{window}}} {{{rest}}} : "
            f"({ins}) -> {type_text(op.results[0].type)}")


def _arg_dict(entry) -> str:
    """` {k = v}` after an argument's or result's type, nothing for none or an empty dictionary."""
    if entry is None or not entry.fields[0]:
        return ""
    return " {" + _dictionary_text([(_key(k), attribute_text(v)) for k, v in entry.fields[0]]) + "}"


def _constant_hint(op: Operation) -> str | None:
    """stablehlo.constant's name: `cst` for float or complex elements, `c` for integers."""
    if op.name not in ("vhlo.constant_v1", "stablehlo.constant") or len(op.results) != 1:
        return None
    text = type_text(op.results[0].type)
    element = re.sub(r"^(?:[\d?]+x)*", "", text[len("tensor<"):-1]) if text.startswith("tensor<") else text
    return "cst" if element[:1] in ("f", "b", "t") or element.startswith("complex") else "c"


class _Printer:
    """Names values as MLIR's printer does (SSANameState): in each function, the values of a region
    before those of the regions nested in it, each nested region starting from the counters its
    parent region ended with; block arguments `%argN`, results `%N`, a constant `%cst` (float or
    complex) or `%c` (integer), made unique by `_K`."""

    def __init__(self):
        self.lines: list[str] = []
        self.names: dict = {}
        self.at: Operation | None = None  # the op being printed (named when its entries are malformed)

    def name(self, value) -> str:
        found = self.names.get(id(value))
        if found is None:
            raise BytecodeError("a value used before it is defined")
        return found

    def name_function(self, function: Operation) -> None:
        stack = [(region, 0, 0, 0, frozenset(), None) for region in reversed(function.regions)]
        while stack:
            region, next_value, next_argument, clashes, used, argument_hint = stack.pop()
            used = set(used)

            def unique(hint: str) -> str:
                nonlocal clashes
                name = "%" + hint
                while name in used:
                    name = f"%{hint}_{clashes}"
                    clashes += 1
                used.add(name)
                return name

            for block in region.blocks:
                for argument in block.arguments:
                    if argument_hint is not None:
                        self.names[id(argument)] = unique(argument_hint)
                    else:
                        self.names[id(argument)] = f"%arg{next_argument}"
                        next_argument += 1
                for op in block.operations:
                    hint = _constant_hint(op)
                    named = RESULT_NAMES.get(_base(op))
                    if hint is not None:
                        self.names[id(op.results[0])] = unique(hint)
                    elif named is not None and len(named) == len(op.results):
                        for result, result_hint in zip(op.results, named):
                            self.names[id(result)] = unique(result_hint)
                    elif len(op.results) == 1:
                        self.names[id(op.results[0])] = f"%{next_value}"
                        next_value += 1
                    elif op.results:
                        for index, result in enumerate(op.results):
                            self.names[id(result)] = f"%{next_value}#{index}"
                        next_value += 1
            frozen = frozenset(used)
            nested = [(r, ARGUMENT_NAMES.get(_base(op))) for block in region.blocks for op in block.operations
                      for r in op.regions]
            for inner, hint in reversed(nested):
                stack.append((inner, next_value, next_argument, clashes, frozen, hint))

    def module(self, op: Operation) -> None:
        """builtin.module in MLIR's pretty form: `module @name attributes {...} {`."""
        name = op.properties[0] if isinstance(op.properties, tuple) and op.properties[0] is not None else None
        entries = [(_key(k), v) for k, v in op.attributes.fields[0]] if op.attributes is not None else []
        if name is None:  # before properties (format < 5) the module's name is in its dictionary
            name = next((v for k, v in entries if k == "sym_name"), None)
        entries = [(k, attribute_text(v)) for k, v in entries if k not in ("sym_name", "sym_visibility")]
        head = "module" + (f" @{_symbol(name)}" if name is not None else "")
        if entries:
            head += " attributes {" + _dictionary_text(entries) + "}"
        self.lines.append(head + " {")
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    if inner.name in _FUNCTIONS:
                        self.function(inner, "  ")
                    else:
                        self.op(inner, "  ", "builtin.module")
        self.lines.append("}" + location_trailer(op.location))

    def function(self, op: Operation, indent: str) -> None:
        """func_v1 (or plain bytecode's func.func) in func.func's pretty form, its body's ops generic,
        `return` pretty: the form the fast text reader takes."""
        if op.name == "func.func":
            props = {k: v for k, v in zip(PROPERTY_NAMES[op.name], op.properties or ()) if v is not None}
        else:
            props = dict(zip(sorted(OP_VERSIONS[op.name[5:]][3]), op.properties or ()))
        if op.attributes is not None:
            props.update((k.fields[0], v) for k, v in op.attributes.fields[0])
        self.name_function(op)
        inputs, outputs = props["function_type"].fields[0].fields
        arg_attrs = props.get("arg_attrs")
        res_attrs = props.get("res_attrs")
        arg_dicts = arg_attrs.fields[0] if arg_attrs is not None and arg_attrs.fields[0] else [None] * len(inputs)
        res_dicts = res_attrs.fields[0] if res_attrs is not None and res_attrs.fields[0] else [None] * len(outputs)
        block = op.regions[0].blocks[0] if op.regions[0].blocks else None
        if block is None:  # a declaration: the types alone
            args = ", ".join(f"{type_text(t)}{_arg_dict(d)}" for t, d in zip(inputs, arg_dicts))
        else:
            args = ", ".join(f"{self.name(a)}: {type_text(a.type)}{_arg_dict(d)}{location_trailer(a.location)}"
                             for a, d in zip(block.arguments, arg_dicts))
        results = [f"{type_text(t)}{_arg_dict(d)}" for t, d in zip(outputs, res_dicts)]
        if not results:
            signature = ""
        elif len(results) == 1 and "{" not in results[0] and not results[0].startswith("("):
            signature = f" -> {results[0]}"
        else:
            signature = f" -> ({', '.join(results)})"
        visibility = props.get("sym_visibility")
        if op.name == "func.func":  # plain bytecode: the visibility as written (MLIR prints `public` too)
            word = f"{visibility.fields[0]} " if visibility is not None and visibility.fields[0] else ""
        else:
            word = "private " if visibility is not None and visibility.fields[0] not in ("", "public") else ""
        head = f"{indent}func.func {word}@{_symbol(props['sym_name'])}({args}){signature}"
        known = {"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"}
        extra = [(k, attribute_text(v)) for k, v in props.items() if k not in known]
        if extra:
            head += " attributes {" + _dictionary_text(extra) + "}"
        if block is None:
            self.lines.append(head + location_trailer(op.location))
            return
        self.lines.append(head + " {")
        for inner in block.operations:
            if inner.name in ("vhlo.return_v1", "func.return"):
                operands = ", ".join(self.name(o) for o in inner.operands)
                types = ", ".join(type_text(o.type) for o in inner.operands)
                self.lines.append((f"{indent}  return {operands} : {types}" if operands else f"{indent}  return")
                                  + location_trailer(inner.location))
            else:
                self.op(inner, indent + "  ", "func")
        self.lines.append(indent + "}" + location_trailer(op.location))

    def op(self, op: Operation, indent: str, parent: str) -> None:
        """The op's lines, its location after the last (MLIR's `--mlir-print-debuginfo`, inline)."""
        self.at = op
        self._op(op, indent, parent)
        self.lines[-1] += location_trailer(op.location)

    def _op(self, op: Operation, indent: str, parent: str) -> None:
        dialect, _, mnemonic = op.name.partition(".")
        if dialect == "vhlo":
            row = OP_VERSIONS.get(mnemonic)
            if row is None:
                raise BytecodeError(f"unknown VHLO op {op.name}: not in the version tables of StableHLO "
                                    f"{CURRENT_VERSION}", section="IR")
            base = mnemonic.rsplit("_v", 1)[0]
            if base == "return":
                name = "func.return" if parent == "func" else "stablehlo.return"
            else:
                name = UPSTREAM.get(base, f"stablehlo.{base}")
            inherent = row[3]
            named, extra = split_attributes(op, sorted(inherent), inherent)
            properties = op_attributes(base, named)
            discardable = [(_key_text(k), attribute_text(v)) for k, v in extra]
        else:
            base, name = None, op.name
            properties, discardable = [], []
            if isinstance(op.properties, tuple):  # the builtin module's, plain bytecode's ops'
                for key, value in zip(PROPERTY_NAMES[op.name], op.properties):
                    if value is not None:
                        properties.append((key, attribute_text(value)))
            if op.attributes is not None:
                discardable = [(_key(k), attribute_text(v)) for k, v in op.attributes.fields[0]]
        if name == "func.func":
            self.name_function(op)
        if len(op.results) > 1 and "#" in self.name(op.results[0]):
            results = f"{self.name(op.results[0]).split('#')[0]}:{len(op.results)}"
        else:
            results = ", ".join(self.name(r) for r in op.results)
        head = f"{indent}{results} = " if op.results else indent
        if name == "stablehlo.convolution" and not discardable:
            self.lines.append(head + _convolution_text(op, dict(properties), self.name))
            return
        if name == "func.call" and not discardable and [k for k, _ in properties] == ["callee"]:
            operands = ", ".join(self.name(o) for o in op.operands)
            ins = ", ".join(type_text(o.type) for o in op.operands)
            outs = [type_text(r.type) for r in op.results]
            out_text = outs[0] if len(outs) == 1 and not outs[0].startswith("(") else f"({', '.join(outs)})"
            self.lines.append(f"{head}call {properties[0][1]}({operands}) : ({ins}) -> {out_text}")
            return
        if name == "stablehlo.return" and not discardable:  # MLIR's pretty form
            operands = ", ".join(self.name(o) for o in op.operands)
            types = ", ".join(type_text(o.type) for o in op.operands)
            self.lines.append(f"{indent}stablehlo.return {operands} : {types}" if operands
                              else f"{indent}stablehlo.return")
            return
        if name == "stablehlo.constant" and not discardable and len(properties) == 1:
            self.lines.append(f"{head}stablehlo.constant {properties[0][1]}")  # MLIR's pretty form
            return
        operands = ", ".join(self.name(o) for o in op.operands)
        text = f'{head}"{name}"({operands})'
        if properties:
            text += " <{" + _dictionary_text(properties) + "}>"
        if op.successors:
            raise BytecodeError(f"{op.name}: successors are not StableHLO")
        if op.regions:
            self.lines.append(text + " (")
            for index, region in enumerate(op.regions):
                self.lines.append(indent + "  {")
                for block in region.blocks:
                    args = ", ".join(f"{self.name(a)}: {type_text(a.type)}{location_trailer(a.location)}"
                                     for a in block.arguments)
                    self.lines.append(f"{indent}  ^bb{region.blocks.index(block)}({args}):" if args
                                      else f"{indent}  ^bb{region.blocks.index(block)}:")
                    for inner in block.operations:
                        self.op(inner, indent + "    ", base or name)
                self.lines.append(indent + "  }" + ("," if index < len(op.regions) - 1 else ""))
            text = indent + ")"
        if discardable:
            text += " {" + _dictionary_text(discardable) + "}"
        ins = ", ".join(type_text(o.type) for o in op.operands)
        outs = [type_text(r.type) for r in op.results]
        out_text = outs[0] if len(outs) == 1 and not outs[0].startswith("(") else f"({', '.join(outs)})"
        self.lines.append(f"{text} : ({ins}) -> {out_text}")


_FUNCTIONS = ("vhlo.func_v1", "func.func")  # printed in func.func's pretty form


def upgrade_text(module: BytecodeModule) -> str:
    """A portable artifact's module as StableHLO in MLIR's generic text (the artifact's version checked)."""
    version = artifact_version(module)
    for op in module.root.walk():  # as MLIR's reader: an op VHLO does not know is refused first
        dialect, _, mnemonic = op.name.partition(".")
        if dialect == "vhlo" and mnemonic not in OP_VERSIONS:
            raise BytecodeError(f"unregistered operation '{op.name}' found in dialect ('vhlo') that does not "
                                f"allow unknown operations (in bytecode version {module.version} produced by: "
                                f"{module.producer})", section="IR", offset=op.offset)
    if version is not None:
        check_version(version)
    printer = _Printer()
    try:
        if module.root.name == "builtin.module" and all(
                inner.name not in _FUNCTIONS or len(inner.regions[0].blocks) <= 1
                for region in module.root.regions for block in region.blocks for inner in block.operations):
            printer.module(module.root)
        else:
            printer.op(module.root, "", "")
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
        # well-formed bytes whose entries are not of the kinds the op's attributes need (a corrupted file)
        op = printer.at
        name = op.name if op is not None else module.root.name
        raise BytecodeError(f"{name}: an attribute or type of an unexpected kind ({type(error).__name__}: "
                            f"{error})", section="IR", offset=getattr(op, "offset", None)) from None
    return "\n".join(printer.lines) + "\n"


def split_attributes(op, by_name, inherent) -> tuple[list, list]:
    """An op's own attributes (name, entry), and its discardable ones: from its properties, which
    ODS stores by name (`by_name`: the inherent names sorted), or before properties (format < 5)
    from its one dictionary."""
    if isinstance(op.properties, tuple):
        named = list(zip(by_name, op.properties))
        extra = [(k.fields[0], v) for k, v in op.attributes.fields[0]] if op.attributes else []
        return named, extra
    every = [(k.fields[0], v) for k, v in op.attributes.fields[0]] if op.attributes else []
    return [(k, v) for k, v in every if k in inherent], [(k, v) for k, v in every if k not in inherent]


_BUILTIN_LOCATIONS = {10: "CallSiteLoc", 11: "FileLineColLoc", 12: "FusedLoc", 13: "FusedLocWithMetadata",
                      14: "NameLoc", 15: "UnknownLoc", 22: "FileLineColRange"}


def vitir_location(entry) -> Location:
    """A builtin location attribute of the bytecode as vitir's Location (vitir/ast/location.py)."""
    kind = _BUILTIN_LOCATIONS.get(entry.code) if entry.dialect == "builtin" and entry.text is None else None
    fields = entry.fields
    if kind == "UnknownLoc":
        return UNKNOWN
    if kind == "NameLoc":
        child = vitir_location(fields[1])
        return NameLoc(fields[0].fields[0], None if child is UNKNOWN else child)
    if kind == "FileLineColLoc":
        return FileLineColLoc(fields[0].fields[0], fields[1], fields[2])
    if kind == "FileLineColRange":  # MLIR writes as many numbers as the range needs
        numbers = list(fields[1])
        line, column = (numbers + [0, 0])[:2]
        if len(numbers) == 3:  # one line: start line, start column, end column (as the text reader holds it)
            return FileLineColLoc(fields[0].fields[0], line, column, line, numbers[2])
        end_line, end_column = (numbers[2], numbers[3]) if len(numbers) == 4 else (None, None)
        return FileLineColLoc(fields[0].fields[0], line, column, end_line, end_column)
    if kind == "CallSiteLoc":
        return CallSiteLoc(vitir_location(fields[0]), vitir_location(fields[1]))
    if kind in ("FusedLoc", "FusedLocWithMetadata"):
        metadata = attribute_text(fields[1]) if kind == "FusedLocWithMetadata" else None
        return FusedLoc([vitir_location(part) for part in fields[0]], metadata)
    raise Fallback(f"a location vitir does not read: {entry!r}")


_TRAILERS: dict = {}  # location entry (interned) -> its trailer


def location_trailer(entry) -> str:
    """` loc(...)`: a location entry as MLIR prints it after an op or argument with debug info, so
    that the text's reader keeps it; '' for an unknown one, none, or one vitir does not read."""
    if entry is None:
        return ""
    found = _TRAILERS.get(entry)
    if found is None:
        try:
            loc = vitir_location(entry)
            found = "" if loc is UNKNOWN else f" loc({loc.text()})"
        except Exception:  # noqa: BLE001 - Fallback, or a corrupted entry (a name that is no string): left out
            found = ""
        _TRAILERS[entry] = found
    return found
