"""A case of the interpreter suite -> a program vitir reads and the values it must compute.

A case is a `func.func` that computes values and checks them with the suite's `check` ops. vitir has
no `check` dialect: the runner takes each check out (its line blanked, so later lines keep their
numbers), returns the checked values from the entry function instead, and keeps what each must equal
aside as an `Expectation`. The entry function is `@main`, or the case's only function, as in
`stablehlo-translate --interpret`.

The `check` ops, as stablehlo/tests/CheckOps.td defines them:
- `expect_eq_const %x, dense<...> : T` and `expect_eq %x, %y : T`: exactly equal (floats by IEEE
  comparison: a NaN equals nothing, -0.0 equals 0.0).
- `expect_almost_eq_const %x, dense<...> : T` and `expect_almost_eq %x, %y : T`, optional
  `tolerance` (default 1e-4): floats (and both parts of a complex) equal, both NaN, or both finite and
  `|x - y| <= tolerance`.
- `expect_close %x, %y, max_ulp_difference = N[, min_ulp_difference = M] : T, T`: the distance in
  units of the last place within [M, N] (0 for bitwise equal values or two NaNs).
- `expect_serialized_eq %x, probe_id = "p"[, iter = K] : T`: %x equals what `interpreter.probe`
  named p saw the K-th time it ran.

The interpreter's own ops: `interpreter.print` is dropped; `%y = interpreter.probe %x` becomes %x
itself (a probe at the function's top level runs once, so its iteration 0 is %x); and
`interpreter.run_parallel` turns the entry function into the driver of a grid of replicas and
partitions: it returns the grid's inputs, and the checks read the grid's results. The file's RUN line
gives the entry function's arguments (`--args="[dense<...> : T, ...]"`). What the runner cannot express
raises ConformanceError naming the op and its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ..ast.element_types import DType
from ..ast.literals import literal_value
from ..errors import ConformanceError
from ..numpy_dtypes import numpy_dtype
from . import scan
from .cases import Case

DEFAULT_TOLERANCE = 1e-4  # CheckOps.td: DefaultValuedOptionalAttr<F64Attr, "1e-4">


@dataclass(frozen=True)
class Ref:
    """A value the checks read: a result of the rewritten entry function, or (for a run_parallel case)
    one of the grid's results, numbered as run_parallel's results are."""

    source: str  # "entry" or "grid"
    index: int


@dataclass(frozen=True)
class Expectation:
    check: str  # the check op: "check.expect_eq_const", ...
    line: int
    actual: Ref
    expected: np.ndarray | Ref  # a constant, or another value of the case
    mode: str  # "eq", "almost" or "close"
    tolerance: float = DEFAULT_TOLERANCE
    max_ulp: int = 1
    min_ulp: int = 0

    def describe(self) -> str:
        return f"{self.check} at line {self.line}"


@dataclass(frozen=True)
class Grid:
    """An `interpreter.run_parallel`: programs[replica][partition] names the function each process runs;
    the entry function's first `inputs` results are the grid's inputs, in process order."""

    programs: tuple[tuple[str, ...], ...]
    inputs: int
    line: int
    infeed: tuple[str, ...] = ()

    @property
    def replicas(self) -> int:
        return len(self.programs)

    @property
    def partitions(self) -> int:
        return len(self.programs[0])

    def processes(self) -> list[str]:
        return [name for row in self.programs for name in row]


@dataclass(frozen=True)
class Program:
    """What the runner gives vitir for one case, and what it must compute."""

    case: Case
    text: str  # the case with its checks out and the checked values returned
    entry: str  # the entry function's name
    arguments: tuple[np.ndarray, ...] = ()
    expectations: tuple[Expectation, ...] = ()
    grid: Grid | None = None
    notes: tuple[str, ...] = field(default=())  # what the runner dropped (interpreter.print, ...)


# -- types and constants ---------------------------------------------------------------------------

_TENSOR_TYPE = re.compile(r"tensor<((?:[0-9]+x)*)([^<>]+|complex<[^<>]+>)>")


def tensor_type(text: str, line: int) -> tuple[tuple[int, ...], DType]:
    """The shape and element type of a static tensor type's spelling."""
    m = _TENSOR_TYPE.fullmatch(text.strip())
    try:
        if m is None:
            raise ValueError
        return tuple(int(d) for d in m.group(1).split("x")[:-1]), DType.parse(m.group(2))
    except ValueError:
        raise ConformanceError(f"line {line}: expected value of type {text.strip()}: the runner reads "
                               "static tensors of StableHLO's element types only") from None


