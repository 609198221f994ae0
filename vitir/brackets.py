"""Brackets in MLIR text, outside strings: the one scanner the signature reader (which loads no
parser) and the xDSL bridge (reading ahead of its parser) share. `->` is no bracket."""

from __future__ import annotations

from typing import Iterator

OPENERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
CLOSERS = frozenset(OPENERS.values())


def brackets(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """(index, char, depth after it) for every bracket and comma from `start`, skipping strings and `->`."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "-" and text.startswith("->", i):
            i += 1
        elif c in OPENERS or c in CLOSERS or c == ",":
            depth += (c in OPENERS) - (c in CLOSERS)
            yield i, c, depth
        i += 1


def balanced_end(text: str, start: int, one_group: bool = False) -> int:
    """Where the text from `start` ends outside brackets and strings: at a `,` or an unmatched closing
    bracket; with `one_group`, just after the bracketed group it starts with."""
    for i, c, depth in brackets(text, start):
        if depth < 0 or (c == "," and depth == 0):
            return i
        if one_group and depth == 0 and c in CLOSERS:
            return i + 1
    return len(text)
