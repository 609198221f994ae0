"""Each attribute kind's bridge to xDSL: a table owned by the bridge, keyed by kind or kind class.

A kind (vitir/ast/attributes.py) says what its values are and how they are written; it knows
nothing of xDSL. Here is how xDSL holds them: `Bridge(constraint, to_xdsl, from_xdsl, defines)`,
the property's attribute constraint, the conversions both ways, and the dialect attributes the
bridge made for itself (an enum kind of a new name), which the dialect registers.

    @register_bridge(RatioKind)           # a kind class: every instance of it (and of subclasses)
    def ratio_bridge(kind) -> Bridge: ...
    register_bridge(MY_KIND, make)        # one kind instance

`bridge(kind)` answers the most specific entry (the instance, then its class's MRO), made once per
kind. A kind with no entry goes through its generic text (`text_bridge`): xDSL holds the text,
and reading it back is the kind's own `read_generic` through the fast reader's tokens; so a kind
needs a bridge only to be a typed xDSL attribute.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from xdsl.dialects.builtin import (ArrayAttr, BoolAttr, DenseArrayBase, DenseIntOrFPElementsAttr, FloatAttr, IntAttr,
                                   IntegerAttr, IntegerType, StringAttr, SymbolRefAttr, TensorType, UnitAttr, f32, i1,
                                   i32, i64)
from xdsl.ir import Attribute, TypeAttribute
from xdsl.irdl import base

from ..ast import attributes as K
from ..ast import sharding as S
from ..ast.shape_rules import RuleError
from .attributes import (ATTRIBUTES, AttributeTextAttr, ChannelHandleAttr, ConvDimensionNumbersAttr,
                         DenseLiteralsAttr, DotAlgorithmAttr, ReplicaGroupMeshAxesAttr, ShardyTextAttr, SplatAttr,
                         element_text, enum_attribute,
                         shardy_attribute)
from .type_text import parse_type_text


class Bridge(NamedTuple):
    """A kind's values in xDSL."""

    constraint: object  # what the property's xDSL attribute is (a class, or a constraint)
    to_xdsl: Callable[[object], object] | None
    from_xdsl: Callable[[object], object]
    defines: tuple = ()  # dialect attribute classes of this bridge's own, for its dialect to register
    as_text: bool = False  # xDSL holds the generic text (read back by the kind)


BRIDGES: dict = {}  # a Kind instance or a Kind subclass -> kind -> Bridge
_MADE: dict = {}  # kind -> its Bridge, made once


def register_bridge(key, make: Callable | None = None):
    """Register `make(kind) -> Bridge` for one kind or every kind of a class; as a decorator without
    `make`."""
    def put(function: Callable) -> Callable:
        BRIDGES[key] = function
        _MADE.clear()  # a kind made before may now have a more specific bridge
        return function
    return put if make is None else put(make)


def bridge(kind: K.Kind) -> Bridge:
    """The kind's bridge: its own entry, its class's (by MRO), or its generic text."""
    made = _MADE.get(kind)
    if made is None:
        make = BRIDGES.get(kind)
        if make is None:
            make = next((BRIDGES[c] for c in type(kind).__mro__ if c in BRIDGES), text_bridge)
        made = _MADE[kind] = make(kind)
    return made


def read_text(kind: K.Kind, text: str) -> object:
    """The kind's value of an attribute's generic text; text it cannot read is a RuleError naming the
    attribute (the verifier reports it at the op's line), never a bare ValueError."""
    from ..text import read_attribute_text

    try:
        return read_attribute_text(kind, text)
    except ValueError as e:
        why = "" if str(e) == f"not a {kind.name} attribute" else f" ({e})"
        raise RuleError(f"{text!r} is no {kind.name} attribute{why}") from None


def text_bridge(kind: K.Kind) -> Bridge:
    """The default: the value as its generic text, read back by the kind's `read_generic`."""
    from .kinds import attribute_text_value

    def from_xdsl(attribute) -> object:
        return read_text(kind, attribute_text_value(attribute))

    return Bridge(Attribute, lambda v: AttributeTextAttr(StringAttr(kind.generic(v))), from_xdsl, as_text=True)


# -- vitir's kinds -------------------------------------------------------------------------------

