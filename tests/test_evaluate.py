"""The numpy evaluator: each op kind against jax.lax (or plain numpy), then whole
ViT modules against PJRT, the evaluator acting as a second oracle.

Module agreement is measured per result as max|evaluator - PJRT| / max|PJRT|:
elementwise relative error is meaningless where a value is near zero (a
gradient that vanishes in exact arithmetic is rounding noise on both sides),
while this error stays at float32 rounding scale across the whole tensor.
"""

from __future__ import annotations

import inspect

import jax
import numpy as np
import pytest
from jax import lax

from vitir.ast import DType, FunctionBuilder, TensorType, f32, module
from vitir.ast import ops as O
from vitir.backend import compile_module
import vitir.evaluate as evaluate_module
import vitir.evaluate.contraction  # noqa: F401  (patched below)
from vitir.evaluate import EVALUATORS, evaluate, numpy_dtype
from vitir.lower import (AdamHyper, ViTConfig, adam_dp_module, adam_module, adam_packed_module,
                         adam_sched_module, fwd_module, param_specs, sgd_module)
from vitir.print.printer import print_module

RNG = np.random.default_rng(7)
MODULE_TOLERANCE = 1e-5


def rand(*shape, low=-1.0, high=1.0):
    return RNG.uniform(low, high, shape).astype(np.float32)


def run_op(build, *arrays, dtype=DType.F32):
    """Evaluate a one-op function whose arguments have the arrays' shapes."""
    fb = FunctionBuilder("f")
    args = [fb.arg(f"a{i}", TensorType(a.shape, dtype)) for i, a in enumerate(arrays)]
    fb.zero = fb.constant("z", "0.0")
    result = build(fb, *args)
    (out,) = evaluate(fb.ret(result), *arrays)
    return out


def close(actual, expected, rtol=1e-6, atol=1e-6):
    expected = np.asarray(expected)
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol)


# -- coverage ------------------------------------------------------------------------------------------------

def test_every_op_class_has_an_evaluator():
    from vitir.ast.declare import DECLARED

    classes = {c for _, c in inspect.getmembers(O, inspect.isclass) if issubclass(c, O.Op) and c.NAME}
    assert classes <= set(DECLARED)
    missing = [c.__name__ for c in DECLARED if not callable(EVALUATORS[c])]
    assert missing == []


# -- one op kind at a time -----------------------------------------------------------------------------------

@pytest.mark.parametrize("literal,dtype,expected", [("0.125", DType.F32, np.float32(0.125)),
                                                   ("-3", DType.I32, np.int32(-3)),
                                                   ("true", DType.I1, True)])
def test_constant_is_a_splat(literal, dtype, expected):
    fb = FunctionBuilder("f")
    (out,) = evaluate(fb.ret(fb.constant("c", literal, (2, 3), dtype)))
    close(out, np.full((2, 3), expected))


# References in float64, rounded once: the evaluator's float32 ops should be within an ulp or two.
BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
          "maximum": np.maximum}
UNARY = {"exponential": np.exp, "log": np.log, "rsqrt": lambda x: 1 / np.sqrt(x), "sqrt": np.sqrt,
         "tanh": np.tanh, "negate": np.negative}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_elementwise(name):
    a, b = rand(3, 4), rand(3, 4, low=0.5, high=2.0)
    expected = BINARY[name](a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
    close(run_op(lambda fb, x, y: getattr(fb, name)("r", x, y), a, b), expected)


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_elementwise(name):
    a = rand(3, 4, low=0.1, high=3.0)
    expected = UNARY[name](a.astype(np.float64)).astype(np.float32)
    close(run_op(lambda fb, x: getattr(fb, name)("r", x), a), expected, rtol=2e-6)


def test_integer_divide_truncates_toward_zero():
    a, b = np.array([7, -7, 7, -7, 6], np.int32), np.array([2, 2, -2, -2, 3], np.int32)
    close(run_op(lambda fb, x, y: fb.divide("r", x, y), a, b, dtype=DType.I32), lax.div(a, b))


def test_a_remainder_of_complex_values_is_refused_by_name():
    # the type rule takes it (StableHLO's verifier does); its value is undefined, and XLA's CPU
    # compiler crashes on it, so the evaluator says so instead of numpy's TypeError from fmod
    from vitir.errors import EvaluationError

    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((2,), DType.C64))
    with pytest.raises(EvaluationError, match=r"^stablehlo.remainder %r: the remainder of complex values is not "
                                              r"defined \(StableHLO's spec"):
        evaluate(module(fb.ret(fb.remainder("r", x, x))), np.ones(2, np.complex64))


def test_broadcast_in_dim():
    a = rand(3, 1)
    close(run_op(lambda fb, x: fb.broadcast_in_dim("r", x, [1, 3], [2, 3, 5, 4]), a),
          lax.broadcast_in_dim(a, (2, 3, 5, 4), (1, 3)))


def test_broadcast_in_dim_with_unsorted_dims_transposes():
    a = rand(3, 4)
    expected = np.broadcast_to(a.T[None, :, :], (2, 4, 3))
    close(run_op(lambda fb, x: fb.broadcast_in_dim("r", x, [2, 1], [2, 4, 3]), a), expected)


