"""StableHLO text -> a verified xDSL module, every SSA name kept exactly.

xDSL's parser keeps a value's name only as a hint without its `_<digits>`
suffix, and its printer renumbers numeric names; `ExactNameParser` stores the
name as written (the bridge's printer prints it back) and remembers where each
op starts, so later errors can name the line. Debug locations are blanked out
before xDSL parses and read apart (`read_locations`): each op's and block
argument's, by op and argument (docs/locations.md).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from ..ast.declare import OPS
from ..ast.gc_pause import gc_paused

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.dialects.func import Func
from xdsl.ir import Operation
from xdsl.utils.exceptions import ParseError, VerifyException

from .attributes import QUANT_DIALECT, parse_dense_literal
from .dialect import dialect_class, dialects
from .errors import Diagnostic, MlirError
# each gives the dialect's ops their part (dialect.PARTS): how they read, print and key their rule
from . import print as _print, syntax as _syntax, translate as _translate  # noqa: F401
from .type_text import TypeParser, type_text
from .xdsl_adapter import position, source


_CONTEXT: list = []  # (registry version, context): made again when ops are declared after it


def context() -> Context:
    from ..ast.declare import registry_version

    version = registry_version()
    if _CONTEXT and _CONTEXT[0][0] == version:
        return _CONTEXT[0][1]
    ctx = Context(allow_unregistered=False)
    for dialect in (Builtin, Func, QUANT_DIALECT, *dialects()):
        ctx.load_dialect(dialect)
    _CONTEXT[:] = [(version, ctx)]
    return ctx


class ExactNameParser(TypeParser):
    """Keeps every SSA name as written, a generic constant's spelling, and where each op starts."""

    def __init__(self, ctx: Context, text: str, name: str):
        super().__init__(ctx, text, name)
        self.op_offsets: dict[Operation, int] = {}
        self.op_ends: dict[Operation, int] | None = None  # where each op's text ends, when locations follow

    def parse_operation(self) -> Operation:
        start = position(self)
        try:
            op = super().parse_operation()
        except VerifyException as e:  # an attribute that checks itself while being built
            self.raise_error(str(e), start)
        self.op_offsets[op] = start
        if self.op_ends is not None:
            self.op_ends[op] = position(self)
        _note_attribute_placement(op, source(self), start)
        return op


_PROPERTIES_FIRST = re.compile(r'(?:%[^=]*=\s*)?"[\w.]+"\([^)]*\)\s*<\{')


def _note_attribute_placement(op: Operation, text: str, start: int) -> None:
    """A generic op written with its attributes after the regions (`({...}) { attrs }`, as the
    reference writes all_reduce) keeps that spelling."""
    from ..ast.declare import GENERIC
    from .dialect import DeclaredOp
    from .translate import SPELLINGS

    if (op.regions and isinstance(op, DeclaredOp) and op.DECLARATION.syntax == GENERIC
            and (op.properties or op.attributes) and _PROPERTIES_FIRST.match(text, start) is None):
        SPELLINGS[op] = "attributes after regions"


class LineIndex:
    """Offsets -> 1-based (line, column)."""

    def __init__(self, text: str):
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._starts, offset) - 1
        return i + 1, offset - self._starts[i] + 1


@dataclass
class ParsedModule:
    """A parsed, verified module with the place of each op in its text."""

    module: ModuleOp
    text: str
    source: str
    offsets: dict[Operation, int] = field(repr=False)
    _lines: LineIndex | None = field(default=None, repr=False)
    # each op's and each block argument's debug location, where the text writes one (`loc(...)`)
    locations: dict = field(default_factory=dict, repr=False)
    _written: frozenset[str] | None = field(default=None, repr=False)

    def where(self, op: Operation) -> tuple[int, int]:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        offset = self.offsets.get(op)
        return self._lines(offset) if offset is not None else (0, 0)

    def written_names(self) -> frozenset[str]:
        """Every SSA name the text writes that is not a number (`%cst_0`, `%arg0`): a name the
        importer makes for a numeric one (`v3` for `%3`) must avoid them. Read from the text once."""
        if self._written is None:
            self._written = frozenset(_WRITTEN_NAME.findall(self.text))
        return self._written


_WRITTEN_NAME = re.compile(r"%([A-Za-z_$.][\w$.\-]*)")


