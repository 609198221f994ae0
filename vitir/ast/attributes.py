"""Attribute kinds: each kind of value an op attribute holds, and its grammar, in one class.

An op declaration names each attribute's kind (`attr_def(I64_ARRAY, mlir="permutation")`). A kind is
one object that says what its values are and how they are written:

- `coerce(value)`: what a builder caller passes, as the value the node stores, or RuleError with
  the reason. Values are immutable and hashable (tuples, ints, strs), so rules can be cached on them.
- `pretty(value)`: its text in an op's own syntax (`dims = [0, 2, 1]`); `generic(value)`: in MLIR's
  generic form and attribute dictionaries (`array<i64: 0, 2, 1>`).
- `read(p)` and `read_generic(p)`: the same two spellings read back through `p`, a TextParser
  (vitir/syntax/parsing.py: `int()`, `ints()`, `word(words)`, `expect(token)`, `error(message)`, ...),
  which the fast reader (vitir/text) and the xDSL bridge's parser (vitir/mlir/syntax.py) both
  implement; so each spelling is written once and serves both readers.

A kind knows nothing of xDSL: the bridge to xDSL's attributes is a table owned by vitir/mlir
(vitir/mlir/bridges.py), keyed by kind or kind class, with a default through the generic text.
A new kind is one subclass (or one instance of an existing class, `EnumKind(...)`), defined anywhere,
even outside vitir: tests/test_extension_attribute_kind.py defines one.
"""

from __future__ import annotations

from typing import Any

from ..lazy_pattern import LazyPattern
from ..records import NamedTuple
from .float_attribute import mlir_float
from .shape_rules import RuleError

I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1


class Kind:
    """One kind of attribute value (see the module's docstring for what a kind answers)."""

    __slots__ = ("name", "doc")

    def __init__(self, name: str, doc: str):
        self.name, self.doc = name, doc

    def coerce(self, value: Any) -> Any:
        raise NotImplementedError

    def pretty(self, value) -> str:
        raise NotImplementedError(f"attribute kind {self.name} has no pretty spelling")

    def generic(self, value) -> str:
        raise NotImplementedError(f"attribute kind {self.name} has no generic spelling")

    def read(self, p):
        """The pretty spelling, read through a TextParser."""
        p.error(f"attribute kind {self.name} has no pretty spelling")

    def read_generic(self, p):
        """The generic spelling (an attribute dictionary's entry), read through a TextParser."""
        p.error(f"attribute kind {self.name} has no generic spelling to read")

    def __repr__(self) -> str:
        return f"<attribute kind {self.name}>"


# -- the text pieces kinds share ---------------------------------------------------------------

_INTS: dict = {}  # a model prints a few dims lists thousands of times


def ints(values) -> str:
    """`[0, 2, 1]`."""
    text = _INTS.get(values)
    if text is None:
        text = "[" + ", ".join(map(str, values)) + "]"
        if len(_INTS) < 4096:
            _INTS[values] = text
    return text


def bool_text(value: bool) -> str:
    return "true" if value else "false"


