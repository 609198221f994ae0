"""The five 2-D targets: shape, determinism, and each one's own geometry."""

import numpy as np
import pytest

from vitir.diffusion import TARGET_NAMES, sample_target
from vitir.diffusion.targets import (
    MB_CENTRE,
    MB_SCALE,
    checkerboard_cells,
    muller_brown_grid,
    muller_brown_potential,
)


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_targets_are_seeded_float32_clouds(name):
    a = sample_target(name, 300, 0)
    assert a.shape == (300, 2) and a.dtype == np.float32 and np.all(np.isfinite(a))
    np.testing.assert_array_equal(a, sample_target(name, 300, 0))
    assert not np.array_equal(a, sample_target(name, 300, 1))
    # Every target is standardised or scaled to about unit size.
    assert np.all(np.abs(a.mean(0)) < 0.6) and np.all(a.std(0) < 1.0)


def test_unknown_target_is_refused():
    with pytest.raises(ValueError):
        sample_target("swiss_roll", 10, 0)


def test_eight_gaussians_sit_on_the_unit_circle():
    points = sample_target("eight_gaussians", 4000, 0).astype(np.float64)
    angle = np.arctan2(points[:, 1], points[:, 0])
    mode = np.round(angle / (np.pi / 4)) % 8
    centres = np.stack([np.cos(mode * np.pi / 4), np.sin(mode * np.pi / 4)], 1)
    offsets = points - centres
    assert np.all(np.linalg.norm(offsets, axis=1) < 6 * 0.05)
    assert offsets.std() == pytest.approx(0.05, rel=0.05)
    assert np.all(np.bincount(mode.astype(int), minlength=8) > 400)


def test_spiral_radius_tracks_its_angle():
    points = sample_target("spiral", 4000, 0).astype(np.float64)
    assert np.all(np.linalg.norm(points, axis=1) < 1.0 + 6 * 0.01)


def test_two_moons_are_centred_half_circles():
    points = sample_target("two_moons", 4000, 0).astype(np.float64)
    raw = points * 1.5 + np.array([0.5, 0.25])
    upper = np.abs(np.linalg.norm(raw, axis=1) - 1.0)
    lower = np.abs(np.linalg.norm(raw - np.array([1.0, 0.5]), axis=1) - 1.0)
    assert np.all(np.minimum(upper, lower) < 1.5 * 6 * 0.05)


def test_checkerboard_fills_only_the_occupied_squares():
    points = sample_target("checkerboard", 4000, 0).astype(np.float64)
    cell = np.floor((points + 1.0) / 0.5).astype(int)
    assert np.all((cell >= 0) & (cell < 4))
    assert np.all(cell.sum(1) % 2 == 0)
    occupied = {tuple(c) for c in checkerboard_cells()}
    assert len(occupied) == 8 and {tuple(c) for c in cell} == occupied


def test_muller_brown_samples_the_boltzmann_density():
    # Against quadrature at kT = 20 on the grid: the mean energy and the mass in
    # the deepest well. Langevin at dt = 1e-4 runs a little hot, a few units of U.
    points = sample_target("muller_brown", 3000, 0).astype(np.float64) * MB_SCALE + MB_CENTRE
    centres, _, weights = muller_brown_grid()
    exact_mean_energy = float(weights @ muller_brown_potential(centres))
    assert muller_brown_potential(points).mean() == pytest.approx(exact_mean_energy, abs=6.0)
    in_well_a = points[:, 1] > 1.1
    exact_mass_a = float(weights[centres[:, 1] > 1.1].sum())
    assert in_well_a.mean() == pytest.approx(exact_mass_a, abs=0.05)
