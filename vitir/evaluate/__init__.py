"""A numpy evaluator of vitir's AST: the second oracle beside PJRT.

`evaluate(fn, *inputs)` runs a function op by op. Each op class names its
evaluator in its declaration: `numpy = "exp"` (a numpy function of the operand
arrays) or `evaluate = "vitir.evaluate.elementwise:divide"` (a function of the
node and its operand arrays; ops with regions also get `run`, which runs a
region on arrays). EVALUATORS holds them, resolved on first use. Compound
nodes run their expansion. Floats narrower than f32 are computed in f32 and
rounded to their type after each op, as XLA's CPU backend does; integers wrap
around. Several replicas and partitions run as a grid of processes
(vitir/evaluate/processes.py), each process its function in a thread of its
own; a collective is a meeting of its process group.
"""

from __future__ import annotations

import importlib
from typing import Callable, Mapping, Sequence

import numpy as np

from ..ast.location import describe
from ..ast import ops as O
from ..ast.element_types import DType
from ..ast.module import Function, Module
from ..ast.expansion import expansion, with_names
from ..ast.shape_rules import compatible_shapes
from ..ast.types import TensorType
from ..ast.uses import reads
from ..numpy_dtypes import numpy_dtype
from ..errors import EvaluationError
from .parts import per_device_partitions
from .processes import Grid, run_grid

__all__ = ["EVALUATORS", "evaluate", "evaluate_op", "evaluator_for", "numpy_dtype", "run_parallel"]


def _resolve(path: str) -> Callable:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


class _Evaluators(dict):
    """Op class -> (node, *arrays[, run]) -> result array, or a tuple of arrays for several results."""

    def __missing__(self, cls):
        fn = self[cls] = _make(cls)
        return fn


def _make(cls) -> Callable:
    if cls.COMPOUND:
        return _expand_and_run  # _run_ops calls it for every compound node
    if cls.numpy is not None:
        ufunc = getattr(np, cls.numpy)

        def apply(op, *xs, _f=ufunc):
            with np.errstate(all="ignore"):  # NaN and inf are values here, as in XLA, not warnings
                return _f(*xs)

        return _on_values(cls, apply)
    if cls.evaluate is None:
        raise NotImplementedError(f"{cls.NAME} has no evaluator: declare `numpy` or `evaluate` on {cls.__name__}")
    fn = cls.evaluate if callable(cls.evaluate) else _resolve(cls.evaluate)
    return _on_values(cls, fn)


def _on_values(cls, fn: Callable) -> Callable:
    """`fn`, computing on the values quantized operands stand for unless the op only moves them (or,
    a chlo broadcasting op, broadcasts them and runs its PLAIN op's evaluator, which does)."""
    from .quantization import STORED_VALUES, in_expressed_type

    if cls.NAME in STORED_VALUES or cls.REGION_FIELDS or getattr(cls, "PLAIN", None) is not None:
        return fn
    return in_expressed_type(fn)


EVALUATORS: dict = _Evaluators()


def evaluator_for(cls) -> Callable:
    return EVALUATORS[cls]


# -- values ------------------------------------------------------------------------------------------

def widen(x: np.ndarray, dtype: DType) -> np.ndarray:
    """Floats narrower than f32 are computed in f32, as XLA's CPU backend does; integers narrower
    than 8 bits in 8, then wrapped back by `narrow`."""
    if dtype.is_float and dtype.bits < 32:
        return x.astype(np.float32)
    if dtype.is_integer and dtype.bits < 8:
        return x.astype(np.int8 if dtype.is_signed else np.uint8)
    return x


def narrow(value, dtype: DType) -> np.ndarray:
    """An evaluator's output as an array of `dtype`: integers wrap around (two's complement), floats round."""
    target = numpy_dtype(dtype)
    array = np.asarray(value)
    if array.dtype == target:
        return array
    if dtype.is_integer and array.dtype.kind in "iub" and dtype.bits < 64:  # 64 bits: the cast below wraps
        array = (array.astype(np.int64) - dtype.min) % (1 << dtype.bits) + dtype.min
    with np.errstate(all="ignore"):
        return array.astype(target)


def _store(env: dict, op, out) -> None:
    results = op.results
    if len(results) == 1:
        if type(out) is tuple:
            out = out[0]
        r = results[0]
        env[r.name] = narrow(out, r.type.dtype) if isinstance(r.type, TensorType) else out
        return
    for r, value in zip(results, out, strict=True):
        env[r.name] = narrow(value, r.type.dtype) if isinstance(r.type, TensorType) else value


def _operands(env: Mapping, op) -> list:
    return [widen(env[v.name], v.type.dtype) if isinstance(v.type, TensorType) else env[v.name] for v in op.operands]


# -- regions and compound nodes --------------------------------------------------------------------

