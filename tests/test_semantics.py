"""Where StableHLO's spec leaves a result to the implementation, or XLA's CPU backend departs from
the spec: what vitir's evaluator computes beside what XLA computes (docs/semantics.md)."""

from __future__ import annotations

import numpy as np
import pytest

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
