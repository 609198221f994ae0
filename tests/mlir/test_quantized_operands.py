"""Quantized operands in every op StableHLO's ODS types take them in: per-tensor quantized tensors
where it says HLO_Tensor (the elementwise ops, slices, pads, selects, comparisons, sorts, gathers,
scatters, maps, the batch norms, cholesky, reduce_precision, the collectives), per-axis ones too
where it says HLO_TensorOrPerAxisQuantizedTensor (add, broadcast_in_dim, reshape, transpose,
get_dimension_size, send, outfeed, tuple), each accepted and printed back in vitir's form, or
refused with the rule. The programs are vitir's own, of the classes StableHLO's verifier tests hold."""

from __future__ import annotations

import pytest

from tests.mlir.test_verifier_rules import func, printed, refused

Q = "!quant.uniform<i8:f32, 2.000000e+00:15>"
T = f"tensor<2x3x{Q}>"
SQUARE = f"tensor<2x2x{Q}>"
SCALES = "{1.000000e-01:-30,5.000000e-01:-20}"
AXIS1 = f"tensor<2x2x!quant.uniform<i8:f32:1, {SCALES}>>"
ARGS = f"%x: {T}, %y: {AXIS1}, %p: tensor<2x3xi1>, %s: {SQUARE}, %i: tensor<i32>"


def accepted(line: str) -> None:
    """`line` (in vitir's form, of the result T unless it says `-> R`) is taken, and printed back as written."""
    result = line.rsplit(" -> ", 1)[1] if " -> " in line else SQUARE if "%s" in line else T
    assert f"    {line}\n" in printed(func(f"  {line}\n  return %r : {result}", ARGS, result))


@pytest.mark.parametrize("line", [
    f"%r = stablehlo.abs %x : {T}",
    f"%r = stablehlo.ceil %x : {T}",
    f"%r = stablehlo.floor %x : {T}",
    f"%r = stablehlo.round_nearest_afz %x : {T}",
    f"%r = stablehlo.round_nearest_even %x : {T}",
    f"%r = stablehlo.negate %x : {T}",
    f"%r = stablehlo.sign %x : {T}",
    f"%r = stablehlo.is_finite %x : ({T}) -> tensor<2x3xi1>",
    f"%r = stablehlo.divide %x, %x : {T}",
    f"%r = stablehlo.power %x, %x : {T}",
    f"%r = stablehlo.remainder %x, %x : {T}",
    f"%r = stablehlo.atan2 %x, %x : {T}",
    f"%r = stablehlo.reduce_precision %x, format = e5m2 : {T}",
    f"%r = stablehlo.cholesky %s, lower = true : {SQUARE}",
    f"%r = chlo.broadcast_add %x, %x : ({T}, {T}) -> {T}",
])
def test_arithmetic_on_per_tensor_quantized_operands(line):
    accepted(line)


@pytest.mark.parametrize("line", [
    f"%r = stablehlo.slice %x [0:2, 1:3] : ({T}) -> {SQUARE}",
    f"%r = stablehlo.reverse %x, dims = [0] : {T}",
    f"%r = stablehlo.select %p, %x, %x : tensor<2x3xi1>, {T}",
    f"%r = stablehlo.concatenate %x, %x, dim = 0 : ({T}, {T}) -> tensor<4x3x{Q}>",
    f"%r = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : ({T}, tensor<i32>, tensor<i32>) -> tensor<1x2x{Q}>",
    f"%r = stablehlo.compare LT, %x, %x, FLOAT : ({T}, {T}) -> tensor<2x3xi1>",
    f"%r = stablehlo.optimization_barrier %x : {T}",
    f'%r = "stablehlo.collective_permute"(%x) <{{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}}> : ({T}) '
    f'-> {T}',
])
def test_data_movement_of_per_tensor_quantized_operands_keeps_their_type(line):
    accepted(line)


@pytest.mark.parametrize("line", [
    # the quantized dimension 1 goes where the op takes it, its scales with it
    f"%r = stablehlo.transpose %y, dims = [1, 0] : ({AXIS1}) -> tensor<2x2x!quant.uniform<i8:f32:0, {SCALES}>>",
    f"%r = stablehlo.broadcast_in_dim %y, dims = [0, 2] : ({AXIS1}) -> tensor<2x3x2x!quant.uniform<i8:f32:2, "
    f"{SCALES}>>",
    f"%r = stablehlo.reshape %y : ({AXIS1}) -> tensor<2x1x2x!quant.uniform<i8:f32:2, {SCALES}>>",
    f"%r = stablehlo.get_dimension_size %y, dim = 1 : ({AXIS1}) -> tensor<i32>",
])
def test_per_axis_operands_move_their_quantized_dimension(line):
    accepted(line)


