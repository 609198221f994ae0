"""`vitir reduce`: delta debugging of a program while it keeps a property.

The property is a function of the candidate's text (`interesting(text) -> bool`): bisect's
divergence between two sides (`diverges`), or a shell command's exit status (`until`).

First, two coarse passes that make each test smaller than the last, for programs whose every test
is costly (an IREE compile of a train step): binary reduction over the function's results (each
result kept with its backward slice; `Reducer.one_by_one`), then the ops before op k cut (the
values they define become arguments; the constants they read stay), k the largest that keeps the
property (binary search). Then, in order, until a round changes nothing:

1. ops: binary reduction over the function's ops in the first round (each search galloping from
   the top), ddmin (Zeller and Hildebrandt's) in the later ones. A kept op whose operand a removed
   op defined reads a new argument in its place (its value, for `diverges`, the one the reference
   side computed there). The function returns the results it returned that it still defines (ops
   that no longer reach them go), or, when none is left, the results no kept op reads.
2. bypass: an op (at any depth, inside regions too) whose result can be one of its operands of the
   same type is removed, its uses reading that operand.
3. constants (with `diverges`, or `until` when asked): an argument made a constant, of the value
   bisect's property reads there when it is one number or a few, else of zeros.
4. attributes: an optional attribute set to its default.
5. shapes: a dimension size written in the text made 1 everywhere it appears (arguments sliced).

Every candidate is printed and read back (vitir's shape rules and xDSL's verifier): an invalid one
is never tested. Candidates are tried in a fixed order and the result is printed canonically, so a
reduction is deterministic and its output reads back to the same text (ready for
`vitir.testing`'s golden files). Verdicts are cached by the text's hash; with `jobs` > 1 (a
property that runs each test as a process, `until`), candidates are tested side by side and the
result is the one a test after another gives.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import signal
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from ..ast.module import Function, Module, Return
from ..ast.types import TensorType
from ..ast.uses import reads, walk
from ..ast.values import Value
from ..errors import ConfigError, VitirError
from ..numpy_dtypes import numpy_dtype
from .sides import argument_name, module_text


class Reducer:
    """Holds the best program so far and the property; `run()` returns the reduced text."""

    def __init__(self, text: str, interesting: Callable[[str], bool], progress: Callable[[str], None] | None = None,
                 function: str | None = None, start: Sequence[int] | None = None, constants: bool = False,
                 jobs: int = 1):
        from .bisect import load_program

        self.make_constants = constants  # the constants pass: arguments become constants

        self.interesting_text = interesting
        self.progress = progress
        self.tests = 0
        self.started = time.perf_counter()
        self.cache: dict[bytes, bool] = {}  # the verdict per candidate, keyed by its text's hash
        # candidates tested side by side: only a property that runs each test in a process of its
        # own says it can (`until`); bisect's runs in this one
        self.jobs = jobs if jobs > 1 and getattr(interesting, "parallel", False) else 1
        self.pool = ThreadPoolExecutor(self.jobs) if self.jobs > 1 else None
        module, fn = load_program(text, function)
        self.module, self.fn = module.with_functions([fn]), fn
        self.text = module_text(fn, self.module)
        if not self.test(self.text):
            raise ConfigError("the program does not have the property to keep (the test fails on it as given)")
        if start:  # a first candidate (bisect's finding): when it keeps the property, ddmin starts there
            text = self.valid(keep_ops(self.fn, start))
            if self.test(text):
                self.accept(text, "keeping the op bisect names")

    # -- testing --------------------------------------------------------------------------------

    def test(self, text: str | None) -> bool:
        if text is None:
            return False
        key = _key(text)
        if key not in self.cache:
            began = time.perf_counter()
            self.record(text, bool(self.interesting_text(text)), began)
        return self.cache[key]

    def record(self, text: str, verdict: bool, began: float) -> None:
        self.tests += 1
        self.cache[_key(text)] = verdict
        if self.progress and time.perf_counter() - began > 2.0:  # a long test: say what it gave
            self.progress(f"test {self.tests}: a candidate of {text.count(chr(10))} lines "
                          f"{'keeps' if verdict else 'loses'} the property "
                          f"({time.perf_counter() - began:.1f} s; {time.perf_counter() - self.started:.1f} s in all)")

    def first(self, indices: Iterable[int], make: Callable[[int], str | None]) -> tuple[int, str] | None:
        """(k, its text) for the first k of `indices`, in order, whose candidate `make(k)` keeps the
        property; None when none does. Each is made (printed, read back) only when reached; with
        --jobs N, the next N valid untested ones are tested side by side, and those after one that
        keeps the property are stopped: the answer is the one a test after another gives, whatever
        the timing."""
        batch: list[tuple[int, str]] = []
        for k in indices:
            text = make(k)
            if text is None:
                continue
            if not batch and _key(text) in self.cache:
                if self.cache[_key(text)]:
                    return k, text
                continue
            batch.append((k, text))
            if len(batch) == self.jobs:
                found = self._first_of(batch)
                if found is not None:
                    return found
                batch = []
        return self._first_of(batch) if batch else None

    def _first_of(self, batch: list[tuple[int, str]]) -> tuple[int, str] | None:
        """The first of `batch` that keeps the property, its untested ones tested side by side."""
        if self.pool is None:
            return next(((k, t) for k, t in batch if self.test(t)), None)
        todo = list(dict.fromkeys(t for _, t in batch if _key(t) not in self.cache))  # each text once
        stops = [threading.Event() for _ in todo]
        began = time.perf_counter()
        futures = [self.pool.submit(self.interesting_text.run, t, slot, stop)
                   for slot, (t, stop) in enumerate(zip(todo, stops))]
        for k, (text, future) in enumerate(zip(todo, futures)):
            verdict = future.result()
            if verdict is None:  # stopped: a candidate before it kept the property
                continue
            self.record(text, verdict, began)
            if verdict:
                for stop in stops[k + 1:]:
                    stop.set()
        return next(((k, t) for k, t in batch if self.cache.get(_key(t))), None)

    def prefetch(self, texts: Iterable[str | None]) -> None:
        """Test `texts` side by side (with --jobs N, N at a time), their verdicts cached for the
        searches that read them one after another."""
        if self.pool is None:
            return
        todo = list(dict.fromkeys(t for t in texts if t is not None and _key(t) not in self.cache))
        for at in range(0, len(todo), self.jobs):
            chunk = todo[at:at + self.jobs]
            began = time.perf_counter()
            futures = [self.pool.submit(self.interesting_text.run, t, slot, None) for slot, t in enumerate(chunk)]
            for text, future in zip(chunk, futures):
                self.record(text, bool(future.result()), began)

    def valid(self, fn: Function | None) -> str | None:
        """The candidate's text when it reads back (shape rules, verifier), else None."""
        from ..mlir import import_text

        if fn is None or not fn.ops:
            return None
        try:
            text = module_text(fn, self.module)
            back = import_text(text)
            return module_text(back.functions[0], back)
        except Exception:  # noqa: BLE001 - any candidate that does not print and read back is invalid
            return None

    def accept(self, text: str, what: str) -> None:
        from .bisect import load_program

        self.text = text
        self.module, self.fn = load_program(text)
        self.module = self.module.with_functions([self.fn])
        self.say(what)

    def say(self, what: str, held: str | None = None) -> None:
        """A line of progress: what the best candidate holds (or `held`) after `what`."""
        if self.progress:
            held = held or f"{count_ops(self.fn)} ops, {len(self.fn.args)} arguments"
            self.progress(f"{held} after {what} ({self.tests} tests, {time.perf_counter() - self.started:.1f} s)")

    # -- the passes -----------------------------------------------------------------------------

    def run(self, rounds: int = 4) -> str:
        self.results()
        self.prefix()
        for round in range(rounds):
            before = self.text
            self.ops(binary=round == 0)
            self.bypass()
            if self.make_constants:
                self.constants()
            self.attributes()
            self.shapes()
            if self.text == before:
                break
        return self.text

    def ops(self, binary: bool = False) -> None:
        """ddmin over the top-level ops, or (the first round, on a program of hundreds of ops) binary
        reduction: k log n tests for k needed ops of n."""
        how = "binary reduction" if binary else "ddmin"
        every, candidate = list(range(len(self.fn.ops))), lambda chosen: keep_ops(self.fn, chosen)
        items = self.one_by_one(every, candidate, "ops", gallop=True) if binary else self.ddmin(every, candidate, "ops")
        if len(items) < len(self.fn.ops):
            self.accept(self.valid(keep_ops(self.fn, items)), f"{how} over ops")
        if len(items) == 1 and len(self.fn.ops) > 1:
            text = self.valid(keep_ops(self.fn, items))
            if self.test(text):
                self.accept(text, f"{how} over ops")

    def results(self) -> None:
        """Binary reduction over the function's results, each kept with its backward slice only: on
        a train step of hundreds of results, a few binary searches leave the slices that hold the
        property."""
        count = len(self.fn.ret.operands)
        if count < 2:
            return
        items = self.one_by_one(list(range(count)), lambda chosen: keep_results(self.fn, chosen), "results")
        if len(items) < count:
            self.accept(self.valid(keep_results(self.fn, items)), f"binary reduction over results ({len(items)} of {count} kept)")

    def prefix(self) -> None:
        """The values defined before op k become new arguments, k as large as keeps the property
        (binary search): each test is smaller than the program, most far smaller."""
        n = len(self.fn.ops)
        # the number of ops cut, searched from the top: the fewest left that keep the property
        left = self.smallest(n, lambda kept: self.valid(keep_ops(self.fn, self.suffix(n - kept))) if kept else None)
        low = n - left
        if low:
            self.accept(self.valid(keep_ops(self.fn, self.suffix(low))), f"cutting the ops before op {low}")

    def suffix(self, k: int) -> list[int]:
        """The ops from op k on, and the constants before it that they read: a constant made an
        argument is another program to a compiler (it no longer folds or fuses it)."""
        later = self.fn.ops[k:]
        read = {v for op in later for v in reads(op)}
        return [i for i, op in enumerate(self.fn.ops[:k]) if type(op).NAME == "stablehlo.constant"
                and any(r in read for r in op.results)] + list(range(k, len(self.fn.ops)))

    def ddmin(self, items: list[int], candidate: Callable[[list[int]], Function], what: str) -> list[int]:
        """Zeller and Hildebrandt's ddmin: the items of a smallest candidate found that keeps the
        property (each candidate printed and read back first: an invalid one is never tested)."""
        n = 2
        while len(items) >= 2:
            chunks = _split(items, n)
            # each chunk alone, then each complement: the first that keeps the property
            subsets = chunks + [[i for j, c in enumerate(chunks) if j != k for i in c] for k in range(len(chunks))]
            found = self.first(range(len(subsets)), lambda k: self.valid(candidate(subsets[k])))
            if found is not None:
                k = found[0]
                items, n = subsets[k], (2 if k < len(chunks) else max(n - 1, 2))
                self.say(f"ddmin over {what} (granularity {n})", held=f"{len(items)} {what} kept")
                continue
            if n >= len(items):
                break
            n = min(len(items), 2 * n)
        return items

    def one_by_one(self, items: list[int], candidate: Callable[[list[int]], Function], what: str,
                   gallop: bool = False) -> list[int]:
        """Binary reduction (as J-Reduce's): the smallest prefix of the items that, with those found
        needed so far, keeps the property, by binary search; its last item is needed. A few needed
        items out of many cost a few binary searches (k log n tests, where ddmin takes far more when
        the needed items lie apart), and each test is of a candidate smaller than the program.
        `gallop`: each search starts from the top (1, 2, 4, ... items left out), for items needed
        in runs (ops: the few dozen a bug needs are mostly neighbours), one test each."""
        needed: list[int] = []
        rest = list(items)  # needed + rest keeps the property
        while rest:
            # those found needed may be all: one test, where the search would reach them last
            if needed and self.test(self.valid(candidate(sorted(needed)))):
                break
            smallest = self.smallest(len(rest), lambda p: self.valid(candidate(sorted(needed + rest[:p]))),
                                     low=1 if needed else 0, gallop=gallop)
            if smallest == 0:
                break
            needed.append(rest[smallest - 1])
            rest = rest[:smallest - 1]
            self.say(f"binary reduction over {what}", held=f"{len(needed)} {what} needed, {len(rest)} left to search")
        return sorted(needed)

    def smallest(self, n: int, candidate: Callable[[int], str | None], low: int = 0, gallop: bool = False) -> int:
        """The smallest p in low..n whose candidate keeps the property, that of n known to (binary
        search; with `gallop`, first n - 1, n - 2, n - 4, ... until one loses it). With --jobs N,
        the candidates of the next levels of the search are tested side by
        side first (all 2**d - 1 of d levels, 2**d - 1 <= N): the search then reads their verdicts,
        the same as one test after another would give."""
        made: dict[int, str | None] = {}  # each candidate printed and read back once

        def candidate_at(p: int) -> str | None:
            if p not in made:
                made[p] = candidate(p)
            return made[p]

        high = n
        step = 1
        while gallop and high - step > low:  # n - 1, n - 2, n - 4, ...: the top first
            if not self.test(candidate_at(high - step)):
                low = high - step + 1
                break
            high, step = high - step, step * 2
        levels = max(1, (self.jobs + 1).bit_length() - 1)
        while low < high:
            if self.pool is not None:
                self.prefetch(candidate_at(m) for m in _search_points(low, high, levels))
            middle = (low + high) // 2
            if self.test(candidate_at(middle)):
                high = middle
            else:
                low = middle + 1
        return low

    def constants(self) -> None:
        """Each argument, in order, made a constant: its value where the property knows it and it
        is one number or a few (bisect's), else zeros (the reproducer then needs no inputs)."""
        from .bisect import ssa_name

        k = 0
        while k < len(self.fn.args):
            for value in self.constant_values(self.fn.args[k]):
                text = self.valid(with_constant(self.fn, k, value))
                if self.test(text):
                    self.accept(text, f"an argument ({ssa_name(self.fn.args[k])}) made a constant")
                    break
            else:
                k += 1

    def constant_values(self, arg: Value) -> list[np.ndarray]:
        """The constants to try for `arg`: the value a property that knows values reads there
        (bisect's, when it is one number or a few), else zeros."""
        known = getattr(self.interesting_text, "inputs_for", None)
        if known is None:
            return [np.zeros(arg.shape, numpy_dtype(arg.type.dtype))]
        given = known(Function("f", [arg], [], Return([arg])))
        if given is None:
            return []
        x = np.asarray(given[arg.name])
        return [x] if x.size <= SMALL_CONSTANT or (x.size and bool((x == x.flat[0]).all())) else []

    def bypass(self) -> None:
        """An op whose result an operand of the same type can stand for goes, at any depth."""
        k = 0
        while True:
            candidates = _bypasses(self.fn)
            found = self.first(range(k, len(candidates)),
                               lambda j: self.valid(bypassed(self.module, self.text, *candidates[j])))
            if found is None:
                return
            k, text = found
            self.accept(text, "bypassing an op")

    def attributes(self) -> None:
        from ..ast.declare import REQUIRED

        position = 0
        while True:
            options = []
            for i, op in enumerate(walk(self.fn.ops)):
                for f in type(op).ATTR_FIELDS:
                    if f.default is not REQUIRED and getattr(op, f.name) != f.default:
                        options.append((i, f.name, f.default))
            found = self.first(range(position, len(options)), lambda j: self.valid(with_attribute(self.text, *options[j])))
            if found is None:
                return
            position, text = found
            self.accept(text, f"an attribute ({options[position][1]}) to its default")

    def shapes(self) -> None:
        sizes = sorted({int(s) for s in re.findall(r"(?<=[<x])(\d+)(?=x)", self.text) if int(s) > 1},
                       reverse=True)
        for size in sizes:
            for smaller in (1, 2):
                if smaller >= size:
                    continue
                text = re.sub(rf"(?<=[<x]){size}(?=x)", str(smaller), self.text)
                fixed = self._read(text)
                if fixed is not None and self.test(fixed):
                    self.accept(fixed, f"dimensions of {size} made {smaller}")
                    break

    def _read(self, text: str) -> str | None:
        from ..mlir import import_text

        try:
            back = import_text(text)
            return module_text(back.functions[0], back)
        except Exception:  # noqa: BLE001 - any candidate that does not print and read back is invalid
            return None


