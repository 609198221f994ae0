"""A portable artifact's decoded ops -> vitir's AST directly, without printing the module as text and
reading it back.

Each VHLO op becomes the record vitir's fast text reader makes of the op as `vhlo.upgrade_text`
prints it (vitir/text/importer.py: `generic_record`, then `build_module`'s checks and builder), so
both paths give one Module:

- the op's declaration is `OPS[stablehlo name]`; its operands, regions and result types are grouped by
  the declaration's fields (`generic_record`), never by code per op;
- its attributes are upgraded by vhlo.py's tables (`op_attributes`: defaults dropped, groups imploded)
  to their StableHLO text, which the declaration's attribute kinds read (`attribute_dictionary`,
  each kind's generic reader); the values are kept by the op's interned properties and dictionary,
  so each distinct attribute set is printed and read once (a few hundred in an 11,000-op program),
  not once per op;
- values are named as MLIR's printer names them (vhlo.py's `_Printer.name_function`);
- types: each interned type entry is turned into a TensorType once.

Anything this path does not build (an op vitir's fast reader takes only through xDSL, results named
one by one, several blocks, a module-level op, a refused type rule) raises `Fallback` (or the rule's
error); `import_bytecode` then takes
the text path, which decides (and reports) what is wrong.
"""

from __future__ import annotations

from ...ast.declare import OPS
from ...ast.location import UNKNOWN
from ...text.importer import _ATTRIBUTE_NAME, _Reader, Fallback, build_module, generic_record
from .encodings import code_of
from .ir import BytecodeModule, Operation
from .vhlo import (OP_VERSIONS, UPSTREAM, _arg_dict, _dictionary_text, _key, _key_text, _Printer, _string_text,
                   _symbol, artifact_version, attribute_text, check_version, op_attributes, split_attributes,
                   type_text, vitir_location)

_STRING = code_of("vhlo", "StringV1Attr", False)
_DIALECT_KEYS: dict = {}  # a dictionary's name entry -> its text where a dialect's (`jax.result_info`), else ""

# Ops vhlo.py prints in their pretty forms (without discardable attributes), whose records the text
# reader's plans make; a constant's record depends on its value alone.
PRETTY = {"stablehlo.convolution", "stablehlo.constant"}
CACHED_PRETTY = {"stablehlo.constant"}


def _values(cls, text: str) -> dict:
    """An attribute dictionary's text read into cls's field values, as the text reader reads it."""
    reader = _Reader(text)
    values = reader.attribute_dictionary(cls)
    if reader.peek() != "":
        raise Fallback
    return values


def _dictionary(entries) -> tuple:
    """A module's or function's attributes ((name, entry) pairs) as the text reader keeps them."""
    if not entries:
        return ()
    return _Reader("{" + _dictionary_text([(k, attribute_text(v)) for k, v in entries]) + "}").attribute_dict()


