"""StableHLO -> VHLO at a target version: the generic IR of a portable artifact, for the writer.

The inverse of vhlo.py's upgrade, driven by the same tables: an op is the row of VHLO's version
tables that holds it at the target (`stablehlo.add` -> `vhlo.add_v1`); its attributes are the row's,
each required (StableHLO's defaults filled in from `DEFAULTS`), StableHLO's grouped attributes spread
into VHLO's flat ones (`GROUPS`), dense arrays as tensors (`DENSE_ARRAYS`), unit attributes as
booleans (`UNIT_FLAGS`), symbols as strings (`SYMBOLS`). An attribute a newer op version added is
dropped at an older target when it holds its default, else refused naming the op and the version
(StableHLO's VhloToVersion wording). Mirrors openxla/stablehlo's StablehloLegalizeToVhlo.cpp
(addDefaults, convertSpecial, explodeSpecial) and VhloToVersion.cpp.

Locations are dropped (`--strip-debuginfo`): every op and block argument is at `loc(unknown)`.
"""

from __future__ import annotations

import math
import re
import struct

import numpy as np

from .encodings import code_of
from .errors import BytecodeError
from .ir import Attribute, Block, Operation, Region, Type, Value
from .reader import UNKNOWN_LOCATION
from .vhlo import (BOTH_EMPTY, CHANNEL_ID_OPS, DEFAULTS, DENSE_ARRAYS, DYNAMIC, GROUPS, INTEGER_ENUMS,
                   DROPPED, SYMBOL_ARRAYS, SYMBOLS, UNIT_FLAGS, version_tuple)
from .vhlo_tables import ATTRIBUTES, ENUMS, OPS, TYPES

PROPERTIES_FROM = 5
FUNCTION = "vhlo.func_v1"  # the one VHLO op whose regions are isolated from above


class DowngradeError(BytecodeError):
    """What the target version cannot hold, worded as StableHLO's VhloToVersion refuses it: the
    target, the VHLO op refused, then what in it is newer and the version that introduced it."""


class _Illegal(BytecodeError):
    """An attribute or type no VHLO version holds (a typed string, a sparse encoding); the op holding
    it is refused as StableHLO's legalization to VHLO refuses it."""


class _Newer(Exception):
    """Raised inside an op's conversion; the op catching it names itself in the refusal."""
_MESH_AXES = re.compile(r"#stablehlo\.replica_group_mesh_axes< ?mesh = @([\w.$]+), axes = \[(.*)\] ?>")
_AXIS_REF = re.compile(r'#stablehlo\.axis_ref<name = "([^"]*)"(?:, sub_axis_info = \((\d+)\)(\d+))?>')
_ALIAS = re.compile(r"#stablehlo\.output_operand_alias<output_tuple_indices = \[([^\]]*)\], "
                    r"operand_index = (-?\d+), operand_tuple_indices = \[([^\]]*)\]>")
_ACCURACY = re.compile(r"#stablehlo\.result_accuracy<atol = ([^,]+), rtol = ([^,]+), ulps = (-?\d+), "
                       r"mode = #stablehlo\.result_accuracy_mode<(\w+)>>")  # the bytecode format version from which VHLO's attributes are op properties

# What an ("empty",) default is, by attribute name (an array otherwise).
_EMPTY = {"backend_config": "string", "infeed_config": "string", "outfeed_config": "string",
          "sym_visibility": "string", "composite_attributes": "dictionary",
          "known_expanding_dimensions": "tensor", "known_nonexpanding_dimensions": "tensor",
          "source_target_pairs": "tensor"}
# Attributes the upgrade drops (vhlo.py's DROPPED) and their value in an artifact.
_DROPPED_VALUES = {("dynamic_conv", "padding"): ("splat", 0)}
assert set(_DROPPED_VALUES) == DROPPED
# StableHLO's enum attribute classes (vitir's xDSL bridge) -> VHLO's enum mnemonic.
_ENUM_CLASSES = {"ComparisonDirectionAttr": "comparison_direction_v1",
                 "ComparisonTypeAttr": "comparison_type_v1", "FftTypeAttr": "fft_type_v1",
                 "PrecisionAttr": "precision_v1", "RngAlgorithmAttr": "rng_algorithm_v1",
                 "RngDistributionAttr": "rng_distribution_v1", "TransposeAttr": "transpose_v1",
                 "ResultAccuracyModeAttr": "result_accuracy_mode_v1"}
_ENUM_ENCODINGS = {"comparison_direction_v1": "ComparisonDirectionV1Attr",
                   "comparison_type_v1": "ComparisonTypeV1Attr", "api_version_v1": "CustomCallApiVersionV1Attr",
                   "fft_type_v1": "FftTypeV1Attr", "precision_v1": "PrecisionV1Attr",
                   "rng_algorithm_v1": "RngAlgorithmV1Attr", "rng_distribution_v1": "RngDistributionV1Attr",
                   "transpose_v1": "TransposeV1Attr", "result_accuracy_mode_v1": "ResultAccuracyModeV1Attr"}
# Integer attributes StableHLO holds that VHLO holds as enums: (op, attribute) -> enum mnemonic.
_INTEGER_ENUM_ATTRIBUTES = {("custom_call", "api_version"): "api_version_v1"}
assert set(_INTEGER_ENUM_ATTRIBUTES.values()) <= set(INTEGER_ENUMS)

# builtin float type class names (xDSL) -> VHLO's type encoding
_FLOATS = {"BFloat16Type": "FloatBF16V1Type", "Float16Type": "FloatF16V1Type", "Float32Type": "FloatF32V1Type",
           "Float64Type": "FloatF64V1Type", "FloatTF32Type": "FloatTF32V1Type"}
_FLOAT_FORMATS = {"FloatF16V1Type": "<e", "FloatF32V1Type": "<f", "FloatF64V1Type": "<d"}