def test_reshape_and_transpose():
    a = rand(2, 3, 4)
    close(run_op(lambda fb, x: fb.reshape("r", x, [4, 6]), a), lax.reshape(a, (4, 6)))
    close(run_op(lambda fb, x: fb.transpose("r", x, [2, 0, 1]), a), lax.transpose(a, (2, 0, 1)))


@pytest.mark.parametrize("lhs_shape,rhs_shape,contracting,batching", [
    ((3, 4), (4, 5), ((1,), (0,)), ((), ())),
    ((2, 5, 3, 4), (2, 5, 3, 4), ((3,), (3,)), ((0, 2), (0, 2))),  # attention scores: [b, n, h, d]
    ((4, 2, 3), (3, 6, 2, 4), ((0, 2), (3, 0)), ((1,), (2,))),  # batch dims not leading, two contracted
    ((5, 3), (5, 2), ((0,), (0,)), ((), ())),  # a transposed product
])
def test_dot_general(lhs_shape, rhs_shape, contracting, batching):
    a, b = rand(*lhs_shape), rand(*rhs_shape)
    out = run_op(lambda fb, x, y: fb.dot_general("r", x, y, contracting, batching), a, b)
    close(out, lax.dot_general(a, b, (contracting, batching), precision=lax.Precision.HIGHEST), rtol=1e-5)


@pytest.mark.parametrize("reducer,init,dims", [("add", "0.5", [0, 2]), ("multiply", "2.0", [1]),
                                               ("maximum", "0.25", [0, 1, 2]), ("minimum", "-0.25", [2])])
def test_reduce(reducer, init, dims):
    a = rand(3, 4, 5, low=0.5, high=1.5) if reducer == "multiply" else rand(3, 4, 5)
    binary = {"add": lax.add, "multiply": lax.mul, "maximum": lax.max, "minimum": lax.min}[reducer]

    def build(fb, x):
        return fb.reduce("r", x, fb.constant("i", init), dims, reducer)

    close(run_op(build, a), lax.reduce(a, np.float32(init), binary, tuple(dims)), rtol=1e-5)


CONVOLUTIONS = [
    # layouts, lhs shape, rhs shape, stride, padding, lhs_dilate, rhs_dilate
    (("bf01", "oi01", "bf01"), (2, 3, 8, 8), (5, 3, 4, 4), (4, 4), ((0, 0), (0, 0)), (1, 1), (1, 1)),
    (("bf01", "oi01", "bf01"), (3, 2, 8, 8), (8, 2, 5, 5), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1)),  # patch-embed dw
    (("bf01", "oi01", "bf01"), (2, 3, 7, 9), (4, 3, 3, 2), (2, 1), ((1, 2), (0, -1)), (1, 1), (1, 1)),
    (("b01f", "01io", "b01f"), (2, 6, 5, 3), (3, 2, 3, 4), (1, 2), ((2, 1), (1, 1)), (2, 1), (1, 2)),
    (("fb10", "i01o", "1fb0"), (3, 2, 6, 5), (3, 2, 2, 4), (1, 1), ((0, 1), (-1, 2)), (1, 3), (2, 1)),
    (("bf0", "oi0", "bf0"), (2, 3, 10), (4, 3, 3), (2,), ((1, 1),), (2,), (3,)),
    (("bf012", "oi012", "bf012"), (1, 2, 4, 5, 3), (3, 2, 2, 3, 2), (1, 2, 1), ((0, 0), (1, 0), (0, 1)),
     (1, 1, 1), (1, 1, 2)),
]


def lax_dimension_numbers(layouts):
    """Layout strings as index tuples: (batch, feature, spatial...) for lhs and output, (out, in, spatial...) for the kernel."""
    lhs, rhs, out = layouts
    spatial = "".join(str(k) for k in range(len(lhs) - 2))
    return lax.ConvDimensionNumbers(tuple(lhs.index(c) for c in "bf" + spatial),
                                    tuple(rhs.index(c) for c in "oi" + spatial),
                                    tuple(out.index(c) for c in "bf" + spatial))


@pytest.mark.parametrize("layouts,lhs_shape,rhs_shape,stride,padding,lhs_dilate,rhs_dilate", CONVOLUTIONS)
def test_convolution(layouts, lhs_shape, rhs_shape, stride, padding, lhs_dilate, rhs_dilate):
    a, w = rand(*lhs_shape), rand(*rhs_shape)
    out = run_op(lambda fb, x, k: fb.convolution("r", x, k, stride=stride, padding=padding, lhs_dilate=lhs_dilate,
                                                 rhs_dilate=rhs_dilate, layouts=layouts), a, w)
    expected = lax.conv_general_dilated(a, w, stride, padding, lhs_dilate, rhs_dilate,
                                        lax_dimension_numbers(layouts), precision=lax.Precision.HIGHEST)
    close(out, expected, rtol=1e-5, atol=1e-5)


