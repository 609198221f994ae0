"""Contractions: dot_general, convolution, dynamic_conv (its padding an operand) and dot (the legacy
matrix product)."""

from __future__ import annotations

from .. import shape_rules as shapes
from ..attributes import (BOOL_ARRAY, CONV_DIMENSIONS, DOT_ALGORITHM, DOT_DIMENSIONS, I64, I64_ARRAY, PAIRS,
                          PRECISION_LIST, DotDimensions)
from ..declare import Op, attr_def, operand_def, result_type_def
from ..traits import PURE, SPECULATABLE
from ..shape_rules import RuleError
from ..type_rules import PER_TENSOR, same_element, tensor
from ..types import TensorType


# The dot algorithms StableHLO knows some hardware to run (Base.cpp's knownDotAlgorithms):
# (lhs precision, rhs precision, accumulation, primitive operations), each of one component.
KNOWN_DOT_ALGORITHMS = frozenset({
    ("f16", "f16", "f16", 1), ("f16", "f16", "f32", 1), ("bf16", "bf16", "bf16", 1), ("bf16", "bf16", "f32", 1),
    ("bf16", "bf16", "f32", 3), ("bf16", "bf16", "f32", 6), ("bf16", "bf16", "f32", 9), ("tf32", "tf32", "f32", 1),
    ("tf32", "tf32", "f32", 3), ("f32", "f32", "f32", 1), ("f64", "f64", "f64", 1)})
