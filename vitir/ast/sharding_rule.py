"""Shardy's OpShardingRule (`sdy.sharding_rule` on an op): how the op's dimensions map to factors, and
which factors need a reduction, full replication or a permute, or block propagation.

    #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>
    #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=4}, custom>

A factor is a letter from `i` to `z`, then `z_1`, `z_2`, ...; a dimension's factors are written one
after another (`ij`). The text, its parse errors and its checks are Shardy's (attrs.td, parsers.cc,
verifiers.cc's verifyOpShardingRuleAttr); the checks need only the op's types, no mesh.
"""

from __future__ import annotations


from ..records import NamedTuple
from .shape_rules import RuleError
from .sharding import AxisRef, ShardyKind, axis_ref_text, read_axis_ref
from .types import TensorType

_START_AT_Z = ord("z") - ord("i")  # 17: factors past `z` are z_1, z_2, ...
FACTOR_TYPES = ("reduction", "need_replication", "permutation", "blocked_propagation")


class OpShardingRule(NamedTuple):
    """Each tensor's mapping is one tuple of factor indices per dimension."""

    factor_sizes: tuple[int, ...]
    operand_mappings: tuple[tuple[tuple[int, ...], ...], ...]
    result_mappings: tuple[tuple[tuple[int, ...], ...], ...]
    reduction: tuple[int, ...] = ()
    need_replication: tuple[int, ...] = ()
    permutation: tuple[int, ...] = ()
    blocked_propagation: tuple[int, ...] = ()
    is_custom: bool = False


def factor_symbol(index: int) -> str:
    return chr(ord("i") + index) if index <= _START_AT_Z else f"z_{index - _START_AT_Z}"


# -- text -------------------------------------------------------------------------------------------

def _mappings_text(mappings) -> str:
    return ", ".join("[" + ", ".join("".join(map(factor_symbol, dim)) for dim in m) + "]" for m in mappings)


def rule_text(rule: OpShardingRule) -> str:
    """The text between `#sdy.op_sharding_rule<` and `>`."""
    text = f"({_mappings_text(rule.operand_mappings)})->({_mappings_text(rule.result_mappings)})"
    if rule.factor_sizes:
        text += " {" + ", ".join(f"{factor_symbol(i)}={size}" for i, size in enumerate(rule.factor_sizes)) + "}"
    for name in FACTOR_TYPES:
        factors = getattr(rule, name)
        if factors:
            text += f" {name}={{" + ", ".join(map(factor_symbol, factors)) + "}"
    return text + (", custom" if rule.is_custom else "")


# -- reading, through a TextParser (vitir/syntax/parsing.py), with Shardy's parser's messages -------------

def _symbols(p, word: str) -> list[int]:
    """The factor indices of `ij` or `z_1z_2` (Shardy's parseFactorSymbolIndex, symbol by symbol)."""
    out = []
    while word:
        if not word.startswith("z_"):
            if not "i" <= word[0] <= "z":
                p.error(f"expecting symbol from 'i' to 'z'. Received: '{word[0]}'")
            out.append(ord(word[0]) - ord("i"))
            word = word[1:]
            continue
        end = 2
        while end < len(word) and word[end].isdigit():
            end += 1
        if end == 2:
            p.error(f"expecting integer after 'z_'. Received: '{word}'")
        number = word[2:end]
        if number[0] == "0":
            p.error(f"expecting positive integer without leading zeros. Received: '{number}'")
        if int(number) >= 1 << 63:
            p.error(f"expecting symbol index <=2^63-1. Received: '{number}'")
        out.append(int(number) + _START_AT_Z)
        word = word[end:]
    return out


def _dim(p) -> tuple[int, ...]:
    """One dimension's factors; none where the list has an empty entry (`[i,]`), which the check refuses."""
    if p.at(",") or p.at("]"):
        return ()
    return tuple(_symbols(p, p.identifier()))


def _tensor_mapping(p) -> tuple[tuple[int, ...], ...]:
    p.expect("[")
    if p.optional("]"):
        return ()
    dims = [_dim(p)]
    while p.optional(","):
        dims.append(_dim(p))
    p.expect("]")
    return tuple(dims)


def _mappings(p) -> tuple:
    p.expect("(")
    if p.optional(")"):
        return ()
    out = [_tensor_mapping(p)]
    while p.optional(","):
        out.append(_tensor_mapping(p))
    p.expect(")")
    return tuple(out)


def _factor_sizes(p) -> tuple[int, ...]:
    if not p.optional("{"):
        return ()
    sizes: list[int] = []
    if p.optional("}"):
        return ()
    while True:
        word = p.identifier()
        symbols = _symbols(p, word[:1] if not word.startswith("z_") else word)
        index = symbols[0]
        if index != len(sizes):
            p.error(f"expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {{i=#, j=#, ...}}). "
                    f"Expecting factor index symbol '{factor_symbol(len(sizes))}', received: "
                    f"'{factor_symbol(index)}'")
        if len(_symbols(p, word)) != 1:
            p.error(f"expecting single factor symbol: {word[len(factor_symbol(index)):]}")
        p.expect("=")
        sizes.append(p.int())
        if p.optional("}"):
            return tuple(sizes)
        p.expect(",")


