"""Rules of the ops that move elements by indices computed at run time (vitir/ast/ops/data_movement.py):
gather, scatter, dynamic_slice, dynamic_update_slice, sort. The indices are inactive, so each op
is linear in its float operands (JAX's rules, jax/_src/lax/slicing.py):

- gather transposes to a scatter-add of the cotangent into zeros (repeated indices summed), its
  start indices clamped first as gather clamps them (scatter would skip them instead);
- scatter with an add body is linear in its inputs and updates: it transposes to the cotangent
  (the inputs') and a gather of it (the updates'); an update whose window does not fit inside the
  inputs is dropped by the scatter (XLA's and the spec's rule, JAX's mode="drop"), so its
  cotangent is 0, not the cotangent read at the index gather would clamp it to;
- scatter with a multiply body: the input's tangent times the product scattered into ones, and
  each update's tangent times the input and the product of the other updates of its place
  (exact with repeated indices and zeros, where JAX asks for unique_indices);
- scatter with a maximum or minimum body (JAX's _scatter_extremal_jvp): the tangent of each place
  is the mean of the tangents of the values that tie for its result, the input's among them;
- scatter that replaces (x.at[i].set(u)): an id per update element scattered alike tells which
  update won each place, so the tangent is the input's where nothing was written plus a
  scatter-add of the winners' tangents (JAX's _scatter_jvp), correct with repeated indices;
- dynamic_slice and dynamic_update_slice transpose into each other (both clamp alike);
- sort's tangent is the tangent permuted as the sort permuted the values: the sort is run again
  with an iota beside its inputs, and the iota's result gathers the tangents.
"""

from __future__ import annotations

from ...ast import ops as O
from ...ast.attributes import GatherDimensions, ScatterDimensions
from ...ast.element_types import DType
from ...ast.types import TensorType
from ...rewrite.driver import copy_op
from ..tables import defjvp, deftranspose, refuse
from .regions import binary_region, linear_in_floats_jvp, zero_tangent

defjvp(O.Gather, O.DynamicSlice, O.DynamicUpdateSlice)(linear_in_floats_jvp)


def _clamped_indices(e, indices, numbers, operand_shape, slice_sizes):
    """`indices` clamped into [0, operand size - slice size] per component, as gather reads them."""
    index_type = indices.type
    vector_dim = numbers.index_vector_dim
    bounds = [operand_shape[d] - slice_sizes[d] for d in numbers.start_index_map]
    zero = e.constant(0, index_type)
    if vector_dim == index_type.rank:  # one component, implicit
        high = e.constant(bounds[0], index_type)
    else:
        column = e.b.constant_array(e.name("c"), bounds, (len(bounds),), index_type.dtype)
        high = e.b.broadcast_in_dim(e.name(), column, (vector_dim,), index_type.shape)
    return e.b.clamp(e.name(), zero, indices, high)


@deftranspose(O.Gather)
def gather_transpose(e, op, cotangents, linear):
    (ct,), numbers, operand = cotangents, op.dimension_numbers, op.operand.type
    scatter_numbers = ScatterDimensions(
        update_window_dims=tuple(numbers.offset_dims), inserted_window_dims=tuple(numbers.collapsed_slice_dims),
        input_batching_dims=tuple(numbers.operand_batching_dims),
        scatter_indices_batching_dims=tuple(numbers.start_indices_batching_dims),
        scatter_dims_to_operand_dims=tuple(numbers.start_index_map), index_vector_dim=numbers.index_vector_dim)
    indices = _clamped_indices(e, op.start_indices, numbers, operand.shape, tuple(op.slice_sizes))
    zeros = e.zeros_like(operand)
    out = e.b.scatter(e.name(), [zeros], indices, [ct], scatter_numbers, binary_region(e, "add", operand.dtype),
                      op.indices_are_sorted, None)
    return (out, None)


def update_slice_sizes(numbers: ScatterDimensions, updates_shape, rank: int) -> tuple:
    """The slice sizes of the gather that reads back what a scatter wrote: 1 in the inserted
    (and batching) dimensions, the update window's sizes in the others."""
    skipped = set(numbers.inserted_window_dims) | set(numbers.input_batching_dims)
    window = iter(numbers.update_window_dims)
    return tuple(1 if d in skipped else updates_shape[next(window)] for d in range(rank))


