"""MLP sublayer over [b, n, d]: y = gelu(x W1 + b1) W2 + b2, hidden width m.

Backward: da = dy W2^T; dW2 = ga^T dy; db2 = sum dy; dh = gelu'(h1) da;
          dx = dh W1^T; dW1 = x^T dh; db1 = sum dh (sums over batch and tokens).
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import Param, xavier_uniform, zeros
from .gelu import gelu_backward, gelu_forward

TOKENS = ([0, 1], [0, 1])  # contract batch and token axes: the weight gradients

# W1 [width, mlp], b1 [mlp], W2 [mlp, width], b2 [width]; tensor parallel (Megatron): W1 and b1 split
# by the hidden units (columns), W2 by its rows, so each device computes its part of the hidden layer.
MLP_PARAMS = (Param("Wfc1", lambda cfg: (cfg.width, cfg.mlp), xavier_uniform, 1),
              Param("bfc1", lambda cfg: (cfg.mlp,), zeros, 0),
              Param("Wfc2", lambda cfg: (cfg.mlp, cfg.width), xavier_uniform, 0),
              Param("bfc2", lambda cfg: (cfg.width,), zeros))


class MlpSaved(NamedTuple):
    y: Value
    h1: Value  # pre-activation
    ga: Value  # post-activation


def dense_bias(fb: FunctionBuilder, x: Value, w: Value, bias: Value, names: tuple[str, str, str]) -> Value:
    """x [.., k] times w [k, o] plus bias [o]; `names` are the product, the broadcast bias and the sum."""
    dot_name, bias_name, out_name = names
    y = fb.dot_general(dot_name, x, w, ([x.type.rank - 1], [0]))
    bb = fb.broadcast_in_dim(bias_name, bias, [y.type.rank - 1], y.shape)
    return fb.add(out_name, y, bb)


def dense_backward(fb: FunctionBuilder, p: str, x: Value, w: Value, dz: Value) -> tuple[Value, Value, Value]:
    """(dx, dW, db) of z = x W + b for x [.., k]: the weight and bias gradients sum over every leading axis.
    Names: `{p}dx`, `{p}dW`, `{p}db`."""
    lead = list(range(x.type.rank - 1))
    dw = fb.dot_general(f"{p}dW", x, dz, (lead, lead))
    db = fb.sum(f"{p}db", dz, lead)
    dx = fb.dot_general(f"{p}dx", dz, w, ([dz.type.rank - 1], [1]))
    return dx, dw, db


def mlp_forward(fb: FunctionBuilder, p: str, x: Value, w1: Value, b1: Value, w2: Value, b2: Value) -> MlpSaved:
    h1 = dense_bias(fb, x, w1, b1, (f"{p}h1d", f"{p}h1bb", f"{p}h1"))
    with fb.layer("gelu"):
        ga = gelu_forward(fb, f"{p}g", h1)
    y = dense_bias(fb, ga, w2, b2, (f"{p}y2d", f"{p}y2bb", f"{p}y"))
    return MlpSaved(y, h1, ga)


def mlp_backward(fb: FunctionBuilder, p: str, x: Value, saved: MlpSaved, w1: Value, w2: Value,
                 dy: Value) -> tuple[Value, Value, Value, Value, Value]:
    """Returns (dx, dW1, db1, dW2, db2)."""
    da = fb.dot_general(f"{p}da1", dy, w2, ([2], [1]))
    dw2 = fb.dot_general(f"{p}dWfc2", saved.ga, dy, TOKENS)
    db2 = fb.sum(f"{p}dbfc2", dy, [0, 1])
    with fb.layer("gelu"):
        dh = gelu_backward(fb, f"{p}gb", saved.h1, da)
    dx = fb.dot_general(f"{p}dx", dh, w1, ([2], [1]))
    dw1 = fb.dot_general(f"{p}dWfc1", x, dh, TOKENS)
    db1 = fb.sum(f"{p}dbfc1", dh, [0, 1])
    return dx, dw1, db1, dw2, db2
