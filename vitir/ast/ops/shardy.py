"""Shardy's ops (the `sdy` dialect, shardy/dialect/sdy/ir/ops.td): the module's meshes, the
sharding annotations, the manual and named computations, and the explicit collectives.

Their syntax is Shardy's, byte for byte. A sharding names its mesh by symbol, so what needs the
mesh (axes that exist, sub-axes that fit, a manual computation's local shapes) is checked when the
module is made (vitir/ast/sharding_check.py); each rule here checks what the op alone shows.

In global meaning a sharding is an annotation: sharding_constraint, reshard and
propagation_barrier are the identity, sharding_group does nothing, and a named_computation runs
its body. The collectives and a manual_computation's body are per partition.
"""

from __future__ import annotations

from ..attributes import DENSE_LITERAL, I64, STRING
from ..declare import Op, attr_def, operand_def, region_def, result_type_def, var_operand_def, var_result_def
from ..shape_rules import RuleError
from ..sharding import (ALL_TO_ALL_PARAMS, AXIS_REF_LIST, LIST_OF_AXIS_REF_LISTS, MANUAL_AXES, MESH,
                        PROPAGATION_DIRECTION, REDUCTION_OP, SHARDING, SHARDING_PER_VALUE, SYMBOL_NAME, Mesh, MeshAxis, check_dims,
                        check_mesh)
from ..traits import PURE, RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE
from ..type_rules import type_text
from ..types import TensorType
from .constants import Constant

_EVALUATE = "vitir.evaluate.shardy:"
TERMINATOR = "sdy.return"  # what ends the regions of the sdy ops


def _rank(t) -> int | None:
    return t.rank if isinstance(t, TensorType) else None


class ShardyMesh(Op):
    """`sdy.mesh @mesh = <["x"=2, "y"=4]>`: a module-level symbol naming a mesh of devices."""

    NAME = "sdy.mesh"
    MODULE_LEVEL = True
    sym_name = attr_def(SYMBOL_NAME)
    mesh = attr_def(MESH)
    results = var_result_def()
    syntax = "{sym_name} = {mesh}{attr_dict? }"  # other dialects' (JAX's `{stablehlo.mesh = ...}`): Op.discardable
    evaluate = _EVALUATE + "nothing"
    traits = ()

    @staticmethod
    def rule(sym_name, mesh):
        check_mesh(mesh)
        return ()


def sdy_mesh(sym_name: str, axes, device_ids=()) -> ShardyMesh:
    """`sdy.mesh @sym_name = <[...]>` of `axes` ({"x": 2, "y": 4} or (name, size) pairs), for
    `module(..., ops=[...])`."""
    pairs = axes.items() if isinstance(axes, dict) else axes
    return ShardyMesh((), sym_name, Mesh(tuple(MeshAxis(*pair) for pair in pairs), tuple(device_ids)))


class ShardingConstraint(Op):
    """`%r = sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> : T`: the identity, asking the
    partitioner for this sharding here."""

    NAME = "sdy.sharding_constraint"
    input = operand_def()
    sharding = attr_def(SHARDING)
    syntax = "{input} {sharding} : {same_type}"
    evaluate = _EVALUATE + "identity"
    traits = (SAME_OPERANDS_AND_RESULT_TYPE,)  # not Pure in Shardy's ODS: no pass drops or merges it

    @staticmethod
    def rule(input, sharding):
        check_dims(sharding, _rank(input))
        return input


class Reshard(ShardingConstraint):
    """`%r = sdy.reshard %x <@mesh, [...]> : T`: the identity, moving the value to this sharding."""

    NAME = "sdy.reshard"
    traits = (PURE, SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE)


class PropagationBarrier(Op):
    """`%r = sdy.propagation_barrier %x allowed_direction=BACKWARD : T`: the identity, across which
    shardings propagate only in the allowed direction."""

    NAME = "sdy.propagation_barrier"
    input = operand_def()
    allowed_direction = attr_def(PROPAGATION_DIRECTION)
    syntax = "{input} allowed_direction={allowed_direction} : {same_type}"
    evaluate = _EVALUATE + "identity"
    traits = (PURE, SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE)

    @staticmethod
    def rule(input, allowed_direction):
        if not isinstance(input, TensorType):
            raise RuleError(f"needs a ranked tensor, got {type_text((input,))}")
        if allowed_direction == "BOTH":  # Shardy's verifier
            raise RuleError("cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op "
                            "redundant.")
        return input


