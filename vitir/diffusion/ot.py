"""Minibatch optimal transport: pair data rows with noise rows at least cost."""

import numpy as np
from scipy.spatial.distance import cdist

from .assignment import min_cost_assignment


def ot_pairing(x0: np.ndarray, eps: np.ndarray) -> np.ndarray:
    """The permutation sigma minimising sum_i |x0_i - eps_sigma(i)|^2.

    Rows are flattened; returns sigma as int64, so eps[sigma] is eps in x0's
    row order.
    """
    rows = x0.shape[0]
    x0_rows = np.asarray(x0, dtype=np.float64).reshape(rows, -1)
    eps_rows = np.asarray(eps, dtype=np.float64).reshape(rows, -1)
    cost = cdist(eps_rows, x0_rows, "sqeuclidean")
    # Noise rows bid for data columns: fewer auction bids than the transpose
    # on clustered data (same optimum either way).
    x0_of_eps = min_cost_assignment(cost)
    sigma = np.empty(rows, dtype=np.int64)
    sigma[x0_of_eps] = np.arange(rows)
    return sigma


def pairing_cost(x0: np.ndarray, eps: np.ndarray, sigma: np.ndarray) -> float:
    """sum_i |x0_i - eps_sigma(i)|^2 in float64."""
    rows = x0.shape[0]
    diff = (np.asarray(x0, dtype=np.float64).reshape(rows, -1)
            - np.asarray(eps, dtype=np.float64).reshape(rows, -1)[sigma])
    return float(np.sum(diff * diff))
