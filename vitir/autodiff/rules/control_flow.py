"""while, if and case: ops whose regions carry tangents.

Forward mode (REGION_JVPS): the op again, its regions JVP'd, its state or results followed by
their tangents (a zero tangent where one branch has none and another has one).

Reverse mode (LINEARIZE_RULES) splits each op in two, as JAX's partial evaluation does:
- the primal op, which also returns what the linear part reads (its residuals): a branch of if
  or case returns its own residuals and zeros for the other branches'; a while stacks each
  iteration's residuals on a tape (a buffer per residual, the iteration's row written with
  dynamic_update_slice) and counts its trips;
- a linear op of the linearized program (`LinearBranches`, `LinearLoop`, objects of this module,
  not AST ops) whose `transpose` builds the reverse: a case running the chosen branch's linear
  ops transposed; a while running the body's linear ops transposed from the last trip to the
  first, each reading its trip's row of the tape.
A tangent that a region reads from outside (the tangent of a captured value) is one more linear
operand: its cotangent is the sum over the branches taken or the trips made.

A loop's tape holds as many rows as its trip count when that is a constant (a counter from a
constant, stepped by 1, below a constant: JAX's fori_loop), else `max_trips` (an option of
vjp and value_and_grad, 1024 unless given); a run that makes more trips than that gives NaN
gradients instead of wrong ones.
"""

from __future__ import annotations

from ...ast import ops as O
from ...ast.declare import Op, result_base
from ...ast.element_types import DType
from ...ast.ops.constants import constant_ints
from ...ast.types import TensorType
from ...ast.uses import reads
from ...ast.values import Value
from ...rewrite.driver import copy_op
from ..context import Emitter, is_active_type
from ..jvp import emit_primal, jvp_block
from ..linearize import LinearBuilder
from ..tables import LINEARIZE_RULES, deflinearize, defregion_jvp
from ..transpose import transpose_ops

DEFAULT_MAX_TRIPS = 1024
_INDEX = TensorType((), DType.I32)


# -- shared pieces ---------------------------------------------------------------------------------

def _result_names(e: Emitter, op, extra: int):
    """Names for `op`'s results followed by `extra` more: its group name (`%w#0`...) when it has one."""
    base = result_base(op)
    if base:
        return base
    return [r.name for r in op.results] + [e.name() for _ in range(extra)]


def _as_tuple(out):
    return out if isinstance(out, tuple) else (out,)


def _finish(e: Emitter, op, state, results, active, tangents_at: int) -> None:
    """Record `results` (the new op's) as `op`'s primal results, then the tangents of `active`."""
    count = len(op.results)
    e.primal_of[op] = results[:count]
    state.primal.update(zip(op.results, results[:count]))
    for k, j in enumerate(active):
        state.tangent[op.results[j]] = results[tangents_at + k]


def _reads(op):
    return reads(op) if isinstance(op, Op) else op.operands


def _copy(op, mapping: dict):
    return copy_op(op, mapping) if isinstance(op, Op) else op.copy_with(mapping)


def _residuals(builder, trace) -> list[Value]:
    """The values the linear ops read that the region's own (non-linear) ops or arguments define."""
    defined = set(builder.args)
    for op in builder.ops:
        defined.update(op.results)
    found: dict = {}
    for op in trace.ops:
        for v in _reads(op):
            if v in defined and v not in trace.linear:
                found.setdefault(v)
    return list(found)


def _outer_linear(trace, outer: set) -> list[Value]:
    """The outer linear values (tangents of captured values) the region's linear ops read."""
    found: dict = {}
    for op in trace.ops:
        for v in _reads(op):
            if v in outer:
                found.setdefault(v)
    return list(found)


def _linear_region(e: Emitter, state):
    """A LinearBuilder region of e's builder (its linear ops may read e's linear values) and its Emitter."""
    b = LinearBuilder(f"{e.b.name}.region", parent=e.b)
    b.trace.linear |= e.b.trace.linear
    return b, Emitter(b, e.names, e.primal_of, state)