class ShardingGroup(Op):
    """`sdy.sharding_group %x group_id=0 : T`: the tensors of one group take the same sharding (no
    result; kept, as Shardy's is not pure)."""

    NAME = "sdy.sharding_group"
    input = operand_def()
    group_id = attr_def(I64)
    results = var_result_def()
    syntax = "{input} group_id={group_id} : {type:input}"
    evaluate = _EVALUATE + "nothing"
    traits = ()

    @staticmethod
    def rule(input, group_id):
        if not isinstance(input, TensorType):
            raise RuleError(f"needs a ranked tensor, got {type_text((input,))}")
        return ()


def _region_types(what: str, given: tuple, region_types: tuple) -> None:
    if len(given) != len(region_types):
        raise RuleError(f"number of op {what}s and region {what}s must match. Op has {len(given)} op {what}s and "
                        f"{len(region_types)} region {what}s")


def _shardings(what: str, shardings, types) -> None:
    if shardings is None:
        return
    if len(shardings) != len(types):
        raise RuleError(f"{what} shardings don't match number of values: {len(shardings)} shardings vs "
                        f"{len(types)} values")
    for i, (s, t) in enumerate(zip(shardings, types)):
        try:
            check_dims(s, _rank(t))
        except RuleError as e:  # Shardy names the value by its index where there are several
            raise RuleError(f"{what} {'-' if len(types) == 1 else f'{i} -'} {e}") from None


class ManualComputation(Op):
    """`%r = sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...] manual_axes={"x"}
    (%a: local T) {... sdy.return %y : local R} : (T) -> R`: the body runs per device on the local
    shapes (each dimension over the product of its manual axes), with explicit collectives."""

    NAME = "sdy.manual_computation"
    TERMINATOR = TERMINATOR
    tensors = var_operand_def()
    in_shardings = attr_def(SHARDING_PER_VALUE)
    out_shardings = attr_def(SHARDING_PER_VALUE)
    manual_axes = attr_def(MANUAL_AXES)
    body = region_def()
    result_types = result_type_def("the global result types", several=True)
    results = var_result_def()
    syntax = "{sdy_region_op}"
    evaluate = _EVALUATE + "manual_computation"
    traits = (RECURSIVE_EFFECTS,)

    @staticmethod
    def rule(tensors, in_shardings, out_shardings, manual_axes, body, result_types):
        args, returned = body
        _shardings("operand", in_shardings, tensors)
        _shardings("result", out_shardings, result_types)
        _region_types("operand", tensors, args)
        _region_types("result", result_types, returned)
        for i, (t, local) in enumerate(zip(tuple(tensors) + tuple(result_types), tuple(args) + tuple(returned))):
            if _rank(t) is not None and (_rank(local) != t.rank or local.dtype is not t.dtype):
                what = "operand" if i < len(tensors) else "result"
                raise RuleError(f"{what} {i if i < len(tensors) else i - len(tensors)}: the region's "
                                f"{type_text((local,))} is not a local shape of {type_text((t,))}")
        return tuple(result_types)


class NamedComputation(Op):
    """`%r = sdy.named_computation<"foo">(%x) (%a: T) {... sdy.return %y : R} : (T) -> R`: a named
    block of ops (a call, inlined), with optional in and out shardings."""

    NAME = "sdy.named_computation"
    TERMINATOR = TERMINATOR
    computation_name = attr_def(STRING, mlir="name")
    inputs = var_operand_def()
    body = region_def()
    in_shardings = attr_def(SHARDING_PER_VALUE, default=None)
    out_shardings = attr_def(SHARDING_PER_VALUE, default=None)
    results = var_result_def()
    syntax = "{sdy_region_op}"
    evaluate = _EVALUATE + "named_computation"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)

    @staticmethod
    def rule(computation_name, inputs, body, in_shardings, out_shardings):
        args, returned = body
        if tuple(args) != tuple(inputs):
            raise RuleError(f"expected the types of the region's arguments ({type_text(args)}) to be the "
                            f"operands' ({type_text(inputs)})")
        _shardings("in_shardings", in_shardings, inputs)  # Shardy names a named computation's by its attributes
        _shardings("out_shardings", out_shardings, returned)
        return tuple(returned)