@register_bridge(K.IntegerKind)
def _integer(kind: K.IntegerKind) -> Bridge:
    element = i64 if kind.width == 64 else i32
    return Bridge(IntegerAttr, lambda v: IntegerAttr(v, element), lambda a: a.value.data)


@register_bridge(K.IntArrayKind)
def _int_array(kind) -> Bridge:
    return Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i64, list(v)), lambda a: tuple(a.get_values()))


@register_bridge(K.BoolKind)
def _bool(kind) -> Bridge:
    return Bridge(IntegerAttr, BoolAttr.from_bool, lambda a: bool(a.value.data))


@register_bridge(K.BoolArrayKind)
def _bool_array(kind) -> Bridge:
    return Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i1, [int(x) for x in v]),
                  lambda a: tuple(bool(x) for x in a.get_values()))


@register_bridge(K.UnitKind)
def _unit(kind) -> Bridge:
    return Bridge(UnitAttr, lambda v: UnitAttr(), lambda a: True)


@register_bridge(K.StringKind)
def _string(kind) -> Bridge:
    return Bridge(StringAttr, StringAttr, lambda a: a.data)


@register_bridge(K.FloatKind)
def _float(kind) -> Bridge:
    return Bridge(FloatAttr, lambda v: FloatAttr(v, f32), lambda a: a.value.data)


@register_bridge(K.EnumKind)
def _enum(kind: K.EnumKind) -> Bridge:
    """The dialect's attribute of the kind's name (vitir/mlir/attributes.py), or one made from its words."""
    name = f"{kind.dialect}.{kind.mlir}"
    found = [a for a in ATTRIBUTES if a.name == name]
    attribute = found[0] if found else enum_attribute(name, kind.words)
    words = attribute.enum_type
    return Bridge(attribute, lambda v: attribute(words(v)), lambda a: a.data.value, () if found else (attribute,))


@register_bridge(K.EnumListKind)
def _enum_list(kind: K.EnumListKind) -> Bridge:
    item = bridge(kind.item)
    return Bridge(ArrayAttr[item.constraint], lambda v: ArrayAttr([item.to_xdsl(x) for x in v]),
                  lambda a: tuple(item.from_xdsl(x) for x in a.data))


def _dense_ints_of(attribute) -> K.DenseInts:
    """The DenseInts of xDSL's dense integer elements attribute (a splat spread to every element)."""
    if not isinstance(attribute.get_element_type(), IntegerType):
        raise RuleError(f"expects a tensor of integers, got one of {attribute.get_element_type()}")
    shape = tuple(attribute.get_shape())
    values = tuple(int(v) for v in attribute.get_values())
    count = 1
    for d in shape:
        count *= d
    if len(values) == 1 and shape and count != 1:  # a splat
        values = values * count
    return K.DenseInts(shape, values)


def _dense_ints_attribute(shape, values):
    return DenseIntOrFPElementsAttr.from_list(TensorType(i64, list(shape)), list(values))


@register_bridge(K.DenseIntsKind)
def _dense_ints(kind) -> Bridge:
    return Bridge(DenseIntOrFPElementsAttr, lambda v: _dense_ints_attribute(v.shape, v.values), _dense_ints_of)


@register_bridge(K.ReplicaGroupsKind)
def _replica_groups(kind) -> Bridge:
    """A dense tensor of ids as xDSL's dense elements; groups over mesh axes as their text."""
    def to_xdsl(v):
        if isinstance(v, K.MeshAxesGroups):
            return ReplicaGroupMeshAxesAttr(StringAttr(kind.generic(v)))
        return _dense_ints_attribute(v.shape, v.values)

    def from_xdsl(a):
        if isinstance(a, ReplicaGroupMeshAxesAttr):
            return read_text(kind, a.text.data)
        return _dense_ints_of(a)

    return Bridge(base(DenseIntOrFPElementsAttr) | base(ReplicaGroupMeshAxesAttr), to_xdsl, from_xdsl)


