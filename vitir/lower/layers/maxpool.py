"""2x2 max pooling of x [b, c, H, W] (H, W even), stride 2, by reduce_window.

Backward, two rules that differ only on ties:
- "reference" (the reference's): every element that ties for its window's
  maximum receives the whole cotangent (a window of equal values passes 4 dy
  on). Which elements tie is read by one variadic reduce_window over (x, the
  element's bit in its window: 1, 2, 4, 8 in row-major order) that keeps the
  maximum and ORs the bits of the elements equal to it; the cotangent and
  those bits are tiled back to [b, c, H, W] (reshape to [b, c, H/2, 1, W/2,
  1], broadcast over the window, reshape) and the cotangent kept where the
  element's bit is set. Not `x EQ tile(y)`: XLA may compute x afresh in the
  fusion of that compare, rounded otherwise than in the forward's
  reduce_window (on an AVX2-only CPU its fusion emitters do, for the FiLM
  UNet), and a window whose maximum no longer equals itself loses its
  cotangent; one op reads each element once, so its maxima are its own;
- "select_and_scatter" (JAX's vjp of lax.reduce_window max): the first
  maximum in the window, in row-major order (select GE), receives dy and the
  others 0, so the gradient sums to dy exactly.
Without ties (continuous inputs) the two are the same function.
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import DType, FunctionBuilder, TensorType, Value
from ...errors import ConfigError

WINDOW = (1, 1, 2, 2)
RULES = ("reference", "select_and_scatter")
NEG_INF = "0xFF800000"


class MaxPoolSaved(NamedTuple):
    y: Value
    x: Value


def _binary(fb: FunctionBuilder, p: str, op: str, dtype) -> object:
    body = fb.region()
    scalar = TensorType((), dtype)
    a, b = body.arg(f"{p}a", scalar), body.arg(f"{p}b", scalar)
    return body.ret(getattr(body, op)(f"{p}r", a, b))


def maxpool_forward(fb: FunctionBuilder, p: str, x: Value) -> MaxPoolSaved:
    _, _, h, w = x.shape
    if h % 2 or w % 2:
        raise ConfigError(f"max pool {p}y: 2x2 pooling needs even spatial dims, got {h}x{w}")
    low = fb.constant(f"{p}low", NEG_INF)
    y = fb.reduce_window(f"{p}y", [x], [low], _binary(fb, f"{p}m", "maximum", x.type.dtype), WINDOW, WINDOW)
    return MaxPoolSaved(y, x)


def _tile(fb: FunctionBuilder, name: str, v: Value) -> Value:
    b, c, oh, ow = v.shape
    r = fb.reshape(f"{name}r", v, [b, c, oh, 1, ow, 1])
    t = fb.broadcast_in_dim(f"{name}t", r, [0, 1, 2, 3, 4, 5], [b, c, oh, 2, ow, 2])
    return fb.reshape(f"{name}e", t, [b, c, 2 * oh, 2 * ow])


def maxpool_backward(fb: FunctionBuilder, p: str, saved: MaxPoolSaved, dy: Value, rule: str = "reference") -> Value:
    x = saved.x
    if rule == "select_and_scatter":
        zero = fb.constant(f"{p}sz", "0.0")
        select = fb.region()
        scalar = TensorType((), x.type.dtype)
        a, b = select.arg(f"{p}sa", scalar), select.arg(f"{p}sb", scalar)
        select = select.ret(select.compare(f"{p}sge", a, b, "GE"))
        return fb.select_and_scatter(f"{p}dx", x, dy, zero, select, _binary(fb, f"{p}s", "add", x.type.dtype),
                                     WINDOW, WINDOW, ((0, 0),) * 4)
    if rule != "reference":
        raise ConfigError(f"unknown max pool gradient {rule!r}; have {', '.join(RULES)}")
    g = _tile(fb, f"{p}g", dy)
    b, c, h, w = x.shape
    bits = fb.constant_array(f"{p}bit", [[1, 2], [4, 8]], [2, 2], DType.I32)
    bits = fb.broadcast_in_dim(f"{p}bitt", bits, [3, 5], [b, c, h // 2, 2, w // 2, 2])
    bits = fb.reshape(f"{p}bite", bits, [b, c, h, w])
    _, ties = fb.reduce_window([f"{p}wy", f"{p}wties"], [x, bits],
                               [fb.constant(f"{p}wlow", NEG_INF),
                                fb.constant(f"{p}wnone", "0", dtype=DType.I32)],
                               _max_and_ties(fb, f"{p}w", x.type.dtype), WINDOW, WINDOW)
    mine = fb.and_(f"{p}mine", _tile(fb, f"{p}t", ties), bits)
    mask = fb.compare(f"{p}mask", mine, fb.constant(f"{p}none", "0", x.shape, DType.I32), "NE")
    return fb.select(f"{p}dx", mask, g, fb.constant(f"{p}z", "0.0", x.shape))


def _max_and_ties(fb: FunctionBuilder, p: str, dtype) -> object:
    """The body of (maximum, bits of the elements equal to it): the greater side's bits, both sides'
    ORed on a tie."""
    body = fb.region()
    value, bits = TensorType((), dtype), TensorType((), DType.I32)
    av, ab = body.arg(f"{p}av", value), body.arg(f"{p}ab", bits)
    bv, bb = body.arg(f"{p}bv", value), body.arg(f"{p}bb", bits)
    above = body.compare(f"{p}gt", av, bv, "GT")
    below = body.compare(f"{p}lt", av, bv, "LT")
    either = body.select(f"{p}eq", below, bb, body.or_(f"{p}or", ab, bb))
    return body.ret(body.maximum(f"{p}m", av, bv), body.select(f"{p}b", above, ab, either))
