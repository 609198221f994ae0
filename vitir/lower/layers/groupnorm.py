"""GroupNorm of x [b, c, H, W]: the channels cut into G groups, each example's
group normalised over its (c / G) H W values (biased variance), then a
per-channel affine (gamma, beta).

The normalisation is LayerNorm's (layers/layernorm.py) on x reshaped to
[b, G, (c / G) H W]; its backward likewise on the reshaped dxhat = dy gamma.
dgamma = sum dy xhat, dbeta = sum dy over batch and space.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ...errors import ConfigError
from .layernorm import NormSaved, normalise_backward, normalise_forward

CHANNEL = [1]


class GroupNormSaved(NamedTuple):
    y: Value
    xhat: Value  # [b, c, H, W]
    norm: NormSaved  # on the grouped view [b, G, (c/G) H W]
    gb: Value


def groupnorm_forward(fb: FunctionBuilder, p: str, x: Value, g: Value, b: Value, groups: int,
                      eps: str = "1.0e-5") -> GroupNormSaved:
    n, c, h, w = x.shape
    if c % groups:
        raise ConfigError(f"group norm {p}: {c} channels do not split into {groups} groups")
    grouped = fb.reshape(f"{p}xg", x, [n, groups, (c // groups) * h * w])
    norm = normalise_forward(fb, p, grouped, eps)
    xhat = fb.reshape(f"{p}xh4", norm.xhat, x.shape)
    gb = fb.broadcast_in_dim(f"{p}gb", g, CHANNEL, x.shape)
    bb = fb.broadcast_in_dim(f"{p}bb", b, CHANNEL, x.shape)
    return GroupNormSaved(fb.add(f"{p}y", fb.multiply(f"{p}gx", xhat, gb), bb), xhat, norm, gb)


def groupnorm_backward(fb: FunctionBuilder, p: str, saved: GroupNormSaved, dy: Value) -> tuple[Value, Value, Value]:
    """Returns (dx, dgamma, dbeta)."""
    dg = fb.sum(f"{p}dg", fb.multiply(f"{p}dyxh", dy, saved.xhat), [0, 2, 3])
    db = fb.sum(f"{p}db", dy, [0, 2, 3])
    dxhat = fb.reshape(f"{p}dxg", fb.multiply(f"{p}dxhat", dy, saved.gb), saved.norm.xhat.shape)
    return fb.reshape(f"{p}dx4", normalise_backward(fb, p, saved.norm, dxhat), dy.shape), dg, db