def test_convolution_in_several_patch_chunks(monkeypatch):
    layouts, lhs_shape, rhs_shape, stride, padding, lhs_dilate, rhs_dilate = CONVOLUTIONS[2]
    # patch rows of 3 * 3 * 2 per batch of 2: 3 of the 28 output positions per chunk, the last one short
    monkeypatch.setattr(evaluate_module.contraction, "IM2COL_CHUNK", 108)
    test_convolution(layouts, lhs_shape, rhs_shape, stride, padding, lhs_dilate, rhs_dilate)


def _holey_kernel(dense: np.ndarray, gap: int, offset: int = 0) -> np.ndarray:
    """dense [o, i, h, w] spread over a kernel with `gap - 1` zeros between its taps (a pad with
    interior padding, as a strided convolution's weight gradient is written), after `offset` zeros."""
    o, i, h, w = dense.shape
    out = np.zeros((o, i, offset + (h - 1) * gap + 1, offset + (w - 1) * gap + 1), dense.dtype)
    out[:, :, offset::gap, offset::gap] = dense
    return out


@pytest.mark.parametrize("offset", [0, 2])
def test_convolution_with_a_kernel_of_holes_costs_its_taps_and_matches_the_dilated_one(offset):
    """A kernel whose taps are zeros but on a grid (17 x 17 taps, 9 not zero) is computed on the
    grid alone; XLA's convolution of the grid's taps with rhs_dilate is the oracle."""
    a, dense = rand(2, 3, 24 + offset, 24 + offset), rand(4, 3, 3, 3)
    kernel = _holey_kernel(dense, 8, offset)
    assert evaluate_module.contraction._taps_that_count(kernel, a) == (slice(offset, offset + 17, 8),) * 2
    out = run_op(lambda fb, x, k: fb.convolution("r", x, k, stride=(2, 2)), a, kernel)
    expected = lax.conv_general_dilated(a[:, :, offset:, offset:], dense, (2, 2), "VALID", rhs_dilation=(8, 8),
                                        precision=lax.Precision.HIGHEST)
    close(out, expected, rtol=1e-5, atol=1e-5)


def test_convolution_with_a_kernel_of_holes_reads_every_tap_of_an_infinite_input():
    """inf times a hole's zero is NaN: an input that is not finite everywhere is convolved whole."""
    a, kernel = rand(1, 2, 20, 20), _holey_kernel(rand(3, 2, 3, 3), 8)
    a[0, 1, 4, 4] = np.inf  # read by holes only
    assert evaluate_module.contraction._taps_that_count(kernel, a) is None
    out = run_op(lambda fb, x, k: fb.convolution("r", x, k, stride=(1, 1)), a, kernel)
    expected = lax.conv_general_dilated(a, kernel, (1, 1), "VALID", precision=lax.Precision.HIGHEST)
    assert np.isnan(np.asarray(expected)).any()
    close(out, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("low,high,interior", [([1, 0], [2, 3], [0, 2]), ([-1, 2], [1, -2], [1, 0]),
                                               ([0, -3], [-2, 0], [2, 1])])
def test_pad(low, high, interior):
    a = rand(3, 4)

    def build(fb, x):
        return fb.pad("r", x, fb.constant("v", "0.5"), low, high, interior)

    close(run_op(build, a), lax.pad(a, np.float32(0.5), list(zip(low, high, interior))))


def test_slice_with_strides():
    a = rand(5, 7, 4)
    out = run_op(lambda fb, x: fb.slice("r", x, [1, 0, 2], [5, 7, 3], [2, 3, 1]), a)
    close(out, lax.slice(a, (1, 0, 2), (5, 7, 3), (2, 3, 1)))


def test_concatenate():
    a, b, c = rand(2, 1, 3), rand(2, 4, 3), rand(2, 2, 3)
    close(run_op(lambda fb, *xs: fb.concatenate("r", xs, 1), a, b, c), lax.concatenate([a, b, c], 1))


# Edge cases per source type: NaN, infinities and out-of-range values saturate in XLA's float -> int.
CONVERT_SAMPLES = {
    DType.F32: [np.nan, np.inf, -np.inf, 3e9, -3e9, 2147483520.0, -2.7, 2.7, 0.0, 65519.0, 1.00390625],
    DType.BF16: [np.nan, -np.inf, 3e9, -2.5, 1.0078125, 0.0],
    DType.I32: [0, -1, 7, 2049, 70000, 16777217, -2 ** 31],
    DType.I1: [True, False, True],
}


@pytest.mark.parametrize("source,target", [(a, b) for a in CONVERT_SAMPLES for b in
                                           (DType.F32, DType.F16, DType.BF16, DType.I32, DType.I1) if a is not b])
def test_convert_matches_xla(source, target):
    x = np.asarray(CONVERT_SAMPLES[source], numpy_dtype(source))
    fb = FunctionBuilder("f")
    (out,) = evaluate(fb.ret(fb.convert("r", fb.arg("x", TensorType(x.shape, source)), target)), x)
    expected = np.asarray(jax.jit(lambda v: lax.convert_element_type(v, numpy_dtype(target)))(x))
    assert out.dtype == expected.dtype
    np.testing.assert_array_equal(out.astype(np.float64), expected.astype(np.float64))  # NaN == NaN in bf16 too


@pytest.mark.parametrize("shape,dtype,dimension", [((5,), DType.I32, 0), ((2, 3, 4), DType.F32, 1),
                                                   ((3, 300), DType.BF16, 1), ((4, 2), DType.F16, 0)])
def test_iota(shape, dtype, dimension):
    fb = FunctionBuilder("f")
    (out,) = evaluate(fb.ret(fb.iota("r", shape, dtype, dimension)))
    expected = np.asarray(lax.broadcasted_iota(numpy_dtype(dtype), shape, dimension))
    assert out.dtype == expected.dtype
    np.testing.assert_array_equal(out, expected)


def test_all_reduce_mean_averages_across_replicas_in_lockstep():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2, 3))
    fn = fb.ret(fb.multiply("y", fb.all_reduce_mean("g", x, 3), x))
    per_replica = [[rand(2, 3)] for _ in range(3)]
    results, values = evaluate(fn, per_replica, replicas=3, keep=True)
    mean = (per_replica[0][0] + per_replica[1][0] + per_replica[2][0]) / np.float32(3)
    for (y,), (xr,), kept in zip(results, per_replica, values):
        close(y, mean * xr)
        close(kept["arsumg"], per_replica[0][0] + per_replica[1][0] + per_replica[2][0])
        close(kept["armeang"], mean)
        close(kept["arng"], np.full((2, 3), 3.0, np.float32))
    with pytest.raises(ValueError, match=r"reduce over 3 replicas; evaluate with replicas=3, not 1"):
        evaluate(fn, per_replica[0][0])


