"""The collectives in a group of one (the harness runs one process): each is the identity, so
the rule's shapes, attributes and transposes are checked against JAX's identity; the replicas'
checks are in test_collectives.py."""

from __future__ import annotations

from vitir.ast import ops as O
from vitir.ast.types import TensorType

from .harness import case

ONE = [[0]]


def _add(fb, dtype):
    body = fb.region()
    a, b = body.arg("p", TensorType((), dtype)), body.arg("q", TensorType((), dtype))
    return body.ret(body.add("s", a, b))


def _sine_of(build):
    return lambda fb, x: fb.sine("r", build(fb, fb.multiply("sq", x, x)))


def _jax_sine_of_square(x):
    import jax.numpy as jnp

    return jnp.sin(x * x)


for _name, _cls, _build in [
    ("all_reduce_one", O.AllReduce, lambda fb, v: fb.all_reduce("c", [v], ONE, _add(fb, v.type.dtype))),
    ("all_gather_one", O.AllGather, lambda fb, v: fb.all_gather("c", [v], 1, ONE)),
    ("reduce_scatter_one", O.ReduceScatter, lambda fb, v: fb.reduce_scatter("c", v, 0, ONE, _add(fb, v.type.dtype))),
    ("all_to_all_one", O.AllToAll, lambda fb, v: fb.all_to_all("c", [v], 0, 1, 1, ONE)),
    ("collective_permute_one", O.CollectivePermute, lambda fb, v: fb.collective_permute("c", v, [[0, 0]])),
]:
    case(_name, _cls, _sine_of(_build), _jax_sine_of_square, [(2, 3)])
# XLA's CPU backend has no collective-broadcast (not even the forward compiles there): the evaluator only
case("collective_broadcast_one", O.CollectiveBroadcast,
     _sine_of(lambda fb, v: fb.collective_broadcast("c", [v], ONE)), _jax_sine_of_square, [(2, 3)], pjrt=False)
