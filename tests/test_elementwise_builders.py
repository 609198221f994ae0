"""The builder API builds each op of the elementwise family and the chlo dialect by hand: its result type,
its text (MLIR's spelling, read back by the importer), and the exact error for element types and shapes
StableHLO and CHLO refuse."""

from __future__ import annotations

import numpy as np
import pytest
from jax._src.interpreters.mlir import make_ir_context
from jax._src.lib.mlir import ir

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, module
from vitir.backend import compile_module
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
    # one name: a group, `%t:2`, used as %t#0 and %t#1; is_stable (newer chlo's) in the attribute dictionary
    both = grouped.top_k("t", y, 2, is_stable=True)
    text = print_module(module(grouped.ret(*both)))
    assert "    %t:2 = chlo.top_k(%y, k = 2) {is_stable = true} : tensor<5xi32> -> (tensor<2xi32>, tensor<2xi32>)\n" in text
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


# -- chlo's broadcasting ops --------------------------------------------------------------------------------------

BROADCASTING = """module @m {
  func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<2x3xi32>, %j: tensor<1x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xcomplex<f32>>, tensor<2x3xi1>, tensor<2x3xi32>) {
    %a = chlo.broadcast_add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %m = chlo.broadcast_multiply %x, %y {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %g = chlo.broadcast_compare %y, %x {comparison_direction = #chlo<comparison_direction GT>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %s = chlo.broadcast_select %g, %x, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %l = chlo.broadcast_shift_left %i, %j : (tensor<2x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
    %c = chlo.broadcast_complex %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
    %t = chlo.broadcast_compare %x, %y {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction LE>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
    %e = chlo.broadcast_xor %j, %i : (tensor<1x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    return %a, %m, %g, %s, %l, %c, %t, %e : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xcomplex<f32>>, tensor<2x3xi1>, tensor<2x3xi32>
  }
}
"""


def test_broadcasting_chlo_ops_print_as_mlir_and_run_as_xla():
    assert print_module(import_text(BROADCASTING)) == BROADCASTING
    ir.Module.parse(BROADCASTING, context=make_ir_context())
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=(2, 3)).astype(np.float32), rng.normal(size=3).astype(np.float32)
    x[0, 0], y[0] = -0.0, 0.0  # TOTALORDER puts -0 below +0
    i, j = rng.integers(-9, 9, (2, 3)).astype(np.int32), rng.integers(0, 33, (1, 3)).astype(np.int32)
    ours = evaluate(import_text(BROADCASTING), x, y, i, j)
    xla = compile_module(BROADCASTING, platform="cpu")(x, y, i, j)
    for got, want in zip(ours, xla, strict=True):
        np.testing.assert_array_equal(got, np.asarray(want))
    np.testing.assert_array_equal(ours[0], x + y)
    np.testing.assert_array_equal(ours[3], np.where(y > x, x, y))
    assert ours[6][0, 0]  # -0 <= +0 in total order


def test_broadcast_dimensions_place_the_smaller_operand():
    """XLA's legalization takes only numpy's trailing alignment; the evaluator places the operand as CHLO says."""
    fb = FunctionBuilder("main")
    x, v = fb.arg("x", TensorType((2, 3), DType.F32)), fb.arg("v", TensorType((2,), DType.F32))
    r = fb.broadcast_subtract("r", x, v, [0])
    text = print_module(module(fb.ret(r)))
    assert ("%r = chlo.broadcast_subtract %x, %v {broadcast_dimensions = array<i64: 0>} : "
            "(tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>\n") in text
    a, b = np.arange(6, dtype=np.float32).reshape(2, 3), np.array([10.0, 20.0], np.float32)
    (got,) = evaluate(import_text(text), a, b)
    np.testing.assert_array_equal(got, a - b[:, None])


