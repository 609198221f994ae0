"""What the fuzzer checks of each case, and how long a case may take.

- A graph: printed, it is MLIR (jaxlib's parser takes it); xDSL round-trips it
  byte for byte; imported into the AST it prints the same text again. An
  evaluated graph also compiles in XLA, and each op's result by vitir's
  evaluator, from XLA's values of its operands, agrees with XLA's result.
- An invalid build (vitir/tests/fuzz/invalid.py) is refused with a
  ShapeError that names its op, or, when the change kept it valid, MLIR takes
  its text too.
- A mutated text is refused with an error that names its line, or vitir
  accepts it and XLA compiles it.

Nothing may raise anything but vitir's own errors, and no case may run past
its time bound.
"""

from __future__ import annotations

import signal
from collections import Counter
from contextlib import contextmanager

import numpy as np

from vitir.ast import DType, Region, TensorType


class CaseTimeout(Exception):
    """A case ran past its time bound."""


class Failure(Exception):
    """A case broke a property; `kind` says which."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


@contextmanager
def time_bound(seconds: float):
    """Raise CaseTimeout in the body after `seconds` (the main thread's interval timer)."""

    def expired(signum, frame):
        raise CaseTimeout(f"ran past {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- graphs ----------------------------------------------------------------------------------------

def check_text(mod) -> str:
    """Print, MLIR's parser, xDSL round trip, import, print again; the text."""
    from tests.mlir_parser import mlir_error
    from vitir.mlir import import_text, roundtrip
    from vitir.print import print_module

    text = print_module(mod)
    problem = None if _newer_than_jaxlib(mod) else mlir_error(text)
    if problem is not None:
        raise Failure("vitir built what MLIR refuses", problem)
    again = roundtrip(text)
    if again != text:
        raise Failure("xDSL round trip differs", _first_difference(text, again))
    imported = print_module(import_text(text))
    if imported != text:
        raise Failure("import prints another text", _first_difference(text, imported))
    return text


def _newer_than_jaxlib(mod) -> bool:
    from tests.fuzz.families import NEWER_THAN_JAXLIB

    return any(op.NAME in NEWER_THAN_JAXLIB for fn in mod.functions for op in fn.ops)


def _first_difference(a: str, b: str) -> str:
    for n, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {n}: {x.strip()!r} became {y.strip()!r}"
    return f"{len(a.splitlines())} lines became {len(b.splitlines())}"


TOLERANCE = {DType.F64: 1e-9, DType.F32: 1e-4, DType.F16: 2e-3, DType.BF16: 2e-2}
SCALED = {"stablehlo.dot_general", "stablehlo.convolution", "stablehlo.reduce", "stablehlo.all_reduce"}


def _random_floats(rng: np.random.Generator, shape) -> np.ndarray:
    x = rng.normal(0, 2, shape)
    special = rng.random(shape) < 0.04
    return np.where(special, rng.choice([0.0, -0.0, np.inf, -np.inf, np.nan], shape), x)


def random_inputs(rng: np.random.Generator, types) -> list[np.ndarray]:
    """Arrays for the arguments: normal floats (and complex parts) with a few specials, small integers with a
    few extremes."""
    from vitir.numpy_dtypes import numpy_dtype

    out = []
    for ty in types:
        dtype, shape = ty.dtype, ty.shape
        if dtype.is_bool:
            out.append(np.asarray(rng.random(shape) < 0.5))
            continue
        if dtype.is_float or dtype.is_complex:  # a complex value: its two parts drawn as floats
            x = _random_floats(rng, shape)
            if dtype.is_complex:
                x = x + 1j * _random_floats(rng, shape)
        else:
            low, high = max(dtype.min, -8), min(dtype.max, 8)
            x = rng.integers(low, high + 1, shape)
            extreme = rng.random(shape) < 0.03
            x = np.where(extreme, rng.choice([dtype.min, dtype.max], shape), x)
        out.append(np.asarray(x).astype(numpy_dtype(dtype)))
    return out


def compare_with_xla(mod, replicas: int, seed: int, stats: Counter) -> None:
    """Run the graph in XLA (every op's result is returned), then each op by the evaluator on XLA's
    values of what it reads; their results must agree (skipping where docs/semantics.md says the
    two may differ: subnormals, a non-finite kernel meeting a convolution's holes)."""
    from tests.fuzz.xla_worker import XlaCrashed, XlaRefused, xla
    from vitir.evaluate import evaluate_op
    from vitir.print import print_module

    fn = mod.main
    text = print_module(mod)
    inputs = random_inputs(np.random.default_rng(seed), [a.type for a in fn.args])
    try:
        outputs = xla(text, replicas, inputs)
    except XlaRefused as e:
        raise Failure("XLA refuses what vitir built", str(e).splitlines()[0]) from None
    except XlaCrashed as e:
        raise Failure("XLA crashed", str(e)) from None
    envs = []
    for replica_outputs in outputs:
        env = {a.name: x for a, x in zip(fn.args, inputs)}
        env.update({v.name: np.asarray(x) for v, x in zip(fn.ret.operands, replica_outputs)})
        envs.append(env)
    computed = {r.name for op in fn.ops if op.NAME != "stablehlo.constant" for r in op.results}
    producers = {r.name: op for op in fn.ops for r in op.results}
    undefined: set = set()  # values the spec leaves undefined (and XLA may hand its readers garbage)
    for op in fn.ops:
        ours = None
        if not all(isinstance(r.type, TensorType) for r in op.results):
            # a token or a tuple: XLA returns none, so the next op reads the evaluator's
            ours = evaluate_op(op, envs)
            for env, values in zip(envs, ours):
                env.update({r.name: x for r, x in zip(op.results, values) if not isinstance(r.type, TensorType)})
        reads_undefined = bool(_read_names(op) & undefined)
        skip = READS_UNDEFINED if reads_undefined else _differs_by_design(op, envs[0], computed, producers)
        if reads_undefined or skip == NOT_POSITIVE_DEFINITE:
            undefined.update(r.name for r in op.results)  # the spec leaves its readers undefined too
        if skip:
            stats[f"op comparisons skipped: {skip}"] += 1
            continue
        ours = ours or evaluate_op(op, envs)
        for r, (env, values) in enumerate(zip(envs, ours)):
            for result, value in zip(op.results, values):
                if not isinstance(result.type, TensorType):
                    continue
                problem = disagreement(np.asarray(value), env[result.name], result.type.dtype, _scale(op, env),
                                       _precision(op, computed))
                if problem is not None:
                    where = f" (replica {r})" if replicas > 1 else ""
                    raise Failure("the evaluator and XLA disagree", f"{op.NAME} %{result.name}{where}: {problem}")
        stats["ops compared with XLA"] += 1


def _read_names(op) -> set:
    """The names an op reads: its operands', and those its regions read from outside."""
    names = {v.name for v in op.operands}
    for region in op.regions():
        if not isinstance(region, Region):
            continue  # a compact BinaryRegion: it reads its two arguments only
        inner = {a.name for a in region.args} | {r.name for o in region.ops for r in o.results}
        names |= {n for o in region.ops for n in _read_names(o)} - inner
        names |= {v.name for v in region.results} - inner
    return names


def _reads(op) -> list:
    return [v for v in op.operands if isinstance(v.type, TensorType)]


NARROW = (DType.F16, DType.BF16)  # computed in f32 by XLA's CPU backend, which may skip their rounding
# Ops whose result jumps when an operand moves by an ulp: fed a value XLA held in f32, they may differ.
DISCONTINUOUS = {"stablehlo.compare", "stablehlo.floor", "stablehlo.ceil", "stablehlo.round_nearest_even",
                 "stablehlo.sign", "stablehlo.convert", "stablehlo.is_finite", "stablehlo.remainder",
                 "stablehlo.sort", "stablehlo.reduce", "stablehlo.scatter", "stablehlo.power"}


def _excess_precision(op, computed: set) -> bool:
    """Whether an operand is an f16 or bf16 value another op computed: XLA may have kept it in f32
    (xla_allow_excess_precision), rounding only the copy it returned."""
    return any(v.type.dtype in NARROW and v.name in computed for v in _reads(op))


def _precision(op, computed: set) -> DType | None:
    """The narrowest float type among the operands XLA may have held in excess precision."""
    narrow = [v.type.dtype for v in _reads(op) if v.type.dtype in NARROW and v.name in computed]
    return DType.BF16 if DType.BF16 in narrow else narrow[0] if narrow else None


def _crossed_clamp(op, env, producers: dict) -> bool:
    """Whether a maximum or minimum reads a clamp whose bounds cross somewhere (min > max): XLA
    folds `maximum(lo, clamp(lo, x, hi))` into the clamp, which is right only when lo <= hi."""
    if op.NAME not in ("stablehlo.maximum", "stablehlo.minimum"):
        return False
    for v in op.operands:
        clamp = producers.get(v.name)
        if clamp is not None and clamp.NAME == "stablehlo.clamp":
            low, high = env[clamp.min.name], env[clamp.max.name]
            with np.errstate(invalid="ignore"):
                if np.any(np.asarray(low).astype(np.float64) > np.asarray(high).astype(np.float64)):
                    return True
    return False


NOT_POSITIVE_DEFINITE = "a cholesky of a matrix not positive definite (its result is the implementation's)"
# XLA hands the readers of such a factor other values than the one it returns (another batch's, garbage)
READS_UNDEFINED = "an op reading a cholesky of a matrix not positive definite (the spec leaves it undefined)"


def _differs_by_design(op, env, computed: set, producers: dict) -> str | None:
    arrays = [env[v.name] for v in _reads(op)] + [env[r.name] for r in op.results
                                                  if r.name in env and isinstance(r.type, TensorType)]
    if any(_has_subnormal(a) for a in arrays):
        return "a subnormal value"
    if op.NAME in DISCONTINUOUS and _excess_precision(op, computed):
        return "a discontinuous op of an f16 or bf16 value XLA may hold in f32"
    if _crossed_clamp(op, env, producers):
        return "a maximum or minimum of a clamp whose bounds cross"
    if op.NAME == "stablehlo.cholesky" and not _positive_definite(env[op.a.name]):
        return NOT_POSITIVE_DEFINITE
    if op.NAME == "stablehlo.triangular_solve" and not _solvable(op, env[op.a.name]):
        return "a triangular_solve of a singular or non-finite matrix (no solution: its result is the implementation's)"
    if op.NAME == "stablehlo.triangular_solve" and not _all_finite(env[op.b.name]):
        return ("a triangular_solve of a non-finite right-hand side (where inf - inf meets, and which elements a "
                "NaN reaches, is its order of summing: XLA's blocked solve spreads a NaN over the whole row)")
    if op.NAME in INTEGER_POWERS and _exponent_of_64_or_more(op, env):
        return "an integer power of an exponent of 64 or more (XLA reads its low six bits)"
    if op.NAME == "stablehlo.select_and_scatter" and _padded_window_with_ties(op, env):
        return "a padded select_and_scatter window holding two equal candidates (or NaN): its pick is the order's"
    if op.NAME == "stablehlo.sort" and _unordered_keys(op, env):
        return "a sort comparator that is not a strict weak order (NaN under a FLOAT comparison)"
    if op.NAME == "stablehlo.convolution":
        finite = [bool(np.all(np.isfinite(env[v.name].astype(np.float64)))) for v in (op.lhs, op.rhs)]
        holes = any(d > 1 for d in (op.lhs_dilate or ())) or any(lo or hi for lo, hi in (op.padding or ()))
        if holes and not finite[1]:
            return "a non-finite kernel entry meets a convolution's holes"
        if (op.batch_group_count > 1 or op.feature_group_count > 1) and not all(finite):
            return "a non-finite value in a grouped convolution"
    return None


INTEGER_POWERS = ("stablehlo.power", "chlo.broadcast_power")


def _exponent_of_64_or_more(op, env) -> bool:
    """Whether an integer power's exponent reaches 64: XLA squares the base six times only."""
    exponent = env[_reads(op)[1].name]
    return exponent.dtype.kind in "iu" and bool(np.any(exponent >= 64))


def _padded_window_with_ties(op, env) -> bool:
    """Whether a select_and_scatter has padding and a window whose operand elements hold two equal values
    or a NaN: which one its select picks depends on the order it visits them, which XLA's differs from the
    reference interpreter's (row-major) in padded windows."""
    if not op.padding or not any(lo or hi for lo, hi in op.padding):
        return False
    operand = env[op.operand.name].astype(np.float64)  # i64 rounded: more ties seen, never fewer
    rank = operand.ndim
    window, strides = op.window_dimensions or (1,) * rank, op.window_strides or (1,) * rank
    pads = [tuple(p) for p in op.padding]
    padded = np.pad(operand, pads, constant_values=np.nan)
    inside = np.pad(np.ones(operand.shape, bool), pads, constant_values=False)
    if any(n < w for n, w in zip(padded.shape, window)):
        return False  # no window
    every = tuple(slice(None, None, s) for s in strides)
    size = int(np.prod(window))
    windows = np.lib.stride_tricks.sliding_window_view(padded, window)[every].reshape(-1, size)
    real = np.lib.stride_tricks.sliding_window_view(inside, window)[every].reshape(-1, size)
    for values, kept in zip(windows, real):
        values = values[kept]
        if np.isnan(values).any() or np.unique(values).size < values.size:
            return True
    return False


def _positive_definite(a: np.ndarray) -> bool:
    with np.errstate(all="ignore"):
        try:
            np.linalg.cholesky(a.astype(np.float64))
        except np.linalg.LinAlgError:
            return False
    return bool(np.all(np.isfinite(a)))


def _solvable(op, a: np.ndarray) -> bool:
    """Whether the triangle a triangular_solve reads is finite, and its diagonal (unless taken as ones)
    has no zero."""
    a = a.astype(np.float64)
    below = -1 if op.unit_diagonal else 0  # a unit diagonal is not read
    triangle = np.tril(a, below) if op.lower else np.triu(a, -below)
    if not np.all(np.isfinite(triangle)):
        return False
    return op.unit_diagonal or bool(np.all(np.diagonal(a, axis1=-2, axis2=-1) != 0))


def _all_finite(x: np.ndarray) -> bool:
    return bool(np.isfinite(x if x.dtype.kind in "fc" else x.astype(np.float64)).all())  # bf16 and f8 through f64


def _unordered_keys(op, env) -> bool:
    """Whether a sort's float operand holds NaN and its comparator is not a TOTALORDER comparison."""
    compares = [inner for inner in op.comparator.ops if inner.NAME == "stablehlo.compare"]
    if compares and all(c.compare_type == "TOTALORDER" for c in compares):
        return False
    return any(env[v.name].dtype.kind in "fV" and np.isnan(env[v.name].astype(np.float64)).any() for v in op.operands)


def _has_subnormal(a: np.ndarray) -> bool:
    if a.dtype.kind not in "fV" or a.size == 0:
        return False
    x = a.astype(np.float64) if a.dtype.kind == "V" or a.dtype.itemsize < 4 else a
    tiny = float(np.finfo(a.dtype).tiny) if a.dtype.kind == "f" else 1.1754943508222875e-38  # bf16 is f32's
    magnitude = np.abs(x[np.isfinite(x)])
    return bool(np.any((magnitude > 0) & (magnitude < tiny)))


def _scale(op, env) -> float:
    """How large an error the op's arithmetic may make, relative to its dtype's precision: its
    largest operand (squared for a product), times the count of terms summed."""
    largest = 1.0
    for v in _reads(op):
        x = env[v.name]
        if x.dtype.kind in "fVc" and x.size:
            finite = np.abs(x if x.dtype.kind == "c" else x.astype(np.float64))
            finite = finite[np.isfinite(finite)]
            if finite.size:
                largest = max(largest, float(finite.max()))
    if op.NAME not in SCALED:
        return largest
    terms = max(1, max((v.type.num_elements for v in _reads(op)), default=1))
    return largest * largest * terms


def _floats_differ(a: np.ndarray, b: np.ndarray, tolerance: float, scale: float) -> np.ndarray:
    """Where two float arrays differ: not both NaN, not the same value, and not both finite and close."""
    a, b = a.astype(np.float64), b.astype(np.float64)
    same = (a == b) | (np.isnan(a) & np.isnan(b))
    with np.errstate(invalid="ignore", over="ignore"):
        close = np.abs(a - b) <= tolerance * (np.abs(b) + scale)
    return ~(same | (close & np.isfinite(a) & np.isfinite(b)))


def disagreement(ours: np.ndarray, xla: np.ndarray, dtype: DType, scale: float,
                 precision: DType | None = None) -> str | None:
    """None when the two results agree: same shape and type; integers and booleans equal; floats
    both NaN, both the same infinity, or within the dtype's tolerance of each other; complex numbers
    so in each part (an infinite imaginary part leaves the real part to compare)."""
    if ours.shape != xla.shape or ours.dtype != xla.dtype:
        return f"shape {ours.shape} {ours.dtype} vs XLA's {xla.shape} {xla.dtype}"
    if not dtype.is_float and not dtype.is_complex:
        bad = np.flatnonzero(ours.ravel() != xla.ravel())
    else:
        part = dtype.part if dtype.is_complex else dtype
        tolerance = max(TOLERANCE.get(part, 0.2), TOLERANCE.get(precision, 0.0))
        a, b = ours.ravel(), xla.ravel()
        differ = _floats_differ(a.real, b.real, tolerance, scale)
        if dtype.is_complex:
            differ |= _floats_differ(a.imag, b.imag, tolerance, scale)
        bad = np.flatnonzero(differ)
    if bad.size == 0:
        return None
    i = int(bad[0])
    return (f"{bad.size} of {ours.size} elements differ; at flat index {i}: {ours.ravel()[i]!r} vs XLA's "
            f"{xla.ravel()[i]!r}")


def graph_case(seed: int, evaluated: bool, stats: Counter, index: int = 0):
    """One generated graph (the `index`-th, which draws that entry of the op table first) through every
    check; returns the module (for a reproducer)."""
    import random

    from tests.fuzz.graphs import random_graph

    mod, graph = random_graph(random.Random(seed), evaluated=evaluated, cover=index)
    stats.update(f"drawn: {name}" for name in graph.drawn)
    stats["draws refused by a rule"] += graph.refused
    stats.update({f"draws left out, XLA cannot compile them: {why}": n for why, n in graph.left_out.items()})
    check_text(mod)
    if evaluated:
        compare_with_xla(mod, graph.replicas, seed, stats)
    return mod

