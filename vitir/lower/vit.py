"""The whole ViT: the trunk (patch embed -> CLS + position -> blocks -> final
LayerNorm) and the classifier head on the CLS token, the backward in reverse
order, and the parameters in canonical order. The denoisers reuse the trunk
with a pixel head of their own (denoiser.py)."""

from __future__ import annotations

from typing import NamedTuple

from ..ast import FunctionBuilder, TensorType, Value
from .config import ViTConfig
from .layers.block import BLOCK_FIELDS, BlockParams, BlockSaved, block_backward, block_forward
from .layers.cls_pos import cls_pos_backward, cls_pos_forward
from .layers.head import HeadSaved, head_backward, head_forward
from .layers.layernorm import LayerNormSaved, layernorm_backward, layernorm_forward
from .layers.patch_embed import patch_embed_backward, patch_embed_forward


def block_param_dims(d: int, m: int) -> tuple[tuple[int, ...], ...]:
    """Dims of a block's 16 parameters in BLOCK_FIELDS order (width d, MLP hidden m)."""
    return ((d,), (d,), (d, d), (d,), (d, d), (d,), (d, d), (d,), (d, d), (d,),
            (d,), (d,), (d, m), (m,), (m, d), (d,))


class TrunkParams(NamedTuple):
    """The ViT trunk's parameters: everything but the head."""

    wConv: Value
    bConv: Value
    cls: Value
    pos: Value
    blocks: tuple[BlockParams, ...]
    gF: Value
    bF: Value


def trunk_param_specs(d: int, m: int, channels: int, patch: int, tokens: int,
                      depth: int) -> list[tuple[str, tuple[int, ...]]]:
    """(name, dims) of the trunk's parameters in canonical order."""
    s = patch
    specs = [("wConv", (d, channels, s, s)), ("bConv", (d,)), ("cls", (d,)), ("pos", (tokens, d))]
    for i in range(depth):
        specs += [(f"{field}_{i}", dims) for field, dims in zip(BLOCK_FIELDS, block_param_dims(d, m))]
    return specs + [("gF", (d,)), ("bF", (d,))]


def param_specs(cfg: ViTConfig) -> list[tuple[str, tuple[int, ...]]]:
    """(name, dims) of every parameter of the classifier in canonical order."""
    specs = trunk_param_specs(cfg.width, cfg.mlp, cfg.channels, cfg.patch, cfg.tokens, cfg.depth)
    return specs + [("Wc", (cfg.width, cfg.classes)), ("bc", (cfg.classes,))]


def trunk_from_flat(values, depth: int) -> TrunkParams:
    """TrunkParams from the trunk's values in canonical order."""
    values = list(values)
    blocks = tuple(BlockParams(*values[4 + 16 * i: 4 + 16 * (i + 1)]) for i in range(depth))
    return TrunkParams(*values[:4], blocks, *values[4 + 16 * depth:4 + 16 * depth + 2])


class ViTParams(NamedTuple("_ViTParams", [*TrunkParams.__annotations__.items(), ("Wc", Value), ("bc", Value)])):
    """The classifier's parameters: the trunk's, then the head's."""

    def flat(self) -> list[Value]:
        out = [self.wConv, self.bConv, self.cls, self.pos]
        for bp in self.blocks:
            out.extend(bp)
        return out + [self.gF, self.bF, self.Wc, self.bc]

    def trunk(self) -> TrunkParams:
        return TrunkParams(*self[:7])

    @classmethod
    def from_flat(cls, values, depth: int) -> "ViTParams":
        values = list(values)
        return cls(*trunk_from_flat(values, depth), *values[4 + 16 * depth + 2:])


def declare_params(fb: FunctionBuilder, cfg: ViTConfig, suffix: str = "") -> ViTParams:
    """Function arguments for every parameter (named `{name}{suffix}`), canonical order."""
    vals = [fb.arg(name + suffix, TensorType(dims)) for name, dims in param_specs(cfg)]
    return ViTParams.from_flat(vals, cfg.depth)


class TrunkSaved(NamedTuple):
    z: Value  # the final LayerNorm's output [b, tokens, d]
    blocks: tuple[BlockSaved, ...]
    final_ln: LayerNormSaved


class ViTSaved(NamedTuple):
    logits: Value
    trunk: TrunkSaved
    head: HeadSaved


def trunk_forward(fb: FunctionBuilder, p: str, x: Value, params: TrunkParams, heads: int, eps: str,
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


def trunk_backward(fb: FunctionBuilder, p: str, saved: TrunkSaved, params: TrunkParams, x: Value, dz: Value,
                   heads: int, scale: str) -> list[Value]:
    """Gradients of the trunk's parameters in canonical order, from dz of its output."""
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
    grads = [dw, db, dcls, dpos]
    for g in block_grads:
        grads.extend(g)
    return grads + [dgf, dbf]


def vit_forward(fb: FunctionBuilder, p: str, x: Value, params: ViTParams, cfg: ViTConfig) -> ViTSaved:
    """x [b, c, H, W] -> logits [b, classes], SSA prefix `p` (the modules use `vit`)."""
    with fb.layer(p or "vit"):
        trunk = trunk_forward(fb, p, x, params.trunk(), cfg.heads, cfg.eps, cfg.scale)
        with fb.layer("head"):
            head = head_forward(fb, f"{p}hd", trunk.z, params.Wc, params.bc)
    return ViTSaved(head.logits, trunk, head)


def vit_backward(fb: FunctionBuilder, p: str, saved: ViTSaved, params: ViTParams, x: Value, d_logits: Value,
                 cfg: ViTConfig) -> list[Value]:
    """Gradients of every parameter in canonical order (the image gets none), as the reference writes them."""
    with fb.layer(p or "vit"):
        with fb.layer("head"):
            dz, dwc, dbc = head_backward(fb, f"{p}hd", saved.head, params.Wc, d_logits, cfg.tokens)
        grads = trunk_backward(fb, p, saved.trunk, params.trunk(), x, dz, cfg.heads, cfg.scale)
    return grads + [dwc, dbc]
