"""Which op a backend's refusal is about, and where it came from (docs/locations.md, "Errors").

XLA and IREE name what they refuse in their own terms: a custom call's target, an op's MLIR name, a
line of the text they were handed. `cite(text, message)` finds the op of `text` that a message names,
by the table below, and spells its location as every other vitir error does (`[at model.py:7:3
net/b1/custom_call: stablehlo.custom_call %1]`), or '' when the message names no op of the text. It
reads the text only then: a program that compiles pays nothing.
"""

from __future__ import annotations

import re

# (what the message says, how to find the op): the op's mnemonic and the attribute the message quotes,
# in order; the first that finds an op of the text wins.
NAMED_IN_MESSAGES = (
    # XLA: "No registered implementation for untyped custom call to foo for Host"
    (re.compile(r"custom call to (\S+)"), "stablehlo.custom_call", "call_target_name"),
    # IREE, MLIR: "'stablehlo.custom_call' op ... foo"; "failed to legalize operation 'stablehlo.rng'"
    (re.compile(r"'(stablehlo\.\w+)' op"), None, None),
    (re.compile(r"operation '(stablehlo\.\w+)'"), None, None),
)
# An MLIR diagnostic's place in the text it was handed: `-:4:10: error`, `loc("-":4:10)`, and IREE's
# as vitir words it (`line 4: ...`, vitir.backend.iree_adapter).
_TEXT_PLACE = re.compile(r'(?:(?:^|[\s(])"?(?:-|<stdin>)"?:(\d+):\d+)|(?:\bline (\d+):)')


def cite(text: str, message: str) -> str:
    """` [at <location>: <op> <ssa>]` of the op of `text` that `message` is about, or ''."""
    try:
        op = _named_op(text, message)
    except Exception:  # a text vitir cannot read back: the backend's own words stand alone
        return ""
    if op is None:
        return ""
    from ..ast.location import describe

    where = describe(op.location)  # '' for an op written without one: the message's own words stand
    ssa = " " + op.results[0].ssa if op.results else ""
    return f" [at {where + ': ' if where else ''}{op.NAME}{ssa}]"


def _named_op(text: str, message: str):
    from ..ast.uses import walk
    from ..mlir import import_text

    module = None
    for pattern, mnemonic, attribute in NAMED_IN_MESSAGES:
        m = pattern.search(message)
        if m is None:
            continue
        module = module or import_text(text)
        for op in (op for fn in module.functions for op in walk(fn.ops)):
            if mnemonic is None:
                if op.NAME == m.group(1):
                    return op
            elif op.NAME == mnemonic and str(getattr(op, attribute, None)).strip('"') == m.group(1):
                return op
    m = _TEXT_PLACE.search(message)
    if m is not None:
        line = int(m.group(1) or m.group(2))
        module = module or import_text(text)
        for op in (op for fn in module.functions for op in walk(fn.ops)):
            frame = op.location
            if getattr(frame, "filename", None) == "-" and frame.line == line:
                return op
    return None


__all__ = ["NAMED_IN_MESSAGES", "cite"]