def string_text(value: str) -> str:
    """`"a \\"b\\""`: MLIR's string literal."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dense_ints_text(shape: tuple[int, ...], values: tuple[int, ...], element: str = "i64") -> str:
    """`dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`; a splat written once, as MLIR writes it."""
    type_text = "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"
    if values and all(v == values[0] for v in values):
        return f"dense<{values[0]}> : {type_text}"
    if not values:
        return f"dense<> : {type_text}"
    rows = [str(v) for v in values]
    for d in reversed(shape):
        rows = ["[" + ", ".join(rows[i:i + d]) + "]" for i in range(0, len(rows), d)]
    return f"dense<{rows[0]}> : {type_text}"


def _int(value, what: str) -> int:
    if type(value) is int:  # the common case, without the checks below
        if I64_MIN <= value <= I64_MAX:
            return value
    elif isinstance(value, bool) or not hasattr(value, "__index__"):
        raise RuleError(f"{what} must be an integer, got {value!r}")
    value = value.__index__()
    if not I64_MIN <= value <= I64_MAX:
        raise RuleError(f"{what} {value} does not fit in i64")
    return value


# -- numbers, lists, flags and strings ---------------------------------------------------------

class IntegerKind(Kind):
    """An i64 (or i32) integer attribute: `dimension = 1`, `1 : i64`."""

    __slots__ = ("width",)

    def __init__(self, name: str, width: int = 64):
        super().__init__(name, f"an i{width} integer")
        self.width = width

    def coerce(self, value) -> int:
        value = _int(value, "the value")
        if self.width < 64 and not -(1 << (self.width - 1)) <= value < (1 << (self.width - 1)):
            raise RuleError(f"{value} does not fit in i{self.width}")
        return value

    pretty = staticmethod(str)

    def generic(self, value) -> str:
        return f"{value} : i{self.width}"

    def read(self, p) -> int:
        return p.int()

    def read_generic(self, p) -> int:
        value = p.int()
        p.expect(":")
        p.expect(f"i{self.width}")
        return value


class IntArrayKind(Kind):
    """A list of i64: `dims = [0, 2, 1]`, `array<i64: 0, 2, 1>`."""

    __slots__ = ()
    _checked: set = set()  # tuples already seen valid: a model repeats a few dims lists

    def coerce(self, value) -> tuple[int, ...]:
        kind = type(value)
        if kind is tuple or kind is list:
            value = tuple(value) if kind is list else value
            if value in self._checked:
                return value
            if all([type(d) is int and I64_MIN <= d <= I64_MAX for d in value]):
                if len(self._checked) < 4096:
                    self._checked.add(value)
                return value
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise RuleError(f"expected a list of integers, got {value!r}")
        return tuple(_int(d, "each entry") for d in value)

    pretty = staticmethod(ints)

    @staticmethod
    def generic(value) -> str:
        return f"array<i64: {', '.join(map(str, value))}>" if value else "array<i64>"

    def read(self, p) -> tuple[int, ...]:
        return p.ints()

    def read_generic(self, p) -> tuple[int, ...]:
        """`array<i64: 0, 2, 1>` or `array<i64>`."""
        return _dense_array(p, "i64", p.int)


def _dense_array(p, element: str, item) -> tuple:
    p.expect("array")
    p.expect("<")
    p.expect(element)
    if p.optional(">"):
        return ()
    p.expect(":")
    values = [item()]
    while p.optional(","):
        values.append(item())
    p.expect(">")
    return tuple(values)


class BoolKind(Kind):
    __slots__ = ()

    def coerce(self, value) -> bool:
        if type(value) is not bool and type(value).__name__ != "bool_":
            raise RuleError(f"expected true or false, got {value!r}")
        return bool(value)

    pretty = generic = staticmethod(bool_text)

    def read(self, p) -> bool:
        return p.boolean()


class BoolArrayKind(Kind):
    __slots__ = ()

    def coerce(self, value) -> tuple[bool, ...]:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise RuleError(f"expected a list of booleans, got {value!r}")
        return tuple(BOOL.coerce(v) for v in value)

    @staticmethod
    def pretty(value) -> str:
        return "[" + ", ".join(map(bool_text, value)) + "]"

    @staticmethod
    def generic(value) -> str:
        return f"array<i1: {', '.join(map(bool_text, value))}>" if value else "array<i1>"

    def read(self, p) -> tuple[bool, ...]:
        return p.bracketed(p.boolean)

    def read_generic(self, p) -> tuple[bool, ...]:
        """`array<i1: true, false>` or `array<i1>`."""
        return _dense_array(p, "i1", p.boolean)


class UnitKind(Kind):
    """A flag that is present or absent (`use_global_device_ids`): True, or None when absent; its
    name alone is its text."""

    __slots__ = ()

    def coerce(self, value) -> bool:
        if value is not True:
            raise RuleError(f"a unit attribute is True when present, got {value!r}")
        return True


class StringKind(Kind):
    __slots__ = ()

    def coerce(self, value) -> str:
        if not isinstance(value, str):
            raise RuleError(f"expected a string, got {value!r}")
        return value

    pretty = generic = staticmethod(string_text)

    def read(self, p) -> str:
        return p.string()


class FloatKind(Kind):
    """An f32 attribute such as batch_norm's epsilon, kept as the float it stands for."""

    __slots__ = ()

    def coerce(self, value) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
            raise RuleError(f"expected a number, got {value!r}")
        return float(value)

    pretty = staticmethod(repr)

    @staticmethod
    def generic(value) -> str:
        return f"{mlir_float(value)} : f32"

    def read(self, p) -> float:
        return p.float()

# -- enums ---------------------------------------------------------------------------------------------

