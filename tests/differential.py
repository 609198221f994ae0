"""Meaning kept, shown: a module before and after a rewrite gives the same bits on the same inputs.

`assert_same_meaning(before, after)` runs both with vitir's numpy evaluator on inputs of
three kinds: random values (normal floats, small integers), the edge values tiled over
each argument (for floats -0.0, +0.0, +-inf, NaN, the smallest and largest subnormal, the
smallest normal, the largest finite, +-1; complex numbers of every pair of -0.0, +0.0, +-inf,
NaN, +-1 as parts; for integers the minimum, the maximum, 0, +-1; both booleans), and a random mix of the two. Results must be equal bit for bit: floats by
their bits, except that any NaN equals any NaN (the spec leaves NaN payloads to the
implementation); a tuple element by element; a token is a token. When the original raises
an EvaluationError on an input, the rewritten one must raise it too, and that set is not
compared: `assert_same_meaning` fails when no set was compared (a check that compared no value
shows nothing); `compare_meaning` returns the counts instead (the fuzzer's). A program of
collectives runs on its grid (replicas=R, partitions=P), each process on inputs of its own; a
module's function `entry` runs with the module's other functions as its composites'
decompositions.

Other tests import it: `from tests.differential import assert_same_meaning`.
"""

from __future__ import annotations

import numpy as np

from vitir.ast.module import Function, Module
from vitir.ast.types import TensorType, TokenType
from vitir.errors import EvaluationError
from vitir.numpy_dtypes import numpy_dtype


def edge_values(dtype) -> list:
    """The values where rewrites that look right go wrong, for one element type."""
    if dtype.is_bool:
        return [False, True]
    if dtype.is_integer:
        values = [dtype.min, dtype.max, 0, 1]
        return values + ([-1, dtype.min + 1] if dtype.is_signed else [dtype.max - 1, 2])
    np_type = numpy_dtype(dtype)
    info = _finfo(np_type)
    floats = [-0.0, 0.0, np.inf, -np.inf, np.nan, 1.0, -1.0]
    if info is not None:
        tiny = float(info.smallest_subnormal)
        floats += [tiny, -tiny, float(info.smallest_normal) - tiny, float(info.smallest_normal),
                   float(info.max), -float(info.max)]
    if dtype.is_complex:
        return [complex(a, b) for a in floats[:7] for b in floats[:7]]  # each part -0.0, 0.0, +-inf, NaN, +-1
    return floats


def _finfo(np_type):
    try:
        return np.finfo(np_type)
    except (ValueError, TypeError):
        try:
            import ml_dtypes

            return ml_dtypes.finfo(np_type)
        except (ImportError, ValueError, TypeError):
            return None


def _array(values, ty: TensorType) -> np.ndarray:
    """`values` (a flat list, or an array) as an array of ty, of its shape."""
    dtype, target = ty.dtype, numpy_dtype(ty.dtype)
    wide = np.complex128 if dtype.is_complex else np.float64 if dtype.is_float else object if dtype.is_integer else bool
    with np.errstate(all="ignore"):
        return np.asarray(values, dtype=wide).reshape(ty.shape).astype(target)


def _random(rng: np.random.Generator, ty: TensorType) -> np.ndarray:
    dtype, shape = ty.dtype, ty.shape
    if dtype.is_bool:
        return rng.random(shape) < 0.5
    if dtype.is_integer:
        low, high = max(dtype.min, -9), min(dtype.max, 9)
        return _array(rng.integers(low, high + 1, shape), ty)
    x = rng.normal(0.0, 3.0, shape)
    if dtype.is_complex:
        x = x + 1j * rng.normal(0.0, 3.0, shape)
    return _array(x, ty)


def _tiled(values: list, ty: TensorType, rng: np.random.Generator | None) -> np.ndarray:
    count = int(np.prod(ty.shape, dtype=np.int64))
    picks = range(count) if rng is None else rng.integers(0, len(values), count)
    return _array([values[int(i) % len(values)] for i in picks], ty)


def input_sets(fn: Function, seed: int = 0, count: int = 2) -> list[list]:
    """Inputs for `fn`'s arguments: `count` random sets, the edge values in order (each argument
    shifted by one, so two arguments meet different edges), and `count` random mixes of edges and
    random values."""
    from vitir.evaluate.control import TOKEN

    rng = np.random.default_rng(seed)
    sets = []

    def one(make):
        row = []
        for k, a in enumerate(fn.args):
            if isinstance(a.type, TokenType):
                row.append(TOKEN)
            elif isinstance(a.type, TensorType):
                row.append(make(k, a.type))
            else:
                raise NotImplementedError(f"no inputs for an argument of type {a.type}")
        sets.append(row)

    for _ in range(count):
        one(lambda k, ty: _random(rng, ty))
    one(lambda k, ty: _tiled(_rotated(edge_values(ty.dtype), k), ty, None))
    for _ in range(count):
        def mix(k, ty):
            edges, random = _tiled(edge_values(ty.dtype), ty, rng), _random(rng, ty)
            return np.where(rng.random(ty.shape) < 0.5, edges, random).astype(random.dtype)
        one(mix)
    return sets


def _rotated(values: list, k: int) -> list:
    k %= len(values)
    return values[k:] + values[:k]