class Runner:
    """Runs regions for the evaluator of the op that holds them: `run(region, *arrays)` returns the
    region's results, its ops seeing the enclosing function's values too. A BinaryRegion runs its
    op's evaluator at once on whole arrays (binary elementwise evaluators do not read their node)."""

    __slots__ = ("env", "replica")

    def __init__(self, env: Mapping, replica: int = 0):
        self.env, self.replica = env, replica

    def __call__(self, region, *arrays) -> tuple:
        from ..ast.regions import BinaryRegion

        if type(region) is BinaryRegion:
            dtype = region.element_type.dtype
            if dtype.is_quantized:
                from .quantization import in_expressed_element

                return (in_expressed_element(EVALUATORS[region.op_class], dtype, arrays),)
            out = EVALUATORS[region.op_class](None, *[widen(np.asarray(a), dtype) for a in arrays])
            return (narrow(out, dtype),)
        env = dict(self.env)
        for a, x in zip(region.args, arrays, strict=True):
            env[a.name] = narrow(x, a.type.dtype) if isinstance(a.type, TensorType) else x
        _run_ops(region.ops, [env])
        return tuple(env[v.name] for v in region.results)


def _expand_and_run(op, envs: list[dict], keep_internal: bool) -> list:
    """A compound node's values: its expansion, run on its operands."""
    made = expansion(op)
    local = [{s.name: env[v.name] for s, v in zip(made.stand_ins, op.operands)} for env in envs]
    try:
        _run_ops(made.ops, local)
    except EvaluationError as error:  # it names the expansion's values as the node names them
        raise EvaluationError(with_names(op, str(error))) from None
    outs = []
    for env, values in zip(envs, local):
        if keep_internal:
            env.update({n: values[p] for n, p in zip(op.names, made.names) if p in values})
        out = tuple(values[r.name] for r in made.results)
        outs.append(out[0] if len(out) == 1 else out)
    return outs


# -- running ---------------------------------------------------------------------------------------

def _run_ops(ops, envs: list[dict], dead: dict | None = None, keep_internal: bool = False):
    for i, op in enumerate(ops):
        cls = type(op)
        try:
            if cls.COMPOUND:
                outs = _expand_and_run(op, envs, keep_internal)
            elif cls.REGION_FIELDS:
                evaluator = EVALUATORS[cls]
                outs = [evaluator(op, *_operands(env, op), run=Runner(env, r)) for r, env in enumerate(envs)]
            else:
                evaluator = EVALUATORS[cls]
                outs = [evaluator(op, *_operands(env, op)) for env in envs]
        except EvaluationError as error:
            _cite_location(error, op)
            raise
        for env, out in zip(envs, outs):
            _store(env, op, out)
            if dead is not None:
                for name in dead.get(i, ()):
                    del env[name]


def _cite_location(error: EvaluationError, op) -> None:
    """An error met running an op that was given a location (a JAX program's op) names it: `[at
    model.py:4:17 jit(f)/sin]`; the innermost such op, once."""
    if getattr(error, "location", None) is not None or getattr(op, "_location", None) is None:
        return
    error.location = op.location
    where = describe(op.location)
    if where and error.args:
        error.args = (f"{error.args[0]} [at {where}]", *error.args[1:])


def _function(module_or_function: Module | Function, entry: str | None = None) -> Function:
    if not isinstance(module_or_function, Module):
        return module_or_function
    if entry is None:
        return module_or_function.main
    for fn in module_or_function.functions:
        if fn.name == entry:
            return fn
    raise ValueError(f"module @{module_or_function.name} has no function @{entry} (its functions: "
                     f"{', '.join('@' + f.name for f in module_or_function.functions)})")


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
        if not isinstance(arg.type, TensorType):  # a token (or tuple) passes as given
            env[arg.name] = value
            continue
        array = np.asarray(value, dtype=numpy_dtype(arg.type.dtype))
        if array.shape != arg.shape and not compatible_shapes(array.shape, arg.shape):  # `?`: any size
            raise ValueError(f"argument {arg.ssa}: expected {arg.type}, got shape {array.shape}")
        env[arg.name] = array
    return env


def _last_uses(fn: Function) -> dict[int, list[str]]:
    """Op index -> the names no later op reads, so evaluation can drop them (values a region
    captures count as read by the op that holds it)."""
    last: dict[str, int] = {}
    for i, op in enumerate(fn.ops):
        for v in reads(op):
            last[v.name] = i
    for v in fn.ret.operands:
        last.pop(v.name, None)
    by_op: dict[int, list[str]] = {}
    for name, i in last.items():
        by_op.setdefault(i, []).append(name)
    return by_op


def _run_function(fn: Function, given, keep: bool):
    env = _bind(fn, given)
    _run_ops(fn.ops, [env], dead=None if keep else _last_uses(fn), keep_internal=keep)
    return tuple(env[v.name] for v in fn.ret.operands), env


