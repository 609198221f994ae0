"""Quantized tensor types and uniform_quantize / uniform_dequantize: the spec's examples, clamping and
rounding, bitcasts to and from the storage type, MLIR's quant text (as its printer writes it), and
the clear error every other op gives a quantized operand."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.ast.quantized import QuantizedElement, QuantizedTensorType
from vitir.evaluate import evaluate
from vitir.mlir import MlirError, import_text, roundtrip
from vitir.print import print_module

PER_AXIS = QuantizedElement(DType.I8, DType.F32, [0.1, 0.5], [-30, -20], axis=0)
REQUANTIZED = QuantizedElement(DType.I8, DType.F32, [0.1, 0.2], [-20, -30], axis=0)


def test_the_specs_examples():
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(2))
    q = fb.uniform_quantize("q", x, QuantizedTensorType((2,), PER_AXIS))
    r = fb.uniform_quantize("r", q, QuantizedTensorType((2,), REQUANTIZED))
    fn = fb.ret(fb.bitcast_convert("qs", q, TensorType((2,), DType.I8)),
                fb.bitcast_convert("rs", r, TensorType((2,), DType.I8)), fb.uniform_dequantize("d", q))
    stored, requantized, dequantized = evaluate(fn, np.array([4.0, 15.0], np.float32))
    assert stored.tolist() == [10, 10] and stored.dtype == np.int8
    assert requantized.tolist() == [20, 45]
    assert dequantized.dtype == np.float32
    np.testing.assert_allclose(dequantized, [4.0, 15.0], rtol=1e-6)


def test_quantize_clamps_to_the_storage_range_and_rounds_half_to_even():
    element = QuantizedElement(DType.UI8, DType.F32, [0.5], [10], storage_min=2, storage_max=250)
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(7))
    fn = fb.ret(fb.bitcast_convert("s", fb.uniform_quantize("q", x, QuantizedTensorType((7,), element)),
                                   TensorType((7,), DType.UI8)))
    # x / 0.5 + 10: -100 -> 2 (clamped), 0.25 -> 10.5 -> 10, 0.75 -> 11.5 -> 12, 200 -> 250 (clamped)
    (stored,) = evaluate(fn, np.array([-100.0, 0.25, 0.75, 1.0, -4.0, -4.25, 200.0], np.float32))
    assert stored.tolist() == [2, 10, 12, 12, 2, 2, 250]
    assert stored.dtype == np.uint8


def test_dequantize_per_axis_along_its_dimension():
    element = QuantizedElement(DType.I16, DType.F64, [0.25, 2.0, 1e-3], [0, -5, 100], axis=1)
    fb = FunctionBuilder("main")
    stored = fb.arg("s", TensorType((2, 3), DType.I16))
    q = fb.bitcast_convert("q", stored, QuantizedTensorType((2, 3), element))
    (values,) = evaluate(fb.ret(fb.uniform_dequantize("d", q)), np.array([[4, -5, 100], [-8, 0, 1100]], np.int16))
    assert values.dtype == np.float64
    np.testing.assert_array_equal(values, [[1.0, 0.0, 0.0], [-2.0, 10.0, 1.0]])


# -- rules ------------------------------------------------------------------------------------------------

def quantized_args():
    fb = FunctionBuilder("main")
    return fb, fb.arg("x", f32(2)), fb.arg("q", QuantizedTensorType((2,), PER_AXIS)), fb.arg("i", TensorType((2,),
                                                                                                          DType.I32))


@pytest.mark.parametrize("build,message", [
    (lambda fb, x, q, i: fb.uniform_quantize("r", i, QuantizedTensorType((2,), PER_AXIS)),
     "stablehlo.uniform_quantize %r: operand must be a float or quantized tensor, got tensor<2xi32>"),
    (lambda fb, x, q, i: fb.uniform_quantize("r", x, f32(2)),
     "stablehlo.uniform_quantize %r: result must be a quantized tensor, got tensor<2xf32>"),
    (lambda fb, x, q, i: fb.uniform_quantize("r", x, QuantizedTensorType(
        (2,), QuantizedElement(DType.I8, DType.F16, [1.0], [0]))),
     "stablehlo.uniform_quantize %r: result tensor<2x!quant.uniform<i8:f16, 1.000000e+00>> expresses f16, the "
     "operand f32"),
    (lambda fb, x, q, i: fb.uniform_dequantize("r", x),
     "stablehlo.uniform_dequantize %r: operand must be a quantized tensor, got tensor<2xf32>"),
    (lambda fb, x, q, i: fb.popcnt("r", q),
     "stablehlo.popcnt %r: operand tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>> "
     "is of a quantized element type, which this op does not take in vitir "
     "(stablehlo.uniform_dequantize it first)"),
    (lambda fb, x, q, i: fb.exponential("r", q),
     "stablehlo.exponential %r: operand tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>> is "
     "per-axis quantized; this op takes per-tensor quantized tensors"),
    (lambda fb, x, q, i: fb.maximum("r", q, q),
     "stablehlo.maximum %r: operand tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>> is "
     "per-axis quantized; this op takes per-tensor quantized tensors"),
    (lambda fb, x, q, i: fb.add("r", q, x),
     "stablehlo.add %r: operand element types differ: !quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}> "
     "vs f32"),
    (lambda fb, x, q, i: fb.bitcast_convert("r", q, TensorType((2,), DType.I16)),
     "stablehlo.bitcast_convert %r: tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>> must "
     "be tensor<2xi16> with one more dimension of 16 / 8 bits = 2"),
])
def test_rules_and_the_ops_that_do_not_take_quantized_tensors(build, message):
    fb, *args = quantized_args()
    with pytest.raises(ShapeError) as error:
        build(fb, *args)
    assert str(error.value).split(" (operands: ")[0] == message


@pytest.mark.parametrize("values,message", [
    (dict(storage=DType.I8, expressed=DType.F32, scales=[-1.0], zero_points=[0]), "scale -1.0 is not positive"),
    (dict(storage=DType.I8, expressed=DType.F32, scales=[1.0], zero_points=[200]),
     "zero point 200 is outside the storage range [-128, 127]"),
    (dict(storage=DType.F32, expressed=DType.F32, scales=[1.0], zero_points=[0]),
     "a quantized storage type is an integer, got f32"),
    (dict(storage=DType.I4, expressed=DType.F32, scales=[1.0], zero_points=[0], storage_min=-9),
     "storage range [-9, 7] is outside i4's [-8, 7]"),
])
def test_quantized_elements_are_checked(values, message):
    with pytest.raises(ValueError, match=f"^{__import__('re').escape(message)}$"):
        QuantizedElement(**values)


# -- text -------------------------------------------------------------------------------------------------

WRITTEN = """module @m {
  func.func @main(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xui8>) {
    %q = "stablehlo.uniform_quantize"(%a) : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.1:-30, 0.5,2.5E-5:3}>>
    %u = stablehlo.uniform_quantize %q : (tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.1:-30, 0.5,2.5E-5:3}>>) -> tensor<2x3x!quant.uniform<ui8<0:255>:f32, 34.0:16>>
    %b = stablehlo.bitcast_convert %u : (tensor<2x3x!quant.uniform<ui8<0:255>:f32, 34.0:16>>) -> tensor<2x3xui8>
    %d = stablehlo.uniform_dequantize %u : (tensor<2x3x!quant.uniform<ui8<0:255>:f32, 34.0:16>>) -> tensor<2x3xf32>
    return %d, %b : tensor<2x3xf32>, tensor<2x3xui8>
  }
}
"""


def test_quantized_types_print_as_mlirs_quant_dialect():
    """MLIR prints the storage type i<bits> or u<bits>, its range only when narrower than the type's, and
    each scale in C's %e; a zero point of 0 not at all."""
    text = print_module(import_text(WRITTEN))
    per_axis = "!quant.uniform<i8<-127:127>:f32:1, {1.000000e-01:-30,5.000000e-01,2.500000e-05:3}>"
    per_tensor = "!quant.uniform<u8:f32, 3.400000e+01:16>"
    assert (f"    %q = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x{per_axis}>\n"
            f"    %u = stablehlo.uniform_quantize %q : (tensor<2x3x{per_axis}>) -> tensor<2x3x{per_tensor}>\n") in text
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text
    stored, = evaluate(import_text(text), np.full((2, 3), 50.0, np.float32))[1:]
    # 50 per axis: 470 -> 127 (clamped), 100, 2e6 -> 127; dequantized 15.7, 50, 0.0031; / 34 + 16, rounded
    assert stored.tolist() == [[16, 17, 16]] * 2


