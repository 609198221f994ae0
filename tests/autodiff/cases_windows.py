"""Cases of reduce_window (sums and max/min pooling) and select_and_scatter."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src.lax.windowed_reductions import _select_and_scatter_add

from vitir.ast import ops as O
from vitir.ast.literals import value_literal
from vitir.ast.types import TensorType

from .harness import case


def _region(fb, method, dtype):
    body = fb.region()
    a, b = body.arg("p", TensorType((), dtype)), body.arg("q", TensorType((), dtype))
    return body.ret(getattr(body, method)("s", a, b))


def _window(fb, x, method, init, window, strides, base=None, dilation=None, padding=None):
    start = fb.constant("init", value_literal(init, x.type.dtype), (), x.type.dtype)
    return fb.reduce_window("r", [x], [start], _region(fb, method, x.type.dtype), window, strides, base, dilation,
                            padding)


def _jax_window(x, reducer, init, window, strides, base=None, dilation=None, padding=None):
    rank = x.ndim
    return lax.reduce_window(x, np.array(init, x.dtype), reducer, window, strides, padding or ((0, 0),) * rank,
                             base or (1,) * rank, dilation or (1,) * rank)


SUM = dict(window=(2, 3), strides=(2, 1), base=(1, 2), dilation=(2, 1), padding=((1, 0), (1, 2)))
case("reduce_window_sum", O.ReduceWindow, lambda fb, x: _window(fb, x, "add", 0.0, **SUM),
     lambda x: _jax_window(x, lax.add, 0.0, **SUM), [(5, 4)])
POOL = dict(window=(1, 3, 3), strides=(1, 2, 2), padding=((0, 0), (1, 1), (1, 1)))
case("reduce_window_max_pool", O.ReduceWindow, lambda fb, x: _window(fb, x, "maximum", float("-inf"), **POOL),
     lambda x: _jax_window(x, lax.max, -np.inf, **POOL), [(2, 5, 6)])
case("reduce_window_min", O.ReduceWindow, lambda fb, x: _window(fb, x, "minimum", float("inf"), (2, 2), (1, 2)),
     lambda x: _jax_window(x, lax.min, np.inf, (2, 2), (1, 2)), [(4, 6)])


def _select_and_scatter(fb, x, source):
    zero = fb.constant("zero", "0.0", (), x.type.dtype)
    select = fb.region()
    a, b = select.arg("a", TensorType((), x.type.dtype)), select.arg("b", TensorType((), x.type.dtype))
    select = select.ret(select.compare("ge", a, b, "GE"))
    return fb.select_and_scatter("r", x, source, zero, select, _region(fb, "add", x.type.dtype), (2, 3), (2, 2),
                                 ((1, 0), (0, 1)))


case("select_and_scatter", O.SelectAndScatter, _select_and_scatter,
     lambda x, s: _select_and_scatter_add(s, x, lax.ge_p, (2, 3), (2, 2), ((1, 0), (0, 1))), [(5, 6), (3, 3)])
def _sliding_product(x, width):
    """The product of each element and the width - 1 before it (ones before the first): JAX has
    no derivative of a reduce_window with a multiply body."""
    padded = jnp.pad(x, ((0, 0), (width - 1, 0)), constant_values=1.0)
    n = x.shape[1]
    out = padded[:, 0:n]
    for k in range(1, width):
        out = out * padded[:, k:k + n]
    return out


CUMPROD = dict(window=(1, 3), strides=(1, 1), padding=((0, 0), (2, 0)))
case("reduce_window_product", O.ReduceWindow, lambda fb, x: _window(fb, x, "multiply", 1.0, **CUMPROD),
     lambda x: _sliding_product(x, 3), [(3, 5)])
