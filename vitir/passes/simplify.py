"""`simplify`: the exact part of StableHLO's simplifications (stablehlo-aggressive-simplification), as rules.

Every rule here gives the program's values bit for bit, for every input: -0.0, both infinities,
NaN, subnormals and the integers' extremes included (tests/passes/test_simplify.py checks each on
those values). So some of StableHLO's rules are here only in part:

- `x + 0 -> x` holds for integers and booleans; for floats only the zero `-0.0` is an identity
  (`-0.0 + +0.0` is `+0.0`), and `x - 0.0 -> x` only for `+0.0`;
- `x * 1 -> x` holds for integers, booleans and floats (NaN stays NaN, -0.0 stays -0.0), not for
  complex numbers (`(inf + 0i)(1 + 0i)` has a NaN imaginary part); `x * 0 -> 0` only for integers
  and booleans (`inf * 0` is NaN, `-1.0 * 0.0` is `-0.0`);
- `compare(x, x)` and `x - x -> 0` only for integers and booleans (NaN is unequal to itself,
  `inf - inf` is NaN); `select(a > b, a, b) -> max(a, b)` only for integers (NaN, and the zeros'
  signs).

The float-changing forms of those rules are the `UNSAFE_FLOAT` rules, run only when asked for
(the pass `simplify-unsafe-float`, `vitir opt -p simplify-unsafe-float`): they assume no NaN, no
infinity, and that the sign of a zero does not matter, as a compiler's fast-math mode does.

The identities of binary ops are one table, `BINARY_IDENTITIES`; the other rules are small functions.
"""

from __future__ import annotations

import numpy as np

from ..ast import ops as O
from ..ast.element_types import DType
from ..ast.ops.constants import constant_ints
from ..ast.types import DYNAMIC, TensorType
from ..numpy_dtypes import numpy_dtype
from ..rewrite import RuleSet, effect_free, rule
from .constants import array_constant, name_hint, splat_of

# -- reading constants -----------------------------------------------------------------------------

def splat(m, value):
    """The element every element of `value` holds (a numpy scalar, so -0.0 keeps its sign), when a
    constant whose elements all have one bit pattern defines it, directly or through broadcast_in_dim
    and reshape; else None."""
    op = m.defining(value)
    while type(op) in (O.BroadcastInDim, O.Reshape):
        op = m.defining(op.operand)
    return splat_of(op)


# -- what a constant is ------------------------------------------------------------------------------

def _sign(x) -> bool:
    return bool(np.signbit(np.float64(x)))


def _parts(x, dtype: DType):
    return (x.real, x.imag) if dtype.is_complex else (x,)


def _zero(x, dtype: DType) -> bool:
    return all(p == 0 for p in _parts(x, dtype))


def _negative_zero(x, dtype: DType) -> bool:
    return all(p == 0 and _sign(p) for p in _parts(x, dtype))


def _positive_zero(x, dtype: DType) -> bool:
    return all(p == 0 and not _sign(p) for p in _parts(x, dtype))


def _one(x, dtype: DType) -> bool:
    return not dtype.is_complex and x == 1


def _all_ones(x, dtype: DType) -> bool:
    """Every bit set: true, -1 in a signed type, the largest value in an unsigned one."""
    return bool(x) if dtype.is_bool else int(x) == (-1 if dtype.is_signed else dtype.max)


def _lowest(x, dtype: DType) -> bool:
    """The least value of the type: false, the integer minimum, -inf."""
    if dtype.is_float:
        return bool(np.isneginf(np.float64(x)))
    return int(x) == dtype.min


def _highest(x, dtype: DType) -> bool:
    if dtype.is_float:
        return bool(np.isposinf(np.float64(x)))
    return int(x) == dtype.max


ZERO, NEGATIVE_ZERO, POSITIVE_ZERO, ONE, ALL_ONES, LOWEST, HIGHEST = (
    _zero, _negative_zero, _positive_zero, _one, _all_ones, _lowest, _highest)

