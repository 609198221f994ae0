"""Independent oracle for the ViT StableHLO text: plain string templates.

This module was written by hand from the reference's fragment text (the Lean
``ViTRender`` fragment library that produced the golden module) and from the
project's notes on the ViT text format.  It shares no code with the
``vitir`` AST printer: every fragment is a run of f-string lines, each line
``    %name = ...\\n``, in the same order and with the same SSA names the
reference emits.  The vitir printer must equal this text byte for byte.

Conventions (as in the reference):
  * a fragment takes a prefix ``p`` (no ``%``); its results are ``%{p}<suffix>``;
  * operand arguments are full SSA names, ``%`` included;
  * float literals arrive as strings and are spliced verbatim; counts print as
    ``{n}.0``; floats computed here (label smoothing) print like C ``%f``;
  * ``%sc`` (f32 zero) is assumed in scope (reduce init, pad value).
"""

from __future__ import annotations

from dataclasses import dataclass


def ty(dims: list[int]) -> str:
    """``tensor<AxBxf32>``; rank 0 is ``tensor<f32>``."""
    return "tensor<" + "x".join([str(k) for k in dims] + ["f32"]) + ">"


def _cf(x: float) -> str:
    """A float computed at render time, printed like C ``%f``."""
    return "%f" % x


# ════════════════════════════════════════════════════════════════
# Per-channel [D] LayerNorm
# ════════════════════════════════════════════════════════════════

def ln_fwd(p, x, g, b, bb, n, d, eps):
    """LayerNorm over axis 2 of [bb,n,d], then gamma/beta.  Keeps xhat, istdb, nf."""
    return (
        f"    %{p}sum = stablehlo.reduce({x} init: %sc) applies stablehlo.add across dimensions = [2] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([bb, n])}\n"
        f"    %{p}nf = stablehlo.constant dense<{d}.0> : {ty([bb, n])}\n"
        f"    %{p}mu = stablehlo.divide %{p}sum, %{p}nf : {ty([bb, n])}\n"
        f"    %{p}mub = stablehlo.broadcast_in_dim %{p}mu, dims = [0, 1] : ({ty([bb, n])}) -> {ty([bb, n, d])}\n"
        f"    %{p}xc = stablehlo.subtract {x}, %{p}mub : {ty([bb, n, d])}\n"
        f"    %{p}sq = stablehlo.multiply %{p}xc, %{p}xc : {ty([bb, n, d])}\n"
        f"    %{p}vsum = stablehlo.reduce(%{p}sq init: %sc) applies stablehlo.add across dimensions = [2] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([bb, n])}\n"
        f"    %{p}var = stablehlo.divide %{p}vsum, %{p}nf : {ty([bb, n])}\n"
        f"    %{p}eps = stablehlo.constant dense<{eps}> : {ty([bb, n])}\n"
        f"    %{p}ve = stablehlo.add %{p}var, %{p}eps : {ty([bb, n])}\n"
        f"    %{p}istd = stablehlo.rsqrt %{p}ve : {ty([bb, n])}\n"
        f"    %{p}istdb = stablehlo.broadcast_in_dim %{p}istd, dims = [0, 1] : ({ty([bb, n])}) -> {ty([bb, n, d])}\n"
        f"    %{p}xhat = stablehlo.multiply %{p}xc, %{p}istdb : {ty([bb, n, d])}\n"
        f"    %{p}gb = stablehlo.broadcast_in_dim {g}, dims = [2] : ({ty([d])}) -> {ty([bb, n, d])}\n"
        f"    %{p}bbc = stablehlo.broadcast_in_dim {b}, dims = [2] : ({ty([d])}) -> {ty([bb, n, d])}\n"
        f"    %{p}gx = stablehlo.multiply %{p}xhat, %{p}gb : {ty([bb, n, d])}\n"
        f"    %{p}y = stablehlo.add %{p}gx, %{p}bbc : {ty([bb, n, d])}\n"
    )


def ln_back(p, g, dy, bb, n, d):
    """LayerNorm backward; reuses xhat/istdb/nf of ln_fwd(p).  Gives dx, dg, db."""
    return (
        # affine back
        f"    %{p}gbk = stablehlo.broadcast_in_dim {g}, dims = [2] : ({ty([d])}) -> {ty([bb, n, d])}\n"
        f"    %{p}dxhat = stablehlo.multiply {dy}, %{p}gbk : {ty([bb, n, d])}\n"
        f"    %{p}dgpre = stablehlo.multiply {dy}, %{p}xhat : {ty([bb, n, d])}\n"
        f"    %{p}dg = stablehlo.reduce(%{p}dgpre init: %sc) applies stablehlo.add across dimensions = [0, 1] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([d])}\n"
        f"    %{p}db = stablehlo.reduce({dy} init: %sc) applies stablehlo.add across dimensions = [0, 1] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([d])}\n"
        # normalize back
        f"    %{p}m1s = stablehlo.reduce(%{p}dxhat init: %sc) applies stablehlo.add across dimensions = [2] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([bb, n])}\n"
        f"    %{p}m1 = stablehlo.divide %{p}m1s, %{p}nf : {ty([bb, n])}\n"
        f"    %{p}dxxh = stablehlo.multiply %{p}dxhat, %{p}xhat : {ty([bb, n, d])}\n"
        f"    %{p}m2s = stablehlo.reduce(%{p}dxxh init: %sc) applies stablehlo.add across dimensions = [2] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([bb, n])}\n"
        f"    %{p}m2 = stablehlo.divide %{p}m2s, %{p}nf : {ty([bb, n])}\n"
        f"    %{p}m1b = stablehlo.broadcast_in_dim %{p}m1, dims = [0, 1] : ({ty([bb, n])}) -> {ty([bb, n, d])}\n"
        f"    %{p}m2b = stablehlo.broadcast_in_dim %{p}m2, dims = [0, 1] : ({ty([bb, n])}) -> {ty([bb, n, d])}\n"
        f"    %{p}t1 = stablehlo.subtract %{p}dxhat, %{p}m1b : {ty([bb, n, d])}\n"
        f"    %{p}xm2 = stablehlo.multiply %{p}xhat, %{p}m2b : {ty([bb, n, d])}\n"
        f"    %{p}t2 = stablehlo.subtract %{p}t1, %{p}xm2 : {ty([bb, n, d])}\n"
        f"    %{p}dx = stablehlo.multiply %{p}istdb, %{p}t2 : {ty([bb, n, d])}\n"
    )


# ════════════════════════════════════════════════════════════════
# GELU (tanh approximation), elementwise over [bb,n,m]
# ════════════════════════════════════════════════════════════════