@pytest.mark.parametrize("lhs,rhs,dims,reason", [
    ((2, 3), (2,), None, "operand shapes [2, 3] and [2] do not broadcast: 2 vs 3 at dimension 1"),
    ((2, 3), (2,), [0, 1], "broadcast_dimensions [0, 1] has 2 entries for an operand of rank 1"),
    ((2, 3), (3,), [2], "broadcast_dimensions [2]: 2 is out of range for rank 2"),
    ((4, 2, 3), (2, 3), [1, 1], "broadcast_dimensions [1, 1] must rise strictly"),
    ((4, 2, 3), (2, 1), [2, 1], "broadcast_dimensions [2, 1] must rise strictly"),
    ((1, 5), (4, 1), [1, 0], "broadcast_dimensions [1, 0] must be the identity [0, 1] for operands of one rank"),
    ((4, 1), (1, 5), None, None),
    ((4, 1), (1, 5), [0, 1], None),
])
def test_broadcasting_shapes(lhs, rhs, dims, reason):
    fb = FunctionBuilder("main")
    a, b = fb.arg("a", TensorType(lhs, DType.F32)), fb.arg("b", TensorType(rhs, DType.F32))
    if reason is None:
        assert fb.broadcast_maximum("r", a, b, dims).type == TensorType((4, 5), DType.F32)
        return
    raises(lambda: fb.broadcast_maximum("r", a, b, dims),
           f"chlo.broadcast_maximum %r: {reason} (operands: {a.type.text}, {b.type.text})")


def test_broadcasting_element_types():
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", F32), fb.arg("i", I32)
    raises(lambda: fb.broadcast_shift_left("r", x, x), "chlo.broadcast_shift_left %r: needs an integer operand, got f32 "
                                                        "(operands: tensor<2x3xf32>, tensor<2x3xf32>)")
    raises(lambda: fb.broadcast_add("r", x, i), "chlo.broadcast_add %r: operand element types differ: f32 vs i32 "
                                                 "(operands: tensor<2x3xf32>, tensor<2x3xi32>)")
    raises(lambda: fb.broadcast_select("r", x, x, x), "chlo.broadcast_select %r: predicate must be i1, got f32 "
                                                       "(operands: tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)")
    raises(lambda: fb.broadcast_compare("r", x, x, "BIGGER"),
           "chlo.broadcast_compare %r: unknown comparison direction 'BIGGER' (known: EQ, NE, GE, GT, LE, LT) "
           "(operands: tensor<2x3xf32>, tensor<2x3xf32>)")
    assert fb.broadcast_complex("c", x, x).type == C64


# -- chlo.scan ------------------------------------------------------------------------------------------------

def cumulative(fb, x, init, dimension=1, reverse=None):
    """A running sum and a running maximum along `dimension`: two outputs, two carries."""
    part = TensorType(x.type.shape[:dimension] + x.type.shape[dimension + 1:], x.type.dtype)
    body = fb.region()
    item, total, top = body.arg("item", part), body.arg("total", part), body.arg("top", part)
    new_total = body.add("new_total", total, item)
    new_top = body.maximum("new_top", top, item)
    region = body.ret(new_total, new_top, new_total, new_top)
    return fb.scan("s", [x], [init, init], dimension, region, is_reverse=reverse)


@pytest.mark.parametrize("reverse", [None, True])
def test_scan_builds_prints_as_mlir_and_runs_as_xla(reverse):
    fb = FunctionBuilder("main")
    x, init = fb.arg("x", TensorType((2, 5), DType.F32)), fb.arg("init", TensorType((2,), DType.F32))
    results = cumulative(fb, x, init, reverse=reverse)
    assert [r.type for r in results] == [x.type, x.type, init.type, init.type]
    text = print_module(module(fb.ret(*results)))
    attributes = " attributes {is_reverse = true}" if reverse else ""
    assert (f"    %s:4 = chlo.scan(%x) inits (%init, %init) dimension=1 {attributes} {{\n"
            "    ^bb0(%item: tensor<2xf32>, %total: tensor<2xf32>, %top: tensor<2xf32>):\n"
            "      %new_total = stablehlo.add %total, %item : tensor<2xf32>\n") in text
    assert ("    } : (tensor<2x5xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, "
            "tensor<2xf32>, tensor<2xf32>)\n") in text
    assert print_module(import_text(text)) == text
    ir.Module.parse(text, context=make_ir_context())
    data = np.random.default_rng(5).normal(size=(2, 5)).astype(np.float32)
    start = np.zeros(2, np.float32)
    ours = evaluate(import_text(text), data, start)
    xla = compile_module(text, platform="cpu")(data, start)
    for got, want in zip(ours, xla, strict=True):
        np.testing.assert_allclose(got, np.asarray(want), rtol=1e-6)
    ordered = data[:, ::-1] if reverse else data
    sums = np.cumsum(ordered, axis=1)
    np.testing.assert_allclose(ours[0], sums[:, ::-1] if reverse else sums, rtol=1e-6)
    np.testing.assert_array_equal(ours[3], np.maximum(data.max(axis=1), 0.0))


