"""Attribute kinds: each kind of value an op attribute holds, all of it in one class.

An op declaration names each attribute's kind (`attr_def(I64_ARRAY, mlir="permutation")`). A kind is
one object that says everything vitir does with its values:

- `coerce(value)`: what a builder caller passes, as the value the node stores, or RuleError with
  the reason. Values are immutable and hashable (tuples, ints, strs), so rules can be cached on them.
- `pretty(value)`: its text in an op's own syntax (`dims = [0, 2, 1]`); `generic(value)`: in MLIR's
  generic form and attribute dictionaries (`array<i64: 0, 2, 1>`).
- `read(reader)` and `read_generic(reader)`: the same two spellings read by the fast text reader
  (vitir/text/importer.py) from its tokens; a kind that does not read them calls `reader.refuse`,
  and the text goes to the xDSL path.
- `xdsl()`: its `Bridge` to xDSL (the property's attribute, the conversions both ways, and the
  pretty spelling read by xDSL's parser), made when first asked (`kind.bridge`), so vitir.ast
  itself loads no xDSL. A kind that needs a dialect attribute of its own names it in `defines`,
  and the dialect registers it.

A new kind is one subclass (or one instance of an existing class, `EnumKind(...)`), defined anywhere,
even outside vitir: tests/test_extension_attribute_kind.py defines one.
"""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from .shape_rules import RuleError

I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1


class Bridge(NamedTuple):
    """A kind's values in xDSL."""

    constraint: object  # what the property's xDSL attribute is (a class, or a constraint)
    to_xdsl: Callable[[object], object] | None
    from_xdsl: Callable[[object], object]
    parse: Callable[[object], object] | None  # the pretty spelling, read by xDSL's parser
    defines: tuple = ()  # dialect attribute classes of this kind's own, for its dialect to register


class Kind:
    """One kind of attribute value (see the module's docstring for what a kind answers)."""

    __slots__ = ("name", "doc", "_bridge")

    def __init__(self, name: str, doc: str):
        self.name, self.doc, self._bridge = name, doc, None

    def coerce(self, value: Any) -> Any:
        raise NotImplementedError

    def pretty(self, value) -> str:
        raise NotImplementedError(f"attribute kind {self.name} has no pretty spelling")

    def generic(self, value) -> str:
        raise NotImplementedError(f"attribute kind {self.name} has no generic spelling")

    def read(self, reader):
        """The pretty spelling, from the fast reader's tokens."""
        reader.refuse(f"attribute kind {self.name}")

    def read_generic(self, reader):
        """The generic spelling (an attribute dictionary's entry), from the fast reader's tokens."""
        reader.refuse(f"attribute kind {self.name} in an attribute dictionary")

    def xdsl(self) -> Bridge:
        raise NotImplementedError(f"attribute kind {self.name} has no xDSL bridge")

    @property
    def bridge(self) -> Bridge:
        """`xdsl()`, made once."""
        made = self._bridge
        if made is None:
            made = self._bridge = self.xdsl()
        return made

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


def string_value(literal: str) -> str:
    """A string literal's value: string_text's inverse."""
    return re.sub(r'\\(["\\n])', lambda m: "\n" if m.group(1) == "n" else m.group(1), literal[1:-1])


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

    def read(self, reader) -> int:
        return reader.int()

    def read_generic(self, reader) -> int:
        value = reader.int()
        reader.expect(":")
        reader.expect(f"i{self.width}")
        return value

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import IntegerAttr, i32, i64

        element = i64 if self.width == 64 else i32
        return Bridge(IntegerAttr, lambda v: IntegerAttr(v, element), lambda a: a.value.data,
                      lambda p: p.parse_integer(allow_boolean=False))


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

    def read(self, reader) -> tuple[int, ...]:
        return reader.ints()

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import DenseArrayBase, i64

        from ..mlir.attributes import parse_int_list

        return Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i64, list(v)),
                      lambda a: tuple(a.get_values()), lambda p: tuple(parse_int_list(p)))


