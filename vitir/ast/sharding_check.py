"""The rules of Shardy's ops that need the module's meshes: a sharding names its mesh by symbol
(`<@mesh, ...>`), so the axes it names, their sub-axes and a manual_computation's local shapes are
checked when the module is made (the builder's `module(...)`, and both importers), each op's
error naming it as its own rule would (vitir/ast/sharding.py has the messages, Shardy's)."""

from __future__ import annotations

import re
from operator import attrgetter

from .declare import _fail
from .sharding import (SHARDING, SHARDING_PER_VALUE, Mesh, TensorSharding, check_collective, check_sharding,
                       check_unreduced_transition,
                       local_shape)
from .attributes import string_text, symbol_text
from ..errors import ShapeError
from .shape_rules import RuleError
from .sharding_rule import (EDGES_PER_VALUE, PROPAGATION_EDGES, SHARDING_RULE, check_edges_at,
                            check_sharding_rule)
from .types import TensorType, TupleType
from .uses import blocks_of, captured, walk

# What `known` says of a value whose sharding is there but not read here (a function argument's or an
# op's `sdy.sharding` where no text reader is given, a manual computation's local value): a collective
# on it is not checked against it.
PRESENT = "present"
SHARDING_ATTRIBUTE = "sdy.sharding"  # on an argument or result: a sharding; on an op: one per result
SHARDING_RULE_ATTRIBUTE = "sdy.sharding_rule"
# What Shardy's verifier says of an attribute of another kind than its name takes.
_OTHER_KIND = {SHARDING: "should have a sharding attribute of type TensorShardingAttr",
               SHARDING_PER_VALUE: "should have a sharding attribute of type TensorShardingPerValueAttr",
               SHARDING_RULE: "should have a sharding rule attribute of type OpShardingRuleAttr for attr named "
                              "'sdy.sharding_rule'",
               PROPAGATION_EDGES: "should have a propagation edges attribute of type PropagationEdgesAttr for attr "
                                  "named 'sdy.propagation_edges'",
               EDGES_PER_VALUE: "should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr> "
                                "for attr named 'sdy.result_propagation_edges' or 'sdy.block_arg_propagation_edges'"}
EDGES_ATTRIBUTE = "sdy.propagation_edges"
EDGES_PER_VALUE_ATTRIBUTES = ("sdy.block_arg_propagation_edges", "sdy.result_propagation_edges")
_ABSENT = object()


def meshes(ops) -> dict[str, Mesh]:
    """The meshes of a module's ops, by symbol name."""
    found: dict[str, Mesh] = {}
    for op in ops:
        if op.NAME == "sdy.mesh":
            if op.sym_name in found:
                _fail(op, (), f"redefinition of symbol named '{op.sym_name}'")
            found[op.sym_name] = op.mesh
    return found


def check_module(module, read=None) -> None:
    """Every Shardy op of every function, at any depth, and every `sdy.sharding` of an argument,
    result or op, against the module's meshes. `read(kind, text)` reads an attribute's text into its
    value (ValueError when it does not read): the text readers give theirs; without one (the
    builder's module), the texts of other dialects' attributes are not read."""
    table = meshes(module.symbols)
    for fn in module.functions:
        shardings = function_shardings(fn, table, read)
        if not (any(s is not None for s in shardings) or _mentions_shardy(fn.ops)):
            continue  # nothing to check, and no value's sharding to follow
        _check_block(fn.ops, table, dict(zip(fn.args, shardings)), frozenset(), read)
        check_uses(fn)


def function_shardings(fn, table: dict, read=None) -> list:
    """The sharding of each argument of `fn` (None: none), after Shardy's checks of its arguments' and
    results' `sdy.sharding` (verifyFuncAttribute): a refusal is a ShapeError naming the function."""
    try:
        found = signature_shardings("arg", fn.arg_attributes, [a.type for a in fn.args], table, read)
        signature_shardings("result", fn.result_attributes, [v.type for v in fn.ret.operands], table, read)
    except RuleError as e:
        raise ShapeError(str(e), op="func.func", ssa=f"@{fn.name}") from None
    return found


def signature_shardings(what: str, attributes, types, table: dict, read=None) -> list:
    """The `sdy.sharding` of each argument (or result) of a function (None: none; PRESENT: not
    read), each checked against its type: a refusal names it as Shardy does (`arg 0 - ...`)."""
    if not any(attributes):  # none has attributes (JAX's arguments, most often): none has a sharding
        return [None] * len(types)
    out = []
    for i, t in enumerate(types):
        pairs = attributes[i] if i < len(attributes) else ()
        try:
            sharding = _read(SHARDING, _attribute(pairs), read)
            if sharding is not None and sharding is not PRESENT:
                check_value_sharding(sharding, _mesh(sharding, table), t)
        except RuleError as e:
            raise RuleError(f"{what} {i} - {e}") from None
        out.append(sharding)
    return out


