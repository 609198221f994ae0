"""Shardy's attributes where they stand, read into their kinds and checked by Shardy's rules: the
`sdy.sharding` of a function's arguments and results (a TensorSharding) and of an op (one per
result), an op's `sdy.sharding_rule` (an OpShardingRule), the reduction of unreduced axes and of
all_reduce and reduce_scatter, and the ops sdy.constant, data_flow_edge, func_data_flow_edge,
sharded_to_unreduced and replicated_to_unreduced.

Each case is refused where `vitir check` reads it, at the line Shardy names, with Shardy's words.
jaxlib's parser, which runs Shardy's verifier, is the oracle: it refuses the same text at the same
line with the same words, except where its Shardy predates the rule (the reductions of unreduced
axes, `unreduced=max{...}` and `all_reduce max`, came later: their words are Shardy's sources',
shardy/dialect/sdy/ir/utils.cc and verifiers.cc). The valid texts pass both, print back as
written, and read the same through vitir's fast reader and its xDSL path."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tests.mlir_parser import mlir_error
from vitir.errors import VitirError
from vitir.mlir import import_text
from vitir.mlir.parse import parse_text
from vitir.mlir.to_ast import import_module
from vitir.print import print_module
from vitir.text import fast_import

pytest.importorskip("jaxlib.mlir.ir", reason="jaxlib's MLIR parser (with Shardy's verifier) is the oracle")

MESH = 'sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>\n'
HERE = "  // here"  # marks the line the refusal must name


def fn(body: str, args: str = "%arg0: tensor<8x8xf32>", results: str = "tensor<8x8xf32>",
       returned: str = "%arg0 : tensor<8x8xf32>") -> str:
    return (MESH + f"func.func @main({args}) -> {results} {{\n{body}\n  return {returned}\n}}\n")


def sharded_arg(sharding: str, shape: str = "8x8") -> str:
    return f"%arg0: tensor<{shape}xf32> {{sdy.sharding = #sdy.sharding<@mesh, {sharding}>}}"


def op(attribute: str, result: str = "%0") -> str:
    return f"  {result} = stablehlo.negate %arg0 {{{attribute}}} : tensor<8x8xf32>{HERE}"


def rule(text: str, operands: str = "%arg0, %arg0", types: str = "(tensor<8x8xf32>, tensor<8x8xf32>)") -> str:
    return (f"  %0 = stablehlo.add {operands} {{sdy.sharding_rule = #sdy.op_sharding_rule<{text}>}} : "
            f"tensor<8x8xf32>{HERE}")


def signature_case(args: str, results: str = "tensor<8x8xf32>") -> str:
    return fn("", args, results).replace("{\n\n", "{" + HERE + "\n", 1)


# (id, text, Shardy's words, whether jaxlib's Shardy knows the rule)
CASES = [
    # a function argument's or result's sdy.sharding: a TensorSharding checked against its type
    ("arg: unknown axis", signature_case(sharded_arg('[{"d"}, {}]')), 'arg 0 - unknown axis name: "d"', True),
    ("arg: rank", signature_case(sharded_arg('[{"a"}]')), "arg 0 - sharding doesn't match tensor rank: 1 != 2", True),
    ("arg: unknown mesh", signature_case("%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@nope, [{}, {}]>}"),
     "arg 0 - unknown mesh: @nope", True),
    ("arg: duplicate axis", signature_case(sharded_arg('[{"a"}, {"a"}]')), 'arg 0 - duplicate axis ref: "a"', True),
    ("arg: sub-axes that merge", signature_case(sharded_arg('[{"b":(1)2, "b":(2)2}, {}]')),
     'arg 0 - two consecutive sub-axes can be merged: "b":(1)2, "b":(2)2', True),
    ("arg: replicated out of order", signature_case(sharded_arg('[{}, {}], replicated={"b", "a"}')),
     "arg 0 - replicated axes are not ordered w.r.t. mesh", True),
    ("arg: a sharding per value", signature_case(
        "%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}"),
     "arg 0 - should have a sharding attribute of type TensorShardingAttr", True),
    ("result: unknown axis", signature_case(
        "%arg0: tensor<8x8xf32>", '(tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>})'),
     'result 0 - unknown axis name: "d"', True),
    ("arg: a priority with a leading zero", signature_case(sharded_arg('[{"a"}p01, {}]')),
     "priorities with leading zeros are not allowed, got: p01", True),
    ("arg: a priority that is not one", signature_case(sharded_arg('[{"a"}phigh, {}]')),
     "expecting priority in format 'p<number>', got: phigh", True),
    # an op's sdy.sharding: one sharding per result
    ("op: a single sharding", fn(op('sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>'), returned="%0 : tensor<8x8xf32>"),
     "should have a sharding attribute of type TensorShardingPerValueAttr", True),
    ("op: unknown axis", fn(op('sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {}]>]>'),
                            returned="%0 : tensor<8x8xf32>"),
     'result - unknown axis name: "d"', True),
    ("op: too many shardings", fn(op('sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>]>'),
                                  returned="%0 : tensor<8x8xf32>"),
     "result shardings don't match number of values: 2 shardings vs 1 values", True),
    ("op: sub-axis too big", fn(op('sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)4}, {}]>]>'),
                                returned="%0 : tensor<8x8xf32>"),
     "result - sub-axis next pre-size 8 doesn't divide the size of the full axis 4", True),
    # a collective is checked against its operand's sharding, an argument's or an op's
    ("all_gather of an axis the argument lacks", fn(
        f'  %0 = sdy.all_gather [{{"b"}}, {{}}] %arg0 out_sharding=<@mesh, [{{"a"}}, {{}}]> : tensor<8x8xf32>{HERE}',
        sharded_arg('[{"a"}, {}]'), returned="%0 : tensor<8x8xf32>"),
     "can't apply gathering axis \"b\" to operand sharding on dimension 0", True),
    ("all_reduce of an axis the argument shards on", fn(
        f'  %0 = sdy.all_reduce {{"a"}} %arg0 out_sharding=<@mesh, [{{"a"}}, {{}}]> : tensor<8x8xf32>{HERE}',
        sharded_arg('[{"a"}, {}]'), returned="%0 : tensor<8x8xf32>"),
     'reduction axis "a" overlaps with operand dimension sharding or replicated axes', True),
    ("all_slice after an op's sharding", fn(
        op('sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>').replace(HERE, "") + "\n"
        f'  %1 = sdy.all_slice [{{}}, {{"b"}}] %0 out_sharding=<@mesh, [{{"a"}}, {{}}]> : tensor<8x8xf32>{HERE}',
        returned="%1 : tensor<8x8xf32>"),
     "result sharding doesn't match expected sharding [\"b\"] on dimension 1", True),
    # an op's sdy.sharding_rule
    ("rule: unused factor", fn(rule("([i, j], [i, j])->([i, j]) {i=8, j=8, k=2}"), returned="%0 : tensor<8x8xf32>"),
     "has factor k=2 that isn't used in operand and result mappings", True),
    ("rule: mapping rank", fn(rule("([i, j], [i])->([i, j]) {i=8, j=8}"), returned="%0 : tensor<8x8xf32>"),
     "operand 1 - mapping rank must match: 1 != 2", True),
    ("rule: operand count", fn(rule("([i, j])->([i, j]) {i=8, j=8}"), returned="%0 : tensor<8x8xf32>"),
     "number of operands and mappings must match: 2 != 1", True),
    ("rule: reused factor", fn(rule("([i, i], [i, j])->([i, j]) {i=8, j=8}"), returned="%0 : tensor<8x8xf32>"),
     "operand 0 - cannot reuse factors for the same tensor value", True),
    ("rule: reduction factor in a result", fn(rule("([i, j], [i, j])->([i, j]) {i=8, j=8} reduction={j}"),
                                              returned="%0 : tensor<8x8xf32>"),
     "reduction factor cannot be in result mappings", True),
    ("rule: factor in two sets", fn(rule("([i, j], [i, j])->([i, j]) {i=8, j=8} reduction={j} permutation={j}"),
                                    returned="%0 : tensor<8x8xf32>"),
     "a factor can only be in one of the reduction, need replication, or permutation factor sets", True),
    ("rule: factors out of order", fn(rule("([i, j], [i, j])->([i, j]) {j=8, i=8}"), returned="%0 : tensor<8x8xf32>"),
     "Expecting factor index symbol 'i', received: 'j'", True),
    ("rule: a symbol past z", fn(rule("([i, j], [i, a])->([i, j]) {i=8, j=8}"), returned="%0 : tensor<8x8xf32>"),
     "expecting symbol from 'i' to 'z'. Received: 'a'", True),
    ("rule: not a rule", fn(f"  %0 = stablehlo.negate %arg0 {{sdy.sharding_rule = 1 : i64}} : tensor<8x8xf32>{HERE}",
                            returned="%0 : tensor<8x8xf32>"),
     "should have a sharding rule attribute of type OpShardingRuleAttr", True),
    # the new ops
    ("replicated_to_unreduced of a sharded axis", fn(
        f'  %0 = sdy.replicated_to_unreduced {{"a"}} %arg0 out_sharding=<@mesh, [{{"a"}}, {{}}]> : '
        f'tensor<8x8xf32>{HERE}', sharded_arg('[{"a"}, {}]'), returned="%0 : tensor<8x8xf32>"),
     'r2u axis "a" overlaps with operand dimension sharding', True),
    ("replicated_to_unreduced's unreduced axes", fn(
        f'  %0 = sdy.replicated_to_unreduced {{"b"}} %arg0 out_sharding=<@mesh, [{{"a"}}, {{}}]> : '
        f'tensor<8x8xf32>{HERE}', sharded_arg('[{"a"}, {}]'), returned="%0 : tensor<8x8xf32>"),
     "out_unreduced_axes should be in_unreduced_axes + r2u_axes", True),
    ("sharded_to_unreduced of an axis not last", fn(
        f'  %0 = sdy.sharded_to_unreduced [{{"a"}}, {{}}] %arg0 out_sharding=<@mesh, [{{"b"}}, {{}}], '
        f'unreduced={{"a"}}> : tensor<8x8xf32>{HERE}', sharded_arg('[{"a", "b"}, {}]'),
        returned="%0 : tensor<8x8xf32>"),
     "can't apply shard-to-unreduce axis \"a\" to operand sharding on dimension 0", True),
    ("sharded_to_unreduced's unreduced axes", fn(
        f'  %0 = sdy.sharded_to_unreduced [{{"a"}}, {{}}] %arg0 out_sharding=<@mesh, [{{}}, {{}}]> : '
        f'tensor<8x8xf32>{HERE}', sharded_arg('[{"a"}, {}]'), returned="%0 : tensor<8x8xf32>"),
     "out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes", True),
    ("data_flow_edge's sharding", fn(
        f'  %0 = sdy.data_flow_edge %arg0 sharding=<@mesh, [{{"d"}}, {{}}]> : tensor<8x8xf32>{HERE}',
        returned="%0 : tensor<8x8xf32>"),
     'unknown axis name: "d"', True),
    # propagation edges: read (their steps and targets), then checked against the op's values' shardings
    ("edges: a step twice", fn(op('sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = operand-0 -> '
                                  '[result-0]}]}, {step-1 = [{"b" = operand-0 -> [result-0]}]}]>'),
                               returned="%0 : tensor<8x8xf32>"),
     "propagation edges have duplicate step index: 1", True),
    ("edges: a target that is the source", fn(op('sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = '
                                                 'result-0 -> [result-0]}]}]>'), returned="%0 : tensor<8x8xf32>"),
     "propagation edges have a source that is the same as a target", True),
    ("edges: no sharding named", fn(op('sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = '
                                       'operand-0 -> [result-0]}]}]>'), returned="%0 : tensor<8x8xf32>"),
     "expected propagation edges attr to reference a sharding", True),
    ("edges: an operand out of range", fn(op('sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = '
                                             'result-0 -> [operand-1]}]}]>, sdy.sharding = #sdy.sharding_per_value<'
                                             '[<@mesh, [{"a"}, {}]>]>'), returned="%0 : tensor<8x8xf32>"),
     "expected a value ref to have an operand index in range [0, 1), got: 1", True),
    ("edges: per value, not an array of edges", fn(op("sdy.result_propagation_edges = [1, 2]"),
                                                   returned="%0 : tensor<8x8xf32>"),
     "should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr>", True),
    # what needs every use of a value
    ("a manual computation reading a value from outside", fn(
        '  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] '
        'manual_axes={"a"} (%arg1: tensor<4x8xf32>) {\n'
        f'    %1 = stablehlo.add %arg1, %outer : tensor<4x8xf32>{HERE}\n'
        '    sdy.return %1 : tensor<4x8xf32>\n  } : (tensor<8x8xf32>) -> tensor<8x8xf32>',
        "%arg0: tensor<8x8xf32>, %outer: tensor<4x8xf32>", returned="%0 : tensor<8x8xf32>"),
     "using value defined outside the region", True),
    ("a data-flow edge not the one use of its input", fn(
        f"  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>\n  %1 = sdy.data_flow_edge %0 : tensor<8x8xf32>{HERE}\n"
        "  %2 = stablehlo.add %0, %1 : tensor<8x8xf32>", returned="%2 : tensor<8x8xf32>"),
     "expected input of sdy.data_flow_edge to have a single user", True),
    ("a function's data-flow edge on a region's argument", fn(
        '  %c = stablehlo.constant dense<0.0> : tensor<f32>\n'
        '  %0 = stablehlo.reduce(%arg0 init: %c) across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> '
        'tensor<8xf32>\n    reducer(%a: tensor<f32>, %b: tensor<f32>)  {\n'
        f'    %e = sdy.func_data_flow_edge %a : tensor<f32>{HERE}\n'
        '    %s = stablehlo.add %e, %b : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n  }',
        results="tensor<8xf32>", returned="%0 : tensor<8xf32>"),
     "expected operand of sdy.func_data_flow_edge to be a block argument of a func op.", True),
    # the reductions of unreduced axes (newer than jaxlib's Shardy)
    ("all_reduce max of sum axes", fn(
        f'  %0 = sdy.all_reduce max {{"a"}} %arg0 out_sharding=<@mesh, [{{}}, {{}}]> : tensor<8x8xf32>{HERE}',
        sharded_arg('[{}, {}], unreduced={"a"}'), returned="%0 : tensor<8x8xf32>"),
     "cannot reduce 'sum' unreduced axes. Expected 'max'.", False),
    ("all_reduce adding an unreduced axis", fn(
        f'  %0 = sdy.all_reduce {{"a"}} %arg0 out_sharding=<@mesh, [{{}}, {{}}], unreduced={{"c"}}> : '
        f'tensor<8x8xf32>{HERE}', sharded_arg('[{}, {}], unreduced={"a"}'), returned="%0 : tensor<8x8xf32>"),
     "cannot add new unreduced axis 'c'.", False),
    ("reshard changing the reduction", fn(
        f'  %0 = sdy.reshard %arg0 <@mesh, [{{}}, {{}}], unreduced={{"a"}}> : tensor<8x8xf32>{HERE}',
        sharded_arg('[{}, {}], unreduced=max{"a"}'), returned="%0 : tensor<8x8xf32>"),
     "cannot change the reduction operator of kept unreduced axes from max to sum.", False),
    ("sharding_constraint introducing max axes", fn(
        f'  %0 = sdy.sharding_constraint %arg0 <@mesh, [{{}}, {{}}], unreduced=max{{"a"}}> : tensor<8x8xf32>{HERE}',
        sharded_arg('[{}, {}]'), returned="%0 : tensor<8x8xf32>"),
     "cannot introduce 'max' unreduced axes. Expected 'sum'.", False),
]


def _line(text: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.endswith(HERE))


def _vitir_refusal(text: str) -> tuple[int, str]:
    """The first problem `vitir check` reports: (line, message)."""
    assert fast_import(text) is None, "the fast reader took a text it must refuse"
    with pytest.raises(VitirError) as caught:
        import_text(text, "case", keep_going=True)
    first = caught.value.diagnostics[0]
    return first.line, first.message


@pytest.mark.parametrize("name, text, words, oracle", CASES, ids=[c[0] for c in CASES])
def test_refused_at_its_line_with_shardys_words(name, text, words, oracle):
    line, message = _vitir_refusal(text)
    assert (line, words in message) == (_line(text), True), message
    if oracle:
        error = mlir_error(text)
        assert error is not None and error.startswith(f"{_line(text)}:") and words in error, error


VALID = [
    ("arguments, results and ops sharded", fn(
        '  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}p1, {"b":(1)2}], '
        'replicated={"c"}>]>} : tensor<8x8xf32>\n'
        '  %1 = sdy.all_gather [{"a"}, {}] %0 out_sharding=<@mesh, [{}, {"b":(1)2}]> : tensor<8x8xf32>',
        sharded_arg('[{"a"}, {}]'), '(tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}]>})',
        "%1 : tensor<8x8xf32>"), True),
    ("a sharding rule of every factor kind", fn(
        '  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] {sdy.sharding_rule = '
        '#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=8, k=8} reduction={k} need_replication={i} '
        'blocked_propagation={j}, custom>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>',
        returned="%0 : tensor<8x8xf32>"), True),
    ("the five ops", fn(
        '  %c = sdy.constant dense<1.0> : tensor<8x8xf32>\n'
        '  %e = sdy.func_data_flow_edge %arg0 : tensor<8x8xf32>\n'
        '  %0 = stablehlo.add %e, %c : tensor<8x8xf32>\n'
        '  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a"}, {"c"}]> : tensor<8x8xf32>\n'
        '  %2 = sdy.sharded_to_unreduced [{}, {"c"}] %1 out_sharding=<@mesh, [{"a"}, {}], unreduced={"c"}> : '
        'tensor<8x8xf32>\n'
        '  %3 = sdy.all_reduce {"c"} %2 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>\n'
        '  %4 = sdy.replicated_to_unreduced {"b"} %3 out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}> : '
        'tensor<8x8xf32>\n'
        '  %5 = sdy.reduce_scatter [{}, {"b"}] %4 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>',
        sharded_arg('[{"a"}, {"c"}]'), returned="%5 : tensor<8x8xf32>"), True),
    ("propagation edges and an optimization barrier's shardings", fn(
        '  %0 = stablehlo.negate %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"b" = operand-0 '
        '-> [result-0]}]}, {step-12345 = [{"a" = result-0 -> [operand-0]}]}]>, sdy.sharding = '
        '#sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>\n'
        '  %1:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, '
        '<@mesh, [{}, {}]>]>} %0, %arg0 : tensor<8x8xf32>, tensor<8x8xf32>', returned="%1#0 : tensor<8x8xf32>"), True),
    ("max unreduced axes reduced by max", fn(
        '  %0 = sdy.all_reduce max {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>\n'
        '  %1 = sdy.reduce_scatter max [{}, {"c"}] %arg0 out_sharding=<@mesh, [{}, {"c"}]> : tensor<8x8xf32>',
        sharded_arg('[{}, {}], unreduced=max{"a"}'), returned="%0 : tensor<8x8xf32>"), False),
]


def _body(text: str) -> list[str]:
    """The lines of a module's text, stripped, numbered values named as vitir names them (`%v0`)."""
    return [re.sub(r"%([0-9])", r"%v\1", line.strip()) for line in text.split("\n")
            if line.strip() and not line.startswith("module")]


