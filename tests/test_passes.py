"""The passes (dce, cse), their registry, `vitir opt`, and their meaning kept on hand-written
modules, on JAX's programs and for every declared op."""

from __future__ import annotations

import random

import numpy as np
import pytest

import vitir.passes as passes
from tests.differential import assert_same_meaning
from tests.fuzz.graphs import Graph, op_table
from tests.test_rewrite import countdown
from vitir.ast import DType, TensorType
from vitir.ast import ops as O
from vitir.cli import main
from vitir.errors import ConfigError
from vitir.mlir import import_text
from vitir.print import print_module
from vitir.rewrite import effect_free, rule, walk

ISSUE_EXAMPLE = """module @m {
  func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %1 = stablehlo.add %b, %a : tensor<4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
    %3 = stablehlo.exponential %2 : tensor<4xf32>
    %4 = stablehlo.subtract %a, %b : tensor<4xf32>
    %5 = stablehlo.subtract %b, %a : tensor<4xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<4xf32>
    %7 = stablehlo.add %2, %6 : tensor<4xf32>
    return %7 : tensor<4xf32>
  }
}
"""

EXAMPLE_AFTER = """module @m {
  func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %2 = stablehlo.multiply %0, %0 : tensor<4xf32>
    %4 = stablehlo.subtract %a, %b : tensor<4xf32>
    %5 = stablehlo.subtract %b, %a : tensor<4xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<4xf32>
    %7 = stablehlo.add %2, %6 : tensor<4xf32>
    return %7 : tensor<4xf32>
  }
}
"""


def _names(fn) -> list[str]:
    return [op.NAME.removeprefix("stablehlo.") for op in fn.ops]


def test_cse_merges_commutative_operands_in_either_order_and_dce_drops_the_unused():
    before = import_text(ISSUE_EXAMPLE)
    after = passes.run(before, ["cse", "dce"])
    assert print_module(after).replace("%v", "%") == EXAMPLE_AFTER
    assert len(before.main.ops) == 8  # the original is left as it was
    assert assert_same_meaning(before, after) == 5


def test_dce_keeps_what_regions_read_and_removes_dead_ops_inside_them():
    text = countdown("    %k = stablehlo.exponential %x : tensor<4xf32>\n"
                     "    %dead = stablehlo.log %x : tensor<4xf32>\n",
                     "      %one = stablehlo.constant dense<1> : tensor<i32>\n"
                     "      %j = stablehlo.subtract %i, %one : tensor<i32>\n"
                     "      %unused = stablehlo.multiply %v, %v : tensor<4xf32>\n"
                     "      %w = stablehlo.add %v, %k : tensor<4xf32>\n", count=2)
    before = import_text(text)
    after = passes.run(before, "dce")
    assert _names(after.main) == ["constant", "exponential", "while"]
    assert _names(after.main.ops[2].body) == ["constant", "subtract", "add"]
    assert_same_meaning(before, after)
    unused_loop = text.replace("return %r#1", "return %k")
    assert _names(passes.run(import_text(unused_loop), "dce").main) == ["exponential"]


def test_dce_and_cse_never_touch_ops_with_effects():
    text = """module @m {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.optimization_barrier %x : tensor<4xf32>
    %3 = stablehlo.optimization_barrier %x : tensor<4xf32>
    %4 = stablehlo.abs %x : tensor<4xf32>
    return %x : tensor<4xf32>
  }
}
"""
    after = passes.run(import_text(text), "cse,dce")
    assert _names(after.main) == ["custom_call"] * 2 + ["optimization_barrier"] * 2