def constant(body: str, type_text: str, line: int) -> np.ndarray:
    """The array `dense<BODY> : TYPE` stands for, read by vitir's literal rules."""
    from ..ast.literals import dense_elements

    shape, dtype = tensor_type(type_text, line)
    body = body.strip()
    try:
        if body.startswith('"') or "[" in body or not body:
            literals = dense_elements(body, shape, dtype)
        else:  # a splat
            literals = [body] * int(np.prod(shape, dtype=np.int64))
        values = [literal_value(t, dtype) for t in literals]
    except ValueError as e:
        raise ConformanceError(f"line {line}: dense<{body[:60]}> : {type_text.strip()}: {e}") from None
    return np.array(values, dtype=numpy_dtype(dtype)).reshape(shape)


def _dense(code: str, at: int, line: int) -> tuple[str, str, int]:
    """`dense<BODY> : TYPE` starting at `at`: (BODY, TYPE, the offset past it)."""
    if not code.startswith("dense<", at):
        raise ConformanceError(f"line {line}: expected a dense literal, found {code[at:at + 30]!r}")
    close = scan.matching(code, at + len("dense"))
    body = code[at + len("dense<"):close]
    m = re.compile(r"\s*:\s*").match(code, close + 1)
    if m is None:
        raise ConformanceError(f"line {line}: dense literal without a type")
    start = m.end()
    end = scan.type_end(code, start)
    return body, code[start:end], end


# -- the check ops ---------------------------------------------------------------------------------

_VALUE = r"%[\w$.-]+(?:#[0-9]+)?"
_CHECK = re.compile(r"check\.(\w+)\s+(" + _VALUE + r")\s*,\s*")
_SECOND = re.compile(r"(" + _VALUE + r")")
_TOLERANCE = re.compile(r"\btolerance\s*=\s*([-+0-9.eE]+)")
_ULPS = re.compile(r"\b(max|min)_ulp_difference\s*=\s*([0-9]+)")
_PROBE_ID = re.compile(r'probe_id\s*=\s*"([^"]*)"')
_ITER = re.compile(r"\biter\s*=\s*([0-9]+)")
_TRAILING_TYPE = re.compile(r":\s*(\S.*?)\s*$", re.S)


@dataclass
class _Check:
    """A check statement as read: the values it compares and how."""

    op: str
    line: int
    actual: str
    actual_type: str
    expected: np.ndarray | str  # a constant, a value's name, or a probe's id ("probe:<id>:<iter>")
    mode: str
    tolerance: float = DEFAULT_TOLERANCE
    max_ulp: int = 1
    min_ulp: int = 0


def read_check(code: str, line: int) -> _Check:
    """One `check.*` statement (comments blanked, on one or several lines)."""
    text = " ".join(code.split())
    m = _CHECK.match(text)
    if m is None:
        raise ConformanceError(f"line {line}: {text.split()[0]} is not a check the runner reads")
    kind, actual, rest = m.group(1), m.group(2), text[m.end():]
    op = f"check.{kind}"
    tolerance = float(t.group(1)) if (t := _TOLERANCE.search(rest)) else DEFAULT_TOLERANCE
    if kind in ("expect_eq_const", "expect_almost_eq_const"):
        body, type_text, _ = _dense(rest, 0, line)
        mode = "eq" if kind == "expect_eq_const" else "almost"
        return _Check(op, line, actual, type_text, constant(body, type_text, line), mode, tolerance)
    typed = _TRAILING_TYPE.search(rest.split("{")[0]) if kind != "expect_close" else _TRAILING_TYPE.search(rest)
    if typed is None:
        raise ConformanceError(f"line {line}: {op} without a type")
    type_text = scan.split_top_level(typed.group(1))[0]
    if kind == "expect_serialized_eq":
        probe = _PROBE_ID.search(rest)
        if probe is None:
            raise ConformanceError(f"line {line}: {op} without a probe_id")
        iteration = int(it.group(1)) if (it := _ITER.search(rest)) else 0
        return _Check(op, line, actual, type_text, f"probe:{probe.group(1)}:{iteration}", "eq")
    second = _SECOND.match(rest)
    if second is None or kind not in ("expect_eq", "expect_almost_eq", "expect_close"):
        raise ConformanceError(f"line {line}: {op} is not a check the runner reads")
    if kind == "expect_close":
        ulps = {k: int(v) for k, v in _ULPS.findall(rest)}
        return _Check(op, line, actual, type_text, second.group(1), "close", max_ulp=ulps.get("max", 1),
                      min_ulp=ulps.get("min", 0))
    return _Check(op, line, actual, type_text, second.group(1), "eq" if kind == "expect_eq" else "almost",
                  tolerance)


# -- the interpreter's ops -------------------------------------------------------------------------

