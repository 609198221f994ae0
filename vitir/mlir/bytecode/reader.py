"""Read MLIR bytecode (format versions 0 to 6) into the generic IR of `ir.py`.

The layout follows llvm-project's mlir/docs/BytecodeFormat.md and BytecodeReader.cpp: a header
(magic `ML\\xefR`, version, producer), then sections, each an id byte (high bit: aligned), a varint
length, and, when aligned, a varint alignment and 0xCB padding. Every error names the section and
the byte offset in the file.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, repeat

from .encodings import ALL_ATTRS, LIST, bit_width, property_layout, rows_for, verify_entry
from .errors import BytecodeError
from .ir import Attribute, Block, BytecodeModule, Operation, Region, Resource, Type, Value

MAGIC = b"ML\xefR"
VERSION = 6  # the newest format version read and written
ALIGNMENT_BYTE = 0xCB

# Format versions that changed the encoding (mlir/include/mlir/Bytecode/Encoding.h).
DIALECT_VERSIONING = 1
LAZY_LOADING = 2
USE_LIST_ORDERING = 3
ELIDE_UNKNOWN_BLOCK_ARG_LOCATION = 4
NATIVE_PROPERTIES_ENCODING = 5

STRING, DIALECT, ATTR_TYPE, ATTR_TYPE_OFFSET, IR, RESOURCE, RESOURCE_OFFSET, DIALECT_VERSIONS, PROPERTIES = range(9)
# The offsets' entries whose sizes are one-byte varints (odd bytes: nearly all of a ViT-Tiny step's
# ~12,600) are read a run at a time in C: a byte b gives an entry of b >> 2 bytes, custom where b & 2.
_PARITY = bytes(b & 1 for b in range(256))
# A varint's first byte b: VARINT_ONE[b] is the varint where b is all of it (b odd); -1 where one byte
# follows (the varint: VARINT_TWO[b][that byte], each of the 16,384 made once, so that reading one
# makes no int); -2 where more do. (Indexing tables: no `&` or `>>` on ints, each a call.)
VARINT_ONE = tuple(b >> 1 if b & 1 else -1 if b & 2 else -2 for b in range(256))
VARINT_TWO = tuple(tuple(b >> 2 | n << 6 for n in range(256)) if b & 3 == 2 else None for b in range(256))
_ENTRY_SIZE = bytes(b >> 2 for b in range(256))
_ENTRY_CUSTOM = bytes((b >> 1) & 1 for b in range(256))
_AS_BOOL = (False, True)

SECTION_NAMES = ("string", "dialect", "attr/type", "attr/type offset", "IR", "resource", "resource offset",
                 "dialect versions", "properties")

HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_INLINE_REGIONS, HAS_USE_LIST_ORDERS, HAS_PROPERTIES = (
    1, 2, 4, 8, 16, 32, 64)


class Cursor:
    """A position in the file's bytes, bounded by the end of the section being read."""

    __slots__ = ("data", "pos", "end", "section")

    def __init__(self, data: bytes, pos: int, end: int, section: str):
        self.data, self.pos, self.end, self.section = data, pos, end, section

    def error(self, reason: str, offset: int | None = None) -> BytecodeError:
        return BytecodeError(reason, section=self.section, offset=self.pos if offset is None else offset)

    def at_end(self) -> bool:
        return self.pos >= self.end

    def byte(self) -> int:
        pos = self.pos
        if pos >= self.end:
            raise self.error("unexpected end of data")
        self.pos = pos + 1
        return self.data[pos]

    def bytes(self, size: int) -> bytes:
        pos = self.pos
        if size < 0 or pos + size > self.end:
            raise self.error(f"{size} bytes requested, {self.end - pos} left")
        self.pos = pos + size
        return self.data[pos:pos + size]

    def varint(self) -> int:
        data, pos = self.data, self.pos
        if pos >= self.end:
            raise self.error("unexpected end of data (a varint)")
        first = data[pos]
        if first & 1:  # one byte: the common case
            self.pos = pos + 1
            return first >> 1
        if first == 0:  # a marker byte, then the value in 8 bytes
            if pos + 9 > self.end:
                raise self.error("truncated varint")
            self.pos = pos + 9
            return int.from_bytes(data[pos + 1:pos + 9], "little")
        extra = (first & -first).bit_length()  # trailing zeros + 1 = the number of bytes
        if pos + extra > self.end:
            raise self.error("truncated varint")
        self.pos = pos + extra
        return int.from_bytes(data[pos:pos + extra], "little") >> extra

    def svarint(self) -> int:
        value = self.varint()
        return (value >> 1) ^ -(value & 1)

    def cstring(self) -> str:
        end = self.data.find(b"\0", self.pos, self.end)
        if end < 0:
            raise self.error("a string without its nul terminator")
        text = self.data[self.pos:end]
        self.pos = end + 1
        return _decode(text, self)

    def sub(self, size: int, section: str) -> Cursor:
        if size < 0 or self.pos + size > self.end:
            raise self.error(f"{section} section of {size} bytes runs past the end ({self.end - self.pos} left)")
        cursor = Cursor(self.data, self.pos, self.pos + size, section)
        self.pos += size
        return cursor


