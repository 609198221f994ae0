"""Energy distance between point clouds and the Frechet distance between their
Gaussian fits, each with its sampling-noise floor."""

import numpy as np
from scipy.spatial.distance import cdist

ED_MAX_POINTS = 2048
ED_SEED = 0


def _as_points(x) -> np.ndarray:
    x = np.asarray(x, dtype=np.float64)
    return x.reshape(x.shape[0], -1)


def _subsample(x: np.ndarray, max_points: int, rng: np.random.Generator) -> np.ndarray:
    if x.shape[0] <= max_points:
        return x
    return x[rng.choice(x.shape[0], max_points, replace=False)]


def _mean_distance(a: np.ndarray, b: np.ndarray) -> float:
    return float(cdist(a, b).mean())


def energy_distance(x, y, max_points: int = ED_MAX_POINTS, seed: int = ED_SEED) -> float:
    """ED = 2 E|X-Y| - E|X-X'| - E|Y-Y'| (Euclidean V-statistic, diagonals included).

    A side with more than `max_points` rows is subsampled without replacement
    by one numpy default_rng(seed), x first.
    """
    rng = np.random.default_rng(seed)
    x = _subsample(_as_points(x), max_points, rng)
    y = _subsample(_as_points(y), max_points, rng)
    return 2.0 * _mean_distance(x, y) - _mean_distance(x, x) - _mean_distance(y, y)


def energy_distance_floor(reference, max_points: int = ED_MAX_POINTS,
                          seed: int = ED_SEED) -> float:
    """ED between the two halves of a reference sample: what sampling noise alone gives."""
    reference = _as_points(reference)
    half = reference.shape[0] // 2
    return energy_distance(reference[:half], reference[half:], max_points, seed)


def _root(s: np.ndarray) -> np.ndarray:
    """The symmetric square root of a covariance, its rounding-negative eigenvalues taken as 0."""
    vals, vecs = np.linalg.eigh(s)
    return (vecs * np.sqrt(np.clip(vals, 0.0, None))) @ vecs.T


def frechet_distance(x, y) -> float:
    """|mu_x - mu_y|^2 + Tr(S_x + S_y - 2 (S_x S_y)^(1/2)) of the Gaussians fitted
    to the rows of x and y (sample means, covariances with n - 1), as FID
    computes it on a network's features. The trace of the root is the sum of
    the singular values of S_x^(1/2) S_y^(1/2) (the eigenvalues of S_x^(1/2) S_y
    S_x^(1/2) are their squares): reading it from those eigenvalues would take
    square roots of rounding noise near zero, an error of about sqrt(eps), and
    could make the distance of a set to itself negative (-2.4e-9 on one BLAS).
    The distance is a squared Wasserstein distance, never negative: what
    rounding leaves below zero is zero."""
    x, y = _as_points(x), _as_points(y)
    if min(len(x), len(y)) < 2:
        raise ValueError("the Frechet distance needs at least 2 rows on each side")
    mu = x.mean(axis=0) - y.mean(axis=0)
    sx, sy = np.atleast_2d(np.cov(x, rowvar=False)), np.atleast_2d(np.cov(y, rowvar=False))
    trace_root = float(np.sum(np.linalg.svd(_root(sx) @ _root(sy), compute_uv=False)))
    return max(0.0, float(mu @ mu + np.trace(sx) + np.trace(sy) - 2.0 * trace_root))


def frechet_distance_floor(reference) -> float:
    """The Frechet distance between the two halves of a reference sample."""
    reference = _as_points(reference)
    half = reference.shape[0] // 2
    return frechet_distance(reference[:half], reference[half:])
