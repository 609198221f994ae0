"""The data-movement ops built by hand: gather, scatter, dynamic_slice, dynamic_update_slice, sort,
reverse, get_dimension_size, broadcast and the dynamic forms. Each is printed in MLIR's syntax
(the text read back by xDSL and by jaxlib's MLIR parser, whose own printing vitir reads back byte
for byte), refused with the spec's reason when its types break a constraint, and evaluated by
the spec's index arithmetic against numpy and XLA (PJRT)."""

from __future__ import annotations

import numpy as np
import pytest
from jax._src.interpreters.mlir import make_ir_context
from jax._src.lib.mlir import ir

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.ast.attributes import GatherDimensions, ScatterDimensions
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import MlirError, import_text, parse_text, print_mlir, roundtrip
from vitir.print import print_module

RNG = np.random.default_rng(11)
I32 = DType.I32


def i32(*shape: int) -> TensorType:
    return TensorType(shape, I32)


def scalar(dtype: DType = DType.F32) -> TensorType:
    return TensorType((), dtype)


def checked_text(fn) -> str:
    """The function's text, after checking that xDSL and vitir's importer print it back unchanged and
    that MLIR's own printing of it (jaxlib's parser and printer) reads back byte for byte."""
    text = print_module(module(fn))
    assert print_mlir(parse_text(text).module) == text
    assert print_module(import_text(text)) == text
    mlir_text = str(ir.Module.parse(text, make_ir_context()))
    assert roundtrip(mlir_text) == mlir_text
    return text


def run_both(text: str, *arrays):
    """The evaluator's results and XLA's on the same text."""
    evaluated = evaluate(import_text(text), *arrays)
    ran = compile_module(text).run(*arrays)
    return evaluated, ran


def line(text: str, name: str) -> str:
    return next(x for x in text.splitlines() if x.startswith(f"    %{name} ") or x.startswith(f"    %{name}:"))


TAKE_ROWS = GatherDimensions(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,), index_vector_dim=1)
ADD_ROWS = ScatterDimensions(update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,),
                             index_vector_dim=1)


# -- gather ------------------------------------------------------------------------------------------------

def test_gather_prints_mlirs_form_and_clamps_its_starts():
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32(5, 4)), fb.arg("i", i32(3, 1))
    text = checked_text(fb.ret(fb.gather("g", x, i, TAKE_ROWS, (1, 4), indices_are_sorted=False)))
    assert line(text, "g") == (
        '    %g = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], '
        'collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, '
        'slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>')
    data = RNG.normal(size=(5, 4)).astype(np.float32)
    rows = np.array([[4], [-3], [9]], np.int32)  # clamped into [0, 4]
    (got,), (ran,) = run_both(text, data, rows)
    np.testing.assert_array_equal(got, data[[4, 0, 4]])
    np.testing.assert_array_equal(ran, got)


def test_gather_with_batching_dims_and_index_vector_dim_last():
    """take_along_axis as JAX lowers it: a batching dimension, and windows of 2 clamped at the end."""
    numbers = GatherDimensions(offset_dims=(2,), collapsed_slice_dims=(), operand_batching_dims=(0,),
                               start_indices_batching_dims=(0,), start_index_map=(1,), index_vector_dim=2)
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32(3, 6)), fb.arg("i", i32(3, 2, 1))
    g = fb.gather("g", x, i, numbers, (1, 2))
    text = checked_text(fb.ret(g))
    assert g.type == f32(3, 2, 2)
    assert ("#stablehlo.gather<offset_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], "
            "start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>}>") in text
    data = np.arange(18, dtype=np.float32).reshape(3, 6)
    starts = np.array([[[0], [5]], [[3], [1]], [[-1], [4]]], np.int32)
    (got,), (ran,) = run_both(text, data, starts)
    clamped = np.clip(starts[..., 0], 0, 4)
    want = np.stack([[data[b, s:s + 2] for s in clamped[b]] for b in range(3)])
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(ran, want)


def test_gather_of_empty_numbers_prints_an_empty_attribute():
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32()), fb.arg("i", i32(2, 0))
    g = fb.gather("g", x, i, GatherDimensions(index_vector_dim=1), ())
    assert g.type == f32(2)
    assert "dimension_numbers = #stablehlo.gather<index_vector_dim = 1>" in checked_text(fb.ret(g))
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32()), fb.arg("i", i32(0))
    assert "#stablehlo.gather<>" in checked_text(fb.ret(fb.gather("g", x, i, GatherDimensions(), ())))


