"""Independent jax.numpy / lax convolutional layers: the reference that vitir's
hand-derived convolutional gradients are checked against through jax.vjp.

Written from the layers' definitions, not from vitir's text: the convolution
is lax.conv_general_dilated, the max pool a reshape and max (or
lax.reduce_window for JAX's own tie rule), the upsampling jax.image.resize,
the normalisations plain means and variances.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax


def conv(x, w, bias=None, stride=(1, 1), padding="SAME"):
    y = lax.conv_general_dilated(x, w, stride, padding, dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                 precision=lax.Precision.HIGHEST)
    return y if bias is None else y + bias[None, :, None, None]


def batchnorm(x, g, b, eps=1e-5):
    """Training mode; also returns the batch mean and biased variance."""
    mean = jnp.mean(x, axis=(0, 2, 3))
    var = jnp.mean((x - mean[None, :, None, None]) ** 2, axis=(0, 2, 3))
    xhat = (x - mean[None, :, None, None]) / jnp.sqrt(var[None, :, None, None] + eps)
    return xhat * g[None, :, None, None] + b[None, :, None, None], mean, var


def batchnorm_eval(x, g, b, mean, var, eps=1e-5):
    xhat = (x - mean[None, :, None, None]) / jnp.sqrt(var[None, :, None, None] + eps)
    return xhat * g[None, :, None, None] + b[None, :, None, None]


def groupnorm(x, g, b, groups, eps=1e-5):
    n, c, h, w = x.shape
    xg = x.reshape(n, groups, -1)
    mean = jnp.mean(xg, axis=-1, keepdims=True)
    var = jnp.mean((xg - mean) ** 2, axis=-1, keepdims=True)
    xhat = ((xg - mean) / jnp.sqrt(var + eps)).reshape(n, c, h, w)
    return xhat * g[None, :, None, None] + b[None, :, None, None]


def relu(x):
    return jnp.maximum(x, 0.0)


def silu(x):
    return x * jax.nn.sigmoid(x)


def maxpool(x):
    n, c, h, w = x.shape
    return jnp.max(x.reshape(n, c, h // 2, 2, w // 2, 2), axis=(3, 5))


def maxpool_lax(x):
    """JAX's max pool: its vjp is select_and_scatter (the first maximum of a window)."""
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def upsample(x):
    n, c, h, w = x.shape
    return jax.image.resize(x, (n, c, 2 * h, 2 * w), "bilinear", precision=lax.Precision.HIGHEST)
