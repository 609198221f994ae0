"""Samplers compared at matched network evaluations (NFE), never matched steps.

Models are callables on float32 batches [m, ...] and one integer time index:
`eps_model(x, t_idx) -> eps_hat` for the VP schedule, `v_model(x, t_idx) -> v`
for the flow. Updates are float32 with float32-cast coefficients, as the
reference's elementwise helpers compute them.
"""

import numpy as np

from .rng import noise_rows
from .schedule import abar_c, beta_c, cosine_schedule, ddim_coefs, sig_c, t_of_abar
from .time_embed import flow_time_index, vp_time_index

SAMPLER_NFE = {"ddim": 1, "euler": 1, "heun": 2, "sde": 1}
FLOW_SAMPLER_NFE = {"fm-euler": 1, "fm-heun": 2}
TIME_GRIDS = ("uniform", "logabar", "logsnr")
TMAX = 1000
# The final DDIM step lands on 0.9999, not 1, which would send a = sqrt(abar_prev/abar_t) up.
LAST_ABAR_PREV = 0.9999

# Per-point noise seeds of the reference drivers: the start cloud, then step k's draw.
START_SEED_OFFSET = 7919
STEP_SEED_ROW = 131071
STEP_SEED_STEP = 8191
STEP_SEED_OFFSET = 17


def ddim_step(x: np.ndarray, eps: np.ndarray, a: float, b: float) -> np.ndarray:
    """a x + b eps in float32, with a and b cast to float32 first."""
    return (np.float32(a) * np.asarray(x, dtype=np.float32)
            + np.float32(b) * np.asarray(eps, dtype=np.float32))


def _axpy(y: np.ndarray, a: float, x: np.ndarray) -> np.ndarray:
    """y + (f32)a x in float32."""
    return y + np.float32(a) * x


