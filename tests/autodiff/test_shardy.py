"""The derivatives of Shardy's ops (vitir/autodiff/rules/shardy.py) are programs Shardy takes: each
case's JVP and VJP, in a module with the mesh, pass vitir's verifier and jaxlib's (which runs
Shardy's), each transpose writing the inverse move with the shardings run backwards. The ops whose
global meaning the evaluator does not give are refused by name. A sharded JAX program (an MLP with
sharding constraints, on a (2, 2) mesh): `vitir grad` keeps its meshes and shardings, and its
gradient, on the evaluator and partitioned over 4 devices through PJRT, is jax.value_and_grad's."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

from tests.mlir_parser import mlir_error  # noqa: E402
from vitir.ast import FunctionBuilder, f32, module  # noqa: E402
from vitir.ast.ops.shardy import sdy_mesh  # noqa: E402
from vitir.autodiff import AutodiffError, jvp, value_and_grad, vjp  # noqa: E402
from vitir.ast.element_types import DType  # noqa: E402
from vitir.print import print_module  # noqa: E402

from . import cases_shardy  # noqa: E402
from .harness import build_function, rel_err  # noqa: E402

CASES = {c.name: c for c in cases_shardy.CASES}
MESH = [sdy_mesh("mesh", cases_shardy.MESH_AXES)]
# what each transpose writes: the inverse move, from the result's sharding back to the operand's
INVERSES = {
    "sdy.sharding_constraint": r'sdy\.sharding_constraint %t\w+ <@mesh, \[\{"x"\}, \{"y"\}\]>',
    "sdy.reshard": r'sdy\.reshard %\w+ <@mesh, \[\{\}, \{"x", "y"\}\]>',
    "sdy.propagation_barrier": r"sdy\.propagation_barrier %\w+ allowed_direction=BACKWARD",
    "sdy.all_gather": r'sdy\.all_slice \[\{"y"\}, \{\}\] %\w+ out_sharding=<@mesh, \[\{"x", "y"\}, \{\}\]>',
    "sdy.all_slice": r'sdy\.all_gather \[\{\}, \{"y"\}\] %\w+ out_sharding=<@mesh, \[\{\}, \{\}\]>',
    "sdy.all_slice of sub-axes": r'sdy\.all_gather \[\{"y":\(2\)2\}, \{"x"\}\] %\w+ out_sharding=<@mesh, '
                                 r'\[\{"y":\(1\)2\}, \{\}\]>',
    "sdy.all_to_all": r'sdy\.all_to_all \[\{"x"\}: 1->0\] %\w+ out_sharding=<@mesh, \[\{"x"\}, \{"y"\}\]>',
    "sdy.collective_permute": r'sdy\.collective_permute %\w+ out_sharding=<@mesh, \[\{"x"\}, \{"y"\}\]>',
    "sdy.named_computation": r'sdy\.sharding_constraint %\w+ <@mesh, \[\{"x"\}, \{"y"\}\]>',
    "sdy.data_flow_edge": r'sdy\.data_flow_edge %t\w+ sharding=<@mesh, \[\{"x"\}, \{\}\]>',
}
# Shardy's verifier takes a func_data_flow_edge only on a call's result, and vitir inlines calls: its
# rule is checked on the evaluator alone (test_rules.py)
NOT_VERIFIABLE = {"sdy.func_data_flow_edge"}


@pytest.mark.parametrize("name", sorted(set(CASES) - NOT_VERIFIABLE))
def test_each_derivative_is_a_program_shardys_verifier_takes(name):
    fn = build_function(CASES[name], DType.F32)
    for derived in (jvp(fn), vjp(fn)):
        text = print_module(module(derived, ops=MESH))  # vitir's verifier, at build time
        assert mlir_error(text) is None, mlir_error(text)  # and Shardy's
    assert re.search(INVERSES[name], text), text  # the VJP's transpose


def test_the_cotangent_of_a_constraint_keeps_its_sharding():
    fn = build_function(CASES["sdy.sharding_constraint"], DType.F32)
    text = print_module(module(vjp(fn), ops=MESH))
    assert text.count('<@mesh, [{"x"}, {"y"}]>') == 2  # the value's, then its cotangent's


def _per_device(build):
    fb = FunctionBuilder("main")
    x = fb.sharding_constraint("c", fb.arg("x", f32(8, 8)), cases_shardy.sharded(["x"], []))
    return fb.ret(fb.sine("r", build(fb, x)))


@pytest.mark.parametrize("what,build", [
    ("sdy.all_reduce", lambda fb, x: fb.sdy_all_reduce("p", x, cases_shardy.sharded(["x"], []), ["y"])),
    ("sdy.reduce_scatter", lambda fb, x: fb.sdy_reduce_scatter("p", x, cases_shardy.sharded(["x"], ["y"]),
                                                                [[], ["y"]])),
    ("sdy.manual_computation", lambda fb, x: fb.manual_computation(
        "p", [x], [cases_shardy.sharded(["x"], [])], [cases_shardy.sharded(["x"], [])], ["x"],
        _identity(fb, f32(4, 8)), [f32(8, 8)])),
])
def test_ops_without_a_global_meaning_are_refused_by_name(what, build):
    fn = _per_device(build)
    for derive in (jvp, vjp):
        with pytest.raises(AutodiffError, match=f"{re.escape(what)} %p: .*per device") as caught:
            derive(fn)
        assert caught.value.op == what


def _identity(fb, t):
    body = fb.region()
    return body.ret(body.arg("a", t))


def test_a_move_of_a_sharded_argument_takes_the_arguments_sharding():
    from vitir.ast.module import Function
    from vitir.evaluate import evaluate

    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(8, 8))
    fn = fb.ret(fb.multiply("r", fb.sdy_all_gather("g", x, cases_shardy.sharded([], []), [["x"], []]), x))
    with pytest.raises(AutodiffError, match=r"sdy\.all_gather %g: its operand has no sharding that vitir sees"):
        vjp(fn)
    fn = Function(fn.name, fn.args, fn.ops, fn.ret, arg_attributes=[(("sdy.sharding", '#sdy.sharding<@mesh, '
                                                                        '[{"x"}, {}]>'),)])
    for derived in (jvp(fn), vjp(fn)):
        text = print_module(module(derived, ops=MESH))
        assert mlir_error(text) is None, text
        assert '%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}' in text
    x, ct = np.random.default_rng(1).normal(size=(2, 8, 8)).astype(np.float32)
    np.testing.assert_allclose(evaluate(vjp(fn), x, ct)[1], 2 * x * ct, rtol=1e-6)  # d(x * x) = 2 x


# -- a sharded JAX program: jax.value_and_grad against vitir grad ------------------------------------------

PROGRAM = """
import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
def loss(w1, w2, x):
    h = jax.lax.with_sharding_constraint(jnp.tanh(x @ w1), NamedSharding(mesh, P("data", "model")))
    y = jax.lax.with_sharding_constraint(h @ w2, NamedSharding(mesh, P("data", None)))
    return jnp.mean(y * y)
