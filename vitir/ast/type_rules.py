"""Type rules shared by op declarations: element-type constraints and the elementwise rule.

Shape arithmetic stays in shape_rules (pure functions of shapes); these take
whole types. Each raises RuleError with a reason that echoes what it got.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from .element_types import DType
from .quantized import QuantizedTensorType
from .shape_rules import RuleError, compatible, compatible_shapes, dims_text, refined
from .types import TensorType, TokenType, TupleType

# The element types an op takes, by the words StableHLO's spec uses: name -> (what the error
# says it needs, the test).
ELEMENT_KINDS: dict[str, tuple[str, Callable[[DType], bool]]] = {
    "any": ("any", lambda d: True),
    "bits": ("an integer or boolean", lambda d: d.is_integer or d.is_bool),
    "integer": ("an integer", lambda d: d.is_integer),
    "float": ("a floating-point", lambda d: d.is_float),
    "float or complex": ("a floating-point or complex", lambda d: d.is_float or d.is_complex),
    "numeric": ("an integer, floating-point or complex", lambda d: not d.is_bool),
    "signed": ("a signed integer, floating-point or complex", lambda d: d.is_signed or d.is_float or d.is_complex),
    "real": ("an integer or floating-point", lambda d: d.is_integer or d.is_float),
    "f32 or f64": ("an f32 or f64", lambda d: d in (DType.F32, DType.F64)),
    "complex": ("a complex", lambda d: d.is_complex),
}


def require(dtype: DType, kind: str, what: str = "operand") -> None:
    label, test = ELEMENT_KINDS[kind]
    if not test(dtype):
        raise RuleError(f"needs {label} {what}, got {dtype.value}")


PER_TENSOR = "per-tensor"


def tensor(t, what: str = "operand", quantized: bool | str = False) -> TensorType:
    """`t`, a tensor; a tensor of a quantized element type only where the op takes one (`quantized`:
    True, per-tensor or per-axis, MLIR's HLO_TensorOrPerAxisQuantizedTensor; PER_TENSOR, MLIR's
    HLO_Tensor), as StableHLO's ODS says of each op's operands and results."""
    if type(t) is TensorType:
        return t
    if isinstance(t, QuantizedTensorType):
        if quantized == PER_TENSOR and t.dtype.per_axis:
            raise RuleError(f"{what} {t} is per-axis quantized; this op takes per-tensor quantized tensors")
        if quantized:
            return t
        raise RuleError(f"{what} {t} is of a quantized element type, which this op does not take in vitir "
                        "(stablehlo.uniform_dequantize it first)")
    raise RuleError(f"{what} must be a tensor, got {t}")


def static(t, what: str = "result") -> None:
    """MLIR's StaticShapeTensorOf: a constant's, an iota's result, a shape operand of the dynamic ops."""
    if None in t.shape:
        raise RuleError(f"{what} {t} must be statically shaped")


def static_or_single_bounded(t, what: str = "result") -> None:
    """MLIR's HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor (broadcast_in_dim's and
    reshape's result): static, or of one dimension `?` and that one bounded."""
    if None in t.shape and not (t.shape.count(None) == 1 and sum(
            b is not None for b in getattr(t, "bounds", None) or ()) == 1):
        raise RuleError(f"{what} {t} must be statically shaped or single bounded dimension tensor")


def tensor_of(shape, dtype):
    """The tensor type of `shape` and `dtype`, a DType or a QuantizedElement."""
    return QuantizedTensorType(shape, dtype) if dtype.is_quantized else TensorType(shape, dtype)


def moved_element(operand, result, axis: int | None, repeat: int = 1) -> None:
    """The result element type of a data-movement op (broadcast_in_dim, reshape, transpose) of a
    per-axis quantized operand: the operand's quantized along `axis`, the result dimension its
    quantized dimension becomes (each scale `repeat` times: a dimension of size 1 broadcast), as
    the spec's constraints on those ops (broadcast_in_dim_c1, c6; reshape_c1, c3) say."""
    want = operand.dtype
    if axis is None or not 0 <= axis < result.rank:
        raise RuleError(f"no result dimension holds the quantized dimension {want.axis} of {operand}")
    want = want.along(axis, repeat)
    if result.dtype is not want:
        raise RuleError(f"result element type {result.dtype.value} must be {want.value} (the operand's, quantized "
                        f"along result dimension {axis})")