# Element kinds (what `_kind` names), as sets that combine with |.
INTEGER, BOOL, FLOAT, COMPLEX = frozenset({"integer"}), frozenset({"bool"}), frozenset({"float"}), frozenset({"complex"})
EITHER, RHS = "either", "rhs"  # where the constant may stand (either side of a commutative op)
OTHER, CONSTANT = "other", "constant"  # what the op becomes: its other operand, or the constant itself


def _kind(dtype: DType) -> str:
    return "integer" if dtype.is_integer else "bool" if dtype.is_bool else "float" if dtype.is_float else "complex"


# (op, where the constant stands, what it is, the element kinds the identity holds for, what the op becomes)
BINARY_IDENTITIES = (
    (O.Add, EITHER, ZERO, INTEGER | BOOL, OTHER),  # x + 0; x or false (i1's add)
    (O.Add, EITHER, NEGATIVE_ZERO, FLOAT | COMPLEX, OTHER),  # x + -0.0 is x for every x, -0.0 and NaN too
    (O.Subtract, RHS, ZERO, INTEGER, OTHER),
    (O.Subtract, RHS, POSITIVE_ZERO, FLOAT | COMPLEX, OTHER),  # x - +0.0 is x + -0.0
    (O.Multiply, EITHER, ONE, INTEGER | BOOL | FLOAT, OTHER),  # x * 1.0 is x, NaN and -0.0 too
    (O.Multiply, EITHER, ZERO, INTEGER | BOOL, CONSTANT),
    (O.Divide, RHS, ONE, INTEGER | FLOAT, OTHER),
    (O.And, EITHER, ALL_ONES, INTEGER | BOOL, OTHER),
    (O.And, EITHER, ZERO, INTEGER | BOOL, CONSTANT),
    (O.Or, EITHER, ZERO, INTEGER | BOOL, OTHER),
    (O.Or, EITHER, ALL_ONES, INTEGER | BOOL, CONSTANT),
    (O.Xor, EITHER, ZERO, INTEGER | BOOL, OTHER),
    (O.Maximum, EITHER, LOWEST, INTEGER | BOOL | FLOAT, OTHER),  # max(x, -inf) is x, NaN too
    (O.Minimum, EITHER, HIGHEST, INTEGER | BOOL | FLOAT, OTHER),
    (O.Maximum, EITHER, HIGHEST, INTEGER | BOOL, CONSTANT),  # not floats: max(NaN, inf) is NaN
    (O.Minimum, EITHER, LOWEST, INTEGER | BOOL, CONSTANT),
    (O.ShiftLeft, RHS, ZERO, INTEGER, OTHER),
    (O.ShiftRightLogical, RHS, ZERO, INTEGER, OTHER),
    (O.ShiftRightArithmetic, RHS, ZERO, INTEGER, OTHER),
)

# The floats' forms that change a result: `x + +0.0` (-0.0 becomes +0.0), `x - -0.0`, `x * 0.0` (inf and
# NaN become 0, a negative x gives -0.0).
UNSAFE_FLOAT_IDENTITIES = (
    (O.Add, EITHER, POSITIVE_ZERO, FLOAT | COMPLEX, OTHER),
    (O.Subtract, RHS, NEGATIVE_ZERO, FLOAT | COMPLEX, OTHER),
    (O.Multiply, EITHER, ZERO, FLOAT, CONSTANT),
)


def identity_rules(table, suffix: str = "") -> list:
    """One rule per op class of `table`, trying its rows in order."""
    by_class: dict[type, list] = {}
    for row in table:
        by_class.setdefault(row[0], []).append(row[1:])
    return [_identity_rule(cls, rows, suffix) for cls, rows in by_class.items()]


def _identity_rule(cls, rows, suffix: str):
    def apply(op, m):
        dtype = op.result.type.dtype
        kind = _kind(dtype)
        for side, holds, kinds, becomes in rows:
            if kind not in kinds:
                continue
            pairs = ((op.rhs, op.lhs), (op.lhs, op.rhs)) if side == EITHER else ((op.rhs, op.lhs),)
            for constant, other in pairs:
                x = splat(m, constant)
                if x is not None and holds(x, dtype):
                    return other if becomes == OTHER else constant
        return None

    name = cls.NAME.removeprefix("stablehlo.") + "_identity" + suffix
    apply.__doc__ = f"{cls.NAME} of an identity or absorbing constant, as BINARY_IDENTITIES lists"
    return rule(cls, name=name)(apply)