@pytest.mark.parametrize("arg_type,init_type,dimension,reason", [
    ((2,), (2,), 2, "scan dimension 2 of operand 0 is out of bounds for rank 2"),
    ((3,), (2,), 1, "body arguments (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) are not the input slices and inits "
                    "(tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)"),
])
def test_scan_refuses_a_body_that_does_not_fit(arg_type, init_type, dimension, reason):
    fb = FunctionBuilder("main")
    x, init = fb.arg("x", TensorType((2, 5), DType.F32)), fb.arg("init", TensorType(init_type, DType.F32))
    body = fb.region()
    item, total, top = (body.arg(n, TensorType(arg_type, DType.F32)) for n in ("item", "total", "top"))
    region = body.ret(body.add("t", total, item), body.maximum("m", top, item), total, top)
    raises(lambda: fb.scan("s", [x], [init, init], dimension, region),
           f"chlo.scan %s: {reason} (operands: tensor<2x5xf32>, {init.type.text}, {init.type.text})")


# -- chlo.ragged_dot (XLA's CPU backend has no ragged-dot: the evaluator against numpy, group by group) -----------

def ragged_dot_module(lhs_shape, rhs_shape, groups, numbers):
    fb = FunctionBuilder("main")
    lhs, rhs = fb.arg("lhs", TensorType(lhs_shape, DType.F32)), fb.arg("rhs", TensorType(rhs_shape, DType.F32))
    sizes = fb.arg("sizes", TensorType((groups,), DType.I64))
    return module(fb.ret(fb.ragged_dot("r", lhs, rhs, sizes, numbers, ["DEFAULT", "DEFAULT"])))


def test_ragged_dot_of_rows_contractions_and_batches_against_numpy():
    rng = np.random.default_rng(9)
    sizes = np.array([2, 0, 3], np.int64)  # 5 of 6 positions in groups, one past them
    cuts = np.concatenate([[0], np.cumsum(sizes)])
    # rows: [m, k] x [g, k, n]; each group of rows against its own rhs
    mod = ragged_dot_module((6, 4), (3, 4, 5), 3, ([], [], [1], [1], [0], [0]))
    text = print_module(mod)
    assert ('%r = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{precision_config = [#chlo<precision DEFAULT>, '
            '#chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = '
            '[1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : '
            '(tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi64>) -> tensor<6x5xf32>') in text
    assert print_module(import_text(text)) == text
    ir.Module.parse(text, context=make_ir_context())
    a, b = rng.normal(size=(6, 4)).astype(np.float32), rng.normal(size=(3, 4, 5)).astype(np.float32)
    (got,) = evaluate(mod, a, b, sizes)
    want = np.zeros((6, 5), np.float32)
    for j in range(3):
        want[cuts[j]:cuts[j + 1]] = a[cuts[j]:cuts[j + 1]] @ b[j]
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
    # contraction: [m, k] x [k, n] -> [g, m, n], each group over its own span of k
    mod = ragged_dot_module((5, 6), (6, 3), 3, ([], [], [1], [0], [1], []))
    a, b = rng.normal(size=(5, 6)).astype(np.float32), rng.normal(size=(6, 3)).astype(np.float32)
    (got,) = evaluate(mod, a, b, sizes)
    want = np.stack([a[:, cuts[j]:cuts[j + 1]] @ b[cuts[j]:cuts[j + 1]] for j in range(3)])
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
    # batch: [b, m, k] x [b, k, n] -> [b, m, n], batches past the groups zero
    mod = ragged_dot_module((6, 2, 4), (6, 4, 3), 3, ([0], [0], [2], [1], [0], []))
    a, b = rng.normal(size=(6, 2, 4)).astype(np.float32), rng.normal(size=(6, 4, 3)).astype(np.float32)
    (got,) = evaluate(mod, a, b, sizes)
    want = np.matmul(a, b)
    want[cuts[-1]:] = 0
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def test_ragged_dot_needs_a_group_dimension_for_ragged_rows():
    fb = FunctionBuilder("main")
    lhs, rhs = fb.arg("lhs", TensorType((6, 4), DType.F32)), fb.arg("rhs", TensorType((4, 5), DType.F32))
    sizes = fb.arg("sizes", TensorType((3,), DType.I64))
    raises(lambda: fb.ragged_dot("r", lhs, rhs, sizes, ([], [], [1], [0], [0], [])),
           "chlo.ragged_dot %r: rhs_group_dimensions [] must name one dimension of the 3 groups "
           "(operands: tensor<6x4xf32>, tensor<4x5xf32>, tensor<3xi64>)")
