"""Write the generic IR as MLIR bytecode, numbered and ordered as MLIR's writer does.

Follows llvm-project's mlir/lib/Bytecode/Writer (BytecodeWriter.cpp, IRNumbering.cpp): attributes,
types and op names are numbered in the order MLIR's worklist visits them, sorted by use count
(stably), then grouped by dialect within each varint-width band; strings are numbered in the order
the sections first write them. The same module therefore comes out as the same bytes.
"""

from __future__ import annotations

from itertools import chain

from .encodings import ALL_ATTRS, LIST, bit_width, property_layout, rows_for
from .errors import BytecodeError
from .ir import Attribute, BytecodeModule, Operation, Type
from .reader import (ALIGNMENT_BYTE, ATTR_TYPE, ATTR_TYPE_OFFSET, DIALECT, DIALECT_VERSIONING, DIALECT_VERSIONS,
                     ELIDE_UNKNOWN_BLOCK_ARG_LOCATION, HAS_ATTRS, HAS_INLINE_REGIONS, HAS_OPERANDS, HAS_PROPERTIES,
                     HAS_RESULTS, HAS_SUCCESSORS, HAS_USE_LIST_ORDERS, IR, LAZY_LOADING, MAGIC,
                     NATIVE_PROPERTIES_ENCODING, PROPERTIES, RESOURCE, RESOURCE_OFFSET, STRING, UNKNOWN_LOCATION,
                     USE_LIST_ORDERING, VERSION)


def varint(value: int) -> bytes:
    """MLIR's prefix varint: the count of trailing zeros of the first byte is the count of extra bytes."""
    if value < _SMALL_LIMIT:
        return _SMALL[value]
    for size in range(3, 9):
        if value >> (7 * size) == 0:
            return (((value << 1) | 1) << (size - 1)).to_bytes(size, "little")
    return b"\0" + value.to_bytes(8, "little")


# The varints of one and two bytes, made once: an op's operands are value numbers, most past 127.
_ONE_BYTE = [bytes(((v << 1) | 1,)) for v in range(128)]
_SMALL_LIMIT = 1 << 14
_SMALL = _ONE_BYTE + [((v << 2) | 2).to_bytes(2, "little") for v in range(128, _SMALL_LIMIT)]


class Emitter:
    """A growing buffer with the alignment its start needs."""

    __slots__ = ("buffer", "alignment")

    def __init__(self):
        self.buffer = bytearray()
        self.alignment = 1

    def varint(self, value: int) -> None:
        self.buffer += _SMALL[value] if value < _SMALL_LIMIT else varint(value)

    def svarint(self, value: int) -> None:
        value &= 0xFFFFFFFFFFFFFFFF
        self.varint(((value << 1) ^ (-(value >> 63) & 0xFFFFFFFFFFFFFFFF)) & 0xFFFFFFFFFFFFFFFF)

    def align(self, alignment: int) -> None:
        if alignment < 2:
            return
        padding = -len(self.buffer) % alignment
        self.buffer += bytes((ALIGNMENT_BYTE,)) * padding
        self.alignment = max(self.alignment, alignment)

    def section(self, code: int, child: Emitter) -> None:
        at = len(self.buffer)
        self.buffer.append(code)
        self.varint(len(child.buffer))
        if child.alignment > 1:
            if len(self.buffer) & (child.alignment - 1):
                self.varint(child.alignment)
                self.align(child.alignment)
                self.buffer[at] |= 0x80
            else:
                self.alignment = max(self.alignment, child.alignment)
        self.buffer += child.buffer


