"""An independent ViT in plain jax.numpy: the reference that vitir's hand-derived
gradients are checked against (through jax.vjp / jax.value_and_grad).

Written from the model's definition, not from vitir's text: LayerNorm with the
biased variance, tanh-GELU, a dense MLP, multi-head self-attention with a plain
exp / row-sum softmax (no max shift, as vitir does), pre-norm blocks, patch
embedding as patch extraction by reshape and one matmul (or as a strided
convolution), CLS concatenation plus
position, the head on the CLS token, label-smoothed cross-entropy and AdamW.
Every function works in whatever float dtype it is given. Sizes are read from a
vitir ViTConfig (batch, channels, image, patch, width, depth, heads, mlp,
classes, eps); nothing else of vitir is used.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

BLOCK_NAMES = ("g1", "b1", "Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo",
               "g2", "b2", "Wfc1", "bfc1", "Wfc2", "bfc2")


# -- layers -------------------------------------------------------------------

def layernorm(x, g, b, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps) * g + b


def gelu(x):
    return 0.5 * x * (1.0 + jnp.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def mlp(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2


def attention(x, wq, bq, wk, bk, wv, bv, wo, bo, heads):
    bsz, n, d = x.shape
    dh = d // heads

    def split(t):  # [b, n, d] -> [b, heads, n, dh]
        return t.reshape(bsz, n, heads, dh).transpose(0, 2, 1, 3)

    q, k, v = split(x @ wq + bq), split(x @ wk + bk), split(x @ wv + bv)
    e = jnp.exp(jnp.einsum("bhqe,bhke->bhqk", q, k) * (1.0 / math.sqrt(dh)))
    weights = e / jnp.sum(e, axis=-1, keepdims=True)
    merged = jnp.einsum("bhqk,bhke->bhqe", weights, v).transpose(0, 2, 1, 3).reshape(bsz, n, d)
    return merged @ wo + bo


def block(x, p, heads, eps=1e-5):
    """Pre-norm: r = x + attn(ln1(x)); out = r + mlp(ln2(r)). `p` maps BLOCK_NAMES to arrays."""
    r = x + attention(layernorm(x, p["g1"], p["b1"], eps), p["Wq"], p["bq"], p["Wk"], p["bk"],
                      p["Wv"], p["bv"], p["Wo"], p["bo"], heads)
    return r + mlp(layernorm(r, p["g2"], p["b2"], eps), p["Wfc1"], p["bfc1"], p["Wfc2"], p["bfc2"])


def patch_embed(x, w, b):
    """x [B, C, H, W], w [D, C, s, s] -> tokens [B, (H/s)(W/s), D], patches in row-major grid order."""
    bsz, c, hh, ww = x.shape
    d, _, s, _ = w.shape
    gh, gw = hh // s, ww // s
    patches = x.reshape(bsz, c, gh, s, gw, s).transpose(0, 2, 4, 1, 3, 5).reshape(bsz, gh * gw, c * s * s)
    return patches @ w.reshape(d, c * s * s).T + b


def patch_embed_conv(x, w, b):
    """The same patch embedding as a stride-s convolution (the form vitir lowers to)."""
    s = w.shape[-1]
    y = jax.lax.conv_general_dilated(x, w, (s, s), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW"))
    bsz, d = y.shape[:2]
    return y.reshape(bsz, d, -1).transpose(0, 2, 1) + b


def cls_pos(tok, cls, pos):
    bsz, _, d = tok.shape
    return jnp.concatenate([jnp.broadcast_to(cls, (bsz, 1, d)), tok], axis=1) + pos


def head(z, wc, bc):
    return z[:, 0, :] @ wc + bc


def vit(x, params, cfg, embed=patch_embed):
    """x [B, C, H, W] -> logits [B, classes]; `params` as from unflatten()."""
    eps = float(cfg.eps)
    z = cls_pos(embed(x, params["wConv"], params["bConv"]), params["cls"], params["pos"])
    for p in params["blocks"]:
        z = block(z, p, cfg.heads, eps)
    return head(layernorm(z, params["gF"], params["bF"], eps), params["Wc"], params["bc"])


# -- the denoisers: adaptive LayerNorm (DiT) ------------------------------------
# Written from DiT (Peebles and Xie, 2023): LayerNorm without affine, modulated
# per example as xhat (1 + scale) + shift; adaLN-Zero also gates each residual
# branch; the timestep embedding is a SiLU MLP of sinusoidal features.

def silu(x):
    return x * jax.nn.sigmoid(x)


def plain_layernorm(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps)


def modulate(x, shift, scale, eps=1e-5):
    """x [b, n, d]; shift, scale [b, d]."""
    return plain_layernorm(x, eps) * (1.0 + scale[:, None, :]) + shift[:, None, :]


def time_mlp(f, w1, b1, w2, b2):
    return silu(f @ w1 + b1) @ w2 + b2


def adaln_block(x, cs, p, heads, zero: bool, eps=1e-5):
    """DiT block on x [b, n, d] conditioned by cs = silu(c) [b, e]; `p` maps names to arrays."""
    chunks = jnp.split(cs @ p["Wmod"] + p["bmod"], 6 if zero else 4, axis=-1)
    if zero:
        shift1, scale1, gate1, shift2, scale2, gate2 = chunks
    else:
        (shift1, scale1, shift2, scale2), gate1, gate2 = chunks, None, None

    def gated(gate, h):
        return h if gate is None else gate[:, None, :] * h

    attn = attention(modulate(x, shift1, scale1, eps), p["Wq"], p["bq"], p["Wk"], p["bk"], p["Wv"], p["bv"],
                     p["Wo"], p["bo"], heads)
    r = x + gated(gate1, attn)
    return r + gated(gate2, mlp(modulate(r, shift2, scale2, eps), p["Wfc1"], p["bfc1"], p["Wfc2"], p["bfc2"]))


def unpatch(tokens, w, b, channels, grid, s):
    """Patch tokens [b, ph pw, d] -> image [b, c, ph s, pw s] through one dense layer."""
    bsz = tokens.shape[0]
    ph, pw = grid
    pix = tokens @ w + b
    return pix.reshape(bsz, ph, pw, channels, s, s).transpose(0, 3, 1, 4, 2, 5).reshape(bsz, channels, ph * s,
                                                                                          pw * s)


ADALN_BLOCK_NAMES = ("Wmod", "bmod", "Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo", "Wfc1", "bfc1", "Wfc2", "bfc2")


def dit(x, tfeat, p, depth, heads, patch, zero: bool, eps=1e-5):
    """The adaLN denoiser: x [b, c, H, W], tfeat [b, 2F] -> [b, c, H, W]; `p` by parameter name."""
    _, c, hh, ww = x.shape
    z = patch_embed(x, p["wConv"], p["bConv"]) + p["pos"]
    cs = silu(time_mlp(tfeat, p["tW1"], p["tb1"], p["tW2"], p["tb2"]))
    for i in range(depth):
        z = adaln_block(z, cs, {n: p[f"{n}_{i}"] for n in ADALN_BLOCK_NAMES}, heads, zero, eps)
    shift, scale = jnp.split(cs @ p["Wfmod"] + p["bfmod"], 2, axis=-1)
    return unpatch(modulate(z, shift, scale, eps), p["Wp"], p["bp"], c, (hh // patch, ww // patch), patch)


def channel_denoiser(x, p, depth, heads, patch, channels, eps=1e-5):
    """The reference's denoiser: the ViT trunk on x [b, c + T, H, W] (CLS token, affine LayerNorms), pixel head."""
    _, _, hh, ww = x.shape
    z = cls_pos(patch_embed(x, p["wConv"], p["bConv"]), p["cls"], p["pos"])
    for i in range(depth):
        z = block(z, {n: p[f"{n}_{i}"] for n in BLOCK_NAMES}, heads, eps)
    z = layernorm(z, p["gF"], p["bF"], eps)
    return unpatch(z[:, 1:], p["Wp"], p["bp"], channels, (hh // patch, ww // patch), patch)


def weighted_mse(pred, target, weight):
    """sum_i w_i sum_j (pred - target)_ij^2 over the count of elements."""
    sq = (pred - target) ** 2
    return jnp.sum(weight.reshape((-1,) + (1,) * (pred.ndim - 1)) * sq) / pred.size


# -- parameters ---------------------------------------------------------------

def param_shapes(cfg) -> list[tuple[str, tuple[int, ...]]]:
    """(name, shape) of every parameter in the flat order train steps use."""
    d, m, s = cfg.width, cfg.mlp, cfg.patch
    tokens = (cfg.image[0] // s) * (cfg.image[1] // s) + 1
    block_shapes = ((d,), (d,), (d, d), (d,), (d, d), (d,), (d, d), (d,), (d, d), (d,),
                    (d,), (d,), (d, m), (m,), (m, d), (d,))
    out = [("wConv", (d, cfg.channels, s, s)), ("bConv", (d,)), ("cls", (d,)), ("pos", (tokens, d))]
    for i in range(cfg.depth):
        out += [(f"{name}_{i}", shape) for name, shape in zip(BLOCK_NAMES, block_shapes)]
    return out + [("gF", (d,)), ("bF", (d,)), ("Wc", (d, cfg.classes)), ("bc", (cfg.classes,))]


def unflatten(flat, depth: int) -> dict:
    flat = list(flat)
    k = len(BLOCK_NAMES)
    blocks = [dict(zip(BLOCK_NAMES, flat[4 + k * i: 4 + k * (i + 1)])) for i in range(depth)]
    top = dict(zip(("wConv", "bConv", "cls", "pos"), flat[:4]))
    top.update(zip(("gF", "bF", "Wc", "bc"), flat[4 + k * depth:]))
    top["blocks"] = blocks
    return top


def sample(rng: np.random.Generator, name: str, shape) -> np.ndarray:
    """A float32 value at a realistic scale for a tensor called `name`: LayerNorm gains
    near 1, biases and embeddings around 0.1, weights with variance 1/fan-in,
    anything else (inputs, cotangents) unit normal."""
    base = name.split("_")[0]
    if base in ("tW1", "tW2", "tb1", "tb2"):  # the time MLP's weights and biases
        base = base[1:]
    z = rng.standard_normal(shape)
    if base in ("g1", "g2", "gF", "g"):
        z = 1.0 + 0.1 * z
    elif base.startswith("b") or base in ("cls", "pos"):
        z = 0.1 * z
    elif base.startswith(("W", "w")):
        fan_in = int(np.prod(shape[1:])) if len(shape) == 4 else shape[0]  # conv [out, in, s, s]
        z = z / math.sqrt(fan_in)
    return z.astype(np.float32)


def init_params(rng: np.random.Generator, cfg) -> list[np.ndarray]:
    return [sample(rng, name, shape) for name, shape in param_shapes(cfg)]


# -- loss and optimizer -------------------------------------------------------

def smoothed_ce(logits, onehot, smoothing: float):
    """Mean over the batch of -sum_k t_k log softmax(logits)_k with t = (1 - a) onehot + a/K."""
    k = logits.shape[-1]
    target = (1.0 - smoothing) * onehot + smoothing / k
    return -jnp.mean(jnp.sum(target * jax.nn.log_softmax(logits), axis=-1))


def loss_fn(flat_params, x_flat, onehot, cfg, smoothing: float, embed=patch_embed):
    """The train steps' loss of flat parameters on the flat images [B, C*H*W]."""
    x = x_flat.reshape(x_flat.shape[0], cfg.channels, *cfg.image)
    return smoothed_ce(vit(x, unflatten(flat_params, cfg.depth), cfg, embed), onehot, smoothing)


def adamw(theta, g, m, v, lr, bc1, bc2, b1=0.9, b2=0.999, eps=1e-8, wd=1e-4):
    """One AdamW update with decoupled decay on the old theta; returns (theta', m', v')."""
    m2 = b1 * m + (1.0 - b1) * g
    v2 = b2 * v + (1.0 - b2) * g * g
    return theta - lr * (m2 / bc1) / (jnp.sqrt(v2 / bc2) + eps) - wd * lr * theta, m2, v2
