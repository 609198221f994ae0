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
lgamma = _special(special.gammaln)  # log |Gamma(x)|, as XLA's lgamma
digamma = _special(special.psi)


def square(op, x):
    """x * x; of a complex, ((re - im)(re + im), 2 re im), as ChloOps.td defines it."""
    if x.dtype.kind != "c":
        return x * x
    with np.errstate(**_ERRORS):
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
    with np.errstate(**_ERRORS):
        whole = (n == np.floor(n)) & (n >= 0)
        return np.where(whole, special.polygamma(np.where(whole, n, 0).astype(np.int64), x), np.nan).astype(x.dtype)


def zeta(op, x, q):
    with np.errstate(**_ERRORS):
        return special.zeta(x, q).astype(x.dtype)


def mulhi(op, a, b):
    """The high N bits of the 2N-bit product, in Python's unbounded integers (its >> floors, as an
    arithmetic shift does)."""
    bits = op.results[0].type.dtype.bits
    product = a.astype(object) * b.astype(object)
    high = np.vectorize(lambda p: p >> bits, otypes=[object])(product) if product.size else product
    return np.asarray(high.astype(np.int64 if a.dtype.kind == "i" else np.uint64)).astype(a.dtype)


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