GATHER_ERRORS = {
    "C1": (dict(numbers=TAKE_ROWS._replace(collapsed_slice_dims=())),
           "operand rank 2 is not the 1 offset_dims + 0 collapsed_slice_dims + 0 operand_batching_dims"),
    "C2": (dict(numbers=TAKE_ROWS._replace(index_vector_dim=3)),
           "index_vector_dim 3 is out of range for start indices of rank 2"),
    "C3": (dict(numbers=TAKE_ROWS._replace(start_index_map=(0, 1))),
           "start_index_map [0, 1] has 2 entries for index vectors of 1"),
    "C5": (dict(numbers=TAKE_ROWS._replace(offset_dims=(2,))),
           "offset_dims [2]: 2 is out of range for the result of rank 2"),
    "C8": (dict(numbers=TAKE_ROWS._replace(collapsed_slice_dims=(2,))),
           "collapsed_slice_dims [2]: 2 is out of range for the operand of rank 2"),
    "C9": (dict(sizes=(2, 4)), "slice size 2 of dimension 0 in collapsed_slice_dims [0] exceeds 1"),
    "C19": (dict(numbers=TAKE_ROWS._replace(start_index_map=(-1,))),
            "start_index_map [-1]: -1 is out of range for the operand of rank 2"),
    "C20": (dict(sizes=(1,)), "slice_sizes [1] has 1 entries for an operand of rank 2"),
    "C21": (dict(sizes=(1, 5)), "slice_sizes [1, 5] exceed the operand shape [5, 4]"),
    "I2": (dict(indices=f32(3, 1)), "start indices must be of an integer type, got f32"),
}


@pytest.mark.parametrize("case", list(GATHER_ERRORS))
def test_gather_refuses_what_the_spec_refuses(case):
    change, reason = GATHER_ERRORS[case]
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32(5, 4)), fb.arg("i", change.get("indices", i32(3, 1)))
    with pytest.raises(ShapeError) as error:
        fb.gather("g", x, i, change.get("numbers", TAKE_ROWS), change.get("sizes", (1, 4)))
    assert str(error.value) == f"stablehlo.gather %g: {reason} (operands: tensor<5x4xf32>, {i.type})"


def test_gather_batching_dims_must_agree_in_size():
    numbers = GatherDimensions(offset_dims=(2,), operand_batching_dims=(0,), start_indices_batching_dims=(0,),
                               start_index_map=(1,), index_vector_dim=2)
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32(3, 6)), fb.arg("i", i32(4, 2, 1))
    with pytest.raises(ShapeError, match=r"^stablehlo.gather %g: batching dimension 0 of the operand has size 3, "
                                         r"dimension 0 of the start indices 4 "):
        fb.gather("g", x, i, numbers, (1, 2))
    with pytest.raises(ShapeError, match=r"index_vector_dim 0 is one of the start_indices_batching_dims \[0\]"):
        fb.gather("g", x, i, numbers._replace(index_vector_dim=0, start_index_map=(1, 0, 0, 0)), (1, 2))


# -- scatter -------------------------------------------------------------------------------------------------

def add_region(fb, dtype=DType.F32):
    body = fb.region()
    a, b = body.arg("acc", scalar(dtype)), body.arg("upd", scalar(dtype))
    return body.ret(body.add("sum", a, b))


def test_scatter_add_prints_its_region_and_sums_repeated_indices():
    fb = FunctionBuilder("main")
    x, i, u = fb.arg("x", f32(5, 4)), fb.arg("i", i32(4, 1)), fb.arg("u", f32(4, 4))
    s = fb.scatter("s", (x,), i, (u,), ADD_ROWS, add_region(fb), indices_are_sorted=False, unique_indices=False)
    text = checked_text(fb.ret(s))
    assert text.split("func.func @main")[1].split("    return ")[0] == (
        "(%x: tensor<5x4xf32>, %i: tensor<4x1xi32>, %u: tensor<4x4xf32>) -> tensor<5x4xf32> {\n"
        '    %s = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = '
        "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = "
        "[0], index_vector_dim = 1>, unique_indices = false}> ({\n"
        "    ^bb0(%acc: tensor<f32>, %upd: tensor<f32>):\n"
        "      %sum = stablehlo.add %acc, %upd : tensor<f32>\n"
        "      stablehlo.return %sum : tensor<f32>\n"
        "    }) : (tensor<5x4xf32>, tensor<4x1xi32>, tensor<4x4xf32>) -> tensor<5x4xf32>\n")
    data, updates = RNG.normal(size=(5, 4)).astype(np.float32), RNG.normal(size=(4, 4)).astype(np.float32)
    rows = np.array([[1], [3], [1], [7]], np.int32)  # row 1 twice; row 7 is outside: skipped
    (got,), (ran,) = run_both(text, data, rows, updates)
    want = data.copy()
    np.add.at(want, [1, 3, 1], updates[:3])
    np.testing.assert_allclose(got, want, rtol=1e-6)
    np.testing.assert_allclose(ran, want, rtol=1e-6)


