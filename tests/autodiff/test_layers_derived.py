"""The hand-derived backward of vitir's ViT layers against the table's: the ViT after its patch
embedding (CLS and positions, the blocks, the final LayerNorm, the head, the label-smoothed
loss), its forward halves differentiated by vitir.autodiff, against the layers' own backward
halves, through PJRT in float32, to float rounding (1e-5 relative, the gradient checks' bound).

The attention key bias bk has a true gradient of exactly zero (softmax ignores a shift of a
whole row of scores), so both sides hold rounding noise only: it is checked to be zero at float32
rounding, as tests/gradcheck does."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax")

from vitir.ast import FunctionBuilder, TensorType, module  # noqa: E402
from vitir.autodiff import value_and_grad  # noqa: E402
from vitir.backend import compile_module  # noqa: E402
from vitir.lower.config import ViTConfig  # noqa: E402
from vitir.lower.layers.block import block_backward, block_forward  # noqa: E402
from vitir.lower.layers.cls_pos import CLS_POS, cls_pos_backward, cls_pos_forward  # noqa: E402
from vitir.lower.layers.head import HEAD, head_backward, head_forward  # noqa: E402
from vitir.lower.layers.layernorm import layernorm_backward, layernorm_forward  # noqa: E402
from vitir.lower.loss import smoothed_ce  # noqa: E402
from vitir.lower.params import Layout  # noqa: E402
from vitir.lower.vit import BLOCKS, FINAL_LN  # noqa: E402
from vitir.print import print_module  # noqa: E402

from .harness import rel_err  # noqa: E402

CFG = ViTConfig(batch=2, channels=3, image=8, patch=4, width=8, depth=2, heads=2, mlp=16, classes=3)
AFTER_PATCHES = Layout(CLS_POS, BLOCKS, FINAL_LN) + HEAD
SMOOTHING = 0.1


def _forward(fb, cfg):
    tok = fb.arg("tok", TensorType((cfg.batch, cfg.tokens - 1, cfg.width)))
    params = AFTER_PATCHES.declare(fb, cfg)
    onehot = fb.arg("onehot", TensorType((cfg.batch, cfg.classes)))
    fb.zero = fb.constant("sc", "0.0")
    z = cls_pos_forward(fb, "cp", tok, params.cls, params.pos)
    blocks = []
    for i, bp in enumerate(params.blocks):
        blocks.append(block_forward(fb, f"b{i}_", z, bp, cfg.heads, cfg.eps, cfg.scale))
        z = blocks[-1].out
    fln = layernorm_forward(fb, "fln", z, params.gF, params.bF, cfg.eps)
    head = head_forward(fb, "hd", fln.y, params.Wc, params.bc)
    dy, loss = smoothed_ce(fb, head.logits, onehot, SMOOTHING)
    return tok, params, onehot, blocks, fln, head, dy, loss


def hand_module(cfg):
    """The loss, then the gradients of the tokens and of every parameter, by the layers' backward halves."""
    fb = FunctionBuilder("hand")
    tok, params, onehot, blocks, fln, head, dy, loss = _forward(fb, cfg)
    dz, dwc, dbc = head_backward(fb, "hd", head, params.Wc, dy, cfg.tokens)
    dz, dgf, dbf = layernorm_backward(fb, "fln", fln, params.gF, dz)
    block_grads = [None] * len(blocks)
    for i in reversed(range(len(blocks))):
        dz, block_grads[i] = block_backward(fb, f"b{i}_", blocks[i], params.blocks[i], dz, cfg.heads, cfg.scale)
    dtok, dcls, dpos = cls_pos_backward(fb, "cp", dz)
    grads = AFTER_PATCHES.flatten({"cls": dcls, "pos": dpos, "blocks": block_grads, "gF": dgf, "bF": dbf,
                                   "Wc": dwc, "bc": dbc})
    return module(fb.ret(loss, dtok, *grads))


def derived_module(cfg):
    """The same loss's forward only, differentiated by vitir.autodiff (every argument but onehot)."""
    fb = FunctionBuilder("loss")
    *_, loss = _forward(fb, cfg)
    fn = fb.ret(loss)
    return module(value_and_grad(fn, wrt=range(len(fn.args) - 1)))


def _inputs(cfg, seed=0):
    rng = np.random.default_rng(seed)
    values = [rng.normal(size=(cfg.batch, cfg.tokens - 1, cfg.width))]
    for _, dims in AFTER_PATCHES.specs(cfg):
        values.append(rng.normal(size=dims) * 0.5)
    onehot = np.eye(cfg.classes)[rng.integers(0, cfg.classes, size=cfg.batch)]
    return [v.astype(np.float32) for v in (*values, onehot)]


def test_derived_gradients_equal_the_hand_derived_ones():
    inputs = _inputs(CFG)
    hand = compile_module(print_module(hand_module(CFG)))(*inputs)
    derived = compile_module(print_module(derived_module(CFG)))(*inputs)
    names = ["loss", "tok"] + [name for name, _ in AFTER_PATCHES.specs(CFG)]
    assert len(hand) == len(derived) == len(names)
    bq = {name: np.max(np.abs(h)) for name, h in zip(names, hand) if name.startswith("bq")}
    for name, h, d in zip(names, hand, derived):
        if name.startswith("bk"):  # a true zero: both sides rounding noise
            scale = bq[name.replace("bk", "bq")]
            assert np.max(np.abs(h)) <= 1e-5 * scale and np.max(np.abs(d)) <= 1e-5 * scale, name
            continue
        assert rel_err(d, h) <= 1e-5, f"{name}: relative error {rel_err(d, h):.2e}"