def gelu_fwd(p, inp, bb, n, m):
    """GELU forward; result %{p}a."""
    t = ty([bb, n, m])
    return (
        f"    %{p}x2 = stablehlo.multiply {inp}, {inp} : {t}\n"
        f"    %{p}x3 = stablehlo.multiply %{p}x2, {inp} : {t}\n"
        f"    %{p}ck = stablehlo.constant dense<0.044715> : {t}\n"
        f"    %{p}kx3 = stablehlo.multiply %{p}ck, %{p}x3 : {t}\n"
        f"    %{p}inn = stablehlo.add {inp}, %{p}kx3 : {t}\n"
        f"    %{p}csqrt = stablehlo.constant dense<0.7978845608028654> : {t}\n"
        f"    %{p}u = stablehlo.multiply %{p}csqrt, %{p}inn : {t}\n"
        f"    %{p}t = stablehlo.tanh %{p}u : {t}\n"
        f"    %{p}one = stablehlo.constant dense<1.0> : {t}\n"
        f"    %{p}opt = stablehlo.add %{p}one, %{p}t : {t}\n"
        f"    %{p}chalf = stablehlo.constant dense<0.5> : {t}\n"
        f"    %{p}hx = stablehlo.multiply %{p}chalf, {inp} : {t}\n"
        f"    %{p}a = stablehlo.multiply %{p}hx, %{p}opt : {t}\n"
    )


def gelu_back(p, xpre, dy, bb, n, m):
    """GELU backward from the saved pre-activation; result %{p}dx."""
    t = ty([bb, n, m])
    return (
        f"    %{p}bx2 = stablehlo.multiply {xpre}, {xpre} : {t}\n"
        f"    %{p}bx3 = stablehlo.multiply %{p}bx2, {xpre} : {t}\n"
        f"    %{p}bck = stablehlo.constant dense<0.044715> : {t}\n"
        f"    %{p}bkx3 = stablehlo.multiply %{p}bck, %{p}bx3 : {t}\n"
        f"    %{p}binn = stablehlo.add {xpre}, %{p}bkx3 : {t}\n"
        f"    %{p}bcsqrt = stablehlo.constant dense<0.7978845608028654> : {t}\n"
        f"    %{p}bu = stablehlo.multiply %{p}bcsqrt, %{p}binn : {t}\n"
        f"    %{p}bt = stablehlo.tanh %{p}bu : {t}\n"
        f"    %{p}bone = stablehlo.constant dense<1.0> : {t}\n"
        f"    %{p}bopt = stablehlo.add %{p}bone, %{p}bt : {t}\n"
        f"    %{p}bchalf = stablehlo.constant dense<0.5> : {t}\n"
        f"    %{p}bterm1 = stablehlo.multiply %{p}bchalf, %{p}bopt : {t}\n"
        f"    %{p}bt2 = stablehlo.multiply %{p}bt, %{p}bt : {t}\n"
        f"    %{p}bomt2 = stablehlo.subtract %{p}bone, %{p}bt2 : {t}\n"
        f"    %{p}bhx = stablehlo.multiply %{p}bchalf, {xpre} : {t}\n"
        f"    %{p}bhxo = stablehlo.multiply %{p}bhx, %{p}bomt2 : {t}\n"
        f"    %{p}bc3b = stablehlo.constant dense<0.134145> : {t}\n"
        f"    %{p}ba3x2 = stablehlo.multiply %{p}bc3b, %{p}bx2 : {t}\n"
        f"    %{p}bin2 = stablehlo.add %{p}bone, %{p}ba3x2 : {t}\n"
        f"    %{p}bup = stablehlo.multiply %{p}bcsqrt, %{p}bin2 : {t}\n"
        f"    %{p}bterm2 = stablehlo.multiply %{p}bhxo, %{p}bup : {t}\n"
        f"    %{p}bgp = stablehlo.add %{p}bterm1, %{p}bterm2 : {t}\n"
        f"    %{p}dx = stablehlo.multiply {dy}, %{p}bgp : {t}\n"
    )


# ════════════════════════════════════════════════════════════════
# MLP sublayer: fc2 . gelu . fc1
# ════════════════════════════════════════════════════════════════

def mlp_fwd(p, x, w1, b1, w2, b2, bb, n, d, m):
    """MLP forward; keeps %{p}h1 and %{p}ga; result %{p}y."""
    return (
        f"    %{p}h1d = stablehlo.dot_general {x}, {w1}, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : ({ty([bb, n, d])}, {ty([d, m])}) -> {ty([bb, n, m])}\n"
        f"    %{p}h1bb = stablehlo.broadcast_in_dim {b1}, dims = [2] : ({ty([m])}) -> {ty([bb, n, m])}\n"
        f"    %{p}h1 = stablehlo.add %{p}h1d, %{p}h1bb : {ty([bb, n, m])}\n"
        + gelu_fwd(f"{p}g", f"%{p}h1", bb, n, m)
        + f"    %{p}y2d = stablehlo.dot_general %{p}ga, {w2}, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : ({ty([bb, n, m])}, {ty([m, d])}) -> {ty([bb, n, d])}\n"
        f"    %{p}y2bb = stablehlo.broadcast_in_dim {b2}, dims = [2] : ({ty([d])}) -> {ty([bb, n, d])}\n"
        f"    %{p}y = stablehlo.add %{p}y2d, %{p}y2bb : {ty([bb, n, d])}\n"
    )


def mlp_back(p, x, w1, w2, dy, bb, n, d, m):
    """MLP backward; gives %{p}dx, dWfc1, dbfc1, dWfc2, dbfc2."""
    return (
        # fc2 back
        f"    %{p}da1 = stablehlo.dot_general {dy}, {w2}, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : ({ty([bb, n, d])}, {ty([m, d])}) -> {ty([bb, n, m])}\n"
        f"    %{p}dWfc2 = stablehlo.dot_general %{p}ga, {dy}, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : ({ty([bb, n, m])}, {ty([bb, n, d])}) -> {ty([m, d])}\n"
        f"    %{p}dbfc2 = stablehlo.reduce({dy} init: %sc) applies stablehlo.add across dimensions = [0, 1] : ({ty([bb, n, d])}, tensor<f32>) -> {ty([d])}\n"
        # gelu back
        + gelu_back(f"{p}gb", f"%{p}h1", f"%{p}da1", bb, n, m)
        # fc1 back
        + f"    %{p}dx = stablehlo.dot_general %{p}gbdx, {w1}, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : ({ty([bb, n, m])}, {ty([d, m])}) -> {ty([bb, n, d])}\n"
        f"    %{p}dWfc1 = stablehlo.dot_general {x}, %{p}gbdx, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : ({ty([bb, n, d])}, {ty([bb, n, m])}) -> {ty([d, m])}\n"
        f"    %{p}dbfc1 = stablehlo.reduce(%{p}gbdx init: %sc) applies stablehlo.add across dimensions = [0, 1] : ({ty([bb, n, m])}, tensor<f32>) -> {ty([m])}\n"
    )