class _Numbering:
    """IRNumberingState: numbers of attributes, types, op names, dialects, values and blocks."""

    def __init__(self, module: BytecodeModule, version: int):
        self.version = version
        self.dialects: dict[str, int] = {}
        self.attrs: dict = {}  # entry -> [refcount, first-seen order, dialect]
        self.types: dict = {}
        self.op_names: dict = {}
        self.value_ids: dict = {}
        self.block_counts: dict = {}
        self.region_counts: dict = {}
        self.resources: dict = {}  # (dialect, key) -> number
        self.isolated = _isolation(module.root)
        self.native_properties = version >= NATIVE_PROPERTIES_ENCODING
        self.next_value = 0
        root = module.root
        self.ops((root,), [])  # (its regions are pushed below)
        stack = []
        self._push_regions(root, stack)
        holders: list = []  # the ops with regions of the region just numbered, in order
        while stack:
            region, self.next_value = stack.pop()
            self.region(region, holders)
            for op in holders:
                self._push_regions(op, stack)
            holders.clear()
        self.attr_order = _finish(self.attrs, self.dialects)
        self.type_order = _finish(self.types, self.dialects)
        self.op_name_order = _finish(self.op_names, self.dialects)
        self.attr_number = {entry: i for i, entry in enumerate(self.attr_order)}
        self.type_number = {entry: i for i, entry in enumerate(self.type_order)}
        self.op_name_number = {name: i for i, name in enumerate(self.op_name_order)}

    def _push_regions(self, op: Operation, stack: list) -> None:
        if op.regions:
            first = 0 if self.isolated.get(id(op)) else self.next_value
            for region in op.regions:
                stack.append((region, first))

    def dialect(self, name: str) -> None:
        if name not in self.dialects:
            self.dialects[name] = len(self.dialects)

    def region(self, region, holders: list) -> None:
        if not region.blocks:
            return
        first = self.next_value
        for block in region.blocks:
            self.block(block, holders)
        self.region_counts[id(region)] = (len(region.blocks), self.next_value - first)

    def block(self, block, holders: list) -> None:
        value_ids = self.value_ids
        for argument in block.arguments:
            value_ids[id(argument)] = self.next_value
            self.next_value += 1
            self.attribute(argument.location or UNKNOWN_LOCATION)
            self.type(argument.type)
        self.ops(block.operations, holders)

    def ops(self, ops, holders: list) -> None:
        """Number each op's results and count its entries, in the order of first sightings (op name,
        result types, attributes, properties, location), inline with the tables in locals: no call
        per op of the program; each op with regions joins `holders`."""
        value_ids, op_names, types, attrs = self.value_ids, self.op_names, self.types, self.attrs
        native_properties = self.native_properties
        number = self.next_value
        for op in ops:
            found = op_names.get(op.name)
            if found is not None:
                found[0] += 1
            else:
                self.op_name(op.name)
            for result in op.results:
                value_ids[id(result)] = number
                number += 1
                found = types.get(result.type)
                if found is not None:
                    found[0] += 1
                else:
                    self.type(result.type)
            attributes = op.attributes
            if attributes is not None and _non_empty(attributes):
                self.attribute(attributes)
            properties = op.properties
            if native_properties and properties.__class__ is tuple:
                for value in properties:
                    if value is not None:
                        found = attrs.get(value)
                        if found is not None:
                            found[0] += 1
                        else:
                            self.attribute(value)
            found = attrs.get(op.location)
            if found is not None:
                found[0] += 1
            else:
                self.attribute(op.location)
            if op.regions:
                holders.append(op)
        self.next_value = number

    def op_name(self, name: str) -> None:
        found = self.op_names.get(name)
        if found is not None:
            found[0] += 1
        else:
            dialect = name.split(".", 1)[0]
            self.dialect(dialect)
            self.op_names[name] = [1, len(self.op_names), dialect]

    def attribute(self, entry: Attribute) -> None:
        found = self.attrs.get(entry)
        if found is not None:
            found[0] += 1
            return
        self.attrs[entry] = [1, len(self.attrs), entry.dialect]
        self.dialect(entry.dialect)
        if entry.text is None:
            self.nested(entry, False)

    def type(self, entry: Type) -> None:
        found = self.types.get(entry)
        if found is not None:
            found[0] += 1
            return
        self.types[entry] = [1, len(self.types), entry.dialect]
        self.dialect(entry.dialect)
        if entry.text is None:
            self.nested(entry, True)

    def nested(self, entry, is_type: bool) -> None:
        rows = rows_for(entry.dialect, is_type)
        kinds = rows[entry.code][1]
        for kind, value in zip(kinds, entry.fields):
            self.field(kind, value, entry.dialect)

    def field(self, kind, value, dialect: str) -> None:
        if kind.__class__ is tuple:
            item = kind[1]
            if item.__class__ is tuple:
                for values in value:
                    for k, v in zip(item, values):
                        self.field(k, v, dialect)
            elif item in ("attr", "type"):
                for v in value:
                    self.field(item, v, dialect)
            return
        if kind == "attr":
            self.attribute(value)
        elif kind == "type":
            self.type(value)
        elif kind in ("optional attr", "flagged attr", "bool attr"):
            if value is not None:
                self.attribute(value)
        elif kind == "resource":
            if value not in self.resources:
                self.resources[value] = len(self.resources)