def vhlo_attribute(name: str, *fields) -> Attribute:
    if name == "TensorV1Attr" and fields[1] == b"\xff" and _one_boolean(fields[0]):
        fields = (fields[0], b"\x01")  # one true i1: its bit, as StableHLO's VHLO tensor holds it (not a splat's 0xFF)
    return Attribute("vhlo", code_of("vhlo", name, False), tuple(fields))


def _one_boolean(tensor_type: Type) -> bool:
    """Whether a VHLO tensor type holds exactly one i1 element (`tensor<i1>`, `tensor<1x1xi1>`)."""
    return (tensor_type.dialect == "vhlo" and tensor_type.code == code_of("vhlo", "RankedTensorV1Type", True)
            and math.prod(tensor_type.fields[0]) == 1 and tensor_type.fields[1] == vhlo_type("BooleanV1Type"))


def vhlo_type(name: str, *fields) -> Type:
    return Type("vhlo", code_of("vhlo", name, True), tuple(fields))


def _builtin_attribute(name: str, *fields) -> Attribute:
    return Attribute("builtin", code_of("builtin", name, False), tuple(fields))


def _i64() -> Type:
    return vhlo_type("IntegerSI64V1Type")


def op_rows(version: str) -> dict[str, tuple]:
    """StableHLO op base name (`add`) -> the VHLO row that holds it at `version`."""
    target = version_tuple(version)
    rows = {}
    for row in OPS:
        mnemonic, introduced, removed = row[:3]
        if version_tuple(introduced) <= target and (removed == "current" or target <= version_tuple(removed)):
            rows[mnemonic.rsplit("_v", 1)[0]] = row
    return rows


_NEWEST: dict = {}  # op base name -> its newest row
_FIRST: dict = {}  # op base name -> the version that introduced its first row
for _row in OPS:
    _NEWEST[_row[0].rsplit("_v", 1)[0]] = _row  # rows are listed oldest first
    _FIRST.setdefault(_row[0].rsplit("_v", 1)[0], _row[1])


# Uses of an op that a newer StableHLO allowed, which VhloToVersion refuses below that version:
# (ops, the predicate, the version that introduced the use, what it is).
_REDUCTIONS = {"reduce", "all_reduce", "reduce_scatter", "reduce_window", "scatter", "select_and_scatter"}
NEWER_USES = [
    (_REDUCTIONS, lambda op: _promotes(op), "0.17.0", "a body computing in a wider type (promotable types)"),
    ({"custom_call"}, lambda op: _typed_ffi(op), "1.3.0", "api_version = API_VERSION_TYPED_FFI"),
    ({"all_reduce", "all_gather", "all_to_all"}, lambda op: _variadic(op), "1.5.0", "several operands"),
    ({"custom_call"}, lambda op: _future_types(op), "1.18.0", "!stablehlo.future operands or results"),
]


# Ops whose one region field (the tables' count) is variadic: VhloOps.td's `VariadicRegion` (case's
# branches), any number of regions.
_VARIADIC_REGIONS = {"case"}


def _base_of(op) -> str:
    """The VHLO base name of an op of the module being written (`func.func` -> `func`)."""
    dialect, _, base = op.name.partition(".")
    return base if dialect == "stablehlo" else {"func.func": "func", "func.call": "call"}.get(op.name, "return")


def _typed_ffi(op) -> bool:
    version = op.properties.get("api_version") or op.attributes.get("api_version")
    return version is not None and version.value.data == 4


def _future_types(op) -> bool:
    return any(type(v.type).__name__ == "FutureType" for v in (*op.operands, *op.results))


def _variadic(op) -> bool:
    return len(op.operands) > 1


def _promotes(op) -> bool:
    """Whether a reduction's body takes element types none of its operands has."""
    operands = {str(o.type.get_element_type()) for o in op.operands if hasattr(o.type, "get_element_type")}
    return any(hasattr(a.type, "get_element_type") and str(a.type.get_element_type()) not in operands
               for region in op.regions for block in region.blocks for a in block.args)


