"""Builder methods, one per declared op: written by `python -m vitir.ast.generate` from the
declarations in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import ShapeError
from . import ops as O
from .attributes import DotAlgorithm
from .element_types import DType
from .ops.compound import AdamScalars
from .regions import BinaryRegion, Region
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


    def acos(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.acos`."""
        return self.emit(O.Acos(name, operand, path=self._path_text))

    def acosh(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.acosh`."""
        return self.emit(O.Acosh(name, operand, path=self._path_text))

    def asin(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.asin`."""
        return self.emit(O.Asin(name, operand, path=self._path_text))

    def asinh(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.asinh`."""
        return self.emit(O.Asinh(name, operand, path=self._path_text))

    def atan(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.atan`."""
        return self.emit(O.Atan(name, operand, path=self._path_text))

    def atanh(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.atanh`."""
        return self.emit(O.Atanh(name, operand, path=self._path_text))

    def cosh(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.cosh`."""
        return self.emit(O.Cosh(name, operand, path=self._path_text))

    def sinh(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.sinh`."""
        return self.emit(O.Sinh(name, operand, path=self._path_text))

    def chlo_tan(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.tan`."""
        return self.emit(O.ChloTan(name, operand, path=self._path_text))

    def conj(self, name: str | Sequence[str], operand: Value) -> Value:
        """The complex conjugate; a float is its own."""
        return self.emit(O.Conj(name, operand, path=self._path_text))

    def square(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.square`."""
        return self.emit(O.Square(name, operand, path=self._path_text))

    def bessel_i1e(self, name: str | Sequence[str], operand: Value) -> Value:
        """The exponentially scaled modified Bessel function of order 1: exp(-|x|) I1(x)."""
        return self.emit(O.BesselI1e(name, operand, path=self._path_text))

    def erf(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.erf`."""
        return self.emit(O.Erf(name, operand, path=self._path_text))

    def erfc(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.erfc`."""
        return self.emit(O.Erfc(name, operand, path=self._path_text))

    def erf_inv(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.erf_inv`."""
        return self.emit(O.ErfInv(name, operand, path=self._path_text))

    def lgamma(self, name: str | Sequence[str], operand: Value) -> Value:
        """log |Gamma(x)|."""
        return self.emit(O.Lgamma(name, operand, path=self._path_text))

    def digamma(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.digamma`."""
        return self.emit(O.Digamma(name, operand, path=self._path_text))

    def is_inf(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.is_inf`."""
        return self.emit(O.IsInf(name, operand, path=self._path_text))

    def is_neg_inf(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.is_neg_inf`."""
        return self.emit(O.IsNegInf(name, operand, path=self._path_text))

    def is_pos_inf(self, name: str | Sequence[str], operand: Value) -> Value:
        """`chlo.is_pos_inf`."""
        return self.emit(O.IsPosInf(name, operand, path=self._path_text))

    def next_after(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """The next representable value of x toward y, in x's own type (subnormals included)."""
        return self.emit(O.NextAfter(name, lhs, rhs, path=self._path_text))

    def polygamma(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """The n-th derivative of digamma at x; NaN where n is not a non-negative integer."""
        return self.emit(O.Polygamma(name, lhs, rhs, path=self._path_text))

    def zeta(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """The Hurwitz zeta function: the sum over n >= 0 of (q + n)^-x."""
        return self.emit(O.Zeta(name, lhs, rhs, path=self._path_text))

    def mulhi(self, name: str | Sequence[str], lhs: Value, rhs: Value) -> Value:
        """The high half of the double-width product of two N-bit integers."""
        return self.emit(O.Mulhi(name, lhs, rhs, path=self._path_text))

    def top_k(self, name: str | Sequence[str], operand: Value, k: Any, is_stable: Any = None) -> Value | tuple[Value, ...]:
        """The k largest elements of each row of the last dimension, largest first (equal elements in
        index order, NaN above +inf), and their indices (i32)."""
        return self.emit(O.TopK(name, operand, k, is_stable, path=self._path_text))

    def broadcast_add(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_add`."""
        return self.emit(O.BroadcastAdd(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_atan2(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_atan2`."""
        return self.emit(O.BroadcastAtan2(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_divide(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_divide`."""
        return self.emit(O.BroadcastDivide(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_maximum(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_maximum`."""
        return self.emit(O.BroadcastMaximum(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_minimum(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_minimum`."""
        return self.emit(O.BroadcastMinimum(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_multiply(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_multiply`."""
        return self.emit(O.BroadcastMultiply(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_next_after(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_next_after`."""
        return self.emit(O.BroadcastNextAfter(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_polygamma(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_polygamma`."""
        return self.emit(O.BroadcastPolygamma(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_power(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_power`."""
        return self.emit(O.BroadcastPower(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_remainder(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_remainder`."""
        return self.emit(O.BroadcastRemainder(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_shift_left(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_shift_left`."""
        return self.emit(O.BroadcastShiftLeft(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_shift_right_arithmetic(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_shift_right_arithmetic`."""
        return self.emit(O.BroadcastShiftRightArithmetic(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_shift_right_logical(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_shift_right_logical`."""
        return self.emit(O.BroadcastShiftRightLogical(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_subtract(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_subtract`."""
        return self.emit(O.BroadcastSubtract(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_zeta(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_zeta`."""
        return self.emit(O.BroadcastZeta(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_and(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_and`."""
        return self.emit(O.BroadcastAnd(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_or(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_or`."""
        return self.emit(O.BroadcastOr(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_xor(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_xor`."""
        return self.emit(O.BroadcastXor(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_complex(self, name: str | Sequence[str], lhs: Value, rhs: Value, broadcast_dimensions: Any = None) -> Value:
        """`chlo.broadcast_complex`."""
        return self.emit(O.BroadcastComplex(name, lhs, rhs, broadcast_dimensions, path=self._path_text))

    def broadcast_compare(self, name: str | Sequence[str], lhs: Value, rhs: Value, comparison_direction: Any, broadcast_dimensions: Any = None, compare_type: Any = None) -> Value:
        """`chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>} : ...`."""
        return self.emit(O.BroadcastCompare(name, lhs, rhs, comparison_direction, broadcast_dimensions, compare_type, path=self._path_text))

    def broadcast_select(self, name: str | Sequence[str], pred: Value, on_true: Value, on_false: Value) -> Value:
        """`chlo.broadcast_select %pred, %t, %f : (Tp, Tt, Tf) -> R`: select on the three broadcast to one shape."""
        return self.emit(O.BroadcastSelect(name, pred, on_true, on_false, path=self._path_text))

    def scan(self, name: str | Sequence[str], inputs: Sequence[Value], inits: Sequence[Value], dimension: Any, body: Region, scan_dim_size: Any = None, is_reverse: Any = None, is_associative: Any = None) -> Value | tuple[Value, ...]:
        """`%r:2 = chlo.scan(%x) inits (%c) dimension=0  {^bb0(%input: T, %carry: C): ... } : (...) -> (...)`:
        the body runs once per position along `dimension` (backwards with is_reverse) on each input's slice
        there and the carries; it returns the outputs' slices at that position, then the new carries. The
        results are the outputs (the scan dimension put back) and the final carries."""
        return self.emit(O.Scan(name, inputs, inits, dimension, body, scan_dim_size, is_reverse, is_associative, path=self._path_text))

    def ragged_dot(self, name: str | Sequence[str], lhs: Value, rhs: Value, group_sizes: Value, ragged_dot_dimension_numbers: Any, precision_config: Any = None) -> Value:
        """A dot_general over one ragged dimension of lhs, cut into groups by group_sizes: a non-contracting one
        (each group of rows against its own slice of rhs's group dimension; `[m, k], [g, k, n], [g] -> [m, n]`), a
        contracting one (one result per group: `[m, k], [k, n], [g] -> [g, m, n]`) or a batching one. MLIR writes
        it in the generic form."""
        return self.emit(O.RaggedDot(name, lhs, rhs, group_sizes, ragged_dot_dimension_numbers, precision_config, path=self._path_text))

    def all_reduce(self, name: str | Sequence[str], inputs: Sequence[Value], replica_groups: Any, computation: Region, channel_handle: Any = None, use_global_device_ids: Any = None) -> Value | tuple[Value, ...]:
        """Reduces each operand across the replicas of its group with `computation` (two rank-0
        arguments of the element type, one result)."""
        return self.emit(O.AllReduce(name, inputs, replica_groups, computation, channel_handle, use_global_device_ids, path=self._path_text))

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

    def all_reduce_mean(self, tag: str, operand, replicas: int) -> Value:
        """`fb.all_reduce_mean(tag, g, R)`: its values named `arsum<tag>`, ..., `armean<tag>`."""
        try:
            fields = O.AllReduceMean.builder(tag, operand, replicas)
        except RuleError as e:
            raise _convenience_error(O.AllReduceMean, tag, e, self._path_text, (tag, operand, replicas)) from None
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

    def convolution(self, name: str | Sequence[str], lhs, rhs, *, stride, padding=None, lhs_dilate=None, rhs_dilate=None, layouts=('bf01', 'oi01', 'bf01'), feature_group_count=1, batch_group_count=1, precision=None, result_type=None) -> Value:
        """`fb.convolution(name, x, w, stride=(16, 16))`: every window entry written out (no padding,
        no dilation unless given), as the reference prints it."""
        try:
            fields = O.Convolution.builder(lhs, rhs, stride=stride, padding=padding, lhs_dilate=lhs_dilate, rhs_dilate=rhs_dilate, layouts=layouts, feature_group_count=feature_group_count, batch_group_count=batch_group_count, precision=precision, result_type=result_type)
        except RuleError as e:
            raise _convenience_error(O.Convolution, name, e, self._path_text, (lhs, rhs, stride, padding, lhs_dilate, rhs_dilate, layouts, feature_group_count, batch_group_count, precision, result_type)) from None
        return self.emit(O.Convolution(name, **fields, path=self._path_text))

    def gather(self, name: str | Sequence[str], operand: Value, start_indices: Value, dimension_numbers: Any, slice_sizes: Any, indices_are_sorted: Any = None) -> Value:
        """Slices of `operand` at the offsets `start_indices` holds, by the spec's dimension numbers:
        `"stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1],
        collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted =
        false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>`
        (jnp.take). Start indices are clamped so that each slice lies inside the operand."""
        return self.emit(O.Gather(name, operand, start_indices, dimension_numbers, slice_sizes, indices_are_sorted, path=self._path_text))

    def scatter(self, name: str | Sequence[str], inputs: Sequence[Value], scatter_indices: Value, updates: Sequence[Value], scatter_dimension_numbers: Any, update_computation: Region, indices_are_sorted: Any = None, unique_indices: Any = None) -> Value | tuple[Value, ...]:
        """`inputs` with the slices at `scatter_indices` combined with `updates` by
        `update_computation` (N accumulators, then N update elements, rank 0; returns N):
        `x.at[i].add(u)`. An update element whose index falls outside the inputs is skipped, element
        by element as the spec says (XLA's CPU backend skips the whole window of such an update)."""
        return self.emit(O.Scatter(name, inputs, scatter_indices, updates, scatter_dimension_numbers, update_computation, indices_are_sorted, unique_indices, path=self._path_text))

    def dynamic_slice(self, name: str | Sequence[str], operand: Value, start_indices: Sequence[Value], slice_sizes: Any) -> Value:
        """A slice of `slice_sizes` from start indices given as rank-0 values, each clamped so that
        the slice lies inside the operand: `stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : ...`."""
        return self.emit(O.DynamicSlice(name, operand, start_indices, slice_sizes, path=self._path_text))

    def dynamic_update_slice(self, name: str | Sequence[str], operand: Value, update: Value, start_indices: Sequence[Value]) -> Value:
        """`operand` with `update` written at the start indices (rank-0 values, clamped so that the
        update lies inside): `stablehlo.dynamic_update_slice %x, %u, %i, %j : ...`."""
        return self.emit(O.DynamicUpdateSlice(name, operand, update, start_indices, path=self._path_text))

    def sort(self, name: str | Sequence[str], inputs: Sequence[Value], comparator: Region, dimension: Any = None, is_stable: Any = None) -> Value | tuple[Value, ...]:
        """Sorts the 1-D slices of `inputs` along `dimension` together, by `comparator` (two rank-0
        elements of each input, lhs then rhs; returns i1, true when lhs goes first); `is_stable` keeps
        the order of elements the comparator holds equal. `jnp.sort`, `jnp.argsort`."""
        return self.emit(O.Sort(name, inputs, comparator, dimension, is_stable, path=self._path_text))

    def reverse(self, name: str | Sequence[str], operand: Value, dims: Any) -> Value:
        """Reverses the order of elements along `dims`: `stablehlo.reverse %x, dims = [0] : T` (jnp.flip)."""
        return self.emit(O.Reverse(name, operand, dims, path=self._path_text))

    def get_dimension_size(self, name: str | Sequence[str], operand: Value, dimension: Any) -> Value:
        """The size of one dimension, as a rank-0 i32: `stablehlo.get_dimension_size %x, dim = 1 : ...`."""
        return self.emit(O.GetDimensionSize(name, operand, dimension, path=self._path_text))

    def broadcast(self, name: str | Sequence[str], operand: Value, sizes: Any) -> Value:
        """The old broadcast (no longer in the spec, still in the dialect): new leading dimensions of
        `sizes` before the operand's, `stablehlo.broadcast %x, sizes = [2, 3] : (tensor<4xf32>) ->
        tensor<2x3x4xf32>`."""
        return self.emit(O.Broadcast(name, operand, sizes, path=self._path_text))

    def dynamic_iota(self, name: str | Sequence[str], output_shape: Value, iota_dimension: Any, result_type: TensorType) -> Value:
        """iota of the shape `output_shape` holds: `stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) ->
        tensor<3x4xi64>`."""
        return self.emit(O.DynamicIota(name, output_shape, iota_dimension, result_type, path=self._path_text))

    def dynamic_broadcast_in_dim(self, name: str | Sequence[str], operand: Value, output_dimensions: Value, dims: Any, result_type: TensorType, known_expanding_dimensions: Any = None, known_nonexpanding_dimensions: Any = None) -> Value:
        """broadcast_in_dim to the shape `output_dimensions` holds: `stablehlo.dynamic_broadcast_in_dim %x,
        %s, dims = [0, 2] : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>`."""
        return self.emit(O.DynamicBroadcastInDim(name, operand, output_dimensions, dims, result_type, known_expanding_dimensions, known_nonexpanding_dimensions, path=self._path_text))

    def dynamic_pad(self, name: str | Sequence[str], operand: Value, padding_value: Value, edge_padding_low: Value, edge_padding_high: Value, interior_padding: Value, result_type: TensorType) -> Value:
        """pad by the edge and interior padding three operands hold: `stablehlo.dynamic_pad %x, %v, %lo,
        %hi, %in : (...) -> T`."""
        return self.emit(O.DynamicPad(name, operand, padding_value, edge_padding_low, edge_padding_high, interior_padding, result_type, path=self._path_text))

    def dynamic_reshape(self, name: str | Sequence[str], operand: Value, output_shape: Value, result_type: TensorType) -> Value:
        """reshape to the shape `output_shape` holds: `stablehlo.dynamic_reshape %x, %s : (...) -> T`."""
        return self.emit(O.DynamicReshape(name, operand, output_shape, result_type, path=self._path_text))

    def dynamic_gather(self, name: str | Sequence[str], operand: Value, start_indices: Value, slice_sizes: Value, dimension_numbers: Any, result_type: TensorType, indices_are_sorted: Any = None) -> Value:
        """gather with the slice sizes an operand holds (and no batching dimensions)."""
        return self.emit(O.DynamicGather(name, operand, start_indices, slice_sizes, dimension_numbers, result_type, indices_are_sorted, path=self._path_text))

    def set_dimension_size(self, name: str | Sequence[str], operand: Value, size: Value, dimension: Any) -> Value:
        """Sets the size of one dimension at run time. In a static type that size can only be the whole
        dimension (MLIR infers the operand's type for a constant size equal to it), so the result is
        the operand and the evaluator checks the size: `stablehlo.set_dimension_size %x, %n, dim = 0 :
        (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>`."""
        return self.emit(O.SetDimensionSize(name, operand, size, dimension, path=self._path_text))

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

    def exponential(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.exponential`."""
        return self.emit(O.Exponential(name, operand, path=self._path_text))

    def log(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.log`."""
        return self.emit(O.Log(name, operand, path=self._path_text))

    def rsqrt(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.rsqrt`."""
        return self.emit(O.Rsqrt(name, operand, path=self._path_text))

    def sqrt(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.sqrt`."""
        return self.emit(O.Sqrt(name, operand, path=self._path_text))

    def tanh(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.tanh`."""
        return self.emit(O.Tanh(name, operand, path=self._path_text))

    def cosine(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.cosine`."""
        return self.emit(O.Cosine(name, operand, path=self._path_text))

    def sine(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.sine`."""
        return self.emit(O.Sine(name, operand, path=self._path_text))

    def floor(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.floor`."""
        return self.emit(O.Floor(name, operand, path=self._path_text))

    def ceil(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.ceil`."""
        return self.emit(O.Ceil(name, operand, path=self._path_text))

    def logistic(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.logistic`."""
        return self.emit(O.Logistic(name, operand, path=self._path_text))

    def log_plus_one(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.log_plus_one`."""
        return self.emit(O.LogPlusOne(name, operand, path=self._path_text))

    def exponential_minus_one(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.exponential_minus_one`."""
        return self.emit(O.ExponentialMinusOne(name, operand, path=self._path_text))

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

    def cbrt(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.cbrt`."""
        return self.emit(O.Cbrt(name, operand, path=self._path_text))

    def tan(self, name: str | Sequence[str], operand: Value) -> Value:
        """`stablehlo.tan`."""
        return self.emit(O.Tan(name, operand, path=self._path_text))

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