class EnumKind(Kind):
    """One word of a fixed set: `GT`, `DEFAULT`, `FLOAT`. `mlir` is the generic attribute's mnemonic
    in `dialect` (`#stablehlo<comparison_direction GT>`). Its xDSL attribute is the dialect's
    attribute of that name (vitir/mlir/attributes.py), or, for a kind of a new name, one made from
    the words."""

    __slots__ = ("words", "mlir", "dialect")

    def __init__(self, name: str, mlir: str, words: tuple[str, ...], dialect: str = "stablehlo"):
        super().__init__(name, "one of " + ", ".join(words))
        self.words, self.mlir, self.dialect = words, mlir, dialect

    def coerce(self, value) -> str:
        word = getattr(value, "value", value)  # an Enum member, or its word
        if word not in self.words:
            raise RuleError(f"unknown {self.mlir.replace('_', ' ')} {value!r} (known: {', '.join(self.words)})")
        return word

    pretty = staticmethod(str)

    def generic(self, value) -> str:
        return f"#{self.dialect}<{self.mlir} {value}>"

    def read(self, p) -> str:
        return p.word(self.words)

    def read_generic(self, p) -> str:
        if p.optional("#"):  # `#`, the dialect, `<`, the mnemonic, the word, `>`
            for expected in (self.dialect, "<", self.mlir):
                p.expect(expected)
            word = p.word(self.words)
            p.expect(">")
            return word
        for word in self.words:  # one token: the fast lexer's for a precision
            if p.optional(self.generic(word)):
                return word
        p.error(f"expected #{self.dialect}<{self.mlir} ...>")


class EnumListKind(Kind):
    """A list of one enum's words, such as dot_general's `precision = [DEFAULT, HIGHEST]`."""

    __slots__ = ("item",)

    def __init__(self, name: str, item: EnumKind):
        super().__init__(name, f"a list of {item.mlir} words")
        self.item = item

    def coerce(self, value) -> tuple[str, ...]:
        if type(value) is tuple and all([v in self.item.words for v in value]):
            return value
        if isinstance(value, str) or not hasattr(value, "__iter__"):
            raise RuleError(f"expected a list of {self.item.mlir} words, got {value!r}")
        return tuple(self.item.coerce(v) for v in value)

    @staticmethod
    def pretty(value) -> str:
        return "[" + ", ".join(value) + "]"

    def generic(self, value) -> str:
        return "[" + ", ".join([self.item.generic(p) for p in value]) + "]"

    def read(self, p) -> tuple[str, ...]:
        words = self.item.words
        return p.bracketed(lambda: p.word(words))

    def read_generic(self, p) -> tuple[str, ...]:
        return p.bracketed(lambda: self.item.read_generic(p))

# -- dense integer tensors and padding -------------------------------------------------------------

class DenseInts(NamedTuple):
    """A dense i64 tensor attribute (replica groups, source-target pairs): shape and row-major values."""

    shape: tuple[int, ...]
    values: tuple[int, ...]

    def rows(self) -> list[tuple[int, ...]]:
        width = self.shape[-1] if self.shape else 1
        return [self.values[i:i + width] for i in range(0, len(self.values), width)]


class DenseIntsKind(Kind):
    """`dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`; takes a DenseInts or nested lists of one depth."""

    __slots__ = ()

    def coerce(self, value) -> DenseInts:
        if isinstance(value, DenseInts):
            return DenseInts(tuple(_int(d, "a dimension") for d in value.shape),
                             tuple(_int(v, "each element") for v in value.values))
        rows = [tuple(r) for r in value]
        if not rows:
            return DenseInts((0, 0), ())
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise RuleError(f"rows of different lengths: {[len(r) for r in rows]}")
        return DenseInts((len(rows), width), tuple(_int(v, "each element") for r in rows for v in r))

    @staticmethod
    def pretty(value: DenseInts) -> str:
        return dense_ints_text(value.shape, value.values)

    generic = pretty


class AxisRef(NamedTuple):
    """`#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>`: a mesh axis, or the sub-axis of
    `size` after `pre_size` of it (sub_axis None: the whole axis)."""

    name: str
    sub_axis: tuple[int, int] | None = None

    def text(self) -> str:
        sub = "" if self.sub_axis is None else f", sub_axis_info = ({self.sub_axis[0]}){self.sub_axis[1]}"
        return f"#stablehlo.axis_ref<name = {string_text(self.name)}{sub}>"


