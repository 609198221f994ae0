"""Building small vitir functions, running them through PJRT, and measuring errors.

Relative error of a tensor `a` against its reference `b`: max|a - b| / max|b|,
the largest absolute difference over the tensor scaled by the reference's
largest magnitude (so elements near zero do not blow it up).
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

import vitir.lower.fast_lowering  # noqa: F401  (registers fast-lowering and its passes)
import vitir.passes
from vitir.ast import FunctionBuilder, Value, f32, module
from vitir.backend import compile_module
from vitir.print import print_module

Body = Callable[[FunctionBuilder, dict[str, Value]], Sequence[Value]]


def rel_err(a, b) -> float:
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    assert a.shape == b.shape, (a.shape, b.shape)
    return float(np.max(np.abs(a - b)) / np.max(np.abs(b)))


def function_text(name: str, args: Sequence[tuple[str, tuple[int, ...]]], body: Body, passes: str = "") -> str:
    """StableHLO text of @name(args...) whose results are what `body` returns, after `passes`
    (names in vitir.passes, comma-separated: "fast-lowering" gives the fast lowering)."""
    fb = FunctionBuilder(name)
    values = {arg: fb.arg(arg, f32(*shape)) for arg, shape in args}
    fb.zero = fb.constant("sc", "0.0")
    built = module(fb.ret(*body(fb, values)))
    return print_module(vitir.passes.run(built, passes) if passes else built)


F32_TO_F64_BITS = {"0xFF800000": "0xFFF0000000000000", "0x7F800000": "0x7FF0000000000000"}


def as_float64(text: str) -> str:
    """The same module with every f32 element type made f64: each op and literal is
    as vitir built it, only the arithmetic is exact enough for finite differences. A
    hexadecimal literal is the element type's bits, so f32's infinities become f64's."""
    for f32_bits, f64_bits in F32_TO_F64_BITS.items():
        text = text.replace(f32_bits, f64_bits)
    return text.replace("f32>", "f64>")


def run(text: str, inputs: Sequence[np.ndarray]) -> tuple[np.ndarray, ...]:
    return compile_module(text)(*inputs)
