"""Evaluators of rng, rng_bit_generator and bitcast_convert.

The spec leaves rng's numbers to the implementation: vitir draws them from the
process's own numpy generator, seeded by its place in the grid, so an
evaluation repeats its numbers. rng_bit_generator's THREE_FRY and PHILOX are
the spec's "implementation-defined variants": vitir's are XLA's (Threefry-2x32
with 20 rounds and Philox-4x32 with 10; the state's first word the key, its
second the counter), bit for bit, laid out as XLA lays out their words in the
output, so the evaluator agrees with PJRT. DEFAULT is Philox, as on XLA's CPU.
bitcast_convert reads bits little-endian, as XLA on the hosts it runs on.
"""

from __future__ import annotations

import numpy as np

from ..ast.quantized import QuantizedTensorType
from ..errors import EvaluationError
from ..numpy_dtypes import numpy_dtype
from .processes import current


def rng(op, a, b, shape) -> np.ndarray:
    t = op.results[0].type
    if tuple(int(d) for d in np.asarray(shape)) != t.shape:
        raise EvaluationError(f"{op.NAME} {op.results[0].ssa}: shape {np.asarray(shape).tolist()} is not the "
                              f"result's {list(t.shape)}")
    random, dtype = current().random, numpy_dtype(t.dtype)
    a, b = np.asarray(a), np.asarray(b)
    if op.rng_distribution == "NORMAL":
        return random.normal(a.astype(np.float64), b.astype(np.float64), t.shape).astype(dtype)
    if t.dtype.is_float:
        return random.uniform(a.astype(np.float64), b.astype(np.float64), t.shape).astype(dtype)
    return random.integers(int(a), int(b), t.shape, endpoint=False).astype(dtype)


# -- Threefry-2x32 and Philox-4x32, as XLA computes them -----------------------------------------------

_MASK32 = np.uint64(0xFFFFFFFF)
_ROTATIONS = (13, 15, 26, 6, 17, 29, 16, 24)


