"""Reverse mode through loops JAX cannot differentiate in reverse: a while whose trip count
depends on an input, checked against JAX's forward mode (jax.jacfwd); the tape's bound."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

from vitir.autodiff import value_and_grad  # noqa: E402
from vitir.evaluate import evaluate  # noqa: E402
from vitir.mlir import import_text  # noqa: E402

from .harness import rel_err  # noqa: E402


def _doubling(x, w):
    """Doubles h until its norm passes 10: the trip count depends on x."""
    def body(state):
        h, i = state
        return jnp.tanh(w @ h) + 2.0 * h, i + 1
    h, trips = lax.while_loop(lambda s: jnp.sum(s[0] * s[0]) < 100.0, body, (x, 0))
    return jnp.sum(h * x) + trips.astype(h.dtype)


def _program():
    rng = np.random.default_rng(3)
    x, w = rng.normal(size=(3,)) * 0.1, rng.normal(size=(3, 3))
    with jax.enable_x64(True):
        text = jax.jit(_doubling).lower(x, w).as_text()
    return import_text(text).main, x, w


def test_reverse_mode_through_a_while_with_a_data_dependent_trip_count():
    fn, x, w = _program()
    with jax.enable_x64(True):
        with pytest.raises(ValueError, match="Reverse-mode differentiation does not work"):
            jax.grad(_doubling)(x, w)
        want = jax.jacfwd(_doubling, argnums=(0, 1))(x, w)
        value = _doubling(x, w)
    got = evaluate(value_and_grad(fn), x, w)
    assert rel_err(got[0], value) <= 1e-12
    for g, expected in zip(got[1:], want):
        assert rel_err(g, expected) <= 1e-10


def test_more_trips_than_the_tape_holds_give_nan():
    fn, x, w = _program()
    got = evaluate(value_and_grad(fn, max_trips=2), x, w)
    assert np.isfinite(got[0])
    assert all(np.isnan(g).all() for g in got[1:])