class Downgrade:
    """One StableHLO module (xDSL's parse) -> VHLO at `version`, as the bytecode writer's generic IR."""

    def __init__(self, version: str):
        self.version = version
        self.target = version_tuple(version)
        self.rows = op_rows(version)
        self.values: dict = {}
        self.locations: dict | None = None  # kept: xDSL's op or block argument -> vitir's Location (parse.py's)
        self.enclosing = UNKNOWN_LOCATION  # the location of the op whose regions are being converted
        self.properties = None
        self.downgraded: set = set()  # ops VhloToVersion re-creates at an older version
        self.where = None  # (op) -> (line, column) in the text the module was read from

    # -- types ---------------------------------------------------------------------------------------
    def type(self, t) -> Type:
        kind = type(t).__name__
        if kind == "IntegerType":
            width = t.width.data
            if width == 1:
                return self._versioned_type("BooleanV1Type")
            signed = "UI" if t.signedness.data.name == "UNSIGNED" else "SI"
            return self._versioned_type(f"Integer{signed}{width}V1Type")
        if kind in _FLOATS:
            return self._versioned_type(_FLOATS[kind])
        if kind.startswith("Float8") or kind.startswith("Float6") or kind.startswith("Float4"):
            return self._versioned_type("FloatF" + kind[len("Float"):-len("Type")] + "V1Type")
        if kind == "IndexType":
            return vhlo_type("IndexV1Type")
        if kind == "NoneType":
            return self._versioned_type("NoneV1Type")
        if kind == "ComplexType":
            return vhlo_type("ComplexV1Type", self.type(t.element_type))
        if kind == "TensorType":
            shape = tuple(DYNAMIC if d in (-1, DYNAMIC) else d for d in t.get_shape())
            element = self.type(t.element_type)
            encoding = t.encoding
            if type(encoding).__name__ == "NoneAttr":
                return vhlo_type("RankedTensorV1Type", shape, element)
            return vhlo_type("RankedTensorV1TypeWithEncoding", self.attribute(encoding), shape, element)
        if kind == "MemRefType":
            shape = tuple(DYNAMIC if d in (-1, DYNAMIC) else d for d in t.get_shape())
            return self._versioned_type("RankedBufferV1Type", shape, self.type(t.element_type))
        if kind == "UnrankedTensorType":
            return vhlo_type("UnrankedTensorV1Type", self.type(t.element_type))
        if kind == "TupleType":
            return vhlo_type("TupleV1Type", tuple(self.type(e) for e in t.types.data))
        if kind == "FunctionType":
            return vhlo_type("FunctionV1Type", tuple(self.type(e) for e in t.inputs.data),
                             tuple(self.type(e) for e in t.outputs.data))
        if kind == "TokenType":
            return vhlo_type("TokenV1Type")
        if kind == "FutureType":
            return self._versioned_type("FutureV1Type", tuple(self.type(e) for e in t.types.data))
        if kind == "QuantUniformType":
            return self.quantized(t.body.data)
        raise _Illegal(f"no VHLO type for {t} ({kind})")

    def quantized(self, body: str) -> Type:
        """`!quant.uniform<...>`: VHLO keeps the storage as a signless integer and its sign as a flag."""
        from .quant import uniform_fields

        per_axis, fields = uniform_fields(body, lambda bits: vhlo_type(f"IntegerSI{bits}V1Type"), self.type_of_dtype)
        if not per_axis:
            return vhlo_type("UniformQuantizedV1Type", *fields)
        return self._versioned_type("UniformQuantizedPerAxisV1Type", *fields)

    def type_of_dtype(self, text: str) -> Type:
        from xdsl.parser import Parser
        from xdsl.context import Context

        return self.type(Parser(Context(allow_unregistered=True), text).parse_type())

    def _versioned_type(self, name: str, *fields) -> Type:
        row = TYPES.get(name[:-len("Type")])
        if row is not None and self.target < version_tuple(row[1]):
            raise _Newer(f"type !vhlo.{row[0]} was introduced in StableHLO {row[1]}")
        return vhlo_type(name, *fields)

    # -- attributes ----------------------------------------------------------------------------------
    def integer(self, value: int, type_: Type | None = None) -> Attribute:
        return vhlo_attribute("IntegerV1Attr", type_ or _i64(), value)

    def tensor(self, values, element: str) -> Attribute:
        """A 1-D TensorV1Attr of i64 (or i1) values, stored as MLIR stores dense elements (a splat once)."""
        values = list(values)
        if element == "i1":
            type_ = vhlo_type("RankedTensorV1Type", (len(values),), vhlo_type("BooleanV1Type"))
            data = _bool_bytes([bool(v) for v in values])
        else:
            type_ = vhlo_type("RankedTensorV1Type", (len(values),), _i64())
            data = _splat(np.asarray(values, dtype="<i8").tobytes(), 8)
        return vhlo_attribute("TensorV1Attr", type_, data)

    def attribute(self, a) -> Attribute:
        if type(a) is Attribute:  # already VHLO's (from_ast.py converts a constant's value itself)
            return a
        kind = type(a).__name__
        if kind == "StringAttr":
            return vhlo_attribute("StringV1Attr", a.data)
        if kind == "IntegerAttr":
            element = a.type
            if type(element).__name__ == "IntegerType" and element.width.data == 1:
                return vhlo_attribute("BooleanV1Attr", int(bool(a.value.data)))
            return vhlo_attribute("IntegerV1Attr", self.type(element), a.value.data)
        if kind == "FloatAttr":
            type_ = self.type(a.type)
            return vhlo_attribute("FloatV1Attr", type_, _float_bits(a.value.data, type_))
        if kind == "ArrayAttr":
            return vhlo_attribute("ArrayV1Attr", tuple(self.attribute(e) for e in a.data))
        if kind == "DictionaryAttr":
            return vhlo_attribute("DictionaryV1Attr", tuple(
                (vhlo_attribute("StringV1Attr", k), self.attribute(v)) for k, v in sorted(a.data.items())))
        if kind in ("SplatAttr", "DenseLiteralsAttr", "DenseIntOrFPElementsAttr"):
            return self.dense(a)
        if kind == "DenseArrayBase":
            return self.tensor(_dense_array_values(a), "i1" if a.elt_type.width.data == 1 else "i64")
        if kind in _ENUM_CLASSES:
            return self.enum(_ENUM_CLASSES[kind], str(a.data))
        if kind == "UnitAttr":
            return vhlo_attribute("BooleanV1Attr", 1)
        if kind in ("SymbolRefAttr", "FlatSymbolRefAttr"):
            return vhlo_attribute("StringV1Attr", a.root_reference.data)
        if kind in ("TypeExtensionsAttr", "BoundsAttr"):
            return vhlo_attribute("TypeExtensionsV1Attr", tuple(b.data for b in a.bounds.data))
        if kind == "ReplicaGroupMeshAxesAttr" or kind == "ShardyTextAttr":
            from io import StringIO

            from xdsl.printer import Printer

            out = StringIO()
            Printer(stream=out).print_attribute(a)
            return self.text_attribute(out.getvalue())
        if kind == "AttributeTextAttr":
            return self.text_attribute(a.text.data)
        if hasattr(a, "element_type") or kind.endswith("Type"):
            return vhlo_attribute("TypeV1Attr", self.type(a))
        raise _Illegal(f"no VHLO attribute for {a} ({kind})")

    def text_attribute(self, text: str) -> Attribute:
        """The StableHLO attributes vitir's parser keeps as their text."""
        match = _ALIAS.fullmatch(text)
        if match is not None:
            def ints(body):
                return tuple(int(v) for v in body.split(",") if v.strip())
            return vhlo_attribute("OutputOperandAliasV1Attr", ints(match.group(1)), int(match.group(2)),
                                  ints(match.group(3)))
        match = _ACCURACY.fullmatch(text)
        if match is not None:
            # no version check here: at an older target the op's downgrade drops it at its default
            atol, rtol = (int.from_bytes(struct.pack("<d", float(match.group(i))), "little") for i in (1, 2))
            return vhlo_attribute("ResultAccuracyV1Attr", atol, rtol, int(match.group(3)),
                                  self.enum("result_accuracy_mode_v1", match.group(4), checked=False))
        match = _MESH_AXES.fullmatch(" ".join(text.split()))
        if match is not None:
            axes = []
            for name, pre, size in _AXIS_REF.findall(match.group(2)):
                sub = vhlo_attribute("SubAxisInfoV1Attr", int(pre), int(size)) if size else None
                axes.append(vhlo_attribute("AxisRefV1Attr", vhlo_attribute("StringV1Attr", name), sub))
            self._check_attribute("ReplicaGroupMeshAxesV1")
            return vhlo_attribute("ReplicaGroupMeshAxesV1Attr", vhlo_attribute("StringV1Attr", match.group(1)),
                                  vhlo_attribute("ArrayV1Attr", tuple(axes)))
        from xdsl.context import Context
        from xdsl.parser import Parser

        try:
            parser = Parser(Context(allow_unregistered=True), text)
            parsed = parser.parse_attribute()
            whole = parser.pos >= len(text.rstrip())  # not a typed string's string alone
        except Exception:  # noqa: BLE001 - xDSL's parse errors have no common base
            raise _Illegal(f"no VHLO attribute for {text}") from None
        if not whole or type(parsed).__name__ in ("AttributeTextAttr", "UnregisteredAttr"):
            raise _Illegal(f"no VHLO attribute for {text}")
        return self.attribute(parsed)

    def _check_attribute(self, name: str) -> None:
        introduced = ATTRIBUTES[name][1]
        if self.target < version_tuple(introduced):
            snake = re.sub(r"(?<!^)(?=[A-Z])", "_", name[:-2]).lower()
            raise _Newer(f"attribute #vhlo.{snake}_v1 was introduced in StableHLO {introduced}")

    def enum(self, mnemonic: str, case: str, checked: bool = True) -> Attribute:
        introduced, _, cases = ENUMS[mnemonic]
        if checked and self.target < version_tuple(introduced):
            raise _Newer(f"attribute #vhlo.{mnemonic} was introduced in StableHLO {introduced}")
        codes = {v: k for k, v in cases.items()}
        if case not in codes:
            raise BytecodeError(f"#vhlo.{mnemonic} has no case {case}")
        return vhlo_attribute(_ENUM_ENCODINGS[mnemonic], codes[case])

    def printed_locations(self, module, parsed) -> dict:
        """The locations of xDSL's parse of `module` printed with its debug info (from_ast.py's route
        for a function it does not convert directly)."""
        return parsed.locations

    def elements(self, t, data: bytes) -> Attribute:
        """Dense elements of xDSL's tensor type `t`, `data` MLIR's raw buffer (from_ast.py's constants)."""
        return vhlo_attribute("TensorV1Attr", self.type(t), data)

    def dense(self, a) -> Attribute:
        type_ = self.type(a.type)
        return vhlo_attribute("TensorV1Attr", type_, _dense_bytes(a))

    # -- ops -----------------------------------------------------------------------------------------
    def value(self, v) -> Value:
        found = self.values.get(v)
        if found is None:
            found = self.values[v] = Value(self.type(v.type), UNKNOWN_LOCATION)
        return found

    def module(self, module) -> Operation:
        entries = {k: _builtin_text(v) for k, v in module.attributes.items()}
        name = module.sym_name
        name = _builtin_attribute("StringAttr", name.data) if name is not None else None
        if self.properties:
            properties = (name, None)
        else:  # before properties the module's name is in its dictionary
            properties = None
            if name is not None:
                entries["sym_name"] = name
        dictionary = None
        if entries:
            dictionary = _builtin_attribute("DictionaryAttr", tuple(
                (_builtin_attribute("StringAttr", k), v) for k, v in sorted(entries.items())))
        op = Operation("builtin.module", self.location_of(module), dictionary, properties,
                       regions=[self.region(r, "builtin.module") for r in module.regions], isolated=True)
        return op

    def region(self, region, parent: str) -> Region:
        blocks = []
        for block in region.blocks:
            arguments = [self.value(a) for a in block.args]
            if self.locations:
                for argument, xdsl_argument in zip(arguments, block.args):
                    argument.location = self.location_of(xdsl_argument)
            blocks.append(Block(arguments, [self.op(inner, parent) for inner in block.ops]))
        return Region(blocks)

    def op(self, op, parent: str) -> Operation:
        try:
            name, properties, dictionary, downgraded = self.head(op)
        except _Newer as reason:
            raise self.refusal(op, reason) from None
        except _Illegal as illegal:
            raise DowngradeError(f"{self.place(op)}failed to legalize operation '{op.name}' that was explicitly "
                                 f"marked illegal: {illegal.reason}") from None
        results = [self.value(r) for r in op.results]
        operands = [self.value(o) for o in op.operands]
        location = self.location_of(op)
        enclosing, self.enclosing = self.enclosing, location
        regions = [self.region(r, name) for r in op.regions]
        self.enclosing = enclosing
        converted = Operation(name, location, dictionary, properties, results, operands, [], regions,
                              isolated=name == FUNCTION)
        if downgraded:
            self.downgraded.add(id(converted))
        return converted

    def place(self, op) -> str:
        """`line:column: ` of the op in the text it was read from ('' without one)."""
        line, column = self.where(op) if self.where is not None else (0, 0)
        return f"{line}:{column}: " if line else ""

    def location_of(self, op_or_argument) -> Attribute:
        """Its location; one the text did not write (a compact body's arguments and op, which
        StableHLO's parser makes) is the enclosing op's."""
        if not self.locations:
            return UNKNOWN_LOCATION
        found = self.locations.get(op_or_argument)
        return self.enclosing if found is None else builtin_location(found)

    def refusal(self, op, reason) -> DowngradeError:
        """What VhloToVersion says of an op the target cannot hold (`reason`: a _Newer)."""
        newest = _NEWEST.get(_base_of(op))
        name = f"vhlo.{newest[0]}" if newest is not None else op.name
        return DowngradeError(f"{self.place(op)}failed to convert VHLO to v{self.version}: failed to legalize "
                              f"operation '{name}' that was explicitly marked illegal: {reason}")

    def head(self, op) -> tuple[str, tuple | None, Attribute | None, bool]:
        """An op's VHLO name at the target, its properties (from format version 5) and its attribute
        dictionary, and whether VhloToVersion re-creates it (a row older than the newest). Reads
        only the op's name, attributes, its operands', results' and region arguments' types and
        how many regions have blocks: what from_ast.py's view of an AST op gives too. Raises
        _Newer for what the target cannot hold."""
        dialect, _, base = op.name.partition(".")
        named = {**op.properties, **op.attributes}
        if op.name == "func.func":
            base, inherent = "func", self._function(op, named)
        elif op.name in ("func.return", "stablehlo.return"):
            base, inherent = "return", {}
        elif op.name == "func.call":
            base, inherent = "call", {"callee": vhlo_attribute("StringV1Attr", named.pop("callee").root_reference.data)}
        elif dialect == "stablehlo":
            inherent = self._stablehlo_attributes(op, base, named)
        else:
            raise BytecodeError(f"{op.name} has no VHLO op: a portable artifact holds StableHLO, func and "
                                "builtin.module ops only")
        row = self.rows.get(base)
        if row is None:
            if base not in _NEWEST:
                raise BytecodeError(f"{op.name} has no VHLO op")
            raise _Newer(f"{op.name} was introduced in StableHLO {_FIRST[base]}")
        for ops, holds, since, what in NEWER_USES:
            if base in ops and self.target < version_tuple(since) and holds(op):
                raise _Newer(f"{op.name} with {what}: introduced in StableHLO {since}")
        if base not in _VARIADIC_REGIONS and sum(1 for r in op.regions if r.blocks) > row[4]:
            raise _Newer(f"{op.name} with regions needs vhlo.{_NEWEST[base][0]}, introduced in StableHLO "
                         f"{_NEWEST[base][1]}")
        self._check_downgrade(row, base, inherent, op)
        names = sorted(row[3])
        missing = [k for k in names if k not in inherent]
        if missing:
            raise BytecodeError(f"{op.name} lacks {', '.join(missing)}, which vhlo.{row[0]} requires")
        extra = {k: v for k, v in inherent.items() if k not in row[3] and (base, k) not in _DROPPED_VALUES}
        discardable = {k: self.attribute(v) for k, v in named.items()}
        discardable.update(extra)
        if self.properties:
            properties = tuple(inherent[k] for k in names) if names else None
            dictionary = _dictionary(discardable)
        else:
            properties = None
            dictionary = _dictionary({**discardable, **{k: inherent[k] for k in names}})
        return "vhlo." + row[0], properties, dictionary, row is not _NEWEST[base]

    def _function(self, op, named: dict) -> dict:
        inherent = {"sym_name": vhlo_attribute("StringV1Attr", named.pop("sym_name").data),
                    "function_type": vhlo_attribute("TypeV1Attr", self.type(named.pop("function_type")))}
        visibility = named.pop("sym_visibility", None)
        inherent["sym_visibility"] = vhlo_attribute("StringV1Attr", visibility.data if visibility else "")
        for key in ("arg_attrs", "res_attrs"):
            found = named.pop(key, None)
            inherent[key] = self.attribute(found) if found is not None else vhlo_attribute("ArrayV1Attr", ())
        return inherent

    def _stablehlo_attributes(self, op, base: str, named: dict) -> dict:
        """The VHLO attributes of a StableHLO op (its newest version's), defaults filled in."""
        out: dict = {}
        for group_name, kind, members in GROUPS.get(base, ()):
            group = named.pop(group_name, None)
            out.update(self._explode(kind, members, group))
        for key in list(named):
            a = named[key]
            if base in CHANNEL_ID_OPS and key == "channel_handle":
                named.pop(key)
                out["channel_id"] = self.integer(a.handle.data)
            elif (base, key) in UNIT_FLAGS:
                named.pop(key)
                out[key] = vhlo_attribute("BooleanV1Attr", 1)
            elif (base, key) in SYMBOLS:
                named.pop(key)
                out[key] = vhlo_attribute("StringV1Attr", a.root_reference.data)
            elif (base, key) in SYMBOL_ARRAYS:
                named.pop(key)
                out[key] = vhlo_attribute("ArrayV1Attr", tuple(vhlo_attribute("StringV1Attr", s.root_reference.data)
                                                               for s in a.data))
            elif (base, key) in DENSE_ARRAYS:
                named.pop(key)
                out[key] = self.tensor(_dense_array_values(a), DENSE_ARRAYS[(base, key)])
            elif (base, key) in _INTEGER_ENUM_ATTRIBUTES:
                named.pop(key)
                mnemonic = _INTEGER_ENUM_ATTRIBUTES[(base, key)]
                out[key] = self.enum(mnemonic, ENUMS[mnemonic][2][a.value.data])
            elif key in _NEWEST.get(base, ("", "", "", ()))[3]:
                named.pop(key)
                out[key] = self.attribute(a)
        rules = {**DEFAULTS.get(base, {}), **{k: r for (b, k), r in _DROPPED_VALUES.items() if b == base}}
        for key, rule in rules.items():
            if key not in out:
                out[key] = self.default(base, key, rule, op, out)
        for key in BOTH_EMPTY.get(base, ()):
            out.setdefault(key, vhlo_attribute("ArrayV1Attr", ()))
        return out

    def _explode(self, kind: str, members, group) -> dict:
        out = {}
        if kind == "conv":
            values = _conv_fields(group.layouts)
            for field, fkind in members:
                out[field] = self.tensor(values[field], "i64") if fkind == "ints" else self.integer(values[field])
            return out
        if kind == "channel_handle":
            handle, type_ = (0, 0) if group is None else (group.handle.data, group.type.data)
            return {"channel_id": self.integer(handle), "channel_type": self.integer(type_)}
        if kind == "dot_algorithm":
            if group is None:
                none = vhlo_attribute("TypeV1Attr", vhlo_type("NoneV1Type"))
                return {field: none for field, _ in members}
            for field, fkind in members:
                value = getattr(group, field)
                if fkind == "type":
                    out[field] = vhlo_attribute("TypeV1Attr", self.type(value))
                elif fkind == "bool":
                    out[field] = vhlo_attribute("BooleanV1Attr", int(bool(_scalar(value))))
                else:
                    out[field] = self.integer(_scalar(value))
            return out
        for field, fkind in members:  # dimension numbers (unset: empty lists and 0)
            value = getattr(group, field, None)
            if fkind == "ints":
                out[field] = self.tensor([v.data for v in value.data] if value is not None else [], "i64")
            else:
                out[field] = self.integer(value.data if value is not None else 0)
        return out

    def default(self, base: str, key: str, rule, op, known: dict) -> Attribute:
        kind = rule[0]
        if kind == "int":
            return self.integer(rule[1])  # every integer default is an i64
        if kind == "bool":
            return vhlo_attribute("BooleanV1Attr", int(rule[1]))
        if kind == "string":
            return vhlo_attribute("StringV1Attr", rule[1])
        if kind == "empty":
            empty = _EMPTY.get(key, "array")
            if empty == "string":
                typed_ffi = known.get("api_version") is self.enum("api_version_v1", "API_VERSION_TYPED_FFI")
                if key == "backend_config" and typed_ffi:  # the typed FFI's configuration is a dictionary
                    return vhlo_attribute("DictionaryV1Attr", ())
                return vhlo_attribute("StringV1Attr", "")
            if empty == "dictionary":
                return vhlo_attribute("DictionaryV1Attr", ())
            if empty == "tensor":
                return self.tensor([], "i64")
            return vhlo_attribute("ArrayV1Attr", ())
        if kind == "enum":
            mnemonic = {"compare_type": "comparison_type_v1", "api_version": "api_version_v1"}[key]
            return self.enum(mnemonic, rule[1])
        if kind == "splat":
            count = _window_rank(base, op, known)
            if key == "padding":
                type_ = vhlo_type("RankedTensorV1Type", (count, 2), _i64())
                return vhlo_attribute("TensorV1Attr", type_, _splat(np.zeros(count * 2, "<i8").tobytes(), 8))
            return self.tensor([rule[1]] * count, DENSE_ARRAYS.get((base, key), "i64"))
        if kind == "all":
            return vhlo_attribute("ArrayV1Attr", tuple(self.enum("precision_v1", rule[1])
                                                       for _ in range(len(op.operands[:2]))))
        if kind == "default accuracy":
            return vhlo_attribute("ResultAccuracyV1Attr", 0, 0, 0, self.enum("result_accuracy_mode_v1", "DEFAULT",
                                                                                 checked=False))
        raise AssertionError(rule)

    def _check_downgrade(self, row, base: str, inherent: dict, op) -> None:
        """Attributes of a newer version than the target's row: dropped when at their default, else refused."""
        newest = _NEWEST[base]
        if newest is row:
            return
        rules = DEFAULTS.get(base, {})
        for key in set(newest[3]) - set(row[3]):
            value = inherent.pop(key, None)
            if value is None:
                continue
            rule = rules.get(key)
            if rule is not None:
                default = self.default(base, key, rule, op, inherent)
            else:  # a field of a group (the dot algorithm): the group's unset value
                default = next((self._explode(kind, members, None).get(key) for _, kind, members
                                in GROUPS.get(base, ()) if any(f == key for f, _ in members)), None)
            if value is not default:
                raise _Newer(f"{op.name}'s {key}, not at its default, needs vhlo.{newest[0]}, introduced in "
                             f"StableHLO {newest[1]}")


