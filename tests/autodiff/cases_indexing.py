"""Cases of gather, scatter, dynamic_slice, dynamic_update_slice and sort."""

from __future__ import annotations

import numpy as np
from jax import lax

from vitir.ast import ops as O
from vitir.ast.attributes import GatherDimensions, ScatterDimensions
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType

from .harness import Draw, case, integers

ROWS = GatherDimensions(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,), index_vector_dim=1)
JAX_ROWS = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))

# rows 1 and 3 taken twice: their cotangents are summed; index 7 is clamped to the last row
case("gather_rows", O.Gather, lambda fb, x, i: fb.gather("r", x, i, ROWS, (1, 3)),
     lambda x, i: lax.gather(x, np.minimum(i, 4), JAX_ROWS, (1, 3)),
     [(5, 3), Draw((6, 1), lambda rng, s: np.array([[1], [3], [1], [0], [3], [7]]), DType.I32)])

POINTS = GatherDimensions(offset_dims=(), collapsed_slice_dims=(0, 1), start_index_map=(1, 0), index_vector_dim=1)
case("gather_points", O.Gather, lambda fb, x, i: fb.gather("r", x, i, POINTS, (1, 1)),
     lambda x, i: lax.gather(x, i, lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0, 1),
                                                             start_index_map=(1, 0)), (1, 1)),
     [(4, 3), Draw((5, 2), lambda rng, s: np.array([[0, 1], [2, 3], [0, 1], [1, 0], [2, 2]]), DType.I32)])


def _add_region(fb, dtype, method="add"):
    body = fb.region()
    a, b = body.arg("p", TensorType((), dtype)), body.arg("q", TensorType((), dtype))
    return body.ret(getattr(body, method)("s", a, b))


SCATTER_ROWS = ScatterDimensions(update_window_dims=(1,), inserted_window_dims=(0,),
                                 scatter_dims_to_operand_dims=(0,), index_vector_dim=1)
JAX_SCATTER_ROWS = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                               scatter_dims_to_operand_dims=(0,))
REPEATED = Draw((4, 1), lambda rng, s: np.array([[2], [0], [2], [2]]), DType.I32)
case("scatter_add_repeated", O.Scatter,
     lambda fb, x, i, u: fb.scatter("r", [x], i, [u], SCATTER_ROWS, _add_region(fb, x.type.dtype)),
     lambda x, i, u: lax.scatter_add(x, i, u, JAX_SCATTER_ROWS), [(4, 3), REPEATED, (4, 3)])

def _set_region(fb, dtype):
    body = fb.region()
    body.arg("p", TensorType((), dtype))
    return body.ret(body.arg("q", TensorType((), dtype)))


UNIQUE = Draw((3, 1), lambda rng, s: np.array([[3], [0], [2]]), DType.I32)
case("scatter_replace", O.Scatter,
     lambda fb, x, i, u: fb.scatter("r", [x], i, [u], SCATTER_ROWS, _set_region(fb, x.type.dtype)),
     lambda x, i, u: lax.scatter(x, i, u, JAX_SCATTER_ROWS), [(4, 3), UNIQUE, (3, 3)])

START = integers((), 0, 3)
case("dynamic_slice", O.DynamicSlice, lambda fb, x, i, j: fb.dynamic_slice("r", x, [i, j], (2, 3)),
     lambda x, i, j: lax.dynamic_slice(x, (i, j), (2, 3)), [(4, 5), START, Draw((), lambda rng, s: np.array(4), DType.I32)])
case("dynamic_update_slice", O.DynamicUpdateSlice,
     lambda fb, x, u, i, j: fb.dynamic_update_slice("r", x, u, [i, j]),
     lambda x, u, i, j: lax.dynamic_update_slice(x, u, (i, j)), [(4, 5), (2, 3), START, integers((), 1, 2)])


def _less(fb, dtypes):
    body = fb.region()
    args = [body.arg(f"c{k}{i}", TensorType((), d)) for k, d in enumerate(dtypes) for i in (0, 1)]
    return body.ret(body.compare("lt", args[0], args[1], "LT"))


case("sort_two_inputs", O.Sort,
     lambda fb, x, y: fb.sort(["r0", "r1"], [x, y], _less(fb, [x.type.dtype, y.type.dtype]), 0, True),
     lambda x, y: tuple(lax.sort((x, y), dimension=0, is_stable=True, num_keys=1)), [(5, 3), (5, 3)])
case("sort_last_dim", O.Sort, lambda fb, x: fb.sort("r", [x], _less(fb, [x.type.dtype])),
     lambda x: lax.sort(x, dimension=-1), [(2, 6)])
# a row written three times: only the update that wins it (the last, on both sides) has a derivative
case("scatter_replace_repeated", O.Scatter,
     lambda fb, x, i, u: fb.scatter("r", [x], i, [u], SCATTER_ROWS, _set_region(fb, x.type.dtype)),
     lambda x, i, u: lax.scatter(x, i, u, JAX_SCATTER_ROWS), [(4, 3), REPEATED, (4, 3)])


# -- out of bounds, repeated indices and ties, in the modes JAX lowers to these ops ------------------------
# A scatter drops an update whose window does not fit (JAX's mode="drop", its default for .at[].add); gather
# clamps (mode="clip"; "promise_in_bounds" is the same op, and "fill" a gather and a select). So the
# updates at 7 and -1 get a zero cotangent, and a gather's index -2 reads (and gets the cotangent of) row 0.
DROP = lax.GatherScatterMode.FILL_OR_DROP
ELEMENTS = ScatterDimensions(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,),
                             index_vector_dim=1)
