"""Where StableHLO's spec leaves a result to the implementation, or XLA's CPU backend departs from
the spec: what vitir's evaluator computes beside what XLA computes (docs/semantics.md)."""

from __future__ import annotations

import re

import numpy as np
import pytest
import scipy.special

from tests.test_drift import both, same_bits
from vitir.ast import DType, FunctionBuilder, TensorType, f32

# -- reduce: how often a non-identity init takes part (implementation-defined: vitir follows XLA) ----

REDUCES = [((3, 1), [1]), ((1,), [0]), ((2, 2), []), ((3, 1, 1), [1, 2]),  # one element per output: no init
           ((3, 2), [1]), ((3, 1, 2), [1, 2]),  # several: the init once
           ((3, 0), [1]), ((0,), [0])]  # none: the init alone


@pytest.mark.parametrize("shape,dims", REDUCES)
@pytest.mark.parametrize("reducer", ["add", "multiply", "maximum"])
def test_a_non_identity_init_takes_part_once_but_not_where_one_element_is_folded(shape, dims, reducer):
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(*shape))
    fn = fb.ret(fb.reduce("r", x, fb.constant("init", "5.0"), dims, reducer))
    data = np.arange(1, 1 + int(np.prod(shape)), dtype=np.float32).reshape(shape)
    (ours,), (xla,) = both(fn, data)
    same_bits(ours, xla)
    kept = tuple(s for i, s in enumerate(shape) if i not in dims)
    count = int(np.prod([shape[d] for d in dims]))
    fold = {"add": np.sum, "multiply": np.prod, "maximum": np.max}[reducer]
    if count == 1:
        expected = data.reshape(kept)
    else:
        folded = fold(data, axis=tuple(dims)) if count else np.zeros(kept, np.float32)
        op = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum}[reducer]
        expected = op(folded, np.float32(5)) if count else np.full(kept, 5, np.float32)
    np.testing.assert_array_equal(ours, expected)


def test_a_region_reducer_of_one_element_returns_it_unchanged():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(3, 1))
    body = fb.region()
    acc, element = body.arg("acc", f32()), body.arg("element", f32())
    region = body.ret(body.subtract("d", acc, element))
    fn = fb.ret(fb.reduce_region("r", (x,), (fb.constant("init", "5.0"),), (1,), region))
    (ours,), (xla,) = both(fn, np.array([[1.0], [2.0], [3.0]], np.float32))
    same_bits(ours, xla)
    np.testing.assert_array_equal(ours, [1.0, 2.0, 3.0])  # not 5 - x


# -- subnormals: the spec's IEEE arithmetic in the evaluator; XLA's CPU flushes them -----------------

def test_subnormals_are_kept_by_the_evaluator_and_flushed_by_xla_on_cpu():
    fb = FunctionBuilder("f")
    x, y = fb.arg("x", f32(3)), fb.arg("y", f32(3))
    fn = fb.ret(fb.multiply("m", x, y), fb.subtract("s", x, y), fb.compare("c", x, y, "GT"), fb.negate("n", x),
                fb.convert("w", x, DType.F64))
    a = np.array([1e-40, 1.5e-38, 3e-39], np.float32)
    b = np.array([1e30, 1.4e-38, 0.0], np.float32)
    ours, xla = both(fn, a, b)
    np.testing.assert_array_equal(ours[0], a * b)  # the subnormal operand counts: 1e-40 * 1e30 = 1e-10
    assert ours[1][1] == np.float32(1.5e-38) - np.float32(1.4e-38) != 0  # a subnormal result
    np.testing.assert_array_equal(ours[2], [False, True, True])  # 3e-39 > 0
    # XLA's CPU backend treats subnormal operands as zero and flushes subnormal results
    np.testing.assert_array_equal(xla[0], [0.0, 0.0, 0.0])
    assert xla[1][1] == 0.0
    np.testing.assert_array_equal(xla[2], [False, True, False])  # 3e-39 read as 0
    np.testing.assert_array_equal(xla[4], [0.0, np.float64(np.float32(1.5e-38)), 0.0])
    same_bits(ours[3], xla[3])  # negate only flips the sign bit: both keep the subnormal


