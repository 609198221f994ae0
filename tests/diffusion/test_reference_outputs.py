"""vitir.diffusion against the outputs of the reference's own C helpers.

Every float there is a float32 printed with 9 significant digits, so equality
is bit equality.
"""

import numpy as np
import pytest

from vitir.diffusion import (
    cosine_schedule,
    ddim_step,
    flow_step_inputs,
    prepend_sincos_t,
    prepend_t_channel,
    prepend_t_channel_scalar,
    sample_noise,
    step_inputs,
)
from vitir.diffusion.ot import ot_pairing
from vitir.diffusion.rng import XorShift64, box_muller, draws_for_normals, xor_seed


NOISE_CASES = ["sample_noise_n7_seed0", "sample_noise_n7_seed1", "sample_noise_n16_seed7"]


def f32(values):
    return np.asarray(values, dtype=np.float32)


def assert_bits_equal(actual, expected):
    np.testing.assert_array_equal(f32(actual).ravel(), f32(expected))


def test_cosine_schedule_T10(reference_cases):
    case = reference_cases["cosine_schedule_T10"]
    assert_bits_equal(cosine_schedule(10), case["outputs"]["alphaBar"])


def test_cosine_schedule_T1000_is_the_table_step_inputs_used(reference_cases):
    table = reference_cases["step_inputs_seed0"]["inputs"]["alphaBar"]
    schedule = cosine_schedule(1000)
    assert_bits_equal(schedule, table)
    # t = 0..2 and 994..999 hit the clamps.
    assert np.all(schedule[:3] == np.float32(0.9999))
    assert np.all(schedule[994:] == np.float32(1e-4))
    assert schedule[3] < np.float32(0.9999) and schedule[993] > np.float32(1e-4)


@pytest.mark.parametrize("case_id", NOISE_CASES)
def test_sample_noise(reference_cases, case_id):
    case = reference_cases[case_id]
    n, seed = case["inputs"]["n"], case["inputs"]["seed"]
    assert_bits_equal(sample_noise(n, seed), case["outputs"]["noise"])


@pytest.mark.parametrize("case_id", NOISE_CASES)
def test_xor_seeding_matches_the_older_sample_noise(reference_cases, case_id):
    # The older sampleNoise seeded by XOR, as stepInputs still does: this pins
    # that seeding on its own, apart from step_inputs' draw order.
    case = reference_cases[case_id]
    n, seed = case["inputs"]["n"], case["inputs"]["seed"]
    raw = XorShift64(xor_seed(seed)).next_raw(draws_for_normals(n))
    assert_bits_equal(box_muller(raw, n), case["head_version"]["noise"])


def test_step_inputs(reference_cases):
    case = reference_cases["step_inputs_seed0"]
    inputs, outputs = case["inputs"], case["outputs"]
    x0 = f32(inputs["x0"]).reshape(inputs["B"], inputs["npixels"])
    np.testing.assert_array_equal(x0.ravel(), f32(np.arange(12) / 12 - 0.5))
    x_t, eps, t = step_inputs(x0, f32(inputs["alphaBar"]), inputs["seed"])
    assert_bits_equal(x_t, outputs["x_t"])
    assert_bits_equal(eps, outputs["eps"])
    assert t.dtype == np.int32 and t.tolist() == outputs["t"]


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_flow_step_inputs(reference_cases, mode):
    case = reference_cases[f"flow_step_inputs_B4_seed5_mode{mode}"]
    inputs, outputs = case["inputs"], case["outputs"]
    x0 = f32(inputs["x0"]).reshape(inputs["B"], inputs["n"])
    eps_in = f32(inputs["epsIn"]).reshape(inputs["B"], inputs["n"])
    x_t, v, t_idx = flow_step_inputs(x0, eps_in, inputs["seed"], inputs["Tmax"], mode)
    assert_bits_equal(x_t, outputs["x_t"])
    assert_bits_equal(v, outputs["v"])
    assert t_idx.dtype == np.int32 and t_idx.tolist() == outputs["t_idx"]


def test_flow_minibatch_ot_pairing(reference_cases):
    case = reference_cases["flow_step_inputs_B4_seed5_mode2"]
    x0 = f32(case["inputs"]["x0"]).reshape(4, 2)
    eps = f32(case["aux"]["eps_used_before_pairing"]).reshape(4, 2)
    assert ot_pairing(x0, eps).tolist() == case["aux"]["assign"]


def test_prepend_sincos_t(reference_cases):
    case = reference_cases["prepend_sincos_t"]
    inputs = case["inputs"]
    x = f32(inputs["xt"]).reshape(inputs["B"], inputs["C"], inputs["H"], inputs["W"])
    out = prepend_sincos_t(x, np.array(inputs["t"], np.int32), inputs["nFreq"], inputs["Tmax"])
    assert out.shape == (2, 1 + 2 * 3, 2, 1)
    assert_bits_equal(out, case["outputs"]["out"])


def test_prepend_t_channel(reference_cases):
    case = reference_cases["prepend_t_channel"]
    inputs = case["inputs"]
    x = f32(inputs["xt"]).reshape(inputs["B"], inputs["C"], inputs["H"], inputs["W"])
    out = prepend_t_channel(x, np.array(inputs["t"], np.int32), inputs["Tmax"])
    assert_bits_equal(out, case["outputs"]["out"])


def test_scalar_t_channel_divides_where_the_batch_form_multiplies():
    # From the reference's note: a plain f32 division gives 0.999000013 and
    # 0.00999999978 where the reciprocal-multiply gives 0.999000072 and 0.0100000007.
    x = np.zeros((1, 1, 1, 1), np.float32)
    assert prepend_t_channel_scalar(x, 999, 1000)[0, 1, 0, 0] == np.float32(0.999000013)
    assert prepend_t_channel_scalar(x, 10, 1000)[0, 1, 0, 0] == np.float32(0.00999999978)
    assert prepend_t_channel(x, [999], 1000)[0, 1, 0, 0] == np.float32(0.999000072)


def test_ddim_step(reference_cases):
    case = reference_cases["ddim_step"]
    inputs = case["inputs"]
    out = ddim_step(f32(inputs["xt"]), f32(inputs["eps"]), inputs["a"], inputs["b"])
    assert_bits_equal(out, case["outputs"]["out"])