class ShardyCollective(Op):
    """An explicit collective on a sharded tensor, `sdy.<op> <axes> %x out_sharding=<...> : T`: its
    result has the operand's (global) type; each device's part changes, sharded as `out_sharding`."""

    ABSTRACT = True
    tensor = operand_def()
    out_sharding = attr_def(SHARDING)
    syntax = "{axes} {tensor} out_sharding={out_sharding} : {same_type}"
    traits = (SAME_OPERANDS_AND_RESULT_TYPE,)  # communication: no effect trait, as stablehlo's collectives

    @staticmethod
    def rule(tensor, out_sharding, axes=()):
        check_dims(out_sharding, _rank(tensor))
        if axes and type(axes[0]) is tuple and len(axes) != len(out_sharding.dims):  # a list per dimension
            raise RuleError(f"result sharding has rank {len(out_sharding.dims)} but collective axes has rank "
                            f"{len(axes)}")
        return tensor


class ShardyAllGather(ShardyCollective):
    """Gathers the dimensions along `axes` (one list per dimension, minor axes first gathered)."""

    NAME = "sdy.all_gather"
    method = "sdy_all_gather"
    axes = attr_def(LIST_OF_AXIS_REF_LISTS, mlir="gathering_axes")
    evaluate = _EVALUATE + "all_gather"


class ShardyAllSlice(ShardyCollective):
    """Slices each dimension along `axes`: each device keeps its part."""

    NAME = "sdy.all_slice"
    method = "sdy_all_slice"
    axes = attr_def(LIST_OF_AXIS_REF_LISTS, mlir="slicing_axes")
    evaluate = _EVALUATE + "all_slice"


class ShardyAllReduce(ShardyCollective):
    """Sums the parts across `axes`."""

    NAME = "sdy.all_reduce"
    method = "sdy_all_reduce"
    axes = attr_def(AXIS_REF_LIST, mlir="reduction_axes")
    reduction_op = attr_def(REDUCTION_OP, default="sum")
    syntax = "{reduction_axes(reduction_op, axes)} {tensor} out_sharding={out_sharding} : {same_type}"

    @staticmethod
    def rule(tensor, out_sharding, axes, reduction_op):
        return ShardyCollective.rule(tensor, out_sharding, axes)
    evaluate = _EVALUATE + "all_reduce"


class ShardyAllToAll(ShardyCollective):
    """Moves each param's axes from its source dimension to its target dimension."""

    NAME = "sdy.all_to_all"
    method = "sdy_all_to_all"
    axes = attr_def(ALL_TO_ALL_PARAMS, mlir="params")
    evaluate = _EVALUATE + "all_to_all"

    @staticmethod
    def rule(tensor, out_sharding, axes):
        """Shardy's checks of the params: some, in range, no dimension twice, sources ascending."""
        ShardyCollective.rule(tensor, out_sharding)
        rank = _rank(tensor)
        if not axes:
            raise RuleError("parameter list is empty")
        seen, previous = set(), -1
        for param in axes:
            for what, dim in (("source", param.source), ("target", param.target)):
                if rank is not None and not 0 <= dim < rank:
                    raise RuleError(f"{what} dimension {dim} is out of range [0, {rank})")
            for dim in (param.source, param.target):
                if dim in seen:
                    raise RuleError(f"overlapping source/target dimensions in all-to-all params: {dim}")
                seen.add(dim)
            if previous >= param.source:
                raise RuleError(f"source dimensions are not sorted in ascending order: {param.source} appears "
                                f"after {previous}")
            previous = param.source
        return tensor


