"""Collectives: ops across the replicas and partitions of the process grid, the ids of a process,
and the ops that move data to and from outside the program (send, recv, infeed, outfeed).

MLIR prints all of them but replica_id and partition_id in its generic form. Their rules are MLIR's
verifiers (replica groups of unique ids 0..n-1; a use of global device ids needs a channel); what
depends on the grid's size (a group's members, a gather's result size across partitions) is
checked by the evaluator, which knows the grid.
"""

from __future__ import annotations

import re

from ..attributes import (ATTRIBUTE_TEXT, BOOL, CHANNEL_HANDLE, DENSE_INTS, I64, REPLICA_GROUPS, STRING, UNIT, ChannelHandle,
                          DenseInts, MeshAxesGroups)
from ..declare import (Op, attr_def, operand_def, region_def, result_type_def, var_operand_def, var_result_def)
from ..traits import PURE, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError
from ..type_rules import PER_TENSOR, is_promotable, scalar, static, tensor, type_text
from ..types import FutureType, TensorType, TokenType

_EVALUATE = "vitir.evaluate.collectives:"


def _rows(groups: DenseInts) -> list[list[int]]:
    return [list(r) for r in groups.rows()] if groups.values else [[] for _ in range(groups.shape[0])]


def check_replica_groups(groups: DenseInts | MeshAxesGroups, same_size: bool = False,
                         use_global_device_ids=None) -> None:
    """MLIR's check of replica groups: a 2-d tensor of unique ids that are 0..n-1 (-1 pads a ragged
    group where the op allows it). Groups over mesh axes are checked when made (distinct axes); their
    members depend on the mesh."""
    if isinstance(groups, MeshAxesGroups):
        return
    if len(groups.shape) != 2:
        raise RuleError(f"replica_groups must be a 2-d tensor, got shape {list(groups.shape)}")
    if use_global_device_ids and groups.shape[0] * groups.shape[1] == 0:
        raise RuleError("replica_groups cannot be empty with use_global_device_ids")
    if any(i < -1 for i in groups.values) or (same_size and -1 in groups.values):
        raise RuleError(f"replica_groups {_rows(groups)} hold a negative id")
    ids = [i for i in groups.values if i != -1]
    if len(set(ids)) != len(ids):
        raise RuleError(f"replica_groups {_rows(groups)} repeat a replica")
    missing = sorted(set(range(len(ids))) - set(ids))
    if missing:
        raise RuleError(f"replica_groups {_rows(groups)} skip id {missing[0]} (ids are 0..{len(ids) - 1})")


def _channel(channel_handle: ChannelHandle | None) -> int:
    return channel_handle.handle if channel_handle is not None else 0


def _check_global(channel_handle, use_global_device_ids, allow_zero: bool = False) -> None:
    channel = _channel(channel_handle)
    if use_global_device_ids and (channel < 0 if allow_zero else channel <= 0):
        raise RuleError(f"use_global_device_ids needs a channel_handle with a positive handle, got {channel}")


def _check_computation(computation, operand: TensorType):
    """The type of the operand's reduction: the computation takes two rank-0 tensors of the operand's
    element type, or of one it promotes to (an f32 summed in f64, StableHLO's is_promotable), and
    returns one; the result has the operand's shape and that element type."""
    args, results = computation
    accumulator = scalar(operand)
    if (len(results) == 1 and getattr(results[0], "shape", None) == () and hasattr(results[0], "with_shape")
            and is_promotable(operand.dtype, results[0].dtype)):
        accumulator = results[0]
    if tuple(args) != (accumulator, accumulator) or tuple(results) != (accumulator,):
        raise RuleError(f"the computation takes ({type_text(args)}) and returns ({type_text(results)}), "
                        f"needs ({accumulator}, {accumulator}) -> {accumulator}")
    return accumulator.with_shape(operand.shape)


def _dimension(what: str, value: int, t: TensorType, index: int) -> None:
    if not 0 <= value < t.rank:
        raise RuleError(f"{what} {value} is out of range for operand {index} of rank {t.rank}")


def _width(groups: DenseInts | MeshAxesGroups) -> int:
    if isinstance(groups, MeshAxesGroups):
        raise RuleError(f"the size of replica groups over axes of mesh @{groups.mesh} depends on the mesh: "
                        "give the result types")
    return groups.shape[1] if len(groups.shape) == 2 else 0


def _scaled(t: TensorType, dim: int, factor: int, divide: bool = False) -> TensorType:
    shape = list(t.shape)
    if shape[dim] is not None:  # a dimension known only at run time stays so
        shape[dim] = shape[dim] // factor if divide else shape[dim] * factor
    return t.with_shape(shape)


