"""JAX programs that move data by computed indices (jnp.take, x[i, j], take_along_axis in a
cross-entropy, x.at[i].add/set/max, argsort, sort, flip, lax.dynamic_slice and
dynamic_update_slice) and their gradients: lowered by JAX, their text read back by xDSL byte for
byte, imported into vitir's AST, printed in vitir's format, and run through PJRT and the numpy
evaluator with JAX's results."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

ROWS = np.array([4, -1, 2, 2], np.int32)  # a negative index counts from the end; a repeated one sums


def cross_entropy(logits, labels):
    """Mean negative log-likelihood of the labels, picked by take_along_axis (a gather with batching dims)."""
    log_p = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(log_p, labels[:, None], axis=1))


def take_rows(x, rows):
    return jnp.take(x, rows, axis=0), x[rows[:, None], rows[None, :2]]  # a gather of rows, a gather of pairs


def scatters(x, rows):
    return x.at[rows].add(1.5), x.at[rows].set(-2.0), x.at[rows].max(0.25), x.at[rows, 1].mul(3.0)


def sorting(x):
    return jnp.sort(x, axis=0), jnp.argsort(x, axis=1), lax.sort((x[:, 0], x[:, 1]), num_keys=1)


def dynamic_slicing(x, u, row, col):
    return lax.dynamic_slice(x, (row, col), (2, 3)), lax.dynamic_update_slice(x, u, (col, row)), x[row, col]


def sort_loss(x):
    """A loss through sort (its gradient gathers by the sorting permutation)."""
    return jnp.sum(jnp.sort(x, axis=1) * jnp.arange(x.shape[1], dtype=x.dtype))


def gathered_loss(x, rows):
    return jnp.sum(jnp.take(x, rows, axis=0) ** 2)


def scattered_loss(x, u, rows):
    return jnp.sum(jnp.tanh(x.at[rows].add(u)) * x)


def sliced_loss(x, row):
    return jnp.sum(jnp.sin(lax.dynamic_slice(x, (row, 1), (2, 3))))


def f32(*shape):
    return ("f32", shape)


def rows(values):
    return ("given", np.asarray(values, np.int32))


# name -> (function, arguments, ops the import must hold)
CASES = {
    "take": (take_rows, [f32(5, 4), rows(ROWS)], ["stablehlo.gather"]),
    "scatter": (scatters, [f32(5, 4), rows(ROWS)], ["stablehlo.scatter"]),
    "sort": (sorting, [f32(5, 4)], ["stablehlo.sort"]),
    "flip": (lambda x: (jnp.flip(x, 0), jnp.flip(x)), [f32(5, 4)], ["stablehlo.reverse"]),
    "dynamic": (dynamic_slicing, [f32(5, 4), f32(2, 3), rows(3), rows(-1)],
                ["stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"]),
    "cross_entropy": (cross_entropy, [f32(6, 10), rows([1, 3, 9, 0, 3, 7])], ["stablehlo.gather"]),
    "cross_entropy_grad": (jax.grad(cross_entropy), [f32(6, 10), rows([1, 3, 9, 0, 3, 7])], ["stablehlo.scatter"]),
    "take_grad": (jax.grad(gathered_loss), [f32(5, 4), rows(ROWS)], ["stablehlo.scatter"]),
    "scatter_grad": (jax.grad(scattered_loss, argnums=(0, 1)), [f32(5, 4), f32(4, 4), rows(ROWS)],
                     ["stablehlo.scatter", "stablehlo.gather"]),
    "sort_grad": (jax.grad(sort_loss), [f32(3, 6)], ["stablehlo.sort"]),
    "flip_grad": (jax.grad(lambda x: jnp.sum(jnp.flip(x, 1) ** 3 * jnp.arange(4.0))), [f32(5, 4)],
                  ["stablehlo.reverse"]),
    "dynamic_grad": (jax.grad(sliced_loss), [f32(5, 4), rows(2)],
                     ["stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"]),
}


def arguments(case: str) -> list[np.ndarray]:
    rng = np.random.default_rng(len(case))
    out = []
    for kind, value in CASES[case][1]:
        out.append(rng.normal(size=value).astype(np.float32) if kind == "f32" else value)
    return out


def normalized(text: str) -> str:
    """The text with every SSA name replaced by `%`, so that ops, attributes and types compare."""
    return re.sub(r"%[\w#]+", "%", text)


def check_against_jax(fn, args, text: str) -> None:
    want = jax.jit(fn)(*args)
    want = [np.asarray(w) for w in jax.tree_util.tree_leaves(want)]
    ran = compile_module(text).run(*args)
    evaluated = evaluate(import_text(text), *args)
    for w, r, e in zip(want, ran, evaluated, strict=True):
        assert r.dtype == w.dtype and e.dtype == w.dtype
        np.testing.assert_allclose(r, w, rtol=2e-6, atol=2e-6)
        np.testing.assert_allclose(e, w, rtol=2e-6, atol=2e-6)


@pytest.mark.parametrize("case", list(CASES))
def test_jax_program_round_trips_imports_and_runs_like_jax(case):
    fn, _, ops = CASES[case]
    args = arguments(case)
    lowered = jax.jit(fn).lower(*args)
    text = lowered.as_text(debug_info=False)
    for op in ops:
        assert op in text, op
    assert roundtrip(text) == text  # JAX's pretty text, byte for byte through xDSL
    vitir_text = print_module(import_text(text))
    assert print_module(import_text(vitir_text)) == vitir_text
    check_against_jax(fn, args, vitir_text)
    generic = lowered.compiler_ir("stablehlo").operation.get_asm(print_generic_op_form=True)
    assert normalized(print_module(import_text(generic))) == normalized(vitir_text)  # the same ops, other names


def test_sort_orders_nan_and_signed_zeros_as_jax_does():
    """argsort's comparator compares by TOTALORDER after mapping -0 to 0 and every NaN to one NaN."""
    x = np.array([[np.nan, 1.0, -0.0, 0.0, -np.inf, 1.0], [3.0, -np.nan, 2.0, np.inf, -1.0, 0.0]], np.float32)
    fn = lambda v: (jnp.argsort(v, axis=1), jnp.sort(v, axis=1))  # noqa: E731
    check_against_jax(fn, [x], print_module(import_text(jax.jit(fn).lower(x).as_text())))