def per_axis(t) -> bool:
    return t.dtype.is_quantized and t.dtype.per_axis


def broadcast_element(operand, dims, result) -> None:
    """broadcast_in_dim_c6 (and dynamic_broadcast_in_dim's) for a per-axis quantized operand: the
    result is quantized along the dimension the operand's quantized one goes to, its one scale
    repeated there where the operand's dimension is of size 1."""
    axis = dims[operand.dtype.axis]
    if operand.shape[operand.dtype.axis] != 1 or not 0 <= axis < result.rank:
        moved_element(operand, result, axis)
    elif result.shape[axis] is None:  # a size-1 dimension broadcast to `?`: scales as many as it turns out
        if not (per_axis(result) and result.dtype is operand.dtype.along(axis, len(result.dtype.scales))):
            raise RuleError(f"result element type {result.dtype.value} must be {operand.dtype.value} quantized along "
                            f"result dimension {axis}, its scale repeated")
    else:
        moved_element(operand, result, axis, result.shape[axis])


def reshape_element(operand, result) -> None:
    """reshape_c3 (and dynamic_reshape's) for a per-axis quantized operand: the result's quantized
    dimension keeps the operand's size and the number of elements before it."""
    axis, kept = operand.dtype.axis, getattr(result.dtype, "axis", None)
    before, after = operand.shape[:axis], result.shape[:kept] if kept is not None else ()
    if kept is None or kept >= result.rank or not compatible(result.shape[kept], operand.shape[axis]) or (
            None not in (*before, *after) and math.prod(after) != math.prod(before)):
        raise RuleError(f"result {result} must keep the quantized dimension {axis} of {operand}: of its size, "
                        "after as many elements")
    moved_element(operand, result, kept)


def scalar(t) -> TensorType:
    """The rank-0 tensor of `t`'s element type (quantized or not): a region's argument."""
    return t.with_shape(())


def same_element(types: Sequence, what: str = "operand") -> DType:
    first = types[0].dtype
    for t in types[1:]:
        if t.dtype is not first:
            raise RuleError(f"{what} element types differ: {' vs '.join(sorted({x.dtype.value for x in types}))}")
    return first


def same_shape(types: Sequence) -> tuple[int, ...]:
    """The shape operands share, dimensions unknown in one taken from another."""
    first = types[0].shape
    for i, t in enumerate(types[1:], start=1):
        if t.shape != first:
            if not compatible_shapes(t.shape, first):
                raise RuleError(f"operand shapes differ: {dims_text(first)} vs {dims_text(t.shape)} (operand {i})")
            if not (_within_bounds(types[0], t) and _within_bounds(t, types[0])):
                raise RuleError(f"operand shapes differ: {types[0]} vs {t} (operand {i}): a size beyond a bound")
            first = refined(first, t.shape)
    return first


def compatible_types(a, b) -> bool:
    """MLIR's compatible types: the same element type and rank, each dimension equal or unknown in one."""
    if a is b:
        return True
    if (isinstance(a, TensorType) and isinstance(b, TensorType)) or type(a) is type(b) is QuantizedTensorType:
        return a.dtype is b.dtype and compatible_shapes(a.shape, b.shape) and _within_bounds(a, b) and \
            _within_bounds(b, a)
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        return len(a.types) == len(b.types) and all(map(compatible_types, a.types, b.types))
    return False


def _within_bounds(a, b) -> bool:
    """Each of `b`'s static sizes within `a`'s bound of the same dimension, where it has one (MLIR's
    compatible types: tensor<5xf32> is not one of tensor<?xf32, #stablehlo.bounds<4>>)."""
    if a.bounds is None:
        return True
    return all(bound is None or size is None or size <= bound for bound, size in zip(a.bounds, b.shape))


