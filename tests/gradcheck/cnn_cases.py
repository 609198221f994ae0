"""Gradient-check cases of the convolutional layers (vitir.lower.layers.conv,
batchnorm, relu, maxpool, upsample, concat, groupnorm, silu on images, film), in the
form of tests/gradcheck/cases.py: the vitir forward and hand-derived backward,
and the independent JAX forward (tests/gradcheck/cnn_reference.py)."""

from __future__ import annotations

import jax.numpy as jnp

from tests.gradcheck import cnn_reference as ref
from tests.gradcheck.cases import Case
from vitir.lower.layers.batchnorm import batchnorm_backward, batchnorm_train_forward
from vitir.lower.layers.concat import concat_backward, concat_forward
from vitir.lower.layers.conv import conv_backward, conv_forward
from vitir.lower.layers.film import film_backward, film_forward
from vitir.lower.layers.groupnorm import groupnorm_backward, groupnorm_forward
from vitir.lower.layers.maxpool import maxpool_backward, maxpool_forward
from vitir.lower.layers.relu import relu_backward, relu_forward
from vitir.lower.layers.silu import silu_backward, silu_forward
from vitir.lower.layers.upsample import upsample_backward, upsample_forward

B, C, O = 2, 3, 4


def _conv_case(hw, kernel, stride, padding, bias: bool) -> Case:
    h, w = hw
    kh, kw = kernel
    pads = padding if padding != "same" else None

    def out_dim(size, k, s, pair):
        return (size + pair[0] + pair[1] - k) // s + 1

    if pads is None:
        out = (B, O, -(-h // stride[0]), -(-w // stride[1]))
        jax_pad = "SAME"
    else:
        out = (B, O, out_dim(h, kh, stride[0], pads[0]), out_dim(w, kw, stride[1], pads[1]))
        jax_pad = pads

    def body(fb, v):
        saved = conv_forward(fb, "c", v["x"], v["w"], v["b"] if bias else None, stride, padding)
        dx, dw, db = conv_backward(fb, "c", saved, v["w"], v["dy"], bias=bias)
        return (saved.y, dx, dw) + ((db,) if bias else ())

    args = (("x", (B, C, h, w)), ("w", (O, C, kh, kw))) + ((("b", (O,)),) if bias else ())
    return Case(args, out, body, lambda a: ref.conv(a["x"], a["w"], a.get("b") if bias else None, stride, jax_pad),
                ("x", "w") + (("b",) if bias else ()))


def _batchnorm(fb, v):
    saved = batchnorm_train_forward(fb, "n", v["x"], v["g"], v["b"])
    return (saved.y, *batchnorm_backward(fb, "n", saved, v["dy"]))


def _groupnorm(groups):
    def body(fb, v):
        saved = groupnorm_forward(fb, "n", v["x"], v["g"], v["b"], groups)
        return (saved.y, *groupnorm_backward(fb, "n", saved, v["dy"]))
    return body


def _film(fb, v):
    saved = film_forward(fb, "f", v["x"], v["scale"], v["shift"])
    return (saved.y, *film_backward(fb, "f", saved, v["dy"]))


def _relu(fb, v):
    return relu_forward(fb, "r", v["x"]), relu_backward(fb, "r", v["x"], v["dy"])


def _silu(fb, v):
    saved = silu_forward(fb, "s", v["x"])
    return saved.y, silu_backward(fb, "s", saved, v["dy"])


def _maxpool(rule):
    def body(fb, v):
        saved = maxpool_forward(fb, "p", v["x"])
        return saved.y, maxpool_backward(fb, "p", saved, v["dy"], rule)
    return body


def _upsample(fb, v):
    return upsample_forward(fb, "u", v["x"]), upsample_backward(fb, "u", v["dy"])


def _concat(fb, v):
    return (concat_forward(fb, "k", v["a"], v["s"]), *concat_backward(fb, "k", v["a"].shape[1], v["dy"]))


IMAGE = ("x", (B, C, 8, 6))
NORM_ARGS = (("x", (B, O, 6, 5)), ("g", (O,)), ("b", (O,)))

CNN_CASES = {
    "conv3x3_same": _conv_case((8, 8), (3, 3), (1, 1), "same", False),
    "conv3x3_same_bias": _conv_case((7, 9), (3, 3), (1, 1), "same", True),
    "conv1x1_bias": _conv_case((6, 6), (1, 1), (1, 1), "same", True),
    "conv3x3_stride2": _conv_case((9, 8), (3, 3), (2, 2), ((1, 0), (0, 2)), True),
    "conv4x2_stride3x1": _conv_case((11, 7), (4, 2), (3, 1), ((2, 1), (0, 1)), False),
    "conv5x5_stride2_same": _conv_case((10, 10), (5, 5), (2, 2), "same", False),
    "batchnorm": Case(NORM_ARGS, (B, O, 6, 5), _batchnorm, lambda a: ref.batchnorm(a["x"], a["g"], a["b"])[0],
                      ("x", "g", "b")),
    "groupnorm": Case(NORM_ARGS, (B, O, 6, 5), _groupnorm(2), lambda a: ref.groupnorm(a["x"], a["g"], a["b"], 2),
                      ("x", "g", "b")),
    "groupnorm_1": Case(NORM_ARGS, (B, O, 6, 5), _groupnorm(1), lambda a: ref.groupnorm(a["x"], a["g"], a["b"], 1),
                        ("x", "g", "b")),
    "film": Case((("x", (B, O, 6, 5)), ("scale", (B, O)), ("shift", (B, O))), (B, O, 6, 5), _film,
                 lambda a: ref.film(a["x"], a["scale"], a["shift"]), ("x", "scale", "shift")),
    "relu": Case((IMAGE,), IMAGE[1], _relu, lambda a: ref.relu(a["x"]), ("x",)),
    "silu_image": Case((IMAGE,), IMAGE[1], _silu, lambda a: ref.silu(a["x"]), ("x",)),
    "maxpool": Case((IMAGE,), (B, C, 4, 3), _maxpool("reference"), lambda a: ref.maxpool(a["x"]), ("x",)),
    "maxpool_select_and_scatter": Case((IMAGE,), (B, C, 4, 3), _maxpool("select_and_scatter"),
                                       lambda a: ref.maxpool_lax(a["x"]), ("x",)),
    "upsample": Case((("x", (B, C, 4, 4)),), (B, C, 8, 8), _upsample, lambda a: ref.upsample(a["x"]), ("x",)),
    "upsample_3x5": Case((("x", (B, C, 3, 5)),), (B, C, 6, 10), _upsample, lambda a: ref.upsample(a["x"]), ("x",)),
    "concat": Case((("a", (B, O, 5, 4)), ("s", (B, C, 5, 4))), (B, O + C, 5, 4), _concat,
                   lambda a: jnp.concatenate([a["a"], a["s"]], axis=1), ("a", "s")),
}