def test_cse_compares_attributes_regions_and_scopes():
    text = """module @m {
  func.func @f(%x: tensor<2x3xf32>, %p: tensor<i1>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %c0 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
    %c1 = stablehlo.constant dense<1.0> : tensor<2x3xf32>
    %c2 = stablehlo.constant dense<2.0> : tensor<2x3xf32>
    %t0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %t1 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %r1 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %s0 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = false}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %lt = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %s1 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = false}> ({
    ^bb0(%d: tensor<f32>, %e: tensor<f32>):
      %lt2 = stablehlo.compare  LT, %d, %e,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt2 : tensor<i1>
    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %s2 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = false}> ({
    ^bb0(%d: tensor<f32>, %e: tensor<f32>):
      %gt = stablehlo.compare  GT, %d, %e,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %gt : tensor<i1>
    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %u = stablehlo.add %x, %c0 : tensor<2x3xf32>
    %i = "stablehlo.if"(%p) ({
      %in = stablehlo.add %c1, %x : tensor<2x3xf32>
      %twice = stablehlo.multiply %x, %c2 : tensor<2x3xf32>
      %both = stablehlo.add %in, %twice : tensor<2x3xf32>
      stablehlo.return %both : tensor<2x3xf32>
    }, {
      %twice2 = stablehlo.multiply %x, %c2 : tensor<2x3xf32>
      stablehlo.return %twice2 : tensor<2x3xf32>
    }) : (tensor<i1>) -> tensor<2x3xf32>
    return %t0, %t1, %r0, %r1, %s0, %s1, %i : tensor<3x2xf32>, tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
}
"""
    before = import_text(text)
    after = passes.run(before, "cse")
    fn = after.main
    names = [op.results[0].name for op in fn.ops]
    assert names == ["c0", "c2", "t0", "z", "r0", "s0", "s2", "u", "i"]
    assert [v.name for v in fn.ret.operands] == ["t0", "t0", "r0", "r0", "s0", "s0", "i"]
    branch, other = fn.ops[-1].true_branch, fn.ops[-1].false_branch
    assert [op.results[0].name for op in branch.ops] == ["twice", "both"]  # %in is %u, outside
    assert branch.ops[1].lhs.name == "u"
    assert [op.results[0].name for op in other.ops] == ["twice2"]  # a sibling region's %twice is not seen
    assert_same_meaning(before, after)


def test_the_registry_takes_a_pass_from_outside_and_the_cli_runs_it(tmp_path, capsys):
    @rule(O.Exponential)
    def exp_of_log(op, m):
        """exp(log x) -> x is not exact; this pass is only a registry test: exp -> exp."""
        return None

    @rule(O.Subtract)
    def subtract_self(op, m):
        """x - x -> 0 for integers (exact: no NaN or inf among them)."""
        if op.lhs is op.rhs and op.result.type.dtype.is_integer:
            return m.b.constant("zero", "0", op.result.type.shape, op.result.type.dtype)
        return None

    mine = passes.Pass.of_rules("int-sub-self", "x - x -> 0 for integers", exp_of_log + subtract_self)
    passes.register(mine)
    try:
        assert passes.PASSES["int-sub-self"] is mine
        with pytest.raises(ConfigError, match="already registered"):
            passes.register(passes.Pass.of_rules("int-sub-self", "another", subtract_self))
        text = """module @m {
  func.func @f(%x: tensor<3xi32>) -> tensor<3xi32> {
    %0 = stablehlo.subtract %x, %x : tensor<3xi32>
    %n = stablehlo.negate %x : tensor<3xi32>
    %1 = stablehlo.add %0, %x : tensor<3xi32>
    return %1 : tensor<3xi32>
  }
}
"""
        source, out = tmp_path / "in.mlir", tmp_path / "out.mlir"
        source.write_text(text)
        # a rule pass ends as MLIR's greedy driver does: the ops left unread (%n) are gone too
        assert main(["opt", str(source), "-p", "int-sub-self", "-o", str(out)]) == 0
        assert out.read_text().replace("%v", "%") == text.replace(
            "    %0 = stablehlo.subtract %x, %x : tensor<3xi32>\n",
            "    %0 = stablehlo.constant dense<0> : tensor<3xi32>\n").replace(
            "    %n = stablehlo.negate %x : tensor<3xi32>\n", "")
        assert main(["opt", "--list"]) == 0
        listed = capsys.readouterr().out.splitlines()
        assert [line.split()[0] for line in listed] == list(passes.PASSES)
        assert ["int-sub-self", "x - x -> 0 for integers"] in [line.split(None, 1) for line in listed]
        before = import_text(text)
        assert_same_meaning(before, passes.run(before, "int-sub-self"))  # by name, as the CLI
    finally:
        passes.unregister("int-sub-self")


