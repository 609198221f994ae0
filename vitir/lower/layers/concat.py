"""Channel concatenation of two NCHW tensors, [a, b] along dim 1 (the UNet's
[upsampled, skip]). Backward: the cotangent sliced back into the two parts."""

from __future__ import annotations

from ...ast import FunctionBuilder, Value


def concat_forward(fb: FunctionBuilder, p: str, a: Value, b: Value) -> Value:
    return fb.concatenate(f"{p}y", [a, b], 1)


def concat_backward(fb: FunctionBuilder, p: str, a_channels: int, dy: Value) -> tuple[Value, Value]:
    n, c, h, w = dy.shape
    da = fb.slice(f"{p}da", dy, [0, 0, 0, 0], [n, a_channels, h, w])
    db = fb.slice(f"{p}dbs", dy, [0, a_channels, 0, 0], [n, c, h, w])
    return da, db