# Any pair of these f8 types accumulated in f32 in one operation, precisely or not.
_DOT_F8 = frozenset({"f8E3M4", "f8E4M3", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2FNUZ"})


def check_dot_algorithm(algorithm, precision_config) -> None:
    """dot_general_c21 to c24 and the best-effort check of known algorithms (dot_general_i8 to i10)."""
    if any(p != "DEFAULT" for p in precision_config or ()):
        raise RuleError(f"must specify DEFAULT precision config when algorithm is set, got "
                        f"[{', '.join(precision_config)}]")
    a = algorithm
    for what, count in (("lhs component count", a.lhs_component_count),
                        ("rhs component count", a.rhs_component_count),
                        ("num primitive operations", a.num_primitive_operations)):
        if count < 1:
            raise RuleError(f"{what} must be positive, got {count}")
    one = a.lhs_component_count == a.rhs_component_count == 1
    f8 = (a.lhs_precision_type in _DOT_F8 and a.rhs_precision_type in _DOT_F8 and a.accumulation_type == "f32"
          and a.num_primitive_operations == 1)
    known = (a.lhs_precision_type, a.rhs_precision_type, a.accumulation_type,
             a.num_primitive_operations) in KNOWN_DOT_ALGORITHMS and not a.allow_imprecise_accumulation
    if not (one and (f8 or known)):
        raise RuleError(f"dot algorithm not known to be supported on any hardware: {{lhs:{a.lhs_precision_type}, "
                        f"rhs:{a.rhs_precision_type}, accum:{a.accumulation_type}, lhs_components:"
                        f"{a.lhs_component_count}, rhs_components:{a.rhs_component_count}, primitive_ops:"
                        f"{a.num_primitive_operations}, imprecise:{int(a.allow_imprecise_accumulation)}}}")


def _precision(precision_config) -> None:
    """StableHLO's verifyPrecisionConfig: none, or one entry per operand at most."""
    if precision_config is not None and len(precision_config) > 2:
        raise RuleError(f"expects precision config to be empty or have <= 2 elements, got {len(precision_config)}")


def _conv_quantization(rhs, result_type, layouts) -> None:
    """convolution_c29, c30: a per-axis rhs is quantized along its output features, a per-axis result
    along its features."""
    for t, layout, letter, what in ((rhs, layouts.rhs, "o", "kernel_output_feature_dimension"),
                                    (result_type, layouts.out, "f", "output_feature_dimension")):
        if t is not None and t.dtype.is_quantized and t.dtype.per_axis and t.dtype.axis != layout.index(letter):
            raise RuleError(f"quantization dimension {t.dtype.axis} of {t} should be the {what} "
                            f"{layout.index(letter)}")


def _operands(lhs, rhs) -> None:
    """Both tensors, of one element type unless quantized (StableHLO's quantized and hybrid products)."""
    tensor(lhs, "lhs", quantized=PER_TENSOR)  # MLIR: HLO_Tensor lhs, a per-axis rhs and result
    tensor(rhs, "rhs", quantized=True)
    if lhs.dtype is not rhs.dtype and not (lhs.dtype.is_quantized or rhs.dtype.is_quantized):
        raise RuleError(f"operand element types differ: {lhs.dtype.value} vs {rhs.dtype.value}")


def _quantized(lhs, rhs, result_type) -> bool:
    return lhs.dtype.is_quantized or rhs.dtype.is_quantized or (
        result_type is not None and result_type.dtype.is_quantized)


def _quantized_result(shape, lhs, rhs, result_type):
    """The result of a quantized product (convolution_c28, c31 to c34 and dot_general_c14, c17 to
    c20 of the spec): the rhs quantized; a quantized lhs (then the result is quantized, of the same
    storage and expressed types, and its scales are the caller's to give) or one of the rhs's
    expressed type (a hybrid product, whose result is of that type)."""
    q, result = rhs.dtype, result_type
    if result is not None:
        tensor(result, "result", quantized=True)
    if not q.is_quantized or (lhs.dtype.is_quantized != (result.dtype.is_quantized if result is not None
                                                          else lhs.dtype.is_quantized)):
        raise RuleError("rhs should be quantized for quantized operations and is_quantized(lhs) = "
                        f"is_quantized(result) should hold, got {lhs}, {rhs}" + (f" -> {result}" if result else ""))
    if lhs.dtype.is_quantized:
        if result is None:
            raise RuleError("a product of quantized operands needs its result type (its scales and zero points)")
        p, r = lhs.dtype, result.dtype
        if p.storage is not q.storage:
            raise RuleError(f"mismatched lhs and rhs quantization storage types: {p.storage.value} vs "
                            f"{q.storage.value}")
        if not p.expressed is q.expressed is r.expressed:
            raise RuleError(f"mismatched lhs, rhs and result quantization expressed types: {p.expressed.value}, "
                            f"{q.expressed.value}, {r.expressed.value}")
        if not q.per_axis and r.per_axis:
            raise RuleError("mismatched rhs and result quantization granularity: a per-tensor rhs gives a "
                            "per-tensor result")
    else:
        want = result.dtype if result is not None else lhs.dtype
        if not lhs.dtype is q.expressed is want:
            raise RuleError(f"mismatched rhs quantization expressed type and lhs and result element type: "
                            f"{q.expressed.value}, {lhs.dtype.value}, {want}")
    if result is None:
        return TensorType(shape, lhs.dtype)
    if result.shape != shape:
        raise RuleError(f"result type {result} differs from the inferred shape {list(shape)}")
    return result


def _result(shape, operands, result_type) -> TensorType:
    """The inferred shape in the operands' element type, or in the given result type's
    (an i8 product accumulated in i32, bf16 in f32)."""
    if _quantized(*operands, result_type):
        return _quantized_result(shape, *operands, result_type)
    dtype = same_element(operands)
    if result_type is None:
        return TensorType(shape, dtype)
    tensor(result_type, "result")
    if not shapes.compatible_shapes(result_type.shape, shape):
        raise RuleError(f"result type {result_type} differs from the inferred {TensorType(shape, result_type.dtype)}")
    if result_type.dtype.is_bool != dtype.is_bool:
        raise RuleError(f"result element type {result_type.dtype.value} does not hold {dtype.value} products")
    return result_type


class DotGeneral(Op):
    """Batched contraction: `stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
    contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (T1, T2) -> R`."""

    NAME = "stablehlo.dot_general"
    traits = (PURE, SPECULATABLE)
    lhs = operand_def()
    rhs = operand_def()
    dimension_numbers = attr_def(DOT_DIMENSIONS, mlir="dot_dimension_numbers")
    precision_config = attr_def(PRECISION_LIST, default=None)
    algorithm = attr_def(DOT_ALGORITHM, default=None)
    result_type = result_type_def("an element type other than the operands' (None: theirs)", optional=True)
    syntax = ("{lhs}, {rhs}, {dot_dimensions(dimension_numbers)}{precision_config?, precision = }"
              "{algorithm?, algorithm = } : {functional_type}")
    evaluate = "vitir.evaluate.contraction:dot_general"

    @staticmethod
    def rule(lhs, rhs, dimension_numbers, precision_config, algorithm, result_type):
        _operands(lhs, rhs)
        _precision(precision_config)
        if algorithm is not None:
            check_dot_algorithm(algorithm, precision_config)
        shape = shapes.dot_general(lhs.shape, rhs.shape, *dimension_numbers)
        if rhs.dtype.is_quantized:  # dot_general_c15, c16
            if any(rhs.dtype.zero_points):
                raise RuleError(f"zero points of rhs should be 0, got {rhs}")
            if rhs.dtype.per_axis and rhs.dtype.axis in dimension_numbers.rhs_contracting_dimensions:
                raise RuleError(f"quantization dimension {rhs.dtype.axis} of rhs should not be in the contracting "
                                f"dimensions of rhs {list(dimension_numbers.rhs_contracting_dimensions)}")
        return _result(shape, (lhs, rhs), result_type)

    @staticmethod
    def builder(lhs, rhs, contracting, batching=((), ()), precision=("DEFAULT", "DEFAULT"), algorithm=None,
                result_type=None):
        """`fb.dot_general(name, a, b, contracting=(lhs_dims, rhs_dims), batching=((), ()))`, printed
        with `precision = [DEFAULT, DEFAULT]` unless `precision` says otherwise (None: none)."""
        (lc, rc), (lb, rb) = contracting, batching
        return dict(lhs=lhs, rhs=rhs, dimension_numbers=DotDimensions(tuple(lb), tuple(rb), tuple(lc), tuple(rc)),
                    precision_config=precision, algorithm=algorithm, result_type=result_type)


class Convolution(Op):
    """Convolution with dimension-number layouts such as ("bf01", "oi01", "bf01"), window strides,
    padding, dilations and reversal, feature and batch groups."""

    NAME = "stablehlo.convolution"
    traits = (PURE, SPECULATABLE)
    lhs = operand_def()
    rhs = operand_def()
    stride = attr_def(I64_ARRAY, mlir="window_strides", default=None)
    padding = attr_def(PAIRS, default=None)
    lhs_dilate = attr_def(I64_ARRAY, mlir="lhs_dilation", default=None)
    rhs_dilate = attr_def(I64_ARRAY, mlir="rhs_dilation", default=None)
    reverse = attr_def(BOOL_ARRAY, mlir="window_reversal", default=None)
    layouts = attr_def(CONV_DIMENSIONS, mlir="dimension_numbers", default=("bf01", "oi01", "bf01"))
    feature_group_count = attr_def(I64, default=1)
    batch_group_count = attr_def(I64, default=1)
    precision_config = attr_def(PRECISION_LIST, default=None)
    result_type = result_type_def("an element type other than the operands' (None: theirs)", optional=True)
    syntax = ("({lhs}, {rhs})\ndim_numbers = {layouts},\nwindow = {{{window(stride, padding, lhs_dilate, "
              "rhs_dilate, reverse)}}}\n{attr_dict} : {functional_type}")
    evaluate = "vitir.evaluate.contraction:convolution"

    @staticmethod
    def rule(lhs, rhs, stride, padding, lhs_dilate, rhs_dilate, reverse, layouts, feature_group_count,
             batch_group_count, precision_config, result_type):
        _operands(lhs, rhs)
        _precision(precision_config)
        spatial = len(layouts.lhs) - 2
        for what, value in (("window_reversal", reverse),):
            if value is not None and len(value) != spatial:
                raise RuleError(f"{what} {list(value)} has {len(value)} entries for {spatial} spatial dims")
        shape = shapes.convolution(lhs.shape, rhs.shape, *layouts,
                                   stride if stride is not None else (1,) * spatial,
                                   padding if padding is not None else ((0, 0),) * spatial,
                                   lhs_dilate if lhs_dilate is not None else (1,) * spatial,
                                   rhs_dilate if rhs_dilate is not None else (1,) * spatial,
                                   feature_group_count, batch_group_count)
        _conv_quantization(rhs, result_type, layouts)
        return _result(shape, (lhs, rhs), result_type)

    @staticmethod
    def builder(lhs, rhs, *, stride, padding=None, lhs_dilate=None, rhs_dilate=None,
                layouts=("bf01", "oi01", "bf01"), feature_group_count=1, batch_group_count=1, precision=None,
                result_type=None, reverse=None):
        """`fb.convolution(name, x, w, stride=(16, 16))`: every window entry written out (no padding,
        no dilation unless given, no reversal unless `reverse` flips some spatial dims of the kernel),
        as the reference prints it."""
        spatial = len(stride)
        return dict(lhs=lhs, rhs=rhs, stride=stride, reverse=reverse,
                    padding=padding if padding is not None else ((0, 0),) * spatial,
                    lhs_dilate=lhs_dilate if lhs_dilate is not None else (1,) * spatial,
                    rhs_dilate=rhs_dilate if rhs_dilate is not None else (1,) * spatial,
                    layouts=layouts, feature_group_count=feature_group_count, batch_group_count=batch_group_count,
                    precision_config=precision, result_type=result_type)


class Dot(Op):
    """The legacy product of vectors and matrices (rank 1 or 2 each), contracting the lhs's last
    dimension with the rhs's first: `stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (T1, T2) -> R`.
    JAX writes dot_general; StableHLO keeps dot for older producers."""

    NAME = "stablehlo.dot"
    traits = (PURE, SPECULATABLE)
    lhs = operand_def()
    rhs = operand_def()
    precision_config = attr_def(PRECISION_LIST, default=None)
    result_type = result_type_def("an element type other than the operands' (None: theirs)", optional=True)
    syntax = "{lhs}, {rhs}{precision_config?, precision = } : {functional_type}"
    evaluate = "vitir.evaluate.contraction:dot"

    @staticmethod
    def rule(lhs, rhs, precision_config, result_type):
        _operands(lhs, rhs)
        _precision(precision_config)
        if lhs.rank not in (1, 2) or rhs.rank not in (1, 2):
            raise RuleError(f"operands must have rank 1 or 2, got shapes {list(lhs.shape)} and {list(rhs.shape)}")
        if not shapes.compatible(lhs.shape[-1], rhs.shape[0]):
            raise RuleError(f"lhs dim {lhs.rank - 1} is {lhs.shape[-1]}, rhs dim 0 is {rhs.shape[0]}: "
                            "they must be equal")
        return _result(lhs.shape[:-1] + rhs.shape[1:], (lhs, rhs), result_type)


class DynamicConv(Op):
    """A convolution whose padding is an operand (a [spatial, 2] integer tensor) rather than an
    attribute; the result type is given, its spatial sizes being the padding's to decide."""

    NAME = "stablehlo.dynamic_conv"
    traits = (PURE,)  # speculatable only when the padding operand is a constant
    lhs = operand_def()
    rhs = operand_def()
    padding = operand_def()
    layouts = attr_def(CONV_DIMENSIONS, mlir="dimension_numbers")
    feature_group_count = attr_def(I64)
    batch_group_count = attr_def(I64)
    result_type = result_type_def()
    stride = attr_def(I64_ARRAY, mlir="window_strides", default=None)
    lhs_dilate = attr_def(I64_ARRAY, mlir="lhs_dilation", default=None)
    rhs_dilate = attr_def(I64_ARRAY, mlir="rhs_dilation", default=None)
    reverse = attr_def(BOOL_ARRAY, mlir="window_reversal", default=None)
    precision_config = attr_def(PRECISION_LIST, default=None)
    syntax = "generic"
    evaluate = "vitir.evaluate.contraction:dynamic_conv"

    @staticmethod
    def rule(lhs, rhs, padding, layouts, feature_group_count, batch_group_count, result_type, stride, lhs_dilate,
             rhs_dilate, reverse, precision_config):
        tensor(padding, "padding")
        spatial = len(layouts.lhs) - 2
        if not padding.dtype.is_integer or padding.shape != (spatial, 2):
            raise RuleError(f"padding must be a [{spatial}, 2] integer tensor, got {padding}")
        tensor(rhs, "rhs")
        # Padding wide enough for any kernel checks everything but the spatial sizes, which are the
        # padding's to decide; those of the given result type are taken as they are.
        wide = tuple((max(d or 1 for d in rhs.shape) * max(rhs_dilate or (1,)), 0) for _ in range(spatial))
        inferred = Convolution.rule(lhs, rhs, stride, wide, lhs_dilate, rhs_dilate, reverse, layouts,
                                    feature_group_count, batch_group_count, precision_config, None)
        tensor(result_type, "result")
        fixed = [layouts.out.index(c) for c in "bf"]
        if (result_type.rank != inferred.rank
                or any(not shapes.compatible(result_type.shape[d], inferred.shape[d]) for d in fixed)
                or result_type.dtype.is_bool != inferred.dtype.is_bool):
            raise RuleError(f"result type {result_type} does not hold the convolution's batch and feature dims "
                            f"({', '.join(f'{c} {inferred.shape[d]}' for c, d in zip('bf', fixed))})")
        return result_type