# -- a convolution's holes times a non-finite kernel entry: the spec's zeros; XLA skips them ---------

def test_holes_and_padding_meet_an_infinite_kernel_entry():
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", f32(1, 1, 2)), fb.arg("w", f32(1, 1, 2))
    fn = fb.ret(fb.convolution("c", x, w, stride=[1], padding=[(1, 1)], lhs_dilate=[2], rhs_dilate=[1],
                               layouts=("bf0", "oi0", "bf0")))
    image, kernel = np.array([[[1.0, 2.0]]], np.float32), np.array([[[np.inf, 1.0]]], np.float32)
    (ours,), (xla,) = both(fn, image, kernel)
    # the padded, dilated image is [0, 1, 0, 2, 0]: the spec multiplies its zeros, 0 * inf = NaN
    np.testing.assert_array_equal(ours, [[[np.nan, np.inf, np.nan, np.inf]]])
    np.testing.assert_array_equal(xla, [[[1.0, np.inf, 2.0, np.inf]]])  # XLA's CPU backend leaves them out
    finite = np.array([[[3.0, 1.0]]], np.float32)
    (ours,), (xla,) = both(fn, image, finite)  # with a finite kernel both are the same
    same_bits(ours, xla)


def test_bf16_products_keep_their_subnormals_in_the_evaluator():
    import ml_dtypes

    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((2,), DType.BF16))
    fn = fb.ret(fb.multiply("m", x, x))
    data = np.array([1e-20, 2.0], ml_dtypes.bfloat16)
    (ours,), (xla,) = both(fn, data)
    assert 0 < float(ours[0]) < 1.2e-38 and float(xla[0]) == 0.0  # computed in f32, rounded to a bf16 subnormal
    assert float(ours[1]) == float(xla[1]) == 4.0


def test_a_strided_batch_grouped_convolution_with_an_infinite_kernel_entry():
    """Found by the fuzzer: XLA's CPU backend lets the NaN of one batch group's `0 * inf` into another's
    outputs once the window is strided."""
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", f32(4, 2, 5)), fb.arg("w", f32(4, 2, 1))
    fn = fb.ret(fb.convolution("c", x, w, stride=[2], layouts=("bf0", "oi0", "bf0"), batch_group_count=2))
    kernel = np.zeros((4, 2, 1), np.float32)
    kernel[2, 0, 0] = np.inf  # an output of the second group: it meets batches 2 and 3 only
    (ours,), (xla,) = both(fn, np.zeros((4, 2, 5), np.float32), kernel)
    assert ours.shape == (2, 4, 3)
    np.testing.assert_array_equal(np.isnan(ours).any(axis=(0, 2)), [False, False, True, False])  # 0 * inf, its own
    np.testing.assert_array_equal(np.isnan(xla).any(axis=(0, 2)), [True, False, True, False])  # and output 0's too


def test_xla_may_read_a_bf16_result_unrounded():
    """Found by the fuzzer: with xla_allow_excess_precision (XLA's default) a fusion reads the f32 value of
    a bf16 log, so the convert to f32 is not of the bf16 result XLA returns."""
    import ml_dtypes

    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((3,), DType.BF16))
    log = fb.log("l", x)
    fn = fb.ret(log, fb.convert("c", log, DType.F32))
    data = np.array([0.6796875, 3.5, 1.4140625], ml_dtypes.bfloat16)
    (ours_log, ours_wide), (xla_log, xla_wide) = both(fn, data)
    same_bits(ours_log, xla_log)  # the bf16 results agree
    np.testing.assert_array_equal(ours_wide, ours_log.astype(np.float32))  # the spec: the rounded value, widened
    assert not np.array_equal(xla_wide, xla_log.astype(np.float32))  # XLA: the unrounded f32 log
    np.testing.assert_allclose(xla_wide, np.log(data.astype(np.float32)), rtol=1e-6)


