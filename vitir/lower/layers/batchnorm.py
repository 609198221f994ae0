"""BatchNorm over [0, 2, 3] of x [b, c, H, W], per-channel affine (gamma, beta).

Training: the batch's statistics, mean and biased variance over N = b H W,
          xhat = (x - mean) rsqrt(var + eps),  y = gamma xhat + beta.
          The sums reduce space first, then the batch (as the reference does).
Backward (the three-term formula): dxhat = dy gamma; dgamma = sum dy xhat;
          dbeta = sum dy;  dx = istd / N (N dxhat - sum dxhat - xhat sum(dxhat xhat)).
Evaluation: the running statistics instead of the batch's (no backward).
Running statistics: running' = (1 - m) running + m batch, m = 1 on the first
          step (the running values are then the first batch's) and 0.1 after.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value

CHANNEL = [1]  # [c] -> [b, c, H, W]
MOMENTUM = "0.1"


class BatchNormSaved(NamedTuple):
    y: Value
    xhat: Value
    istdb: Value  # rsqrt(var + eps) broadcast to x's shape
    gb: Value  # gamma broadcast to x's shape
    mean: Value  # the batch's statistics [c], for the running update
    var: Value


def _channel_sum(fb: FunctionBuilder, name: str, x: Value) -> Value:
    """Sum over space, then over the batch: [b, c, H, W] -> [c]."""
    return fb.sum(name, fb.sum(f"{name}s", x, [2, 3]), [0])


def _affine(fb: FunctionBuilder, p: str, xhat: Value, g: Value, b: Value) -> tuple[Value, Value]:
    gb = fb.broadcast_in_dim(f"{p}gb", g, CHANNEL, xhat.shape)
    bb = fb.broadcast_in_dim(f"{p}bb", b, CHANNEL, xhat.shape)
    return fb.add(f"{p}y", fb.multiply(f"{p}gx", xhat, gb), bb), gb


def batchnorm_train_forward(fb: FunctionBuilder, p: str, x: Value, g: Value, b: Value,
                            eps: str = "1.0e-5") -> BatchNormSaved:
    n, c, h, w = x.shape
    count = fb.constant(f"{p}n", f"{n * h * w}.0", [c])
    mean = fb.divide(f"{p}mean", _channel_sum(fb, f"{p}sum", x), count)
    xc = fb.subtract(f"{p}xc", x, fb.broadcast_in_dim(f"{p}meanb", mean, CHANNEL, x.shape))
    var = fb.divide(f"{p}var", _channel_sum(fb, f"{p}vsum", fb.multiply(f"{p}sq", xc, xc)), count)
    istd = fb.rsqrt(f"{p}istd", fb.add(f"{p}ve", var, fb.constant(f"{p}eps", eps, [c])))
    istdb = fb.broadcast_in_dim(f"{p}istdb", istd, CHANNEL, x.shape)
    xhat = fb.multiply(f"{p}xhat", xc, istdb)
    y, gb = _affine(fb, p, xhat, g, b)
    return BatchNormSaved(y, xhat, istdb, gb, mean, var)


def batchnorm_backward(fb: FunctionBuilder, p: str, saved: BatchNormSaved, dy: Value) -> tuple[Value, Value, Value]:
    """Returns (dx, dgamma, dbeta)."""
    n, c, h, w = dy.shape
    shape = dy.shape
    dg = fb.sum(f"{p}dg", fb.multiply(f"{p}dyxh", dy, saved.xhat), [0, 2, 3])
    db = fb.sum(f"{p}db", dy, [0, 2, 3])
    dxhat = fb.multiply(f"{p}dxhat", dy, saved.gb)
    s1 = fb.broadcast_in_dim(f"{p}s1b", _channel_sum(fb, f"{p}s1", dxhat), CHANNEL, shape)
    s2 = fb.broadcast_in_dim(f"{p}s2b", _channel_sum(fb, f"{p}s2", fb.multiply(f"{p}dxx", dxhat, saved.xhat)),
                             CHANNEL, shape)
    big_n = fb.constant(f"{p}bn", f"{n * h * w}.0", shape)
    t = fb.subtract(f"{p}t2", fb.subtract(f"{p}t1", fb.multiply(f"{p}ndx", dxhat, big_n), s1),
                    fb.multiply(f"{p}xs2", saved.xhat, s2))
    dx = fb.divide(f"{p}dx", fb.multiply(f"{p}it", saved.istdb, t), big_n)
    return dx, dg, db


def batchnorm_eval_forward(fb: FunctionBuilder, p: str, x: Value, g: Value, b: Value, mean: Value, var: Value,
                           eps: str = "1.0e-5") -> Value:
    c = x.shape[1]
    xc = fb.subtract(f"{p}xc", x, fb.broadcast_in_dim(f"{p}meanb", mean, CHANNEL, x.shape))
    istd = fb.rsqrt(f"{p}istd", fb.add(f"{p}ve", var, fb.constant(f"{p}eps", eps, [c])))
    xhat = fb.multiply(f"{p}xhat", xc, fb.broadcast_in_dim(f"{p}istdb", istd, CHANNEL, x.shape))
    return _affine(fb, p, xhat, g, b)[0]


def running_update(fb: FunctionBuilder, p: str, running: Value, batch: Value, momentum: Value) -> Value:
    """(1 - m) running + m batch with m a rank-0 value, as the reference's host computes it in f32."""
    shape = running.shape
    m = fb.broadcast_in_dim(f"{p}mb", momentum, [], shape)
    om = fb.subtract(f"{p}om", fb.constant(f"{p}one", "1.0", shape), m)
    return fb.add(f"{p}new", fb.multiply(f"{p}old", om, running), fb.multiply(f"{p}cur", m, batch))


def first_step_momentum(fb: FunctionBuilder, p: str, steps: Value) -> Value:
    """1 where `steps` (the count of updates so far, rank 0) is 0, else MOMENTUM."""
    first = fb.compare(f"{p}first", steps, fb.constant(f"{p}zero", "0.0"), "EQ")
    return fb.select(f"{p}m", first, fb.constant(f"{p}m1", "1.0"), fb.constant(f"{p}m01", MOMENTUM))