w1 = jax.device_put(jnp.zeros((4, 8)), NamedSharding(mesh, P(None, "model")))
w2 = jax.device_put(jnp.zeros((8, 4)), NamedSharding(mesh, P("model", None)))
print(jax.jit(loss).lower(w1, w2, jnp.zeros((8, 4))).as_text())
"""


def _loss(w1, w2, x):  # the program's global meaning, on one device
    y = jnp.tanh(x @ w1) @ w2
    return jnp.mean(y * y)


def test_a_sharded_jax_programs_gradient_is_jaxs(tmp_path):
    from vitir.backend import compile_module
    from vitir.cli import main
    from vitir.evaluate import evaluate
    from vitir.mlir import import_text

    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    source, out = tmp_path / "loss.mlir", tmp_path / "grad.mlir"
    source.write_text(done.stdout)
    assert main(["grad", str(source), "-o", str(out)]) == 0
    text = out.read_text()
    assert "mhlo.num_partitions = 4 : i32" in text and 'sdy.mesh @mesh = <["data"=2, "model"=2]>' in text
    assert '%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}' in text
    assert text.count('<@mesh, [{"data"}, {"model"}]>') == 2  # the constraint on h and on its cotangent
    assert mlir_error(text) is None
    rng = np.random.default_rng(0)
    inputs = [rng.normal(size=s).astype(np.float32) for s in ((4, 8), (8, 4), (8, 4))]
    value, grads = jax.value_and_grad(_loss, argnums=(0, 1, 2))(*inputs)
    want = [value, *grads]
    on_evaluator = evaluate(import_text(text), *inputs)
    partitioned = compile_module(text, platform="cpu")
    assert partitioned.partitions == 4
    for got in (on_evaluator, partitioned.run(*inputs)):
        assert len(got) == 4
        for g, w in zip(got, want):
            assert rel_err(g, w) <= 1e-5


def test_two_named_computations_of_the_same_names_inline_apart():
    from vitir.evaluate import evaluate

    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(4))

    def named(v, name):
        body = fb.region()
        body = body.ret(body.sine("p", body.arg("a", f32(4))))
        return fb.named_computation(name, "layer", [v], body)

    fn = fb.ret(named(named(x, "n1"), "n2"))
    v = np.linspace(0, 1, 4, dtype=np.float32)
    value, pull = jax.vjp(lambda t: jnp.sin(jnp.sin(t)), v)
    got = evaluate(vjp(fn), v, np.ones(4, np.float32))
    np.testing.assert_allclose(got[0], value, rtol=1e-6)
    np.testing.assert_allclose(got[1], pull(np.ones(4, np.float32))[0], rtol=1e-6)