# ════════════════════════════════════════════════════════════════
# Multi-head self-attention
# ════════════════════════════════════════════════════════════════

def mhsa_fwd(p, x, wq, bq, wk, bk, wv, bv, wo, bo, b, n, d, h, dh, scale):
    """MHSA forward; keeps W, Qh, Kh, Vh, P; result %{p}O."""

    def proj(nm, w, bias):
        return (
            f"    %{p}{nm}d = stablehlo.dot_general {x}, {w}, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : ({ty([b, n, d])}, {ty([d, d])}) -> {ty([b, n, d])}\n"
            f"    %{p}{nm}bb = stablehlo.broadcast_in_dim {bias}, dims = [2] : ({ty([d])}) -> {ty([b, n, d])}\n"
            f"    %{p}{nm} = stablehlo.add %{p}{nm}d, %{p}{nm}bb : {ty([b, n, d])}\n"
        )

    def split(src, dst):
        return (
            f"    %{p}{dst}r = stablehlo.reshape %{p}{src} : ({ty([b, n, d])}) -> {ty([b, n, h, dh])}\n"
            f"    %{p}{dst} = stablehlo.transpose %{p}{dst}r, dims = [0, 2, 1, 3] : ({ty([b, n, h, dh])}) -> {ty([b, h, n, dh])}\n"
        )

    return (
        proj("Q", wq, bq) + proj("K", wk, bk) + proj("V", wv, bv)
        + split("Q", "Qh") + split("K", "Kh") + split("V", "Vh")
        + f"    %{p}S = stablehlo.dot_general %{p}Qh, %{p}Kh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : ({ty([b, h, n, dh])}, {ty([b, h, n, dh])}) -> {ty([b, h, n, n])}\n"
        f"    %{p}scl = stablehlo.constant dense<{scale}> : {ty([b, h, n, n])}\n"
        f"    %{p}Ss = stablehlo.multiply %{p}S, %{p}scl : {ty([b, h, n, n])}\n"
        f"    %{p}se = stablehlo.exponential %{p}Ss : {ty([b, h, n, n])}\n"
        f"    %{p}sum = stablehlo.reduce(%{p}se init: %sc) applies stablehlo.add across dimensions = [3] : ({ty([b, h, n, n])}, tensor<f32>) -> {ty([b, h, n])}\n"
        f"    %{p}sumb = stablehlo.broadcast_in_dim %{p}sum, dims = [0, 1, 2] : ({ty([b, h, n])}) -> {ty([b, h, n, n])}\n"
        f"    %{p}W = stablehlo.divide %{p}se, %{p}sumb : {ty([b, h, n, n])}\n"
        f"    %{p}A = stablehlo.dot_general %{p}W, %{p}Vh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : ({ty([b, h, n, n])}, {ty([b, h, n, dh])}) -> {ty([b, h, n, dh])}\n"
        f"    %{p}AT = stablehlo.transpose %{p}A, dims = [0, 2, 1, 3] : ({ty([b, h, n, dh])}) -> {ty([b, n, h, dh])}\n"
        f"    %{p}P = stablehlo.reshape %{p}AT : ({ty([b, n, h, dh])}) -> {ty([b, n, d])}\n"
        f"    %{p}od = stablehlo.dot_general %{p}P, {wo}, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : ({ty([b, n, d])}, {ty([d, d])}) -> {ty([b, n, d])}\n"
        f"    %{p}obb = stablehlo.broadcast_in_dim {bo}, dims = [2] : ({ty([d])}) -> {ty([b, n, d])}\n"
        f"    %{p}O = stablehlo.add %{p}od, %{p}obb : {ty([b, n, d])}\n"
    )


def mhsa_back(p, x, wq, wk, wv, wo, d_o, b, n, d, h, dh, scale):
    """MHSA backward; gives %{p}dx and dWQ dbQ dWK dbK dWV dbV dWo dbo."""
    text = (
        f"    %{p}dP = stablehlo.dot_general {d_o}, {wo}, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : ({ty([b, n, d])}, {ty([d, d])}) -> {ty([b, n, d])}\n"
        f"    %{p}dWo = stablehlo.dot_general %{p}P, {d_o}, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : ({ty([b, n, d])}, {ty([b, n, d])}) -> {ty([d, d])}\n"
        f"    %{p}dbo = stablehlo.reduce({d_o} init: %sc) applies stablehlo.add across dimensions = [0, 1] : ({ty([b, n, d])}, tensor<f32>) -> {ty([d])}\n"
        f"    %{p}dPr = stablehlo.reshape %{p}dP : ({ty([b, n, d])}) -> {ty([b, n, h, dh])}\n"
        f"    %{p}dA = stablehlo.transpose %{p}dPr, dims = [0, 2, 1, 3] : ({ty([b, n, h, dh])}) -> {ty([b, h, n, dh])}\n"
        f"    %{p}dW = stablehlo.dot_general %{p}dA, %{p}Vh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : ({ty([b, h, n, dh])}, {ty([b, h, n, dh])}) -> {ty([b, h, n, n])}\n"
        f"    %{p}dVh = stablehlo.dot_general %{p}W, %{p}dA, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : ({ty([b, h, n, n])}, {ty([b, h, n, dh])}) -> {ty([b, h, n, dh])}\n"
        f"    %{p}pdw = stablehlo.multiply %{p}W, %{p}dW : {ty([b, h, n, n])}\n"
        f"    %{p}srow = stablehlo.reduce(%{p}pdw init: %sc) applies stablehlo.add across dimensions = [3] : ({ty([b, h, n, n])}, tensor<f32>) -> {ty([b, h, n])}\n"
        f"    %{p}srowb = stablehlo.broadcast_in_dim %{p}srow, dims = [0, 1, 2] : ({ty([b, h, n])}) -> {ty([b, h, n, n])}\n"
        f"    %{p}diff = stablehlo.subtract %{p}dW, %{p}srowb : {ty([b, h, n, n])}\n"
        f"    %{p}dSs = stablehlo.multiply %{p}W, %{p}diff : {ty([b, h, n, n])}\n"
        f"    %{p}sclb = stablehlo.constant dense<{scale}> : {ty([b, h, n, n])}\n"
        f"    %{p}dS = stablehlo.multiply %{p}dSs, %{p}sclb : {ty([b, h, n, n])}\n"
        f"    %{p}dQh = stablehlo.dot_general %{p}dS, %{p}Kh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : ({ty([b, h, n, n])}, {ty([b, h, n, dh])}) -> {ty([b, h, n, dh])}\n"
        f"    %{p}dKh = stablehlo.dot_general %{p}dS, %{p}Qh, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : ({ty([b, h, n, n])}, {ty([b, h, n, dh])}) -> {ty([b, h, n, dh])}\n"
    )
    for nm in ["Q", "K", "V"]:
        text += (
            f"    %{p}d{nm}T = stablehlo.transpose %{p}d{nm}h, dims = [0, 2, 1, 3] : ({ty([b, h, n, dh])}) -> {ty([b, n, h, dh])}\n"
            f"    %{p}d{nm} = stablehlo.reshape %{p}d{nm}T : ({ty([b, n, h, dh])}) -> {ty([b, n, d])}\n"
        )
    for nm, w in [("Q", wq), ("K", wk), ("V", wv)]:
        text += (
            f"    %{p}dx{nm} = stablehlo.dot_general %{p}d{nm}, {w}, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : ({ty([b, n, d])}, {ty([d, d])}) -> {ty([b, n, d])}\n"
            f"    %{p}dW{nm} = stablehlo.dot_general {x}, %{p}d{nm}, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : ({ty([b, n, d])}, {ty([b, n, d])}) -> {ty([d, d])}\n"
            f"    %{p}db{nm} = stablehlo.reduce(%{p}d{nm} init: %sc) applies stablehlo.add across dimensions = [0, 1] : ({ty([b, n, d])}, tensor<f32>) -> {ty([d])}\n"
        )
    text += (
        f"    %{p}dxa = stablehlo.add %{p}dxQ, %{p}dxK : {ty([b, n, d])}\n"
        f"    %{p}dx = stablehlo.add %{p}dxa, %{p}dxV : {ty([b, n, d])}\n"
    )
    return text