def _split(words: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """uint64 -> (low, high) uint32."""
    return (words & _MASK32).astype(np.uint32), (words >> np.uint64(32)).astype(np.uint32)


def _fuse(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    return low.astype(np.uint64) | (high.astype(np.uint64) << np.uint64(32))


def _rotate(x: np.ndarray, r: int) -> np.ndarray:
    return (x << np.uint32(r)) | (x >> np.uint32(32 - r))


def threefry2x32(key: tuple[np.uint32, np.uint32], x0: np.ndarray, x1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Threefry-2x32, 20 rounds (Salmon et al. 2011)."""
    ks = (np.uint32(key[0]), np.uint32(key[1]), np.uint32(0x1BD11BDA) ^ np.uint32(key[0]) ^ np.uint32(key[1]))
    with np.errstate(over="ignore"):
        x = [x0 + ks[0], x1 + ks[1]]
        for i in range(5):
            for j in range(4):
                x[0] = x[0] + x[1]
                x[1] = _rotate(x[1], _ROTATIONS[(4 * i) % 8 + j])
                x[1] = x[0] ^ x[1]
            x[0] = x[0] + ks[(i + 1) % 3]
            x[1] = x[1] + ks[(i + 2) % 3] + np.uint32(i + 1)
    return x[0], x[1]


def philox4x32(key: tuple[np.uint32, np.uint32], x: list[np.ndarray]) -> list[np.ndarray]:
    """Philox-4x32, 10 rounds (Salmon et al. 2011)."""
    k0, k1 = np.uint32(key[0]), np.uint32(key[1])
    with np.errstate(over="ignore"):
        for _ in range(10):
            p0 = x[0].astype(np.uint64) * np.uint64(0xD2511F53)
            p1 = x[2].astype(np.uint64) * np.uint64(0xCD9E8D57)
            lo0, hi0 = _split(p0)
            lo1, hi1 = _split(p1)
            x = [hi1 ^ x[1] ^ k0, lo1, hi0 ^ x[3] ^ k1, lo0]
            k0, k1 = k0 + np.uint32(0x9E3779B9), k1 + np.uint32(0xBB67AE85)
    return x


def _counters(start: np.uint64, count: int) -> tuple[np.ndarray, np.ndarray]:
    with np.errstate(over="ignore"):
        return _split(np.arange(count, dtype=np.uint64) + start)


def _counters128(low: np.uint64, high: np.uint64, count: int) -> list[np.ndarray]:
    """The four 32-bit words of the 128-bit counters (high, low) + [0, count), least significant first."""
    with np.errstate(over="ignore"):
        lows = np.arange(count, dtype=np.uint64) + low
    highs = np.where(lows < low, high + np.uint64(1), high).astype(np.uint64)
    return [*_split(lows), *_split(highs)]


def _halves_shape(shape: tuple[int, ...]) -> tuple[list[int], int]:
    """XLA's split of a shape for 32-bit Threefry: a dimension to halve (the first even one, else the
    largest), each counter's two words filling the two halves."""
    half = next((i for i, d in enumerate(shape) if d % 2 == 0), int(np.argmax(shape)))
    new = list(shape)
    new[half] = (new[half] + 1) // 2
    return new, half


def _threefry_bits(key, words: np.ndarray, shape: tuple[int, ...], bits: int) -> tuple[np.ndarray, int]:
    """uint64 words of `bits` bits each, in `shape`, and how many counters they used: the state is
    (key, counter)."""
    counter = words[1]
    n = int(np.prod(shape, dtype=np.int64))
    if bits == 64:
        x0, x1 = threefry2x32(key, *_counters(counter, n))
        return _fuse(x0, x1).reshape(shape), n
    if not shape:
        x0, _ = threefry2x32(key, *_counters(counter, 1))
        return x0.astype(np.uint64).reshape(()), 1
    new, half = _halves_shape(shape)
    count = int(np.prod(new, dtype=np.int64))
    x0, x1 = threefry2x32(key, *_counters(counter, count))
    if half == len(shape) - 1:
        new = new + [1]
    pairs = np.concatenate([x0.reshape(new), x1.reshape(new)], axis=half + 1)
    even = list(shape)
    even[half] += even[half] & 1
    words = pairs.reshape(even)[tuple(slice(0, d) for d in shape)]
    return words.astype(np.uint64), count


def _philox_bits(key, words: np.ndarray, shape: tuple[int, ...], bits: int) -> tuple[np.ndarray, int]:
    """As _threefry_bits; the state is (key, counter) or (key, the counter's low and high words), the
    counter 128 bits (high: the key, for a state of two words, as XLA has it)."""
    n = int(np.prod(shape, dtype=np.int64))
    per = 2 if bits == 64 else 4
    count = (n + per - 1) // per
    x = philox4x32(key, _counters128(words[1], words[2] if len(words) == 3 else words[0], count))
    words = np.stack([_fuse(x[0], x[1]), _fuse(x[2], x[3])] if per == 2 else [w.astype(np.uint64) for w in x], axis=1)
    return words.reshape(-1)[:n].reshape(shape), count


_GENERATORS = {"THREE_FRY": _threefry_bits, "PHILOX": _philox_bits, "DEFAULT": _philox_bits}
_STATE_SIZES = {"THREE_FRY": (2,), "PHILOX": (2, 3), "DEFAULT": (2, 3)}


def rng_bit_generator(op, state) -> tuple[np.ndarray, np.ndarray]:
    where = f"{op.NAME} {op.results[0].ssa}"
    state_type, out_type = (r.type for r in op.results)
    sizes = _STATE_SIZES[op.rng_algorithm]
    if state_type.rank != 1 or state_type.shape[0] not in sizes or state_type.dtype.bits != 64:
        raise EvaluationError(f"{where}: {op.rng_algorithm} needs a state of {' or '.join(map(str, sizes))} 64-bit "
                              f"words, got {state_type}")
    bits = out_type.dtype.bits
    if bits not in (8, 16, 32, 64):
        raise EvaluationError(f"{where}: outputs of {bits}-bit elements ({out_type}) are not supported")
    words = np.ascontiguousarray(state).view(np.uint64)
    key = _split(words[0:1])
    key = (key[0][0], key[1][0])
    values, used = _GENERATORS[op.rng_algorithm](key, words, out_type.shape, 64 if bits == 64 else 32)
    if bits < 32:
        values = values & np.uint64((1 << bits) - 1)
    out = values.astype(f"u{bits // 8}").view(numpy_dtype(out_type.dtype))
    new_state = words.copy()
    with np.errstate(over="ignore"):
        new_state[1] = new_state[1] + np.uint64(used)
    if len(words) == 3 and new_state[1] < words[1]:  # the 128-bit counter carries
        new_state[2] = new_state[2] + np.uint64(1)
    return new_state.view(numpy_dtype(state_type.dtype)), out


# -- bitcast_convert ----------------------------------------------------------------------------------

def _patterns(x: np.ndarray, dtype) -> np.ndarray:
    """Each element's bit pattern as a uint64 (types of at most 64 bits)."""
    if dtype.is_bool:
        return x.astype(np.uint64)
    if dtype.bits % 8 == 0:
        return x.view(f"u{dtype.bits // 8}").astype(np.uint64)
    if dtype.is_integer:
        return (x.astype(np.int64) & ((1 << dtype.bits) - 1)).astype(np.uint64)
    return x.view(np.uint8).astype(np.uint64)  # narrow floats: one code per byte


def _from_patterns(words: np.ndarray, dtype) -> np.ndarray:
    target = numpy_dtype(dtype)
    if dtype.is_bool:
        return words.astype(bool)
    if dtype.bits % 8 == 0:
        return words.astype(f"u{dtype.bits // 8}").view(target)
    if dtype.is_integer:
        signed = words.astype(np.int64)
        if dtype.is_signed:
            signed = np.where(signed >= 1 << (dtype.bits - 1), signed - (1 << dtype.bits), signed)
        return signed.astype(target)
    return words.astype(np.uint8).view(target)


def _element(t):
    """The element type whose bits a value holds (a quantized type's storage type)."""
    return t.dtype.storage if isinstance(t, QuantizedTensorType) else t.dtype


def bitcast_convert(op, operand) -> np.ndarray:
    src, dst = _element(op.operand.type), _element(op.results[0].type)
    x = np.ascontiguousarray(np.asarray(operand).astype(numpy_dtype(src)))  # undo the evaluator's widening
    out_shape = op.results[0].type.shape
    if src.bits % 8 == 0 and dst.bits % 8 == 0 and not src.is_bool and not dst.is_bool:
        return np.ascontiguousarray(x.reshape(x.shape + (1,) if dst.bits < src.bits else x.shape)).view(
            numpy_dtype(dst)).reshape(out_shape)
    words = _patterns(x, src)
    if dst.bits < src.bits:
        ratio, mask = src.bits // dst.bits, np.uint64((1 << dst.bits) - 1)
        shifts = np.arange(ratio, dtype=np.uint64) * np.uint64(dst.bits)
        words = (words[..., None] >> shifts) & mask
    elif dst.bits > src.bits:
        ratio = dst.bits // src.bits
        shifts = np.arange(ratio, dtype=np.uint64) * np.uint64(src.bits)
        words = np.bitwise_or.reduce(words << shifts, axis=-1)
    return _from_patterns(words, dst).reshape(out_shape)
