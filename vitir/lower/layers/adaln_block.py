"""A transformer block conditioned by adaptive LayerNorm (DiT), in two forms:

- "adaln": y1 = modulate(x; shift1, scale1); r1 = x + attn(y1);
           y2 = modulate(r1; shift2, scale2); out = r1 + mlp(y2);
- "adaln-zero": the same with each branch gated, r1 = x + gate1 attn(y1),
           out = r1 + gate2 mlp(y2); the modulation's weights start at zero,
           so every block starts as the identity.

The 4 or 6 chunks (shift1, scale1, [gate1,] shift2, scale2, [gate2]) come from
one dense layer of the SiLU'd conditioning cs [b, e] (layers/adaln.py). The
backward returns the gradient of cs too: every block and the final layer read
the same cs, so the model sums them.
SSA prefixes: `{p}c` modulation, `{p}1` first modulate, `{p}m` attention,
`{p}g1` first gate, `{p}2`, `{p}p`, `{p}g2` likewise.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import ParamGroup
from .adaln import (ModulateSaved, gate_backward, gate_forward, modulate_backward, modulate_forward,
                    modulation_backward, modulation_forward, modulation_params)
from .attention import ATTENTION_PARAMS, AttentionSaved, attention_backward, attention_forward
from .mlp import MLP_PARAMS, MlpSaved, mlp_backward, mlp_forward

CONDITIONINGS = ("adaln", "adaln-zero")
# Chunks of the modulation, in order, for each form.
CHUNKS = {"adaln": ("shift1", "scale1", "shift2", "scale2"),
          "adaln-zero": ("shift1", "scale1", "gate1", "shift2", "scale2", "gate2")}


# A block's 14 parameters in layout order (the canonical order of gradients too): the modulation's
# (4 or 6 chunks of the width, by the configuration's conditioning), then attention's and the MLP's.
ADALN_BLOCK = ParamGroup("AdaLNBlockParams", *modulation_params("Wmod", "bmod", lambda cfg: len(CHUNKS[cfg.conditioning])),
                         *ATTENTION_PARAMS, *MLP_PARAMS)
AdaLNBlockParams = ADALN_BLOCK.values


class AdaLNBlockSaved(NamedTuple):
    out: Value
    chunks: dict
    ln1: ModulateSaved
    attn: AttentionSaved
    r1: Value
    gate1: Value | None  # the broadcast gates, None without them
    ln2: ModulateSaved
    mlp: MlpSaved
    gate2: Value | None


def _residual(fb, p, x, gate, h):
    """x + gate h, or x + h without a gate; returns (out, broadcast gate or None)."""
    if gate is None:
        return fb.add(f"{p}out", x, h), None
    return gate_forward(fb, p, x, gate, h)


def adaln_block_forward(fb: FunctionBuilder, p: str, x: Value, cs: Value, bp: AdaLNBlockParams, heads: int,
                        eps: str, scale: str, form: str) -> AdaLNBlockSaved:
    with fb.layer("mod"):
        chunks = dict(zip(CHUNKS[form], modulation_forward(fb, f"{p}c", cs, bp.Wmod, bp.bmod, len(CHUNKS[form]))))
    with fb.layer("ln1"):
        ln1 = modulate_forward(fb, f"{p}1", x, chunks["shift1"], chunks["scale1"], eps)
    with fb.layer("attn"):
        attn = attention_forward(fb, f"{p}m", ln1.y, bp.Wq, bp.bq, bp.Wk, bp.bk, bp.Wv, bp.bv, bp.Wo, bp.bo,
                                 heads, scale)
    r1, gate1 = _residual(fb, f"{p}g1", x, chunks.get("gate1"), attn.out)
    with fb.layer("ln2"):
        ln2 = modulate_forward(fb, f"{p}2", r1, chunks["shift2"], chunks["scale2"], eps)
    with fb.layer("mlp"):
        mlp = mlp_forward(fb, f"{p}p", ln2.y, bp.Wfc1, bp.bfc1, bp.Wfc2, bp.bfc2)
    out, gate2 = _residual(fb, f"{p}g2", r1, chunks.get("gate2"), mlp.y)
    return AdaLNBlockSaved(out, chunks, ln1, attn, r1, gate1, ln2, mlp, gate2)


def _residual_backward(fb, p, h, gateb, d_out):
    """(dh, dgate or None) of the residual branch."""
    if gateb is None:
        return d_out, None
    return gate_backward(fb, p, h, gateb, d_out)


def adaln_block_backward(fb: FunctionBuilder, p: str, saved: AdaLNBlockSaved, cs: Value, bp: AdaLNBlockParams,
                         d_out: Value, heads: int, scale: str,
                         form: str) -> tuple[Value, Value, AdaLNBlockParams]:
    """Returns (dx, dcs, the 14 gradients as an AdaLNBlockParams of values)."""
    d_chunks = {}
    dmlp, d_chunks["gate2"] = _residual_backward(fb, f"{p}g2", saved.mlp.y, saved.gate2, d_out)
    with fb.layer("mlp"):
        dln2, dw1, db1, dw2, db2 = mlp_backward(fb, f"{p}p", saved.ln2.y, saved.mlp, bp.Wfc1, bp.Wfc2, dmlp)
    with fb.layer("ln2"):
        dr1_ln, d_chunks["shift2"], d_chunks["scale2"] = modulate_backward(fb, f"{p}2", saved.ln2, dln2)
    dr1 = fb.add(f"{p}dr1", d_out, dr1_ln)
    dattn, d_chunks["gate1"] = _residual_backward(fb, f"{p}g1", saved.attn.out, saved.gate1, dr1)
    with fb.layer("attn"):
        dln1, *attn_grads = attention_backward(fb, f"{p}m", saved.ln1.y, saved.attn, bp.Wq, bp.Wk, bp.Wv,
                                               bp.Wo, dattn, heads, scale)
    with fb.layer("ln1"):
        dx_ln, d_chunks["shift1"], d_chunks["scale1"] = modulate_backward(fb, f"{p}1", saved.ln1, dln1)
    dx = fb.add(f"{p}dx", dr1, dx_ln)
    with fb.layer("mod"):
        dcs, dwmod, dbmod = modulation_backward(fb, f"{p}c", cs, bp.Wmod, [d_chunks[n] for n in CHUNKS[form]])
    wq, bq, wk, bk, wv, bv, wo, bo = attn_grads
    return dx, dcs, AdaLNBlockParams(Wmod=dwmod, bmod=dbmod, Wq=wq, bq=bq, Wk=wk, bk=bk, Wv=wv, bv=bv, Wo=wo, bo=bo,
                                     Wfc1=dw1, bfc1=db1, Wfc2=dw2, bfc2=db2)
