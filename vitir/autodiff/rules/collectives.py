"""The collectives: linear in their float operands (with an add body where they reduce), and
transposing into each other as JAX's do (psum, all_gather, psum_scatter, all_to_all, ppermute):
all_reduce into itself, all_gather into reduce_scatter and back, all_to_all into the all_to_all
that splits where it concatenated, collective_permute into the permutation with its pairs
reversed. Each new collective keeps the op's replica groups and channel."""

from __future__ import annotations

from ...ast import ops as O
from ...ast.element_types import DType
from ..tables import defjvp, deftranspose, refuse
from .regions import binary_region


def _adds(op, region) -> None:
    if region.simple_op() is not O.Add:
        raise refuse(op, "has a derivative rule only with an add body (a sum over the group)")


def _on_present(values, build) -> tuple:
    """`build` of the values that are not None (a variadic collective of those), in their places."""
    present = [v for v in values if v is not None]
    if not present:
        return (None,) * len(values)
    out = build(present)
    out = iter(out if isinstance(out, tuple) else (out,))
    return tuple(next(out) if v is not None else None for v in values)


def _names(e, count):
    return [e.name() for _ in range(count)]


def _all_reduce(e, op, values):
    dtype = next(v for v in values if v is not None).type.dtype
    return _on_present(values, lambda vs: e.b.all_reduce(_names(e, len(vs)), vs, op.replica_groups,
                                                         binary_region(e, "add", dtype), op.channel_handle,
                                                         getattr(op, "use_global_device_ids", None)))


@defjvp(O.AllReduce)
def all_reduce_jvp(e, op, primals, tangents):
    _adds(op, op.computation)
    return _all_reduce(e, op, tangents)


@deftranspose(O.AllReduce)
def all_reduce_transpose(e, op, cotangents, linear):
    _adds(op, op.computation)
    return _all_reduce(e, op, cotangents)


@defjvp(O.AllGather)
def all_gather_jvp(e, op, primals, tangents):
    return _on_present(tangents, lambda vs: e.b.all_gather(_names(e, len(vs)), vs, op.all_gather_dim,
                                                           op.replica_groups, op.channel_handle,
                                                           getattr(op, "use_global_device_ids", None)))


@deftranspose(O.AllGather)
def all_gather_transpose(e, op, cotangents, linear):
    return tuple(None if ct is None else e.b.reduce_scatter(
        e.name(), ct, op.all_gather_dim, op.replica_groups, binary_region(e, "add", ct.type.dtype), op.channel_handle,
        op.use_global_device_ids, result_type=v.type) for v, ct in zip(op.inputs, cotangents))


@defjvp(O.ReduceScatter)
def reduce_scatter_jvp(e, op, primals, tangents):
    _adds(op, op.computation)
    (t,) = tangents
    return (e.b.reduce_scatter(e.name(), t, op.scatter_dimension, op.replica_groups,
                               binary_region(e, "add", t.type.dtype), op.channel_handle, op.use_global_device_ids,
                               result_type=op.results[0].type),)


@deftranspose(O.ReduceScatter)
def reduce_scatter_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    return (e.b.all_gather(e.name(), [ct], op.scatter_dimension, op.replica_groups, op.channel_handle,
                           op.use_global_device_ids, result_types=[op.operand.type]),)


def _all_to_all(e, op, values, split, concat):
    return _on_present(values, lambda vs: e.b.all_to_all(_names(e, len(vs)), vs, split, concat, op.split_count,
                                                         op.replica_groups, op.channel_handle))


@defjvp(O.AllToAll)
def all_to_all_jvp(e, op, primals, tangents):
    return _all_to_all(e, op, tangents, op.split_dimension, op.concat_dimension)


@deftranspose(O.AllToAll)
def all_to_all_transpose(e, op, cotangents, linear):
    return _all_to_all(e, op, cotangents, op.concat_dimension, op.split_dimension)


@defjvp(O.CollectivePermute)
def collective_permute_jvp(e, op, primals, tangents):
    return (e.b.collective_permute(e.name(), tangents[0], op.source_target_pairs, op.channel_handle),)


@deftranspose(O.CollectivePermute)
def collective_permute_transpose(e, op, cotangents, linear):
    """Each target sends back to its source; a process none sent to gets zeros, as the op gives."""
    reversed_pairs = [[target, source] for source, target in op.source_target_pairs.rows()]
    return (e.b.collective_permute(e.name(), cotangents[0], reversed_pairs, op.channel_handle),)


def _static_root(op) -> None:
    if op.has_dynamic_root:
        raise refuse(op, "has a derivative rule only for the group's first member as the source, not a "
                         "dynamic root")
    if op.channel_handle is not None and op.channel_handle.handle > 0:
        raise refuse(op, "has a derivative rule only across replicas (no channel), not across partitions")


@defjvp(O.CollectiveBroadcast)
def collective_broadcast_jvp(e, op, primals, tangents):
    _static_root(op)
    return _on_present(tangents, lambda vs: e.b.collective_broadcast(_names(e, len(vs)), vs, op.replica_groups,
                                                                     op.channel_handle))


@deftranspose(O.CollectiveBroadcast)
def collective_broadcast_transpose(e, op, cotangents, linear):
    """JAX's pbroadcast transpose: the source of each group gets the sum of its group's cotangents
    (an all_reduce over the same groups), every other member zero."""
    _static_root(op)
    groups = op.replica_groups
    width = groups.shape[1] if len(groups.shape) == 2 else 0
    sources = set(groups.values[::width]) if width else set()
    table = [1 if i in sources else 0 for i in range(max(groups.values, default=0) + 1)]
    flags = e.b.constant_array(e.name("c"), table, (len(table),), DType.I32)
    me = e.b.convert(e.name(), e.b.replica_id(e.name()), DType.I32)
    mine = e.b.reshape(e.name(), e.b.dynamic_slice(e.name(), flags, [me], (1,)), ())
    is_source = e.b.compare(e.name(), mine, e.b.constant(e.name("c"), "1", (), DType.I32), "EQ")
    sums = _all_reduce(e, op, list(cotangents))

    def keep(total):
        if total is None:
            return None
        where = e.b.broadcast_in_dim(e.name(), is_source, (), total.type.shape)
        return e.b.select(e.name(), where, total, e.zeros_like(total))
    return tuple(keep(s) for s in sums)
