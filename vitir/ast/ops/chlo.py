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

from ..attributes import (BOOL, CHLO_COMPARISON_DIRECTION, CHLO_COMPARISON_TYPE, CHLO_PRECISION_LIST, I64, I64_ARRAY,
                          RAGGED_DOT_DIMENSIONS)
from ..declare import Op, attr_def, operand_def, region_def, result_def, var_operand_def, var_result_def
from ..traits import COMMUTATIVE, ELEMENTWISE, PURE, RECURSIVE_EFFECTS, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError
from ..type_rules import PER_TENSOR, elementwise, require, same_element, tensor, tensor_of
from ..types import TensorType
from . import elementwise as E
from .compare import Compare, check_compare_type

_EVALUATE = "vitir.evaluate.chlo:"


class ChloUnary(Op):
    """`%r = chlo.<op> %x : T -> R`."""

    operand = operand_def()
    syntax = "{operand} : {type:operand} -> {type:result}"
    traits = (PURE, SPECULATABLE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE)


class ChloBinary(Op):
    """`%r = chlo.<op> %a, %b : T, T -> R` (next_after, polygamma, zeta, mulhi)."""

    lhs = operand_def()
    rhs = operand_def()
    syntax = "{lhs}, {rhs} : {type:lhs}, {type:rhs} -> {type:result}"
    traits = (PURE, SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE)


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
    traits = ChloUnary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # an i1 result
    rule = elementwise("float", result=DType.I1)
    numpy = "isinf"


class IsNegInf(ChloUnary):
    NAME = "chlo.is_neg_inf"
    traits = ChloUnary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # an i1 result
    rule = elementwise("float", result=DType.I1)
    numpy = "isneginf"


class IsPosInf(ChloUnary):
    NAME = "chlo.is_pos_inf"
    traits = ChloUnary.traits - {SAME_OPERANDS_AND_RESULT_TYPE}  # an i1 result
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
    traits = ChloBinary.traits | {COMMUTATIVE}
    rule = elementwise("integer")
    evaluate = _EVALUATE + "mulhi"


# -- top_k ----------------------------------------------------------------------------------------

class TopK(Op):
    """The k largest elements of each row of the last dimension, largest first (equal elements in
    index order, NaN above +inf), and their indices (i32)."""

    NAME = "chlo.top_k"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    k = attr_def(I64)
    # Newer chlo; jaxlib 0.10.2's chlo knows no is_stable, so it goes in the attribute dictionary,
    # which that parser keeps as written and a newer one reads as the op's own attribute.
    is_stable = attr_def(BOOL, default=None)
    values = result_def()
    indices = result_def()
    syntax = "({operand}, k = {k}){attr_dict? } : {type:operand} -> ({type:values}, {type:indices})"
    evaluate = _EVALUATE + "top_k"

    @staticmethod
    def rule(operand, k, is_stable):
        tensor(operand)
        if operand.rank < 1:
            raise RuleError("operand's rank must be at least 1")
        if k < 0:
            raise RuleError(f"k must be non-negative, got {k}")
        if operand.shape[-1] is not None and operand.shape[-1] < k:
            raise RuleError(f"operand's last dimension must be at least {k}, got {operand.shape[-1]}")
        shape = operand.shape[:-1] + (k,)
        return TensorType(shape, operand.dtype), TensorType(shape, DType.I32)


# -- broadcasting binary ops: chlo.broadcast_<op> -------------------------------------------------------------

def broadcast_shape(lhs: tuple[int, ...], rhs: tuple[int, ...], dims: tuple[int, ...] | None) -> tuple[int, ...]:
    """The result shape of CHLO's broadcasting: numpy's (the lower rank padded with leading 1s), or with
    `broadcast_dimensions` the smaller operand's dimensions placed at those of the larger; each pair of
    sizes equal, or one of them 1. As XLA's broadcasting (which chlo's ops follow) wants, the dimensions
    rise strictly, and operands of one rank take only the identity: chlo's verifier takes others, and
    its lowering turns two operands of one shape into the plain op whatever the dimensions say."""
    large, small = (lhs, rhs) if len(lhs) > len(rhs) else (rhs, lhs)
    if dims is None:
        dims = tuple(range(len(large) - len(small), len(large)))
    elif len(dims) != len(small):
        raise RuleError(f"broadcast_dimensions {list(dims)} has {len(dims)} entries for an operand of rank "
                        f"{len(small)}")
    elif len(lhs) == len(rhs) and tuple(dims) != tuple(range(len(lhs))):
        raise RuleError(f"broadcast_dimensions {list(dims)} must be the identity {list(range(len(lhs)))} for "
                        f"operands of one rank")
    elif any(a >= b for a, b in zip(dims, dims[1:])):
        raise RuleError(f"broadcast_dimensions {list(dims)} must rise strictly")
    out = list(large)
    for i, d in enumerate(dims):
        if not 0 <= d < len(large):
            raise RuleError(f"broadcast_dimensions {list(dims)}: {d} is out of range for rank {len(large)}")
        a, b = small[i], large[d]
        if a != b and 1 not in (a, b):
            raise RuleError(f"operand shapes {list(lhs)} and {list(rhs)} do not broadcast: {a} vs {b} at "
                            f"dimension {d}")
        out[d] = b if a == 1 else a
    return tuple(out)