def test_a_sort_whose_comparator_meets_nan_has_no_one_order():
    """Found by the fuzzer: GT of FLOAT values is not a strict weak order once NaN is among them."""
    import ml_dtypes

    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((5,), DType.BF16))
    body = fb.region()
    a, b = body.arg("a", TensorType((), DType.BF16)), body.arg("b", TensorType((), DType.BF16))
    fn = fb.ret(fb.sort("s", (x,), body.ret(body.compare("gt", a, b, "GT", "FLOAT")), dimension=0))
    data = np.array([0.2041015625, np.nan, 0.890625, -0.2373046875, 1.5625], ml_dtypes.bfloat16)
    (ours,), (xla,) = both(fn, data)
    np.testing.assert_array_equal(ours.astype(np.float32), [0.2041015625, np.nan, 1.5625, 0.890625, -0.2373046875])
    np.testing.assert_array_equal(xla.astype(np.float32), [1.5625, 0.890625, 0.2041015625, np.nan, -0.2373046875])
    finite = np.where(np.isnan(data.astype(np.float32)), 0, data).astype(ml_dtypes.bfloat16)
    (ours,), (xla,) = both(fn, finite)  # a strict weak order again: one answer
    same_bits(ours, xla)


def test_the_maximum_of_a_clamp_whose_bounds_cross():
    """Found by the fuzzer: XLA folds maximum(lo, clamp(lo, x, hi)) into the clamp, wrong where lo > hi."""
    fb = FunctionBuilder("f")
    low, x, high = fb.arg("lo", f32(2)), fb.arg("x", f32(2)), fb.arg("hi", f32(2))
    clamped = fb.clamp("c", low, x, high)
    fn = fb.ret(clamped, fb.maximum("m", low, clamped))
    ours, xla = both(fn, np.array([1.0, 5.0], np.float32), np.zeros(2, np.float32), np.array([2.0, 3.0], np.float32))
    same_bits(ours[0], xla[0])  # the clamp itself agrees: hi where the bounds cross
    np.testing.assert_array_equal(ours[0], [1.0, 3.0])
    np.testing.assert_array_equal(ours[1], [1.0, 5.0])  # the spec: max(5, 3)
    np.testing.assert_array_equal(xla[1], [1.0, 3.0])


def test_an_f64_feature_grouped_convolution_with_a_nan_input():
    """Found by the fuzzer: XLA's CPU backend lets a NaN of group 0's input into group 1's outputs in f64."""
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", TensorType((1, 2, 3), DType.F64)), fb.arg("w", TensorType((2, 1, 1), DType.F64))
    fn = fb.ret(fb.convolution("c", x, w, stride=[1], layouts=("bf0", "oi0", "bf0"), feature_group_count=2))
    image = np.zeros((1, 2, 3))
    image[0, 0, 0] = np.nan  # an input feature of group 0
    (ours,), (xla,) = both(fn, image, np.zeros((2, 1, 1)))
    np.testing.assert_array_equal(np.isnan(ours).any(axis=(0, 2)), [True, False])
    np.testing.assert_array_equal(np.isnan(xla).any(axis=(0, 2)), [True, True])


def test_a_triangular_solve_of_a_singular_or_non_finite_matrix():
    """Found by the fuzzer: a system with no solution has no result in the spec; the evaluator substitutes
    row by row in IEEE arithmetic (as LAPACK's trsm does), XLA's blocked solve spreads NaN wider."""
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", f32(3, 3)), fb.arg("b", f32(3, 3))
    left = fb.ret(fb.triangular_solve("t", a, b, True, True, False, "NO_TRANSPOSE"))
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", f32(3, 3)), fb.arg("b", f32(3, 3))
    right_unit = fb.ret(fb.triangular_solve("t", a, b, False, True, True, "NO_TRANSPOSE"))
    rhs = np.arange(1, 10, dtype=np.float32).reshape(3, 3)
    singular = np.diag(np.float32([1, 0, 1]))  # a x = b: row 1 reads 0 * x1 = 4
    (ours,), (xla,) = both(left, singular, rhs)
    np.testing.assert_array_equal(ours, [[1, 2, 3], [np.inf] * 3, [np.nan] * 3])  # 4 / 0, then 0 * inf
    np.testing.assert_array_equal(xla, [[1, 2, 3], [np.nan] * 3, [np.nan] * 3])
    infinite = np.eye(3, dtype=np.float32)
    infinite[2, 1] = -np.inf  # x a = b, a's unit lower triangle: column 2 of x is b's alone
    (ours,), (xla,) = both(right_unit, infinite, rhs)
    np.testing.assert_array_equal(ours, [[np.nan, np.inf, 3], [np.nan, np.inf, 6], [np.nan, np.inf, 9]])
    np.testing.assert_array_equal(xla, [[np.nan, np.inf, np.nan]] * 3)
    invertible = np.float32([[2, 0, 0], [1, 4, 0], [3, -1, 5]])
    (ours,), (xla,) = both(left, invertible, rhs)  # a solution: one answer
    np.testing.assert_allclose(ours, np.linalg.solve(invertible.astype(np.float64), rhs), rtol=1e-6)
    np.testing.assert_allclose(xla, ours, rtol=1e-6)