class MeshAxesGroups(NamedTuple):
    """`#stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [...]>`: replica groups given as
    the devices that differ only along `axes` of the mesh the symbol `mesh` names."""

    mesh: str
    axes: tuple[AxisRef, ...]


class ReplicaGroupsKind(DenseIntsKind):
    """A collective's replica groups: a dense i64 tensor of ids (DenseInts), or groups over mesh
    axes (MeshAxesGroups), as StableHLO's ReplicaGroups attribute takes either."""

    __slots__ = ()

    def coerce(self, value):
        if isinstance(value, MeshAxesGroups):
            axes = tuple(AxisRef(*a) if not isinstance(a, AxisRef) else a for a in value.axes)
            if len(set(axes)) != len(axes):
                raise RuleError(f"replica_groups repeat an axis of mesh @{value.mesh}")
            return MeshAxesGroups(SYMBOL.coerce(value.mesh), tuple(
                AxisRef(str(a.name), None if a.sub_axis is None else (_int(a.sub_axis[0], "pre_size"),
                                                                      _int(a.sub_axis[1], "size"))) for a in axes))
        return super().coerce(value)

    @staticmethod
    def pretty(value) -> str:
        if isinstance(value, MeshAxesGroups):
            axes = ", ".join(a.text() for a in value.axes)
            return f"#stablehlo.replica_group_mesh_axes<mesh = {symbol_text(value.mesh)}, axes = [{axes}]>"
        return dense_ints_text(value.shape, value.values)

    generic = pretty

    def read_generic(self, p) -> MeshAxesGroups:
        """The mesh-axes spelling (xDSL reads the dense one); its entries in any order, as MLIR's
        struct(params) reads them."""
        p.expect("#")
        p.expect("stablehlo.replica_group_mesh_axes")
        found: dict = {}
        p.expect("<")
        while True:
            key = p.word(("mesh", "axes"))
            p.expect("=")
            found[key] = p.symbol() if key == "mesh" else tuple(p.bracketed(lambda: _read_axis_ref(p)))
            if not p.optional(","):
                break
        p.expect(">")
        if len(found) != 2:
            p.error("replica_group_mesh_axes needs both mesh and axes")
        return MeshAxesGroups(found["mesh"], found["axes"])


def _read_axis_ref(p) -> AxisRef:
    p.expect("#")
    p.expect("stablehlo.axis_ref")
    p.expect("<")
    name, sub = None, None
    while True:
        key = p.word(("name", "sub_axis_info"))
        p.expect("=")
        if key == "name":
            name = p.string()
        else:
            p.expect("(")
            pre = p.int()
            p.expect(")")
            sub = (pre, p.int())
        if not p.optional(","):
            break
    p.expect(">")
    if name is None:
        p.error("axis_ref needs a name")
    return AxisRef(name, sub)


class PairsKind(Kind):
    """(low, high) pairs, one per dimension: convolution and window padding (`pad = [[0, 1], [2, 0]]`,
    generically a dense Nx2 tensor)."""

    __slots__ = ()

    def coerce(self, value) -> tuple[tuple[int, int], ...]:
        if type(value) is tuple and all([type(p) is tuple and len(p) == 2 for p in value]):
            return tuple((_int(a, "padding"), _int(b, "padding")) for a, b in value)
        try:
            pairs = [tuple(p) for p in value]
        except TypeError:
            raise RuleError(f"expected (low, high) pairs, got {value!r}") from None
        if any(len(p) != 2 for p in pairs):
            raise RuleError(f"each padding entry is a (low, high) pair, got {value!r}")
        return tuple((_int(a, "padding"), _int(b, "padding")) for a, b in pairs)

    @staticmethod
    def pretty(value) -> str:
        return "[" + ", ".join([f"[{lo}, {hi}]" for lo, hi in value]) + "]"

    @staticmethod
    def generic(value) -> str:
        return dense_ints_text((len(value), 2), tuple(v for pair in value for v in pair))

    def read(self, p):
        pairs = p.bracketed(p.ints)
        if any(len(pair) != 2 for pair in pairs):
            p.error("each padding entry must be [low, high]")
        return pairs

# -- struct attributes ------------------------------------------------------------------------------

