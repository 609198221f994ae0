"""xDSL's own passes (cse, dce, canonicalize) on vitir's dialect: the declarations' traits tell them
which ops are free of effects, and they keep every op with effects."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from xdsl.traits import (AlwaysSpeculatable, Commutative, ConstantLike, NoMemoryEffect, RecursiveMemoryEffect,
                         RecursivelySpeculatable, SameOperandsAndResultType, is_side_effect_free, is_speculatable)
from xdsl.transforms.canonicalize import CanonicalizePass
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination
from xdsl.transforms.dead_code_elimination import DeadCodeElimination

from vitir.ast.declare import OPS
from vitir.ast.traits import (COMMUTATIVE, CONSTANT_LIKE, ELEMENTWISE, PURE, RECURSIVE_EFFECTS,
                              RECURSIVELY_SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE)
from vitir.evaluate import evaluate
from vitir.mlir import import_text, parse_text, print_mlir
from vitir.mlir.dialect import Elementwise, dialect_class
from vitir.mlir.parse import context


def cse_dce(text: str) -> str:
    module = parse_text(text).module
    CommonSubexpressionElimination().apply(context(), module)
    DeadCodeElimination().apply(context(), module)
    return print_mlir(module)


REPEATED = """\
module {
  func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %1 = stablehlo.add %a, %b : tensor<4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
    %3 = stablehlo.exponential %2 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
"""


def test_cse_and_dce_remove_the_repeated_add_and_the_unused_exponential():
    assert cse_dce(REPEATED) == """\
module {
  func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %2 = stablehlo.multiply %0, %0 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
"""


def test_canonicalize_runs_and_removes_what_nothing_uses():
    module = parse_text(REPEATED).module
    CanonicalizePass().apply(context(), module)
    text = print_mlir(module)
    assert "stablehlo.exponential" not in text
    assert text == REPEATED.replace("    %3 = stablehlo.exponential %2 : tensor<4xf32>\n", "")


# Every op here has effects and nothing uses its results but the outfeed's token: dce keeps them
# all, and cse merges none of the two equal custom_calls and the two draws of one state. Only the
# exponential goes.
EFFECTS = """\
module @m {
  func.func @main(%x: tensor<4xf32>, %state: tensor<2xui64>) -> tensor<4xf32> {
    %tok = stablehlo.create_token : !stablehlo.token
    %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<0> : tensor<1x1xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %c = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %c2 = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %g0, %g1 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %h0, %h1 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %o = "stablehlo.outfeed"(%x, %tok) <{outfeed_config = ""}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    %bar = stablehlo.optimization_barrier %x : tensor<4xf32>
    %dead = stablehlo.exponential %x : tensor<4xf32>
    return %x : tensor<4xf32>
  }
}
"""


def test_dce_and_cse_keep_every_op_with_effects():
    assert cse_dce(EFFECTS) == EFFECTS.replace("    %dead = stablehlo.exponential %x : tensor<4xf32>\n", "")


def test_an_if_of_pure_branches_goes_and_one_holding_a_custom_call_stays():
    text = """\
module {
  func.func @main(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.if"(%p) ({
      stablehlo.return %x : tensor<f32>
    }, {
      %n = stablehlo.negate %x : tensor<f32>
      stablehlo.return %n : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    %1 = "stablehlo.if"(%p) ({
      stablehlo.return %x : tensor<f32>
    }, {
      %k = stablehlo.custom_call @effect(%x) : (tensor<f32>) -> tensor<f32>
      stablehlo.return %k : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    return %x : tensor<f32>
  }
}
"""
    out = cse_dce(text)
    assert "%0 = " not in out and "%1 = " in out and "@effect" in out


@pytest.mark.parametrize("name", sorted(OPS))
def test_each_dialect_class_carries_the_declarations_traits(name):
    cls = OPS[name]
    made = dialect_class(cls)
    assert made.has_trait(NoMemoryEffect) == (PURE in cls.traits), name
    assert made.has_trait(AlwaysSpeculatable) == (SPECULATABLE in cls.traits), name
    assert made.has_trait(RecursiveMemoryEffect) == (RECURSIVE_EFFECTS in cls.traits), name
    assert made.has_trait(RecursivelySpeculatable) == (RECURSIVELY_SPECULATABLE in cls.traits), name
    assert made.has_trait(Commutative) == (COMMUTATIVE in cls.traits), name
    assert made.has_trait(ConstantLike) == (CONSTANT_LIKE in cls.traits), name
    assert made.has_trait(Elementwise) == (ELEMENTWISE in cls.traits), name
    assert made.has_trait(SameOperandsAndResultType) == (SAME_OPERANDS_AND_RESULT_TYPE in cls.traits), name


def test_xdsl_reads_effects_and_speculation_from_the_traits():
    module = parse_text("""\
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %s = stablehlo.add %a, %b : tensor<4xi32>
  %q = stablehlo.divide %a, %b : tensor<4xi32>
  %c = stablehlo.custom_call @foo(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return %s : tensor<4xi32>
}
""").module
    ops = {o.name: o for o in module.walk()}
    add, divide, call = ops["stablehlo.add"], ops["stablehlo.divide"], ops["stablehlo.custom_call"]
    assert is_side_effect_free(add) and is_speculatable(add)
    assert is_side_effect_free(divide) and not is_speculatable(divide)  # integer division by zero
    assert not is_side_effect_free(call) and not is_speculatable(call)


def test_a_constant_gives_xdsl_its_value():
    module = parse_text("""\
func.func @main() -> tensor<2xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
""").module
    constant = next(o for o in module.walk() if o.name == "stablehlo.constant")
    assert ConstantLike.get_constant_value(constant.results[0]) is constant.properties["value"]


# -- on what JAX lowers ----------------------------------------------------------------------------

def _import_jax_example():
    path = Path(__file__).parents[2] / "examples" / "import_jax.py"
    spec = importlib.util.spec_from_file_location("import_jax_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _counts(module) -> Counter:
    return Counter(o.name for o in module.walk() if o.name.startswith("stablehlo.") and o.name != "stablehlo.return")


def test_xdsl_passes_on_jax_text_cut_the_repeats_and_keep_the_numbers():
    example = _import_jax_example()
    inputs = example.example_inputs()
    text = example.lowered_text(inputs)  # the MLP's loss and gradient, lowered by jax now
    parsed = parse_text(text)
    before = _counts(parsed.module)
    for apply in (CommonSubexpressionElimination(), DeadCodeElimination(), CanonicalizePass()):
        apply.apply(context(), parsed.module)
    after = _counts(parsed.module)
    # JAX repeats constants (four `dense<0.0>` among them), their broadcasts and a multiply
    assert after["stablehlo.constant"] < before["stablehlo.constant"]
    assert after["stablehlo.broadcast_in_dim"] < before["stablehlo.broadcast_in_dim"]
    assert sum(after.values()) < sum(before.values())
    simplified = print_mlir(parsed.module)
    assert print_mlir(parse_text(simplified).module) == simplified  # still vitir's text, byte for byte
    want = evaluate(import_text(text), *inputs)
    got = evaluate(import_text(simplified), *inputs)
    assert len(got) == len(want) == 3
    for ours, theirs in zip(got, want):
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs)  # the same ops on the same values
