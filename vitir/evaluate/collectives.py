"""Evaluators of collectives: they see every replica's operands at once (the replicas run in lockstep)."""

from __future__ import annotations

import numpy as np


def _groups(replica_groups, replicas: int) -> list[list[int]]:
    rows = [[i for i in row if i != -1] for row in replica_groups.rows()] if replica_groups.values else []
    if not rows or not any(rows):
        return [list(range(replicas))]  # no groups: every replica in one
    return rows


def all_reduce(op, per_replica: list[list[np.ndarray]], run) -> list:
    """Each replica gets the fold, in its group's order, of its group's operands by the computation."""
    replicas = len(per_replica)
    groups = _groups(op.replica_groups, replicas)
    listed = sorted(i for g in groups for i in g)
    if listed != list(range(replicas)):
        raise ValueError(f"{op.NAME} {op.results[0].ssa}: replica_groups {groups} reduce over {len(listed)} "
                         f"replicas; evaluate with replicas={len(listed)}, not {replicas}")
    outs: list = [None] * replicas
    for group in groups:
        folded = []
        for j in range(len(op.operands)):
            total = per_replica[group[0]][j]
            for r in group[1:]:
                total = run(op.computation, total, per_replica[r][j])[0]
            folded.append(total)
        for r in group:
            outs[r] = tuple(np.array(x, copy=True) for x in folded)
    return outs
