"""Evaluators of collectives, as StableHLO's spec defines them over the process grid.

Each process evaluates its own op: it finds its process group (from the replica
groups, the channel and use_global_device_ids, by the spec's cross_replica,
cross_partition, cross_replica_and_partition and flattened_ids), meets the
group's other members there (vitir/evaluate/processes.py) and computes its own
result from every member's operands, in the group's order.
"""

from __future__ import annotations

import numpy as np

from ..ast.attributes import MeshAxesGroups
from ..errors import EvaluationError
from .processes import ProcessId, current

# How each op splits the grid: by (channel_id > 0, use_global_device_ids).
_REPLICA_AND_PARTITION = {(False, False): "cross_replica", (True, False): "cross_replica_and_partition",
                          (True, True): "flattened_ids"}
_REPLICA_OR_PARTITION = {(False, False): "cross_replica", (True, False): "cross_partition"}
# What a mode's ids count, for the message when the grid lacks some.
_COUNTS = {"cross_replica": "replicas", "cross_partition": "partitions", "cross_replica_and_partition": "replicas",
           "flattened_ids": "processes"}


def channel_id(op) -> int:
    handle = getattr(op, "channel_handle", None)  # cross-replica-sum has none: channel 0
    return handle.handle if handle is not None else 0


def _mode(op, table: dict) -> str:
    mode = table.get((channel_id(op) > 0, bool(getattr(op, "use_global_device_ids", None))))
    if mode is None:
        raise EvaluationError(f"{_what(op)}: use_global_device_ids without a positive channel_handle splits the "
                              "grid in no way the spec defines")
    return mode


def _id_rows(ids) -> list[list[int]]:
    return [[i for i in row if i != -1] for row in ids.rows()] if ids.values else []


def process_groups(op, table: dict, verb: str, field: str = "replica_groups") -> list[tuple[ProcessId, ...]]:
    """The op's process groups in the current grid, from its `field` of ids (no replica groups: one
    group of every id)."""
    grid = current().grid
    mode = _mode(op, table)
    count = {"cross_replica": grid.replicas, "cross_partition": grid.partitions,
             "cross_replica_and_partition": grid.replicas, "flattened_ids": grid.size}[mode]
    ids = getattr(op, field)
    if isinstance(ids, MeshAxesGroups):  # the members are the mesh's, which the op does not hold
        raise EvaluationError(f"{_what(op)}: replica groups over the axes of mesh @{ids.mesh} are not evaluated; "
                              "write them as a dense tensor of ids")
    rows = _id_rows(ids)
    if not any(rows):
        if field != "replica_groups":
            return []
        rows = [list(range(count))]
    need = max(i for row in rows for i in row) + 1
    if need > count:
        unit = _COUNTS[mode]
        hint = (f"evaluate with {unit}={need}, not {count}" if unit != "processes" else
                f"evaluate with {need} processes (replicas x partitions), not {count}")
        raise EvaluationError(f"{_what(op)}: {field} {rows} {verb} {need} {unit}; {hint}")
    return getattr(grid, mode)(rows)


def _ssa(op) -> str:
    return op.results[0].ssa if op.results else ""


def _what(op) -> str:
    return f"{op.NAME} {_ssa(op)}"


def my_group(op, groups) -> tuple[ProcessId, ...] | None:
    me = current().id
    return next((g for g in groups if me in g), None)


def _required_group(op, groups) -> tuple[ProcessId, ...]:
    group = my_group(op, groups)
    if group is None:
        raise EvaluationError(f"{_what(op)}: process {current().id} is in none of its process groups "
                              f"({'; '.join(', '.join(map(str, g)) for g in groups)})")
    return group


def _meet(op, group, values) -> list:
    return current().meet(group, channel_id(op), values, _what(op))


def _check_shape(op, index: int, array: np.ndarray) -> np.ndarray:
    want = op.results[index].type
    if array.shape != want.shape:
        raise EvaluationError(f"{_what(op)}: result {index} is {want}, but the process group makes shape "
                              f"{list(array.shape)} (the result type does not fit the grid)")
    return array


def _fold(op, run, arrays: list) -> np.ndarray:
    total = arrays[0]
    for x in arrays[1:]:
        total = run(op.computation, total, x)[0]
    return total


def _zeros(op, index: int) -> np.ndarray:
    from ..numpy_dtypes import numpy_dtype

    t = op.results[index].type
    return np.zeros(t.shape, numpy_dtype(t.dtype))


# -- the ops --------------------------------------------------------------------------------------

def all_reduce(op, *operands, run) -> tuple:
    """Each result is the fold, in the group's order, of the group's operands by the computation."""
    group = _required_group(op, process_groups(op, _REPLICA_AND_PARTITION, "reduce over"))
    gathered = _meet(op, group, operands)
    return tuple(_fold(op, run, [member[j] for member in gathered]) for j in range(len(operands)))


def all_gather(op, *operands) -> tuple:
    """Each result concatenates the group's operands along all_gather_dim, in the group's order."""
    group = _required_group(op, process_groups(op, _REPLICA_AND_PARTITION, "gather from"))
    gathered = _meet(op, group, operands)
    return tuple(_check_shape(op, j, np.concatenate([m[j] for m in gathered], axis=op.all_gather_dim))
                 for j in range(len(operands)))