# -- one operand twice -------------------------------------------------------------------------------

@rule(O.And, O.Or, O.Maximum, O.Minimum)
def idempotent(op, m):
    """and(x, x), or(x, x), max(x, x), min(x, x) -> x (max and min of floats too: NaN and -0.0 stay)."""
    if op.lhs is op.rhs:
        return op.lhs


@rule(O.Xor, O.Subtract)
def self_cancels(op, m):
    """xor(x, x), x - x -> 0, for integers and booleans (not floats: inf - inf is NaN)."""
    if op.lhs is op.rhs and _kind(op.result.type.dtype) in ("integer", "bool"):
        return _zeros(m, op)


@rule(O.Compare)
def compare_self(op, m):
    """compare(x, x) of integers or booleans -> true for EQ, GE, LE; false for NE, GT, LT."""
    if op.lhs is op.rhs and _kind(op.lhs.type.dtype) in ("integer", "bool"):
        return _splat_constant(m, op, op.comparison_direction in ("EQ", "GE", "LE"))


@rule(O.Compare)
def compare_boolean(op, m):
    """compare(NE, x, false) and compare(EQ, x, true) of i1 -> x."""
    if op.lhs.type.dtype is not DType.I1 or op.comparison_direction not in ("EQ", "NE"):
        return None
    for constant, other in ((op.rhs, op.lhs), (op.lhs, op.rhs)):
        x = splat(m, constant)
        if x is not None and bool(x) == (op.comparison_direction == "EQ"):
            return other


# -- unary ------------------------------------------------------------------------------------------

@rule(O.Negate, O.Not)
def involution(op, m):
    """negate(negate(x)), not(not(x)) -> x (integers wrap: -(-MIN) is MIN)."""
    inner = m.defining(op.operand)
    if type(inner) is type(op):
        return inner.operand


@rule(O.Convert)
def convert_to_same_type(op, m):
    """convert(x) to x's own type -> x."""
    if op.result.type is op.operand.type:
        return op.operand


@rule(O.Real, O.Imag)
def part_of_complex(op, m):
    """real(complex(a, b)) -> a, imag(complex(a, b)) -> b; real(x) of a float x -> x."""
    inner = m.defining(op.operand)
    if type(inner) is O.Complex:
        return inner.lhs if type(op) is O.Real else inner.rhs
    if type(op) is O.Real and op.operand.type is op.result.type:
        return op.operand


@rule(O.Complex)
def complex_of_parts(op, m):
    """complex(real(z), imag(z)) -> z."""
    re, im = m.defining(op.lhs), m.defining(op.rhs)
    if type(re) is O.Real and type(im) is O.Imag and re.operand is im.operand and re.operand.type is op.result.type:
        return re.operand


# -- select ------------------------------------------------------------------------------------------

@rule(O.Select)
def select_known(op, m):
    """select(p, x, x) -> x; select(true, a, b) -> a; select(false, a, b) -> b."""
    if op.on_true is op.on_false:
        return op.on_true
    p = splat(m, op.pred)
    if p is not None:
        return op.on_true if bool(p) else op.on_false


@rule(O.Select)
def select_of_not(op, m):
    """select(not(p), a, b) -> select(p, b, a)."""
    inner = m.defining(op.pred)
    if type(inner) is O.Not:
        return m.b.select(op.result.name, inner.operand, op.on_false, op.on_true)


@rule(O.Select)
def select_is_extreme(op, m):
    """select(a > b, a, b) -> max(a, b), select(a < b, a, b) -> min(a, b) (GE, LE too; either operand
    order), for integers and booleans: for floats NaN and the zeros' signs decide otherwise."""
    if _kind(op.result.type.dtype) not in ("integer", "bool"):
        return None
    return _extreme(op, m)