def test_adamw_update_and_its_internal_names():
    fb = FunctionBuilder("f")
    theta, g, m = (fb.arg(n, f32(4, 3)) for n in ("theta", "g", "m"))
    v = fb.arg("v", f32(4, 3))
    scalars = O.AdamScalars(*(fb.arg(n, f32()) for n in O.AdamScalars._fields))
    fn = fb.ret(*fb.adamw_update("p", theta, g, m, v, scalars))
    t0, g0, m0 = rand(4, 3), rand(4, 3), rand(4, 3, low=-0.1, high=0.1)
    v0 = rand(4, 3, low=0.0, high=0.01)
    hyper = dict(b1=0.9, ob1=0.1, b2=0.999, ob2=0.001, bc1=0.271, bc2=0.003, lr=0.01, eps=1e-8, wd=0.1)
    (t1, m1, v1), values = evaluate(fn, dict(theta=t0, g=g0, m=m0, v=v0, **hyper), keep=True)
    h = {k: np.float64(x) for k, x in hyper.items()}
    m_new = h["b1"] * m0 + h["ob1"] * g0
    v_new = h["b2"] * v0 + h["ob2"] * np.float64(g0) ** 2
    step = h["lr"] * (m_new / h["bc1"]) / (np.sqrt(v_new / h["bc2"]) + h["eps"])
    close(t1, (t0 - step - h["wd"] * h["lr"] * t0).astype(np.float32), rtol=1e-5)
    close(m1, m_new.astype(np.float32), rtol=1e-5)
    close(v1, v_new.astype(np.float32), rtol=1e-5)
    assert all(name + "p" in values for name, _, _ in O.ADAMW_LINES)
    close(values["adlrp"], np.full((4, 3), 0.01, np.float32))


def test_inputs_are_checked():
    fb = FunctionBuilder("f")
    fn = fb.ret(fb.negate("y", fb.arg("x", f32(2))))
    with pytest.raises(ValueError, match=r"@f takes 1 arguments, got 2"):
        evaluate(fn, np.zeros(2), np.zeros(2))
    with pytest.raises(ValueError, match=r"argument %x: expected tensor<2xf32>, got shape \(3,\)"):
        evaluate(fn, np.zeros(3))
    with pytest.raises(ValueError, match=r"inputs name unknown arguments \['w'\], miss \['%x'\]"):
        evaluate(fn, {"w": np.zeros(2)})
    (y,) = evaluate(module(fn), {"%x": [1.0, -2.0]})
    close(y, np.array([-1.0, 2.0], np.float32))


# -- whole modules: the evaluator against PJRT ---------------------------------------------------------------

SQUARE = ViTConfig(batch=2, channels=3, image=8, patch=4, width=8, depth=2, heads=2, mlp=16, classes=3)
# No blocks: they never see the image's shape, and every compile of a module costs seconds.
WIDE = ViTConfig(batch=2, channels=2, image=(4, 12), patch=4, width=6, depth=0, heads=3, mlp=8, classes=4)
ADAM_SCALARS = dict(b1=0.9, ob1=0.1, b2=0.999, ob2=0.001, bc1=1 - 0.9 ** 3, bc2=1 - 0.999 ** 3, lr=1e-3,
                    eps=1e-8, wd=1e-4)
LAYERNORM_GAINS = ("g1_", "g2_", "gF")


