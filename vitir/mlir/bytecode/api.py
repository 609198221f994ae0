"""vitir's entry points for bytecode: `import_bytecode(data) -> Module` and
`export_bytecode(module, target=None) -> bytes`.

Reading: the AST is built from a portable artifact's decoded VHLO ops (direct.py); what that path
does not build is upgraded to StableHLO's generic text (vhlo.py), which vitir's importer reads; plain
MLIR bytecode whose attributes and types the reader can print (the builtin dialect's encodings, and
any entry written as text) goes the same two ways.

Writing without a target: plain MLIR bytecode of the StableHLO module, at the newest format version
(6): the module is printed, parsed by the xDSL bridge, and each attribute and type is written as
MLIR's text fallback (MLIR's reader parses those texts), locations as the builtin UnknownLoc.
"""

from __future__ import annotations

from io import StringIO

from .errors import BytecodeError
from .ir import Attribute, Block, BytecodeModule, Operation, Region, Type, Value
from .reader import MAGIC, UNKNOWN_LOCATION, VERSION, read_bytecode
from .writer import write_bytecode

PRODUCER = "vitir"


def is_bytecode(data: bytes) -> bool:
    return bytes(data[:4]) == MAGIC


UNKNOWN_ENCODING = "no known bytecode encoding for the "  # the reader's refusal of a dialect's own encodings


def lacks_encodings(error: BytecodeError) -> bool:
    """Whether vitir's reader refused bytes only for a dialect encoding it has no table of (plain
    StableHLO, CHLO or Shardy bytecode), not for bad bytes."""
    return error.reason.startswith(UNKNOWN_ENCODING)


def stablehlo_text(data: bytes) -> str:
    """The StableHLO module a bytecode file holds, as MLIR's generic text."""
    from .vhlo import upgrade_text

    return upgrade_text(read_bytecode(data))


def import_bytecode(data: bytes):
    """MLIR bytecode (a portable artifact, or plain bytecode of StableHLO) -> vitir's Module, the same
    Module `import_text` gives for the program's text. A portable artifact is read in one pass to
    the records vitir's text reader makes (onepass.py); what that path does not take is read into
    the generic IR and built from its ops (direct.py), and what that does not build is printed as
    StableHLO's text and imported."""
    from ..to_ast import import_text
    from .direct import import_direct
    from .onepass import import_onepass
    from .vhlo import upgrade_text

    try:
        return import_onepass(data)
    except Exception:  # not taken (plain bytecode, a form it does not build) or bad bytes: the checked
        pass           # way below reads every byte and decides, naming what is wrong
    module = read_bytecode(data)
    try:
        return import_direct(module)
    except Exception:  # Fallback, a refused rule, an artifact to refuse: the text path takes it or
        pass           # refuses it, naming what is wrong (the one place that decides, as fast_import)
    return import_text(upgrade_text(module), source="<bytecode>")


def export_bytecode(module, target: str | None = None, strip_debuginfo: bool = True) -> bytes:
    """vitir's Module (or StableHLO text) -> MLIR bytecode. Without `target`: plain MLIR bytecode of
    the StableHLO module (jaxlib's `ir.Module.parse` reads it). With `target` (`x.y.z`, `current`,
    `minimum`): a portable artifact of that StableHLO version."""
    if target is not None:
        from .portable import write_artifact

        return write_artifact(module, target)
    return write_bytecode(plain_module(module))


def plain_module(module) -> BytecodeModule:
    """The generic IR of a vitir Module (or of StableHLO text), every attribute and type as text."""
    from ..parse import parse_text

    if isinstance(module, str):
        text = module
    else:
        from ...print import print_module

        text = print_module(module)
    parsed = parse_text(text, verify=False)
    return BytecodeModule(_Converter().op(parsed.module), VERSION, PRODUCER)


class _Converter:
    """xDSL ops -> the generic IR; attributes and types as their text, interned by it."""

    def __init__(self):
        self.values: dict = {}
        self.texts: dict = {}

    def text(self, attribute) -> str:
        from xdsl.printer import Printer

        found = self.texts.get(attribute)
        if found is None:
            out = StringIO()
            Printer(stream=out).print_attribute(attribute)
            found = self.texts[attribute] = out.getvalue()
        return found

    def type(self, attribute) -> Type:
        return Type(_dialect_of(attribute), text=self.text(attribute))

    def attribute(self, attribute) -> Attribute:
        return Attribute(_dialect_of(attribute), text=self.text(attribute))

    def value(self, value) -> Value:
        found = self.values.get(value)
        if found is None:
            found = self.values[value] = Value(self.type(value.type), UNKNOWN_LOCATION)
        return found

    def op(self, op) -> Operation:
        name = op.name
        attributes = {**op.properties, **op.attributes}
        dictionary = None
        if attributes:
            entries = tuple((Attribute("builtin", 2, (key,)), self.attribute(value))
                            for key, value in sorted(attributes.items()))
            dictionary = Attribute("builtin", 1, (entries,))
        results = [self.value(r) for r in op.results]
        operands = [self.value(o) for o in op.operands]
        regions = []
        for region in op.regions:
            blocks = []
            for block in region.blocks:
                arguments = [self.value(a) for a in block.args]
                blocks.append(Block(arguments, [self.op(inner) for inner in block.ops]))
            regions.append(Region(blocks))
        if op.successors:
            raise BytecodeError(f"{name}: ops with successors are not written")
        return Operation(name, UNKNOWN_LOCATION, dictionary, None, results, operands, [], regions)


def _dialect_of(attribute) -> str:
    name = getattr(attribute, "name", "builtin")
    return name.split(".", 1)[0] if "." in name else "builtin"
