"""Windows, reductions, contractions and linear algebra built by hand: reduce_window,
select_and_scatter, reduce_precision, dot, triangular_solve, cholesky, fft and the batch_norm ops.
Each prints as MLIR does (jaxlib's own parser reads it back to the same text), survives xDSL and
the importer, evaluates like an independent oracle (numpy, scipy, ml_dtypes, JAX autodiff, the
spec's examples) and like XLA through PJRT; each rule refuses bad shapes with its exact message."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
import scipy.linalg

from jax._src.interpreters.mlir import make_ir_context
from jax._src.lib.mlir import ir

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, parse_text, print_mlir
from vitir.print import print_module

RNG = np.random.default_rng(11)
F64, C64, I64 = DType.F64, DType.C64, DType.I64


def t(*shape, dtype=DType.F32) -> TensorType:
    return TensorType(shape, dtype)


def normalized(text: str) -> str:
    """SSA names and line breaks aside (the reference writes a convolution over three lines, MLIR on one)."""
    return " ".join(re.sub(r"%[\w#]+", "%", text).split())


def checked(fb: FunctionBuilder, *results) -> str:
    """The module's text, after checking that MLIR's own parser prints it the same (SSA names
    aside), that xDSL prints it back byte for byte and that it imports to the same text."""
    text = print_module(module(fb.ret(*results)))
    assert normalized(str(ir.Module.parse(text, make_ir_context()))) == normalized(text)
    assert print_mlir(parse_text(text).module) == text
    assert print_module(import_text(text)) == text
    return text


def run_both(text: str, *inputs):
    """The evaluator's results and PJRT's for the same inputs."""
    return evaluate(import_text(text), *inputs), compile_module(text).run(*inputs)


def raises(fn, text: str) -> None:
    with pytest.raises(ShapeError) as e:
        fn()
    assert str(e.value) == text


def binary_region(fb: FunctionBuilder, op: str, dtype=DType.F32, prefix="r"):
    b = fb.region()
    x, y = b.arg(f"{prefix}a", TensorType((), dtype)), b.arg(f"{prefix}b", TensorType((), dtype))
    return b.ret(getattr(b, op)(f"{prefix}c", x, y))


# -- reduce_window ------------------------------------------------------------------------------------------

def test_reduce_window_max_pool_prints_as_mlir_and_pools():
    fb = FunctionBuilder("f")
    x = fb.arg("x", t(2, 3, 6, 6))
    low = fb.constant("low", "0xFF800000")
    y = fb.reduce_window("pool", [x], [low], binary_region(fb, "maximum"), (1, 1, 2, 2), (1, 1, 2, 2),
                         padding=((0, 0),) * 4)
    text = checked(fb, y)
    assert ('    %pool = "stablehlo.reduce_window"(%x, %low) <{padding = dense<0> : tensor<4x2xi64>, '
            'window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({\n'
            '    ^bb0(%ra: tensor<f32>, %rb: tensor<f32>):\n'
            '      %rc = stablehlo.maximum %ra, %rb : tensor<f32>\n'
            '      stablehlo.return %rc : tensor<f32>\n'
            '    }) : (tensor<2x3x6x6xf32>, tensor<f32>) -> tensor<2x3x3x3xf32>\n') in text
    data = RNG.normal(size=(2, 3, 6, 6)).astype(np.float32)
    want = data.reshape(2, 3, 3, 2, 3, 2).max(axis=(3, 5))
    (got,), (ran,) = run_both(text, data)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(ran, want)


def test_reduce_window_pads_with_the_init_and_dilates():
    """A sum over dilated windows of a dilated, padded input, against the spec's definition spelled
    out in numpy: pad and dilate with the init value, slice each window, fold it from the init. XLA
    folds only the operand's own elements into the init (it skips padding and dilation holes), which
    differs when the init is not the body's identity, as here."""
    fb = FunctionBuilder("f")
    x = fb.arg("x", t(5, 7))
    one = fb.constant("one", "1.500000e+00")
    y = fb.reduce_window("s", [x], [one], binary_region(fb, "add"), (2, 3), (2, 1), (2, 1), (1, 2), ((2, 1), (1, -1)))
    text = checked(fb, y)
    data = RNG.normal(size=(5, 7)).astype(np.float32)

    def windows(fill):
        dilated = np.full((9, 7), fill, np.float32)
        dilated[::2] = data
        padded = np.pad(dilated, ((2, 1), (1, 0)), constant_values=fill)[:, :-1]
        return np.array([[1.5 + padded[i * 2:i * 2 + 2, j:j + 5:2].sum() for j in range(3)] for i in range(6)],
                        np.float32)

    (got,), (ran,) = run_both(text, data)
    np.testing.assert_allclose(got, windows(1.5), rtol=1e-6)
    np.testing.assert_allclose(ran, windows(0.0), rtol=1e-6)