class DotDimensions(NamedTuple):
    lhs_batching_dimensions: tuple[int, ...]
    rhs_batching_dimensions: tuple[int, ...]
    lhs_contracting_dimensions: tuple[int, ...]
    rhs_contracting_dimensions: tuple[int, ...]


class StructKind(Kind):
    """A dialect struct attribute (`#stablehlo.dot<lhs_batching_dimensions = [0], ...>`): a NamedTuple
    whose fields are of other kinds, coerced field by field and written `name = value` in each field
    kind's pretty spelling; `omit_empty` leaves out the fields that are empty or 0, as MLIR's printStruct
    does. Its xDSL attribute is the dialect's of the name `mlir`, made `of(*fields)` and read by `values()`."""

    __slots__ = ("value_type", "fields", "mlir", "omit_empty")

    def __init__(self, name: str, mlir: str, value_type: type, fields: dict[str, Kind], omit_empty: bool = True):
        super().__init__(name, f"#{mlir}<...>")
        self.value_type, self.fields, self.mlir, self.omit_empty = value_type, fields, mlir, omit_empty

    def coerce(self, value):
        if type(value) is self.value_type and value in _STRUCTS_CHECKED:
            return value
        if isinstance(value, dict):
            value = self.value_type(**value)
        if not isinstance(value, tuple) or len(value) != len(self.fields):
            raise RuleError(f"expected {self.value_type.__name__}({', '.join(self.fields)}), got {value!r}")
        value = self.value_type(*[kind.coerce(v) for kind, v in zip(self.fields.values(), value)])
        if len(_STRUCTS_CHECKED) < 4096:
            _STRUCTS_CHECKED.add(value)
        return value

    def pretty(self, value) -> str:
        """`<a = [0], b = 1>`, the struct's body (a dot algorithm's in dot_general's syntax)."""
        omit = self.omit_empty
        return "<" + ", ".join([f"{name} = {kind.pretty(v)}" for (name, kind), v in zip(self.fields.items(), value)
                                if v or not omit]) + ">"

    def generic(self, value) -> str:
        return "#" + self.mlir + self.pretty(value)

    def read(self, p):
        """`<a = [0], b = 1>`: the entries in any order, as MLIR's parseStruct reads them (a trailing
        comma allowed); a field left out is empty (0) where empty fields are omitted, else missing."""
        mnemonic = self.mlir.partition(".")[2]
        found: dict = {}
        p.expect("<")
        while not p.optional(">"):
            at = p.position()
            key = p.identifier()
            kind = self.fields.get(key)
            if kind is None or key in found:
                p.error(f"unknown {mnemonic} field '{key}' (known: {', '.join(self.fields)})", at)
            p.expect("=")
            found[key] = kind.read(p)
            if not p.optional(","):
                p.expect(">")
                break
        missing = [f for f in self.fields if f not in found]
        if missing and not self.omit_empty:
            p.error(f"{mnemonic} lacks {', '.join(missing)}")
        return self.value_type(*[found.get(f, 0 if kind is I64 else ()) for f, kind in self.fields.items()])

    def read_generic(self, p):
        p.expect("#")
        p.expect(self.mlir)
        return self.read(p)


_STRUCTS_CHECKED: set = set()  # struct values already coerced (a model repeats a few dimension numbers)


# -- convolution layouts --------------------------------------------------------------------------

class ConvDimensions(NamedTuple):
    """Convolution dimension numbers as layout strings, as the pretty syntax writes them:
    `[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]` is ("bf01", "oi01", "bf01"): b and f batch and
    feature, i and o the kernel's input and output features, digits the spatial dims."""

    lhs: str
    rhs: str
    out: str


def _check_layout(layout: str, letters: str, what: str) -> None:
    spatial = sorted(c for c in layout if c not in letters)
    if sorted(layout) != sorted(letters + "".join(spatial)) or spatial != [str(k) for k in range(len(spatial))]:
        raise RuleError(f"{what} layout [{', '.join(layout)}] must hold {letters[0]}, {letters[1]} and the "
                        f"spatial dims 0..{len(layout) - 3} once each")


def _layout_text(layout: str) -> str:
    return "[" + ", ".join(layout) + "]"