def _is_replace_scatter(op) -> bool:
    region = op.update_computation
    return (len(op.inputs) == 1 and not region.ops and len(region.args) == 2
            and tuple(region.results) == (region.args[1],))


def _replace_region(e, dtype):
    body = e.b.region()
    scalar = TensorType((), dtype)
    body.arg(e.name("r"), scalar)
    return body.ret(body.arg(e.name("r"), scalar))


def replace_scatter_jvp(e, op, primals, tangents):
    """JAX's _scatter_jvp: scatter an id per update element the same way; where an input element
    kept its id 0 (nothing written) its tangent stays, and each update element whose id won its
    place adds its tangent there (a scatter-add of the winners' tangents)."""
    (x, indices, u), (tx, _, tu) = primals, tangents
    numbers, i32 = op.scatter_dimension_numbers, DType.I32
    count = 1
    for n in u.type.shape:
        count *= n
    one = e.b.constant(e.name("c"), "1", (count,), i32)
    ids = e.b.reshape(e.name(), e.b.add(e.name(), e.b.iota(e.name(), (count,), i32, 0), one), u.type.shape)
    zeros = e.b.constant(e.name("c"), "0", x.type.shape, i32)
    written = e.b.scatter(e.name(), [zeros], indices, [ids], numbers, _replace_region(e, i32), op.indices_are_sorted,
                          op.unique_indices)
    out = None
    if tx is not None:
        kept = e.b.compare(e.name(), written, zeros, "EQ")
        out = e.b.select(e.name(), kept, tx, e.zeros_like(tx))
    if tu is not None:
        sizes = update_slice_sizes(numbers, u.type.shape, x.type.rank)
        winner = e.b.gather(e.name(), written, indices, scatter_gather_numbers(numbers), sizes, op.indices_are_sorted)
        won = e.b.select(e.name(), e.b.compare(e.name(), winner, ids, "EQ"), tu, e.zeros_like(tu))
        added = e.b.scatter(e.name(), [e.zeros_like(x)], indices, [won], numbers, binary_region(e, "add", x.type.dtype),
                            op.indices_are_sorted, op.unique_indices)
        out = e.add_any(out, added)
    return (out,)


def _scatter_like(e, op, indices, x, updates, method: str):
    """`op`'s scatter, at `indices`, of `updates` into `x` with a `method` body (add, multiply)."""
    return e.b.scatter(e.name(), [x], indices, [updates], op.scatter_dimension_numbers,
                       binary_region(e, method, x.type.dtype), op.indices_are_sorted, op.unique_indices)


def multiply_scatter_jvp(e, op, primals, tangents):
    """out = x * P, P the updates of each place multiplied (1 where none): d out = dx * P + x * (the
    scatter-add of each update's du times the product of the other updates of its place). The others'
    product is P / u, or, where the place holds zeros, the product of its nonzero updates when u is
    its only zero, and 0 otherwise: exact with repeated indices, with no division by zero."""
    (x, indices, u), (tx, _, tu) = primals, tangents
    product = _scatter_like(e, op, indices, e.constant(1, x.type), u, "multiply")
    out = None if tx is None else e.b.multiply(e.name(), tx, product)
    if tu is not None:
        zero, one = e.zeros_like(u), e.constant(1, u.type)
        is_zero = e.b.compare(e.name(), u, zero, "EQ")
        nonzero = e.b.select(e.name(), is_zero, one, u)
        zeros_there = gather_written(e, op, indices, _scatter_like(e, op, indices, e.zeros_like(x), e.b.select(
            e.name(), is_zero, one, zero), "add"))
        nonzero_product = gather_written(e, op, indices, _scatter_like(e, op, indices, e.constant(1, x.type), nonzero,
                                                                       "multiply"))
        others = e.b.select(e.name(), is_zero,
                            e.b.select(e.name(), e.b.compare(e.name(), zeros_there, one, "EQ"), nonzero_product, zero),
                            e.b.select(e.name(), e.b.compare(e.name(), zeros_there, zero, "EQ"),
                                       e.b.divide(e.name(), nonzero_product, nonzero), zero))
        spread = _scatter_like(e, op, indices, e.zeros_like(x), e.b.multiply(e.name(), tu, others), "add")
        out = e.add_any(out, e.b.multiply(e.name(), x, spread))
    return (out,)


