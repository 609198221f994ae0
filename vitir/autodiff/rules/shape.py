"""Rules of the ops that move elements (vitir/ast/ops/shape.py): broadcast_in_dim, reshape,
transpose, slice, pad, concatenate. All are linear: their JVP is the op of the tangents, their
transpose moves the cotangent back (summing what a broadcast copied)."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import deflinear, deftranspose

deflinear(O.BroadcastInDim, O.Reshape, O.Transpose, O.Slice, O.Pad, O.Concatenate)


@deftranspose(O.BroadcastInDim)
def broadcast_in_dim_transpose(e, op, cotangents, linear):
    (ct,), operand, dims = cotangents, op.operand.type, tuple(op.dims)
    out_shape = op.result.type.shape
    summed = [d for d in range(len(out_shape)) if d not in dims]
    summed += [d for i, d in enumerate(dims) if operand.shape[i] == 1 and out_shape[d] != 1]
    reduced = e.sum(ct, sorted(summed))
    kept = [d for d in range(len(out_shape)) if d not in summed]  # ascending, as the reduce leaves them
    order = [kept.index(d) for d in dims if d in kept]  # the operand's order of those dimensions
    if order != sorted(order):
        reduced = e.b.transpose(e.name(), reduced, tuple(order))
    if reduced.type.shape != operand.shape:
        reduced = e.b.reshape(e.name(), reduced, operand.shape)
    return (reduced,)


@deftranspose(O.Reshape)
def reshape_transpose(e, op, cotangents, linear):
    return (e.b.reshape(e.name(), cotangents[0], op.operand.type.shape),)


@deftranspose(O.Transpose)
def transpose_transpose(e, op, cotangents, linear):
    perm = tuple(op.perm)
    inverse = tuple(sorted(range(len(perm)), key=perm.__getitem__))
    return (e.b.transpose(e.name(), cotangents[0], inverse),)


@deftranspose(O.Slice)
def slice_transpose(e, op, cotangents, linear):
    """Zeros around and between the sliced elements: a pad of the cotangent."""
    (ct,), shape = cotangents, op.operand.type.shape
    high = [n - (a + (m - 1) * s + 1) if m else n - a
            for n, a, m, s in zip(shape, op.start, ct.type.shape, op.strides)]
    interior = [s - 1 if m else 0 for m, s in zip(ct.type.shape, op.strides)]
    zero = e.constant(0, ct.type.with_shape(()))
    return (e.b.pad(e.name(), ct, zero, tuple(op.start), tuple(high), tuple(interior)),)


@deftranspose(O.Pad)
def pad_transpose(e, op, cotangents, linear):
    """JAX's: the operand's part is the cotangent unpadded (edges negated, then every
    (interior + 1)-th element); the padding value's, the rest of its sum."""
    (ct,) = cotangents
    rank = ct.type.rank
    operand_ct = None
    if linear[0] or linear[1]:
        zero = e.constant(0, ct.type.with_shape(()))
        unpadded = e.b.pad(e.name(), ct, zero, tuple(-a for a in op.low), tuple(-a for a in op.high), (0,) * rank)
        operand_ct = e.b.slice(e.name(), unpadded, (0,) * rank, unpadded.type.shape,
                               tuple(i + 1 for i in op.interior))
    value_ct = None
    if linear[1]:
        all_dims = tuple(range(rank))
        value_ct = e.b.subtract(e.name(), e.sum(ct, all_dims), e.sum(operand_ct, all_dims))
    return (operand_ct if linear[0] else None, value_ct)


@deftranspose(O.Concatenate)
def concatenate_transpose(e, op, cotangents, linear):
    (ct,), dim = cotangents, op.dim
    out, at = [], 0
    for v, lin in zip(op.inputs, linear):
        size = v.type.shape[dim]
        if lin:
            start = tuple(at if d == dim else 0 for d in range(ct.type.rank))
            limit = tuple(at + size if d == dim else n for d, n in enumerate(ct.type.shape))
            out.append(e.b.slice(e.name(), ct, start, limit))
        else:
            out.append(None)
        at += size
    return tuple(out)