def _attribute(pairs, name: str = SHARDING_ATTRIBUTE):
    for key, text in pairs or ():
        if key == name:
            return text
    return _ABSENT


def _mentions_shardy(ops) -> bool:
    """Whether an op of `ops`, at any depth, is one of Shardy's or carries one of its attributes:
    asked of every function read, so asked of the ops' classes (a handful) and, only where some op
    carries attributes of other dialects, of those ops."""
    classes = set(map(type, ops))
    if any(cls.NAME.startswith("sdy.") for cls in classes):
        return True
    if any(map(_DISCARDABLE, ops)) and any(op.discardable and _has_shardy_attribute(op) for op in ops):
        return True
    return not all(cls.SIMPLE for cls in classes) and any(
        _mentions_shardy(region.ops) for op in ops if not type(op).SIMPLE for region in blocks_of(op))


_DISCARDABLE = attrgetter("discardable")


def _has_shardy_attribute(op) -> bool:
    return any(key.startswith("sdy.") for key, _ in op.discardable)


def _read(kind, text, read):
    """The value of an attribute's `text` that must be of `kind` (None: absent; PRESENT: no reader)."""
    if text is _ABSENT:
        return None
    if read is None:
        return PRESENT
    written = re.match(r"#sdy\.(\w+)<", text or "")
    if kind.prefix.startswith("#sdy.") and (written is None or
                                            written.group(1) != kind.prefix[len("#sdy."):].rstrip("<")):
        raise RuleError(_OTHER_KIND[kind])
    try:
        return read(kind, text)
    except (ValueError, RuleError) as e:
        if kind is EDGES_PER_VALUE and not re.match(r"\[\s*#sdy\.propagation_edges<", text or ""):
            raise RuleError(_OTHER_KIND[kind]) from None  # not an array of propagation edges
        raise RuleError(f"{kind.prefix.rstrip('<')} does not parse: {e}") from None


def check_value_sharding(sharding: TensorSharding, mesh: Mesh | None, value_type) -> None:
    """Shardy's verifyTensorShardingAttr for a value of `value_type` (None: an op of no results):
    a tuple of one tensor stands for it, any other value that is not a tensor takes only a sharding
    of rank 0 with no replicated or unreduced axes."""
    if mesh is None:
        raise RuleError(f"unknown mesh: {symbol_text(sharding.mesh)}")
    if value_type is None and _fully_replicated(sharding):
        check_sharding(sharding, Mesh((), (0,)), None)  # what Shardy checks of a maximal one
        return
    if isinstance(value_type, TupleType) and not (not mesh.axes and mesh.device_ids):
        if len(value_type.types) != 1:
            raise RuleError(f"ops can only have a sharding for a tuple of size 1: {value_type}")
        value_type = value_type.types[0]
    if not isinstance(value_type, TensorType) and not (not mesh.axes and mesh.device_ids):
        if sharding.dims or sharding.replicated or sharding.unreduced:
            raise RuleError(f"non-shaped tensors can only have a sharding with rank 0 and no replicated or "
                            f"unreduced axes. type: {value_type}, sharding: {SHARDING.generic(sharding)}")
        return
    check_sharding(sharding, mesh, _shape(value_type))


def _fully_replicated(sharding: TensorSharding) -> bool:
    return not any(d.axes for d in sharding.dims) and not sharding.unreduced


def op_attributes(op, table: dict, known: dict | None, read=None):
    """Shardy's attributes of an op (verifyOperationAttribute): every one read first, as MLIR parses
    before it verifies, then checked in the order of their names: `sdy.propagation_edges`,
    `sdy.sharding`, `sdy.sharding_rule`. Returns the op's `sdy.sharding`, one per result (None: none,
    PRESENT: not read)."""
    pairs = op.discardable
    edges = _read(PROPAGATION_EDGES, _attribute(pairs, EDGES_ATTRIBUTE), read)
    for name in EDGES_PER_VALUE_ATTRIBUTES:
        _read(EDGES_PER_VALUE, _attribute(pairs, name), read)
    shardings = _read(SHARDING_PER_VALUE, _attribute(pairs), read)
    rule = _read(SHARDING_RULE, _attribute(pairs, SHARDING_RULE_ATTRIBUTE), read)
    if edges is not None and edges is not PRESENT:
        _check_edges(op, edges, shardings, table, known)
    if shardings is not None and shardings is not PRESENT:
        check_op_shardings(op, shardings, table)
    if rule is not None and rule is not PRESENT:
        check_sharding_rule(rule, [v.type for v in op.operands], [v.type for v in op.results])
    return shardings


