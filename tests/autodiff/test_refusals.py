"""Ops without a derivative: copied as they are where nothing differentiated reaches them, refused
by name (op, SSA name, layer path) where something does; what vjp and value_and_grad refuse."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import FunctionBuilder, f32
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.autodiff import AutodiffError, value_and_grad, vjp
from vitir.errors import ConfigError
from vitir.evaluate import evaluate


def _dropout_loss(bounds_from_x: bool):
    """sum(x * (u < 0.5)) with u drawn by rng; its bounds constants, or read from x."""
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(4))
    with fb.layer("drop"):
        shape = fb.constant_array("shape", [4], (1,), DType.I64)
        lo = fb.constant("lo", "0.0")
        hi = fb.reduce("hi", x, lo, (0,)) if bounds_from_x else fb.constant("hi", "1.0")
        u = fb.rng("u", lo, hi, shape, "UNIFORM", f32(4))
        keep = fb.convert("keep", fb.compare("lt", u, fb.constant("half", "0.5", (4,)), "LT"), DType.F32)
    y = fb.multiply("y", x, keep)
    return fb.ret(fb.reduce("l", y, fb.constant("z", "0.0"), (0,)))


def test_an_inactive_rng_is_copied():
    g = value_and_grad(_dropout_loss(False))
    assert any(type(op).NAME == "stablehlo.rng" for op in g.ops)
    loss, grad = evaluate(g, np.arange(1.0, 5.0, dtype=np.float32))
    assert set(np.unique(grad)) <= {0.0, 1.0} and loss == float(np.dot(np.arange(1.0, 5.0), grad))


def test_an_rng_a_differentiated_value_reaches_is_refused():
    with pytest.raises(AutodiffError, match=r"^drop: stablehlo.rng %u: is not differentiable \(its results are "
                                            r"random numbers\), and a differentiated value flows into it"):
        value_and_grad(_dropout_loss(True))


@pytest.mark.parametrize("wrt, message", [
    ([2], "wrt 2 is not an argument index"),
    ([1], r"argument 1 \(%n: tensor<3xi32>\) is not a float tensor"),
    ([0, 0], "names an argument twice"),
])
def test_bad_wrt(wrt, message):
    fb = FunctionBuilder("f")
    x, n = fb.arg("x", f32(3)), fb.arg("n", TensorType((3,), DType.I32))
    fn = fb.ret(fb.multiply("y", x, fb.convert("nf", n, DType.F32)))
    with pytest.raises(ConfigError, match=message):
        vjp(fn, wrt)


def test_integer_arguments_get_no_gradient_and_no_zero_tensor():
    fb = FunctionBuilder("f")
    x, n = fb.arg("x", f32(3)), fb.arg("n", TensorType((3,), DType.I32))
    y = fb.multiply("y", x, fb.convert("nf", n, DType.F32))
    g = value_and_grad(fb.ret(fb.reduce("l", y, fb.constant("z", "0.0"), (0,))))
    assert len(g.ret.operands) == 2  # the value and x's gradient only
    _, gx = evaluate(g, np.ones(3, np.float32), np.array([1, 2, 3], np.int32))
    np.testing.assert_array_equal(gx, [1, 2, 3])