class ShardyReduceScatter(ShardyCollective):
    """Sums the parts across `axes` (per dimension), then slices each dimension along them."""

    NAME = "sdy.reduce_scatter"
    method = "sdy_reduce_scatter"
    axes = attr_def(LIST_OF_AXIS_REF_LISTS, mlir="reduce_scatter_axes")
    reduction_op = attr_def(REDUCTION_OP, default="sum")
    syntax = "{reduction_axes_per_dimension(reduction_op, axes)} {tensor} out_sharding={out_sharding} : {same_type}"
    rule = ShardyAllReduce.rule
    evaluate = _EVALUATE + "reduce_scatter"


class ShardyCollectivePermute(ShardyCollective):
    """Sends each device's part to the device that holds it in `out_sharding`."""

    NAME = "sdy.collective_permute"
    method = "sdy_collective_permute"
    syntax = "{tensor} out_sharding={out_sharding} : {same_type}"
    evaluate = _EVALUATE + "collective_permute"


class ShardedToUnreduced(ShardyCollective):
    """`sdy.sharded_to_unreduced [{"b"}, {}] %x out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}>`:
    the axes that shard each dimension become unreduced axes of the result (all_reduce over them
    then gives what all_gather would). In global meaning, the identity."""

    NAME = "sdy.sharded_to_unreduced"
    method = "sdy_sharded_to_unreduced"
    axes = attr_def(LIST_OF_AXIS_REF_LISTS)
    evaluate = _EVALUATE + "collective"


class ReplicatedToUnreduced(ShardyCollective):
    """`sdy.replicated_to_unreduced {"a"} %x out_sharding=<@mesh, [...], unreduced={"a"}>`: replicated
    axes become unreduced (all_reduce over them then gives the value back). In global meaning, the
    identity."""

    NAME = "sdy.replicated_to_unreduced"
    method = "sdy_replicated_to_unreduced"
    axes = attr_def(AXIS_REF_LIST)
    evaluate = _EVALUATE + "collective"


class ShardyConstant(Op):
    """`%c = sdy.constant dense<[0.0, 1.0]> : tensor<2xf32>`: stablehlo.constant's value and syntax,
    but not constant-like: no pass folds two into one, so that each may be sharded for its own use."""

    NAME = "sdy.constant"
    method = "sdy_constant"
    traits = (PURE,)
    value = attr_def(DENSE_LITERAL)
    result_type = result_type_def()
    syntax = "{constant}"
    evaluate = "vitir.evaluate.structure:constant"
    rule = staticmethod(Constant.rule)


class DataFlowEdge(Op):
    """`%r = sdy.data_flow_edge %x sharding=<@mesh, [...]> : T`: the identity, the root of a data-flow
    edge (a control-flow op's result, a named computation's block argument) that Shardy's
    propagation inserts, holding the edge's sharding."""

    NAME = "sdy.data_flow_edge"
    input = operand_def()
    sharding = attr_def(SHARDING, default=None)
    syntax = "{input}{sharding? sharding=} : {same_type}"
    evaluate = _EVALUATE + "identity"
    traits = (SAME_OPERANDS_AND_RESULT_TYPE,)

    @staticmethod
    def rule(input, sharding):
        _static("sdy.data_flow_edge", input)
        if sharding is not None:
            check_dims(sharding, _rank(input))
        return input


class FuncDataFlowEdge(Op):
    """`%r = sdy.func_data_flow_edge %arg0 : T`: the identity, between a function's argument (or a
    call's result) and its uses, which Shardy's propagation inserts."""

    NAME = "sdy.func_data_flow_edge"
    operand = operand_def()
    syntax = "{operand} : {same_type}"
    evaluate = _EVALUATE + "identity"
    traits = (SAME_OPERANDS_AND_RESULT_TYPE,)

    @staticmethod
    def rule(operand):
        _static("sdy.func_data_flow_edge", operand)
        return operand


def _static(name: str, t) -> None:
    if not (isinstance(t, TensorType) and t.is_static):
        raise RuleError(f"expected {name} to have a static-shaped result. type: {type_text((t,))}")
