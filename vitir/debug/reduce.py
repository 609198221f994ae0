"""`vitir reduce`: delta debugging of a program while it keeps a property.

The property is a function of the candidate's text (`interesting(text) -> bool`): bisect's
divergence between two sides (`diverges`), or a shell command's exit status (`until`).

First, two coarse passes that make each test smaller than the last, for programs whose every test
is costly (an IREE compile of a train step): ddmin over the function's results (each result kept
with its backward slice), then the ops before op k cut (the values they define become
arguments; the constants they read stay), k the largest that keeps the property (binary
search). Then, in order, until a round changes nothing:

1. ops: ddmin (Zeller and Hildebrandt's) over the function's ops. A kept op whose operand a removed
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
`vitir.testing`'s golden files).
"""

from __future__ import annotations

import atexit
import re
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable, Sequence

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
                 function: str | None = None, start: Sequence[int] | None = None, constants: bool = False):
        from .bisect import load_program

        self.make_constants = constants  # the constants pass: arguments become constants

        self.interesting_text = interesting
        self.progress = progress
        self.tests = 0
        self.started = time.perf_counter()
        self.cache: dict[str, bool] = {}
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
        if text not in self.cache:
            self.tests += 1
            began = time.perf_counter()
            self.cache[text] = bool(self.interesting_text(text))
            if self.progress and time.perf_counter() - began > 2.0:  # a long test: say what it gave
                self.progress(f"test {self.tests}: a candidate of {text.count(chr(10))} lines "
                              f"{'keeps' if self.cache[text] else 'loses'} the property "
                              f"({time.perf_counter() - began:.1f} s; {time.perf_counter() - self.started:.1f} s in all)")
        return self.cache[text]

    def valid(self, fn: Function) -> str | None:
        """The candidate's text when it reads back (shape rules, verifier), else None."""
        from ..mlir import import_text

        if not fn.ops:
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
        for _ in range(rounds):
            before = self.text
            self.ops()
            self.bypass()
            if self.make_constants:
                self.constants()
            self.attributes()
            self.shapes()
            if self.text == before:
                break
        return self.text

    def ops(self) -> None:
        """ddmin over the top-level ops."""
        items = self.ddmin(list(range(len(self.fn.ops))), lambda chosen: keep_ops(self.fn, chosen), "ops")
        if len(items) < len(self.fn.ops):
            self.accept(self.valid(keep_ops(self.fn, items)), "ddmin over ops")
        if len(items) == 1 and len(self.fn.ops) > 1:
            text = self.valid(keep_ops(self.fn, items))
            if self.test(text):
                self.accept(text, "ddmin over ops")

    def results(self) -> None:
        """ddmin over the function's results, each kept with its backward slice only: on a train
        step of hundreds of results, a few tests leave the one slice that holds the property."""
        count = len(self.fn.ret.operands)
        if count < 2:
            return
        items = self.ddmin(list(range(count)), lambda chosen: keep_results(self.fn, chosen), "results")
        if len(items) < count:
            self.accept(self.valid(keep_results(self.fn, items)), f"ddmin over results ({len(items)} of {count} kept)")

    def prefix(self) -> None:
        """The values defined before op k become new arguments, k as large as keeps the property
        (binary search): each test is smaller than the program, most far smaller."""
        n = len(self.fn.ops)
        low, high = 0, n - 1  # keeping ops[low:] keeps the property
        while low < high:
            middle = (low + high + 1) // 2
            if self.test(self.valid(keep_ops(self.fn, self.suffix(middle)))):
                low = middle
            else:
                high = middle - 1
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
            reduced = False
            for chunk in chunks:  # a chunk alone
                if self.test(self.valid(candidate(chunk))):
                    items, n, reduced = chunk, 2, True
                    break
            if not reduced:
                for k in range(len(chunks)):  # a complement
                    rest = [i for j, c in enumerate(chunks) if j != k for i in c]
                    if self.test(self.valid(candidate(rest))):
                        items, n, reduced = rest, max(n - 1, 2), True
                        break
            if reduced:
                self.say(f"ddmin over {what} (granularity {n})", held=f"{len(items)} {what} kept")
                continue
            if n >= len(items):
                break
            n = min(len(items), 2 * n)
        return items

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
            if k >= len(candidates):
                return
            changed = False
            for j in range(k, len(candidates)):
                op_at, slot = candidates[j]
                text = self.valid(bypassed(self.module, self.text, op_at, slot))
                if self.test(text):
                    self.accept(text, "bypassing an op")
                    k, changed = j, True
                    break
            if not changed:
                return

    def attributes(self) -> None:
        from ..ast.declare import REQUIRED

        position = 0
        while True:
            options = []
            for i, op in enumerate(walk(self.fn.ops)):
                for f in type(op).ATTR_FIELDS:
                    if f.default is not REQUIRED and getattr(op, f.name) != f.default:
                        options.append((i, f.name, f.default))
            if position >= len(options):
                return
            for j in range(position, len(options)):
                i, name, default = options[j]
                candidate = with_attribute(self.text, i, name, default)
                text = self.valid(candidate) if candidate is not None else None
                if self.test(text):
                    self.accept(text, f"an attribute ({name}) to its default")
                    position = j
                    break
            else:
                return

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
    from ..mlir import import_text

    fn = import_text(text).functions[0]
    op = list(walk(fn.ops))[position]
    try:
        setattr(op, name, value)
    except Exception:  # noqa: BLE001 - a field that takes no such value: no candidate
        return None
    return fn


# -- properties ----------------------------------------------------------------------------------

def until(command: str, timeout: float | None = None) -> Callable[[str], bool]:
    """A shell command run on the candidate's file (`{}` its path): exit status 0 means interesting."""
    if "{}" not in command:
        raise ConfigError(f"--until {command!r}: write {{}} where the candidate file's path goes")
    folder = Path(tempfile.mkdtemp(prefix="vitir-reduce-"))
    atexit.register(shutil.rmtree, folder, True)

    def interesting(text: str) -> bool:
        path = folder / "candidate.mlir"
        path.write_text(text)
        try:
            done = subprocess.run(command.replace("{}", shlex.quote(str(path))), shell=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return done.returncode == 0

    return interesting


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