def test_scatter_applies_updates_in_index_order_and_skips_out_of_range_elements():
    """A body that keeps the update (x.at[i].set): the last of repeated indices wins. A window that
    runs past the end is written where it fits, element by element as the spec (and its reference
    interpreter) says; XLA's CPU backend drops the whole window instead."""
    numbers = ScatterDimensions(update_window_dims=(1, 2), scatter_dims_to_operand_dims=(0,), index_vector_dim=1)
    fb = FunctionBuilder("main")
    x, i, u = fb.arg("x", f32(4, 3)), fb.arg("i", i32(4, 1)), fb.arg("u", f32(4, 2, 3))
    body = fb.region()
    body.arg("old", scalar())
    keep = body.ret(body.arg("new", scalar()))
    text = checked_text(fb.ret(fb.scatter("s", (x,), i, (u,), numbers, keep)))
    data = np.zeros((4, 3), np.float32)
    updates = np.arange(1, 25, dtype=np.float32).reshape(4, 2, 3)
    starts = np.array([[0], [1], [3], [-5]], np.int32)  # overlapping windows; one past the end; one before
    (got,), (ran,) = run_both(text, data, starts, updates)
    spec = np.array([[1, 2, 3], [7, 8, 9], [10, 11, 12], [13, 14, 15]], np.float32)
    np.testing.assert_array_equal(got, spec)
    np.testing.assert_array_equal(ran, np.where(np.arange(4)[:, None] == 3, 0, spec))  # XLA: window 3 dropped


def test_scatter_of_two_inputs_with_a_wider_accumulator():
    """Variadic inputs and updates; the region's element types set the results' (f32 into f64 is
    promotable, as the spec allows)."""
    fb = FunctionBuilder("main")
    x, y = fb.arg("x", f32(3)), fb.arg("y", i32(3))
    i, u, v = fb.arg("i", i32(2, 1)), fb.arg("u", f32(2)), fb.arg("v", i32(2))
    numbers = ScatterDimensions(inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,), index_vector_dim=1)
    body = fb.region()
    a, b = body.arg("a", scalar()), body.arg("b", scalar(I32))
    c, d = body.arg("c", scalar()), body.arg("d", scalar(I32))
    region = body.ret(body.maximum("m", a, c), body.multiply("p", b, d))
    s = fb.scatter("s", (x, y), i, (u, v), numbers, region)
    assert [r.name for r in s] == ["s#0", "s#1"]
    text = checked_text(fb.ret(*s))
    assert '    %s:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) <{' in text
    data, counts = np.array([1.0, -2.0, 0.5], np.float32), np.array([2, 3, 5], np.int32)
    rows, ups, factors = np.array([[2], [0]], np.int32), np.array([4.0, -1.0], np.float32), np.array([7, 11], np.int32)
    got, ran = run_both(text, data, counts, rows, ups, factors)
    for result in (got, ran):
        np.testing.assert_array_equal(result[0], [1.0, -2.0, 4.0])
        np.testing.assert_array_equal(result[1], [22, 3, 35])
    wide = FunctionBuilder("main")
    x = wide.arg("x", f32(3))
    i, u = wide.arg("i", i32(2, 1)), wide.arg("u", f32(2))
    widened = wide.scatter("s", (x,), i, (u,), numbers, add_region(wide, DType.F64))
    assert widened.type == TensorType((3,), DType.F64)


