"""`vitir bisect`: the first op of a program whose results differ between two sides.

Two comparisons, each giving every op the same operand values on both sides, so rounding never
accumulates and a divergence found belongs to the op it names:

- alone: side A runs the program (a block of ops at a time) and keeps every value; side B runs each
  op on its own on A's operand values (hundreds of ops compiled as one function of independent
  ops); each op's results are compared with A's.
- in context: side B runs the block as the program holds it, every value returned; side A runs
  each op alone on B's operand values. This finds what only shows where the compiler sees an op
  with its neighbours: XLA folding `maximum(lo, clamp(lo, x, hi))` to the clamp, an f16 value
  read before it is rounded.

The blocks (at most `chunk_bytes` of results, `chunk_ops` ops) keep memory bounded on large
programs: each op's outcome is compared as it comes and let go, and only the values later blocks
read are carried over, so that the peak is about the carry and two blocks' results. The first
divergence in program order, in either comparison, is the finding.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from ..ast.module import Function, Module
from ..ast.types import TensorType
from ..ast.uses import reads
from ..errors import ConfigError, VitirError
from ..numpy_dtypes import numpy_dtype
from .sides import (OpFailure, argument_name, block_function, comparable, live_in, make_side, module_text,
                    one_blas_thread, op_level, program_arguments, release_freed_memory, working_bytes)
from .tolerance import EXACT, Difference, Tolerance, compare, same_bits, terms, tolerance_of, within

CHUNK_BYTES = 1 << 29  # results of one block, in bytes
CHUNK_OPS = 1200
OP_BYTES = 1 << 31  # an op a compiled side would need more working memory for is not run there

# What XLA's CPU backend may do to exact arithmetic once it sees its neighbours, and the bound that
# allows it (in context only; alone these ops stay exact): a multiply and the add or subtract reading
# it become one fused multiply-add (the product not rounded); a divide by a constant becomes a
# multiply by its rounded reciprocal; a fusion recomputes an operand, a reduction included, in its
# own order rather than read the value it returned. On the ViT step these reach 16 ulps of the
# operands (a LayerNorm backward's `dxhat - mean`); in context the bound is for what is no rounding
# matter (a fold, a value read unrounded): 1024 eps times the op on its operands' magnitudes.
IN_CONTEXT = {name: Tolerance("sum", 1024) for name in (
    "stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.divide", "stablehlo.sqrt")}


@dataclass
class Finding:
    index: int  # of the op in its function
    op: object
    mode: str  # "alone" or "in context"
    reference: str  # the side whose results are the reference
    other: str
    failure: str | None = None  # a side could not compile or run the op: its message
    failed: str | None = None  # which side
    result: int = 0
    replica: int = 0
    difference: Difference | None = None
    tolerance: Tolerance | None = None
    operands: list = field(default_factory=list)  # (value, array) the op read
    results: list = field(default_factory=list)  # (value, reference array, other array)
    window: list = field(default_factory=list)  # the ops of the reproducer
    window_inputs: dict = field(default_factory=dict)  # their inputs by value name
    inputs: dict = field(default_factory=dict)  # what the op read (operands, captured values) by name
    inside: str = ""  # for an op of a while loop's body: which iteration of which loop


@dataclass
class Report:
    path: str
    function: str
    reference: str
    other: str
    ops: int
    compared: int
    blocks: int
    seconds: float
    finding: Finding | None
    lines: dict
    reproducer: tuple[str, str] | None = None
    skipped: list = field(default_factory=list)  # (op, bytes): ops too large for a compiled side to run

    def text(self) -> str:
        f = self.finding
        if f is None:
            return (f"no divergence: {self.other} agrees with {self.reference} on all {self.compared} ops compared "
                    f"of @{self.function} ({self.ops} ops, {self.blocks} blocks, {self.seconds:.1f} s)\n"
                    + self.skipped_text())
        op = f.op
        where = f"{self.path}:{self.lines.get(op.results[0].name, '?') if op.results else '?'}"
        head = f"{where}: {ssa_text(op)} = {type(op).NAME}{location_text(op)}{f.inside}: "
        if f.failure is not None:
            head += f"{f.failed} fails on it ({f.mode}): {f.failure[:300]}"
        else:
            d = f.difference
            r = op.results[f.result]
            head += (f"{f.other} differs from {f.reference} ({f.mode}): {d.elements} of {d.total} elements of "
                     f"{ssa_name(r)} outside {f.tolerance.text()}")
        lines = [head]
        if f.mode == "in context":
            lines.append(f"  the op alone on {f.other}'s operand values agrees: it differs where {f.other} "
                         f"compiles it with the ops around it (the reproducer holds them)")
        for v, x in f.operands:
            lines.append(f"  operand {ssa_name(v)}: {v.type}  {summary(x)}")
        for v, a, b in f.results:
            lines.append(f"  result {ssa_name(v)}: {v.type}  {f.reference}: {summary(a)}")
            lines.append(f"  {' ' * (len(ssa_name(v)) + 8)}{' ' * len(str(v.type))}  {f.other}: {summary(b)}")
        if f.difference is not None:
            d = f.difference
            at = ", ".join(str(i) for i in d.first_index) if d.first_index else ""
            lines.append(f"  largest difference: {d.max_abs:.6g} absolute, {d.max_rel:.6g} relative, "
                         f"{_ulps_text(d.max_ulps)} ulps; first outside the bound at [{at}]: "
                         f"{f.reference} {_scalar(d.a_value)}, {f.other} {_scalar(d.b_value)}"
                         + (f" (replica {f.replica})" if f.replica else ""))
        if self.reproducer:
            lines.append(f"  reproducer: {self.reproducer[0]} with inputs {self.reproducer[1]} "
                         f"(vitir bisect {self.reproducer[0]} --inputs {self.reproducer[1]} "
                         f"--against {self.reference},{self.other})")
        lines.append(f"  compared {self.compared} ops of @{self.function} before it stopped "
                     f"({self.blocks} blocks, {self.seconds:.1f} s)")
        return "\n".join(lines) + "\n" + self.skipped_text()

    def skipped_text(self) -> str:
        """A line per op left uncompared because a compiled side would need too much memory to run it."""
        return "".join(f"  not compared: {self.path}:{self.lines.get(op.results[0].name, '?')}: {ssa_text(op)} = "
                       f"{type(op).NAME}: running it would take {size / 2**30:.1f} GiB of working memory "
                       f"(above --op-gib)\n" for op, size in self.skipped)


def ssa_name(v) -> str:
    """A value's name as the text spells it (the reader names `%0` `v0`)."""
    name = v.name
    if re.fullmatch(r"v\d+(#\d+)?", name):
        name = name[1:]
    return "%" + name


