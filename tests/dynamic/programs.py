"""JAX programs exported with symbolic dimensions (jax.export), as a user ships them for serving:
an MLP and a small ViT with batch `b`, a training step with batch `b`, an attention block with
batch `b` and sequence `n >= 2`. Each gives the exported text, concrete argument arrays for two
shapes, and the Exported object whose `call` is the oracle."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import export


class Program(NamedTuple):
    name: str
    exported: export.Exported
    inputs: dict  # a concrete size of the symbolic dimensions -> the argument arrays

    @property
    def text(self) -> str:
        return self.exported.mlir_module()


def _arrays(seed: int, *shapes):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(np.float32) * 0.5 for s in shapes]


def mlp() -> Program:
    def f(x, w1, b1, w2):
        h = jnp.tanh(x @ w1 + b1)
        return jax.nn.softmax(h @ w2, axis=-1)

    b = export.symbolic_shape("b")[0]
    spec = [jax.ShapeDtypeStruct((b, 784), jnp.float32), jax.ShapeDtypeStruct((784, 64), jnp.float32),
            jax.ShapeDtypeStruct((64,), jnp.float32), jax.ShapeDtypeStruct((64, 10), jnp.float32)]
    exp = export.export(jax.jit(f))(*spec)
    return Program("mlp", exp, {n: _arrays(n, (n, 784), (784, 64), (64,), (64, 10)) for n in (3, 8)})


def _layer_norm(x, g, b):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / jnp.sqrt(v + 1e-5) * g + b


def _attention(x, wqkv, wo, heads: int):
    batch, seq, dim = x.shape
    qkv = (x @ wqkv).reshape(batch, seq, 3, heads, dim // heads)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(dim // heads).astype(x.dtype)
    out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, axis=-1), v)
    return out.reshape(batch, seq, dim) @ wo


def vit() -> Program:
    """A ViT forward: 4x4 patches of 8x8 images, a class token, one pre-norm block, a head."""
    patch, dim, heads = 4, 16, 2

    def f(images, w_patch, cls, pos, wqkv, wo, w1, w2, w_head):
        n = images.shape[0]
        p = images.reshape(n, 2, patch, 2, patch).transpose(0, 1, 3, 2, 4).reshape(n, 4, patch * patch)
        tokens = p @ w_patch
        tokens = jnp.concatenate([jnp.broadcast_to(cls, (n, 1, dim)), tokens], axis=1) + pos
        ones, zeros = jnp.ones(dim), jnp.zeros(dim)
        tokens = tokens + _attention(_layer_norm(tokens, ones, zeros), wqkv, wo, heads)
        tokens = tokens + jax.nn.gelu(_layer_norm(tokens, ones, zeros) @ w1) @ w2
        return _layer_norm(tokens[:, 0], ones, zeros) @ w_head

    b = export.symbolic_shape("b")[0]
    shapes = [(8, 8), (patch * patch, dim), (1, 1, dim), (5, dim), (dim, 3 * dim), (dim, dim), (dim, 32),
              (32, dim), (dim, 10)]
    spec = [jax.ShapeDtypeStruct((b, 8, 8), jnp.float32)] + [jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes[1:]]
    exp = export.export(jax.jit(f))(*spec)
    return Program("vit", exp, {n: _arrays(n, (n, 8, 8), *shapes[1:]) for n in (2, 5)})


def train_step() -> Program:
    """One SGD step of a two-layer classifier on a batch of `b`: the new weights and the loss."""

    def loss(params, x, labels):
        w1, w2 = params
        logits = jnp.tanh(x @ w1) @ w2
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * labels, axis=-1))

    def step(w1, w2, x, labels):
        value, (g1, g2) = jax.value_and_grad(loss)((w1, w2), x, labels)
        return w1 - 0.1 * g1, w2 - 0.1 * g2, value

    b = export.symbolic_shape("b")[0]
    spec = [jax.ShapeDtypeStruct((12, 16), jnp.float32), jax.ShapeDtypeStruct((16, 4), jnp.float32),
            jax.ShapeDtypeStruct((b, 12), jnp.float32), jax.ShapeDtypeStruct((b, 4), jnp.float32)]
    exp = export.export(jax.jit(step))(*spec)

    def inputs(n):
        w1, w2, x = _arrays(n, (12, 16), (16, 4), (n, 12))
        labels = np.eye(4, dtype=np.float32)[np.arange(n) % 4]
        return [w1, w2, x, labels]

    return Program("train_step", exp, {n: inputs(n) for n in (4, 6)})


def attention() -> Program:
    """An attention block with batch `b` and sequence `n`, constrained `n >= 2`."""
    dim, heads = 8, 2

    def f(x, wqkv, wo):
        return x + _attention(_layer_norm(x, jnp.ones(dim), jnp.zeros(dim)), wqkv, wo, heads)

    b, n = export.symbolic_shape("b, n", constraints=["n >= 2"])
    spec = [jax.ShapeDtypeStruct((b, n, dim), jnp.float32), jax.ShapeDtypeStruct((dim, 3 * dim), jnp.float32),
            jax.ShapeDtypeStruct((dim, dim), jnp.float32)]
    exp = export.export(jax.jit(f))(*spec)
    return Program("attention", exp, {(bb, nn): _arrays(bb + nn, (bb, nn, dim), (dim, 3 * dim), (dim, dim))
                                      for bb, nn in ((2, 3), (3, 7))})


PROGRAMS = (mlp, vit, train_step, attention)
