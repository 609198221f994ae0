"""Cases of reduce with multiply, maximum and minimum bodies, and a body of several ops (argmax)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax

from vitir.ast import ops as O
from vitir.ast.element_types import DType
from vitir.ast.literals import value_literal
from vitir.ast.types import TensorType

from .harness import Draw, case


def _reduce(fb, x, init, dims, reducer):
    return fb.reduce("r", x, init, dims, reducer)


def _constant(fb, value, dtype):
    return fb.constant("init", value_literal(value, dtype), (), dtype)


def with_zeros(*shape):
    """Normal values with a zero in some rows (one row two zeros): a product's derivative there."""
    def sample(rng, s):
        x = rng.normal(size=s)
        x[0, 1, 0] = 0.0
        x[1, 2, 1] = x[1, 0, 1] = 0.0
        return x
    return Draw(shape, sample)


def ties(*shape):
    """Small integers as floats: many elements equal the maximum (and the minimum)."""
    return Draw(shape, lambda rng, s: rng.integers(0, 3, size=s).astype(float))


case("reduce_multiply_zeros", O.Reduce, lambda fb, x: _reduce(fb, x, _constant(fb, 1.0, x.type.dtype), (1,), "multiply"),
     lambda x: jnp.prod(x, axis=1), [with_zeros(2, 3, 4)])
case("reduce_multiply_init", O.Reduce, lambda fb, x, c: _reduce(fb, x, c, (0, 2), "multiply"),
     lambda x, c: jnp.prod(x, axis=(0, 2)) * c, [(3, 2, 5), ()])
case("reduce_maximum_ties", O.Reduce,
     lambda fb, x: _reduce(fb, x, _constant(fb, float("-inf"), x.type.dtype), (1,), "maximum"),
     lambda x: lax.reduce_max(x, (1,)), [ties(4, 6)])
case("reduce_minimum_ties", O.Reduce,
     lambda fb, x: _reduce(fb, x, _constant(fb, float("inf"), x.type.dtype), (0, 2), "minimum"),
     lambda x: lax.reduce_min(x, (0, 2)), [ties(3, 2, 4)])


def _argmax_body(fb, dtype):
    body = fb.region()
    a, i = body.arg("a", TensorType((), dtype)), body.arg("i", TensorType((), DType.I32))
    b, j = body.arg("b", TensorType((), dtype)), body.arg("j", TensorType((), DType.I32))
    first = body.or_("first", body.compare("gt", a, b, "GT"),
                     body.and_("tie", body.compare("eq", a, b, "EQ"), body.compare("lt", i, j, "LT")))
    return body.ret(body.select("v", first, a, b), body.select("k", first, i, j))


def _argmax(fb, x):
    index = fb.iota("iota", x.type.shape, DType.I32, 1)
    inits = [_constant(fb, float("-inf"), x.type.dtype), fb.constant("zero", "0", (), DType.I32)]
    return fb.reduce_region(["rv", "rk"], [x, index], inits, (1,), _argmax_body(fb, x.type.dtype))


def _jax_argmax(x):
    """The first maximum's value and index (JAX's variadic reduce has no JVP with an integer operand)."""
    index = jnp.argmax(x, axis=1)
    return jnp.take_along_axis(x, index[:, None], axis=1)[:, 0], index.astype(jnp.int32)


case("reduce_argmax_body", O.Reduce, _argmax, _jax_argmax, [(4, 5)])
