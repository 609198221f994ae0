"""The shape of MLIR text, without parsing it: comments, brackets, functions and the statements of a body.

The conformance runner rewrites a case's text (its `check` ops out, the checked values returned) before
vitir reads it, so it needs to know where each function and each top-level statement of a body starts
and ends, whatever ops the case uses (ops vitir lacks included). This module finds them from the text's
brackets alone: `( [ { <` and their closers (the `>` of `->` excepted), skipping strings and `//`
comments. Offsets are into the text as given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ConformanceError

_OPENERS, _CLOSERS = "([{<", ")]}>"


def code_of(text: str) -> str:
    """`text` with its `//` comments blanked (strings kept), every offset and newline where it was."""
    out, i, n = list(text), 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i = _string_end(text, i)
            continue
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
            continue
        i += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    """The offset just past the string literal that opens at `start`."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i + 1
        i += 1
    return len(text)


def _walk(code: str, start: int = 0):
    """(offset, character, bracket depth after it) for each character outside strings, from `start`."""
    depth, i = 0, start
    while i < len(code):
        c = code[i]
        if c == '"':
            i = _string_end(code, i)
            continue
        if c in _OPENERS:
            depth += 1
        elif c in _CLOSERS and not (c == ">" and i > 0 and code[i - 1] == "-"):
            depth -= 1
        yield i, c, depth
        i += 1


def matching(code: str, start: int) -> int:
    """The offset of the bracket that closes the one at `start` (ConformanceError when none does)."""
    for i, c, depth in _walk(code, start):
        if depth == 0 and c in _CLOSERS:
            return i
    raise ConformanceError(f"line {line_of(code, start)}: the {code[start]!r} here is never closed")


def depth_changes(line: str) -> int:
    """How much deeper the brackets are at the end of `line` (a line of code) than at its start."""
    depth = 0
    for _, _, depth in _walk(line):
        pass
    return depth


def split_top_level(code: str, separator: str = ",") -> list[str]:
    """`code` cut at each `separator` outside brackets and strings, each piece stripped."""
    pieces, start = [], 0
    for i, c, depth in _walk(code):
        if c == separator and depth == 0:
            pieces.append(code[start:i].strip())
            start = i + 1
    last = code[start:].strip()
    return pieces + [last] if last or pieces else pieces


@dataclass(frozen=True)
class Function:
    """A `func.func` of the text: its name and the offsets of its parts."""

    name: str
    start: int  # of `func.func`
    arguments: tuple[int, int]  # the argument list, parentheses excluded
    results: tuple[int, int]  # ` -> ...` (empty where the function declares no results: both at the `)`)
    body: tuple[int, int]  # between the body's braces
    end: int  # just past the closing brace


_FUNC = re.compile(r"\bfunc\.func\s+(?:(?:public|private|nested)\s+)?@([\w$.-]+|\"[^\"]*\")\s*\(")


def functions(code: str) -> list[Function]:
    """Every `func.func` of `code` (functions do not nest)."""
    found, at = [], 0
    while (m := _FUNC.search(code, at)) is not None:
        open_args = m.end() - 1
        close_args = matching(code, open_args)
        i = _skip_space(code, close_args + 1)
        results_start = i if code.startswith("->", i) else close_args + 1
        if not code.startswith("->", i):
            i = close_args + 1
        else:
            i = _skip_space(code, i + 2)
            i = matching(code, i) + 1 if code[i] == "(" else type_end(code, i)
        results = (results_start, i)
        i = _skip_space(code, i)
        if code.startswith("attributes", i):
            i = matching(code, _skip_space(code, i + len("attributes"))) + 1
            i = _skip_space(code, i)
        if i >= len(code) or code[i] != "{":
            raise ConformanceError(f"line {line_of(code, m.start())}: @{m.group(1)} has no body after its signature")
        close_body = matching(code, i)
        found.append(Function(m.group(1).strip('"'), m.start(), (open_args + 1, close_args), results,
                              (i + 1, close_body), close_body + 1))
        at = close_body + 1
    return found


def _skip_space(code: str, i: int) -> int:
    while i < len(code) and code[i].isspace():
        i += 1
    return i


def type_end(code: str, i: int) -> int:
    """The end of the type that starts at `i` (brackets balanced, up to a space or `{` outside them)."""
    while i < len(code) and not code[i].isspace() and code[i] != "{":
        if code[i] in _OPENERS:
            i = matching(code, i)
        i += 1
    return i


_CONTINUES = (",", ":", "->", "=", "(")
_CONTINUED_BY = (":", "->", "{", "(")


def statements(code: str, start: int, end: int) -> list[tuple[int, int]]:
    """The top-level statements of the block between `start` and `end` (a body's braces excluded), as
    offsets (start of the statement's first character, end of its last line): a statement runs on
    while brackets are open, while a line ends in `,` `:` `->` `=` `(`, or the next line begins with
    `:` `->` `{` `(`."""
    lines, at = [], start
    for line in code[start:end].split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    found, current, depth = [], None, 0
    for k, (a, b) in enumerate(lines):
        stripped = code[a:b].strip()
        if current is None:
            if not stripped:
                continue
            current = a + (len(code[a:b]) - len(code[a:b].lstrip()))
        depth += depth_changes(code[a:b])
        following = next((code[c:d].strip() for c, d in lines[k + 1:] if code[c:d].strip()), "")
        if depth > 0 or stripped.endswith(_CONTINUES) or following.startswith(_CONTINUED_BY):
            continue
        found.append((current, a + len(code[a:b].rstrip())))
        current, depth = None, 0
    if current is not None:
        found.append((current, end))
    return found


def blank(text: str) -> str:
    """`text` as spaces, its newlines kept (so the lines after it keep their numbers)."""
    return re.sub(r"[^\n]", " ", text)


def line_of(text: str, offset: int) -> int:
    """The 1-based line of `offset`."""
    return text.count("\n", 0, offset) + 1
