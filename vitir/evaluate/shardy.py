"""Evaluators of Shardy's ops in a program's global meaning: a sharding is an annotation, so
sharding_constraint, reshard and propagation_barrier are the identity, sharding_group does
nothing, and a named_computation runs its body. A manual_computation's body and the explicit
collectives compute per device of a mesh, which the op alone does not hold (it names the mesh by
symbol): they are refused by name."""

from __future__ import annotations

from ..errors import EvaluationError


def identity(op, x):
    return x


def nothing(op, x) -> tuple:
    return ()


def named_computation(op, *inputs, run) -> tuple:
    return run(op.body, *inputs)


def _per_device(op, *args, **kwargs):
    raise EvaluationError(f"{op.NAME} {', '.join(r.ssa for r in op.results)}: the evaluator runs Shardy's programs "
                          f"by their global meaning; {op.NAME} computes per device of its mesh, which it does not run")


manual_computation = all_gather = all_slice = all_reduce = all_to_all = reduce_scatter = collective_permute = \
    _per_device
