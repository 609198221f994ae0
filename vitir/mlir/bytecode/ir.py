"""A small generic IR for MLIR bytecode: what the format holds, before any dialect gives it meaning.

Attributes and types are interned values (equal fields, one object), so the writer can number them
as MLIR numbers its uniqued attributes. An entry either has a dialect encoding (`code` and `fields`,
where a field is an int, a str, bytes, another Attribute/Type or a tuple of these) or is the text
fallback (`text`, the entry's text as MLIR prints it).
"""

from __future__ import annotations


class _Entry:
    __slots__ = ("dialect", "code", "fields", "text", "_key", "__weakref__")
    _table: dict

    def __new__(cls, dialect: str, code: int | None = None, fields: tuple = (), text: str | None = None):
        key = (dialect, code, fields, text)
        table = cls._table
        found = table.get(key)
        if found is not None:
            return found
        entry = object.__new__(cls)
        entry.dialect, entry.code, entry.fields, entry.text, entry._key = dialect, code, fields, text, key
        table[key] = entry
        return entry

    def __reduce__(self):
        return (type(self), self._key)

    @property
    def name(self) -> str:
        """The encoding's name in its dialect's table (`IntegerAttr`, `RankedTensorV1Type`), or `text`."""
        from .encodings import entry_name

        return entry_name(self)

    def __repr__(self) -> str:
        if self.text is not None:
            return f"{type(self).__name__}({self.dialect!r}, text={self.text!r})"
        return f"{type(self).__name__}({self.dialect}.{self.name}{self.fields!r})"


class Attribute(_Entry):
    """An attribute (locations are attributes too)."""

    __slots__ = ()
    _table: dict = {}


class Type(_Entry):
    """A type."""

    __slots__ = ()
    _table: dict = {}


class Value:
    """An SSA value: a block argument (with its location) or an op result."""

    __slots__ = ("type", "location")

    def __init__(self, type: Type, location: Attribute | None = None):
        self.type, self.location = type, location


class Block:
    __slots__ = ("arguments", "operations", "use_list_orders")

    def __init__(self, arguments=None, operations=None):
        self.arguments: list[Value] = arguments if arguments is not None else []
        self.operations: list[Operation] = operations if operations is not None else []
        self.use_list_orders: dict = {}


class Region:
    __slots__ = ("blocks",)

    def __init__(self, blocks=None):
        self.blocks: list[Block] = blocks if blocks is not None else []


class Operation:
    """An op as the format holds it: name, location, attribute dictionary (a DictionaryAttr, or None),
    properties (raw bytes, or None), results, operands, successors (block indices), regions and
    whether they are isolated from above. `use_list_orders` keeps what the bytecode recorded of the
    results' use-list orders (result index -> list of use indices)."""

    __slots__ = ("name", "location", "attributes", "properties", "results", "operands", "successors",
                 "regions", "isolated", "use_list_orders", "offset")

    def __init__(self, name: str, location: Attribute, attributes: Attribute | None = None,
                 properties: bytes | None = None, results=None, operands=None, successors=None,
                 regions=None, isolated: bool = False):
        self.name = name
        self.location = location
        self.attributes = attributes
        self.properties = properties
        self.results: list[Value] = results if results is not None else []
        self.operands: list[Value] = operands if operands is not None else []
        self.successors: list[int] = successors if successors is not None else []
        self.regions: list[Region] = regions if regions is not None else []
        self.isolated = isolated
        self.use_list_orders: dict = {}
        self.offset: int | None = None  # where the op starts in the file it was read from

    def walk(self):
        """This op and every op nested in it, in pre-order."""
        stack = [self]
        while stack:
            op = stack.pop()
            yield op
            for region in reversed(op.regions):
                for block in reversed(region.blocks):
                    stack.extend(reversed(block.operations))


class Resource:
    """One entry of a resource group: a blob (with its alignment), a bool or a string; `kind` 0, 1, 2."""

    __slots__ = ("key", "kind", "value", "alignment")

    def __init__(self, key: str, kind: int, value, alignment: int = 1):
        self.key, self.kind, self.value, self.alignment = key, kind, value, alignment


class BytecodeModule:
    """A whole bytecode file: its version, producer, root op, dialect versions (raw bytes by dialect
    name), resources (group name -> [Resource]; external groups under their own names, dialect groups
    under the dialect's name) and which op names were registered where the producer knew."""

    def __init__(self, root: Operation, version: int, producer: str, dialect_versions=None,
                 external_resources=None, dialect_resources=None, registered=None):
        self.root = root
        self.version = version
        self.producer = producer
        self.dialect_versions: dict[str, bytes] = dialect_versions or {}
        self.external_resources: dict[str, list[Resource]] = external_resources or {}
        self.dialect_resources: dict[str, list[Resource]] = dialect_resources or {}
        self.registered: dict[str, bool] = registered or {}
