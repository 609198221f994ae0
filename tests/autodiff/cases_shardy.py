"""Shardy's ops by their global meaning: each is the identity on the whole tensor (a named
computation runs its body), so each rule is checked against JAX's program without the annotation,
on the evaluator. test_shardy.py checks that the derivatives are programs Shardy's verifier takes
(the shardings each transpose writes) and a sharded JAX program's gradient."""

from __future__ import annotations

from vitir.ast import ops as O
from vitir.ast.sharding import AllToAllParam, AxisRef, DimSharding, TensorSharding

from .harness import case

MESH_AXES = {"x": 2, "y": 4}  # the mesh @mesh of the module test_shardy.py puts these in


def sharded(*dims) -> TensorSharding:
    return TensorSharding("mesh", tuple(DimSharding(tuple(d)) for d in dims))


def _jax_sine_times(x, y):
    import jax.numpy as jnp

    return jnp.sin(x) * y


def _around(build):
    """sine(x), then the op under test, times x: the op between two nonlinear ones."""
    return lambda fb, x: fb.multiply("r", build(fb, fb.sine("s", x)), x)


def _sine_times_self(x):
    return _jax_sine_times(x, x)


def _moved(before, method, after, *axes):
    """A collective from `before` (None: no sharding) to `after`."""
    def build(fb, v):
        v = v if before is None else fb.sharding_constraint("c", v, before)
        return getattr(fb, method)("m", v, after, *axes)
    return _around(build)


def _named(fb, x, y):
    body = fb.region()
    a, b = body.arg("a", x.type), body.arg("b", y.type)
    body = body.ret(body.multiply("p", body.sine("sa", a), b))
    (out,) = (fb.named_computation("n", "layer", [x, y], body, in_shardings=[sharded(["x"], []), sharded([], ["y"])],
                                   out_shardings=[sharded(["x"], ["y"])]),)
    return fb.cosine("r", out)


def _jax_named(x, y):
    import jax.numpy as jnp

    return jnp.cos(jnp.sin(x) * y)


SHAPE = (8, 8)
CASES = [
    case("sdy.sharding_constraint", O.ShardingConstraint,
         _around(lambda fb, v: fb.sharding_constraint("m", v, sharded(["x"], ["y"]))), _sine_times_self, [SHAPE]),
    case("sdy.reshard", O.Reshard, _around(lambda fb, v: fb.reshard("m", v, sharded([], ["x", "y"]))),
         _sine_times_self, [SHAPE]),
    case("sdy.propagation_barrier", O.PropagationBarrier,
         _around(lambda fb, v: fb.propagation_barrier("m", v, "BACKWARD")), _sine_times_self, [SHAPE]),
    case("sdy.named_computation", O.NamedComputation, _named, _jax_named, [SHAPE, SHAPE]),
    case("sdy.data_flow_edge", O.DataFlowEdge,
         _around(lambda fb, v: fb.data_flow_edge("m", v, sharded(["x"], []))), _sine_times_self, [SHAPE]),
    case("sdy.func_data_flow_edge", O.FuncDataFlowEdge, _around(lambda fb, v: fb.func_data_flow_edge("m", v)),
         _sine_times_self, [SHAPE]),
    case("sdy.all_gather", O.ShardyAllGather, _moved(sharded(["x", "y"], []), "sdy_all_gather", sharded(["x"], []),
                                                     [["y"], []]), _sine_times_self, [SHAPE]),
    case("sdy.all_slice", O.ShardyAllSlice, _moved(None, "sdy_all_slice", sharded([], ["y"]), [[], ["y"]]),
         _sine_times_self, [SHAPE]),
    case("sdy.all_slice of sub-axes", O.ShardyAllSlice,
         _moved(sharded([AxisRef("y", (1, 2))], []), "sdy_all_slice", sharded(["y"], ["x"]),
                [[AxisRef("y", (2, 2))], ["x"]]), _sine_times_self, [SHAPE]),
    case("sdy.all_to_all", O.ShardyAllToAll,
         _moved(sharded(["x"], ["y"]), "sdy_all_to_all", sharded([], ["y", "x"]), [AllToAllParam(("x",), 0, 1)]),
         _sine_times_self, [SHAPE]),
    case("sdy.collective_permute", O.ShardyCollectivePermute,
         _moved(sharded(["x"], ["y"]), "sdy_collective_permute",
                sharded([AxisRef("y", (1, 2))], [AxisRef("y", (2, 2)), "x"])), _sine_times_self, [SHAPE]),
]
for _case in CASES:
    _case.pjrt = False  # its module needs the mesh: test_shardy.py compiles the derivatives with it
