"""StableHLO text -> vitir's Module with its calls kept, by the fast reader (importer.py), for the
bytecode writer: an artifact holds a program's functions and calls as written, where vitir's AST
(and `fast_import`) inlines each call into its caller.

Every function is built on its own and a call becomes a `KeptCall` node (its callee, operands and
results). That node is no op of vitir's AST: a Module holding one is for the bytecode conversion
(vitir/mlir/bytecode/from_ast.py) alone, which writes it as `func.call`; nothing prints, checks or
evaluates it. The default reader is untouched: this is `_Builder` with `inline` replaced.
"""

from __future__ import annotations

from ..ast.location import UNKNOWN, TextPositions, located, located_tokens, source_filename
from ..ast.values import Value
from .importer import Fallback, _Builder, _Reader, _NAME, module_location
from .lexer import TOKEN


class KeptCall:
    """`func.call @callee(operands)`: one op of the artifact, as the fast reader read it."""

    NAME = "func.call"
    SIMPLE = True  # no regions: what walks a block reads its operands only
    discardable = ()

    __slots__ = ("callee", "operands", "results", "_location", "path")

    # (a reader's pending place, made real when asked for: the first one made builds the text's whole
    # token table, which a write without locations never needs)
    location = located

    def __init__(self, callee: str, operands: tuple, results: tuple, location):
        self.callee, self.operands, self.results = callee, operands, results
        self._location, self.path = UNKNOWN if location is None else location, ""

    def defined_names(self) -> list[str]:
        return [r.name for r in self.results]

    def regions(self) -> tuple:
        return ()


class _CallKeepingBuilder(_Builder):
    """One function's AST, each call in it kept as a KeptCall of the callee's signature."""

    def inline(self, record, values) -> None:
        _, callee, results, operands, inputs, outputs = record
        fn = self.functions.get(callee)
        if fn is None or [a[1] for a in fn[1]] != list(inputs) or list(fn[2]) != list(outputs):
            raise Fallback(f"call of @{callee}: no function of that signature")
        used = tuple(self.uses(operands, inputs, values))
        count = {"one": 1, "group": results[-1], "none": 0}[results[0]]
        if count != len(outputs):
            raise Fallback(f"call of @{callee}: {count} results named, {len(outputs)} returned")
        made = tuple(Value(self.new_name(f"{results[1]}_{i}"), ty) for i, ty in enumerate(outputs))
        for value in made:
            value.owner = self.fb
        self.fb.ops.append(KeptCall(callee, used, made, self.location(record)))
        self.define(results, made, values)


def import_keeping_calls(text: str):
    """vitir's Module of `text` with every function built on its own and its calls kept (KeptCall),
    or None when the fast reader does not take the text (the caller then parses it with xDSL)."""
    from ..ast.gc_pause import gc_paused

    if not text.isascii() or "sdy." in text:  # Shardy's checks follow values through calls: xDSL's path
        return None
    try:
        return gc_paused(_import)(text)
    except Exception:  # noqa: BLE001 - as fast_import: the xDSL path reads what this one does not take
        return None


def _import(text: str):
    from ..ast.module import Function, Module

    locations = None
    if "loc(" in text:
        text, locations = located_tokens(text)
    reader = _Reader(text, locations)
    name, functions, attributes = reader.module()
    if not functions or reader.symbols:
        raise Fallback
    defined = {}
    for fn in functions:
        if fn[0] in defined:
            raise Fallback
        defined[fn[0]] = fn
    written, located = frozenset(_NAME.findall(text)), reader.located
    positions = TextPositions(text, source_filename("<text>"), TOKEN)  # as fast_import places what is unlocated
    built = []
    for fn in functions:
        made = _CallKeepingBuilder(fn, defined, written, located, positions).run()
        own, args, results = reader.attributes[made.name]
        if own or any(args) or any(results):
            # (its location passed on as stored: made real, a pending one builds the text's token table)
            made = Function(made.name, made.args, made.ops, made.ret, own, args, results, made._location)
        built.append(made)
    return Module(built, name, attributes, location=module_location(located, positions))


__all__ = ["KeptCall", "import_keeping_calls"]
