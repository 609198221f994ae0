"""Cases of the elementwise rules: stablehlo's, clamp and select, chlo's simple functions."""

from __future__ import annotations

import numpy as np
from jax import lax

from vitir.ast import ops as O
from vitir.ast.element_types import DType

from .harness import Draw, above_one, booleans, case, inside_unit, positive

S = (3, 4)


def _unary(op_class, method, reference, draw=S):
    case(method, op_class, lambda fb, x: getattr(fb, method)("r", x), reference, [draw])


def _binary(op_class, method, reference, lhs=S, rhs=S):
    case(method, op_class, lambda fb, x, y: getattr(fb, method)("r", x, y), reference, [lhs, rhs])


for _cls, _method, _ref, _draw in [
    (O.Exponential, "exponential", lax.exp, S), (O.Log, "log", lax.log, positive(*S)),
    (O.Sqrt, "sqrt", lax.sqrt, positive(*S)), (O.Rsqrt, "rsqrt", lax.rsqrt, positive(*S)),
    (O.Cbrt, "cbrt", lax.cbrt, positive(*S)), (O.Tanh, "tanh", lax.tanh, S), (O.Sine, "sine", lax.sin, S),
    (O.Cosine, "cosine", lax.cos, S), (O.Tan, "tan", lax.tan, inside_unit(*S)),
    (O.Logistic, "logistic", lax.logistic, S), (O.LogPlusOne, "log_plus_one", lax.log1p, positive(*S)),
    (O.ExponentialMinusOne, "exponential_minus_one", lax.expm1, S), (O.Abs, "abs", lax.abs, S),
    (O.Negate, "negate", lax.neg, S), (O.Sign, "sign", lax.sign, S), (O.Floor, "floor", lax.floor, S),
    (O.Ceil, "ceil", lax.ceil, S), (O.RoundNearestEven, "round_nearest_even", lax.round, S),
    (O.RoundNearestAfz, "round_nearest_afz", lax.round, S),
]:
    _unary(_cls, _method, _ref, _draw)

for _cls, _method, _ref, _lhs, _rhs in [
    (O.Add, "add", lax.add, S, S), (O.Subtract, "subtract", lax.sub, S, S),
    (O.Multiply, "multiply", lax.mul, S, S), (O.Divide, "divide", lax.div, S, positive(*S)),
    (O.Maximum, "maximum", lax.max, S, S), (O.Minimum, "minimum", lax.min, S, S),
    (O.Power, "power", lax.pow, positive(*S), S), (O.Remainder, "remainder", lax.rem, S, positive(*S)),
    (O.Atan2, "atan2", lax.atan2, S, S),
]:
    _binary(_cls, _method, _ref, _lhs, _rhs)


def _ties(rng, shape):
    """Values with many equal pairs, to check the tie rule (each operand half the derivative)."""
    return rng.integers(-2, 3, size=shape).astype(np.float64)


case("maximum_ties", O.Maximum, lambda fb, x, y: fb.maximum("r", x, y), lax.max,
     [Draw(S, _ties), Draw(S, _ties)])
case("minimum_ties", O.Minimum, lambda fb, x, y: fb.minimum("r", x, y), lax.min,
     [Draw(S, _ties), Draw(S, _ties)])
case("power_zero", O.Power, lambda fb, x, y: fb.power("r", x, y), lax.pow,
     [Draw(S, lambda rng, s: np.where(rng.random(s) < 0.3, 0.0, rng.uniform(0.5, 2, s))),
      Draw(S, lambda rng, s: np.where(rng.random(s) < 0.3, 0.0, rng.uniform(1, 3, s)))])


def _convert(fb, x):
    narrow = fb.convert("w", x, DType.F16)
    return fb.multiply("r", fb.convert("n", narrow, x.type.dtype), x)


case("convert", O.Convert, _convert,
     lambda x: lax.mul(lax.convert_element_type(lax.convert_element_type(x, np.float16), x.dtype), x), [S],
     inner_tolerance=2e-3)  # the tangent is rounded to f16 and back
case("convert_to_integer", O.Convert, lambda fb, x: fb.convert("r", x, DType.I32),
     lambda x: lax.convert_element_type(x, np.int32), [S])
case("reduce_precision", O.ReducePrecision, lambda fb, x: fb.reduce_precision("r", x, 5, 10),
     lambda x: lax.reduce_precision(x, 5, 10), [S], inner_tolerance=2e-3)  # rounds the tangent as it goes
case("select", O.Select, lambda fb, p, x, y: fb.select("r", p, x, y), lax.select, [booleans(*S), S, S])
case("clamp", O.Clamp, lambda fb, lo, x, hi: fb.clamp("r", lo, x, hi), lax.clamp,
     [Draw(S, lambda rng, s: rng.uniform(-1, -0.2, s)), S, Draw(S, lambda rng, s: rng.uniform(0.2, 1, s))])
case("clamp_scalar_bounds", O.Clamp, lambda fb, lo, x, hi: fb.clamp("r", lo, x, hi),
     lambda lo, x, hi: lax.clamp(lax.broadcast(lo, x.shape), x, lax.broadcast(hi, x.shape)),  # JAX's JVP needs these
     [Draw((), lambda rng, s: rng.uniform(-1, -0.2, s)), S, Draw((), lambda rng, s: rng.uniform(0.2, 1, s))])


def _chlo(method, op_name, reference, draw=S):
    case(f"chlo_{method}", getattr(O, op_name), lambda fb, x: getattr(fb, method)("r", x), reference, [draw])


for _method, _name, _ref, _draw in [
    ("chlo_tan", "ChloTan", lax.tan, inside_unit(*S)), ("sinh", "Sinh", lax.sinh, S), ("cosh", "Cosh", lax.cosh, S),
    ("asin", "Asin", lax.asin, inside_unit(*S)), ("acos", "Acos", lax.acos, inside_unit(*S)),
    ("atan", "Atan", lax.atan, S), ("asinh", "Asinh", lax.asinh, S), ("acosh", "Acosh", lax.acosh, above_one(*S)),
    ("atanh", "Atanh", lax.atanh, inside_unit(*S)), ("square", "Square", lax.square, S),
]:
    _chlo(_method, _name, _ref, _draw)
