"""What ops read and define, at any depth: the one walk of uses, captured values and region names.

A region's ops may read values of the enclosing function (or of enclosing regions) defined before
the op that holds it: those are the region's captured values. Seen from outside, an op reads its
operands and what its regions capture (`reads`); that is what the evaluator's last uses, the
folding of compound nodes and the rewriter's use index count. A region's names follow MLIR's
scopes (`definitions`): the builder checks them.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from operator import attrgetter
from typing import Iterator

from .regions import Region
from .values import Value


def blocks_of(op) -> list[Region]:
    """The regions of `op` that hold ops of their own (a BinaryRegion holds none)."""
    if type(op).SIMPLE:
        return []
    return [r for r in op.regions() if type(r) is Region]


def walk(ops) -> Iterator:
    """Every op of `ops` and of their regions, at any depth, each before the ops of its regions."""
    for op in ops:
        yield op
        if not type(op).SIMPLE:
            for region in blocks_of(op):
                yield from walk(region.ops)


def captured(region) -> tuple[Value, ...]:
    """The values from outside `region` that its ops (at any depth) read or it returns, in the
    order first read."""
    seen: dict[Value, None] = {}
    if type(region) is Region:
        _capture(region, set(), seen)
    return tuple(seen)


def _capture(region: Region, inside: set, seen: dict) -> None:
    inside = inside | set(region.args)
    for op in region.ops:
        for v in op.operands:
            if v not in inside:
                seen.setdefault(v)
        for inner in blocks_of(op):
            _capture(inner, inside, seen)
        inside.update(op.results)
    for v in region.results:
        if v not in inside:
            seen.setdefault(v)


def reads(op) -> tuple[Value, ...]:
    """The values `op` reads, seen from the block that holds it: its operands (once per operand
    slot), then what each of its regions captures."""
    if type(op).SIMPLE:
        return op.operands
    return op.operands + tuple(v for region in blocks_of(op) for v in captured(region))


def read_counts(ops, returned=()) -> dict[Value, int]:
    """How many times `ops` read each value (by `reads`), and `returned` (the block's return) once each."""
    counts = Counter(chain.from_iterable(map(_OPERANDS, ops)))  # a dict, counted in C
    if not all(cls.SIMPLE for cls in set(map(type, ops))):  # and what the regions capture
        counts.update(chain.from_iterable([captured(region) for op in ops if not type(op).SIMPLE
                                           for region in blocks_of(op)]))
    counts.update(returned)
    return counts


_OPERANDS = attrgetter("operands")


def definitions(region, visible: frozenset = frozenset()) -> Iterator[tuple[str, frozenset | set]]:
    """Each name `region` defines (its arguments, its ops' names, its nested regions' at any depth),
    in order, with the names of the region's scope visible where it is defined (`visible`, the
    enclosing regions', and the region's own defined before it)."""
    seen = set(visible)
    for a in getattr(region, "args", ()):
        yield a.name, seen
        seen.add(a.name)
    for op in region.ops:
        for name in op.defined_names():
            yield name, seen
            seen.add(name)
        for nested in op.regions():
            yield from definitions(nested, frozenset(seen))
