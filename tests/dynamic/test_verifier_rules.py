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


@pytest.mark.parametrize("line,args,result", [
    ("%r = stablehlo.select %p, %x, %y : (tensor<i1>, tensor<?x?xi32>, tensor<2x3xi32>) -> tensor<?x?xi32>",
     "%p: tensor<i1>, %x: tensor<?x?xi32>, %y: tensor<2x3xi32>", "tensor<?x?xi32>"),
    ("%r = stablehlo.select %p, %x, %y : (tensor<i1>, tensor<2x?xi32>, tensor<?x3xi32>) -> tensor<2x3xi32>",
     "%p: tensor<i1>, %x: tensor<2x?xi32>, %y: tensor<?x3xi32>", "tensor<2x3xi32>"),
    ('%r = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose '
     'NO_TRANSPOSE>, unit_diagonal = true}> : (tensor<?x5x4x?xf32>, tensor<10x?x4x4xf32>) -> tensor<10x?x4x4xf32>',
     "%a: tensor<?x5x4x?xf32>, %b: tensor<10x?x4x4xf32>", "tensor<10x?x4x4xf32>"),
    ('%r:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> '
     ': (tensor<?x?x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<?x?x2xf32>, tensor<2xf32>, tensor<2xf32>)',
     "%x: tensor<?x?x2xf32>, %s: tensor<2xf32>", "tensor<?x?x2xf32>"),
    ("%r = stablehlo.fft %x, type = RFFT, length = [9] : (tensor<?x?xf32>) -> tensor<?x5xcomplex<f32>>",
     "%x: tensor<?x?xf32>", "tensor<?x5xcomplex<f32>>"),
    ("%r = stablehlo.fft %x, type = IRFFT, length = [16] : (tensor<?x?xcomplex<f32>>) -> tensor<?x16xf32>",
     "%x: tensor<?x?xcomplex<f32>>", "tensor<?x16xf32>"),
    ('%r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims '
     '= [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: '
     '1, 1, 8>}> : (tensor<2x4x9xi32>, tensor<?x?x?xi32>) -> tensor<?x?x8xi32>',
     "%x: tensor<2x4x9xi32>, %i: tensor<?x?x?xi32>", "tensor<?x?x8xi32>"),
    ('%r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims '
     '= [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1, 2], '
     'index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1, 8>}> : '
     '(tensor<?x?x?x?xi32>, tensor<1x3x5x2xi32>) -> tensor<1x3x5x8xi32>',
     "%x: tensor<?x?x?x?xi32>, %i: tensor<1x3x5x2xi32>", "tensor<1x3x5x8xi32>"),
])
def test_rules_compare_dimensions_unknown_in_one_operand_as_compatible(line, args, result):
    out = printed(func(f"  {line}\n  return %r{'#0' if '%r:' in line else ''} : {result}", args, result))
    assert f"-> {result}\n" in out or f"-> ({result}," in out


def test_an_ifs_branches_may_differ_where_a_dimension_is_unknown_in_one():
    text = func('  %r = "stablehlo.if"(%p) ({\n    stablehlo.return %a : tensor<2xf32>\n  }, {\n'
                '    stablehlo.return %b : tensor<?xf32>\n  }) : (tensor<i1>) -> tensor<2xf32>\n'
                '  return %r : tensor<2xf32>', "%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<?xf32>",
                "tensor<2xf32>")
    assert "}) : (tensor<i1>) -> tensor<2xf32>\n" in printed(text)
    mismatch = text.replace("tensor<?xf32>", "tensor<3xf32>")
    assert refused(mismatch) == (2, "stablehlo.if %r: false_branch returns (tensor<3xf32>), needs (tensor<2xf32>): "
                                    "true_branch's types")


def test_a_scatter_of_an_unknown_index_vector_size_is_checked_at_run_time():
    text = func('  %r = "stablehlo.scatter"(%x, %i, %u) ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n'
                '    %s = stablehlo.add %a, %b : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n'
                '  }) {indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = '
                '[1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1, 2], index_vector_dim = 1>, '
                'unique_indices = true} : (tensor<?x?x?xf32>, tensor<10x?xi32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>'
                '\n  return %r : tensor<?x?x?xf32>', "%x: tensor<?x?x?xf32>, %i: tensor<10x?xi32>, %u: tensor<?x?xf32>",
                "tensor<?x?x?xf32>")
    assert "-> tensor<?x?x?xf32>\n" in printed(text)


Q = "!quant.uniform<i8:f32, 1.000000e+00:17>"


