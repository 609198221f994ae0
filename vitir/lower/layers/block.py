"""Pre-norm transformer block: r1 = x + attn(ln1(x)); out = r1 + mlp(ln2(r1)).

Backward walks it in reverse: the MLP branch and LN2 give dr1 = dout + dln2,
then attention and LN1 give dx = dr1 + dln1.
SSA prefixes of the parts: `{p}1` LN1, `{p}m` attention, `{p}2` LN2, `{p}p` MLP.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import ParamGroup
from .attention import ATTENTION_PARAMS, AttentionSaved, attention_backward, attention_forward
from .layernorm import LayerNormSaved, layernorm_backward, layernorm_forward, layernorm_params
from .mlp import MLP_PARAMS, MlpSaved, mlp_backward, mlp_forward

# A block's 16 parameters in layout order (the canonical order of gradients too).
BLOCK = ParamGroup("BlockParams", *layernorm_params("g1", "b1"), *ATTENTION_PARAMS, *layernorm_params("g2", "b2"),
                   *MLP_PARAMS)
BlockParams = BLOCK.values


class BlockSaved(NamedTuple):
    out: Value
    ln1: LayerNormSaved
    attn: AttentionSaved
    ln2: LayerNormSaved
    mlp: MlpSaved


def block_forward(fb: FunctionBuilder, p: str, x: Value, bp: BlockParams, heads: int, eps: str,
                  scale: str) -> BlockSaved:
    with fb.layer("ln1"):
        ln1 = layernorm_forward(fb, f"{p}1", x, bp.g1, bp.b1, eps)
    with fb.layer("attn"):
        attn = attention_forward(fb, f"{p}m", ln1.y, bp.Wq, bp.bq, bp.Wk, bp.bk, bp.Wv, bp.bv, bp.Wo, bp.bo,
                                 heads, scale)
    r1 = fb.add(f"{p}r1", x, attn.out)
    with fb.layer("ln2"):
        ln2 = layernorm_forward(fb, f"{p}2", r1, bp.g2, bp.b2, eps)
    with fb.layer("mlp"):
        mlp = mlp_forward(fb, f"{p}p", ln2.y, bp.Wfc1, bp.bfc1, bp.Wfc2, bp.bfc2)
    out = fb.add(f"{p}out", r1, mlp.y)
    return BlockSaved(out, ln1, attn, ln2, mlp)


def block_backward(fb: FunctionBuilder, p: str, saved: BlockSaved, bp: BlockParams, d_out: Value, heads: int,
                   scale: str) -> tuple[Value, BlockParams]:
    """Returns (dx, the 16 gradients as a BlockParams of values)."""
    with fb.layer("mlp"):
        dmlp, dw1, db1, dw2, db2 = mlp_backward(fb, f"{p}p", saved.ln2.y, saved.mlp, bp.Wfc1, bp.Wfc2, d_out)
    with fb.layer("ln2"):
        dln2, dg2, db2n = layernorm_backward(fb, f"{p}2", saved.ln2, bp.g2, dmlp)
    dr1 = fb.add(f"{p}dr1", d_out, dln2)
    with fb.layer("attn"):
        dattn, *attn_grads = attention_backward(fb, f"{p}m", saved.ln1.y, saved.attn, bp.Wq, bp.Wk, bp.Wv,
                                                bp.Wo, dr1, heads, scale)
    with fb.layer("ln1"):
        dln1, dg1, db1n = layernorm_backward(fb, f"{p}1", saved.ln1, bp.g1, dattn)
    dx = fb.add(f"{p}dx", dr1, dln1)
    wq, bq, wk, bk, wv, bv, wo, bo = attn_grads
    return dx, BlockParams(g1=dg1, b1=db1n, Wq=wq, bq=bq, Wk=wk, bk=bk, Wv=wv, bv=bv, Wo=wo, bo=bo, g2=dg2, b2=db2n,
                           Wfc1=dw1, bfc1=db1, Wfc2=dw2, bfc2=db2)
