"""MLIR's -split-input-file: a text cut into the parts between its `// -----` markers.

MLIR's tools cut at every `// -----`, even one inside a comment (`// // -----`). Each part comes
back after as many newlines as precede it, so a problem found in it is reported at the file's line.
"""

from __future__ import annotations

import re

MARKER = "// -----"
_MARKER = re.compile(re.escape(MARKER))


def split_input(text: str) -> list[str]:
    """The parts of `text`, each keeping the line numbers it has in `text`."""
    parts, start = [], 0
    for m in [*_MARKER.finditer(text), None]:
        end = len(text) if m is None else m.start()
        parts.append("\n" * text.count("\n", 0, start) + text[start:end])
        if m is not None:
            start = m.end()
    return parts


def first_line(part: str) -> int:
    """The line of the file where a part of split_input starts."""
    return len(part) - len(part.lstrip("\n")) + 1
