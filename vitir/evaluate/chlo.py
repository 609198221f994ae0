"""Evaluators of chlo ops: scipy.special where numpy has no such function.

They compute the functions' values (in f32 for narrower floats, as everywhere in the
evaluator); XLA computes the same ops by ChloLegalizeToStablehlo's decompositions
(polynomial and rational approximations), so the two agree to a few ulps, not bit for bit.
Each takes the node and the operand arrays.
"""

from __future__ import annotations

import numpy as np
from scipy import special

from ..numpy_dtypes import numpy_dtype
from .contraction import einsum
from .elementwise import _total_order_key

_ERRORS = dict(all="ignore")  # NaN and inf are values here, as in XLA


def _special(fn):
    def evaluate(op, *xs):
        with np.errstate(**_ERRORS):
            return fn(*xs)

    evaluate.__name__ = fn.__name__
    return evaluate


erf = _special(special.erf)
erfc = _special(special.erfc)
erf_inv = _special(special.erfinv)


def _pole(x):
    """Zero and the negative integers, where Gamma has its poles."""
    return (x <= 0) & (x == np.floor(x))


def lgamma(op, x):
    """log |Gamma(x)|; +inf at -inf, as C's lgamma and XLA's."""
    with np.errstate(**_ERRORS):
        return np.where(x == -np.inf, np.inf, special.gammaln(x)).astype(x.dtype)


def digamma(op, x):
    """NaN at the poles (scipy gives -inf at 0), as XLA's."""
    with np.errstate(**_ERRORS):
        return np.where(_pole(x), np.nan, special.psi(x)).astype(x.dtype)


def square(op, x):
    """x * x; of a complex, ((re - im)(re + im), 2 re im), as ChloOps.td defines it."""
    with np.errstate(**_ERRORS):
        if x.dtype.kind != "c":
            return x * x
        out = np.empty_like(x)
        out.real = (x.real - x.imag) * (x.real + x.imag)
        out.imag = x.real * x.imag * 2
        return out


def bessel_i1e(op, x):
    with np.errstate(**_ERRORS):
        if x.dtype.kind == "c":
            return special.iv(1, x) * np.exp(-np.abs(x.real))
        return special.i1e(x)


def next_after(op, x, y):
    """In the operands' own type: widened to f32, a bf16 or f16 would step by an f32 ulp."""
    own = numpy_dtype(op.results[0].type.dtype)
    with np.errstate(**_ERRORS):
        return np.nextafter(x.astype(own), y.astype(own))


def polygamma(op, n, x):
    """The n-th derivative of digamma, for natural n (else NaN); at the poles, +inf for odd n and NaN
    for even n, as XLA's formula (-1)^(n+1) n! zeta(n + 1, x) gives there."""
    with np.errstate(**_ERRORS):
        natural = (n == np.floor(n)) & (n >= 0)
        whole = np.where(natural, n, 0)
        value = special.polygamma(whole.astype(np.int64), x)
        value = np.where(_pole(x), np.where(whole % 2 == 1, np.inf, np.nan), value)
        value = np.where(whole == 0, digamma(op, x), value)
        return np.where(natural, value, np.nan).astype(x.dtype)


def zeta(op, x, q):
    """Hurwitz zeta, with XLA's domain: NaN for x < 1, for an infinite x or q (where the series has a
    limit: 0, 1 or inf), and for q <= 0 unless x is an integer; at the poles (integer q <= 0) +inf for
    even x, else NaN; +inf at x = 1."""
    with np.errstate(**_ERRORS):
        value = np.where((x < 1) | np.isinf(x) | np.isinf(q), np.nan, special.zeta(x, q))
        whole_x = x == np.floor(x)
        value = np.where((q <= 0) & ~whole_x, np.nan, value)
        value = np.where(_pole(q), np.where(whole_x & (np.fmod(x, 2) == 0), np.inf, np.nan), value)
        return np.where(x == 1, np.inf, value).astype(x.dtype)


def mulhi(op, a, b):
    """The high N bits of the 2N-bit product, in Python's unbounded integers (its >> floors, as an
    arithmetic shift does)."""
    bits = op.results[0].type.dtype.bits
    product = np.asarray(a.astype(object) * b.astype(object), dtype=object)  # rank 0 gives an int: kept an array
    high = np.asarray(product >> bits, dtype=object)
    return high.astype(np.int64 if a.dtype.kind == "i" else np.uint64).astype(a.dtype)


def top_k(op, x):
    """The k largest along the last axis, largest first, equal elements in index order: a stable
    descending sort, floats in IEEE total order (NaN above +inf, +0 above -0), as ChloLegalizeToStablehlo
    sorts them."""
    k = op.k
    key = _total_order_key(x) if x.dtype.kind == "f" else x
    n = x.shape[-1]
    # an ascending stable sort of the reversed row, reversed: descending, ties in index order
    ascending = np.argsort(key[..., ::-1], axis=-1, kind="stable")
    order = (n - 1 - ascending)[..., ::-1][..., :k]
    return np.take_along_axis(x, order, axis=-1), order.astype(np.int32)