def test_reduce_window_of_two_operands_pools_the_argmax():
    """Values and their flat indices reduced together: the body keeps the larger value and its index."""
    fb = FunctionBuilder("f")
    x, i = fb.arg("x", t(4, 6)), fb.arg("i", t(4, 6, dtype=DType.I32))
    b = fb.region()
    av, ai = b.arg("av", t()), b.arg("ai", t(dtype=DType.I32))
    ev, ei = b.arg("ev", t()), b.arg("ei", t(dtype=DType.I32))
    keep = b.compare("keep", av, ev, "GE")
    body = b.ret(b.select("v", keep, av, ev), b.select("k", keep, ai, ei))
    inits = (fb.constant("lo", "0xFF800000"), fb.constant("none", "-1", (), DType.I32))
    values, where = fb.reduce_window("am", [x, i], inits, body, (2, 3), (2, 3))
    text = checked(fb, values, where)
    assert '    %am:2 = "stablehlo.reduce_window"(%x, %i, %lo, %none) <{window_dimensions = array<i64: 2, 3>, ' \
           'window_strides = array<i64: 2, 3>}> ({\n' in text
    data = RNG.permutation(24).reshape(4, 6).astype(np.float32)
    index = np.arange(24, dtype=np.int32).reshape(4, 6)
    blocks = data.reshape(2, 2, 2, 3).transpose(0, 2, 1, 3).reshape(2, 2, 6)
    flat = index.reshape(2, 2, 2, 3).transpose(0, 2, 1, 3).reshape(2, 2, 6)
    picks = blocks.argmax(axis=-1)
    for got in run_both(text, data, index):
        np.testing.assert_array_equal(got[0], blocks.max(axis=-1))
        np.testing.assert_array_equal(got[1], np.take_along_axis(flat, picks[..., None], -1)[..., 0])


def test_reduce_window_body_may_accumulate_wider():
    """A bf16 input summed in an f32 body gives an f32 result (StableHLO's is_promotable)."""
    fb = FunctionBuilder("f")
    x = fb.arg("x", t(8, dtype=DType.BF16))
    zero = fb.constant("z", "0.000000e+00", (), DType.BF16)
    y = fb.reduce_window("s", [x], [zero], binary_region(fb, "add"), (8,))
    assert y.type == t(1)
    data = np.linspace(1, 2, 8).astype(ml_dtypes.bfloat16)
    (got,) = evaluate(fb.ret(y), data)
    assert got.dtype == np.float32 and got[0] == np.float32(data.astype(np.float32).sum())


def test_reduce_body_may_accumulate_wider():
    """reduce of i8 values summed in an i32 body: no wrap-around at 8 bits (the result is i32). StableHLO
    allows it (is_promotable); XLA refuses it (the accumulator differs from the init value's type)."""
    fb = FunctionBuilder("f")
    x = fb.arg("x", t(4, 40, dtype=DType.I8))
    zero = fb.constant("z", "0", (), DType.I8)
    y = fb.reduce_region("s", [x], [zero], (1,), binary_region(fb, "add", DType.I32))
    text = checked(fb, y)
    assert ("    %s = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x40xi8>, tensor<i8>) -> "
            "tensor<4xi32>\n     reducer(%ra: tensor<i32>, %rb: tensor<i32>)  {\n") in text  # not `applies`: MLIR
    # gives a compact body the init's type
    data = RNG.integers(-128, 128, (4, 40)).astype(np.int8)
    (got,) = evaluate(import_text(text), data)
    np.testing.assert_array_equal(got, data.astype(np.int32).sum(axis=1))


def reduce_window_errors():
    fb = FunctionBuilder("f")
    x, z = fb.arg("x", t(4, 6)), fb.constant("z", "0.000000e+00")
    add = binary_region(fb, "add")
    yield (lambda: fb.reduce_window("p", [x], [z], add, (2,)),
           "window_dimensions [2] has 1 entries for an operand of rank 2 (operands: tensor<4x6xf32>, tensor<f32>)")
    yield (lambda: fb.reduce_window("p", [x], [z], add, (2, 0)),
           "window_dimensions [2, 0] must be positive (operands: tensor<4x6xf32>, tensor<f32>)")
    yield (lambda: fb.reduce_window("p", [x], [z], add, (2, 2), (1, -1)),
           "window_strides [1, -1] must be positive (operands: tensor<4x6xf32>, tensor<f32>)")
    yield (lambda: fb.reduce_window("p", [x], [z], add, (2, 2), base_dilations=(1, 1, 1)),
           "base_dilations [1, 1, 1] has 3 entries for an operand of rank 2 (operands: tensor<4x6xf32>, tensor<f32>)")
    yield (lambda: fb.reduce_window("p", [x], [z], add, (2, 2), padding=((0, 0),)),
           "padding [[0, 0]] has 1 pairs for an operand of rank 2 (operands: tensor<4x6xf32>, tensor<f32>)")
    yield (lambda: fb.reduce_window("p", [x], [], add, (2, 2)),
           "1 operand and 0 init values: needs one init value per operand, at least one (operands: tensor<4x6xf32>)")
    i = fb.constant("i", "0", (), DType.I32)
    yield (lambda: fb.reduce_window("p", [x], [i], add, (2, 2)),
           "init element type i32 differs from operand f32 (operands: tensor<4x6xf32>, tensor<i32>)")
    yield (lambda: fb.reduce_window("p", [x], [z], binary_region(fb, "add", DType.I32, "q"), (2, 2)),
           "the body takes (tensor<i32>, tensor<i32>), needs (tensor<f32>, tensor<f32>) "
           "(operands: tensor<4x6xf32>, tensor<f32>)")
    yield (lambda: fb.reduce_window("p", [x, fb.arg("k", t(6, 4))], [z, z], add, (2, 2)),
           "operand 1 has shape [6, 4], operand 0 has [4, 6] "
           "(operands: tensor<4x6xf32>, tensor<6x4xf32>, tensor<f32>, tensor<f32>)")


@pytest.mark.parametrize("case", range(9))
def test_reduce_window_rules(case):
    build, reason = list(reduce_window_errors())[case]
    raises(build, f"stablehlo.reduce_window %p: {reason}")


