"""The batch norms, differentiated through their definitions (the spec's decompositions, written
with plain ops in rules/decompose.py's manner): batch_norm_training normalizes by the batch's
mean and (biased) variance, which it also returns; batch_norm_inference by given ones;
batch_norm_grad is XLA's backward of the training form, its mean and variance taken as given,
so that its derivative is a second derivative of a batch norm."""

from __future__ import annotations

import numpy as np

from ...ast import ops as O
from ..tables import defjvp
from .decompose import jvp_of


class _Features:
    """Helpers over x's shape and its feature dimension, in a scratch builder."""

    def __init__(self, fb, name, op, x):
        self.fb, self.name, self.op = fb, name, op
        self.shape, self.feature = x.type.shape, op.feature_index
        self.others = tuple(d for d in range(len(self.shape)) if d != self.feature)
        self.count = int(np.prod([self.shape[d] for d in self.others], dtype=np.int64))
        self.dtype = x.type.dtype

    def spread(self, v):
        """A per-feature vector broadcast to x's shape."""
        return self.fb.broadcast_in_dim(self.name(), v, (self.feature,), self.shape)

    def constant(self, value, shape=()):
        from ...ast.literals import value_literal

        return self.fb.constant(self.name("c"), value_literal(value, self.dtype), shape, self.dtype)

    def total(self, x):
        """x summed over every dimension but the feature one."""
        return self.fb.reduce(self.name(), x, self.constant(0.0), self.others)

    def mean(self, x):
        n = self.constant(float(self.count), (self.shape[self.feature],))
        return self.fb.divide(self.name(), self.total(x), n)

    def inverse_deviation(self, variance):
        eps = self.constant(float(self.op.epsilon), variance.type.shape)
        return self.fb.rsqrt(self.name(), self.fb.add(self.name(), variance, eps))


def _normalized(fb, name, f, x, scale, offset, mean, variance):
    inv = f.spread(f.inverse_deviation(variance))
    centred = fb.subtract(name(), x, f.spread(mean))
    return fb.add(name(), fb.multiply(name(), fb.multiply(name(), centred, inv), f.spread(scale)), f.spread(offset))


def batch_norm_training(fb, name, op, x, scale, offset):
    f = _Features(fb, name, op, x)
    mean = f.mean(x)
    centred = fb.subtract(name(), x, f.spread(mean))
    variance = f.mean(fb.multiply(name(), centred, centred))
    return _normalized(fb, name, f, x, scale, offset, mean, variance), mean, variance


def batch_norm_inference(fb, name, op, x, scale, offset, mean, variance):
    return (_normalized(fb, name, _Features(fb, name, op, x), x, scale, offset, mean, variance),)


def batch_norm_grad(fb, name, op, x, scale, mean, variance, dy):
    """XLA's: dx = scale inv / N (N dy - sum dy - xhat sum(dy xhat)), dscale = sum(dy xhat), doffset = sum dy."""
    f = _Features(fb, name, op, x)
    inv = f.inverse_deviation(variance)
    xhat = fb.multiply(name(), fb.subtract(name(), x, f.spread(mean)), f.spread(inv))
    grad_offset = f.total(dy)
    grad_scale = f.total(fb.multiply(name(), dy, xhat))
    n = f.constant(float(f.count), f.shape)
    inner = fb.subtract(name(), fb.subtract(name(), fb.multiply(name(), n, dy), f.spread(grad_offset)),
                        fb.multiply(name(), xhat, f.spread(grad_scale)))
    factor = fb.divide(name(), fb.multiply(name(), scale, inv), f.constant(float(f.count), scale.type.shape))
    return fb.multiply(name(), f.spread(factor), inner), grad_scale, grad_offset


DECOMPOSITIONS = {O.BatchNormTraining: batch_norm_training, O.BatchNormInference: batch_norm_inference,
                  O.BatchNormGrad: batch_norm_grad}


@defjvp(*DECOMPOSITIONS)
def batch_norm_jvp(e, op, primals, tangents):
    decomposition = DECOMPOSITIONS[type(op)]
    return jvp_of(e, lambda fb, name, *args: decomposition(fb, name, op, *args), primals, tangents)
