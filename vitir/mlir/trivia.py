"""What a parse does not keep: comments and debug locations, found in the text.

xDSL's lexer skips `// ...` comments, and the bridge blanks out `loc(...)`
locations before parsing (vitir/mlir/parse.py, which reads them apart into
ParsedModule.locations), so a module printed back has no comments, and its
locations only when printed with debug info. `vitir fmt -i` keeps the comments
before the module (a licence header) and refuses to rewrite a file that has
others or has locations (unless --debug-info keeps them), naming the first,
rather than drop them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Strings first, so that a `//` or `loc(` inside one is not taken for what it spells.
_TOKENS = re.compile(r'"(?:[^"\\\n]++|\\.)*+"|//[^\n]*+|(?<![\w$.#-])loc\(')


class Trivia(NamedTuple):
    offset: int
    kind: str  # "comment" or "location"
    text: str


def trivia(text: str) -> list[Trivia]:
    """Every comment and debug location in `text`, in order."""
    found = []
    for m in _TOKENS.finditer(text):
        token = m.group(0)
        if token.startswith("//"):
            found.append(Trivia(m.start(), "comment", token))
        elif token == "loc(":
            end = text.find("\n", m.start())
            found.append(Trivia(m.start(), "location", text[m.start():end if end >= 0 else len(text)]))
    return found


def header(text: str) -> str:
    """The comment lines (and the blank lines among and after them) before the first line that
    is neither, verbatim; "" when there are none."""
    end, commented = 0, False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped and not stripped.startswith("//"):
            break
        commented |= bool(stripped)
        end += len(line)
    return text[:end] if commented else ""


def dropped(text: str) -> list[Trivia]:
    """The comments and locations a reprint loses: all but the header's comments."""
    kept = len(header(text))
    # an empty `//` carries nothing (what is left of `// // -----` once split at the marker)
    return [t for t in trivia(text) if t.offset >= kept and t.text.rstrip() != "//"]
