"""Forward mode: the JVP of a block of ops (a function's, or a region's), op by op.

Each original op is copied into the derived function reading the copies of its operands (its
names kept); then, if a differentiated value reaches it (an operand, or a value its regions
capture, with a tangent) and one of its results is a float or complex tensor, its JVP rule
builds the tangents of its results. Ops nothing differentiated reaches are copied and no more:
constants, iotas, integer arithmetic, and the ops without a derivative (rng, custom_call, ...)
when they are inactive.
"""

from __future__ import annotations

from ..ast.types import TupleType
from ..ast.uses import reads, walk
from ..rewrite.driver import copy_op
from .context import Emitter, derived_from, is_active_type
from .tables import REGION_JVPS, jvp_rule, refuse


class State:
    """What the JVP of one function keeps: the original values' copies (`primal`) and their
    tangents (`tangent`; absent or None: a symbolic zero), shared by every region; `defining`:
    each original value's op (None for an argument); `arguments`: each argument's attributes (its
    sharding); `options`: what the caller chose (`max_trips`, the tape's length for a loop whose trip
    count is not a constant)."""

    __slots__ = ("primal", "tangent", "defining", "arguments", "options")

    def __init__(self, function=None, **options):
        self.primal: dict = {}
        self.tangent: dict = {}
        self.defining: dict = {}
        self.arguments: dict = {}
        if function is not None:
            self.defining = {r: op for op in walk(function.ops) for r in op.results}
            self.arguments = dict(zip(function.args, function.arg_attributes or ()))
        self.options = options


def emit_primal(e: Emitter, op, state: State) -> tuple:
    """Copy `op` into e's builder, reading the copies of its operands; returns its new results."""
    new = copy_op(op, state.primal)  # maps op's results (and region arguments) to the copy's
    out = e.b.emit(new)
    results = out if isinstance(out, tuple) else (out,)
    e.primal_of[op] = results
    return results


def jvp_op(e: Emitter, op, state: State, special: dict | None = None) -> None:
    """The primal copy of `op` and its results' tangents, recorded in `state`."""
    special = REGION_JVPS if special is None else special
    if special:
        rule = special.get(type(op))
        if rule is not None and _active(op, state):
            with derived_from(e, op, "jvp"):
                rule(e, op, state)
            return
    results = emit_primal(e, op, state)
    if not _active(op, state) or not any(is_active_type(r.type) or isinstance(r.type, TupleType) for r in op.results):
        return  # nothing differentiated reaches it, or its results are integers, booleans or tokens
    primals = tuple(state.primal[v] for v in op.operands)
    tangents = tuple(state.tangent.get(v) for v in op.operands)
    with derived_from(e, op, "jvp"):
        out = jvp_rule(op)(e, op, primals, tangents)
    record_tangents(op, results, out, state)


def record_tangents(op, results, out, state: State) -> None:
    out = tuple(out)
    if len(out) != len(results):
        raise refuse(op, f"its JVP rule gave {len(out)} tangents for {len(results)} results")
    for original, result, t in zip(op.results, results, out):
        if t is None:
            continue
        if t.type != result.type:
            raise refuse(op, f"its JVP rule gave a tangent of type {t.type} for a result of type {result.type}")
        state.tangent[original] = t


def _active(op, state: State) -> bool:
    tangent = state.tangent
    return any(tangent.get(v) is not None for v in reads(op))


def jvp_block(e: Emitter, ops, state: State, special: dict | None = None) -> None:
    for op in ops:
        jvp_op(e, op, state, special)
