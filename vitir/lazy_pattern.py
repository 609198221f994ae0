"""A module-level regular expression compiled on its first use, not at import: re's compiler is
Python, about half a million instructions a pattern, and most of the AST's and the printer's
patterns serve the readers, which `vitir render` never runs (docs/benchmarks.md).

    _INTEGER = LazyPattern(r"-?[0-9]+")
    _INTEGER.fullmatch(text)   # the compiled pattern's method, kept on the instance after the first call
"""

from __future__ import annotations

import re


class LazyPattern:
    """Stands for re.compile(pattern, flags); any attribute (match, fullmatch, sub, pattern, ...) is
    the compiled pattern's, looked up once and then found on the instance as a plain attribute."""

    def __init__(self, pattern: str, flags: int = 0):
        self._arguments = (pattern, flags)

    def __getattr__(self, name: str):
        if name.startswith("__"):  # not a pattern's: copy, pickle and the like ask for these
            raise AttributeError(name)
        value = getattr(re.compile(*self._arguments), name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"LazyPattern({self._arguments[0]!r})"
