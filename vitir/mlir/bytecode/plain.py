"""A StableHLO module as plain MLIR bytecode with its dialects' own encodings, as jaxlib's
`module.operation.write_bytecode` writes it (format version 6): the builtin, StableHLO, CHLO,
Shardy and quant encodings of encodings.py, each op's inherent attributes as its properties (in the generated
order of dialect_properties.py), the rest in its dictionary, and every op's, block argument's, function's
and the module's location (the builtin location attributes an artifact keeps, downgrade.builtin_location),
or every one unknown for a module stripped of its debug info. An attribute or type no table encodes is written as MLIR's text fallback, which
MLIR's reader parses. The inverse of dialect_text.py: the same bytes jaxlib writes for the module.

vitir's Module (and text the fast reader takes) is converted from the AST by from_ast.py with
`PlainConverter` in downgrade.py's place; other text, and a function the direct conversion does not
take, is printed and read back by xDSL's parse (`_Encoder` over its ops).
"""

from __future__ import annotations

import re
import struct
from .encodings import PROPERTY_NAMES, code_of
from .ir import Attribute, Block, BytecodeModule, Operation, Region, Type, Value
from .reader import UNKNOWN_LOCATION, VERSION
from .vhlo_tables import ENUMS

PRODUCER = "MLIR23.0.0git"  # the producer jaxlib 0.10.2's MLIR writes (so that the bytes are its bytes)

# vitir's xDSL attribute classes of enums -> (dialect, encoding, enum mnemonic)
_ENUM_CLASSES = {
    "ComparisonDirectionAttr": ("stablehlo", "comparison_direction"),
    "ComparisonTypeAttr": ("stablehlo", "comparison_type"), "PrecisionAttr": ("stablehlo", "precision"),
    "FftTypeAttr": ("stablehlo", "fft_type"), "RngAlgorithmAttr": ("stablehlo", "rng_algorithm"),
    "RngDistributionAttr": ("stablehlo", "rng_distribution"), "TransposeAttr": ("stablehlo", "transpose"),
    "ResultAccuracyModeAttr": ("stablehlo", "result_accuracy_mode"),
    "ChloComparisonDirectionAttr": ("chlo", "comparison_direction"),
    "ChloComparisonTypeAttr": ("chlo", "comparison_type"),
}
# struct attributes whose parameters are the encoding's fields in order (ints, int lists, types)
_STRUCT_CLASSES = {"DotDimensionNumbersAttr", "GatherDimensionNumbersAttr", "ScatterDimensionNumbersAttr",
                   "ChannelHandleAttr", "DotAlgorithmAttr"}
_STRUCT_ENCODINGS = {"DotDimensionNumbersAttr": "DotDimensionNumbersAttr",
                     "GatherDimensionNumbersAttr": "GatherDimensionNumbersAttr",
                     "ScatterDimensionNumbersAttr": "ScatterDimensionNumbersAttr",
                     "ChannelHandleAttr": "ChannelHandleAttr", "DotAlgorithmAttr": "DotAlgorithmAttr"}
_FLOAT_FORMATS = {"Float16Type": "<e", "Float32Type": "<f", "Float64Type": "<d"}


def _attribute(dialect: str, name: str, *fields) -> Attribute:
    return Attribute(dialect, code_of(dialect, name, False), fields)


def _type(dialect: str, name: str, *fields) -> Type:
    return Type(dialect, code_of(dialect, name, True), fields)


def _apint(value: int, width: int) -> int:
    """An APInt as MLIR's writer stores it: a byte up to 8 bits, else its zero-extended value as a
    signed varint (a 64-bit value with its top bit set is negative)."""
    value &= (1 << width) - 1
    if width <= 8:
        return value
    return value - (1 << 64) if width == 64 and value >> 63 else value