def test_a_malformed_quantized_type_is_reported_at_its_line():
    text = WRITTEN.replace("ui8<0:255>:f32, 34.0:16", "ui8<0:255>:f32, 34.0:300")
    with pytest.raises(MlirError, match=r"^4:\d+: zero point 300 is outside the storage range \[0, 255\]"):
        import_text(text)


HALVES = QuantizedElement(DType.I8, DType.F32, [0.5], [10])


def _quantized_inputs(fb, shape):
    """An f32 argument and its quantization in HALVES (steps of 0.5 around zero point 10)."""
    x = fb.arg("x", f32(*shape))
    return x, fb.uniform_quantize("q", x, QuantizedTensorType(shape, HALVES))


def test_arithmetic_on_quantized_values_is_on_the_values_they_stand_for():
    """The spec's dequantize_op_quantize: a quantized add adds 1.0 and 1.0, not the stored 12 and 12."""
    fb = FunctionBuilder("main")
    x, q = _quantized_inputs(fb, (4,))
    fn = fb.ret(fb.uniform_dequantize("sum", fb.add("a", q, q)), fb.uniform_dequantize("abs", fb.abs("b", q)),
                fb.uniform_dequantize("neg", fb.negate("n", q)), fb.is_finite("f", q),
                fb.compare("lt", q, fb.abs("c", q), "LT"))
    values = np.array([1.0, -2.0, 3.5, -0.5], np.float32)
    total, magnitude, negated, finite, less = evaluate(fn, values)
    np.testing.assert_array_equal(total, values + values)
    np.testing.assert_array_equal(magnitude, np.abs(values))
    np.testing.assert_array_equal(negated, -values)
    assert finite.tolist() == [True] * 4 and less.tolist() == [False, True, False, True]


