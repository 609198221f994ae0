"""SiLU (swish), elementwise: the activation of the denoisers' time embedding
and of the conditioning that their adaptive LayerNorms read.

Forward:  y = x s,  s = 1 / (1 + exp(-x)).
Backward: dx = dy s (1 + x (1 - s)).
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value


class SiluSaved(NamedTuple):
    y: Value
    x: Value
    s: Value  # the logistic of x


def silu_forward(fb: FunctionBuilder, p: str, x: Value) -> SiluSaved:
    one = fb.constant(f"{p}one", "1.0", x.shape)
    e = fb.exponential(f"{p}e", fb.negate(f"{p}nx", x))
    s = fb.divide(f"{p}s", one, fb.add(f"{p}den", one, e))
    return SiluSaved(fb.multiply(f"{p}y", x, s), x, s)


def silu_backward(fb: FunctionBuilder, p: str, saved: SiluSaved, dy: Value) -> Value:
    one = fb.constant(f"{p}bone", "1.0", dy.shape)
    oms = fb.subtract(f"{p}oms", one, saved.s)
    inner = fb.add(f"{p}inner", one, fb.multiply(f"{p}xoms", saved.x, oms))
    return fb.multiply(f"{p}dx", dy, fb.multiply(f"{p}ds", saved.s, inner))