def test_a_sequence_runs_its_passes_in_order_as_one_and_takes_function_passes_only():
    text = """module @m {
  func.func @f(%x: tensor<3xi32>) -> tensor<3xi32> {
    %a = stablehlo.negate %x : tensor<3xi32>
    %b = stablehlo.negate %x : tensor<3xi32>
    %n = stablehlo.not %x : tensor<3xi32>
    %s = stablehlo.add %a, %b : tensor<3xi32>
    return %s : tensor<3xi32>
  }
}
"""
    module = import_text(text)
    both = passes.Pass.sequence("cse-then-dce", "cse, then dce", [passes.get("cse"), passes.get("dce")])
    assert both.exact and print_module(passes.run(module, [both])) == print_module(passes.run(module, "cse,dce"))
    assert [op.NAME for op in passes.run(module, [both]).main.ops] == ["stablehlo.negate", "stablehlo.add"]
    assert not passes.Pass.sequence("loose", "", [passes.get("simplify-unsafe-float")]).exact
    with pytest.raises(ConfigError, match="'inlined': a sequence runs function passes, not inline-composite"):
        passes.Pass.sequence("inlined", "", [passes.get("inline-composite"), passes.get("dce")])


def test_vitir_opt_errors(tmp_path, capsys):
    source = tmp_path / "in.mlir"
    source.write_text(ISSUE_EXAMPLE)
    assert main(["opt", str(source), "-p", "cse,nope"]) == 2
    assert "vitir opt: error: no pass named 'nope' (the passes: dce, cse" in capsys.readouterr().err
    assert main(["opt", str(tmp_path / "missing.mlir"), "-p", "dce"]) == 1
    assert "missing.mlir: error: cannot read" in capsys.readouterr().err
    source.write_text(ISSUE_EXAMPLE.replace("%1 = stablehlo.add %b, %a", "%1 = stablehlo.add %b, %q"))
    assert main(["opt", str(source), "-p", "dce"]) == 1
    assert f"{source}:14: error: values used but not defined: [%q]" in capsys.readouterr().err
    source.write_text(ISSUE_EXAMPLE)
    assert main(["opt", str(source)]) == 0  # no passes: the text as vitir prints it
    assert capsys.readouterr().out.replace("%v", "%") == ISSUE_EXAMPLE
    with pytest.raises(ConfigError, match="no pass named 'x'"):
        passes.run(import_text(EXAMPLE_AFTER), ["x"])


# -- JAX's programs ---------------------------------------------------------------------------------

def _mlp():
    from examples.import_jax import example_inputs, lowered_text

    return lowered_text(example_inputs())


def _attention():
    import jax
    import jax.numpy as jnp

    def attention(q, k, v):
        s = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1])
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)

    x = np.zeros((2, 5, 8), np.float32)
    return jax.jit(jax.value_and_grad(lambda q, k, v: attention(q, k, v).sum(), argnums=(0, 1, 2))).lower(
        x, x, x).as_text()


def _scan_and_sort():
    import jax
    import jax.numpy as jnp

    def f(xs, w):
        def step(c, x):
            c = jnp.tanh(c * w + x) + c * w
            return c, c * 2.0
        c, ys = jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
        return jnp.sort(ys, axis=0), c + c

    return jax.jit(f).lower(np.zeros((4, 3), np.float32), np.zeros((3,), np.float32)).as_text()


def _conv_grad():
    import jax

    def loss(x, w):
        y = jax.lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return (y * y).sum()

    return jax.jit(jax.grad(loss, argnums=(0, 1))).lower(np.zeros((1, 4, 4, 2), np.float32),
                                                         np.zeros((3, 3, 2, 3), np.float32)).as_text()


@pytest.mark.parametrize("program", [_mlp, _attention, _scan_and_sort, _conv_grad],
                         ids=["mlp", "attention", "scan_and_sort", "conv_grad"])
def test_passes_keep_the_meaning_of_jax_programs(program):
    before = import_text(program())
    for chosen in (["dce"], ["cse"], ["cse", "dce"]):
        after = passes.run(before, chosen)
        text = print_module(after)
        assert print_module(import_text(text)) == text
        assert_same_meaning(before, after, count=1)
    assert len(list(walk(after.main.ops))) <= len(list(walk(before.main.ops)))