# -- broadcasting ops: the operands broadcast to the result's shape, then the stablehlo op's evaluator ----------

def _broadcast(x: np.ndarray, shape: tuple[int, ...], dims) -> np.ndarray:
    """x placed at dimensions `dims` of `shape` (numpy's trailing alignment when None), then broadcast."""
    if dims is None or x.ndim == len(shape):
        return np.broadcast_to(x, shape)
    order = np.argsort(dims)
    x = np.transpose(x, order)
    placed = [1] * len(shape)
    for axis, size in zip(np.asarray(dims)[order], x.shape):
        placed[axis] = size
    return np.broadcast_to(x.reshape(placed), shape)


def broadcast_binary(op, a, b):
    from . import EVALUATORS

    shape = op.results[0].type.shape
    dims = op.broadcast_dimensions
    return EVALUATORS[op.PLAIN](op, _broadcast(a, shape, dims), _broadcast(b, shape, dims))


def broadcast_select(op, pred, on_true, on_false):
    shape = op.results[0].type.shape
    return np.where(*(np.broadcast_to(x, shape) for x in (pred, on_true, on_false)))


def scan(op, *arrays, run):
    """The body once per position along the dimension (last to first with is_reverse): each input's slice
    there and the carries in, that position's output slices and the new carries out."""
    n, d = len(op.inputs), op.dimension
    inputs, carries = arrays[:n], list(arrays[n:])
    size = op.scan_dim_size if op.scan_dim_size is not None else inputs[0].shape[d]
    steps = range(size - 1, -1, -1) if op.is_reverse else range(size)
    outputs = [np.empty(r.type.shape, numpy_dtype(r.type.dtype)) for r in op.results[:len(op.results) - len(carries)]]
    for t in steps:
        returned = run(op.body, *[np.take(x, t, axis=d) for x in inputs], *carries)
        for out, value in zip(outputs, returned):
            index = [slice(None)] * out.ndim
            index[d] = t
            out[tuple(index)] = value
        carries = list(returned[len(outputs):])
    return (*outputs, *carries)


def _dot(lhs, rhs, lb, rb, lc, rc):
    """dot_general by einsum: batch dims, lhs's free dims, rhs's free dims (in the operands' type)."""
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    left = [next(letters) for _ in range(lhs.ndim)]
    right = [next(letters) for _ in range(rhs.ndim)]
    for a, b in zip(lb + lc, rb + rc):
        right[b] = left[a]
    out = [left[d] for d in lb] + [left[d] for d in range(lhs.ndim) if d not in lb and d not in lc]
    out += [right[d] for d in range(rhs.ndim) if d not in rb and d not in rc]
    return einsum(f"{''.join(left)},{''.join(right)}->{''.join(out)}", lhs, rhs)


def _group_masks(sizes: np.ndarray, length: int) -> np.ndarray:
    """[..., g, length]: where each position along the ragged dimension falls in group j (none past the sum)."""
    ends = np.cumsum(sizes.astype(np.int64), axis=-1)
    starts = ends - sizes
    position = np.arange(length)
    return (position >= starts[..., None]) & (position < ends[..., None])


def ragged_dot(op, lhs, rhs, sizes):
    lb, rb, lc, rc, (m,), group = op.ragged_dot_dimension_numbers
    masks = _group_masks(sizes, lhs.shape[m])  # [lhs batch..., g, M] (modes 1, 2) or [g, B] (mode 3)

    def on_lhs(mask):  # a [batch..., M] mask laid over lhs's dimensions
        shape = [1] * lhs.ndim
        for axis, d in zip(range(mask.ndim - 1), lb):
            shape[d] = mask.shape[axis]
        shape[m] = lhs.shape[m]
        return mask.reshape(shape)

    with np.errstate(all="ignore"):
        if m in lc:  # one result per group, each contracting over its own positions
            return np.stack([_dot(np.where(on_lhs(masks[..., j, :]), lhs, 0), rhs, lb, rb, lc, rc)
                             for j in range(masks.shape[-2])])
        if m in lb:
            return _dot(np.where(on_lhs(masks.any(axis=-2)), lhs, 0), rhs, lb, rb, lc, rc)
        (g,) = group
        rest_b = [d - (d > g) for d in rb]
        rest_c = [d - (d > g) for d in rc]
        out = 0
        for j in range(rhs.shape[g]):
            rows = np.where(on_lhs(masks[..., j, :]), lhs, 0)
            out = out + _dot(rows, np.take(rhs, j, axis=g), lb, rest_b, lc, rest_c)
        return out
