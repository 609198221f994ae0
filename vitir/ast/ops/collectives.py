"""Collectives: ops across replicas and partitions."""

from __future__ import annotations

from ..attributes import CHANNEL_HANDLE, DENSE_INTS, UNIT, DenseInts
from ..declare import Op, attr_def, region_def, var_operand_def, var_result_def
from ..shape_rules import RuleError
from ..type_rules import tensor, type_text
from ..types import TensorType


def check_replica_groups(groups: DenseInts) -> None:
    if len(groups.shape) != 2:
        raise RuleError(f"replica_groups must be a 2-d tensor, got shape {list(groups.shape)}")
    ids = [i for i in groups.values if i != -1]
    if len(set(ids)) != len(ids):
        raise RuleError(f"replica_groups {[list(r) for r in groups.rows()]} repeat a replica")
    if any(i < -1 for i in groups.values):
        raise RuleError(f"replica_groups {[list(r) for r in groups.rows()]} hold a negative id")


class AllReduce(Op):
    """Reduces each operand across the replicas of its group with `computation` (two rank-0
    arguments of the element type, one result)."""

    NAME = "stablehlo.all_reduce"
    inputs = var_operand_def()
    replica_groups = attr_def(DENSE_INTS)
    computation = region_def()
    channel_handle = attr_def(CHANNEL_HANDLE, default=None)
    use_global_device_ids = attr_def(UNIT, default=None)
    results = var_result_def()
    syntax = "generic"
    evaluate = "vitir.evaluate.collectives:all_reduce"
    ACROSS_REPLICAS = True

    @staticmethod
    def rule(inputs, replica_groups, computation, channel_handle, use_global_device_ids):
        if not inputs:
            raise RuleError("all_reduce needs at least one operand")
        for t in inputs:
            tensor(t)
        check_replica_groups(replica_groups)
        args, results = computation
        for t in inputs:
            scalar = TensorType((), t.dtype)
            if tuple(args) != (scalar, scalar) or tuple(results) != (scalar,):
                raise RuleError(f"the computation takes ({type_text(args)}) and returns ({type_text(results)}), "
                                f"needs ({scalar}, {scalar}) -> {scalar}")
        return tuple(inputs)
