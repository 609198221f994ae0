"""Builder methods, one per op of the families vitir.ast.ops imports on first use:
written by `python -m vitir.ast.generate` from the declarations
in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

from typing import Any, Sequence

from . import ops as O
from .builder_methods import _convenience_error
from .regions import Region
from .shape_rules import RuleError
from .types import TensorType
from .values import Value


class LazyOpMethods:
    """The op methods FunctionBuilder takes on the first call of one of them (the families imported on
    first use: chlo, collectives, control flow, ...)."""

    _path_text: str

    def emit(self, op):
        raise NotImplementedError


    def rng(self, name: str | Sequence[str], a: Value, b: Value, shape: Value, rng_distribution: Any, result_type: TensorType) -> Value:
        """Random numbers of the result's type: uniform over [a, b) or normal with mean a and standard
        deviation b. `shape` holds the result's dimensions (a 1-d integer tensor, usually a constant)."""
        return self.emit(O.Rng(name, a, b, shape, rng_distribution, result_type, path=self._path_text))

    def rng_bit_generator(self, name: str | Sequence[str], initial_state, rng_algorithm, output_type) -> Value | tuple[Value, ...]:
        """`fb.rng_bit_generator(names, state, "THREE_FRY", output_type)` -> (new state, output)."""
        try:
            fields = O.RngBitGenerator.builder(initial_state, rng_algorithm, output_type)
        except RuleError as e:
            raise _convenience_error(O.RngBitGenerator, name, e, self._path_text, (initial_state, rng_algorithm, output_type)) from None
        return self.emit(O.RngBitGenerator(name, **fields, path=self._path_text))

    def bitcast_convert(self, name: str | Sequence[str], operand: Value, result_type: TensorType) -> Value:
        """The operand's bits read as the result's element type. Across widths the narrower type has
        one more dimension, of the ratio: f64 -> 4 x f16, or 4 x f16 -> f64 (little-endian, as XLA).
        A quantized type counts as its storage type (i8 <-> !quant.uniform<i8:f32, ...>)."""
        return self.emit(O.BitcastConvert(name, operand, result_type, path=self._path_text))

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
        """Reduces each operand across the processes of its group with `computation` (two rank-0
        arguments of the element type, one result)."""
        return self.emit(O.AllReduce(name, inputs, replica_groups, computation, channel_handle, use_global_device_ids, path=self._path_text))

    def all_gather(self, name: str | Sequence[str], inputs: Sequence[Value], all_gather_dim: Any, replica_groups: Any, channel_handle: Any = None, use_global_device_ids: Any = None, result_types: Sequence[TensorType] = None) -> Value | tuple[Value, ...]:
        """Concatenates the operands of the processes of each group along `all_gather_dim`. The result
        types are the caller's, or a gather over one group row (a group of replicas, or of global ids)."""
        return self.emit(O.AllGather(name, inputs, all_gather_dim, replica_groups, channel_handle, use_global_device_ids, result_types, path=self._path_text))

    def reduce_scatter(self, name: str | Sequence[str], operand: Value, scatter_dimension: Any, replica_groups: Any, computation: Region, channel_handle: Any = None, use_global_device_ids: Any = None, result_type: TensorType = None) -> Value:
        """Reduces the operand across each group with `computation`, then splits the sum along
        `scatter_dimension`: each process keeps its part. The result type is the caller's, or one part
        of a group row (a group of replicas, or of global ids)."""
        return self.emit(O.ReduceScatter(name, operand, scatter_dimension, replica_groups, computation, channel_handle, use_global_device_ids, result_type, path=self._path_text))

    def all_to_all(self, name: str | Sequence[str], inputs: Sequence[Value], split_dimension: Any, concat_dimension: Any, split_count: Any, replica_groups: Any, channel_handle: Any = None) -> Value | tuple[Value, ...]:
        """Each process splits each operand into `split_count` parts along `split_dimension` and sends
        part i to the i-th process of its group, which concatenates what it gets along
        `concat_dimension`."""
        return self.emit(O.AllToAll(name, inputs, split_dimension, concat_dimension, split_count, replica_groups, channel_handle, path=self._path_text))

    def collective_permute(self, name: str | Sequence[str], operand: Value, source_target_pairs: Any, channel_handle: Any = None) -> Value:
        """Each pair (source, target) of `source_target_pairs` sends the source's operand to the target;
        a process no pair targets gets zeros."""
        return self.emit(O.CollectivePermute(name, operand, source_target_pairs, channel_handle, path=self._path_text))

    def collective_broadcast(self, name: str | Sequence[str], inputs: Sequence[Value], replica_groups: Any, channel_handle: Any = None, has_dynamic_root: Any = None) -> Value | tuple[Value, ...]:
        """Each process of a group gets the operands of the group's source (its first member, or with
        `has_dynamic_root` the member the last operand, a rank-1 i32 tensor, names per operand); a
        process in no group gets zeros."""
        return self.emit(O.CollectiveBroadcast(name, inputs, replica_groups, channel_handle, has_dynamic_root, path=self._path_text))

    def collective_reduce(self, name: str | Sequence[str], inputs: Sequence[Value], replica_groups: Any, computation: Region, channel_handle: Any = None, use_global_device_ids: Any = None, has_dynamic_root: Any = None) -> Value | tuple[Value, ...]:
        """Reduces each operand across each group with `computation`; the result lands on the group's
        source (its first member, or the one `has_dynamic_root`'s last operand names), zeros elsewhere."""
        return self.emit(O.CollectiveReduce(name, inputs, replica_groups, computation, channel_handle, use_global_device_ids, has_dynamic_root, path=self._path_text))

    def replica_id(self, name: str | Sequence[str]) -> Value:
        """The replica id of the process: `%r = stablehlo.replica_id : tensor<ui32>`."""
        return self.emit(O.ReplicaId(name, path=self._path_text))

    def partition_id(self, name: str | Sequence[str]) -> Value:
        """The partition id of the process: `%r = stablehlo.partition_id : tensor<ui32>`."""
        return self.emit(O.PartitionId(name, path=self._path_text))

    def send(self, name: str | Sequence[str], inputs: Sequence[Value], token: Value, channel_handle: Any, is_host_transfer: Any = None, source_target_pairs: Any = None) -> Value:
        """Sends its inputs on channel `channel_handle` (to the host, or to other processes by
        `source_target_pairs`); its result orders later effects."""
        return self.emit(O.Send(name, inputs, token, channel_handle, is_host_transfer, source_target_pairs, path=self._path_text))

    def recv(self, name: str | Sequence[str], token: Value, channel_handle: Any, result_types: Sequence[TensorType], is_host_transfer: Any = None, source_target_pairs: Any = None) -> Value | tuple[Value, ...]:
        """Receives tensors of the given types and a token on channel `channel_handle`."""
        return self.emit(O.Recv(name, token, channel_handle, result_types, is_host_transfer, source_target_pairs, path=self._path_text))

    def infeed(self, name: str | Sequence[str], token: Value, result_types: Sequence[TensorType], infeed_config: Any = '', layout: Any = None) -> Value | tuple[Value, ...]:
        """Reads tensors of the given types (and a token) from the infeed."""
        return self.emit(O.Infeed(name, token, result_types, infeed_config, layout, path=self._path_text))

    def outfeed(self, name: str | Sequence[str], inputs: Sequence[Value], token: Value, outfeed_config: Any = '') -> Value:
        """Writes its inputs to the outfeed; its result orders later effects."""
        return self.emit(O.Outfeed(name, inputs, token, outfeed_config, path=self._path_text))

    def async_start(self, name: str | Sequence[str], inputs: Sequence[Value], body: Region) -> Value:
        """Starts `body` (one collective or slice and its return) on `inputs`, which are its
        arguments; the result is a future of the one value it returns, which async_done waits for.
        The evaluator runs it at once, as a backend may (the spec does not promise asynchrony)."""
        return self.emit(O.AsyncStart(name, inputs, body, path=self._path_text))

    def async_done(self, name: str | Sequence[str], operand: Value) -> Value:
        """Waits for the future an async_start gave and returns its value."""
        return self.emit(O.AsyncDone(name, operand, path=self._path_text))

    def while_(self, name: str | Sequence[str], operand, cond, body) -> Value | tuple[Value, ...]:
        """`fb.while_(name, state, cond, body)`: `cond` and `body` regions (fb.region()) of one
        argument per state value, named alike in both (the text names them once)."""
        try:
            fields = O.While.builder(operand, cond, body)
        except RuleError as e:
            raise _convenience_error(O.While, name, e, self._path_text, (operand, cond, body)) from None
        return self.emit(O.While(name, **fields, path=self._path_text))

    def if_(self, name: str | Sequence[str], pred: Value, true_branch: Region, false_branch: Region) -> Value | tuple[Value, ...]:
        """Runs `true_branch` or `false_branch` (regions of no arguments) as the rank-0 i1 `pred` says;
        the results are the branch's. MLIR prints it in the generic form."""
        return self.emit(O.If(name, pred, true_branch, false_branch, path=self._path_text))

    def case(self, name: str | Sequence[str], index: Value, branches: Sequence[Region]) -> Value | tuple[Value, ...]:
        """Runs `branches[index]`, or the last branch when `index` (rank-0 i32) is out of range; the
        results are the branch's. JAX's lax.cond and lax.switch lower to it."""
        return self.emit(O.Case(name, index, branches, path=self._path_text))

    def optimization_barrier(self, name: str | Sequence[str], operand: Sequence[Value]) -> Value | tuple[Value, ...]:
        """The identity on its operands, which no compiler transformation moves ops across:
        `%r:2 = stablehlo.optimization_barrier %a, %b : T0, T1` (jax.checkpoint emits it)."""
        return self.emit(O.OptimizationBarrier(name, operand, path=self._path_text))

    def map(self, name: str | Sequence[str], inputs: Sequence[Value], dimensions: Any, computation: Region) -> Value:
        """Applies `computation` (rank-0 tensors of each input's element type to one rank-0 tensor)
        to the inputs element by element; `dimensions` are all of them, in order."""
        return self.emit(O.Map(name, inputs, dimensions, computation, path=self._path_text))

    def tuple(self, name: str | Sequence[str], val: Sequence[Value]) -> Value:
        """`%t = stablehlo.tuple %a, %b : tuple<T0, T1>`."""
        return self.emit(O.Tuple(name, val, path=self._path_text))

    def get_tuple_element(self, name: str | Sequence[str], operand: Value, index: Any) -> Value:
        """`%x = stablehlo.get_tuple_element %t[1] : (tuple<T0, T1>) -> T1`."""
        return self.emit(O.GetTupleElement(name, operand, index, path=self._path_text))

    def after_all(self, name: str | Sequence[str], inputs: Sequence[Value]) -> Value:
        """A token that comes after each of `inputs` (tokens): `stablehlo.after_all %t0, %t1 : !stablehlo.token`."""
        return self.emit(O.AfterAll(name, inputs, path=self._path_text))

    def create_token(self, name: str | Sequence[str]) -> Value:
        """A new token, as after_all of no inputs (MLIR keeps it; the spec has retired it)."""
        return self.emit(O.CreateToken(name, path=self._path_text))

    def composite(self, name: str | Sequence[str], inputs: Sequence[Value], composite_name: Any, decomposition: Any, result_types: Sequence[TensorType], composite_attributes: Any = None, version: Any = None) -> Value | tuple[Value, ...]:
        """An op of another name (`composite_name`, such as "my.softmax") made of the function
        `decomposition`; vitir carries it and prints it as written, and evaluates it as that function
        (looked up in the module being evaluated):
        `stablehlo.composite "my.mul" %x {composite_attributes = {n = 3 : i64}, decomposition = @my.mul}
        : (T) -> R`. Its attributes are kept as their MLIR text."""
        return self.emit(O.Composite(name, inputs, composite_name, decomposition, result_types, composite_attributes, version, path=self._path_text))

    def custom_call(self, name: str | Sequence[str], inputs: Sequence[Value], call_target_name: Any, result_types: Sequence[TensorType], has_side_effect: Any = None, backend_config: Any = None, api_version: Any = None, called_computations: Any = None, operand_layouts: Any = None, result_layouts: Any = None, output_operand_aliases: Any = None, result_tilings: Any = None) -> Value | tuple[Value, ...]:
        """A call of an implementation-defined target (a LAPACK routine on XLA's CPU): vitir carries it
        and prints it as written, and does not evaluate it (but for jax.export's `shape_assertion`,
        checked: vitir/ast/shape_assertions.py). `stablehlo.custom_call @target(%x)
        {backend_config = "", ...} : (T) -> R`; its attributes are kept as their MLIR text, other
        dialects' ones (`mhlo.frontend_attributes`, `sdy.sharding_rule`) in `discardable`, as every op's; each text must
        be of the form MLIR requires (vitir/ast/custom_call_attributes.py)."""
        return self.emit(O.CustomCall(name, inputs, call_target_name, result_types, has_side_effect, backend_config, api_version, called_computations, operand_layouts, result_layouts, output_operand_aliases, result_tilings, path=self._path_text))

    def call(self, name: str | Sequence[str], callee: Any, inputs: Sequence[Value], result_types: Sequence[TensorType]) -> Value | tuple[Value, ...]:
        """A call of a function of the module, `%r = func.call @f(%a, %b) : (T1, T2) -> R` (MLIR's func
        dialect; inside a function's own body MLIR elides the dialect, `call @f(...)`, as vitir's printer
        does). Its result types are as written; that `callee` is a function of the module taking the
        operands' types and returning these is the module's check (vitir/ast/calls.py), where functions
        are known. The readers inline calls by default; the evaluator runs the callee."""
        return self.emit(O.Call(name, callee, inputs, result_types, path=self._path_text))

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
        """gather with the slice sizes an operand holds (batching dimensions too, as MLIR's verifier and
        StableHLO's compatibility suite have them)."""
        return self.emit(O.DynamicGather(name, operand, start_indices, slice_sizes, dimension_numbers, result_type, indices_are_sorted, path=self._path_text))

    def set_dimension_size(self, name: str | Sequence[str], operand: Value, size: Value, dimension: Any) -> Value:
        """Sets the size of one dimension at run time. In a static type that size can only be the whole
        dimension (MLIR infers the operand's type for a constant size equal to it), so the result is
        the operand and the evaluator checks the size: `stablehlo.set_dimension_size %x, %n, dim = 0 :
        (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>`."""
        return self.emit(O.SetDimensionSize(name, operand, size, dimension, path=self._path_text))

    def real_dynamic_slice(self, name: str | Sequence[str], operand: Value, start_indices: Value, limit_indices: Value, strides: Value, result_type: TensorType) -> Value:
        """slice by the start, limit and stride operands hold: `stablehlo.real_dynamic_slice %x, %start,
        %limit, %strides : (tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xf32>`."""
        return self.emit(O.RealDynamicSlice(name, operand, start_indices, limit_indices, strides, result_type, path=self._path_text))

    def einsum(self, name: str | Sequence[str], lhs: Value, rhs: Value, einsum_config: Any, result_type: TensorType) -> Value:
        """The einsum of two operands by `einsum_config` (`ab,bc->ac`); the result type is the caller's."""
        return self.emit(O.Einsum(name, lhs, rhs, einsum_config, result_type, path=self._path_text))

    def unary_einsum(self, name: str | Sequence[str], operand: Value, einsum_config: Any, result_type: TensorType) -> Value:
        """The einsum of one operand by `einsum_config` (`ab->a`: a sum, a transpose, a diagonal)."""
        return self.emit(O.UnaryEinsum(name, operand, einsum_config, result_type, path=self._path_text))

    def torch_index_select(self, name: str | Sequence[str], operand: Value, index: Value, dim: Any, batch_dims: Any, result_type: TensorType = None) -> Value:
        """`operand`'s entries along `dim` at `index`, the first `batch_dims` dimensions of both
        shared: the result is operand[:dim] batch and leading dimensions, then index's after its batch
        dimensions, then operand's after `dim` (PyTorch's index_select)."""
        return self.emit(O.TorchIndexSelect(name, operand, index, dim, batch_dims, result_type, path=self._path_text))

    def cross_replica_sum(self, name: str | Sequence[str], operand: Value, replica_groups: Any) -> Value:
        """The sum of the operand over each group of replicas: all_reduce with an add computation and
        no channel."""
        return self.emit(O.CrossReplicaSum(name, operand, replica_groups, path=self._path_text))

    def triangular_solve(self, name: str | Sequence[str], a, b, left_side=True, lower=True, unit_diagonal=False, transpose_a='NO_TRANSPOSE') -> Value:
        """`fb.triangular_solve(name, a, b)`: solves a x = b with the lower triangle of a."""
        try:
            fields = O.TriangularSolve.builder(a, b, left_side, lower, unit_diagonal, transpose_a)
        except RuleError as e:
            raise _convenience_error(O.TriangularSolve, name, e, self._path_text, (a, b, left_side, lower, unit_diagonal, transpose_a)) from None
        return self.emit(O.TriangularSolve(name, **fields, path=self._path_text))

    def cholesky(self, name: str | Sequence[str], a: Value, lower: Any = False) -> Value:
        """The Cholesky factor of each Hermitian positive-definite matrix of `a`: lower-triangular L with
        a = L L^H (`lower`), else upper-triangular U with a = U^H U; only that triangle of a is read."""
        return self.emit(O.Cholesky(name, a, lower, path=self._path_text))

    def fft(self, name: str | Sequence[str], operand: Value, fft_type: Any, fft_length: Any) -> Value:
        """The discrete Fourier transform over the last len(fft_length) dimensions: FFT and IFFT complex
        to complex, RFFT real to complex (the last dimension halved plus one), IRFFT its inverse."""
        return self.emit(O.Fft(name, operand, fft_type, fft_length, path=self._path_text))

    def batch_norm_training(self, name: str | Sequence[str], operand: Value, scale: Value, offset: Value, epsilon: Any, feature_index: Any) -> Value | tuple[Value, ...]:
        """Normalizes `operand` by its own mean and variance per feature, then scales and offsets it;
        also returns the mean and variance."""
        return self.emit(O.BatchNormTraining(name, operand, scale, offset, epsilon, feature_index, path=self._path_text))

    def batch_norm_inference(self, name: str | Sequence[str], operand: Value, scale: Value, offset: Value, mean: Value, variance: Value, epsilon: Any, feature_index: Any) -> Value:
        """Normalizes `operand` by the given mean and variance per feature, then scales and offsets it."""
        return self.emit(O.BatchNormInference(name, operand, scale, offset, mean, variance, epsilon, feature_index, path=self._path_text))

    def batch_norm_grad(self, name: str | Sequence[str], operand: Value, scale: Value, mean: Value, variance: Value, grad_output: Value, epsilon: Any, feature_index: Any) -> Value | tuple[Value, ...]:
        """The gradients of batch_norm_training's output with respect to its operand, scale and offset,
        from `grad_output` and the forward's mean and variance."""
        return self.emit(O.BatchNormGrad(name, operand, scale, mean, variance, grad_output, epsilon, feature_index, path=self._path_text))

    def reduce_precision(self, name: str | Sequence[str], operand: Value, exponent_bits: Any, mantissa_bits: Any) -> Value:
        """Rounds each element to the nearest value with `exponent_bits` and `mantissa_bits` (ties to even),
        overflowing to infinity and underflowing to zero, in the operand's own type:
        `stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>`."""
        return self.emit(O.ReducePrecision(name, operand, exponent_bits, mantissa_bits, path=self._path_text))

    def uniform_quantize(self, name: str | Sequence[str], operand: Value, result_type: TensorType) -> Value:
        """Quantizes a float tensor to the result's quantized type, or requantizes a quantized one
        (dequantized first): `stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<...>>`."""
        return self.emit(O.UniformQuantize(name, operand, result_type, path=self._path_text))

    def uniform_dequantize(self, name: str | Sequence[str], operand: Value) -> Value:
        """The float values a quantized tensor stands for, in its expressed type."""
        return self.emit(O.UniformDequantize(name, operand, path=self._path_text))

    def sharding_constraint(self, name: str | Sequence[str], input: Value, sharding: Any) -> Value:
        """`%r = sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> : T`: the identity, asking the
        partitioner for this sharding here."""
        return self.emit(O.ShardingConstraint(name, input, sharding, path=self._path_text))

    def reshard(self, name: str | Sequence[str], input: Value, sharding: Any) -> Value:
        """`%r = sdy.reshard %x <@mesh, [...]> : T`: the identity, moving the value to this sharding."""
        return self.emit(O.Reshard(name, input, sharding, path=self._path_text))

    def propagation_barrier(self, name: str | Sequence[str], input: Value, allowed_direction: Any) -> Value:
        """`%r = sdy.propagation_barrier %x allowed_direction=BACKWARD : T`: the identity, across which
        shardings propagate only in the allowed direction."""
        return self.emit(O.PropagationBarrier(name, input, allowed_direction, path=self._path_text))

    def sharding_group(self, name: str | Sequence[str], input: Value, group_id: Any) -> Value | tuple[Value, ...]:
        """`sdy.sharding_group %x group_id=0 : T`: the tensors of one group take the same sharding (no
        result; kept, as Shardy's is not pure)."""
        return self.emit(O.ShardingGroup(name, input, group_id, path=self._path_text))

    def manual_computation(self, name: str | Sequence[str], tensors: Sequence[Value], in_shardings: Any, out_shardings: Any, manual_axes: Any, body: Region, result_types: Sequence[TensorType]) -> Value | tuple[Value, ...]:
        """`%r = sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...] manual_axes={"x"}
        (%a: local T) {... sdy.return %y : local R} : (T) -> R`: the body runs per device on the local
        shapes (each dimension over the product of its manual axes), with explicit collectives."""
        return self.emit(O.ManualComputation(name, tensors, in_shardings, out_shardings, manual_axes, body, result_types, path=self._path_text))

    def named_computation(self, name: str | Sequence[str], computation_name: Any, inputs: Sequence[Value], body: Region, in_shardings: Any = None, out_shardings: Any = None) -> Value | tuple[Value, ...]:
        """`%r = sdy.named_computation<"foo">(%x) (%a: T) {... sdy.return %y : R} : (T) -> R`: a named
        block of ops (a call, inlined), with optional in and out shardings."""
        return self.emit(O.NamedComputation(name, computation_name, inputs, body, in_shardings, out_shardings, path=self._path_text))

    def sdy_all_gather(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any) -> Value:
        """Gathers the dimensions along `axes` (one list per dimension, minor axes first gathered)."""
        return self.emit(O.ShardyAllGather(name, tensor, out_sharding, axes, path=self._path_text))

    def sdy_all_slice(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any) -> Value:
        """Slices each dimension along `axes`: each device keeps its part."""
        return self.emit(O.ShardyAllSlice(name, tensor, out_sharding, axes, path=self._path_text))

    def sdy_all_reduce(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any, reduction_op: Any = 'sum') -> Value:
        """Sums the parts across `axes`."""
        return self.emit(O.ShardyAllReduce(name, tensor, out_sharding, axes, reduction_op, path=self._path_text))

    def sdy_all_to_all(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any) -> Value:
        """Moves each param's axes from its source dimension to its target dimension."""
        return self.emit(O.ShardyAllToAll(name, tensor, out_sharding, axes, path=self._path_text))

    def sdy_reduce_scatter(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any, reduction_op: Any = 'sum') -> Value:
        """Sums the parts across `axes` (per dimension), then slices each dimension along them."""
        return self.emit(O.ShardyReduceScatter(name, tensor, out_sharding, axes, reduction_op, path=self._path_text))

    def sdy_collective_permute(self, name: str | Sequence[str], tensor: Value, out_sharding: Any) -> Value:
        """Sends each device's part to the device that holds it in `out_sharding`."""
        return self.emit(O.ShardyCollectivePermute(name, tensor, out_sharding, path=self._path_text))

    def sdy_sharded_to_unreduced(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any) -> Value:
        """`sdy.sharded_to_unreduced [{"b"}, {}] %x out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}>`:
        the axes that shard each dimension become unreduced axes of the result (all_reduce over them
        then gives what all_gather would). In global meaning, the identity."""
        return self.emit(O.ShardedToUnreduced(name, tensor, out_sharding, axes, path=self._path_text))

    def sdy_replicated_to_unreduced(self, name: str | Sequence[str], tensor: Value, out_sharding: Any, axes: Any) -> Value:
        """`sdy.replicated_to_unreduced {"a"} %x out_sharding=<@mesh, [...], unreduced={"a"}>`: replicated
        axes become unreduced (all_reduce over them then gives the value back). In global meaning, the
        identity."""
        return self.emit(O.ReplicatedToUnreduced(name, tensor, out_sharding, axes, path=self._path_text))

    def sdy_constant(self, name: str | Sequence[str], value: Any, result_type: TensorType) -> Value:
        """`%c = sdy.constant dense<[0.0, 1.0]> : tensor<2xf32>`: stablehlo.constant's value and syntax,
        but not constant-like: no pass folds two into one, so that each may be sharded for its own use."""
        return self.emit(O.ShardyConstant(name, value, result_type, path=self._path_text))

    def data_flow_edge(self, name: str | Sequence[str], input: Value, sharding: Any = None) -> Value:
        """`%r = sdy.data_flow_edge %x sharding=<@mesh, [...]> : T`: the identity, the root of a data-flow
        edge (a control-flow op's result, a named computation's block argument) that Shardy's
        propagation inserts, holding the edge's sharding."""
        return self.emit(O.DataFlowEdge(name, input, sharding, path=self._path_text))

    def func_data_flow_edge(self, name: str | Sequence[str], operand: Value) -> Value:
        """`%r = sdy.func_data_flow_edge %arg0 : T`: the identity, between a function's argument (or a
        call's result) and its uses, which Shardy's propagation inserts."""
        return self.emit(O.FuncDataFlowEdge(name, operand, path=self._path_text))

    def reduce_window(self, name: str | Sequence[str], inputs: Sequence[Value], init_values: Sequence[Value], body: Region, window_dimensions: Any, window_strides: Any = None, base_dilations: Any = None, window_dilations: Any = None, padding: Any = None) -> Value | tuple[Value, ...]:
        """Folds each window of `inputs` with `body`, from `init_values`: the body takes N accumulators,
        then N elements (rank 0), and returns N. The inputs are padded with the init values (and dilated
        by `base_dilations`), the windows stepped by `window_strides` and dilated by `window_dilations`."""
        return self.emit(O.ReduceWindow(name, inputs, init_values, body, window_dimensions, window_strides, base_dilations, window_dilations, padding, path=self._path_text))

    def select_and_scatter(self, name: str | Sequence[str], operand: Value, source: Value, init_value: Value, select: Region, scatter: Region, window_dimensions: Any = None, window_strides: Any = None, padding: Any = None) -> Value:
        """For each window of `operand` (padded, stepped by `window_strides`), picks one element with
        `select` (which keeps its first argument when it returns true) and folds the window's `source`
        element into the result there with `scatter`; the result starts as `init_value` everywhere."""
        return self.emit(O.SelectAndScatter(name, operand, source, init_value, select, scatter, window_dimensions, window_strides, padding, path=self._path_text))
