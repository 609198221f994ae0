"""Patch embedding: a stride-s, s x s convolution of [b, c, H, W] plus a bias,
flattened to tokens [b, (H/s)(W/s), d].

Backward (weights only: the image needs no gradient):
  db = sum of dy over batch and grid;
  dw[d,c,i,j] = sum_{b,u,v} dy[b,d,u,v] x[b,c,us+i,vs+j], as the reference writes
  it: dy dilated by s-1 (interior padding) convolved with the transposed image
  (a valid convolution whose kernel is the dilated gradient, ~(s-1)/s zeros: at
  224 px, patch 16, it dominates the train step on CPU). The fast lowering
  rewrites it into one dot_general over patches (vitir/lower/fast_rules.py).
"""

from __future__ import annotations

from ...ast import FunctionBuilder, Value
from ..params import Param, ParamGroup, lecun_normal, zeros

NCHW = ("bf01", "oi01", "bf01")
# The kernel [width, input channels, s, s] (LeCun normal) and the bias [width].
PATCH_EMBED = ParamGroup(
    "PatchEmbedParams",
    Param("wConv", lambda cfg: (cfg.width, cfg.input_channels, cfg.patch, cfg.patch), lecun_normal),
    Param("bConv", lambda cfg: (cfg.width,), zeros))


def patch_embed_forward(fb: FunctionBuilder, p: str, x: Value, w: Value, bias: Value) -> Value:
    b, _, _, _ = x.shape
    d, _, s, _ = w.shape
    c = fb.convolution(f"{p}c", x, w, stride=[s, s], layouts=NCHW)
    _, _, ph, pw = c.shape
    cbb = fb.broadcast_in_dim(f"{p}cbb", bias, [1], c.shape)
    pe = fb.add(f"{p}pe", c, cbb)
    pt = fb.transpose(f"{p}pt", pe, [0, 2, 3, 1])
    return fb.reshape(f"{p}tok", pt, [b, ph * pw, d])


def patch_embed_backward(fb: FunctionBuilder, p: str, x: Value, d_tok: Value, w: Value) -> tuple[Value, Value]:
    """Returns (dw, db). `w` supplies the patch size only."""
    b, _, hh, ww = x.shape
    d, _, s, _ = w.shape
    ph, pw = hh // s, ww // s
    dtr = fb.reshape(f"{p}dtr", d_tok, [b, ph, pw, d])
    dy = fb.transpose(f"{p}dy", dtr, [0, 3, 1, 2])
    db = fb.sum(f"{p}db", dy, [0, 2, 3])
    u = fb.pad(f"{p}u", dy, fb.zero, [0] * 4, [0] * 4, [0, 0, s - 1, s - 1])
    xt = fb.transpose(f"{p}xt", x, [1, 0, 2, 3])
    dt = fb.transpose(f"{p}dt", u, [1, 0, 2, 3])
    raw = fb.convolution(f"{p}raw", xt, dt, stride=[1, 1], layouts=NCHW)
    dw = fb.transpose(f"{p}dw", raw, [1, 0, 2, 3])
    return dw, db

