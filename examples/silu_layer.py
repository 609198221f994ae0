"""A new layer written with vitir's public builder: SiLU with its hand-derived
backward, used in a small module and printed. Run: python examples/silu_layer.py

    forward:  y = x * s,  s = 1 / (1 + exp(-x))
    backward: dx = dy * s * (1 + x (1 - s))
"""

from vitir.ast import FunctionBuilder, Value, f32, module
from vitir.print import print_module


def silu_forward(fb: FunctionBuilder, p: str, x: Value) -> tuple[Value, Value]:
    one = fb.constant(f"{p}one", "1.0", x.shape)
    e = fb.exponential(f"{p}e", fb.negate(f"{p}nx", x))
    s = fb.divide(f"{p}s", one, fb.add(f"{p}den", one, e))
    return fb.multiply(f"{p}y", x, s), s


def silu_backward(fb: FunctionBuilder, p: str, x: Value, s: Value, dy: Value) -> Value:
    one = fb.constant(f"{p}bone", "1.0", x.shape)
    oms = fb.subtract(f"{p}oms", one, s)
    inner = fb.add(f"{p}inner", one, fb.multiply(f"{p}xoms", x, oms))
    return fb.multiply(f"{p}dx", dy, fb.multiply(f"{p}ds", s, inner))


def silu_module(batch: int = 4, width: int = 8):
    fb = FunctionBuilder("silu_fwd_bwd")
    x = fb.arg("x", f32(batch, width))
    dy = fb.arg("dy", f32(batch, width))
    with fb.layer("silu"):
        y, s = silu_forward(fb, "a", x)
        dx = silu_backward(fb, "a", x, s, dy)
    return module(fb.ret(y, dx))


if __name__ == "__main__":
    print(print_module(silu_module()), end="")