# -- select_and_scatter --------------------------------------------------------------------------------------

def select_and_scatter_module(operand_shape, source_shape, window, strides, padding, dtype=I64):
    fb = FunctionBuilder("f")
    x, src = fb.arg("x", t(*operand_shape, dtype=dtype)), fb.arg("src", t(*source_shape, dtype=dtype))
    zero = fb.constant("zero", "0" if dtype is I64 else "0.000000e+00", (), dtype)
    b = fb.region()
    p, q = b.arg("p", t(dtype=dtype)), b.arg("q", t(dtype=dtype))
    select = b.ret(b.compare("ge", p, q, "GE"))
    y = fb.select_and_scatter("y", x, src, zero, select, binary_region(fb, "add", dtype, "s"), window, strides,
                              padding)
    return checked(fb, y)


def test_select_and_scatter_is_the_specs_example():
    text = select_and_scatter_module((4, 2), (2, 2), (3, 1), (2, 1), ((0, 1), (0, 0)))
    assert ('    %y = "stablehlo.select_and_scatter"(%x, %src, %zero) <{padding = dense<[[0, 1], [0, 0]]> : '
            'tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({\n'
            '    ^bb0(%p: tensor<i64>, %q: tensor<i64>):\n'
            '      %ge = stablehlo.compare GE, %p, %q, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>\n'
            '      stablehlo.return %ge : tensor<i1>\n'
            '    }, {\n') in text
    operand = np.array([[1, 5], [2, 5], [3, 6], [4, 4]])
    source = np.array([[5, 6], [7, 8]])
    for (got,) in run_both(text, operand, source):
        np.testing.assert_array_equal(got, [[0, 0], [0, 0], [5, 14], [7, 0]])


def test_select_and_scatter_overlapping_windows_add_up_like_jax():
    """Overlapping 3x3 windows with stride 2 (several sources meet at one position): the gradient JAX
    takes of a max pool over the same windows."""
    text = select_and_scatter_module((7, 9), (3, 4), (3, 3), (2, 2), ((0, 0), (0, 0)), DType.F32)
    x = RNG.normal(size=(7, 9)).astype(np.float32)
    g = RNG.normal(size=(3, 4)).astype(np.float32)

    def pool(v):
        return jax.lax.reduce_window(v, -jnp.inf, jax.lax.max, (3, 3), (2, 2), "VALID")

    want = jax.vjp(pool, x)[1](g)[0]
    for (got,) in run_both(text, x, g):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def select_and_scatter_errors():
    fb = FunctionBuilder("f")
    x, src, z = fb.arg("x", t(4, 6)), fb.arg("src", t(2, 3)), fb.constant("z", "0.000000e+00")
    b = fb.region()
    p, q = b.arg("p", t()), b.arg("q", t())
    ge = b.ret(b.compare("ge", p, q, "GE"))
    add = binary_region(fb, "add")
    ops = "(operands: tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>)"
    yield (lambda: fb.select_and_scatter("y", x, src, z, ge, add, (2, 2), (1, 1)),
           f"source has shape [2, 3], the windows of the operand number [3, 5] {ops}")
    yield (lambda: fb.select_and_scatter("y", x, src, z, ge, add, (2, 2, 1), (2, 2)),
           f"window_dimensions [2, 2, 1] has 3 entries for an operand of rank 2 {ops}")
    yield (lambda: fb.select_and_scatter("y", x, src, z, add, add, (2, 2), (2, 2)),
           f"select takes (tensor<f32>, tensor<f32>) and returns (tensor<f32>), needs (tensor<f32>, tensor<f32>) "
           f"-> tensor<i1> {ops}")
    yield (lambda: fb.select_and_scatter("y", x, src, z, ge, ge, (2, 2), (2, 2)),
           f"scatter returns (tensor<i1>), needs (tensor<f32>) {ops}")
    i = fb.arg("i", t(2, 3, dtype=DType.I32))
    yield (lambda: fb.select_and_scatter("y", x, i, z, ge, add, (2, 2), (2, 2)),
           "source element type i32 differs from operand f32 (operands: tensor<4x6xf32>, tensor<2x3xi32>, "
           "tensor<f32>)")


@pytest.mark.parametrize("case", range(5))
def test_select_and_scatter_rules(case):
    build, reason = list(select_and_scatter_errors())[case]
    raises(build, f"stablehlo.select_and_scatter %y: {reason}")


# -- reduce_precision ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("exponent, mantissa, narrow", [(5, 10, np.float16), (8, 7, ml_dtypes.bfloat16),
                                                        (4, 3, ml_dtypes.float8_e4m3)])
def test_reduce_precision_rounds_as_the_narrow_type_does(exponent, mantissa, narrow):
    """f32 values rounded to a narrower layout are the values that layout's own conversion (round to
    nearest even) gives, within its normal range; below it they flush to zero, beyond it they overflow."""
    fb = FunctionBuilder("f")
    x = fb.arg("x", t(6, 50))
    y = fb.reduce_precision("y", x, exponent, mantissa)
    text = checked(fb, y)
    assert f"    %y = stablehlo.reduce_precision %x, format = e{exponent}m{mantissa} : tensor<6x50xf32>\n" in text
    info = ml_dtypes.finfo(narrow)
    tiny, top = float(info.smallest_normal), float(info.max)
    normal = (np.exp(RNG.uniform(np.log(tiny), np.log(top), (6, 50))) * RNG.choice([-1, 1], (6, 50))).astype(np.float32)
    normal[0, :3] = [np.nan, np.inf, -0.0]
    with np.errstate(over="ignore"):  # past bf16's range is past f32's: -inf already
        normal[1, :2] = [tiny / 4, -top * 4]
        want = normal.astype(narrow).astype(np.float32)
    want[1, 1] = -np.inf
    if exponent < 8:  # fewer exponent bits than f32's: what falls below the normal range is zero
        want[1, 0] = 0.0
    for (got,) in run_both(text, normal):
        np.testing.assert_array_equal(got, want)
        assert np.signbit(got[0, 2]) and np.signbit(got[1, 1]) and got[1, 0] == want[1, 0]