def test_cse_finds_the_repeats_jax_lowers_in_the_mlp():
    before = import_text(_mlp())
    after = passes.run(before, "cse,dce")
    removed = len(before.main.ops) - len(after.main.ops)
    assert removed >= 12  # eleven repeated constants and a second `multiply %0, %0`, then their broadcasts
    constants = [op for op in after.main.ops if isinstance(op, O.Constant)]
    keys = [(op.value, op.result_type) for op in constants]
    assert len(keys) == len(set(keys))


# -- every declared op ----------------------------------------------------------------------------

# What the issue names as having effects: dce must keep each of them, read or not.
KEPT = {"stablehlo.all_gather", "stablehlo.all_reduce", "stablehlo.reduce_scatter", "stablehlo.all_to_all",
        "stablehlo.collective_permute", "stablehlo.collective_broadcast", "stablehlo.custom_call", "stablehlo.rng",
        "stablehlo.rng_bit_generator", "stablehlo.infeed", "stablehlo.outfeed", "stablehlo.send", "stablehlo.recv",
        "stablehlo.optimization_barrier", "all_reduce_mean"}


def _grown(cls):
    """A function holding an op of `cls` drawn by the fuzzer's generators, returning only an argument."""
    for seed in range(40):
        g = Graph(random.Random(seed))
        first = g.arg(TensorType((2, 3), DType.F32))
        if g.grow(cls):
            return g.fb.ret(first)
    raise AssertionError(f"the fuzzer's generators built no {cls.NAME} in 40 draws")


@pytest.mark.parametrize("cls", op_table(), ids=lambda c: c.NAME)
def test_dce_removes_an_unused_effect_free_op_and_keeps_every_op_with_effects(cls):
    fn = _grown(cls)
    target = next(op for op in reversed(fn.ops) if op.NAME == cls.NAME)
    after = passes.run(fn, "dce")
    defined = {v for op in walk(after.ops) for v in op.results}
    if effect_free(target):
        assert cls.NAME not in KEPT
        assert not set(target.results) & defined, f"{cls.NAME} is unused and effect-free, yet kept"
    else:
        assert set(target.results) <= defined, f"{cls.NAME} has effects, yet was removed"
    # what stays is what has effects and what they read
    for op in after.ops:
        if effect_free(op):
            readers = [o for o in after.ops if any(v in o.operands for v in op.results)]
            readers += [o for o in after.ops for r in o.regions() for inner in walk(getattr(r, "ops", []))
                        if any(v in inner.operands for v in op.results)]
            assert readers, f"{op.NAME} {op.results[0].ssa} is effect-free and unread, yet kept"


def test_the_ops_with_effects_are_those_the_issue_names():
    with_effects = set()
    for cls in op_table():
        fn = _grown(cls)
        target = next(op for op in reversed(fn.ops) if op.NAME == cls.NAME)
        if not effect_free(target):
            with_effects.add(cls.NAME)
    assert KEPT <= with_effects
    assert {"stablehlo.add", "stablehlo.constant", "stablehlo.while", "stablehlo.reduce", "stablehlo.sort",
            "adamw_update", "stablehlo.dot_general"}.isdisjoint(with_effects)


def test_cse_leaves_the_bodies_of_reduce_and_sort_capturing_nothing():
    text = """module @m {
  func.func @f(%x: tensor<3xf32>) -> (tensor<f32>, tensor<f32>) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
     reducer(%a: tensor<f32>, %b: tensor<f32>)  {
      %z2 = stablehlo.constant dense<0.0> : tensor<f32>
      %m = stablehlo.maximum %a, %b : tensor<f32>
      %s = stablehlo.add %m, %z2 : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }
    return %r, %z : tensor<f32>, tensor<f32>
  }
}
"""
    before = import_text(text)
    after = passes.run(before, "cse")
    body = after.main.ops[1].body
    assert [op.results[0].name for op in body.ops] == ["z2", "m", "s"]
    assert_same_meaning(before, after)
