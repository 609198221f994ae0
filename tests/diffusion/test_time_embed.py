"""Time channels and the integer time index."""

import numpy as np

from vitir.diffusion import (
    prepend_sincos_t,
    prepend_sincos_t_scalar,
    prepend_t_channel,
    prepend_t_channel_scalar,
)
from vitir.diffusion.time_embed import flow_time_index, round_half_away, vp_time_index


def test_rounding_sends_halves_away_from_zero():
    values = [0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994, 999.5, 2.4999]
    assert round_half_away(values).tolist() == [1, 2, 3, -1, -3, 0, 1000, 2]


def test_time_indices_are_clamped_to_their_ranges():
    assert vp_time_index(0.9995, 1000) == 999
    assert vp_time_index(-0.1, 1000) == 0
    assert flow_time_index(0.9995, 1000) == 1000
    assert flow_time_index(0.0005, 1000) == 1


def test_channels_follow_the_image_channels():
    x = np.arange(2 * 3 * 2 * 2, dtype=np.float32).reshape(2, 3, 2, 2)
    t = np.array([0, 250], np.int32)
    out = prepend_sincos_t(x, t, 2, 1000)
    assert out.shape == (2, 3 + 4, 2, 2) and out.dtype == np.float32
    np.testing.assert_array_equal(out[:, :3], x)
    # w_0 = 1 and w_1 = 1000^(-1/2); sines first, then cosines, constant over H, W.
    w = np.array([1.0, 1000.0 ** -0.5])
    for row in range(2):
        want = np.concatenate([np.sin(t[row] * w), np.cos(t[row] * w)]).astype(np.float32)
        np.testing.assert_allclose(out[row, 3:, 0, 0], want, rtol=1e-6)
        assert np.all(out[row, 3:] == out[row, 3:, :1, :1])


def test_scalar_sincos_is_the_batch_form_with_one_t():
    x = np.zeros((3, 1, 2, 2), np.float32)
    np.testing.assert_array_equal(prepend_sincos_t_scalar(x, 123, 4, 1000),
                                  prepend_sincos_t(x, [123] * 3, 4, 1000))


def test_t_channels_have_the_right_shape():
    x = np.zeros((3, 2, 4, 5), np.float32)
    assert prepend_t_channel(x, [1, 2, 3], 1000).shape == (3, 3, 4, 5)
    assert prepend_t_channel_scalar(x, 7, 1000).shape == (3, 3, 4, 5)
