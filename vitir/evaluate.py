"""A numpy evaluator of vitir's AST: the second oracle beside PJRT.

`evaluate(fn, *inputs)` runs a function op by op. EVALUATORS maps each op class
to a small function from the node and its operand arrays to its result (or, for
compound nodes, a dict of every SSA name it defines). Floats are computed in
float32, as XLA does, and every result is cast to its declared element type.
Replicas run in lockstep so a collective sees every replica's operand.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

import numpy as np

from .ast import ops as O
from .ast.literals import literal_value
from .ast.module import Function, Module
from .ast.types import DType, TensorType
from .numpy_dtypes import numpy_dtype

F32 = np.float32


def _widen(x: np.ndarray) -> np.ndarray:
    """Half-precision operands are computed in float32, as XLA's CPU backend does."""
    return x.astype(F32) if x.dtype.kind in "fV" and x.dtype.itemsize < 4 else x


def _divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype.kind in "iu":  # StableHLO integer division truncates toward zero
        return np.sign(a) * np.sign(b) * (np.abs(a) // np.abs(b))
    return np.divide(a, b)


def _rsqrt(x: np.ndarray) -> np.ndarray:
    return np.reciprocal(np.sqrt(x))


# XLA orders -0.0 below +0.0 (IEEE 754-2019 minimum and maximum); numpy returns the second of two equal zeros.
def _minimum(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where((a == b) & np.signbit(a), a, np.minimum(a, b)) if a.dtype.kind == "f" else np.minimum(a, b)


def _maximum(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where((a == b) & ~np.signbit(a), a, np.maximum(a, b)) if a.dtype.kind == "f" else np.maximum(a, b)


def _remainder(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The sign of the dividend, as C's fmod; XLA's integer x % 0 is x (and MIN % -1 is 0)."""
    if a.dtype.kind not in "iu":
        return np.fmod(a, b)
    return np.where(b == 0, a, np.fmod(a, np.where(b == 0, 1, b)))


def _sign(x: np.ndarray) -> np.ndarray:
    return np.where(x == 0, x, np.sign(x))  # XLA keeps -0.0 (numpy gives +0.0); NaN stays NaN


def _logistic(x: np.ndarray) -> np.ndarray:
    return np.reciprocal(1 + np.exp(-x))  # exp(-x) overflows to inf for very negative x: the result is 0


def _clamp(low: np.ndarray, x: np.ndarray, high: np.ndarray) -> np.ndarray:
    return _minimum(_maximum(x, low), high)  # NaN anywhere gives NaN, low > high gives high, as XLA


# Keyed by the StableHLO op name; shared by the elementwise classes and ADAMW_LINES.
ELEMENTWISE: dict[str, Callable[..., np.ndarray]] = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": _divide, "maximum": _maximum,
    "minimum": _minimum, "power": np.power, "remainder": _remainder, "and": np.bitwise_and, "or": np.bitwise_or,
    "clamp": _clamp, "exponential": np.exp, "log": np.log, "rsqrt": _rsqrt, "sqrt": np.sqrt, "tanh": np.tanh,
    "cosine": np.cos, "sine": np.sin, "floor": np.floor, "ceil": np.ceil, "logistic": _logistic,
    "log_plus_one": np.log1p, "exponential_minus_one": np.expm1, "round_nearest_even": np.rint,
    "negate": np.negative, "abs": np.abs, "sign": _sign, "not": np.invert, "is_finite": np.isfinite,
}


# Op class -> its evaluator: (node, *operand arrays) -> the result array, or a dict
# of every SSA name a compound node defines.
EVALUATORS: dict[type, Callable] = {}


def evaluates(*classes: type):
    def register(fn: Callable) -> Callable:
        EVALUATORS.update(dict.fromkeys(classes, fn))
        return fn

    return register


@evaluates(O.Constant)
def _constant(op: O.Constant) -> np.ndarray:
    ty = op.result.type
    return np.full(ty.shape, literal_value(op.literal, ty.dtype), numpy_dtype(ty.dtype))


@evaluates(O.DenseConstant)
def _dense_constant(op: O.DenseConstant) -> np.ndarray:
    ty = op.result.type
    values = [literal_value(literal, ty.dtype) for literal in op.literals]
    return np.array(values, numpy_dtype(ty.dtype)).reshape(ty.shape)


@evaluates(*O.ELEMENTWISE_OPS)
def _elementwise(op: O.Elementwise, *xs: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):  # NaN and inf are values here (log(-1), 0/0), as in XLA, not warnings
        return ELEMENTWISE[op.NAME.removeprefix("stablehlo.")](*xs)


COMPARISONS = {"EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal, "GT": np.greater,
               "LE": np.less_equal, "LT": np.less}


@evaluates(O.Compare)
def _compare(op, a, b):
    return COMPARISONS[op.direction](a, b)


@evaluates(O.Select)
def _select(op, pred, on_true, on_false):
    return np.where(pred, on_true, on_false)


@evaluates(O.Convert)
def _convert(op: O.Convert, x: np.ndarray) -> np.ndarray:
    dtype = numpy_dtype(op.result.type.dtype)
    if x.dtype.kind not in "fV" or dtype.kind not in "iu":
        with np.errstate(over="ignore"):  # a float too large for the target rounds to inf, as in XLA
            return x.astype(dtype)
    # XLA saturates float -> int and maps NaN to 0; numpy's cast is undefined out of range.
    # The bounds compare in float64, where -min is exact and max (2**k - 1) would round up.
    limits = np.iinfo(dtype)
    over, below = x >= -float(limits.min), x < limits.min
    inside = np.where(np.isnan(x) | over | below, 0, x).astype(dtype)
    return np.where(over, limits.max, np.where(below, limits.min, inside)).astype(dtype)


@evaluates(O.Iota)
def _iota(op: O.Iota) -> np.ndarray:
    ty = op.result.type
    along = [1] * ty.rank
    along[op.dimension] = ty.shape[op.dimension]
    index = np.arange(ty.shape[op.dimension]).reshape(along).astype(numpy_dtype(ty.dtype))
    return np.broadcast_to(index, ty.shape).copy()


@evaluates(O.BroadcastInDim)
def _broadcast(op: O.BroadcastInDim, x: np.ndarray) -> np.ndarray:
    shape = op.result.shape
    order = np.argsort(op.dims)  # operand dims in the order their result dims appear
    kept = x.transpose(order)
    placed = [1] * len(shape)
    for i in order:
        placed[op.dims[i]] = x.shape[i]
    return np.broadcast_to(kept.reshape(placed), shape).copy()


@evaluates(O.Reshape)
def _reshape(op: O.Reshape, x: np.ndarray) -> np.ndarray:
    return x.reshape(op.result.shape)


@evaluates(O.Transpose)
def _transpose(op: O.Transpose, x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x.transpose(op.perm))


def _free_dims(rank: int, used: Sequence[int]) -> list[int]:
    return [d for d in range(rank) if d not in used]


def _size(x: np.ndarray, dims: Sequence[int]) -> int:
    return int(np.prod([x.shape[d] for d in dims]))


@evaluates(O.DotGeneral)
def _dot_general(op: O.DotGeneral, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """As a batched matmul: lhs [batch, free, contract] @ rhs [batch, contract, free]."""
    a_free = _free_dims(a.ndim, op.lhs_batch + op.lhs_contract)
    b_free = _free_dims(b.ndim, op.rhs_batch + op.rhs_contract)
    batch = [a.shape[d] for d in op.lhs_batch]
    k = _size(a, op.lhs_contract)
    lhs = a.transpose(list(op.lhs_batch) + a_free + list(op.lhs_contract)).reshape(*batch, _size(a, a_free), k)
    rhs = b.transpose(list(op.rhs_batch) + list(op.rhs_contract) + b_free).reshape(*batch, k, _size(b, b_free))
    return np.matmul(lhs, rhs).reshape(op.result.shape)


_REDUCERS = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum}


@evaluates(O.Reduce)
def _reduce(op: O.Reduce, x: np.ndarray, init: np.ndarray) -> np.ndarray:
    return _REDUCERS[op.reducer].reduce(x, axis=op.dims, initial=init[()])


@evaluates(O.ReduceRegion)
def _reduce_region(op: O.ReduceRegion, *arrays: np.ndarray) -> dict[str, np.ndarray]:
    """A fold along the reduced dimensions, one slice at a time in index order; the
    body's ops run elementwise on arrays of the kept shape (its rank-0 types stand for
    one element each), so a body evaluates once per reduced element, not per output."""
    n, body = len(op.results), op.body
    xs, inits = arrays[:n], arrays[n:]
    kept = [d for d in range(xs[0].ndim) if d not in op.dims]
    shape = op.results[0].shape
    count = _size(xs[0], sorted(op.dims))
    folded = [x.transpose(kept + sorted(op.dims)).reshape(*shape, count) for x in xs]
    acc = [np.broadcast_to(init, shape) for init in inits]
    for k in range(count):
        env = dict(zip([a.name for a in body.args], acc + [x[..., k] for x in folded]))
        for inner in body.ops:
            _store(env, inner, EVALUATORS[type(inner)](inner, *[_widen(env[v.name]) for v in inner.operands]))
        acc = [env[v.name] for v in body.ret.operands]
    return {r.name: a for r, a in zip(op.results, acc)}


def _pad_array(x: np.ndarray, value, low: Sequence[int], high: Sequence[int],
               interior: Sequence[int]) -> np.ndarray:
    """Edge and interior padding; negative edge padding crops."""
    grown = [max(lo, 0) + max(hi, 0) + d + max(d - 1, 0) * i for d, lo, hi, i in zip(x.shape, low, high, interior)]
    out = np.full(grown, value, x.dtype)
    out[tuple(slice(max(lo, 0), max(lo, 0) + max(d - 1, 0) * (i + 1) + 1, i + 1)
              for d, lo, i in zip(x.shape, low, interior))] = x
    return out[tuple(slice(max(-lo, 0), g - max(-hi, 0)) for g, lo, hi in zip(grown, low, high))]


@evaluates(O.Pad)
def _pad(op: O.Pad, x: np.ndarray, value: np.ndarray) -> np.ndarray:
    return _pad_array(x, value[()], op.low, op.high, op.interior)


def _to_layout(x: np.ndarray, layout: str, order: str) -> np.ndarray:
    """x, whose dims are labelled by `layout`, with its dims in `order`."""
    return x.transpose([layout.index(c) for c in order])


IM2COL_CHUNK = 1 << 22  # elements of the patch matrix copied at a time


@evaluates(O.Convolution)
def _convolution(op: O.Convolution, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """im2col in chunks of output positions: a view of every window of the dilated,
    padded input, copied a few positions at a time into a patch matrix for one matmul
    (a patch-embed backward's window is nearly the whole image, too big to copy at once)."""
    lhs_layout, rhs_layout, out_layout = op.layouts
    nsp = len(op.stride)
    spatial = "".join(str(k) for k in range(nsp))
    x = _to_layout(lhs, lhs_layout, "bf" + spatial)
    w = _to_layout(rhs, rhs_layout, "oi" + spatial)
    x = _pad_array(x, 0, (0, 0, *(lo for lo, _ in op.padding)), (0, 0, *(hi for _, hi in op.padding)),
                   (0, 0, *(d - 1 for d in op.lhs_dilate)))
    window = [(k - 1) * d + 1 for k, d in zip(w.shape[2:], op.rhs_dilate)]
    views = np.lib.stride_tricks.sliding_window_view(x, window, axis=tuple(range(2, x.ndim)))
    every = (slice(None), slice(None))
    views = views[every + tuple(slice(None, None, s) for s in op.stride)
                  + tuple(slice(None, None, d) for d in op.rhs_dilate)]  # [b, i, positions..., taps...]
    batch, positions = x.shape[0], views.shape[2:2 + nsp]
    kernel = w.reshape(w.shape[0], -1).T  # [i * taps, o]
    count = int(np.prod(positions))
    y = np.empty((batch, count, w.shape[0]), np.result_type(x, w))
    step = max(1, IM2COL_CHUNK // max(1, batch * kernel.shape[0]))
    for first in range(0, count, step):
        where = np.unravel_index(np.arange(first, min(first + step, count)), positions)
        patches = np.moveaxis(views[every + where], 2, 1)  # [b, n, i, taps...]
        y[:, first:first + step] = (patches.reshape(-1, kernel.shape[0]) @ kernel).reshape(batch, -1, w.shape[0])
    y = np.moveaxis(y.reshape(batch, *positions, w.shape[0]), -1, 1)
    return _to_layout(y, "bf" + spatial, out_layout)


@evaluates(O.Slice)
def _slice(op: O.Slice, x: np.ndarray) -> np.ndarray:
    return x[tuple(slice(a, b, s) for a, b, s in zip(op.start, op.limit, op.strides))].copy()


@evaluates(O.Concatenate)
def _concatenate(op: O.Concatenate, *xs: np.ndarray) -> np.ndarray:
    return np.concatenate(xs, axis=op.dim)


@evaluates(O.AllReduceMean)
def _all_reduce_mean(op: O.AllReduceMean, per_replica: Sequence[np.ndarray]) -> list[dict[str, np.ndarray]]:
    """Across replicas: one dict of defined names per replica. The add region's
    block arguments (ara, arb, aradd) are scalars local to the region, not values."""
    if len(per_replica) != op.replicas:
        raise ValueError(f"%armean{op.tag} averages over {op.replicas} replicas; "
                         f"evaluate with replicas={op.replicas}, not {len(per_replica)}")
    total = per_replica[0]
    for x in per_replica[1:]:
        total = total + x
    count = np.full(total.shape, float(op.replicas), total.dtype)
    t = op.tag
    values = {f"arsum{t}": total, f"arn{t}": count, f"armean{t}": total / count}
    return [{name: x.copy() for name, x in values.items()} for _ in per_replica]


@evaluates(O.AdamWUpdate)
def _adamw_update(op: O.AdamWUpdate, theta, g, m, v, *scalars: np.ndarray) -> dict[str, np.ndarray]:
    """Interprets ops.ADAMW_LINES, the table the printer prints."""
    known = {"theta": theta, "g": g, "m": m, "v": v}
    known.update(("$" + field, s) for field, s in zip(O.AdamScalars._fields, scalars))
    out = {}
    for suffix, kind, args in O.ADAMW_LINES:
        xs = [known[a] for a in args]
        if kind == "broadcast":
            known[suffix] = np.broadcast_to(xs[0], theta.shape).copy()
        else:
            known[suffix] = ELEMENTWISE[kind](*xs)
        out[suffix + op.tag] = known[suffix]
    return out


# Ops whose evaluator takes every replica's operand at once (a list) and returns one dict per replica.
ACROSS_REPLICAS = frozenset({O.AllReduceMean})


def _function(module_or_function: Module | Function) -> Function:
    return module_or_function.main if isinstance(module_or_function, Module) else module_or_function


def _bind(fn: Function, inputs) -> dict[str, np.ndarray]:
    """Arguments by name from a sequence in argument order or a dict keyed by name."""
    if isinstance(inputs, Mapping):
        given = {k.removeprefix("%"): val for k, val in inputs.items()}
        unknown = sorted(set(given) - {a.name for a in fn.args})
        missing = [a.ssa for a in fn.args if a.name not in given]
        if unknown or missing:
            raise ValueError(f"@{fn.name}: inputs name unknown arguments {unknown}, miss {missing}")
        inputs = [given[a.name] for a in fn.args]
    if len(inputs) != len(fn.args):
        raise ValueError(f"@{fn.name} takes {len(fn.args)} arguments, got {len(inputs)}")
    env = {}
    for arg, value in zip(fn.args, inputs):
        array = np.asarray(value, dtype=numpy_dtype(arg.type.dtype))
        if array.shape != arg.shape:
            raise ValueError(f"argument {arg.ssa}: expected {arg.type}, got shape {array.shape}")
        env[arg.name] = array
    return env


def _store(env: dict, op: O.Op, out) -> None:
    """Record an evaluator's output, cast to the declared element types."""
    if not isinstance(out, dict):
        out = {op.results[0].name: out}
    types: dict[str, TensorType] = {r.name: r.type for r in op.results}
    dtype = numpy_dtype(op.operands[0].type.dtype) if op.operands else None
    for name, value in out.items():
        ty = types.get(name)
        env[name] = np.asarray(value, dtype=numpy_dtype(ty.dtype) if ty else dtype)


def _last_uses(fn: Function) -> dict[int, list[str]]:
    """Op index -> the names no later op reads, so evaluation can drop them."""
    last: dict[str, int] = {}
    for i, op in enumerate(fn.ops):
        for v in op.operands:
            last[v.name] = i
    for v in fn.ret.operands:
        last.pop(v.name, None)
    by_op: dict[int, list[str]] = {}
    for name, i in last.items():
        by_op.setdefault(i, []).append(name)
    return by_op


def evaluate(module_or_function: Module | Function, *inputs, keep: bool = False, replicas: int = 1):
    """Run a function on numpy arrays, op by op.

    Inputs are the arguments in order, or one dict keyed by argument name
    (without `%`). Returns the results as a tuple; with keep=True returns
    (results, values), values a dict of every SSA name the function defines
    (arguments, results, and the internal names of compound nodes, save the
    all-reduce region's block scalars ara, arb, aradd).

    With replicas=R > 1, pass one sequence of R per-replica inputs (each a
    sequence or a dict); replicas run in lockstep, so an all-reduce averages
    across them. Returns a list of R result tuples (and a list of R dicts).
    """
    fn = _function(module_or_function)
    if replicas < 1:
        raise ValueError(f"replicas must be at least 1, got {replicas}")
    if replicas == 1:
        per_replica = [inputs[0] if len(inputs) == 1 and isinstance(inputs[0], Mapping) else inputs]
    else:
        if len(inputs) != 1 or len(inputs[0]) != replicas:
            raise ValueError(f"replicas={replicas} takes one sequence of {replicas} per-replica inputs")
        per_replica = list(inputs[0])
    envs = [_bind(fn, given) for given in per_replica]
    dead = {} if keep else _last_uses(fn)
    for i, op in enumerate(fn.ops):
        evaluator = EVALUATORS[type(op)]
        operands = [[_widen(env[v.name]) for v in op.operands] for env in envs]
        if type(op) in ACROSS_REPLICAS:
            outs = evaluator(op, [xs[0] for xs in operands])
        else:
            outs = [evaluator(op, *xs) for xs in operands]
        for env, out in zip(envs, outs):
            _store(env, op, out)
            for name in dead.get(i, ()):
                del env[name]
    results = [tuple(env[v.name] for v in fn.ret.operands) for env in envs]
    if replicas == 1:
        return (results[0], envs[0]) if keep else results[0]
    return (results, envs) if keep else results
