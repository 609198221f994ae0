"""The rewriter: rules, rule sets, the greedy driver, its checks and its names, the use index."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.differential import assert_same_meaning
from vitir.ast import DType, FunctionBuilder, TensorType, module
from vitir.ast import ops as O
from vitir.errors import RewriteError
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.print import print_module
from vitir.rewrite import RuleSet, UseIndex, apply_rules, clone_function, rewrite, rule

T = TensorType((4,), DType.F32)


@rule(O.Add)
def add_negative_zero(op, m):
    """x + (-0.0) -> x: exact for every x (-0.0 + -0.0 is -0.0, +0.0 + -0.0 is +0.0, NaN stays NaN)."""
    v = m.splat(op.rhs)
    if v == 0 and math.copysign(1.0, v) < 0:
        return op.lhs
    return None


@rule(O.Add)
def add_positive_zero_wrong(op, m):
    """x + (+0.0) -> x: wrong for x = -0.0 (-0.0 + 0.0 is +0.0), as StableHLO's simplifier has it."""
    v = m.splat(op.rhs)
    if v == 0 and math.copysign(1.0, v) > 0:
        return op.lhs
    return None


@rule(O.Subtract)
def subtract_as_add_negate(op, m):
    """a - b -> a + (-b)."""
    return m.b.add("sum", op.lhs, m.b.negate("neg", op.rhs))


def _zero_plus(literal: str):
    fb = FunctionBuilder("f")
    x = fb.arg("x", T)
    z = fb.constant("z", literal, (4,))
    a = fb.add("a", x, z)
    return module(fb.ret(fb.multiply("y", a, x)))


def test_a_rule_replaces_an_op_with_a_value_and_the_text_keeps_the_other_names():
    before = _zero_plus("-0.0")
    after = rewrite(before, add_negative_zero)
    assert print_module(after) == print_module(before).replace(
        "    %a = stablehlo.add %x, %z : tensor<4xf32>\n", "").replace("multiply %a, %x", "multiply %x, %x")
    assert "%a = stablehlo.add" in print_module(before)  # the original is left as it was
    assert assert_same_meaning(before, after) == 5


def test_the_differential_harness_catches_a_rule_that_loses_the_sign_of_zero():
    before = _zero_plus("0.0")
    after = rewrite(before, add_positive_zero_wrong)
    assert len(after.main.ops) == len(before.main.ops) - 1
    with pytest.raises(AssertionError, match=r"result 0 \(%y\): .*differ.*-0\.0.* vs .*0\.0"):
        assert_same_meaning(before, after)


def test_new_ops_take_the_replaced_name_and_fresh_names_from_it():
    fb = FunctionBuilder("f")
    x, y = fb.arg("x", T), fb.arg("y", T)
    d = fb.subtract("d", x, y)
    e = fb.subtract("5", d, x)
    before = module(fb.ret(fb.exponential("e", e)))
    after = rewrite(before, subtract_as_add_negate)
    assert print_module(after).splitlines()[2:8] == [
        "    %d_neg = stablehlo.negate %y : tensor<4xf32>",
        "    %d = stablehlo.add %x, %d_neg : tensor<4xf32>",
        "    %neg_5 = stablehlo.negate %x : tensor<4xf32>",
        "    %5 = stablehlo.add %d, %neg_5 : tensor<4xf32>",
        "    %e = stablehlo.exponential %5 : tensor<4xf32>",
        "    return %e : tensor<4xf32>",
    ]
    assert print_module(rewrite(before, subtract_as_add_negate)) == print_module(after)  # deterministic
    assert_same_meaning(before, after)


def test_a_fresh_name_never_repeats_one_in_use():
    fb = FunctionBuilder("f")
    x, y = fb.arg("x", T), fb.arg("d_neg", T)
    before = module(fb.ret(fb.subtract("d", x, y)))
    after = rewrite(before, subtract_as_add_negate)
    assert "%d_neg_1 = stablehlo.negate %d_neg" in print_module(after)