def test_a_broadcast_quantized_dimension_of_size_one_repeats_its_scale():
    one = "tensor<1x2x!quant.uniform<i8:f32:0, {1.000000e-01:-30}>>"
    line = (f"%r = stablehlo.broadcast_in_dim %z, dims = [0, 1] : ({one}) -> "
            "tensor<3x2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,1.000000e-01:-30,1.000000e-01:-30}>>")
    result = line.rsplit(" -> ", 1)[1]
    assert f"    {line}\n" in printed(func(f"  {line}\n  return %r : {result}", f"%z: {one}", result))


@pytest.mark.parametrize("line,message", [
    (f"%r = stablehlo.abs %y : {AXIS1}",
     f"stablehlo.abs %r: operand {AXIS1} is per-axis quantized; this op takes per-tensor quantized tensors"),
    (f"%r = stablehlo.slice %y [0:1, 0:2] : ({AXIS1}) -> tensor<1x2x!quant.uniform<i8:f32:1, {SCALES}>>",
     f"stablehlo.slice %r: operand {AXIS1} is per-axis quantized; this op takes per-tensor quantized tensors"),
    (f"%r = stablehlo.optimization_barrier %y : {AXIS1}",
     f"stablehlo.optimization_barrier %r: operand 0 {AXIS1} is per-axis quantized; this op takes per-tensor "
     "quantized tensors"),
    (f"%r = stablehlo.compare LT, %x, %x, SIGNED : ({T}, {T}) -> tensor<2x3xi1>",
     "stablehlo.compare %r: compare type SIGNED does not apply to f32 operands (use FLOAT)"),
    (f"%r = stablehlo.transpose %y, dims = [1, 0] : ({AXIS1}) -> {AXIS1}",
     f"stablehlo.transpose %r: result type annotation {AXIS1} differs from the inferred "
     f"tensor<2x2x!quant.uniform<i8:f32:0, {SCALES}>>"),
    (f"%r = stablehlo.broadcast_in_dim %y, dims = [0, 2] : ({AXIS1}) -> tensor<2x2x3x!quant.uniform<i8:f32:1, "
     "{1.000000e-01:-30,5.000000e-01:-20}>>",
     "stablehlo.broadcast_in_dim %r: operand dim 1 of size 2 cannot broadcast to result dim 2 of size 3"),
    (f"%r = stablehlo.broadcast_in_dim %y, dims = [0, 1] : ({AXIS1}) -> tensor<2x2x3x!quant.uniform<i8:f32:2, "
     "{1.000000e-01:-30,5.000000e-01:-20,5.000000e-01:-20}>>",
     f"stablehlo.broadcast_in_dim %r: result element type !quant.uniform<i8:f32:2, "
     "{1.000000e-01:-30,5.000000e-01:-20,5.000000e-01:-20}> must be !quant.uniform<i8:f32:1, "
     f"{SCALES}> (the operand's, quantized along result dimension 1)"),
    (f"%r = stablehlo.reshape %y : ({AXIS1}) -> tensor<1x4x!quant.uniform<i8:f32:1, {{1.000000e-01:-30,"
     "5.000000e-01:-20,1.000000e-01:-30,5.000000e-01:-20}>>",
     f"stablehlo.reshape %r: result tensor<1x4x!quant.uniform<i8:f32:1, {{1.000000e-01:-30,5.000000e-01:-20,"
     f"1.000000e-01:-30,5.000000e-01:-20}}>> must keep the quantized dimension 1 of {AXIS1}: of its size, after "
     "as many elements"),
    (f'%r = "stablehlo.all_gather"(%y) <{{all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : '
     f'tensor<1x1xi64>}}> : ({AXIS1}) -> {AXIS1}',
     f"stablehlo.all_gather %r: operand {AXIS1} is per-axis quantized; this op takes per-tensor quantized tensors"),
])
def test_quantized_operands_an_op_does_not_take_are_refused_with_the_rule(line, message):
    result = line.rsplit(" -> ", 1)[1] if " -> " in line else AXIS1
    line_number, got = refused(func(f"  {line}\n  return %r : {result}", ARGS, result))
    assert (line_number, got) == (2, message)
