"""Cases of the batch norms, against their definitions written in jax.numpy."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from vitir.ast import ops as O

from .harness import positive, case

EPS = 2.0 ** -10  # exact in the f32 attribute


def _spread(v, rank, feature):
    return jnp.expand_dims(v, tuple(d for d in range(rank) if d != feature))


def _others(x, feature):
    return tuple(d for d in range(x.ndim) if d != feature)


def _jax_training(x, scale, offset, feature):
    mean = jnp.mean(x, axis=_others(x, feature))
    variance = jnp.mean((x - _spread(mean, x.ndim, feature)) ** 2, axis=_others(x, feature))
    return _jax_inference(x, scale, offset, mean, variance, feature), mean, variance


def _jax_inference(x, scale, offset, mean, variance, feature):
    s = lambda v: _spread(v, x.ndim, feature)  # noqa: E731
    return (x - s(mean)) * lax.rsqrt(s(variance) + EPS) * s(scale) + s(offset)


def _jax_grad(x, scale, mean, variance, dy, feature):
    s = lambda v: _spread(v, x.ndim, feature)  # noqa: E731
    axes = _others(x, feature)
    n = x.size // x.shape[feature]
    inv = lax.rsqrt(variance + EPS)
    xhat = (x - s(mean)) * s(inv)
    grad_offset, grad_scale = jnp.sum(dy, axis=axes), jnp.sum(dy * xhat, axis=axes)
    return s(scale * inv / n) * (n * dy - s(grad_offset) - xhat * s(grad_scale)), grad_scale, grad_offset


case("batch_norm_training", O.BatchNormTraining,
     lambda fb, x, s, o: fb.batch_norm_training(["r0", "r1", "r2"], x, s, o, EPS, 1),
     lambda x, s, o: _jax_training(x, s, o, 1), [(4, 3, 2), (3,), (3,)])
case("batch_norm_inference", O.BatchNormInference,
     lambda fb, x, s, o, m, v: fb.batch_norm_inference("r", x, s, o, m, v, EPS, 2),
     lambda x, s, o, m, v: _jax_inference(x, s, o, m, v, 2), [(2, 3, 4), (4,), (4,), (4,), positive(4)])
case("batch_norm_grad", O.BatchNormGrad,
     lambda fb, x, s, m, v, dy: fb.batch_norm_grad(["r0", "r1", "r2"], x, s, m, v, dy, EPS, 0),
     lambda x, s, m, v, dy: _jax_grad(x, s, m, v, dy, 0), [(3, 2, 2), (3,), (3,), positive(3), (3, 2, 2)])
