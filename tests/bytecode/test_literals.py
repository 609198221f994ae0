"""Numbers printed as MLIR's printer prints them (printFloatValue: six digits when they read back,
APFloat's natural precision otherwise, hex last), checked against jaxlib's printer on random bits."""

from __future__ import annotations

import re

import numpy as np
import pytest

from vitir.mlir.bytecode.literals import dense_text, float_text

try:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir
except ImportError:
    ir = None
needs_jaxlib = pytest.mark.skipif(ir is None, reason="jaxlib is not installed")


@needs_jaxlib
@pytest.mark.parametrize("element, dtype", [("f32", np.float32), ("f64", np.float64), ("f16", np.float16)])
def test_floats_print_as_mlir_prints_them(element, dtype):
    rng = np.random.default_rng(0)
    width = np.dtype(dtype).itemsize
    raw = rng.integers(0, 256, size=400 * width, dtype=np.uint8).tobytes()
    values = np.frombuffer(raw, dtype=dtype)
    # and values of every magnitude, round and not
    with np.errstate(over="ignore"):  # f16 overflows to infinity: printed in hex, checked too
        values = np.concatenate([values, (10.0 ** rng.uniform(-30, 30, 200) * rng.choice([-1, 1], 200)).astype(dtype),
                                 np.array([1e-5, 0.1, 1 / 3, 16777216.0, 123456.7, 0.5, -0.0], dtype=dtype)])
    for start in range(0, len(values), 100):  # 100 at a time: MLIR prints more in hex
        check(values[start:start + 100], element)
    check(values, element)  # the hex form


def check(values, element):
    data = values.tobytes()
    shape = (len(values),)
    text = f"func.func @f() -> tensor<{len(values)}x{element}> {{\n" \
           f"  %0 = stablehlo.constant dense<\"0x{data.hex().upper()}\"> : tensor<{len(values)}x{element}>\n" \
           f"  return %0 : tensor<{len(values)}x{element}>\n}}"
    printed = str(ir.Module.parse(text, jax_mlir.make_ir_context()))
    expected = re.search(r"(dense<.*?>) :", printed).group(1)
    assert dense_text(data, shape, element) == expected


def test_float_text_of_known_values():
    f32 = lambda v: int(np.array(v, np.float32).view(np.uint32))  # noqa: E731
    assert float_text(f32(0.1), "f32") == "1.000000e-01"
    assert float_text(f32(1e-5), "f32") == "9.99999974E-6"  # six digits would carry: the natural form
    assert float_text(f32(1 / 3), "f32") == "0.333333343"
    assert float_text(f32(16777216.0), "f32") == "0x4B800000"  # no point in the natural form: hex
    assert float_text(f32(float("inf")), "f32") == "0x7F800000"