@pytest.mark.parametrize("name, text, oracle", VALID, ids=[c[0] for c in VALID])
def test_what_shardy_accepts_reads_the_same_both_ways_and_prints_back(name, text, oracle):
    if oracle:
        assert mlir_error(text) is None
    fast = fast_import(text)
    assert fast is not None, "the fast reader refused a valid text"
    printed = print_module(fast)
    assert printed == print_module(import_module(parse_text(text, "case", verify=False)))
    assert _body(printed)[:-1] == _body(text)  # as written, less the module's closing brace


def test_the_five_ops_evaluate_to_their_global_meaning():
    """sdy.constant is its value; the edges and the collectives on whole tensors are the identity."""
    from vitir.evaluate import evaluate

    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    (result,) = evaluate(import_text(VALID[2][1]), x)
    np.testing.assert_array_equal(result, x + 1)


def test_jax_sharded_module_read_by_the_fast_reader():
    """JAX's sharded jit: its mesh's `{stablehlo.mesh = ...}`, its arguments' and results' shardings."""
    jax = pytest.importorskip("jax")
    from jax.sharding import AbstractMesh, NamedSharding, PartitionSpec

    mesh = AbstractMesh((2, 2), ("x", "y"))
    a = jax.ShapeDtypeStruct((8, 4), np.float32, sharding=NamedSharding(mesh, PartitionSpec("x", None)))
    b = jax.ShapeDtypeStruct((4, 6), np.float32, sharding=NamedSharding(mesh, PartitionSpec(None, "y")))
    text = jax.jit(lambda a, b: jax.numpy.tanh(a @ b)).trace(a, b).lower(lowering_platforms=("cpu",)).as_text()
    assert "stablehlo.mesh" in text and "#sdy.sharding<@mesh" in text
    fast = fast_import(text)
    assert fast is not None
    assert print_module(fast) == print_module(import_module(parse_text(text, "jax", verify=False)))
    assert fast.symbols[0].mesh.names == ("x", "y")