_LOCATIONS: dict = {}  # vitir's Location -> the builtin location attribute


def builtin_location(loc) -> Attribute:
    """vitir's Location (vitir/ast/location.py) as the builtin dialect's location attribute an artifact
    keeps (VHLO keeps builtin locations): file:line:col as MLIR writes it, a FileLineColRange of as
    many numbers as the range needs (line, column; the end column on the same line; else the end
    line and column)."""
    found = _LOCATIONS.get(loc)
    if found is not None:
        return found
    kind = type(loc).__name__
    if kind == "UnknownLoc":
        found = UNKNOWN_LOCATION
    elif kind in ("FileLineColLoc", "TextPosition"):  # (a reader's place for what the text left unlocated)
        end_line = loc.line if loc.end_line is None else loc.end_line
        end_column = loc.column if loc.end_column is None else loc.end_column
        filename = _builtin_attribute("StringAttr", loc.filename)
        if (end_line, end_column) == (loc.line, loc.column):  # a point: MLIR's FileLineColLoc encoding
            found = _builtin_attribute("FileLineColLoc", filename, loc.line, loc.column)
        else:
            numbers = (loc.line, loc.column) + ((end_column,) if end_line == loc.line else (end_line, end_column))
            found = _builtin_attribute("FileLineColRange", filename, numbers)
    elif kind == "NameLoc":
        child = UNKNOWN_LOCATION if loc.child is None else builtin_location(loc.child)
        found = _builtin_attribute("NameLoc", _builtin_attribute("StringAttr", loc.name), child)
    elif kind == "CallSiteLoc":
        found = _builtin_attribute("CallSiteLoc", builtin_location(loc.callee), builtin_location(loc.caller))
    elif kind == "FusedLoc":
        parts = tuple(builtin_location(part) for part in loc.locations)
        if loc.metadata is None:
            found = _builtin_attribute("FusedLoc", parts)
        else:  # the metadata as MLIR's text fallback, in the dialect its text names
            dialect = loc.metadata[1:].split(".", 1)[0].split("<", 1)[0] if loc.metadata.startswith("#") else "builtin"
            found = _builtin_attribute("FusedLocWithMetadata", parts, Attribute(dialect, text=loc.metadata))
    else:
        raise BytecodeError(f"no builtin location for {loc!r}")
    _LOCATIONS[loc] = found
    return found