def count_ops(fn: Function) -> int:
    return sum(1 for _ in walk(fn.ops))


def _key(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def _search_points(low: int, high: int, levels: int) -> list[int]:
    """The middles a binary search for the smallest p in low..high tests in its next `levels` steps,
    whichever way each goes, in the order it would test them."""
    out, spans = [], [(low, high)]
    for _ in range(levels):
        following = []
        for a, b in spans:
            if a < b:
                m = (a + b) // 2
                out.append(m)
                following += [(a, m), (m + 1, b)]
        spans = following
    return out


def _split(items: list, n: int) -> list[list]:
    size, extra = divmod(len(items), n)
    out, at = [], 0
    for k in range(n):
        step = size + (1 if k < extra else 0)
        if step:
            out.append(items[at:at + step])
        at += step
    return out


def keep_ops(fn: Function, kept: Sequence[int]) -> Function:
    """`fn` with only the ops at `kept`: what a kept op reads from a removed one is a new argument
    (named as the value), and the function returns what no kept op reads."""
    from ..rewrite.driver import copy_op

    chosen = [fn.ops[i] for i in sorted(kept)]
    defined = {r for op in chosen for r in op.results}
    mapping, args = {}, []
    for op in chosen:
        for v in reads(op):
            if v not in defined and v not in mapping:
                mapping[v] = Value(argument_name(v), v.type)
                args.append(mapping[v])
    new_ops = [copy_op(op, mapping) for op in chosen]
    kept_returns = [mapping[v] for v in fn.ret.operands if v in defined]
    if kept_returns:  # the results it still defines; what no longer reaches them goes
        from ..rewrite.dce import dead_code_elimination

        out = Function(fn.name, args, new_ops, Return(kept_returns))
        dead_code_elimination(out)
        return _drop_unused_args(out)
    read = {v for op in new_ops for v in reads(op)}
    returned = [r for op in new_ops for r in op.results if r not in read and isinstance(r.type, TensorType)]
    return Function(fn.name, args, new_ops, Return(returned))


def keep_results(fn: Function, kept: Sequence[int]) -> Function:
    """`fn` returning only its results at `kept`, with the ops and arguments they need."""
    from ..rewrite.dce import dead_code_elimination
    from ..rewrite.driver import copy_op

    mapping = {a: Value(a.name, a.type) for a in fn.args}
    ops = [copy_op(op, mapping) for op in fn.ops]
    out = Function(fn.name, [mapping[a] for a in fn.args], ops, Return([mapping[fn.ret.operands[i]] for i in sorted(kept)]))
    dead_code_elimination(out)
    return _drop_unused_args(out)


SMALL_CONSTANT = 16  # elements: a constant of more is written only when every element is the same


def with_constant(fn: Function, position: int, value: np.ndarray) -> Function:
    """`fn` with its argument at `position` replaced by a constant of `value` (a splat when every
    element is the same), defined before its first op."""
    from ..ast.ops.constants import Constant, dense_literals
    from ..ast.literals import value_literal
    from ..rewrite.driver import copy_op

    arg = fn.args[position]
    flat = value.reshape(-1)
    if flat.size and bool((flat == flat[0]).all()):
        literal = value_literal(flat[0].item(), arg.type.dtype)
    else:
        literal = dense_literals(value, arg.type)
    constant = Constant(arg.name, value=literal, result_type=arg.type)
    mapping = {a: a for a in fn.args if a is not arg}
    mapping[arg] = constant.results[0]
    ops = [constant] + [copy_op(op, mapping) for op in fn.ops]
    return Function(fn.name, [a for a in fn.args if a is not arg], ops,
                    Return([mapping.get(v, v) for v in fn.ret.operands]))


def _bypasses(fn: Function) -> list[tuple[int, int]]:
    """(op position in walk order, operand slot) of each op with one result that an operand of the
    same type could replace."""
    out = []
    for i, op in enumerate(walk(fn.ops)):
        if len(op.results) != 1:
            continue
        for slot, v in enumerate(op.operands):
            if v.type == op.results[0].type:
                out.append((i, slot))
                break
    return out


def bypassed(module: Module, text: str, position: int, slot: int) -> Function:
    from ..mlir import import_text
    from ..rewrite.dce import dead_code_elimination
    from ..rewrite.index import UseIndex

    fn = import_text(text).functions[0]
    op = list(walk(fn.ops))[position]
    index = UseIndex(fn)
    index.replace_all_uses(op.results[0], op.operands[slot])
    returned = fn.ret.operands
    fn.ret = Return([op.operands[slot] if v is op.results[0] else v for v in returned])
    dead_code_elimination(fn)
    return _drop_unused_args(fn)


def _drop_unused_args(fn: Function) -> Function:
    read = {v for op in fn.ops for v in reads(op)} | set(fn.ret.operands)
    return Function(fn.name, [a for a in fn.args if a in read], fn.ops, fn.ret)


def with_attribute(text: str, position: int, name: str, value) -> Function | None:
    """The program of `text` with the op at `position` (walk order) given `value` for its attribute
    `name`; None when the field takes no such value."""
    from ..mlir import import_text

    fn = import_text(text).functions[0]
    op = list(walk(fn.ops))[position]
    try:
        setattr(op, name, value)
    except Exception:  # noqa: BLE001 - a field that takes no such value: no candidate
        return None
    return fn


# -- properties ----------------------------------------------------------------------------------

def until(command: str, timeout: float | None = None) -> "Until":
    """A shell command run on the candidate's file (`{}` its path): exit status 0 means interesting."""
    return Until(command, timeout)


class Until:
    """The property of `--until`: the command's exit status 0 on the candidate's file. Each test is
    a process of its own (and its children, one process group), so tests can run side by side,
    each on a file of its own (`slot`), and one can be stopped."""

    parallel = True

    def __init__(self, command: str, timeout: float | None = None):
        if "{}" not in command:
            raise ConfigError(f"--until {command!r}: write {{}} where the candidate file's path goes")
        self.command, self.timeout = command, timeout
        self.folder = Path(tempfile.mkdtemp(prefix="vitir-reduce-"))
        atexit.register(shutil.rmtree, self.folder, True)

    def __call__(self, text: str) -> bool:
        return bool(self.run(text, 0, None))

    def run(self, text: str, slot: int, stop: threading.Event | None) -> bool | None:
        """The verdict on `text`, or None when `stop` was set before the command ended."""
        folder = self.folder / str(slot)  # the same file name in each: the command sees one name
        folder.mkdir(exist_ok=True)
        path = folder / "candidate.mlir"
        path.write_text(text)
        process = subprocess.Popen(self.command.replace("{}", shlex.quote(str(path))), shell=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while True:
            try:
                return process.wait(timeout=0.05) == 0
            except subprocess.TimeoutExpired:
                stopped = stop is not None and stop.is_set()
                if stopped or (deadline is not None and time.monotonic() > deadline):
                    os.killpg(process.pid, signal.SIGKILL)  # the shell and what it started
                    process.wait()
                    return None if stopped else False


class Diverges:
    """bisect's property: the candidate has an op of the same kind that diverges between the sides,
    on the values the reference side computed for the original program (a new argument reads the
    value it stands for; a smaller shape, the leading slice of it)."""

    def __init__(self, text: str, inputs: dict, against: Sequence[str], overrides=None, function=None):
        from .bisect import bind_inputs, bisect, load_program
        from .sides import make_side

        module, fn = load_program(text, function)
        self.against, self.overrides = tuple(against), overrides
        reference = make_side(against[0], 1, module.with_functions([]))
        env = reference.in_context(fn.ops, bind_inputs(fn, inputs))[0]
        self.values = {n.replace("#", "_"): x for n, x in env.items()}
        self.values.update(env)
        self.values.update({k: np.asarray(x) for k, x in inputs.items()})  # arguments no op reads too
        self.positions = {id(op): i for i, op in enumerate(fn.ops)}
        report = bisect(module, fn, bind_inputs(fn, inputs), self.against, overrides)
        self.finding = report.finding
        self.kind = type(report.finding.op).NAME if report.finding else None

    def inputs_for(self, fn: Function) -> dict | None:
        out = {}
        for a in fn.args:
            x = self.values.get(a.name)
            if x is None:
                return None
            x = np.asarray(x)
            if x.shape != a.shape:
                if x.ndim != len(a.shape) or any(s > t for s, t in zip(a.shape, x.shape)):
                    return None
                x = x[tuple(slice(0, s) for s in a.shape)]
            out[a.name] = x
        return out

    def __call__(self, text: str) -> bool:
        from .bisect import bind_inputs, bisect, load_program

        if self.kind is None:
            return False
        module, fn = load_program(text)
        given = self.inputs_for(fn)
        if given is None:
            return False
        try:
            report = bisect(module, fn, bind_inputs(fn, given), self.against, self.overrides)
        except VitirError:
            return False
        return report.finding is not None and type(report.finding.op).NAME == self.kind

    def start(self) -> list[int] | None:
        """The op bisect found (with the ops around it, for a divergence in context): positions in
        the function, a first candidate far smaller than the program."""
        if self.finding is None:
            return None
        return sorted(self.positions[id(op)] for op in (self.finding.window or [self.finding.op]))
