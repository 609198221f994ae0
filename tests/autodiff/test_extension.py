"""Rules for ops declared outside vitir: a user's op gets its derivative from two decorators, and
vitir.autodiff's derivatives, the harness's checks and the inner-product test take it as they
take vitir's own."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")

from vitir.ast import FunctionBuilder, Op, f32  # noqa: E402
from vitir.ast.attributes import F32  # noqa: E402
from vitir.ast.declare import attr_def, operand_def, withdraw  # noqa: E402
from vitir.ast.element_types import DType  # noqa: E402
from vitir.ast.types import TensorType  # noqa: E402
from vitir.autodiff import (JVP_RULES, TRANSPOSE_RULES, AutodiffError, deflinear, defjvp, deftranspose,  # noqa: E402
                            value_and_grad, vjp)
from vitir.evaluate import evaluate  # noqa: E402

from .harness import Case, check_evaluator, check_inner_product, rel_err  # noqa: E402


@pytest.fixture
def user_ops():
    class Softplus(Op):
        """log(1 + exp(x)), an op of the user's own dialect."""

        NAME = "vitirtest.softplus"
        operand = operand_def()
        syntax = "{operand} : {same_type}"
        evaluate = staticmethod(lambda op, x: np.logaddexp(0, x))

        @staticmethod
        def rule(operand):
            return operand

    class Scale(Op):
        """x times a constant attribute: linear in x."""

        NAME = "vitirtest.scale"
        operand = operand_def()
        factor = attr_def(F32)
        syntax = "{operand} by {factor} : {same_type}"
        evaluate = staticmethod(lambda op, x: (x * op.factor).astype(x.dtype))

        @staticmethod
        def rule(operand, factor):
            return operand

    # the user's rules: the JVP of softplus, and scale declared linear with its transpose
    @defjvp(Softplus)
    def softplus_jvp(e, op, primals, tangents):
        (x,), (t,) = primals, tangents
        return (e.b.multiply(e.name(), t, e.b.logistic(e.name(), x)),)

    deflinear(Scale)

    @deftranspose(Scale)
    def scale_transpose(e, op, cotangents, linear):
        return (e.b.emit(Scale(e.name(), cotangents[0], op.factor, path=e.b.path)),)

    yield Softplus, Scale
    for cls in (Softplus, Scale):
        JVP_RULES.pop(cls, None)
        TRANSPOSE_RULES.pop(cls, None)
        withdraw(cls)


def _build(softplus, scale):
    def build(fb, x, w):
        scaled = fb.emit(scale("s", fb.multiply("xw", x, w), 2.5, path=fb.path))
        return fb.emit(softplus("r", scaled, path=fb.path))
    return build


def _reference(x, w):
    return jax.nn.softplus(2.5 * (x * w))


def test_user_rules_against_jax_and_the_inner_product(user_ops):
    c = Case("user_ops", user_ops, _build(*user_ops), _reference, [(3, 4), (3, 4)], pjrt=False)
    check_evaluator(c)
    check_inner_product(c)


def test_value_and_grad_through_user_ops(user_ops):
    fb = FunctionBuilder("loss")
    x, w = fb.arg("x", TensorType((5,), DType.F64)), fb.arg("w", TensorType((5,), DType.F64))
    y = _build(*user_ops)(fb, x, w)
    loss = fb.reduce("l", y, fb.constant("z", "0.0", (), DType.F64), (0,))
    rng = np.random.default_rng(0)
    xs, ws = rng.normal(size=5), rng.normal(size=5)
    got = evaluate(value_and_grad(fb.ret(loss)), xs, ws)
    with jax.enable_x64(True):
        value, grads = jax.value_and_grad(lambda a, b: _reference(a, b).sum(), argnums=(0, 1))(xs, ws)
    assert rel_err(got[0], value) <= 1e-12
    assert rel_err(got[1], grads[0]) <= 1e-12 and rel_err(got[2], grads[1]) <= 1e-12


def test_an_op_without_a_rule_is_refused_by_name(user_ops):
    softplus, _ = user_ops
    JVP_RULES.pop(softplus)
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(3))
    with fb.layer("head"):
        y = fb.emit(softplus("sp", x, path=fb.path))
    with pytest.raises(AutodiffError, match=r"head: vitirtest.softplus %sp: has no derivative rule"):
        vjp(fb.ret(y))