def _use_list_orders(root: Operation, downgraded: set) -> None:
    """The use-list orders MLIR's serializer records, where they differ from program order (what a
    reader rebuilds). MLIR puts each new use at the front of its value's list. Legalizing to VHLO
    adds the uses in program order; VhloToVersion then re-creates each downgraded op: its operands'
    uses move to the front of their lists, and replacing its results walks their lists, reversing
    them. The writer records, for each use from the last in program order to the first, its place in
    the list (BytecodeWriter's writeUseListOrders)."""
    if not downgraded:
        return
    lists: dict = {}  # value id -> its uses, newest first: (op position, operand index)
    ops = list(root.walk())
    for position, op in enumerate(ops):
        for index, operand in enumerate(op.operands):
            lists.setdefault(id(operand), []).insert(0, (position, index))
    for position, op in enumerate(ops):
        if id(op) not in downgraded:
            continue
        for index, operand in enumerate(op.operands):
            uses = lists[id(operand)]
            uses.remove((position, index))
            uses.insert(0, (position, index))
        for result in op.results:
            lists.get(id(result), []).reverse()
    owners: dict = {}
    for op in ops:
        for index, result in enumerate(op.results):
            owners[id(result)] = (op.use_list_orders, index)
        for region in op.regions:
            for block in region.blocks:
                for index, argument in enumerate(block.arguments):
                    owners[id(argument)] = (block.use_list_orders, index)
    for value, uses in lists.items():
        if len(uses) < 2 or uses == sorted(uses, reverse=True):
            continue
        orders, index = owners[value]  # MLIR's shuffle: each use, newest in program order first, by its place
        orders[index] = (False, tuple(uses.index(use) for use in sorted(uses, reverse=True)))