def test_scatter_refuses_what_the_spec_refuses():
    fb = FunctionBuilder("main")
    x, i, u = fb.arg("x", f32(5, 4)), fb.arg("i", i32(3, 1)), fb.arg("u", f32(3, 4))
    operands = "(operands: tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>)"
    cases = [
        (dict(updates=()), "1 input and 0 updates: needs one update per input, at least one"),
        (dict(region=add_region(fb, I32)), "the update computation's element type i32 does not hold input 0's f32"),
        (dict(region=add_region(fb, DType.F16)), "the update computation's element type f16 does not hold input 0's "
                                                 "f32"),
        (dict(numbers=ADD_ROWS._replace(update_window_dims=(0,))),
         "updates shape [3, 4] has scatter dimensions [4], the scatter indices give [3]"),
        (dict(numbers=ADD_ROWS._replace(inserted_window_dims=())),
         "inputs rank 2 is not the 1 update_window_dims + 0 inserted_window_dims + 0 input_batching_dims"),
        (dict(numbers=ADD_ROWS._replace(scatter_dims_to_operand_dims=(0, 0))),
         "scatter_dims_to_operand_dims [0, 0] has 2 entries for index vectors of 1"),
    ]
    for change, reason in cases:
        with pytest.raises(ShapeError) as error:
            fb.scatter("s", (x,), i, change.get("updates", (u,)), change.get("numbers", ADD_ROWS),
                       change.get("region", add_region(fb)))
        assert str(error.value) == f"stablehlo.scatter %s: {reason} " + (
            operands if "updates" not in change else "(operands: tensor<5x4xf32>, tensor<3x1xi32>)")
    wide = fb.arg("w", f32(3, 5))
    with pytest.raises(ShapeError, match=r"update window sizes \[5\] exceed the inputs' window bounds \[4\]"):
        fb.scatter("s", (x,), i, (wide,), ADD_ROWS, add_region(fb))
    body = fb.region()
    a, b = body.arg("a", scalar()), body.arg("b", scalar())
    with pytest.raises(ShapeError, match=r"the update computation takes \(tensor<f32>, tensor<f32>\) and returns "
                                         r"\(tensor<i1>\), needs \(tensor<E0>, tensor<E0>\) -> \(tensor<E0>\)"):
        fb.scatter("s", (x,), i, (u,), ADD_ROWS, body.ret(body.compare("c", a, b, "LT")))


# -- dynamic_slice and dynamic_update_slice ------------------------------------------------------------------

def test_dynamic_slice_and_update_clamp_their_starts():
    fb = FunctionBuilder("main")
    x, u = fb.arg("x", f32(5, 4)), fb.arg("u", f32(2, 3))
    a, b = fb.arg("a", scalar(I32)), fb.arg("b", scalar(I32))
    piece = fb.dynamic_slice("d", x, (a, b), (2, 3))
    written = fb.dynamic_update_slice("w", x, u, (b, a))
    text = checked_text(fb.ret(piece, written))
    assert line(text, "d") == ("    %d = stablehlo.dynamic_slice %x, %a, %b, sizes = [2, 3] : (tensor<5x4xf32>, "
                               "tensor<i32>, tensor<i32>) -> tensor<2x3xf32>")
    assert line(text, "w") == ("    %w = stablehlo.dynamic_update_slice %x, %u, %b, %a : (tensor<5x4xf32>, "
                               "tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x4xf32>")
    data, update = RNG.normal(size=(5, 4)).astype(np.float32), RNG.normal(size=(2, 3)).astype(np.float32)
    for row, col in ((1, 1), (4, -2), (-7, 9)):
        got, ran = run_both(text, data, update, np.int32(row), np.int32(col))
        r, c = min(max(row, 0), 3), min(max(col, 0), 1)
        want = data.copy()
        want[min(max(col, 0), 3):min(max(col, 0), 3) + 2, min(max(row, 0), 1):min(max(row, 0), 1) + 3] = update
        for result in (got, ran):
            np.testing.assert_array_equal(result[0], data[r:r + 2, c:c + 3])
            np.testing.assert_array_equal(result[1], want)


def test_dynamic_slice_of_a_rank_0_operand_and_unsigned_starts():
    fb = FunctionBuilder("main")
    x, u = fb.arg("x", f32(6)), fb.arg("u", f32())
    s = fb.arg("s", scalar(DType.UI8))
    text = checked_text(fb.ret(fb.dynamic_slice("d", x, (s,), (4,)), fb.dynamic_update_slice("w", u, u, ())))
    assert "stablehlo.dynamic_update_slice %u, %u : (tensor<f32>, tensor<f32>) -> tensor<f32>" in text
    data = np.arange(6, dtype=np.float32)
    got, ran = run_both(text, data, np.float32(2.5), np.uint8(200))
    for result in (got, ran):
        np.testing.assert_array_equal(result[0], data[2:])
        assert result[1] == 2.5


