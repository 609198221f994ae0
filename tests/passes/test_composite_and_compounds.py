"""`inline-composite` puts each composite's decomposition in its place (nested ones too), with the values the
decompositions compute (JAX's, and the evaluator's of the composites themselves); `expand-compounds` and
`fold-compounds` turn AdamWUpdate and AllReduceMean into their plain ops and back, the printed text
unchanged both ways. The evaluator runs a compound node through the expansion expand-compounds copies, so
the nodes' values are checked against JAX as well: lax.pmean and an optax-style AdamW, through PJRT on
several replicas."""

from __future__ import annotations

import jax
import numpy as np
import pytest
from jax import lax

import vitir.passes as P
from tests.differential import assert_same_meaning, same_bits
from vitir.ast import ops as O
from vitir.ast.builder import FunctionBuilder, module
from vitir.ast.element_types import DType
from vitir.ast.ops.compound import AdamScalars
from vitir.ast.types import TensorType
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.print import print_module
from vitir.rewrite import walk


def _composites_text():
    def softplus(x):
        return lax.composite(lambda x: jax.numpy.logaddexp(x, 0.0), name="my.softplus")(x)

    def scaled(x, y):
        inner = lax.composite(lambda x, n: softplus(x) * n, name="my.scaled")(x, n=3)  # a composite inside one
        return inner + lax.composite(lambda a, b: (a - b, a * b), name="my.pair")(x, y)[1], softplus(y)

    x = np.linspace(-2.0, 2.0, 6, dtype=np.float32)
    jitted = jax.jit(scaled)
    y = x[::-1].copy()
    return jitted.lower(x, y).as_text(debug_info=False), (x, y), jitted(x, y)


def _by_name(m):
    return {f.name: f for f in m.functions}


def test_composites_inline_nested_ones_too_and_compute_their_decompositions_values():
    text, (x, y), by_jax = _composites_text()
    m = import_text(text)
    assert sum(type(op) is O.Composite for f in m.functions for op in walk(f.ops)) >= 4
    out = P.run(m, "inline-composite")
    assert [f.name for f in out.functions] == ["main"]
    assert not any(type(op) is O.Composite for op in walk(out.main.ops))
    got = evaluate(out, x, y)
    for value, composite, want in zip(got, evaluate(m, x, y, entry="main"), by_jax, strict=True):
        assert same_bits(value, composite) is None  # the evaluator runs a composite as its decomposition
        np.testing.assert_allclose(value, want, rtol=1e-6)  # JAX's values (its exp and log1p: the last bits)

    # the values, by evaluating each decomposition function by hand on the composite's inputs
    functions = _by_name(m)

    def run(fn, *args):
        env = dict(zip((a.name for a in fn.args), args))
        for op in fn.ops:
            if type(op) is O.Composite:
                values = run(functions[op.decomposition], *[env[v.name] for v in op.inputs])
            else:
                from vitir.evaluate import evaluate_op

                values = evaluate_op(op, {v.name: env[v.name] for v in op.operands})
            env.update(zip((r.name for r in op.results), values))
        return tuple(env[v.name] for v in fn.ret.operands)

    expected = run(functions["main"], x, y)
    assert all(same_bits(a, b) is None for a, b in zip(got, expected))
    np.testing.assert_allclose(got[1], np.logaddexp(y, 0.0), rtol=1e-6)
    again = print_module(out)
    assert print_module(import_text(again)) == again


def test_inlined_ops_are_named_from_the_composite_and_its_result_keeps_its_name():
    def mul(x):
        return lax.composite(lambda x, n: x * n, name="my.mul")(x, n=3)

    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32)
    m = import_text(jax.jit(mul).lower(x).as_text(debug_info=False))
    text = print_module(P.run(m, "inline-composite"))
    assert "%v0_cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>" in text
    assert "%v0 = stablehlo.multiply %arg0, %v0_v0 : tensor<6xf32>" in text
    assert "return %v0 : tensor<6xf32>" in text and "@my.mul" not in text


def test_a_composite_whose_decomposition_is_absent_stays():
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((2,), DType.F32))
    c = fb.composite("c", [x], "my.op", "my.missing", [TensorType((2,), DType.F32)])
    out = P.run(module(fb.ret(c)), "inline-composite")
    assert type(out.main.ops[0]) is O.Composite


def _adamw_module(shared: bool = False):
    """One AdamW update; `shared`: one hyperparameter value for b1 and b2, and for bc1 and bc2."""
    fb = FunctionBuilder("step")
    t = TensorType((3, 4), DType.F32)
    theta, g, m, v = (fb.arg(n, t) for n in ("theta", "g", "m", "v"))
    scalars = AdamScalars(*(fb.arg(n, TensorType((), DType.F32)) for n in AdamScalars._fields))
    if shared:
        scalars = scalars._replace(b2=scalars.b1, bc2=scalars.bc1)
    new = fb.adamw_update("w", theta, g, m, v, scalars)
    return module(fb.ret(*new))


def test_expand_compounds_gives_plain_ops_that_print_alike_and_fold_compounds_gives_the_node_back():
    m = _adamw_module()
    assert [type(op) for op in m.main.ops] == [O.AdamWUpdate]
    plain = P.run(m, "expand-compounds")
    assert len(plain.main.ops) == 26 and not any(type(op).COMPOUND for op in plain.main.ops)
    assert print_module(plain) == print_module(m)
    assert_same_meaning(m, plain)
    back = P.run(plain, "fold-compounds")
    assert [type(op) for op in back.main.ops] == [O.AdamWUpdate]
    assert print_module(back) == print_module(m)


