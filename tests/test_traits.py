"""Traits declared on the ops (vitir/ast/traits.py): the table StableHLO's ODS gives, read the same way."""

from __future__ import annotations

import pytest

import vitir.ast.ops as ops
from vitir.ast import FunctionBuilder, TensorType
from vitir.ast.declare import Op, operand_def, withdraw
from vitir.ast.element_types import DType
from vitir.ast.traits import (COMMUTATIVE, CONSTANT_LIKE, ELEMENTWISE, PURE, RECURSIVE_EFFECTS,
                              RECURSIVELY_SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE, effect_free,
                              has_trait, is_commutative)
from vitir.ast.type_rules import elementwise

F32 = TensorType((4,), DType.F32)


def test_a_binary_family_inherits_and_an_op_overrides():
    assert ops.Add.traits == frozenset({PURE, SPECULATABLE, COMMUTATIVE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE})
    assert ops.Subtract.traits == frozenset({PURE, SPECULATABLE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE})
    assert not has_trait(ops.Divide, SPECULATABLE) and has_trait(ops.Divide, PURE)
    assert is_commutative(ops.Multiply) and not is_commutative(ops.Power)


def test_has_trait_reads_a_node_as_its_class():
    fb = FunctionBuilder("main")
    a = fb.arg("a", F32)
    node = ops.Add("s", a, a)
    assert has_trait(node, COMMUTATIVE) and has_trait(ops.Add, COMMUTATIVE)
    assert not has_trait(ops.Constant, COMMUTATIVE) and has_trait(ops.Constant, CONSTANT_LIKE)


def test_a_declaration_refuses_what_is_not_a_trait():
    with pytest.raises(TypeError, match=r"Odd: 'pure' is not a trait"):
        class Odd(Op):
            NAME = "test.odd"
            x = operand_def()
            traits = ("pure",)
    with pytest.raises(TypeError, match="Both: traits PURE and RECURSIVE_EFFECTS exclude each other"):
        class Both(Op):
            NAME = "test.both"
            x = operand_def()
            traits = (PURE, RECURSIVE_EFFECTS)


def test_an_op_declared_outside_declares_its_traits_once():
    class Twice(Op):
        NAME = "test.twice"
        operand = operand_def()
        syntax = "{operand} : {same_type}"
        traits = [PURE, ELEMENTWISE]
        rule = elementwise("float")

    try:
        assert Twice.traits == frozenset({PURE, ELEMENTWISE})
        fb = FunctionBuilder("main")
        assert effect_free(Twice("t", fb.arg("a", F32)))
    finally:
        withdraw(Twice)


# -- the table, as StableHLO's ODS (StablehloOps.td, ChloOps.td) gives it ----------------------------

P, S, C, E, T = PURE, SPECULATABLE, COMMUTATIVE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE
ODS = {
    "stablehlo.add": {P, S, C, E, T},
    "stablehlo.maximum": {P, S, C, E, T},
    "stablehlo.xor": {P, S, C, E, T},
    "stablehlo.subtract": {P, S, E, T},
    "stablehlo.divide": {P, E, T},  # Pure in the ODS, but integer division by zero is undefined
    "stablehlo.remainder": {P, E, T},
    "stablehlo.exponential": {P, S, E, T},
    "stablehlo.convert": {P, S, E},
    "stablehlo.abs": {P, S, E},
    "stablehlo.compare": {P, S, E},
    "stablehlo.select": {P, S},
    "stablehlo.constant": {CONSTANT_LIKE, P, S},
    "stablehlo.iota": {P, S},
    "stablehlo.dot_general": {P, S},
    "stablehlo.transpose": {P, S},
    "stablehlo.gather": {P},  # undefined when indices_are_sorted lies
    "stablehlo.dynamic_reshape": {P},  # undefined when the shape operand disagrees
    "stablehlo.reduce": {RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE},
    "stablehlo.while": {RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE},
    "stablehlo.scatter": {RECURSIVE_EFFECTS},
    "stablehlo.reduce_precision": {P, S, E, T},
    "stablehlo.replica_id": {P, S},
    "chlo.erf": {P, S, E, T},
    "chlo.is_inf": {P, S, E},
    "chlo.mulhi": {P, S, C, T},
    "chlo.broadcast_add": {P, S, C},
    "chlo.broadcast_divide": {P},
    "chlo.scan": {RECURSIVE_EFFECTS},
    # Shardy's ops.td
    "sdy.sharding_constraint": {T},
    "sdy.reshard": {P, S, T},
    "sdy.propagation_barrier": {P, S, T},
    "sdy.manual_computation": {RECURSIVE_EFFECTS},
    "sdy.named_computation": {RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE},
    "sdy.all_gather": {T},
    "sdy.sharding_group": set(),
}