def ssa_text(op) -> str:
    from ..ast.declare import result_base

    base = result_base(op)
    if base:
        return f"{ssa_name(type('V', (), {'name': base})())}:{len(op.results)}"
    return ", ".join(ssa_name(r) for r in op.results) or "(no results)"


def location_text(op) -> str:
    """` loc(...)` when the op carries a known location, else ''."""
    from ..ast.location import placed_only

    location = getattr(op, "location", None)
    if location is None or not hasattr(location, "text") or placed_only(location):  # its text's line: said already
        return ""
    text = location.text()
    if not text or text in ("unknown", "UNKNOWN"):
        return ""
    return f" loc({text})"


def summary(x) -> str:
    if isinstance(x, OpFailure):
        return f"fails: {x.message[:200]}"
    x = np.asarray(x)
    if x.size == 0:
        return "empty"
    if x.dtype.kind == "c":
        return f"|x| in [{np.abs(x).min():.6g}, {np.abs(x).max():.6g}]"
    if x.dtype.kind == "b":
        return f"{int(x.sum())} true of {x.size}"
    if x.dtype.kind in "iu":
        return f"in [{x.min()}, {x.max()}]"
    wide = x.astype(np.float64)
    finite = wide[np.isfinite(wide)]
    parts = [f"in [{finite.min():.6g}, {finite.max():.6g}]" if finite.size else "no finite element"]
    nan, inf = int(np.isnan(wide).sum()), int(np.isinf(wide).sum())
    tiny = _smallest_normal(x)
    subnormal = int(((wide != 0) & (np.abs(wide) < tiny)).sum())
    for count, what in ((nan, "NaN"), (inf, "inf"), (subnormal, "subnormal")):
        if count:
            parts.append(f"{count} {what}")
    return ", ".join(parts)


