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


def _load_example(name: str):
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parents[1] / "examples" / f"{name}.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example


def test_import_jax_example_runs_jaxs_gradient_through_vitir(capsys):
    example = _load_example("import_jax")
    example.main()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("@main: 4 arguments, ")
    assert "iota 1" in lines[1] and "dot_general 5" in lines[1]
    for line, name in zip(lines[2:], ("loss", "dw1", "dw2"), strict=True):
        assert line.startswith(f"  {name}: ") and float(line.rsplit(" ", 1)[1]) <= 1e-6


def test_import_jax_example_text_is_shape_checked():
    from vitir.ast import ShapeError
    from vitir.mlir import import_text

    example = _load_example("import_jax")
    text = example.lowered_text(example.example_inputs())
    first_matmul = "%arg2, %arg0, contracting_dims = [1] x [0]"
    broken = text.replace(first_matmul, "%arg2, %arg0, contracting_dims = [1] x [1]", 1)
    assert first_matmul in text and broken != text
    with pytest.raises(ShapeError) as info:
        import_text(broken)
    assert str(info.value) == ("line 3: stablehlo.dot_general %v0: contracting dimension sizes differ: lhs dim 1 "
                               "is 16, rhs dim 1 is 32 (operands: tensor<8x16xf32>, tensor<16x32xf32>)")
