"""One case per vitir layer: the arguments, a vitir body that runs the layer's
forward and hand-derived backward, and the independent JAX forward to differentiate.

A case's vitir function takes its arguments in order (inputs, parameters, then
the output cotangent `dy`) and returns the forward output followed by the
gradient of each name in `wrt`, in that order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import numpy as np

from tests.gradcheck import jax_reference as ref
from tests.gradcheck.harness import Body, function_text, run
from vitir.lower import ViTConfig
from vitir.lower.layers.adaln import (gate_backward, gate_forward, modulate_backward, modulate_forward,
                                     modulation_backward, modulation_forward)
from vitir.lower.layers.adaln_block import AdaLNBlockParams, adaln_block_backward, adaln_block_forward
from vitir.lower.layers.attention import attention_backward, attention_forward
from vitir.lower.layers.block import BlockParams, block_backward, block_forward
from vitir.lower.layers.cls_pos import cls_pos_backward, cls_pos_forward, pos_backward, pos_forward
from vitir.lower.layers.gelu import gelu_backward, gelu_forward
from vitir.lower.layers.head import head_backward, head_forward
from vitir.lower.layers.layernorm import layernorm_backward, layernorm_forward
from vitir.lower.layers.mlp import mlp_backward, mlp_forward
from vitir.lower.layers.patch_embed import patch_embed_backward, patch_embed_forward
from vitir.lower.layers.silu import silu_backward, silu_forward
from vitir.lower.layers.time_mlp import time_mlp_backward, time_mlp_forward
from vitir.lower.layers.unpatch import unpatch_backward, unpatch_forward
from vitir.lower.vit import VIT, vit_backward, vit_forward

CFG = ViTConfig(batch=2, channels=3, image=8, patch=4, width=8, depth=2, heads=2, mlp=16, classes=3)
B, N, D, M, K, H = CFG.batch, CFG.tokens, CFG.width, CFG.mlp, CFG.classes, CFG.heads
PROJ = ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")


@dataclass(frozen=True)
class Case:
    args: tuple[tuple[str, tuple[int, ...]], ...]  # inputs and parameters; `dy` is appended
    out_shape: tuple[int, ...]
    vitir: Body  # forward output, then the gradients of `wrt`
    reference: Callable[[dict], object]  # the forward, from all arguments by name
    wrt: tuple[str, ...]
    passes: str = ""  # run on the built function: "fast-lowering" checks the fast lowering's rewrites

    def all_args(self):
        return self.args + (("dy", self.out_shape),)

    def text(self, name: str) -> str:
        return function_text(name, self.all_args(), self.vitir, self.passes)

    def inputs(self, seed: int) -> dict[str, np.ndarray]:
        rng = np.random.default_rng(seed)
        return {name: ref.sample(rng, name, shape) for name, shape in self.all_args()}

    def vitir_results(self, name: str, inputs: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
        return run(self.text(name), list(inputs.values()))

    def reference_vjp(self, inputs: dict[str, np.ndarray]):
        """(forward output, gradients of `wrt`) by jax.vjp of the reference at dy."""
        def forward(*wrt_values):
            return self.reference({**inputs, **dict(zip(self.wrt, wrt_values))})

        out, pullback = jax.vjp(forward, *(inputs[name] for name in self.wrt))
        return out, pullback(inputs["dy"])


def _layernorm(fb, v):
    saved = layernorm_forward(fb, "l", v["x"], v["g"], v["b"], CFG.eps)
    return (saved.y, *layernorm_backward(fb, "l", saved, v["g"], v["dy"]))


def _gelu(fb, v):
    return gelu_forward(fb, "g", v["x"]), gelu_backward(fb, "g", v["x"], v["dy"])


def _mlp(fb, v):
    saved = mlp_forward(fb, "p", v["x"], v["W1"], v["b1"], v["W2"], v["b2"])
    return (saved.y, *mlp_backward(fb, "p", v["x"], saved, v["W1"], v["W2"], v["dy"]))


def _attention(fb, v):
    saved = attention_forward(fb, "m", v["x"], *(v[n] for n in PROJ), H, CFG.scale)
    return (saved.out, *attention_backward(fb, "m", v["x"], saved, v["Wq"], v["Wk"], v["Wv"], v["Wo"], v["dy"],
                                           H, CFG.scale))


def _block(fb, v):
    bp = BlockParams(*(v[n] for n in ref.BLOCK_NAMES))
    saved = block_forward(fb, "k_", v["x"], bp, H, CFG.eps, CFG.scale)
    dx, grads = block_backward(fb, "k_", saved, bp, v["dy"], H, CFG.scale)
    return (saved.out, dx, *grads)


def _patch_embed(fb, v):
    tok = patch_embed_forward(fb, "e", v["x"], v["w"], v["b"])
    return (tok, *patch_embed_backward(fb, "e", v["x"], v["dy"], v["w"]))


def _cls_pos(fb, v):
    return (cls_pos_forward(fb, "c", v["tok"], v["cls"], v["pos"]), *cls_pos_backward(fb, "c", v["dy"]))


def _head(fb, v):
    saved = head_forward(fb, "h", v["z"], v["Wc"], v["bc"])
    return (saved.logits, *head_backward(fb, "h", saved, v["Wc"], v["dy"], N))


def _silu(fb, v):
    saved = silu_forward(fb, "s", v["x"])
    return saved.y, silu_backward(fb, "s", saved, v["dy"])


def _adaln_modulate(fb, v):
    """The modulation (shift, scale from cs W + b) and the modulated LayerNorm together."""
    shift, scale = modulation_forward(fb, "c", v["cs"], v["W"], v["b"], 2)
    saved = modulate_forward(fb, "l", v["x"], shift, scale, CFG.eps)
    dx, dshift, dscale = modulate_backward(fb, "l", saved, v["dy"])
    dcs, dw, db = modulation_backward(fb, "c", v["cs"], v["W"], [dshift, dscale])
    return saved.y, dx, dcs, dw, db


def _gate(fb, v):
    out, gateb = gate_forward(fb, "g", v["x"], v["gate"], v["h"])
    dh, dgate = gate_backward(fb, "g", v["h"], gateb, v["dy"])
    return out, v["dy"], dgate, dh  # dx is the cotangent itself


def _time_mlp(fb, v):
    saved = time_mlp_forward(fb, "t", v["f"], v["W1"], v["b1"], v["W2"], v["b2"])
    return (saved.c, *time_mlp_backward(fb, "t", saved, v["W2"], v["dy"]))


def _adaln_block(form):
    def body(fb, v):
        bp = AdaLNBlockParams(*(v[n] for n in ref.ADALN_BLOCK_NAMES))
        saved = adaln_block_forward(fb, "k_", v["x"], v["cs"], bp, H, CFG.eps, CFG.scale, form)
        dx, dcs, grads = adaln_block_backward(fb, "k_", saved, v["cs"], bp, v["dy"], H, CFG.scale, form)
        return (saved.out, dx, dcs, *grads)
    return body


def _pos(fb, v):
    return (pos_forward(fb, "q", v["tok"], v["pos"]), *pos_backward(fb, "q", v["dy"]))


def _unpatch(tokens):
    def body(fb, v):
        saved = unpatch_forward(fb, "u", v["z"], v["Wp"], v["bp"], CFG.grid, CFG.patch)
        return (saved.image, *unpatch_backward(fb, "u", saved, v["Wp"], v["dy"], tokens))
    return body


VIT_NAMES = tuple(name for name, _ in ref.param_shapes(CFG))


def _vit(fb, v):
    params = VIT.unflatten([v[n] for n in VIT_NAMES], CFG)
    saved = vit_forward(fb, "vit", v["x"], params, CFG)
    return (saved.logits, *vit_backward(fb, "vit", saved, params, v["x"], v["dy"], CFG))


def _block_args():
    """Block 0's parameters without the `_0` suffix."""
    return tuple((name[:-2], shape) for name, shape in ref.param_shapes(CFG)[4:4 + len(ref.BLOCK_NAMES)])