def _smallest_normal(x: np.ndarray) -> float:
    try:
        return float(np.finfo(x.dtype).tiny)
    except ValueError:
        import ml_dtypes

        return float(ml_dtypes.finfo(x.dtype).smallest_normal)


def _scalar(x) -> str:
    if x is None:
        return "?"
    x = np.asarray(x)
    if x.dtype.kind == "f" or (x.dtype.kind not in "biuc"):
        return repr(float(x))
    return repr(x.item())


def _ulps_text(u: float) -> str:
    return "inf" if not np.isfinite(u) else f"{u:.0f}"


# -- reading programs and inputs ---------------------------------------------------------------------

def load_program(text: str, function: str | None = None) -> tuple[Module, Function]:
    """The module (compound nodes expanded into their plain ops, so each op is one line of the text)
    and its function to bisect."""
    from ..mlir import import_text
    from ..passes import run

    module = run(import_text(text), ["expand-compounds"])
    if function is None:
        if len(module.functions) != 1:
            names = ", ".join("@" + f.name for f in module.functions)
            raise ConfigError(f"the module has several functions ({names}): name one with --function")
        return module, module.functions[0]
    for fn in module.functions:
        if fn.name == function:
            return module, fn
    raise ConfigError(f"the module has no function @{function}")


def definition_lines(text: str) -> dict[str, int]:
    """SSA name (as the reader names it) -> the line that defines it."""
    out = {}
    for number, line in enumerate(text.splitlines(), start=1):
        m = re.match(r"\s*(%[\w.$\-]+(?::\d+)?(?:\s*,\s*%[\w.$\-]+)*)\s*=", line)
        if not m:
            continue
        for part in m.group(1).split(","):
            name, _, count = part.strip()[1:].partition(":")
            keys = [name] + [f"{name}#{i}" for i in range(int(count))] if count else [name]
            for key in keys:
                reader = f"v{key}" if re.fullmatch(r"\d+(#\d+)?", key) else key
                out.setdefault(reader, number)
    return out


def lines_of(text: str) -> dict[str, int]:
    return definition_lines(text) if text else {}