def _factors(p) -> tuple[int, ...]:
    p.expect("=")
    p.expect("{")
    out: list[int] = []
    if p.optional("}"):
        return ()
    while True:
        out += _symbols(p, p.identifier())
        if p.optional("}"):
            return tuple(out)
        p.expect(",")


def read_rule(p) -> OpShardingRule:
    """The text between `<` and `>` (the caller reads those)."""
    operands = _mappings(p)
    p.expect("->")
    results = _mappings(p)
    sizes = _factor_sizes(p)
    typed = {}
    for name in FACTOR_TYPES:
        if p.optional(name):
            typed[name] = _factors(p)
    custom = False
    if p.optional(","):
        p.expect("custom")
        custom = True
    return OpShardingRule(sizes, operands, results, is_custom=custom, **typed)


def _coerce(value) -> OpShardingRule:
    if not isinstance(value, OpShardingRule):
        raise RuleError(f"expected an OpShardingRule, got {value!r}")
    return value


SHARDING_RULE = ShardyKind("sdy_op_sharding_rule", "Shardy's sharding rule of an op", ("#sdy.op_sharding_rule<", ">"),
                           _coerce, rule_text, read_rule)


# -- Shardy's verifyOpShardingRuleAttr ------------------------------------------------------------------

def _value_error(what: str, count: int, index: int, message: str) -> RuleError:
    return RuleError(f"{what} - {message}" if count == 1 else f"{what} {index} - {message}")


def _check_mappings(types, mappings, sizes, seen: set, what: str) -> None:
    if len(types) != len(mappings):
        raise RuleError(f"number of {what}s and mappings must match: {len(types)} != {len(mappings)}")
    if not mappings:
        raise RuleError(f"number of {what}s mappings cannot be 0. Op sharding rules can only be defined on "
                        f"operations with at least one operand and result.")
    for index, (t, mapping) in enumerate(zip(types, mappings)):
        def fail(message):
            raise _value_error(what, len(types), index, message)
        if not (isinstance(t, TensorType) and t.is_static):
            fail(f"expected a ranked tensor with a static shape. type: {t}")
        if len(mapping) != t.rank:
            fail(f"mapping rank must match: {len(mapping)} != {t.rank}")
        own: set = set()
        for dim in mapping:
            if not dim:
                fail("dim mapping must have at least one factor")
            for factor in dim:
                if not 0 <= factor < len(sizes):
                    fail(f"expecting factor indices to be within 0<=...<num_factors; received: {factor}, "
                         f"num_factors: {len(sizes)}")
                if factor in own:
                    fail("cannot reuse factors for the same tensor value")
                if sizes[factor] == 1 and len(dim) > 1:
                    fail("dim mapping can't have a factor of size 1 if there are multiple factors")
                own.add(factor)
                seen.add(factor)


def _sorted_unique_in_bound(count: int, indices) -> None:
    if not indices:
        return
    if list(indices) != sorted(indices):
        raise RuleError("indices of special factors must be sorted")
    if len(set(indices)) != len(indices):
        raise RuleError("indices of special factors must be unique")
    if indices[0] < 0:
        raise RuleError("index must be non-negative")
    if indices[-1] >= count:
        raise RuleError(f"index must be less than {count}, got: {indices[-1]}")


def check_sharding_rule(rule: OpShardingRule, operand_types, result_types) -> None:
    """Shardy's checks of an op's sharding rule against its operand and result types."""
    sizes = rule.factor_sizes
    in_operands: set = set()
    in_results: set = set()
    _check_mappings(operand_types, rule.operand_mappings, sizes, in_operands, "operand")
    _check_mappings(result_types, rule.result_mappings, sizes, in_results, "result")
    for i, size in enumerate(sizes):
        if i not in in_operands | in_results:
            raise RuleError(f"has factor {factor_symbol(i)}={size} that isn't used in operand and result mappings")
    special = (rule.reduction, rule.need_replication, rule.permutation)
    for indices in special:
        _sorted_unique_in_bound(len(sizes), indices)
    if len(set().union(*special)) != sum(map(len, special)):
        raise RuleError("a factor can only be in one of the reduction, need replication, or permutation factor sets")
    _sorted_unique_in_bound(len(sizes), rule.blocked_propagation)
    if any(f in in_results for f in rule.reduction):
        raise RuleError("reduction factor cannot be in result mappings")


# -- propagation edges (`sdy.propagation_edges` on an op, Shardy's PropagationEdgesAttr) -------------------

class EdgeValue(NamedTuple):
    """`operand-1`, `result-0`: one of the op's values."""

    kind: str  # "operand" or "result"
    index: int


class AxisPropagation(NamedTuple):
    """`{"x" = operand-1 -> [operand-0, result-0]}`: the axis went from `source` to each target."""

    axis: AxisRef
    source: EdgeValue
    targets: tuple[EdgeValue, ...]


