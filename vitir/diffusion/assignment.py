"""Minimum-cost perfect assignment of a dense square cost matrix.

Two compiled phases:

1. an epsilon-scaling auction (Bertsekas) that raises column prices until
   they are close to optimal dual values;
2. shortest augmenting paths (Jonker and Volgenant's augmentation) started
   from those prices, which returns an exact optimum whatever the prices were.

The auction is only a heuristic for the prices: it is capped, and a bad or
degenerate instance costs time, never correctness. With near-optimal prices
most rows take their cheapest column at once and the augmenting paths are
short, which is why the pair beats one shortest-augmenting-path solve from
zero prices on the clustered 2-D batches of minibatch OT.
"""

import numba
import numpy as np

from vitir.errors import DataError

# Auction epsilon schedule, in units of (cost range) / n.
EPS_START = 1.0
EPS_FINAL = 1e-3
EPS_SHRINK = 5.0
# Bids allowed per row before the auction hands over to phase 2 as it stands.
MAX_BIDS_PER_ROW = 200


def compiled(fn):
    """fn compiled without the GIL, cached on disk where a cache can be written
    (the first compile takes about a second); else compiled in each process."""
    try:
        return numba.njit(cache=True, nogil=True)(fn)
    except RuntimeError:  # numba found no writable cache location
        return numba.njit(nogil=True)(fn)


@compiled
def _auction_prices(cost, eps_start, eps_final, shrink, max_bids):
    """Column prices after epsilon-scaling auction phases (Gauss-Seidel bids).

    `cost` must be non-negative. A row's value for column j is cost[i, j] +
    price[j]; each bid takes the row's best column and raises its price by
    (second best - best) + eps.

    The best two are found on integer keys: non-negative doubles order like
    their bit patterns read as int64, and integer min reductions vectorise
    where float ones do not. The low bits of a key hold the column, so one
    minimum gives value and column; the values lose those mantissa bits,
    which only blurs the prices, never the final assignment.
    """
    n = cost.shape[0]
    price = np.zeros(n)
    owner = np.empty(n, np.int64)
    queue = np.empty(n + 1, np.int64)  # ring buffer of rows without a column
    values = np.empty(n)
    keys = values.view(np.int64)
    col_bits = 1
    while (1 << col_bits) < n:
        col_bits += 1
    col_mask = (1 << col_bits) - 1
    no_key = np.iinfo(np.int64).max
    eps = eps_start
    bids = 0
    while True:
        for j in range(n):
            owner[j] = -1
            queue[j] = j
        head = 0
        tail = n
        waiting = n
        while waiting > 0:
            if bids >= max_bids:
                return price
            row = queue[head]
            head = (head + 1) % (n + 1)
            waiting -= 1
            row_cost = cost[row]
            for j in range(n):
                values[j] = row_cost[j] + price[j]
            best_key = no_key
            for j in range(n):
                key = (keys[j] & ~col_mask) | j
                keys[j] = key
                best_key = min(best_key, key)
            second_key = no_key
            for j in range(n):
                key = keys[j]
                second_key = min(second_key, no_key if key == best_key else key)
            best_col = best_key & col_mask
            second_col = second_key & col_mask
            best = row_cost[best_col] + price[best_col]
            second = row_cost[second_col] + price[second_col]
            price[best_col] += max(second - best, 0.0) + eps
            bids += 1
            evicted = owner[best_col]
            owner[best_col] = row
            if evicted >= 0:
                queue[tail] = evicted
                tail = (tail + 1) % (n + 1)
                waiting += 1
        if eps <= eps_final:
            return price
        eps = max(eps / shrink, eps_final)


