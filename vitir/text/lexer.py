"""StableHLO text as a list of tokens, by one regex applied line by line.

A token is its text: an SSA name (`%x`, `%1#2`), a symbol (`@main`), a block label (`^bb0`), a
string, a static tensor type (`tensor<2x3xf32>`, one token), a dense literal (`dense<1.0>`, one
token), a precision attribute, a number, a bare identifier (`stablehlo.add`, `x`), `->` or one
punctuation mark.
The alternatives are tried in order, the most frequent first (JAX's text is mostly `%name`, bare
identifiers, tensor types and `=,:()[]`); their first characters tell them apart, except a tensor type
or dense literal before the identifier it begins with, so the order does not change a token.
Anything else is a single-character token no reader expects, so the text falls back to xDSL's
parser. `line_starts` holds the index of each line's first token (a format's line break reads it).
"""

from __future__ import annotations

import re

TOKEN = re.compile(r"""[ \t\r]*(
    [=,:()\[\]{}]
  | %(?:[0-9]+|[A-Za-z_$.\-][\w$.\-]*)(?:\#[0-9]+)?
  | tensor<(?:[0-9]+x)*(?:complex<[a-z][A-Za-z0-9]*>|[a-z][A-Za-z0-9]*)>
  | dense<[^<>]*>
  | [A-Za-z_][\w$.]*
  | -?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?
  | //[^\n]*
  | @[A-Za-z_$.][\w$.\-]*
  | \^[\w$.\-]+
  | "(?:[^"\\\n]|\\["\\nt]|\\[0-9a-fA-F]{2})*"
  | \#stablehlo<precision[ ][A-Z]+>
  | ->
  | \S
)""", re.X)


def tokenize(text: str) -> tuple[list[str], set[int]]:
    """(tokens, the indices of the tokens that start a line); comments dropped."""
    tokens: list[str] = []
    starts: set[int] = set()
    findall = TOKEN.findall
    for line in text.split("\n"):
        found = findall(line)
        if found:
            if found[-1].startswith("//"):
                found.pop()
                if not found:
                    continue
            starts.add(len(tokens))
            tokens += found
    return tokens, starts