def random_inputs(fn: Function, seed: int = 0, replicas: int = 1, scale: float = 1.0) -> list[dict]:
    """Arguments drawn from `seed`: floats normal of deviation `scale`, integers in [0, 4), booleans fair."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(replicas):
        env = {}
        for a in fn.args:
            dtype = numpy_dtype(a.type.dtype)
            if a.type.dtype.is_float:
                env[a.name] = (scale * rng.standard_normal(a.shape)).astype(dtype)
            elif a.type.dtype.is_complex:
                env[a.name] = (rng.standard_normal(a.shape) + 1j * rng.standard_normal(a.shape)).astype(dtype)
            elif dtype == np.bool_:
                env[a.name] = rng.integers(0, 2, a.shape).astype(bool)
            else:
                env[a.name] = rng.integers(0, 4, a.shape).astype(dtype)
        out.append(env)
    return out


def bind_inputs(fn: Function, given: Mapping[str, np.ndarray], replicas: int = 1) -> list[dict]:
    """npz arrays keyed by argument name (without %), as one dict per replica (with replicas above 1,
    each array has a leading dimension of one slice per replica)."""
    names = [a.name for a in fn.args]
    missing = [n for n in names if n not in given]
    extra = sorted(set(given) - set(names))
    if missing or extra:
        raise ConfigError(f"@{fn.name} takes {', '.join(names) or 'no arguments'}; the inputs "
                          + (f"lack {', '.join(missing)}" if missing else "") + ("; " if missing and extra else "")
                          + (f"have {', '.join(extra)}, which it does not take" if extra else ""))
    out = []
    for r in range(replicas):
        env = {}
        for a in fn.args:
            x = np.asarray(given[a.name])
            if replicas > 1:
                x = x[r]
            if x.shape != a.shape:
                raise ConfigError(f"input '{a.name}': expected {a.type}, got shape {x.shape}"
                                  + (f" (replica {r})" if replicas > 1 else ""))
            target = numpy_dtype(a.type.dtype)
            if x.dtype.kind == "V" and x.dtype.itemsize == np.dtype(target).itemsize:
                x = x.view(target)  # npz keeps bf16 and f8 as raw bytes
            env[a.name] = x.astype(target, copy=False)
        out.append(env)
    return out


# -- the search ----------------------------------------------------------------------------------

def blocks(ops: Sequence, chunk_bytes: int = CHUNK_BYTES, chunk_ops: int = CHUNK_OPS,
           apart: frozenset = frozenset()) -> list[list]:
    """Consecutive ops of at most `chunk_bytes` of results and `chunk_ops` ops (an op larger than
    that alone); the ops whose ids are in `apart` each a block of its own."""
    out, current, size = [], [], 0
    for op in ops:
        nbytes = sum(_nbytes(r.type) for r in op.results)
        if current and (size + nbytes > chunk_bytes or len(current) >= chunk_ops or id(op) in apart
                        or id(current[-1]) in apart):
            out.append(current)
            current, size = [], 0
        current.append(op)
        size += nbytes
    if current:
        out.append(current)
    return out


def _nbytes(t) -> int:
    if not isinstance(t, TensorType):
        return 0
    return int(np.prod(t.shape, dtype=np.int64)) * max(1, (t.dtype.bits + 7) // 8)


def bisect(module: Module, fn: Function, inputs: list[dict], against: Sequence[str] = ("evaluator", "pjrt"),
           overrides: Mapping[str, Tolerance] | None = None, modes: Sequence[str] = ("alone", "in context"),
           chunk_bytes: int = CHUNK_BYTES, chunk_ops: int = CHUNK_OPS, progress=None,
           text: str = "", path: str = "<text>", op_bytes: int = OP_BYTES) -> Report:
    """The first op of `fn` whose results differ between the sides `against` (reference first). An op
    the other side, compiled, would need more than `op_bytes` of working memory to run
    (`working_bytes`) is not compared: the reference computes it, in a block of its own, and the
    report names it."""
    with one_blas_thread():
        return _bisect(module, fn, inputs, against, overrides, modes, chunk_bytes, chunk_ops, progress, text, path,
                       op_bytes)


def _bisect(module, fn, inputs, against, overrides, modes, chunk_bytes, chunk_ops, progress, text, path,
            op_bytes) -> Report:
    replicas = len(inputs)
    if module.num_partitions > 1:
        _check_partitioned(module, fn, replicas)
    like = module.with_functions([])
    reference, other = (make_side(name, replicas, like) for name in against)
    for side in (reference, other):
        side.placed = program_arguments(fn)
    started = time.perf_counter()
    search = _Search(fn, reference, other, overrides, modes)
    skipped = [(op, size) for op in fn.ops if (size := working_bytes(op)) > op_bytes]
    if skipped and reference.name != "evaluator":
        op, size = skipped[0]
        raise ConfigError(f"{ssa_text(op)} = {type(op).NAME} would take {size / 2**30:.1f} GiB of working memory on "
                          f"{reference.name}, the reference: compare it against the evaluator, or raise --op-gib")
    apart = frozenset(id(op) for op, _ in skipped)
    carry = [dict(env) for env in inputs]
    planned = blocks(fn.ops, chunk_bytes, chunk_ops, apart)
    compared, reached = 0, -1
    finding = None
    for number, block in enumerate(planned, start=1):
        reached = search.index[id(block[-1])]
        if id(block[0]) in apart:  # the reference alone computes it, for the later blocks
            found, carry, ref_values = search.block(block, carry, compare=False)
        else:
            found, carry, ref_values = search.block(block, carry)
        release_freed_memory()
        chosen = sum(1 for op in block if comparable(op) and id(op) not in apart)
        cut = min((f.index for f in found), default=len(fn.ops))
        compared += chosen if not found else sum(1 for op in block if comparable(op) and search.index[id(op)] <= cut)
        if progress:
            progress(f"block {number}/{len(planned)}: {chosen} ops compared, "
                     f"{time.perf_counter() - started:.1f} s")
        if found:
            finding = min(found, key=lambda f: f.index)
            if finding.mode == "alone" and finding.failure is None and type(finding.op).NAME == "stablehlo.while" \
                    and replicas == 1:
                finding = _into_loop(like, finding, ref_values[0], against, overrides, modes, lines_of(text)) \
                    or finding
            break
    return Report(path, fn.name, reference.name, other.name, len(fn.ops), compared, len(planned),
                  time.perf_counter() - started, finding, lines_of(text),
                  skipped=[(op, size) for op, size in skipped if search.index[id(op)] <= reached])


class _Search:
    """One block at a time, holding no more than the block needs: its inputs (the carry), the
    values each side computed for it, and one op's outcome at a time (each op's results are
    compared as they come and let go). What the block defines is let go when it ends, but the
    values later blocks read (the next carry)."""

    def __init__(self, fn: Function, reference, other, overrides, modes):
        self.reference, self.other, self.overrides, self.modes = reference, other, overrides, modes
        self.index = {id(op): i for i, op in enumerate(fn.ops)}
        self.last_read = _last_reads(fn)

    def block(self, block: Sequence, carry: list[dict], compare: bool = True) -> tuple[list, list[dict], list | None]:
        """(the findings of `block`, the carry of the next blocks, and the reference's values of the
        block when there is a finding, else None). compare=False: the reference's values only."""
        given = [{v.name: env[v.name] for v in live_in(block)} for env in carry]
        ref_values = self.reference.in_context(block, given)
        chosen = [op for op in block if comparable(op)] if compare else []
        found = []
        if "alone" in self.modes:
            found += self._alone(chosen, ref_values)
        if "in context" in self.modes:
            cut = min((f.index for f in found), default=len(self.index))
            context_ops = [op for op in chosen if self.index[id(op)] < cut]
            if context_ops:
                found += self._in_context(block, context_ops, given, ref_values)
        if found:
            return found, carry, ref_values
        end = self.index[id(block[-1])]
        later = self.last_read
        return [], [{name: x for name, x in (*c.items(), *values.items()) if later.get(name, -1) > end}
                    for c, values in zip(carry, ref_values)], None

    def _alone(self, ops: Sequence, ref_values: list[dict]) -> list[Finding]:
        reference, other = self.reference.name, self.other.name
        for op, outcome in zip(ops, self.other.alone(ops, ref_values)):
            f = _check(op, self.index[id(op)], "alone", reference, other, [_results(op, env) for env in ref_values],
                       outcome, ref_values, self.overrides, other)
            if f is not None:
                return [f]
        return []

    def _in_context(self, block: Sequence, ops: Sequence, given: list[dict], ref_values: list[dict]) -> list[Finding]:
        reference, other = self.reference.name, self.other.name
        try:
            other_values = self.other.in_context(block, given)
        except (VitirError, RuntimeError, ValueError) as error:  # a compiler's refusal is a finding
            if not op_level(error):
                raise
            return [Finding(self.index[id(block[0])], block[0], "in context", reference, other,
                            failure=f"the block of ops {ssa_text(block[0])} .. {ssa_text(block[-1])} fails: "
                            f"{OpFailure(str(error)).message}", failed=other)]
        for op, outcome in zip(ops, _alone_on(self.reference, ops, other_values, ref_values)):
            f = _check(op, self.index[id(op)], "in context", reference, other, outcome,
                       [_results(op, env) for env in other_values], other_values, self.overrides, reference)
            if f is not None:
                f.window, f.window_inputs = _window(op, block, other_values)
                return [f]
        return []


