"""Classifier head: logits = z[:, 0] Wc + bc.

Backward: dWc = cls^T dlog; dbc = sum dlog; dz = (dlog Wc^T) placed in row 0,
zero elsewhere (a high pad of the token axis).
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import Param, ParamGroup, zeros
from .mlp import dense_bias

# Zero weights: the first logits are uniform.
HEAD = ParamGroup("HeadParams", Param("Wc", lambda cfg: (cfg.width, cfg.classes), zeros),
                  Param("bc", lambda cfg: (cfg.classes,), zeros))


class HeadSaved(NamedTuple):
    logits: Value
    clsv: Value  # the CLS token [b, d]


def head_forward(fb: FunctionBuilder, p: str, z: Value, wc: Value, bc: Value) -> HeadSaved:
    b, _, d = z.shape
    cls = fb.slice(f"{p}cls", z, [0, 0, 0], [b, 1, d])
    clsv = fb.reshape(f"{p}clsv", cls, [b, d])
    logits = dense_bias(fb, clsv, wc, bc, (f"{p}hd", f"{p}hbb", f"{p}logits"))
    return HeadSaved(logits, clsv)


def head_backward(fb: FunctionBuilder, p: str, saved: HeadSaved, wc: Value, d_logits: Value,
                  tokens: int) -> tuple[Value, Value, Value]:
    """Returns (dz, dWc, dbc); `tokens` is n, the token count of z."""
    dwc = fb.dot_general(f"{p}dWc", saved.clsv, d_logits, ([0], [0]))
    dbc = fb.sum(f"{p}dbc", d_logits, [0])
    dclsv = fb.dot_general(f"{p}dclsv", d_logits, wc, ([1], [1]))
    b, d = dclsv.shape
    dclsr = fb.reshape(f"{p}dclsr", dclsv, [b, 1, d])
    dz = fb.pad(f"{p}dz", dclsr, fb.zero, [0, 0, 0], [0, tokens - 1, 0], [0, 0, 0])
    return dz, dwc, dbc
