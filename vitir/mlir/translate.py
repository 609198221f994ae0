"""An xDSL op of the dialect as the fields of its AST declaration.

One translation serves three uses: the importer builds the AST node from the
fields (its rule checks them), the dialect's verifier runs the same rule on
them, and the printer prints an unchecked copy of the node with vitir's
printer, so the text an xDSL module prints is the text its AST prints.
"""

from __future__ import annotations

from typing import Callable
from weakref import WeakKeyDictionary

from xdsl.ir import Operation, SSAValue

from ..ast.attributes import DENSE_LITERAL
from ..ast.declare import REQUIRED, Op
from ..ast.regions import BinaryRegion, Region, compact_reducer
from ..ast.shape_rules import RuleError
from ..ast.types import TensorType
from ..ast.values import Value
from .dialect import PARTS, accessor
from .bridges import bridge
from .kinds import Unsupported, vitir_type
from .literals import constant_literals

# The textual variant each parsed op was written in, when it is not vitir's (printing keeps it).
SPELLINGS: WeakKeyDictionary = WeakKeyDictionary()


def declaration(op: Operation) -> type[Op] | None:
    return getattr(type(op), "DECLARATION", None)


def attribute_values(op: Operation, raw: bool = False, cls=None) -> dict:
    """The op's attributes by AST name, as the AST holds them (absent optional ones as None)."""
    cls = cls or declaration(op)
    values = {}
    properties, attributes = op.properties, op.attributes
    for field in cls.ATTR_FIELDS:
        attr = properties.get(field.mlir_name)
        if attr is None and attributes:
            attr = attributes.get(field.mlir_name)
        if attr is None:
            values[field.name] = None if field.default is REQUIRED else field.default
        elif field.kind is DENSE_LITERAL:
            if not raw:  # a check of the verifier's; the printer prints what it is given
                _check_value_type(op, attr)
            values[field.name] = constant_literals(attr, _result_dtype(op, raw), raw=raw)
        else:
            values[field.name] = bridge(field.kind).from_xdsl(attr)
    return values


def discardable(op: Operation, cls: type[Op]) -> tuple:
    """The attributes of the op its declaration does not name, as (name, text) pairs (() for none)."""
    from xdsl.dialects.builtin import UnitAttr

    from .kinds import attribute_text_value

    declared = {f.mlir_name for f in cls.ATTR_FIELDS}
    pairs = tuple(sorted((name, None if isinstance(attr, UnitAttr) else attribute_text_value(attr))
                         for name, attr in op.attributes.items() if name not in declared))
    return pairs


def _result_dtype(op: Operation, raw: bool = False):
    """The element type of the op's (a constant's) result; None for the printer where the AST holds none
    (a dynamic shape: the literals are printed as written)."""
    try:
        dtype = vitir_type(op.results[0].type).dtype
    except Unsupported:
        if raw:
            return None
        raise
    return dtype.storage if dtype.is_quantized else dtype


def _check_value_type(op: Operation, attr) -> None:
    """A constant's value is of its result type (of the storage type for a quantized result), as
    MLIR's ConstantOp infers and compares them."""
    value_type = getattr(attr, "type", None)
    if value_type is None:
        return
    result = vitir_type(op.results[0].type)
    want = TensorType(result.shape, result.dtype.storage) if result.dtype.is_quantized else result
    got = vitir_type(value_type)
    if got is not want:
        raise RuleError(f"the value's type {got} differs from the result type {result}"
                        + (f" (a quantized constant holds {want})" if want is not result else ""))


_SEGMENTS: dict = {}  # declaration -> how its flat operands split into its fields


def _segments(cls) -> tuple | None:
    """(variadic field index, fields before it, fields after it) when at most one operand field is
    variadic, so the flat operands split without xDSL's accessors; None for several."""
    hit = _SEGMENTS.get(cls, False)
    if hit is False:
        fields = cls.OPERAND_FIELDS
        variadic = [i for i, f in enumerate(fields) if f.variadic]
        hit = None if len(variadic) > 1 else (variadic[0] if variadic else -1, len(fields))
        _SEGMENTS[cls] = hit
    return hit


def operand_groups(op: Operation, cls=None) -> list:
    """The op's operands, one entry per operand field: an SSAValue, or a sequence of them."""
    cls = cls or declaration(op)
    plan = _segments(cls)
    if plan is None:
        return [getattr(op, accessor(f.name)) for f in cls.OPERAND_FIELDS]
    variadic, count = plan
    flat = op.operands
    if variadic < 0:
        return list(flat)
    after = count - variadic - 1
    end = len(flat) - after
    return [*flat[:variadic], tuple(flat[variadic:end]), *flat[end:]]


def region_groups(op: Operation, cls=None) -> list:
    cls = cls or declaration(op)
    return [getattr(op, accessor(f.name)) for f in cls.REGION_FIELDS]