def _extreme(op, m):
    cmp = m.defining(op.pred)
    if type(cmp) is not O.Compare or cmp.lhs.type is not op.on_true.type:
        return None
    larger = cmp.comparison_direction in ("GT", "GE")
    if cmp.comparison_direction not in ("GT", "GE", "LT", "LE"):
        return None
    if (cmp.lhs, cmp.rhs) == (op.on_false, op.on_true):
        larger = not larger
    elif (cmp.lhs, cmp.rhs) != (op.on_true, op.on_false):
        return None
    make = m.b.maximum if larger else m.b.minimum
    return make(op.result.name, op.on_true, op.on_false)


# -- reshape, transpose, broadcast_in_dim --------------------------------------------------------------

def _iota(dims) -> bool:
    return tuple(dims) == tuple(range(len(dims)))


@rule(O.Reshape)
def reshape_noop(op, m):
    """reshape(x) to x's own type -> x; reshape(reshape(x)) -> reshape(x)."""
    if op.result.type is op.operand.type:
        return op.operand
    inner = m.defining(op.operand)
    if type(inner) is O.Reshape:
        return m.b.reshape(op.result.name, inner.operand, op.result.type)


@rule(O.Transpose)
def transpose_noop(op, m):
    """transpose(x, [0, 1, ...]) -> x; transpose(transpose(x, p), q) -> transpose(x, p[q])."""
    if _iota(op.perm):
        return op.operand
    inner = m.defining(op.operand)
    if type(inner) is O.Transpose:
        return m.b.transpose(op.result.name, inner.operand, tuple(inner.perm[i] for i in op.perm))


@rule(O.Transpose)
def transpose_is_reshape(op, m):
    """A transpose that moves only dimensions of size 1 -> reshape: the elements keep their order."""
    moved = [d for d in op.perm if op.operand.type.shape[d] != 1]
    if moved == sorted(moved):
        return m.b.reshape(op.result.name, op.operand, op.result.type)


@rule(O.BroadcastInDim)
def broadcast_noop(op, m):
    """broadcast_in_dim(x, [0, 1, ...]) to x's type -> x; of a broadcast_in_dim -> one broadcast_in_dim;
    sorted dims and as many elements -> reshape; a permutation -> transpose."""
    operand, result = op.operand.type, op.result.type
    if _iota(op.dims) and result is operand:
        return op.operand
    inner = m.defining(op.operand)
    if type(inner) is O.BroadcastInDim:
        return m.b.broadcast_in_dim(op.result.name, inner.operand, tuple(op.dims[d] for d in inner.dims), result)
    if result.num_elements != operand.num_elements:
        return None
    if list(op.dims) == sorted(op.dims):
        return m.b.reshape(op.result.name, op.operand, result)
    if operand.rank == result.rank:
        inverse = [0] * len(op.dims)
        for i, d in enumerate(op.dims):
            inverse[d] = i
        return m.b.transpose(op.result.name, op.operand, tuple(inverse))


# -- slice, pad, concatenate, reverse -------------------------------------------------------------------

@rule(O.Slice)
def slice_noop(op, m):
    """slice(x) of all of x -> x; slice(slice(x)) -> one slice."""
    if op.result.type is op.operand.type:
        return op.operand
    inner = m.defining(op.operand)
    if type(inner) is not O.Slice:
        return None
    start = tuple(s0 + s1 * t0 for s0, s1, t0 in zip(inner.start, op.start, inner.strides))
    strides = tuple(t0 * t1 for t0, t1 in zip(inner.strides, op.strides))
    limit = tuple(s + (n - 1) * t + 1 if n else s for s, n, t in zip(start, op.result.type.shape, strides))
    return m.b.slice(op.result.name, inner.operand, start, limit, strides)


