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


def film(x, scale, shift):
    return x * (1.0 + scale[:, :, None, None]) + shift[:, :, None, None]


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


# -- the UNet ------------------------------------------------------------------

def _norm(x, p, i, norm, groups, state):
    g, b = p[f"g{i}"], p[f"bt{i}"]
    if norm == "group":
        return groupnorm(x, g, b, groups)
    if state is None:
        y, mean, var = batchnorm(x, g, b)
        return y, (mean, var)
    return batchnorm_eval(x, g, b, state[f"rm{i}"], state[f"rv{i}"]), None


def film_modulations(p, tfeat, channels):
    """Each modulated unit's (scale, shift) [b, c] from the time features: a two-layer SiLU MLP to c,
    then silu(c) Wfm + bfm cut in unit order, scale then shift."""
    c = silu(tfeat @ p["tW1"] + p["tb1"]) @ p["tW2"] + p["tb2"]
    m = silu(c) @ p["Wfm"] + p["bfm"]
    out, start = [], 0
    for oc in channels:
        out.append((m[:, start:start + oc], m[:, start + oc:start + 2 * oc]))
        start += 2 * oc
    return out


def unet(x, p, layers, norm="batch", activation="relu", groups=8, pool=maxpool, state=None, tfeat=None,
         input_skip=False):
    """The UNet of vitir.lower.unet from its definition: conv units W{i}/g{i}/bt{i} in order, the output
    conv W{i}/b{i}. Returns (output, {unit: (batch mean, batch variance)}) in training (state None);
    with `state` (rm{i}, rv{i}) BatchNorm uses it. With `tfeat` every convBn unit's normalised output is
    FiLM-modulated by the time (film_modulations) before its activation; with `input_skip` the output
    conv reads [features, x]."""
    image = x
    act = relu if activation == "relu" else silu
    stats, skips, unit = {}, [], 0
    modulations = None
    if tfeat is not None:
        channels = []
        for kind, _, oc in layers:
            channels += {"down": [oc, oc], "up": [oc, oc], "convbn": [oc]}.get(kind, [])
        modulations = iter(film_modulations(p, tfeat, channels))

    def convbn(h):
        nonlocal unit
        y = _norm(conv(h, p[f"W{unit}"]), p, unit, norm, groups, state)
        if isinstance(y, tuple):
            y, s = y
            if s is not None:
                stats[unit] = s
        if modulations is not None:
            y = film(y, *next(modulations))
        unit += 1
        return act(y)

    for kind, _, _ in layers:
        if kind == "down":
            x = convbn(convbn(x))
            skips.append(x)
            x = pool(x)
        elif kind == "up":
            x = jnp.concatenate([upsample(x), skips.pop()], axis=1)
            x = convbn(convbn(x))
        elif kind == "convbn":
            x = convbn(x)
        else:
            if input_skip:
                x = jnp.concatenate([x, image], axis=1)
            x = conv(x, p[f"W{unit}"], p[f"b{unit}"], padding="VALID")
            unit += 1
    return x, stats


def unet_loss(p, x, target, layers, **kw):
    y, stats = unet(x, p, layers, **kw)
    return jnp.mean((y - target) ** 2), stats


def adam(theta, g, m, v, lr, bc1, bc2, b1=0.9, b2=0.999, eps=1e-8):
    """Bias-corrected Adam, no weight decay; returns (theta', m', v')."""
    m2 = b1 * m + (1.0 - b1) * g
    v2 = b2 * v + (1.0 - b2) * g * g
    return theta - lr * (m2 / bc1) / (jnp.sqrt(v2 / bc2) + eps), m2, v2


def unet_step_fn(names, layers, axis_name=None, **kw):
    """A train step of the UNet: value_and_grad of the MSE, Adam on the parameters, and (BatchNorm) the
    running statistics, momentum 1 on the first step and 0.1 after. state = [rm0, rv0, ..., steps].
    With axis_name (data parallel, under shard_map or pmap) the gradients and the loss are averaged
    over that axis before Adam."""
    def step(params, ms, vs, state, x, target, lr, bc1, bc2, tfeat=None):
        def loss_fn(flat):
            return unet_loss(dict(zip(names, flat)), x, target, layers, tfeat=tfeat, **kw)

        (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        if axis_name is not None:
            grads, loss = jax.lax.pmean((grads, loss), axis_name)
        new = [adam(*args, lr, bc1, bc2) for args in zip(params, grads, ms, vs)]
        if state:
            mom = jnp.where(state[-1] == 0.0, 1.0, 0.1).astype(state[-1].dtype)
            batch = [s for unit in sorted(stats) for s in stats[unit]]
            state = [(1.0 - mom) * r + mom * b for r, b in zip(state[:-1], batch)] + [state[-1] + 1.0]
        return [n[0] for n in new], [n[1] for n in new], [n[2] for n in new], state, loss
    return step