# -- valid ops XLA's CPU backend cannot compile (kept out of the fuzzer's evaluated graphs) ---------

def _complex_unary(op):
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((3,), DType.C64))
    return fb.ret(getattr(fb, op)("y", x))


def _signed_mulhi_fused():
    fb = FunctionBuilder("f")
    a = fb.arg("a", TensorType((3,), DType.I16))
    return fb.ret(fb.mulhi("h", fb.negate("n", a), a))


def _scan_of_nothing():
    fb = FunctionBuilder("f")
    x, c = fb.arg("x", f32(0, 2)), fb.arg("c", f32(2))
    body = fb.region()
    item, carry = body.arg("i", f32(2)), body.arg("k", f32(2))
    new = body.add("s", carry, item)
    return fb.ret(*fb.scan("scan", [x], [c], 0, body.ret(new, new)))


@pytest.mark.parametrize("build,inputs,check,refusal", [
    (lambda: _complex_unary("cbrt"), [np.complex64([8, -1j, 2 + 3j])],
     lambda x, y: np.testing.assert_allclose(y ** 3, x, rtol=1e-5), "to be floating for cbrt operation; got C64"),
    (lambda: _complex_unary("bessel_i1e"), [np.complex64([1, -2, 0.5])],
     lambda x, y: np.testing.assert_allclose(y, scipy.special.i1e(x.real), rtol=1e-5),
     "failed to legalize operation 'chlo.bessel_i1e'"),
    (_signed_mulhi_fused, [np.int16([-300, 200, 32767])],
     lambda a, h: np.testing.assert_array_equal(h, (-a.astype(np.int64) * a) >> 16),
     "Unsupported elementwise operation %mulhi"),
    (_scan_of_nothing, [np.zeros((0, 2), np.float32), np.float32([1, 2])],
     lambda x, c, out, carry: (np.testing.assert_array_equal(out, x), np.testing.assert_array_equal(carry, c)),
     "Slice dim size 1 greater than dynamic slice dimension: 0"),
])
def test_valid_ops_xla_cannot_compile(build, inputs, check, refusal):
    """Found by the fuzzer: the spec and MLIR take these; the evaluator runs them; XLA refuses them."""
    from tests.mlir_parser import mlir_error
    from vitir.ast import module
    from vitir.backend import compile_module
    from vitir.errors import VitirError
    from vitir.evaluate import evaluate
    from vitir.mlir import import_text
    from vitir.print import print_module

    text = print_module(module(build()))
    assert mlir_error(text) is None
    check(*inputs, *evaluate(import_text(text), *inputs))
    with pytest.raises(VitirError, match=re.escape(refusal)):
        compile_module(text)


def _wrapped_power(base: int, exponent: int, bits: int) -> int:
    """The exact power, wrapped to a signed integer of `bits` bits."""
    v = pow(base, exponent, 2 ** bits)
    return v - 2 ** bits if v >= 2 ** (bits - 1) else v


