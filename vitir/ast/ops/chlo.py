"""The chlo dialect's ops of static shape that JAX's lowering writes: special functions, the
hyperbolic and inverse trigonometric functions, infinity tests, next_after, mulhi and top_k.

Each prints as ChloOps.td's assembly formats do: a unary op as `chlo.erf %x : T -> T`, a
binary one as `chlo.zeta %x, %q : T, T -> T`, top_k as
`%values, %indices = chlo.top_k(%x, k = 2) : T -> (Tk, Tki32)`. XLA decomposes them into
StableHLO; the evaluator computes them with numpy and scipy.special
(vitir/evaluate/chlo.py). Builder methods take the op's own name (`fb.erf_inv`), but for
`chlo_tan` beside stablehlo's `tan`.
"""

from __future__ import annotations

from ..attributes import BOOL, I64
from ..declare import Op, attr_def, operand_def, result_def
from ..element_types import DType
from ..shape_rules import RuleError
from ..type_rules import elementwise, tensor
from ..types import TensorType

_EVALUATE = "vitir.evaluate.chlo:"


class ChloUnary(Op):
    """`%r = chlo.<op> %x : T -> R`."""

    operand = operand_def()
    syntax = "{operand} : {type:operand} -> {type:result}"


class ChloBinary(Op):
    """`%r = chlo.<op> %a, %b : T, T -> R` (next_after, polygamma, zeta, mulhi)."""

    lhs = operand_def()
    rhs = operand_def()
    syntax = "{lhs}, {rhs} : {type:lhs}, {type:rhs} -> {type:result}"


# -- unary: floats (and complex where ChloOps.td allows it) ------------------------------------

class Acos(ChloUnary):
    NAME = "chlo.acos"
    rule = elementwise("float or complex")
    numpy = "arccos"


class Acosh(ChloUnary):
    NAME = "chlo.acosh"
    rule = elementwise("float or complex")
    numpy = "arccosh"


class Asin(ChloUnary):
    NAME = "chlo.asin"
    rule = elementwise("float or complex")
    numpy = "arcsin"


class Asinh(ChloUnary):
    NAME = "chlo.asinh"
    rule = elementwise("float or complex")
    numpy = "arcsinh"


class Atan(ChloUnary):
    NAME = "chlo.atan"
    rule = elementwise("float or complex")
    numpy = "arctan"


class Atanh(ChloUnary):
    NAME = "chlo.atanh"
    rule = elementwise("float or complex")
    numpy = "arctanh"


class Cosh(ChloUnary):
    NAME = "chlo.cosh"
    rule = elementwise("float or complex")
    numpy = "cosh"


class Sinh(ChloUnary):
    NAME = "chlo.sinh"
    rule = elementwise("float or complex")
    numpy = "sinh"


class ChloTan(ChloUnary):
    NAME = "chlo.tan"
    method = "chlo_tan"
    rule = elementwise("float or complex")
    numpy = "tan"


class Conj(ChloUnary):
    """The complex conjugate; a float is its own."""

    NAME = "chlo.conj"
    rule = elementwise("float or complex")
    numpy = "conjugate"


class Square(ChloUnary):
    NAME = "chlo.square"
    rule = elementwise("float or complex")
    evaluate = _EVALUATE + "square"


class BesselI1e(ChloUnary):
    """The exponentially scaled modified Bessel function of order 1: exp(-|x|) I1(x)."""

    NAME = "chlo.bessel_i1e"
    rule = elementwise("float or complex")
    evaluate = _EVALUATE + "bessel_i1e"


# -- unary: floats only ---------------------------------------------------------------------------

class Erf(ChloUnary):
    NAME = "chlo.erf"
    rule = elementwise("float")
    evaluate = _EVALUATE + "erf"


class Erfc(ChloUnary):
    NAME = "chlo.erfc"
    rule = elementwise("float")
    evaluate = _EVALUATE + "erfc"


class ErfInv(ChloUnary):
    NAME = "chlo.erf_inv"
    rule = elementwise("float")
    evaluate = _EVALUATE + "erf_inv"


class Lgamma(ChloUnary):
    """log |Gamma(x)|."""

    NAME = "chlo.lgamma"
    rule = elementwise("float")
    evaluate = _EVALUATE + "lgamma"


class Digamma(ChloUnary):
    NAME = "chlo.digamma"
    rule = elementwise("float")
    evaluate = _EVALUATE + "digamma"


class IsInf(ChloUnary):
    NAME = "chlo.is_inf"
    rule = elementwise("float", result=DType.I1)
    numpy = "isinf"


class IsNegInf(ChloUnary):
    NAME = "chlo.is_neg_inf"
    rule = elementwise("float", result=DType.I1)
    numpy = "isneginf"


class IsPosInf(ChloUnary):
    NAME = "chlo.is_pos_inf"
    rule = elementwise("float", result=DType.I1)
    numpy = "isposinf"


# -- binary ---------------------------------------------------------------------------------------

class NextAfter(ChloBinary):
    """The next representable value of x toward y, in x's own type (subnormals included)."""

    NAME = "chlo.next_after"
    rule = elementwise("float")
    evaluate = _EVALUATE + "next_after"


class Polygamma(ChloBinary):
    """The n-th derivative of digamma at x; NaN where n is not a non-negative integer."""

    NAME = "chlo.polygamma"
    rule = elementwise("float")
    evaluate = _EVALUATE + "polygamma"


class Zeta(ChloBinary):
    """The Hurwitz zeta function: the sum over n >= 0 of (q + n)^-x."""

    NAME = "chlo.zeta"
    rule = elementwise("float")
    evaluate = _EVALUATE + "zeta"


class Mulhi(ChloBinary):
    """The high half of the double-width product of two N-bit integers."""

    NAME = "chlo.mulhi"
    rule = elementwise("integer")
    evaluate = _EVALUATE + "mulhi"


# -- top_k ----------------------------------------------------------------------------------------

class TopK(Op):
    """The k largest elements of each row of the last dimension, largest first (equal elements in
    index order, NaN above +inf), and their indices (i32)."""

    NAME = "chlo.top_k"
    operand = operand_def()
    k = attr_def(I64)
    is_stable = attr_def(BOOL, default=None)  # newer chlo; jaxlib 0.10.2's parser does not know it
    values = result_def()
    indices = result_def()
    syntax = "({operand}, k = {k}{is_stable?, is_stable = }) : {type:operand} -> ({type:values}, {type:indices})"
    evaluate = _EVALUATE + "top_k"

    @staticmethod
    def rule(operand, k, is_stable):
        tensor(operand)
        if operand.rank < 1:
            raise RuleError("operand's rank must be at least 1")
        if k < 0:
            raise RuleError(f"k must be non-negative, got {k}")
        if operand.shape[-1] < k:
            raise RuleError(f"operand's last dimension must be at least {k}, got {operand.shape[-1]}")
        shape = operand.shape[:-1] + (k,)
        return TensorType(shape, operand.dtype), TensorType(shape, DType.I32)