@register_bridge(K.PairsKind)
def _pairs(kind) -> Bridge:
    def from_xdsl(a) -> tuple[tuple[int, int], ...]:
        shape = tuple(a.get_shape())
        if len(shape) != 2 or shape[1] != 2:
            raise RuleError(f"expects the shape of padding-attribute to be {{N, 2}}, but got "
                            f"{{{', '.join(map(str, shape))}}}")
        flat = _dense_ints_of(a).values
        return tuple(zip(flat[0::2], flat[1::2]))

    return Bridge(DenseIntOrFPElementsAttr,
                  lambda v: _dense_ints_attribute((len(v), 2), [x for p in v for x in p]), from_xdsl)


@register_bridge(K.StructKind)
def _struct(kind: K.StructKind) -> Bridge:
    """The dialect's attribute of the kind's name, made `of(*fields)` and read by `values()`."""
    attribute = next(a for a in ATTRIBUTES if a.name == kind.mlir)
    value_type = kind.value_type
    return Bridge(attribute, lambda v: attribute.of(*v), lambda a: value_type(*a.values()))


@register_bridge(K.ConvDimensionsKind)
def _conv_dimensions(kind) -> Bridge:
    return Bridge(ConvDimensionNumbersAttr, ConvDimensionNumbersAttr.of, lambda a: K.ConvDimensions(*a.layouts))


@register_bridge(K.DenseLiteralKind)
def _dense_literal(kind) -> Bridge:
    from .literals import constant_literals

    return Bridge(base(SplatAttr) | base(DenseLiteralsAttr) | base(DenseIntOrFPElementsAttr), None, constant_literals)


def _type_of_text(text: str):
    return parse_type_text(text)


@register_bridge(K.ElementTypeKind)
def _element_type(kind) -> Bridge:
    return Bridge(TypeAttribute, _type_of_text, lambda a: kind.coerce(element_text(a)))


@register_bridge(K.DotAlgorithmKind)
def _dot_algorithm(kind) -> Bridge:
    """xDSL holds the precision types as types and the rest as IntAttrs."""
    def from_xdsl(a) -> K.DotAlgorithm:
        fields = []
        for name, p in zip(K.DotAlgorithm._fields, a.parameters):
            if isinstance(p, IntAttr):
                fields.append(bool(p.data) if name == "allow_imprecise_accumulation" else p.data)
            else:
                fields.append(K.ELEMENT_TYPE.coerce(element_text(p)))
        return K.DotAlgorithm(*fields)

    return Bridge(DotAlgorithmAttr, lambda v: DotAlgorithmAttr(
        *[_type_of_text(x) if isinstance(x, str) else IntAttr(int(x)) for x in v]), from_xdsl)


@register_bridge(K.ChannelHandleKind)
def _channel_handle(kind) -> Bridge:
    return Bridge(ChannelHandleAttr, lambda v: ChannelHandleAttr(IntAttr(v.handle), IntAttr(v.type)),
                  lambda a: K.ChannelHandle(a.handle.data, a.type.data))


@register_bridge(K.SymbolKind)
def _symbol(kind) -> Bridge:
    return Bridge(SymbolRefAttr, SymbolRefAttr, lambda a: a.root_reference.data)


@register_bridge(K.AttributeTextKind)
def _attribute_text(kind) -> Bridge:
    from .kinds import attribute_text_value

    return Bridge(Attribute, lambda v: AttributeTextAttr(StringAttr(v)), attribute_text_value)



# -- Shardy's kinds (vitir/ast/sharding.py) ---------------------------------------------------------

@register_bridge(S.ShardyKind)
def _shardy(kind: S.ShardyKind) -> Bridge:
    """A dialect attribute of Shardy's name holding the generic text, which the kind reads back."""
    from .kinds import attribute_text_value

    attribute = shardy_attribute(kind.prefix, kind.suffix)

    def from_xdsl(a) -> object:
        return read_text(kind, a.text.data if isinstance(a, ShardyTextAttr) else attribute_text_value(a))

    return Bridge(Attribute, lambda v: attribute(StringAttr(kind.generic(v))), from_xdsl, (attribute,))


@register_bridge(S.ShardyEnumKind)
def _shardy_enum(kind: S.ShardyEnumKind) -> Bridge:
    return Bridge(IntegerAttr, lambda v: IntegerAttr(kind.words.index(v), i32), lambda a: kind.words[a.value.data])


@register_bridge(S.SymbolNameKind)
def _symbol_name(kind) -> Bridge:
    return Bridge(StringAttr, StringAttr, lambda a: a.data)