def realistic_inputs(fn, cfg, rng, batch_scale=1):
    """Parameters ~N(0, 0.02) with LayerNorm gains 1, image in [0, 1], onehot labels,
    and moments as after a few steps: zero moments would turn the rounding noise of a
    gradient that is zero in exact arithmetic (the key bias's) into a full AdamW step."""
    params = {name for name, _ in param_specs(cfg)}
    batch = cfg.batch * batch_scale
    inputs = {}
    for arg in fn.args:
        name, shape = arg.name, arg.shape
        if name == "x":
            value = rng.uniform(0.0, 1.0, (batch, shape[1]))
        elif name == "onehot":
            value = np.eye(shape[1])[rng.integers(0, shape[1], batch)]
        elif name in ADAM_SCALARS:
            value = ADAM_SCALARS[name]
        elif name in params:
            value = np.ones(shape) if name.startswith(LAYERNORM_GAINS) else rng.normal(0.0, 0.02, shape)
        elif name[:-1] in params and name[-1] == "m":
            value = rng.normal(0.0, 1e-3, shape)
        elif name[:-1] in params and name[-1] == "v":
            value = rng.normal(0.0, 1e-3, shape) ** 2
        else:
            raise AssertionError(f"no input for {arg.ssa}")
        inputs[name] = np.asarray(value, np.float32)
    return [inputs[a.name] for a in fn.args]


def relative_error(actual, expected) -> float:
    return float(np.max(np.abs(actual - expected)) / max(float(np.max(np.abs(expected))), 1e-30))


def assert_agree(fn, actual, expected):
    assert len(actual) == len(expected) == len(fn.ret.operands)
    errors = {v.name: relative_error(a, e) for v, a, e in zip(fn.ret.operands, actual, expected)}
    worst = max(errors, key=errors.get)
    assert errors[worst] < MODULE_TOLERANCE, f"%{worst}: relative error {errors[worst]:.3g}"


MODULE_KINDS = {
    "fwd": fwd_module,
    "sgd": sgd_module,
    "adam": adam_module,
    "adam-packed": adam_packed_module,
    "adam-sched": adam_sched_module,
}


@pytest.mark.parametrize("cfg", [SQUARE, WIDE], ids=["square", "wide"])
@pytest.mark.parametrize("kind", sorted(MODULE_KINDS))
def test_module_agrees_with_pjrt(kind, cfg):
    mod = MODULE_KINDS[kind](cfg)
    inputs = realistic_inputs(mod.main, cfg, np.random.default_rng(0))
    expected = compile_module(print_module(mod), platform="cpu")(*inputs)
    assert_agree(mod.main, evaluate(mod, *inputs), expected)


@pytest.mark.parametrize("cfg", [SQUARE, WIDE], ids=["square", "wide"])
def test_data_parallel_step_agrees_with_pjrt(cfg):
    replicas = 2
    mod = adam_dp_module(cfg, AdamHyper(), replicas)
    fn = mod.main
    inputs = realistic_inputs(fn, cfg, np.random.default_rng(1), batch_scale=replicas)
    expected = compile_module(print_module(mod), replicas=replicas, platform="cpu").run_replicated(
        inputs, split=["x", "onehot"])
    split = {i for i, a in enumerate(fn.args) if a.name in ("x", "onehot")}
    per_replica = [[np.split(x, replicas)[r] if i in split else x for i, x in enumerate(inputs)]
                   for r in range(replicas)]
    actual = evaluate(mod, per_replica, replicas=replicas)
    for got, want in zip(actual, expected):
        assert_agree(fn, got, want)
    # the averaged gradients make every replica's parameters equal
    np.testing.assert_array_equal(actual[0][0], actual[1][0])


def test_keep_returns_every_value_by_ssa_name():
    mod = sgd_module(SQUARE)
    fn = mod.main
    inputs = realistic_inputs(fn, SQUARE, np.random.default_rng(2))
    results, values = evaluate(mod, *inputs, keep=True)
    defined = [a.name for a in fn.args] + [name for op in fn.ops for name in op.defined_names()]
    assert set(values) == set(defined)
    b, n, h = SQUARE.batch, SQUARE.tokens, SQUARE.heads
    attention = values["vitb0_mW"]
    assert attention.shape == (b, h, n, n)
    np.testing.assert_allclose(attention.sum(axis=-1), 1.0, rtol=1e-6)
    assert values["xr"].shape == (b, SQUARE.channels, *SQUARE.image)
    assert values["dy"].shape == (b, SQUARE.classes)
    for v, r in zip(fn.ret.operands, results):
        assert values[v.name] is r