def same_bits(a, b) -> str | None:
    """None when `a` and `b` are equal bit for bit (any NaN equal to any NaN), else what differs."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        if not (isinstance(a, tuple) and isinstance(b, tuple)) or len(a) != len(b):
            return f"{_describe(a)} vs {_describe(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            problem = same_bits(x, y)
            if problem is not None:
                return f"element {i}: {problem}"
        return None
    if not isinstance(a, np.ndarray) and not isinstance(b, np.ndarray):
        return None if type(a) is type(b) else f"{a!r} vs {b!r}"  # tokens
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return f"{a.dtype}{list(a.shape)} vs {b.dtype}{list(b.shape)}"
    if a.dtype.kind == "c":
        return (same_bits(np.ascontiguousarray(a.real), np.ascontiguousarray(b.real))
                or same_bits(np.ascontiguousarray(a.imag), np.ascontiguousarray(b.imag)))
    if a.dtype.kind in "biu":
        differ = a != b
    else:
        bits = np.dtype(f"u{a.dtype.itemsize}")
        a_nan, b_nan = _isnan(a), _isnan(b)
        differ = (a.view(bits) != b.view(bits)) & ~(a_nan & b_nan)
    if not np.any(differ):
        return None
    at = tuple(int(i) for i in np.argwhere(differ)[0])
    return f"{int(np.sum(differ))} elements differ, first at {list(at)}: {a[at]!r} vs {b[at]!r}"


def _isnan(x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.isnan(x.astype(np.float64)) if x.dtype.itemsize < 4 else np.isnan(x)


def _describe(x) -> str:
    return f"tuple of {len(x)}" if isinstance(x, tuple) else type(x).__name__


def process_input_sets(fn: Function, seed: int = 0, count: int = 2, processes: int = 1) -> list[list]:
    """`input_sets` for a grid of `processes`: each set holds one row of inputs per process, the
    random ones drawn apart (process k from seed + k), so a collective meets different values."""
    per_process = [input_sets(fn, seed + k, count) for k in range(processes)]
    return [list(rows) for rows in zip(*per_process)]


def entry_function(program: Module | Function, entry: str | None = None) -> Function:
    """A function, a module's one function, or its function named `entry`."""
    if isinstance(program, Function):
        return program
    return program.main if entry is None else next(f for f in program.functions if f.name == entry)


def evaluate_on_grid(program: Module | Function, rows: list, replicas: int = 1, partitions: int = 1,
                     entry: str | None = None) -> list[tuple]:
    """Every process's results (one tuple per process, in the grid's order) on one row of inputs each."""
    from vitir.evaluate import evaluate

    if replicas * partitions == 1:
        return [evaluate(program, *rows[0], entry=entry)]
    return evaluate(program, rows, replicas=replicas, partitions=partitions, entry=entry)


def compare_meaning(before: Module | Function, after: Module | Function, seed: int = 0, count: int = 2,
                    replicas: int = 1, partitions: int = 1, entry: str | None = None) -> tuple[int, list[str]]:
    """Evaluate both on every input set, on a grid of `replicas` x `partitions` processes (a module's
    function `entry`, its other functions a composite's decompositions); raise AssertionError naming
    the input set, the process, the result and the first differing element. Returns (input sets
    compared, why each other set was not: the original's EvaluationError, which the rewritten one
    raised too)."""
    fa, fb = entry_function(before, entry), entry_function(after, entry)
    assert fa.arg_types == fb.arg_types, f"arguments changed: {fa.arg_types} -> {fb.arg_types}"
    assert fa.result_types == fb.result_types, f"results changed: {fa.result_types} -> {fb.result_types}"
    compared, refused = 0, []
    for n, rows in enumerate(process_input_sets(fa, seed, count, replicas * partitions)):
        try:
            expected = evaluate_on_grid(before, rows, replicas, partitions, entry)
        except EvaluationError as e:
            try:
                evaluate_on_grid(after, rows, replicas, partitions, entry)
            except EvaluationError:
                refused.append(str(e))
                continue
            raise AssertionError(f"input set {n}: the original raises ({e}), the rewritten one does not") from None
        got = evaluate_on_grid(after, rows, replicas, partitions, entry)
        for process, (results, others) in enumerate(zip(expected, got, strict=True)):
            where = f", process {process}" if len(expected) > 1 else ""
            for i, (x, y) in enumerate(zip(results, others, strict=True)):
                problem = same_bits(x, y)
                if problem is not None:
                    raise AssertionError(f"input set {n}{where}, result {i} ({fa.ret.operands[i].ssa}): {problem}")
        compared += 1
    return compared, refused


def assert_same_meaning(before: Module | Function, after: Module | Function, seed: int = 0, count: int = 2,
                        replicas: int = 1, partitions: int = 1, entry: str | None = None) -> int:
    """`compare_meaning`, failing when it compared nothing (the original raised on every input set):
    a check that compared no value shows nothing. Returns how many input sets were compared."""
    compared, refused = compare_meaning(before, after, seed, count, replicas, partitions, entry)
    if not compared:
        raise AssertionError(f"compared nothing: the original raises on all {len(refused)} input sets "
                             f"(the first: {refused[0] if refused else 'none'})")
    return compared
