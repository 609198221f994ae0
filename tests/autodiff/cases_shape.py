"""Cases of the rules that move elements, dot_general and reduce with an add body."""

from __future__ import annotations

from jax import lax

from vitir.ast import ops as O

from .harness import case, integers


def _sum(fb, x, dims):
    zero = fb.constant("z", "0.0", (), x.type.dtype)
    return fb.reduce("r", x, zero, dims)


case("broadcast_in_dim", O.BroadcastInDim, lambda fb, x: fb.broadcast_in_dim("r", x, (2, 0), (3, 5, 4)),
     lambda x: lax.broadcast_in_dim(x.T, (3, 5, 4), (0, 2)), [(4, 3)])  # JAX's transpose takes sorted dims only
case("broadcast_in_dim_ones", O.BroadcastInDim, lambda fb, x: fb.broadcast_in_dim("r", x, (0, 2), (3, 2, 4)),
     lambda x: lax.broadcast_in_dim(x, (3, 2, 4), (0, 2)), [(1, 4)])
case("reshape", O.Reshape, lambda fb, x: fb.reshape("r", x, (6, 2)), lambda x: lax.reshape(x, (6, 2)), [(3, 4)])
case("transpose", O.Transpose, lambda fb, x: fb.transpose("r", x, (2, 0, 1)),
     lambda x: lax.transpose(x, (2, 0, 1)), [(2, 3, 4)])
case("slice", O.Slice, lambda fb, x: fb.slice("r", x, (1, 0), (5, 7), (2, 3)),
     lambda x: lax.slice(x, (1, 0), (5, 7), (2, 3)), [(6, 8)])
case("pad", O.Pad, lambda fb, x, v: fb.pad("r", x, v, (1, -1), (2, 0), (1, 2)),
     lambda x, v: lax.pad(x, v, ((1, 2, 1), (-1, 0, 2))), [(3, 4), ()])
case("concatenate", O.Concatenate, lambda fb, x, y, z: fb.concatenate("r", (x, y, z), 1),
     lambda x, y, z: lax.concatenate((x, y, z), 1), [(2, 3), (2, 1), (2, 4)])
case("reverse", O.Reverse, lambda fb, x: fb.reverse("r", x, (0, 2)), lambda x: lax.rev(x, (0, 2)), [(2, 3, 4)])
case("dot_general_matmul", O.DotGeneral, lambda fb, x, y: fb.dot_general("r", x, y, ((1,), (0,))),
     lambda x, y: lax.dot_general(x, y, (((1,), (0,)), ((), ()))), [(3, 4), (4, 5)])
case("dot_general_batched", O.DotGeneral,
     lambda fb, x, y: fb.dot_general("r", x, y, ((3, 1), (0, 2)), ((2,), (1,))),
     lambda x, y: lax.dot_general(x, y, (((3, 1), (0, 2)), ((2,), (1,)))), [(2, 3, 4, 5), (5, 4, 3, 6)])
case("dot_matrix_vector", O.Dot, lambda fb, x, y: fb.dot("r", x, y), lambda x, y: lax.dot(x, y), [(3, 4), (4,)])
case("dot_vector_matrix", O.Dot, lambda fb, x, y: fb.dot("r", x, y), lambda x, y: lax.dot(x, y), [(4,), (4, 2)])
case("broadcast", O.Broadcast, lambda fb, x: fb.broadcast("r", x, (2, 3)), lambda x: lax.broadcast(x, (2, 3)),
     [(4,)])
case("reduce_add", O.Reduce, lambda fb, x: _sum(fb, x, (0, 2)), lambda x: x.sum(axis=(0, 2)), [(2, 3, 4)])
case("reduce_add_init", O.Reduce, lambda fb, x, z: fb.reduce("r", x, z, (1,)),
     lambda x, z: x.sum(axis=1) + z, [(2, 3), ()])


def _barrier(fb, x, y):
    a, b = fb.optimization_barrier(["r0", "r1"], [x, y])
    return fb.multiply("r", a, b)


case("optimization_barrier", O.OptimizationBarrier, _barrier, lambda x, y: lax.optimization_barrier((x, y))[0] * y,
     [(3,), (3,)])


def _tuple(fb, x, n, y):
    t = fb.tuple("t", [x, n, fb.tuple("inner", [y, x])])
    inner = fb.get_tuple_element("g2", t, 2)
    first = fb.get_tuple_element("g0", t, 0)
    return fb.multiply("r", first, fb.add("s", fb.get_tuple_element("i0", inner, 0),
                                            fb.get_tuple_element("i1", inner, 1)))


case("tuple", (O.Tuple, O.GetTupleElement), _tuple, lambda x, n, y: x * (y + x),
     [(3,), integers((3,), 0, 5), (3,)])
