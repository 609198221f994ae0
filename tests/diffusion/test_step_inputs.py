"""DDPM and flow-matching step inputs: the oracle, the pairing, the shapes."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.diffusion import c_oracle
from vitir.diffusion import cosine_schedule, flow_step_inputs, step_inputs
from vitir.diffusion.ot import ot_pairing, pairing_cost

SCHEDULE = cosine_schedule(1000)


def batch(rows: int, width: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((rows, width)).astype(np.float32)


@given(st.integers(1, 6), st.integers(1, 7), st.integers(0, 2**64 - 1))
@settings(max_examples=40, deadline=None)
def test_step_inputs_match_the_oracle(rows, width, seed):
    # Odd widths check that each row drops its own last sine.
    x0 = batch(rows, width, seed % 1000)
    x_t, eps, t = step_inputs(x0, SCHEDULE, seed)
    want_x_t, want_eps, want_t = c_oracle.step_inputs(x0, SCHEDULE, seed)
    np.testing.assert_array_equal(t, want_t)
    np.testing.assert_array_equal(eps, want_eps)
    np.testing.assert_array_equal(x_t, want_x_t)


def test_step_inputs_keep_the_batch_shape():
    x0 = batch(8, 2 * 3 * 3, 0).reshape(8, 2, 3, 3)
    x_t, eps, t = step_inputs(x0, SCHEDULE, 11)
    assert x_t.shape == eps.shape == x0.shape and t.shape == (8,)
    assert x_t.dtype == eps.dtype == np.float32
    assert np.all((0 <= t) & (t < 1000))
    abar = SCHEDULE[t].astype(np.float64)[:, None, None, None]
    np.testing.assert_allclose(x_t, np.sqrt(abar) * x0 + np.sqrt(1 - abar) * eps, atol=1e-6)


@pytest.mark.parametrize("mode", [0, 1])
@given(rows=st.integers(1, 6), width=st.integers(1, 5), seed=st.integers(0, 2**64 - 1))
@settings(max_examples=30, deadline=None)
def test_flow_step_inputs_match_the_oracle(mode, rows, width, seed):
    # Odd rows * width checks that the normal pairs run across row boundaries.
    x0 = batch(rows, width, seed % 1000)
    eps_in = batch(rows, width, seed % 1000 + 1) if mode == 1 else None
    eps, t = c_oracle.flow_step_inputs(x0, eps_in, seed, 1000)
    want = c_oracle.flow_outputs(x0, eps, t, 1000)
    got = flow_step_inputs(x0, eps_in, seed, 1000, mode)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_minibatch_ot_reorders_the_independent_draw():
    x0 = batch(16, 2, 3)
    x_t0, v0, t0 = flow_step_inputs(x0, None, 42, 1000, 0)
    x_t2, v2, t2 = flow_step_inputs(x0, None, 42, 1000, 2)
    np.testing.assert_array_equal(t0, t2)
    eps0, eps2 = v0 + x0, v2 + x0
    sigma = ot_pairing(x0, eps0)
    np.testing.assert_allclose(eps2, eps0[sigma], atol=1e-6)
    assert pairing_cost(x0, eps0, sigma) <= pairing_cost(x0, eps0, np.arange(16)) + 1e-12


@given(st.integers(1, 6), st.integers(1, 3), st.integers(0, 10_000))
@settings(max_examples=60, deadline=None)
def test_ot_pairing_is_optimal_against_every_permutation(rows, width, seed):
    x0 = batch(rows, width, seed)
    eps = batch(rows, width, seed + 1) * 1.5
    best = min(pairing_cost(x0, eps, np.array(p)) for p in itertools.permutations(range(rows)))
    sigma = ot_pairing(x0, eps)
    assert sorted(sigma.tolist()) == list(range(rows))
    assert pairing_cost(x0, eps, sigma) == pytest.approx(best, rel=1e-12, abs=1e-12)


def test_flow_step_inputs_reject_a_bad_mode_or_missing_pairs():
    x0 = batch(2, 2, 0)
    with pytest.raises(ValueError):
        flow_step_inputs(x0, None, 0, 1000, 3)
    with pytest.raises(ValueError):
        flow_step_inputs(x0, None, 0, 1000, 1)