JAX_ELEMENTS = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                           scatter_dims_to_operand_dims=(0,))


def _indices(*rows):
    return Draw((len(rows), 1), lambda rng, s: np.array([[r] for r in rows]), DType.I32)


case("scatter_add_out_of_bounds", O.Scatter,
     lambda fb, x, i, u: fb.scatter("r", [x], i, [u], ELEMENTS, _add_region(fb, x.type.dtype)),
     lambda x, i, u: lax.scatter_add(x, i, u, JAX_ELEMENTS, mode=DROP), [(6,), _indices(1, 7, 3, -1, 1), (5,)])

# (A window that fits only in part is left out: the spec leaves it to the implementation; XLA drops the
# whole window, and so does the rule's zero cotangent, while vitir's evaluator writes the part inside.)
case("scatter_replace_out_of_bounds", O.Scatter,
     lambda fb, x, i, u: fb.scatter("r", [x], i, [u], SCATTER_ROWS, _set_region(fb, x.type.dtype)),
     lambda x, i, u: lax.scatter(x, i, u, JAX_SCATTER_ROWS, mode=DROP), [(4, 3), _indices(2, 9, 2, -1, 0), (5, 3)])

case("gather_clipped_both_sides", O.Gather, lambda fb, x, i: fb.gather("r", x, i, ROWS, (1, 3)),
     lambda x, i: lax.gather(x, i, JAX_ROWS, (1, 3), mode=lax.GatherScatterMode.CLIP),
     [(5, 3), _indices(-2, 4, 9, 1, 0)])


def _one_at_a_time(scatter):
    """The scatter of each update alone, in order: every one of them has a unique index, where JAX's
    rules for a multiply scatter ask for one (an oracle independent of vitir's rule for repeated ones)."""
    def reference(x, i, u):
        for k in range(i.shape[0]):
            x = scatter(x, i[k:k + 1], u[k:k + 1], JAX_SCATTER_ROWS, unique_indices=True, mode=DROP)
        return x
    return reference


# row 2 three times, row 5 outside; some updates exactly zero (a place with one zero, one with two)
WITH_ZEROS = Draw((5, 3), lambda rng, s: np.where(np.array([[1, 0, 1], [1, 1, 1], [1, 0, 0], [0, 1, 1], [1, 1, 0]]),
                                                  rng.normal(size=s), 0.0))
case("scatter_multiply_repeated_zeros_out_of_bounds", O.Scatter,
     lambda fb, x, i, u: fb.scatter("r", [x], i, [u], SCATTER_ROWS, _add_region(fb, x.type.dtype, "multiply")),
     _one_at_a_time(lax.scatter_mul), [(4, 3), _indices(2, 0, 2, 5, 2), WITH_ZEROS])

# small integers: the updates tie with each other and with the input (JAX shares the tangent evenly)
TIES = Draw((5, 3), lambda rng, s: rng.integers(-1, 2, size=s).astype(float))
for name, method, scatter in (("max", "maximum", lax.scatter_max), ("min", "minimum", lax.scatter_min)):
    case(f"scatter_{name}_ties_out_of_bounds", O.Scatter,
         lambda fb, x, i, u, method=method: fb.scatter("r", [x], i, [u], SCATTER_ROWS,
                                                       _add_region(fb, x.type.dtype, method)),
         lambda x, i, u, scatter=scatter: scatter(x, i, u, JAX_SCATTER_ROWS, mode=DROP),
         [Draw((4, 3), TIES.sample), _indices(2, 0, 2, 6, 2), TIES])

# dynamic_slice and dynamic_update_slice clamp their starts into the operand: starts past either end (JAX
# wraps a negative start as Python does before its op, so its reference is given the start the op clamps to)
def _scalar(value):
    return Draw((), lambda rng, s: np.array(value), DType.I32)


case("dynamic_slice_out_of_bounds", O.DynamicSlice, lambda fb, x, i, j: fb.dynamic_slice("r", x, [i, j], (2, 3)),
     lambda x, i, j: lax.dynamic_slice(x, (np.maximum(i, 0), np.maximum(j, 0)), (2, 3)),
     [(4, 5), _scalar(-3), _scalar(9)])
case("dynamic_update_slice_out_of_bounds", O.DynamicUpdateSlice,
     lambda fb, x, u, i, j: fb.dynamic_update_slice("r", x, u, [i, j]),
     lambda x, u, i, j: lax.dynamic_update_slice(x, u, (np.maximum(i, 0), np.maximum(j, 0))),
     [(4, 5), (2, 3), _scalar(7), _scalar(-2)])
# equal keys: a stable sort keeps their order, and each tangent follows its own element
case("sort_ties_stable", O.Sort,
     lambda fb, x, y: fb.sort(["r0", "r1"], [x, y], _less(fb, [x.type.dtype, y.type.dtype]), 1, True),
     lambda x, y: tuple(lax.sort((x, y), dimension=1, is_stable=True, num_keys=1)),
     [Draw((2, 6), lambda rng, s: rng.integers(-1, 2, size=s).astype(float)), (2, 6)])