@pytest.mark.parametrize("dtype,bits", [(DType.I32, 32), (DType.I64, 64)])
def test_an_integer_power_of_an_exponent_of_64_or_more(dtype, bits):
    """Found by the fuzzer: the spec's integer power (its interpreter's squaring over every bit of the
    exponent) wraps the exact power; XLA squares the base six times only, so reads the exponent's low
    six bits: (-5) ** (2 ** 31 - 1) is (-5) ** 63 to it."""
    fb = FunctionBuilder("f")
    x, y = fb.arg("x", TensorType((4,), dtype)), fb.arg("y", TensorType((4,), dtype))
    fn = fb.ret(fb.power("p", x, y))
    kind = np.int32 if bits == 32 else np.int64
    bases, exponents = [-5, 3, 7, 3], [2 ** (bits - 1) - 1, 64, 65, 63]
    (ours,), (xla,) = both(fn, np.array(bases, kind), np.array(exponents, kind))
    assert ours.tolist() == [_wrapped_power(b, e, bits) for b, e in zip(bases, exponents)]
    assert xla.tolist() == [_wrapped_power(b, e % 64, bits) for b, e in zip(bases, exponents)]
    assert ours[3] == xla[3]  # below 64: one answer


def _select_and_scatter_of_minimums(shape, padding):
    fb = FunctionBuilder("f")
    i64 = lambda *s: TensorType(s, DType.I64)  # noqa: E731
    x, source = fb.arg("x", i64(*shape)), fb.arg("s", i64(1, 3, 1))
    select = fb.region()
    a, b = select.arg("a", i64()), select.arg("b", i64())
    select = select.ret(select.compare("le", a, b, "LE", "SIGNED"))  # keeps the earlier of two equal
    scatter = fb.region()
    p, q = scatter.arg("p", i64()), scatter.arg("q", i64())
    scatter = scatter.ret(scatter.add("r", p, q))
    zero = fb.constant("z", "0", (), DType.I64)
    return fb.ret(fb.select_and_scatter("t", x, source, zero, select, scatter, [3, 2, 1], [2, 1, 2], padding))


def test_a_padded_select_and_scatter_whose_window_holds_two_equal_candidates():
    """Found by the fuzzer: the spec selects with a reduction whose order is the implementation's, so of two
    equal candidates under `LE` either may be picked. The evaluator visits each window in row-major order, as
    the reference interpreter does; XLA does too unpadded, but picks another of a padded window's ties."""
    column = np.array([-7, -6, -8, 7, 1, -4, -7, -8, 0], np.int64).reshape(3, 3, 1)
    source = np.array([1, 2, 3], np.int64).reshape(1, 3, 1)
    padded = _select_and_scatter_of_minimums((3, 3, 1), [(0, 0), (1, 0), (0, 0)])
    (ours,), (xla,) = both(padded, column, source)
    # the third window reads rows 1 and 2 of every plane: -8 at plane 0 row 2 and at plane 2 row 1
    assert ours[:, :, 0].tolist() == [[1, 0, 3], [0, 0, 0], [0, 2, 0]]
    assert xla[:, :, 0].tolist() == [[1, 0, 0], [0, 0, 0], [0, 5, 0]]
    distinct = column.copy()
    distinct[2, 1, 0] = -9  # one minimum in each window: one answer
    (ours,), (xla,) = both(padded, distinct, source)
    np.testing.assert_array_equal(ours, xla)
    assert ours[:, :, 0].tolist() == [[1, 0, 0], [0, 0, 0], [0, 5, 0]]
    unpadded = _select_and_scatter_of_minimums((3, 4, 1), None)  # the same windows, the padding a real row
    shifted = np.concatenate([np.full((3, 1, 1), 99, np.int64), column], axis=1)
    (ours,), (xla,) = both(unpadded, shifted, source)
    np.testing.assert_array_equal(ours, xla)
    assert ours[:, 1:, 0].tolist() == [[1, 0, 3], [0, 0, 0], [0, 2, 0]]