def _check_partitioned(module: Module, fn: Function, replicas: int) -> None:
    """A partitioned program is compared on its global values: the evaluator runs it as one program
    (its shardings say where values live, not what they are), the compiled side as the module's
    partitions, each block and each op placed by the program's shardings and its results gathered
    whole. Per-device code (each partition computing on its own block) has no global value to
    compare op by op: such a program is refused by name."""
    from ..ast.uses import walk
    from ..evaluate.parts import enters_per_device_code

    entry = next((op for op in walk(fn.ops) if enters_per_device_code(op)), None)
    if entry is not None:
        raise ConfigError(f"@{fn.name} holds per-device code ({ssa_text(entry)} = {type(entry).NAME}): bisect compares "
                          f"a program of mhlo.num_partitions = {module.num_partitions} on its global values, which "
                          "per-device code does not have; bisect the per-device body as a function of its own")
    if replicas > 1:
        raise ConfigError(f"@{fn.name}: {replicas} replicas of a program of mhlo.num_partitions = "
                          f"{module.num_partitions}: bisect compares replicas or partitions, not both")


MAX_ITERATIONS = 10_000


def _into_loop(like: Module, finding: Finding, values: dict, against, overrides, modes, lines: dict) -> Finding | None:
    """The first op of a diverging while loop's body that diverges, in the first iteration where one
    does: the loop run by the evaluator, each iteration's body bisected on the state it starts from."""
    from ..ast.uses import captured
    from ..evaluate import evaluate

    loop = finding.op
    cond, body = loop.cond, loop.body
    outer = list(dict.fromkeys([*captured(cond), *captured(body)]))
    state = [np.asarray(values[v.name]) for v in loop.operands]
    given = {v: np.asarray(values[v.name]) for v in outer}
    cond_fn = block_function("cond", cond.ops, [*cond.args, *outer], cond.results)
    body_fn = block_function("body", body.ops, [*body.args, *outer], body.results)
    loop_line = lines.get(loop.results[0].name, "?")
    for iteration in range(MAX_ITERATIONS):
        env = {**{argument_name(a): x for a, x in zip(cond.args, state)},
               **{argument_name(v): x for v, x in given.items()}}
        (go,) = evaluate(cond_fn, {a.name: env[a.name] for a in cond_fn.args})
        if not bool(go):
            return None
        inputs = {**{argument_name(a): x for a, x in zip(body.args, state)},
                  **{argument_name(v): x for v, x in given.items()}}
        report = bisect(like, body_fn, [{a.name: inputs[a.name] for a in body_fn.args}], against, overrides, modes)
        if report.finding is not None:
            inner = report.finding
            inner.inside += f" (iteration {iteration} of the body of {ssa_text(loop)} = stablehlo.while, line {loop_line})"
            return inner
        state = list(evaluate(body_fn, {a.name: inputs[a.name] for a in body_fn.args}))
    return None