def _transposed(e: Emitter, trace_ops, linear: set, mapping: dict, seeds) -> dict:
    """The linear ops copied through `mapping` (residuals to where the reverse reads them) and
    transposed from `seeds` (pairs of an original linear value and its cotangent); the cotangents."""
    ops = [_copy(op, mapping) for op in trace_ops]
    copied = {mapping.get(v, v) for v in linear}
    cotangent: dict = {}
    for v, ct in seeds:
        if ct is not None and v in linear:
            key = mapping.get(v, v)
            cotangent[key] = e.add_any(cotangent.get(key), ct)
    transpose_ops(e, ops, cotangent, copied)
    return cotangent


class _LinearOp:
    """A linear op of the linearized program that is no AST op: operands, results, a transpose."""

    operands: tuple
    results: tuple
    NAME = ""
    path = ""

    def _new_results(self, mapping: dict) -> tuple:
        results = tuple(Value(r.name, r.type) for r in self.results)
        mapping.update(zip(self.results, results))
        return results


# -- activity of a loop's state ------------------------------------------------------------------------

def _active_after(ops, active: set) -> set:
    for op in ops:
        if any(v in active for v in reads(op)):
            active.update(r for r in op.results if is_active_type(r.type))
    return active


def loop_activity(op, state) -> list[int]:
    """The state indices that carry a tangent: those with one at the start, and those the body
    makes from them or from a tangent it captures, to a fixed point."""
    outer = {v for v, t in state.tangent.items() if t is not None}
    active = {j for j, v in enumerate(op.operand) if state.tangent.get(v) is not None}
    while True:
        reached = _active_after(op.body.ops, outer | {op.body.args[j] for j in active})
        grown = active | {j for j, r in enumerate(op.body.results)
                          if (r in reached) and is_active_type(r.type)}
        if grown == active:
            return sorted(active)
        active = grown


def _copy_cond(e: Emitter, op, state, extra_names, extra_types):
    """The loop's cond on the state and `extra` arguments (unread), as a region of e's builder."""
    ce = e.region()
    args = [ce.b.arg(a.name, a.type) for a in op.cond.args]
    args += [ce.b.arg(n, t) for n, t in zip(extra_names, extra_types)]
    state.primal.update(zip(op.cond.args, args))
    for inner in op.cond.ops:
        emit_primal(ce, inner, state)
    return ce.b.ret(*(state.primal[v] for v in op.cond.results))


# -- forward mode ------------------------------------------------------------------------------------

def while_jvp(e: Emitter, op, state) -> None:
    active = loop_activity(op, state)
    count = len(op.operand)
    tangent_names = [e.name("dt") for _ in active]
    types = [op.operand[j].type for j in active]
    init = [state.primal[v] for v in op.operand]
    init += [state.tangent.get(op.operand[j]) or e.zeros_like(init[j]) for j in active]
    cond = _copy_cond(e, op, state, tangent_names, types)
    be = e.region()
    args = [be.b.arg(a.name, a.type) for a in op.body.args]
    tangents = [be.b.arg(n, t) for n, t in zip(tangent_names, types)]
    state.primal.update(zip(op.body.args, args))
    for j, t in zip(active, tangents):
        state.tangent[op.body.args[j]] = t
    jvp_block(be, op.body.ops, state)
    outs = [state.primal[v] for v in op.body.results]
    touts = [state.tangent.get(op.body.results[j]) or be.zeros_like(outs[j]) for j in active]
    body = be.b.ret(*outs, *touts)
    results = _as_tuple(e.b.while_(_result_names(e, op, len(active)), init, cond, body))
    _finish(e, op, state, results, active, count)


def _branches(op):
    return (op.true_branch, op.false_branch) if isinstance(op, O.If) else tuple(op.branches)


def _make(e: Emitter, op, names, regions):
    if isinstance(op, O.If):
        return _as_tuple(e.b.if_(names, e.primal(op.pred), *regions))
    return _as_tuple(e.b.case(names, e.primal(op.index), regions))


def branches_jvp(e: Emitter, op, state) -> None:
    built = []
    for region in _branches(op):
        be = e.region()
        jvp_block(be, region.ops, state)
        built.append((be, [state.primal[v] for v in region.results], [state.tangent.get(v) for v in region.results]))
    active = [j for j, r in enumerate(op.results)
              if is_active_type(r.type) and any(t[j] is not None for _, _, t in built)]
    regions = [be.b.ret(*outs, *(touts[j] or be.zeros_like(outs[j]) for j in active)) for be, outs, touts in built]
    results = _make(e, op, _result_names(e, op, len(active)), regions)
    _finish(e, op, state, results, active, len(op.results))


