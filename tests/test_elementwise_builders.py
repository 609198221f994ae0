"""The builder API builds each op of the elementwise family and the chlo dialect by hand: its result type,
its text (MLIR's spelling, read back by the importer), and the exact error for element types and shapes
StableHLO and CHLO refuse."""

from __future__ import annotations

import numpy as np
import pytest
from jax._src.interpreters.mlir import make_ir_context
from jax._src.lib.mlir import ir

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, module
from vitir.evaluate import evaluate
from vitir.mlir import MlirShapeError, import_text, parse_text
from vitir.print import print_module

F32 = TensorType((2, 3), DType.F32)
F64 = TensorType((2, 3), DType.F64)
F16 = TensorType((2, 3), DType.F16)
I32 = TensorType((2, 3), DType.I32)
UI8 = TensorType((2, 3), DType.UI8)
I1 = TensorType((2, 3), DType.I1)
C64 = TensorType((2, 3), DType.C64)


def raises(fn, text):
    with pytest.raises(ShapeError) as e:
        fn()
    assert str(e.value) == text


# method, operand types, the printed line (after `%r = `)
BUILDS = [
    ("xor", (I32, I32), "stablehlo.xor %a0, %a1 : tensor<2x3xi32>"),
    ("xor", (I1, I1), "stablehlo.xor %a0, %a1 : tensor<2x3xi1>"),
    ("shift_left", (UI8, UI8), "stablehlo.shift_left %a0, %a1 : tensor<2x3xui8>"),
    ("shift_right_arithmetic", (I32, I32), "stablehlo.shift_right_arithmetic %a0, %a1 : tensor<2x3xi32>"),
    ("shift_right_logical", (I32, I32), "stablehlo.shift_right_logical %a0, %a1 : tensor<2x3xi32>"),
    ("atan2", (F64, F64), "stablehlo.atan2 %a0, %a1 : tensor<2x3xf64>"),
    ("atan2", (C64, C64), "stablehlo.atan2 %a0, %a1 : tensor<2x3xcomplex<f32>>"),
    ("complex", (F32, F32), "stablehlo.complex %a0, %a1 : tensor<2x3xcomplex<f32>>"),
    ("complex", (F64, F64), "stablehlo.complex %a0, %a1 : tensor<2x3xcomplex<f64>>"),
    ("cbrt", (F16,), "stablehlo.cbrt %a0 : tensor<2x3xf16>"),
    ("tan", (C64,), "stablehlo.tan %a0 : tensor<2x3xcomplex<f32>>"),
    ("round_nearest_afz", (F32,), "stablehlo.round_nearest_afz %a0 : tensor<2x3xf32>"),
    ("popcnt", (UI8,), "stablehlo.popcnt %a0 : tensor<2x3xui8>"),
    ("count_leading_zeros", (I32,), "stablehlo.count_leading_zeros %a0 : tensor<2x3xi32>"),
    ("real", (C64,), "stablehlo.real %a0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>"),
    ("imag", (C64,), "stablehlo.imag %a0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>"),
    ("real", (F32,), "stablehlo.real %a0 : tensor<2x3xf32>"),
    ("erf", (F32,), "chlo.erf %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("erfc", (F16,), "chlo.erfc %a0 : tensor<2x3xf16> -> tensor<2x3xf16>"),
    ("erf_inv", (F64,), "chlo.erf_inv %a0 : tensor<2x3xf64> -> tensor<2x3xf64>"),
    ("lgamma", (F32,), "chlo.lgamma %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("digamma", (F32,), "chlo.digamma %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("sinh", (C64,), "chlo.sinh %a0 : tensor<2x3xcomplex<f32>> -> tensor<2x3xcomplex<f32>>"),
    ("cosh", (F32,), "chlo.cosh %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("chlo_tan", (F32,), "chlo.tan %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("asin", (F32,), "chlo.asin %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("acos", (F32,), "chlo.acos %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("atan", (F32,), "chlo.atan %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("asinh", (F32,), "chlo.asinh %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("acosh", (F32,), "chlo.acosh %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("atanh", (F32,), "chlo.atanh %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("conj", (C64,), "chlo.conj %a0 : tensor<2x3xcomplex<f32>> -> tensor<2x3xcomplex<f32>>"),
    ("square", (C64,), "chlo.square %a0 : tensor<2x3xcomplex<f32>> -> tensor<2x3xcomplex<f32>>"),
    ("bessel_i1e", (F32,), "chlo.bessel_i1e %a0 : tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("is_inf", (F32,), "chlo.is_inf %a0 : tensor<2x3xf32> -> tensor<2x3xi1>"),
    ("is_neg_inf", (F16,), "chlo.is_neg_inf %a0 : tensor<2x3xf16> -> tensor<2x3xi1>"),
    ("is_pos_inf", (F64,), "chlo.is_pos_inf %a0 : tensor<2x3xf64> -> tensor<2x3xi1>"),
    ("next_after", (F32, F32), "chlo.next_after %a0, %a1 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("polygamma", (F32, F32), "chlo.polygamma %a0, %a1 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>"),
    ("zeta", (F64, F64), "chlo.zeta %a0, %a1 : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>"),
    ("mulhi", (UI8, UI8), "chlo.mulhi %a0, %a1 : tensor<2x3xui8>, tensor<2x3xui8> -> tensor<2x3xui8>"),
]


@pytest.mark.parametrize("method,types,line", BUILDS, ids=[f"{m}-{t[0].dtype.value}" for m, t, _ in BUILDS])
def test_each_op_builds_prints_as_mlir_and_reads_back(method, types, line):
    fb = FunctionBuilder("main")
    args = [fb.arg(f"a{i}", t) for i, t in enumerate(types)]
    r = getattr(fb, method)("r", *args)
    text = print_module(module(fb.ret(r)))
    assert f"    %r = {line}\n" in text
    assert r.type.text == line.rsplit(" ", 1)[-1]  # the result type is the text's last
    assert print_module(import_text(text)) == text
    ir.Module.parse(text, context=make_ir_context())  # and MLIR's own parser reads it


def test_top_k_builds_two_results_and_prints_as_chlo():
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 6), DType.F32))
    values, indices = fb.top_k(("values", "indices"), x, 3)
    assert values.type == TensorType((4, 3), DType.F32) and indices.type == TensorType((4, 3), DType.I32)
    text = print_module(module(fb.ret(values, indices)))
    assert ("    %values, %indices = chlo.top_k(%x, k = 3) : tensor<4x6xf32> -> (tensor<4x3xf32>, tensor<4x3xi32>)\n"
            in text)
    assert print_module(import_text(text)) == text
    ir.Module.parse(text, context=make_ir_context())
    grouped = FunctionBuilder("main")
    y = grouped.arg("y", TensorType((5,), DType.I32))
    # one name: a group, `%t:2`, used as %t#0 and %t#1; is_stable is newer chlo's (jaxlib 0.10.2 lacks it)
    both = grouped.top_k("t", y, 2, is_stable=True)
    text = print_module(module(grouped.ret(*both)))
    assert "    %t:2 = chlo.top_k(%y, k = 2, is_stable = true) : tensor<5xi32> -> (tensor<2xi32>, tensor<2xi32>)\n" in text
    assert "return %t#0, %t#1 : tensor<2xi32>, tensor<2xi32>" in text
    assert print_module(import_text(text)) == text
    got = evaluate(import_text(text), np.array([3, -1, 7, 7, 0], np.int32))
    assert [g.tolist() for g in got] == [[7, 7], [2, 3]]


# method, operand types, the error after `<op> %r: `, and the operand list
ERRORS = [
    ("xor", (F32, F32), "stablehlo.xor", "needs an integer or boolean operand, got f32"),
    ("shift_left", (I1, I1), "stablehlo.shift_left", "needs an integer operand, got i1"),
    ("shift_right_logical", (F32, F32), "stablehlo.shift_right_logical", "needs an integer operand, got f32"),
    ("shift_right_arithmetic", (I32, UI8), "stablehlo.shift_right_arithmetic", "operand element types differ: i32 vs ui8"),
    ("atan2", (I32, I32), "stablehlo.atan2", "needs a floating-point or complex operand, got i32"),
    ("atan2", (F32, TensorType((3, 2), DType.F32)), "stablehlo.atan2",
     "operand shapes differ: [2, 3] vs [3, 2] (operand 1)"),
    ("complex", (F16, F16), "stablehlo.complex", "needs an f32 or f64 operand, got f16"),
    ("complex", (F32, F64), "stablehlo.complex", "operand element types differ: f32 vs f64"),
    ("cbrt", (I32,), "stablehlo.cbrt", "needs a floating-point or complex operand, got i32"),
    ("tan", (UI8,), "stablehlo.tan", "needs a floating-point or complex operand, got ui8"),
    ("round_nearest_afz", (C64,), "stablehlo.round_nearest_afz", "needs a floating-point operand, got complex<f32>"),
    ("popcnt", (F32,), "stablehlo.popcnt", "needs an integer operand, got f32"),
    ("count_leading_zeros", (I1,), "stablehlo.count_leading_zeros", "needs an integer operand, got i1"),
    ("real", (I32,), "stablehlo.real", "needs a floating-point or complex operand, got i32"),
    ("imag", (I1,), "stablehlo.imag", "needs a floating-point or complex operand, got i1"),
    ("erf", (C64,), "chlo.erf", "needs a floating-point operand, got complex<f32>"),
    ("erf_inv", (I32,), "chlo.erf_inv", "needs a floating-point operand, got i32"),
    ("lgamma", (C64,), "chlo.lgamma", "needs a floating-point operand, got complex<f32>"),
    ("sinh", (I32,), "chlo.sinh", "needs a floating-point or complex operand, got i32"),
    ("is_inf", (I32,), "chlo.is_inf", "needs a floating-point operand, got i32"),
    ("next_after", (F32, F64), "chlo.next_after", "operand element types differ: f32 vs f64"),
    ("zeta", (F32, TensorType((2,), DType.F32)), "chlo.zeta", "operand shapes differ: [2, 3] vs [2] (operand 1)"),
    ("polygamma", (I32, I32), "chlo.polygamma", "needs a floating-point operand, got i32"),
    ("mulhi", (F32, F32), "chlo.mulhi", "needs an integer operand, got f32"),
]


@pytest.mark.parametrize("method,types,op,reason", ERRORS, ids=[f"{m}-{i}" for i, (m, *_) in enumerate(ERRORS)])
def test_each_op_refuses_what_its_spec_refuses(method, types, op, reason):
    fb = FunctionBuilder("main")
    args = [fb.arg(f"a{i}", t) for i, t in enumerate(types)]
    operands = ", ".join(t.text for t in types)
    with fb.layer("blk"):
        raises(lambda: getattr(fb, method)("r", *args), f"blk: {op} %r: {reason} (operands: {operands})")


@pytest.mark.parametrize("shape,k,reason", [
    ((), 1, "operand's rank must be at least 1"),
    ((4, 3), 5, "operand's last dimension must be at least 5, got 3"),
    ((4,), -1, "k must be non-negative, got -1"),
])
def test_top_k_refuses_a_k_its_operand_cannot_give(shape, k, reason):
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType(shape, DType.F32))
    raises(lambda: fb.top_k("t", x, k), f"chlo.top_k %t: {reason} (operands: {x.type.text})")


def test_a_wrong_chlo_result_annotation_names_its_line():
    text = ("module @m {\n  func.func @main(%x: tensor<3xf32>) -> tensor<3xf16> {\n"
            "    %e = chlo.erf %x : tensor<3xf32> -> tensor<3xf16>\n    return %e : tensor<3xf16>\n  }\n}\n")
    with pytest.raises(MlirShapeError) as info:
        import_text(text)
    assert str(info.value) == ("line 3: chlo.erf %e: result type annotation tensor<3xf16> differs from the inferred "
                               "tensor<3xf32> (operands: tensor<3xf32>)")
    with pytest.raises(Exception) as info:
        parse_text(text)
    assert str(info.value) == "3:5: chlo.erf: result type tensor<3xf16> differs from the inferred tensor<3xf32>"


def test_complex_with_parts_of_another_shape_prints_the_functional_type():
    """MLIR's custom<ComplexOpType> writes the result type alone only when both parts have its part type; the
    parser takes either spelling."""
    text = ("module @m {\n  func.func @main(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xcomplex<f64>> {\n"
            "    %c = stablehlo.complex %a, %b : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>\n"
            "    return %c : tensor<2xcomplex<f64>>\n  }\n}\n")
    printed = print_module(import_text(text))
    assert "%c = stablehlo.complex %a, %b : tensor<2xcomplex<f64>>\n" in printed
    with pytest.raises(Exception) as info:
        parse_text(text.replace("stablehlo.complex %a, %b : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>",
                                "stablehlo.complex %a, %b : tensor<2xf64>"))
    assert "expected tensor with complex element type" in str(info.value)
