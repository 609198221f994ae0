"""The denoisers' time embedding: the sin/cos features of the time index
f [b, 2F] (made on the host, vitir.diffusion.time_embed) through a two-layer
SiLU MLP to the conditioning vector c [b, d], as DiT embeds its timestep.

Forward:  h = f W1 + b1;  a = silu(h);  c = a W2 + b2.
Backward: dW2 = a^T dc; db2 = sum dc; da = dc W2^T; dh = silu'(h) da;
          dW1 = f^T dh; db1 = sum dh (f needs no gradient).
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import Param, ParamGroup, xavier_uniform, zeros
from .mlp import dense_backward, dense_bias
from .silu import SiluSaved, silu_backward, silu_forward

# W1 [2F, width], b1, W2 [width, width], b2.
TIME_MLP = ParamGroup("TimeMlpParams", Param("tW1", lambda cfg: (cfg.time_features, cfg.width), xavier_uniform),
                      Param("tb1", lambda cfg: (cfg.width,), zeros),
                      Param("tW2", lambda cfg: (cfg.width, cfg.width), xavier_uniform),
                      Param("tb2", lambda cfg: (cfg.width,), zeros))


class TimeMlpSaved(NamedTuple):
    c: Value
    f: Value
    act: SiluSaved


def time_mlp_forward(fb: FunctionBuilder, p: str, f: Value, w1: Value, b1: Value, w2: Value,
                     b2: Value) -> TimeMlpSaved:
    h = dense_bias(fb, f, w1, b1, (f"{p}h1d", f"{p}h1bb", f"{p}h1"))
    with fb.layer("silu"):
        act = silu_forward(fb, f"{p}a", h)
    c = dense_bias(fb, act.y, w2, b2, (f"{p}cd", f"{p}cbb", f"{p}c"))
    return TimeMlpSaved(c, f, act)


def time_mlp_backward(fb: FunctionBuilder, p: str, saved: TimeMlpSaved, w2: Value,
                      dc: Value) -> tuple[Value, Value, Value, Value]:
    """Returns (dW1, db1, dW2, db2)."""
    da, dw2, db2 = dense_backward(fb, f"{p}2", saved.act.y, w2, dc)
    with fb.layer("silu"):
        dh = silu_backward(fb, f"{p}a", saved.act, da)
    lead = [0]
    dw1 = fb.dot_general(f"{p}1dW", saved.f, dh, (lead, lead))
    db1 = fb.sum(f"{p}1db", dh, lead)
    return dw1, db1, dw2, db2