def fields(op: Operation, value: Callable[[SSAValue], Value], region: Callable, raw: bool = False,
           result_type: Callable = vitir_type) -> dict:
    """Every constructor field of the op's declaration: operands through `value`, regions through
    `region` (None for a reduce's body that is one commutative op: a BinaryRegion), attributes
    converted, the result type(s) as annotated (through `result_type`: the printer keeps a type
    vitir's AST cannot hold as its text)."""
    cls = declaration(op)
    out = {}
    for f, group in zip(cls.OPERAND_FIELDS, operand_groups(op, cls)):
        out[f.name] = tuple([value(v) for v in group]) if f.variadic else value(group)
    if cls.ATTR_FIELDS:
        out.update(attribute_values(op, raw, cls))
    if op.attributes:
        others = discardable(op, cls)
        if others:
            out["discardable"] = others
    for f, group in zip(cls.REGION_FIELDS, region_groups(op, cls)):
        if f.variadic:
            out[f.name] = tuple(region(r, False) for r in group)
        else:
            out[f.name] = region(group, getattr(f, "compact", False) and _compact_element(op))
    given = cls.RESULT_TYPE_FIELD
    if given is not None:
        types = [result_type(r.type) for r in op.results]
        out[given.name] = tuple(types) if given.several else types[0]
    return out


def _compact_element(op: Operation):
    """The type a compact body's arguments have: rank 0 of the first operand's element type (MLIR
    writes reduce's `applies stablehlo.add` only for a body of the inputs' type); True if none."""
    cls = declaration(op)
    first = operand_groups(op)[0] if cls.OPERAND_FIELDS else None
    if first is not None and cls.OPERAND_FIELDS[0].variadic:
        first = first[0] if len(first) else None
    if first is None:
        return True
    try:
        operand = vitir_type(first.type)
        return operand.with_shape(()) if hasattr(operand, "with_shape") else True  # a token has no scalar
    except Unsupported:
        return True


def compact_region(region, element: TensorType | None = None) -> BinaryRegion | None:
    """The BinaryRegion an xDSL region stands for when it is one commutative op of its two
    arguments whose result it returns (reduce's `applies stablehlo.add`), of the type `element`
    when given, else None."""
    if len(region.blocks) != 1:
        return None
    block = region.blocks[0]
    ops = list(block.ops)
    if len(block.args) != 2 or len(ops) != 2:
        return None
    inner, ret = ops
    cls = declaration(inner)
    if (cls is None or not compact_reducer(cls) or tuple(inner.operands) != tuple(block.args)
            or ret.name != "stablehlo.return" or tuple(ret.operands) != (inner.results[0],)):
        return None
    expected = element if isinstance(element, TensorType) else None
    element = vitir_type(block.args[0].type)
    if any(vitir_type(v.type) is not element for v in (*block.args, inner.results[0])):
        return None
    if not isinstance(element, TensorType) or element.rank != 0:
        return None
    if expected is not None and element is not expected:
        return None
    return BinaryRegion(cls, element)


def region_signature(region) -> tuple[tuple, tuple]:
    """(argument types, returned types) of an xDSL region, as a rule reads a region."""
    if len(region.blocks) != 1:
        raise Unsupported("regions of several blocks are not supported by vitir")
    block = region.blocks[0]
    last = block.last_op
    if last is None or last.name not in ("stablehlo.return", "sdy.return"):
        raise Unsupported("a region must end in stablehlo.return")
    return tuple(vitir_type(a.type) for a in block.args), tuple(vitir_type(v.type) for v in last.operands)


class _Signature:
    """A stand-in region for a rule: only its signature is read."""

    __slots__ = ("signature",)

    def __init__(self, signature):
        self.signature = signature


def rule_key(op: Operation) -> tuple:
    """The arguments of the declaration's rule for this op: operand types, attribute values,
    region signatures, the annotated result type(s), in declaration order."""
    cls = declaration(op)
    values = fields(op, lambda v: vitir_type(v.type),
                    lambda r, compact: (compact and compact_region(r, compact)) or _Signature(region_signature(r)))
    key = []
    for f in cls.FIELDS:
        if f.role == "result":
            continue
        v = values[f.name]
        if f.role == "attribute" and v is not None:
            v = f.kind.coerce(v)
        elif f.role == "region":
            v = tuple(r.signature for r in v) if f.variadic else v.signature
        key.append(v)
    return tuple(key)


def unchecked(cls: type[Op], name, values: dict, results: list[Value], spelling=None) -> Op:
    """An AST node of `cls` with these fields and results, its rule not run: what the printer
    prints for an xDSL op (which the dialect's verifier checks on its own)."""
    node = cls.__new__(cls)
    operands = []
    for f in cls.FIELDS:
        if f.role == "result":
            continue
        v = values.get(f.name)
        if f.role == "operand":
            operands.extend(v if f.variadic else (v,))
        setattr(node, f.name, v)
    node.operands, node.results, node.path, node.spelling = tuple(operands), tuple(results), "", spelling
    node.discardable = values.get("discardable", ())
    node._location = values.get("location")
    return node


def as_region(args, ops, results) -> Region:
    return Region(args, ops, results)


PARTS["rule_key"], PARTS["operand_groups"] = rule_key, operand_groups  # what the dialect's verifier keys its rule by