def onehot_cross_entropy_module(batch: int = 4, classes: int = 10):
    """Integer labels to one-hot rows (iota, compare, convert) and a softmax cross-entropy on them;
    also the class indices as floats and a saturating float -> int conversion."""
    fb = FunctionBuilder("main")
    labels = fb.arg("labels", TensorType((batch,), DType.I32))
    logits = fb.arg("logits", f32(batch, classes))
    fb.zero = fb.constant("sc", "0.0")
    index = fb.iota("index", (batch, classes), DType.I32, 1)
    hit = fb.compare("hit", fb.broadcast_in_dim("lw", labels, [0], [batch, classes]), index, "EQ")
    onehot = fb.convert("onehot", hit, DType.F32)
    lse = fb.log("lse", fb.sum("se", fb.exponential("e", logits), [1]))
    picked = fb.sum("picked", fb.multiply("pl", onehot, logits), [1])
    loss = fb.subtract("loss", lse, picked)
    findex = fb.iota("findex", (classes, batch), DType.F32, 0)
    scaled = fb.multiply("big", logits, fb.constant("scale", "1.0e10", (batch, classes)))
    return module(fb.ret(loss, onehot, findex, fb.convert("sat", scaled, DType.I32)))


def test_convert_and_iota_agree_with_pjrt():
    mod = onehot_cross_entropy_module()
    labels = np.array([1, 3, 9, 0], np.int32)
    logits = rand(4, 10, low=-2.0, high=2.0)
    logits[0, :3] = [0.0, 1.05e-9, -1.25e-9]  # inside int32 after scaling, truncated toward zero
    loss, onehot, findex, sat = evaluate(mod, labels, logits)
    expected = compile_module(print_module(mod), platform="cpu")(labels, logits)
    np.testing.assert_allclose(loss, expected[0], rtol=1e-6)
    np.testing.assert_allclose(loss, np.log(np.exp(logits).sum(1)) - logits[np.arange(4), labels], rtol=1e-5)
    for got, want in zip((onehot, findex, sat), expected[1:]):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(onehot, np.eye(10, dtype=np.float32)[labels])
    assert list(sat[0, :3]) == [0, 10, -12]
    beyond = np.abs(logits.astype(np.float64)) * 1e10 >= 2 ** 31
    assert beyond.sum() > 20
    np.testing.assert_array_equal(sat[beyond], np.where(logits[beyond] > 0, 2 ** 31 - 1, -2 ** 31))


# -- the elementwise table's newer ops against XLA ---------------------------------------------------------------

EDGE_F32 = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1e-30, -7.0, 3.0, 60.0, -104.0, 3e38, -3e38, np.nan, np.inf,
            -np.inf]
EDGE_I32 = [0, 1, -1, 7, -7, 3, 2 ** 31 - 1, -2 ** 31]
EDGE_SAMPLES = {DType.F32: EDGE_F32, DType.I32: EDGE_I32, DType.I1: [True, False]}
# Exact ops must agree bit for bit (the sign of zero too); transcendental ones within a few ulps.
EXACT = {"floor", "ceil", "round_nearest_even", "abs", "sign", "is_finite", "not_", "minimum", "remainder", "and_",
         "or_", "clamp"}
NEW_ELEMENTWISE = [
    *((op, DType.F32) for op in ("cosine", "sine", "floor", "ceil", "logistic", "log_plus_one",
                                 "exponential_minus_one", "round_nearest_even", "abs", "sign", "is_finite", "minimum",
                                 "power", "remainder", "clamp")),
    *((op, DType.I32) for op in ("abs", "sign", "not_", "minimum", "remainder", "and_", "or_", "clamp")),
    *((op, DType.I1) for op in ("not_", "and_", "or_", "minimum")),
]


# clamp's scalar bounds: low > high, signed zeros (XLA's max(-0, +0) is +0, its min -0), NaN, the extremes
CLAMP_BOUNDS = {DType.F32: ([-0.0, 0.5, np.nan, -np.inf], [0.0, -0.5, np.nan, np.inf]),
                DType.I32: ([-7, 0, 3, -2 ** 31], [7, -1, 2 ** 31 - 1, 0])}


def edge_operands(dtype, arity):
    """The edge values, every pair of them, or (for clamp) them between each pair of scalar bounds."""
    x = np.asarray(EDGE_SAMPLES[dtype])
    if arity == 1:
        return [[x]]
    if arity == 2:
        a, b = np.meshgrid(x, x, indexing="ij")
        return [[a.ravel(), b.ravel()]]
    lows, highs = CLAMP_BOUNDS[dtype]
    return [[np.asarray(low), x, np.asarray(high)] for low in lows for high in highs]


@pytest.mark.parametrize("op,dtype", NEW_ELEMENTWISE)
def test_new_elementwise_ops_match_xla(op, dtype):
    arity = 3 if op == "clamp" else 2 if op in ("minimum", "power", "remainder", "and_", "or_") else 1
    for operands in edge_operands(dtype, arity):
        arrays = [np.asarray(v, numpy_dtype(dtype)) for v in operands]
        fb = FunctionBuilder("main")
        args = [fb.arg(f"a{i}", TensorType(a.shape, dtype)) for i, a in enumerate(arrays)]
        mod = module(fb.ret(getattr(fb, op)("r", *args)))
        (got,) = evaluate(mod, *arrays)
        (want,) = compile_module(print_module(mod), platform="cpu")(*arrays)
        assert got.dtype == want.dtype and got.shape == want.shape
        if op in EXACT:
            np.testing.assert_array_equal(got, want)
            if got.dtype.kind == "f":  # -0.0 stays -0.0 where XLA's does (a NaN's sign means nothing)
                number = ~np.isnan(want)
                np.testing.assert_array_equal(np.signbit(got[number]), np.signbit(want[number]))
        else:
            np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
            np.testing.assert_allclose(got, want, rtol=4e-6, atol=1e-37)