defregion_jvp(O.While)(while_jvp)
defregion_jvp(O.If, O.Case)(branches_jvp)


# -- reverse mode: if and case ---------------------------------------------------------------------

class LinearBranches(_LinearOp):
    """The linear part of an if or case: operands (selector, residuals..., captured tangents...)."""

    NAME = "linear part of a branch op"

    def __init__(self, selector, residuals, captured, branches, results):
        self.selector, self.residual_count = selector, len(residuals)
        self.operands = (selector, *residuals, *captured)
        self.branches = branches  # per branch: (trace ops, linear set, its residuals, its tangent outputs)
        self.results = results

    def copy_with(self, mapping: dict):
        new = object.__new__(LinearBranches)
        new.__dict__.update(self.__dict__)
        new.operands = tuple(mapping.get(v, v) for v in self.operands)
        new.selector = new.operands[0]
        new.results = self._new_results(mapping)
        return new

    def transpose(self, e: Emitter, op, cotangents, linear):
        residuals = self.operands[1:1 + self.residual_count]
        captured = self.operands[1 + self.residual_count:]
        regions, at = [], 0
        for ops, lin, own, touts in self.branches:
            be = e.region()
            mapping = dict(zip(own, residuals[at:at + len(own)]))
            at += len(own)
            cts = _transposed(be, ops, lin, mapping, zip(touts, cotangents))
            outs = [cts.get(v) or be.zeros_like(v) for v in captured]
            regions.append(be.b.ret(*outs))
        selector = self.selector
        if selector.type.dtype is DType.I1:  # if: true is branch 0 of a case
            zero = e.b.constant(e.name("c"), "0", (), DType.I32)
            one = e.b.constant(e.name("c"), "1", (), DType.I32)
            selector = e.b.select(e.name(), selector, zero, one)
        outs = _as_tuple(e.b.case([e.name() for _ in captured], selector, regions)) if captured else ()
        return (None,) * (1 + self.residual_count) + tuple(outs)


def branches_linearize(e: Emitter, op, state) -> None:
    per = []
    for region in _branches(op):
        bb, be = _linear_region(e, state)
        jvp_block(be, region.ops, state, LINEARIZE_RULES)
        outs = [state.primal[v] for v in region.results]
        touts = [t if t is not None and t in bb.trace.linear else None
                 for t in (state.tangent.get(v) for v in region.results)]
        per.append((bb, be, outs, touts, _residuals(bb, bb.trace)))
    active = [j for j, r in enumerate(op.results)
              if is_active_type(r.type) and any(p[3][j] is not None for p in per)]
    all_residuals = [v for p in per for v in p[4]]
    regions = []
    for k, (bb, be, outs, touts, own) in enumerate(per):
        filled = [v if any(v is w for w in own) else be.zeros_like(v) for v in all_residuals]
        regions.append(bb.ret(*outs, *filled))
    count = len(op.results)
    results = _make(e, op, _result_names(e, op, len(all_residuals)), regions)
    e.primal_of[op] = results[:count]
    state.primal.update(zip(op.results, results[:count]))
    outer = e.b.trace.linear
    captured = list(dict.fromkeys(v for p in per for v in _outer_linear(p[0].trace, outer)))
    linear_results = tuple(Value(e.name("dt"), op.results[j].type) for j in active)
    branches = [(bb.trace.ops, bb.trace.linear, own, [touts[j] for j in active]) for bb, _, _, touts, own in per]
    selector = e.primal(op.pred) if isinstance(op, O.If) else e.primal(op.index)
    e.b.record(LinearBranches(selector, results[count:], captured, branches, linear_results))
    for j, t in zip(active, linear_results):
        state.tangent[op.results[j]] = t


# -- reverse mode: while, with a tape ----------------------------------------------------------------

