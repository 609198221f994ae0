"""StableHLO text as a list of tokens: the text split at white space, checked against one regex.

A token is its text: an SSA name (`%x`, `%1#2`), a symbol (`@main`), a block label (`^bb0`), a
string, a static tensor type (`tensor<2x3xf32>`, one token), a dense literal (`dense<1.0>`, one
token), a precision attribute, a number, a bare identifier (`stablehlo.add`, `x`), `->` or one
punctuation mark. `TOKEN` defines them, applied line by line: its alternatives are tried in order,
the most frequent first (JAX's text is mostly `%name`, bare identifiers, tensor types and
`=,:()[]`); their first characters tell them apart, except a tensor type or dense literal before the
identifier it begins with, so the order does not change a token. Anything else is a
single-character token no reader expects, so the text falls back to xDSL's parser.

`tokenize` gives exactly TOKEN's tokens at a fraction of its cost: the punctuation most often written
against a neighbour (`%a, %b`, `%arg0: T`, `(T) -> R`, `[0, 1]`) is spaced out, each line split at
white space (C loops, no match object per token), and every distinct piece checked at once against
the alternatives that cannot reach past white space or punctuation (`SPLIT_TOKEN`): a piece that is
one such token is the token TOKEN reads there. A line holding any other piece (a string, a comment,
`#stablehlo<precision HIGH>`, `dense<[1, 2]>`, punctuation against a neighbour that was not spaced
out) is read by TOKEN itself. `line_starts` holds the index of each line's first token (a format's
line break reads it), worked out on first use.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import chain

_ALTERNATIVES = r"""
    [=,:()\[\]{{}}]
  | %(?:[0-9]+|[A-Za-z_$.\-][\w$.\-]*)(?:\#[0-9]+)?
  | tensor<(?:[0-9]+x)*(?:complex<[a-z][A-Za-z0-9]*>|[a-z][A-Za-z0-9]*)>
  | dense<[^<>{space}]*>
  | [A-Za-z_][\w$.]*
  | -?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?
  | //[^\n]*
  | @[A-Za-z_$.][\w$.\-]*
  | \^[\w$.\-]+
  | "(?:[^"\\\n]|\\["\\nt]|\\[0-9a-fA-F]{{2}})*"
  | \#stablehlo<precision[ ][A-Z]+>
  | ->
  | \S
"""
TOKEN = re.compile(r"[ \t\r]*(" + _ALTERNATIVES.format(space="") + ")", re.X)

# The alternatives a piece of the split text is checked against: TOKEN's, less those that may hold
# white space or punctuation (a comment, a string, a precision) and the catch-all `\S`; a dense
# literal's body without white space. Each matches within its piece (what follows a piece, white space
# or punctuation, extends none), and an atomic group takes the first that matches, as TOKEN does.
_SPLIT_ALTERNATIVES = "\n".join(line for line in _ALTERNATIVES.format(space=r"\s").splitlines()
                                if not line.lstrip(" |").startswith(("//", '"', r"\#", r"\S")))
SPLIT_TOKEN = re.compile(r"(?>" + _SPLIT_ALTERNATIVES + r")\Z", re.X)
_SPLIT_TOKENS = re.compile(r"(?:(?>" + _SPLIT_ALTERNATIVES + r")\n)*", re.X)  # over pieces, one a line

# What a line holds that the split seldom takes (a string, a comment, an attribute dictionary, a
# precision, a location's alias): such a line is read by TOKEN at once, without a second split.
_FOR_THE_REGEX = re.compile(r'["#{}/]')
_SPACED = ",:()[]"  # written against their neighbours: spaced out before the split (`=`, `{`, `}` seldom are)


def line_tokens(line: str) -> list[str]:
    """TOKEN's tokens of one line, a comment at its end dropped. Trailing white space is cut first:
    TOKEN's leading `[ \t\r]*` would try every start in it, quadratic in its length (a location
    at a line's end, made a `loc$<i>` token padded to its width, leaves hundreds of spaces)."""
    found = TOKEN.findall(line.rstrip(" \t\r"))
    if found and found[-1].startswith("//"):
        found.pop()
    return found


class LineStarts:
    """The indices of the tokens that start a line (`i in line_starts`), worked out on the first question
    about a part of the text (only a format's line break asks): `parts` are (the index of its first
    token, its text spaced out for the split, or its lines' tokens), in order."""

    def __init__(self, parts: list[tuple[int, str | list[list[str]]]]):
        self.parts, self.firsts, self.starts = parts, [first for first, _ in parts], {}

    def __contains__(self, index: int) -> bool:
        k = bisect_right(self.firsts, index) - 1
        if k < 0:
            return False
        starts = self.starts.get(k)
        if starts is None:
            at, lines = self.parts[k]
            starts = self.starts[k] = set()
            for count in map(len, map(str.split, lines.split("\n")) if isinstance(lines, str) else lines):
                if count:
                    starts.add(at)
                    at += count
        return index in starts


def _pieces_not_tokens(pieces) -> set[str]:
    """The pieces that are not one SPLIT_TOKEN each, checked in one pass over them all."""
    if not pieces:
        return set()
    joined = "\n".join(pieces) + "\n"
    odd, at, end = set(), 0, len(joined)
    match = _SPLIT_TOKENS.match
    while True:
        at = match(joined, at).end()
        if at == end:
            return odd
        after = joined.index("\n", at)
        odd.add(joined[at:after])
        at = after + 1


def _lines_holding(text: str, found, at: int = 0) -> set[int]:
    """The offsets of the lines of `text` from `at` on where `found(text, from)` finds something (the
    offset of its find, or -1)."""
    lines = set()
    while True:
        hit = found(text, at)
        if hit < 0:
            return lines
        lines.add(text.rfind("\n", 0, hit) + 1)
        at = text.find("\n", hit) + 1
        if not at:
            return lines


def _split(text: str, regex_lines: list[int]) -> tuple[list[str], list, set[str]]:
    """(tokens, LineStarts' parts, the split pieces): the lines at the offsets `regex_lines` (sorted)
    read by TOKEN, the text between them spaced out and split."""
    tokens: list[str] = []
    parts: list = []
    pieces: set[str] = set()
    at = 0
    for line in [*regex_lines, len(text) + 1]:
        if line > at:  # the lines between: split
            spaced = text[at:line]
            for mark in _SPACED:
                spaced = spaced.replace(mark, f" {mark} ")
            found = spaced.split()
            if found:
                parts.append((len(tokens), spaced))
                tokens += found
                pieces.update(found)
        if line > len(text):
            break
        end = text.find("\n", line)
        end = len(text) if end < 0 else end
        found = line_tokens(text[line:end])
        if found:
            parts.append((len(tokens), [found]))
            tokens += found
        at = end + 1
    return tokens, parts, pieces


def _find_mark(text: str, at: int) -> int:
    found = _FOR_THE_REGEX.search(text, at)
    return -1 if found is None else found.start()


def _find_piece(piece: str):
    return lambda text, at: text.find(piece, at)


def tokenize(text: str) -> tuple[list[str], LineStarts]:
    """(tokens, the indices of the tokens that start a line); comments dropped."""
    if not text.isascii():  # str.split's and re's white space agree on ASCII (checked in the tests)
        lines = [line_tokens(line) for line in text.split("\n")]
        return list(chain.from_iterable(lines)), LineStarts([(0, lines)])
    regex_lines = _lines_holding(text, _find_mark)
    tokens, parts, pieces = _split(text, sorted(regex_lines))
    odd = _pieces_not_tokens(pieces)
    if odd:  # the lines holding a piece that is not one token (or holding it inside a longer piece) too
        if len(odd) > 64:  # so many kinds: each line by TOKEN
            lines = [line_tokens(line) for line in text.split("\n")]
            return list(chain.from_iterable(lines)), LineStarts([(0, lines)])
        for piece in odd:
            regex_lines |= _lines_holding(text, _find_piece(piece))
        tokens, parts, _ = _split(text, sorted(regex_lines))
    return tokens, LineStarts(parts)