def _dictionary(entries: dict) -> Attribute | None:
    if not entries:
        return None
    return _builtin_attribute("DictionaryAttr", tuple(
        (_builtin_attribute("StringAttr", k), v) for k, v in sorted(entries.items())))


def _builtin_text(a) -> Attribute:
    """A module attribute (it stays builtin): the builtin dialect's encoding where it has one (strings,
    integers, booleans, units, arrays, dictionaries), else MLIR's text fallback."""
    kind = type(a).__name__
    if kind == "StringAttr":
        return _builtin_attribute("StringAttr", a.data)
    if kind == "IntegerAttr" and type(a.type).__name__ == "IntegerType":
        signedness = {"SIGNLESS": 0, "SIGNED": 1, "UNSIGNED": 2}[a.type.signedness.data.name]
        width = a.type.width.data
        integer_type = Type("builtin", code_of("builtin", "IntegerType", True), (width << 2 | signedness,))
        return _builtin_attribute("IntegerAttr", integer_type, a.value.data & ((1 << width) - 1)
                                  if width <= 8 else a.value.data)
    if kind == "UnitAttr":
        return _builtin_attribute("UnitAttr")
    if kind == "ArrayAttr":
        return _builtin_attribute("ArrayAttr", tuple(_builtin_text(e) for e in a.data))
    if kind == "DictionaryAttr":
        return _builtin_attribute("DictionaryAttr", tuple(
            (_builtin_attribute("StringAttr", k), _builtin_text(v)) for k, v in sorted(a.data.items())))
    from io import StringIO

    from xdsl.printer import Printer

    out = StringIO()
    Printer(stream=out).print_attribute(a)
    name = getattr(a, "name", "builtin")
    return Attribute(name.split(".", 1)[0] if "." in name else "builtin", text=out.getvalue())