# The op name that starts a statement: `%a = name`, `"name"(`, or a bare `name`; not an attribute's
# name that starts a line of a dictionary written over several (`  some.attr = 1 : i32`).
_STATEMENT = re.compile(r'^[ \t]*(?:%[^\s=]+(?:[ \t]*,[ \t]*%[^\s=]+)*[ \t]*=[ \t]*)?"?([A-Za-z_][\w$]*\.[\w$.\-]*+)'
                        r'(?!"?[ \t]*=)', re.M)


def unsupported_ops(text: str) -> list[Diagnostic]:
    """Every op in `text` that the bridge's dialects lack, by name and place."""
    ctx, lines = context(), None
    found = []
    for m in _STATEMENT.finditer(text):
        name = m.group(1)
        if ctx.get_optional_op(name) is None:
            lines = lines or LineIndex(text)
            found.append(Diagnostic(*lines(m.start(1)), f"op '{name}' is not supported by vitir"))
    return found


# `arith.constant dense<...> : tensor<...>`: a tensor constant of MLIR's arith dialect (Shardy's tests
# write them), the same op as `stablehlo.constant`, in the same syntax
_ARITH_CONSTANT = re.compile(r"(=[ \t]*)arith\.constant(?=[ \t]+dense<[^\n]*:[ \t]*tensor<)")


def read_arith_constants(text: str) -> str:
    """`text` with each tensor `arith.constant` read as the `stablehlo.constant` it equals (lines
    kept; a constant of another type, `arith.constant 0 : index`, stays, to be refused by name)."""
    return _ARITH_CONSTANT.sub(r"\1stablehlo.constant", text) if "arith.constant" in text else text


_LOCATION = re.compile(r"(?<=\s)loc\(")
_LOCATION_ALIAS = re.compile(r"^#loc[\w.$-]*[ \t]*=[ \t]*(?=loc\()", re.M)


def strip_locations(text: str) -> str:
    """Blank out debug locations (`loc(...)` trailers, `#loc1 = loc(...)` aliases),
    keeping every other character where it was. JAX's debug text refers to
    aliases defined after their use, which xDSL's parser refuses. A `loc(` left
    open is kept, for the parser to report; the scan is linear in the text."""
    if "loc(" not in text:
        return text
    chars = list(text)
    for alias in _LOCATION_ALIAS.finditer(text):
        chars[alias.start():alias.end()] = " " * (alias.end() - alias.start())
    done = 0
    for m in _LOCATION.finditer(text):
        if m.start() < done:  # inside a location blanked already (a fused or called-site one)
            continue
        end = _location_end(text, m.end())
        if end is None:
            continue
        chars[m.start():end] = [c if c == "\n" else " " for c in text[m.start():end]]
        done = end
    return "".join(chars)


def _location_end(text: str, i: int) -> int | None:
    """Where the location whose `loc(` ends at `i` closes, or None when it does not on its line
    (MLIR prints a location on one line, and a string cannot hold a newline)."""
    depth, in_string = 1, False
    while i < len(text) and depth:
        c = text[i]
        if c == "\n":
            return None
        if in_string:
            in_string = c != '"' or text[i - 1] == "\\"
        elif c == '"':
            in_string = True
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        i += 1
    return i if depth == 0 else None


_COMMENTS = re.compile(r"//[^\n]*")


def read_locations(text: str, module: ModuleOp, starts: dict, ends: dict) -> dict:
    """The location each op (its trailer, after where its text ends) and each block argument (after its
    type, in its block's header or its function's signature) writes in `text`, by op and argument. An
    op or argument without one is not in it (UNKNOWN). Raises MlirError at a malformed location."""
    from ..ast.location import AliasTable, LocationSyntaxError, read_location
    from .xdsl_adapter import value_name

    aliases, found = AliasTable(text), {}

    def location_at(i: int):
        while i < len(text) and text[i] in " \t":
            i += 1
        if text.startswith("loc(", i):
            return read_location(text, i, aliases)[0]
        return None

    try:
        for op in module.walk():
            end = ends.get(op)
            if end is not None:
                loc = location_at(end)
                if loc is not None:
                    found[op] = loc
            start = starts.get(op)
            if start is None:
                continue
            for region in op.regions:
                for block in region.blocks:
                    if not block.args:
                        continue
                    first = next((starts[o] for o in block.ops if o in starts), ends.get(op, len(text)))
                    for arg in block.args:
                        name = value_name(arg)
                        if name is None:
                            continue
                        at = _argument_end(text, start, first, name, entry=op.name == "func.func")
                        loc = location_at(at) if at is not None else None
                        if loc is not None:
                            found[arg] = loc
    except LocationSyntaxError as e:
        raise MlirError([Diagnostic(*LineIndex(text)(e.offset), f"malformed location: {e}")]) from None
    return found


