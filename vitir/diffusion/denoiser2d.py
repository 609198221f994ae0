"""The 2-D denoiser as vitir modules: a dense 10-128-128-2 ReLU network with
its backward derived by hand, an MSE loss and a bias-corrected Adam step.

Input per point: [x, y, 4 sin, 4 cos] of the raw integer step (prepend_sincos_t
with H = W = 1, F = 4, Tmax = 1000), built on the host. Output: eps (DDPM) or
v (flow matching).

    z1 = x W1 + b1, h1 = relu(z1); z2 = h1 W2 + b2, h2 = relu(z2); y = h2 W3 + b3
    loss = mean((y - target)^2) over the batch and both coordinates
    dy = 2 (y - target) / (B O); dW3 = h2^T dy; db3 = sum dy; dh2 = dy W3^T;
    dz2 = dh2 where z2 > 0, else 0; dW2 = h1^T dz2; ... dW1 = x^T dz1
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..ast import AdamScalars, FunctionBuilder, Module, Value, f32, module
from ..lower.layers.mlp import dense_bias
from ..lower.optim import AdamHyper, adamw_updates
from .time_embed import prepend_sincos_t, prepend_sincos_t_scalar

N_FREQ = 4
TMAX = 1000
POINT_DIM = 2
IN_FEATURES = POINT_DIM + 2 * N_FREQ
HIDDEN = 128
PARAM_SPECS = (
    ("W1", (IN_FEATURES, HIDDEN)), ("b1", (HIDDEN,)),
    ("W2", (HIDDEN, HIDDEN)), ("b2", (HIDDEN,)),
    ("W3", (HIDDEN, POINT_DIM)), ("b3", (POINT_DIM,)),
)
PARAM_NAMES = tuple(name for name, _ in PARAM_SPECS)
# Adam as the reference runs it: plain Adam (no weight decay), lr and the bias
# corrections 1 - beta^t sent by the host each step.
ADAM = AdamHyper(wd="0.0")
ADAM_BETAS = (float(ADAM.b1), float(ADAM.b2))
ADAM_BAKED = ("b1", "ob1", "b2", "ob2", "eps", "wd")
ADAM_RUNTIME = ("lr", "bc1", "bc2")


class DenoiserSaved(NamedTuple):
    x: Value
    z1: Value
    h1: Value
    z2: Value
    h2: Value
    y: Value


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


def _declare_params(fb: FunctionBuilder) -> list[Value]:
    return [fb.arg(name, f32(*shape)) for name, shape in PARAM_SPECS]


def _relu(fb: FunctionBuilder, p: str, z: Value) -> Value:
    return fb.maximum(f"{p}h", z, fb.constant(f"{p}zero", "0.0", z.shape))


def _relu_backward(fb: FunctionBuilder, p: str, z: Value, dh: Value) -> Value:
    """dh where z > 0, else 0 (relu'(0) taken as 0)."""
    zero = fb.constant(f"{p}bzero", "0.0", z.shape)
    positive = fb.compare(f"{p}pos", z, zero, "GT")
    return fb.select(f"{p}dz", positive, dh, zero)


def denoiser_forward(fb: FunctionBuilder, x: Value, params: list[Value]) -> DenoiserSaved:
    w1, b1, w2, b2, w3, b3 = params
    with fb.layer("dense1"):
        z1 = dense_bias(fb, x, w1, b1, ("z1d", "z1bb", "z1"))
        h1 = _relu(fb, "r1", z1)
    with fb.layer("dense2"):
        z2 = dense_bias(fb, h1, w2, b2, ("z2d", "z2bb", "z2"))
        h2 = _relu(fb, "r2", z2)
    with fb.layer("dense3"):
        y = dense_bias(fb, h2, w3, b3, ("yd", "ybb", "y"))
    return DenoiserSaved(x, z1, h1, z2, h2, y)


def _dense_backward(fb: FunctionBuilder, p: str, x: Value, w: Value, dz: Value) -> tuple[Value, Value, Value]:
    """(dx, dW, db) of z = x W + b."""
    dw = fb.dot_general(f"d{p}W", x, dz, ([0], [0]))
    db = fb.sum(f"d{p}b", dz, [0])
    dx = fb.dot_general(f"d{p}x", dz, w, ([1], [1]))
    return dx, dw, db


def denoiser_backward(fb: FunctionBuilder, saved: DenoiserSaved, params: list[Value], dy: Value) -> list[Value]:
    """Gradients in PARAM_SPECS order."""
    w1, _, w2, _, w3, _ = params
    with fb.layer("dense3"):
        dh2, dw3, db3 = _dense_backward(fb, "3", saved.h2, w3, dy)
    with fb.layer("dense2"):
        dz2 = _relu_backward(fb, "r2", saved.z2, dh2)
        dh1, dw2, db2 = _dense_backward(fb, "2", saved.h1, w2, dz2)
    with fb.layer("dense1"):
        dz1 = _relu_backward(fb, "r1", saved.z1, dh1)
        dw1 = fb.dot_general("d1W", saved.x, dz1, ([0], [0]))
        db1 = fb.sum("d1b", dz1, [0])
    return [dw1, db1, dw2, db2, dw3, db3]


def mse_loss(fb: FunctionBuilder, y: Value, target: Value) -> tuple[Value, Value]:
    """(dy, loss): the mean squared error over every element, and its cotangent."""
    count = float(np.prod(y.shape))
    with fb.layer("loss"):
        diff = fb.subtract("ldiff", y, target)
        total = fb.sum("lsum", fb.multiply("lsq", diff, diff), [0, 1])
        loss = fb.divide("loss", total, fb.constant("lcount", repr(count)))
        dy = fb.divide("dy", diff, fb.constant("lhalf", repr(count / 2.0), y.shape))
    return dy, loss


def _start(name: str, batch: int) -> tuple[FunctionBuilder, Value, list[Value]]:
    fb = FunctionBuilder(name)
    x = fb.arg("x", f32(batch, IN_FEATURES))
    return fb, x, _declare_params(fb)


def forward_module(batch: int) -> Module:
    """(x [batch, 10], params) -> (y [batch, 2])."""
    fb, x, params = _start("denoiser_fwd", batch)
    return module(fb.ret(denoiser_forward(fb, x, params).y))


def gradient_module(batch: int) -> Module:
    """(x, params, target) -> (loss, dW1, db1, dW2, db2, dW3, db3): the hand gradients alone."""
    fb, x, params = _start("denoiser_grad", batch)
    target = fb.arg("target", f32(batch, POINT_DIM))
    fb.zero = fb.constant("sc", "0.0")
    saved = denoiser_forward(fb, x, params)
    dy, loss = mse_loss(fb, saved.y, target)
    return module(fb.ret(loss, *denoiser_backward(fb, saved, params, dy)))


def train_step_module(batch: int) -> Module:
    """One Adam step. Arguments (x, params*6, m*6, v*6, lr, bc1, bc2, target);
    results (params'*6, m'*6, v'*6, loss)."""
    fb, x, params = _start("denoiser_train_step", batch)
    ms = [fb.arg(p.name + "m", p.type) for p in params]
    vs = [fb.arg(p.name + "v", p.type) for p in params]
    runtime = {name: fb.arg(name, f32()) for name in ADAM_RUNTIME}
    target = fb.arg("target", f32(batch, POINT_DIM))
    fb.zero = fb.constant("sc", "0.0")
    baked = {name: fb.constant(name + "c", getattr(ADAM, name)) for name in ADAM_BAKED}
    saved = denoiser_forward(fb, x, params)
    dy, loss = mse_loss(fb, saved.y, target)
    grads = denoiser_backward(fb, saved, params, dy)
    scalars = AdamScalars(*({**baked, **runtime}[name] for name in AdamScalars._fields))
    new_params, new_m, new_v = adamw_updates(fb, params, grads, ms, vs, scalars)
    return module(fb.ret(*new_params, *new_m, *new_v, loss))
