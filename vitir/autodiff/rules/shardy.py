"""Shardy's ops (vitir/ast/ops/shardy.py), differentiated by their global meaning.

sharding_constraint, reshard and propagation_barrier are the identity: linear, each transposing
into the same op with the same sharding, so a cotangent keeps its value's sharding (JAX's
with_sharding_constraint transposes so). A named_computation is a call: its body is differentiated
where it stands, inlined, its in and out shardings kept as sharding constraints on the values and
their tangents. all_gather, all_slice, all_to_all and collective_permute keep the whole tensor and
move its parts: a tangent is first given the operand's sharding (Shardy's verifier asks the
operand of a collective for one: the op's that defines it, or an argument's), and the transposes run the moves backwards: all_gather and
all_slice into each other, all_to_all into the moves from each target back to its source,
collective_permute into the permutation from the result's sharding back to the operand's.
all_reduce and reduce_scatter sum the devices' parts and a manual_computation's body runs per
device: their global meaning is not the evaluator's, so they are refused by name.
"""

from __future__ import annotations

from ...ast import ops as O
from ...ast.sharding import SHARDING, AllToAllParam, TensorSharding
from ...text import read_attribute_text
from ...ast.uses import walk
from ...rewrite.driver import copy_op
from ..jvp import jvp_block
from ..tables import LINEARIZE_RULES, REGION_JVPS, deflinearize, defregion_jvp
from ..tables import deflinear, defjvp, deftranspose, refuse

# the identity in global meaning (data_flow_edge and func_data_flow_edge: the ends of Shardy's edges)
ANNOTATIONS = (O.ShardingConstraint, O.Reshard, O.PropagationBarrier, O.DataFlowEdge, O.FuncDataFlowEdge)
deflinear(*ANNOTATIONS)


@deftranspose(*ANNOTATIONS)
def annotation_transpose(e, op, cotangents, linear):
    return e.apply(op, [cotangents[0]])




# -- named_computation: its body, inlined ------------------------------------------------------------

def _constrained(e, value, sharding):
    return value if value is None or sharding is None else e.b.sharding_constraint(e.name(), value, sharding)


def _renamed_body(e, op, state) -> tuple[list, list]:
    """The body's ops copied under fresh names (a body inlined twice, or beside values of its names,
    stays apart), each copy's values defined by it in `state`, and the values the body returns."""
    mapping: dict = {}
    ops = []
    for inner in op.body.ops:
        new = copy_op(inner, mapping)
        if new.results:
            base = e.name(new.results[0].name.partition("#")[0] + "_")
            for i, result in enumerate(new.results):
                result.rename(base if len(new.results) == 1 else f"{base}#{i}")
        state.defining.update((r, nested) for nested in walk([new]) for r in nested.results)
        ops.append(new)
    return ops, [mapping.get(v, v) for v in op.body.results]


def _through_body(special: dict):
    def rule(e, op, state) -> None:
        ins = op.in_shardings or (None,) * len(op.inputs)
        for arg, value, sharding in zip(op.body.args, op.inputs, ins):
            state.primal[arg] = _constrained(e, state.primal[value], sharding)
            tangent = _constrained(e, state.tangent.get(value), sharding)
            if tangent is not None:
                state.tangent[arg] = tangent
        ops, returned = _renamed_body(e, op, state)
        jvp_block(e, ops, state, special)
        outs = op.out_shardings or (None,) * len(op.results)
        for result, returned, sharding in zip(op.results, returned, outs):
            state.primal[result] = _constrained(e, state.primal[returned], sharding)
            tangent = _constrained(e, state.tangent.get(returned), sharding)
            if tangent is not None:
                state.tangent[result] = tangent
        e.primal_of[op] = tuple(state.primal[r] for r in op.results)
    return rule


defregion_jvp(O.NamedComputation)(_through_body(REGION_JVPS))
deflinearize(O.NamedComputation)(_through_body(LINEARIZE_RULES))


# -- the collectives that move parts ------------------------------------------------------------------

MOVES = (O.ShardyAllGather, O.ShardyAllSlice, O.ShardyAllToAll, O.ShardyCollectivePermute)


def _sharding_of(e, value) -> TensorSharding | None:
    """The sharding of an original value: the one the op defining it gives it, or an argument's
    `sdy.sharding` (None: none)."""
    op = e.state.defining.get(value)
    if op is None:
        text = dict(e.state.arguments.get(value, ())).get("sdy.sharding")
        return None if text is None else read_attribute_text(SHARDING, text)
    for field in ("sharding", "out_sharding"):
        if isinstance(getattr(op, field, None), TensorSharding):
            return getattr(op, field)
    shardings = getattr(op, "out_shardings", None) if op.NAME.startswith("sdy.") else None
    return shardings[op.results.index(value)] if shardings else None


@defjvp(*MOVES)
def move_jvp(e, op, primals, tangents):
    (t,) = tangents
    if t is None:
        return (None,)
    before = _sharding_of(e, op.operands[0])
    if before is None and not isinstance(op, O.ShardyAllSlice):  # all_slice takes an operand as replicated
        raise refuse(op, "its operand has no sharding that vitir sees (an op's or an argument's), which Shardy's "
                         "verifier asks of a collective's operand")
    return e.apply(op, [_constrained(e, t, before)])


def _operand_sharding(e, op) -> TensorSharding | None:
    """The sharding the JVP gave the linear collective's operand: the constraint recorded before it."""
    operand, trace = op.operands[0], getattr(e.b, "trace", None)
    for earlier in reversed(trace.ops if trace is not None else ()):
        if operand in earlier.results:
            return earlier.sharding if isinstance(earlier, O.ShardingConstraint) else None
    return None


def _inverse_params(params) -> tuple:
    """The all_to_all that moves each param's axes from its target back to its source."""
    return tuple(sorted((AllToAllParam(p.axes, p.target, p.source) for p in params), key=lambda p: p.source))


INVERSES = {  # the op that undoes each, and its axes
    O.ShardyAllGather: ("sdy_all_slice", lambda op: op.axes),
    O.ShardyAllSlice: ("sdy_all_gather", lambda op: op.axes),
    O.ShardyAllToAll: ("sdy_all_to_all", lambda op: _inverse_params(op.axes)),
    O.ShardyCollectivePermute: ("sdy_collective_permute", None),
}


@deftranspose(*MOVES)
def move_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    before = _operand_sharding(e, op)
    if before is None:
        if not isinstance(op, O.ShardyAllSlice):
            raise refuse(op, "has no transpose here: the sharding of its operand is not known")
        before = TensorSharding(op.out_sharding.mesh, tuple(type(d)() for d in op.out_sharding.dims))
    method, axes = INVERSES[type(op)]
    ct = e.b.sharding_constraint(e.name(), ct, op.out_sharding)  # the inverse's operand: the result's sharding
    extra = () if axes is None else (axes(op),)
    return (getattr(e.b, method)(e.name(), ct, before, *extra),)
