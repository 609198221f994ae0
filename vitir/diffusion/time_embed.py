"""Time conditioning: the sin/cos features of the integer time index (the
input of the adaLN denoisers' time MLP) and the same as extra input channels,
and the integer time index itself.

The channel functions take x as [B, C, H, W] float32 and append their
channels after the C image channels.
"""

import numpy as np


def round_half_away(x):
    """C's round/lround: halves go away from zero (Python's round goes to even)."""
    x = np.asarray(x, dtype=np.float64)
    whole = np.trunc(x)
    # x - trunc(x) is exact, so this never misreads 0.49999999999999994.
    return whole + np.where(np.abs(x - whole) >= 0.5, np.sign(x), 0.0)


def vp_time_index(t: float, tmax: int) -> int:
    """The network index for continuous VP time t: round(tmax t) in [0, tmax-1]."""
    return int(np.clip(round_half_away(t * float(tmax)), 0, tmax - 1))


def flow_time_index(t: float, tmax: int) -> int:
    """The network index for flow time t: round(tmax t) in [0, tmax]."""
    return int(np.clip(round_half_away(t * float(tmax)), 0, tmax))


def _with_channels(x: np.ndarray, per_row_channels: np.ndarray) -> np.ndarray:
    """Append channels holding one value per (row, channel), broadcast over H, W."""
    x = np.asarray(x, dtype=np.float32)
    b, _, h, w = x.shape
    extra = np.broadcast_to(per_row_channels[:, :, None, None],
                            (b, per_row_channels.shape[1], h, w))
    return np.concatenate([x, extra], axis=1)


def prepend_t_channel(x: np.ndarray, t, tmax: int) -> np.ndarray:
    """[B, C, H, W] -> [B, C+1, H, W]; the new channel is (f32)t * (1/(f32)tmax)."""
    inv_tmax = np.float32(1.0) / np.float32(tmax)
    t_norm = np.asarray(t).astype(np.float32) * inv_tmax
    return _with_channels(x, t_norm.reshape(-1, 1))


def prepend_t_channel_scalar(x: np.ndarray, t: int, tmax: int) -> np.ndarray:
    """One t for every row, as (f32)t / (f32)tmax: a division, unlike the per-row form."""
    t_norm = np.float32(t) / np.float32(tmax)
    rows = np.asarray(x).shape[0]
    return _with_channels(x, np.full((rows, 1), t_norm, dtype=np.float32))


def sincos_features(t, n_freq: int, tmax: int) -> np.ndarray:
    """[len(t), 2F]: sin(t w_k) for k < F, then cos(t w_k); w_k = tmax^(-2k/2F)."""
    inv_n = 1.0 / float(2 * n_freq)
    exponents = (2.0 * np.arange(n_freq)) * inv_n
    omega = 1.0 / np.power(float(tmax), exponents)
    phase = np.asarray(t, dtype=np.float64).reshape(-1, 1) * omega
    return np.concatenate([np.sin(phase), np.cos(phase)], axis=1).astype(np.float32)


def prepend_sincos_t(x: np.ndarray, t, n_freq: int, tmax: int) -> np.ndarray:
    """[B, C, H, W] -> [B, C + 2F, H, W] with the raw integer step t per row."""
    return _with_channels(x, sincos_features(t, n_freq, tmax))


def prepend_sincos_t_scalar(x: np.ndarray, t: int, n_freq: int, tmax: int) -> np.ndarray:
    """`prepend_sincos_t` with one t for every row."""
    rows = np.asarray(x).shape[0]
    features = sincos_features([t], n_freq, tmax)
    return _with_channels(x, np.repeat(features, rows, axis=0))
