"""Traits declared on the ops (vitir/ast/traits.py): the table StableHLO's ODS gives, read the same way."""

from __future__ import annotations

import pytest

import vitir.ast.ops as ops
from vitir.ast import FunctionBuilder, TensorType
from vitir.ast.declare import Op, operand_def, withdraw
from vitir.ast.element_types import DType
from vitir.ast.traits import (COMMUTATIVE, CONSTANT_LIKE, ELEMENTWISE, PURE, RECURSIVE_EFFECTS,
                              SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE, effect_free, has_trait, is_commutative)
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
