"""Per-training-step inputs: DDPM noising and the flow-matching interpolant."""

import numpy as np

from .ot import ot_pairing
from .rng import XorShift64, box_muller, draws_for_normals, splitmix_seed, xor_seed
from .time_embed import round_half_away

FLOW_INDEPENDENT = 0
FLOW_REFLOW = 1
FLOW_MINIBATCH_OT = 2


def _rows(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    return x.reshape(x.shape[0], -1)


def step_inputs(x0: np.ndarray, abar: np.ndarray, seed: int):
    """(x_t, eps, t) for a batch x0 [B, ...] and the schedule table abar [T].

    Per row: t = (raw state) mod T, drawn before that row's normals; then the
    row's normals by Box–Muller. x_t = sqrt(abar_t) x0 + sqrt(1 - abar_t) e is
    formed in float64 with the unrounded e; eps is e rounded to float32.
    """
    x0_rows = _rows(x0)
    rows, width = x0_rows.shape
    abar = np.asarray(abar, dtype=np.float32)
    per_row = 1 + draws_for_normals(width)
    raw = XorShift64(xor_seed(seed)).next_raw(rows * per_row).reshape(rows, per_row)
    t = (raw[:, 0] % np.uint64(abar.size)).astype(np.int32)
    e = box_muller(raw[:, 1:], width)
    abar_t = abar[t].astype(np.float64)[:, None]
    x_t = np.sqrt(abar_t) * x0_rows.astype(np.float64) + np.sqrt(1.0 - abar_t) * e
    shape = np.shape(x0)
    return x_t.astype(np.float32).reshape(shape), e.astype(np.float32).reshape(shape), t


def flow_step_inputs(x0: np.ndarray, eps_in, seed: int, tmax: int, mode: int):
    """(x_t, v, t_idx) on the linear path x_t = (1-t) x0 + t eps, v = eps - x0.

    mode 0 draws eps (one Box–Muller stream over the whole batch, rounded to
    float32); mode 1 takes eps_in (reflow's fixed pairs) and uses the stream
    only for t; mode 2 draws eps, then reorders it into x0's row order by the
    minimum-cost pairing. Then per row t ~ U[0, 1) and t_idx = lround(t tmax),
    which can equal tmax.
    """
    x0_rows = _rows(x0)
    rows, width = x0_rows.shape
    stream = XorShift64(splitmix_seed(seed))
    if mode in (FLOW_INDEPENDENT, FLOW_MINIBATCH_OT):
        total = rows * width
        normals = box_muller(stream.next_raw(draws_for_normals(total)), total)
        eps = normals.astype(np.float32).reshape(rows, width)
    elif mode == FLOW_REFLOW:
        if eps_in is None or np.size(eps_in) != x0_rows.size:
            raise ValueError("mode 1 needs eps_in with as many values as x0")
        eps = _rows(np.reshape(eps_in, (rows, -1)))
    else:
        raise ValueError(f"flow mode must be 0, 1 or 2, not {mode}")
    if mode == FLOW_MINIBATCH_OT:
        eps = eps[ot_pairing(x0_rows, eps)]
    t = stream.uniforms(rows)
    t_idx = round_half_away(t * float(tmax)).astype(np.int32)
    x0_wide = x0_rows.astype(np.float64)
    eps_wide = eps.astype(np.float64)
    x_t = (1.0 - t)[:, None] * x0_wide + t[:, None] * eps_wide
    shape = np.shape(x0)
    v = (eps_wide - x0_wide).astype(np.float32).reshape(shape)
    return x_t.astype(np.float32).reshape(shape), v, t_idx