class ConvDimensionsKind(Kind):
    __slots__ = ()

    def coerce(self, value) -> ConvDimensions:
        try:
            lhs, rhs, out = (str(s) for s in value)
        except (TypeError, ValueError):
            raise RuleError(f"expected three layouts such as ('bf01', 'oi01', 'bf01'), got {value!r}") from None
        _check_layout(lhs, "bf", "input")
        _check_layout(rhs, "io", "kernel")
        _check_layout(out, "bf", "output")
        if not len(lhs) == len(rhs) == len(out):
            raise RuleError(f"layouts {lhs}, {rhs}, {out} differ in rank")
        return ConvDimensions(lhs, rhs, out)

    @staticmethod
    def pretty(value: ConvDimensions) -> str:
        return f"{_layout_text(value.lhs)}x{_layout_text(value.rhs)}->{_layout_text(value.out)}"

    def generic(self, value: ConvDimensions) -> str:
        return f"#stablehlo.conv<{self.pretty(value)}>"

    def read(self, p) -> ConvDimensions:
        """`[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]`."""
        def entry() -> str:
            n = p.optional_int()
            if n is None:
                return p.identifier()
            if not 0 <= n <= 9:
                p.error("vitir supports at most 10 spatial dimensions")
            return str(n)

        def layout() -> str:
            return "".join(p.bracketed(entry))

        lhs = layout()
        p.expect("x")
        rhs = layout()
        p.expect("->")
        return ConvDimensions(lhs, rhs, layout())

    def read_generic(self, p) -> ConvDimensions:
        """`#stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>`."""
        p.expect("#")
        p.expect("stablehlo.conv")
        p.expect("<")
        value = self.read(p)
        p.expect(">")
        return value

# -- constants and pass-through values --------------------------------------------------------------

class DenseLiteralKind(Kind):
    """A constant's value: one literal (a splat, `dense<1.0e-5>`) or one per element, row-major.
    Literals are checked against the element type by the constant's rule; the constant's whole-op
    syntax writes them."""

    __slots__ = ()

    def coerce(self, value) -> str | tuple[str, ...]:
        if type(value) is str or type(value) is tuple:
            return value
        raise RuleError(f"expected a literal or a tuple of literals, got {value!r}")


class AnyKind(Kind):
    """A value kept as given (hashable); for attributes vitir passes through unchanged."""

    __slots__ = ()

    def coerce(self, value):
        hash(value)
        return value


