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

    def text(self, ref=None, pretty: bool = False) -> str:
        """MLIR's spelling inside `loc(...)`; `ref(child)` spells a nested location (an alias);
        `pretty`: as `--mlir-pretty-debuginfo` spells it (no `loc(...)`, `callsite` or `fused` words,
        file names unquoted)."""
        raise NotImplementedError

    def children(self) -> tuple["Location", ...]:
        """The nested locations MLIR prints (and so may alias), in the order it prints them."""
        return ()

    def __str__(self) -> str:
        return f"loc({self.text()})"


def _nested(loc: Location, ref, pretty: bool = False) -> str:
    return ref(loc) if ref is not None else loc.text(None, pretty)


class UnknownLoc(Location):
    __slots__ = ()

    def text(self, ref=None, pretty: bool = False) -> str:
        return "[unknown]" if pretty else "unknown"


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

    def text(self, ref=None, pretty: bool = False) -> str:
        head = f"{self.filename if pretty else quoted(self.filename)}:{self.line}:{self.column}"
        end_line = self.line if self.end_line is None else self.end_line
        end_column = self.column if self.end_column is None else self.end_column
        if end_line == self.line and end_column == self.column:
            return head
        if end_line == self.line:
            return f"{head} to :{end_column}"
        return f"{head} to {end_line}:{end_column}"


class TextPosition(FileLineColLoc):
    """The place in the text being read that a reader gives what the text writes without a location,
    as MLIR's parser does. Equal to the FileLineColLoc of the same place (and printed as one); an
    error does not cite it as the user's source (`user_frame`, `describe`): it names the text's line."""

    __slots__ = ()


def _file_line_col_eq(self, other) -> bool:
    return isinstance(other, FileLineColLoc) and other._parts() == self._parts()


def _file_line_col_hash(self) -> int:
    return hash(("FileLineColLoc", self._parts()))


FileLineColLoc.__eq__, FileLineColLoc.__hash__ = _file_line_col_eq, _file_line_col_hash


class NameLoc(Location):
    __slots__ = ("name", "child")
    _FIELDS = __slots__

    def __init__(self, name: str, child: Location | None = None):
        super().__init__(name, child)

    def text(self, ref=None, pretty: bool = False) -> str:
        if self.child is None or self.child == UNKNOWN:  # MLIR elides an unknown child
            return quoted(self.name)
        return f"{quoted(self.name)}({_nested(self.child, ref, pretty)})"

    def children(self) -> tuple[Location, ...]:
        return () if self.child is None or self.child == UNKNOWN else (self.child,)


class CallSiteLoc(Location):
    __slots__ = ("callee", "caller")
    _FIELDS = __slots__

    def __init__(self, callee: Location, caller: Location):
        super().__init__(callee, caller)

    def text(self, ref=None, pretty: bool = False) -> str:
        callee, caller = _nested(self.callee, ref, pretty), _nested(self.caller, ref, pretty)
        if not pretty:
            return f"callsite({callee} at {caller})"
        # MLIR's pretty form breaks the line before `at` unless a name calls from a file's line
        if isinstance(self.callee, NameLoc) and isinstance(self.caller, FileLineColLoc):
            return f"{callee} at {caller}"
        return f"{callee}\n at {caller}"

    def children(self) -> tuple[Location, ...]:
        return (self.callee, self.caller)


class FusedLoc(Location):
    __slots__ = ("locations", "metadata")
    _FIELDS = __slots__

    def __init__(self, locations, metadata: str | None = None):  # metadata: its attribute's MLIR text
        super().__init__(tuple(locations), metadata)

    def text(self, ref=None, pretty: bool = False) -> str:
        meta = f"<{self.metadata}>" if self.metadata is not None else ""
        return f"{'' if pretty else 'fused'}{meta}[{', '.join(_nested(loc, ref, pretty) for loc in self.locations)}]"

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


class DeferredLocation:
    """A location a reader has not decoded yet (a bytecode file's: most are never asked for). An op's
    or argument's `location` decodes it when first asked (`resolve()`, once, shared by every node
    that holds it) and keeps the Location; copies and pickles hold the Location itself."""

    __slots__ = ("_decode", "_key", "_found")

    def __init__(self, decode, key):
        self._decode, self._key, self._found = decode, key, None

    def resolve(self) -> Location:
        found = self._found
        if found is None:
            found = self._found = self._decode(self._key)
            self._decode = None  # the reader's tables are no longer needed by this one
        return found

    def __reduce__(self):
        return _resolved, (self.resolve(),)


def _resolved(location: Location) -> Location:
    return location


def given(node) -> Location | None:
    """The location a node (an op, an argument) was given, decoded; None where it was given none."""
    loc = getattr(node, "_location", None)
    return None if loc is None else materialize(loc)


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
    """The innermost file location of `loc` (a JAX program's line in the user's file), or None (a
    reader's TextPosition is the text's, not the user's)."""
    if isinstance(loc, FileLineColLoc):
        return None if type(loc) is TextPosition else loc
    if isinstance(loc, NameLoc):
        return user_frame(loc.child) if loc.child is not None else None
    if isinstance(loc, CallSiteLoc):
        return user_frame(loc.callee) or user_frame(loc.caller)
    if isinstance(loc, FusedLoc):
        return next((f for f in map(user_frame, loc.locations) if f is not None), None)
    return None