def _check_edges(op, edges, shardings, table: dict, known: dict | None) -> None:
    """An op's propagation edges against the shardings of the values they name: its operands' (as
    `known`), its results' (its own `sdy.sharding`, or a Shardy op's sharding)."""
    own = shardings if shardings not in (None, PRESENT) else None
    if own is None and op.NAME.startswith("sdy.") and op.results:
        own = (getattr(op, "out_sharding", None) or getattr(op, "sharding", None),)
    named = []
    for step in edges:
        for entry in step.entries:
            for value in (entry.source, *entry.targets):
                if value.kind == "operand" and value.index < len(op.operands):
                    found = (known or {}).get(op.operands[value.index])
                elif value.kind == "result" and own is not None and value.index < len(own):
                    found = own[value.index]
                else:
                    found = None
                named.append(found if isinstance(found, TensorSharding) else None)
    check_edges_at(edges, len(op.operands), len(op.results), named, lambda s: _mesh(s, table),
                   check_ranges=op.NAME != "sdy.func_data_flow_edge")


def check_op_shardings(op, sharding, table: dict) -> None:
    """An op's `sdy.sharding` against its results: one sharding per result, each of its type."""
    types = [v.type for v in op.results]
    if not types and len(sharding) == 1 and (_fully_replicated(sharding[0]) or _maximal(sharding[0], table)):
        try:
            check_value_sharding(sharding[0], _mesh(sharding[0], table), None)
        except RuleError as e:
            raise RuleError(f"result - {e}") from None
        return
    if len(sharding) != len(types):
        raise RuleError(f"result shardings don't match number of values: {len(sharding)} shardings vs "
                        f"{len(types)} values")
    for i, (s, t) in enumerate(zip(sharding, types)):
        try:
            check_value_sharding(s, _mesh(s, table), t)
        except RuleError as e:
            raise RuleError(f"result {'-' if len(types) == 1 else f'{i} -'} {e}") from None


def _maximal(sharding: TensorSharding, table: dict) -> bool:
    mesh = _mesh(sharding, table)
    return mesh is not None and not mesh.axes and bool(mesh.device_ids)


def use_problem(ops, args, returned=(), call_results=None):
    """The first op of a function (its ops, `args` and the values it returns) that breaks one of Shardy's
    rules on uses, and Shardy's words, or None: a manual computation's body reads only its own values
    (the op is isolated from above); a data-flow edge is the one use of its input, which no Shardy op
    but a named computation defines; a function's data-flow edge is the one use of an argument of the
    function, or a call's result (vitir inlines calls: `call_results`, the values the inlined calls
    gave, where the reader knows them; None takes any op's result)."""
    uses: dict = {}
    defined_by: dict = {}
    for op in walk(ops):
        for v in op.operands:
            uses[v] = uses.get(v, 0) + 1
        for region in blocks_of(op):
            for v in region.results:
                uses[v] = uses.get(v, 0) + 1
        defined_by.update((r, op) for r in op.results)
    for v in returned:
        uses[v] = uses.get(v, 0) + 1
    arguments = set(args)
    for op in walk(ops):
        if op.NAME == "sdy.manual_computation":
            outside = set(captured(op.body))
            for inner in walk(op.body.ops):
                if any(v in outside for v in inner.operands):
                    return inner, "using value defined outside the region"
        elif op.NAME == "sdy.data_flow_edge":
            source = op.operands[0]
            if uses.get(source) != 1:
                return op, "expected input of sdy.data_flow_edge to have a single user"
            owner = defined_by.get(source)
            if owner is not None and owner.NAME.startswith("sdy.") and owner.NAME != "sdy.named_computation":
                return op, ("expected input of sdy.data_flow_edge to not be defined by an SdyDialect op (other than "
                            "an sdy.named_computation).")
        elif op.NAME == "sdy.func_data_flow_edge":
            source = op.operands[0]
            if uses.get(source) != 1:
                return op, "expected operand of sdy.func_data_flow_edge to have a single user"
            if source not in arguments and source not in defined_by:
                return op, "expected operand of sdy.func_data_flow_edge to be a block argument of a func op."
            if call_results is not None and source in defined_by and source not in call_results:
                return op, "expected operand of sdy.func_data_flow_edge to be a result of call op."
    return None


