"""Energy distance against a pair-by-pair oracle."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vitir.diffusion import energy_distance, energy_distance_floor
from vitir.diffusion.metrics import ED_MAX_POINTS, frechet_distance, frechet_distance_floor


def mean_pair_distance(a, b):
    return sum(math.dist(p, q) for p in a for q in b) / (len(a) * len(b))


def oracle(x, y):
    return 2 * mean_pair_distance(x, y) - mean_pair_distance(x, x) - mean_pair_distance(y, y)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(1, 3), st.integers(0, 10_000))
@settings(max_examples=60, deadline=None)
def test_energy_distance_matches_the_pairwise_oracle(nx, ny, dim, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((nx, dim))
    y = rng.standard_normal((ny, dim)) + 0.5
    assert energy_distance(x, y) == pytest.approx(oracle(x.tolist(), y.tolist()), abs=1e-12)


def test_larger_sides_are_subsampled_x_first():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((9, 2))
    y = rng.standard_normal((7, 2))
    pick = np.random.default_rng(0)
    x_kept = x[pick.choice(9, 5, replace=False)]
    y_kept = y[pick.choice(7, 5, replace=False)]
    assert energy_distance(x, y, max_points=5) == pytest.approx(
        oracle(x_kept.tolist(), y_kept.tolist()), abs=1e-12)
    assert ED_MAX_POINTS == 2048


def test_a_side_within_the_limit_is_kept_whole():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((4, 2))
    y = rng.standard_normal((7, 2))
    y_kept = y[np.random.default_rng(0).choice(7, 5, replace=False)]
    assert energy_distance(x, y, max_points=5) == pytest.approx(
        oracle(x.tolist(), y_kept.tolist()), abs=1e-12)


def test_energy_distance_of_a_cloud_with_itself_is_zero():
    x = np.random.default_rng(3).standard_normal((50, 2))
    assert energy_distance(x, x) == 0.0


def test_floor_is_the_distance_between_the_reference_halves():
    reference = np.random.default_rng(4).standard_normal((31, 2))
    assert energy_distance_floor(reference) == energy_distance(reference[:15], reference[15:])


def test_a_shifted_cloud_sits_far_above_the_floor():
    rng = np.random.default_rng(5)
    reference = rng.standard_normal((4000, 2))
    floor = energy_distance_floor(reference)
    assert energy_distance(rng.standard_normal((2000, 2)), reference) < 10 * floor
    assert energy_distance(rng.standard_normal((2000, 2)) + 0.5, reference) > 10 * floor


def test_frechet_distance_of_gaussians_matches_the_closed_form():
    """Against FID's usual formula with scipy's matrix square root on the same sample statistics, and
    near the population value of two Gaussians with diagonal covariances,
    |mu1 - mu2|^2 + sum (s1 + s2 - 2 sqrt(s1 s2))."""
    from scipy.linalg import sqrtm

    rng = np.random.default_rng(0)
    x = rng.standard_normal((4000, 3)) * [1.0, 2.0, 0.5] + [0.0, 1.0, -1.0]
    y = rng.standard_normal((3000, 3)) * [1.5, 1.0, 0.5] + [0.5, 1.0, 0.0]

    sx, sy = np.cov(x, rowvar=False), np.cov(y, rowvar=False)
    mu = x.mean(0) - y.mean(0)
    want = mu @ mu + np.trace(sx + sy - 2 * np.real(sqrtm(sx @ sy)))
    assert frechet_distance(x, y) == pytest.approx(want, rel=1e-9)
    population = (0.5 ** 2 + 0.0 + 1.0 ** 2) + (1 + 2.25 - 2 * 1.5) + (4 + 1 - 2 * 2) + 0.0
    assert frechet_distance(x, y) == pytest.approx(population, abs=0.15)


def test_frechet_distance_is_zero_on_itself_and_its_floor_small_for_one_distribution():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2000, 4))
    assert frechet_distance(x, x) == pytest.approx(0.0, abs=1e-9)
    assert 0.0 < frechet_distance_floor(x) < 0.05
    assert frechet_distance_floor(x) < frechet_distance(x, x + 0.5) / 10


@pytest.mark.parametrize("rank", [3, 8])
def test_frechet_distance_of_rank_deficient_features_with_themselves_is_zero_in_any_row_order(rank):
    # 13 features spanning `rank` directions, as a classifier's penultimate layer often does: the
    # eigenvalues of S^(1/2) S S^(1/2) near zero are rounding noise, whose square roots alone gave
    # about -1e-6; the rows permuted sum in another order, as another BLAS or core count would
    rng = np.random.default_rng(1)
    x = rng.standard_normal((200, rank)) @ rng.standard_normal((rank, 13))
    for _ in range(3):
        d = frechet_distance(x, x[rng.permutation(len(x))])
        assert 0.0 <= d <= 1e-11