def _broadcasting(kind: str, result=None, quantized: bool | str = False):
    """The rule of a broadcast_<op>: one element type of `kind` (or a quantized one, where `quantized`
    says, as the stablehlo op's rule), the broadcast shape, the result's element type that of the
    operands (or `result` of it)."""

    def rule(lhs, rhs, broadcast_dimensions):
        dtype = same_element([tensor(lhs, quantized=quantized), tensor(rhs, quantized=quantized)])
        if not dtype.is_quantized:
            require(dtype, kind)
        shape = broadcast_shape(lhs.shape, rhs.shape, broadcast_dimensions)
        if dtype.is_quantized:
            return tensor_of(shape, dtype)
        return TensorType(shape, dtype if result is None else result if isinstance(result, DType) else result(dtype))

    return staticmethod(rule)


class ChloBroadcastBinary(Op):
    """`%r = chlo.broadcast_<op> %a, %b {broadcast_dimensions = array<i64: ...>} : (Ta, Tb) -> R`: the
    stablehlo op PLAIN on the operands broadcast to one shape."""

    lhs = operand_def()
    rhs = operand_def()
    broadcast_dimensions = attr_def(I64_ARRAY, default=None)
    syntax = "{lhs}, {rhs}{attr_dict? } : {functional_type}"
    traits = (PURE, SPECULATABLE)  # broadcasting: not of one type
    evaluate = _EVALUATE + "broadcast_binary"
    PLAIN: type[Op]