@rule(O.Slice)
def slice_of_concatenate(op, m):
    """slice(concatenate(x, y, z)) reading only y (or y and z) -> a slice of y (of their concatenate, when the
    first concatenate has no other reader)."""
    concat = m.defining(op.operand)
    if type(concat) is not O.Concatenate or op.result.type.num_elements == 0:
        return None
    d, start, limit = concat.dim, op.start[concat.dim], op.limit[concat.dim]
    first, last, front, at = None, None, 0, 0
    for k, v in enumerate(concat.inputs):
        size = v.type.shape[d]
        if first is None and at + size > start:
            first, front = k, at
        if at < limit:
            last = k
        at += size
    subset = concat.inputs[first:last + 1]
    if len(subset) == len(concat.inputs) or (len(subset) > 1 and m.use_count(op.operand) > 1):
        return None
    source = subset[0] if len(subset) == 1 else m.b.concatenate("cat", subset, d)
    shift = lambda xs: tuple(x - front if i == d else x for i, x in enumerate(xs))  # noqa: E731
    return m.b.slice(op.result.name, source, shift(op.start), shift(op.limit), op.strides)


@rule(O.Pad)
def pad_noop(op, m):
    """pad(x) of no padding -> x; pad of an empty operand -> the padding value broadcast."""
    if not any(op.low) and not any(op.high) and not any(op.interior):
        return op.operand
    if op.operand.type.num_elements == 0:
        return m.b.broadcast_in_dim(op.result.name, op.padding_value, (), op.result.type)


@rule(O.Concatenate)
def concatenate_flat(op, m):
    """concatenate(x) -> x; operands empty along the dimension dropped; a concatenate along the same
    dimension read only here spliced into this one."""
    inputs = op.inputs
    if len(inputs) == 1:
        return inputs[0]
    kept = [v for v in inputs if v.type.shape[op.dim] != 0]
    if kept and len(kept) < len(inputs):
        return m.b.concatenate(op.result.name, kept, op.dim) if len(kept) > 1 else kept[0]
    flat, spliced = [], False
    for v in inputs:
        inner = m.defining(v)
        if type(inner) is O.Concatenate and inner.dim == op.dim and m.use_count(v) == 1:
            flat.extend(inner.inputs)
            spliced = True
        else:
            flat.append(v)
    if spliced:
        return m.b.concatenate(op.result.name, flat, op.dim)


@rule(O.Reverse)
def reverse_noop(op, m):
    """reverse(x) along no dimension, along dimensions of size 1, or of no elements -> x; of a splat -> it."""
    shape = op.operand.type.shape
    if all(shape[d] == 1 for d in op.dims) or 0 in shape or splat(m, op.operand) is not None:
        return op.operand


# -- dynamic slices, tuples, iota, reductions ----------------------------------------------------------

@rule(O.DynamicSlice)
def dynamic_slice_of_constants(op, m):
    """dynamic_slice(x, constant starts) -> slice(x), each start clamped as dynamic_slice clamps it."""
    starts = []
    for v, size, dim in zip(op.start_indices, op.slice_sizes, op.operand.type.shape):
        ints = constant_ints(m.defining(v))
        if ints is None:
            return None
        starts.append(min(max(ints[0], 0), dim - size))
    limits = tuple(s + n for s, n in zip(starts, op.slice_sizes))
    return m.b.slice(op.result.name, op.operand, tuple(starts), limits)


@rule(O.DynamicUpdateSlice)
def dynamic_update_slice_whole(op, m):
    """dynamic_update_slice(x, u) -> u when u is as large as x (its starts clamp to 0); -> x when u is empty."""
    if op.update.type is op.operand.type:
        return op.update
    if op.update.type.num_elements == 0:
        return op.operand


@rule(O.GetTupleElement)
def element_of_tuple(op, m):
    """get_tuple_element(tuple(x0, x1, ...), i) -> xi."""
    inner = m.defining(op.operand)
    if type(inner) is O.Tuple:
        return inner.val[op.index]


@rule(O.Tuple)
def tuple_repacked(op, m):
    """tuple(get_tuple_element(t, 0), get_tuple_element(t, 1), ...) of all of t -> t."""
    source = None
    for i, v in enumerate(op.val):
        inner = m.defining(v)
        if type(inner) is not O.GetTupleElement or inner.index != i or (source is not None and inner.operand is not source):
            return None
        source = inner.operand
    if source is not None and source.type == op.result.type:
        return source