def _scalar(value):
    return value.value.data if hasattr(value, "value") else value.data


def _window_rank(base: str, op, known: dict) -> int:
    """How many window entries an op's defaulted window attribute has."""
    if base in ("convolution", "dynamic_conv"):
        return len(_tensor_values(known["input_spatial_dimensions"]))
    return len(op.operands[0].type.get_shape())


def _tensor_values(a: Attribute) -> list[int]:
    type_, blob = a.fields
    count = int(np.prod(type_.fields[-2])) if type_.fields[-2] else 1
    values = np.frombuffer(blob, "<i8")
    return list(values) * count if len(values) == 1 and count > 1 else list(values)


def _conv_fields(layouts) -> dict:
    """vitir's layout strings ("b01f", "01io", "b01f") -> VHLO's nine convolution dimension fields."""
    lhs, rhs, out = layouts

    def spatial(layout: str) -> list[int]:
        digits = sorted((int(c), i) for i, c in enumerate(layout) if c.isdigit())
        return [i for _, i in digits]

    return {"input_batch_dimension": lhs.index("b"), "input_feature_dimension": lhs.index("f"),
            "input_spatial_dimensions": spatial(lhs), "kernel_input_feature_dimension": rhs.index("i"),
            "kernel_output_feature_dimension": rhs.index("o"), "kernel_spatial_dimensions": spatial(rhs),
            "output_batch_dimension": out.index("b"), "output_feature_dimension": out.index("f"),
            "output_spatial_dimensions": spatial(out)}


