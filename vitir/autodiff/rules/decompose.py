"""The JVP of an op through a decomposition: the op written with simpler ops (in a scratch
function of its operands), whose ops are then differentiated by their own rules in the op's
place. The derived function computes the decomposition's primal values beside the op's own (dce
and cse remove what is not read); the tangents are those of the decomposition's results.

    def jvp(e, op, primals, tangents):
        return jvp_of(e, lambda fb, name, x, y: (fb.add(name(), x, y),), primals, tangents)
"""

from __future__ import annotations

from ...ast.builder import FunctionBuilder
from ..context import Emitter
from ..jvp import State, jvp_block


def jvp_of(e, build, primals, tangents) -> tuple:
    """Tangents of the results `build(fb, name, *arguments)` returns (a tuple of values of fb, a
    scratch builder whose arguments stand for `primals`; `name(hint)` gives fresh SSA names)."""
    fb = FunctionBuilder("decomposition")
    arguments = [fb.arg(e.name("d"), p.type) for p in primals]
    outs = tuple(build(fb, e.name, *arguments))
    scratch = fb.ret(*outs)
    state = State()
    state.primal.update(zip(scratch.args, primals))
    state.tangent.update((a, t) for a, t in zip(scratch.args, tangents) if t is not None)
    inner = Emitter(e.b, e.names, e.primal_of, state)
    jvp_block(inner, scratch.ops, state)
    return tuple(state.tangent.get(v) for v in scratch.ret.operands)


def emit_like(fb: FunctionBuilder, names, op, operands):
    """`op` (its class, attributes and regions) applied to other operands in fb; its results as a tuple."""
    return Emitter(fb, names).apply(op, operands)