def _alone_on(side, ops: Sequence, values: list[dict], known: list[dict]):
    """`side.alone(ops, values)`, op by op, where the evaluator's results in `known` (its own run of
    the block) stand for those of each op whose operands hold the same bits in `values`: it computes
    an op alone as it does in its program, so it would give them again (a convolution or a matmul
    of the same operands is most of a block's time)."""
    if side.name != "evaluator":
        yield from side.alone(ops, values)
        return
    same: dict[str, bool] = {}

    def unchanged(name: str) -> bool:
        if name not in same:
            same[name] = all(same_bits(np.asarray(v[name]), np.asarray(k[name])) for v, k in zip(values, known))
        return same[name]

    for op in ops:
        if all(unchanged(v.name) for v in reads(op)):
            yield [_results(op, env) for env in known]
        else:
            yield from side.alone([op], values)


def _last_reads(fn: Function) -> dict[str, int]:
    last = {}
    for i, op in enumerate(fn.ops):
        for v in reads(op):
            last[v.name] = i
    for v in fn.ret.operands:
        last[v.name] = len(fn.ops)
    return last


def _results(op, env: dict) -> tuple:
    return tuple(env[r.name] for r in op.results)


def _check(op, i: int, mode: str, reference: str, other: str, ref_outcome, other_outcome, operand_values,
           overrides, alone_side: str) -> Finding | None:
    """A Finding when the two outcomes of `op` (lists of per-replica result tuples, or OpFailures)
    differ beyond its tolerance."""
    operands = [(v, operand_values[0][v.name]) for v in op.operands]
    inputs = {v.name: _per_replica(operand_values, v.name) for v in reads(op)}
    for outcome, side in ((ref_outcome, reference), (other_outcome, other)):
        if isinstance(outcome, OpFailure):
            return Finding(i, op, mode, reference, other, failure=outcome.message, failed=side, operands=operands,
                           inputs=inputs)
    chosen = tolerance_of(op, overrides)
    if mode == "in context" and chosen == EXACT and type(op).NAME not in (overrides or {}):
        chosen = IN_CONTEXT.get(type(op).NAME, chosen)
    for replica, (ref, oth) in enumerate(zip(ref_outcome, other_outcome)):
        for k, (r, a, b) in enumerate(zip(op.results, ref, oth)):
            tolerance = chosen
            scale, count = None, 1
            exact = not (r.type.dtype.is_float or r.type.dtype.is_complex)
            if exact:
                tolerance = EXACT  # integers and booleans: nothing to round
            count = terms(op) if tolerance.kind == "sum" else 1
            if within(a, b, tolerance, None, count):
                continue  # a sum's scale is never below its result's size: within this, within any
            if tolerance.kind == "sum":
                scale = _abs_scale(op, operand_values[replica], k)
                if within(a, b, tolerance, scale, count):
                    continue
            d = compare(a, b, tolerance, scale, count)
            if d.elements:
                return Finding(i, op, mode, reference, other, result=k, replica=replica, difference=d,
                               tolerance=tolerance, operands=operands, inputs=inputs,
                               results=[(v, x, y) for v, x, y in zip(op.results, ref, oth)])
    return None