def _dense_array_values(a) -> list[int]:
    kind = type(a).__name__
    if kind == "DenseArrayBase":
        width = max(a.elt_type.width.data // 8, 1)
        data = a.data.data
        return [int.from_bytes(data[i:i + width], "little", signed=True) for i in range(0, len(data), width)]
    if kind == "ArrayAttr":
        return [e.value.data if hasattr(e, "value") else e.data for e in a.data]
    raise BytecodeError(f"expected a dense array, got {a}")


def _splat(data: bytes, width: int) -> bytes:
    """MLIR stores a dense attribute whose elements are all equal as one element."""
    if len(data) > width and data == data[:width] * (len(data) // width):
        return data[:width]
    return data


def _bool_bytes(values: list[bool]) -> bytes:
    """i1 elements as VHLO's tensors hold them: a splat as one byte of all ones (or zeros), else one
    bit each, packed little-endian (DenseElementsAttr's bit-packed storage). A tensor of one true
    element is the byte 0x01 (`vhlo_attribute`)."""
    if values and all(v == values[0] for v in values):
        return b"\xff" if values[0] else b"\x00"
    return np.packbits(np.array(values, bool), bitorder="little").tobytes()


def _small_float_bits(literal: str, element: str, small) -> int:
    """A decimal literal of an 8-, 6- or 4-bit float type as MLIR reads it (vitir.ast.literals: 0.0 in
    f8E8M0FNU, which has no zero, is its smallest value, the code 0); what those rules refuse (an
    overflow) as ml_dtypes rounds it."""
    from ...ast.element_types import DType
    from ...ast.literals import float_bits, literal_value

    try:
        dtype = DType.parse(element)
        return float_bits(literal_value(literal, dtype), dtype)
    except ValueError:
        return int(np.array([_number(literal, "f32")], "<f4").astype(small).view("u1")[0])


def _float_bits(value: float, type_: Type) -> int:
    from .encodings import entry_name

    name = entry_name(type_)
    if name == "FloatBF16V1Type":
        return int(np.array([value], "<f4").view("<u4")[0]) >> 16
    fmt = _FLOAT_FORMATS.get(name)
    if fmt is None:
        raise BytecodeError(f"no float encoding written for {name}")
    return int.from_bytes(struct.pack(fmt, value), "little")


_NUMPY = {"index": "<i8", "f16": "<f2", "f32": "<f4", "f64": "<f8", "i8": "<i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
          "ui8": "<u1", "ui16": "<u2", "ui32": "<u4", "ui64": "<u8", "si8": "<i1", "si16": "<i2", "si32": "<i4",
          "si64": "<i8"}


def _dense_bytes(a) -> bytes:
    """A dense attribute's elements as MLIR's raw buffer (a splat once; i1 a byte each)."""
    from ...ast.literals import dense_elements
    from ...ast.element_types import DType
    from ..attributes import element_text

    type_ = a.type
    element = element_text(type_.get_element_type())
    shape = tuple(type_.get_shape())
    kind = type(a).__name__
    if kind == "SplatAttr":
        literals = [a.literal.data]
    elif kind == "DenseLiteralsAttr":
        literals = dense_elements(a.body.data, shape, DType.parse(element))
    elif kind == "DenseIntOrFPElementsAttr":
        literals = [str(v).lower() if isinstance(v, bool) else repr(v) for v in a.get_values()]
    else:
        raise BytecodeError(f"dense attribute {a} is not written yet")
    return literal_bytes(element, literals)


def literal_bytes(element: str, literals) -> bytes:
    """Literals of an element type (`f32`, `i1`, `complex<f32>`) as MLIR's raw buffer of dense elements."""
    if element == "i1":
        return _bool_bytes([lit == "true" or lit == "1" for lit in literals])
    complex_part = element[len("complex<"):-1] if element.startswith("complex<") else None
    if complex_part is not None:
        flat = []
        for lit in literals:
            real, imaginary = lit.strip("()").split(",")
            flat += [real.strip(), imaginary.strip()]
        dtype, literals = _NUMPY.get(complex_part), flat
    else:
        dtype = _NUMPY.get(element)
    if element == "bf16":  # f32 rounded to the nearest bf16, ties to even (a NaN kept quiet); hex: its bits
        hexes = [lit.lower().startswith("0x") for lit in literals]
        bits = np.array([0.0 if h else _number(lit, "f32") for lit, h in zip(literals, hexes)],
                        "<f4").view("<u4").astype("<u8")
        rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        nan = (bits & 0x7FFFFFFF) > 0x7F800000
        values = np.where(nan, (bits >> 16) | 0x40, rounded)
        values = np.where(hexes, [int(lit, 16) if h else 0 for lit, h in zip(literals, hexes)], values)
        data = values.astype("<u2").tobytes()
        width = 2
    elif dtype is None and re.fullmatch(r"[su]?i[24]", element):  # a byte each, its high bits zero
        mask = (1 << int(element[-1])) - 1
        data = bytes(_number(lit, "<i8") & mask for lit in literals)
        width = 1
    elif dtype is None and re.fullmatch(r"f(8|6|4)E\w+", element):  # ml_dtypes' small floats, a byte each
        from .literals import numpy_of

        small = numpy_of(element)
        bits = [int(lit, 16) if lit.lower().startswith("0x") else _small_float_bits(lit, element, small)
                for lit in literals]
        data, width = bytes(bits), 1
    elif dtype is None:
        raise BytecodeError(f"dense elements of {element} are not written yet")
    else:
        data = np.array([_number(lit, dtype) for lit in literals], dtype).tobytes()
        width = np.dtype(dtype).itemsize * (2 if complex_part else 1)
    return _splat(data, width)


def _number(literal: str, dtype: str):
    if literal.startswith(("0x", "0X")) and dtype[1] == "f":  # a float's bits
        bits = int(literal, 16)
        size = {"<f2": 2, "<f4": 4, "<f8": 8, "f32": 4}[dtype]
        return np.frombuffer(bits.to_bytes(size, "little"), {2: "<f2", 4: "<f4", 8: "<f8"}[size])[0]
    if dtype[1] in "iu":
        return int(literal, 0) if literal not in ("true", "false") else int(literal == "true")
    return float(literal)
