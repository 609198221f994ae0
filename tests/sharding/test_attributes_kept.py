"""Attributes of other dialects (shardings, partition counts, JAX's result names, frontend attributes,
unknown ones) survive every reader, the printer and every registered pass: MLIR's own parser (jaxlib's)
is the oracle of what each entry is, and it must find each one in vitir's output as often as in the input."""

from __future__ import annotations

import re

import pytest

import vitir.passes as P
from tests.mlir_parser import mlir_print
from vitir.ast import FunctionBuilder, f32
from vitir.ast import ops as O
from vitir.ast.declare import OPS
from vitir.errors import RewriteError
from vitir.mlir import import_text, parse_text, print_mlir
from vitir.mlir.to_ast import import_module
from vitir.print import print_module
from vitir.text import fast_import

pytest.importorskip("jax")

_MESH = '  sdy.mesh @mesh = <["x"=2]>\n' if "sdy.mesh" in OPS else ""  # once the sdy dialect declares it

# Every annotated op is live, and each would otherwise be rewritten: `add` of two constants (fold),
# `multiply` by one (simplify), two equal `sine`s (cse), a reduce (its own syntax).
TEXT = f'''module @m attributes {{foo.flag, mhlo.frontend_attributes = {{xla.k = "v"}}, mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32}} {{
{_MESH}  func.func @main(%a: tensor<4xf32> {{mhlo.sharding = "{{devices=[2]<=[2]}}"}}, %b: tensor<4xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}]>}}) -> (tensor<f32> {{jax.result_info = "result", mhlo.sharding = "{{replicated}}"}}, tensor<4xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{}}]>}}) {{
    %c = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
    %0 = stablehlo.add %c, %c {{mhlo.sharding = "{{replicated}}", foo.x = {{k = 1 : i64}}}} : tensor<4xf32>
    %1 = stablehlo.multiply %a, %c {{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{{"x"}}]>]>}} : tensor<4xf32>
    %2 = stablehlo.sine %1 {{mhlo.frontend_attributes = {{_xla_compute_type = "host"}}}} : tensor<4xf32>
    %3 = stablehlo.sine %1 : tensor<4xf32>
    %4 = stablehlo.custom_call @Sharding(%2) {{backend_config = "", mhlo.sharding = "{{devices=[2]<=[2]}}"}} : (tensor<4xf32>) -> tensor<4xf32>
    %5 = stablehlo.transpose %4, dims = [0] {{foo.unit}} : (tensor<4xf32>) -> tensor<4xf32>
    %6 = stablehlo.add %5, %3 : tensor<4xf32>
    %7 = stablehlo.add %6, %0 : tensor<4xf32>
    %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %z) applies stablehlo.add across dimensions = [0] {{mhlo.sharding = "{{replicated}}"}} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    return %8, %b : tensor<f32>, tensor<4xf32>
  }}
}}
'''

# Each entry as MLIR prints it, on the module, the arguments, the results and the ops.
ENTRIES = ['foo.flag', 'mhlo.frontend_attributes = {xla.k = "v"}', "mhlo.num_partitions = 2 : i32",
           "mhlo.num_replicas = 1 : i32", 'mhlo.sharding = "{devices=[2]<=[2]}"',
           'sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>', 'jax.result_info = "result"',
           'mhlo.sharding = "{replicated}"', 'sdy.sharding = #sdy.sharding<@mesh, [{}]>', "foo.x = {k = 1 : i64}",
           'sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>',
           'mhlo.frontend_attributes = {_xla_compute_type = "host"}', "foo.unit"]


def _counts(text: str) -> dict[str, int]:
    printed = mlir_print(_MESH_FOR_ORACLE(text))
    return {entry: len(re.findall(re.escape(entry) + r"(?=[,}])", printed)) for entry in ENTRIES}


def _MESH_FOR_ORACLE(text: str) -> str:
    """MLIR's verifier looks the sharding's mesh up: give it one where the text has none."""
    if "sdy.mesh" in text:
        return text
    return text.replace(" {\n", ' {\n  sdy.mesh @mesh = <["x"=2]>\n', 1)


