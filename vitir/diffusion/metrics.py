"""Energy distance between point clouds, and its sampling-noise floor."""

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
