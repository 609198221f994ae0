"""CLS token and positional embedding: z = [cls; tokens] + pos.

Backward: dpos = sum over batch of dz; dcls = sum over batch of row 0;
          dtok = rows 1..n0.
The denoisers conditioned by adaptive LayerNorm have no CLS token: z = tokens
+ pos, dpos = sum over batch of dz, dtok = dz (pos_forward, pos_backward).
"""

from __future__ import annotations

from ...ast import FunctionBuilder, Value
from ..params import Param, ParamGroup, normal

POSITIONS = Param("pos", lambda cfg: (cfg.tokens, cfg.width), normal(0.02))
CLS_POS = ParamGroup("ClsPosParams", Param("cls", lambda cfg: (cfg.width,), normal(0.02)), POSITIONS)
POS = ParamGroup("PosParams", POSITIONS)


def cls_pos_forward(fb: FunctionBuilder, p: str, tok: Value, cls: Value, pos: Value) -> Value:
    b, n0, d = tok.shape
    clsb = fb.broadcast_in_dim(f"{p}clsb", cls, [2], [b, 1, d])
    cat = fb.concatenate(f"{p}cat", [clsb, tok], 1)
    posb = fb.broadcast_in_dim(f"{p}posb", pos, [1, 2], cat.shape)
    return fb.add(f"{p}z", cat, posb)


def cls_pos_backward(fb: FunctionBuilder, p: str, dz: Value) -> tuple[Value, Value, Value]:
    """Returns (dtok, dcls, dpos)."""
    b, n, d = dz.shape
    dpos = fb.sum(f"{p}dpos", dz, [0])
    cslc = fb.slice(f"{p}cslc", dz, [0, 0, 0], [b, 1, d])
    cr = fb.reshape(f"{p}cr", cslc, [b, d])
    dcls = fb.sum(f"{p}dcls", cr, [0])
    dtok = fb.slice(f"{p}dtok", dz, [0, 1, 0], [b, n, d])
    return dtok, dcls, dpos


def pos_forward(fb: FunctionBuilder, p: str, tok: Value, pos: Value) -> Value:
    posb = fb.broadcast_in_dim(f"{p}posb", pos, [1, 2], tok.shape)
    return fb.add(f"{p}z", tok, posb)


def pos_backward(fb: FunctionBuilder, p: str, dz: Value) -> tuple[Value, Value]:
    """Returns (dtok, dpos); dtok is dz itself."""
    return dz, fb.sum(f"{p}dpos", dz, [0])
