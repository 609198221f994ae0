"""The whole ViT: the trunk (patch embed -> CLS + position -> blocks -> final
LayerNorm) and the classifier head on the CLS token, the backward in reverse
order, and the parameters in canonical order (the layout of the layers'
declarations, vitir/lower/params.py). The denoisers reuse the trunk with a
pixel head of their own (denoiser.py)."""

from __future__ import annotations


from ..records import NamedTuple
from ..ast import FunctionBuilder, Value
from .config import ViTConfig
from .layers.block import BLOCK, BlockSaved, block_backward, block_forward
from .layers.cls_pos import CLS_POS, cls_pos_backward, cls_pos_forward
from .layers.head import HEAD, HeadSaved, head_backward, head_forward
from .layers.layernorm import LayerNormSaved, layernorm_backward, layernorm_forward, layernorm_params
from .layers.patch_embed import PATCH_EMBED, patch_embed_backward, patch_embed_forward
from .params import Layout, ParamGroup, Params, Repeated

FINAL_LN = ParamGroup("FinalNormParams", *layernorm_params("gF", "bF"))
BLOCKS = Repeated("blocks", BLOCK, lambda cfg: cfg.depth)
# The trunk's parameters: everything but a head.
TRUNK = Layout(PATCH_EMBED, CLS_POS, BLOCKS, FINAL_LN)
# The classifier's: the trunk's, then the head's.
VIT = TRUNK + HEAD


def param_specs(cfg: ViTConfig) -> list[tuple[str, tuple[int, ...]]]:
    """(name, dims) of every parameter of the classifier in canonical order."""
    return VIT.specs(cfg)


def declare_params(fb: FunctionBuilder, cfg: ViTConfig, suffix: str = "") -> Params:
    """Function arguments for every parameter (named `{name}{suffix}`), canonical order."""
    return VIT.declare(fb, cfg, suffix)


class TrunkSaved(NamedTuple):
    z: Value  # the final LayerNorm's output [b, tokens, d]
    blocks: tuple[BlockSaved, ...]
    final_ln: LayerNormSaved


class ViTSaved(NamedTuple):
    logits: Value
    trunk: TrunkSaved
    head: HeadSaved


def trunk_forward(fb: FunctionBuilder, p: str, x: Value, params: Params, heads: int, eps: str,
                  scale: str) -> TrunkSaved:
    """x [b, c, H, W] -> patch embed -> CLS + position -> blocks -> final LayerNorm."""
    with fb.layer("pe"):
        tok = patch_embed_forward(fb, f"{p}pe", x, params.wConv, params.bConv)
    with fb.layer("cp"):
        z = cls_pos_forward(fb, f"{p}cp", tok, params.cls, params.pos)
    saved_blocks = []
    for i, bp in enumerate(params.blocks):
        with fb.layer(f"b{i}"):
            # the trailing `_` keeps block 1's `b1_1...` apart from block 11's `b11_...`
            sb = block_forward(fb, f"{p}b{i}_", z, bp, heads, eps, scale)
        saved_blocks.append(sb)
        z = sb.out
    with fb.layer("fln"):
        fln = layernorm_forward(fb, f"{p}fln", z, params.gF, params.bF, eps)
    return TrunkSaved(fln.y, tuple(saved_blocks), fln)


def trunk_backward(fb: FunctionBuilder, p: str, saved: TrunkSaved, params: Params, x: Value, dz: Value,
                   heads: int, scale: str) -> dict:
    """Gradients of the trunk's parameters by name (TRUNK's names), from dz of its output."""
    with fb.layer("fln"):
        dz, dgf, dbf = layernorm_backward(fb, f"{p}fln", saved.final_ln, params.gF, dz)
    block_grads = [None] * len(params.blocks)
    for i in reversed(range(len(params.blocks))):
        with fb.layer(f"b{i}"):
            dz, block_grads[i] = block_backward(fb, f"{p}b{i}_", saved.blocks[i], params.blocks[i], dz, heads, scale)
    with fb.layer("cp"):
        dtok, dcls, dpos = cls_pos_backward(fb, f"{p}cp", dz)
    with fb.layer("pe"):
        dw, db = patch_embed_backward(fb, f"{p}pe", x, dtok, params.wConv)
    return {"wConv": dw, "bConv": db, "cls": dcls, "pos": dpos, "blocks": block_grads, "gF": dgf, "bF": dbf}


def vit_forward(fb: FunctionBuilder, p: str, x: Value, params: Params, cfg: ViTConfig) -> ViTSaved:
    """x [b, c, H, W] -> logits [b, classes], SSA prefix `p` (the modules use `vit`). Built under the
    layer `forward` (`vit.forward.b3.attn`), as the backward is under `backward`: a profile reads each
    op's phase from its name."""
    with fb.layer(p or "vit"), fb.layer("forward"):
        trunk = trunk_forward(fb, p, x, params, cfg.heads, cfg.eps, cfg.scale)
        with fb.layer("head"):
            head = head_forward(fb, f"{p}hd", trunk.z, params.Wc, params.bc)
    return ViTSaved(head.logits, trunk, head)


def vit_backward(fb: FunctionBuilder, p: str, saved: ViTSaved, params: Params, x: Value, d_logits: Value,
                 cfg: ViTConfig) -> list[Value]:
    """Gradients of every parameter in canonical order (the image gets none), as the reference writes them.
    Built under the layer `backward` (`vit.backward.b3.attn`), so its ops' locations and XLA's op_names
    tell the backward from the forward of the same layer, as JAX's `transpose(jvp())` does."""
    with fb.layer(p or "vit"), fb.layer("backward"):
        with fb.layer("head"):
            dz, dwc, dbc = head_backward(fb, f"{p}hd", saved.head, params.Wc, d_logits, cfg.tokens)
        grads = trunk_backward(fb, p, saved.trunk, params, x, dz, cfg.heads, cfg.scale)
    return VIT.flatten({**grads, "Wc": dwc, "bc": dbc})