def test_zeta_of_an_infinite_argument_is_nan_as_in_xla():
    """Found by the fuzzer: chlo.zeta is defined by its lowering, whose domain the evaluator follows (NaN for
    x < 1, where the analytic continuation has values); XLA's series gives NaN for an infinite x or q too,
    where the sum has a limit (scipy's: zeta(inf, 0.5) = inf, zeta(inf, 1) = 1, zeta(2, inf) = 0)."""
    from scipy import special

    fb = FunctionBuilder("f")
    x, q = fb.arg("x", f32(8)), fb.arg("q", f32(8))
    fn = fb.ret(fb.zeta("z", x, q))
    xs = np.float32([np.inf, np.inf, np.inf, 2, 3, 1, 1, 2])
    qs = np.float32([0.5, 1, np.inf, np.inf, -np.inf, np.inf, -np.inf, 1])
    (ours,), (xla,) = both(fn, xs, qs)
    np.testing.assert_array_equal(xla, np.float32([np.nan] * 5 + [np.inf, np.inf, np.pi ** 2 / 6]))
    np.testing.assert_array_equal(ours, xla)  # NaN where XLA's is (the sign of a NaN aside)
    np.testing.assert_array_equal(special.zeta(xs[:4].astype(np.float64), qs[:4].astype(np.float64)),
                                  [np.inf, 1, 0, 0])  # the limits XLA does not give


def test_the_readers_of_a_cholesky_of_a_matrix_not_positive_definite():
    """Found by the fuzzer: the spec leaves a cholesky of a matrix that is not positive definite undefined.
    XLA returns NaN for that matrix's factor, but an elementwise op reading it is handed another value: the
    previous matrix's factor (cosh of it, where cosh of NaN is NaN), or what its buffer held where none precedes."""
    fb = FunctionBuilder("f")
    a = fb.arg("a", f32(2, 2, 2))
    factor = fb.cholesky("c", a)
    fn = fb.ret(factor, fb.cosh("h", factor))
    positive = np.float32([[4, 2], [2, 5]])  # its factor: [[2, 1], [0, 2]]
    indefinite = np.float32([[-1, 0], [0, 1]])
    ours, xla = both(fn, np.stack([positive, indefinite]))
    np.testing.assert_array_equal(xla[0][1], np.full((2, 2), np.nan))
    np.testing.assert_allclose(xla[1][1], np.cosh(np.float32([[2, 1], [0, 2]])), rtol=1e-6)  # matrix 0's
    np.testing.assert_array_equal(np.isnan(ours[1][1]), np.isnan(np.cosh(ours[0][1])))  # the evaluator: cosh of its factor
    ours, xla = both(fn, np.stack([indefinite, positive]))
    for o, x in zip(ours, xla):  # the positive-definite matrix: one answer
        np.testing.assert_allclose(o[1], x[1], rtol=1e-6)


def test_a_triangular_solve_of_an_infinite_right_hand_side():
    """Found by the fuzzer: with inf in b no real solution exists. Substitution (the evaluator's, as LAPACK's
    trsm) meets inf - inf; XLA multiplies by the inverse of the triangle, whose finite entries carry the
    inf through: x2 = b2 - 1 * x0 - 1 * x1 is NaN by substitution, (1, -1, 1) . b = inf by the inverse."""
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", f32(3, 3)), fb.arg("b", f32(3, 1))
    fn = fb.ret(fb.triangular_solve("t", a, b, True, True, True, "NO_TRANSPOSE"))
    triangle = np.float32([[1, 0, 0], [2, 1, 0], [1, 1, 1]])  # unit lower: x0 = b0, x1 = b1 - 2 x0, ...
    (ours,), (xla,) = both(fn, triangle, np.float32([[np.inf], [0], [0]]))
    np.testing.assert_array_equal(ours.ravel(), [np.inf, -np.inf, np.nan])
    np.testing.assert_array_equal(xla.ravel(), [np.inf, -np.inf, np.inf])
    (ours,), (xla,) = both(fn, triangle, np.float32([[3], [0], [0]]))  # finite: one answer
    np.testing.assert_array_equal(ours, xla)
    np.testing.assert_array_equal(ours.ravel(), np.linalg.solve(triangle.astype(np.float64), [3, 0, 0]))
