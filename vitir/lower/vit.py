"""The whole ViT: patch embed -> CLS + position -> blocks -> final LayerNorm -> head,
its backward in reverse order, and the parameters in canonical order."""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..ast import FunctionBuilder, TensorType, Value
from .config import ViTConfig
from .layers.block import BLOCK_FIELDS, BlockParams, BlockSaved, block_backward, block_forward
from .layers.cls_pos import cls_pos_backward, cls_pos_forward
from .layers.head import head_backward, head_forward
from .layers.layernorm import LayerNormSaved, layernorm_backward, layernorm_forward
from .layers.patch_embed import patch_embed_backward, patch_embed_forward
from .layers.unpatch import unpatch_backward, unpatch_forward


def block_param_dims(d: int, m: int) -> tuple[tuple[int, ...], ...]:
    """Dims of a block's 16 parameters in BLOCK_FIELDS order (width d, MLP hidden m)."""
    return ((d,), (d,), (d, d), (d,), (d, d), (d,), (d, d), (d,), (d, d), (d,),
            (d,), (d,), (d, m), (m,), (m, d), (d,))


def param_specs(cfg: ViTConfig) -> list[tuple[str, tuple[int, ...]]]:
    """(name, dims) of every parameter in canonical order."""
    d, m, n, s = cfg.width, cfg.mlp, cfg.tokens, cfg.patch
    specs = [("wConv", (d, cfg.channels, s, s)), ("bConv", (d,)), ("cls", (d,)), ("pos", (n, d))]
    for i in range(cfg.depth):
        specs += [(f"{field}_{i}", dims) for field, dims in zip(BLOCK_FIELDS, block_param_dims(d, m))]
    specs += [("gF", (d,)), ("bF", (d,)), ("Wc", (d, cfg.classes)), ("bc", (cfg.classes,))]
    return specs


class ViTParams(NamedTuple):
    wConv: Value
    bConv: Value
    cls: Value
    pos: Value
    blocks: tuple[BlockParams, ...]
    gF: Value
    bF: Value
    Wc: Value
    bc: Value

    def flat(self) -> list[Value]:
        out = [self.wConv, self.bConv, self.cls, self.pos]
        for bp in self.blocks:
            out.extend(bp)
        return out + [self.gF, self.bF, self.Wc, self.bc]

    @classmethod
    def from_flat(cls, values, depth: int) -> "ViTParams":
        values = list(values)
        blocks = tuple(BlockParams(*values[4 + 16 * i: 4 + 16 * (i + 1)]) for i in range(depth))
        return cls(*values[:4], blocks, *values[4 + 16 * depth:])


def declare_params(fb: FunctionBuilder, cfg: ViTConfig, suffix: str = "") -> ViTParams:
    """Function arguments for every parameter (named `{name}{suffix}`), canonical order."""
    vals = [fb.arg(name + suffix, TensorType(dims)) for name, dims in param_specs(cfg)]
    return ViTParams.from_flat(vals, cfg.depth)


class ViTSaved(NamedTuple):
    logits: Value  # the head's output: logits, or the image of a pixel head
    blocks: tuple[BlockSaved, ...]
    final_ln: LayerNormSaved
    head: NamedTuple


class Head(NamedTuple):
    """What turns the final normalised tokens into the output: the classifier on
    the CLS token (the reference's), or a pixel head for denoisers."""

    forward: Callable  # (fb, p, z, W, b, cfg) -> saved, with saved[0] the output
    backward: Callable  # (fb, p, saved, W, d_out, cfg) -> (dz, dW, db)


CLASSIFIER = Head(lambda fb, p, z, w, b, cfg: head_forward(fb, p, z, w, b),
                  lambda fb, p, saved, w, d, cfg: head_backward(fb, p, saved, w, d, cfg.tokens))
PIXELS = Head(lambda fb, p, z, w, b, cfg: unpatch_forward(fb, p, z, w, b, cfg.grid, cfg.patch),
              lambda fb, p, saved, w, d, cfg: unpatch_backward(fb, p, saved, w, d, cfg.tokens))


def vit_forward(fb: FunctionBuilder, p: str, x: Value, params: ViTParams, cfg: ViTConfig,
                head: Head = CLASSIFIER) -> ViTSaved:
    """x [b, c, H, W] -> logits [b, classes] (or the pixel head's image), SSA prefix
    `p` (the modules use `vit`)."""
    with fb.layer(p or "vit"):
        with fb.layer("pe"):
            tok = patch_embed_forward(fb, f"{p}pe", x, params.wConv, params.bConv)
        with fb.layer("cp"):
            z = cls_pos_forward(fb, f"{p}cp", tok, params.cls, params.pos)
        saved_blocks = []
        for i, bp in enumerate(params.blocks):
            with fb.layer(f"b{i}"):
                # the trailing `_` keeps block 1's `b1_1...` apart from block 11's `b11_...`
                sb = block_forward(fb, f"{p}b{i}_", z, bp, cfg.heads, cfg.eps, cfg.scale)
            saved_blocks.append(sb)
            z = sb.out
        with fb.layer("fln"):
            fln = layernorm_forward(fb, f"{p}fln", z, params.gF, params.bF, cfg.eps)
        with fb.layer("head"):
            head_saved = head.forward(fb, f"{p}hd", fln.y, params.Wc, params.bc, cfg)
    return ViTSaved(head_saved[0], tuple(saved_blocks), fln, head_saved)


def vit_backward(fb: FunctionBuilder, p: str, saved: ViTSaved, params: ViTParams, x: Value, d_logits: Value,
                 cfg: ViTConfig, lowering: str = "reference", head: Head = CLASSIFIER) -> list[Value]:
    """Gradients of every parameter in canonical order (the image gets none).
    `lowering` is "reference" (the reference's text) or "fast" (vitir's rewrites)."""
    with fb.layer(p or "vit"):
        with fb.layer("head"):
            dz, dwc, dbc = head.backward(fb, f"{p}hd", saved.head, params.Wc, d_logits, cfg)
        with fb.layer("fln"):
            dz, dgf, dbf = layernorm_backward(fb, f"{p}fln", saved.final_ln, params.gF, dz)
        block_grads = [None] * cfg.depth
        for i in reversed(range(cfg.depth)):
            with fb.layer(f"b{i}"):
                dz, block_grads[i] = block_backward(fb, f"{p}b{i}_", saved.blocks[i], params.blocks[i], dz,
                                                    cfg.heads, cfg.scale)
        with fb.layer("cp"):
            dtok, dcls, dpos = cls_pos_backward(fb, f"{p}cp", dz)
        with fb.layer("pe"):
            dw, db = patch_embed_backward(fb, f"{p}pe", x, dtok, params.wConv, lowering)
    grads = [dw, db, dcls, dpos]
    for g in block_grads:
        grads.extend(g)
    return grads + [dgf, dbf, dwc, dbc]
