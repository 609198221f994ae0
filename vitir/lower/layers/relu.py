"""ReLU, elementwise: y = max(x, 0).

Backward: a select on the pre-activation, dx = dy where x > 0, else 0 (the
subgradient 0 at x = 0, as the reference and JAX take it).
"""

from __future__ import annotations

from ...ast import FunctionBuilder, Value


def relu_forward(fb: FunctionBuilder, p: str, x: Value) -> Value:
    return fb.maximum(f"{p}y", x, fb.constant(f"{p}z", "0.0", x.shape))


def relu_backward(fb: FunctionBuilder, p: str, x: Value, dy: Value) -> Value:
    zero = fb.constant(f"{p}bz", "0.0", x.shape)
    return fb.select(f"{p}dx", fb.compare(f"{p}pos", x, zero, "GT"), dy, zero)