def test_dynamic_slices_refuse_what_the_spec_refuses():
    fb = FunctionBuilder("main")
    x, u = fb.arg("x", f32(5, 4)), fb.arg("u", f32(2, 3))
    a, w, v = fb.arg("a", scalar(I32)), fb.arg("w", scalar(DType.I64)), fb.arg("v", i32(1))
    cases = [
        (lambda: fb.dynamic_slice("d", x, (a,), (2, 3)),
         "1 start indices and slice_sizes [2, 3] for an operand of rank 2: needs one of each per dimension"),
        (lambda: fb.dynamic_slice("d", x, (a, a), (2, 5)), "slice_sizes [2, 5] exceed the operand shape [5, 4]"),
        (lambda: fb.dynamic_slice("d", x, (a, w), (2, 3)), "start indices differ in type: tensor<i32>, tensor<i64>"),
        (lambda: fb.dynamic_slice("d", x, (a, v), (2, 3)), "start index 1 must be rank 0, got shape [1]"),
        (lambda: fb.dynamic_slice("d", x, (a, u), (2, 3)), "start index 1 must be of an integer type, got f32"),
        (lambda: fb.dynamic_update_slice("d", u, x, (a, a)), "update shape [5, 4] exceed the operand shape [2, 3]"),
        (lambda: fb.dynamic_update_slice("d", x, fb.arg("f", scalar()), (a, a)),
         "update of rank 0 for an operand of rank 2"),
        (lambda: fb.dynamic_update_slice("d", x, u, (a,)), "1 start indices for an operand of rank 2"),
        (lambda: fb.dynamic_update_slice("d", x, fb.arg(f"i{len(fb.args)}", i32(2, 3)), (a, a)),
         "update element type i32 differs from operand f32"),
    ]
    for build, reason in cases:
        with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_(update_)?slice %d: (.*)") as error:
            build()
        assert error.value.reason == reason


# -- sort --------------------------------------------------------------------------------------------------------

def comparator(fb, types, direction="LT", compare_type=None):
    """Compares the first input's elements (the others ride along)."""
    body = fb.region()
    args = [body.arg(f"{side}{k}", scalar(t)) for k, t in enumerate(types) for side in ("l", "r")]
    if not args:
        return body.ret(body.constant("lt", "true", (), DType.I1))
    return body.ret(body.compare("lt", args[0], args[1], direction, compare_type))


def test_sort_of_two_inputs_is_stable_and_prints_its_comparator():
    fb = FunctionBuilder("main")
    keys, values = fb.arg("k", f32(3, 6)), fb.arg("v", i32(3, 6))
    out = fb.sort("s", (keys, values), comparator(fb, (DType.F32, I32)), dimension=1, is_stable=True)
    text = checked_text(fb.ret(*out))
    assert text.split(" {\n", 2)[2].split("    return")[0] == (
        '    %s:2 = "stablehlo.sort"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({\n'
        "    ^bb0(%l0: tensor<f32>, %r0: tensor<f32>, %l1: tensor<i32>, %r1: tensor<i32>):\n"
        "      %lt = stablehlo.compare LT, %l0, %r0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "      stablehlo.return %lt : tensor<i1>\n"
        "    }) : (tensor<3x6xf32>, tensor<3x6xi32>) -> (tensor<3x6xf32>, tensor<3x6xi32>)\n")
    data = RNG.integers(0, 3, (3, 6)).astype(np.float32)  # many ties
    order = np.tile(np.arange(6, dtype=np.int32), (3, 1))
    got, ran = run_both(text, data, order)
    want = np.argsort(data, axis=1, kind="stable")
    for result in (got, ran):
        np.testing.assert_array_equal(result[0], np.take_along_axis(data, want, 1))
        np.testing.assert_array_equal(result[1], want)


