"""FiLM (feature-wise linear modulation) of feature maps x [b, c, H, W] by a
per-example, per-channel scale and shift [b, c] regressed from a conditioning
vector (the time embedding): the convolutional counterpart of adaLN's
modulate (layers/adaln.py), applied after a normalisation.

Forward:  y = x (1 + scale) + shift, scale and shift broadcast over space.
Backward: dx = dy (1 + scale); dscale = sum over space of dy x;
          dshift = sum over space of dy.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value

SPATIAL_BROADCAST = [0, 1]  # [b, c] -> [b, c, H, W]
SPACE = [2, 3]


class FilmSaved(NamedTuple):
    y: Value
    x: Value
    onescale: Value  # 1 + scale, broadcast to [b, c, H, W]


def film_forward(fb: FunctionBuilder, p: str, x: Value, scale: Value, shift: Value) -> FilmSaved:
    shape = x.shape
    one = fb.constant(f"{p}one", "1.0", shape)
    onescale = fb.add(f"{p}osc", one, fb.broadcast_in_dim(f"{p}scb", scale, SPATIAL_BROADCAST, shape))
    shiftb = fb.broadcast_in_dim(f"{p}shb", shift, SPATIAL_BROADCAST, shape)
    return FilmSaved(fb.add(f"{p}y", fb.multiply(f"{p}xs", x, onescale), shiftb), x, onescale)


def film_backward(fb: FunctionBuilder, p: str, saved: FilmSaved, dy: Value) -> tuple[Value, Value, Value]:
    """Returns (dx, dscale, dshift)."""
    dx = fb.multiply(f"{p}dx", dy, saved.onescale)
    dscale = fb.sum(f"{p}dsc", fb.multiply(f"{p}dyx", dy, saved.x), SPACE)
    return dx, dscale, fb.sum(f"{p}dsh", dy, SPACE)
