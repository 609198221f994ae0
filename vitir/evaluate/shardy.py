"""Evaluators of Shardy's ops. Outside a manual computation the evaluator holds whole tensors, the
program's global meaning, where a sharding only says where parts live: sharding_constraint,
reshard and propagation_barrier are the identity, sharding_group does nothing, a
named_computation runs its body, and the collectives that only move parts between devices
(all_gather, all_slice, all_to_all, collective_permute) leave the whole tensor as it is.

all_reduce and reduce_scatter are the identity too. Shardy writes them where a value's parts are
partial results on the reduction axes (`unreduced` on them, or the partial sums of a contraction
or reduction over a dimension sharded on them, as its explicit reshards write them; its verifier
refuses a reduction axis the operand is replicated on): all_reduce sums the parts into the value
they stand for, and reduce_scatter sums and slices them. The evaluator's whole tensor is already
that value (the contraction it computed summed over every element), so neither changes it.

A manual_computation runs its body per device (vitir/evaluate/parts.py): on a grid of as many
partitions as its mesh has devices, each partition takes its block of each operand by its
in_sharding (the manual axes' blocks; a free axis leaves its dimension whole), runs the body,
whose stablehlo collectives meet across the partitions, and puts each result together from every
partition's block by its out_sharding."""

from __future__ import annotations

import math

import numpy as np

from ..ast.sharding import AllToAllParam, AxisRef, axes_text, axis_size
from ..errors import EvaluationError
from .parts import every_partition, mesh_of, part, what, whole
from .processes import current


def identity(op, x):
    return x


def nothing(op, *operands) -> tuple:
    """sharding_group, and sdy.mesh (a module's symbol, which computes nothing)."""
    return ()


def named_computation(op, *inputs, run) -> tuple:
    return run(op.body, *inputs)


def collective(op, x):
    """The identity on the whole tensor, unless an axis it names is manual here (inside a manual
    computation over it, where each device holds its own block: Shardy's verifier refuses that)."""
    manual = current().manual_axes
    if manual:
        bound = sorted(_axis_names(op) & manual)
        if bound:
            raise EvaluationError(f"{what(op)}: it names the axes {', '.join(map(repr, bound))}, which are manual "
                                  "here (an enclosing sdy.manual_computation runs per device over them)")
    return x


def _axis_names(op) -> set[str]:
    """The axes a collective names: in its axes (a list, a list per dimension, or all_to_all's
    params) and its out_sharding."""
    names = {r.name for d in op.out_sharding.dims for r in d.axes}
    for item in getattr(op, "axes", None) or ():
        refs = item.axes if isinstance(item, AllToAllParam) else (item,) if isinstance(item, AxisRef) else item
        names.update(r.name for r in refs)
    return names


all_gather = all_slice = all_to_all = collective_permute = all_reduce = reduce_scatter = collective


# -- manual_computation ------------------------------------------------------------------------------

def _coordinates(mesh, position: int) -> dict[str, int]:
    """Each axis's coordinate of the device at `position` in the mesh (row-major over its axes)."""
    out = {}
    for axis in reversed(mesh.axes):
        position, out[axis.name] = divmod(position, axis.size)
    return out


def _coordinate(ref, mesh, coordinates: dict) -> int:
    """A device's coordinate on an axis, or on a sub-axis `"y":(pre)size` of it (major sub-axes first)."""
    c = coordinates[ref.name]
    if ref.sub_axis is None:
        return c
    pre, size = ref.sub_axis
    return c // (mesh.size_of(ref.name) // (pre * size)) % size


def _blocks(sharding, mesh, manual: frozenset, coordinates: dict) -> tuple[int, ...]:
    """The device's block index in each dimension: its coordinates on the dimension's manual axes,
    major to minor (Shardy puts them before the free axes); a dimension without any is one block."""
    out = []
    for dim in sharding.dims:
        index = 0
        for ref in dim.axes:
            if ref.name in manual:
                index = index * axis_size(ref, mesh) + _coordinate(ref, mesh, coordinates)
        out.append(index)
    return tuple(out)


def manual_computation(op, *operands, run) -> tuple:
    process = current()
    grid = process.grid
    mesh = mesh_of(op, grid.module)
    devices = math.prod(a.size for a in mesh.axes)
    if grid.partitions != devices:
        raise EvaluationError(f"{what(op)}: its body runs on each of the {devices} devices of its mesh, and the "
                              f"evaluator runs {grid.partitions} partition(s) (evaluate the module, which runs one "
                              "partition per device)")
    manual = frozenset(op.manual_axes)
    order = list(mesh.device_ids) if mesh.device_ids else list(range(devices))  # mesh position -> device id
    everyone = [_coordinates(mesh, order.index(p)) for p in range(devices)]
    mine = everyone[process.id.partition]
    locals_ = []
    for i, (x, sharding, arg) in enumerate(zip(operands, op.in_shardings, op.body.args)):
        held = [r for r in sharding.unreduced if r.name in manual]
        if held:
            raise EvaluationError(f"{what(op)}: operand {i} is unreduced over the manual axes {axes_text(held)}; "
                                  "which parts sum to the whole tensor the evaluator holds is not known")
        locals_.append(part(op, x, _blocks(sharding, mesh, manual, mine), arg.type.shape))
    outer, process.manual_axes = process.manual_axes, process.manual_axes | manual
    try:
        results = run(op.body, *locals_)
    finally:
        process.manual_axes = outer
    parts = every_partition(op, results)
    return tuple(whole(op, j, _pieces(sharding, mesh, manual, outer, everyone, mine, [p[j] for p in parts]))
                 for j, sharding in enumerate(op.out_shardings))


def _pieces(sharding, mesh, manual, outer, everyone, mine, parts) -> dict:
    """Each block's parts: the devices of this one's enclosing manual group (its coordinates on the
    axes made manual outside this computation), one per block and per coordinates on the result's
    unreduced manual axes, to be summed. Devices that differ only on other axes (the free ones, and
    the manual ones the result is replicated on) hold the same block, as the program promises (JAX
    checks it unless told not to): the first device's, device 0's where it is in the group, is taken."""
    unreduced = [r for r in sharding.unreduced if r.name in manual]
    pieces: dict[tuple, dict[tuple, np.ndarray]] = {}
    for coordinates, array in zip(everyone, parts):
        if any(coordinates[a] != mine[a] for a in outer):
            continue
        blocks = _blocks(sharding, mesh, manual, coordinates)
        summand = tuple(_coordinate(r, mesh, coordinates) for r in unreduced)
        pieces.setdefault(blocks, {}).setdefault(summand, array)
    return {blocks: list(by_summand.values()) for blocks, by_summand in pieces.items()}
