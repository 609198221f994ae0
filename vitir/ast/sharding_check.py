"""The rules of Shardy's ops that need the module's meshes: a sharding names its mesh by symbol
(`<@mesh, ...>`), so the axes it names, their sub-axes and a manual_computation's local shapes are
checked when the module is made (the builder's `module(...)`, and both importers), each op's
error naming it as its own rule would (vitir/ast/sharding.py has the messages, Shardy's)."""

from __future__ import annotations

from .declare import _fail
from .sharding import (SHARDING, SHARDING_PER_VALUE, Mesh, TensorSharding, check_collective, check_sharding,
                       local_shape)
from .attributes import string_text
from .shape_rules import RuleError
from .types import TensorType
from .uses import blocks_of, walk

# What `known` says of a value whose sharding is there but not read here (a function argument's or an
# op's `sdy.sharding`, a manual computation's local value): a collective on it is not checked against it.
PRESENT = "present"


def meshes(ops) -> dict[str, Mesh]:
    """The meshes of a module's ops, by symbol name."""
    found: dict[str, Mesh] = {}
    for op in ops:
        if op.NAME == "sdy.mesh":
            if op.sym_name in found:
                _fail(op, (), f"redefinition of symbol named '{op.sym_name}'")
            found[op.sym_name] = op.mesh
    return found


def check_module(module) -> None:
    """Every Shardy op of every function, at any depth, against the module's meshes."""
    table = meshes(module.symbols)
    for fn in module.functions:
        ops = list(walk(fn.ops))
        if not any(op.NAME.startswith("sdy.") for op in ops):
            continue  # nothing to check, and no value's sharding to follow
        known: dict = {arg: PRESENT if any(key == "sdy.sharding" for key, _ in attributes) else None
                       for arg, attributes in zip(fn.args, fn.arg_attributes or [()] * len(fn.args))}
        _check_block(fn.ops, table, known, frozenset())


def _check_block(ops, table: dict, known: dict, bound: frozenset) -> None:
    """The ops of a block, and of their regions, `bound` the manual axes of the manual computations
    around them."""
    for op in ops:
        _region_args(op, known)
        check_node(op, table, known, bound)
        if not type(op).SIMPLE:
            inner = bound | frozenset(op.manual_axes) if op.NAME == "sdy.manual_computation" else bound
            for region in blocks_of(op):
                _check_block(region.ops, table, known, inner)


def _region_args(op, known: dict) -> None:
    """The shardings of the arguments of a Shardy region op's body (Shardy's edge owners): a named
    computation's in_shardings, a manual computation's local values; other ops' block arguments
    stay unknown."""
    if op.NAME == "sdy.named_computation":
        shardings = op.in_shardings or (None,) * len(op.body.args)
        known.update(zip(op.body.args, shardings))
    elif op.NAME == "sdy.manual_computation":
        known.update((arg, PRESENT) for arg in op.body.args)


def check_node(op, table: dict, known: dict, bound: frozenset = frozenset()) -> None:
    """One op, if it is Shardy's, against the meshes of `table`, the shardings `known` of the
    values before it (which it adds its results' to) and the axes `bound` manual by the manual
    computations around it: a refusal is the op's ShapeError."""
    if not op.NAME.startswith("sdy."):
        if known is not None:
            mark = PRESENT if any(key == "sdy.sharding" for key, _ in op.discardable) else None
            known.update((result, mark) for result in op.results)
        return
    try:
        if bound:
            _check_bound(op, bound)
        check_op(op, table, known)
    except RuleError as e:
        names = [r.name for r in op.results]
        _fail(op, names[0] if len(names) == 1 else tuple(names), str(e))


def _check_bound(op, bound: frozenset) -> None:
    """Shardy's: inside a manual computation, no op is manual on, or shards along, its manual axes."""
    axes = list(getattr(op, "manual_axes", ()))
    for field in type(op).ATTR_FIELDS:
        value = getattr(op, field.name)
        shardings = (value,) if field.kind is SHARDING else value if field.kind is SHARDING_PER_VALUE else ()
        for sharding in shardings or ():
            refs = [r for d in sharding.dims for r in d.axes] + list(sharding.replicated) + list(sharding.unreduced)
            axes += [r.name for r in refs]
    for name in axes:
        if name in bound:
            raise RuleError(f"operates on axis {string_text(name)} which is already bound by a parent "
                            f"sdy.manual_computation op")


def _mesh(sharding: TensorSharding, table: dict) -> Mesh | None:
    return sharding.mesh if isinstance(sharding.mesh, Mesh) else table.get(sharding.mesh)


def _shape(t):
    return t.shape if isinstance(t, TensorType) else None


def _per_value(what: str, shardings, types, table: dict) -> None:
    for i, (s, t) in enumerate(zip(shardings or (), types)):
        try:
            check_sharding(s, _mesh(s, table), _shape(t))
        except RuleError as e:
            raise RuleError(f"{what} {'-' if len(types) == 1 else f'{i} -'} {e}") from None


def check_op(op, table: dict, known: dict | None = None) -> None:
    """One op's shardings against the meshes of `table`, and a collective's against its operand's
    sharding where `known` (value -> sharding, None for none, PRESENT) holds it."""
    if op.NAME in ("sdy.manual_computation", "sdy.named_computation"):
        _region_op(op, table)
        if known is not None:
            known.update(zip(op.results, op.out_shardings or (None,) * len(op.results)))
        return
    for field in type(op).ATTR_FIELDS:
        value = getattr(op, field.name)
        if field.kind is SHARDING and value is not None:
            mesh = _mesh(value, table)
            check_sharding(value, mesh, _shape(op.results[0].type) if op.results else None)
            if known is not None and op.results:
                if field.name == "out_sharding":  # a collective
                    operand = known.get(op.operands[0], PRESENT)
                    if operand is not PRESENT:
                        check_collective(op.NAME, operand, operand and _mesh(operand, table), getattr(op, "axes", ()),
                                         value, mesh)
                known[op.results[0]] = value
        elif field.kind is SHARDING_PER_VALUE and value is not None:
            _per_value("result", value, [v.type for v in op.results], table)
    if known is not None:
        for result in op.results:
            known.setdefault(result, None)


def _region_op(op, table: dict) -> None:
    args, returned = op.body.args, op.body.results
    _per_value("operand", op.in_shardings, [v.type for v in op.operands], table)
    _per_value("result", op.out_shardings, [v.type for v in op.results], table)
    if op.NAME != "sdy.manual_computation":
        return
    used = {_mesh(sharding, table) for sharding in (*op.in_shardings, *op.out_shardings)}
    if len(used) > 1 and op.manual_axes:
        raise RuleError("all in and out shardings must be bound to the same mesh or an empty mesh.")
    for axis in op.manual_axes:
        if used and next(iter(used)).size_of(axis) is None:
            raise RuleError(f"unknown manual axis: {string_text(axis)}")
    for what, shardings, globals_, locals_ in (("operand", op.in_shardings, op.operands, args),
                                               ("result", op.out_shardings, op.results, returned)):
        for i, (s, g, local) in enumerate(zip(shardings, globals_, locals_)):
            if not isinstance(g.type, TensorType):
                continue
            expected = g.type.with_shape(local_shape(g.type.shape, s, _mesh(s, table), op.manual_axes, what, i))
            if local.type is not expected:
                raise RuleError(f"{what} shape, corresponding sharding, and region {what} shape at index {i} must "
                                f"match. Expected local shape '{expected.text}', actual local shape "
                                f"'{local.type.text}'")