def test_quantized_values_move_as_their_storage_integers_and_reduce_on_their_values():
    fb = FunctionBuilder("main")
    x, q = _quantized_inputs(fb, (2, 3))
    zero = fb.uniform_quantize("z", fb.constant("zero", "0.0"), QuantizedTensorType((), HALVES))
    moved = fb.slice("s", fb.transpose("t", q, (1, 0)), (1, 0), (3, 2))
    fn = fb.ret(fb.bitcast_convert("stored", moved, TensorType((2, 2), DType.I8)),
                fb.uniform_dequantize("total", fb.reduce("r", q, zero, [1], "add")))
    values = np.array([[1.0, -2.0, 3.5], [0.5, 0.0, -1.5]], np.float32)
    stored, total = evaluate(fn, values)
    np.testing.assert_array_equal(stored, (values.T[1:3] / 0.5 + 10).astype(np.int8))
    np.testing.assert_array_equal(total, values.sum(axis=1))


def test_a_chlo_broadcasting_op_on_quantized_values_computes_on_them_once():
    q = "!quant.uniform<i8:f32, 5.000000e-01:10>"
    text = ("func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
            f"  %q = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x{q}>\n"
            f"  %a = chlo.broadcast_add %q, %q : (tensor<3x{q}>, tensor<3x{q}>) -> tensor<3x{q}>\n"
            f"  %d = stablehlo.uniform_dequantize %a : (tensor<3x{q}>) -> tensor<3xf32>\n"
            "  return %d : tensor<3xf32>\n}\n")
    values = np.array([1.0, -2.0, 3.0], np.float32)
    (total,) = evaluate(import_text(text), values)
    np.testing.assert_array_equal(total, values + values)


