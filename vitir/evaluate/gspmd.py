"""Evaluators of GSPMD's annotations, the custom_calls of JAX's programs with Shardy turned off.

`@Sharding` is the identity (the global meaning). `@SPMDFullToShardShape` and `@SPMDShardToFullShape`
enclose per-device code (JAX's shard_map), run on a grid of the module's `mhlo.num_partitions`
partitions (vitir/evaluate/parts.py): entering, each partition takes the block of the whole tensor
that the operand's sharding (the `@Sharding` call's `mhlo.sharding` before it) gives its device;
leaving, each puts the whole tensor together from every partition's block by the call's own
`mhlo.sharding`. Its tiles are the blocks: the per-device shape is the whole one over the tile counts.

The sharding's text is XLA's HloSharding: `{replicated}`, `{devices=[2,2]<=[4]}` (an iota of the
devices, `<=[2,2]T(1,0)` reshaped and transposed), `{devices=[2,2]0,2,1,3}` (listed), with
`last_tile_dim_replicate` or `last_tile_dims={manual, replicated}` naming the trailing tile
dimensions that split no data dimension.
"""

from __future__ import annotations

import re

import numpy as np

from ..ast.uses import walk
from ..errors import EvaluationError
from .parts import every_partition, part, what, whole
from .processes import current

_TILED = re.compile(r"\{devices=\[([\d,]+)\](<=\[([\d,]+)\](?:T\(([\d,]+)\))?|[\d,]+)"
                    r"(?: last_tile_dim_replicate()| last_tile_dims=\{([\w, ]+)\})?(?: metadata=\{.*\})?\}")


def tile_assignment(op, text: str, rank: int, devices: int) -> tuple[np.ndarray, tuple[str, ...]]:
    """The sharding's devices as an array of one dimension per data dimension and then one per
    trailing tile dimension that splits none, and those dimensions' kinds ("replicated", "manual")."""
    if re.fullmatch(r"\{replicated(?: metadata=\{.*\})?\}", text):
        return np.arange(devices).reshape((1,) * rank + (devices,)), ("replicated",)
    m = _TILED.fullmatch(text)
    if m is None:
        raise EvaluationError(f"{what(op)}: the evaluator does not read the sharding {text} (it reads "
                              "{replicated} and tiled shardings {devices=[...]...})")
    dims = [int(d) for d in m.group(1).split(",")]
    if m.group(3) is not None:
        ids = np.arange(int(np.prod(dims))).reshape([int(d) for d in m.group(3).split(",")])
        if m.group(4) is not None:
            ids = ids.transpose([int(d) for d in m.group(4).split(",")])
    else:
        ids = np.array([int(i) for i in m.group(2).split(",")])
    kinds = ("replicated",) if m.group(5) is not None else \
        tuple(k.strip() for k in m.group(6).split(",")) if m.group(6) else ()
    if len(dims) - len(kinds) != rank or ids.size != int(np.prod(dims)):
        raise EvaluationError(f"{what(op)}: the sharding {text} does not tile a tensor of rank {rank}")
    if ids.size != devices or sorted(ids.flat) != list(range(devices)):
        raise EvaluationError(f"{what(op)}: the sharding {text} names {ids.size} devices, and the evaluator runs "
                              f"{devices} partition(s) (the module's mhlo.num_partitions)")
    return ids.reshape(dims), kinds


def _blocks(op, tiles: np.ndarray, device: int, whole_shape, local_shape) -> tuple[int, ...]:
    """The device's tile index in each dimension: its block, the tiles being the blocks (XLA's
    partitioner requires it)."""
    index = np.argwhere(tiles == device)[0]
    for d, (n, full, local) in enumerate(zip(tiles.shape, whole_shape, local_shape)):
        if local * n != full:
            raise EvaluationError(f"{what(op)}: dimension {d} of {full} elements in {n} tile(s) does not make the "
                                  f"per-device shape's {local}")
    return tuple(int(i) for i in index[:len(whole_shape)])


def _manual_group(tiles: np.ndarray, kinds: tuple[str, ...], device: int) -> tuple[int, ...]:
    """The device's index on the tile dimensions of kind "manual": the devices of one manual group
    (a shard_map enclosing this one) share it."""
    index = np.argwhere(tiles == device)[0]
    rank = tiles.ndim - len(kinds)
    return tuple(int(index[rank + i]) for i, kind in enumerate(kinds) if kind == "manual")


def _sharding(op) -> str | None:
    text = dict(op.discardable).get("mhlo.sharding")
    return None if text is None else text[1:-1].replace('\\"', '"')


def _shardings(grid) -> dict[str, str]:
    """The `mhlo.sharding` of each value of the evaluated module that has one, by name."""
    found = grid.cache.get("mhlo.sharding")
    if found is None:
        found = {}
        for fn in dict.fromkeys([*grid.programs, *grid.functions.values()]):
            for arg, attributes in zip(fn.args, fn.arg_attributes or [()] * len(fn.args)):
                text = dict(attributes).get("mhlo.sharding")
                if text is not None:
                    found[arg.name] = text[1:-1].replace('\\"', '"')
            for op in walk(fn.ops):
                text = _sharding(op) if len(op.results) == 1 else None
                if text is not None:
                    found[op.results[0].name] = text
        grid.cache["mhlo.sharding"] = found
    return found


def _devices(op, grid) -> int:
    if grid.partitions == 1:
        raise EvaluationError(f"{what(op)}: it begins or ends per-device code (shard_map's), which runs on each "
                              "partition, and the evaluator runs one (evaluate the module, whose mhlo.num_partitions "
                              "says how many)")
    return grid.partitions


def full_to_shard(op, x) -> tuple:
    grid = current().grid
    devices = _devices(op, grid)
    operand = op.operands[0]
    text = _shardings(grid).get(operand.name)
    if text is None:
        raise EvaluationError(f"{what(op)}: its operand {operand.ssa} has no mhlo.sharding (a @Sharding call's), "
                              "which says each device's block")
    local = op.results[0].type.shape
    tiles, _ = tile_assignment(op, text, x.ndim, devices)
    return (part(op, x, _blocks(op, tiles, current().id.partition, x.shape, local), local),)


def shard_to_full(op, x) -> tuple:
    grid = current().grid
    devices = _devices(op, grid)
    text = _sharding(op)
    if text is None:
        raise EvaluationError(f"{what(op)}: it has no mhlo.sharding, which says where each device's block goes")
    shape = op.results[0].type.shape
    tiles, kinds = tile_assignment(op, text, len(shape), devices)
    mine = _manual_group(tiles, kinds, current().id.partition)
    pieces: dict[tuple, list] = {}
    for device, parts in enumerate(every_partition(op, (x,))):
        if _manual_group(tiles, kinds, device) != mine:
            continue
        # devices of one block (a replicated or free axis) hold the same values, as the program
        # promises: the first's, device 0's where it holds the block, is taken
        pieces.setdefault(_blocks(op, tiles, device, shape, x.shape), [parts[0]])
    return (whole(op, 0, pieces),)


def _sharding_call(op, x) -> tuple:
    return (x,)


# custom_call's targets that are GSPMD's annotations, by call_target_name (vitir/evaluate/control.py reads it)
GSPMD_TARGETS = {"Sharding": _sharding_call, "SPMDFullToShardShape": full_to_shard,
                 "SPMDShardToFullShape": shard_to_full}