# ════════════════════════════════════════════════════════════════
# Transformer block (pre-norm): LN1 -> MHSA -> +x -> LN2 -> MLP -> +
# ════════════════════════════════════════════════════════════════

BLOCK_FIELDS = ["g1", "b1", "Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo",
                "g2", "b2", "Wfc1", "bfc1", "Wfc2", "bfc2"]


def block_params(i):
    """Block i's 16 parameter SSA names, in layout order."""
    return [f"%{field}_{i}" for field in BLOCK_FIELDS]


def block_fwd(p, x, bp, b, n, d, m, h, dh, eps, scale):
    """Block forward; sub-prefixes {p}1, {p}m, {p}2, {p}p; result %{p}out."""
    g1, b1, wq, bq, wk, bk, wv, bv, wo, bo, g2, b2, wfc1, bfc1, wfc2, bfc2 = bp
    return (
        ln_fwd(f"{p}1", x, g1, b1, b, n, d, eps)
        + mhsa_fwd(f"{p}m", f"%{p}1y", wq, bq, wk, bk, wv, bv, wo, bo, b, n, d, h, dh, scale)
        + f"    %{p}r1 = stablehlo.add {x}, %{p}mO : {ty([b, n, d])}\n"
        + ln_fwd(f"{p}2", f"%{p}r1", g2, b2, b, n, d, eps)
        + mlp_fwd(f"{p}p", f"%{p}2y", wfc1, bfc1, wfc2, bfc2, b, n, d, m)
        + f"    %{p}out = stablehlo.add %{p}r1, %{p}py : {ty([b, n, d])}\n"
    )


def block_back(p, d_out, bp, b, n, d, m, h, dh, scale):
    """Block backward; gives %{p}dx and the 16 grads of block_grad_names(p)."""
    g1, _b1, wq, _bq, wk, _bk, wv, _bv, wo, _bo, g2, _b2, wfc1, _bfc1, wfc2, _bfc2 = bp
    return (
        # MLP + LN2 path
        mlp_back(f"{p}p", f"%{p}2y", wfc1, wfc2, d_out, b, n, d, m)
        + ln_back(f"{p}2", g2, f"%{p}pdx", b, n, d)
        + f"    %{p}dr1 = stablehlo.add {d_out}, %{p}2dx : {ty([b, n, d])}\n"
        # MHSA + LN1 path
        + mhsa_back(f"{p}m", f"%{p}1y", wq, wk, wv, wo, f"%{p}dr1", b, n, d, h, dh, scale)
        + ln_back(f"{p}1", g1, f"%{p}mdx", b, n, d)
        + f"    %{p}dx = stablehlo.add %{p}dr1, %{p}1dx : {ty([b, n, d])}\n"
    )


def block_grad_names(p):
    """The 16 parameter gradients of block_back(p), in layout order."""
    return [f"%{p}1dg", f"%{p}1db",
            f"%{p}mdWQ", f"%{p}mdbQ", f"%{p}mdWK", f"%{p}mdbK",
            f"%{p}mdWV", f"%{p}mdbV", f"%{p}mdWo", f"%{p}mdbo",
            f"%{p}2dg", f"%{p}2db",
            f"%{p}pdWfc1", f"%{p}pdbfc1", f"%{p}pdWfc2", f"%{p}pdbfc2"]


# ════════════════════════════════════════════════════════════════
# Patch embed, CLS token + positional embed, classifier head
# ════════════════════════════════════════════════════════════════

_CONV_DIMS = "      dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],\n"
_CONV_GROUPS = "      {batch_group_count = 1 : i64, feature_group_count = 1 : i64}"


def patch_embed_fwd(p, x, w, bias, b, ic, d, ph, pw, s):
    """Stride-s patch conv + bias, flattened to tokens %{p}tok [b, ph*pw, d]."""
    return (
        f"    %{p}c = stablehlo.convolution({x}, {w})\n"
        + _CONV_DIMS
        + f"      window = {{stride = [{s}, {s}], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}}\n"
        + _CONV_GROUPS
        + f" : ({ty([b, ic, s * ph, s * pw])}, {ty([d, ic, s, s])}) -> {ty([b, d, ph, pw])}\n"
        f"    %{p}cbb = stablehlo.broadcast_in_dim {bias}, dims = [1] : ({ty([d])}) -> {ty([b, d, ph, pw])}\n"
        f"    %{p}pe = stablehlo.add %{p}c, %{p}cbb : {ty([b, d, ph, pw])}\n"
        f"    %{p}pt = stablehlo.transpose %{p}pe, dims = [0, 2, 3, 1] : ({ty([b, d, ph, pw])}) -> {ty([b, ph, pw, d])}\n"
        f"    %{p}tok = stablehlo.reshape %{p}pt : ({ty([b, ph, pw, d])}) -> {ty([b, ph * pw, d])}\n"
    )


