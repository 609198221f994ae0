"""dot_general with any batch and contracting dimensions (and the legacy dot, a dot_general that
contracts the lhs's last dimension with the rhs's first): bilinear, so its JVP is the sum of the
product with each tangent, and its transpose in either operand is another dot_general, then a
transpose into the operand's order (JAX's _dot_general_transpose_lhs and _rhs)."""

from __future__ import annotations

import numpy as np

from ...ast import ops as O
from ..tables import defjvp, deftranspose, refuse


@defjvp(O.DotGeneral, O.Dot)
def dot_general_jvp(e, op, primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    dx = None if tx is None else e.apply(op, [tx, y])[0]
    dy = None if ty is None else e.apply(op, [x, ty])[0]
    return (e.add_any(dx, dy),)


def _remaining(count, *removed):
    gone = {d for dims in removed for d in dims}
    return [d for d in range(count) if d not in gone]


def _transpose_lhs(e, op, g, x_type, y, x_contract, y_contract, x_batch, y_batch, swap):
    """The cotangent of the left operand (of type x_type) of a dot_general with right operand y."""
    x_kept = _remaining(x_type.rank, x_contract, x_batch)
    y_kept = _remaining(y.type.rank, y_contract, y_batch)
    nb = len(x_batch)
    ans_batch = list(range(nb))
    if swap:  # the answer's dimensions: batch, y's kept, x's kept
        ans_y = list(range(nb, nb + len(y_kept)))
    else:  # batch, x's kept, y's kept
        ans_y = list(range(nb + len(x_kept), nb + len(x_kept) + len(y_kept)))
    g = e.convert(g, y.type.dtype)
    product = e.b.dot_general(e.name(), g, y, (tuple(ans_y), tuple(y_kept)), (tuple(ans_batch), tuple(y_batch)),
                              precision=op.precision_config)
    x_contract_by_y = [x_contract[i] for i in np.argsort(y_contract)]
    out_axes = tuple(int(i) for i in np.argsort(list(x_batch) + x_kept + x_contract_by_y))
    if out_axes != tuple(range(len(out_axes))):
        product = e.b.transpose(e.name(), product, out_axes)
    return e.convert(product, x_type.dtype)


def _dimensions(op):
    """(lhs batch, rhs batch, lhs contracting, rhs contracting) of a dot_general or a dot."""
    if isinstance(op, O.Dot):
        return [], [], [op.lhs.type.rank - 1], [0]
    numbers = op.dimension_numbers
    return (list(numbers.lhs_batching_dimensions), list(numbers.rhs_batching_dimensions),
            list(numbers.lhs_contracting_dimensions), list(numbers.rhs_contracting_dimensions))


@deftranspose(O.DotGeneral, O.Dot)
def dot_general_transpose(e, op, cotangents, linear):
    if linear[0] and linear[1]:
        raise refuse(op, "multiplies two tangents: it is not linear")
    (g,) = cotangents
    xb, yb, xc, yc = _dimensions(op)
    if linear[0]:
        return (_transpose_lhs(e, op, g, op.lhs.type, op.rhs, xc, yc, xb, yb, swap=False), None)
    return (None, _transpose_lhs(e, op, g, op.rhs.type, op.lhs, yc, xc, yb, xb, swap=True))
