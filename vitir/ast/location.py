"""Debug locations: where an op, a function or an argument came from, as MLIR holds them.

Every kind MLIR's builtin dialect has, immutable and hashable (equal locations are one, as MLIR
uniques them, so a printer's aliases and a pass's comparisons go by value):

    UnknownLoc()                                  loc(unknown)
    FileLineColLoc("f.py", 4, 17)                 loc("f.py":4:17)
    FileLineColLoc("f.py", 4, 17, 4, 22)          loc("f.py":4:17 to :22)      (a range, as MLIR prints it)
    FileLineColLoc("f.py", 4, 17, 6, 2)           loc("f.py":4:17 to 6:2)
    NameLoc("vit/b3/attn/qkv")                    loc("vit/b3/attn/qkv")
    NameLoc("jit(f)/mul", child)                  loc("jit(f)/mul"(<child>))
    CallSiteLoc(callee, caller)                   loc(callsite(<callee> at <caller>))
    FusedLoc((a, b), metadata)                    loc(fused<metadata>[<a>, <b>])

`text()` is the inside of `loc(...)`, each nested location spelled out; the printer
(vitir/print/locations.py) writes nested ones by their `#loc` aliases as MLIR does. `read_location`
reads that text back, `#loc` references resolved through the aliases a module defines.
Builders name their ops by layer path (`path_location`: one NameLoc per path and op, shared).
"""

from __future__ import annotations

import re

from ..lazy_pattern import LazyPattern
from ..brackets import CLOSERS, brackets


class Location:
    """Base of the location kinds: immutable, equal and hashed by their parts (plain classes, not
    dataclasses: vitir imports this module on every start, and dataclasses cost it milliseconds)."""

    __slots__ = ()
    _FIELDS: tuple = ()

    def __init__(self, *parts):
        for name, value in zip(self._FIELDS, parts, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _parts(self) -> tuple:
        return tuple([getattr(self, name) for name in self._FIELDS])

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other._parts() == self._parts()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._parts()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self._FIELDS, self._parts()))})"

    def text(self, ref=None) -> str:
        """MLIR's spelling inside `loc(...)`; `ref(child)` spells a nested location (an alias)."""
        raise NotImplementedError

    def children(self) -> tuple["Location", ...]:
        """The nested locations MLIR prints (and so may alias), in the order it prints them."""
        return ()

    def __str__(self) -> str:
        return f"loc({self.text()})"


def _nested(loc: Location, ref) -> str:
    return ref(loc) if ref is not None else loc.text()


class UnknownLoc(Location):
    __slots__ = ()

    def text(self, ref=None) -> str:
        return "unknown"


UNKNOWN = UnknownLoc()