def _non_empty(attributes: Attribute) -> bool:
    return not (attributes.dialect == "builtin" and attributes.code == 1 and not attributes.fields[0])


def _finish(table: dict, dialects: dict) -> list:
    """Sort by use count (most first, stable), then group by dialect within each varint-width band."""
    entries = sorted(table.items(), key=lambda item: (-item[1][0], item[1][1]))
    numbered = [(entry, dialects[info[2]]) for entry, info in entries]
    result = []
    first = 0
    in_group = 0
    start = 0
    for width in range(1, 9):
        in_group = (1 << (7 * width)) - in_group
        band = numbered[start:start + in_group]
        start += len(band)
        band.sort(key=lambda item: (item[1] != first, item[1]))  # stable: Python's sort is
        result.extend(band)
        if band:
            first = band[-1][1]
        if start >= len(numbered):
            break
    return [entry for entry, _ in result]


def _isolation(root: Operation) -> dict:
    """Which ops with regions use no value defined outside them (MLIR writes those as isolated)."""
    owner: dict = {}  # id(value) -> id of the op whose region defines it (None at the top)
    isolated: dict = {}
    stack: list = []  # the ids of the ops with regions enclosing the current op, outermost first

    def escape(defining) -> None:
        """A value defined outside the innermost region used in it: the regions between are not isolated."""
        for enclosing in reversed(stack):
            if enclosing == defining:
                break
            isolated[enclosing] = False

    def visit(op: Operation) -> None:
        innermost = stack[-1] if stack else None
        for operand in op.operands:
            defining = owner.get(id(operand))
            if defining != innermost:
                escape(defining)
        if op.regions:
            key = id(op)
            isolated.setdefault(key, True)
            stack.append(key)
            own: set = set()  # the ids of the values defined in the op's regions (their owner `key`)
            for region in op.regions:
                for block in region.blocks:
                    own.update(map(id, block.arguments))
                    own.update(map(id, chain.from_iterable([inner.results for inner in block.operations])))
                owner.update(dict.fromkeys(own, key))
                for block in region.blocks:
                    # visit's operand check for the ops without regions (nearly every op), as sets: a
                    # use of a value from outside the region makes the regions between not isolated
                    used = set(map(id, chain.from_iterable([inner.operands for inner in block.operations
                                                            if not inner.regions])))
                    for defining in used.difference(own):
                        escape(owner.get(defining))
                    for inner in block.operations:
                        if inner.regions:
                            visit(inner)
            stack.pop()

    visit(root)
    return isolated


class _Strings:
    def __init__(self):
        self.index: dict[str, int] = {}

    def insert(self, text: str) -> int:
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.index)
        return found

    def write(self, emitter: Emitter) -> None:
        encoded = [text.encode("utf-8") for text in self.index]
        emitter.varint(len(encoded))
        for raw in reversed(encoded):
            emitter.varint(len(raw) + 1)
        for raw in encoded:
            emitter.buffer += raw
            emitter.buffer.append(0)