def solver_steps(nfe: int, nfe_per_step: int) -> int:
    """Solver steps a budget of `nfe` evaluations buys."""
    return max(1, nfe // nfe_per_step)


def _noise_of_shape(shape, seeds: np.ndarray) -> np.ndarray:
    """Row i of the batch is sample_noise(row size, seeds[i])."""
    shape = tuple(shape)
    return noise_rows(seeds, int(np.prod(shape[1:]))).reshape(shape)


def start_noise(shape) -> np.ndarray:
    """The starting cloud: row i is sample_noise(row size, i + 7919)."""
    return _noise_of_shape(shape, np.arange(shape[0]) + START_SEED_OFFSET)


def step_noise(shape, k: int) -> np.ndarray:
    """Step k's fresh noise: row i is sample_noise(row size, 131071 i + 8191 k + 17)."""
    rows = np.arange(shape[0])
    return _noise_of_shape(shape, rows * STEP_SEED_ROW + k * STEP_SEED_STEP + STEP_SEED_OFFSET)


def _evaluate(model, x: np.ndarray, t_idx: int) -> np.ndarray:
    return np.asarray(model(x, int(t_idx)), dtype=np.float32).reshape(x.shape)


def sample_ddim(eps_model, x_init, nfe: int, eta: float = 0.0, abar=None) -> np.ndarray:
    """Generalised DDIM over `nfe` strided steps of the tabulated schedule.

    Step k goes from T-1 - k*stride to T-1 - (k+1)*stride, stride = T // nfe;
    the last step lands on abar_prev = 0.9999. eta = 1 is ancestral DDPM.
    """
    abar = cosine_schedule(TMAX) if abar is None else np.asarray(abar, dtype=np.float32)
    T = abar.size
    if not 1 <= nfe <= T:
        raise ValueError(f"DDIM needs 1 <= nfe <= {T}, got {nfe}")
    stride = T // nfe
    x = np.array(x_init, dtype=np.float32)
    for k in range(nfe):
        t_cur = T - 1 - k * stride
        t_prev = 0 if k + 1 == nfe else T - 1 - (k + 1) * stride
        eps_hat = _evaluate(eps_model, x, t_cur)
        abar_t = float(abar[t_cur])
        abar_prev = LAST_ABAR_PREV if t_prev == 0 else float(abar[t_prev])
        a, b, sigma = ddim_coefs(abar_t, abar_prev, eta)
        x = ddim_step(x, eps_hat, a, b)
        if sigma > 0.0:
            x = ddim_step(x, step_noise(x.shape, k), 1.0, sigma)
    return x


def vp_time_grid(steps: int, grid: str = "uniform", tmax: int = TMAX) -> np.ndarray:
    """steps + 1 times from (tmax-1)/tmax down to 1/tmax.

    Uniform in t, in -log abar ("logabar", which holds h*beta constant), or in
    log sigma ("logsnr"). The ends stop short of t = 0, where sigma = 0 and the
    drift divides by it.
    """
    t_hi = (tmax - 1) / tmax
    t_lo = 1.0 / tmax
    k = np.arange(steps + 1, dtype=np.float64)
    if grid == "uniform":
        return t_hi + (t_lo - t_hi) * k / steps
    if grid == "logabar":
        u_hi = -np.log(abar_c(t_hi))
        u_lo = -np.log(abar_c(t_lo))
        return t_of_abar(np.exp(-(u_hi + (u_lo - u_hi) * k / steps)))
    if grid == "logsnr":
        log_hi = np.log(sig_c(t_hi))
        log_lo = np.log(sig_c(t_lo))
        sigma = np.exp(log_hi + (log_lo - log_hi) * k / steps)
        return t_of_abar(1.0 - sigma * sigma)
    raise ValueError(f"time grid must be one of {TIME_GRIDS}, not {grid!r}")


def sample_vp(eps_model, x_init, nfe: int, solver: str = "euler",
              grid: str = "uniform", tmax: int = TMAX) -> np.ndarray:
    """The score-SDE family on an eps-net: score = -eps_hat / sigma.

    "euler" steps the probability-flow ODE dx/dt = -beta/2 (x - eps_hat/sigma),
    "heun" averages its drift at both ends, "sde" is Euler–Maruyama on the
    reverse SDE. The network sees round(tmax t) clamped to [0, tmax-1].
    """
    if solver not in ("euler", "heun", "sde"):
        raise ValueError(f"VP solver must be euler, heun or sde, not {solver!r}")
    steps = solver_steps(nfe, SAMPLER_NFE[solver])
    times = vp_time_grid(steps, grid, tmax)
    x = np.array(x_init, dtype=np.float32)
    for k in range(steps):
        t, t_next = float(times[k]), float(times[k + 1])
        h = t_next - t  # negative: the integration runs backwards
        beta1, sigma1 = float(beta_c(t)), float(sig_c(t))
        eps1 = _evaluate(eps_model, x, vp_time_index(t, tmax))
        if solver == "sde":
            x = ddim_step(x, eps1, 1.0 - h * 0.5 * beta1, h * beta1 / sigma1)
            x = ddim_step(x, step_noise(x.shape, k), 1.0, np.sqrt(beta1 * (-h)))
            continue
        x_euler = ddim_step(x, eps1, 1.0 - h * 0.5 * beta1, h * 0.5 * beta1 / sigma1)
        if solver == "euler":
            x = x_euler
            continue
        beta2, sigma2 = float(beta_c(t_next)), float(sig_c(t_next))
        eps2 = _evaluate(eps_model, x_euler, vp_time_index(t_next, tmax))
        # The two drifts are affine in different points, so accumulate term by term.
        acc = np.float32(1.0 - h * 0.25 * beta1) * x
        acc = _axpy(acc, h * 0.25 * beta1 / sigma1, eps1)
        acc = _axpy(acc, -(h * 0.25 * beta2), x_euler)
        x = _axpy(acc, h * 0.25 * beta2 / sigma2, eps2)
    return x


def sample_flow(v_model, x_init, nfe: int, solver: str = "fm-euler",
                tmax: int = TMAX) -> np.ndarray:
    """Euler or Heun (trapezoid) on dx/dt = v from t = 1 to 0, uniform in t.

    The network sees round(tmax t) clamped to [0, tmax].
    """
    if solver not in FLOW_SAMPLER_NFE:
        raise ValueError(f"flow solver must be one of {tuple(FLOW_SAMPLER_NFE)}, not {solver!r}")
    steps = solver_steps(nfe, FLOW_SAMPLER_NFE[solver])
    x = np.array(x_init, dtype=np.float32)
    for k in range(steps):
        t = 1.0 - k / steps
        t_next = 1.0 - (k + 1) / steps
        h = t_next - t
        v1 = _evaluate(v_model, x, flow_time_index(t, tmax))
        if solver == "fm-euler":
            x = _axpy(x, h, v1)
            continue
        v2 = _evaluate(v_model, _axpy(x, h, v1), flow_time_index(t_next, tmax))
        x = _axpy(_axpy(x, h * 0.5, v1), h * 0.5, v2)
    return x


def sample(sampler: str, model, x_init, nfe: int, eta: float = 0.0,
           grid: str = "uniform") -> np.ndarray:
    """Run any sampler by its name in SAMPLER_NFE or FLOW_SAMPLER_NFE."""
    if sampler == "ddim":
        return sample_ddim(model, x_init, nfe, eta)
    if sampler in SAMPLER_NFE:
        return sample_vp(model, x_init, nfe, sampler, grid)
    if sampler in FLOW_SAMPLER_NFE:
        return sample_flow(model, x_init, nfe, sampler)
    raise ValueError(f"unknown sampler {sampler!r}")
