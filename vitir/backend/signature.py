"""The signature of a function in StableHLO text, read without an MLIR parser.

Works on vitir's printed text and on JAX-lowered text (visibility keywords,
argument/result attributes in braces, `loc(...)` trailers). Pure Python so
shape checks never need jax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Sequence

import numpy as np

from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.brackets import CLOSERS, brackets
from vitir.errors import VitirError

def describe_groups(sizes: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {size}" for name, size in sizes)


def parse_tensor_type(text: str) -> TensorType:
    """vitir's type of `tensor<2x3xf32>` (ranked, static shapes only), its element type from the
    element-type table; the backend keeps no type model of its own. Whitespace, line breaks too, may
    stand between the tokens, as MLIR's lexer allows (`tensor\n<2x3xf32>`)."""
    match = re.fullmatch(r"tensor\s*<(.*)>", text.strip(), re.DOTALL)
    if match is None:
        raise VitirError(f"'{text.strip()}' is not a tensor type")
    body = _split_top_level(match.group(1))[0]  # drop an encoding after ','
    parts = re.fullmatch(r"((?:(?:\d+|\?)x)*)([a-z][\w<>]*)", re.sub(r"\s+", "", body))
    if parts is None or "?" in parts.group(1):
        raise VitirError(f"'{text.strip()}' is not a ranked tensor type of static shape")
    dims, element = parts.group(1).split("x")[:-1], parts.group(2)
    try:
        return TensorType(tuple(int(d) for d in dims), DType.parse(element))
    except ValueError as e:
        raise VitirError(f"'{text.strip()}': {e}") from None


@dataclass(frozen=True)
class Argument:
    index: int
    name: str  # without the leading '%'
    type: TensorType
    group: str = ""  # the named group it belongs to (a step's "params", "m", ...), once the caller gives them
    member: int = 0  # its place within that group

    def __str__(self) -> str:
        where = f" ({self.group} {self.member})" if self.group else ""
        return f"argument {self.index} '%{self.name}'{where}"


@dataclass(frozen=True)
class Signature:
    name: str  # without the leading '@'
    arguments: tuple[Argument, ...]
    results: tuple[TensorType, ...]
    groups: tuple[tuple[str, int], ...] = ()  # (name, size) of consecutive argument groups, when known

    def with_groups(self, sizes: Sequence[tuple[str, int]]) -> "Signature":
        """This signature with its arguments labelled by consecutive named groups (a step module's
        `signature(module).inputs.sizes`), so argument errors name the group and the member."""
        sizes = tuple((str(name), int(size)) for name, size in sizes)
        if sum(size for _, size in sizes) != len(self.arguments):
            raise VitirError(f"@{self.name} has {len(self.arguments)} arguments; the groups "
                             f"({describe_groups(sizes)}) hold {sum(size for _, size in sizes)}")
        labelled, start = [], 0
        for group, size in sizes:
            labelled += [replace(a, group=group, member=i) for i, a in enumerate(self.arguments[start:start + size])]
            start += size
        return replace(self, arguments=tuple(labelled), groups=sizes)

    @property
    def argument_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.arguments)

    def argument(self, key: int | str) -> Argument:
        """An argument by index or by name (with or without '%')."""
        if isinstance(key, (int, np.integer)) and not isinstance(key, bool):
            if not 0 <= key < len(self.arguments):
                raise VitirError(f"@{self.name} has no argument {key} (it has {len(self.arguments)})")
            return self.arguments[key]
        name = str(key).removeprefix("%")
        for argument in self.arguments:
            if argument.name == name:
                return argument
        raise VitirError(f"@{self.name} has no argument named '%{name}'")


# A function header: `func.func [visibility] @name(`, at the start of a line.
_FUNC_HEADER = re.compile(
    r'^[ \t]*func\.func[ \t]+(?:(public|private|nested)[ \t]+)?@("(?:[^"\\]|\\.)*"|[\w$.\-]+)[ \t]*\(',
    re.MULTILINE,
)
def _matching_close(text: str, open_index: int) -> int:
    """Index of the bracket closing the one at open_index."""
    for i, c, depth in brackets(text, open_index):
        if depth == 0 and c in CLOSERS:
            return i
    raise VitirError("unbalanced brackets in a function signature")


def _split_top_level(text: str) -> list[str]:
    """Split at commas outside brackets and strings."""
    cuts = [i for i, c, depth in brackets(text) if c == "," and depth == 0]
    pieces = [text[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(text)])]
    return [p for p in (p.strip() for p in pieces) if p]


def _leading_type(text: str) -> str:
    """The type at the start of text, without the attributes or loc after it."""
    text = text.lstrip()
    tensor = re.match(r"tensor\s*<", text)
    if tensor:
        return text[: _matching_close(text, tensor.end() - 1) + 1]
    return re.match(r"[^\s{,]*", text).group(0)


