"""The exponential moving average of the weights as a module, run after every
train step on the device: ema' = ema + w (theta - ema), w = 1 - decay sent by
the host (the training loop warms the decay up)."""

from __future__ import annotations

from typing import Sequence

from ..ast import FunctionBuilder, Module, TensorType


def ema_module(specs: Sequence[tuple[str, tuple[int, ...]]]) -> Module:
    """@ema_update(ema*k, theta*k, w) -> ema + w (theta - ema) for every parameter."""
    fb = FunctionBuilder("ema_update")
    emas = [fb.arg(f"{name}e", TensorType(dims)) for name, dims in specs]
    thetas = [fb.arg(name, TensorType(dims)) for name, dims in specs]
    weight = fb.arg("w", TensorType(()))
    out = []
    for (name, dims), e, theta in zip(specs, emas, thetas):
        w = fb.broadcast_in_dim(f"{name}w", weight, [], dims)
        step = fb.multiply(f"{name}s", w, fb.subtract(f"{name}d", theta, e))
        out.append(fb.add(f"{name}e2", e, step))
    return Module([fb.ret(*out)])