def test_reduce_precision_of_f64_keeps_nan_and_flushes_subnormals():
    """The spec's example, on f64."""
    fb = FunctionBuilder("f")
    y = fb.reduce_precision("y", fb.arg("x", t(6, dtype=F64)), 5, 10)
    text = checked(fb, y)
    values = np.array([np.inf, np.nan, 5e-324, 0.0, 65519.0, 65520.0])
    (got,), (ran,) = run_both(text, values)
    np.testing.assert_array_equal(got, [np.inf, np.nan, 0.0, 0.0, 65504.0, np.inf])
    np.testing.assert_array_equal(ran, got)


def test_reduce_precision_rules():
    fb = FunctionBuilder("f")
    x = fb.arg("x", t(3))
    raises(lambda: fb.reduce_precision("y", x, 0, 3),
           "stablehlo.reduce_precision %y: exponent_bits 0 must be at least 1 (operands: tensor<3xf32>)")
    raises(lambda: fb.reduce_precision("y", x, 5, -1),
           "stablehlo.reduce_precision %y: mantissa_bits -1 must not be negative (operands: tensor<3xf32>)")
    raises(lambda: fb.reduce_precision("y", fb.arg("i", t(3, dtype=DType.I32)), 5, 10),
           "stablehlo.reduce_precision %y: needs a floating-point operand, got i32 (operands: tensor<3xi32>)")
    raises(lambda: fb.reduce_precision("y", x, 1 << 40, 3),
           "stablehlo.reduce_precision %y: 1099511627776 does not fit in i32 (operands: tensor<3xf32>)")


# -- dot ---------------------------------------------------------------------------------------------------

def test_dot_of_matrices_and_vectors():
    fb = FunctionBuilder("f")
    a, b, v = fb.arg("a", t(4, 3)), fb.arg("b", t(3, 5)), fb.arg("v", t(3))
    mm = fb.dot("mm", a, b, precision_config=("DEFAULT", "HIGHEST"))
    mv, vv = fb.dot("mv", a, v), fb.dot("vv", v, v)
    vm = fb.dot("vm", v, b, result_type=t(5, dtype=F64))
    text = checked(fb, mm, mv, vv, vm)
    assert ("    %mm = stablehlo.dot %a, %b, precision = [DEFAULT, HIGHEST] : (tensor<4x3xf32>, tensor<3x5xf32>) -> "
            "tensor<4x5xf32>\n    %mv = stablehlo.dot %a, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>\n"
            ) in text
    data = [RNG.normal(size=s).astype(np.float32) for s in ((4, 3), (3, 5), (3,))]
    want = (data[0] @ data[1], data[0] @ data[2], data[2] @ data[2], (data[2] @ data[1]).astype(np.float64))
    for got in run_both(text, *data):
        for g, w in zip(got, want, strict=True):
            assert g.dtype == w.dtype
            np.testing.assert_allclose(g, w, rtol=1e-6)


def test_dot_rules():
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", t(4, 3)), fb.arg("b", t(4, 3))
    raises(lambda: fb.dot("d", a, b), "stablehlo.dot %d: lhs dim 1 is 3, rhs dim 0 is 4: they must be equal "
                                      "(operands: tensor<4x3xf32>, tensor<4x3xf32>)")
    c = fb.arg("c", t(2, 4, 3))
    raises(lambda: fb.dot("d", c, b), "stablehlo.dot %d: operands must have rank 1 or 2, got shapes [2, 4, 3] and "
                                      "[4, 3] (operands: tensor<2x4x3xf32>, tensor<4x3xf32>)")
    raises(lambda: fb.dot("d", a, fb.arg("i", t(3, dtype=DType.I32))),
           "stablehlo.dot %d: operand element types differ: f32 vs i32 (operands: tensor<4x3xf32>, tensor<3xi32>)")


# -- convolution groups and window reversal ------------------------------------------------------------------