@dataclass(frozen=True)
class _Header:
    name: str
    visibility: str
    start: int  # offset of 'func.func'
    arguments_text: str
    results_text: str


def _headers(text: str) -> list[_Header]:
    headers = []
    for match in _FUNC_HEADER.finditer(text):
        open_paren = match.end() - 1
        close_paren = _matching_close(text, open_paren)
        rest = text[close_paren + 1 :].lstrip()
        results_text = ""
        if rest.startswith("->"):
            rest = rest[2:].lstrip()
            if rest.startswith("("):
                results_text = rest[1 : _matching_close(rest, 0)]
            else:
                results_text = _leading_type(rest)
        headers.append(
            _Header(
                name=match.group(2).strip('"'),
                visibility=match.group(1) or "public",
                start=match.start() + match.group(0).index("func.func"),
                arguments_text=text[open_paren + 1 : close_paren],
                results_text=results_text,
            )
        )
    return headers


def function_names(text: str) -> list[str]:
    """Names of the functions defined in a module's text, in order."""
    return [h.name for h in _headers(text)]


def _choose(text: str, function: str | None) -> _Header:
    headers = _headers(text)
    if not headers:
        raise VitirError("no func.func found in the module text")
    if function is not None:
        function = function.removeprefix("@")
        for header in headers:
            if header.name == function:
                return header
        listed = ", ".join("@" + h.name for h in headers)
        raise VitirError(f"no function @{function} in the module (it has {listed})")
    if len(headers) == 1:
        return headers[0]
    # JAX marks helpers private; the one public function is the entry point.
    public = [h for h in headers if h.visibility == "public"]
    if len(public) == 1:
        return public[0]
    listed = ", ".join("@" + h.name for h in headers)
    raise VitirError(f"the module has {len(headers)} functions ({listed}); name the one to run")


def parse_signature(text: str, function: str | None = None) -> Signature:
    """The signature of `function` (by name), or of the module's only function."""
    header = _choose(text, function)
    arguments = []
    for index, item in enumerate(_split_top_level(header.arguments_text)):
        match = re.match(r"%([\w$.\-]+)\s*:\s*", item)
        if match is None:
            raise VitirError(f"@{header.name}: cannot read argument {index} from '{item[:80]}'")
        name = match.group(1)
        type_text = _leading_type(item[match.end() :])
        try:
            arg_type = parse_tensor_type(type_text)
        except VitirError as e:
            raise VitirError(f"@{header.name}: argument {index} '%{name}': {e}") from None
        arguments.append(Argument(index, name, arg_type))
    results = []
    for index, item in enumerate(_split_top_level(header.results_text)):
        try:
            results.append(parse_tensor_type(_leading_type(item)))
        except VitirError as e:
            raise VitirError(f"@{header.name}: result {index}: {e}") from None
    return Signature(header.name, tuple(arguments), tuple(results))


_MODULE_HEADER = re.compile(r"^\s*module\b[^{]*?\battributes\s*\{", re.MULTILINE)


def module_attribute(text: str, name: str) -> str | None:
    """The text of one attribute of the module's header (`mhlo.num_partitions = 4 : i32` -> `4 : i32`)."""
    header = _MODULE_HEADER.search(text)
    if header is None:
        return None
    body = text[header.end():_matching_close(text, header.end() - 1)]
    for entry in _split_top_level(body):
        key, _, value = entry.partition("=")
        if key.strip().strip('"') == name:
            return value.strip()
    return None


def partition_count(text: str) -> int:
    """`mhlo.num_partitions` of the module (1 when it has none): the devices XLA's SPMD partitioner
    splits one replica of it over."""
    value = module_attribute(text, "mhlo.num_partitions")
    if value is None:
        return 1
    count = re.fullmatch(r"(\d+)\s*(?::\s*i\d+)?", value)
    if count is None or int(count.group(1)) < 1:
        raise VitirError(f"mhlo.num_partitions = {value} is not a positive count")
    return int(count.group(1))


def _rename_symbol(text: str, old: str, new: str) -> str:
    return re.sub(r'@(?:"' + re.escape(old) + r'"|' + re.escape(old) + r"(?![\w$.\-]))", "@" + new, text)


def entry_text(text: str, function: str) -> str:
    """The module text with `function` renamed to the public `@main` XLA runs."""
    headers = _headers(text)
    chosen = next(h for h in headers if h.name == function)
    if function == "main" and chosen.visibility == "public":
        return text
    taken = {h.name for h in headers}
    if "main" in taken and function != "main":
        spare = next(f"main_{i}" for i in range(len(taken) + 1) if f"main_{i}" not in taken)
        text = _rename_symbol(text, "main", spare)
        chosen = next(h for h in _headers(text) if h.name == function)
    # XLA compiles only a public @main; drop a visibility keyword on the chosen header.
    header_end = text.index("@", chosen.start)
    text = text[: chosen.start] + "func.func " + text[header_end:]
    return _rename_symbol(text, function, "main")
