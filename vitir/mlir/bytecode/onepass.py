"""A portable artifact's bytes -> vitir's Module, without the generic IR (`ir.py`) in between.

`import_bytecode`'s first way. The sections before the IR are read by reader.py (strings, dialects,
op names, offsets, properties, resources), but no attribute or type entry is decoded up front: each
is decoded when an op first refers to it (entries are interned: a program's few hundred distinct
ones, each once). Then the IR section is read:

1. A function's own block (nearly every op) is decoded and made records in one loop
   (`_Builder.function_region`): its values' names are known as they are read (its arguments, then
   its ops' results in order: vhlo.py's `_Printer.name_function`), so each op's record (what vitir's
   fast text reader makes, vitir/text/importer.py) is made as its bytes are read. Its varints of one
   or two bytes (nearly all) are read inline, without a call each; no Operation, Value or row is made.
2. An op with regions is read into compact rows (`_Decoder.region_rows`: the op-name index, its
   location, attribute-dictionary and properties indices, its results and operands as numbered
   values, its regions' rows) and made a record after its function's block, when the counters its
   regions' names start from are known (a nested region is named from the counters its parent
   ended with); `build_module` builds the records into the Module, as direct.py does from the
   generic IR.

What an op name stands for (its StableHLO declaration, its attribute names in property order, its
naming hints) is worked out once per op name of the file (`_Plan`), from the op declarations and
vhlo.py's tables; each distinct (op name, properties, dictionary) is upgraded and read once
(direct.py's `_Records.values`). An op's or argument's location is left undecoded
(`DeferredLocation`: the node decodes it when its `location` is first asked for); those the builder
nests in call sites (inlined functions, calls), and functions', terminators' and the module's, are
decoded during the read, once per distinct entry.

Whatever this path does not take (plain MLIR bytecode, several blocks, forward references, an op
VHLO does not know, a refused type rule, bad bytes) raises; `import_bytecode` then reads the file
the way that checks every byte (reader.py, direct.py, the text path), which decides and reports.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...ast.declare import OPS, REQUIRED
from ...ast.location import UNKNOWN, DeferredLocation
from ...text.importer import Fallback, build_module, generic_record
from .direct import _dictionary, _Records, function_signature, vitir_location
from .errors import BytecodeError
from .ir import Operation, Value
from .reader import (HAS_ATTRS, HAS_INLINE_REGIONS, HAS_OPERANDS, HAS_PROPERTIES, HAS_RESULTS,
                     HAS_SUCCESSORS, HAS_USE_LIST_ORDERS, IR, LAZY_LOADING, NATIVE_PROPERTIES_ENCODING,
                     USE_LIST_ORDERING, ELIDE_UNKNOWN_BLOCK_ARG_LOCATION, VARINT_ONE, VARINT_TWO, Cursor,
                     _Reader, read_section)
from .vhlo import (ARGUMENT_NAMES, OP_VERSIONS, RESULT_NAMES, UPSTREAM, _key, _symbol, artifact_version,
                   check_version, type_text)

NONE = -1  # no dictionary, no properties, no location
_NUMBERS: list = []  # "0", "1", ...: values' names as MLIR's printer numbers them, each made once
_RARE = HAS_SUCCESSORS | HAS_USE_LIST_ORDERS  # (checked once per op: seldom set)
_NUMBERS_KEPT = 1 << 16  # (kept between reads up to this many)

# A varint's first byte b, read by function_region: ONE[b] is the varint where b is all of it (b odd);
# -1 where one byte follows (the varint: TWO[b][that byte]); -2 where more do (reader.py's tables).
_ONE, _TWO = VARINT_ONE, VARINT_TWO
_LOCATION_BYTES = {1: b"([" + re.escape(bytes(range(1, 256, 2))) + b"])",
                   2: b"([" + re.escape(bytes(range(2, 256, 4))) + b"].)"}
_REFUSED = 0x80  # an op mask bit no format version defines
_SPECIAL = _RARE | HAS_INLINE_REGIONS | _REFUSED


@lru_cache(maxsize=None)
def _shapes(version: int) -> tuple:
    """An op's mask -> (dictionary, properties, results, operands, special): which of its fields
    follow, and whether it needs more than those (successors, use-list orders, regions, a bit this
    reader refuses, properties before format version 5)."""
    early = version < NATIVE_PROPERTIES_ENCODING
    return tuple((bool(mask & HAS_ATTRS), bool(mask & HAS_PROPERTIES), bool(mask & HAS_RESULTS),
                  bool(mask & HAS_OPERANDS), bool(mask & _SPECIAL or early and mask & HAS_PROPERTIES))
                 for mask in range(256))


def _long_varint(it, cursor: Cursor, base: int) -> int:
    """A varint of three bytes or more whose first byte `it` (over the section from `base` to the
    cursor's end) has just given: read by the cursor, `it` moved past it."""
    cursor.pos = cursor.end - it.__length_hint__() - 1
    value = cursor.varint()
    it.__setstate__(cursor.pos - base)
    return value


# A row of the IR section (pass 1): (op-name index, location index, dictionary index, properties
# index, first result's number, result type indices, operand numbers, regions). A region: (its block's
# arguments as (number, type index, location index), its rows).
NAME, LOCATION, DICTIONARY, PROPERTIES, FIRST, RESULT_TYPES, OPERANDS, REGIONS = range(8)


class _Decoder(_Reader):
    """reader.py's sections, then the IR section as rows (pass 1)."""

    eager = False

    def read_ir(self, cursor: Cursor):
        value = cursor.varint()
        if value != 2:
            raise cursor.error("the IR section must hold one op without block arguments")
        self.value_types: list = []  # value number -> its type index
        self.scope: list = []  # the bytecode's value index (in the isolated region read) -> value number
        self.next_slot = self.slot_limit = 0  # the scope's slots the region being read defines
        self.spans = None  # while a region is read as a template (`_Template`): its locations' bytes
        # a function's own block is read straight to records (pass 2 fused): the builder's state
        self.builder = _Builder(self)
        self.function_index = next((i for i, (name, _) in enumerate(self.op_names) if name == "vhlo.func_v1"), None)
        root = self.region_rows(cursor, 1, 0)[0]
        if not cursor.at_end():
            raise cursor.error("bytes after the root op")
        return root

    def region_rows(self, cursor: Cursor, num_ops: int, depth: int) -> list:
        """`num_ops` ops of a block; values are defined into the scope's slots from `self.next_slot`.
        Varints of one or two bytes (nearly all) are read inline (`x & 1`: one byte; `x & 2`: two);
        longer ones by the cursor. Reading past the section's end is caught after each op."""
        if depth > 1000:
            raise cursor.error("regions nested more than 1,000 deep")
        data, end = self.data, cursor.end
        op_names, scope, value_types = self.op_names, self.scope, self.value_types
        num_names, num_properties = len(op_names), len(self.properties)
        spans = self.spans
        rows = []
        for _ in range(num_ops):
            start = pos = cursor.pos
            byte = data[pos]
            if byte & 1:
                name = byte >> 1
                pos += 1
            else:
                name = cursor.varint()
                pos = cursor.pos
            mask = data[pos]
            byte = data[pos + 1]
            at = pos + 1
            if byte & 1:
                location = byte >> 1
                pos += 2
            elif byte & 2:
                location = (byte | data[pos + 2] << 8) >> 2
                pos += 3
            else:
                cursor.pos = pos + 1
                location = cursor.varint()
                pos = cursor.pos
            if spans is not None:
                spans.append((at, pos, "op", len(rows)))
            if name >= num_names or mask & 0x80:
                raise cursor.error("bad op name index or mask", start)
            dictionary = properties = NONE
            if mask & HAS_ATTRS:
                byte = data[pos]
                if byte & 1:
                    dictionary = byte >> 1
                    pos += 1
                else:
                    cursor.pos = pos
                    dictionary = cursor.varint()
                    pos = cursor.pos
            if mask & HAS_PROPERTIES:
                if self.version < NATIVE_PROPERTIES_ENCODING:
                    raise cursor.error("properties before format version 5", start)
                byte = data[pos]
                if byte & 1:
                    properties = byte >> 1
                    pos += 1
                else:
                    cursor.pos = pos
                    properties = cursor.varint()
                    pos = cursor.pos
                if properties >= num_properties:
                    raise cursor.error("properties index out of range", start)
            first, result_types = len(value_types), ()
            if mask & HAS_RESULTS:
                byte = data[pos]
                if byte & 1:
                    count = byte >> 1
                    pos += 1
                else:
                    cursor.pos = pos
                    count = cursor.varint()
                    pos = cursor.pos
                if count > end - pos:
                    raise cursor.error("too many results", start)
                result_types = []
                for _ in range(count):
                    byte = data[pos]
                    if byte & 1:
                        result_types.append(byte >> 1)
                        pos += 1
                    elif byte & 2:
                        result_types.append((byte | data[pos + 1] << 8) >> 2)
                        pos += 2
                    else:
                        cursor.pos = pos
                        result_types.append(cursor.varint())
                        pos = cursor.pos
                slot = self.next_slot
                if slot + count > self.slot_limit:
                    raise cursor.error("more values defined than the region declared", start)
                for index, type_index in enumerate(result_types):
                    scope[slot + index] = first + index
                    value_types.append(type_index)
                self.next_slot = slot + count
            operands = ()
            if mask & HAS_OPERANDS:
                byte = data[pos]
                if byte & 1:
                    count = byte >> 1
                    pos += 1
                else:
                    cursor.pos = pos
                    count = cursor.varint()
                    pos = cursor.pos
                if count > end - pos:
                    raise cursor.error("too many operands", start)
                operands = []
                for _ in range(count):
                    byte = data[pos]
                    if byte & 1:
                        index = byte >> 1
                        pos += 1
                    elif byte & 2:
                        index = (byte | data[pos + 1] << 8) >> 2
                        pos += 2
                    else:
                        cursor.pos = pos
                        index = cursor.varint()
                        pos = cursor.pos
                    number = scope[index] if index < len(scope) else None
                    if number is None:
                        raise Fallback("a value used before it is defined")
                    operands.append(number)
            if pos > end:
                raise cursor.error("an op runs past the end of its section", start)
            cursor.pos = pos
            if mask & HAS_SUCCESSORS:
                raise Fallback("successors")
            if mask & HAS_USE_LIST_ORDERS:
                if self.version < USE_LIST_ORDERING:
                    raise cursor.error("use-list orders before format version 3", start)
                self.use_list_orders(cursor, len(result_types))
            regions = ()
            if mask & HAS_INLINE_REGIONS:
                value = cursor.varint()
                count, isolated = value >> 1, value & 1
                regions = self.regions(cursor, count, isolated, depth, start,
                                       depth == 1 and name == self.function_index and count == 1)
            rows.append((name, location, dictionary, properties, first, result_types, operands, regions))
        return rows

    def regions(self, cursor: Cursor, count: int, isolated: int, depth: int, start: int,
                function: bool = False) -> list:
        """An op's `count` regions; isolated ones (from format version 2 in their own IR section) see
        no value from outside. A function's region goes to the builder (`function_region`)."""
        if not isolated:
            return [self.region(cursor, depth) for _ in range(count)]
        saved = self.scope, self.value_types, self.next_slot, self.slot_limit
        self.scope = []
        inner = cursor
        if self.version >= LAZY_LOADING:
            section_id, inner = read_section(cursor)
            if section_id != IR:
                raise cursor.error("expected an IR section for isolated regions", start)
        if function:
            regions = [self.builder.function_region(inner, depth)]
        else:
            regions = [self.region(inner, depth) for _ in range(count)]
        if inner is not cursor and not inner.at_end():
            raise inner.error("bytes after the regions")
        self.scope, self.value_types, self.next_slot, self.slot_limit = saved
        return regions

    def region(self, cursor: Cursor, depth: int):
        num_blocks = cursor.varint()
        if num_blocks != 1:
            raise Fallback("a region of several blocks, or none")
        num_values = cursor.varint()
        if num_values > cursor.end - cursor.pos:
            raise cursor.error("too many values")
        scope = self.scope
        base = len(scope)
        scope.extend([None] * num_values)
        saved_slot, saved_limit = self.next_slot, self.slot_limit
        self.next_slot, self.slot_limit = base, base + num_values
        value = cursor.varint()
        num_ops, has_arguments = value >> 1, value & 1
        arguments = []
        if has_arguments:
            count = cursor.varint()
            if count > num_values:
                raise cursor.error("more block arguments than values")
            value_types, spans = self.value_types, self.spans
            for index in range(count):
                if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
                    flagged = cursor.varint()
                    type_index = flagged >> 1
                    at = cursor.pos
                    location = cursor.varint() if flagged & 1 else NONE
                else:
                    type_index = cursor.varint()
                    at = cursor.pos
                    location = cursor.varint()
                if spans is not None and location != NONE:
                    spans.append((at, cursor.pos, "arg", index))
                number = len(value_types)
                value_types.append(type_index)
                scope[base + index] = number
                arguments.append((number, type_index, location))
            self.next_slot = base + count
            if self.version >= USE_LIST_ORDERING:
                mask = cursor.byte()
                if mask & HAS_USE_LIST_ORDERS:
                    self.use_list_orders(cursor, count)
                elif mask:
                    raise cursor.error("unknown block encoding mask")
        rows = self.region_rows(cursor, num_ops, depth + 1)
        if self.next_slot != base + num_values:
            raise cursor.error("a region defined fewer values than it declared")
        del scope[base:]
        self.next_slot, self.slot_limit = saved_slot, saved_limit
        return arguments, rows


class _Plan:
    """What one op name of the file stands for, worked out once: the StableHLO name and declaration
    (None for a call), the attribute names in the order ODS stores properties, the naming hints."""

    __slots__ = ("name", "base", "stablehlo", "cls", "by_name", "inherent", "constant", "result_names",
                 "argument_name", "returns", "simple", "arity", "numbered", "quick")

    def __init__(self, name: str):
        dialect, _, mnemonic = name.partition(".")
        row = OP_VERSIONS.get(mnemonic) if dialect == "vhlo" else None
        if row is None:
            raise Fallback(f"{name} is not a VHLO op")
        self.name = name
        self.base = base = mnemonic.rsplit("_v", 1)[0]
        self.stablehlo = UPSTREAM.get(base, f"stablehlo.{base}")
        self.returns = base == "return"
        self.cls = None
        self.simple, self.arity = False, 0
        if base not in ("call", "return", "func"):
            self.cls = cls = OPS.get(self.stablehlo)
            if cls is None or cls.COMPOUND:
                raise Fallback(f"no declaration of {self.stablehlo}")
            # one value per operand field, no region: its record's groups are its operands one by one
            self.simple = not cls.REGION_FIELDS and not any(f.variadic for f in cls.OPERAND_FIELDS)
            self.arity = len(cls.OPERAND_FIELDS)
        self.by_name = tuple(sorted(row[3]))
        self.inherent = frozenset(row[3])
        self.constant = name == "vhlo.constant_v1"
        self.result_names = RESULT_NAMES.get(base)
        self.argument_name = ARGUMENT_NAMES.get(base)
        # one result named by the printer's counter (not a constant's `cst`, nor a hinted one)
        self.numbered = not self.constant and (self.result_names is None or len(self.result_names) != 1)
        self.quick: dict = {}  # _Builder.quick's entries of this name without a dictionary, by properties


class _Template:
    """An isolated region's section read once (a reduction's body), for the sections of the same bytes
    but for their locations (~470 reductions of a ViT-Tiny step, nearly all alike): they share its
    rows, and their records are copies of its records with their own locations (`_Builder.relocated`)."""

    __slots__ = ("pattern", "match", "places", "rows")

    def __init__(self, data: bytes, start: int, end: int, spans: list, rows: list):
        # the section's bytes, each location a group of its size: one byte (odd) or two (the first
        # with its low bits 10), matched in C (`locations`)
        pattern, at = [], start
        for begin, finish, _, _ in spans:
            pattern += [re.escape(data[at:begin]), _LOCATION_BYTES[finish - begin]]
            at = finish
        pattern.append(re.escape(data[at:end]))
        self.pattern = b"".join(pattern)
        self.match = None  # (compiled when a second section of its size comes: ~0.5 ms, cold)
        self.places = [(kind, index) for _, _, kind, index in spans]  # ("arg" or "op", its position)
        self.rows = rows

    def locations(self, data: bytes, start: int, end: int) -> list | None:
        """The locations of the section from `start` to `end` where it is this one but for them
        (each location of the same size), or None."""
        if self.match is None:
            self.match = re.compile(self.pattern, re.DOTALL).fullmatch
        found = self.match(data, start, end)
        if found is None:
            return None
        return [_ONE[b[0]] if len(b) == 1 else _TWO[b[0]][b[1]] for b in found.groups()]


class _LocationDecoder:
    """Decodes a location entry of the file to vitir's Location, when a node's location is asked."""

    __slots__ = ("decoder",)

    def __init__(self, decoder: _Decoder):
        self.decoder = decoder

    def decode(self, index: int):
        decoder = self.decoder
        if index >= len(decoder.attrs):
            raise BytecodeError(f"location index {index} out of range ({len(decoder.attrs)} attributes)",
                                section="IR")
        try:
            return vitir_location(decoder.attribute(index))
        except Fallback:
            raise BytecodeError(f"attribute {index} is not a location: {decoder.attribute(index)!r}",
                                section="attr/type", offset=decoder.attr_spans[index][1]) from None


class _Builder:
    """Pass 2: the rows' values named, the rows made records (as direct.py's `_Records`)."""

    def __init__(self, decoder: _Decoder):
        self.decoder = decoder
        self.records = _Records()  # its cache of attribute sets read, its printer for pretty forms
        self.plans: list = [None] * len(decoder.op_names)
        self.tensor_types: list = [None] * len(decoder.types)
        self.type_lists: list = [None] * len(decoder.types)  # [TensorType], one per type: records only read them
        self.hints: dict = {}  # a constant's result type index -> `cst` or `c`
        self.locations: dict = {}  # location index -> vitir's Location
        # what a DeferredLocation decodes with: the decoder's tables alone (not this pass's records)
        self.decode_location = _LocationDecoder(decoder).decode
        self.deferred: list = [None] * len(decoder.attrs)  # location index -> its DeferredLocation (or UNKNOWN)
        self.sets: dict = {}  # (op name, properties, dictionary) indices -> what `attribute_set` gives
        # the same keys -> what function_region's loop needs to make a one-result op's record itself:
        # (arity, class, values) for an op of one value per operand field whose set holds every
        # required attribute, (-1, class, the rest of its record) for a constant
        self.quick: dict = {}
        self.calls: list = []  # the call records (their callees are inlined)
        self.located: dict = {}
        self.kept: list = []  # what holds records whose ids key `located` but no record holds
        self.names: list = []  # value number (of the function being read) -> name without the %
        self.written: set = set()  # the names given that are not numbers (arguments', hinted ones)

    def plan(self, index: int) -> _Plan:
        found = self.plans[index]
        if found is None:
            found = self.plans[index] = _Plan(self.decoder.op_names[index][0])
        return found

    def type_list(self, index: int) -> list:
        found = self.type_lists[index] = [self.tensor_types[index] or self.tensor_type(index)]
        return found

    def tensor_type(self, index: int):
        found = self.tensor_types[index]
        if found is None:
            found = self.tensor_types[index] = self.records.tensor_type(self.decoder.type(index))
        return found

    def locate(self, key, index: int) -> None:
        """Record the location of what `key` names (a function's, a terminator's, the module's:
        decoded now; unknown ones are left out, as the text reader leaves them)."""
        if index == NONE:
            return
        found = self.locations.get(index)
        if found is None:
            found = self.locations[index] = self.decode_location(index)
        if found is not UNKNOWN:
            self.located[key] = found

    def defer(self, key, index: int) -> None:
        """Record an op's or an argument's location undecoded: the AST decodes it when asked."""
        if index == NONE:
            return
        found = self.deferred[index]
        if found is None:
            # the builtin UnknownLoc is one byte (its code, 15): known without decoding
            dialect, start, end, custom = self.decoder.attr_spans[index]
            if custom and end - start == 1 and self.decoder.data[start] == 31 and dialect == "builtin":
                found = self.deferred[index] = UNKNOWN
            else:
                found = self.deferred[index] = DeferredLocation(self.decode_location, index)
        if found is not UNKNOWN:
            self.located[key] = found

    def resolve_inlined(self, functions: list) -> None:
        """Decode the locations the builder nests in call sites: those of the calls and of what the
        functions it inlines hold (each op's becomes `callsite(op at call)`)."""
        callees = {record[1] for record in self.calls}
        located = self.located

        def resolve(key) -> None:
            found = located.get(key)
            if found.__class__ is DeferredLocation:
                located[key] = found.resolve()

        def walk(ops) -> None:
            for record in ops:
                resolve(id(record))
                if record[0] == "call":
                    continue
                for group in record[8]:  # a region, or a list of them (a variadic region field)
                    for region in (group if isinstance(group, list) else (group,)):
                        resolve(("return", id(region)))
                        for arg in region[0]:
                            resolve(id(arg))
                        walk(region[1])

        for record in self.calls:
            resolve(id(record))
        for fn in functions:
            if fn[0] in callees:
                for arg in fn[1]:
                    resolve(id(arg))
                walk(fn[3])

    def properties(self, row) -> tuple | None:
        if row[PROPERTIES] == NONE:
            return None
        decoder = self.decoder
        return decoder.op_properties(row[PROPERTIES], decoder.op_names[row[NAME]][0],
                                     Cursor(decoder.data, 0, 0, "IR"))

    def dictionary(self, row):
        return None if row[DICTIONARY] == NONE else self.decoder.attribute(row[DICTIONARY])

    def operation(self, row) -> Operation:
        """The generic op of a row, for the few reads that take one (an attribute set's first read,
        an op read in its pretty form); its values named in the records' printer."""
        value_types, decoder, printer_names = self.decoder.value_types, self.decoder, self.records.printer.names
        results = [Value(decoder.type(t)) for t in row[RESULT_TYPES]]
        operands = [Value(decoder.type(value_types[n])) for n in row[OPERANDS]]
        for value, number in [*zip(results, range(row[FIRST], row[FIRST] + len(results))),
                              *zip(operands, row[OPERANDS])]:
            printer_names[id(value)] = "%" + (self.names[number] or "x")
        return Operation(decoder.op_names[row[NAME]][0], None, self.dictionary(row), self.properties(row),
                         results, operands)

    # -- naming (vhlo.py's _Printer.name_function, over rows) -----------------------------------------
    def name_region(self, region, state):
        """Name a region's own arguments and results; the state its nested regions start from."""
        # `outer`: the names the enclosing regions took (a function's thousands), not copied into
        # each nested region's set: most nested regions (a reduction's body) take none of their own
        next_value, next_argument, clashes, outer, argument_name = state
        used = set()
        names, plan, plans, hints = self.names, self.plan, self.plans, self.hints

        def unique(hint: str) -> str:
            nonlocal clashes
            name = hint
            while name in used or name in outer:
                name = f"{hint}_{clashes}"
                clashes += 1
            used.add(name)
            return name

        arguments, rows = region
        for number, _, _ in arguments:
            if argument_name is not None:
                names[number] = unique(argument_name)
            else:
                names[number] = name = f"arg{next_argument}"
                self.written.add(name)
                next_argument += 1
        for row in rows:
            count = len(row[RESULT_TYPES])
            if not count:
                continue
            first = row[FIRST]
            op_plan = plans[row[NAME]] or plan(row[NAME])
            if op_plan.constant and count == 1:
                type_index = row[RESULT_TYPES][0]
                names[first] = unique(hints.get(type_index) or self.constant_hint(type_index))
            elif op_plan.result_names is not None and len(op_plan.result_names) == count:
                for offset, hint in enumerate(op_plan.result_names):
                    names[first + offset] = unique(hint)
            elif count == 1:
                names[first] = str(next_value)
                next_value += 1
            else:
                for offset in range(count):
                    names[first + offset] = f"{next_value}#{offset}"
                next_value += 1
        self.written.update(used)  # (the outer names are there already)
        return next_value, next_argument, clashes, outer | used if used else outer

    # -- records ----------------------------------------------------------------------------------------
    def region(self, region, state, parent: str):
        """A region's records (`args, ops, (returned names, types)`), its values named first."""
        nested = self.name_region(region, state)
        arguments, rows = region
        names, tensor_type, tensor_types = self.names, self.tensor_type, self.tensor_types
        args = []
        for number, type_index, location in arguments:
            arg = (names[number], tensor_types[type_index] or tensor_type(type_index))
            args.append(arg)
            self.defer(id(arg), location)
        if not rows or not (self.plans[rows[-1][NAME]] or self.plan(rows[-1][NAME])).returns:
            raise Fallback("a block that does not end in return")
        ops = self.ops(rows, nested, parent)
        returned_row = rows[-1]
        if returned_row[DICTIONARY] != NONE or returned_row[PROPERTIES] != NONE:
            raise Fallback("a return with attributes")
        value_types = self.decoder.value_types
        operands = returned_row[OPERANDS]
        returned = ([names[n] for n in operands],
                    [tensor_types[value_types[n]] or tensor_type(value_types[n]) for n in operands])
        return args, ops, returned, returned_row[LOCATION]

    def ops(self, rows, nested, parent: str) -> list:
        """The records of a block's ops but its terminator. The common ops (one value per operand
        field, no region, one result, their attribute set read before; constants) are made here,
        their names, types and locations looked up in this loop's locals; any other by `op`."""
        names, tensor_types, tensor_type = self.names, self.tensor_types, self.tensor_type
        plans, sets, deferred, located = self.plans, self.sets, self.deferred, self.located
        value_types, spans, data = self.decoder.value_types, self.decoder.attr_spans, self.decoder.data
        decode = self.decode_location
        ops = []
        for row in rows[:-1]:
            plan = plans[row[0]]
            record = None
            if plan is not None and plan.simple and len(row[5]) == 1:
                found = sets.get((row[0], row[3], row[2]))
                if found is None:
                    pass
                elif found[0] == "generic":
                    if found[3] and len(row[6]) == plan.arity:
                        groups, group_types = [], []  # (a loop, not two comprehensions: no call each)
                        for number in row[6]:
                            groups.append([names[number]])
                            type_index = value_types[number]
                            group_types.append([tensor_types[type_index] or tensor_type(type_index)])
                        output = row[5][0]
                        record = ("op", plan.cls, ("one", names[row[4]]), found[1], groups, group_types,
                                  [tensor_types[output] or tensor_type(output)], False, ())
                elif found[0] == "op":  # a constant: its record but for its result
                    record = ("op", found[1], ("one", names[row[4]]), *found[3:])
            if record is None:
                ops.append(self.op(row, nested, parent))
                continue
            index = row[1]
            location = deferred[index]
            if location is None:  # (as `defer`)
                dialect, start, end, custom = spans[index]
                if custom and end - start == 1 and data[start] == 31 and dialect == "builtin":
                    location = UNKNOWN
                else:
                    location = DeferredLocation(decode, index)
                deferred[index] = location
            if location is not UNKNOWN:
                located[id(record)] = location
            ops.append(record)
        return ops

    def attribute_set(self, row, plan: _Plan, parent: str) -> tuple:
        """What an op's attributes give (direct.py's `_Records.values`), read once per distinct
        (op name, properties, dictionary): a call's callee, a constant's record, a convolution's
        `pretty`, or ("generic", values, whether attributes follow regions, whether the values hold
        every attribute the declaration requires)."""
        found = self.records.values(self.operation(row), plan.base, plan.stablehlo, plan.cls, plan.by_name,
                                    plan.inherent, parent)
        if found[0] in ("call", "op", "pretty"):
            return found
        values, has_properties, has_discardable = found
        complete = not any(f.default is REQUIRED and f.name not in values for f in plan.cls.ATTR_FIELDS)
        return "generic", values, has_discardable and not has_properties, complete

    def op(self, row, nested_state, parent: str, made: dict | None = None, instance=None):
        """The record of a row. `made`: the records of regions read as templates (`_Template`), by
        the id of their rows; `instance`: (the template's places, this op's own locations) where its
        region is a template's instance, whose records are a copy of the template's."""
        plan = self.plans[row[NAME]] or self.plan(row[NAME])
        names, tensor_types, tensor_type = self.names, self.tensor_types, self.tensor_type
        result_types = row[RESULT_TYPES]
        count = len(result_types)
        if count == 1:
            named_results = ("one", names[row[FIRST]])
        elif not count:
            named_results = ("none",)
        else:
            first = names[row[FIRST]]
            if "#" not in first:
                raise Fallback("results named one by one")
            named_results = ("group", first.split("#")[0], count)
        value_types = self.decoder.value_types
        operand_numbers = row[OPERANDS]
        operands = [names[n] for n in operand_numbers]
        inputs = [tensor_types[value_types[n]] or tensor_type(value_types[n]) for n in operand_numbers]
        outputs = [tensor_types[t] or tensor_type(t) for t in result_types]
        key = (row[NAME], row[PROPERTIES], row[DICTIONARY])  # interned entries: one read per distinct set
        found = self.sets.get(key)
        if found is None:
            found = self.sets[key] = self.attribute_set(row, plan, parent)
            quick = None
            if plan.simple and found[0] == "generic" and found[3]:
                quick = self.quick[key] = (plan.arity, plan.cls, found[1])
            elif plan.simple and found[0] == "op":
                quick = self.quick[key] = (-1, found[1], found[3:])
            if quick is not None and row[DICTIONARY] == NONE:  # (nearly all: looked up without a tuple)
                plan.quick[row[PROPERTIES]] = quick
        kind = found[0]
        if kind == "generic":
            if plan.simple and found[3] and len(operands) == plan.arity:
                # generic_record's grouping where every operand field is one value and there is
                # no region: each operand its own group
                record = ("op", plan.cls, named_results, found[1], [[o] for o in operands],
                          [[t] for t in inputs], outputs, False, ())
            else:
                regions = None if made is None else made.get(id(row[REGIONS]))
                if regions is None:
                    regions = []
                    for region in row[REGIONS]:
                        args, ops, returned, location = self.region(
                            region, (*nested_state, plan.argument_name), plan.base)
                        one = (tuple(args), ops, returned)
                        self.defer(("return", id(one)), location)  # (a compact reduction body drops it)
                        regions.append(one)
                    if made is not None:
                        made[id(row[REGIONS])] = regions
                if instance is not None:
                    regions = self.relocated(regions, *instance)
                record = generic_record(plan.cls, named_results, found[1], operands, inputs, outputs, regions,
                                        bool(regions) and found[2])
        elif kind == "call":
            record = ("call", found[1], named_results, operands, inputs, outputs)
            self.calls.append(record)
        elif kind == "op":  # a constant's record: the same but for its results
            record = (*found[:2], named_results, *found[3:])
        else:  # a convolution: its line read each time (its operands are in it)
            record = self.records.pretty(self.operation(row), parent)
        location = self.deferred[row[LOCATION]]
        if location is None:
            self.defer(id(record), row[LOCATION])
        elif location is not UNKNOWN:
            self.located[id(record)] = location
        return record

    @staticmethod
    def takes_template(regions, spans: list) -> bool:
        """Whether a region just read can be a template: one block whose ops hold no region (their
        records are copied one level deep), its locations each of one or two bytes."""
        (_, rows), = regions
        return all(not row[REGIONS] for row in rows) and all(end - start <= 2 for start, end, _, _ in spans)

    def relocated(self, regions: list, places: list, locations: list) -> list:
        """A copy of a template's region records (`op`'s), each record and argument a new object
        (their ids key their locations), with an instance's own locations."""
        (args, ops, returned), = regions
        args = tuple([(name, ty) for name, ty in args])
        ops = [(*record,) for record in ops]
        for record in ops:
            if record[0] == "call":
                self.calls.append(record)  # (its location resolved as any call's)
        one = (args, ops, returned)
        deferred, located = self.deferred, self.located
        for (kind, index), location in zip(places, locations):
            key = (id(args[index]) if kind == "arg" else id(ops[index]) if index < len(ops)
                   else ("return", id(one)))  # (the terminator's)
            found = deferred[location]
            if found is None:
                self.defer(key, location)
            elif found is not UNKNOWN:
                located[key] = found
        return [one]

    def function_region(self, cursor: Cursor, depth: int):
        """A function's region read from the IR section straight to records: pass 1 and pass 2 in one
        loop for the function's own block, whose values' names are known as they are read (its
        arguments, then its ops' results in order: `name_region` for a function). An op with
        regions is read to a row (`_Decoder.region`) and made a record after the loop, when the
        counters its regions' names start from are known. Gives (args, ops, (returned names, types),
        the return's location index)."""
        decoder = self.decoder
        if cursor.varint() != 1:
            raise Fallback("a region of several blocks, or none")
        num_values = cursor.varint()
        if num_values > cursor.end - cursor.pos:
            raise cursor.error("too many values")
        value = cursor.varint()
        num_ops, has_arguments = value >> 1, value & 1
        # this function's values: its block's own are numbered by their slots, nested regions' follow
        value_types = decoder.value_types = [None] * num_values
        scope = decoder.scope = [None] * num_values
        names = self.names = [None] * num_values
        name_groups = [None] * num_values  # slot -> [name]: an operand group (records only read them)
        type_groups = [None] * num_values  # slot -> [TensorType]
        decoder.next_slot, decoder.slot_limit = num_values, num_values
        tensor_types, tensor_type, written = self.tensor_types, self.tensor_type, self.written
        type_lists, type_list = self.type_lists, self.type_list
        args = []
        slot = 0
        data, end = decoder.data, cursor.end
        one, two = _ONE, _TWO
        if has_arguments:
            count = cursor.varint()
            if count > num_values:
                raise cursor.error("more block arguments than values")
            elided = decoder.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION
            varint = cursor.varint  # (a call per argument: a function has a few hundred, not thousands of ops)
            for slot in range(count):
                value = varint()
                location = varint() if not elided or value & 1 else NONE
                type_index = value >> 1 if elided else value
                value_types[slot] = type_index
                scope[slot] = slot
                names[slot] = name = f"arg{slot}"
                written.add(name)
                ty = tensor_types[type_index] or tensor_type(type_index)
                name_groups[slot], type_groups[slot] = [name], [ty]
                arg = (name, ty)
                args.append(arg)
                self.defer(id(arg), location)
            slot = count
            if decoder.version >= USE_LIST_ORDERING:
                mask = cursor.byte()
                if mask & HAS_USE_LIST_ORDERS:
                    decoder.use_list_orders(cursor, count)
                elif mask:
                    raise cursor.error("unknown block encoding mask")
        next_argument = slot
        version = decoder.version
        plans, quick, deferred, located = self.plans, self.quick, self.deferred, self.located
        spans, decode = decoder.attr_spans, self.decode_location
        numbers = _NUMBERS
        if len(numbers) < num_values:
            if num_values <= _NUMBERS_KEPT:
                numbers.extend(map(str, range(len(numbers), num_values)))
            else:  # a function larger than those kept for the next read: its own list
                numbers = list(map(str, range(num_values)))
        ops, later = [], []  # later: (position in ops, row, its template's places and its locations) of the ops with regions
        templates: dict = {}  # an isolated region's section size -> the first read of that size (`_Template`)
        used: set = set()  # the hinted names taken (`cst`, `c`, ...)
        next_value = clashes = 0
        returned = None
        last = num_ops - 1
        # The op's bytes read through an iterator over the section (no position kept: a byte read past
        # its end stops the read) and tables over a varint's first byte (no arithmetic): ONE[b], the
        # varint when b is all of it; -1 when one byte follows (TWO[b][that byte]); -2 when more do
        # (`_long_varint`). An op's mask gives its fields at once (`shapes`).
        # (The same decoding, with positions, as _Decoder.region_rows: the known duplicate of the
        # op-header varints in two hot loops.)
        base = cursor.pos
        it = iter(data[base:end])
        step, shapes = next, _shapes(version)
        for position in range(num_ops):
            b = step(it)
            name = one[b]
            if name < 0:
                name = two[b][step(it)] if name == -1 else _long_varint(it, cursor, base)
            mask = step(it)
            b = step(it)
            location = one[b]
            if location < 0:
                location = two[b][step(it)] if location == -1 else _long_varint(it, cursor, base)
            plan = plans[name] or self.plan(name)
            has_dictionary, has_properties, has_results, has_operands, special = shapes[mask]
            dictionary = properties = NONE
            if has_dictionary:
                b = step(it)
                dictionary = one[b]
                if dictionary < 0:
                    dictionary = two[b][step(it)] if dictionary == -1 else _long_varint(it, cursor, base)
            if has_properties:
                b = step(it)
                properties = one[b]
                if properties < 0:
                    properties = two[b][step(it)] if properties == -1 else _long_varint(it, cursor, base)
            first = slot
            count = 0
            result_types = ()
            if has_results:
                b = step(it)
                count = one[b]
                if count < 0:
                    count = two[b][step(it)] if count == -1 else _long_varint(it, cursor, base)
                if count == 1:  # (nearly every op: no loop)
                    b = step(it)
                    type_index = one[b]
                    if type_index < 0:
                        type_index = two[b][step(it)] if type_index == -1 else _long_varint(it, cursor, base)
                    value_types[slot] = type_index  # (past the values declared: an IndexError)
                    scope[slot] = slot
                    type_groups[slot] = type_lists[type_index] or type_list(type_index)
                    slot += 1
                    if plan.numbered:
                        name_ = numbers[next_value]
                        next_value += 1
                    elif plan.constant:
                        hint = self.hints.get(type_index) or self.constant_hint(type_index)
                        name_ = hint
                        while name_ in used:
                            name_ = f"{hint}_{clashes}"
                            clashes += 1
                        used.add(name_)
                    elif plan.result_names is not None and len(plan.result_names) == 1:
                        hint = name_ = plan.result_names[0]
                        while name_ in used:
                            name_ = f"{hint}_{clashes}"
                            clashes += 1
                        used.add(name_)
                    else:
                        name_ = numbers[next_value]
                        next_value += 1
                    names[first] = name_
                    name_groups[first] = [name_]
                elif count:
                    if count > end - base:
                        raise cursor.error("too many results")
                    if slot + count > num_values:
                        raise cursor.error("more values defined than the region declared")
                    result_types = []
                    for _ in range(count):
                        b = step(it)
                        type_index = one[b]
                        if type_index < 0:
                            type_index = two[b][step(it)] if type_index == -1 else _long_varint(it, cursor, base)
                        result_types.append(type_index)
                        value_types[slot] = type_index
                        scope[slot] = slot
                        type_groups[slot] = type_lists[type_index] or type_list(type_index)
                        slot += 1
                    # the results' names, as MLIR's printer gives them (`name_region`)
                    if plan.result_names is not None and len(plan.result_names) == count:
                        for offset, hint in enumerate(plan.result_names):
                            name_ = hint
                            while name_ in used:
                                name_ = f"{hint}_{clashes}"
                                clashes += 1
                            used.add(name_)
                            names[first + offset] = name_
                            name_groups[first + offset] = [name_]
                    else:
                        for offset in range(count):
                            names[first + offset] = name_ = f"{next_value}#{offset}"
                            name_groups[first + offset] = [name_]
                        next_value += 1
            operands = None  # (made where a slow path needs the numbers: `arity` and `index`, `other`)
            arity = 0
            groups = group_types = ()
            if has_operands:
                b = step(it)
                arity = one[b]
                if arity < 0:
                    arity = two[b][step(it)] if arity == -1 else _long_varint(it, cursor, base)
                if arity == 1 or arity == 2:  # (nearly every op: no loop, its groups made whole)
                    b = step(it)
                    index = one[b]
                    if index < 0:
                        index = two[b][step(it)] if index == -1 else _long_varint(it, cursor, base)
                    if arity == 1:
                        if index >= slot:  # (this block's values are its slots: defined ones are below)
                            raise Fallback("a value used before it is defined")
                        groups, group_types = [name_groups[index]], [type_groups[index]]
                    else:
                        other = index
                        b = step(it)
                        index = one[b]
                        if index < 0:
                            index = two[b][step(it)] if index == -1 else _long_varint(it, cursor, base)
                        if index >= slot or other >= slot:
                            raise Fallback("a value used before it is defined")
                        groups = [name_groups[other], name_groups[index]]
                        group_types = [type_groups[other], type_groups[index]]
                else:
                    if arity > end - base:
                        raise cursor.error("too many operands")
                    operands, groups, group_types = [], [], []  # (the record's groups made as they are read)
                    for _ in range(arity):
                        b = step(it)
                        index = one[b]
                        if index < 0:
                            index = two[b][step(it)] if index == -1 else _long_varint(it, cursor, base)
                        if index >= slot:  # (this block's values are its slots: defined ones are below)
                            raise Fallback("a value used before it is defined")
                        operands.append(index)
                        groups.append(name_groups[index])
                        group_types.append(type_groups[index])
            if special:  # successors, use-list orders, regions, or a mask this reader refuses
                if operands is None:
                    operands = [] if not arity else [index] if arity == 1 else [other, index]
                if count == 1:
                    result_types = [type_index]
                cursor.pos = end - it.__length_hint__()
                if mask & _REFUSED:
                    raise cursor.error("bad op mask")
                if has_properties and version < NATIVE_PROPERTIES_ENCODING:
                    raise cursor.error("properties before format version 5")
                if mask & HAS_SUCCESSORS:
                    raise Fallback("successors")
                if mask & HAS_USE_LIST_ORDERS:
                    if version < USE_LIST_ORDERING:
                        raise cursor.error("use-list orders before format version 3")
                    decoder.use_list_orders(cursor, len(result_types))
                if mask & HAS_INLINE_REGIONS:
                    value = cursor.varint()
                    count, isolated = value >> 1, value & 1
                    instance = None
                    if isolated and count == 1 and version >= LAZY_LOADING:
                        # an isolated region is a section of its own: one of the same bytes as a region
                        # read before but for its locations (a reduction's body) shares that one's rows
                        at = cursor.pos
                        size = _ONE[data[at + 1]]  # (the section's id and a length of one byte: a body's)
                        if data[at] == IR and size >= 0:
                            section_end = at + 2 + size
                        else:
                            section_end = read_section(cursor)[1].end
                        template = templates.get(section_end - at)
                        if template is not None:
                            instance = template.locations(data, at, section_end)
                        if instance is None:
                            cursor.pos = at
                            decoder.spans = spans_read = []
                            regions = decoder.regions(cursor, count, isolated, depth + 1, at)
                            decoder.spans = None
                            if template is None and self.takes_template(regions, spans_read):
                                templates[cursor.pos - at] = _Template(data, at, cursor.pos, spans_read, regions)
                        else:
                            regions = template.rows
                            instance = (template.places, instance)
                            cursor.pos = section_end
                    else:
                        regions = decoder.regions(cursor, count, isolated, depth + 1, cursor.pos)
                    later.append((len(ops), (name, location, dictionary, properties, first, result_types,
                                             operands, regions), instance))
                    ops.append(None)
                    it.__setstate__(cursor.pos - base)
                    continue
                it.__setstate__(cursor.pos - base)
            # -- the op's record: the common ops (one value per operand field, no region, one
            # result, their attribute set read before; constants) made here, any other by `op` --
            record = None
            if count == 1:
                found = (plan.quick.get(properties) if dictionary == NONE
                         else quick.get((name, properties, dictionary)))
                if found is not None:
                    if found[0] == arity:
                        record = ("op", found[1], ("one", name_), found[2], groups, group_types,
                                  type_groups[first], False, ())
                    elif found[0] < 0:  # a constant: its record but for its result
                        record = ("op", found[1], ("one", name_), *found[2])
            if record is None:
                if operands is None:
                    operands = [] if not arity else [index] if arity == 1 else [other, index]
                if plan.returns:
                    if position != last or dictionary != NONE or properties != NONE:
                        raise Fallback("a return with attributes, or before the block's end")
                    returned = ([names[n] for n in operands], [type_groups[n][0] for n in operands]), location
                    continue
                if count == 1:
                    result_types = [type_index]
                ops.append(self.op((name, location, dictionary, properties, first, result_types, operands, ()),
                                   None, "func"))
                continue
            found = deferred[location]
            if found is None:  # (as `defer`)
                dialect, start, end_, custom = spans[location]
                if custom and end_ - start == 1 and data[start] == 31 and dialect == "builtin":
                    found = UNKNOWN
                else:
                    found = DeferredLocation(decode, location)
                deferred[location] = found
            if found is not UNKNOWN:
                located[id(record)] = found
            ops.append(record)
        cursor.pos = end - it.__length_hint__()
        if returned is None:
            raise Fallback("a block that does not end in return")
        if slot != num_values:
            raise cursor.error("a region defined fewer values than it declared")
        written.update(used)
        if later:  # the ops with regions, their regions named from the counters this block ended with
            names.extend([None] * (len(value_types) - num_values))
            nested = (next_value, next_argument, clashes, frozenset(used))
            made: dict = {}  # id(a template's rows) -> their regions' records, to copy for each instance
            self.kept.append(made)  # (the records' ids key their locations until the module is built)
            firsts: dict = {}  # what `instance_record` keys: the first record of each kind
            for position, row, instance in later:
                ops[position] = (self.op(row, nested, "func", made, instance) if instance is None
                                 else self.instance_record(row, nested, made, instance, firsts))
        return args, ops, *returned

    def instance_record(self, row, nested_state, made: dict, instance, firsts: dict):
        """The record of an op of one result whose region is a template's instance: the record `op`
        made for the first op of the same name, attributes, template and operand count, but for its
        result's name, its operands (grouped as that one's), its result type, its region (a copy of
        the template's, `relocated`) and its location."""
        operands = row[OPERANDS]
        key = (row[NAME], row[PROPERTIES], row[DICTIONARY], id(row[REGIONS]), len(operands))
        first = firsts.get(key)
        if first is None or len(row[RESULT_TYPES]) != 1:
            record = self.op(row, nested_state, "func", made, instance)
            if record[0] == "op" and len(row[RESULT_TYPES]) == 1 and record[8]:
                firsts[key] = record
            return record
        names, value_types, tensor_types, tensor_type = self.names, self.decoder.value_types, self.tensor_types, self.tensor_type
        groups, group_types, at = [], [], 0
        for group in first[4]:
            if len(group) == 1:  # (a reduction's: one input, one initial value)
                number = operands[at]
                groups.append([names[number]])
                type_index = value_types[number]
                group_types.append([tensor_types[type_index] or tensor_type(type_index)])
                at += 1
                continue
            taken = operands[at:at + len(group)]
            groups.append([names[n] for n in taken])
            group_types.append([tensor_types[value_types[n]] or tensor_type(value_types[n]) for n in taken])
            at += len(group)
        output = row[RESULT_TYPES][0]
        regions = self.relocated(made[id(row[REGIONS])], *instance)
        grouped = (regions,) if first[8][0].__class__ is list else tuple(regions)  # (as generic_record groups them)
        record = ("op", first[1], ("one", names[row[FIRST]]), first[3], groups, group_types,
                  [tensor_types[output] or tensor_type(output)], first[7], grouped)
        self.defer(id(record), row[LOCATION])
        return record

    def constant_hint(self, type_index: int) -> str:
        """A constant's name as MLIR's printer gives it: `cst` for floats, `c` for integers."""
        text = type_text(self.decoder.type(type_index))
        element = text[len("tensor<"):-1].rsplit("x", 1)[-1] if text.startswith("tensor<") else text
        hint = self.hints[type_index] = ("cst" if element[:1] in ("f", "b", "t")
                                         or element.startswith("complex") else "c")
        return hint

    def function(self, row, function_attributes: dict):
        plan = self.plans[row[NAME]] or self.plan(row[NAME])
        if plan.base != "func" or len(row[REGIONS]) != 1:
            raise Fallback("a module-level op that is not a function")
        props = dict(zip(plan.by_name, self.properties(row) or ()))
        dictionary = self.dictionary(row)
        if dictionary is not None:
            props.update((k.fields[0], v) for k, v in dictionary.fields[0])
        name, outputs = function_signature(props, function_attributes)
        if len(row[REGIONS][0]) != 4:  # (function_region's: a function's region is isolated)
            raise Fallback("a function whose region is not isolated")
        args, ops, returned, return_location = row[REGIONS][0]
        fn = (name, args, [self.records.tensor_type(t) for t in outputs], ops, returned)
        self.locate(id(fn), row[LOCATION])
        self.locate(("return", id(fn)), return_location)
        return fn


def import_onepass(data: bytes):
    """The Module of a portable artifact's bytes, read in one pass over its IR section (no generic
    IR); raises (Fallback, BytecodeError, a refused rule) where `import_bytecode` must take the
    checked way."""
    from ...ast.gc_pause import gc_paused

    return gc_paused(_import)(bytes(data))


def _import(data: bytes):
    decoder = _Decoder(data)
    module = decoder.read()
    version = artifact_version(module)
    if version is None:
        raise Fallback("not a portable artifact")
    check_version(version)
    decoder_root = module.root
    builder = decoder.builder  # (made by read_ir: the functions were read into it)
    if decoder.op_names[decoder_root[NAME]][0] != "builtin.module" or len(decoder_root[REGIONS]) != 1:
        raise Fallback("not a module")
    properties = builder.properties(decoder_root)
    name = properties[0] if properties is not None and properties[0] is not None else None
    dictionary = builder.dictionary(decoder_root)
    entries = list(dictionary.fields[0]) if dictionary is not None else []
    if name is None:  # before properties (format < 5) the module's name is in its dictionary
        name = next((v for k, v in entries if _key(k) == "sym_name"), None)
    attributes = _dictionary([(_key(k), v) for k, v in entries if _key(k) not in ("sym_name", "sym_visibility")])
    arguments, rows = decoder_root[REGIONS][0]
    if arguments:
        raise Fallback("a module with arguments")
    functions, function_attributes, defined = [], {}, {}
    for row in rows:
        fn = builder.function(row, function_attributes)
        if fn[0] in defined:
            raise Fallback("a function defined twice")
        defined[fn[0]] = fn
        functions.append(fn)
    if not functions:
        raise Fallback("no function")
    builder.resolve_inlined(functions)
    # the names generated ones must avoid: those that are not numbers (as the text reader's `_NAME`)
    written = frozenset(builder.written)
    decoder.value_types = decoder.scope = None  # what deferred locations keep is the decoder's tables
    builder.locate("module", decoder_root[LOCATION])
    return build_module(_symbol(name) if name is not None else "m", functions, defined, attributes,
                        function_attributes, [], written, builder.located)
