"""LayerNorm over the last axis of [b, n, d] with a per-channel affine.

Forward:  xhat = (x - mean) * rsqrt(var + eps);  y = xhat * g + b.
Backward: dxhat = dy * g;  dg = sum dy*xhat;  db = sum dy;
          dx = istd * (dxhat - mean(dxhat) - xhat * mean(dxhat * xhat)).
The normalisation alone (no affine) is its own pair: the adaptive LayerNorm
of the denoisers (layers/adaln.py) modulates xhat instead.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import Param, ones, zeros


def layernorm_params(gain: str, bias: str) -> tuple[Param, Param]:
    """The affine's gain (starts at 1) and bias (0), [width] each, under the names a model gives them."""
    return Param(gain, lambda cfg: (cfg.width,), ones), Param(bias, lambda cfg: (cfg.width,), zeros)


class LayerNormSaved(NamedTuple):
    y: Value
    xhat: Value
    istdb: Value
    nf: Value  # the count d, shaped [b, n], reused by the backward's means


class NormSaved(NamedTuple):
    xhat: Value
    istdb: Value
    nf: Value  # the count d, shaped [b, n], reused by the backward's means


def normalise_forward(fb: FunctionBuilder, p: str, x: Value, eps: str) -> NormSaved:
    """xhat = (x - mean) * rsqrt(var + eps) over the last axis, no affine."""
    bb, n, d = x.shape
    s = fb.sum(f"{p}sum", x, [2])
    nf = fb.constant(f"{p}nf", f"{d}.0", [bb, n])
    mu = fb.divide(f"{p}mu", s, nf)
    mub = fb.broadcast_in_dim(f"{p}mub", mu, [0, 1], [bb, n, d])
    xc = fb.subtract(f"{p}xc", x, mub)
    sq = fb.multiply(f"{p}sq", xc, xc)
    vsum = fb.sum(f"{p}vsum", sq, [2])
    var = fb.divide(f"{p}var", vsum, nf)
    epsc = fb.constant(f"{p}eps", eps, [bb, n])
    ve = fb.add(f"{p}ve", var, epsc)
    istd = fb.rsqrt(f"{p}istd", ve)
    istdb = fb.broadcast_in_dim(f"{p}istdb", istd, [0, 1], [bb, n, d])
    xhat = fb.multiply(f"{p}xhat", xc, istdb)
    return NormSaved(xhat, istdb, nf)


def normalise_backward(fb: FunctionBuilder, p: str, saved, dxhat: Value) -> Value:
    """dx = istd * (dxhat - mean(dxhat) - xhat * mean(dxhat * xhat)); `saved` has xhat, istdb, nf."""
    bb, n, d = dxhat.shape
    m1s = fb.sum(f"{p}m1s", dxhat, [2])
    m1 = fb.divide(f"{p}m1", m1s, saved.nf)
    dxxh = fb.multiply(f"{p}dxxh", dxhat, saved.xhat)
    m2s = fb.sum(f"{p}m2s", dxxh, [2])
    m2 = fb.divide(f"{p}m2", m2s, saved.nf)
    m1b = fb.broadcast_in_dim(f"{p}m1b", m1, [0, 1], [bb, n, d])
    m2b = fb.broadcast_in_dim(f"{p}m2b", m2, [0, 1], [bb, n, d])
    t1 = fb.subtract(f"{p}t1", dxhat, m1b)
    xm2 = fb.multiply(f"{p}xm2", saved.xhat, m2b)
    t2 = fb.subtract(f"{p}t2", t1, xm2)
    return fb.multiply(f"{p}dx", saved.istdb, t2)


def layernorm_forward(fb: FunctionBuilder, p: str, x: Value, g: Value, b: Value, eps: str) -> LayerNormSaved:
    bb, n, d = x.shape
    norm = normalise_forward(fb, p, x, eps)
    gb = fb.broadcast_in_dim(f"{p}gb", g, [2], [bb, n, d])
    bbc = fb.broadcast_in_dim(f"{p}bbc", b, [2], [bb, n, d])
    gx = fb.multiply(f"{p}gx", norm.xhat, gb)
    y = fb.add(f"{p}y", gx, bbc)
    return LayerNormSaved(y, *norm)


def layernorm_backward(fb: FunctionBuilder, p: str, saved: LayerNormSaved, g: Value,
                       dy: Value) -> tuple[Value, Value, Value]:
    """Returns (dx, dg, db)."""
    bb, n, d = dy.shape
    gbk = fb.broadcast_in_dim(f"{p}gbk", g, [2], [bb, n, d])
    dxhat = fb.multiply(f"{p}dxhat", dy, gbk)
    dgpre = fb.multiply(f"{p}dgpre", dy, saved.xhat)
    dg = fb.sum(f"{p}dg", dgpre, [0, 1])
    db = fb.sum(f"{p}db", dy, [0, 1])
    return normalise_backward(fb, p, saved, dxhat), dg, db
