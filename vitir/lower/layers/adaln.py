"""Adaptive LayerNorm (DiT): per-example scale, shift and gate regressed from a
conditioning vector (the time embedding) instead of learned per channel.

Modulation: one dense layer of the conditioning c [b, e] (already through
            SiLU), m = c W + b with W [e, k d], cut into k chunks [b, d]
            (shift, scale, gate, ...). Backward: the chunks' gradients
            concatenated back to [b, k d], then a dense backward.
Modulate:   y = xhat (1 + scale) + shift over x [b, n, d], xhat the LayerNorm
            of x without affine, scale and shift broadcast over the tokens.
            Backward: dxhat = dy (1 + scale); dscale = sum_n dy xhat;
            dshift = sum_n dy; dx from the normalisation's backward.
Gate:       out = x + gate h (adaLN-Zero's residual; gate [b, d]).
            Backward: dx = dout; dh = dout gate; dgate = sum_n dout h.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from .layernorm import NormSaved, normalise_backward, normalise_forward
from ..params import Param, ParamGroup, zeros
from .mlp import dense_backward, dense_bias

TOKEN_BROADCAST = [0, 2]  # [b, d] -> [b, n, d]


def modulation_params(weight: str, bias: str, chunks) -> tuple[Param, Param]:
    """A modulation's W [width, k width] and b [k width], k = chunks(cfg), zero at the start
    (adaLN-Zero: every modulated layer starts as the plain normalisation)."""
    return (Param(weight, lambda cfg: (cfg.width, chunks(cfg) * cfg.width), zeros),
            Param(bias, lambda cfg: (chunks(cfg) * cfg.width,), zeros))


# The final LayerNorm's shift and scale.
FINAL_MODULATION = ParamGroup("FinalModulationParams", *modulation_params("Wfmod", "bfmod", lambda cfg: 2))


class ModulateSaved(NamedTuple):
    y: Value
    norm: NormSaved
    onescale: Value  # 1 + scale, broadcast to [b, n, d]


def modulation_forward(fb: FunctionBuilder, p: str, c: Value, w: Value, bias: Value, chunks: int) -> list[Value]:
    """The `chunks` pieces [b, d] of c W + b, W [e, chunks * d], in order."""
    b = c.shape[0]
    m = dense_bias(fb, c, w, bias, (f"{p}md", f"{p}mbb", f"{p}m"))
    d = m.shape[1] // chunks
    return [fb.slice(f"{p}m{i}", m, [0, i * d], [b, (i + 1) * d]) for i in range(chunks)]


def modulation_backward(fb: FunctionBuilder, p: str, c: Value, w: Value,
                        d_chunks: list[Value]) -> tuple[Value, Value, Value]:
    """(dc, dW, db) from the gradients of the chunks, in their order."""
    dm = fb.concatenate(f"{p}dm", d_chunks, 1) if len(d_chunks) > 1 else d_chunks[0]
    return dense_backward(fb, f"{p}m", c, w, dm)


def modulate_forward(fb: FunctionBuilder, p: str, x: Value, shift: Value, scale: Value, eps: str) -> ModulateSaved:
    shape = x.shape
    norm = normalise_forward(fb, p, x, eps)
    one = fb.constant(f"{p}one", "1.0", shape)
    scaleb = fb.broadcast_in_dim(f"{p}scb", scale, TOKEN_BROADCAST, shape)
    onescale = fb.add(f"{p}osc", one, scaleb)
    shiftb = fb.broadcast_in_dim(f"{p}shb", shift, TOKEN_BROADCAST, shape)
    y = fb.add(f"{p}y", fb.multiply(f"{p}xs", norm.xhat, onescale), shiftb)
    return ModulateSaved(y, norm, onescale)


def modulate_backward(fb: FunctionBuilder, p: str, saved: ModulateSaved, dy: Value) -> tuple[Value, Value, Value]:
    """Returns (dx, dshift, dscale)."""
    dxhat = fb.multiply(f"{p}dxhat", dy, saved.onescale)
    dscale = fb.sum(f"{p}dsc", fb.multiply(f"{p}dyxh", dy, saved.norm.xhat), [1])
    dshift = fb.sum(f"{p}dsh", dy, [1])
    return normalise_backward(fb, p, saved.norm, dxhat), dshift, dscale


def gate_forward(fb: FunctionBuilder, p: str, x: Value, gate: Value, h: Value) -> tuple[Value, Value]:
    """(x + gate h, gate broadcast to [b, n, d])."""
    gateb = fb.broadcast_in_dim(f"{p}gb", gate, TOKEN_BROADCAST, h.shape)
    return fb.add(f"{p}out", x, fb.multiply(f"{p}gh", gateb, h)), gateb


def gate_backward(fb: FunctionBuilder, p: str, h: Value, gateb: Value, d_out: Value) -> tuple[Value, Value]:
    """Returns (dh, dgate); dx is d_out itself."""
    dh = fb.multiply(f"{p}dh", d_out, gateb)
    dgate = fb.sum(f"{p}dg", fb.multiply(f"{p}dgh", d_out, h), [1])
    return dh, dgate
