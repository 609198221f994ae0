"""The continuous VP view of the cosine schedule, and the DDIM coefficients."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vitir.diffusion import abar_c, beta_c, cosine_schedule, ddim_coefs, sig_c, t_of_abar

times = st.floats(min_value=0.0, max_value=0.999)
abars = st.floats(min_value=1e-4, max_value=0.9999)
# (abar_t, abar_prev): a step moves toward less noise.
steps = st.tuples(abars, abars).map(sorted)


@given(times)
@settings(max_examples=200, deadline=None)
def test_t_of_abar_inverts_abar_c(t):
    assert t_of_abar(abar_c(t)) == pytest.approx(t, abs=1e-9)


@given(abars)
@settings(max_examples=200, deadline=None)
def test_abar_c_inverts_t_of_abar(ab):
    assert abar_c(t_of_abar(ab)) == pytest.approx(ab, rel=1e-9)


def test_abar_c_is_the_closed_form_of_the_table():
    table = cosine_schedule(1000).astype(np.float64)
    t = np.arange(1000)
    free = (table > 1e-4) & (table < np.float32(0.9999))
    np.testing.assert_allclose(abar_c(t[free] / 1000), table[free], rtol=1e-6)
    assert abar_c(0.0) == pytest.approx(1.0, abs=1e-15)


@given(st.floats(min_value=0.01, max_value=0.99))
@settings(max_examples=100, deadline=None)
def test_beta_is_minus_the_log_derivative_of_abar(t):
    h = 1e-6
    slope = -(np.log(abar_c(t + h)) - np.log(abar_c(t - h))) / (2 * h)
    assert beta_c(t) == pytest.approx(slope, rel=1e-6)


@given(times)
@settings(max_examples=100, deadline=None)
def test_sigma_and_abar_are_a_unit_pair(t):
    assert sig_c(t) ** 2 + abar_c(t) == pytest.approx(1.0, abs=1e-12)


@given(steps)
@settings(max_examples=200, deadline=None)
def test_ddim_coefs_at_eta_zero_are_the_closed_form(step):
    abar_t, abar_prev = step
    a, b, sigma = ddim_coefs(abar_t, abar_prev, 0.0)
    assert sigma == 0.0
    assert a == pytest.approx(np.sqrt(abar_prev / abar_t), rel=1e-12)
    assert b == pytest.approx(np.sqrt(1 - abar_prev) - a * np.sqrt(1 - abar_t), abs=1e-12)


@given(steps)
@settings(max_examples=200, deadline=None)
def test_ddim_at_eta_one_is_the_ddpm_posterior(step):
    # sigma^2 is the variance of q(x_prev | x_t, x0). With eps_hat the true noise,
    # x_prev = sqrt(abar_prev) x0 + (a sqrt(1 - abar_t) + b) eps + sigma z, and its
    # noise variance must come out as 1 - abar_prev.
    abar_t, abar_prev = step
    a, b, sigma = ddim_coefs(abar_t, abar_prev, 1.0)
    posterior = (1 - abar_prev) / (1 - abar_t) * (1 - abar_t / abar_prev)
    assert sigma**2 == pytest.approx(posterior, rel=1e-9, abs=1e-15)
    noise_coefficient = a * np.sqrt(1 - abar_t) + b
    assert noise_coefficient**2 + sigma**2 == pytest.approx(1 - abar_prev, rel=1e-9, abs=1e-12)
