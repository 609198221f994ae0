"""Pixel head of a ViT denoiser: every patch token back to its s x s pixels,
the inverse of the patch embedding.

Forward:  tokens 1..n0 of z [b, n, d] (the CLS row is dropped; a trunk
          without CLS passes every token), dense to [b, n0, c*s*s], then
          un-patchified to the image [b, c, H, W].
Backward: the image gradient patchified back to [b, n0, c*s*s]; a dense
          backward; the token gradient padded with a zero CLS row (if any).
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ..params import Param, ParamGroup, zeros
from .mlp import dense_bias

TO_IMAGE = [0, 3, 1, 4, 2, 5]  # [b, ph, pw, c, s, s] -> [b, c, ph, s, pw, s]
TO_PATCHES = [0, 2, 4, 1, 3, 5]  # its inverse
# Zero weights [width, c s s]: the first prediction is 0 everywhere.
PIXEL_HEAD = ParamGroup("PixelHeadParams", Param("Wp", lambda cfg: (cfg.width, cfg.pixels_per_token), zeros),
                        Param("bp", lambda cfg: (cfg.pixels_per_token,), zeros))


class UnpatchSaved(NamedTuple):
    image: Value
    tok: Value  # the patch tokens the dense layer read [b, n0, d]
    grid: tuple[int, int]  # (ph, pw)
    patch: int


def unpatch_forward(fb: FunctionBuilder, p: str, z: Value, w: Value, bias: Value, grid: tuple[int, int],
                    patch: int) -> UnpatchSaved:
    b, n, d = z.shape
    ph, pw = grid
    s = patch
    c = w.shape[1] // (s * s)
    tok = fb.slice(f"{p}tok", z, [0, 1, 0], [b, n, d]) if n > ph * pw else z
    y = dense_bias(fb, tok, w, bias, (f"{p}pd", f"{p}pbb", f"{p}pix"))
    y6 = fb.reshape(f"{p}p6", y, [b, ph, pw, c, s, s])
    yt = fb.transpose(f"{p}pt", y6, TO_IMAGE)
    image = fb.reshape(f"{p}img", yt, [b, c, ph * s, pw * s])
    return UnpatchSaved(image, tok, grid, patch)


def unpatch_backward(fb: FunctionBuilder, p: str, saved: UnpatchSaved, w: Value, d_image: Value,
                     tokens: int) -> tuple[Value, Value, Value]:
    """Returns (dz, dw, dbias); `tokens` is n, the token count of z (CLS included)."""
    b, c, _, _ = d_image.shape
    ph, pw = saved.grid
    s = saved.patch
    d6 = fb.reshape(f"{p}dp6", d_image, [b, c, ph, s, pw, s])
    dt = fb.transpose(f"{p}dpt", d6, TO_PATCHES)
    dpix = fb.reshape(f"{p}dpix", dt, [b, ph * pw, c * s * s])
    dw = fb.dot_general(f"{p}dW", saved.tok, dpix, ([0, 1], [0, 1]))
    db = fb.sum(f"{p}db", dpix, [0, 1])
    dtok = fb.dot_general(f"{p}dtok", dpix, w, ([2], [1]))
    if tokens == ph * pw:
        return dtok, dw, db
    dz = fb.pad(f"{p}dz", dtok, fb.zero, [0, tokens - ph * pw, 0], [0, 0, 0], [0, 0, 0])
    return dz, dw, db