def reduce_scatter(op, operand, run) -> np.ndarray:
    """The group's fold of the operand, split along scatter_dimension into one part per member:
    this process's part."""
    group = _required_group(op, process_groups(op, _REPLICA_AND_PARTITION, "reduce over"))
    gathered = _meet(op, group, (operand,))
    total = _fold(op, run, [m[0] for m in gathered])
    if total.shape[op.scatter_dimension] % len(group):
        raise EvaluationError(f"{_what(op)}: dimension {op.scatter_dimension} of {total.shape[op.scatter_dimension]} "
                              f"does not split into {len(group)} parts, one per process of the group")
    part = np.split(total, len(group), axis=op.scatter_dimension)[group.index(current().id)]
    return _check_shape(op, 0, part)


def all_to_all(op, *operands) -> tuple:
    """Every member splits each operand into split_count parts along split_dimension; this process
    concatenates, along concat_dimension, the part of its own index from each member."""
    group = _required_group(op, process_groups(op, _REPLICA_OR_PARTITION, "exchange among"))
    if len(group) != op.split_count:
        raise EvaluationError(f"{_what(op)}: its process group has {len(group)} members for split_count "
                              f"{op.split_count}")
    gathered = _meet(op, group, operands)
    me = group.index(current().id)
    return tuple(np.concatenate([np.split(m[j], op.split_count, axis=op.split_dimension)[me] for m in gathered],
                                axis=op.concat_dimension) for j in range(len(operands)))


def collective_permute(op, operand) -> np.ndarray:
    """The operand of the process whose pair targets this one; zeros where none does."""
    pairs = process_groups(op, _REPLICA_OR_PARTITION, "send among", "source_target_pairs")
    me, result = current().id, None
    for source, target in pairs:
        if me not in (source, target):
            continue
        if source == target:  # a self-loop: no one to wait for
            result = operand
            continue
        gathered = _meet(op, (source, target), (operand,))
        if target == me:
            result = gathered[0][0]
    return np.array(result, copy=True) if result is not None else _zeros(op, 0)


def _roots(op, operands, group) -> list[ProcessId]:
    """Each data operand's source in the group: its first member, or the one the dynamic root names."""
    data = len(op.results)
    if not op.has_dynamic_root:
        return [group[0]] * data
    root = np.asarray(operands[-1])
    out = []
    for j in range(data):
        index = int(root[j])
        if not 0 <= index < len(group):
            raise EvaluationError(f"{_what(op)}: root index {index} of operand {j} is outside its group of "
                                  f"{len(group)}")
        out.append(group[index])
    return out


def _rooted(op, operands, table: dict, verb: str, result):
    """The results of an op with a source per group (collective_broadcast, collective_reduce):
    `result(j, root, gathered, group)` for each data operand j, zeros outside every group."""
    group = my_group(op, process_groups(op, table, verb))
    data = len(op.results)
    if group is None:
        return tuple(_zeros(op, j) for j in range(data))
    gathered = _meet(op, group, operands[:data])
    return tuple(result(j, root, gathered, group) for j, root in enumerate(_roots(op, operands, group)))


def collective_broadcast(op, *operands) -> tuple:
    """Each result is its operand at the group's source process; zeros outside every group."""
    return _rooted(op, operands, _REPLICA_OR_PARTITION, "broadcast among",
                   lambda j, root, gathered, group: np.array(gathered[group.index(root)][j], copy=True))


def collective_reduce(op, *operands, run) -> tuple:
    """The group's fold of each operand, at the group's source process; zeros everywhere else."""
    me = current().id
    return _rooted(op, operands, _REPLICA_AND_PARTITION, "reduce over",
                   lambda j, root, gathered, group: _fold(op, run, [m[j] for m in gathered]) if root == me
                   else _zeros(op, j))


def replica_id(op) -> np.ndarray:
    return np.array(current().id.replica, np.uint32)


def partition_id(op) -> np.ndarray:
    return np.array(current().id.partition, np.uint32)


def outside_the_program(op, *operands, **kwargs):
    """send, recv, infeed and outfeed move data to or from the host or another program: the evaluator
    has no such channel."""
    raise EvaluationError(f"{_what(op) if op.results else op.NAME}: the evaluator does not run {op.NAME} (its data "
                          "comes from or goes outside the program)")


def cross_replica_sum(op, operand) -> np.ndarray:
    """The sum, in the group's order, of the group's operands (all_reduce of add, no channel)."""
    group = _required_group(op, process_groups(op, _REPLICA_AND_PARTITION, "sum over"))
    gathered = _meet(op, group, (operand,))
    total = gathered[0][0]
    for member in gathered[1:]:
        total = np.add(total, member[0], dtype=total.dtype)
    return total


def async_start(op, *operands, run) -> tuple:
    """The future: the values of the body's operation, computed now (a backend may run it at once)."""
    return (tuple(run(op.body, *operands)),)


def async_done(op, future) -> np.ndarray:
    return future[0]
