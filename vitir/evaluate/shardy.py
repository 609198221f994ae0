"""Evaluators of Shardy's ops in a program's global meaning, where every value is the whole tensor
and a sharding only says where its parts live: sharding_constraint, reshard and
propagation_barrier are the identity, sharding_group does nothing, a named_computation runs its
body, and the collectives that only move parts between devices (all_gather, all_slice,
all_to_all, collective_permute) leave the whole tensor as it is. all_reduce and reduce_scatter
sum parts that only the devices hold, and a manual_computation's body runs per device of its
mesh: the evaluator, which holds whole tensors, refuses them by name.

GSPMD's form of the same programs (JAX's with Shardy turned off) writes its annotations as
custom_calls: `@Sharding` is the identity in the global meaning; `@SPMDFullToShardShape` and
`@SPMDShardToFullShape` enter and leave a body that computes on each device's part (shard_map's),
refused by name as a manual_computation is."""

from __future__ import annotations

from ..errors import EvaluationError


def identity(op, x):
    return x


def nothing(op, *operands) -> tuple:
    """sharding_group, and sdy.mesh (a module's symbol, which computes nothing)."""
    return ()


def named_computation(op, *inputs, run) -> tuple:
    return run(op.body, *inputs)


def _per_device(op, *args, **kwargs):
    what = op.NAME if op.NAME != "stablehlo.custom_call" else f"{op.NAME} @{op.call_target_name}"
    raise EvaluationError(f"{op.NAME} {', '.join(r.ssa for r in op.results)}: the evaluator runs sharded programs "
                          f"by their global meaning; {what} computes on each device's part, which it does not hold")


all_gather = all_slice = all_to_all = collective_permute = identity
manual_computation = all_reduce = reduce_scatter = _per_device


def _sharding_call(op, x) -> tuple:
    return (x,)


# custom_call's targets that are GSPMD's annotations, by call_target_name (vitir/evaluate/control.py reads it)
GSPMD_TARGETS = {"Sharding": _sharding_call, "SPMDFullToShardShape": _per_device,
                 "SPMDShardToFullShape": _per_device}