def test_sort_along_a_negative_dimension_without_attributes_and_a_non_strict_comparator():
    """No dimension (-1) and no is_stable (false) print nothing; a GE comparator is no strict weak
    order, so each slice is merge sorted by single comparisons (any order of equal keys is right)."""
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(4, 5))
    text = checked_text(fb.ret(fb.sort("s", (x,), comparator(fb, (DType.F32,), "GE"))))
    assert '    %s = "stablehlo.sort"(%x) ({\n' in text
    data = RNG.integers(0, 4, (4, 5)).astype(np.float32)
    (got,), (ran,) = run_both(text, data)
    np.testing.assert_array_equal(got, -np.sort(-data, axis=1))
    np.testing.assert_array_equal(ran, got)


def test_sort_refuses_what_the_spec_refuses():
    fb = FunctionBuilder("main")
    x, y = fb.arg("x", f32(4, 5)), fb.arg("y", f32(5, 4))
    cases = [
        (lambda: fb.sort("s", (), comparator(fb, ())), "sort needs at least one input"),
        (lambda: fb.sort("s", (x, y), comparator(fb, (DType.F32, DType.F32))), "input 1 has shape [5, 4], input 0 "
                                                                                "has [4, 5]"),
        (lambda: fb.sort("s", (x,), comparator(fb, (DType.F32,)), dimension=2),
         "dimension 2 is out of range for inputs of rank 2"),
        (lambda: fb.sort("s", (x,), comparator(fb, (I32,))),
         "the comparator takes (tensor<i32>, tensor<i32>) and returns (tensor<i1>), needs (tensor<f32>, "
         "tensor<f32>) -> (tensor<i1>)"),
    ]
    for build, reason in cases:
        with pytest.raises(ShapeError) as error:
            build()
        assert error.value.op == "stablehlo.sort" and error.value.reason == reason


# -- reverse, get_dimension_size, broadcast -------------------------------------------------------------------

def test_reverse_get_dimension_size_and_broadcast():
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(3, 4))
    flipped = fb.reverse("r", x, (0, 1))
    size = fb.get_dimension_size("n", x, 1)
    spread = fb.broadcast("b", x, (2,))
    text = checked_text(fb.ret(flipped, size, spread))
    assert line(text, "r") == "    %r = stablehlo.reverse %x, dims = [0, 1] : tensor<3x4xf32>"
    assert line(text, "n") == "    %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x4xf32>) -> tensor<i32>"
    assert line(text, "b") == "    %b = stablehlo.broadcast %x, sizes = [2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>"
    data = RNG.normal(size=(3, 4)).astype(np.float32)
    got, ran = run_both(text, data)
    for result in (got, ran):
        np.testing.assert_array_equal(result[0], data[::-1, ::-1])
        assert result[1].dtype == np.int32 and result[1] == 4
        np.testing.assert_array_equal(result[2], np.broadcast_to(data, (2, 3, 4)))
    with pytest.raises(ShapeError, match=r"^stablehlo.reverse %r2: reverse dimensions \[1, 1\] repeat a dimension"):
        fb.reverse("r2", x, (1, 1))
    with pytest.raises(ShapeError, match=r"^stablehlo.reverse %r2: reverse dimension 2 is out of range for rank 2"):
        fb.reverse("r2", x, (2,))
    with pytest.raises(ShapeError, match=r"^stablehlo.get_dimension_size %n2: dimension 2 is out of range for an "
                                         r"operand of rank 2 \(operands: tensor<3x4xf32>\)$"):
        fb.get_dimension_size("n2", x, 2)
    with pytest.raises(ShapeError, match=r"^stablehlo.broadcast %b2: broadcast sizes \[2, -1\] must not be negative"):
        fb.broadcast("b2", x, (2, -1))


# -- the dynamic forms (static result types) -------------------------------------------------------------------