def patch_embed_back(p, x, dtok, b, ic, d, ph, pw, s):
    """Patch-embed weight and bias grads %{p}dw, %{p}db (no image grad)."""
    dil_h = s * ph - (s - 1)
    dil_w = s * pw - (s - 1)
    return (
        # token grad -> [b,d,ph,pw]
        f"    %{p}dtr = stablehlo.reshape {dtok} : ({ty([b, ph * pw, d])}) -> {ty([b, ph, pw, d])}\n"
        f"    %{p}dy = stablehlo.transpose %{p}dtr, dims = [0, 3, 1, 2] : ({ty([b, ph, pw, d])}) -> {ty([b, d, ph, pw])}\n"
        # bias grad
        f"    %{p}db = stablehlo.reduce(%{p}dy init: %sc) applies stablehlo.add across dimensions = [0, 2, 3] : ({ty([b, d, ph, pw])}, tensor<f32>) -> {ty([d])}\n"
        # weight grad: dilate dy (interior s-1), then a valid conv
        f"    %{p}u = stablehlo.pad %{p}dy, %sc, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, {s - 1}, {s - 1}] : ({ty([b, d, ph, pw])}, tensor<f32>) -> {ty([b, d, dil_h, dil_w])}\n"
        f"    %{p}xt = stablehlo.transpose {x}, dims = [1, 0, 2, 3] : ({ty([b, ic, s * ph, s * pw])}) -> {ty([ic, b, s * ph, s * pw])}\n"
        f"    %{p}dt = stablehlo.transpose %{p}u, dims = [1, 0, 2, 3] : ({ty([b, d, dil_h, dil_w])}) -> {ty([d, b, dil_h, dil_w])}\n"
        f"    %{p}raw = stablehlo.convolution(%{p}xt, %{p}dt)\n"
        + _CONV_DIMS
        + "      window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}\n"
        + _CONV_GROUPS
        + f" : ({ty([ic, b, s * ph, s * pw])}, {ty([d, b, dil_h, dil_w])}) -> {ty([ic, d, s, s])}\n"
        f"    %{p}dw = stablehlo.transpose %{p}raw, dims = [1, 0, 2, 3] : ({ty([ic, d, s, s])}) -> {ty([d, ic, s, s])}\n"
    )


def cls_pos_fwd(p, tok, cls, pos, b, n0, d):
    """Prepend the CLS token, add the positional embedding; result %{p}z."""
    return (
        f"    %{p}clsb = stablehlo.broadcast_in_dim {cls}, dims = [2] : ({ty([d])}) -> {ty([b, 1, d])}\n"
        f"    %{p}cat = stablehlo.concatenate %{p}clsb, {tok}, dim = 1 : ({ty([b, 1, d])}, {ty([b, n0, d])}) -> {ty([b, n0 + 1, d])}\n"
        f"    %{p}posb = stablehlo.broadcast_in_dim {pos}, dims = [1, 2] : ({ty([n0 + 1, d])}) -> {ty([b, n0 + 1, d])}\n"
        f"    %{p}z = stablehlo.add %{p}cat, %{p}posb : {ty([b, n0 + 1, d])}\n"
    )


def cls_pos_back(p, dz, b, n0, d):
    """Gives %{p}dpos, %{p}dcls and the patch-token grad %{p}dtok."""
    return (
        f"    %{p}dpos = stablehlo.reduce({dz} init: %sc) applies stablehlo.add across dimensions = [0] : ({ty([b, n0 + 1, d])}, tensor<f32>) -> {ty([n0 + 1, d])}\n"
        f"    %{p}cslc = stablehlo.slice {dz} [0:{b}, 0:1, 0:{d}] : ({ty([b, n0 + 1, d])}) -> {ty([b, 1, d])}\n"
        f"    %{p}cr = stablehlo.reshape %{p}cslc : ({ty([b, 1, d])}) -> {ty([b, d])}\n"
        f"    %{p}dcls = stablehlo.reduce(%{p}cr init: %sc) applies stablehlo.add across dimensions = [0] : ({ty([b, d])}, tensor<f32>) -> {ty([d])}\n"
        f"    %{p}dtok = stablehlo.slice {dz} [0:{b}, 1:{n0 + 1}, 0:{d}] : ({ty([b, n0 + 1, d])}) -> {ty([b, n0, d])}\n"
    )


def head_fwd(p, z, wc, bc, b, n, d, nc):
    """CLS row -> dense classifier; result %{p}logits [b,nc]."""
    return (
        f"    %{p}cls = stablehlo.slice {z} [0:{b}, 0:1, 0:{d}] : ({ty([b, n, d])}) -> {ty([b, 1, d])}\n"
        f"    %{p}clsv = stablehlo.reshape %{p}cls : ({ty([b, 1, d])}) -> {ty([b, d])}\n"
        f"    %{p}hd = stablehlo.dot_general %{p}clsv, {wc}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : ({ty([b, d])}, {ty([d, nc])}) -> {ty([b, nc])}\n"
        f"    %{p}hbb = stablehlo.broadcast_in_dim {bc}, dims = [1] : ({ty([nc])}) -> {ty([b, nc])}\n"
        f"    %{p}logits = stablehlo.add %{p}hd, %{p}hbb : {ty([b, nc])}\n"
    )


def head_back(p, wc, dlog, b, n, d, nc):
    """Gives %{p}dWc, %{p}dbc and %{p}dz (the CLS-row grad padded to [b,n,d])."""
    return (
        f"    %{p}dWc = stablehlo.dot_general %{p}clsv, {dlog}, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : ({ty([b, d])}, {ty([b, nc])}) -> {ty([d, nc])}\n"
        f"    %{p}dbc = stablehlo.reduce({dlog} init: %sc) applies stablehlo.add across dimensions = [0] : ({ty([b, nc])}, tensor<f32>) -> {ty([nc])}\n"
        f"    %{p}dclsv = stablehlo.dot_general {dlog}, {wc}, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : ({ty([b, nc])}, {ty([d, nc])}) -> {ty([b, d])}\n"
        f"    %{p}dclsr = stablehlo.reshape %{p}dclsv : ({ty([b, d])}) -> {ty([b, 1, d])}\n"
        f"    %{p}dz = stablehlo.pad %{p}dclsr, %sc, low = [0, 0, 0], high = [0, {n - 1}, 0], interior = [0, 0, 0] : ({ty([b, 1, d])}, tensor<f32>) -> {ty([b, n, d])}\n"
    )


# ════════════════════════════════════════════════════════════════
# Whole ViT: patch embed -> CLS+pos -> depth blocks -> final LN -> head
# ════════════════════════════════════════════════════════════════

@dataclass(frozen=True)
class Cfg:
    b: int
    ic: int
    d: int
    ph: int
    pw: int
    s: int
    m: int
    h: int
    dh: int
    nc: int
    eps: str = "1.0e-5"
    scale: str = "0.125"


def vit_tiny(b):
    """ViT-Tiny at 224x224 (14x14 patches of 16), 10 classes."""
    return Cfg(b=b, ic=3, d=192, ph=14, pw=14, s=16, m=768, h=3, dh=64, nc=10,
               eps="1.0e-5", scale="0.125")


