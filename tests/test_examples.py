"""The documented builder example works as the docs say."""

import importlib.util
from pathlib import Path

import pytest

from vitir.ast import ShapeError, f32

spec = importlib.util.spec_from_file_location("silu_layer", Path(__file__).parents[1] / "examples" / "silu_layer.py")
silu = importlib.util.module_from_spec(spec)
spec.loader.exec_module(silu)


def test_silu_example_prints_and_its_gradient_is_right():
    import numpy as np

    from vitir.backend import compile_module
    from vitir.print import print_module

    text = print_module(silu.silu_module(4, 8))
    assert text.startswith("module @m {\n  func.func @silu_fwd_bwd(%x: tensor<4x8xf32>, %dy: tensor<4x8xf32>)")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4, 8)).astype(np.float32)
    dy = rng.normal(size=(4, 8)).astype(np.float32)
    y, dx = compile_module(text)(x, dy)
    x64 = x.astype(np.float64)
    s = 1 / (1 + np.exp(-x64))
    np.testing.assert_allclose(y, x64 * s, rtol=1e-6, atol=1e-7)
    h = 1e-6  # central differences in float64 of the numpy forward
    fd = ((x64 + h) / (1 + np.exp(-(x64 + h))) - (x64 - h) / (1 + np.exp(-(x64 - h)))) / (2 * h)
    np.testing.assert_allclose(dx, dy * fd, rtol=1e-5, atol=1e-6)


def test_silu_example_shape_error_as_documented():
    from vitir.ast import FunctionBuilder

    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(4, 8))
    with fb.layer("silu"):
        y, _ = silu.silu_forward(fb, "a", x)
        with pytest.raises(ShapeError, match=r"^silu: stablehlo.add %z: operand shapes differ: \[4, 8\] vs \[4, 9\]"):
            fb.add("z", y, fb.arg("w", f32(4, 9)))
