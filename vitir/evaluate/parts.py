"""Per-device code in a sharded program's evaluation: the body of an `sdy.manual_computation`, or
what GSPMD's `@SPMDFullToShardShape` and `@SPMDShardToFullShape` enclose (JAX's shard_map).

Such a program runs on a grid of as many partitions as its mesh has devices, each partition the
whole program, as XLA runs one SPMD program on every device: outside per-device code every
partition holds the same whole tensors (the global meaning); where per-device code begins, each
partition takes its own block of each whole tensor (`part`); inside, the collectives meet across
the partitions (vitir/evaluate/collectives.py, their replica groups naming the partitions by
device id); where it ends, the partitions meet once more, and each puts the whole tensor together
from every partition's block (`every_partition`, `whole`).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from ..ast.uses import walk
from ..errors import EvaluationError
from .processes import ProcessId, current

# The meeting where per-device code ends: collectives meet on channels 0 and up.
EXIT_CHANNEL = -1


def enters_per_device_code(op) -> bool:
    name = op.NAME
    return name == "sdy.manual_computation" or (name == "stablehlo.custom_call" and
                                                op.call_target_name == "SPMDFullToShardShape")


def per_device_partitions(module, fn) -> int | None:
    """How many partitions a run of `fn` (of `module`, or None) takes when it holds per-device code:
    the module's `mhlo.num_partitions`, else the device count of the manual computation's mesh; None
    when it holds none, or when neither says (the op that enters it then says why it cannot run)."""
    entry = next((op for op in walk(fn.ops) if enters_per_device_code(op)), None)
    if entry is None or module is None:
        return None
    if module.num_partitions > 1:
        return module.num_partitions
    if entry.NAME == "sdy.manual_computation":
        mesh = mesh_of(entry, module, required=False)
        return None if mesh is None else math.prod(a.size for a in mesh.axes)
    return None


def mesh_of(op, module, required: bool = True):
    """The mesh of `op`'s shardings: inline, or the module's `sdy.mesh` of that name."""
    shardings = tuple(op.in_shardings) + tuple(op.out_shardings)
    if not shardings:
        if required:
            raise EvaluationError(f"{what(op)}: it has neither operands nor results, so no sharding names its mesh")
        return None
    mesh = shardings[0].mesh
    if not isinstance(mesh, str):
        return mesh
    found = next((s.mesh for s in (module.symbols if module is not None else ()) if s.NAME == "sdy.mesh"
                  and s.sym_name == mesh), None)
    if found is None and required:
        raise EvaluationError(f"{what(op)}: its mesh @{mesh} is not a symbol of what was evaluated (evaluate the "
                              "module that holds it)")
    return found


def what(op) -> str:
    """The op, its custom_call target if it has one, and its results' SSA names."""
    target = getattr(op, "call_target_name", None)
    name = op.NAME if target is None else f"{op.NAME} @{target}"
    return f"{name} {', '.join(r.ssa for r in op.results)}"


def part(op, array: np.ndarray, blocks: Sequence[int], local_shape: Sequence[int]) -> np.ndarray:
    """The block of `array` at index `blocks` (one per dimension), each of `local_shape`."""
    for d, (b, size, whole_size) in enumerate(zip(blocks, local_shape, array.shape)):
        if (b + 1) * size > whole_size:
            raise EvaluationError(f"{what(op)}: block {b} of size {size} of dimension {d} is outside its "
                                  f"{whole_size} elements")
    return array[tuple(slice(b * size, (b + 1) * size) for b, size in zip(blocks, local_shape))]


def every_partition(op, values: Sequence) -> list:
    """Every partition's `values` (those of this process's replica), in partition order."""
    process = current()
    group = tuple(ProcessId(process.id.replica, p) for p in range(process.grid.partitions))
    return process.meet(group, EXIT_CHANNEL, tuple(values), f"the end of {what(op)}")


def whole(op, index: int, pieces: dict[tuple, list[np.ndarray]]) -> np.ndarray:
    """Result `index` of `op` from its blocks: `pieces` maps each block index to the parts that sum
    to it (one, unless the result is unreduced over some axes)."""
    from ..numpy_dtypes import numpy_dtype

    result = op.results[index]
    shape = result.type.shape
    out = np.zeros(shape, numpy_dtype(result.type.dtype))
    covered = 0
    for blocks, arrays in pieces.items():
        total = arrays[0]
        for a in arrays[1:]:
            total = total + a
        out[tuple(slice(b * n, (b + 1) * n) for b, n in zip(blocks, total.shape))] = total
        covered += total.size
    if covered != out.size:
        raise EvaluationError(f"{what(op)}: the partitions' blocks of result {index} ({len(pieces)} of them) do "
                              f"not cover its {list(shape)}")
    return out