_SPACE = re.compile(r"\s*")
# What an op's name follows: its results, `%a, %b:2 = `.
_RESULTS = re.compile(r"(?:%[^\s=,:]+(?::[0-9]+)?(?:[ \t]*,[ \t]*%[^\s=,:]+(?::[0-9]+)?)*[ \t]*=[ \t]*)?")


def place_unlocated(parsed: ParsedModule) -> None:
    """Give each op and block argument the text writes without a location its place in the text, as
    MLIR's parser does: an op at its name, an argument at its `%name`, an implicit module at line 0,
    column 0, in the file `parsed.source` names (`-` for a string). The text of an artifact
    (`<bytecode>`) places nothing: its locations are the artifact's."""
    from ..ast.location import TextPosition, module_position, source_filename
    from .xdsl_adapter import value_name

    filename = source_filename(parsed.source)
    if filename is None:
        return
    text, starts, found = parsed.text, parsed.offsets, parsed.locations
    lines = LineIndex(text)

    def at(offset: int) -> TextPosition:
        return TextPosition(filename, *lines(offset))

    module = parsed.module
    if module not in found:
        found[module] = at(starts[module]) if module in starts else module_position(filename)
    for op in module.walk():
        start = starts.get(op)
        if start is None:  # made by its parent's custom parser (reduce's `applies stablehlo.add`): there
            parent = op.parent_op()
            if op not in found and parent in found:
                found[op] = found[parent]
            continue
        if op not in found:
            name = _RESULTS.match(text, start).end()
            if getattr(getattr(op, "DECLARATION", None), "PLACED_AFTER_NAME", False) and text[name] != '"':
                name = _SPACE.match(text, name + len(op.name)).end()  # at the token after its name
            found[op] = at(name)
        header = _while_header(text, start, op)
        for region in op.regions:
            for block in region.blocks:
                if not block.args:
                    continue
                first = next((starts[o] for o in block.ops if o in starts), len(text))
                for arg in block.args:
                    name = value_name(arg)
                    if arg in found or name is None:
                        continue
                    if header is not None:  # both regions' arguments at their `%name = %init` in the header
                        written = _iteration_argument_start(text, *header, name)
                    else:
                        written = _argument_start(text, start, first, name, entry=op.name == "func.func")
                    found[arg] = at(written) if written is not None else found[op]


def _while_header(text: str, start: int, op) -> tuple[int, int] | None:
    """Where StableHLO's pretty `stablehlo.while(%iterArg = %init, ...)` writes its header (from its
    name to its `cond` keyword), or None for any other op (a generic while's regions write
    `^bb0(%a: T)`)."""
    if op.name != "stablehlo.while":
        return None
    name = _RESULTS.match(text, start).end()
    if not text.startswith("stablehlo.while", name):
        return None
    found = _COND.search(text, name)
    return (name, found.start()) if found else None


_COND = re.compile(r"\bcond\b")


def _iteration_argument_start(text: str, start: int, stop: int, name: str) -> int | None:
    """Where a pretty while's argument `%name` is written: `%name = %init` in its header, where
    StableHLO's parser reads it (the cond's and the body's arguments alike)."""
    found = re.compile(re.escape("%" + name) + r"\s*=(?!=)").search(text, start, stop)
    return found.start() if found else None


def _argument_start(text: str, start: int, stop: int, name: str, entry: bool) -> int | None:
    """Where argument `%name` is written: in its function's signature (the first `%name:` after the op
    starts) or its block's header (the last before the block's first op)."""
    matches = list(re.compile(re.escape("%" + name) + r"\s*:").finditer(text, start, stop))
    if not matches:
        return None
    return (matches[0] if entry else matches[-1]).start()