def placed_only(loc: Location) -> bool:
    """Nothing but a reader's positions (and unknowns): what the error's own line says already."""
    if type(loc) is TextPosition or loc == UNKNOWN:
        return True
    if isinstance(loc, (CallSiteLoc, FusedLoc)):
        return all(placed_only(child) for child in loc.children())
    return False


def describe(loc: Location) -> str:
    """A location in an error message: `file:line:col` of the user's frame and the name, or ''."""
    if loc is None or loc == UNKNOWN or placed_only(loc):
        return ""
    frame = user_frame(loc)
    name = loc.name if isinstance(loc, NameLoc) else ""
    parts = [f"{frame.filename}:{frame.line}:{frame.column}" if frame is not None else "", name]
    return " ".join(p for p in parts if p) or loc.text()


# -- locations of a text's own positions ------------------------------------------------------

def materialize(loc):
    """A stored location made real: a text reader stores where an op was written as a pending
    `(function, *arguments)` tuple (a few ints), the bytecode reader a DeferredLocation, each made
    into its Location only when asked for."""
    kind = loc.__class__
    if kind is tuple:
        return loc[0](*loc[1:])
    return loc.resolve() if kind is DeferredLocation else loc


def _get_location(self) -> Location:
    loc = self._location
    if loc.__class__ is tuple or loc.__class__ is DeferredLocation:
        loc = self._location = materialize(loc)
    return loc


def _set_location(self, loc) -> None:
    self._location = loc


# `location` of a function, return, region or module: what a reader gave it, pending ones made real
# on first use (the class keeps it in a `_location` slot).
located = property(_get_location, _set_location, doc="Where it came from (vitir.ast.location).")


def fused_of(stored) -> Location:
    """`fused` of stored locations, pending ones made real (a compound node's, made when asked for)."""
    return fused([materialize(loc) for loc in stored])


def source_filename(source: str) -> str | None:
    """The file name MLIR's locations give a text read from `source`: `-` for a string (as jaxlib's
    `ir.Module.parse` and `mlir-opt` on standard input name it), the path for a file; None for a text
    that is not the user's (`<bytecode>`: an artifact's text, its locations the artifact's own)."""
    if source in ("<text>", "-"):
        return "-"
    if source == "<bytecode>":
        return None
    return source


class TextPositions:
    """Where each token of a text starts (`at(token_index)`: MLIR's `loc("f.mlir":line:col)`), for a
    reader that noted token indices only. The token table is made on the first question: reading a
    text costs an int per op, and a location object only for those a tool asks for."""

    def __init__(self, text: str, filename: str, token_pattern, comment: str = "//"):
        self.text, self.filename, self.pattern, self.comment = text, filename, token_pattern, comment
        self.starts: list | None = None

    def _table(self) -> list:
        starts = []
        finditer = self.pattern.finditer
        for number, line in enumerate(self.text.split("\n"), 1):  # as vitir/text/lexer.py tokenizes
            found = [(number, m.start(1) + 1) for m in finditer(line)]
            if found and line[found[-1][1] - 1:].startswith(self.comment):
                found.pop()
            starts += found
        self.starts = starts
        return starts

    def at(self, token: int) -> "FileLineColLoc":
        starts = self.starts if self.starts is not None else self._table()
        line, column = starts[token]
        return TextPosition(self.filename, line, column)

    def resolve(self, own, sites=()) -> Location:
        """`own` (a token index, a Location or None) inside inlined calls at `sites` (the same kinds,
        innermost last): `callsite(<own> at <call's>)`, as MLIR's inliner puts them."""
        loc = self.at(own) if own.__class__ is int else (own or UNKNOWN)
        for site in reversed(sites):
            loc = inlined_at(loc, self.at(site) if site.__class__ is int else (site or UNKNOWN))
        return loc


def inlined_at(own: Location, call: Location) -> Location:
    """Where an op (or block argument) at `own` stands once inlined by a call at `call`, as MLIR's
    inliner places it (InliningUtils.cpp, `stackLocations`): `callsite(<own> at <call>)`, except that
    a call site `own` already is keeps its chain and takes `call` as its outermost caller
    (`callsite(a at b)` becomes `callsite(a at callsite(b at <call>))`), so inlining a function that
    inlined another gives the same location as inlining the two the other way round."""
    if own.__class__ is not CallSiteLoc:
        return CallSiteLoc(own, call)
    return CallSiteLoc(own.callee, inlined_at(own.caller, call))


def module_position(filename: str | None) -> Location:
    """An implicit module's location (no `module {` written): MLIR puts it at `"f.mlir":0:0`."""
    return UNKNOWN if filename is None else TextPosition(filename, 0, 0)


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
        token = f"loc${len(locations)}"
        # as wide as the location (when it can be): what follows on its line keeps its column
        kept.append(text[done:m.start()] + token.ljust(end - m.start()) if "\n" not in text[m.start():end]
                    else text[done:m.start()] + token)
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


__all__ = ["AliasTable", "CallSiteLoc", "DeferredLocation", "FileLineColLoc", "FusedLoc", "Location", "LocationSyntaxError",
           "NameLoc", "TextPosition", "TextPositions", "UNKNOWN", "UnknownLoc", "derived", "describe", "fused", "fused_of",
           "given", "inlined_at", "located", "located_tokens", "materialize", "module_position", "parse_location", "placed_only",
           "path_location", "quoted", "read_location", "source_filename", "user_frame"]
