"""2-D convolution of x [b, c, H, W] (NCHW) with w [o, c, kh, kw] (OIHW), any
stride and padding, with or without a bias [o].

Forward:  y[b,o,u,v] = sum_{c,i,j} x[b, c, u s + i - lo, v s + j - lo'] w[o,c,i,j] (+ bias[o]).
Backward, each a convolution again:
  db = sum of dy over batch and space;
  dw = the activations, transposed to [c, b, H, W] (batch and feature swapped),
       convolved with the cotangent transposed to [o, b, U, V] as the kernel,
       dilated by the stride; the result [c, o, kh, kw] transposed back;
  dx = the cotangent, dilated by the stride (lhs dilation), convolved with the
       spatially flipped kernel transposed to [c, o, kh, kw].
Both transpositions are written as the convolution's dimension numbers (its
layouts), not as transpose ops: "fb01" reads dim 0 as the features and dim 1
as the batch, "io01" reads the kernel's dim 0 as its input features.
Padding must be smaller than the kernel on each side (the backward's own
paddings are then never negative).
"""

from __future__ import annotations


from ...records import NamedTuple
from ...ast import FunctionBuilder, Value
from ...errors import ConfigError

NCHW = ("bf01", "oi01", "bf01")
# dw = conv(x as [c, b, H, W], dy as [o, b, U, V]) -> [o, c, kh, kw] read as [c, o, ...]
WEIGHT_GRAD = ("fb01", "io01", "fb01")
# dx = conv(dy [b, o, U, V], flipped w read as [c, o, kh, kw])
INPUT_GRAD = ("bf01", "io01", "bf01")

Padding = tuple[tuple[int, int], tuple[int, int]]


def same_padding(kernel: int, stride: int, size: int) -> tuple[int, int]:
    """SAME padding of one spatial dim: output ceil(size / stride), the extra on the high side."""
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return total // 2, total - total // 2


class ConvSaved(NamedTuple):
    y: Value
    x: Value
    stride: tuple[int, int]
    padding: Padding


def conv_forward(fb: FunctionBuilder, p: str, x: Value, w: Value, bias: Value | None = None,
                 stride: tuple[int, int] = (1, 1), padding: Padding | str = "same") -> ConvSaved:
    """`padding` is ((lo, hi), (lo, hi)) or "same"; names `{p}c` (the convolution), `{p}y` with a bias."""
    _, _, hh, ww = x.shape
    _, _, kh, kw = w.shape
    if padding == "same":
        padding = (same_padding(kh, stride[0], hh), same_padding(kw, stride[1], ww))
    padding = tuple(tuple(int(v) for v in pair) for pair in padding)
    for (lo, hi), k in zip(padding, (kh, kw)):
        if not (0 <= lo < k and 0 <= hi < k):
            raise ConfigError(f"convolution {p}c: padding "
                              f"{list(padding)} must be in [0, kernel) for kernel {kh}x{kw}")
    c = fb.convolution(f"{p}c", x, w, stride=list(stride), padding=padding, layouts=NCHW)
    if bias is None:
        return ConvSaved(c, x, tuple(stride), padding)
    bb = fb.broadcast_in_dim(f"{p}bb", bias, [1], c.shape)
    return ConvSaved(fb.add(f"{p}y", c, bb), x, tuple(stride), padding)


def conv_backward(fb: FunctionBuilder, p: str, saved: ConvSaved, w: Value, dy: Value, *, bias: bool = False,
                  input_grad: bool = True) -> tuple[Value | None, Value, Value | None]:
    """Returns (dx, dw, db): dx None unless `input_grad`, db None unless `bias`."""
    x = saved.x
    _, _, hh, ww = x.shape
    _, _, kh, kw = w.shape
    _, _, uh, uw = dy.shape
    (sh, sw), ((lh, hh_), (lw, hw_)) = saved.stride, saved.padding
    db = fb.sum(f"{p}db", dy, [0, 2, 3]) if bias else None
    # the last input rows and columns a strided window never reaches are cut by a negative high padding
    wpad = ((lh, kh - hh - lh + (uh - 1) * sh), (lw, kw - ww - lw + (uw - 1) * sw))
    dw = fb.convolution(f"{p}dw", x, dy, stride=[1, 1], padding=wpad, rhs_dilate=[sh, sw], layouts=WEIGHT_GRAD)
    dx = None
    if input_grad:
        wf = fb.reverse(f"{p}wf", w, [2, 3])
        xpad = ((kh - 1 - lh, hh - 1 + lh - (uh - 1) * sh), (kw - 1 - lw, ww - 1 + lw - (uw - 1) * sw))
        dx = fb.convolution(f"{p}dx", dy, wf, stride=[1, 1], padding=xpad, lhs_dilate=[sh, sw], layouts=INPUT_GRAD)
    return dx, dw, db