_PROBE = re.compile(r"(%[\w$.-]+)\s*=\s*interpreter\.probe\s+(" + _VALUE + r")\s*,\s*" + _PROBE_ID.pattern)
_PRINT = re.compile(r"^[ \t]*interpreter\.print\b[^\n]*", re.M)
_GRID = re.compile(r'^(?:(.*?)=\s*)?"interpreter\.run_parallel"\s*\(', re.S)
_SYMBOLS = re.compile(r"@([\w$.-]+)")


def _grid_results(names: str) -> list[str]:
    """The names of run_parallel's results, in order: `%r:3` -> %r#0, %r#1, %r#2; or `%a, %b`."""
    names = names.strip()
    grouped = re.fullmatch(r"(%[\w$.-]+):([0-9]+)", names)
    if grouped:
        return [f"{grouped.group(1)}#{k}" for k in range(int(grouped.group(2)))]
    return [n.strip() for n in names.split(",") if n.strip()]


@dataclass
class _GridStatement:
    results: list[str]
    operands: list[str]
    operand_types: list[str]
    programs: tuple[tuple[str, ...], ...]
    infeed: tuple[str, ...]


def read_grid(code: str, line: int) -> _GridStatement:
    """An `interpreter.run_parallel` statement: its results, operands and their types, the grid."""
    text = code.strip()
    m = _GRID.match(text)
    if m is None:
        raise ConformanceError(f"line {line}: interpreter.run_parallel in a form the runner does not read")
    results = _grid_results(m.group(1)) if m.group(1) else []
    open_operands = m.end() - 1
    close = scan.matching(text, open_operands)
    operands = scan.split_top_level(text[open_operands + 1:close])
    attributes_open = text.find("{", close)
    if attributes_open < 0:
        raise ConformanceError(f"line {line}: interpreter.run_parallel without programs")
    attributes = text[attributes_open + 1:scan.matching(text, attributes_open)]
    entries = {}
    for entry in scan.split_top_level(attributes):
        key, _, value = entry.partition("=")
        entries[key.strip()] = value.strip()
    if "programs" not in entries:
        raise ConformanceError(f"line {line}: interpreter.run_parallel without programs")
    rows = tuple(tuple(_SYMBOLS.findall(row)) for row in scan.split_top_level(entries["programs"].strip()[1:-1]))
    if not rows or any(len(row) != len(rows[0]) or not row for row in rows):
        raise ConformanceError(f"line {line}: interpreter.run_parallel: programs is not a full grid")
    functional = text[scan.matching(text, attributes_open) + 1:].strip()
    if not functional.startswith(":"):
        raise ConformanceError(f"line {line}: interpreter.run_parallel without its type")
    inputs = functional[1:].strip()
    operand_types = scan.split_top_level(inputs[1:scan.matching(inputs, 0)]) if inputs.startswith("(") else []
    if len(operand_types) != len(operands):
        raise ConformanceError(f"line {line}: interpreter.run_parallel has {len(operands)} operands and "
                               f"{len(operand_types)} operand types")
    infeed = tuple(_SYMBOLS.findall(entries.get("infeed", "")))
    return _GridStatement(results, operands, operand_types, rows, infeed)


# -- the rewrite -----------------------------------------------------------------------------------

_ARGS = re.compile(r'--args="(\[.*?\])"')


def run_arguments(case: Case) -> tuple[np.ndarray, ...]:
    """The entry function's arguments as the file's (first, expected to pass) RUN line gives them."""
    for run in case.run:
        if run.startswith("not "):
            continue
        m = _ARGS.search(run)
        if m:
            pieces = scan.split_top_level(m.group(1)[1:-1])
            arrays = []
            for piece in pieces:
                body, type_text, _ = _dense(piece, 0, case.line)
                arrays.append(constant(body, type_text, case.line))
            return tuple(arrays)
    return ()


def entry_function(case: Case, code: str) -> scan.Function | None:
    """`@main`, or the case's only function (None when it has none)."""
    fns = scan.functions(code)
    if not fns:
        return None
    main = [f for f in fns if f.name == "main"]
    if main:
        return main[0]
    if len(fns) == 1:
        return fns[0]
    raise ConformanceError(f"line {case.line}: {len(fns)} functions and none named @main: the interpreter "
                           "needs an entry function")


