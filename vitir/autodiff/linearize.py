"""Reverse mode: the JVP linearized, then transposed (JAX's design).

The JVP runs with a builder that sorts what the rules emit: an op that reads a tangent (a linear
value) is linear and goes to the linear program (`Trace.ops`), recorded but not emitted; every
other op (the primal copies and the coefficients rules compute from primals) is emitted into the
derived function. The linear program is then transposed into the same function, after the primal
ops, so the cotangent ops read the coefficients the forward part computed.

Ops with regions that carry tangents (while, if, case) split themselves: their `LINEARIZE_RULES`
entry emits the primal op (saving what the linear part needs) and records a linear op of its own
whose `transpose` method builds the reverse (vitir/autodiff/rules/control.py).
"""

from __future__ import annotations

from ..ast.builder import FunctionBuilder
from ..ast.uses import reads
from ..ast.values import Value
from .context import Emitter, Names, is_active_type
from .jvp import State, jvp_block
from .tables import LINEARIZE_RULES
from .transpose import transpose_ops


class Trace:
    """The linear program being recorded: its ops in order, and its values."""

    __slots__ = ("ops", "linear")

    def __init__(self):
        self.ops: list = []
        self.linear: set = set()


class LinearBuilder(FunctionBuilder):
    """A builder that records the ops reading a linear value in `trace` instead of emitting them
    (while `tracing`); its regions' builders are plain ones (a region's op is linear as a whole)."""

    def __init__(self, name: str, parent: FunctionBuilder | None = None):
        super().__init__(name, parent)
        self.trace = Trace()
        self.tracing = True

    def linear_input(self, name: str, type) -> Value:
        """A tangent input of the linear program."""
        v = Value(name, type)
        v.owner = self
        self.trace.linear.add(v)
        return v

    def record(self, op) -> None:
        """Add a linear op (or a region op's linear part) to the trace."""
        for r in op.results:
            r.owner = self
        self.trace.ops.append(op)
        self.trace.linear.update(op.results)

    def emit(self, op):
        if self.tracing:
            linear = self.trace.linear
            if any(v in linear for v in reads(op)):
                self.record(op)
                return op.results[0] if len(op.results) == 1 else op.results
        return super().emit(op)

    def region(self) -> FunctionBuilder:
        return FunctionBuilder(f"{self.name}.region", parent=self)


def linearize_block(e: Emitter, ops, state: State) -> None:
    """The JVP of `ops` with e's LinearBuilder sorting primal from linear ops."""
    jvp_block(e, ops, state, LINEARIZE_RULES)


def transpose_trace(e: Emitter, trace: Trace, cotangents: dict) -> None:
    b = e.b
    tracing, b.tracing = b.tracing, False
    try:
        transpose_ops(e, trace.ops, cotangents, trace.linear)
    finally:
        b.tracing = tracing


def reverse(function, wrt, seeds: str = "arguments", **options):
    """The derived function of reverse mode: the function's arguments (then, with seeds
    "arguments", one cotangent per result) to its results, then the gradient of each `wrt`
    argument. With seeds "ones", the cotangent of its one (scalar) result is 1."""
    names = Names.of(function)
    b = LinearBuilder(function.name)
    state = State(function, **options)
    e = Emitter(b, names, state=state)
    state.primal.update((a, b.arg(a.name, a.type)) for a in function.args)
    inputs = []
    for i in wrt:
        a = function.args[i]
        t = b.linear_input(names.fresh("dt"), a.type)
        state.tangent[a] = t
        inputs.append(t)
    linearize_block(e, function.ops, state)
    outputs = [state.primal[v] for v in function.ret.operands]
    cotangents: dict = {}
    b.tracing = False
    for v, out in zip(function.ret.operands, outputs):
        if seeds == "ones":
            seed = e.constant(1, out.type)
        elif is_active_type(out.type):
            seed = b.arg(names.fresh("ct"), out.type)
        else:
            continue
        t = state.tangent.get(v)
        if t is not None and t in b.trace.linear:
            cotangents[t] = e.add_any(cotangents.get(t), seed)
    transpose_ops(e, b.trace.ops, cotangents, b.trace.linear)
    grads = []
    for t in inputs:
        g = cotangents.get(t)
        grads.append(g if g is not None else e.zeros_like(t))
    return b.ret(*outputs, *grads)