def _decode(raw: bytes, cursor: Cursor) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise cursor.error(f"string is not UTF-8 ({error.reason})") from None


def read_section(cursor: Cursor) -> tuple[int, Cursor]:
    """One section's id and a cursor over its data."""
    start = cursor.pos
    id_and_aligned = cursor.byte()
    section_id = id_and_aligned & 0x7F
    if section_id >= len(SECTION_NAMES):
        raise cursor.error(f"unknown section id {section_id}", start)
    name = SECTION_NAMES[section_id]
    length = cursor.varint()
    if id_and_aligned & 0x80:
        alignment = cursor.varint()
        if alignment == 0 or alignment & (alignment - 1):
            raise cursor.error(f"{name} section alignment {alignment} is not a power of two")
        while cursor.pos % alignment:
            if cursor.byte() != ALIGNMENT_BYTE:
                raise cursor.error(f"{name} section padding byte is not 0xCB", cursor.pos - 1)
    return section_id, cursor.sub(length, name)


class _Reader:
    eager = True  # decode every attribute and type entry up front (the one-pass decoder does not)

    def __init__(self, data: bytes):
        self.data = data

    # -- header and sections ------------------------------------------------------------------------
    def read(self) -> BytecodeModule:
        data = self.data
        top = Cursor(data, 0, len(data), "header")
        if data[:4] != MAGIC:
            raise top.error("not MLIR bytecode (the file does not start with ML\\xefR)", 0)
        top.pos = 4
        version = top.varint()
        if version > VERSION:
            raise top.error(f"bytecode version {version} is newer than the newest this reader knows ({VERSION})", 4)
        self.version = version
        producer = top.cstring()
        sections: dict[int, Cursor] = {}
        while not top.at_end():
            start = top.pos
            top.section = "header"
            section_id, cursor = read_section(top)
            if section_id in sections:
                raise top.error(f"duplicate {SECTION_NAMES[section_id]} section", start)
            if section_id == DIALECT_VERSIONS:
                raise top.error("a dialect versions section outside the dialect section", start)
            sections[section_id] = cursor
        required = [STRING, DIALECT, ATTR_TYPE, ATTR_TYPE_OFFSET, IR]
        if version >= NATIVE_PROPERTIES_ENCODING:
            required.append(PROPERTIES)
        for section_id in required:
            if section_id not in sections:
                raise BytecodeError(f"missing {SECTION_NAMES[section_id]} section", section="header",
                                    offset=len(data))
        if (RESOURCE in sections) != (RESOURCE_OFFSET in sections):
            raise BytecodeError("a resource section without its offsets (or offsets without resources)",
                                section="header", offset=len(data))
        self.read_strings(sections[STRING])
        dialect_versions = self.read_dialects(sections[DIALECT])
        external, dialect_resources = self.read_resources(sections.get(RESOURCE), sections.get(RESOURCE_OFFSET))
        self.read_attr_type_offsets(sections[ATTR_TYPE_OFFSET], sections[ATTR_TYPE])
        self.read_properties(sections.get(PROPERTIES))
        root = self.read_ir(sections[IR])
        registered = {name: flag for name, flag in self.op_names if flag is not None}
        return BytecodeModule(root, version, producer, dialect_versions, external, dialect_resources, registered)

    def read_strings(self, cursor: Cursor) -> None:
        count = cursor.varint()
        if count > cursor.end - cursor.pos:
            raise cursor.error(f"{count} strings cannot fit in the section")
        sizes = [cursor.varint() for _ in range(count)]
        sizes.reverse()
        data = self.data
        strings = [""] * count
        pos = cursor.pos
        for index, size in enumerate(sizes):
            if size == 0 or pos + size > cursor.end:
                raise cursor.error(f"string {index} of size {size} runs past the end of the section", pos)
            if data[pos + size - 1] != 0:
                raise cursor.error(f"string {index} lacks its nul terminator", pos + size - 1)
            strings[index] = _decode(data[pos:pos + size - 1], cursor)
            pos += size
        if pos != cursor.end:
            raise cursor.error(f"{cursor.end - pos} bytes after the last string", pos)
        self.strings = strings

    def string(self, cursor: Cursor) -> str:
        start = cursor.pos
        index = cursor.varint()
        if index >= len(self.strings):
            raise cursor.error(f"string index {index} out of range ({len(self.strings)} strings)", start)
        return self.strings[index]

    def read_dialects(self, cursor: Cursor) -> dict[str, bytes]:
        count = cursor.varint()
        if count > cursor.end - cursor.pos:
            raise cursor.error(f"{count} dialects cannot fit in the section")
        dialects, versions = [], {}
        for _ in range(count):
            if self.version < DIALECT_VERSIONING:
                dialects.append(self.string(cursor))
                continue
            start = cursor.pos
            value = cursor.varint()
            if value >> 1 >= len(self.strings):
                raise cursor.error(f"string index {value >> 1} out of range", start)
            name = self.strings[value >> 1]
            dialects.append(name)
            if value & 1:
                section_id, sub = read_section(cursor)
                if section_id != DIALECT_VERSIONS:
                    raise cursor.error(f"expected a dialect versions section for dialect {name!r}", start)
                versions[name] = bytes(self.data[sub.pos:sub.end])
        self.dialects = dialects
        if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
            cursor.varint()  # the number of op names (a size hint)
        op_names: list[tuple[str, bool | None]] = []
        while not cursor.at_end():
            dialect = self.dialect(cursor)
            for _ in range(cursor.varint()):
                if self.version < NATIVE_PROPERTIES_ENCODING:
                    op_names.append((f"{dialect}.{self.string(cursor)}", None))
                else:
                    start = cursor.pos
                    value = cursor.varint()
                    if value >> 1 >= len(self.strings):
                        raise cursor.error(f"string index {value >> 1} out of range", start)
                    op_names.append((f"{dialect}.{self.strings[value >> 1]}", bool(value & 1)))
                if cursor.pos > cursor.end:
                    raise cursor.error("op names run past the end of the section")
        self.op_names = op_names
        return versions

    def dialect(self, cursor: Cursor) -> str:
        start = cursor.pos
        index = cursor.varint()
        if index >= len(self.dialects):
            raise cursor.error(f"dialect index {index} out of range ({len(self.dialects)} dialects)", start)
        return self.dialects[index]

    # -- attributes and types -----------------------------------------------------------------------
    def read_attr_type_offsets(self, offsets: Cursor, section: Cursor) -> None:
        num_attrs = offsets.varint()
        num_types = offsets.varint()
        if num_attrs + num_types > (offsets.end - offsets.pos):
            raise offsets.error(f"{num_attrs} attributes and {num_types} types cannot fit in the offsets")
        spans = []  # (dialect, start, end, custom)
        position = section.pos
        for total in (num_attrs, num_types):
            entries = []
            while len(entries) < total:
                dialect = self.dialect(offsets)
                start = offsets.pos
                count = offsets.varint()
                if len(entries) + count > total:
                    raise offsets.error(f"dialect group of {count} entries overruns the {total} declared", start)
                data, end, limit = self.data, offsets.end, section.end
                pos, remaining = offsets.pos, count
                while remaining:
                    # the entries whose sizes are one-byte varints (odd bytes: most), up to the first that is not
                    chunk = data[pos:min(pos + remaining, end)]
                    run = chunk.translate(_PARITY).find(0)
                    if run < 0:
                        run = len(chunk)
                    if run:
                        chunk = chunk[:run]
                        bounds = list(accumulate(chunk.translate(_ENTRY_SIZE), initial=position))
                        if bounds[-1] > limit:
                            raise offsets.error("attribute or type entry runs past the end of the attr/type section",
                                                pos + bisect_right(bounds, limit) - 1)
                        entries.extend(zip(repeat(dialect, run), bounds, bounds[1:],
                                           map(_AS_BOOL.__getitem__, chunk.translate(_ENTRY_CUSTOM))))
                        position = bounds[-1]
                        pos += run
                        remaining -= run
                        if not remaining:
                            break
                    start = offsets.pos = pos  # an entry whose size takes more than a byte (or the end)
                    value = offsets.varint()
                    pos = offsets.pos
                    following = position + (value >> 1)
                    if following > limit:
                        raise offsets.error("attribute or type entry runs past the end of the attr/type section",
                                            start)
                    entries.append((dialect, position, following, value & 1 == 1))
                    position = following
                    remaining -= 1
                offsets.pos = pos
            spans.append(entries)
        if not offsets.at_end():
            raise offsets.error("bytes after the last attribute/type offset")
        self.attr_spans, self.type_spans = spans
        self.attrs: list = [None] * num_attrs
        self.types: list = [None] * num_types
        self.pending: set = set()
        if self.eager:  # every entry decoded (and checked) now; else each when first referenced
            for index in range(num_attrs):
                self.attribute(index)
            for index in range(num_types):
                self.type(index)

    def attr_ref(self, cursor: Cursor) -> Attribute:
        at = cursor.pos
        index = cursor.varint()
        if index >= len(self.attrs):
            raise cursor.error(f"attribute index {index} out of range ({len(self.attrs)} attributes)", at)
        return self.attribute(index)

    def type_ref(self, cursor: Cursor) -> Type:
        at = cursor.pos
        index = cursor.varint()
        if index >= len(self.types):
            raise cursor.error(f"type index {index} out of range ({len(self.types)} types)", at)
        return self.type(index)

    def attribute(self, index: int, cursor: Cursor | None = None) -> Attribute:
        attrs = self.attrs
        if index < len(attrs):
            found = attrs[index]
            if found is not None:
                return found
        else:
            raise (cursor or Cursor(self.data, 0, 0, "attr/type")).error(
                f"attribute index {index} out of range ({len(attrs)} attributes)",
                None if cursor is None else cursor.pos)
        entry = self._entry(self.attr_spans[index], False, ("attr", index))
        attrs[index] = entry
        return entry

    def type(self, index: int, cursor: Cursor | None = None) -> Type:
        types = self.types
        if index < len(types):
            found = types[index]
            if found is not None:
                return found
        else:
            raise (cursor or Cursor(self.data, 0, 0, "attr/type")).error(
                f"type index {index} out of range ({len(types)} types)", None if cursor is None else cursor.pos)
        entry = self._entry(self.type_spans[index], True, ("type", index))
        types[index] = entry
        return entry

    def _entry(self, span, is_type: bool, key):
        dialect, start, end, custom = span
        cls = Type if is_type else Attribute
        size = end - start
        if custom and (size == 2 or size == 3):  # a one-byte code, a string's index of one or two bytes
            data = self.data
            code, index = data[start], data[start + 1]
            if code & 1 and (index & 1 if size == 2 else index & 3 == 2):
                code = code >> 1
                index = index >> 1 if size == 2 else (index | data[start + 2] << 8) >> 2
                rows = rows_for(dialect, is_type)
                if (rows is not None and code < len(rows) and rows[code] is not None
                        and rows[code][1] == _STRING_ONLY and index < len(self.strings)):
                    return cls(dialect, code, (self.strings[index],))
        cursor = Cursor(self.data, start, end, "attr/type")
        if not custom:
            if end == start or self.data[end - 1] != 0:
                raise cursor.error(f"{key[0]} {key[1]}: text entry lacks its nul terminator", max(start, end - 1))
            return cls(dialect, text=_decode(self.data[start:end - 1], cursor))
        if key in self.pending:
            raise cursor.error(f"{key[0]} {key[1]} refers to itself", start)
        rows = rows_for(dialect, is_type)
        if rows is None:
            what = "types" if is_type else "attributes"
            raise cursor.error(f"no known bytecode encoding for the {dialect} dialect's {what}", start)
        self.pending.add(key)
        code = cursor.varint()
        if code >= len(rows) or rows[code] is None:
            raise cursor.error(f"unknown {dialect} {key[0]} code {code}", start)
        kinds = rows[code][1]
        if _SIMPLE.issuperset(kinds):  # references and varints alone (every location): one loop
            fields = self.simple_fields(cursor, kinds)
        else:
            fields = self.fields(cursor, kinds, [])
        if cursor.pos != end:
            raise cursor.error(f"{dialect} {rows[code][0]}: {end - cursor.pos} bytes left over in the entry")
        refusal = verify_entry(dialect, is_type, code, fields)
        if refusal is not None:
            raise cursor.error(f"{dialect} {rows[code][0]}: {refusal}", start)
        self.pending.discard(key)
        return cls(dialect, code, fields)

    def simple_fields(self, cursor: Cursor, kinds) -> tuple:
        """Fields that are each one varint (an attribute, type or string reference, a number), a
        one-byte varint read without a call."""
        data, end, done = cursor.data, cursor.end, []
        for kind in kinds:
            pos = cursor.pos
            if pos < end and data[pos] & 1:
                value = data[pos] >> 1
                cursor.pos = pos + 1
            else:
                value = cursor.varint()
            if kind == "varint":
                done.append(value)
            elif kind == "attr":
                if value >= len(self.attrs):
                    raise cursor.error(f"attribute index {value} out of range ({len(self.attrs)} attributes)", pos)
                done.append(self.attribute(value, cursor))
            elif kind == "string":
                if value >= len(self.strings):
                    raise cursor.error(f"string index {value} out of range ({len(self.strings)} strings)", pos)
                done.append(self.strings[value])
            elif kind == "type":
                if value >= len(self.types):
                    raise cursor.error(f"type index {value} out of range ({len(self.types)} types)", pos)
                done.append(self.type(value, cursor))
            else:  # svarint
                done.append((value >> 1) ^ -(value & 1))
        return tuple(done)

    def fields(self, cursor: Cursor, kinds, done: list) -> tuple:
        for kind in kinds:
            done.append(self.field(cursor, kind, done))
        return tuple(done)

    def field(self, cursor: Cursor, kind, done: list):
        if kind.__class__ is tuple:  # (LIST, item)
            item = kind[1]
            count = cursor.varint()
            if count > cursor.end - cursor.pos:
                raise cursor.error(f"a list of {count} items cannot fit in the entry")
            if item == "attr" or item == _ATTR_PAIR or item == "type":  # (an array's, a dictionary's, a
                return self.reference_list(cursor, count, item)            # function type's: one loop)
            if item.__class__ is tuple:
                return tuple(tuple(self.field(cursor, k, done) for k in item) for _ in range(count))
            return tuple(self.field(cursor, item, done) for _ in range(count))
        if kind == "attr":
            return self.attr_ref(cursor)
        if kind == "type":
            return self.type_ref(cursor)
        if kind == "varint":
            return cursor.varint()
        if kind == "svarint":
            return cursor.svarint()
        if kind == "string":
            return self.string(cursor)
        if kind == "blob":
            return cursor.bytes(cursor.varint())
        if kind == "int" or kind == "float":
            width = bit_width(done[0]) if done and isinstance(done[0], Type) else None
            if width is None:
                raise cursor.error(f"no bit width known for the {kind} of type {done[0] if done else None!r}")
            return self.apint(cursor, width)
        if kind == "f64":
            return self.apint(cursor, 64)
        if kind == "optional attr":
            value = cursor.varint()
            return self.attribute(value >> 1, cursor) if value & 1 else None
        if kind == "flagged attr":
            flag = cursor.varint()
            return self.attr_ref(cursor) if flag else None
        if kind == "bool" or kind == "bool attr":
            at = cursor.pos
            flag = cursor.byte()
            if flag > 1:
                raise cursor.error(f"a bool of {flag}", at)
            return flag if kind == "bool" else self.attr_ref(cursor) if flag else None
        if kind == "resource":
            start = cursor.pos
            index = cursor.varint()
            if index >= len(self.resource_handles):
                raise cursor.error(f"resource index {index} out of range", start)
            return self.resource_handles[index]
        if kind == "dense strings":
            splat = done[1]
            count = 1 if splat else _element_count(done[0], cursor)
            return tuple(self.string(cursor) for _ in range(count))
        raise AssertionError(kind)

    def reference_list(self, cursor: Cursor, count: int, item) -> tuple:
        """`count` attribute or type references (`item` "attr" or "type"; _ATTR_PAIR: pairs of
        attributes, a dictionary's), a varint of one or two bytes read without a call."""
        data, end = cursor.data, cursor.end
        pairs = item == _ATTR_PAIR
        entries, decode, what = ((self.types, self.type, "type") if item == "type"
                                 else (self.attrs, self.attribute, "attribute"))
        limit = len(entries)
        done = []
        pos = cursor.pos
        for _ in range(2 * count if pairs else count):
            value = VARINT_ONE[data[pos]] if pos < end else -2
            if value >= 0:
                pos += 1
            elif value == -1 and pos + 1 < end:
                value = VARINT_TWO[data[pos]][data[pos + 1]]
                pos += 2
            else:
                cursor.pos = pos
                value = cursor.varint()
                pos = cursor.pos
            if value >= limit:
                raise cursor.error(f"{what} index {value} out of range ({limit} {what}s)", pos)
            found = entries[value]
            if found is None:
                cursor.pos = pos
                found = decode(value, cursor)
            done.append(found)
        cursor.pos = pos
        return tuple(zip(done[::2], done[1::2])) if pairs else tuple(done)

    @staticmethod
    def apint(cursor: Cursor, width: int):
        if width <= 8:
            return cursor.byte()
        if width <= 64:
            return cursor.svarint()
        words = cursor.varint()
        if words > cursor.end - cursor.pos:
            raise cursor.error(f"an integer of {words} words cannot fit in the entry")
        return tuple(cursor.svarint() for _ in range(words))

    # -- resources ----------------------------------------------------------------------------------
    def read_resources(self, data: Cursor | None, offsets: Cursor | None):
        self.resource_handles = []
        if offsets is None:
            return {}, {}
        position = data.pos

        def group(key_name: str, handles: bool):
            entries = []
            for _ in range(offsets.varint()):
                key = self.string(offsets)
                size = offsets.varint()
                start = offsets.pos
                kind = offsets.byte()
                if position_box[0] + size > data.end:
                    raise offsets.error(f"resource {key!r} runs past the end of the resource section", start)
                entry = Cursor(self.data, position_box[0], position_box[0] + size, "resource")
                position_box[0] += size
                if kind == 0:
                    if size == 0:
                        value, alignment = None, 1  # a declaration without data
                    else:
                        alignment = entry.varint()
                        length = entry.varint()
                        if alignment == 0 or alignment & (alignment - 1):
                            raise entry.error(f"resource {key!r} alignment {alignment} is not a power of two")
                        while entry.pos % alignment:
                            if entry.byte() != ALIGNMENT_BYTE:
                                raise entry.error("resource padding byte is not 0xCB", entry.pos - 1)
                        value = entry.bytes(length)
                elif kind == 1:
                    value, alignment = bool(entry.byte()), 1
                elif kind == 2:
                    value, alignment = self.string(entry), 1
                else:
                    raise offsets.error(f"unknown resource kind {kind} for {key!r}", start)
                resource = Resource(key, kind, value, alignment)
                entries.append(resource)
                if handles:
                    self.resource_handles.append((key_name, key))
            return entries

        position_box = [position]
        external = {}
        for _ in range(offsets.varint()):
            name = self.string(offsets)
            external[name] = group(name, False)
        dialect_groups = {}
        while not offsets.at_end():
            dialect = self.dialect(offsets)
            dialect_groups[dialect] = group(dialect, True)
        return external, dialect_groups

    # -- properties ---------------------------------------------------------------------------------
    def read_properties(self, cursor: Cursor | None) -> None:
        self.properties = []
        self.decoded_properties = {}
        if cursor is None:
            return
        count = cursor.varint()
        if count > cursor.end - cursor.pos:
            raise cursor.error(f"{count} properties cannot fit in the section")
        for _ in range(count):
            size = cursor.varint()
            self.properties.append(cursor.bytes(size))
        if not cursor.at_end():
            raise cursor.error("bytes after the last properties entry")

    def op_properties(self, index: int, name: str, cursor: Cursor):
        """An op's properties: a tuple of attributes (None where an optional one is absent) when the
        op's layout is known, else the raw bytes."""
        layout = property_layout(name)
        key = (index, layout)
        found = self.decoded_properties.get(key)
        if found is not None:
            return found
        raw = self.properties[index]
        if layout is None:
            return raw
        sub = Cursor(raw, 0, len(raw), "properties")
        try:
            if layout == ALL_ATTRS:
                values = []
                while not sub.at_end():
                    values.append(self.attr_ref(sub))
                decoded = tuple(values)
            else:
                decoded = tuple(self.field(sub, kind, []) for kind in layout)
                if not sub.at_end():
                    raise sub.error(f"{name}: {sub.end - sub.pos} bytes left over in its properties")
        except BytecodeError as error:
            raise cursor.error(f"{name}: properties entry {index}: {error.reason}") from None
        self.decoded_properties[key] = decoded
        return decoded

    # -- the IR -------------------------------------------------------------------------------------
    def read_ir(self, cursor: Cursor) -> Operation:
        value = cursor.varint()
        if value != 2:  # one op, no arguments
            raise cursor.error(f"the IR section must hold one op without block arguments (got {value >> 1} ops)")
        self.values: list = []
        self.locations: dict = {}  # attribute index -> the location it is, checked once
        root = self.op(cursor, 0)
        if not cursor.at_end():
            raise cursor.error("bytes after the root op")
        return root

    def op(self, cursor: Cursor, depth: int) -> Operation:
        if depth > 1000:
            raise cursor.error("regions nested more than 1,000 deep")
        start = pos = cursor.pos
        data = cursor.data
        # the op's name index and its mask: one byte each in nearly every op, read here without a
        # call each (the cursor's varint takes the rest)
        if pos + 2 <= cursor.end and data[pos] & 1:
            index, mask = data[pos] >> 1, data[pos + 1]
            cursor.pos = pos + 2
        else:
            index = cursor.varint()
            mask = cursor.byte()
        if index >= len(self.op_names):
            raise cursor.error(f"op name index {index} out of range ({len(self.op_names)} names)", start)
        name = self.op_names[index][0]
        if mask & 0x80:
            raise cursor.error(f"{name}: unknown op encoding mask bits {mask:#x}", start + 1)
        location = self.location(cursor)
        op = Operation(name, location)
        op.offset = start
        if mask & HAS_ATTRS:
            op.attributes = self.attr_ref(cursor)
        if mask & HAS_PROPERTIES:
            if self.version < NATIVE_PROPERTIES_ENCODING:
                raise cursor.error(f"{name}: properties in a version {self.version} file")
            at = cursor.pos
            prop = cursor.varint()
            if prop >= len(self.properties):
                raise cursor.error(f"{name}: properties index {prop} out of range", at)
            op.properties = self.op_properties(prop, name, cursor)
        if mask & HAS_RESULTS:
            count = cursor.varint()
            if count > cursor.end - cursor.pos:
                raise cursor.error(f"{name}: {count} results cannot fit in the section")
            op.results = [self.define(Value(self.type_ref(cursor)), cursor) for _ in range(count)]
        if mask & HAS_OPERANDS:
            count = cursor.varint()
            if count > cursor.end - cursor.pos:
                raise cursor.error(f"{name}: {count} operands cannot fit in the section")
            values, data, end = self.values, cursor.data, cursor.end
            operands = []
            for _ in range(count):  # a one-byte index to a value already defined: no call
                pos = cursor.pos
                if pos < end and data[pos] & 1 and (data[pos] >> 1) < len(values) and values[data[pos] >> 1] is not None:
                    operands.append(values[data[pos] >> 1])
                    cursor.pos = pos + 1
                else:
                    operands.append(self.use(cursor))
            op.operands = operands
        if mask & HAS_SUCCESSORS:
            count = cursor.varint()
            if count > cursor.end - cursor.pos:
                raise cursor.error(f"{name}: {count} successors cannot fit in the section")
            op.successors = [cursor.varint() for _ in range(count)]
        if mask & HAS_USE_LIST_ORDERS:
            if self.version < USE_LIST_ORDERING:
                raise cursor.error(f"{name}: use-list orders in a version {self.version} file")
            op.use_list_orders = self.use_list_orders(cursor, len(op.results))
        if mask & HAS_INLINE_REGIONS:
            value = cursor.varint()
            count, isolated = value >> 1, bool(value & 1)
            if count > cursor.end - cursor.pos + 1:
                raise cursor.error(f"{name}: {count} regions cannot fit in the section")
            op.isolated = isolated
            if isolated:
                saved = self.values
                self.values = []
                if self.version >= LAZY_LOADING:
                    at = cursor.pos
                    section_id, sub = read_section(cursor)
                    if section_id != IR:
                        raise cursor.error(f"{name}: expected an IR section for its isolated regions", at)
                    op.regions = [self.region(sub, depth) for _ in range(count)]
                    if not sub.at_end():
                        raise sub.error(f"{name}: bytes after its regions")
                else:
                    op.regions = [self.region(cursor, depth) for _ in range(count)]
                self._check_defined(cursor, name)
                self.values = saved
            else:
                op.regions = [self.region(cursor, depth) for _ in range(count)]
        return op

    def location(self, cursor: Cursor) -> Attribute:
        at = cursor.pos
        index = cursor.varint()
        found = self.locations.get(index)
        if found is not None:
            return found
        if index >= len(self.attrs):
            raise cursor.error(f"attribute index {index} out of range ({len(self.attrs)} attributes)", at)
        location = self.attribute(index, cursor)
        if location.dialect != "builtin" or location.code not in _LOCATION_CODES:
            if location.text is None or "loc(" not in location.text:
                raise cursor.error(f"expected a location, got {location!r}", at)
        found = self.locations[index] = location_of(location)
        return found

    def define(self, value: Value, cursor: Cursor) -> Value:
        values, next_id = self.values, self.next_ids[-1]
        if next_id >= self.limits[-1]:
            raise cursor.error("more values defined than the region declared")
        self.next_ids[-1] = next_id + 1
        placeholder = values[next_id]
        if placeholder is not None:  # a forward reference: the use came first
            if placeholder.type is not None:
                raise cursor.error(f"value {next_id} defined twice")
            placeholder.type, placeholder.location = value.type, value.location
            return placeholder
        values[next_id] = value
        return value

    def use(self, cursor: Cursor) -> Value:
        at = cursor.pos
        index = cursor.varint()
        values = self.values
        if index >= len(values):
            raise cursor.error(f"value index {index} out of range ({len(values)} values in scope)", at)
        value = values[index]
        if value is None:
            value = values[index] = Value(None)  # defined later in the region
        return value

    def _check_defined(self, cursor: Cursor, name: str) -> None:
        for index, value in enumerate(self.values):
            if value is not None and value.type is None:
                raise cursor.error(f"{name}: value {index} used but never defined")

    def region(self, cursor: Cursor, depth: int) -> Region:
        num_blocks = cursor.varint()
        if num_blocks == 0:
            return Region()
        num_values = cursor.varint()
        if num_blocks > cursor.end - cursor.pos or num_values > cursor.end - cursor.pos:
            raise cursor.error(f"a region of {num_blocks} blocks and {num_values} values cannot fit in the section")
        values = self.values
        base = len(values)
        values.extend([None] * num_values)
        if not hasattr(self, "next_ids"):
            self.next_ids, self.limits = [], []
        self.next_ids.append(base)
        self.limits.append(base + num_values)
        region = Region([self.block(cursor, depth) for _ in range(num_blocks)])
        if self.next_ids[-1] != base + num_values:
            raise cursor.error(f"a region declared {num_values} values but defined {self.next_ids[-1] - base}")
        for index in range(base, base + num_values):
            if values[index].type is None:
                raise cursor.error(f"value {index} used but never defined")
        for successor_op in (op for block in region.blocks for op in block.operations):
            for successor in successor_op.successors:
                if successor >= num_blocks:
                    raise cursor.error(f"{successor_op.name}: successor block {successor} out of range")
        self.next_ids.pop()
        self.limits.pop()
        del values[base:]
        return region

    def block(self, cursor: Cursor, depth: int) -> Block:
        value = cursor.varint()
        num_ops, has_args = value >> 1, value & 1
        if num_ops > cursor.end - cursor.pos:
            raise cursor.error(f"a block of {num_ops} ops cannot fit in the section")
        block = Block()
        if has_args:
            count = cursor.varint()
            if count > cursor.end - cursor.pos:
                raise cursor.error(f"{count} block arguments cannot fit in the section")
            for _ in range(count):
                if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
                    at = cursor.pos
                    flagged = cursor.varint()
                    type_ = self.type(flagged >> 1, cursor)
                    location = self.location(cursor) if flagged & 1 else UNKNOWN_LOCATION
                    del at
                else:
                    type_ = self.type_ref(cursor)
                    location = self.location(cursor)
                block.arguments.append(self.define(Value(type_, location), cursor))
            if self.version >= USE_LIST_ORDERING:
                mask = cursor.byte()
                if mask & HAS_USE_LIST_ORDERS:
                    block.use_list_orders = self.use_list_orders(cursor, count)
                elif mask:
                    raise cursor.error(f"unknown block encoding mask {mask:#x}", cursor.pos - 1)
        block.operations = [self.op(cursor, depth + 1) for _ in range(num_ops)]
        return block

    @staticmethod
    def use_list_orders(cursor: Cursor, num_values: int) -> dict:
        orders = {}
        count = cursor.varint() if num_values != 1 else 1
        for _ in range(count):
            index = cursor.varint() if num_values != 1 else 0
            if index >= num_values:
                raise cursor.error(f"use-list order for value {index} of {num_values}")
            value = cursor.varint()
            size, pairs = value >> 1, bool(value & 1)
            if size > cursor.end - cursor.pos:
                raise cursor.error(f"a use-list order of {size} entries cannot fit in the section")
            orders[index] = (pairs, tuple(cursor.varint() for _ in range(size)))
        return orders