def test_rule_sets_compose_and_the_first_rule_that_applies_wins():
    @rule(O.Add, O.Subtract)
    def to_max(op, m):
        return m.b.maximum("mx", op.lhs, op.rhs)

    @rule()
    def never(op, m):
        return None

    assert (add_negative_zero + to_max).rules == (add_negative_zero, to_max)
    both = RuleSet([never, RuleSet([add_negative_zero]), to_max])
    assert [r.name for r in both] == ["never", "add_negative_zero", "to_max"]
    after = rewrite(_zero_plus("-0.0"), both)
    assert [op.NAME for op in after.main.ops] == ["stablehlo.constant", "stablehlo.multiply"]
    after = rewrite(_zero_plus("1.0"), both)  # add_negative_zero does not apply: to_max does
    assert [op.NAME for op in after.main.ops] == ["stablehlo.constant", "stablehlo.maximum", "stablehlo.multiply"]
    assert after.main.ops[1].results[0].name == "a"


def test_a_replacement_of_another_type_is_refused_naming_the_rule():
    @rule(O.Convert)
    def drop_convert(op, m):
        return op.operand

    fb = FunctionBuilder("f")
    x = fb.arg("x", T)
    fn = fb.ret(fb.convert("c", x, DType.F16))
    with pytest.raises(RewriteError, match=r"rule drop_convert on stablehlo.convert %c: replaces %c: "
                                           r"tensor<4xf16> with %x: tensor<4xf32>; a replacement keeps"):
        rewrite(fn, drop_convert)


def test_an_op_its_rule_refuses_is_a_rewrite_error_naming_the_rule():
    @rule(O.Negate)
    def bad(op, m):
        return m.b.reshape("r", op.operand, (3,))

    fb = FunctionBuilder("f")
    fn = fb.ret(fb.negate("n", fb.arg("x", T)))
    with pytest.raises(RewriteError, match=r"rule bad on stablehlo.negate %n: .*stablehlo.reshape %r: .*4.*3"):
        rewrite(fn, bad)


def test_a_new_op_reading_a_value_from_elsewhere_is_refused():
    other = FunctionBuilder("g")
    stray = other.arg("stray", T)

    @rule(O.Negate)
    def reads_stray(op, m):
        return m.b.add("s", op.operand, stray)

    fb = FunctionBuilder("f")
    fn = fb.ret(fb.negate("n", fb.arg("x", T)))
    with pytest.raises(RewriteError, match=r"reads_stray on stablehlo.negate %n: a new stablehlo.add reads "
                                           r"%stray, which is not defined in @f"):
        rewrite(fn, reads_stray)

    @rule(O.Negate)
    def returns_itself(op, m):
        return op.result

    with pytest.raises(RewriteError, match="returned the op's own results; return None"):
        rewrite(fn, returns_itself)


def test_rules_that_undo_each_other_stop_at_the_iteration_cap():
    @rule(O.Add)
    def swap(op, m):
        return m.b.add("s", op.rhs, op.lhs)

    fb = FunctionBuilder("f")
    x, y = fb.arg("x", T), fb.arg("y", T)
    fn = fb.ret(fb.add("a", x, y))
    with pytest.raises(RewriteError, match=r"@f: the rules keep rewriting the same ops \(swap\)"):
        rewrite(fn, swap)


def test_a_chain_of_rewrites_settles_in_one_sweep():
    @rule(O.Negate)
    def double_negation(op, m):
        inner = m.defining(op.operand)
        if isinstance(inner, O.Negate):
            return inner.operand
        return None

    fb = FunctionBuilder("f")
    x = fb.arg("x", T)
    v = x
    for i in range(6):
        v = fb.negate(f"n{i}", v)
    fn = fb.ret(v)
    out = rewrite(fn, double_negation)
    # n1 (-(-x)) reads x, so does n3 (-(-n2)... -> n1 -> x), n5: the odd ones go, the even ones stay for dce
    assert [op.results[0].name for op in out.ops] == ["n0", "n2", "n4"]
    assert out.ret.operands == (x,)
    assert apply_rules(clone_function(fn), double_negation) == 3


def countdown(before: str, body: str, count: int = 3, result: str = "%r#1") -> str:
    """A function of %x: `before` lines, then a loop of `count` turns whose body (lines, reading the
    counter %i and the state %v) yields %j and %w; it returns `result`."""
    return f"""module @m {{
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {{
    %n = stablehlo.constant dense<{count}> : tensor<i32>
{before}    %r:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {{
      %z = stablehlo.constant dense<0> : tensor<i32>
      %c = stablehlo.compare  GT, %i, %z,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }} do {{
{body}      stablehlo.return %j, %w : tensor<i32>, tensor<4xf32>
    }}
    return {result} : tensor<4xf32>
  }}
}}
"""