class BroadcastAdd(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_add", E.Add, _broadcasting("any", quantized=PER_TENSOR)
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastAtan2(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_atan2", E.Atan2, _broadcasting("float or complex")


class BroadcastDivide(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_divide", E.Divide, _broadcasting("numeric")
    traits = ChloBroadcastBinary.traits - {SPECULATABLE}  # integer division by zero is undefined


class BroadcastMaximum(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_maximum", E.Maximum, _broadcasting("any", quantized=PER_TENSOR)
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastMinimum(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_minimum", E.Minimum, _broadcasting("any", quantized=PER_TENSOR)
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastMultiply(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_multiply", E.Multiply, _broadcasting("any")
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastNextAfter(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_next_after", NextAfter, _broadcasting("float")


class BroadcastPolygamma(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_polygamma", Polygamma, _broadcasting("float")


class BroadcastPower(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_power", E.Power, _broadcasting("numeric")


class BroadcastRemainder(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_remainder", E.Remainder, _broadcasting("numeric")
    traits = ChloBroadcastBinary.traits - {SPECULATABLE}  # integer division by zero is undefined


class BroadcastShiftLeft(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_shift_left", E.ShiftLeft, _broadcasting("integer")


class BroadcastShiftRightArithmetic(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_shift_right_arithmetic", E.ShiftRightArithmetic, _broadcasting("integer")


class BroadcastShiftRightLogical(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_shift_right_logical", E.ShiftRightLogical, _broadcasting("integer")


class BroadcastSubtract(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_subtract", E.Subtract, _broadcasting("numeric")


class BroadcastZeta(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_zeta", Zeta, _broadcasting("float")


class BroadcastAnd(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_and", E.And, _broadcasting("bits")
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastOr(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_or", E.Or, _broadcasting("bits")
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastXor(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_xor", E.Xor, _broadcasting("bits")
    traits = ChloBroadcastBinary.traits | {COMMUTATIVE}


class BroadcastComplex(ChloBroadcastBinary):
    NAME, PLAIN, rule = "chlo.broadcast_complex", E.Complex, _broadcasting("f32 or f64", E.complex_of)


class BroadcastCompare(Op):
    """`chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>} : ...`."""

    NAME, PLAIN = "chlo.broadcast_compare", Compare
    traits = (PURE, SPECULATABLE)
    lhs = operand_def()
    rhs = operand_def()
    comparison_direction = attr_def(CHLO_COMPARISON_DIRECTION)
    broadcast_dimensions = attr_def(I64_ARRAY, default=None)
    compare_type = attr_def(CHLO_COMPARISON_TYPE, default=None)
    syntax = ChloBroadcastBinary.syntax
    evaluate = ChloBroadcastBinary.evaluate

    @staticmethod
    def rule(lhs, rhs, comparison_direction, broadcast_dimensions, compare_type):
        check_compare_type(same_element([tensor(lhs), tensor(rhs)]), compare_type)  # as stablehlo.compare's
        return TensorType(broadcast_shape(lhs.shape, rhs.shape, broadcast_dimensions), DType.I1)


class BroadcastSelect(Op):
    """`chlo.broadcast_select %pred, %t, %f : (Tp, Tt, Tf) -> R`: select on the three broadcast to one shape."""

    NAME = "chlo.broadcast_select"
    traits = (PURE, SPECULATABLE)
    pred = operand_def()
    on_true = operand_def()
    on_false = operand_def()
    syntax = "{pred}, {on_true}, {on_false}{attr_dict? } : {functional_type}"
    evaluate = _EVALUATE + "broadcast_select"

    @staticmethod
    def rule(pred, on_true, on_false):
        for t in (pred, on_true, on_false):
            tensor(t)
        if pred.dtype is not DType.I1:
            raise RuleError(f"predicate must be i1, got {pred.dtype.value}")
        dtype = same_element([on_true, on_false])
        shape = broadcast_shape(broadcast_shape(pred.shape, on_true.shape, None), on_false.shape, None)
        return TensorType(shape, dtype)


# -- scan -------------------------------------------------------------------------------------------------

class Scan(Op):
    """`%r:2 = chlo.scan(%x) inits (%c) dimension=0  {^bb0(%input: T, %carry: C): ... } : (...) -> (...)`:
    the body runs once per position along `dimension` (backwards with is_reverse) on each input's slice
    there and the carries; it returns the outputs' slices at that position, then the new carries. The
    results are the outputs (the scan dimension put back) and the final carries."""

    NAME = "chlo.scan"
    traits = (RECURSIVE_EFFECTS,)
    SEGMENTS = "attr_sized"  # MLIR's operandSegmentSizes: any number of inputs and of inits
    inputs = var_operand_def()
    inits = var_operand_def()
    dimension = attr_def(I64)
    body = region_def()
    scan_dim_size = attr_def(I64, default=None)
    is_reverse = attr_def(BOOL, default=None)
    is_associative = attr_def(BOOL, default=None)
    outputs = var_result_def()
    syntax = "{scan}"
    evaluate = _EVALUATE + "scan"

    @staticmethod
    def rule(inputs, inits, dimension, body, scan_dim_size, is_reverse, is_associative):
        if not inputs and scan_dim_size is None:
            raise RuleError("a scan without inputs needs scan_dim_size")
        size = scan_dim_size
        for i, t in enumerate(inputs):
            tensor(t)
            if not 0 <= dimension < t.rank:
                raise RuleError(f"scan dimension {dimension} of operand {i} is out of bounds for rank {t.rank}")
            if size is not None and t.shape[dimension] != size:
                raise RuleError(f"invalid scan dimension size of operand {i}: {t.shape[dimension]}, not {size}")
            size = t.shape[dimension]
        slices = tuple(TensorType(t.shape[:dimension] + t.shape[dimension + 1:], t.dtype) for t in inputs)
        args, returned = body
        expected = slices + tuple(inits)
        if tuple(args) != expected:
            raise RuleError(f"body arguments ({', '.join(a.text for a in args)}) are not the input slices and "
                            f"inits ({', '.join(t.text for t in expected)})")
        if len(returned) < len(inits):
            raise RuleError(f"body must return at least {len(inits)} values (carries), returns {len(returned)}")
        outputs = returned[:len(returned) - len(inits)]
        carries = returned[len(returned) - len(inits):]
        if tuple(carries) != tuple(inits):
            raise RuleError(f"body's carries ({', '.join(t.text for t in carries)}) differ from the inits "
                            f"({', '.join(t.text for t in inits)})")
        if not inputs and not outputs:
            raise RuleError("at least one of inputs or outputs must be present")
        for t in outputs:
            if not 0 <= dimension <= t.rank:
                raise RuleError(f"scan dimension {dimension} is out of bounds for an output slice {t.text}")
        full = tuple(TensorType(t.shape[:dimension] + (size,) + t.shape[dimension:], t.dtype) for t in outputs)
        return full + tuple(carries)


# -- ragged_dot -------------------------------------------------------------------------------------------

def _ragged_group_sizes(lhs, group_sizes, lb, lc, m) -> None:
    """group_sizes is [g], or [b..., x..., g]: the lhs's batching dimensions (those before the
    ragged one, for a ragged batching dimension), the contracting ones before it (ragged
    contracting) or the free ones before it (ragged non-contracting), then the groups."""
    if m in lb:
        prefix = list(lb[:lb.index(m)])
    elif m in lc:
        prefix = list(lb) + list(lc[:lc.index(m)])
    else:
        prefix = list(lb) + [d for d in range(m) if d not in lb and d not in lc]
    want = [lhs.shape[d] for d in prefix]
    got = list(group_sizes.shape)
    if len(got) == 1:
        return
    if len(got) != len(want) + 1:
        raise RuleError(f"expected group_sizes to have rank {len(want) + 1}, got {len(got)}")
    if got[:-1] != want:
        raise RuleError(f"group_sizes is expected to have shape {want + got[-1:]}, got {got}")


class RaggedDot(Op):
    """A dot_general over one ragged dimension of lhs, cut into groups by group_sizes: a non-contracting one
    (each group of rows against its own slice of rhs's group dimension; `[m, k], [g, k, n], [g] -> [m, n]`), a
    contracting one (one result per group: `[m, k], [k, n], [g] -> [g, m, n]`) or a batching one. MLIR writes
    it in the generic form."""

    NAME = "chlo.ragged_dot"
    traits = (PURE, SPECULATABLE)
    lhs = operand_def()
    rhs = operand_def()
    group_sizes = operand_def()
    ragged_dot_dimension_numbers = attr_def(RAGGED_DOT_DIMENSIONS)
    precision_config = attr_def(CHLO_PRECISION_LIST, default=None)
    evaluate = _EVALUATE + "ragged_dot"

    @staticmethod
    def rule(lhs, rhs, group_sizes, ragged_dot_dimension_numbers, precision_config):
        lb, rb, lc, rc, ragged, group = ragged_dot_dimension_numbers
        dtype = same_element([tensor(lhs), tensor(rhs)])
        require(tensor(group_sizes, "group_sizes").dtype, "integer", "group_sizes")
        if len(ragged) != 1:
            raise RuleError(f"lhs_ragged_dimensions {list(ragged)} must have exactly one entry")
        (m,) = ragged
        if not 0 <= m < lhs.rank:
            raise RuleError(f"lhs ragged dimension {m} is out of range for rank {lhs.rank}")
        if len(lb) != len(rb) or len(lc) != len(rc):
            raise RuleError("batching and contracting dimensions must pair up between lhs and rhs")
        for a, b in zip(lb + lc, rb + rc):
            if lhs.shape[a] != rhs.shape[b]:
                raise RuleError(f"lhs dimension {a} (size {lhs.shape[a]}) and rhs dimension {b} (size "
                                f"{rhs.shape[b]}) differ")
        _ragged_group_sizes(lhs, group_sizes, lb, lc, m)
        for g in group:
            if not 0 <= g < rhs.rank:
                raise RuleError(f"rhs group dimension {g} is out of range for rank {rhs.rank}")
            for other, what in ((rb, "rhs_batching_dimensions"), (rc, "rhs_contracting_dimensions")):
                if g in other:
                    raise RuleError(f"has duplicated dimension from rhs_group_dimensions and {what}: {g}")
        groups = group_sizes.shape[-1] if group_sizes.rank else None
        if m not in lc and m not in lb:  # ragged non-contracting: rhs holds one slice per group
            if len(group) != 1 or rhs.shape[group[0]] != groups:
                raise RuleError(f"rhs_group_dimensions {list(group)} must name one dimension of the "
                                f"{groups} groups")
        elif group:
            raise RuleError(f"rhs_group_dimensions must be empty for a ragged {'contracting' if m in lc else 'batching'}"
                            " dimension")
        shape = [groups] if m in lc else []
        shape += [lhs.shape[d] for d in lb]
        shape += [lhs.shape[d] for d in range(lhs.rank) if d not in lb and d not in lc]
        shape += [rhs.shape[d] for d in range(rhs.rank) if d not in rb and d not in rc and d not in group]
        return TensorType(tuple(shape), dtype)