def test_dynamic_forms_check_the_shapes_their_operands_hold():
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(2, 3))
    shape = fb.constant_array("shape", [3, 2], (2,), DType.I64)
    iota = fb.dynamic_iota("iota", shape, 1, TensorType((3, 2), DType.I64))
    reshaped = fb.dynamic_reshape("rs", x, shape, f32(3, 2))
    wide = fb.constant_array("wide", [2, 2, 3], (3,), DType.I64)
    spread = fb.dynamic_broadcast_in_dim("bc", x, wide, (1, 2), f32(2, 2, 3), known_nonexpanding_dimensions=(0, 1))
    low, high = fb.constant_array("lo", [1, 0], (2,), DType.I64), fb.constant_array("hi", [0, -1], (2,), DType.I64)
    interior = fb.constant_array("in", [1, 0], (2,), DType.I64)
    padded = fb.dynamic_pad("pd", x, fb.constant("z", "0.5"), low, high, interior, f32(4, 2))
    text = checked_text(fb.ret(iota, reshaped, spread, padded))
    assert line(text, "iota") == ("    %iota = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> "
                                  "tensor<3x2xi64>")
    assert line(text, "bc") == ("    %bc = stablehlo.dynamic_broadcast_in_dim %x, %wide, dims = [1, 2] "
                                "{known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, "
                                "tensor<3xi64>) -> tensor<2x2x3xf32>")
    assert line(text, "pd") == ("    %pd = stablehlo.dynamic_pad %x, %z, %lo, %hi, %in : (tensor<2x3xf32>, "
                                "tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x2xf32>")
    data = np.arange(6, dtype=np.float32).reshape(2, 3)
    got, ran = run_both(text, data)
    for result in (got, ran):
        np.testing.assert_array_equal(result[0], np.tile(np.arange(2), (3, 1)))
        np.testing.assert_array_equal(result[1], data.reshape(3, 2))
        np.testing.assert_array_equal(result[2], np.broadcast_to(data, (2, 2, 3)))
        np.testing.assert_array_equal(result[3], [[0.5, 0.5], [0, 1], [0.5, 0.5], [3, 4]])
    with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_reshape %bad: output_shape has 2 entries for 3 "
                                         r"dimensions"):
        fb.dynamic_reshape("bad", x, shape, f32(3, 1, 2))
    with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_iota %bad: iota_dimension 2 is out of range for rank 2"):
        fb.dynamic_iota("bad", shape, 2, f32(3, 2))
    with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_pad %bad: result rank 1 differs from operand rank 2"):
        fb.dynamic_pad("bad", x, fb.constant("z2", "0.5"), low, high, interior, f32(8))


def test_dynamic_forms_refuse_held_shapes_that_are_not_the_result_type():
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(2, 3))
    shape = fb.constant_array("shape", [2, 3], (2,), DType.I64)
    with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_reshape %rs: output shape \[2, 3\] is incompatible "
                                         r"with the result type tensor<3x2xf32> "):  # a constant's: when built, as MLIR
        fb.dynamic_reshape("rs", x, shape, f32(3, 2))
    held = fb.arg("held", TensorType((2,), DType.I64))  # an argument's: when run
    fn = fb.ret(fb.dynamic_reshape("rs", x, held, f32(3, 2)))
    with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_reshape %rs: output_shape holds \[2, 3\], the result "
                                         r"type tensor<3x2xf32> needs \[3, 2\]$"):
        evaluate(fn, np.zeros((2, 3), np.float32), np.array([2, 3], np.int64))


def test_dynamic_gather_takes_its_slice_sizes_from_an_operand():
    fb = FunctionBuilder("main")
    x, i = fb.arg("x", f32(5, 4)), fb.arg("i", i32(3, 1))
    sizes = fb.constant_array("sizes", [1, 3], (2,), DType.I64)
    g = fb.dynamic_gather("g", x, i, sizes, TAKE_ROWS, f32(3, 3))
    text = checked_text(fb.ret(g))
    assert line(text, "g") == (
        '    %g = "stablehlo.dynamic_gather"(%x, %i, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = '
        "[1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xf32>, "
        "tensor<3x1xi32>, tensor<2xi64>) -> tensor<3x3xf32>")
    data = RNG.normal(size=(5, 4)).astype(np.float32)
    (got,), (ran,) = run_both(text, data, np.array([[2], [0], [6]], np.int32))
    np.testing.assert_array_equal(got, data[[2, 0, 4], :3])
    np.testing.assert_array_equal(ran, got)
    with pytest.raises(ShapeError, match=r"result shape \[4, 3\] has batch dimensions \[4\], the start indices give "
                                         r"\[3\]"):
        fb.dynamic_gather("g2", x, i, sizes, TAKE_ROWS, f32(4, 3))


