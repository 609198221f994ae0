"""Realistic JAX programs, lowered by JAX when asked, that the passes are measured and checked on: a ViT
train step (loss, gradient and AdamW), an attention block, a scan, sorts, random numbers and a
convolution's gradients. Each is (its lowered text, its inputs); sizes are small so that the numpy
evaluator runs each in a second or two.

    from tests.passes.jax_programs import PROGRAMS, lowered
    text, inputs = lowered("attention")
"""

from __future__ import annotations

import math
from functools import lru_cache

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.gradcheck import jax_reference as ref
from vitir.lower.config import ViTConfig

VIT = ViTConfig(batch=2, channels=1, image=(8, 8), patch=4, width=16, depth=1, heads=2, mlp=32, classes=10)


def vit_train_step(flat, x, onehot, m, v):
    """Loss, gradient and one AdamW update of every parameter (the train steps' form)."""
    loss, grads = jax.value_and_grad(ref.loss_fn)(flat, x, onehot, VIT, 0.1)
    updated = [ref.adamw(t, g, mi, vi, 1e-3, 0.1, 0.001) for t, g, mi, vi in zip(flat, grads, m, v)]
    return loss, [u[0] for u in updated], [u[1] for u in updated], [u[2] for u in updated]


def vit_inputs(rng):
    flat = ref.init_params(rng, VIT)
    x = rng.standard_normal((VIT.batch, VIT.input_features)).astype(np.float32)
    onehot = np.eye(VIT.classes, dtype=np.float32)[rng.integers(0, VIT.classes, VIT.batch)]
    m = [(0.01 * rng.standard_normal(p.shape)).astype(np.float32) for p in flat]
    v = [(0.001 * rng.random(p.shape)).astype(np.float32) for p in flat]
    return [flat, x, onehot, m, v]


def attention(x, wq, wk, wv, wo, bias):
    """A causal multi-head self-attention block with a max-shifted softmax and a residual LayerNorm."""
    b, n, d = x.shape
    heads = 2
    split = lambda t: t.reshape(b, n, heads, d // heads).transpose(0, 2, 1, 3)  # noqa: E731
    q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
    scores = jnp.einsum("bhqe,bhke->bhqk", q, k) / math.sqrt(d // heads)
    mask = jnp.tril(jnp.ones((n, n), bool))
    weights = jax.nn.softmax(jnp.where(mask, scores, -jnp.inf), axis=-1)
    out = jnp.einsum("bhqk,bhke->bhqe", weights, v).transpose(0, 2, 1, 3).reshape(b, n, d) @ wo + bias
    return ref.layernorm(x + out, jnp.ones(d), jnp.zeros(d))


def attention_inputs(rng):
    d = 16
    w = lambda: (rng.standard_normal((d, d)) / math.sqrt(d)).astype(np.float32)  # noqa: E731
    return [rng.standard_normal((2, 6, d)).astype(np.float32), w(), w(), w(), w(),
            (0.1 * rng.standard_normal(d)).astype(np.float32)]


def scan_rnn(h0, xs, w, u):
    """An RNN over the rows of xs by lax.scan, and the gradient of its last state's sum."""
    def run(h0, w):
        def step(h, x):
            h = jnp.tanh(h @ w + x @ u)
            return h, h.sum()
        return lax.scan(step, h0, xs)

    (h, sums), grad = run(h0, w), jax.grad(lambda w: run(h0, w)[0].sum())(w)
    return h, sums, grad


def scan_inputs(rng):
    return [rng.standard_normal((3, 8)).astype(np.float32), rng.standard_normal((5, 3, 4)).astype(np.float32),
            (0.3 * rng.standard_normal((8, 8))).astype(np.float32), (0.3 * rng.standard_normal((4, 8))).astype(np.float32)]


def sorts(x, keys, values):
    """A sort, an argsort, a two-operand sort by keys, a top-k."""
    order = jnp.argsort(x, axis=-1)
    by_key = lax.sort((keys, values), num_keys=1)
    return jnp.sort(x, axis=0), order, by_key[0], by_key[1], lax.top_k(x, 3)[0]


def sort_inputs(rng):
    x = rng.standard_normal((4, 7)).astype(np.float32)
    x[0, :3] = (-0.0, 0.0, np.nan)
    return [x, rng.integers(-5, 5, 9).astype(np.int32), rng.standard_normal(9).astype(np.float32)]


def random_numbers(key, x):
    """Normal and uniform draws, a dropout mask (a key given), and a draw from a fixed key (a constant)."""
    k1, k2, k3 = jax.random.split(key, 3)
    normal = jax.random.normal(k1, (4, 8))
    keep = jax.random.bernoulli(k2, 0.9, x.shape)
    dropped = jnp.where(keep, x / 0.9, 0.0)
    fixed = jax.random.uniform(jax.random.PRNGKey(7), (3,))
    return normal, dropped, jax.random.randint(k3, (5,), 0, 10), fixed


def random_inputs(rng):
    return [np.asarray(jax.random.PRNGKey(int(rng.integers(0, 1000)))), rng.standard_normal((4, 8)).astype(np.float32)]


def conv_grads(x, w, b):
    """A strided, padded NHWC convolution with a bias and ReLU: the loss and its gradients in x, w and b."""
    def loss(x, w, b):
        y = lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jnp.sum(jax.nn.relu(y + b) ** 2)

    return jax.value_and_grad(loss, argnums=(0, 1, 2))(x, w, b)


def conv_inputs(rng):
    return [rng.standard_normal((2, 6, 6, 3)).astype(np.float32),
            (0.3 * rng.standard_normal((3, 3, 3, 4))).astype(np.float32), (0.1 * rng.standard_normal(4)).astype(np.float32)]


# name -> (function, its inputs from a random generator)
PROGRAMS = {
    "vit_train_step": (vit_train_step, vit_inputs),
    "attention": (attention, attention_inputs),
    "scan": (scan_rnn, scan_inputs),
    "sort": (sorts, sort_inputs),
    "rng": (random_numbers, random_inputs),
    "conv_grads": (conv_grads, conv_inputs),
}


@lru_cache(maxsize=None)
def _text(name: str) -> str:
    fn, inputs = PROGRAMS[name]
    return jax.jit(fn).lower(*inputs(np.random.default_rng(0))).as_text(debug_info=False)


def lowered(name: str, seed: int = 0) -> tuple[str, list[np.ndarray]]:
    """The program's StableHLO text (as JAX lowers it) and its flattened inputs drawn with `seed`."""
    fn, inputs = PROGRAMS[name]
    flat = [np.asarray(a) for a in jax.tree_util.tree_leaves(inputs(np.random.default_rng(seed)))]
    return _text(name), flat