def test_quantized_and_hybrid_products_compute_on_the_values():
    q, r = "!quant.uniform<i8:f32, 5.000000e-01>", "!quant.uniform<i8:f32, 1.000000e+00>"
    text = ("func.func @main(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {\n"
            f"  %q = stablehlo.uniform_quantize %x : (tensor<2x2xf32>) -> tensor<2x2x{q}>\n"
            f"  %d = stablehlo.dot_general %q, %q, contracting_dims = [1] x [0] : (tensor<2x2x{q}>, tensor<2x2x{q}>) -> "
            f"tensor<2x2x{r}>\n"
            f"  %f = stablehlo.uniform_dequantize %d : (tensor<2x2x{r}>) -> tensor<2x2xf32>\n"
            f"  %h = stablehlo.dot_general %x, %q, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2x{q}>) -> "
            "tensor<2x2xf32>\n"
            "  return %f, %h : tensor<2x2xf32>, tensor<2x2xf32>\n}\n")
    x = np.array([[1.0, -2.0], [3.0, 0.5]], np.float32)  # every entry a multiple of the scale 0.5
    quantized, hybrid = evaluate(import_text(text), x)
    np.testing.assert_array_equal(hybrid, x @ x)
    np.testing.assert_array_equal(quantized, np.rint(x @ x))  # in steps of 1.0, ties to even


def test_region_ops_and_reduce_precision_on_quantized_values():
    """scatter and reduce_window keep storage integers between their regions' ops, which compute on
    the values (numpy held no quantized type, and reduce_precision read a float format of it)."""
    q = "!quant.uniform<i8:f32, 5.000000e-01>"
    s = f"tensor<{q}>"
    text = ("func.func @main(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>) {\n"
            f"  %q = stablehlo.uniform_quantize %x : (tensor<2x2xf32>) -> tensor<2x2x{q}>\n"
            "  %z0 = stablehlo.constant dense<0.0> : tensor<f32>\n"
            f"  %z = stablehlo.uniform_quantize %z0 : (tensor<f32>) -> {s}\n"
            "  %i = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi32>\n"
            f'  %sc = "stablehlo.scatter"(%q, %i, %q) ({{\n  ^bb0(%a: {s}, %b: {s}):\n'
            f"    %t = stablehlo.add %a, %b : {s}\n    stablehlo.return %t : {s}\n"
            "  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
            f"scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}} : (tensor<2x2x{q}>, tensor<2x1xi32>, "
            f"tensor<2x2x{q}>) -> tensor<2x2x{q}>\n"
            f'  %w = "stablehlo.reduce_window"(%q, %z) ({{\n  ^bb0(%a: {s}, %b: {s}):\n'
            f"    %t = stablehlo.maximum %a, %b : {s}\n    stablehlo.return %t : {s}\n"
            f"  }}) {{window_dimensions = array<i64: 1, 2>}} : (tensor<2x2x{q}>, {s}) -> tensor<2x1x{q}>\n"
            f"  %p = stablehlo.reduce_precision %q, format = e5m2 : tensor<2x2x{q}>\n"
            f"  %d0 = stablehlo.uniform_dequantize %sc : (tensor<2x2x{q}>) -> tensor<2x2xf32>\n"
            f"  %d1 = stablehlo.uniform_dequantize %w : (tensor<2x1x{q}>) -> tensor<2x1xf32>\n"
            f"  %d2 = stablehlo.uniform_dequantize %p : (tensor<2x2x{q}>) -> tensor<2x2xf32>\n"
            "  return %d0, %d1, %d2 : tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>\n}\n")
    x = np.array([[1.0, -2.0], [3.0, 0.5]], np.float32)
    scattered, maxima, reduced = evaluate(import_text(text), x)
    np.testing.assert_array_equal(scattered, x + x)
    np.testing.assert_array_equal(maxima, x.max(axis=1, keepdims=True))
    np.testing.assert_array_equal(reduced, x)  # each of them exact in e5m2