def _argument_end(text: str, start: int, stop: int, name: str, entry: bool) -> int | None:
    """Where the location of argument `%name` would start: after its type (and attributes), in its
    function's signature (the first `%name:` after the op starts) or its block's header (the last
    before the block's first op)."""
    pattern = re.compile(re.escape("%" + name) + r"\s*:")
    matches = list(pattern.finditer(text, start, stop))
    if not matches:
        return None
    i = (matches[0] if entry else matches[-1]).end()
    depth, in_string = 0, False
    while i < stop:
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif text.startswith("loc(", i) and depth == 0:
            return i
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            if depth == 0:
                return None
            depth -= 1
        elif c == "," and depth == 0:
            return None
        i += 1
    return None


@gc_paused
def parse_text(text: str, source: str = "<text>", verify: bool = True) -> ParsedModule:
    """Parse (and verify) StableHLO text; raises MlirError naming every problem's line and column.
    The debug locations it writes are kept in `locations` (by op and block argument)."""
    written = text
    text = read_arith_constants(strip_locations(text))
    deep = _too_deep(text)
    if deep is not None:
        raise MlirError([deep])
    unknown = unsupported_ops(text)
    if unknown:
        raise MlirError(unknown)
    if not _COMMENTS.sub("", text).strip():  # MLIR reads a text of comments alone as an empty module
        parsed = ParsedModule(ModuleOp([]), text, source, {})
        place_unlocated(parsed)
        return parsed
    try:
        parser = ExactNameParser(context(), text, source)  # lexes the first token: it may not be one
        parser.constant_class = dialect_class(OPS["stablehlo.constant"])
        parser.dense_hook = parse_dense_literal
        if text is not written:
            parser.op_ends = {}
        module = parser.parse_module()
    except ParseError as e:
        loc = e.span.get_location()
        raise MlirError([Diagnostic(loc.line, loc.col, _parse_message(e, text))]) from None
    except RecursionError:  # below MAX_NESTING, but deep enough for Python's stack all the same
        raise MlirError([Diagnostic(1, 1, "the text nests too deeply for vitir's parser")]) from None
    parsed = ParsedModule(module, text, source, parser.op_offsets)
    if text is not written:
        ends = {op: len(text[:at].rstrip()) for op, at in parser.op_ends.items()}  # before the blanked trailer
        parsed.locations = read_locations(written, module, parser.op_offsets, ends)
    place_unlocated(parsed)
    if verify:
        verify_module(parsed)
    return parsed


def _parse_message(error: ParseError, text: str) -> str:
    """xDSL's message, but where it says only ` in block definition` (it read a region's body up to
    something that is neither an op nor its `}`): what was expected, and which `{` is open."""
    if error.msg.strip() != "in block definition":
        return error.msg
    start = error.span.start
    if not text[start:].strip():
        opened = _unclosed_brace(text)
        where = f" (the '{{' on line {LineIndex(text)(opened)[0]} is not closed)" if opened is not None else ""
        return f"the text ends inside a region: expected an op or '}}'{where}"
    return f"expected an op or '}}', got '{error.span.text or text[start:start + 1]}'"


MAX_NESTING = 64  # brackets, braces, parentheses and angle brackets inside each other: xDSL's parser
# recurses for each, and Python's stack ends near 150 (a real module nests a dozen)
_NESTING = re.compile(r'"(?:[^"\\\n]++|\\.)*+"|//[^\n]*+|->|[\[\](){}<>]')


def _too_deep(text: str) -> Diagnostic | None:
    """Where the text first nests deeper than MAX_NESTING, or None (strings and comments skipped)."""
    depth = 0
    for m in _NESTING.finditer(text):
        c = m.group(0)
        if c in "[({<":
            depth += 1
            if depth > MAX_NESTING:
                return Diagnostic(*LineIndex(text)(m.start()), f"nested more than {MAX_NESTING} deep: vitir's parser "
                                                                "reads at most that")
        elif c in "])}>":
            depth = max(depth - 1, 0)
    return None


_BRACES = re.compile(r'"(?:[^"\\\n]++|\\.)*+"|//[^\n]*+|[{}]')