def elementwise(kind: str, result: DType | Callable[[DType], DType] | None = None, quantized: bool | str = False):
    """The rule of an elementwise op whose operands share one type and whose element type is
    of `kind`; the result has the operands' type, or `result`'s element type (a DType, or a
    function of the operand's: abs of a complex is its real part). `quantized`: operands of one
    quantized type are taken too (the result has it, or is an i1 tensor where `result` is i1:
    vitir infers no other scales); PER_TENSOR: only of a per-tensor one, as MLIR's HLO_Tensor."""

    def rule(*operands):
        for t in operands:
            tensor(t, quantized=quantized)
        if quantized and type(operands[0]) is QuantizedTensorType:
            same_element(operands)
            shape = same_shape(operands)
            return TensorType(shape, result) if isinstance(result, DType) else operands[0]
        dtype = same_element(operands)
        shape = same_shape(operands)
        require(dtype, kind)
        if result is None:
            return operands[0] if shape is operands[0].shape else operands[0].with_shape(shape)
        return TensorType(shape, result if isinstance(result, DType) else result(dtype))

    rule.kind = kind  # for readers and docs
    return staticmethod(rule)


def type_text(types) -> str:
    return ", ".join(t.text for t in types)


def is_value_type(t) -> bool:
    return isinstance(t, (TensorType, QuantizedTensorType, TokenType, TupleType))


# -- data movement --------------------------------------------------------------------------------

def _promotion_kind(dtype: DType) -> str:
    return "bool" if dtype.is_bool else "integer" if dtype.is_integer else dtype.kind.value


def is_promotable(x, y) -> bool:
    """The spec's is_promotable: x and y of one kind (bool, integer, float, complex), y no narrower
    (a region may accumulate an operand's elements in a wider type of the same kind); quantized
    elements of one expressed type and quantization, y's storage no narrower."""
    if x.is_quantized or y.is_quantized:
        return (x.is_quantized and y.is_quantized and x.expressed is y.expressed and x.axis == y.axis
                and x.scales == y.scales and x.zero_points == y.zero_points and is_promotable(x.storage, y.storage))
    return _promotion_kind(x) == _promotion_kind(y) and x.bits <= y.bits


# -- windows, reductions, contractions and linear algebra ------------------------------------

def reduction_operands(inputs: Sequence[TensorType], init_values: Sequence[TensorType]) -> tuple[int, ...]:
    """The shape the operands of a reduction share, after checking one rank-0 init value of the same
    element type for each, at least one."""
    n = len(inputs)
    if n == 0 or len(init_values) != n:
        raise RuleError(f"{n} operand{'s' * (n != 1)} and {len(init_values)} init value"
                        f"{'s' * (len(init_values) != 1)}: needs one init value per operand, at least one")
    shape = tensor(inputs[0], quantized=PER_TENSOR).shape
    for i, (t, init) in enumerate(zip(inputs, init_values)):
        tensor(t, quantized=PER_TENSOR)
        tensor(init, "init value", quantized=PER_TENSOR)
        if not compatible_shapes(t.shape, shape):
            raise RuleError(f"operand {i} has shape {dims_text(t.shape)}, operand 0 has {dims_text(shape)}")
        if init.shape != ():
            raise RuleError(f"init value{f' {i}' if n > 1 else ''} must be rank 0, got shape {list(init.shape)}")
        if init.dtype is not t.dtype:
            raise RuleError(f"init value {i} element type {init.dtype.value} differs from operand {i} "
                            f"{t.dtype.value}" if n > 1 else
                            f"init element type {init.dtype.value} differs from operand {t.dtype.value}")
    return shape


def accumulator_types(inputs: Sequence[TensorType], body, what: str = "the reducer") -> tuple[DType, ...]:
    """The element types a reduction body accumulates in. The body takes N accumulators, then N
    elements, all rank 0, and returns the N accumulators, each of the element type of its input or
    one it promotes to (StableHLO's is_promotable)."""
    args, returned = body
    scalars = tuple(scalar(t) for t in inputs)
    accumulators = tuple(returned)
    if len(accumulators) != len(inputs) or not all(
            isinstance(a, (TensorType, QuantizedTensorType)) and a.shape == () and is_promotable(t.dtype, a.dtype)
            for t, a in zip(inputs, accumulators)):
        accumulators = scalars
    if tuple(args) != accumulators * 2:
        raise RuleError(f"{what} takes ({type_text(args)}), needs ({type_text(accumulators * 2)})")
    if tuple(returned) != accumulators:
        raise RuleError(f"{what} returns ({type_text(returned)}), needs ({type_text(accumulators)})")
    return tuple(a.dtype for a in accumulators)
