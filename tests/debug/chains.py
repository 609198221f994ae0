"""Programs for bisect and reduce: chains of 20 to 40 ordinary ops with one divergence of
docs/semantics.md planted deep inside, each with the inputs that trigger it."""

from __future__ import annotations

import numpy as np

from vitir.ast.builder import FunctionBuilder
from vitir.ast.element_types import DType
from vitir.ast.module import Module
from vitir.ast.types import TensorType
from vitir.print import print_module

N = 4  # the chain's length of vector


def f32(*shape):
    return TensorType(tuple(shape), DType.F32)


# each step: (name, how many chain values it reads, builder call)
_STEPS = [
    ("add", lambda fb, n, x, y, w: fb.add(n, x, y)),
    ("mul", lambda fb, n, x, y, w: fb.multiply(n, x, w)),
    ("sub", lambda fb, n, x, y, w: fb.subtract(n, x, y)),
    ("neg", lambda fb, n, x, y, w: fb.negate(n, x)),
    ("max", lambda fb, n, x, y, w: fb.maximum(n, x, y)),
    ("tanh", lambda fb, n, x, y, w: fb.tanh(n, x)),
    ("sin", lambda fb, n, x, y, w: fb.sine(n, x)),
    ("sig", lambda fb, n, x, y, w: fb.logistic(n, x)),
    ("exp", lambda fb, n, x, y, w: fb.exponential(n, fb.tanh(n + "t", x))),
    ("abs", lambda fb, n, x, y, w: fb.abs(n, x)),
]


class _Triggers:
    """The plant's trigger values: arguments (given in `inputs`), or constants of the program."""

    def __init__(self, fb: FunctionBuilder, inputs: dict, constants: bool):
        self.fb, self.inputs, self.constants = fb, inputs, constants

    def __call__(self, name: str, value: np.ndarray, dtype: DType = DType.F32):
        if self.constants:
            return self.fb.constant_array(name, value.reshape(-1).tolist(), value.shape, dtype)
        self.inputs[name] = value
        return self.fb.arg(name, TensorType(value.shape, dtype))


def _plant(kind: str, fb: FunctionBuilder, x, given: _Triggers):
    """Builds the planted divergence reading chain value `x`; returns (the value that continues the
    chain, the SSA name of the planted op)."""
    if kind == "subnormal":  # XLA reads the subnormal operand as zero
        s, big = given("s", np.full(N, 1e-40, np.float32)), given("big", np.full(N, 1e30, np.float32))
        return fb.add("pa", x, fb.multiply("planted", s, big)), "planted"
    if kind == "clamp":  # maximum(lo, clamp(lo, x, hi)) with lo > hi: XLA folds the maximum away
        lo, hi = given("lo", np.full(N, 3.0, np.float32)), given("hi", np.full(N, 1.0, np.float32))
        return fb.maximum("planted", lo, fb.clamp("cl", lo, x, hi)), "planted"
    if kind == "power":  # XLA reads the exponent's low six bits
        base = given("base", np.full(N, -5, np.int32), DType.I32)
        e = given("e", np.full(N, 2 ** 31 - 1, np.int32), DType.I32)
        p = fb.power("planted", base, e)
        return fb.add("pa", x, fb.convert("pf", p, DType.F32)), "planted"
    if kind == "holes":  # XLA never multiplies the holes of a dilated input: no 0 * inf
        image = given("image", np.array([[[1.0, 2.0]]], np.float32))
        kernel = given("kernel", np.array([[[np.inf, 1.0]]], np.float32))
        c = fb.convolution("planted", image, kernel, stride=[1], padding=[(1, 1)], lhs_dilate=[2],
                           rhs_dilate=[1], layouts=("bf0", "oi0", "bf0"))
        return fb.add("pa", x, fb.reshape("pr", c, [N])), "planted"
    if kind == "excess":  # XLA's fusion reads the bf16 log unrounded
        narrow = fb.convert("pn", fb.add("pp", fb.abs("pab", x), fb.constant("pone", "1.5", [N])), DType.BF16)
        log = fb.log("plog", narrow)
        return fb.convert("planted", log, DType.F32), "planted"
    raise ValueError(kind)


PLANTS = ("subnormal", "clamp", "power", "holes", "excess")


def chain(seed: int, length: int = 30, plant: str | None = None, at: float = 0.6, constants: bool = False):
    """(text, inputs by argument name, the planted op's SSA name or None): `length` ordinary ops,
    the plant after about `at` of them; its trigger values arguments, or constants (`constants`)."""
    rng = np.random.default_rng(seed)
    fb = FunctionBuilder("main")
    x, y, w = fb.arg("x", f32(N)), fb.arg("y", f32(N)), fb.arg("w", f32(N))
    inputs = {"x": rng.uniform(-1, 1, N).astype(np.float32), "y": rng.uniform(-1, 1, N).astype(np.float32),
              "w": rng.uniform(0.5, 1.5, N).astype(np.float32)}
    values, planted = [x, y], None
    where = int(length * at) if plant else -1
    for i in range(length):
        if i == where:
            value, planted = _plant(plant, fb, values[-1], _Triggers(fb, inputs, constants))
            values.append(value)
        name, step = _STEPS[int(rng.integers(len(_STEPS)))]
        a, b = values[-1], values[-1 - int(rng.integers(1, min(3, len(values))))]
        values.append(step(fb, f"{name}{i}", a, b, w))
    fn = fb.ret(values[-1])
    return print_module(Module([fn], "m")), inputs, planted


if __name__ == "__main__":  # the programs of examples/divergences: python -m tests.debug.chains DIR
    import sys
    from pathlib import Path

    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for kind in PLANTS:
        (folder / f"{kind}.mlir").write_text(chain(3, 30, kind, constants=True)[0])
