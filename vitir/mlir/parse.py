"""StableHLO text -> a verified xDSL module, every SSA name kept exactly.

xDSL's parser keeps a value's name only as a hint without its `_<digits>`
suffix, and its printer renumbers numeric names; `ExactNameParser` stores the
name as written (the bridge's printer prints it back) and remembers where each
op starts, so later errors can name the line.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache

from xdsl.context import Context
from xdsl.dialects.builtin import AnyFloat, Builtin, ModuleOp, TensorType, bf16, f16, f32, f64, i1, i8, i16, i32, i64
from xdsl.dialects.func import Func
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from .attributes import parse_dense_literal
from .dialect import ConstantOp, StableHLO
from .errors import Diagnostic, MlirError


@lru_cache(maxsize=1)
def context() -> Context:
    ctx = Context(allow_unregistered=False)
    for dialect in (Builtin, Func, StableHLO):
        ctx.load_dialect(dialect)
    return ctx


_TENSOR = re.compile(r"tensor<((?:[0-9]+x)*)(f32|f16|bf16|f64|i1|i8|i16|i32|i64)>")
_ELEMENTS = {"f32": f32, "f16": f16, "bf16": bf16, "f64": f64, "i1": i1, "i8": i8, "i16": i16, "i32": i32, "i64": i64}


class _TensorElement(Parser._TensorLiteralElement):
    """A dense literal element; a hexadecimal one of a float type is the value's
    bits (MLIR's spelling of -inf is 0xFF800000), not an integer to convert."""

    def to_type(self, parser, type):
        if isinstance(type, AnyFloat) and isinstance(self.value, int) and self.span.text[:2].lower() == "0x":
            raw = self.value.to_bytes(type.compile_time_size, "little")
            return next(type.iter_unpack(raw))
        return super().to_type(parser, type)


class ExactNameParser(Parser):
    def __init__(self, ctx: Context, text: str, name: str):
        super().__init__(ctx, text, name)
        self.op_offsets: dict[Operation, int] = {}
        self._tensor_types: dict[str, TensorType] = {}
        self._constant_value = False  # while a generic-form stablehlo.constant is parsed

    def parse_optional_type(self):
        # Static tensor types by one regex and a cache: xDSL's general type
        # parser was half the parse time of a 7,500-line module.
        m = _TENSOR.match(self.lexer.input.content, self.pos)
        if m is None:
            return super().parse_optional_type()
        ty = self._tensor_types.get(m.group(0))
        if ty is None:
            shape = [int(d) for d in m.group(1).split("x")[:-1]]
            ty = self._tensor_types[m.group(0)] = TensorType(_ELEMENTS[m.group(2)], shape)
        self._resume_from(m.end())
        return ty

    def _parse_tensor_literal_element(self):
        element = super()._parse_tensor_literal_element()
        return _TensorElement(element.is_negative, element.value, element.span)

    def _parse_generic_operation(self, op_type):
        # A generic constant's `value = dense<...>` keeps its spelling as the pretty form's does
        self._constant_value = op_type is ConstantOp
        try:
            return super()._parse_generic_operation(op_type)
        finally:
            self._constant_value = False

    def _parse_builtin_dense_attr(self):
        if self._constant_value:
            return parse_dense_literal(self)
        return super()._parse_builtin_dense_attr()

    def _register_ssa_definition(self, name, values, span) -> None:
        super()._register_ssa_definition(name, values, span)
        if len(values) == 1:
            values[0]._name = name  # the setter would drop a `_<digits>` suffix and refuse `0`
        else:  # `%r:2 = ...`: each result as its uses spell it, `%r#0`, `%r#1`
            for i, v in enumerate(values):
                v._name = f"{name}#{i}"

    def parse_operation(self) -> Operation:
        start = self.pos
        try:
            op = super().parse_operation()
        except VerifyException as e:  # an attribute that checks itself while being built
            self.raise_error(str(e), start)
        self.op_offsets[op] = start
        return op


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

    def where(self, op: Operation) -> tuple[int, int]:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        offset = self.offsets.get(op)
        return self._lines(offset) if offset is not None else (0, 0)


# The op name that starts a statement: `%a = name`, `"name"(`, or a bare `name`.
_STATEMENT = re.compile(r'^[ \t]*(?:%[^\s=]+(?:[ \t]*,[ \t]*%[^\s=]+)*[ \t]*=[ \t]*)?"?([A-Za-z_][\w$]*\.[\w$.]*)',
                        re.M)


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


_LOCATION = re.compile(r"(?<=\s)loc\(")
_LOCATION_ALIAS = re.compile(r"^#loc[\w.$-]*[ \t]*=[ \t]*(?=loc\()", re.M)


def strip_locations(text: str) -> str:
    """Blank out debug locations (`loc(...)` trailers, `#loc1 = loc(...)` aliases),
    keeping every other character where it was. JAX's debug text refers to
    aliases defined after their use, which xDSL's parser refuses."""
    if "loc(" not in text:
        return text
    chars = list(text)
    for alias in _LOCATION_ALIAS.finditer(text):
        chars[alias.start():alias.end()] = " " * (alias.end() - alias.start())
    for m in _LOCATION.finditer(text):
        i, depth, in_string = m.end(), 1, False
        while i < len(text) and depth:
            c = text[i]
            if in_string:
                in_string = c != '"' or text[i - 1] == "\\"
            elif c == '"':
                in_string = True
            elif c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            i += 1
        chars[m.start():i] = [c if c == "\n" else " " for c in text[m.start():i]]
    return "".join(chars)


def parse_text(text: str, source: str = "<text>", verify: bool = True) -> ParsedModule:
    """Parse (and verify) StableHLO text; raises MlirError naming every problem's line and column."""
    text = strip_locations(text)
    unknown = unsupported_ops(text)
    if unknown:
        raise MlirError(unknown)
    parser = ExactNameParser(context(), text, source)
    try:
        module = parser.parse_module()
    except ParseError as e:
        loc = e.span.get_location()
        raise MlirError([Diagnostic(loc.line, loc.col, e.msg)]) from None
    parsed = ParsedModule(module, text, source, parser.op_offsets)
    if verify:
        verify_module(parsed)
    return parsed


def verify_module(parsed: ParsedModule) -> None:
    """Verify every op on its own, so each failure is reported at its op."""
    problems = []
    for op in parsed.module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            line, col = parsed.where(op)
            problems.append(Diagnostic(line, col, f"{op.name}: {e}"))
    if problems:
        raise MlirError(problems)
