"""stablehlo.composite differentiated through its decomposition: a softmax composite inside a loss,
its value and gradient (the derived function run beside the decomposition, composites inlined)
against jax.value_and_grad in float64; and a composite whose decomposition is unknown refused."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

from vitir import passes  # noqa: E402
from vitir.ast import FunctionBuilder  # noqa: E402
from vitir.ast.element_types import DType  # noqa: E402
from vitir.ast.module import Module  # noqa: E402
from vitir.ast.types import TensorType  # noqa: E402
from vitir.autodiff import AutodiffError, jvp, value_and_grad  # noqa: E402
from vitir.autodiff.rules.composite import register_decompositions  # noqa: E402
from vitir.autodiff.tables import DECOMPOSITIONS  # noqa: E402
from vitir.evaluate import evaluate  # noqa: E402

from .harness import rel_err  # noqa: E402

T = TensorType((3, 4), DType.F64)


def _softmax_decomposition(name="test.softmax"):
    fb = FunctionBuilder(name)
    x = fb.arg("x", T)
    low = fb.constant("low", "0xFFF0000000000000", (), DType.F64)
    peak = fb.reduce("peak", x, low, (1,), "maximum")
    e = fb.exponential("e", fb.subtract("d", x, fb.broadcast_in_dim("pb", peak, (0,), T.shape)))
    total = fb.reduce("total", e, fb.constant("zero", "0.0", (), DType.F64), (1,))
    return fb.ret(fb.divide("p", e, fb.broadcast_in_dim("tb", total, (0,), T.shape)))


def _loss(decomposition="test.softmax"):
    fb = FunctionBuilder("main")
    x, w = fb.arg("x", T), fb.arg("w", T)
    p = fb.composite("p", [x], "test.softmax", decomposition, [T])
    total = fb.reduce("s", fb.multiply("pw", fb.multiply("pp", p, p), w), fb.constant("z", "0.0", (), DType.F64),
                      (0, 1))
    return fb.ret(total)


def _jax_loss(x, w):
    return jnp.sum(jax.nn.softmax(x, axis=1) ** 2 * w)


def test_value_and_grad_through_the_decomposition():
    decomposition = _softmax_decomposition()
    module = Module([_loss(), decomposition])
    register_decompositions(module)
    derived = value_and_grad(module.functions[0])
    runnable = passes.run(Module([derived, decomposition]), ["inline-composite"])
    rng = np.random.default_rng(0)
    x, w = rng.normal(size=T.shape), rng.normal(size=T.shape)
    got = evaluate(runnable.functions[0], x, w)
    with jax.enable_x64(True):
        value, grads = jax.value_and_grad(_jax_loss, argnums=(0, 1))(x, w)
        assert rel_err(got[0], value) <= 1e-12
        for g, want in zip(got[1:], grads):
            assert rel_err(g, want) <= 1e-10


def test_an_unknown_decomposition_is_refused_by_name():
    DECOMPOSITIONS.pop("test.nowhere", None)
    with pytest.raises(AutodiffError, match=r"stablehlo.composite %p.*calls @test.nowhere, a decomposition not known"):
        jvp(_loss("test.nowhere"))