def _element_count(type_, cursor: Cursor) -> int:
    shape = type_.fields[0] if type_.fields and isinstance(type_.fields[0], tuple) else None
    if shape is None and type_.fields and len(type_.fields) > 1 and isinstance(type_.fields[1], tuple):
        shape = type_.fields[1]
    if shape is None or any(d < 0 for d in shape):
        raise cursor.error(f"dense strings need a static shaped type, got {type_!r}")
    count = 1
    for d in shape:
        count *= d
    return count


_LOCATION_CODES = {10, 11, 12, 13, 14, 15, 22}  # CallSiteLoc .. UnknownLoc, FileLineColRange
UNKNOWN_LOCATION = Attribute("builtin", 15, ())


_SIMPLE = frozenset({"attr", "type", "string", "varint", "svarint"})
_ATTR_PAIR = ("attr", "attr")
_STRING_ONLY = ("string",)


def location_of(attribute: Attribute) -> Attribute:
    """The location an op or block argument carries. The one place a bytecode location becomes the
    location vitir keeps: today the builtin attribute itself."""
    return attribute


def read_bytecode(data: bytes) -> BytecodeModule:
    """Read a whole MLIR bytecode file into the generic IR; BytecodeError names the section and byte."""
    from ...ast.gc_pause import gc_paused

    data = bytes(data)
    try:
        # ~100,000 objects that all live on: the collector's passes over them find nothing to free
        return gc_paused(_Reader(data).read)()
    except RecursionError:
        raise BytecodeError("attributes or regions nested too deeply", section="attr/type") from None
