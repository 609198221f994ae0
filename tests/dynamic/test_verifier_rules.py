"""StableHLO's verifier on dimensions `?`: the types that must be static (a constant's, a shape
operand's, broadcast_in_dim's and reshape's results, which may hold one bounded `?`), the shape
operands a constant gives checked against the operand, and the rules that count sizes (collectives,
chlo.top_k) taking a `?` as known at run time instead of failing on it. The programs are vitir's own,
of the classes StableHLO's verifier tests hold."""

from __future__ import annotations

import pytest

from tests.mlir.test_verifier_rules import func, printed, refused


@pytest.mark.parametrize("line,args,message", [
    ("%r = stablehlo.constant dense<1> : tensor<?xi32>", "",
     "stablehlo.constant %r: result tensor<?xi32> must be statically shaped"),
    ("%r = stablehlo.iota dim = 0 : tensor<?xi32>", "",
     "stablehlo.iota %r: result tensor<?xi32> must be statically shaped"),
    ('%r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0] : (tensor<3xi32>, tensor<?xi64>) -> tensor<?xi32>',
     "%x: tensor<3xi32>, %s: tensor<?xi64>",
     "stablehlo.dynamic_broadcast_in_dim %r: output_dimensions tensor<?xi64> must be statically shaped"),
    ("%r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi32>) -> tensor<?x3xi32>", "%x: tensor<3xi32>",
     "stablehlo.broadcast_in_dim %r: result tensor<?x3xi32> must be statically shaped or single bounded dimension "
     "tensor"),
    ("%r = stablehlo.reshape %x : (tensor<?x?xi32, #stablehlo.bounds<5, 5>>) -> tensor<?x?xi32, "
     "#stablehlo.bounds<5, 5>>", "%x: tensor<?x?xi32, #stablehlo.bounds<5, 5>>",
     "stablehlo.reshape %r: result tensor<?x?xi32, #stablehlo.bounds<5, 5>> must be statically shaped or single "
     "bounded dimension tensor"),
])
def test_types_the_verifier_wants_static_are_refused_with_a_dimension_unknown(line, args, message):
    result = line.rsplit(" ", 1)[1] if "->" not in line else line.rsplit("-> ", 1)[1]
    assert refused(func(f"  {line}\n  return %r : {result}", args, result)) == (2, message)


def test_one_bounded_unknown_dimension_is_a_reshape_result_the_verifier_takes():
    t = "tensor<?x4xi32, #stablehlo.bounds<5, ?>>"
    line = f"%r = stablehlo.reshape %x : (tensor<?xi32, #stablehlo.bounds<20>>) -> {t}"
    assert f"    {line}\n" in printed(func(f"  {line}\n  return %r : {t}", "%x: tensor<?xi32, #stablehlo.bounds<20>>",
                                          t))


@pytest.mark.parametrize("constant,line,args,message", [
    ("dense<[2, 1, 1]> : tensor<3xi32>",
     "%r = stablehlo.dynamic_broadcast_in_dim %x, %c, dims = [1, 2] : (tensor<1x3xi32>, tensor<3xi32>) -> "
     "tensor<?x?x?xi32>", "%x: tensor<1x3xi32>",
     "stablehlo.dynamic_broadcast_in_dim %r: operand dim 1 of size 3 cannot broadcast to result dim 2 of size 1"),
    ("dense<[2, 3, 4]> : tensor<3xi32>",
     "%r = stablehlo.dynamic_reshape %x, %c : (tensor<2x5xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>",
     "%x: tensor<2x5xf32>",
     "stablehlo.dynamic_reshape %r: cannot reshape [2, 5] (10 elements) to [2, 3, 4] (24 elements)"),
    ("dense<-1> : tensor<1xi32>",  # the edge paddings unknown: the interior one is checked alone
     "%r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %c : (tensor<4xf64>, tensor<f64>, tensor<1xi32>, tensor<1xi32>, "
     "tensor<1xi32>) -> tensor<?xf64>", "%x: tensor<4xf64>, %v: tensor<f64>, %lo: tensor<1xi32>, %hi: tensor<1xi32>",
     "stablehlo.dynamic_pad %r: interior_padding must be non-negative, but got [-1]"),
])
def test_a_constant_shape_operand_is_checked_against_the_operand(constant, line, args, message):
    result = line.rsplit("-> ", 1)[1]
    text = func(f"  %c = stablehlo.constant {constant}\n  {line}\n  return %r : {result}", args, result)
    assert refused(text) == (3, message)


@pytest.mark.parametrize("line,args,result", [
    ('%r = "stablehlo.reduce_scatter"(%x) ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n'
     '    %s = stablehlo.add %a, %b : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n'
     '  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64} : '
     '(tensor<?x?xf32>) -> tensor<?x?xf32>', "%x: tensor<?x?xf32>", "tensor<?x?xf32>"),
    ('%r = "stablehlo.all_to_all"(%x) {concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4]]> : '
     'tensor<1x5xi64>, split_count = 5 : i64, split_dimension = 1 : i64} : (tensor<4x?xf32>) -> tensor<20x?xf32>',
     "%x: tensor<4x?xf32>", "tensor<20x?xf32>"),
    ('%r = "stablehlo.all_to_all"(%x) {concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : '
     'tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 1 : i64} : (tensor<?x16xf32>) -> tensor<?x4xf32>',
     "%x: tensor<?x16xf32>", "tensor<?x4xf32>"),
    ('%r = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : '
     'tensor<1x2xi64>} : (tensor<2x?xf32>) -> tensor<2x?xf32>', "%x: tensor<2x?xf32>", "tensor<2x?xf32>"),
])
def test_collectives_count_an_unknown_dimension_at_run_time(line, args, result):
    out = printed(func(f"  {line}\n  return %r : {result}", args, result))
    assert f"-> {result}\n" in out


def test_top_k_of_an_unknown_last_dimension_is_checked_at_run_time():
    line = "%r:2 = chlo.top_k(%x, k = 8) : tensor<?x16x?xf32> -> (tensor<?x16x8xf32>, tensor<?x16x8xi32>)"
    text = func(f"  {line}\n  return %r#0 : tensor<?x16x8xf32>", "%x: tensor<?x16x?xf32>", "tensor<?x16x8xf32>")
    assert f"    {line}\n" in printed(text)