def extremal_scatter_jvp(e, op, primals, tangents):
    """JAX's _scatter_extremal_jvp: the places' values read back after the scatter; an update equal to
    its place's value succeeded, and so did the input where it kept its value; each place's tangent is
    the mean of its successes' tangents (the input's replaced through a scatter-add of its share)."""
    (x, indices, u), (tx, _, tu) = primals, tangents
    if tx is None and tu is None:
        return (None,)
    tx, tu = zero_tangent(e, x, tx), zero_tangent(e, u, tu)
    numbers, (out,) = op.scatter_dimension_numbers, e.primal_results(op)
    sizes = update_slice_sizes(numbers, u.type.shape, x.type.rank)

    def read(v):
        return e.b.gather(e.name(), v, indices, scatter_gather_numbers(numbers), sizes,
                          op.indices_are_sorted)

    target = read(out)
    zero, one = e.zeros_like(u), e.constant(1, u.type)
    succeeded = e.b.compare(e.name(), u, target, "EQ")
    retained = e.b.compare(e.name(), read(x), target, "EQ")
    updates = read(_scatter_like(e, op, indices, e.zeros_like(x), e.b.select(e.name(), succeeded, one, zero), "add"))
    references = read(_scatter_like(e, op, indices, e.zeros_like(x), one, "add"))
    share = e.b.select(e.name(), retained, e.b.divide(e.name(), one, e.b.add(e.name(), updates, one)),
                       e.b.divide(e.name(), one, updates))
    update_coefficient = e.b.select(e.name(), succeeded, share, zero)
    input_share = e.b.select(e.name(), retained, e.b.divide(e.name(), one, e.b.add(e.name(), updates, one)), zero)
    input_coefficient = e.b.divide(e.name(), e.b.add(e.name(), e.constant(-1, u.type), input_share), references)
    # a dropped update's place (read clamped) may count no references: its coefficient, then infinite, would
    # meet the zero cotangent its scatter-add gives it in reverse mode
    input_coefficient = e.b.select(e.name(), lands_inside(e, op, indices), input_coefficient, zero)
    spread = e.b.add(e.name(), e.b.multiply(e.name(), read(tx), input_coefficient),
                     e.b.multiply(e.name(), tu, update_coefficient))
    return (_scatter_like(e, op, indices, tx, spread, "add"),)


@defjvp(O.Scatter)
def scatter_jvp(e, op, primals, tangents):
    if _is_replace_scatter(op):
        return replace_scatter_jvp(e, op, primals, tangents)
    body = op.update_computation.simple_op() if len(op.inputs) == 1 else None
    if body is O.Multiply:
        return multiply_scatter_jvp(e, op, primals, tangents)
    if body in (O.Maximum, O.Minimum):
        return extremal_scatter_jvp(e, op, primals, tangents)
    if body is not O.Add:
        raise refuse(op, "has a derivative rule only for a scatter of one input with an add, multiply, maximum or "
                         "minimum body, or one that replaces")
    return linear_in_floats_jvp(e, op, primals, tangents)


def scatter_gather_numbers(numbers: ScatterDimensions) -> GatherDimensions:
    return GatherDimensions(
        offset_dims=tuple(numbers.update_window_dims), collapsed_slice_dims=tuple(numbers.inserted_window_dims),
        operand_batching_dims=tuple(numbers.input_batching_dims),
        start_indices_batching_dims=tuple(numbers.scatter_indices_batching_dims),
        start_index_map=tuple(numbers.scatter_dims_to_operand_dims), index_vector_dim=numbers.index_vector_dim)


def lands_inside(e, op, indices) -> "Value":
    """Whether each update element lands inside the inputs (i1, of the updates' shape): the scatter
    drops an update whose window, from its start index, does not fit; gather would clamp it."""
    numbers = op.scatter_dimension_numbers
    updates, rank = op.updates[0].type, op.inputs[0].type.rank
    sizes = update_slice_sizes(numbers, updates.shape, rank)
    clamped = _clamped_indices(e, indices, scatter_gather_numbers(numbers), op.inputs[0].type.shape, sizes)
    inside = e.b.compare(e.name(), indices, clamped, "EQ")
    if numbers.index_vector_dim < indices.type.rank:
        true = e.b.constant(e.name("c"), "true", (), DType.I1)
        inside = e.b.reduce(e.name(), inside, true, (numbers.index_vector_dim,), "and")
    scatter_dims = [d for d in range(updates.rank) if d not in set(numbers.update_window_dims)]
    return e.b.broadcast_in_dim(e.name(), inside, scatter_dims, updates.shape)