def _run_processes(programs: Sequence[Sequence[Function]], per_process: Sequence, keep: bool,
                   functions: Mapping | None = None, module: Module | None = None) -> list:
    """(results, values) of each process of the grid of `programs`, in interpreter.run_parallel's order;
    `functions` (by name) are those a composite may name as its decomposition, `module` the one
    evaluated (its meshes)."""
    grid = Grid(len(programs), len(programs[0]) if programs else 0)
    flat = [fn for row in programs for fn in row]
    grid.functions, grid.module, grid.programs = dict(functions or {}), module, list(dict.fromkeys(flat))
    for row in programs:
        if len(row) != grid.partitions:
            raise ValueError(f"every replica runs {grid.partitions} partitions: programs has a row of {len(row)}")
    tasks = [lambda fn=fn, given=given: _run_function(fn, given, keep) for fn, given in zip(flat, per_process)]
    return run_grid(grid, tasks)


def evaluate(module_or_function: Module | Function, *inputs, keep: bool = False, replicas: int = 1,
             partitions: int = 1, entry: str | None = None):
    """Run a function on numpy arrays, op by op: a function, a module's one function, or the
    module's function named `entry` (a composite runs its decomposition, another of the module's).

    Inputs are the arguments in order, or one dict keyed by argument name
    (without `%`). Returns the results as a tuple; with keep=True returns
    (results, values), values a dict of every SSA name the function defines at
    its level (arguments, results, and the internal names of compound nodes).

    With replicas=R or partitions=P above 1 the function runs on a grid of
    R x P processes: pass one sequence of R * P per-process inputs (each a
    sequence or a dict), ordered as interpreter.run_parallel orders processes,
    (replica 0, partition 0), (0, 1), ..., (1, 0), ...; a collective meets
    across them. Returns a list of R * P result tuples (and a list of dicts).

    A sharded program with per-device code (an sdy.manual_computation, JAX's shard_map in GSPMD's
    form) runs, on one set of inputs, on as many partitions as its module has (each partition the
    whole program, vitir/evaluate/parts.py), and returns partition 0's results.
    """
    fn = _function(module_or_function, entry)
    for what, n in (("replicas", replicas), ("partitions", partitions)):
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"{what} must be at least 1, got {n}")
    count = replicas * partitions
    module = module_or_function if isinstance(module_or_function, Module) else None
    if count == 1:
        per_process = [inputs[0] if len(inputs) == 1 and isinstance(inputs[0], Mapping) else inputs]
        per_device = per_device_partitions(module, fn)
        if per_device is not None:
            partitions, per_process = per_device, per_process * per_device
    else:
        grid = f"replicas={replicas}" if partitions == 1 else f"replicas={replicas} x partitions={partitions}"
        if len(inputs) != 1 or len(inputs[0]) != count:
            raise ValueError(f"{grid} takes one sequence of {count} per-process inputs")
        per_process = list(inputs[0])
    outs = _run_processes([[fn] * partitions] * replicas, per_process, keep, _functions([module_or_function]), module)
    results, envs = [r for r, _ in outs], [e for _, e in outs]
    if count == 1:
        return (results[0], envs[0]) if keep else results[0]
    return (results, envs) if keep else results


def run_parallel(programs: Sequence[Sequence[Module | Function]], inputs: Sequence = ()) -> list:
    """StableHLO's `interpreter.run_parallel`: a grid of `programs`, one row per replica and one
    function per partition (`programs[r][p]` runs as replica r, partition p). `inputs` are every
    process's arguments, flattened in process order ((0, 0)'s, then (0, 1)'s, ..., (1, 0)'s, ...), and
    so are the results returned."""
    grid = [[_function(p) for p in row] for row in programs]
    if not grid or not grid[0]:
        raise ValueError("run_parallel needs at least one program")
    flat, per_process, at = [fn for row in grid for fn in row], [], 0
    for fn in flat:
        per_process.append(list(inputs[at:at + len(fn.args)]))
        at += len(fn.args)
    if at != len(inputs):
        raise ValueError(f"the programs take {at} inputs in all, got {len(inputs)}")
    functions = _functions([p for row in programs for p in row])
    module = next((p for row in programs for p in row if isinstance(p, Module)), None)
    return [value for results, _ in _run_processes(grid, per_process, False, functions, module)
            for value in results]


def _functions(programs) -> dict[str, Function]:
    """The functions of the modules among `programs`, by name (a composite's decomposition is one)."""
    return {f.name: f for p in programs if isinstance(p, Module) for f in p.functions}


def run_function(fn: Function, inputs) -> tuple:
    """`fn`'s results on `inputs`, in the calling process (a composite's decomposition runs so)."""
    return _run_function(fn, inputs, False)[0]


def evaluate_op(op, values: Mapping | list[Mapping]) -> tuple | list[tuple]:
    """One op's results from the arrays of the values it reads (by SSA name, operands and what its
    regions capture): to compare an op on its own with another oracle's intermediate values.
    With a list of mappings, one per replica, the op runs on a grid of that many replicas (so that a
    collective meets across them) and a list of result tuples is returned."""
    per_replica = isinstance(values, list)
    envs = [{name: x if isinstance(x, tuple) else np.asarray(x) for name, x in v.items()}  # a tuple stays one
            for v in (values if per_replica else [values])]
    run_grid(Grid(len(envs)), [lambda env=env: _run_ops([op], [env]) for env in envs])
    results = [tuple(env[r.name] for r in op.results) for env in envs]
    return results if per_replica else results[0]
