"""`vitir grad`: JAX's programs differentiated by vitir and run through PJRT, against
jax.value_and_grad, jax.vjp and jax.jvp; refusals by name and line."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

from vitir.backend import compile_module  # noqa: E402
from vitir.cli import main  # noqa: E402

from .harness import rel_err  # noqa: E402


def _mlp(x, w1, w2, y):
    h = jnp.tanh(x @ w1)
    return jnp.mean((h @ w2 - y) ** 2)


def _inputs(seed=0):
    rng = np.random.default_rng(seed)
    return [rng.normal(size=s).astype(np.float32) for s in ((8, 5), (5, 6), (6, 3), (8, 3))]


def _grad(tmp_path, f, inputs, *flags):
    source, out = tmp_path / "f.mlir", tmp_path / "g.mlir"
    source.write_text(jax.jit(f).lower(*inputs).as_text())
    assert main(["grad", str(source), *flags, "-o", str(out)]) == 0
    return compile_module(out.read_text())


def test_value_and_grad_of_jax_program(tmp_path):
    inputs = _inputs()
    got = _grad(tmp_path, _mlp, inputs)(*inputs)
    value, grads = jax.value_and_grad(_mlp, argnums=(0, 1, 2, 3))(*inputs)
    assert rel_err(got[0], value) <= 1e-5
    for g, want in zip(got[1:], grads):
        assert rel_err(g, want) <= 1e-5


def test_wrt_chooses_and_orders_the_gradients(tmp_path):
    inputs = _inputs(1)
    got = _grad(tmp_path, _mlp, inputs, "--wrt", "2,1")(*inputs)
    _, (g2, g1) = jax.value_and_grad(_mlp, argnums=(2, 1))(*inputs)
    assert len(got) == 3
    assert rel_err(got[1], g2) <= 1e-5 and rel_err(got[2], g1) <= 1e-5


def _two_results(x, w):
    h = x @ w
    return jnp.sin(h), jnp.sum(h * h)


def test_vjp_and_jvp(tmp_path):
    rng = np.random.default_rng(2)
    x, w = rng.normal(size=(4, 3)).astype(np.float32), rng.normal(size=(3, 2)).astype(np.float32)
    cts = [rng.normal(size=(4, 2)).astype(np.float32), np.float32(0.7)]
    got = _grad(tmp_path, _two_results, [x, w], "--vjp")(x, w, *cts)
    results, pull = jax.vjp(_two_results, x, w)
    for g, want in zip(got, list(results) + list(pull(tuple(cts)))):
        assert rel_err(g, want) <= 1e-5
    tx, tw = rng.normal(size=x.shape).astype(np.float32), rng.normal(size=w.shape).astype(np.float32)
    got = _grad(tmp_path, _two_results, [x, w], "--jvp")(x, w, tx, tw)
    results, tangents = jax.jvp(_two_results, (x, w), (tx, tw))
    for g, want in zip(got, list(results) + list(tangents)):
        assert rel_err(g, want) <= 1e-5


CUSTOM_CALL = """\
func.func @main(%arg0: tensor<3xf32>) -> tensor<f32> {
  %0 = stablehlo.exponential %arg0 : tensor<3xf32>
  %1 = stablehlo.custom_call @mystery(%0) : (tensor<3xf32>) -> tensor<3xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
"""


def test_an_op_without_a_derivative_is_refused_by_name_and_line(tmp_path, capsys):
    source = tmp_path / "f.mlir"
    source.write_text(CUSTOM_CALL)
    assert main(["grad", str(source)]) == 1
    err = capsys.readouterr().err
    assert f"{source}:3: error:" in err
    assert "stablehlo.custom_call %v1" in err and "is not differentiable" in err


def test_inactive_ops_without_a_derivative_are_kept(tmp_path, capsys):
    source = tmp_path / "f.mlir"
    source.write_text(CUSTOM_CALL.replace("(%0)", "(%cst0)").replace(
        "%0 = stablehlo.exponential %arg0", "%cst0 = stablehlo.constant dense<1.0> : tensor<3xf32>\n  %0 = stablehlo.exponential %arg0"))
    assert main(["grad", str(source)]) == 0
    assert "stablehlo.custom_call @mystery" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--wrt", "x"], "--wrt 'x': give argument indices"),
    (["--wrt", "5"], "wrt 5 is not an argument index"),
    (["--function", "nope"], "no function @nope"),
    (["--jvp", "--wrt", "0"], "--jvp takes a tangent for every float argument; --wrt does not apply"),
    (["--max-trips", "0"], "max_trips must be a positive integer, got 0"),
])
def test_bad_options(tmp_path, capsys, argv, message):
    source = tmp_path / "f.mlir"
    source.write_text(CUSTOM_CALL)
    assert main(["grad", str(source), *argv]) in (1, 2)
    assert message in capsys.readouterr().err


def test_a_program_of_several_results_needs_vjp(tmp_path, capsys):
    source = tmp_path / "f.mlir"
    x = np.ones((4, 3), np.float32)
    source.write_text(jax.jit(_two_results).lower(x, np.ones((3, 2), np.float32)).as_text())
    assert main(["grad", str(source)]) == 1
    assert "value_and_grad needs one float scalar (use vjp)" in capsys.readouterr().err
