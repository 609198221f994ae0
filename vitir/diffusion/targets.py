"""The five 2-D targets, each drawn by `sample_target(name, n, seed)`.

The four point clouds sit at about unit radius, the scale a cosine-schedule
model expects. The draws follow numpy default_rng(seed) in a fixed order, so a
seed gives the same cloud every time.
"""

from functools import lru_cache

import numpy as np

EIGHT_GAUSSIANS_STD = 0.05
SPIRAL_NOISE = 0.01
MOONS_CENTRE = np.array([0.5, 0.25])
# Multiplied by 1/1.5 as the original data script does, so the draws agree to the bit.
MOONS_SCALE = 1.0 / 1.5
MOONS_NOISE = 0.05
CHECKER_GRID = 4
CHECKER_CELL = 2.0 / CHECKER_GRID

# Müller–Brown: the textbook constants.
MB_A = np.array([-200.0, -100.0, -170.0, 15.0])
MB_a = np.array([-1.0, -1.0, -6.5, 0.7])
MB_b = np.array([0.0, 0.0, 11.0, 0.6])
MB_c = np.array([-10.0, -10.0, -6.5, 0.7])
MB_X0 = np.array([1.0, 0.0, -0.5, -1.0])
MB_Y0 = np.array([0.0, 0.5, 1.5, 1.0])
MB_KT = 20.0
MB_CENTRE = np.array([-0.2, 0.75])
MB_SCALE = 0.8
MB_BOX = ((-1.7, 1.3), (-0.7, 2.2))
MB_GRID = 360
# Curvature in the deepest well is about 2200, so dt must stay well under 1e-3.
MB_DT = 1e-4
MB_LANGEVIN_STEPS = 500


def _terms(points: np.ndarray):
    dx = points[..., 0:1] - MB_X0
    dy = points[..., 1:2] - MB_Y0
    return dx, dy, MB_A * np.exp(MB_a * dx * dx + MB_b * dx * dy + MB_c * dy * dy)


def muller_brown_potential(points) -> np.ndarray:
    """U at points [..., 2], in the original (unstandardised) coordinates."""
    return _terms(np.asarray(points, dtype=np.float64))[2].sum(-1)


def muller_brown_gradient(points) -> np.ndarray:
    """grad U at points [..., 2]."""
    dx, dy, e = _terms(np.asarray(points, dtype=np.float64))
    return np.stack([(e * (2 * MB_a * dx + MB_b * dy)).sum(-1),
                     (e * (MB_b * dx + 2 * MB_c * dy)).sum(-1)], -1)


@lru_cache(maxsize=4)
def muller_brown_grid(kT: float = MB_KT):
    """Cell centres [G*G, 2], cell size (dx, dy) and Boltzmann weights on the box."""
    xs = np.linspace(*MB_BOX[0], MB_GRID)
    ys = np.linspace(*MB_BOX[1], MB_GRID)
    gx, gy = np.meshgrid(xs, ys)
    centres = np.stack([gx, gy], -1).reshape(-1, 2)
    energy = muller_brown_potential(centres)
    weights = np.exp(-(energy - energy.min()) / kT)
    return centres, (xs[1] - xs[0], ys[1] - ys[0]), weights / weights.sum()


def muller_brown(n: int, rng: np.random.Generator, kT: float = MB_KT,
                 steps: int = MB_LANGEVIN_STEPS) -> np.ndarray:
    """exp(-U/kT) samples by overdamped Langevin, standardised (x - c) / s.

    One chain per sample. A chain from an arbitrary start needs far longer than
    any training budget to cross the barriers, so chains start from the
    Boltzmann weights on a grid, which puts the right mass in every basin, and
    Langevin then carries them off the grid.
    """
    centres, (cell_x, cell_y), weights = muller_brown_grid(kT)
    picks = rng.choice(len(weights), size=n, p=weights)
    jitter = (rng.random((n, 2)) - 0.5) * np.array([cell_x, cell_y])
    points = centres[picks] + jitter
    kick = np.sqrt(2.0 * kT * MB_DT)
    for _ in range(steps):
        points = points - MB_DT * muller_brown_gradient(points) + kick * rng.standard_normal((n, 2))
    return ((points - MB_CENTRE) / MB_SCALE).astype(np.float32)


def eight_gaussians(n: int, rng: np.random.Generator) -> np.ndarray:
    """Eight modes on the unit circle at angles 2 pi k / 8, std 0.05."""
    angles = 2.0 * np.pi * np.arange(8) / 8
    centres = np.stack([np.cos(angles), np.sin(angles)], 1).astype(np.float32)
    modes = rng.integers(0, 8, size=n)
    return centres[modes] + rng.normal(0.0, EIGHT_GAUSSIANS_STD, size=(n, 2)).astype(np.float32)


def spiral(n: int, rng: np.random.Generator) -> np.ndarray:
    """t = sqrt(u) 3 pi puts equal mass in equal u; radius t / (3 pi)."""
    t = np.sqrt(rng.uniform(0.0, 1.0, size=n)) * 3.0 * np.pi
    radius = t / (3.0 * np.pi)
    points = np.stack([radius * np.cos(t), radius * np.sin(t)], 1)
    return (points + rng.normal(0.0, SPIRAL_NOISE, size=(n, 2))).astype(np.float32)


def two_moons(n: int, rng: np.random.Generator) -> np.ndarray:
    """Two interleaved half circles, centred and scaled into the unit box."""
    lower = rng.integers(0, 2, size=n).astype(bool)[:, None]
    theta = rng.uniform(0.0, np.pi, size=n)
    upper_arc = np.stack([np.cos(theta), np.sin(theta)], 1)
    lower_arc = np.stack([1.0 - np.cos(theta), 0.5 - np.sin(theta)], 1)
    points = (np.where(lower, lower_arc, upper_arc) - MOONS_CENTRE) * MOONS_SCALE
    return (points + rng.normal(0.0, MOONS_NOISE, size=(n, 2))).astype(np.float32)


def checkerboard_cells() -> np.ndarray:
    """(i, j) of the occupied squares of the 4x4 grid on [-1, 1]^2: i + j even."""
    return np.array([(i, j) for i in range(CHECKER_GRID) for j in range(CHECKER_GRID)
                     if (i + j) % 2 == 0])


def checkerboard(n: int, rng: np.random.Generator) -> np.ndarray:
    """Uniform on the eight occupied squares."""
    corners = -1.0 + checkerboard_cells() * CHECKER_CELL
    picks = rng.integers(0, len(corners), size=n)
    return (corners[picks] + rng.uniform(0.0, CHECKER_CELL, size=(n, 2))).astype(np.float32)


TARGETS = {
    "eight_gaussians": eight_gaussians,
    "spiral": spiral,
    "two_moons": two_moons,
    "checkerboard": checkerboard,
    "muller_brown": muller_brown,
}
TARGET_NAMES = tuple(TARGETS)


def sample_target(name: str, n: int, seed: int) -> np.ndarray:
    """n points [n, 2] float32 from the named target."""
    if name not in TARGETS:
        raise ValueError(f"unknown target {name!r}; have {', '.join(TARGET_NAMES)}")
    return TARGETS[name](n, np.random.default_rng(seed))