def quoted(text: str) -> str:
    """A string as MLIR's printEscapedString writes it: printable ASCII but `"` and `\\` as is,
    every other byte as `\\XX`."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    out = []
    for c in text:
        if c.isascii() and c.isprintable() and c not in '"\\':
            out.append(c)
        else:
            out.extend(f"\\{b:02X}" for b in c.encode())
    return '"' + "".join(out) + '"'


class FileLineColLoc(Location):
    __slots__ = ("filename", "line", "column", "end_line", "end_column")
    _FIELDS = __slots__

    def __init__(self, filename: str, line: int, column: int, end_line: int | None = None,
                 end_column: int | None = None):
        super().__init__(filename, line, column, end_line, end_column)

    def text(self, ref=None) -> str:
        head = f"{quoted(self.filename)}:{self.line}:{self.column}"
        end_line = self.line if self.end_line is None else self.end_line
        end_column = self.column if self.end_column is None else self.end_column
        if end_line == self.line and end_column == self.column:
            return head
        if end_line == self.line:
            return f"{head} to :{end_column}"
        return f"{head} to {end_line}:{end_column}"


class NameLoc(Location):
    __slots__ = ("name", "child")
    _FIELDS = __slots__

    def __init__(self, name: str, child: Location | None = None):
        super().__init__(name, child)

    def text(self, ref=None) -> str:
        if self.child is None or self.child == UNKNOWN:  # MLIR elides an unknown child
            return quoted(self.name)
        return f"{quoted(self.name)}({_nested(self.child, ref)})"

    def children(self) -> tuple[Location, ...]:
        return () if self.child is None or self.child == UNKNOWN else (self.child,)


class CallSiteLoc(Location):
    __slots__ = ("callee", "caller")
    _FIELDS = __slots__

    def __init__(self, callee: Location, caller: Location):
        super().__init__(callee, caller)

    def text(self, ref=None) -> str:
        return f"callsite({_nested(self.callee, ref)} at {_nested(self.caller, ref)})"

    def children(self) -> tuple[Location, ...]:
        return (self.callee, self.caller)


class FusedLoc(Location):
    __slots__ = ("locations", "metadata")
    _FIELDS = __slots__

    def __init__(self, locations, metadata: str | None = None):  # metadata: its attribute's MLIR text
        super().__init__(tuple(locations), metadata)

    def text(self, ref=None) -> str:
        meta = f"<{self.metadata}>" if self.metadata is not None else ""
        return f"fused{meta}[{', '.join(_nested(loc, ref) for loc in self.locations)}]"

    def children(self) -> tuple[Location, ...]:
        return self.locations


def fused(locations, metadata: str | None = None) -> Location:
    """MLIR's FusedLoc::get: the distinct known locations, one alone as itself, none as unknown."""
    seen: list[Location] = []
    for loc in locations:
        parts = loc.locations if isinstance(loc, FusedLoc) and loc.metadata is None else (loc,)
        for part in parts:
            if part != UNKNOWN and part not in seen:
                seen.append(part)
    if metadata is None and len(seen) <= 1:
        return seen[0] if seen else UNKNOWN
    return FusedLoc(tuple(seen), metadata)


# -- locations made from layer paths -----------------------------------------------------------

_PATH_LOCATIONS: dict = {}


def path_location(path: str, op_name: str) -> Location:
    """The location a builder gives an op built under layer path `path` (`vit.b3.attn`):
    `loc("vit/b3/attn/dot_general")`, `/` as XLA and Model Explorer split it, the op's mnemonic
    last (as JAX names `jit(f)/dot_general`). One object per (path, op), shared by every op."""
    key = (path, op_name)
    hit = _PATH_LOCATIONS.get(key)
    if hit is None:
        if not path:
            hit = UNKNOWN
        else:
            hit = NameLoc(path.replace(".", "/") + "/" + op_name.rpartition(".")[2])
        _PATH_LOCATIONS[key] = hit
    return hit


_TRANSFORMED = LazyPattern(r"(?:jvp|transpose|linearize)\(.*\)")
_DERIVED: dict = {}


def derived(loc: Location, transformation: str, op_name: str) -> Location:
    """The location of an op (`op_name`) a transformation (`jvp`, `transpose`) derives from an op at
    `loc`, named as JAX names it: the forward op's name stack, the transformation, the new op's
    mnemonic (`vit/b3/attn/dot_general` -> `vit/b3/attn/jvp()/multiply`; the transpose of an op at
    `.../jvp()/multiply` is at `.../transpose(jvp())/multiply`). A location of another kind is the
    child of such a name. One object per (location, transformation, op)."""
    key = (loc, transformation, op_name)
    hit = _DERIVED.get(key)
    if hit is not None:
        return hit
    mnemonic = op_name.rpartition(".")[2]
    if isinstance(loc, NameLoc):
        head = loc.name.split("/")[:-1]
        if head and _TRANSFORMED.fullmatch(head[-1]):
            head[-1] = f"{transformation}({head[-1]})"
        else:
            head.append(f"{transformation}()")
        hit = NameLoc("/".join(head + [mnemonic]), loc.child)
    else:
        hit = NameLoc(f"{transformation}()/{mnemonic}", None if loc == UNKNOWN else loc)
    _DERIVED[key] = hit
    return hit


