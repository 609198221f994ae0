"""Common-subexpression elimination: of two effect-free ops that compute the same thing, the
later goes and its uses read the earlier.

The same thing: the same op class, operands, attributes (other dialects' ones too: two ops
sharded apart stay apart), given result type, result types and regions (equal up to the names of their own values). The operands of a
commutative op count in a canonical order, so `add %a, %b` and `add %b, %a` merge (xDSL's
cse compares them in order). One walk in order: each block has a table of what its ops
computed, seen from the regions nested in it (an op inside a region reads the earlier op
outside); a region's table ends with the region. Ops with effects never merge, nor do
compound nodes (their internal names are their own).
"""

from __future__ import annotations

from ..ast.module import Function
from ..ast.ops.control import Case, If, While
from ..ast.regions import Region
from ..rewrite.effects import effect_free, is_commutative
from ..rewrite.index import UseIndex, blocks_of


def common_subexpression_elimination(fn: Function, index: UseIndex | None = None) -> int:
    """Merge the repeated effect-free ops of `fn` in place, at any depth; returns how many went."""
    index = index or UseIndex(fn)
    return _block(fn, index, [], {})


def _block(block, index: UseIndex, tables: list, numbers: dict) -> int:
    table: dict = {}
    scopes = [table, *tables]
    kept, removed = [], 0
    for a in block.args:  # a value's number: its place in the order of definition
        numbers[a] = len(numbers)
    for op in block.ops:
        for region in blocks_of(op):
            removed += _block(region, index, scopes if type(op) in _SEE_OUTSIDE else [], numbers)
        key = _key(op, numbers.__getitem__) if op.results and not type(op).COMPOUND and effect_free(op) else None
        if key is not None:
            earlier = next((s[key] for s in scopes if key in s), None)
            if earlier is not None:
                for old, new in zip(op.results, earlier.results):
                    index.replace_all_uses(old, new)
                index.forget(op)
                removed += 1
                continue
            table[key] = op
        for r in op.results:
            numbers[r] = len(numbers)
        kept.append(op)
    if removed:
        block.ops[:] = kept
    return removed


# Ops whose regions may read values from outside them (and so an earlier equal op outside).
_SEE_OUTSIDE = (While, If, Case)


def _key(op, ref):
    """What `op` computes, as a hashable: None when an attribute cannot be compared."""
    cls = type(op)
    operands = [ref(v) for v in op.operands]
    if len(operands) == 2 and is_commutative(cls):
        operands.sort(key=repr)
    attrs = []
    for field in cls.FIELDS:
        if field.role in ("attribute", "result_type"):
            attrs.append(getattr(op, field.name))
    regions = tuple(_region_key(r, ref) for r in op.regions()) if not cls.SIMPLE else ()
    key = (cls, tuple(operands), tuple(attrs), regions, tuple(r.type for r in op.results), op.discardable)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _region_key(region, outer):
    """A region up to the names of its own values: its arguments and ops by position."""
    if type(region) is not Region:
        return region  # a BinaryRegion: one instance per (op, element type)
    local: dict = {a: ("arg", k) for k, a in enumerate(region.args)}

    def ref(v):
        found = local.get(v)
        return found if found is not None else ("outer", outer(v))

    ops = []
    for j, op in enumerate(region.ops):
        key = _key(op, ref)
        ops.append(key if key is not None else ("unique", id(op)))
        for k, r in enumerate(op.results):
            local[r] = ("op", j, k)
    return (region.signature, tuple(ops), tuple(ref(v) for v in region.results))
