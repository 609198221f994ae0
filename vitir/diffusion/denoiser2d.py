"""The 2-D denoiser's host side: its parameters' initialisation and its input
features. The graphs (forward, hand-derived backward, the Adam step) are in
vitir.lower.denoiser2d.

Input per point: [x, y, 4 sin, 4 cos] of the raw integer step (prepend_sincos_t
with H = W = 1, F = 4, Tmax = 1000). Output: eps (DDPM) or v (flow matching).
"""

from __future__ import annotations

import numpy as np

from ..lower.denoiser2d import ADAM, IN_FEATURES, N_FREQ, PARAM_SPECS, POINT_DIM
from .time_embed import prepend_sincos_t, prepend_sincos_t_scalar

TMAX = 1000
PARAM_NAMES = tuple(name for name, _ in PARAM_SPECS)
ADAM_BETAS = (float(ADAM.b1), float(ADAM.b2))


def parameter_count() -> int:
    return sum(int(np.prod(shape)) for _, shape in PARAM_SPECS)


def init_denoiser_params(seed: int) -> list[np.ndarray]:
    """Float32 parameters in PARAM_SPECS order: weights and biases uniform in
    +-1/sqrt(fan_in), the usual dense-layer default."""
    rng = np.random.default_rng(seed)
    params = []
    for (_, w_shape), (_, b_shape) in zip(PARAM_SPECS[0::2], PARAM_SPECS[1::2]):
        bound = 1.0 / np.sqrt(w_shape[0])
        params.append(rng.uniform(-bound, bound, w_shape).astype(np.float32))
        params.append(rng.uniform(-bound, bound, b_shape).astype(np.float32))
    return params


def denoiser_features(points: np.ndarray, t) -> np.ndarray:
    """[n, 2] points and per-row integer steps t -> the network input [n, 10]."""
    points = np.asarray(points, dtype=np.float32)
    n = points.shape[0]
    return prepend_sincos_t(points.reshape(n, POINT_DIM, 1, 1), t, N_FREQ, TMAX).reshape(n, IN_FEATURES)


def denoiser_features_scalar(points: np.ndarray, t: int) -> np.ndarray:
    """The network input with one step t for every row (the samplers' form)."""
    points = np.asarray(points, dtype=np.float32)
    n = points.shape[0]
    return prepend_sincos_t_scalar(points.reshape(n, POINT_DIM, 1, 1), t, N_FREQ, TMAX).reshape(n, IN_FEATURES)