def _abs_scale(op, values: dict, k: int):
    """The op on its operands' absolute values (the `sum` bound's scale), by the evaluator."""
    from ..evaluate import evaluate_op

    def magnitude(x):
        x = np.asarray(x)
        return np.abs(x) if x.dtype.kind in "fc" or x.dtype.kind == "V" else x

    if type(op).NAME == "stablehlo.subtract":  # |a| - |b| is no magnitude: |a| + |b| is
        lhs, rhs = (np.abs(np.asarray(values[v.name]).astype(np.float64)) for v in op.operands)
        return lhs + rhs
    try:
        outs = evaluate_op(op, {v.name: magnitude(values[v.name]) for v in reads(op)})
    except Exception:  # noqa: BLE001 - no scale: compare against the results' own size
        return None
    return np.abs(np.asarray(outs[k]).astype(np.complex128 if np.iscomplexobj(outs[k]) else np.float64))


def _window(op, block: Sequence, values: list[dict]) -> tuple[list, dict]:
    """The op and the ops of its block that define its operands: what the compiler saw around it."""
    defined = {r: o for o in block for r in o.results}
    producers = {id(defined[v]): defined[v] for v in reads(op) if v in defined and comparable(defined[v])}
    ops = [o for o in block if id(o) in producers] + [op]
    return ops, {v.name: _per_replica(values, v.name) for v in live_in(ops)}


def _per_replica(values: list[dict], name: str):
    """One replica's value, or every replica's stacked (the inputs' layout with replicas)."""
    if len(values) == 1:
        return values[0][name]
    return np.stack([np.asarray(env[name]) for env in values])


# -- the reproducer ----------------------------------------------------------------------------------

def reproducer(module: Module, finding: Finding) -> tuple[str, dict]:
    """A module holding the op alone (or, for an in-context finding, with the ops that define its
    operands), its arguments the values it read; and those values by argument name."""
    if finding.window:
        ops, values = finding.window, finding.window_inputs
    else:
        ops, values = [finding.op], finding.inputs
    inputs = live_in(ops)
    fn = block_function("main", ops, inputs, [r for r in ops[-1].results])
    text = module_text(fn, module.with_functions([]))
    return text, {argument_name(v): np.asarray(values[v.name]) for v in inputs}


def write_reproducer(module: Module, finding: Finding, path: str | Path) -> tuple[str, str]:
    from ..files import save_npz, write_text

    text, arrays = reproducer(module, finding)
    path = Path(path)
    npz = path.with_suffix(".npz")
    write_text(path, text)
    save_npz(npz, arrays)
    return str(path), str(npz)