@pytest.mark.parametrize("feature_groups, batch_groups", [(1, 1), (3, 1), (1, 2)])
def test_convolution_groups_and_window_reversal_agree_with_lax_and_xla(feature_groups, batch_groups):
    """Feature groups split the input features, batch groups the batch (each meeting a block of the
    kernel's outputs); window reversal flips the kernel along the spatial dims it marks."""
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", t(4, 6, 7, 5)), fb.arg("w", t(6, 6 // feature_groups, 3, 2))
    y = fb.convolution("y", x, w, stride=(2, 1), padding=((1, 0), (0, 1)), rhs_dilate=(1, 2),
                       feature_group_count=feature_groups, batch_group_count=batch_groups, reverse=(True, False))
    text = checked(fb, y)
    assert (f"reverse = [true, false]}}\n      {{batch_group_count = {batch_groups} : i64, feature_group_count = "
            f"{feature_groups} : i64}} : ") in text
    xv = RNG.normal(size=(4, 6, 7, 5)).astype(np.float32)
    wv = RNG.normal(size=(6, 6 // feature_groups, 3, 2)).astype(np.float32)
    want = jax.lax.conv_general_dilated(xv, wv[:, :, ::-1], (2, 1), [(1, 0), (0, 1)], rhs_dilation=(1, 2),
                                        feature_group_count=feature_groups, batch_group_count=batch_groups,
                                        precision=jax.lax.Precision.HIGHEST)
    for (got,) in run_both(text, xv, wv):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


# -- dynamic_conv ------------------------------------------------------------------------------------------

def test_dynamic_conv_pads_by_its_operand_like_lax():
    """The padding is a value ([spatial, 2] integers), here a constant; XLA cannot compile the op, JAX's
    convolution with the same padding is the oracle."""
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", t(2, 3, 7, 6)), fb.arg("w", t(4, 3, 3, 2))
    pad = fb.constant_array("pad", [[2, 0], [1, 3]], (2, 2), I64)
    y = fb.dynamic_conv("y", x, w, pad, ("bf01", "oi01", "bf01"), 1, 1, t(2, 4, 4, 8), stride=(2, 1),
                        rhs_dilate=(1, 2), precision_config=("DEFAULT", "DEFAULT"))
    text = checked(fb, y)
    assert ('    %y = "stablehlo.dynamic_conv"(%x, %w, %pad) <{batch_group_count = 1 : i64, dimension_numbers = '
            '#stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, '
            'precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = '
            'array<i64: 1, 2>, window_strides = array<i64: 2, 1>}> : (tensor<2x3x7x6xf32>, tensor<4x3x3x2xf32>, '
            'tensor<2x2xi64>) -> tensor<2x4x4x8xf32>\n') in text
    xv, wv = RNG.normal(size=(2, 3, 7, 6)).astype(np.float32), RNG.normal(size=(4, 3, 3, 2)).astype(np.float32)
    want = jax.lax.conv_general_dilated(xv, wv, (2, 1), [(2, 0), (1, 3)], rhs_dilation=(1, 2),
                                        precision=jax.lax.Precision.HIGHEST)
    (got,) = evaluate(import_text(text), xv, wv)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    wrong = import_text(text.replace("[[2, 0], [1, 3]]", "[[2, 0], [1, 4]]"))
    raises(lambda: evaluate(wrong, xv, wv), "stablehlo.dynamic_conv %y: padding [[2, 0], [1, 4]] gives shape "
                                            "[2, 4, 4, 9], the result type is tensor<2x4x4x8xf32> (operands: "
                                            "tensor<2x3x7x6xf32>, tensor<4x3x3x2xf32>, tensor<2x2xi64>)")


def test_dynamic_conv_rules():
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", t(2, 3, 7, 6)), fb.arg("w", t(4, 3, 3, 2))
    pad = fb.arg("pad", t(2, 2, dtype=I64))
    layouts = ("bf01", "oi01", "bf01")
    ops = "(operands: tensor<2x3x7x6xf32>, tensor<4x3x3x2xf32>, tensor<2x2xi64>)"
    raises(lambda: fb.dynamic_conv("y", x, w, pad, layouts, 1, 1, t(2, 5, 4, 9)),
           f"stablehlo.dynamic_conv %y: result type tensor<2x5x4x9xf32> does not hold the convolution's batch and "
           f"feature dims (b 2, f 4) {ops}")
    raises(lambda: fb.dynamic_conv("y", x, w, fb.arg("p3", t(3, 2, dtype=I64)), layouts, 1, 1, t(2, 4, 4, 9)),
           "stablehlo.dynamic_conv %y: padding must be a [2, 2] integer tensor, got tensor<3x2xi64> (operands: "
           "tensor<2x3x7x6xf32>, tensor<4x3x3x2xf32>, tensor<3x2xi64>)")
    raises(lambda: fb.dynamic_conv("y", x, fb.arg("w2", t(4, 2, 3, 2)), pad, layouts, 1, 1, t(2, 4, 4, 9)),
           "stablehlo.dynamic_conv %y: lhs feature dim is 3 but kernel input feature dim is 2 (operands: "
           "tensor<2x3x7x6xf32>, tensor<4x2x3x2xf32>, tensor<2x2xi64>)")


# -- triangular_solve and cholesky ---------------------------------------------------------------------------

def well_conditioned(*shape, dtype=np.float64):
    a = RNG.normal(size=shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * RNG.normal(size=shape)
    return (a + 4 * np.eye(shape[-1])).astype(dtype)


@pytest.mark.parametrize("left_side", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("transpose_a", ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"])
@pytest.mark.parametrize("unit_diagonal", [False, True])
def test_triangular_solve_is_scipys(left_side, lower, transpose_a, unit_diagonal):
    """A batch of complex systems; only a's own triangle is read (the other holds noise)."""
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", t(2, 4, 4, dtype=DType.C128)), fb.arg("b", t(2, *((4, 3) if left_side else (3, 4)),
                                                                      dtype=DType.C128))
    x = fb.triangular_solve("x", a, b, left_side, lower, unit_diagonal, transpose_a)
    text = print_module(module(fb.ret(x)))
    assert (f'    %x = "stablehlo.triangular_solve"(%a, %b) <{{left_side = {str(left_side).lower()}, lower = '
            f'{str(lower).lower()}, transpose_a = #stablehlo<transpose {transpose_a}>, unit_diagonal = '
            f'{str(unit_diagonal).lower()}}}> : ') in text
    av = well_conditioned(2, 4, 4, dtype=np.complex128)
    bv = RNG.normal(size=b.type.shape) + 1j * RNG.normal(size=b.type.shape)
    trans = {"NO_TRANSPOSE": 0, "TRANSPOSE": 1, "ADJOINT": 2}[transpose_a]
    want = []
    for m, rhs in zip(av, bv):
        if left_side:
            want.append(scipy.linalg.solve_triangular(m, rhs, trans=trans, lower=lower, unit_diagonal=unit_diagonal))
        else:  # x op(a) = b  <=>  op(a)^T x^T = b^T, and op(a)^T is a^T, a or conj(a)
            flipped, flipped_trans = {0: (m, 1), 1: (m, 0), 2: (np.conj(m), 0)}[trans]
            want.append(scipy.linalg.solve_triangular(flipped, rhs.T, trans=flipped_trans, lower=lower,
                                                      unit_diagonal=unit_diagonal).T)
    (got,) = evaluate(import_text(text), av, bv)
    np.testing.assert_allclose(got, np.stack(want), rtol=1e-10, atol=1e-12)


def test_triangular_solve_and_cholesky_agree_with_xla():
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", t(3, 5, 5)), fb.arg("b", t(3, 5, 2))
    low = fb.cholesky("low", a, lower=True)
    up = fb.cholesky("up", a)
    x = fb.triangular_solve("x", low, b)
    y = fb.triangular_solve("y", up, fb.arg("c", t(3, 2, 5)), left_side=False, lower=False, transpose_a="TRANSPOSE")
    text = checked(fb, low, up, x, y)
    assert "    %low = stablehlo.cholesky %a, lower = true : tensor<3x5x5xf32>\n" in text
    assert "    %up = stablehlo.cholesky %a : tensor<3x5x5xf32>\n" in text
    m = well_conditioned(3, 5, 5)
    spd = (m @ np.swapaxes(m, -1, -2)).astype(np.float32)
    rhs, rhs_t = RNG.normal(size=(3, 5, 2)).astype(np.float32), RNG.normal(size=(3, 2, 5)).astype(np.float32)
    got, ran = run_both(text, spd, rhs, rhs_t)
    lower = np.linalg.cholesky(spd.astype(np.float64))
    np.testing.assert_allclose(got[0], lower, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[1], np.swapaxes(lower, -1, -2), rtol=1e-5, atol=1e-5)
    for g, r in zip(got, ran):  # XLA's factors hold only their own triangle too
        np.testing.assert_allclose(g, r, rtol=2e-4, atol=2e-5)


def test_linear_algebra_does_not_read_the_memory_an_empty_einsum_leaves(monkeypatch):
    """numpy's einsum over empty summed axes returns its output uninitialised (valgrind shows the
    read); the first row of a substitution and the first column of a factor sum over nothing. Here
    numpy's einsum returns NaN where it would leave memory, so the evaluator must not trust it."""
    real = np.einsum

    def poisoned(subscripts, *operands, **kwargs):
        out = real(subscripts, *operands, **kwargs)
        return np.full_like(out, np.nan) if any(np.asarray(x).size == 0 for x in operands) else out

    fb = FunctionBuilder("f")
    a, b = fb.arg("a", t(4, 4)), fb.arg("b", t(4, 2))
    low = fb.cholesky("low", a, lower=True)
    text = print_module(module(fb.ret(low, fb.triangular_solve("x", low, b))))
    m = well_conditioned(4, 4)
    spd, rhs = (m @ m.T).astype(np.float32), np.arange(8, dtype=np.float32).reshape(4, 2)
    monkeypatch.setattr(np, "einsum", poisoned)
    got_low, got_x = evaluate(import_text(text), spd, rhs)
    want_low = np.linalg.cholesky(spd.astype(np.float64))
    np.testing.assert_allclose(got_low, want_low, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got_x, scipy.linalg.solve_triangular(want_low, rhs, lower=True), rtol=1e-4, atol=1e-5)


def test_cholesky_of_complex_matrices_reads_one_triangle():
    fb = FunctionBuilder("f")
    a = fb.arg("a", t(4, 4, dtype=DType.C128))
    text = checked(fb, fb.cholesky("low", a, lower=True), fb.cholesky("up", a))
    m = well_conditioned(4, 4, dtype=np.complex128)
    hermitian = m @ m.conj().T
    noisy_low, noisy_up = np.tril(hermitian) + np.triu(np.full((4, 4), 9.0), 1), np.triu(hermitian) - np.tril(
        np.full((4, 4), 9.0), -1)
    low = np.linalg.cholesky(hermitian)
    np.testing.assert_allclose(evaluate(import_text(text), noisy_low)[0], low, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(evaluate(import_text(text), noisy_up)[1], low.conj().T, rtol=1e-12, atol=1e-12)


def test_triangular_solve_and_cholesky_rules():
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", t(4, 4)), fb.arg("b", t(3, 2))
    raises(lambda: fb.triangular_solve("x", a, b),
           "stablehlo.triangular_solve %x: b dim 0 is 3, a is 4x4 (left side) (operands: tensor<4x4xf32>, "
           "tensor<3x2xf32>)")
    raises(lambda: fb.triangular_solve("x", fb.arg("r", t(4, 3)), b),
           "stablehlo.triangular_solve %x: a must hold square matrices in its two minor dimensions, got shape [4, 3] "
           "(operands: tensor<4x3xf32>, tensor<3x2xf32>)")
    raises(lambda: fb.triangular_solve("x", a, fb.arg("c", t(2, 4, 4))),
           "stablehlo.triangular_solve %x: a has rank 2, b has rank 3: they must be equal (operands: "
           "tensor<4x4xf32>, tensor<2x4x4xf32>)")
    raises(lambda: fb.triangular_solve("x", fb.arg("i", t(4, 4, dtype=DType.I32)), a),
           "stablehlo.triangular_solve %x: needs a floating-point or complex a, got i32 (operands: tensor<4x4xi32>, "
           "tensor<4x4xf32>)")
    raises(lambda: fb.triangular_solve("x", a, a, transpose_a="CONJUGATE"),
           "stablehlo.triangular_solve %x: unknown transpose 'CONJUGATE' (known: NO_TRANSPOSE, TRANSPOSE, ADJOINT) "
           "(operands: tensor<4x4xf32>, tensor<4x4xf32>)")
    raises(lambda: fb.cholesky("l", fb.arg("v", t(4))),
           "stablehlo.cholesky %l: a must have rank 2 or more, got shape [4] (operands: tensor<4xf32>)")


# -- fft ---------------------------------------------------------------------------------------------------

def test_fft_of_every_type_agrees_with_numpy_and_xla():
    fb = FunctionBuilder("f")
    z, r = fb.arg("z", t(2, 4, 8, dtype=C64)), fb.arg("r", t(2, 4, 8))
    forward = fb.fft("fwd", z, "FFT", (8,))
    inverse = fb.fft("inv", z, "IFFT", (4, 8))
    real = fb.fft("re", r, "RFFT", (4, 8))
    back = fb.fft("back", real, "IRFFT", (4, 8))
    text = checked(fb, forward, inverse, real, back)
    assert ("    %re = stablehlo.fft %r, type = RFFT, length = [4, 8] : (tensor<2x4x8xf32>) -> "
            "tensor<2x4x5xcomplex<f32>>\n") in text
    zv = (RNG.normal(size=(2, 4, 8)) + 1j * RNG.normal(size=(2, 4, 8))).astype(np.complex64)
    rv = RNG.normal(size=(2, 4, 8)).astype(np.float32)
    want = (np.fft.fft(zv), np.fft.ifft2(zv), np.fft.rfft2(rv), rv)
    for got in run_both(text, zv, rv):
        for g, w in zip(got, want, strict=True):
            assert g.dtype == (np.complex64 if w.dtype.kind == "c" else np.float32)
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


def test_fft_rules():
    fb = FunctionBuilder("f")
    z, r = fb.arg("z", t(4, 8, dtype=C64)), fb.arg("r", t(4, 8))
    raises(lambda: fb.fft("y", r, "FFT", (8,)),
           "stablehlo.fft %y: needs a complex FFT operand, got f32 (operands: tensor<4x8xf32>)")
    raises(lambda: fb.fft("y", z, "RFFT", (8,)),
           "stablehlo.fft %y: RFFT needs an f32 or f64 operand, got complex<f32> (operands: tensor<4x8xcomplex<f32>>)")
    raises(lambda: fb.fft("y", r, "RFFT", (6,)),
           "stablehlo.fft %y: RFFT needs the operand's last dims [8] to be fft_length [6] (operands: tensor<4x8xf32>)")
    raises(lambda: fb.fft("y", z, "IRFFT", (8,)),
           "stablehlo.fft %y: IRFFT needs the operand's last dim 8 to be fft_length[-1] / 2 + 1 = 5 "
           "(operands: tensor<4x8xcomplex<f32>>)")
    raises(lambda: fb.fft("y", z, "FFT", (1, 4, 8, 1)),
           "stablehlo.fft %y: fft_length [1, 4, 8, 1] must have 1 to 3 entries (operands: tensor<4x8xcomplex<f32>>)")
    raises(lambda: fb.fft("y", z, "DCT", (8,)),
           "stablehlo.fft %y: unknown fft type 'DCT' (known: FFT, IFFT, RFFT, IRFFT) (operands: "
           "tensor<4x8xcomplex<f32>>)")


# -- batch norm --------------------------------------------------------------------------------------------

def batch_norm_reference(x, scale, offset, epsilon, axis):
    """Batch norm in JAX's own ops: the oracle for the forward and, through autodiff, the gradient."""
    axes = tuple(d for d in range(x.ndim) if d != axis)
    shape = [1] * x.ndim
    shape[axis] = -1
    mean = jnp.mean(x, axis=axes)
    var = jnp.mean((x - mean.reshape(shape)) ** 2, axis=axes)
    y = (x - mean.reshape(shape)) / jnp.sqrt(var.reshape(shape) + epsilon) * scale.reshape(shape) + offset.reshape(shape)
    return y, mean, var


def test_batch_norm_training_inference_and_grad_match_jax():
    fb = FunctionBuilder("f")
    x, dy = fb.arg("x", t(4, 3, 5)), fb.arg("dy", t(4, 3, 5))
    scale, offset = fb.arg("scale", t(3)), fb.arg("offset", t(3))
    y, mean, var = fb.batch_norm_training(("y", "mean", "var"), x, scale, offset, 1e-3, 1)
    again = fb.batch_norm_inference("again", x, scale, offset, mean, var, 1e-3, 1)
    dx, dscale, doffset = fb.batch_norm_grad(("dx", "dscale", "doffset"), x, scale, mean, var, dy, 1e-3, 1)
    text = checked(fb, y, mean, var, again, dx, dscale, doffset)
    assert ('    %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, '
            'feature_index = 1 : i64}> : (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<4x3x5xf32>, '
            'tensor<3xf32>, tensor<3xf32>)\n') in text
    xv, dyv = RNG.normal(2.0, 3.0, (4, 3, 5)).astype(np.float32), RNG.normal(size=(4, 3, 5)).astype(np.float32)
    sv, ov = RNG.uniform(0.5, 2.0, 3).astype(np.float32), RNG.normal(size=3).astype(np.float32)

    @jax.jit
    def oracle(a, s, o, g):
        (y, mean, var), pullback = jax.vjp(lambda *v: batch_norm_reference(*v, np.float32(1e-3), 1), a, s, o)
        return (y, mean, var, y, *pullback((g, jnp.zeros_like(mean), jnp.zeros_like(var))))

    want = oracle(xv, sv, ov, dyv)
    got, ran = run_both(text, xv, dyv, sv, ov)
    for g, r, w in zip(got, ran, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(r, w, rtol=1e-4, atol=1e-5)


def test_an_f16_batch_norm_grad_step_that_overflows_is_inf_as_in_xla():
    """Each step of batch_norm_grad's decomposition is an f16 op: (x - mean) * sum(dy (x - mean)) /
    (var + eps) overflows f16 for the feature with variance 0 here (4.8 * 27 / 0.001), so its
    gradient is 0 * -inf = NaN there, in the evaluator as in XLA (the fuzzer's `--seed 1 --only
    evaluated:100` found the evaluator computing the steps in f32 and giving 0.0). The other
    features' values, the same in both, are finite."""
    h = DType.F16
    fb = FunctionBuilder("f")
    x, scale, mean = fb.arg("x", t(4, 2, 3, dtype=h)), fb.arg("scale", t(2, dtype=h)), fb.arg("mean", t(2, dtype=h))
    dx, dscale, doffset = fb.batch_norm_grad(("dx", "dscale", "doffset"), x, scale, mean, scale, x, 1e-3, 1)
    text = checked(fb, dx, dscale, doffset)
    xv = np.zeros((4, 2, 3), np.float16)
    xv[:, 0, :] = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75], [-2.0, 1.0, 0.125], [0.75, -0.5, 1.75]]
    xv[:, 1, :] = [[-0.471, -1.443, 0.8203], [0.1986, 0.8647, 0.5034], [-0.2505, -2.613, 3.432],
                   [-1.751, -1.337, -2.389]]
    sv, mv = np.array([1.5, -0.0], np.float16), np.array([0.25, -1.384], np.float16)
    got, ran = run_both(text, xv, sv, mv)
    assert np.isnan(got[0][2, 1, 2]) and np.isnan(ran[0][2, 1, 2])
    assert np.isfinite(got[0][:, 0]).all() and np.array_equal(np.isnan(got[0]), np.isnan(ran[0]))
    # f16 steps, their sums in another order: a few of f16's ulps (9.8e-4 at 1) apart
    np.testing.assert_allclose(got[0][:, 0].astype(np.float32), ran[0][:, 0].astype(np.float32), atol=1e-2)


def test_batch_norm_rules():
    fb = FunctionBuilder("f")
    x, s = fb.arg("x", t(4, 3, 5)), fb.arg("s", t(3))
    raises(lambda: fb.batch_norm_training("y", x, s, s, 1e-5, 3),
           "stablehlo.batch_norm_training %y: feature_index 3 is out of range for rank 3 "
           "(operands: tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>)")
    raises(lambda: fb.batch_norm_training("y", x, s, s, 1e-5, 2),
           "stablehlo.batch_norm_training %y: scale has shape [3], needs [5] (operand dim 2) "
           "(operands: tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>)")
    half = fb.arg("h", t(3, dtype=DType.F16))
    raises(lambda: fb.batch_norm_inference("y", x, s, s, half, s, 1e-5, 1),
           "stablehlo.batch_norm_inference %y: mean element type f16 differs from operand f32 "
           "(operands: tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf16>, tensor<3xf32>)")
    raises(lambda: fb.batch_norm_grad("y", x, s, s, s, fb.arg("g", t(4, 3)), 1e-5, 1),
           "stablehlo.batch_norm_grad %y: grad_output has shape [4, 3], operand has [4, 3, 5] "
           "(operands: tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>)")
    raises(lambda: fb.batch_norm_training("y", x, s, s, "small", 1),
           "stablehlo.batch_norm_training %y: expected a number, got 'small' "
           "(operands: tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>)")


@pytest.mark.parametrize("epsilon", ["0.123456789", "0.1", "1.0e-5", "1.00000012", "123456792.0", "1.5e-10",
                                     "65504.0", "0.001234567", "1234567.0", "-0.0", "1.0e-45", "16777216.0"])
def test_an_f32_attribute_prints_as_mlir_prints_it(epsilon):
    """MLIR's float attribute spelling: six-digit exponent form, APFloat's own form, or the bits."""
    text = ("func.func @f(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {\n"
            f'  %y = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {{epsilon = {epsilon} : f32, '
            "feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>\n  return %y : tensor<2x3xf32>\n}\n")
    mlir = str(ir.Module.parse(text, make_ir_context()))
    spelled = re.search(r"epsilon = (\S+) : f32", mlir).group(1)
    fb = FunctionBuilder("f")
    x, s = fb.arg("x", t(2, 3)), fb.arg("s", t(3))
    printed = checked(fb, fb.batch_norm_inference("y", x, s, s, s, s, float(epsilon), 1))
    assert f"epsilon = {spelled} : f32" in printed