class _Records:
    """The records of one artifact's functions, named as MLIR's printer names the values."""

    def __init__(self):
        self.printer = _Printer()
        self.names: dict = {}  # id(value) -> its name without the %, as the text reader records it
        # caches of this import (entries are interned, so a program's few hundred are each read once):
        self.tensor_types: dict = {}  # Type entry -> TensorType
        self.attributes: dict = {}  # (declaration, property order, properties, dictionary) -> what `values` gives
        self.kinds: dict = {}  # op name -> what `kind` works out
        # what each record was written with, keyed as the text reader keys them (build_module's `located`)
        self.located: dict = {}
        self.locations: dict = {}  # location entry -> vitir's Location

    def locate(self, key, entry) -> None:
        """Record the location `entry` of what `key` names (unknown ones are left out, as in text)."""
        found = self.locations.get(entry)
        if found is None:
            found = self.locations[entry] = vitir_location(entry)
        if found is not UNKNOWN:
            self.located[key] = found

    def tensor_type(self, entry):
        found = self.tensor_types.get(entry)
        if found is None:
            found = self.tensor_types[entry] = _Reader(type_text(entry)).type()
        return found

    def name(self, value) -> str:
        found = self.names.get(id(value))
        if found is None:
            raise Fallback("a value used before it is defined")
        return found

    def named(self, values) -> list:
        names = self.names
        try:
            return [names[id(v)] for v in values]
        except KeyError:
            raise Fallback("a value used before it is defined") from None

    def typed(self, values) -> list:
        known = self.tensor_types
        return [known[v.type] if v.type in known else self.tensor_type(v.type) for v in values]

    def function(self, op: Operation, function_attributes: dict):
        props = dict(zip(sorted(OP_VERSIONS[op.name[5:]][3]), op.properties or ()))
        if op.attributes is not None:
            props.update((k.fields[0], v) for k, v in op.attributes.fields[0])
        if len(op.regions[0].blocks) != 1:
            raise Fallback("a declaration or several blocks")
        self.printer.name_function(op)
        self.names.update((key, name[1:]) for key, name in self.printer.names.items())
        block = op.regions[0].blocks[0]
        name, outputs = function_signature(props, function_attributes)
        args = [(self.name(a), self.tensor_type(a.type)) for a in block.arguments]
        for arg, value in zip(args, block.arguments):
            self.locate(id(arg), value.location)
        ops, returned = self.body(block, "func")
        fn = (name, args, [self.tensor_type(t) for t in outputs], ops, returned)
        self.locate(id(fn), op.location)
        self.locate(("return", id(fn)), block.operations[-1].location)
        return fn

    @staticmethod
    def argument_dictionary(entry) -> tuple:
        """An argument's or result's dictionary as the text reader's `attribute_dict` reads its text:
        (name, text) pairs, sorted. Names of a dialect whose values are strings or booleans (JAX's
        `jax.result_info`, nearly all) are paired here; any other read from the text."""
        if entry is None or not entry.fields[0]:
            return ()
        pairs = []
        for k, v in entry.fields[0]:
            key = _DIALECT_KEYS.get(k)
            if key is None:  # (a name's entry is interned: its text worked out once)
                key = _key(k)
                key = _DIALECT_KEYS[k] = key if "." in key and _ATTRIBUTE_NAME.fullmatch(key) else ""
            if v.code == _STRING and v.dialect == "vhlo":  # (JAX's `jax.result_info`: one quoted string)
                text = _string_text(v.fields[0])
            else:
                text = attribute_text(v)
                if not (text in ("true", "false") or text[:1] == '"' and text.count('"') == 2 and text[-1] == '"'):
                    key = ""
            if not key:
                return _Reader(_arg_dict(entry)).attribute_dict()
            pairs.append((key, text))
        return tuple(sorted(pairs))

    def body(self, block, parent: str):
        """A block's ops as records, and its terminator's (names, types)."""
        operations = block.operations
        if not operations or operations[-1].name != "vhlo.return_v1":
            raise Fallback("a block that does not end in return")
        ops = []
        for op in operations[:-1]:
            record = self.op(op, parent)
            self.locate(id(record), op.location)
            ops.append(record)
        returned = operations[-1]
        if returned.attributes is not None or returned.properties:
            raise Fallback("a return with attributes")
        return ops, (self.named(returned.operands), self.typed(returned.operands))

    def kind(self, op_name: str) -> tuple:
        """What an op name stands for, worked out once per name: its mnemonic without the version,
        its attributes in the order ODS stores its properties (by name), the set of them, the
        StableHLO op's name and declaration (None for func.call)."""
        dialect, _, mnemonic = op_name.partition(".")
        row = OP_VERSIONS.get(mnemonic) if dialect == "vhlo" else None
        if row is None:
            raise Fallback(f"{op_name} is not a VHLO op")
        base = mnemonic.rsplit("_v", 1)[0]
        name = UPSTREAM.get(base, f"stablehlo.{base}")
        cls = None
        if base != "call":
            cls = OPS.get(name)
            if cls is None or cls.COMPOUND:
                raise Fallback(f"no declaration of {name}")
        found = self.kinds[op_name] = (base, tuple(sorted(row[3])), frozenset(row[3]), name, cls)
        return found

    def op(self, op: Operation, parent: str):
        base, by_name, inherent, name, cls = self.kinds.get(op.name) or self.kind(op.name)
        if op.successors:
            raise Fallback("successors")
        results = op.results
        if not results:
            named_results = ("none",)
        else:
            first = self.names.get(id(results[0]))
            if first is None:
                raise Fallback("a value used before it is defined")
            if len(results) == 1:
                named_results = ("one", first)
            elif "#" in first:
                named_results = ("group", first.split("#")[0], len(results))
            else:
                raise Fallback("results named one by one")
        operands = self.named(op.operands)
        inputs = self.typed(op.operands)
        properties = op.properties if op.properties.__class__ is tuple else None
        key = (cls, by_name, properties, op.attributes)  # interned entries: one read per distinct set
        found = self.attributes.get(key)
        if found is None:
            found = self.attributes[key] = self.values(op, base, name, cls, by_name, inherent, parent)
        if found[0] == "call":
            return ("call", found[1], named_results, operands, inputs, self.typed(results))
        if found[0] == "op":  # a constant's record: the same but for its results
            return (*found[:2], named_results, *found[3:])
        if found[0] == "pretty":  # a convolution: its line read each time (its operands are in it)
            return self.pretty(op, parent)
        values, has_properties, has_discardable = found
        regions = [self.region(r, base) for r in op.regions]
        return generic_record(cls, named_results, values, operands, inputs, self.typed(results),
                              regions, bool(regions) and has_discardable and not has_properties)

    def values(self, op: Operation, base: str, name: str, cls, by_name, inherent, parent: str):
        """An op's attributes upgraded by vhlo.py's tables and read into cls's field values, with
        whether it has properties and discardable attributes; a call's callee; the record of an op
        printed in its pretty form (a constant's, whose value is all it depends on)."""
        named, extra = split_attributes(op, by_name, inherent)
        upgraded = op_attributes(base, named)
        if cls is None:  # func.call
            if extra or [k for k, _ in upgraded] != ["callee"]:
                raise Fallback("a call with attributes")
            return ("call", upgraded[0][1][1:])
        discardable = [(_key_text(k), attribute_text(v)) for k, v in extra]
        if name in PRETTY and not discardable:
            return self.pretty(op, parent) if name in CACHED_PRETTY else ("pretty",)
        values = _values(cls, "{" + _dictionary_text(upgraded) + "}") if upgraded else {}
        for k, v in (_values(cls, "{" + _dictionary_text(discardable) + "}") if discardable else {}).items():
            if k in values:
                raise Fallback
            values[k] = v
        return values, bool(upgraded), bool(discardable)

    def pretty(self, op: Operation, parent: str):
        """An op vhlo.py prints in its pretty form, read as the text reader reads that line."""
        self.printer.op(op, "", parent)
        return _Reader(self.printer.lines.pop()).op()

    def region(self, region, parent: str) -> tuple:
        if len(region.blocks) != 1:
            raise Fallback("a region of several blocks")
        block = region.blocks[0]
        args = tuple((self.name(a), self.tensor_type(a.type)) for a in block.arguments)
        for arg, value in zip(args, block.arguments):
            self.locate(id(arg), value.location)
        ops, returned = self.body(block, parent)
        made = args, ops, returned
        if block.operations:  # its return's location, as the builder looks it up (a compact body drops it)
            self.locate(("return", id(made)), block.operations[-1].location)
        return made