@compiled
def _augment_from_prices(cost, price):
    """The optimal column of every row, by shortest augmenting paths.

    Column potentials start at -price; every matched edge is kept tight (the
    row's cheapest reduced cost), so reduced costs stay non-negative and each
    search is a Dijkstra over columns.
    """
    n = cost.shape[0]
    potential = -price
    col_of_row = np.full(n, -1, np.int64)
    row_of_col = np.full(n, -1, np.int64)
    free_rows = np.empty(n, np.int64)
    n_free = 0
    # Each row takes its cheapest column if nobody holds it yet.
    for i in range(n):
        best = np.inf
        best_col = 0
        for j in range(n):
            reduced = cost[i, j] - potential[j]
            if reduced < best:
                best = reduced
                best_col = j
        if row_of_col[best_col] < 0:
            row_of_col[best_col] = i
            col_of_row[i] = best_col
        else:
            free_rows[n_free] = i
            n_free += 1

    dist = np.empty(n)
    pred = np.empty(n, np.int64)
    # cols[:low] are scanned, cols[low:up] are at the current minimum
    # distance and wait for a scan, cols[up:] are not yet reached.
    cols = np.empty(n, np.int64)
    for k in range(n_free):
        start = free_rows[k]
        for j in range(n):
            dist[j] = cost[start, j] - potential[j]
            pred[j] = start
            cols[j] = j
        low = 0
        up = 0
        ready = 0  # cols[:ready] are final and get their potential raised
        nearest = 0.0
        end = -1
        while end < 0:
            if up == low:
                ready = low
                nearest = dist[cols[up]]
                up += 1
                for m in range(up, n):
                    j = cols[m]
                    if dist[j] <= nearest:
                        if dist[j] < nearest:
                            up = low
                            nearest = dist[j]
                        cols[m] = cols[up]
                        cols[up] = j
                        up += 1
                for m in range(low, up):
                    if row_of_col[cols[m]] < 0:
                        end = cols[m]
                        break
                if end >= 0:
                    break
            scanned = cols[low]
            low += 1
            row = row_of_col[scanned]
            row_offset = cost[row, scanned] - potential[scanned] - nearest
            for m in range(up, n):
                j = cols[m]
                through = cost[row, j] - potential[j] - row_offset
                if through < dist[j]:
                    pred[j] = row
                    if through == nearest:
                        if row_of_col[j] < 0:
                            end = j
                            break
                        cols[m] = cols[up]
                        cols[up] = j
                        up += 1
                    dist[j] = through
        for m in range(ready):
            j = cols[m]
            potential[j] += dist[j] - nearest
        while True:
            row = pred[end]
            row_of_col[end] = row
            previous = col_of_row[row]
            col_of_row[row] = end
            end = previous
            if row == start:
                break
    return col_of_row


def min_cost_assignment(cost: np.ndarray, max_bids_per_row: int = MAX_BIDS_PER_ROW) -> np.ndarray:
    """col_of_row minimising sum_i cost[i, col_of_row[i]] over permutations.

    `cost` is a finite square matrix (converted to float64). The result is
    an exact optimum; where several permutations tie, which one is returned
    is unspecified.
    """
    cost = np.asarray(cost)
    if cost.ndim != 2 or cost.shape[0] != cost.shape[1]:
        raise DataError(f"min_cost_assignment: cost must be a square matrix, got shape {cost.shape}")
    cost = np.ascontiguousarray(cost, dtype=np.float64)
    n = cost.shape[0]
    if n <= 1:
        return np.zeros(n, dtype=np.int64)
    if not np.isfinite(cost).all():
        bad = tuple(int(k) for k in np.argwhere(~np.isfinite(cost))[0])
        raise DataError(f"min_cost_assignment: cost{list(bad)} is {cost[bad]}; every cost must be finite")
    low = float(cost.min())
    unit = (float(cost.max()) - low) / n
    if unit == 0.0:
        return np.arange(n, dtype=np.int64)  # every permutation costs the same
    # A constant shift changes no optimum and makes every cost non-negative,
    # as the auction's integer keys need.
    shifted = cost - low
    price = _auction_prices(shifted, EPS_START * unit, EPS_FINAL * unit, EPS_SHRINK, max_bids_per_row * n)
    return _augment_from_prices(shifted, price)