class BoolKind(Kind):
    __slots__ = ()

    def coerce(self, value) -> bool:
        if type(value) is not bool and type(value).__name__ != "bool_":
            raise RuleError(f"expected true or false, got {value!r}")
        return bool(value)

    pretty = generic = staticmethod(bool_text)

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import BoolAttr, IntegerAttr

        return Bridge(IntegerAttr, BoolAttr.from_bool, lambda a: bool(a.value.data), lambda p: p.parse_boolean())


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

    def read(self, reader) -> tuple[bool, ...]:
        return reader.bools()

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import DenseArrayBase, i1

        return Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i1, [int(x) for x in v]),
                      lambda a: tuple(bool(x) for x in a.get_values()),
                      lambda p: tuple(p.parse_comma_separated_list(p.Delimiter.SQUARE, p.parse_boolean)))


class UnitKind(Kind):
    """A flag that is present or absent (`use_global_device_ids`): True, or None when absent; its
    name alone is its text."""

    __slots__ = ()

    def coerce(self, value) -> bool:
        if value is not True:
            raise RuleError(f"a unit attribute is True when present, got {value!r}")
        return True

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import UnitAttr

        return Bridge(UnitAttr, lambda v: UnitAttr(), lambda a: True, None)


class StringKind(Kind):
    __slots__ = ()

    def coerce(self, value) -> str:
        if not isinstance(value, str):
            raise RuleError(f"expected a string, got {value!r}")
        return value

    pretty = generic = staticmethod(string_text)

    def read(self, reader) -> str:
        return reader.string()

    read_generic = read

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import StringAttr

        return Bridge(StringAttr, StringAttr, lambda a: a.data, lambda p: p.parse_str_literal())


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
        from ..print.float_attribute import mlir_float

        return f"{mlir_float(value)} : f32"

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import FloatAttr, f32

        return Bridge(FloatAttr, lambda v: FloatAttr(v, f32), lambda a: a.value.data, lambda p: p.parse_float())


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

    def read(self, reader) -> str:
        return reader.word(self.words)

    def read_generic(self, reader) -> str:
        tok = reader.next()
        if tok == "#":  # `#`, the dialect, `<`, the mnemonic, the word, `>`
            for expected in (self.dialect, "<", self.mlir):
                reader.expect(expected)
            word = reader.word(self.words)
            reader.expect(">")
            return word
        word = tok[len(self.dialect) + len(self.mlir) + 3:-1]  # one token (the fast lexer's for a precision)
        if word not in self.words or tok != self.generic(word):
            reader.refuse(f"{tok!r} is no {self.mlir}")
        return word

    def xdsl(self) -> Bridge:
        from ..mlir.attributes import ATTRIBUTES, enum_attribute

        name = f"{self.dialect}.{self.mlir}"
        found = [a for a in ATTRIBUTES if a.name == name]
        attribute = found[0] if found else enum_attribute(name, self.words)
        words = attribute.enum_type
        return Bridge(attribute, lambda v: attribute(words(v)), lambda a: a.data.value,
                      lambda p: p.parse_str_enum(words).value, () if found else (attribute,))


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

    def read(self, reader) -> tuple[str, ...]:
        words = self.item.words
        return reader.bracketed(lambda: reader.word(words))

    def read_generic(self, reader) -> tuple[str, ...]:
        return reader.bracketed(lambda: self.item.read_generic(reader))

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import ArrayAttr

        item = self.item.bridge
        return Bridge(ArrayAttr[item.constraint], lambda v: ArrayAttr([item.to_xdsl(x) for x in v]),
                      lambda a: tuple(item.from_xdsl(x) for x in a.data),
                      lambda p: tuple(p.parse_comma_separated_list(p.Delimiter.SQUARE, lambda: item.parse(p))))


# -- dense integer tensors and padding -------------------------------------------------------------