def _same_but(operand: TensorType, result: TensorType, dim: int, index: int, what: str) -> None:
    tensor(result, "result", quantized=PER_TENSOR)
    if result.dtype is not operand.dtype or result.rank != operand.rank or any(
            a != b for d, (a, b) in enumerate(zip(operand.shape, result.shape)) if d != dim):
        raise RuleError(f"result {index} {result} must be operand {index}'s {operand} but for dimension {dim} ({what})")


class AllReduce(Op):
    """Reduces each operand across the processes of its group with `computation` (two rank-0
    arguments of the element type, one result)."""

    NAME = "stablehlo.all_reduce"
    inputs = var_operand_def()
    replica_groups = attr_def(REPLICA_GROUPS)
    computation = region_def()
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    use_global_device_ids = attr_def(UNIT, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "all_reduce"

    @staticmethod
    def rule(inputs, replica_groups, computation, channel_handle, use_global_device_ids):
        if not inputs:
            raise RuleError("all_reduce needs at least one operand")
        for t in inputs:
            tensor(t, quantized=PER_TENSOR)
        check_replica_groups(replica_groups, False, use_global_device_ids)
        _check_global(channel_handle, use_global_device_ids)
        return tuple(_check_computation(computation, t) for t in inputs)


class AllGather(Op):
    """Concatenates the operands of the processes of each group along `all_gather_dim`. The result
    types are the caller's, or a gather over one group row (a group of replicas, or of global ids)."""

    NAME = "stablehlo.all_gather"
    inputs = var_operand_def()
    all_gather_dim = attr_def(I64)
    replica_groups = attr_def(REPLICA_GROUPS)
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    use_global_device_ids = attr_def(UNIT, default=None)
    result_types = result_type_def("the gathered types (None: the operands' times the group size)", several=True,
                                   optional=True)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "all_gather"

    @staticmethod
    def rule(inputs, all_gather_dim, replica_groups, channel_handle, use_global_device_ids, result_types):
        if not inputs:
            raise RuleError("all_gather needs at least one operand")
        check_replica_groups(replica_groups, True, use_global_device_ids)
        _check_global(channel_handle, use_global_device_ids, allow_zero=True)
        for i, t in enumerate(inputs):
            tensor(t, quantized=PER_TENSOR)
            _dimension("all_gather_dim", all_gather_dim, t, i)
            if t.shape[all_gather_dim] == 0:
                raise RuleError(f"operand {i} {t} is empty along all_gather_dim {all_gather_dim}")
        if result_types is None:
            return tuple(_scaled(t, all_gather_dim, max(_width(replica_groups), 1)) for t in inputs)
        if len(result_types) != len(inputs):
            raise RuleError(f"{len(result_types)} result types for {len(inputs)} operands")
        for i, (t, r) in enumerate(zip(inputs, result_types)):
            _same_but(t, r, all_gather_dim, i, f"a multiple of {t.shape[all_gather_dim]}")
            if None not in (r.shape[all_gather_dim], t.shape[all_gather_dim]) and (
                    r.shape[all_gather_dim] % t.shape[all_gather_dim]):
                raise RuleError(f"result {i} {r} gathers {r.shape[all_gather_dim]} along dimension "
                                f"{all_gather_dim}, not a multiple of the operand's {t.shape[all_gather_dim]}")
        return tuple(result_types)


class ReduceScatter(Op):
    """Reduces the operand across each group with `computation`, then splits the sum along
    `scatter_dimension`: each process keeps its part. The result type is the caller's, or one part
    of a group row (a group of replicas, or of global ids)."""

    NAME = "stablehlo.reduce_scatter"
    operand = operand_def()
    scatter_dimension = attr_def(I64)
    replica_groups = attr_def(REPLICA_GROUPS)
    computation = region_def()
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    use_global_device_ids = attr_def(UNIT, default=None)
    result_type = result_type_def("the part's type (None: the operand's over the group size)", optional=True)
    syntax = "generic"
    evaluate = _EVALUATE + "reduce_scatter"

    @staticmethod
    def rule(operand, scatter_dimension, replica_groups, computation, channel_handle, use_global_device_ids,
             result_type):
        tensor(operand, quantized=PER_TENSOR)
        check_replica_groups(replica_groups, True, use_global_device_ids)
        operand = _check_computation(computation, operand)  # in the reduction's element type from here
        _dimension("scatter_dimension", scatter_dimension, operand, 0)
        _check_global(channel_handle, use_global_device_ids)
        size = operand.shape[scatter_dimension]
        if result_type is None:
            width = max(_width(replica_groups), 1)
            if size is not None and size % width:
                raise RuleError(f"dimension {scatter_dimension} of {operand} does not split into {width} parts")
            result_type = _scaled(operand, scatter_dimension, width, divide=True)
        _same_but(operand, result_type, scatter_dimension, 0, f"a divisor of {size}")
        part = result_type.shape[scatter_dimension]
        if part == 0 or size == 0 or None not in (size, part) and size % part:
            raise RuleError(f"result {result_type} keeps {part} of dimension {scatter_dimension}, which must divide "
                            f"the operand's {size}")
        return result_type


class AllToAll(Op):
    """Each process splits each operand into `split_count` parts along `split_dimension` and sends
    part i to the i-th process of its group, which concatenates what it gets along
    `concat_dimension`."""

    NAME = "stablehlo.all_to_all"
    inputs = var_operand_def()
    split_dimension = attr_def(I64)
    concat_dimension = attr_def(I64)
    split_count = attr_def(I64)
    replica_groups = attr_def(REPLICA_GROUPS)
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "all_to_all"

    @staticmethod
    def rule(inputs, split_dimension, concat_dimension, split_count, replica_groups, channel_handle):
        if not inputs:
            raise RuleError("all_to_all needs at least one operand")
        if split_count <= 0:
            raise RuleError(f"split_count must be positive, got {split_count}")
        check_replica_groups(replica_groups, True)
        if not isinstance(replica_groups, MeshAxesGroups) and (
                replica_groups.shape[0] == 0 or _width(replica_groups) != split_count):
            raise RuleError(f"replica_groups {_rows(replica_groups)} must be groups of split_count {split_count}")
        out = []
        for i, t in enumerate(inputs):
            tensor(t, quantized=PER_TENSOR)
            _dimension("split_dimension", split_dimension, t, i)
            _dimension("concat_dimension", concat_dimension, t, i)
            if t.shape[split_dimension] is not None and t.shape[split_dimension] % split_count:
                raise RuleError(f"dimension {split_dimension} of operand {i} {t} does not split into "
                                f"{split_count} parts")
            out.append(_scaled(_scaled(t, split_dimension, split_count, divide=True), concat_dimension, split_count))
        return tuple(out)


class CollectivePermute(Op):
    """Each pair (source, target) of `source_target_pairs` sends the source's operand to the target;
    a process no pair targets gets zeros."""

    NAME = "stablehlo.collective_permute"
    operand = operand_def()
    source_target_pairs = attr_def(DENSE_INTS)
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    syntax = "generic"
    evaluate = _EVALUATE + "collective_permute"

    @staticmethod
    def rule(operand, source_target_pairs, channel_handle):
        tensor(operand, quantized=PER_TENSOR)
        pairs = source_target_pairs
        if len(pairs.shape) != 2 or pairs.shape[1] != 2:
            raise RuleError(f"source_target_pairs must have shape [N, 2], got {list(pairs.shape)}")
        rows = pairs.rows() if pairs.values else []
        if any(i < 0 for i in pairs.values):
            raise RuleError(f"source_target_pairs {[list(r) for r in rows]} hold a negative id")
        for side, name in ((0, "source"), (1, "target")):
            ids = [r[side] for r in rows]
            if len(set(ids)) != len(ids):
                raise RuleError(f"source_target_pairs {[list(r) for r in rows]} repeat a {name}")
        return operand


class CollectiveBroadcast(Op):
    """Each process of a group gets the operands of the group's source (its first member, or with
    `has_dynamic_root` the member the last operand, a rank-1 i32 tensor, names per operand); a
    process in no group gets zeros."""

    NAME = "stablehlo.collective_broadcast"
    inputs = var_operand_def()
    replica_groups = attr_def(REPLICA_GROUPS)
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    has_dynamic_root = attr_def(UNIT, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "collective_broadcast"

    @staticmethod
    def rule(inputs, replica_groups, channel_handle, has_dynamic_root):
        if not isinstance(replica_groups, MeshAxesGroups):
            if len(replica_groups.shape) != 2:
                raise RuleError(f"replica_groups must be a 2-d tensor, got shape {list(replica_groups.shape)}")
            if any(i < 0 for i in replica_groups.values):
                raise RuleError(f"replica_groups {_rows(replica_groups)} hold a negative id")
            if len(set(replica_groups.values)) != len(replica_groups.values):
                raise RuleError(f"replica_groups {_rows(replica_groups)} repeat a replica")
        return _data_operands("collective_broadcast", inputs, has_dynamic_root)


def _data_operands(op: str, inputs, has_dynamic_root) -> tuple:
    """The operands that carry data: all of them, or with has_dynamic_root all but the roots."""
    for t in inputs:
        tensor(t, quantized=PER_TENSOR)
    if not has_dynamic_root:
        if not inputs:
            raise RuleError(f"{op} needs at least one operand")
        return tuple(inputs)
    if len(inputs) < 2:
        raise RuleError(f"{op} with has_dynamic_root needs the data operands and a last operand of roots")
    roots, data = inputs[-1], inputs[:-1]
    if roots.dtype is not DType.I32 or roots.rank != 1 or roots.shape[0] != len(data):
        raise RuleError(f"the roots of has_dynamic_root must be tensor<{len(data)}xi32> (one per data operand), "
                        f"got {roots}")
    return tuple(data)


class CollectiveReduce(Op):
    """Reduces each operand across each group with `computation`; the result lands on the group's
    source (its first member, or the one `has_dynamic_root`'s last operand names), zeros elsewhere."""

    NAME = "stablehlo.collective_reduce"
    inputs = var_operand_def()
    replica_groups = attr_def(REPLICA_GROUPS)
    computation = region_def()
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    use_global_device_ids = attr_def(UNIT, default=None)
    has_dynamic_root = attr_def(UNIT, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "collective_reduce"

    @staticmethod
    def rule(inputs, replica_groups, computation, channel_handle, use_global_device_ids, has_dynamic_root):
        check_replica_groups(replica_groups, False, use_global_device_ids)
        _check_global(channel_handle, use_global_device_ids)
        data = _data_operands("collective_reduce", inputs, has_dynamic_root)
        return tuple(_check_computation(computation, t) for t in data)


class ReplicaId(Op):
    """The replica id of the process: `%r = stablehlo.replica_id : tensor<ui32>`."""

    NAME = "stablehlo.replica_id"
    traits = (PURE, SPECULATABLE)
    syntax = ": {type:result}"
    evaluate = _EVALUATE + "replica_id"

    @staticmethod
    def rule():
        return TensorType((), DType.UI32)


class PartitionId(Op):
    """The partition id of the process: `%r = stablehlo.partition_id : tensor<ui32>`."""

    NAME = "stablehlo.partition_id"
    traits = (PURE, SPECULATABLE)
    syntax = ": {type:result}"
    evaluate = _EVALUATE + "partition_id"

    @staticmethod
    def rule():
        return TensorType((), DType.UI32)


# -- outside the program: host and channel transfers --------------------------------------------

def _token(t, what: str = "token") -> None:
    if not isinstance(t, TokenType):
        raise RuleError(f"{what} must be a !stablehlo.token, got {t}")


def _payload(types, what: str) -> tuple:
    """Results of tensors then a token (recv, infeed)."""
    if not types:
        raise RuleError(f"{what} needs at least a token result")
    for t in types[:-1]:  # MLIR's HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken
        tensor(t, "every result but the last", quantized=True)
        static(t)
    _token(types[-1], "the last result")
    return tuple(types)


_CHANNEL_TYPES = {1: "DEVICE_TO_DEVICE", 2: "DEVICE_TO_HOST", 3: "HOST_TO_DEVICE"}


def _check_channel_type(channel_handle: ChannelHandle, is_host_transfer, host_type: int) -> None:
    want = host_type if is_host_transfer else 1
    if channel_handle.type != want:
        raise RuleError(f"channel_handle type {channel_handle.type} must be {want} ({_CHANNEL_TYPES[want]}) when "
                        f"is_host_transfer is {'true' if is_host_transfer else 'false'}")


class Send(Op):
    """Sends its inputs on channel `channel_handle` (to the host, or to other processes by
    `source_target_pairs`); its result orders later effects."""

    NAME = "stablehlo.send"
    inputs = var_operand_def()
    token = operand_def()
    channel_handle = attr_def(CHANNEL_HANDLE)
    is_host_transfer = attr_def(BOOL, default=None)
    source_target_pairs = attr_def(DENSE_INTS, default=None)
    syntax = "generic"
    evaluate = _EVALUATE + "outside_the_program"

    @staticmethod
    def rule(inputs, token, channel_handle, is_host_transfer, source_target_pairs):
        for t in inputs:
            tensor(t, "each input", quantized=True)
        _token(token)
        _check_channel_type(channel_handle, is_host_transfer, 2)
        return TokenType()


class Recv(Op):
    """Receives tensors of the given types and a token on channel `channel_handle`."""

    NAME = "stablehlo.recv"
    token = operand_def()
    channel_handle = attr_def(CHANNEL_HANDLE)
    result_types = result_type_def("the received tensors' types and, last, the token's", several=True)
    is_host_transfer = attr_def(BOOL, default=None)
    source_target_pairs = attr_def(DENSE_INTS, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "outside_the_program"

    @staticmethod
    def rule(token, channel_handle, result_types, is_host_transfer, source_target_pairs):
        _token(token)
        _check_channel_type(channel_handle, is_host_transfer, 3)
        return _payload(result_types, "recv")


def _infeed_layout(text: str, tensors: int) -> None:
    """MLIR's rule for infeed's `layout`: an array of one array of integers per tensor result."""
    items = _array_items(text)
    if items is None:
        raise RuleError(f"layout-attribute expected to be of array-type, got {text}")
    if len(items) != tensors:
        raise RuleError(f"layout-attribute size must be {tensors} (which is the number of op-results - 1 (for "
                        f"token result)), but got {len(items)}")
    for item in items:
        leaves = _array_items(item)
        if leaves is None:
            raise RuleError(f"layout-attribute expected to have elements of type array, but got {item}")
        for leaf in leaves:
            if not re.fullmatch(r"-?\d+(\s*:\s*i\d+)?", leaf):
                raise RuleError(f"layout-attribute's leaf elements are expected to be of type integer, but got {leaf}")


def _array_items(text: str) -> list[str] | None:
    """The items of an MLIR array attribute's text (`[a, [b, c]]`), split at its own commas; None if
    the text is no array."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    items, depth, start = [], 0, 1
    for i, c in enumerate(text[1:-1], start=1):
        if c in "[<({":
            depth += 1
        elif c in "]>)}":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    last = text[start:-1].strip()
    return items + [last] if last or items else items


class Infeed(Op):
    """Reads tensors of the given types (and a token) from the infeed."""

    NAME = "stablehlo.infeed"
    token = operand_def()
    result_types = result_type_def("the tensors' types and, last, the token's", several=True)
    infeed_config = attr_def(STRING, default="")
    layout = attr_def(ATTRIBUTE_TEXT, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "outside_the_program"

    @staticmethod
    def rule(token, result_types, infeed_config, layout):
        _token(token)
        out = _payload(result_types, "infeed")
        if layout is not None:
            _infeed_layout(layout, len(result_types) - 1)
        return out


class Outfeed(Op):
    """Writes its inputs to the outfeed; its result orders later effects."""

    NAME = "stablehlo.outfeed"
    inputs = var_operand_def()
    token = operand_def()
    outfeed_config = attr_def(STRING, default="")
    syntax = "generic"
    evaluate = _EVALUATE + "outside_the_program"

    @staticmethod
    def rule(inputs, token, outfeed_config):
        for t in inputs:
            tensor(t, "each input", quantized=True)
        _token(token)
        return TokenType()


# -- asynchronous collectives ---------------------------------------------------------------------

class AsyncStart(Op):
    """Starts `body` (one collective or slice and its return) on `inputs`, which are its
    arguments; the result is a future of the one value it returns, which async_done waits for.
    The evaluator runs it at once, as a backend may (the spec does not promise asynchrony)."""

    NAME = "stablehlo.async_start"
    inputs = var_operand_def()
    body = region_def()
    evaluate = _EVALUATE + "async_start"

    @staticmethod
    def rule(inputs, body):
        arguments, returned = body
        if len(arguments) != len(inputs):
            raise RuleError(f"number of operands ({len(inputs)}) must match number of region arguments "
                            f"({len(arguments)})")
        for i, (t, a) in enumerate(zip(inputs, arguments)):
            tensor(t, f"operand {i}", quantized=PER_TENSOR)
            if t != a:
                raise RuleError(f"operand type {t} at index {i} must match region argument type {a}")
        if len(returned) != 1:
            raise RuleError(f"region must return exactly one value, but got {len(returned)}")
        return FutureType(returned)


class AsyncDone(Op):
    """Waits for the future an async_start gave and returns its value."""

    NAME = "stablehlo.async_done"
    operand = operand_def()
    evaluate = _EVALUATE + "async_done"

    @staticmethod
    def rule(operand):
        if not isinstance(operand, FutureType):
            raise RuleError(f"operand must be a future type, got {operand}")
        if len(operand.types) != 1:
            raise RuleError(f"future must have exactly one type parameter, but got {len(operand.types)}")
        return tensor(operand.types[0], "result", quantized=PER_TENSOR)