# -- dense (non-splat) constants ------------------------------------------------------------------------------

def dense_constants_module():
    """A position table added to its input, an i32 lookup, a boolean mask, and f16/bf16/empty tables, in vitir's
    spellings (shortest decimals, bits for inf and NaN) and JAX's (`%e`, `E`)."""
    import ml_dtypes

    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(4, 3))
    table = np.random.default_rng(11).normal(0.0, 0.02, (4, 3)).astype(np.float32)
    pos = fb.add("emb", x, fb.constant_array("pos", table, [4, 3]))
    odd = fb.constant_array("odd", [[0.1, -2.5e-8, 1e30], [float("inf"), float("-inf"), -0.0],
                                    ["1.000000e+00", "3.40282347E+38", "0x7FC00000"], [1, 2, 3]], [4, 3])
    mask = fb.constant_array("mask", np.array([[True, False, True]] * 4), [4, 3], DType.I1)
    kept = fb.select("kept", mask, fb.multiply("scaled", pos, odd), x)
    index = fb.add("idx", fb.constant_array("lut", [[0, 1], [2, 3]], [2, 2], DType.I32),
                   fb.constant_array("off", [-7, 2147483647, 5, 0], [2, 2], DType.I32))
    half = fb.constant_array("half", np.array([0.1, 65504.0, -1e-7], np.float16), [3], DType.F16)
    brain = fb.constant_array("brain", np.array([0.1, 3e38, -1.5], ml_dtypes.bfloat16), [3], DType.BF16)
    return module(fb.ret(kept, index, half, brain, fb.constant_array("none", [], [0, 3]))), table


def test_dense_constants_agree_with_pjrt_bit_for_bit():
    mod, table = dense_constants_module()
    x = rand(4, 3)
    got = evaluate(mod, x)
    want = compile_module(print_module(mod), platform="cpu")(x)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g, w)  # NaN where both have NaN
    np.testing.assert_array_equal(got[0][:, 1], x[:, 1])  # the mask keeps x there
    np.testing.assert_array_equal(got[0][0, [0, 2]], ((x[0] + table[0]) * np.float32([0.1, -2.5e-8, 1e30]))[[0, 2]])
    assert list(got[1].ravel()) == [-7, -2147483648, 7, 3]  # int32 wraps, as XLA adds
    assert got[4].shape == (0, 3)


# -- reduce with a reducer region: argmax, argmin, several operands ----------------------------------------------

def arg_extremes_module(dtype: DType):
    """argmax and argmin along each axis, and a two-operand reduce (sum and product at once) over two dims."""
    fb = FunctionBuilder("arg")
    x, y = fb.arg("x", TensorType((4, 6), dtype)), fb.arg("y", f32(2, 3, 4))
    b = FunctionBuilder("arg.sp")
    s, p, e, q = (b.arg(n, f32()) for n in ("s", "p", "e", "q"))
    body = b.ret(b.add("sum", s, e), b.multiply("prod", p, q))
    sums = fb.reduce_region("sp", [y, y], [fb.constant("zero", "0.0"), fb.constant("one", "1.0")], [0, 2], body)
    return module(fb.ret(fb.argmax("max1", x, 1), fb.argmax("max0", x, 0), fb.argmin("min1", x, 1),
                         fb.argmin("min0", x, 0), *sums))


@pytest.mark.parametrize("dtype", [DType.F32, DType.F16, DType.BF16])
def test_argmax_argmin_agree_with_pjrt_on_ties_and_nan(dtype):
    x = RNG.integers(-2, 3, (4, 6)).astype(np.float32)  # small integers: many ties
    x[0, 2] = x[0, 4] = x[3, 5] = np.nan
    x[1] = -np.inf
    x[2, :3] = [0.0, -0.0, 0.0]
    x = x.astype(numpy_dtype(dtype))
    y = rand(2, 3, 4, low=0.5, high=1.5)
    mod = arg_extremes_module(dtype)
    got = evaluate(mod, x, y)
    want = compile_module(print_module(mod), platform="cpu")(x, y)
    for g, w in zip(got[:4], want[:4], strict=True):
        assert g.dtype == w.dtype == np.int32
        np.testing.assert_array_equal(g, w)
    wide = x.astype(np.float32)
    # numpy's argmax and argmin take the first NaN, then the first of equal values, as XLA's does
    for g, reference in zip(got[:4], (wide.argmax(1), wide.argmax(0), wide.argmin(1), wide.argmin(0))):
        np.testing.assert_array_equal(g, reference)
    assert got[0][0] == 2 and got[0][1] == 0  # a row's first NaN; a row of -inf: index 0
    np.testing.assert_allclose(got[4], want[4], rtol=1e-6)
    np.testing.assert_allclose(got[5], want[5], rtol=1e-5)
    np.testing.assert_allclose(got[4], y.sum((0, 2)), rtol=1e-5)
    np.testing.assert_allclose(got[5], y.prod((0, 2)), rtol=1e-5)


