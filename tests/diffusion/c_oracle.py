"""The reference's C helpers restated one value at a time with Python ints and
libm (via math): the slow, obvious oracle the vectorised code must equal."""

import math

import numpy as np

MASK = (1 << 64) - 1


def next_state(x: int) -> int:
    x ^= (x << 13) & MASK
    x ^= x >> 7
    x ^= (x << 17) & MASK
    return x


def splitmix(seed: int) -> int:
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) or 1


def xor_seeded(seed: int) -> int:
    return ((seed & MASK) ^ 0xDDCC1F7E9C3A4) or 1


class Stream:
    def __init__(self, state: int):
        self.state = state

    def raw(self) -> int:
        self.state = next_state(self.state)
        return self.state

    def uniform(self) -> float:
        return (self.raw() >> 11) / float(1 << 53)

    def normal_pair(self):
        u1 = self.uniform()
        u2 = self.uniform()
        u1 = max(u1, 1e-12)
        r = math.sqrt(-2.0 * math.log(u1))
        angle = 2.0 * 3.14159265358979323846 * u2
        return r * math.cos(angle), r * math.sin(angle)

    def normals(self, n: int):
        out = []
        while len(out) < n:
            out.extend(self.normal_pair())
        return out[:n]


def sample_noise(n: int, seed: int) -> np.ndarray:
    return np.array(Stream(splitmix(seed)).normals(n), dtype=np.float32)


def step_inputs(x0_rows: np.ndarray, abar: np.ndarray, seed: int):
    rows, width = x0_rows.shape
    stream = Stream(xor_seeded(seed))
    x_t = np.empty((rows, width), np.float32)
    eps = np.empty((rows, width), np.float32)
    t = np.empty(rows, np.int32)
    for b in range(rows):
        t[b] = stream.raw() % abar.size
        ab = float(abar[t[b]])
        for i, e in enumerate(stream.normals(width)):
            eps[b, i] = e
            x_t[b, i] = math.sqrt(ab) * float(x0_rows[b, i]) + math.sqrt(1.0 - ab) * e
    return x_t, eps, t


def flow_step_inputs(x0_rows: np.ndarray, eps_rows: np.ndarray, seed: int, tmax: int):
    """Modes 0 and 2 pass eps_rows=None to draw; the caller applies any pairing."""
    rows, width = x0_rows.shape
    stream = Stream(splitmix(seed))
    if eps_rows is None:
        eps_rows = np.array(stream.normals(rows * width), np.float32).reshape(rows, width)
    t = [stream.uniform() for _ in range(rows)]
    return eps_rows, t


def flow_outputs(x0_rows: np.ndarray, eps_rows: np.ndarray, t, tmax: int):
    rows, width = x0_rows.shape
    x_t = np.empty((rows, width), np.float32)
    v = np.empty((rows, width), np.float32)
    t_idx = np.empty(rows, np.int32)
    for b in range(rows):
        scaled = t[b] * tmax
        t_idx[b] = int(math.floor(scaled)) + (1 if scaled - math.floor(scaled) >= 0.5 else 0)
        for i in range(width):
            x0 = float(x0_rows[b, i])
            e = float(eps_rows[b, i])
            x_t[b, i] = (1.0 - t[b]) * x0 + t[b] * e
            v[b, i] = e - x0
    return x_t, v, t_idx