def user_frame(loc: Location) -> FileLineColLoc | None:
    """The innermost file location of `loc` (a JAX program's line in the user's file), or None."""
    if isinstance(loc, FileLineColLoc):
        return loc
    if isinstance(loc, NameLoc):
        return user_frame(loc.child) if loc.child is not None else None
    if isinstance(loc, CallSiteLoc):
        return user_frame(loc.callee) or user_frame(loc.caller)
    if isinstance(loc, FusedLoc):
        return next((f for f in map(user_frame, loc.locations) if f is not None), None)
    return None


def describe(loc: Location) -> str:
    """A location in an error message: `file:line:col` of the user's frame and the name, or ''."""
    if loc is None or loc == UNKNOWN:
        return ""
    frame = user_frame(loc)
    name = loc.name if isinstance(loc, NameLoc) else ""
    parts = [f"{frame.filename}:{frame.line}:{frame.column}" if frame is not None else "", name]
    return " ".join(p for p in parts if p) or loc.text()


# -- reading -----------------------------------------------------------------------------------

class LocationSyntaxError(ValueError):
    """A `loc(...)` that does not spell a location; `offset` is where in the text."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


_SPACE = LazyPattern(r"\s*")
_STRING = LazyPattern(r'"((?:[^"\\\n]|\\.)*)"')
_INT = LazyPattern(r"[0-9]+")
_ALIAS_REF = LazyPattern(r"#loc[\w.$-]*")
_ALIAS_DEF = LazyPattern(r"^(#loc[\w.$-]*)[ \t]*=[ \t]*(?=loc\()", re.M)
_HEX = LazyPattern(r"\\([0-9A-Fa-f]{2})|\\(.)")


def _unescape(body: str) -> str:
    if "\\" not in body:
        return body
    out, i = bytearray(), 0
    for m in _HEX.finditer(body):
        out += body[i:m.start()].encode()
        if m.group(1):
            out.append(int(m.group(1), 16))
        else:
            out += {"n": "\n", "t": "\t"}.get(m.group(2), m.group(2)).encode()
        i = m.end()
    out += body[i:].encode()
    return out.decode("utf-8", errors="replace")


class _Reader:
    def __init__(self, text: str, aliases: "AliasTable | None"):
        self.text, self.aliases = text, aliases

    def skip(self, i: int) -> int:
        return _SPACE.match(self.text, i).end()

    def expect(self, i: int, token: str) -> int:
        i = self.skip(i)
        if not self.text.startswith(token, i):
            raise LocationSyntaxError(f"expected '{token}' in a location", i)
        return i + len(token)

    def location(self, i: int) -> tuple[Location, int]:
        """A location (without `loc(...)` around it) at `i`."""
        i = self.skip(i)
        text = self.text
        if text.startswith("#loc", i):
            m = _ALIAS_REF.match(text, i)
            if self.aliases is None:
                raise LocationSyntaxError(f"location alias {m.group(0)} outside a module", i)
            return self.aliases.resolve(m.group(0), i), m.end()
        if text.startswith("unknown", i):
            return UNKNOWN, i + 7
        if text.startswith("callsite(", i):
            callee, i = self.location(i + 9)
            i = self.expect(i, "at")
            caller, i = self.location(i)
            return CallSiteLoc(callee, caller), self.expect(i, ")")
        if text.startswith("fused", i):
            i += 5
            metadata = None
            if text.startswith("<", i):
                end = _balanced(text, i)
                metadata, i = text[i + 1:end - 1], end
            i = self.expect(i, "[")
            locations = []
            while True:
                loc, i = self.location(i)
                locations.append(loc)
                i = self.skip(i)
                if text.startswith(",", i):
                    i += 1
                    continue
                return FusedLoc(tuple(locations), metadata), self.expect(i, "]")
        m = _STRING.match(text, i)
        if m is None:
            raise LocationSyntaxError("expected a location", i)
        name, i = _unescape(m.group(1)), m.end()
        if text.startswith(":", i):  # "file":line[:col] [to [line]:col]
            line, i = self.int(i + 1)
            column = 0
            if text.startswith(":", i):
                column, i = self.int(i + 1)
            end_line = end_column = None
            j = self.skip(i)
            if text.startswith("to", j) and not text[j + 2:j + 3].isalnum():
                j = self.skip(j + 2)
                if text.startswith(":", j):
                    end_line = line
                    end_column, i = self.int(j + 1)
                else:
                    end_line, i = self.int(j)
                    end_column = column
                    if text.startswith(":", i):
                        end_column, i = self.int(i + 1)
            if end_line == line and end_column == column:
                end_line = end_column = None
            return FileLineColLoc(name, line, column, end_line, end_column), i
        if text.startswith("(", i):
            child, i = self.location(i + 1)
            return NameLoc(name, child), self.expect(i, ")")
        return NameLoc(name), i

    def int(self, i: int) -> tuple[int, int]:
        m = _INT.match(self.text, i)
        if m is None:
            raise LocationSyntaxError("expected a number in a file location", i)
        return int(m.group(0)), m.end()


def _balanced(text: str, i: int) -> int:
    """The end of the bracketed text starting at `i` (strings skipped)."""
    for j, c, depth in brackets(text, i):
        if depth == 0 and c in CLOSERS:
            return j + 1
    raise LocationSyntaxError("a bracket is not closed", len(text))


class AliasTable:
    """The `#loc... = loc(...)` definitions of a text, read on first reference."""

    def __init__(self, text: str):
        self.text = text
        self.raw = {m.group(1): m.end() for m in _ALIAS_DEF.finditer(text)}
        self.done: dict[str, Location] = {}
        self._open: set[str] = set()

    def resolve(self, name: str, at: int) -> Location:
        hit = self.done.get(name)
        if hit is not None:
            return hit
        start = self.raw.get(name)
        if start is None:
            raise LocationSyntaxError(f"undefined location alias {name}", at)
        if name in self._open:
            raise LocationSyntaxError(f"location alias {name} refers to itself", at)
        self._open.add(name)
        loc, _ = read_location(self.text, start, self)
        self._open.discard(name)
        self.done[name] = loc
        return loc


def read_location(text: str, i: int, aliases: AliasTable | None = None) -> tuple[Location, int]:
    """The location `loc(...)` at offset `i` of `text`, and the offset after it."""
    reader = _Reader(text, aliases)
    i = reader.expect(i, "loc(")
    loc, i = reader.location(i)
    return loc, reader.expect(i, ")")


_LOCATION_START = LazyPattern(r'"(?:[^"\\\n]|\\.)*"|(?<![\w$.#-])loc\(')


def located_tokens(text: str) -> tuple[str, list[Location]]:
    """`text` with its alias definitions (`#loc3 = loc(...)` lines) removed and each other `loc(...)`
    replaced by the token `loc$<i>`, and the locations in order (aliases resolved): how the fast
    reader reads a text with locations. Raises LocationSyntaxError at a malformed one."""
    aliases = AliasTable(text)
    kept, locations, done = [], [], 0
    definitions = {m.start() for m in _ALIAS_DEF.finditer(text)}
    for m in _LOCATION_START.finditer(text):
        if m.start() < done or m.group(0)[0] == '"':
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        if line_start in definitions:  # an alias's definition: the whole line goes
            end = text.find("\n", m.start())
            end = len(text) if end < 0 else end
            kept.append(text[done:line_start])
            done = end
            continue
        loc, end = read_location(text, m.start(), aliases)
        kept.append(text[done:m.start()] + f"loc${len(locations)}")
        locations.append(loc)
        done = end
    kept.append(text[done:])
    return "".join(kept), locations


def parse_location(text: str) -> Location:
    """A location from its text, `loc(...)` around it or not: `parse_location('"a.py":4:17')`."""
    text = text.strip()
    if not text.startswith("loc("):
        text = f"loc({text})"
    loc, end = read_location(text, 0)
    if text[end:].strip():
        raise LocationSyntaxError(f"unexpected text after the location: {text[end:]!r}", end)
    return loc


__all__ = ["AliasTable", "CallSiteLoc", "FileLineColLoc", "FusedLoc", "Location", "LocationSyntaxError", "NameLoc",
           "UNKNOWN", "UnknownLoc", "derived", "describe", "fused", "located_tokens", "parse_location", "path_location", "quoted",
           "read_location", "user_frame"]