I64 = IntegerKind("i64")
I32 = IntegerKind("i32", 32)
I64_ARRAY = IntArrayKind("i64_array", "a list of i64")
BOOL = BoolKind("bool", "true or false")
BOOL_ARRAY = BoolArrayKind("bool_array", "a list of booleans")
UNIT = UnitKind("unit", "present or absent")
STRING = StringKind("string", "a string")
F32 = FloatKind("f32", "an f32 number")
DENSE_INTS = DenseIntsKind("dense_ints", "a dense i64 tensor")
REPLICA_GROUPS = ReplicaGroupsKind("replica_groups", "a dense i64 tensor of ids, or groups over mesh axes")
PAIRS = PairsKind("pairs", "(low, high) pairs")
DENSE_LITERAL = DenseLiteralKind("dense_literal", "a constant's literals")
COMPARISON_DIRECTION = EnumKind("comparison_direction", "comparison_direction", ("EQ", "NE", "GE", "GT", "LE", "LT"))
COMPARISON_TYPE = EnumKind("comparison_type", "comparison_type", ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"))
PRECISION = EnumKind("precision", "precision", ("DEFAULT", "HIGH", "HIGHEST"))
PRECISION_LIST = EnumListKind("precision_list", PRECISION)
DOT_DIMENSIONS = StructKind("dot_dimensions", "stablehlo.dot", DotDimensions,
                            dict.fromkeys(DotDimensions._fields, I64_ARRAY))


CONV_DIMENSIONS = ConvDimensionsKind("conv_dimensions", "#stablehlo.conv<...>")


class ElementTypeKind(Kind):
    """A type as an attribute (a dot algorithm's precision types), kept as MLIR spells it: an element
    type of the table (a DType or its spelling) or a float type that only a dot algorithm names
    (`tf32`, TensorFloat-32: f32's exponent, 10 mantissa bits)."""

    __slots__ = ()
    ONLY_IN_ALGORITHMS = frozenset({"tf32"})

    def coerce(self, value) -> str:
        from .element_types import DType

        if isinstance(value, DType):
            return value.value
        if value in self.ONLY_IN_ALGORITHMS:
            return value
        try:
            return DType.parse(str(value)).value
        except ValueError as e:
            raise RuleError(f"{e}, or tf32") from None

    pretty = generic = staticmethod(str)

    def read(self, p) -> str:
        return self.coerce(p.element_type())


class DotAlgorithm(NamedTuple):
    lhs_precision_type: str
    rhs_precision_type: str
    accumulation_type: str
    lhs_component_count: int
    rhs_component_count: int
    num_primitive_operations: int
    allow_imprecise_accumulation: bool


class DotAlgorithmKind(StructKind):
    """`#stablehlo.dot_algorithm<lhs_precision_type = tf32, ..., allow_imprecise_accumulation = false>`:
    every field written."""

    __slots__ = ()

    def read(self, p) -> DotAlgorithm:
        at = p.position()
        try:
            return super().read(p)
        except RuleError as e:  # a precision type that is neither an element type nor tf32
            p.error(f"dot algorithm: {e}", at)


ELEMENT_TYPE = ElementTypeKind("element_type", "an element type")
DOT_ALGORITHM = DotAlgorithmKind("dot_algorithm", "stablehlo.dot_algorithm", DotAlgorithm, {
    "lhs_precision_type": ELEMENT_TYPE, "rhs_precision_type": ELEMENT_TYPE, "accumulation_type": ELEMENT_TYPE,
    "lhs_component_count": I64, "rhs_component_count": I64, "num_primitive_operations": I64,
    "allow_imprecise_accumulation": BOOL}, omit_empty=False)


class ChannelHandle(NamedTuple):
    handle: int
    type: int


class ChannelHandleKind(StructKind):
    """`#stablehlo.channel_handle<handle = 1, type = 0>`: both fields always written."""

    __slots__ = ()


class NamesKind(Kind):
    """The SSA names a compound node gives the values its expansion defines (AST-only)."""

    __slots__ = ()

    def coerce(self, value) -> tuple[str, ...]:
        if type(value) is tuple and all([type(n) is str for n in value]):
            return value
        if isinstance(value, str) or not hasattr(value, "__iter__"):
            raise RuleError(f"expected a sequence of SSA names, got {value!r}")
        return tuple(STRING.coerce(n) for n in value)


CHANNEL_HANDLE = ChannelHandleKind("channel_handle", "stablehlo.channel_handle", ChannelHandle,
                                   {"handle": I64, "type": I64}, omit_empty=False)


NAMES = NamesKind("names", "SSA names")


# -- data movement: gather and scatter dimension numbers ----------------------------------------

class GatherDimensions(NamedTuple):
    """`#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0],
    index_vector_dim = 1>`; a field left out is empty (0 for index_vector_dim), as MLIR reads it."""

    offset_dims: tuple[int, ...] = ()
    collapsed_slice_dims: tuple[int, ...] = ()
    operand_batching_dims: tuple[int, ...] = ()
    start_indices_batching_dims: tuple[int, ...] = ()
    start_index_map: tuple[int, ...] = ()
    index_vector_dim: int = 0


class ScatterDimensions(NamedTuple):
    """`#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
    scatter_dims_to_operand_dims = [0], index_vector_dim = 1>`; fields left out as for gather."""

    update_window_dims: tuple[int, ...] = ()
    inserted_window_dims: tuple[int, ...] = ()
    input_batching_dims: tuple[int, ...] = ()
    scatter_indices_batching_dims: tuple[int, ...] = ()
    scatter_dims_to_operand_dims: tuple[int, ...] = ()
    index_vector_dim: int = 0


def _dimension_fields(value_type: type) -> dict[str, Kind]:
    """Every field a list of dimensions but the last, index_vector_dim."""
    *lists, last = value_type._fields
    return {**dict.fromkeys(lists, I64_ARRAY), last: I64}


GATHER_DIMENSIONS = StructKind("gather_dimensions", "stablehlo.gather", GatherDimensions,
                               _dimension_fields(GatherDimensions))


SCATTER_DIMENSIONS = StructKind("scatter_dimensions", "stablehlo.scatter", ScatterDimensions,
                                _dimension_fields(ScatterDimensions))


# -- collectives, rng, bits and quantization ---------------------------------------------------
RNG_DISTRIBUTION = EnumKind("rng_distribution", "rng_distribution", ("UNIFORM", "NORMAL"))
RNG_ALGORITHM = EnumKind("rng_algorithm", "rng_algorithm", ("DEFAULT", "THREE_FRY", "PHILOX"))


# -- control flow, tuples and tokens ------------------------------------------------------

_BARE_SYMBOL = LazyPattern(r"[A-Za-z_][\w$.]*")


def symbol_text(name: str) -> str:
    """`@add_n.impl`; a name that is not a bare identifier is quoted, as MLIR writes it."""
    return "@" + name if _BARE_SYMBOL.fullmatch(name) else "@" + string_text(name)


class SymbolKind(Kind):
    """A symbol reference (`decomposition = @add_n.impl`, `@target`): the symbol's name, without `@`."""

    __slots__ = ()

    def coerce(self, value) -> str:
        if not isinstance(value, str) or not value:
            raise RuleError(f"expected a symbol name, got {value!r}")
        return value.removeprefix("@")

    pretty = generic = staticmethod(symbol_text)

    def read(self, p) -> str:
        return p.symbol()


class AttributeTextKind(Kind):
    """An attribute vitir passes through without reading it (a composite's attribute dictionary):
    its MLIR text, kept as written so that it prints back unchanged."""

    __slots__ = ()

    def coerce(self, value) -> str:
        if not isinstance(value, str) or not value.strip():
            raise RuleError(f"expected an attribute's MLIR text, got {value!r}")
        return value

    pretty = generic = staticmethod(str)

    def read(self, p) -> str:
        return p.attribute_text()

    read_generic = read


SYMBOL = SymbolKind("symbol", "a symbol reference")
ATTRIBUTE_TEXT = AttributeTextKind("attribute_text", "an MLIR attribute, kept as written")


class DiscardableKind(Kind):
    """The attributes of other dialects an op carries in its attribute dictionary (custom_call's
    `mhlo.frontend_attributes`, `sdy.sharding_rule`): (name, MLIR text) pairs by name, the text None
    for a unit attribute. The op's attribute dictionary writes them, each entry as written."""

    __slots__ = ()

    def coerce(self, value) -> tuple[tuple[str, str | None], ...]:
        pairs = value.items() if isinstance(value, dict) else value
        if isinstance(pairs, str) or not hasattr(pairs, "__iter__"):
            raise RuleError(f"expected (name, text) pairs, got {value!r}")
        out = []
        for pair in pairs:
            if not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[0], str):
                raise RuleError(f"expected a (name, text) pair, got {pair!r}")
            out.append((pair[0], None if pair[1] is None else ATTRIBUTE_TEXT.coerce(pair[1])))
        return tuple(sorted(out))


