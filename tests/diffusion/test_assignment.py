"""The compiled assignment solver against scipy's and against brute force."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment
from scipy.spatial.distance import cdist

from vitir.diffusion import sample_noise, sample_target
from vitir.diffusion.assignment import _augment_from_prices, min_cost_assignment
from vitir.errors import DataError


def _total(cost, col_of_row):
    return float(cost[np.arange(len(cost)), col_of_row].sum())


def _scipy_cols(cost):
    return linear_sum_assignment(cost)[1]


def _assert_permutation(col_of_row, n):
    assert sorted(col_of_row.tolist()) == list(range(n))


def _instances():
    rng = np.random.default_rng(7)
    yield "uniform 64", rng.random((64, 64))
    yield "normal 200", rng.normal(size=(200, 200))
    yield "offset 1e9", 1e9 + rng.random((50, 50))
    yield "rectangular-ish scale", rng.random((33, 33)) * np.linspace(1, 1e4, 33)
    for name in ("eight_gaussians", "muller_brown"):
        x0 = sample_target(name, 256, 3)
        eps = sample_noise(512, 4).reshape(256, 2)
        yield f"{name} 256", cdist(eps.astype(np.float64), x0.astype(np.float64), "sqeuclidean")


@pytest.mark.parametrize("name,cost", list(_instances()), ids=lambda v: v if isinstance(v, str) else "")
def test_same_permutation_as_scipy_on_continuous_costs(name, cost):
    # Continuous random costs have one optimum almost surely.
    cols = min_cost_assignment(cost)
    assert cols.dtype == np.int64
    np.testing.assert_array_equal(cols, _scipy_cols(cost))


@pytest.mark.parametrize("n,levels", [(40, 2), (40, 5), (128, 3), (256, 10)])
def test_optimal_cost_with_many_ties(n, levels):
    cost = np.random.default_rng(n + levels).integers(0, levels, size=(n, n)).astype(np.float64)
    cols = min_cost_assignment(cost)
    _assert_permutation(cols, n)
    assert _total(cost, cols) == _total(cost, _scipy_cols(cost))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6).flatmap(
    lambda n: st.lists(st.integers(-4, 4), min_size=n * n, max_size=n * n).map(
        lambda v: np.array(v, dtype=np.float64).reshape(n, n))))
def test_matches_brute_force_on_small_integer_costs(cost):
    n = len(cost)
    brute = min(_total(cost, np.array(p)) for p in itertools.permutations(range(n)))
    cols = min_cost_assignment(cost)
    _assert_permutation(cols, n)
    assert _total(cost, cols) == brute


def test_phase_two_is_exact_from_any_prices():
    rng = np.random.default_rng(11)
    cost = rng.random((80, 80))
    expected = _total(cost, _scipy_cols(cost))
    for prices in (np.zeros(80), rng.normal(scale=10.0, size=80), -cost.min(axis=0)):
        cols = _augment_from_prices(cost, prices)
        _assert_permutation(cols, 80)
        assert _total(cost, cols) == pytest.approx(expected, rel=1e-13)


@pytest.mark.parametrize("bids_per_row", [0, 1, 3])
def test_capped_auction_still_exact(bids_per_row):
    cost = cdist(sample_noise(256, 5).reshape(128, 2).astype(np.float64),
                 sample_target("spiral", 128, 6).astype(np.float64), "sqeuclidean")
    np.testing.assert_array_equal(min_cost_assignment(cost, bids_per_row), _scipy_cols(cost))


def test_degenerate_sizes_and_flat_costs():
    assert min_cost_assignment(np.zeros((0, 0))).tolist() == []
    assert min_cost_assignment(np.array([[3.0]])).tolist() == [0]
    assert min_cost_assignment(np.full((5, 5), 2.5)).tolist() == [0, 1, 2, 3, 4]
    # Two identical rows: either order is optimal, the result must be a permutation.
    cost = np.array([[1.0, 2.0, 9.0], [1.0, 2.0, 9.0], [5.0, 5.0, 0.0]])
    cols = min_cost_assignment(cost)
    _assert_permutation(cols, 3)
    assert _total(cost, cols) == 3.0


@pytest.mark.parametrize("cost,message", [
    (np.zeros((3, 4)), r"must be a square matrix, got shape \(3, 4\)"),
    (np.zeros((2, 2, 2)), r"must be a square matrix, got shape \(2, 2, 2\)"),
    (np.array([[0.0, 1.0], [np.nan, 2.0]]), r"cost\[1, 0\] is nan; every cost must be finite"),
    (np.array([[0.0, np.inf], [1.0, 2.0]]), r"cost\[0, 1\] is inf"),
])
def test_bad_cost_matrices_are_named(cost, message):
    with pytest.raises(DataError, match=message):
        min_cost_assignment(cost)


def test_solver_compiles_without_a_writable_cache(monkeypatch):
    import numba

    from vitir.diffusion import assignment

    real_njit = numba.njit

    def njit_without_cache(**options):
        if options.get("cache"):
            raise RuntimeError("cannot cache function: no locator available")
        return real_njit(**options)

    monkeypatch.setattr(numba, "njit", njit_without_cache)
    solve = assignment.compiled(assignment._augment_from_prices.py_func)
    cost = np.random.default_rng(2).random((30, 30))
    np.testing.assert_array_equal(solve(cost, np.zeros(30)), _scipy_cols(cost))