IMAGE = ("x", (B, CFG.channels, *CFG.image))
TOKENS = (B, N, D)
PATCH_TOKENS = (B, N - 1, D)  # the adaLN denoisers have no CLS token
PIXELS = CFG.channels * CFG.patch ** 2


def _adaln_block_case(form: str) -> Case:
    k = 6 if form == "adaln-zero" else 4
    dims = dict(zip(ref.ADALN_BLOCK_NAMES, ((D, k * D), (k * D,)) + tuple(shape for _, shape in _block_args()[2:10])
                    + ((D, M), (M,), (M, D), (D,))))
    args = (("x", PATCH_TOKENS), ("cs", (B, D))) + tuple(dims.items())
    return Case(args, PATCH_TOKENS, _adaln_block(form),
                lambda a: ref.adaln_block(a["x"], a["cs"], a, H, form == "adaln-zero"),
                ("x", "cs") + ref.ADALN_BLOCK_NAMES)


def _unpatch_case(tokens: int) -> Case:
    grid = CFG.grid
    return Case((("z", (B, tokens, D)), ("Wp", (D, PIXELS)), ("bp", (PIXELS,))), (B, CFG.channels, *CFG.image),
                _unpatch(tokens),
                lambda a: ref.unpatch(a["z"][:, tokens - grid[0] * grid[1]:], a["Wp"], a["bp"], CFG.channels, grid,
                                      CFG.patch),
                ("z", "Wp", "bp"))