def vit_fwd(p, x, cfg, depth):
    """Whole forward; result %{p}hdlogits."""
    n0 = cfg.ph * cfg.pw
    n = n0 + 1
    text = patch_embed_fwd(f"{p}pe", x, "%wConv", "%bConv", cfg.b, cfg.ic, cfg.d, cfg.ph, cfg.pw, cfg.s)
    text += cls_pos_fwd(f"{p}cp", f"%{p}petok", "%cls", "%pos", cfg.b, n0, cfg.d)
    prev = f"%{p}cpz"
    for i in range(depth):
        text += block_fwd(f"{p}b{i}_", prev, block_params(i), cfg.b, n, cfg.d, cfg.m, cfg.h, cfg.dh, cfg.eps, cfg.scale)
        prev = f"%{p}b{i}_out"
    text += ln_fwd(f"{p}fln", prev, "%gF", "%bF", cfg.b, n, cfg.d, cfg.eps)
    text += head_fwd(f"{p}hd", f"%{p}flny", "%Wc", "%bc", cfg.b, n, cfg.d, cfg.nc)
    return text


def vit_back(p, dlog, x, cfg, depth):
    """Whole backward from the logits cotangent; gives vit_grad_names(p, depth)."""
    n0 = cfg.ph * cfg.pw
    n = n0 + 1
    text = head_back(f"{p}hd", "%Wc", dlog, cfg.b, n, cfg.d, cfg.nc)
    text += ln_back(f"{p}fln", "%gF", f"%{p}hddz", cfg.b, n, cfg.d)
    dnext = f"%{p}flndx"
    for i in reversed(range(depth)):
        text += block_back(f"{p}b{i}_", dnext, block_params(i), cfg.b, n, cfg.d, cfg.m, cfg.h, cfg.dh, cfg.scale)
        dnext = f"%{p}b{i}_dx"
    text += cls_pos_back(f"{p}cp", dnext, cfg.b, n0, cfg.d)
    text += patch_embed_back(f"{p}pe", x, f"%{p}cpdtok", cfg.b, cfg.ic, cfg.d, cfg.ph, cfg.pw, cfg.s)
    return text


def vit_param_names(depth):
    """Parameter SSA names in canonical order."""
    names = ["%wConv", "%bConv", "%cls", "%pos"]
    for i in range(depth):
        names += block_params(i)
    return names + ["%gF", "%bF", "%Wc", "%bc"]


def vit_grad_names(p, depth):
    """Gradient SSA names of vit_back(p), same order as vit_param_names."""
    names = [f"%{p}pedw", f"%{p}pedb", f"%{p}cpdcls", f"%{p}cpdpos"]
    for i in range(depth):
        names += block_grad_names(f"{p}b{i}_")
    return names + [f"%{p}flndg", f"%{p}flndb", f"%{p}hddWc", f"%{p}hddbc"]


def vit_param_dims(cfg, depth):
    """Parameter shapes, same order as vit_param_names."""
    d, m = cfg.d, cfg.m
    n = cfg.ph * cfg.pw + 1
    dims = [[d, cfg.ic, cfg.s, cfg.s], [d], [d], [n, d]]
    for _ in range(depth):
        dims += [[d], [d],
                 [d, d], [d], [d, d], [d], [d, d], [d], [d, d], [d],
                 [d], [d],
                 [d, m], [m], [m, d], [d]]
    return dims + [[d], [d], [d, cfg.nc], [cfg.nc]]


def _sig(names, dims):
    return ", ".join(f"{nm}: {ty(ds)}" for nm, ds in zip(names, dims))


def vit_param_sig(cfg, depth):
    """The parameter part of a function signature, `%nm: tensor<...>, ...`."""
    return _sig(vit_param_names(depth), vit_param_dims(cfg, depth))


# ════════════════════════════════════════════════════════════════
# AdamW update and the cross-replica gradient mean
# ════════════════════════════════════════════════════════════════

def adam_update(theta, g, m, v, ds, tag):
    """One parameter's AdamW step; returns (text, theta', m', v')."""
    t = tag
    T = ty(ds)
    text = (
        f"    %adb1{t} = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adob1{t} = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adms{t} = stablehlo.multiply %adb1{t}, {m} : {T}\n"
        f"    %admg{t} = stablehlo.multiply %adob1{t}, {g} : {T}\n"
        f"    %admn{t} = stablehlo.add %adms{t}, %admg{t} : {T}\n"
        f"    %adb2{t} = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adob2{t} = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %advs{t} = stablehlo.multiply %adb2{t}, {v} : {T}\n"
        f"    %adg2{t} = stablehlo.multiply {g}, {g} : {T}\n"
        f"    %advg{t} = stablehlo.multiply %adob2{t}, %adg2{t} : {T}\n"
        f"    %advn{t} = stablehlo.add %advs{t}, %advg{t} : {T}\n"
        f"    %adbc1{t} = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adbc2{t} = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %admh{t} = stablehlo.divide %admn{t}, %adbc1{t} : {T}\n"
        f"    %advh{t} = stablehlo.divide %advn{t}, %adbc2{t} : {T}\n"
        f"    %adlr{t} = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adeps{t} = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adsq{t} = stablehlo.sqrt %advh{t} : {T}\n"
        f"    %adden{t} = stablehlo.add %adsq{t}, %adeps{t} : {T}\n"
        f"    %adrat{t} = stablehlo.divide %admh{t}, %adden{t} : {T}\n"
        f"    %adst{t} = stablehlo.multiply %adlr{t}, %adrat{t} : {T}\n"
        f"    %adsub{t} = stablehlo.subtract {theta}, %adst{t} : {T}\n"
        f"    %adwd{t} = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> {T}\n"
        f"    %adwdlr{t} = stablehlo.multiply %adwd{t}, %adlr{t} : {T}\n"
        f"    %adwdp{t} = stablehlo.multiply %adwdlr{t}, {theta} : {T}\n"
        f"    %adnew{t} = stablehlo.subtract %adsub{t}, %adwdp{t} : {T}\n"
    )
    return text, f"%adnew{t}", f"%admn{t}", f"%advn{t}"


def grad_all_reduce(g, ds, tag, replicas):
    """Mean of g across replicas; returns (text, mean name).  One replica: ("", g)."""
    if replicas <= 1:
        return "", g
    t = tag
    T = ty(ds)
    group = ", ".join(str(r) for r in range(replicas))
    text = (
        f"    %arsum{t} = \"stablehlo.all_reduce\"({g}) ({{\n"
        f"    ^bb0(%ara{t}: tensor<f32>, %arb{t}: tensor<f32>):\n"
        f"      %aradd{t} = stablehlo.add %ara{t}, %arb{t} : tensor<f32>\n"
        f"      stablehlo.return %aradd{t} : tensor<f32>\n"
        f"    }}) {{ replica_groups = dense<[[{group}]]> : tensor<1x{replicas}xi64> }} : ({T}) -> {T}\n"
        f"    %arn{t} = stablehlo.constant dense<{replicas}.0> : {T}\n"
        f"    %armean{t} = stablehlo.divide %arsum{t}, %arn{t} : {T}\n"
    )
    return text, f"%armean{t}"


