"""GELU, tanh approximation, elementwise.

Forward:  a = 0.5 x (1 + tanh(u)),  u = sqrt(2/pi) (x + 0.044715 x^3).
Backward: gelu'(x) = 0.5 (1 + t) + 0.5 x (1 - t^2) sqrt(2/pi) (1 + 0.134145 x^2),
          with 0.134145 = 3 * 0.044715; dx = dy * gelu'(x), t recomputed from x.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value

CUBIC = "0.044715"
SQRT_2_OVER_PI = "0.7978845608028654"
CUBIC_DERIV = "0.134145"


class _TanhCore(NamedTuple):
    x2: Value
    csqrt: Value
    t: Value
    one: Value
    opt: Value
    chalf: Value


def _tanh_core(fb: FunctionBuilder, q: str, x: Value) -> _TanhCore:
    """t = tanh(sqrt(2/pi) (x + 0.044715 x^3)) and 1 + t. The backward recomputes
    these same 11 lines under the prefix `{p}b`, as the reference does."""
    shape = x.shape
    x2 = fb.multiply(f"{q}x2", x, x)
    x3 = fb.multiply(f"{q}x3", x2, x)
    ck = fb.constant(f"{q}ck", CUBIC, shape)
    kx3 = fb.multiply(f"{q}kx3", ck, x3)
    inn = fb.add(f"{q}inn", x, kx3)
    csqrt = fb.constant(f"{q}csqrt", SQRT_2_OVER_PI, shape)
    u = fb.multiply(f"{q}u", csqrt, inn)
    t = fb.tanh(f"{q}t", u)
    one = fb.constant(f"{q}one", "1.0", shape)
    opt = fb.add(f"{q}opt", one, t)
    chalf = fb.constant(f"{q}chalf", "0.5", shape)
    return _TanhCore(x2, csqrt, t, one, opt, chalf)


def gelu_forward(fb: FunctionBuilder, p: str, x: Value) -> Value:
    c = _tanh_core(fb, p, x)
    hx = fb.multiply(f"{p}hx", c.chalf, x)
    return fb.multiply(f"{p}a", hx, c.opt)


def gelu_backward(fb: FunctionBuilder, p: str, xpre: Value, dy: Value) -> Value:
    c = _tanh_core(fb, f"{p}b", xpre)
    term1 = fb.multiply(f"{p}bterm1", c.chalf, c.opt)
    t2 = fb.multiply(f"{p}bt2", c.t, c.t)
    omt2 = fb.subtract(f"{p}bomt2", c.one, t2)
    hx = fb.multiply(f"{p}bhx", c.chalf, xpre)
    hxo = fb.multiply(f"{p}bhxo", hx, omt2)
    c3 = fb.constant(f"{p}bc3b", CUBIC_DERIV, xpre.shape)
    a3x2 = fb.multiply(f"{p}ba3x2", c3, c.x2)
    in2 = fb.add(f"{p}bin2", c.one, a3x2)
    up = fb.multiply(f"{p}bup", c.csqrt, in2)
    term2 = fb.multiply(f"{p}bterm2", hxo, up)
    gp = fb.add(f"{p}bgp", term1, term2)
    return fb.multiply(f"{p}dx", dy, gp)
