"""Multi-head self-attention over [b, n, d] with h heads of dh = d/h.

Forward:  Q, K, V = x Wq + bq, ...; split heads to [b, h, n, dh];
          W = softmax(scale Q K^T) (plain exp / row sum, no max shift);
          P = merge heads of W V;  O = P Wo + bo.
Backward: dP = dO Wo^T; dWo = P^T dO; dA = split(dP);
          dW = dA V^T; dV = W^T dA; dSs = W (dW - rowsum(W dW)); dS = scale dSs;
          dQ = dS K; dK = dS^T Q; then each projection's dx, dW, db as a dense layer.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, ShapeError, Value
from ..params import Param, xavier_uniform, zeros
from .mlp import TOKENS, dense_bias

HEADS_FIRST = [0, 2, 1, 3]  # [b, n, h, dh] <-> [b, h, n, dh]; its own inverse
BATCH_HEADS = ([0, 1], [0, 1])
# The four projections' weights [width, width] and biases [width]: q, k, v, then the output's.
# Tensor parallel (Megatron): q, k, v split by columns (each device its heads), the output by rows.
MODEL_DIMS = {"q": (1, 0), "k": (1, 0), "v": (1, 0), "o": (0, None)}  # (weight's, bias's)
ATTENTION_PARAMS = tuple(param for nm in "qkvo" for param in (
    Param(f"W{nm}", lambda cfg: (cfg.width, cfg.width), xavier_uniform, MODEL_DIMS[nm][0]),
    Param(f"b{nm}", lambda cfg: (cfg.width,), zeros, MODEL_DIMS[nm][1])))


class AttentionSaved(NamedTuple):
    out: Value
    qh: Value
    kh: Value
    vh: Value
    w: Value  # attention weights [b, h, n, n]
    p: Value  # merged heads before the output projection [b, n, d]


def attention_forward(fb: FunctionBuilder, p: str, x: Value, wq: Value, bq: Value, wk: Value, bk: Value,
                      wv: Value, bv: Value, wo: Value, bo: Value, heads: int, scale: str) -> AttentionSaved:
    b, n, d = x.shape
    if heads < 1 or d % heads:
        raise ShapeError(f"width {d} is not divisible by {heads} heads", op="attention", ssa=f"%{p}O",
                         operand_types=[x.type], path=fb.path)
    dh = d // heads
    proj = {nm: dense_bias(fb, x, w, bias, (f"{p}{nm}d", f"{p}{nm}bb", f"{p}{nm}"))
            for nm, w, bias in (("Q", wq, bq), ("K", wk, bk), ("V", wv, bv))}
    split = {}
    for nm in ("Q", "K", "V"):
        r = fb.reshape(f"{p}{nm}hr", proj[nm], [b, n, heads, dh])
        split[nm] = fb.transpose(f"{p}{nm}h", r, HEADS_FIRST)
    qh, kh, vh = split["Q"], split["K"], split["V"]
    s = fb.dot_general(f"{p}S", qh, kh, ([3], [3]), BATCH_HEADS)
    scl = fb.constant(f"{p}scl", scale, s.shape)
    ss = fb.multiply(f"{p}Ss", s, scl)
    se = fb.exponential(f"{p}se", ss)
    total = fb.sum(f"{p}sum", se, [3])
    sumb = fb.broadcast_in_dim(f"{p}sumb", total, [0, 1, 2], s.shape)
    w = fb.divide(f"{p}W", se, sumb)
    a = fb.dot_general(f"{p}A", w, vh, ([3], [2]), BATCH_HEADS)
    at = fb.transpose(f"{p}AT", a, HEADS_FIRST)
    merged = fb.reshape(f"{p}P", at, [b, n, d])
    out = dense_bias(fb, merged, wo, bo, (f"{p}od", f"{p}obb", f"{p}O"))
    return AttentionSaved(out, qh, kh, vh, w, merged)


def attention_backward(fb: FunctionBuilder, p: str, x: Value, saved: AttentionSaved, wq: Value, wk: Value,
                       wv: Value, wo: Value, d_out: Value, heads: int, scale: str) -> tuple[Value, ...]:
    """Returns (dx, dWq, dbq, dWk, dbk, dWv, dbv, dWo, dbo)."""
    b, n, d = x.shape
    dh = d // heads
    dp = fb.dot_general(f"{p}dP", d_out, wo, ([2], [1]))
    dwo = fb.dot_general(f"{p}dWo", saved.p, d_out, TOKENS)
    dbo = fb.sum(f"{p}dbo", d_out, [0, 1])
    dpr = fb.reshape(f"{p}dPr", dp, [b, n, heads, dh])
    da = fb.transpose(f"{p}dA", dpr, HEADS_FIRST)
    dw = fb.dot_general(f"{p}dW", da, saved.vh, ([3], [3]), BATCH_HEADS)
    dvh = fb.dot_general(f"{p}dVh", saved.w, da, ([2], [2]), BATCH_HEADS)
    pdw = fb.multiply(f"{p}pdw", saved.w, dw)
    srow = fb.sum(f"{p}srow", pdw, [3])
    srowb = fb.broadcast_in_dim(f"{p}srowb", srow, [0, 1, 2], dw.shape)
    diff = fb.subtract(f"{p}diff", dw, srowb)
    dss = fb.multiply(f"{p}dSs", saved.w, diff)
    sclb = fb.constant(f"{p}sclb", scale, dw.shape)
    ds = fb.multiply(f"{p}dS", dss, sclb)
    dqh = fb.dot_general(f"{p}dQh", ds, saved.kh, ([3], [2]), BATCH_HEADS)
    dkh = fb.dot_general(f"{p}dKh", ds, saved.qh, ([2], [2]), BATCH_HEADS)
    merged = {}
    for nm, dxh in (("Q", dqh), ("K", dkh), ("V", dvh)):
        t = fb.transpose(f"{p}d{nm}T", dxh, HEADS_FIRST)
        merged[nm] = fb.reshape(f"{p}d{nm}", t, [b, n, d])
    grads, dxs = [], []
    for nm, w in (("Q", wq), ("K", wk), ("V", wv)):
        dxs.append(fb.dot_general(f"{p}dx{nm}", merged[nm], w, ([2], [1])))
        grads.append(fb.dot_general(f"{p}dW{nm}", x, merged[nm], TOKENS))
        grads.append(fb.sum(f"{p}db{nm}", merged[nm], [0, 1]))
    dxa = fb.add(f"{p}dxa", dxs[0], dxs[1])
    dx = fb.add(f"{p}dx", dxa, dxs[2])
    return (dx, *grads, dwo, dbo)