class _Encoder:
    """xDSL's parse of a module -> the generic IR, every entry in its dialect's encoding."""

    def __init__(self, locations: dict | None = None, placed: bool = True):
        self.values: dict = {}
        self.texts: dict = {}
        self.locations = locations  # xDSL's op or block argument -> vitir's Location (parse.py's); None: stripped
        self.placed = placed  # the text's places stand for what it does not locate (not a bytecode file's text)
        self.enclosing = UNKNOWN_LOCATION  # the location of the op whose regions are being encoded

    def location(self, op_or_argument) -> Attribute:
        """Its location; one the text did not write and parse.py did not place (a compact body's
        arguments, which StableHLO's parser makes) is the enclosing op's, as in an artifact
        (downgrade.py); in a bytecode file's text, unknown (the file held none)."""
        if self.locations is None:
            return UNKNOWN_LOCATION
        found = self.locations.get(op_or_argument)
        if found is None:
            return self.enclosing if self.placed else UNKNOWN_LOCATION
        from .downgrade import builtin_location

        return builtin_location(found)

    # -- text fallback ------------------------------------------------------------------------------
    def _text(self, a) -> str:
        found = self.texts.get(a)
        if found is None:
            from ..kinds import attribute_text_value

            found = self.texts[a] = attribute_text_value(a)  # what vitir keeps as text, as written
        return found

    def text_type(self, t) -> Type:
        text = self._text(t)
        return Type(text[1:].split(".", 1)[0] if text.startswith("!") else "builtin", text=text)

    def text_attribute(self, a) -> Attribute:
        text = self._text(a)
        dialect = text[1:].split(".", 1)[0].split("<", 1)[0] if text.startswith("#") else "builtin"
        return Attribute(dialect, text=text)

    # -- types --------------------------------------------------------------------------------------
    def type(self, t) -> Type:
        kind = type(t).__name__
        if kind == "IntegerType":
            sign = {"SIGNLESS": 0, "SIGNED": 1, "UNSIGNED": 2}[t.signedness.data.name]
            return _type("builtin", "IntegerType", (t.width.data << 2) | sign)
        if kind in ("IndexType", "NoneType", "BFloat16Type", "Float16Type", "Float32Type", "Float64Type",
                    "Float80Type", "Float128Type", "FloatTF32Type") or kind.startswith(("Float8", "Float6", "Float4")):
            try:
                return _type("builtin", kind)
            except KeyError:
                return self.text_type(t)
        if kind == "ComplexType":
            return _type("builtin", "ComplexType", self.type(t.element_type))
        if kind == "TensorType":
            shape = tuple(t.get_shape())
            element = self.type(t.element_type)
            if type(t.encoding).__name__ == "NoneAttr":
                return _type("builtin", "RankedTensorType", shape, element)
            return _type("builtin", "RankedTensorTypeWithEncoding", self.attribute(t.encoding), shape, element)
        if kind == "UnrankedTensorType":
            return _type("builtin", "UnrankedTensorType", self.type(t.element_type))
        if kind == "TupleType":
            return _type("builtin", "TupleType", tuple(self.type(e) for e in t.types.data))
        if kind == "FunctionType":
            return _type("builtin", "FunctionType", tuple(self.type(e) for e in t.inputs.data),
                         tuple(self.type(e) for e in t.outputs.data))
        if kind == "TokenType":
            return _type("stablehlo", "TokenType")
        if kind == "FutureType":
            return _type("stablehlo", "FutureType", tuple(self.type(e) for e in t.types.data))
        if kind == "QuantUniformType":
            from .quant import quant_type

            return quant_type(t.body.data, self.type_of_text)
        return self.text_type(t)

    def type_of_text(self, text: str) -> Type:
        from xdsl.context import Context
        from xdsl.parser import Parser

        return self.type(Parser(Context(allow_unregistered=True), text).parse_type())

    # -- attributes ---------------------------------------------------------------------------------
    def attribute(self, a) -> Attribute:
        if isinstance(a, Attribute):  # already encoded (from_ast.py's constants)
            return a
        try:
            return self._attribute(a)
        except Exception:  # noqa: BLE001 - no encoding written for it: MLIR's text fallback
            return self.text_attribute(a)

    def _attribute(self, a) -> Attribute:
        from .downgrade import _conv_fields, _dense_bytes, _dense_array_values

        kind = type(a).__name__
        if kind == "StringAttr":
            return _attribute("builtin", "StringAttr", a.data)
        if kind == "IntegerAttr":
            type_ = self.type(a.type)
            width = 64 if type(a.type).__name__ == "IndexType" else a.type.width.data
            return _attribute("builtin", "IntegerAttr", type_, _apint(a.value.data, width))
        if kind == "FloatAttr":
            fmt = _FLOAT_FORMATS.get(type(a.type).__name__)
            if fmt is None:
                return self.text_attribute(a)
            bits = int.from_bytes(struct.pack(fmt, a.value.data), "little")
            return _attribute("builtin", "FloatAttr", self.type(a.type), _apint(bits, 8 * struct.calcsize(fmt)))
        if kind == "ArrayAttr":
            return _attribute("builtin", "ArrayAttr", tuple(self.attribute(e) for e in a.data))
        if kind == "DictionaryAttr":
            return self.dictionary(a.data)
        if kind == "UnitAttr":
            return _attribute("builtin", "UnitAttr")
        if kind in ("SymbolRefAttr", "FlatSymbolRefAttr"):
            root = _attribute("builtin", "StringAttr", a.root_reference.data)
            nested = tuple(_attribute("builtin", "FlatSymbolRefAttr", _attribute("builtin", "StringAttr", n.data))
                           for n in a.nested_references.data)
            if nested:
                return _attribute("builtin", "SymbolRefAttr", root, nested)
            return _attribute("builtin", "FlatSymbolRefAttr", root)
        if kind == "DenseArrayBase":
            element = self.type(a.elt_type)
            values = _dense_array_values(a)
            width = a.elt_type.width.data if hasattr(a.elt_type, "width") else 64
            if type(a.elt_type).__name__ != "IntegerType":
                return self.text_attribute(a)
            size = max(width // 8, 1)
            blob = b"".join(_apint(int(v), size * 8).to_bytes(size, "little", signed=False)
                            if size < 8 else int(v).to_bytes(8, "little", signed=True) for v in values)
            return _attribute("builtin", "DenseArrayAttr", element, len(values), blob)
        if kind in ("SplatAttr", "DenseLiteralsAttr", "DenseIntOrFPElementsAttr"):
            return _attribute("builtin", "DenseIntOrFPElementsAttr", self.type(a.type), _dense_bytes(a))
        if kind in _ENUM_CLASSES:
            dialect, mnemonic = _ENUM_CLASSES[kind]
            codes = {case: code for code, case in ENUMS[mnemonic + "_v1"][2].items()}
            encoding = "".join(w.title() for w in mnemonic.split("_")) + "Attr"
            return _attribute(dialect, encoding, codes[str(a.data)])
        if kind in _STRUCT_CLASSES:
            return _attribute("stablehlo", _STRUCT_ENCODINGS[kind], *(self._field(p) for p in a.parameters))
        if kind == "ConvDimensionNumbersAttr":
            fields = _conv_fields(a.layouts)
            order = ("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
                     "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
                     "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions")
            return _attribute("stablehlo", "ConvDimensionNumbersAttr",
                              *(tuple(fields[f]) if isinstance(fields[f], list) else fields[f] for f in order))
        if kind in ("TypeExtensionsAttr", "BoundsAttr"):
            return _attribute("stablehlo", "TypeExtensionsAttr", tuple(b.data for b in a.bounds.data))
        if kind == "ShardyTextAttr" or kind.startswith("Sdy") or getattr(a, "name", "").startswith("sdy."):
            return self.shardy(a)
        if kind == "AttributeTextAttr":  # a discardable attribute vitir keeps as text: read it again
            text = a.text.data
            if text.startswith("#sdy"):
                return self.shardy(a)
            from xdsl.context import Context
            from xdsl.parser import Parser

            parser = Parser(Context(allow_unregistered=True), text)
            parsed = parser.parse_attribute()
            if parser.pos < len(text.rstrip()) or type(parsed).__name__ in ("AttributeTextAttr", "UnregisteredAttr"):
                return self.text_attribute(a)
            return self._attribute(parsed)
        if hasattr(a, "element_type") or kind.endswith("Type"):  # a type as an attribute
            return _attribute("builtin", "TypeAttr", self.type(a))
        return self.text_attribute(a)

    def _field(self, p):
        kind = type(p).__name__
        if kind == "IntAttr":
            return p.data
        if kind == "ArrayAttr":
            return tuple(x.data for x in p.data)
        return self.type(p)

    def dictionary(self, entries) -> Attribute:
        return _attribute("builtin", "DictionaryAttr", tuple(
            (_attribute("builtin", "StringAttr", k), self.attribute(v)) for k, v in sorted(entries.items())))

    def shardy(self, a) -> Attribute:
        """Shardy's attributes, read from their text by vitir's kinds, as its encodings."""
        from ...text import read_attribute_text
        from ..kinds import attribute_text_value
        from .dialect_text import SHARDY_KINDS

        text = attribute_text_value(a)
        found = re.match(r"#sdy(?:\.(\w+)|<(\w+))", text)
        entry = found and SHARDY_KINDS.get(found.group(1) or found.group(2))
        if not entry:
            return self.text_attribute(a)
        kind, encode = entry
        return encode(read_attribute_text(kind, text))

    # -- ops ----------------------------------------------------------------------------------------
    def value(self, v) -> Value:
        found = self.values.get(v)
        if found is None:
            found = self.values[v] = Value(self.type(v.type), UNKNOWN_LOCATION)
        return found

    def op(self, op) -> Operation:
        named = {**op.properties, **op.attributes}
        names = PROPERTY_NAMES.get(op.name)
        properties = None
        if names:  # an op with inherent attributes has properties, even when all are absent
            properties = tuple(self.attribute(named.pop(n)) if n in named else None for n in names)
        dictionary = self.dictionary(named) if named else None
        results = [self.value(r) for r in op.results]
        operands = [self.value(o) for o in op.operands]
        location = self.location(op)
        enclosing, self.enclosing = self.enclosing, location
        regions = []
        for region in op.regions:
            blocks = []
            for block in region.blocks:
                arguments = [self.value(a) for a in block.args]
                if self.locations is not None:
                    for argument, xdsl_argument in zip(arguments, block.args):
                        argument.location = self.location(xdsl_argument)
                blocks.append(Block(arguments, [self.op(inner) for inner in block.ops]))
            regions.append(Region(blocks))
        self.enclosing = enclosing
        return Operation(op.name, location, dictionary, properties, results, operands, [], regions)


class PlainConverter(_Encoder):
    """from_ast.py's converter for plain bytecode: an op shown as xDSL's parse of it (from_ast.py's
    view) keeps its StableHLO name, its inherent attributes as properties in dialect_properties.py's
    order and the rest in its dictionary, each in its dialect's own encoding (the _Encoder's), as
    downgrade.py's `head` makes VHLO's for an artifact. Plain bytecode records no use-list orders
    (a module read afresh has none), so no op is `downgraded`."""

    def __init__(self, placed: bool = True):
        super().__init__(None, placed)
        self.downgraded: set = set()

    def printed_locations(self, module, parsed) -> dict:
        """As the module written through xDSL's route has them: what the print does not locate at the
        Module's own locations."""
        _keep_unprinted_locations(module, parsed)
        return parsed.locations

    def head(self, op) -> tuple[str, tuple | None, Attribute | None, bool]:
        named = {**op.properties, **op.attributes}
        names = PROPERTY_NAMES.get(op.name)
        properties = None
        if names:  # an op with inherent attributes has properties, even when all are absent
            properties = tuple(self.attribute(named.pop(n)) if n in named else None for n in names)
        return op.name, properties, self.dictionary(named) if named else None, False

    def elements(self, t, data: bytes) -> Attribute:
        return _attribute("builtin", "DenseIntOrFPElementsAttr", self.type(t), data)

    def module(self, module) -> Operation:
        return self.op(module)

    def op(self, op, parent: str | None = None) -> Operation:
        return super().op(op)


def plain_bytecode_module(module, locations: bool = False, source: str = "<text>") -> BytecodeModule:
    """vitir's Module (or StableHLO text) -> the generic IR jaxlib's writer writes for it: with
    `locations`, each op's, block argument's, function's and the module's location kept, else every
    one unknown (the module stripped of its debug info). vitir's Module, and text the fast reader
    takes, are converted from the AST (to_vhlo.convert_directly, from_ast.py, with PlainConverter);
    other text, and a function the direct conversion does not take, is printed with its debug info
    and read back by xDSL's route (parse.py, which places what the text does not locate)."""
    from .to_vhlo import convert_directly

    placed = not isinstance(module, str) or source != "<bytecode>"
    converted = convert_directly(module, lambda: PlainConverter(placed), locations, source)
    if converted is not None:
        return BytecodeModule(converted[0], VERSION, PRODUCER)
    return _plain_through_xdsl(module, locations, source)


def _plain_through_xdsl(module, locations: bool, source: str) -> BytecodeModule:
    """The module printed (or its text) and read back by xDSL's route, each op encoded from its parse."""
    from ..parse import parse_text

    if isinstance(module, str):
        text = module
    else:
        from ...print import print_module

        text = print_module(module, debug_info=locations)
    parsed = parse_text(text, source if isinstance(module, str) else "<text>", verify=False)
    if locations and not isinstance(module, str):
        _keep_unprinted_locations(module, parsed)
    encoder = _Encoder(parsed.locations if locations else None, not isinstance(module, str) or source != "<bytecode>")
    return BytecodeModule(encoder.op(parsed.module), VERSION, PRODUCER)


def _keep_unprinted_locations(module, parsed) -> None:
    """What the printed text does not locate at the Module's own locations: a pretty while's region
    arguments (MLIR's printer, and vitir's, writes none for them), and a reduce's body printed in the
    compact form (`applies stablehlo.add`), which the AST holds whole when it was read with places of
    its own. The text read back would place them at their `%iterArg` in the print, or at the reduce,
    not where the Module has them. The whiles and reduces are the same in both, in the same order."""
    from ...ast.uses import walk

    locations = parsed.locations
    for name in ("stablehlo.while", "stablehlo.reduce"):  # each matched on its own (a compound node
        # prints reduces of its own: then the reduces are left as printed, the whiles still kept)
        ours = [op for fn in module.functions for op in walk(fn.ops) if getattr(op, "NAME", None) == name]
        theirs = [op for op in parsed.module.walk() if op.name == name]
        if len(ours) != len(theirs):
            continue
        for op, parsed_op in zip(ours, theirs):
            for region, parsed_region in zip(op.regions(), parsed_op.regions):
                if not hasattr(region, "args"):  # a compact body the AST holds as such: at the reduce, as parsed
                    continue
                block = parsed_region.blocks[0]
                for argument, parsed_argument in zip(region.args, block.args):
                    locations[parsed_argument] = argument.location
                if name == "stablehlo.reduce" and region.simple_op() is not None and len(block.ops) == 2:
                    body_op, parsed_return = list(block.ops)
                    locations[body_op] = region.ops[0].location
                    locations[parsed_return] = region.location
