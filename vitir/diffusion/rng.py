"""The reference's random streams: xorshift64, its two seedings, Box–Muller.

A seed gives the same bits as the original C helpers. The xorshift stream is
sequential, but xorshift64 is linear over GF(2), so a long stream is cut into
lanes whose start states come from jump matrices, and all lanes advance
together in numpy.
"""

from functools import lru_cache

import numpy as np

MASK64 = (1 << 64) - 1
STEP_INPUTS_SALT = 0xDDCC1F7E9C3A4
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX_A = 0xBF58476D1CE4E5B9
_MIX_B = 0x94D049BB133111EB
_TWO_POW_53 = float(1 << 53)
# The C source writes `2.0 * 3.14159265358979323846 * u2`; the constant folds first.
_TWO_PI = 2.0 * 3.14159265358979323846
_U1_FLOOR = 1e-12

# Below this many draws a plain Python loop beats setting up lanes.
_SCALAR_LOOP_MAX = 64
_BIT_INDEX = np.arange(64, dtype=np.uint64)


def splitmix_seed(seed: int) -> int:
    """The SplitMix64 seeding of sampleNoise and flowStepInputs (0 maps to 1)."""
    z = (int(seed) + _GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * _MIX_A) & MASK64
    z = ((z ^ (z >> 27)) * _MIX_B) & MASK64
    return (z ^ (z >> 31)) or 1


def splitmix_seeds(seeds) -> np.ndarray:
    """`splitmix_seed` over an array of seeds, as uint64."""
    z = np.asarray(seeds).astype(np.uint64) + np.uint64(_GOLDEN_GAMMA)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_MIX_A)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX_B)
    z = z ^ (z >> np.uint64(31))
    z[z == 0] = 1
    return z


def xor_seed(seed: int) -> int:
    """The older seeding stepInputs keeps: seed XOR a constant (0 maps to 1)."""
    return ((int(seed) & MASK64) ^ STEP_INPUTS_SALT) or 1


def xorshift_lanes(states: np.ndarray, steps: int) -> np.ndarray:
    """Advance independent xorshift64 states together: [lanes, steps] of states."""
    x = np.array(states, dtype=np.uint64)
    # Lane-major output, filled a column per step: cheaper than a transpose after.
    out = np.empty((x.size, steps), dtype=np.uint64)
    for i in range(steps):
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        out[:, i] = x
    return out


_BYTE_BITS = ((np.arange(256)[:, None] >> np.arange(8)) & 1).astype(np.uint64)


class _LinearMap:
    """A GF(2)-linear map on 64-bit states, applied a byte at a time by table."""

    def __init__(self, columns: np.ndarray):
        # columns[b] is the image of the unit vector 1 << b.
        self.columns = columns
        per_byte = columns.reshape(8, 1, 8)
        self.tables = np.bitwise_xor.reduce(per_byte * _BYTE_BITS[None], axis=2)

    def __call__(self, states: np.ndarray) -> np.ndarray:
        octets = states.astype("<u8").view(np.uint8).reshape(-1, 8)
        out = self.tables[0][octets[:, 0]]
        for k in range(1, 8):
            out ^= self.tables[k][octets[:, k]]
        return out

    def squared(self) -> "_LinearMap":
        return _LinearMap(self(self.columns))


@lru_cache(maxsize=None)
def _jump_maps(lane_length: int, count: int) -> tuple:
    """The maps M^(lane_length * 2^k), k < count, where M is one xorshift step."""
    unit_vectors = np.uint64(1) << _BIT_INDEX
    maps = [_LinearMap(xorshift_lanes(unit_vectors, lane_length)[:, -1])]
    for _ in range(count - 1):
        maps.append(maps[-1].squared())
    return tuple(maps)


def _lane_length(n: int) -> int:
    # Short lanes win until the per-step numpy passes grow long (measured).
    length = 16
    while length * 2048 < n and length < 64:
        length *= 2
    return length


class XorShift64:
    """One xorshift64 stream; each draw is the raw 64-bit state after the update."""

    def __init__(self, state: int):
        self.state = int(state) & MASK64

    def next_raw(self, n: int) -> np.ndarray:
        """The next `n` states, as uint64."""
        if n <= 0:
            return np.empty(0, dtype=np.uint64)
        if n <= _SCALAR_LOOP_MAX:
            out = self._scalar_draws(n)
        else:
            out = self._lane_draws(n)
        self.state = int(out[-1])
        return out

    def uniforms(self, n: int) -> np.ndarray:
        """The next `n` 53-bit uniforms in [0, 1), as float64."""
        return uniforms53(self.next_raw(n))

    def _scalar_draws(self, n: int) -> np.ndarray:
        x = self.state
        out = []
        for _ in range(n):
            x ^= (x << 13) & MASK64
            x ^= x >> 7
            x ^= (x << 17) & MASK64
            out.append(x)
        return np.array(out, dtype=np.uint64)

    def _lane_draws(self, n: int) -> np.ndarray:
        length = _lane_length(n)
        lanes = -(-n // length)
        jumps = _jump_maps(length, max(1, (lanes - 1).bit_length()))
        starts = np.array([self.state], dtype=np.uint64)
        for jump in jumps:
            if starts.size >= lanes:
                break
            starts = np.concatenate([starts, jump(starts)])
        return xorshift_lanes(starts[:lanes], length).reshape(-1)[:n]


def uniforms53(raw: np.ndarray) -> np.ndarray:
    """(x >> 11) / 2^53 for raw states x: exact in float64."""
    return (raw >> np.uint64(11)).astype(np.float64) / _TWO_POW_53


def box_muller(raw: np.ndarray, n: int) -> np.ndarray:
    """Normals from pairs of raw draws along the last axis, in float64.

    Each pair (u1, u2) gives r cos(2 pi u2) then r sin(2 pi u2); the result is
    cut to `n` along the last axis, so an odd `n` drops the last sine.
    """
    u1 = np.maximum(uniforms53(raw[..., 0::2]), _U1_FLOOR)
    u2 = uniforms53(raw[..., 1::2])
    radius = np.sqrt(-2.0 * np.log(u1))
    angle = _TWO_PI * u2
    out = np.empty(raw.shape, dtype=np.float64)
    out[..., 0::2] = radius * np.cos(angle)
    out[..., 1::2] = radius * np.sin(angle)
    return out[..., :n]


def draws_for_normals(n: int) -> int:
    """Raw draws that `n` Box–Muller normals consume (a whole pair each)."""
    return 2 * ((n + 1) // 2)


def sample_noise(n: int, seed: int) -> np.ndarray:
    """n N(0, 1) float32 values: SplitMix seeding, one Box–Muller stream."""
    stream = XorShift64(splitmix_seed(seed))
    return box_muller(stream.next_raw(draws_for_normals(n)), n).astype(np.float32)


def noise_rows(seeds, dim: int) -> np.ndarray:
    """One `sample_noise(dim, seed)` row per seed: [len(seeds), dim] float32."""
    states = splitmix_seeds(np.atleast_1d(seeds))
    raw = xorshift_lanes(states, draws_for_normals(dim))
    return box_muller(raw, dim).astype(np.float32)