def adam_update_dp(theta, g, m, v, ds, tag, replicas):
    """AdamW on the replica-mean gradient; replicas=1 is exactly adam_update."""
    ar_text, g_mean = grad_all_reduce(g, ds, tag, replicas)
    text, theta_new, m_new, v_new = adam_update(theta, g_mean, m, v, ds, tag)
    return ar_text + text, theta_new, m_new, v_new


# ════════════════════════════════════════════════════════════════
# Modules
# ════════════════════════════════════════════════════════════════

def _image(cfg):
    """(H, W, flat image size) of the input."""
    h = cfg.s * cfg.ph
    w = cfg.s * cfg.pw
    return h, w, cfg.ic * h * w


def _x_type(cfg):
    return ty([cfg.b, _image(cfg)[2]])


def _reshape_x(cfg):
    h, w, d0 = _image(cfg)
    return f"    %xr = stablehlo.reshape %x : ({ty([cfg.b, d0])}) -> {ty([cfg.b, cfg.ic, h, w])}\n"


_SC = "    %sc = stablehlo.constant dense<0.0> : tensor<f32>\n"
_END = "  }\n}\n"


def _softmax(cfg):
    """Softmax of the logits (no max shift): %le %lsum %lsb %lsm."""
    bnc = ty([cfg.b, cfg.nc])
    return (
        f"    %le = stablehlo.exponential %vithdlogits : {bnc}\n"
        f"    %lsum = stablehlo.reduce(%le init: %sc) applies stablehlo.add across dimensions = [1] : ({bnc}, tensor<f32>) -> {ty([cfg.b])}\n"
        f"    %lsb = stablehlo.broadcast_in_dim %lsum, dims = [0] : ({ty([cfg.b])}) -> {bnc}\n"
        f"    %lsm = stablehlo.divide %le, %lsb : {bnc}\n"
    )


def _ce_cotangent(cfg):
    """Hard-label softmax-CE logits cotangent %dy = (softmax - onehot) / b."""
    bnc = ty([cfg.b, cfg.nc])
    return (
        _softmax(cfg)
        + f"    %dyr = stablehlo.subtract %lsm, %onehot : {bnc}\n"
        f"    %bnc = stablehlo.constant dense<{cfg.b}.0> : {bnc}\n"
        f"    %dy = stablehlo.divide %dyr, %bnc : {bnc}\n"
    )


def _smoothed_ce_cotangent(cfg, ls):
    """Label-smoothed CE cotangent %dy and the logged loss %loss."""
    bnc = ty([cfg.b, cfg.nc])
    bt = ty([cfg.b])
    ls_k = ls / cfg.nc
    return (
        _softmax(cfg)
        + f"    %dyr0 = stablehlo.subtract %lsm, %onehot : {bnc}\n"
        f"    %lsa = stablehlo.constant dense<{_cf(ls)}> : {bnc}\n"
        f"    %lsaoh = stablehlo.multiply %lsa, %onehot : {bnc}\n"
        f"    %dyr1 = stablehlo.add %dyr0, %lsaoh : {bnc}\n"
        f"    %lsaik = stablehlo.constant dense<{_cf(ls_k)}> : {bnc}\n"
        f"    %dyr = stablehlo.subtract %dyr1, %lsaik : {bnc}\n"
        f"    %bnc = stablehlo.constant dense<{cfg.b}.0> : {bnc}\n"
        f"    %dy = stablehlo.divide %dyr, %bnc : {bnc}\n"
        # smoothed-CE loss for logging
        f"    %llog = stablehlo.log %lsm : {bnc}\n"
        f"    %ohll = stablehlo.multiply %onehot, %llog : {bnc}\n"
        f"    %t1s = stablehlo.reduce(%ohll init: %sc) applies stablehlo.add across dimensions = [1] : ({bnc}, tensor<f32>) -> {bt}\n"
        f"    %lls = stablehlo.reduce(%llog init: %sc) applies stablehlo.add across dimensions = [1] : ({bnc}, tensor<f32>) -> {bt}\n"
        f"    %omac = stablehlo.constant dense<{_cf(1.0 - ls)}> : {bt}\n"
        f"    %aKc = stablehlo.constant dense<{_cf(ls_k)}> : {bt}\n"
        f"    %lt1 = stablehlo.multiply %omac, %t1s : {bt}\n"
        f"    %lt2 = stablehlo.multiply %aKc, %lls : {bt}\n"
        f"    %lpe = stablehlo.add %lt1, %lt2 : {bt}\n"
        f"    %lsum2 = stablehlo.reduce(%lpe init: %sc) applies stablehlo.add across dimensions = [0] : ({bt}, tensor<f32>) -> tensor<f32>\n"
        f"    %lbfc = stablehlo.constant dense<{cfg.b}.0> : tensor<f32>\n"
        f"    %lossm = stablehlo.divide %lsum2, %lbfc : tensor<f32>\n"
        f"    %loss = stablehlo.negate %lossm : tensor<f32>\n"
    )


def _scalar_const(name, value):
    return f"    %{name} = stablehlo.constant dense<{value}> : tensor<f32>\n"


def _adam_parts(cfg, depth, update):
    """Per-parameter AdamW updates via `update`; returns (text, theta', m', v')."""
    pnames = vit_param_names(depth)
    grads = vit_grad_names("vit", depth)
    pdims = vit_param_dims(cfg, depth)
    text = ""
    thetas, ms, vs = [], [], []
    for nm, gr, ds in zip(pnames, grads, pdims):
        s, th_new, m_new, v_new = update(nm, gr, nm + "m", nm + "v", ds, nm[1:])
        text += s
        thetas.append(th_new)
        ms.append(m_new)
        vs.append(v_new)
    return text, thetas, ms, vs


def _moment_sigs(cfg, depth):
    """`%nmm: T, ...` and `%nmv: T, ...` for the two moment buffers."""
    pnames = vit_param_names(depth)
    pdims = vit_param_dims(cfg, depth)
    return (_sig([nm + "m" for nm in pnames], pdims),
            _sig([nm + "v" for nm in pnames], pdims))


def _fwd_back(cfg, depth, cotangent):
    """%xr, the forward, the logits cotangent and the backward (prefix vit)."""
    return (_reshape_x(cfg)
            + vit_fwd("vit", "%xr", cfg, depth)
            + cotangent
            + vit_back("vit", "%dy", "%xr", cfg, depth))