def gather_written(e, op, indices, x):
    """x read back at each update element's place (a gather at the scatter's indices), 0 where the
    scatter dropped the update."""
    numbers = op.scatter_dimension_numbers
    sizes = update_slice_sizes(numbers, op.updates[0].type.shape, x.type.rank)
    read = e.b.gather(e.name(), x, indices, scatter_gather_numbers(numbers), sizes, op.indices_are_sorted)
    return e.b.select(e.name(), lands_inside(e, op, indices), read, e.zeros_like(read))


@deftranspose(O.Scatter)
def scatter_transpose(e, op, cotangents, linear):
    """JAX's _scatter_add_transpose_rule (mode="drop"): the inputs' cotangent is the cotangent; the
    updates', the cotangent gathered at the scattered slices, 0 for an update the scatter dropped."""
    (ct,) = cotangents
    update_ct = gather_written(e, op, op.scatter_indices, ct) if linear[2] else None
    return (ct if linear[0] else None, None, update_ct)


@deftranspose(O.DynamicSlice)
def dynamic_slice_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    zeros = e.zeros_like(op.operand)
    return (e.b.dynamic_update_slice(e.name(), zeros, ct, list(op.start_indices)),) + (None,) * len(op.start_indices)


@deftranspose(O.DynamicUpdateSlice)
def dynamic_update_slice_transpose(e, op, cotangents, linear):
    (ct,), starts = cotangents, list(op.start_indices)
    operand_ct = update_ct = None
    if linear[0]:
        operand_ct = e.b.dynamic_update_slice(e.name(), ct, e.zeros_like(op.update), starts)
    if linear[1]:
        update_ct = e.b.dynamic_slice(e.name(), ct, starts, tuple(op.update.type.shape))
    return (operand_ct, update_ct) + (None,) * len(starts)


def take_along(e, x, permutation, dim: int):
    """x[..., permutation[...], ...] along `dim` (numpy's take_along_axis): a gather whose index
    vectors are the iotas of the other dimensions and the permutation in `dim`."""
    shape, rank = permutation.type.shape, x.type.rank  # top_k's indices are shorter than x in `dim`
    index_type = permutation.type
    parts = []
    for d in range(rank):
        part = permutation if d == dim else e.b.iota(e.name(), shape, index_type.dtype, d)
        parts.append(e.b.reshape(e.name(), part, shape + (1,)))
    indices = parts[0] if rank == 1 else e.b.concatenate(e.name(), parts, rank)
    numbers = GatherDimensions(offset_dims=(), collapsed_slice_dims=tuple(range(rank)),
                               start_index_map=tuple(range(rank)), index_vector_dim=rank)
    return e.b.gather(e.name(), x, indices, numbers, (1,) * rank)


def _comparator_with_iota(e, op):
    """The sort's comparator, taking two more (i32) arguments it ignores: an iota's elements."""
    region = op.comparator
    body = e.b.region()
    mapping = {a: body.arg(e.name("r"), a.type) for a in region.args}
    for _ in range(2):
        body.arg(e.name("r"), TensorType((), DType.I32))
    for inner in region.ops:
        body.emit(copy_op(inner, mapping))
    return body.ret(*(mapping.get(v, v) for v in region.results))


@defjvp(O.Sort)
def sort_jvp(e, op, primals, tangents):
    """JAX's _sort_jvp: sort an iota along with the inputs; its result is the permutation."""
    shape = primals[0].type.shape
    dim = -1 if op.dimension is None else op.dimension
    dim %= len(shape)
    iota = e.b.iota(e.name(), shape, DType.I32, dim)
    out = e.b.sort([e.name() for _ in range(len(primals) + 1)], [*primals, iota], _comparator_with_iota(e, op),
                   op.dimension, op.is_stable)
    permutation = out[-1]
    return tuple(None if t is None else take_along(e, t, permutation, dim) for t in tangents)
