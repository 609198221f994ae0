"""Where the evaluator and XLA once disagreed on the same StableHLO text, each case fixed where the op
is declared: the evaluator's result equals XLA's bit for bit (signed zeros and NaN included); what
StableHLO refuses is refused when built, or on import naming its line."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import MlirError, import_text, parse_text
from vitir.print import print_module


def same_bits(a: np.ndarray, b: np.ndarray) -> None:
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, (a.shape, a.dtype, b.shape, b.dtype)
    view = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    np.testing.assert_array_equal(np.ascontiguousarray(a).view(view), np.ascontiguousarray(b).view(view))


def both(fn, *inputs):
    """The function's results by the evaluator and by XLA (through its printed text)."""
    text = print_module(module(fn))
    return evaluate(fn, *inputs), compile_module(text).run(*inputs)


def test_reduce_maximum_of_negative_zeros_from_a_positive_zero():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2))
    fn = fb.ret(fb.reduce("m", x, fb.constant("z", "0.0"), [0], "maximum"))
    (ours,), (xla,) = both(fn, np.array([-0.0, -0.0], np.float32))
    same_bits(ours, xla)
    assert not np.signbit(ours)  # +0.0: maximum orders -0 below +0


def test_reduce_minimum_keeps_nan_and_negative_zero():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2, 3))
    fn = fb.ret(fb.reduce("m", x, fb.constant("z", "0.0"), [1], "minimum"))
    data = np.array([[0.0, -0.0, 1.0], [np.nan, 2.0, -3.0]], np.float32)
    (ours,), (xla,) = both(fn, data)
    same_bits(ours, xla)


def test_transpose_of_a_rank_0_value_keeps_rank_0():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32())
    (ours,), (xla,) = both(fb.ret(fb.transpose("t", x, [])), np.float32(2.5))
    assert ours.shape == () == xla.shape
    same_bits(ours, xla)


@pytest.mark.parametrize("dtype", [DType.I32, DType.I64, DType.I8, DType.UI32])
def test_integer_division_by_zero_and_its_overflow(dtype):
    fb = FunctionBuilder("f")
    t = TensorType((6,), dtype)
    a, b = fb.arg("a", t), fb.arg("b", t)
    fn = fb.ret(fb.divide("q", a, b), fb.remainder("r", a, b))
    np_type = np.dtype({DType.I32: "int32", DType.I64: "int64", DType.I8: "int8", DType.UI32: "uint32"}[dtype])
    low = np.iinfo(np_type).min
    if dtype.is_signed:
        x, y = np.array([7, -7, 0, low, low, 5], np_type), np.array([0, 0, 0, -1, 2, -2], np_type)
    else:
        x, y = np.array([7, 9, 0, 2**32 - 1, 8, 5], np_type), np.array([0, 0, 0, 1, 3, 2], np_type)
    ours, xla = both(fn, x, y)
    for o, r in zip(ours, xla):
        same_bits(o, r)
    assert ours[0][0] == np.array(-1).astype(np_type)  # x / 0 is all ones, as XLA computes


def test_pad_of_an_empty_dimension_with_interior_padding():
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((1, 0, 3), DType.F32))
    fn = fb.ret(fb.pad("p", x, fb.constant("v", "7.0"), [0, 1, 1], [2, 2, 1], [0, 1, 0]))
    (ours,), (xla,) = both(fn, np.zeros((1, 0, 3), np.float32))
    assert ours.shape == (3, 3, 5)
    same_bits(ours, xla)


@pytest.mark.parametrize("method", ["subtract", "divide"])
def test_boolean_subtract_and_divide_are_refused_when_built(method):
    fb = FunctionBuilder("f")
    b = fb.arg("b", TensorType((3,), DType.I1))
    with pytest.raises(ShapeError, match=rf"^stablehlo.{method} %r: needs an integer, floating-point or complex "
                                         r"operand, got i1 \(operands: tensor<3xi1>, tensor<3xi1>\)$"):
        getattr(fb, method)("r", b, b)


USE_BEFORE_DEFINITION = """module @m {
  func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {
    %a = stablehlo.add %b, %x : tensor<3xf32>
    %b = stablehlo.negate %x : tensor<3xf32>
    return %a : tensor<3xf32>
  }
}
"""


def test_a_use_before_its_definition_names_the_line():
    with pytest.raises(MlirError) as info:
        import_text(USE_BEFORE_DEFINITION)
    assert str(info.value) == "3:5: uses %b before its definition"
    with pytest.raises(MlirError) as info:  # and xDSL's verifier, as MLIR's would
        parse_text(USE_BEFORE_DEFINITION)
    assert str(info.value) == "3:5: stablehlo.add: operand 0 (%b) is used before its definition"