class DenseInts(NamedTuple):
    """A dense i64 tensor attribute (replica groups, source-target pairs): shape and row-major values."""

    shape: tuple[int, ...]
    values: tuple[int, ...]

    def rows(self) -> list[tuple[int, ...]]:
        width = self.shape[-1] if self.shape else 1
        return [self.values[i:i + width] for i in range(0, len(self.values), width)]


def _dense_ints_of(attribute) -> DenseInts:
    """The DenseInts of xDSL's dense integer elements attribute (a splat spread to every element)."""
    from xdsl.dialects.builtin import IntegerType

    if not isinstance(attribute.get_element_type(), IntegerType):
        raise RuleError(f"expects a tensor of integers, got one of {attribute.get_element_type()}")
    shape = tuple(attribute.get_shape())
    values = tuple(int(v) for v in attribute.get_values())
    count = 1
    for d in shape:
        count *= d
    if len(values) == 1 and shape and count != 1:  # a splat
        values = values * count
    return DenseInts(shape, values)


def _dense_ints_attribute(shape, values):
    from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i64

    return DenseIntOrFPElementsAttr.from_list(TensorType(i64, list(shape)), list(values))


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

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

        return Bridge(DenseIntOrFPElementsAttr, lambda v: _dense_ints_attribute(v.shape, v.values), _dense_ints_of,
                      None)


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

    def read(self, reader):
        pairs = reader.bracketed(reader.ints)
        if any(len(pair) != 2 for pair in pairs):
            reader.refuse("a padding entry that is not a pair")
        return pairs

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

        from ..mlir.attributes import parse_int_list

        def from_xdsl(a) -> tuple[tuple[int, int], ...]:
            shape = tuple(a.get_shape())
            if len(shape) != 2 or shape[1] != 2:
                raise RuleError(f"expects the shape of padding-attribute to be {{N, 2}}, but got "
                                f"{{{', '.join(map(str, shape))}}}")
            flat = _dense_ints_of(a).values
            return tuple(zip(flat[0::2], flat[1::2]))

        def parse(p):
            pairs = p.parse_comma_separated_list(p.Delimiter.SQUARE, lambda: parse_int_list(p))
            if any(len(pair) != 2 for pair in pairs):
                p.raise_error("each padding entry must be [low, high]")
            return tuple(tuple(pair) for pair in pairs)

        return Bridge(DenseIntOrFPElementsAttr, lambda v: _dense_ints_attribute((len(v), 2), [x for p in v for x in p]),
                      from_xdsl, parse)


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

    def xdsl(self) -> Bridge:
        from ..mlir.attributes import ATTRIBUTES

        attribute = next(a for a in ATTRIBUTES if a.name == self.mlir)
        value_type = self.value_type
        return Bridge(attribute, lambda v: attribute.of(*v), lambda a: value_type(*a.values()), None)


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

    def read(self, reader) -> ConvDimensions:
        def letter():
            tok = reader.next()
            if len(tok) != 1 or not tok.isalnum():
                reader.refuse(f"layout entry {tok!r}")
            return tok

        def layout():
            letters = reader.bracketed(letter)
            if not letters:
                reader.refuse("an empty layout")
            return "".join(letters)

        lhs = layout()
        reader.expect("x")
        rhs = layout()
        reader.expect("->")
        return ConvDimensions(lhs, rhs, layout())

    def xdsl(self) -> Bridge:
        from ..mlir.attributes import ConvDimensionNumbersAttr, parse_layouts

        return Bridge(ConvDimensionNumbersAttr, ConvDimensionNumbersAttr.of, lambda a: ConvDimensions(*a.layouts),
                      lambda p: ConvDimensions(*parse_layouts(p)))


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

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
        from xdsl.irdl import base

        from ..mlir.attributes import DenseLiteralsAttr, SplatAttr
        from ..mlir.literals import constant_literals

        return Bridge(base(SplatAttr) | base(DenseLiteralsAttr) | base(DenseIntOrFPElementsAttr), None,
                      constant_literals, None)


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

    def xdsl(self) -> Bridge:
        from xdsl.ir import TypeAttribute

        from ..mlir.attributes import element_text
        from ..mlir.parse import parse_type_text

        return Bridge(TypeAttribute, parse_type_text, lambda a: self.coerce(element_text(a)),
                      lambda p: self.coerce(element_text(p.parse_type())))


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
    every field written; xDSL holds the precision types as types and the rest as IntAttrs."""

    __slots__ = ()

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import IntAttr

        from ..mlir.attributes import DotAlgorithmAttr, element_text
        from ..mlir.parse import parse_type_text
        from ..mlir.xdsl_adapter import position

        def from_xdsl(a) -> DotAlgorithm:
            fields = []
            for name, p in zip(DotAlgorithm._fields, a.parameters):
                if isinstance(p, IntAttr):
                    fields.append(bool(p.data) if name == "allow_imprecise_accumulation" else p.data)
                else:
                    fields.append(ELEMENT_TYPE.coerce(element_text(p)))
            return DotAlgorithm(*fields)

        def parse(p) -> DotAlgorithm:
            start = position(p)
            try:
                return from_xdsl(DotAlgorithmAttr(*DotAlgorithmAttr.parse_parameters(p)))
            except (ValueError, RuleError) as e:  # a precision type that is neither an element type nor tf32
                p.raise_error(f"dot algorithm: {e}", start)

        return Bridge(DotAlgorithmAttr, lambda v: DotAlgorithmAttr(
            *[parse_type_text(x) if isinstance(x, str) else IntAttr(int(x)) for x in v]), from_xdsl, parse)


ELEMENT_TYPE = ElementTypeKind("element_type", "an element type")
DOT_ALGORITHM = DotAlgorithmKind("dot_algorithm", "stablehlo.dot_algorithm", DotAlgorithm, {
    "lhs_precision_type": ELEMENT_TYPE, "rhs_precision_type": ELEMENT_TYPE, "accumulation_type": ELEMENT_TYPE,
    "lhs_component_count": I64, "rhs_component_count": I64, "num_primitive_operations": I64,
    "allow_imprecise_accumulation": BOOL}, omit_empty=False)


class ChannelHandle(NamedTuple):
    handle: int
    type: int


class ChannelHandleKind(StructKind):
    """`#stablehlo.channel_handle<handle = 1, type = 0>`: both fields always written; xDSL holds IntAttrs."""

    __slots__ = ()

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import IntAttr

        from ..mlir.attributes import ChannelHandleAttr

        return Bridge(ChannelHandleAttr, lambda v: ChannelHandleAttr(IntAttr(v.handle), IntAttr(v.type)),
                      lambda a: ChannelHandle(a.handle.data, a.type.data), None)


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

_BARE_SYMBOL = re.compile(r"[A-Za-z_][\w$.]*")


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

    def read(self, reader) -> str:
        return reader.symbol()

    read_generic = read

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import SymbolRefAttr

        return Bridge(SymbolRefAttr, SymbolRefAttr, lambda a: a.root_reference.data,
                      lambda p: p.parse_symbol_name().data)


class AttributeTextKind(Kind):
    """An attribute vitir passes through without reading it (a composite's attribute dictionary):
    its MLIR text, kept as written so that it prints back unchanged."""

    __slots__ = ()

    def coerce(self, value) -> str:
        if not isinstance(value, str) or not value.strip():
            raise RuleError(f"expected an attribute's MLIR text, got {value!r}")
        return value

    pretty = generic = staticmethod(str)

    def xdsl(self) -> Bridge:
        from xdsl.dialects.builtin import StringAttr
        from xdsl.ir import Attribute

        from ..mlir.attributes import AttributeTextAttr
        from ..mlir.kinds import attribute_text_value
        from ..mlir.syntax import attribute_text

        return Bridge(Attribute, lambda v: AttributeTextAttr(StringAttr(v)), attribute_text_value, attribute_text)


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