def _constant(state, value, ops=()) -> int | None:
    """The one integer a rank-0 constant defines for `value`: an op of `ops` (a region's), or one of
    the original function's; None for any other value."""
    op = next((o for o in ops if value in o.results), None) or state.defining.get(value)
    ints = constant_ints(op)
    return ints[0] if ints is not None and len(ints) == 1 else None


def static_trip_count(op, state) -> int | None:
    """The trip count of a counted loop (JAX's fori_loop): state k starts at a constant and steps by 1,
    cond is k < bound, the bound a constant or a state value the body passes on unchanged."""
    cond, body = op.cond, op.body
    compare = next((o for o in cond.ops if cond.results[0] in o.results), None)
    if not isinstance(compare, O.Compare) or compare.comparison_direction != "LT" or compare.lhs not in cond.args:
        return None
    k = cond.args.index(compare.lhs)
    if compare.rhs in cond.args:
        m = cond.args.index(compare.rhs)
        bound = _constant(state, op.operand[m]) if body.results[m] is body.args[m] else None
    else:
        bound = _constant(state, compare.rhs, cond.ops)
    start = _constant(state, op.operand[k])
    step = next((o for o in body.ops if body.results[k] in o.results), None)
    if start is None or bound is None or not isinstance(step, O.Add) or body.args[k] not in step.operands:
        return None
    other = step.rhs if step.lhs is body.args[k] else step.lhs
    if _constant(state, other, body.ops) != 1:
        return None
    return max(0, bound - start)


class LinearLoop(_LinearOp):
    """The linear part of a while: operands (initial tangents..., captured tangents..., tapes...,
    trip count); results: the final tangents."""

    NAME = "linear part of stablehlo.while"

    def __init__(self, inits, captured, tapes, invariants, trips, body, results, capacity, checked):
        self.counts = (len(inits), len(captured), len(tapes), len(invariants))
        self.operands = (*inits, *captured, *tapes, *invariants, trips)
        self.body, self.results, self.capacity, self.checked = body, results, capacity, checked

    def copy_with(self, mapping: dict):
        new = object.__new__(LinearLoop)
        new.__dict__.update(self.__dict__)
        new.operands = tuple(mapping.get(v, v) for v in self.operands)
        new.results = self._new_results(mapping)
        return new

    def transpose(self, e: Emitter, op, cotangents, linear):
        n_state, n_captured, n_tapes, n_invariants = self.counts
        captured = self.operands[n_state:n_state + n_captured]
        tapes = self.operands[n_state + n_captured:n_state + n_captured + n_tapes]
        invariants = self.operands[n_state + n_captured + n_tapes:-1]
        trips = self.operands[-1]
        ops, lin, residuals, kept, tangent_in, tangent_out = self.body
        state_types = [r.type for r in self.results]
        init = [c if c is not None else e.zeros_like(t) for c, t in zip(cotangents, state_types)]
        init += [e.zeros_like(v) for v in captured]
        one = e.b.constant(e.name("c"), "1", (), DType.I32)
        init.append(e.b.subtract(e.name(), trips, one))
        names = [e.name("ct") for _ in init]
        types = [v.type for v in init]
        ce = e.region()
        cargs = [ce.b.arg(n, t) for n, t in zip(names, types)]
        zero = ce.b.constant(e.name("c"), "0", (), DType.I32)
        cond = ce.b.ret(ce.b.compare(e.name(), cargs[-1], zero, "GE"))
        be = e.region()
        args = [be.b.arg(n, t) for n, t in zip(names, types)]
        k = args[-1]
        mapping = dict(zip(kept, invariants))  # the state the loop never changes: its final value
        zero_index = be.b.constant(e.name("c"), "0", (), DType.I32)
        for r, tape in zip(residuals, tapes):
            row = be.b.dynamic_slice(e.name(), tape, [k] + [zero_index] * r.type.rank, (1, *r.type.shape))
            mapping[r] = be.b.reshape(e.name(), row, r.type.shape)
        cts = _transposed(be, ops, lin, mapping, zip(tangent_out, args[:n_state]))
        outs = [cts.get(t) or be.zeros_like(t) for t in tangent_in]
        outs += [be.add_any(a, cts.get(v)) for a, v in zip(args[n_state:n_state + n_captured], captured)]
        outs.append(be.b.subtract(e.name(), k, be.b.constant(e.name("c"), "1", (), DType.I32)))
        body = be.b.ret(*outs)
        results = _as_tuple(e.b.while_([e.name() for _ in init], init, cond, body))[:-1]
        if self.checked:  # more trips than the tape holds: NaN, not a wrong gradient
            capacity = e.b.constant(e.name("c"), str(self.capacity), (), DType.I32)
            fits = e.b.compare(e.name(), trips, capacity, "LE")
            results = tuple(e.b.select(e.name(), fits, r, e.constant(float("nan"), r)) for r in results)
        return tuple(results) + (None,) * (n_tapes + n_invariants + 1)