class _Writer:
    def __init__(self, module: BytecodeModule, version: int, producer: str):
        self.module, self.version, self.producer = module, version, producer
        self.native_properties = version >= NATIVE_PROPERTIES_ENCODING
        self.numbering = _Numbering(module, version)
        self.strings = _Strings()
        self.properties: list[bytes] = []
        self.properties_index: dict[bytes, int] = {}
        self.properties_of: dict = {}  # (op name, properties tuple) -> its number
        # the varint of every number an op refers to (op name, attribute, type, value, properties
        # entry: each below the count of its kind or of ops), looked up without a comparison each
        numbering = self.numbering
        limit = 1 + max(len(numbering.attr_order), len(numbering.type_order), len(numbering.op_name_order),
                        len(numbering.value_ids), sum(info[0] for info in numbering.op_names.values()))
        self.varints = _SMALL if limit <= _SMALL_LIMIT else _SMALL + [varint(v) for v in range(_SMALL_LIMIT, limit)]

    def write(self) -> bytes:
        out = Emitter()
        out.buffer += MAGIC
        out.varint(self.version)
        out.buffer += self.producer.encode("utf-8") + b"\0"
        self.dialect_section(out)
        self.attr_type_sections(out)
        ir = Emitter()
        ir.varint(2)  # one op, no block arguments
        self.op(ir, self.module.root)
        out.section(IR, ir)
        self.resource_sections(out)
        strings = Emitter()
        self.strings.write(strings)
        out.section(STRING, strings)
        if self.version >= NATIVE_PROPERTIES_ENCODING:
            section = Emitter()
            section.varint(len(self.properties))
            for raw in self.properties:
                section.buffer += raw
            out.section(PROPERTIES, section)
        elif self.properties:
            raise BytecodeError(f"ops with properties cannot be written at bytecode version {self.version} (< 5)")
        return bytes(out.buffer)

    # -- dialects -----------------------------------------------------------------------------------
    def dialect_section(self, out: Emitter) -> None:
        numbering = self.numbering
        section = Emitter()
        section.varint(len(numbering.dialects))
        for name in numbering.dialects:
            index = self.strings.insert(name)
            if self.version < DIALECT_VERSIONING:
                section.varint(index)
                continue
            version = self.module.dialect_versions.get(name)
            section.varint((index << 1) | bool(version))
            if version:
                nested = Emitter()
                nested.buffer += version
                section.section(DIALECT_VERSIONS, nested)
        if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
            section.varint(len(numbering.op_name_order))
        registered = self.module.registered

        def op_name(name: str) -> None:
            index = self.strings.insert(name.split(".", 1)[1])
            if self.version < NATIVE_PROPERTIES_ENCODING:
                section.varint(index)
            else:
                section.varint((index << 1) | registered.get(name, True))

        self._grouped(section, numbering.op_name_order, lambda name: name.split(".", 1)[0], op_name)
        out.section(DIALECT, section)

    def _grouped(self, emitter: Emitter, entries: list, dialect_of, write_one) -> None:
        dialects = self.numbering.dialects
        index = 0
        while index < len(entries):
            dialect = dialect_of(entries[index])
            end = index + 1
            while end < len(entries) and dialect_of(entries[end]) == dialect:
                end += 1
            emitter.varint(dialects[dialect])
            emitter.varint(end - index)
            for entry in entries[index:end]:
                write_one(entry)
            index = end

    # -- attributes and types -----------------------------------------------------------------------
    def attr_type_sections(self, out: Emitter) -> None:
        numbering = self.numbering
        offsets, data = Emitter(), Emitter()
        offsets.varint(len(numbering.attr_order))
        offsets.varint(len(numbering.type_order))
        previous = [0]

        def entry(value) -> None:
            is_type = isinstance(value, Type)
            if value.text is not None:
                data.buffer += value.text.encode("utf-8") + b"\0"
                custom = 0
            else:
                data.varint(value.code)
                kinds = rows_for(value.dialect, is_type)[value.code][1]
                for kind, field in zip(kinds, value.fields):
                    self.field(data, kind, field, value.fields)
                custom = 1
            size = len(data.buffer)
            offsets.varint(((size - previous[0]) << 1) | custom)
            previous[0] = size

        self._grouped(offsets, numbering.attr_order, lambda e: e.dialect, entry)
        self._grouped(offsets, numbering.type_order, lambda e: e.dialect, entry)
        out.section(ATTR_TYPE_OFFSET, offsets)
        out.section(ATTR_TYPE, data)

    def field(self, data: Emitter, kind, value, fields) -> None:
        numbering = self.numbering
        if kind.__class__ is tuple:
            item = kind[1]
            data.varint(len(value))
            if item.__class__ is tuple:
                for values in value:
                    for k, v in zip(item, values):
                        self.field(data, k, v, fields)
            else:
                for v in value:
                    self.field(data, item, v, fields)
        elif kind == "attr":
            data.varint(numbering.attr_number[value])
        elif kind == "type":
            data.varint(numbering.type_number[value])
        elif kind == "varint":
            data.varint(value)
        elif kind == "svarint":
            data.svarint(value)
        elif kind == "string":
            data.varint(self.strings.insert(value))
        elif kind == "blob":
            data.varint(len(value))
            data.buffer += value
        elif kind in ("int", "float", "f64"):
            width = 64 if kind == "f64" else bit_width(fields[0])
            if width <= 8:
                data.buffer.append(value)
            elif width <= 64:
                data.svarint(value)
            else:
                data.varint(len(value))
                for word in value:
                    data.svarint(word)
        elif kind == "optional attr":
            data.varint(0 if value is None else (numbering.attr_number[value] << 1) | 1)
        elif kind == "flagged attr":
            if value is None:
                data.varint(0)
            else:
                data.varint(1)
                data.varint(numbering.attr_number[value])
        elif kind == "bool":
            data.buffer.append(value)
        elif kind == "bool attr":
            data.buffer.append(value is not None)
            if value is not None:
                data.varint(numbering.attr_number[value])
        elif kind == "resource":
            data.varint(numbering.resources[value])
        elif kind == "dense strings":
            for text in value:
                data.varint(self.strings.insert(text))
        else:
            raise AssertionError(kind)

    # -- the IR -------------------------------------------------------------------------------------
    def op(self, out: Emitter, op: Operation) -> None:
        numbering = self.numbering
        buffer = out.buffer  # varints appended inline, from the table of every number an op refers to
        varints = self.varints
        buffer += varints[numbering.op_name_number[op.name]]
        mask_at = len(buffer)
        buffer.append(0)
        mask = 0
        buffer += varints[numbering.attr_number[op.location]]
        attributes = op.attributes
        if attributes is not None and _non_empty(attributes):
            mask |= HAS_ATTRS
            out.varint(numbering.attr_number[attributes])
        properties = op.properties
        if properties is not None:
            if self.native_properties:
                mask |= HAS_PROPERTIES
                # the same attributes (interned) of the same op: the same bytes, numbered once
                number = self.properties_of.get((op.name, properties)) if isinstance(properties, tuple) else None
                if number is None:
                    number = self.op_properties(op)
                buffer += varints[number]
            elif not isinstance(properties, tuple) or any(v is not None for v in properties):
                raise BytecodeError(f"{op.name}: properties cannot be written at bytecode version {self.version} "
                                    f"(< {NATIVE_PROPERTIES_ENCODING}); give them to the op as attributes")
        results = op.results
        if results:
            mask |= HAS_RESULTS
            buffer += _SMALL[len(results)] if len(results) < _SMALL_LIMIT else varint(len(results))
            type_number = numbering.type_number
            for result in results:
                buffer += varints[type_number[result.type]]
        operands = op.operands
        if operands:
            mask |= HAS_OPERANDS
            buffer += _SMALL[len(operands)] if len(operands) < _SMALL_LIMIT else varint(len(operands))
            value_ids = numbering.value_ids
            for operand in operands:
                buffer += varints[value_ids[id(operand)]]
        if op.successors:
            mask |= HAS_SUCCESSORS
            out.varint(len(op.successors))
            for successor in op.successors:
                out.varint(successor)
        if self.version >= USE_LIST_ORDERING and op.use_list_orders:
            mask |= HAS_USE_LIST_ORDERS
            self.use_list_orders(out, op.use_list_orders, len(op.results))
        if op.regions:
            mask |= HAS_INLINE_REGIONS
        buffer[mask_at] = mask
        if op.regions:
            isolated = bool(numbering.isolated.get(id(op)))
            out.varint((len(op.regions) << 1) | isolated)
            if isolated and self.version >= LAZY_LOADING:
                nested = Emitter()
                for region in op.regions:
                    self.region(nested, region)
                out.section(IR, nested)
            else:
                for region in op.regions:
                    self.region(out, region)

    def op_properties(self, op: Operation) -> int:
        properties = op.properties
        known = self.properties_of.get((op.name, properties)) if isinstance(properties, tuple) else None
        if known is not None:  # the same attributes (interned) of the same op: the same bytes
            return known
        if isinstance(properties, tuple):
            layout = property_layout(op.name)
            encoded = Emitter()
            if layout == ALL_ATTRS:
                for value in properties:
                    encoded.varint(self.numbering.attr_number[value])
            else:
                for kind, value in zip(layout, properties):
                    self.field(encoded, kind, value, properties)
            raw = bytes(encoded.buffer)
        else:
            raw = bytes(properties)
        raw = varint(len(raw)) + raw
        index = self.properties_index.get(raw)
        if index is None:
            index = self.properties_index[raw] = len(self.properties)
            self.properties.append(raw)
        if isinstance(properties, tuple):
            self.properties_of[(op.name, properties)] = index
        return index

    def use_list_orders(self, out: Emitter, orders: dict, count: int) -> None:
        if count != 1:
            out.varint(len(orders))
        for index, (pairs, values) in orders.items():
            if count != 1:
                out.varint(index)
            out.varint((len(values) << 1) | pairs)
            for value in values:
                out.varint(value)

    def region(self, out: Emitter, region) -> None:
        if not region.blocks:
            out.varint(0)
            return
        blocks, values = self.numbering.region_counts[id(region)]
        out.varint(blocks)
        out.varint(values)
        for block in region.blocks:
            self.block(out, block)

    def block(self, out: Emitter, block) -> None:
        numbering = self.numbering
        arguments = block.arguments
        out.varint((len(block.operations) << 1) | bool(arguments))
        if arguments:
            out.varint(len(arguments))
            for argument in arguments:
                location = argument.location or UNKNOWN_LOCATION
                type_index = numbering.type_number[argument.type]
                if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
                    known = location is not UNKNOWN_LOCATION
                    out.varint((type_index << 1) | known)
                    if known:
                        out.varint(numbering.attr_number[location])
                else:
                    out.varint(type_index)
                    out.varint(numbering.attr_number[location])
            if self.version >= USE_LIST_ORDERING:
                if block.use_list_orders:
                    out.buffer.append(HAS_USE_LIST_ORDERS)
                    self.use_list_orders(out, block.use_list_orders, len(arguments))
                else:
                    out.buffer.append(0)
        # `op` below, inline with its tables in locals, for an op of nothing but a name, location,
        # properties (native or none), results and operands: nearly every op of a program
        buffer, varints, properties_of = out.buffer, self.varints, self.properties_of
        op_name_number, attr_number = numbering.op_name_number, numbering.attr_number
        type_number, value_ids = numbering.type_number, numbering.value_ids
        native_properties = self.native_properties
        for op in block.operations:
            properties = op.properties
            if op.regions or op.successors or op.attributes is not None or op.use_list_orders or \
                    (properties is not None and not (native_properties and properties.__class__ is tuple)):
                self.op(out, op)
                continue
            buffer += varints[op_name_number[op.name]]
            mask_at = len(buffer)
            buffer.append(0)
            buffer += varints[attr_number[op.location]]
            mask = 0
            if properties is not None:
                mask = HAS_PROPERTIES
                number = properties_of.get((op.name, properties))
                if number is None:
                    number = self.op_properties(op)
                buffer += varints[number]
            results = op.results
            if results:
                mask |= HAS_RESULTS
                count = len(results)
                buffer += _SMALL[count] if count < _SMALL_LIMIT else varint(count)
                for result in results:
                    buffer += varints[type_number[result.type]]
            operands = op.operands
            if operands:
                mask |= HAS_OPERANDS
                count = len(operands)
                buffer += _SMALL[count] if count < _SMALL_LIMIT else varint(count)
                for operand in operands:
                    buffer += varints[value_ids[id(operand)]]
            buffer[mask_at] = mask

    # -- resources ----------------------------------------------------------------------------------
    def resource_sections(self, out: Emitter) -> None:
        offsets, data = Emitter(), Emitter()
        previous = [0]

        def build(entries) -> list:
            """Write a group's data; its offsets are written after (MLIR numbers the strings so)."""
            built = []
            for resource in entries:
                if resource.kind == 0 and resource.value is not None:
                    data.varint(resource.alignment)
                    data.varint(len(resource.value))
                    data.align(resource.alignment)
                    data.buffer += resource.value
                elif resource.kind == 1:
                    data.buffer.append(int(resource.value))
                elif resource.kind == 2:
                    data.varint(self.strings.insert(resource.value))
                size = len(data.buffer)
                built.append((resource.key, resource.kind, size - previous[0]))
                previous[0] = size
            return built

        def emit_group(key: int, built: list) -> None:
            offsets.varint(key)
            offsets.varint(len(built))
            for name, kind, size in built:
                offsets.varint(self.strings.insert(name))
                offsets.varint(size)
                offsets.buffer.append(kind)

        external = self.module.external_resources
        offsets.varint(len(external))
        for name, entries in external.items():
            built = build(entries)
            emit_group(self.strings.insert(name), built)
        for dialect, entries in self.module.dialect_resources.items():
            if dialect in self.numbering.dialects and entries:
                emit_group(self.numbering.dialects[dialect], build(entries))
        out.section(RESOURCE_OFFSET, offsets)
        out.section(RESOURCE, data)


def write_bytecode(module: BytecodeModule, version: int | None = None, producer: str | None = None) -> bytes:
    """The module as MLIR bytecode of format `version` (the module's own by default)."""
    version = module.version if version is None else version
    if not 0 <= version <= VERSION:
        raise BytecodeError(f"unsupported bytecode version {version}, must be in range [0, {VERSION}]")
    return _Writer(module, version, module.producer if producer is None else producer).write()