def check_uses(fn) -> None:
    """use_problem of a function, as the op's ShapeError."""
    problem = use_problem(fn.ops, fn.args, fn.ret.operands)
    if problem is not None:
        op, message = problem
        names = [r.name for r in op.results]
        _fail(op, names[0] if len(names) == 1 else tuple(names), message)


def _check_block(ops, table: dict, known: dict, bound: frozenset, read=None) -> None:
    """The ops of a block, and of their regions, `bound` the manual axes of the manual computations
    around them."""
    for op in ops:
        _region_args(op, known)
        check_node(op, table, known, bound, read)
        if not type(op).SIMPLE:
            inner = bound | frozenset(op.manual_axes) if op.NAME == "sdy.manual_computation" else bound
            for region in blocks_of(op):
                _check_block(region.ops, table, known, inner, read)


def _region_args(op, known: dict) -> None:
    """The shardings of the arguments of a Shardy region op's body (Shardy's edge owners): a named
    computation's in_shardings, a manual computation's local values; other ops' block arguments
    stay unknown."""
    if op.NAME == "sdy.named_computation":
        shardings = op.in_shardings or (None,) * len(op.body.args)
        known.update(zip(op.body.args, shardings))
    elif op.NAME == "sdy.manual_computation":
        known.update((arg, PRESENT) for arg in op.body.args)


def check_node(op, table: dict, known: dict, bound: frozenset = frozenset(), read=None) -> None:
    """One op, if it is Shardy's or has an `sdy.sharding`, against the meshes of `table`, the
    shardings `known` of the values before it (which it adds its results' to) and the axes `bound`
    manual by the manual computations around it: a refusal is the op's ShapeError."""
    try:
        shardings = op_attributes(op, table, known, read) if op.discardable else None
        if not op.NAME.startswith("sdy."):
            if bound and shardings not in (None, PRESENT):
                try:
                    _check_bound_shardings(shardings, bound)
                except RuleError as e:
                    raise RuleError(f"result - {e}") from None
            if known is not None:
                per_result = shardings if shardings not in (None, PRESENT) else (shardings,) * len(op.results)
                known.update(zip(op.results, per_result))
            return
        if bound:
            _check_bound(op, bound)
        check_op(op, table, known)
        if known is not None and shardings is not None and shardings is not PRESENT:
            known.update(zip(op.results, shardings))
    except RuleError as e:
        names = [r.name for r in op.results]
        _fail(op, names[0] if len(names) == 1 else tuple(names), str(e))


def _check_bound(op, bound: frozenset) -> None:
    """Shardy's: inside a manual computation, no op is manual on, or shards along, its manual axes."""
    axes = list(getattr(op, "manual_axes", ()))
    for field in type(op).ATTR_FIELDS:
        value = getattr(op, field.name)
        shardings = (value,) if field.kind is SHARDING else value if field.kind is SHARDING_PER_VALUE else ()
        _check_bound_shardings(shardings or (), bound, axes)


def _check_bound_shardings(shardings, bound: frozenset, axes=()) -> None:
    axes = list(axes)
    for sharding in shardings:
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
            check_value_sharding(value, mesh, op.results[0].type if op.results else None)
            if known is not None and op.results:
                operand = known.get(op.operands[0], PRESENT) if op.operands else PRESENT
                if field.name == "out_sharding":  # a collective
                    if operand is not PRESENT:
                        check_collective(op.NAME, operand, operand and _mesh(operand, table), getattr(op, "axes", ()),
                                         value, mesh, getattr(op, "reduction_op", "sum"))
                elif isinstance(operand, TensorSharding) and _mesh(operand, table) == mesh:
                    # sharding_constraint and reshard: they may add sum axes and reduce any
                    check_unreduced_transition(operand, value, mesh, "sum", operand.reduction)
                known[op.results[0]] = value
        elif field.kind is SHARDING_PER_VALUE and value is not None:
            _per_value("result", value, [v.type for v in op.results], table)
    if known is not None:
        for result in op.results:
            known.setdefault(result, None)


def _region_op(op, table: dict) -> None:
    args, returned = op.body.args, op.body.results
    named = op.NAME == "sdy.named_computation"  # Shardy names its shardings by their attributes
    _per_value("in_shardings" if named else "operand", op.in_shardings, [v.type for v in op.operands], table)
    _per_value("out_shardings" if named else "result", op.out_shardings, [v.type for v in op.results], table)
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