def fwd_module(cfg, depth):
    """`@vit_fwd(%x, params) -> logits`."""
    return (
        "module @m {\n"
        f"  func.func @vit_fwd(%x: {_x_type(cfg)}, {vit_param_sig(cfg, depth)}) -> {ty([cfg.b, cfg.nc])} {{\n"
        + _SC
        + _reshape_x(cfg)
        + vit_fwd("vit", "%xr", cfg, depth)
        + f"    return %vithdlogits : {ty([cfg.b, cfg.nc])}\n"
        + _END
    )


def sgd_module(cfg, depth, lr):
    """`@vit_train_step(%x, params, %onehot)`: one SGD step with lr baked."""
    pnames = vit_param_names(depth)
    pdims = vit_param_dims(cfg, depth)
    grads = vit_grad_names("vit", depth)
    upd = ""
    for nm, gr, ds in zip(pnames, grads, pdims):
        upd += (
            f"    {nm}_lr = stablehlo.constant dense<{lr}> : {ty(ds)}\n"
            f"    {nm}_st = stablehlo.multiply {gr}, {nm}_lr : {ty(ds)}\n"
            f"    {nm}n = stablehlo.subtract {nm}, {nm}_st : {ty(ds)}\n"
        )
    ret_ty = ", ".join(ty(ds) for ds in pdims)
    ret_vals = ", ".join(f"{nm}n" for nm in pnames)
    return (
        "module @m {\n"
        f"  func.func @vit_train_step(%x: {_x_type(cfg)}, {vit_param_sig(cfg, depth)}, %onehot: {ty([cfg.b, cfg.nc])}) -> ({ret_ty}) {{\n"
        + _SC
        + _fwd_back(cfg, depth, _ce_cotangent(cfg))
        + upd
        + f"    return {ret_vals} : {ret_ty}\n"
        + _END
    )


def adam_module(cfg, depth):
    """`@vit_train_step_adam`: AdamW with scalar hyperparameter arguments.

    Returns the updated parameters only (the reference elides the moments)."""
    pdims = vit_param_dims(cfg, depth)
    msig, vsig = _moment_sigs(cfg, depth)
    scalar_sig = ("%b1: tensor<f32>, %ob1: tensor<f32>, %b2: tensor<f32>, %ob2: tensor<f32>, "
                  "%bc1: tensor<f32>, %bc2: tensor<f32>, %lr: tensor<f32>, %eps: tensor<f32>, %wd: tensor<f32>")
    upd, thetas, _ms, _vs = _adam_parts(cfg, depth, adam_update)
    ret_ty = ", ".join(ty(ds) for ds in pdims)
    ret_vals = ", ".join(thetas)
    return (
        "module @m {\n"
        f"  func.func @vit_train_step_adam(%x: {_x_type(cfg)}, {vit_param_sig(cfg, depth)}, {msig}, {vsig}, {scalar_sig}, %onehot: {ty([cfg.b, cfg.nc])}) -> ({ret_ty}) {{\n"
        + _SC
        + _fwd_back(cfg, depth, _ce_cotangent(cfg))
        + upd
        + f"    return {ret_vals} : {ret_ty}\n"
        + _END
    )


def adam_packed_module(cfg, depth, lr, b1, ob1, b2, ob2, eps, wd):
    """`@vit_adam_train_step(%x, theta*k, m*k, v*k, %onehot)`, all constants baked."""
    pdims = vit_param_dims(cfg, depth)
    msig, vsig = _moment_sigs(cfg, depth)
    consts = (
        _scalar_const("b1", b1)
        + _scalar_const("ob1", ob1)
        + _scalar_const("b2", b2)
        + _scalar_const("ob2", ob2)
        + _scalar_const("bc1", "1.0")
        + _scalar_const("bc2", "1.0")
        + _scalar_const("lr", lr)
        + _scalar_const("eps", eps)
        + _scalar_const("wd", wd)
    )
    upd, thetas, ms, vs = _adam_parts(cfg, depth, adam_update)
    ret_ty = ", ".join(ty(ds) for ds in pdims * 3)
    ret_vals = ", ".join(thetas + ms + vs)
    return (
        "module @m {\n"
        f"  func.func @vit_adam_train_step(%x: {_x_type(cfg)}, {vit_param_sig(cfg, depth)}, {msig}, {vsig}, %onehot: {ty([cfg.b, cfg.nc])}) -> ({ret_ty}) {{\n"
        + _SC
        + consts
        + _fwd_back(cfg, depth, _ce_cotangent(cfg))
        + upd
        + f"    return {ret_vals} : {ret_ty}\n"
        + _END
    )


def _adam_sched_text(cfg, depth, b1, ob1, b2, ob2, eps, wd, ls, update):
    """The scheduled AdamW module, each parameter updated by `update`."""
    pdims = vit_param_dims(cfg, depth)
    msig, vsig = _moment_sigs(cfg, depth)
    consts = (
        _scalar_const("b1", b1)
        + _scalar_const("ob1", ob1)
        + _scalar_const("b2", b2)
        + _scalar_const("ob2", ob2)
        + _scalar_const("eps", eps)
        + _scalar_const("wd", wd)
    )
    upd, thetas, ms, vs = _adam_parts(cfg, depth, update)
    ret_ty = ", ".join([ty(ds) for ds in pdims * 3] + ["tensor<f32>"] * 3)
    ret_vals = ", ".join(thetas + ms + vs + ["%loss", "%bc1", "%bc2"])
    return (
        "module @m {\n"
        f"  func.func @vit_adam_train_step(%x: {_x_type(cfg)}, {vit_param_sig(cfg, depth)}, {msig}, {vsig}, %lr: tensor<f32>, %bc1: tensor<f32>, %bc2: tensor<f32>, %onehot: {ty([cfg.b, cfg.nc])}) -> ({ret_ty}) {{\n"
        + _SC
        + consts
        + _fwd_back(cfg, depth, _smoothed_ce_cotangent(cfg, ls))
        + upd
        + f"    return {ret_vals} : {ret_ty}\n"
        + _END
    )


def adam_sched_module(cfg, depth, b1, ob1, b2, ob2, eps, wd, ls: float):
    """Scheduled AdamW step: %lr/%bc1/%bc2 arguments, label smoothing, %loss out."""
    return _adam_sched_text(cfg, depth, b1, ob1, b2, ob2, eps, wd, ls, adam_update)


def adam_dp_module(cfg, depth, b1, ob1, b2, ob2, eps, wd, ls, replicas):
    """adam_sched_module with each gradient first averaged across replicas."""

    def update(theta, g, m, v, ds, tag):
        return adam_update_dp(theta, g, m, v, ds, tag, replicas)

    return _adam_sched_text(cfg, depth, b1, ob1, b2, ob2, eps, wd, ls, update)
