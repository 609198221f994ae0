"""The 2-D denoiser as vitir modules: a dense 10-128-128-2 ReLU network with
its backward derived by hand, the MSE loss (loss.mse) and a bias-corrected
Adam step.

Input per point: [x, y, 4 sin, 4 cos] of the raw integer step, built on the
host (vitir.diffusion.denoiser2d.denoiser_features). Output: eps (DDPM) or v
(flow matching).

    z1 = x W1 + b1, h1 = relu(z1); z2 = h1 W2 + b2, h2 = relu(z2); y = h2 W3 + b3
    dW3 = h2^T dy; db3 = sum dy; dh2 = dy W3^T;
    dz2 = dh2 where z2 > 0, else 0; dW2 = h1^T dz2; ... dW1 = x^T dz1
"""

from __future__ import annotations


from ..records import NamedTuple
from ..ast import FunctionBuilder, Module, Value, f32, module
from .layers.mlp import dense_backward, dense_bias
from .loss import mse
from .step_signature import with_signature
from .optim import AdamHyper, adam_scalars, adamw_updates, baked_adam_literals, runtime_scalar_args

N_FREQ = 4
POINT_DIM = 2
IN_FEATURES = POINT_DIM + 2 * N_FREQ
HIDDEN = 128
PARAM_SPECS = (
    ("W1", (IN_FEATURES, HIDDEN)), ("b1", (HIDDEN,)),
    ("W2", (HIDDEN, HIDDEN)), ("b2", (HIDDEN,)),
    ("W3", (HIDDEN, POINT_DIM)), ("b3", (POINT_DIM,)),
)
# Adam as the reference runs it: plain Adam (no weight decay), lr and the bias
# corrections 1 - beta^t sent by the host each step.
ADAM = AdamHyper(wd="0.0")


class Denoiser2DSaved(NamedTuple):
    x: Value
    z1: Value
    h1: Value
    z2: Value
    h2: Value
    y: Value


def _relu(fb: FunctionBuilder, p: str, z: Value) -> Value:
    return fb.maximum(f"{p}h", z, fb.constant(f"{p}zero", "0.0", z.shape))


def _relu_backward(fb: FunctionBuilder, p: str, z: Value, dh: Value) -> Value:
    """dh where z > 0, else 0 (relu'(0) taken as 0)."""
    zero = fb.constant(f"{p}bzero", "0.0", z.shape)
    positive = fb.compare(f"{p}pos", z, zero, "GT")
    return fb.select(f"{p}dz", positive, dh, zero)


def denoiser2d_forward(fb: FunctionBuilder, x: Value, params: list[Value]) -> Denoiser2DSaved:
    w1, b1, w2, b2, w3, b3 = params
    with fb.layer("dense1"):
        z1 = dense_bias(fb, x, w1, b1, ("z1d", "z1bb", "z1"))
        h1 = _relu(fb, "r1", z1)
    with fb.layer("dense2"):
        z2 = dense_bias(fb, h1, w2, b2, ("z2d", "z2bb", "z2"))
        h2 = _relu(fb, "r2", z2)
    with fb.layer("dense3"):
        y = dense_bias(fb, h2, w3, b3, ("yd", "ybb", "y"))
    return Denoiser2DSaved(x, z1, h1, z2, h2, y)


def denoiser2d_backward(fb: FunctionBuilder, saved: Denoiser2DSaved, params: list[Value], dy: Value) -> list[Value]:
    """Gradients in PARAM_SPECS order."""
    w1, _, w2, _, w3, _ = params
    with fb.layer("dense3"):
        dh2, dw3, db3 = dense_backward(fb, "d3", saved.h2, w3, dy)
    with fb.layer("dense2"):
        dz2 = _relu_backward(fb, "r2", saved.z2, dh2)
        dh1, dw2, db2 = dense_backward(fb, "d2", saved.h1, w2, dz2)
    with fb.layer("dense1"):
        dz1 = _relu_backward(fb, "r1", saved.z1, dh1)
        dw1 = fb.dot_general("d1dW", saved.x, dz1, ([0], [0]))
        db1 = fb.sum("d1db", dz1, [0])
    return [dw1, db1, dw2, db2, dw3, db3]


def _start(name: str, batch: int) -> tuple[FunctionBuilder, Value, list[Value]]:
    fb = FunctionBuilder(name)
    x = fb.arg("x", f32(batch, IN_FEATURES))
    return fb, x, [fb.arg(name, f32(*shape)) for name, shape in PARAM_SPECS]


def forward_module(batch: int) -> Module:
    """(x [batch, 10], params) -> (y [batch, 2])."""
    fb, x, params = _start("denoiser_fwd", batch)
    y = denoiser2d_forward(fb, x, params).y
    return with_signature(module(fb.ret(y)), {"leading": [x], "params": params}, {"outputs": [y]}, step=False)


def gradient_module(batch: int) -> Module:
    """(x, params, target) -> (loss, dW1, db1, dW2, db2, dW3, db3): the hand gradients alone."""
    fb, x, params = _start("denoiser_grad", batch)
    target = fb.arg("target", f32(batch, POINT_DIM))
    fb.zero = fb.constant("sc", "0.0")
    saved = denoiser2d_forward(fb, x, params)
    dy, loss = mse(fb, saved.y, target)
    return module(fb.ret(loss, *denoiser2d_backward(fb, saved, params, dy)))


def train_step_module(batch: int) -> Module:
    """One Adam step. Arguments (x, params*6, m*6, v*6, lr, bc1, bc2, target);
    results (params'*6, m'*6, v'*6, loss)."""
    fb, x, params = _start("denoiser_train_step", batch)
    ms = [fb.arg(p.name + "m", p.type) for p in params]
    vs = [fb.arg(p.name + "v", p.type) for p in params]
    runtime = runtime_scalar_args(fb)
    target = fb.arg("target", f32(batch, POINT_DIM))
    fb.zero = fb.constant("sc", "0.0")
    baked = {name: fb.constant(name + "c", literal) for name, literal in baked_adam_literals(ADAM).items()}
    saved = denoiser2d_forward(fb, x, params)
    dy, loss = mse(fb, saved.y, target)
    grads = denoiser2d_backward(fb, saved, params, dy)
    new_params, new_m, new_v = adamw_updates(fb, params, grads, ms, vs, adam_scalars({**baked, **runtime}))
    return with_signature(module(fb.ret(*new_params, *new_m, *new_v, loss)),
                          {"leading": [x], "params": params, "m": ms, "v": vs, "schedule": list(runtime.values()),
                           "trailing": [target]}, {"params": new_params, "m": new_m, "v": new_v, "loss": [loss]})
