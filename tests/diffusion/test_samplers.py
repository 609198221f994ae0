"""Samplers: the DDIM update by hand, exact recovery, NFE accounting, convergence."""

import numpy as np
import pytest

from vitir.diffusion import (
    FLOW_SAMPLER_NFE,
    SAMPLER_NFE,
    abar_c,
    cosine_schedule,
    ddim_step,
    sample,
    sample_ddim,
    sample_noise,
    sig_c,
    start_noise,
    step_noise,
    vp_time_grid,
)

TABLE = cosine_schedule(1000).astype(np.float64)


def test_ddim_step_by_hand():
    x = np.array([1.0, -2.0, 0.5], np.float32)
    eps = np.array([0.25, 1.0, -3.0], np.float32)
    a, b = 1.1, -0.3
    want = [np.float32(a) * x[i] + np.float32(b) * eps[i] for i in range(3)]
    np.testing.assert_array_equal(ddim_step(x, eps, a, b), np.array(want, np.float32))


def true_noise_model(x0: np.ndarray):
    """eps_hat(x, t) = the exact noise that takes x0 to x at abar[t]."""
    def eps_model(x, t_idx):
        ab = TABLE[t_idx]
        return (x.astype(np.float64) - np.sqrt(ab) * x0) / np.sqrt(1.0 - ab)
    return eps_model


@pytest.mark.parametrize("nfe", [1, 3, 10, 50, 1000])
def test_ddim_with_the_true_noise_recovers_x0(nfe):
    # If eps_hat is the exact noise of x about x0, the update
    # a x + b eps_hat = sqrt(abar_prev) x0 + sqrt(1 - abar_prev) eps_hat
    # keeps the same noise eps_T at every step. The last step lands on
    # abar_prev = 0.9999, so at any NFE the result is
    # sqrt(0.9999) x0 + 0.01 eps_T, and the implied x0 is x0 itself.
    rng = np.random.default_rng(0)
    x0 = rng.standard_normal((64, 2))
    x_T = start_noise((64, 2))
    eps_T = (x_T - np.sqrt(TABLE[999]) * x0) / np.sqrt(1.0 - TABLE[999])
    x = sample_ddim(true_noise_model(x0), x_T, nfe)
    # Tolerance: from abar = 1e-4 the first step's a is about 100, which
    # scales the float32 rounding of the update by as much.
    np.testing.assert_allclose(x, np.sqrt(0.9999) * x0 + 0.01 * eps_T, atol=1e-4)
    np.testing.assert_allclose((x - 0.01 * eps_T) / np.sqrt(0.9999), x0, atol=1e-4)


class Recorder:
    def __init__(self, model):
        self.model = model
        self.indices = []

    def __call__(self, x, t_idx):
        assert isinstance(t_idx, int) and x.dtype == np.float32
        self.indices.append(t_idx)
        return self.model(x, t_idx)


def zero_model(x, t_idx):
    return np.zeros_like(x)


