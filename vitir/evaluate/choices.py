"""Where the evaluator's value is one implementation's choice, not the value the spec defines.

The evaluator computes every op; for most the spec fixes the result bit for bit (integer arithmetic,
data movement, IEEE 754's correctly rounded add, subtract, multiply, divide and sqrt). For the ops
below it leaves something to the implementation (an approximation's accuracy, the order of a float sum,
a random algorithm's variant), and the evaluator's value is numpy's or XLA's, which another backend
need not give. Constant folding reads `implementation_defined(op, operands)` and leaves such an op to
run where the program runs, so that a folded program computes what the unfolded one computes there.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..ast.types import TensorType

# Transcendental functions: the spec asks for the functions' values; numpy's (and scipy's) and XLA's
# approximations differ in the last bits. sqrt is IEEE 754's correctly rounded operation: exact.
APPROXIMATED = frozenset({
    "stablehlo.exponential", "stablehlo.exponential_minus_one", "stablehlo.log", "stablehlo.log_plus_one",
    "stablehlo.logistic", "stablehlo.tanh", "stablehlo.sine", "stablehlo.cosine", "stablehlo.tan",
    "stablehlo.atan2", "stablehlo.cbrt", "stablehlo.rsqrt", "stablehlo.power",
    "chlo.acos", "chlo.acosh", "chlo.asin", "chlo.asinh", "chlo.atan", "chlo.atanh", "chlo.cosh", "chlo.sinh",
    "chlo.tan", "chlo.bessel_i1e", "chlo.erf", "chlo.erfc", "chlo.erf_inv", "chlo.lgamma", "chlo.digamma",
    "chlo.polygamma", "chlo.zeta", "chlo.broadcast_atan2", "chlo.broadcast_polygamma", "chlo.broadcast_power",
    "chlo.broadcast_zeta",
})

# Of complex numbers these are algorithms, not one rounding: numpy's division (Smith's), its
# multiply (with or without a fused multiply-add), its magnitude and square root are not XLA's.
COMPLEX_ALGORITHMS = frozenset({"stablehlo.multiply", "stablehlo.divide", "stablehlo.sqrt", "stablehlo.abs",
                                "stablehlo.sign", "chlo.broadcast_multiply", "chlo.broadcast_divide"})

# Sums whose order the spec leaves to the implementation (a reduction's schedule; a dot product's or a
# convolution's additions): in floats the order changes the rounding.
FLOAT_SUMS = frozenset({
    "stablehlo.reduce", "stablehlo.reduce_window", "stablehlo.dot_general", "stablehlo.dot",
    "stablehlo.convolution", "stablehlo.dynamic_conv", "stablehlo.select_and_scatter", "stablehlo.fft",
    "stablehlo.batch_norm_training", "stablehlo.batch_norm_inference", "stablehlo.batch_norm_grad",
    "chlo.ragged_dot", "chlo.scan",
})

# Decided by the implementation whatever the operands: the random bits' algorithm variant; the linear
# algebra's blocking (and its value where the matrix is singular or not positive definite).
ALWAYS = {
    "stablehlo.rng_bit_generator": "the spec leaves the generator's algorithm variant to the implementation",
    "stablehlo.rng": "the spec leaves the random numbers to the implementation",
    "stablehlo.cholesky": "its rounding follows the implementation's blocked factorisation",
    "stablehlo.triangular_solve": "its rounding follows the implementation's blocked solve",
}

# The identity of a reduction's op, per element kind: an init of another value takes part "an
# implementation-defined amount" of times.
_IDENTITIES = {"stablehlo.add": 0, "stablehlo.or": 0, "stablehlo.xor": 0, "stablehlo.multiply": 1,
               "stablehlo.and": -1, "stablehlo.maximum": "lowest", "stablehlo.minimum": "highest"}


def implementation_defined(op, operands: Sequence[np.ndarray] = ()) -> str | None:
    """Why the evaluator's value of `op` (on `operands`, its operand arrays, when known) is an
    implementation's choice; None where the spec defines it bit for bit."""
    name = op.NAME
    if name in ALWAYS:
        return ALWAYS[name]
    floats = any(isinstance(v.type, TensorType) and (v.type.dtype.is_float or v.type.dtype.is_complex)
                 for v in (*op.operands, *op.results))
    if name in APPROXIMATED and floats:
        return f"{name} of floats is an approximation whose last bits are the implementation's"
    if name in COMPLEX_ALGORITHMS and any(isinstance(v.type, TensorType) and v.type.dtype.is_complex
                                          for v in op.operands):
        return f"{name} of complex numbers is an algorithm whose rounding is the implementation's"
    if name in FLOAT_SUMS and floats:
        return f"{name} of floats sums in an order the spec leaves to the implementation"
    if name == "stablehlo.reduce" and operands and not _identity_inits(op, operands):
        return "a reduce whose init is not its op's identity folds it in an implementation-defined number of times"
    if name == "stablehlo.sort" and any(a.dtype.kind in "fc" and np.isnan(a).any() for a in operands):
        return "a sort meeting NaN: its comparator is no strict weak order, the order is the implementation's"
    return None


def _identity_inits(op, operands: Sequence[np.ndarray]) -> bool:
    body = op.body
    simple = body.simple_op() if hasattr(body, "simple_op") else None
    if simple is None:
        return False
    identity = _IDENTITIES.get(simple.NAME)
    if identity is None:
        return False
    half = len(operands) // 2
    for init in operands[half:]:
        value = init.reshape(-1)[0]
        if identity == "lowest":
            want = -np.inf if init.dtype.kind == "f" else np.iinfo(init.dtype).min
        elif identity == "highest":
            want = np.inf if init.dtype.kind == "f" else np.iinfo(init.dtype).max
        elif identity == -1:
            want = True if init.dtype == bool else -1 if init.dtype.kind == "i" else np.iinfo(init.dtype).max
        else:
            want = identity
        if value != want:
            return False
    return True