def test_dimension_numbers_read_in_any_order_and_print_in_mlirs():
    text = ('module @m {\n  func.func @main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {\n'
            '    %g = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<index_vector_dim = 1, '
            'start_index_map = [0], collapsed_slice_dims = [0], offset_dims = [1], operand_batching_dims = []>, '
            'slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>\n'
            '    return %g : tensor<3x4xf32>\n  }\n}\n')
    mlir_text = str(ir.Module.parse(text, make_ir_context()))
    assert "#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], " \
           "index_vector_dim = 1>" in mlir_text
    assert roundtrip(mlir_text) == mlir_text
    assert roundtrip(text) == mlir_text.replace("%arg0", "%x").replace("%arg1", "%i").replace("%0", "%g")
    assert import_text(text).main.ops[0].dimension_numbers == TAKE_ROWS
    for numbers, reason in (("offset_dims = [1], offset_dims = [2]", "duplicated `offset_dims` entry"),
                            ("offset = [1]", "unknown gather dimension field 'offset'")):
        with pytest.raises(MlirError, match=reason):
            parse_text(text.replace("index_vector_dim = 1, start_index_map = [0], collapsed_slice_dims = [0], "
                                    "offset_dims = [1], operand_batching_dims = []", numbers))


def sample(dtype: DType, shape) -> np.ndarray:
    from vitir.numpy_dtypes import numpy_dtype

    if dtype.is_complex:
        return (RNG.normal(size=shape) + 1j * RNG.normal(size=shape)).astype(numpy_dtype(dtype))
    if dtype.is_bool or dtype.is_integer:
        top = min(dtype.max, 1 << 62)  # numpy draws below 2**63
        return RNG.integers(dtype.min, top, shape, endpoint=True).astype(numpy_dtype(dtype))
    return RNG.normal(size=shape).astype(numpy_dtype(dtype))


@pytest.mark.parametrize("dtype", [DType.I1, DType.UI8, DType.I64, DType.UI64, DType.BF16, DType.F16, DType.F64,
                                   DType.C64], ids=lambda d: d.value)
def test_every_element_type_moves_bit_for_bit_as_xla_moves_it(dtype):
    """gather, reverse, dynamic_slice, scatter (an add that wraps around, or an or of booleans) and a
    sort (not of complex numbers, which do not order) of each element type, against XLA bit for bit."""
    fb = FunctionBuilder("main")
    x, i, u = fb.arg("x", TensorType((5, 4), dtype)), fb.arg("i", i32(3, 1)), fb.arg("u", TensorType((3, 4), dtype))
    a = fb.arg("a", scalar(I32))
    body = fb.region()
    acc, upd = body.arg("acc", scalar(dtype)), body.arg("upd", scalar(dtype))
    combine = body.or_ if dtype.is_bool else body.add
    outs = [fb.gather("g", x, i, TAKE_ROWS, (1, 4)), fb.reverse("r", x, (1,)), fb.dynamic_slice("d", x, (a, a), (2, 2)),
            fb.scatter("s", (x,), i, (u,), ADD_ROWS, body.ret(combine("c", acc, upd)))]
    if not dtype.is_complex:
        outs.append(fb.sort("o", (x,), comparator(fb, (dtype,)), dimension=0, is_stable=True))
    text = checked_text(fb.ret(*outs))
    got, ran = run_both(text, sample(dtype, (5, 4)), np.array([[1], [1], [3]], np.int32), sample(dtype, (3, 4)),
                        np.int32(2))
    for g, r in zip(got, ran, strict=True):
        assert g.dtype == r.dtype
        np.testing.assert_array_equal(g.view(np.uint8), r.view(np.uint8))


def test_set_dimension_size_of_a_static_type_is_the_whole_dimension():
    fb = FunctionBuilder("main")
    x, n = fb.arg("x", f32(4, 3)), fb.arg("n", scalar(I32))
    text = checked_text(fb.ret(fb.set_dimension_size("y", x, n, 1)))
    assert line(text, "y") == ("    %y = stablehlo.set_dimension_size %x, %n, dim = 1 : (tensor<4x3xf32>, tensor<i32>) "
                               "-> tensor<4x3xf32>")
    data = RNG.normal(size=(4, 3)).astype(np.float32)
    (got,), (ran,) = run_both(text, data, np.int32(3))
    np.testing.assert_array_equal(got, data)
    np.testing.assert_array_equal(ran, data)
    with pytest.raises(ShapeError, match=r"^stablehlo.set_dimension_size %y: size holds \[2\], the result type "
                                         r"tensor<4x3xf32> needs \[3\]$"):
        evaluate(import_text(text), data, np.int32(2))
    with pytest.raises(ShapeError, match=r"^stablehlo.set_dimension_size %z: size must be a rank-0 i32, got "
                                         r"tensor<i64>"):
        fb.set_dimension_size("z", x, fb.arg("m", scalar(DType.I64)), 0)