@pytest.mark.parametrize("sampler", list(SAMPLER_NFE) + list(FLOW_SAMPLER_NFE))
@pytest.mark.parametrize("nfe", [1, 2, 7, 50])
def test_samplers_spend_their_nfe_budget(sampler, nfe):
    per_step = {**SAMPLER_NFE, **FLOW_SAMPLER_NFE}[sampler]
    recorder = Recorder(zero_model)
    sample(sampler, recorder, start_noise((4, 2)), nfe)
    assert len(recorder.indices) == max(1, nfe // per_step) * per_step
    top = 1000 if sampler in FLOW_SAMPLER_NFE else 999
    assert recorder.indices[0] == top
    assert all(0 <= i <= top for i in recorder.indices)


def test_ddim_strides_down_the_table():
    recorder = Recorder(zero_model)
    sample_ddim(recorder, start_noise((2, 2)), 3)
    assert recorder.indices == [999, 666, 333]


def test_ddim_rejects_more_steps_than_the_table():
    with pytest.raises(ValueError):
        sample_ddim(zero_model, start_noise((2, 2)), 1001)


def test_unknown_sampler_or_grid_is_refused():
    with pytest.raises(ValueError):
        sample("rk4", zero_model, start_noise((2, 2)), 10)
    with pytest.raises(ValueError):
        sample("euler", zero_model, start_noise((2, 2)), 10, grid="cosine")


def test_time_grids():
    for grid in ("uniform", "logabar", "logsnr"):
        times = vp_time_grid(8, grid)
        assert times[0] == pytest.approx(0.999, abs=1e-12)
        assert times[-1] == pytest.approx(0.001, abs=1e-12)
        assert np.all(np.diff(times) < 0)
    assert np.allclose(np.diff(vp_time_grid(8, "uniform")), -0.998 / 8)
    assert np.allclose(np.diff(-np.log(abar_c(vp_time_grid(8, "logabar")))),
                       np.diff(-np.log(abar_c(vp_time_grid(8, "logabar"))))[0])
    assert np.allclose(np.diff(np.log(sig_c(vp_time_grid(8, "logsnr")))),
                       np.diff(np.log(sig_c(vp_time_grid(8, "logsnr"))))[0])


def test_noise_seeds_follow_the_reference_drivers():
    start = start_noise((3, 2))
    for i in range(3):
        np.testing.assert_array_equal(start[i], sample_noise(2, i + 7919))
    fresh = step_noise((3, 1, 2, 2), 5)
    for i in range(3):
        np.testing.assert_array_equal(fresh[i].ravel(), sample_noise(4, i * 131071 + 5 * 8191 + 17))


# A Gaussian target x0 ~ N(MU, S^2) per coordinate has closed-form predictions:
# x_t ~ N(sqrt(ab) MU, ab S^2 + 1 - ab), E[eps | x_t] = sqrt(1-ab) (x_t - sqrt(ab) MU) / var,
# and on the flow path x_t = (1-t) x0 + t eps, E[v | x_t] = E[eps | x_t] - E[x0 | x_t].
MU, S = 0.7, 0.3


def gaussian_eps(x, t_idx):
    ab = TABLE[t_idx]
    return np.sqrt(1 - ab) * (x - np.sqrt(ab) * MU) / (ab * S * S + 1 - ab)


def gaussian_velocity(x, t_idx):
    t = t_idx / 1000
    var = (1 - t) ** 2 * S * S + t * t
    centred = x - (1 - t) * MU
    return t / var * centred - (MU + (1 - t) * S * S / var * centred)


def moment_error(x):
    return max(abs(float(x.mean()) - MU), abs(float(x.std()) - S))


@pytest.mark.parametrize("sampler, options", [
    ("ddim", {}), ("ddim", {"eta": 1.0}), ("ddim", {"eta": 0.25}),
    ("euler", {}), ("heun", {}), ("sde", {}), ("fm-euler", {}), ("fm-heun", {}),
])
def test_samplers_converge_to_a_gaussian_target(sampler, options):
    model = gaussian_velocity if sampler in FLOW_SAMPLER_NFE else gaussian_eps
    x_T = start_noise((4096, 2))
    coarse = moment_error(sample(sampler, model, x_T, 10, **options))
    fine = moment_error(sample(sampler, model, x_T, 200, **options))
    assert fine < 0.02
    assert fine < coarse


@pytest.mark.parametrize("sampler", ["euler", "heun", "sde"])
@pytest.mark.parametrize("grid", ["logabar", "logsnr"])
def test_other_grids_improve_with_nfe(sampler, grid):
    x_T = start_noise((1024, 2))
    coarse = moment_error(sample(sampler, gaussian_eps, x_T, 10, grid=grid))
    fine = moment_error(sample(sampler, gaussian_eps, x_T, 400, grid=grid))
    assert np.isfinite(fine) and fine < coarse