def test_rules_rewrite_the_ops_of_regions():
    text = countdown("    %one = stablehlo.constant dense<1> : tensor<i32>\n",
                     "      %j = stablehlo.subtract %i, %one : tensor<i32>\n"
                     "      %w = stablehlo.subtract %v, %x : tensor<4xf32>\n")
    before = import_text(text)
    after = rewrite(before, subtract_as_add_negate)
    body = after.main.ops[2].body
    assert [op.NAME for op in body.ops] == ["stablehlo.negate", "stablehlo.add"] * 2
    assert [v.name for v in body.results] == ["j", "w"]
    assert print_module(import_text(print_module(after))) == print_module(after)
    x = np.arange(4, dtype=np.float32)
    assert np.array_equal(evaluate(after, x)[0], x - 3 * x)
    assert_same_meaning(before, after)


def test_the_use_index_knows_definitions_uses_and_captured_values():
    fb = FunctionBuilder("f")
    x = fb.arg("x", T)
    s = fb.multiply("s", x, x)
    c = fb.constant("c", "2.0")
    zero = fb.constant("zero", "0.0")
    body = fb.region()
    a, b = body.arg("a", TensorType((), DType.F32)), body.arg("b", TensorType((), DType.F32))
    region = body.ret(body.add("t", body.multiply("u", a, c), b))
    r = fb.reduce_region("r", (s,), (zero,), (0,), region)
    fn = fb.ret(r, s)
    index = UseIndex(fn)
    mul, reduce = fn.ops[0], fn.ops[3]
    assert index.defining(s) is mul and index.defining(x) is None and index.defining(r) is reduce
    assert index.uses(x) == [mul, mul]  # once per operand slot
    assert index.use_count(s) == 2 and fn.ret in index.uses(s)
    inner = reduce.body.ops[0]
    assert index.uses(c) == [inner] and index.captured(reduce.body) == (c,)
    assert index.block_of(inner) is reduce.body and index.block_of(reduce) is fn
    assert index.uses(reduce.body.ops[1].result) == [reduce.body]


def test_captured_values_of_a_region():
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((), DType.F32))
    k = fb.exponential("k", x)
    branch = fb.region()
    t = branch.ret(branch.add("t", k, x))
    e = fb.region()
    f = e.ret(x)
    p = fb.compare("p", x, x, "EQ")
    out = fb.if_("o", p, t, f)
    fn = fb.ret(out)
    index = UseIndex(fn)
    if_op = fn.ops[-1]
    assert index.captured(if_op.true_branch) == (k, x)
    assert index.captured(if_op.false_branch) == (x,)
    assert if_op.true_branch in [u for u in index.uses(if_op.true_branch.results[0])]


def test_a_users_own_rule_in_ten_lines():
    """Written as a user outside vitir would: x * 2 -> x + x, exact in IEEE arithmetic (the same
    rounding, overflow to inf, -0.0 and NaN), run through the driver on JAX's text."""
    import jax
    import jax.numpy as jnp

    @rule(O.Multiply)
    def twice_as_sum(op, m):
        for x, k in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
            if m.splat(k) == 2.0 and op.result.type.dtype.is_float:
                return m.b.add("twice", x, x)
        return None

    text = jax.jit(lambda a, b: jnp.tanh(a * 2.0) * b).lower(np.zeros((3, 4), np.float32),
                                                              np.zeros((3, 4), np.float32)).as_text()
    before = import_text(text)
    after = rewrite(before, twice_as_sum)
    assert sum(op.NAME == "stablehlo.multiply" for op in after.main.ops) == 1
    assert sum(op.NAME == "stablehlo.add" for op in after.main.ops) == 1
    assert_same_meaning(before, after)


def test_a_rules_new_ops_take_the_replaced_ops_layer_path():
    fb = FunctionBuilder("f")
    x = fb.arg("x", T)
    with fb.layer("vit"), fb.layer("b0"):
        d = fb.subtract("d", x, x)
    with fb.layer("head"):
        e = fb.subtract("e", d, x)
    after = rewrite(module(fb.ret(e)), subtract_as_add_negate)
    paths = {op.results[0].name: (op.NAME, op.path) for op in after.main.ops}
    assert paths == {"d": ("stablehlo.add", "vit.b0"), "d_neg": ("stablehlo.negate", "vit.b0"),
                     "e": ("stablehlo.add", "head"), "e_neg": ("stablehlo.negate", "head")}