EXPECTED = None


def _expected() -> dict[str, int]:
    global EXPECTED
    if EXPECTED is None:
        EXPECTED = _counts(TEXT)
        assert all(EXPECTED.values()), EXPECTED  # the oracle finds every entry in the input
    return EXPECTED


def _imported():
    return import_text(TEXT)


def test_every_reader_and_the_printer_keep_every_attribute():
    expected = _expected()
    parsed = parse_text(TEXT)
    through_xdsl = print_mlir(parsed.module)
    through_ast = print_module(import_module(parse_text(TEXT)))
    assert _counts(through_xdsl) == expected
    assert _counts(through_ast) == expected
    assert print_module(import_text(through_ast)) == through_ast  # printed back unchanged


def test_the_fast_reader_keeps_them_on_the_module_arguments_results_and_ops():
    text = '''module @m attributes {mhlo.num_partitions = 2 : i32, foo.flag} {
  func.func @main(%a: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.sine %a {mhlo.sharding = "{replicated}", foo.unit} : tensor<4xf32>
    %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] {mhlo.sharding = "{replicated}"} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<f32>) -> tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
'''
    module = fast_import(text)
    assert module is not None  # read without xDSL
    assert module.attributes == (("foo.flag", None), ("mhlo.num_partitions", "2 : i32"))
    assert module.num_partitions == 2
    fn = module.main
    assert fn.arg_attributes == ((("mhlo.sharding", '"{devices=[2]<=[2]}"'),),)
    assert fn.result_attributes == ((("jax.result_info", '"result"'),),)
    assert fn.ops[0].discardable == (("foo.unit", None), ("mhlo.sharding", '"{replicated}"'))
    assert print_module(module) == print_module(import_module(parse_text(text)))
    assert mlir_print(print_module(module)) == mlir_print(text)


@pytest.mark.parametrize("name", sorted(P.PASSES))
def test_every_pass_keeps_every_attribute(name):
    module = _imported()
    out = P.run(module, [name])
    assert _counts(print_module(out)) == _expected()


def test_the_passes_of_the_must_show_keep_them_in_sequence():
    out = P.run(_imported(), "dce,cse,fold,simplify")
    assert _counts(print_module(out)) == _expected()


def test_cse_merges_equal_ops_and_keeps_differently_sharded_ones_apart():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(4))
    one = {"mhlo.sharding": '"{replicated}"'}
    other = {"mhlo.sharding": '"{devices=[2]<=[2]}"'}
    a = fb.emit(O.Sine("a", x, discardable=one))
    b = fb.emit(O.Sine("b", x, discardable=one))
    c = fb.emit(O.Sine("c", x, discardable=other))
    d = fb.emit(O.Sine("d", x))
    fn = fb.ret(fb.add("s", fb.add("t", a, b), fb.add("u", c, d)))
    merged = P.run(fn, ["cse"])
    sines = [op for op in merged.ops if type(op) is O.Sine]
    assert [op.results[0].name for op in sines] == ["a", "c", "d"]
    assert [op.discardable for op in sines] == [(("mhlo.sharding", '"{replicated}"'),),
                                                (("mhlo.sharding", '"{devices=[2]<=[2]}"'),), ()]


def test_inline_composite_refuses_a_composite_that_carries_one():
    text = '''module @m {
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.composite "my.op" %a {decomposition = @my.op.impl, mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @my.op.impl(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.sine %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
'''
    module = import_text(text)
    assert "mhlo.sharding" in print_module(module)
    with pytest.raises(RewriteError, match=r'^inline-composite: stablehlo.composite %v0 carries mhlo.sharding, '):
        P.run(module, ["inline-composite"])


def test_an_ops_attributes_must_be_name_text_pairs():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(4))
    with pytest.raises(Exception, match=r"^stablehlo.sine %y: discardable attributes: expected a \(name, text\) "):
        O.Sine("y", x, discardable=[("mhlo.sharding",)])