def while_linearize(e: Emitter, op, state) -> None:
    active = loop_activity(op, state)
    count = len(op.operand)
    trips_known = static_trip_count(op, state)
    capacity = trips_known if trips_known is not None else state.options.get("max_trips") or DEFAULT_MAX_TRIPS
    # the body: the primal and the coefficients emitted, the linear ops traced
    bb, be = _linear_region(e, state)
    args = [bb.arg(a.name, a.type) for a in op.body.args]
    counter = bb.arg(e.name("trip"), _INDEX)
    state.primal.update(zip(op.body.args, args))
    tangent_in = []
    for j in active:
        t = bb.linear_input(e.name("dt"), op.body.args[j].type)
        state.tangent[op.body.args[j]] = t
        tangent_in.append(t)
    jvp_block(be, op.body.ops, state, LINEARIZE_RULES)
    outs = [state.primal[v] for v in op.body.results]
    tangent_out = [t if t is not None and t in bb.trace.linear else None
                   for t in (state.tangent.get(op.body.results[j]) for j in active)]
    residuals = _residuals(bb, bb.trace)
    unchanged = {a: j for j, a in enumerate(op.body.args) if op.body.results[j] is a}
    kept = [r for r in residuals if r in args and unchanged.get(op.body.args[args.index(r)]) is not None]
    residuals = [r for r in residuals if r not in kept]  # the rest go on the tape
    tape_names = [e.name("tape") for _ in residuals]
    tape_types = [TensorType((max(capacity, 1), *r.type.shape), r.type.dtype) for r in residuals]
    tape_args = [bb.arg(n, t) for n, t in zip(tape_names, tape_types)]
    bb.tracing = False
    zero_index = bb.constant(e.name("c"), "0", (), DType.I32)
    written = []
    for r, tape in zip(residuals, tape_args):
        row = bb.reshape(e.name(), r, (1, *r.type.shape))
        written.append(bb.dynamic_update_slice(e.name(), tape, row, [counter] + [zero_index] * r.type.rank))
    step = bb.add(e.name(), counter, bb.constant(e.name("c"), "1", (), DType.I32))
    body = bb.ret(*outs, step, *written)
    cond = _copy_cond(e, op, state, [counter.name, *tape_names], [_INDEX, *tape_types])
    # the primal loop, counting its trips and filling the tapes
    init = [state.primal[v] for v in op.operand]
    init.append(e.b.constant(e.name("c"), "0", (), DType.I32))
    init += [e.zeros_like(t) for t in tape_types]
    results = _as_tuple(e.b.while_(_result_names(e, op, 1 + len(residuals)), init, cond, body))
    e.primal_of[op] = results[:count]
    state.primal.update(zip(op.results, results[:count]))
    if not active:
        return
    inits = [state.tangent.get(op.operand[j]) for j in active]
    inits = [t if t is not None else e.zeros_like(op.operand[j].type) for t, j in zip(inits, active)]
    captured = _outer_linear(bb.trace, e.b.trace.linear)
    linear_results = tuple(Value(e.name("dt"), op.results[j].type) for j in active)
    invariants = [results[args.index(r)] for r in kept]
    loop = LinearLoop(inits, captured, results[count + 1:], invariants, results[count],
                      (bb.trace.ops, bb.trace.linear, residuals, kept, tangent_in, tangent_out), linear_results,
                      capacity, trips_known is None)
    e.b.record(loop)
    for j, t in zip(active, linear_results):
        state.tangent[op.results[j]] = t


deflinearize(O.While)(while_linearize)
deflinearize(O.If, O.Case)(branches_linearize)