@rule(O.Iota)
def iota_of_one(op, m):
    """iota along a dimension of size 1 -> a zero constant."""
    if op.result_type.shape[op.iota_dimension] == 1:
        return _zeros(m, op)


@rule(O.GetDimensionSize)
def dimension_size(op, m):
    """get_dimension_size(x, d) -> the constant size, where it is static (not `?`)."""
    size = op.operand.type.shape[op.dimension]
    return None if size is DYNAMIC else _splat_constant(m, op, size)


@rule(O.Reduce)
def reduce_of_one(op, m):
    """A reduce where each result element folds one input element -> the inputs, reshaped (the
    evaluator, as XLA, then returns the element itself); of no elements -> the inits, broadcast."""
    inputs, inits = op.inputs, op.init_values
    if any(r.type.dtype is not v.type.dtype for r, v in zip(op.results, inputs)):
        return None
    shape = inputs[0].type.shape
    if all(shape[d] == 1 for d in op.dimensions):
        return tuple(v if v.type is r.type else m.b.reshape(name_hint(r), v, r.type) for v, r in zip(inputs, op.results))
    if inputs[0].type.num_elements == 0 and all(i.type.dtype is r.type.dtype for i, r in zip(inits, op.results)):
        return tuple(m.b.broadcast_in_dim(name_hint(r), i, (), r.type) for i, r in zip(inits, op.results))


@rule()
def zero_extent(op, m):
    """An effect-free op whose results hold no elements -> empty constants (not a while: it may not end)."""
    results = op.results
    if (not results or type(op) in (O.Constant, O.While)
            or not all(isinstance(r.type, TensorType) and r.type.num_elements == 0 for r in results)
            or not effect_free(op)):
        return None
    return tuple(m.b.emit(array_constant(name_hint(r), np.zeros(r.type.shape), r.type, op.path)) for r in results)


# -- helpers ----------------------------------------------------------------------------------------

def _splat_constant(m, op, value):
    t = op.result.type
    return m.b.emit(array_constant(op.result.name, np.full(t.shape, value, numpy_dtype(t.dtype)), t, op.path))


def _zeros(m, op):
    return _splat_constant(m, op, 0)


# -- the float-changing rules ---------------------------------------------------------------------------

@rule(O.Subtract)
def unsafe_float_self_cancels(op, m):
    """x - x -> 0 for floats (wrong for inf and NaN, which give NaN)."""
    if op.lhs is op.rhs and op.result.type.dtype.is_float:
        return _zeros(m, op)


@rule(O.Compare)
def unsafe_float_compare_self(op, m):
    """compare(x, x) for floats -> true for EQ, GE, LE, false for NE, GT, LT (wrong for NaN)."""
    if op.lhs is op.rhs and op.lhs.type.dtype.is_float:
        return _splat_constant(m, op, op.comparison_direction in ("EQ", "GE", "LE"))


@rule(O.Select)
def unsafe_float_select_is_extreme(op, m):
    """select(a > b, a, b) -> max(a, b) for floats (wrong for NaN and for zeros of both signs)."""
    if op.result.type.dtype.is_float:
        return _extreme(op, m)


EXACT = RuleSet([
    *identity_rules(BINARY_IDENTITIES), idempotent, self_cancels, compare_self, compare_boolean, involution,
    convert_to_same_type, part_of_complex, complex_of_parts, select_known, select_of_not, select_is_extreme,
    reshape_noop, transpose_noop, transpose_is_reshape, broadcast_noop, slice_noop, slice_of_concatenate, pad_noop, concatenate_flat,
    reverse_noop, dynamic_slice_of_constants, dynamic_update_slice_whole, element_of_tuple, tuple_repacked,
    iota_of_one, dimension_size, reduce_of_one, zero_extent,
])

UNSAFE_FLOAT = RuleSet([*identity_rules(UNSAFE_FLOAT_IDENTITIES, "_unsafe_float"), unsafe_float_self_cancels,
                        unsafe_float_compare_self, unsafe_float_select_is_extreme])