def test_quantized_tensors_of_unknown_dimensions():
    per_axis = "tensor<1x?x2x!quant.uniform<i8:f32:1, {1.000000e-01:-30,1.000000e-01:-30}>>"
    line = f"%r = stablehlo.add %x, %x : {per_axis}"  # the quantized dimension's size checked at run time
    assert f"    {line}\n" in printed(func(f"  {line}\n  return %r : {per_axis}", f"%x: {per_axis}", per_axis))
    gather = (f'%r = "stablehlo.gather"(%x, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], '
              'collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, '
              f'slice_sizes = array<i64: 1, 8>}}> : (tensor<?x?x{Q}>, tensor<5x1xi32>) -> tensor<5x8x{Q}>')
    result = f"tensor<5x8x{Q}>"
    assert f"-> {result}\n" in printed(func(f"  {gather}\n  return %r : {result}",
                                            f"%x: tensor<?x?x{Q}>, %i: tensor<5x1xi32>", result))

@pytest.mark.parametrize("line,args", [
    ("%r = stablehlo.dynamic_reshape %x, %s : (tensor<?x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>, "
     "tensor<3xi64>) -> tensor<?x1x2x!quant.uniform<i8:f32:2, {1.000000e-01,2.000000e-01}>>",
     "%x: tensor<?x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>, %s: tensor<3xi64>"),
    # a quantized dimension of size 1 broadcast to `?`: its one scale repeated, as many times as the type says
    ("%r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0] : (tensor<1x!quant.uniform<i8:f32:0, "
     "{1.000000e-01}>>, tensor<1xi64>) -> tensor<?x!quant.uniform<i8:f32:0, {1.000000e-01,1.000000e-01}>>",
     "%x: tensor<1x!quant.uniform<i8:f32:0, {1.000000e-01}>>, %s: tensor<1xi64>"),
])
def test_per_axis_quantized_dimensions_move_through_unknown_dimensions(line, args):
    result = line.rsplit("-> ", 1)[1]
    assert f"    {line}\n" in printed(func(f"  {line}\n  return %r : {result}", args, result))


def test_a_quantized_tensor_with_bounds_is_refused_by_name():
    t = f"tensor<?x{Q}, #stablehlo.bounds<4>>"
    assert refused(func(f"  %r = stablehlo.negate %x : {t}\n  return %r : {t}", f"%x: {t}", t)) == (
        1, f"type {t} is not supported (quantized tensors with bounds)")


def test_bounds_in_stablehlos_long_form_read_as_the_short_one():
    from vitir.mlir import import_text
    from vitir.print import print_module

    long = "tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>"
    text = func(f'  %r = "stablehlo.add"(%x, %x) : ({long}, {long}) -> tensor<3xf32>\n  return %r : tensor<3xf32>',
                f"%x: {long}", "tensor<3xf32>")
    printed(text)
    assert print_module(import_text(text)) == (
        "module @m {\n  func.func @main(%x: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<3xf32> {\n"
        "    %r = stablehlo.add %x, %x : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<4>>) -> "
        "tensor<3xf32>\n    return %r : tensor<3xf32>\n  }\n}\n")


def test_a_static_size_beyond_a_dimensions_bound_is_not_compatible_with_it():
    t = "tensor<?xf32, #stablehlo.bounds<4>>"
    text = func(f'  %r = "stablehlo.add"(%x, %x) : ({t}, {t}) -> tensor<5xf32>\n  return %r : tensor<5xf32>',
                f"%x: {t}", "tensor<5xf32>")
    assert refused(text) == (2, f"stablehlo.add %r: result type annotation tensor<5xf32> differs from the inferred {t}")
    assert "-> tensor<4xf32>\n" in printed(text.replace("tensor<5xf32>", "tensor<4xf32>"))


def test_operands_of_a_size_beyond_the_others_bound_are_refused():
    t = "tensor<?xf32, #stablehlo.bounds<4>>"
    text = func(f'  %r = "stablehlo.add"(%x, %y) : ({t}, tensor<5xf32>) -> tensor<5xf32>\n  return %r : tensor<5xf32>',
                f"%x: {t}, %y: tensor<5xf32>", "tensor<5xf32>")
    assert refused(text) == (2, f"stablehlo.add %r: operand shapes differ: {t} vs tensor<5xf32> (operand 1): a size "
                                "beyond a bound")
    assert "-> tensor<4xf32>\n" in printed(text.replace("tensor<5xf32>", "tensor<4xf32>"))