def _patch_embed_case(passes: str, reference) -> Case:
    args = (IMAGE, ("w", (D, CFG.channels, CFG.patch, CFG.patch)), ("b", (D,)))
    return Case(args, (B, N - 1, D), _patch_embed, lambda a: reference(a["x"], a["w"], a["b"]), ("w", "b"), passes)


def _vit_case(passes: str) -> Case:
    return Case((IMAGE,) + tuple(ref.param_shapes(CFG)), (B, K), _vit,
                lambda a: ref.vit(a["x"], ref.unflatten([a[n] for n in VIT_NAMES], CFG.depth), CFG), VIT_NAMES, passes)


CASES = {
    "layernorm": Case((("x", TOKENS), ("g", (D,)), ("b", (D,))), TOKENS, _layernorm,
                      lambda a: ref.layernorm(a["x"], a["g"], a["b"]), ("x", "g", "b")),
    "gelu": Case((("x", (B, N, M)),), (B, N, M), _gelu, lambda a: ref.gelu(a["x"]), ("x",)),
    "mlp": Case((("x", TOKENS), ("W1", (D, M)), ("b1", (M,)), ("W2", (M, D)), ("b2", (D,))), TOKENS, _mlp,
                lambda a: ref.mlp(a["x"], a["W1"], a["b1"], a["W2"], a["b2"]), ("x", "W1", "b1", "W2", "b2")),
    "attention": Case((("x", TOKENS),) + _block_args()[2:10], TOKENS, _attention,
                      lambda a: ref.attention(a["x"], *(a[n] for n in PROJ), H), ("x",) + PROJ),
    "block": Case((("x", TOKENS),) + _block_args(), TOKENS, _block,
                  lambda a: ref.block(a["x"], a, H), ("x",) + ref.BLOCK_NAMES),
    "patch_embed": _patch_embed_case("", ref.patch_embed),
    # the fast lowering's rewrite of the weight gradient (one dot_general over patches)
    "patch_embed_fast": _patch_embed_case("fast-lowering", ref.patch_embed),
    # the reference's convolution form too, which the step benchmark's JAX side uses
    "patch_embed_conv": _patch_embed_case("", ref.patch_embed_conv),
    "cls_pos": Case((("tok", (B, N - 1, D)), ("cls", (D,)), ("pos", (N, D))), TOKENS, _cls_pos,
                    lambda a: ref.cls_pos(a["tok"], a["cls"], a["pos"]), ("tok", "cls", "pos")),
    "head": Case((("z", TOKENS), ("Wc", (D, K)), ("bc", (K,))), (B, K), _head,
                 lambda a: ref.head(a["z"], a["Wc"], a["bc"]), ("z", "Wc", "bc")),
    "silu": Case((("x", (B, N, M)),), (B, N, M), _silu, lambda a: ref.silu(a["x"]), ("x",)),
    "adaln_modulate": Case((("x", PATCH_TOKENS), ("cs", (B, D)), ("W", (D, 2 * D)), ("b", (2 * D,))), PATCH_TOKENS,
                           _adaln_modulate,
                           lambda a: ref.modulate(a["x"], *jax.numpy.split(a["cs"] @ a["W"] + a["b"], 2, axis=-1)),
                           ("x", "cs", "W", "b")),
    "gate": Case((("x", PATCH_TOKENS), ("gate", (B, D)), ("h", PATCH_TOKENS)), PATCH_TOKENS, _gate,
                 lambda a: a["x"] + a["gate"][:, None, :] * a["h"], ("x", "gate", "h")),
    "time_mlp": Case((("f", (B, 6)), ("W1", (6, D)), ("b1", (D,)), ("W2", (D, D)), ("b2", (D,))), (B, D),
                     _time_mlp, lambda a: ref.time_mlp(a["f"], a["W1"], a["b1"], a["W2"], a["b2"]),
                     ("W1", "b1", "W2", "b2")),
    "adaln_block": _adaln_block_case("adaln"),
    "adaln_zero_block": _adaln_block_case("adaln-zero"),
    "pos": Case((("tok", PATCH_TOKENS), ("pos", (N - 1, D))), PATCH_TOKENS, _pos,
                lambda a: a["tok"] + a["pos"], ("tok", "pos")),
    "unpatch": _unpatch_case(N),
    "unpatch_no_cls": _unpatch_case(N - 1),
    "vit": _vit_case(""),
    "vit_fast": _vit_case("fast-lowering"),
}