class PropagationStep(NamedTuple):
    """`{step-2 = [...]}`: what one step of propagation did."""

    step: int
    entries: tuple[AxisPropagation, ...]


def _minus_int(p) -> int:
    """Shardy's custom<Minus>: `-` then an integer (`step-2`, `step--3`), which both readers see as
    `-2`, or `-` and `-3`."""
    if p.optional("-"):
        return p.int()
    value = p.int()
    if value > 0:
        p.error("expected '-'")
    return -value


def _edge_value(p) -> EdgeValue:
    kind = p.word(("operand", "result"))
    return EdgeValue(kind, _minus_int(p))


def _axis_propagation(p) -> AxisPropagation:
    p.expect("{")
    axis = read_axis_ref(p)
    p.expect("=")
    source = _edge_value(p)
    p.expect("->")
    targets = p.bracketed(lambda: _edge_value(p))
    p.expect("}")
    return AxisPropagation(axis, source, targets)


def _step(p) -> PropagationStep:
    p.expect("{")
    p.expect("step")
    step = _minus_int(p)
    p.expect("=")
    entries = p.bracketed(lambda: _axis_propagation(p))
    p.expect("}")
    return PropagationStep(step, entries)


def _edge_text(v: EdgeValue) -> str:
    return f"{v.kind}-{v.index}"


def edges_text(steps) -> str:
    return "[" + ", ".join(
        f"{{step-{s.step} = [" + ", ".join(
            f"{{{axis_ref_text(e.axis)} = {_edge_text(e.source)} -> [{', '.join(map(_edge_text, e.targets))}]}}"
            for e in s.entries) + "]}" for s in steps) + "]"


def check_edges(steps) -> tuple[PropagationStep, ...]:
    """Shardy's PropagationEdgesAttr::verify: steps of distinct non-negative indices, no target twice
    and none the source."""
    if not isinstance(steps, (tuple, list)) or not all(isinstance(s, PropagationStep) for s in steps):
        raise RuleError(f"expected a list of PropagationStep, got {steps!r}")
    seen: set = set()
    for s in steps:
        if s.step < 0:
            raise RuleError(f"propagation edges have negative step index: {s.step}")
        if s.step in seen:
            raise RuleError(f"propagation edges have duplicate step index: {s.step}")
        seen.add(s.step)
        for entry in s.entries:
            targets: set = set()
            for target in entry.targets:
                if target == entry.source:
                    raise RuleError("propagation edges have a source that is the same as a target")
                if target in targets:
                    raise RuleError(f"propagation edges have duplicate targets for step index: {s.step} and axis: "
                                    f"{entry.axis.name}")
                targets.add(target)
    return tuple(steps)


def _read_edges(p):
    return check_edges(p.bracketed(lambda: _step(p)))


PROPAGATION_EDGES = ShardyKind("sdy_propagation_edges", "what Shardy's propagation did at an op",
                               ("#sdy.propagation_edges<", ">"), check_edges, edges_text, _read_edges)
# `sdy.result_propagation_edges` and `sdy.block_arg_propagation_edges`: one per value
EDGES_PER_VALUE = ShardyKind(
    "sdy_propagation_edges_per_value", "propagation edges of each value", ("[", "]"),
    lambda v: tuple(map(check_edges, v)), lambda v: ", ".join(PROPAGATION_EDGES.generic(e) for e in v),
    lambda p: tuple(_edges_items(p)))


def _edges_items(p):
    if p.at("]"):
        return
    yield PROPAGATION_EDGES.read_generic(p)
    while p.optional(","):
        yield PROPAGATION_EDGES.read_generic(p)


def check_edges_at(steps, operand_count: int, result_count: int, shardings, mesh_of, check_ranges: bool = True) -> None:
    """Shardy's verifyPropagationEdgesShardingAttr: the edges name values with a sharding (`shardings`:
    the sharding of each value an edge names, None where it has none) on one mesh (`mesh_of`: a
    sharding's Mesh), whose axes they name, and values of the op (not func_data_flow_edge's)."""
    found = [s for s in shardings if s is not None]
    if not found:
        raise RuleError("expected propagation edges attr to reference a sharding.")
    meshes = {mesh_of(s) for s in found}
    if len(meshes) != 1 or None in meshes:
        raise RuleError("expected a common mesh for propagation edges attr.")
    mesh = meshes.pop()
    for s in steps:
        for entry in s.entries:
            if mesh.size_of(entry.axis.name) is None:
                raise RuleError("expected axis ref to be in one of the meshes")
            if not check_ranges:
                continue
            for value in (entry.source, *entry.targets):
                count = operand_count if value.kind == "operand" else result_count
                if not 0 <= value.index < count:
                    what = "an operand" if value.kind == "operand" else "a result"
                    raise RuleError(f"expected a value ref to have {what} index in range [0, {count}), got: "
                                    f"{value.index}")