# Ops with effects: the ODS gives them none of the effect traits (or vitir is stricter: the barrier,
# rng_bit_generator), so no pass may remove, merge or move them.
EFFECTFUL = {"stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.reduce_scatter", "stablehlo.all_to_all",
             "stablehlo.collective_permute", "stablehlo.collective_broadcast", "stablehlo.collective_reduce",
             "stablehlo.custom_call", "stablehlo.rng", "stablehlo.rng_bit_generator", "stablehlo.infeed",
             "stablehlo.outfeed", "stablehlo.send", "stablehlo.recv", "stablehlo.optimization_barrier",
             "stablehlo.composite", "stablehlo.async_start", "stablehlo.async_done", "sdy.mesh", "sdy.sharding_constraint", "sdy.sharding_group", "sdy.all_gather",
             "sdy.all_slice", "sdy.all_reduce", "sdy.all_to_all", "sdy.collective_permute", "sdy.reduce_scatter",
             "sdy.sharded_to_unreduced", "sdy.replicated_to_unreduced",  # collectives, as Shardy's ODS has them
             "sdy.data_flow_edge", "sdy.func_data_flow_edge",  # the ends of propagation edges, never removed
             "func.call"}  # MLIR's func.call declares no effects (its callee's are unknown to the op)


@pytest.mark.parametrize("name", sorted(ODS))
def test_the_table_of_representative_ops(name):
    assert ops.OPS[name].traits == frozenset(ODS[name])


def test_no_op_with_effects_is_marked_free_of_them():
    for name in EFFECTFUL:
        traits = ops.OPS[name].traits
        assert not traits & {PURE, SPECULATABLE, RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE}, name


def test_every_declared_op_says_whether_it_has_effects():
    """A new declaration decides: PURE, RECURSIVE_EFFECTS, or a place among the effectful ops."""
    for name, cls in ops.OPS.items():
        assert cls.traits & {PURE, RECURSIVE_EFFECTS} or name in EFFECTFUL, name


def test_effect_free_looks_into_regions():
    fb = FunctionBuilder("main")
    x = fb.arg("x", F32)
    p = fb.arg("p", TensorType((), DType.I1))
    total = fb.reduce("total", x, fb.constant("zero", "0.0", ()), (0,))
    pure_branch, effect_branch = fb.region(), fb.region()
    pure_if = fb.if_("pure_if", p, pure_branch.ret(pure_branch.negate("n", x)), fb.region().ret(x))
    called = effect_branch.custom_call("k", [x], "effect", [F32])
    effect_if = fb.if_("effect_if", p, effect_branch.ret(called), fb.region().ret(x))
    fb.ret(x)
    by_name = {op.results[0].name: op for op in fb.ops}
    assert effect_free(by_name[total.name])  # a compact body: one add
    assert effect_free(by_name[pure_if.name])
    assert not effect_free(by_name[effect_if.name])


def test_a_compound_node_is_as_free_of_effects_as_its_expansion():
    fb = FunctionBuilder("main")
    theta = fb.arg("theta", F32)
    scalars = ops.AdamScalars(*(fb.arg(n, TensorType((), DType.F32)) for n in ops.AdamScalars._fields))
    fb.adamw_update("p", theta, theta, theta, theta, scalars)
    fb.all_reduce_mean("g", theta, 2)
    adamw, mean = fb.ops[-2:]
    assert effect_free(adamw) and has_trait(adamw, PURE)  # its expansion: broadcasts and arithmetic
    assert not effect_free(mean) and not has_trait(mean, PURE)  # an all_reduce
