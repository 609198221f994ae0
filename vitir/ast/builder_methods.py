"""Builder methods, one per op of the families vitir.ast.ops imports at once:
written by `python -m vitir.ast.generate` from the declarations
in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import ShapeError
from . import ops as O
from .element_types import DType
from .ops.compound import AdamScalars
from .shape_rules import RuleError
from .types import TensorType
from .values import Value


def _convenience_error(op_class, name, error: RuleError, path: str, args) -> ShapeError:
    """A builder's own check failed: the same error a rule gives, naming the op and its operands."""
    operands = [a for a in args if isinstance(a, Value)]
    for a in args:
        if isinstance(a, (list, tuple)):
            operands += [v for v in a if isinstance(v, Value)]
    ssa = "%" + (name if isinstance(name, str) else name[0])
    return ShapeError(str(error), op=op_class.NAME, ssa=ssa, operand_types=[v.type for v in operands], path=path)


class OpMethods:
    """The op methods of FunctionBuilder (which supplies `emit` and `_path_text`)."""

    _path_text: str

    def emit(self, op):
        raise NotImplementedError


    def compare(self, name: str | Sequence[str], lhs, rhs, direction: str, compare_type: str | None = None) -> Value:
        """`fb.compare(name, a, b, "GT")`: the comparison type JAX writes for the element type
        unless given."""
        try:
            fields = O.Compare.builder(lhs, rhs, direction, compare_type)
        except RuleError as e:
            raise _convenience_error(O.Compare, name, e, self._path_text, (lhs, rhs, direction, compare_type)) from None
        return self.emit(O.Compare(name, **fields, path=self._path_text))

    def select(self, name: str | Sequence[str], pred: Value, on_true: Value, on_false: Value) -> Value:
        """pred ? on_true : on_false, elementwise; pred is i1, of rank 0 or the branches' shape."""
        return self.emit(O.Select(name, pred, on_true, on_false, path=self._path_text))

    def all_reduce_mean(self, tag: str, operand, replicas: int, over_partitions: bool = False) -> Value:
        """`fb.all_reduce_mean(tag, g, R)`: its values named `arsum<tag>`, ..., `armean<tag>`."""
        try:
            fields = O.AllReduceMean.builder(tag, operand, replicas, over_partitions)
        except RuleError as e:
            raise _convenience_error(O.AllReduceMean, tag, e, self._path_text, (tag, operand, replicas, over_partitions)) from None
        name = fields.pop('name')
        return self.emit(O.AllReduceMean(name, **fields, path=self._path_text))

    def adamw_update(self, tag: str, theta, grad, m, v, scalars: AdamScalars) -> Value | tuple[Value, ...]:
        """`fb.adamw_update(tag, theta, g, m, v, scalars)` -> (theta', m', v'), its values named
        `adb1<tag>`, ..., `adnew<tag>`."""
        try:
            fields = O.AdamWUpdate.builder(tag, theta, grad, m, v, scalars)
        except RuleError as e:
            raise _convenience_error(O.AdamWUpdate, tag, e, self._path_text, (tag, theta, grad, m, v, scalars)) from None
        name = fields.pop('name')
        return self.emit(O.AdamWUpdate(name, **fields, path=self._path_text))

    def constant(self, name: str | Sequence[str], literal: str, shape: Sequence[int] = (), dtype: DType = DType.F32) -> Value:
        """`fb.constant(name, "1.0e-5", shape, dtype)`: a splat of one literal."""
        try:
            fields = O.Constant.builder(literal, shape, dtype)
        except RuleError as e:
            raise _convenience_error(O.Constant, name, e, self._path_text, (literal, shape, dtype)) from None
        return self.emit(O.Constant(name, **fields, path=self._path_text))

    def constant_array(self, name: str | Sequence[str], values, shape: Sequence[int], dtype: DType = DType.F32) -> Value:
        """`fb.constant_array(name, values, shape, dtype)`: one element per value (`dense<[[0, 1], [2, 3]]>`),
        `values` flat or nested as `shape` (numbers, bools, literal strings, or a numpy array)."""
        try:
            fields = O.Constant.constant_array(values, shape, dtype)
        except RuleError as e:
            raise _convenience_error(O.Constant, name, e, self._path_text, (values, shape, dtype)) from None
        return self.emit(O.Constant(name, **fields, path=self._path_text))

    def iota(self, name: str | Sequence[str], shape, dtype, dimension: int) -> Value:
        """`fb.iota(name, shape, dtype, dimension)`."""
        try:
            fields = O.Iota.builder(shape, dtype, dimension)
        except RuleError as e:
            raise _convenience_error(O.Iota, name, e, self._path_text, (shape, dtype, dimension)) from None
        return self.emit(O.Iota(name, **fields, path=self._path_text))

    def dot_general(self, name: str | Sequence[str], lhs, rhs, contracting, batching=((), ()), precision=('DEFAULT', 'DEFAULT'), algorithm=None, result_type=None) -> Value:
        """`fb.dot_general(name, a, b, contracting=(lhs_dims, rhs_dims), batching=((), ()))`, printed
        with `precision = [DEFAULT, DEFAULT]` unless `precision` says otherwise (None: none)."""
        try:
            fields = O.DotGeneral.builder(lhs, rhs, contracting, batching, precision, algorithm, result_type)
        except RuleError as e:
            raise _convenience_error(O.DotGeneral, name, e, self._path_text, (lhs, rhs, contracting, batching, precision, algorithm, result_type)) from None
        return self.emit(O.DotGeneral(name, **fields, path=self._path_text))

    def convolution(self, name: str | Sequence[str], lhs, rhs, *, stride, padding=None, lhs_dilate=None, rhs_dilate=None, layouts=('bf01', 'oi01', 'bf01'), feature_group_count=1, batch_group_count=1, precision=None, result_type=None, reverse=None) -> Value:
        """`fb.convolution(name, x, w, stride=(16, 16))`: every window entry written out (no padding,
        no dilation unless given, no reversal unless `reverse` flips some spatial dims of the kernel),
        as the reference prints it."""
        try:
            fields = O.Convolution.builder(lhs, rhs, stride=stride, padding=padding, lhs_dilate=lhs_dilate, rhs_dilate=rhs_dilate, layouts=layouts, feature_group_count=feature_group_count, batch_group_count=batch_group_count, precision=precision, result_type=result_type, reverse=reverse)
        except RuleError as e:
            raise _convenience_error(O.Convolution, name, e, self._path_text, (lhs, rhs, stride, padding, lhs_dilate, rhs_dilate, layouts, feature_group_count, batch_group_count, precision, result_type, reverse)) from None
        return self.emit(O.Convolution(name, **fields, path=self._path_text))

    def dot(self, name: str | Sequence[str], lhs: Value, rhs: Value, precision_config: Any = None, result_type: TensorType = None) -> Value:
        """The legacy product of vectors and matrices (rank 1 or 2 each), contracting the lhs's last
        dimension with the rhs's first: `stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (T1, T2) -> R`.
        JAX writes dot_general; StableHLO keeps dot for older producers."""
        return self.emit(O.Dot(name, lhs, rhs, precision_config, result_type, path=self._path_text))

    def dynamic_conv(self, name: str | Sequence[str], lhs: Value, rhs: Value, padding: Value, layouts: Any, feature_group_count: Any, batch_group_count: Any, result_type: TensorType, stride: Any = None, lhs_dilate: Any = None, rhs_dilate: Any = None, reverse: Any = None, precision_config: Any = None) -> Value:
        """A convolution whose padding is an operand (a [spatial, 2] integer tensor) rather than an
        attribute; the result type is given, its spatial sizes being the padding's to decide."""
        return self.emit(O.DynamicConv(name, lhs, rhs, padding, layouts, feature_group_count, batch_group_count, result_type, stride, lhs_dilate, rhs_dilate, reverse, precision_config, path=self._path_text))

    def add(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.add`."""
        return self.emit(O.Add(name, lhs, rhs, path=self._path_text))

    def subtract(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.subtract`."""
        return self.emit(O.Subtract(name, lhs, rhs, path=self._path_text))

    def multiply(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.multiply`."""
        return self.emit(O.Multiply(name, lhs, rhs, path=self._path_text))

    def divide(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.divide`."""
        return self.emit(O.Divide(name, lhs, rhs, path=self._path_text))

    def maximum(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.maximum`."""
        return self.emit(O.Maximum(name, lhs, rhs, path=self._path_text))

    def minimum(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.minimum`."""
        return self.emit(O.Minimum(name, lhs, rhs, path=self._path_text))

    def power(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.power`."""
        return self.emit(O.Power(name, lhs, rhs, path=self._path_text))

    def remainder(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.remainder`."""
        return self.emit(O.Remainder(name, lhs, rhs, path=self._path_text))

    def and_(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.and`."""
        return self.emit(O.And(name, lhs, rhs, path=self._path_text))

    def or_(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.or`."""
        return self.emit(O.Or(name, lhs, rhs, path=self._path_text))

    def clamp(self, name: str | Sequence[str], min: Value, operand: Value, max: Value) -> Value:
        """`stablehlo.clamp %min, %x, %max`: min and max are rank 0 or the operand's shape."""
        return self.emit(O.Clamp(name, min, operand, max, path=self._path_text))

    def exponential(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.exponential`."""
        return self.emit(O.Exponential(name, operand, result_accuracy, path=self._path_text))

    def log(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.log`."""
        return self.emit(O.Log(name, operand, result_accuracy, path=self._path_text))

    def rsqrt(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.rsqrt`."""
        return self.emit(O.Rsqrt(name, operand, result_accuracy, path=self._path_text))

    def sqrt(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.sqrt`."""
        return self.emit(O.Sqrt(name, operand, result_accuracy, path=self._path_text))

    def tanh(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.tanh`."""
        return self.emit(O.Tanh(name, operand, result_accuracy, path=self._path_text))

    def cosine(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.cosine`."""
        return self.emit(O.Cosine(name, operand, result_accuracy, path=self._path_text))

    def sine(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.sine`."""
        return self.emit(O.Sine(name, operand, result_accuracy, path=self._path_text))

    def floor(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.floor`."""
        return self.emit(O.Floor(name, operand, path=self._path_text))

    def ceil(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.ceil`."""
        return self.emit(O.Ceil(name, operand, path=self._path_text))

    def logistic(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.logistic`."""
        return self.emit(O.Logistic(name, operand, result_accuracy, path=self._path_text))

    def log_plus_one(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.log_plus_one`."""
        return self.emit(O.LogPlusOne(name, operand, result_accuracy, path=self._path_text))

    def exponential_minus_one(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.exponential_minus_one`."""
        return self.emit(O.ExponentialMinusOne(name, operand, result_accuracy, path=self._path_text))

    def round_nearest_even(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.round_nearest_even`."""
        return self.emit(O.RoundNearestEven(name, operand, path=self._path_text))

    def negate(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.negate`."""
        return self.emit(O.Negate(name, operand, path=self._path_text))

    def abs(self, name: str | Sequence[str], operand: Value) -> Value:
        """The magnitude; of a complex operand, a real result of its part type."""
        return self.emit(O.Abs(name, operand, path=self._path_text))

    def sign(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.sign`."""
        return self.emit(O.Sign(name, operand, path=self._path_text))

    def not_(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.not`."""
        return self.emit(O.Not(name, operand, path=self._path_text))

    def is_finite(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.is_finite`."""
        return self.emit(O.IsFinite(name, operand, path=self._path_text))

    def convert(self, name: str | Sequence[str], operand, dtype: DType) -> Value:
        """`fb.convert(name, x, dtype)`: x's shape in another element type."""
        try:
            fields = O.Convert.builder(operand, dtype)
        except RuleError as e:
            raise _convenience_error(O.Convert, name, e, self._path_text, (operand, dtype)) from None
        return self.emit(O.Convert(name, **fields, path=self._path_text))

    def xor(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.xor`."""
        return self.emit(O.Xor(name, lhs, rhs, path=self._path_text))

    def shift_left(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """Shift amounts outside [0, bit width) give 0, as the spec's interpreter and XLA compute."""
        return self.emit(O.ShiftLeft(name, lhs, rhs, path=self._path_text))

    def shift_right_arithmetic(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """Shift amounts outside [0, bit width) fill with the sign bit (0 or -1)."""
        return self.emit(O.ShiftRightArithmetic(name, lhs, rhs, path=self._path_text))

    def shift_right_logical(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.shift_right_logical`."""
        return self.emit(O.ShiftRightLogical(name, lhs, rhs, path=self._path_text))

    def atan2(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.atan2`."""
        return self.emit(O.Atan2(name, lhs, rhs, path=self._path_text))

    def complex(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """`stablehlo.complex %re, %im : tensor<2xcomplex<f32>>`: f32 or f64 parts, a complex result."""
        return self.emit(O.Complex(name, lhs, rhs, path=self._path_text))

    def cbrt(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.cbrt`."""
        return self.emit(O.Cbrt(name, operand, result_accuracy, path=self._path_text))

    def tan(self, name: str | Sequence[str], operand: Value, result_accuracy: Any = None) -> Value:
        """`stablehlo.tan`."""
        return self.emit(O.Tan(name, operand, result_accuracy, path=self._path_text))

    def round_nearest_afz(self, name: str | Sequence[str], operand: Value) -> Value:
        """Ties away from zero (IEEE roundToIntegralTiesToAway)."""
        return self.emit(O.RoundNearestAfz(name, operand, path=self._path_text))

    def popcnt(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.popcnt`."""
        return self.emit(O.Popcnt(name, operand, path=self._path_text))

    def count_leading_zeros(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.count_leading_zeros`."""
        return self.emit(O.CountLeadingZeros(name, operand, path=self._path_text))

    def real(self, name: str | Sequence[str], operand: Value) -> Value:
        """The real part; a float operand is its own real part."""
        return self.emit(O.Real(name, operand, path=self._path_text))

    def imag(self, name: str | Sequence[str], operand: Value) -> Value:
        """The imaginary part; of a float operand, zeros."""
        return self.emit(O.Imag(name, operand, path=self._path_text))

    def reduce(self, name: str | Sequence[str], operand, init, dims, reducer: str = 'add') -> Value | tuple[Value, ...]:
        """`fb.reduce(name, x, init, dims, "add")`: one operand, folded by a commutative elementwise
        op (add, multiply, maximum, minimum, and, or, xor)."""
        try:
            fields = O.Reduce.builder(operand, init, dims, reducer)
        except RuleError as e:
            raise _convenience_error(O.Reduce, name, e, self._path_text, (operand, init, dims, reducer)) from None
        return self.emit(O.Reduce(name, **fields, path=self._path_text))

    def reduce_region(self, name: str | Sequence[str], operands, inits, dims, body) -> Value | tuple[Value, ...]:
        """`fb.reduce_region(name, operands, inits, dims, body)`: several operands, or a body of
        several ops (built with `fb.region()`, or a Function of its own builder). Returns the
        result, or a tuple of one result per operand."""
        try:
            fields = O.Reduce.reduce_region(operands, inits, dims, body)
        except RuleError as e:
            raise _convenience_error(O.Reduce, name, e, self._path_text, (operands, inits, dims, body)) from None
        return self.emit(O.Reduce(name, **fields, path=self._path_text))

    def broadcast_in_dim(self, name: str | Sequence[str], operand: Value, dims: Any, shape: Sequence[int] | TensorType) -> Value:
        """Operand dim i becomes result dim dims[i] (size 1 or equal); the others are broadcast."""
        return self.emit(O.BroadcastInDim(name, operand, dims, shape, path=self._path_text))

    def reshape(self, name: str | Sequence[str], operand: Value, shape: Sequence[int] | TensorType) -> Value:
        """`stablehlo.reshape`."""
        return self.emit(O.Reshape(name, operand, shape, path=self._path_text))

    def transpose(self, name: str | Sequence[str], operand: Value, perm: Any) -> Value:
        """`stablehlo.transpose`."""
        return self.emit(O.Transpose(name, operand, perm, path=self._path_text))

    def slice(self, name: str | Sequence[str], operand, start, limit, strides=None) -> Value:
        """`fb.slice(name, x, start, limit, strides=None)`: strides of 1 unless given."""
        try:
            fields = O.Slice.builder(operand, start, limit, strides)
        except RuleError as e:
            raise _convenience_error(O.Slice, name, e, self._path_text, (operand, start, limit, strides)) from None
        return self.emit(O.Slice(name, **fields, path=self._path_text))

    def pad(self, name: str | Sequence[str], operand: Value, padding_value: Value, low: Any, high: Any, interior: Any) -> Value:
        """Edge padding (negative crops) and interior padding, with a rank-0 padding value."""
        return self.emit(O.Pad(name, operand, padding_value, low, high, interior, path=self._path_text))

    def concatenate(self, name: str | Sequence[str], inputs: Sequence[Value], dim: Any) -> Value:
        """`stablehlo.concatenate`."""
        return self.emit(O.Concatenate(name, inputs, dim, path=self._path_text))


# The methods of builder_methods_lazy.py, which FunctionBuilder takes on the first call of one.
LAZY_METHODS = (
    'acos', 'acosh', 'after_all', 'all_gather', 'all_reduce', 'all_to_all', 'asin', 'asinh', 'async_done',
    'async_start', 'atan', 'atanh', 'batch_norm_grad', 'batch_norm_inference', 'batch_norm_training',
    'bessel_i1e', 'bitcast_convert', 'broadcast', 'broadcast_add', 'broadcast_and', 'broadcast_atan2',
    'broadcast_compare', 'broadcast_complex', 'broadcast_divide', 'broadcast_maximum', 'broadcast_minimum',
    'broadcast_multiply', 'broadcast_next_after', 'broadcast_or', 'broadcast_polygamma', 'broadcast_power',
    'broadcast_remainder', 'broadcast_select', 'broadcast_shift_left', 'broadcast_shift_right_arithmetic',
    'broadcast_shift_right_logical', 'broadcast_subtract', 'broadcast_xor', 'broadcast_zeta', 'call', 'case',
    'chlo_tan', 'cholesky', 'collective_broadcast', 'collective_permute', 'collective_reduce', 'composite',
    'conj', 'cosh', 'create_token', 'cross_replica_sum', 'custom_call', 'data_flow_edge', 'digamma',
    'dynamic_broadcast_in_dim', 'dynamic_gather', 'dynamic_iota', 'dynamic_pad', 'dynamic_reshape',
    'dynamic_slice', 'dynamic_update_slice', 'einsum', 'erf', 'erf_inv', 'erfc', 'fft',
    'func_data_flow_edge', 'gather', 'get_dimension_size', 'get_tuple_element', 'if_', 'infeed', 'is_inf',
    'is_neg_inf', 'is_pos_inf', 'lgamma', 'manual_computation', 'map', 'mulhi', 'named_computation',
    'next_after', 'optimization_barrier', 'outfeed', 'partition_id', 'polygamma', 'propagation_barrier',
    'ragged_dot', 'real_dynamic_slice', 'recv', 'reduce_precision', 'reduce_scatter', 'reduce_window',
    'replica_id', 'reshard', 'reverse', 'rng', 'rng_bit_generator', 'scan', 'scatter', 'sdy_all_gather',
    'sdy_all_reduce', 'sdy_all_slice', 'sdy_all_to_all', 'sdy_collective_permute', 'sdy_constant',
    'sdy_reduce_scatter', 'sdy_replicated_to_unreduced', 'sdy_sharded_to_unreduced', 'select_and_scatter',
    'send', 'set_dimension_size', 'sharding_constraint', 'sharding_group', 'sinh', 'sort', 'square', 'top_k',
    'torch_index_select', 'triangular_solve', 'tuple', 'unary_einsum', 'uniform_dequantize',
    'uniform_quantize', 'while_', 'zeta',
)