def accuracy_module(batch: int, classes: int):
    """A classifier's accuracy: the logits' argmax against int labels, as floats, averaged."""
    fb = FunctionBuilder("accuracy")
    logits, labels = fb.arg("logits", f32(batch, classes)), fb.arg("labels", TensorType((batch,), DType.I32))
    fb.zero = fb.constant("sc", "0.0")
    hit = fb.convert("hitf", fb.compare("hit", fb.argmax("pred", logits, 1), labels, "EQ"), DType.F32)
    count = fb.constant("count", f"{float(batch)}")
    return module(fb.ret(fb.divide("acc", fb.sum("hits", hit, [0]), count)))


ACCURACY_TEXT = """\
    %pred:2 = stablehlo.reduce(%logits init: %pred_init), (%pred_iota init: %pred_iinit) across dimensions = [1] : \
(tensor<8x5xf32>, tensor<8x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%pred_a: tensor<f32>, %pred_e: tensor<f32>) (%pred_ai: tensor<i32>, %pred_ei: tensor<i32>)  {
      %pred_cmp = stablehlo.compare GT, %pred_a, %pred_e, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %pred_nan = stablehlo.compare NE, %pred_a, %pred_a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %pred_better = stablehlo.or %pred_cmp, %pred_nan : tensor<i1>
      %pred_eq = stablehlo.compare EQ, %pred_a, %pred_e, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %pred_lt = stablehlo.compare LT, %pred_ai, %pred_ei, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %pred_tie = stablehlo.and %pred_eq, %pred_lt : tensor<i1>
      %pred_keep = stablehlo.or %pred_better, %pred_tie : tensor<i1>
      %pred_v = stablehlo.select %pred_better, %pred_a, %pred_e : tensor<i1>, tensor<f32>
      %pred_i = stablehlo.select %pred_keep, %pred_ai, %pred_ei : tensor<i1>, tensor<i32>
      stablehlo.return %pred_v, %pred_i : tensor<f32>, tensor<i32>
    }
    %hit = stablehlo.compare EQ, %pred#1, %labels, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
"""


def test_classifier_accuracy_prints_runs_and_matches_numpy():
    mod = accuracy_module(8, 5)
    text = print_module(mod)
    assert ACCURACY_TEXT in text
    logits = rand(8, 5)
    logits[0] = logits[0, 3]  # a row of ties predicts class 0
    labels = logits.argmax(1).astype(np.int32)
    labels[[1, 4, 6]] = (labels[[1, 4, 6]] + 1) % 5  # three misses
    assert labels[0] == 0
    want = np.float32(5 / 8)
    (got,) = evaluate(mod, logits, labels)
    (ran,) = compile_module(text, platform="cpu")(logits, labels)
    assert got == ran == want == np.mean(logits.argmax(1) == labels, dtype=np.float32)


def test_chlo_square_overflows_to_inf_without_a_warning():
    """Past the type's range is a value (inf), as XLA computes it, not a numpy RuntimeWarning."""
    import warnings

    from vitir.evaluate.chlo import square

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = square(None, np.array([3e38, -2.0], np.float32))
    assert got.dtype == np.float32 and got.tolist() == [np.inf, 4.0]


# -- the small float types' codes ---------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [d for d in DType if d.is_float and d.bits <= 8], ids=str)
def test_every_code_of_a_small_float_constant_evaluates_as_ml_dtypes_decodes_it(dtype):
    """Each bit pattern written as a hex literal (as the interpreter suite writes NaN and the special
    values: f8E8M0FNU's 0xFF is its NaN) evaluates to the value ml_dtypes decodes from those bits, and
    reads back the same after `fold` writes it as a literal again."""
    from vitir import passes
    from vitir.mlir import import_text

    codes = np.arange(1 << dtype.bits, dtype=np.uint8)
    expected = codes.view(numpy_dtype(dtype))
    literals = ", ".join(f"0x{code:02X}" for code in codes)
    ty, pairs = f"tensor<{len(codes)}x{dtype.value}>", f"tensor<{len(codes) // 2}x2x{dtype.value}>"
    text = (f"func.func @main() -> {ty} {{\n  %c = stablehlo.constant dense<[{literals}]> : {ty}\n"
            f"  %p = stablehlo.reshape %c : ({ty}) -> {pairs}\n  %m = stablehlo.reshape %p : ({pairs}) -> {ty}\n"
            f"  return %m : {ty}\n}}\n")
    program = import_text(text)
    for source in (program, import_text(print_module(passes.run(program, "fold,dce")))):
        (got,) = evaluate(source)
        nan = np.isnan(expected.astype(np.float32))
        assert np.array_equal(np.isnan(got.astype(np.float32)), nan), [hex(c) for c in codes[nan]]
        assert np.array_equal(got.view(np.uint8)[~nan], codes[~nan]), dtype
        assert np.array_equal(got.astype(np.float64)[~nan], expected.astype(np.float64)[~nan])