DISCARDABLE = DiscardableKind("discardable", "attributes of other dialects, as written")


# -- windows, reductions, contractions and linear algebra -----------------------------------
TRANSPOSE = EnumKind("transpose", "transpose", ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"))
FFT_TYPE = EnumKind("fft_type", "fft_type", ("FFT", "IFFT", "RFFT", "IRFFT"))


# -- elementwise and chlo: chlo's comparison enums, spelled #chlo<...> ---------------------------------------

CHLO_COMPARISON_DIRECTION = EnumKind("chlo_comparison_direction", "comparison_direction",
                                     COMPARISON_DIRECTION.words, dialect="chlo")


CHLO_COMPARISON_TYPE = EnumKind("chlo_comparison_type", "comparison_type", COMPARISON_TYPE.words, dialect="chlo")


class RaggedDotDimensions(NamedTuple):
    """chlo.ragged_dot's dimension numbers: dot_general's, and the lhs ragged and rhs group dimensions."""

    lhs_batching_dimensions: tuple[int, ...]
    rhs_batching_dimensions: tuple[int, ...]
    lhs_contracting_dimensions: tuple[int, ...]
    rhs_contracting_dimensions: tuple[int, ...]
    lhs_ragged_dimensions: tuple[int, ...]
    rhs_group_dimensions: tuple[int, ...]


RAGGED_DOT_DIMENSIONS = StructKind("ragged_dot_dimensions", "chlo.ragged_dot", RaggedDotDimensions,
                                   dict.fromkeys(RaggedDotDimensions._fields, I64_ARRAY))


CHLO_PRECISION = EnumKind("chlo_precision", "precision", PRECISION.words, dialect="chlo")
CHLO_PRECISION_LIST = EnumListKind("chlo_precision_list", CHLO_PRECISION)
