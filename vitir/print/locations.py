"""Debug locations in printed text, as MLIR's `--mlir-print-debuginfo` writes them.

MLIR gives every location an alias (`#loc`, `#loc1`, ...) and prints each op's trailer by its
alias (`loc(#loc27)`), an argument's location in full with its nested locations by alias
(`%arg0: tensor<f32> loc("x")`). Its alias printer first walks the module in print order, a
location before the ones nested in it, noting each the first time it meets it; it numbers them by
depth (a location nested in none is 0, one holding others one more than the deepest it holds),
then by that order. The aliases of argument locations (and of all they hold) are defined before
the module, the others after it.

`LocationPrinter` does the same in one pass: the printer asks it for a placeholder where a
location goes (`trailer`, `inline`), meeting the location then, and `finish` numbers the aliases
and writes them in.
"""

from __future__ import annotations


from ..lazy_pattern import LazyPattern
from ..ast.location import Location

_PLACEHOLDER = LazyPattern("\x00([0-9]+)([ti])\x00")


class LocationPrinter:
    """`pretty`: as `--mlir-pretty-debuginfo` (jaxlib's `pretty_debug_info=True`) prints them: each
    trailer and argument's location spelled out in the pretty form (`-:2:8`, `"x"`, `[#loc5, #loc6]`),
    its nested ones by alias, every alias defined as before; `local_scope`: as
    `--mlir-print-local-scope` (`use_local_scope=True`): each spelled out in full, no alias."""

    def __init__(self, pretty: bool = False, local_scope: bool = False):
        self.entries: dict[Location, list] = {}  # location -> [first-met order, depth, deferrable]
        self.slots: list[Location] = []  # what each placeholder stands for
        self.pretty, self.local_scope = pretty, local_scope

    def _visit(self, loc: Location, deferrable: bool) -> int:
        entry = self.entries.get(loc)
        if entry is not None:
            if not deferrable and entry[2]:
                self._pin(loc)
            return entry[1]
        entry = self.entries[loc] = [len(self.entries), 0, deferrable]
        depth = 0
        for child in loc.children():
            depth = max(depth, self._visit(child, deferrable) + 1)
        entry[1] = depth
        return depth

    def _pin(self, loc: Location) -> None:
        """An alias met where it cannot be deferred (an argument's): defined before the module, with
        every alias it refers to."""
        self.entries[loc][2] = False
        for child in loc.children():
            if self.entries[child][2]:
                self._pin(child)

    def _slot(self, loc: Location, kind: str, deferrable: bool) -> str:
        self._visit(loc, deferrable)
        self.slots.append(loc)
        return f"\x00{len(self.slots) - 1}{kind}\x00"

    def trailer(self, loc: Location) -> str:
        """` loc(#locN)` after an op, a function or the module."""
        return self._slot(loc, "t", True)

    def inline(self, loc: Location) -> str:
        """` loc(...)` after an argument's type, its nested locations by alias."""
        return self._slot(loc, "i", False)

    def finish(self, body: str) -> str:
        """The module's text with its placeholders replaced and the aliases defined around it."""
        pretty = self.pretty
        if self.local_scope:
            def spelled(m) -> str:
                loc = self.slots[int(m.group(1))]
                return f" {loc.text(None, True)}" if pretty else f" loc({loc.text()})"

            return _PLACEHOLDER.sub(spelled, body)
        if pretty:
            return self._finish_pretty(body)
        ordered, names = self._numbered()
        ref = names.__getitem__

        def fill(m) -> str:
            loc = self.slots[int(m.group(1))]
            return f" loc({names[loc]})" if m.group(2) == "t" else f" loc({loc.text(ref)})"

        body = _PLACEHOLDER.sub(fill, body)
        head = "".join(f"{names[loc]} = loc({loc.text(ref)})\n" for loc, e in ordered if not e[2])
        tail = "".join(f"{names[loc]} = loc({loc.text(ref)})\n" for loc, e in ordered if e[2])
        return head + body + tail


    def _numbered(self):
        ordered = sorted(self.entries.items(), key=lambda item: (item[1][1], item[1][0]))
        return ordered, {loc: "#loc" if i == 0 else f"#loc{i}" for i, (loc, _) in enumerate(ordered)}

    def _finish_pretty(self, body: str) -> str:
        ordered, names = self._numbered()
        ref = names.__getitem__
        body = _PLACEHOLDER.sub(lambda m: " " + self.slots[int(m.group(1))].text(ref, True), body)
        head = "".join(f"{names[loc]} = {loc.text(ref, True)}\n" for loc, e in ordered if not e[2])
        tail = "".join(f"{names[loc]} = {loc.text(ref, True)}\n" for loc, e in ordered if e[2])
        return head + body + tail


def strip_trailers(text: str) -> str:
    """Placeholders removed (a fragment printed outside a module in debug mode)."""
    return _PLACEHOLDER.sub("", text)
