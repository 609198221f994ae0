"""reduce: by the op its body applies. An add body is linear (its JVP the same sum of the tangents,
its transpose a broadcast of the cotangent); the other bodies register in tables.REDUCE_BODY_JVPS
(`defreduce_body`), keyed by the body's op class (a one-op body, compact or not), or ANY_BODY."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import ANY_BODY, REDUCE_BODY_JVPS, defjvp, defreduce_body, deftranspose, refuse


def body_op(op):
    """The op class a reduce's body applies (one op of its two arguments), or None."""
    return op.body.simple_op()


@defjvp(O.Reduce)
def reduce_jvp(e, op, primals, tangents):
    kind = body_op(op)
    rule = REDUCE_BODY_JVPS.get(kind) if kind is not None else None
    if rule is None:
        rule = REDUCE_BODY_JVPS.get(ANY_BODY)
    if rule is None:
        shown = kind.NAME if kind is not None else "a body of several ops"
        raise refuse(op, f"has no derivative rule for a reduce applying {shown}")
    return rule(e, op, primals, tangents)


def reduce_add_jvp(e, op, primals, tangents):
    """A sum: the sum of the tangents, plus the init's tangent."""
    count = len(op.inputs)
    xs, inits = primals[:count], primals[count:]
    txs, tinits = tangents[:count], tangents[count:]
    out = []
    results = e.primal_results(op)
    for x, init, tx, tinit, r in zip(xs, inits, txs, tinits, results):
        t = None
        if tx is not None:
            zero = e.zeros_like(init)
            t = e.b.reduce(e.name(), tx, zero, tuple(op.dimensions))
        if tinit is not None:
            t = e.add_any(t, e.broadcast_scalar(tinit, r))
        out.append(t)
    return tuple(out)


defreduce_body(O.Add)(reduce_add_jvp)


@deftranspose(O.Reduce)
def reduce_transpose(e, op, cotangents, linear):
    """Only the tangent sums reduce_add_jvp builds are linear: one operand, a zero init."""
    if body_op(op) is not O.Add or len(op.inputs) != 1 or linear[1]:
        raise refuse(op, "is linear in a tangent but is not a sum of one operand")
    (ct,), x = cotangents, op.inputs[0].type
    kept = tuple(d for d in range(x.rank) if d not in op.dimensions)
    return (e.b.broadcast_in_dim(e.name(), ct, kept, x.shape), None)
