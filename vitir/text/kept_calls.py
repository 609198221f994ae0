"""StableHLO text -> vitir's Module with its calls kept, by the fast reader (importer.py): the reading
of calls behind an explicit option (`import_keeping_calls`), where vitir's default readers (and
`fast_import`) inline each call into its caller. The bytecode writer reads text so, since an artifact
holds a program's functions and calls as written.

Every function is built on its own, with the visibility the text writes (`func.func private @f`),
and a call becomes the declared `func.call` op (`vitir.ast.ops.Call`, here also named `KeptCall`):
its callee, operands and results, the callee's signature checked against the call's. So the module
prints (as MLIR prints it), evaluates and converts to bytecode (vitir/mlir/bytecode/from_ast.py
writes it as `func.call`). The default reader is untouched: this is `_Builder` with `inline`
replaced.
"""

from __future__ import annotations

from ..ast.location import TextPositions, located_tokens, source_filename
from ..ast.ops import Call as KeptCall
from .importer import Fallback, _Builder, _Reader, _NAME, module_location
from .lexer import TOKEN


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
        name = () if results[0] == "none" else self.new_name(results[1])  # a group's: `%r#0`, as any op's
        call = KeptCall(name, callee, used, tuple(outputs), location=self.location(record))
        for value in call.results:
            value.owner = self.fb
        self.fb.ops.append(call)
        self.define(results, call.results, values)


def import_keeping_calls(text: str, source: str = "<text>"):
    """vitir's Module of `text` with every function built on its own and its calls kept (func.call ops),
    or None when the fast reader does not take the text (the caller then parses it with xDSL).
    `source` names the places of what the text does not locate, as fast_import's does."""
    from ..ast.gc_pause import gc_paused

    if not text.isascii() or "sdy." in text:  # Shardy's checks follow values through calls: xDSL's path
        return None
    try:
        return gc_paused(_import)(text, source)
    except Exception:  # noqa: BLE001 - as fast_import: the xDSL path reads what this one does not take
        return None


def _import(text: str, source: str = "<text>"):
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
    filename = source_filename(source)  # as fast_import places what is unlocated (None: unknown, as build_module)
    positions = TextPositions(text, filename, TOKEN) if filename is not None else None
    if positions is None:
        located = {key: loc for key, loc in located.items() if loc.__class__ is not int}
    built = []
    for fn in functions:
        made = _CallKeepingBuilder(fn, defined, written, located, positions).run()
        own, args, results = reader.attributes[made.name]
        visibility = reader.visibilities.get(made.name)
        if own or any(args) or any(results) or visibility:
            # (its location passed on as stored: made real, a pending one builds the text's token table)
            made = Function(made.name, made.args, made.ops, made.ret, own, args, results, made._location,
                            visibility)
        built.append(made)
    return Module(built, name, attributes, location=module_location(located, positions))


__all__ = ["KeptCall", "import_keeping_calls"]