def _unclosed_brace(text: str) -> int | None:
    """The offset of the innermost `{` left open at the end of `text` (strings and comments skipped)."""
    stack = []
    for m in _BRACES.finditer(text):
        if m.group(0) == "{":
            stack.append(m.start())
        elif m.group(0) == "}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _dominance(parsed: ParsedModule) -> list[Diagnostic]:
    """Every use of a value before its definition, as MLIR's verifier refuses it (a value is
    visible after its op in its block, and in the regions nested there)."""
    from .xdsl_adapter import value_name

    problems = []

    def block(b, visible: frozenset) -> None:
        seen = set(visible) | set(b.args)
        for op in b.ops:
            for i, v in enumerate(op.operands):
                if v not in seen:
                    line, col = parsed.where(op)
                    problems.append(Diagnostic(line, col, f"{op.name}: operand {i} (%{value_name(v)}) is used "
                                                          "before its definition"))
            for region in op.regions:
                for inner in region.blocks:
                    block(inner, frozenset(seen))
            seen.update(op.results)

    for top in parsed.module.ops:
        for region in top.regions:
            for b in region.blocks:
                block(b, frozenset())
    return problems


def _module_attributes(parsed: ParsedModule) -> list[Diagnostic]:
    """MLIR's rule for a module's attributes: each name has a dialect prefix (`mhlo.num_partitions`)."""
    problems = []
    for op in parsed.module.walk():
        if isinstance(op, ModuleOp):
            for name in op.attributes:
                if "." not in name:
                    problems.append(Diagnostic(*_place(parsed, op), f"builtin.module: attribute '{name}' needs a "
                                                                    "dialect prefix (as `mhlo.num_partitions`)"))
    return problems


def _composites(parsed: ParsedModule) -> list[Diagnostic]:
    """composite_c2 to c4 of the spec: a composite's decomposition names a function of the module
    whose signature is the composite's operand and result types."""
    from xdsl.dialects.func import FuncOp

    functions = {op.sym_name.data: op for op in parsed.module.walk() if isinstance(op, FuncOp)}
    problems = []
    for op in parsed.module.walk():
        if op.name != "stablehlo.composite" or "decomposition" not in op.properties:
            continue
        name = op.properties["decomposition"].root_reference.data
        found = functions.get(name)
        if found is None:
            problems.append(Diagnostic(*_place(parsed, op), f"{op.name}: '{name}' does not reference a valid function"))
            continue
        function_type = found.function_type
        for what, have, theirs in (("operand", [v.type for v in op.operands], list(function_type.inputs)),
                                   ("result", [r.type for r in op.results], list(function_type.outputs))):
            if len(have) != len(theirs):
                problems.append(Diagnostic(*_place(parsed, op), f"{op.name}: has {len(have)} {what}(s), but "
                                                                f"decomposition @{name} has {len(theirs)}"))
                break
            wrong = next((i for i, (a, b) in enumerate(zip(have, theirs)) if a != b), None)
            if wrong is not None:
                problems.append(Diagnostic(*_place(parsed, op), f"{op.name}: {what} at index {wrong} has type "
                                                                f"{_type_text(have[wrong])}, but decomposition @{name} "
                                                                f"has type {_type_text(theirs[wrong])}"))
                break
    return problems


def _type_text(t) -> str:
    return type_text(t)


def _place(parsed: ParsedModule, op: Operation) -> tuple[int, int]:
    """Where `op` starts; the module xDSL wraps around several top-level ops has no place of its own,
    so its problems are put at its second op (the one that made it needed). An op the text does not
    spell (the body of a compact `applies stablehlo.and`) is put at the op that holds it."""
    line, col = parsed.where(op)
    while line == 0 and op is not parsed.module and op.parent_op() is not None:
        op = op.parent_op()
        line, col = parsed.where(op)
    if line == 0 and op is parsed.module:
        tops = list(op.ops)
        if len(tops) > 1:
            return parsed.where(tops[1])
        return (1, 1)
    return line, col


def verify_module(parsed: ParsedModule, unchecked: list[Diagnostic] | None = None) -> None:
    """Verify every op on its own, so each failure is reported at its op; and that every value
    is defined before it is used. With `unchecked` (a list), an op that holds what vitir's rules
    cannot check (a dynamic shape) is noted there instead of refused."""
    from .dialect import NotChecked

    problems = _dominance(parsed) + _module_attributes(parsed) + _composites(parsed)
    for op in parsed.module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except NotChecked as e:
            (problems if unchecked is None else unchecked).append(Diagnostic(*_place(parsed, op), f"{op.name}: {e}"))
        except VerifyException as e:
            problems.append(Diagnostic(*_place(parsed, op), f"{op.name}: {e}"))
    if problems:
        raise MlirError(sorted(problems, key=lambda d: (d.line, d.col)))