def test_expanded_compounds_are_open_to_the_plain_op_rules():
    m = _adamw_module(shared=True)
    out = P.run(m, "expand-compounds,cse,dce")
    assert len(out.main.ops) == 24  # b1 and b2 broadcast once, bc1 and bc2 once
    assert_same_meaning(m, out)


def test_an_all_reduce_mean_expands_and_folds_back_on_two_replicas():
    fb = FunctionBuilder("mean")
    g = fb.arg("g", TensorType((4,), DType.F32))
    m = module(fb.ret(fb.all_reduce_mean("0", g, 2)))
    plain = P.run(m, "expand-compounds")
    assert [type(op) for op in plain.main.ops] == [O.AllReduce, O.Constant, O.Divide]
    assert print_module(plain) == print_module(m)
    inputs = [[np.array([1.0, -0.0, np.inf, 3.0], np.float32)], [np.array([2.0, -0.0, 1.0, np.nan], np.float32)]]
    for a, b in zip(evaluate(m, inputs, replicas=2), evaluate(plain, inputs, replicas=2)):
        assert same_bits(a[0], b[0]) is None
    assert [type(op) for op in P.run(plain, "fold-compounds").main.ops] == [O.AllReduceMean]


@pytest.mark.parametrize("passes", ["dce", "cse,dce", "fold,simplify"])
def test_a_compound_node_survives_the_other_passes(passes):
    m = _adamw_module()
    out = P.run(m, passes)
    assert print_module(out) == print_module(m)


# -- the compound nodes against JAX, through PJRT on several replicas ---------------------------------------

def _adamw_reference(theta, g, m, v, lr, b1, b2, eps, wd, step):
    """optax's adamw (scale_by_adam, add_decayed_weights, scale by -lr), written out in jax.numpy."""
    import jax.numpy as jnp

    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * jnp.square(g)
    m_hat, v_hat = m / (1 - b1 ** step), v / (1 - b2 ** step)
    update = m_hat / (jnp.sqrt(v_hat) + eps) + wd * theta
    return theta - lr * update, m, v


HYPER = dict(lr=1e-2, b1=0.9, b2=0.999, eps=1e-8, wd=0.05, step=3)


def _data_parallel_step(replicas: int):
    """The mean of each replica's gradient (all_reduce_mean), then one AdamW update with it."""
    fb = FunctionBuilder("main")
    t = TensorType((3, 4), DType.F32)
    theta, g, m, v = (fb.arg(n, t) for n in ("theta", "g", "m", "v"))
    scalars = AdamScalars(*(fb.arg(n, TensorType((), DType.F32)) for n in AdamScalars._fields))
    mean = fb.all_reduce_mean("gm", g, replicas)
    return module(fb.ret(*fb.adamw_update("w", theta, mean, m, v, scalars)))


def _scalars(lr, b1, b2, eps, wd, step) -> list:
    values = dict(b1=b1, ob1=1 - b1, b2=b2, ob2=1 - b2, bc1=1 - b1 ** step, bc2=1 - b2 ** step, lr=lr, eps=eps,
                  wd=wd)
    return [np.float32(values[name]) for name in AdamScalars._fields]


@pytest.mark.parametrize("replicas", [2, 4])
def test_all_reduce_mean_and_adamw_update_give_jaxs_pmean_and_optax_style_adamw(replicas):
    """vitir's step through PJRT on `replicas` host devices and by the evaluator on as many replicas, against
    jax.pmap of lax.pmean and the AdamW above: the mean bit for bit (XLA's all-reduce either way), the update
    to float32's rounding (optax sums its terms in another order)."""
    from vitir.backend import compile_module

    devices = jax.devices("cpu")[:replicas]
    rng = np.random.default_rng(replicas)
    theta, m = (rng.normal(size=(3, 4)).astype(np.float32) for _ in range(2))
    v = rng.random((3, 4)).astype(np.float32)
    grads = rng.normal(size=(replicas, 3, 4)).astype(np.float32)
    step = _data_parallel_step(replicas)
    scalars = _scalars(**HYPER)

    pmean = jax.pmap(lambda x: lax.pmean(x, "i"), axis_name="i", devices=devices)(grads)
    expected = _adamw_reference(theta, np.asarray(pmean[0]), m, v, **HYPER)
    xla = compile_module(print_module(step), replicas=replicas, platform="cpu").run_replicated(
        [theta, grads.reshape(replicas * 3, 4), m, v, *scalars], split=["g"])
    grid = evaluate(step, [[theta, grads[r], m, v, *scalars] for r in range(replicas)], replicas=replicas)
    mean_alone = module(_mean_only(replicas))
    xla_mean = compile_module(print_module(mean_alone), replicas=replicas, platform="cpu").run_replicated(
        [grads.reshape(replicas * 3, 4)], split=["g"])
    for r in range(replicas):
        assert same_bits(np.asarray(xla_mean[r][0]), np.asarray(pmean[r])) is None
        np.testing.assert_allclose(evaluate(mean_alone, [[g] for g in grads], replicas=replicas)[r][0], pmean[r],
                                   rtol=2e-7, atol=0)
        for got in (xla[r], grid[r]):
            for value, want in zip(got, expected, strict=True):
                np.testing.assert_allclose(np.asarray(value), np.asarray(want), rtol=2e-6, atol=1e-7)


def _mean_only(replicas: int):
    fb = FunctionBuilder("main")
    g = fb.arg("g", TensorType((3, 4), DType.F32))
    return fb.ret(fb.all_reduce_mean("gm", g, replicas))