def function_signature(props: dict, function_attributes: dict):
    """A vhlo.func_v1's name and result types from its attributes by name; its own attributes and its
    arguments' and results' dictionaries, as the text reader keeps them, recorded under its name."""
    inputs, outputs = props["function_type"].fields[0].fields
    name = _symbol(props["sym_name"])
    known = {"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"}
    own = _dictionary([(k, v) for k, v in props.items() if k not in known])
    dictionaries = []
    for key, values in (("arg_attrs", inputs), ("res_attrs", outputs)):
        entry = props.get(key)
        dictionaries.append([_Records.argument_dictionary(d) for d in entry.fields[0]]
                            if entry is not None and entry.fields[0] else [()] * len(values))
    function_attributes[name] = (own, *dictionaries)
    return name, outputs


def import_direct(module: BytecodeModule):
    """The Module of a portable artifact, built from its decoded ops; Fallback where this path does not
    build it (then the text path reads the artifact)."""
    from ...ast.gc_pause import gc_paused

    return gc_paused(_import)(module)


def _import(module: BytecodeModule):
    version = artifact_version(module)
    root = module.root
    if root.name != "builtin.module" or len(root.regions) != 1 or len(root.regions[0].blocks) != 1:
        raise Fallback("not a module")
    for op in root.walk():
        dialect, _, mnemonic = op.name.partition(".")
        if dialect == "vhlo" and mnemonic not in OP_VERSIONS:
            raise Fallback("an op VHLO does not know")  # the text path refuses it, naming it
    if version is not None:
        check_version(version)
    name = root.properties[0] if isinstance(root.properties, tuple) and root.properties[0] is not None else None
    entries = list(root.attributes.fields[0]) if root.attributes is not None else []
    if name is None:  # before properties (format < 5) the module's name is in its dictionary
        name = next((v for k, v in entries if _key(k) == "sym_name"), None)
    attributes = _dictionary([(_key(k), v) for k, v in entries if _key(k) not in ("sym_name", "sym_visibility")])
    records = _Records()
    functions, function_attributes, defined = [], {}, {}
    for op in root.regions[0].blocks[0].operations:
        if op.name != "vhlo.func_v1":
            raise Fallback(f"a module-level {op.name}")
        fn = records.function(op, function_attributes)
        if fn[0] in defined:
            raise Fallback
        defined[fn[0]] = fn
        functions.append(fn)
    if not functions:
        raise Fallback
    written = frozenset(n.split("#")[0] for n in records.names.values())
    records.locate("module", root.location)
    return build_module(_symbol(name) if name is not None else "m", functions, defined, attributes,
                        function_attributes, [], written, records.located)