def rewrite(case: Case) -> Program:
    """The program vitir reads for `case`, and its expectations (ConformanceError for what the runner
    cannot express)."""
    text = case.text
    code = scan.code_of(text)
    fn = entry_function(case, code)
    if fn is None:
        return Program(case, text, "", notes=("no function",))
    edits: list[tuple[int, int, str]] = []
    notes: list[str] = []
    aliases: dict[str, str] = {}  # a probe's result -> its operand
    probes: dict[str, tuple[str, bool, int]] = {}  # id -> (operand, at the top level, line)
    top = scan.statements(code, *fn.body)
    top_starts = {a for a, _ in top}
    for m in _PROBE.finditer(code):
        probes[m.group(3)] = (m.group(2), m.start() in top_starts, scan.line_of(text, m.start()))
        aliases[m.group(1)] = m.group(2)
        end = code.find("\n", m.end())
        edits.append((m.start(), len(code) if end < 0 else end, ""))
    for m in _PRINT.finditer(code):
        notes.append(f"interpreter.print at line {scan.line_of(text, m.start())} dropped")
        edits.append((m.start(), m.end(), ""))
    checks: list[_Check] = []
    grid: _GridStatement | None = None
    grid_line = 0
    ret: tuple[int, int] | None = None
    for a, b in top:
        statement = code[a:b]
        line = scan.line_of(text, a)
        head = statement.lstrip()
        if head.startswith("check."):
            checks.append(read_check(statement, line))
            edits.append((a, b, ""))
        elif head.startswith("interpreter.print"):
            continue  # dropped with the others below
        elif "interpreter.run_parallel" in statement.split("{")[0]:
            if grid is not None:
                raise ConformanceError(f"line {line}: a second interpreter.run_parallel")
            grid, grid_line = read_grid(statement, line), line
            edits.append((a, b, ""))
        elif re.match(r"(func\.)?return\b", head):
            ret = (a, b)
        elif grid is not None and "interpreter.probe" not in head:
            raise ConformanceError(f"line {line}: ops after interpreter.run_parallel: the runner reads only "
                                   "checks there")
    if ret is None:
        raise ConformanceError(f"line {scan.line_of(text, fn.start)}: @{fn.name} has no return")

    def resolved(name: str) -> str:
        while name in aliases:
            name = aliases[name]
        return name

    grid_results = {name: k for k, name in enumerate(grid.results)} if grid else {}
    if grid is not None and len(grid.results) == 1:
        grid_results[grid.results[0] + "#0"] = 0
    returned: list[str] = list(grid.operands) if grid else []
    returned_types: list[str] = list(grid.operand_types) if grid else []

    def ref(name: str, type_text: str) -> Ref:
        name = resolved(name)
        if name in grid_results:
            return Ref("grid", grid_results[name])
        if name not in returned:
            returned.append(name)
            returned_types.append(type_text)
        return Ref("entry", returned.index(name))

    expectations = []
    for check in checks:
        actual = ref(check.actual, check.actual_type)
        if isinstance(check.expected, np.ndarray):
            expected: np.ndarray | Ref = check.expected
        elif check.expected.startswith("probe:"):
            probe_id, _, iteration = check.expected[len("probe:"):].rpartition(":")
            if probe_id not in probes:
                raise ConformanceError(f"line {check.line}: {check.op}: no interpreter.probe has probe_id "
                                       f"\"{probe_id}\"")
            operand, at_top, probe_line = probes[probe_id]
            if not at_top or iteration != "0":
                raise ConformanceError(
                    f"line {check.line}: {check.op} reads iteration {iteration} of the interpreter.probe at line "
                    f"{probe_line}, inside a region: the values a probe sees each time it runs are not results "
                    f"of @{fn.name}")
            expected = ref(operand, check.actual_type)
        else:
            expected = ref(check.expected, check.actual_type)
        expectations.append(Expectation(check.op, check.line, actual, expected, check.mode, check.tolerance,
                                         check.max_ulp, check.min_ulp))
    original_return = code[ret[0]:ret[1]].strip()
    has_results = bool(re.match(r"(func\.)?return\s+%", original_return))
    if expectations or grid is not None or not has_results:
        values = ", ".join(returned)
        types = ", ".join(returned_types)
        edits.append((ret[0], ret[1], f"func.return {values} : {types}" if returned else "func.return"))
        signature = f" -> ({types})" if returned else ""
        edits.append((fn.results[0], fn.results[1], signature))
    rewritten = _apply(text, edits)
    for alias, operand in aliases.items():
        rewritten = re.sub(re.escape(alias) + r"(?![\w$.-])", resolved(operand), rewritten)
    arguments = run_arguments(case)
    grid_spec = None
    if grid is not None:
        grid_spec = Grid(grid.programs, len(grid.operands), grid_line, grid.infeed)
    return Program(case, rewritten, fn.name, arguments, tuple(expectations), grid_spec, tuple(notes))


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Each edit replaces text[a:b]: by its replacement on the first line, the rest blanked (so every
    line keeps its number)."""
    out = []
    at = 0
    for a, b, replacement in sorted(edits):
        if a < at:  # inside an edit already made (a probe within a blanked statement)
            continue
        out.append(text[at:a])
        old = text[a:b]
        first, newline, rest = old.partition("\n")
        out.append(replacement + " " * max(0, len(first) - len(replacement)) + newline + scan.blank(rest)
                   if replacement else scan.blank(old))
        at = b
    out.append(text[at:])
    return "".join(out)
