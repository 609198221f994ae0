"""The cosine noise schedule: its table, its continuous VP view, DDIM steps."""

import numpy as np

COSINE_OFFSET = 0.008
ABAR_MIN = 1e-4
ABAR_MAX = 0.9999
# The C helpers spell pi with these digits.
PI = 3.14159265358979323846
_HALF_PI = 1.5707963267948966


def cosine_schedule(T: int) -> np.ndarray:
    """abar[t], t = 0..T-1 (Nichol & Dhariwal), float32.

    Computed in float64 and clamped to [1e-4, 0.9999] before the cast, so
    abar[0] is 0.9999 rather than 1.
    """
    t = np.arange(T, dtype=np.float64)
    c0 = np.cos((0.0 / T + COSINE_OFFSET) / (1.0 + COSINE_OFFSET) * _HALF_PI)
    f0 = c0 * c0
    c = np.cos((t / T + COSINE_OFFSET) / (1.0 + COSINE_OFFSET) * _HALF_PI)
    return np.clip(c * c / f0, ABAR_MIN, ABAR_MAX).astype(np.float32)


def _theta(t):
    return (t + COSINE_OFFSET) / (1.0 + COSINE_OFFSET) * (PI / 2.0)


_COS_THETA0 = float(np.cos(_theta(0.0)))


def abar_c(t):
    """abar(t) = cos^2 theta(t) / cos^2 theta(0) for continuous t (not clamped)."""
    c = np.cos(_theta(t))
    return (c * c) / (_COS_THETA0 * _COS_THETA0)


def sig_c(t):
    """sigma(t) = sqrt(1 - abar(t)), the marginal's noise scale."""
    return np.sqrt(np.maximum(1.0 - abar_c(t), 0.0))


def beta_c(t):
    """beta(t) = -d/dt log abar(t), in closed form."""
    return PI / (1.0 + COSINE_OFFSET) * np.tan(_theta(t))


def t_of_abar(ab):
    """The inverse of `abar_c`."""
    arg = np.clip(_COS_THETA0 * np.sqrt(np.maximum(ab, 0.0)), -1.0, 1.0)
    return np.arccos(arg) * 2.0 * (1.0 + COSINE_OFFSET) / PI - COSINE_OFFSET


def ddim_coefs(abar_t: float, abar_prev: float, eta: float):
    """(a, b, sigma) of the generalised DDIM step x <- a x + b eps_hat + sigma z.

    eta = 0 is deterministic DDIM, eta = 1 ancestral DDPM. The inner root is
    clamped because eta near 1 can push 1 - abar_prev - sigma^2 just below 0.
    """
    a = np.sqrt(abar_prev) / np.sqrt(abar_t)
    sigma = (eta * np.sqrt((1.0 - abar_prev) / (1.0 - abar_t))
             * np.sqrt(1.0 - abar_t / abar_prev))
    b = np.sqrt(max(1.0 - abar_prev - sigma * sigma, 0.0)) - a * np.sqrt(1.0 - abar_t)
    return float(a), float(b), float(sigma)
