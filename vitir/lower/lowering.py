"""The two lowerings of a module: "reference", the graph the layers build (the reference's
text byte for byte), and "fast", the same graph after the `fast-lowering` pass
(vitir/passes/fast_lowering.py: the patch-embed weight gradient as one dot_general, exact
render-time floats, one fused all-reduce). One builder per layer; the choice is only
whether the pass runs."""

from __future__ import annotations

from ..ast import Module
from ..errors import ConfigError

LOWERINGS = ("reference", "fast")
FAST_PASS = "fast-lowering"


def lowered(module: Module, lowering: str) -> Module:
    """`module` as built ("reference"), or rewritten in place by the fast-lowering pass ("fast")."""
    if lowering == "reference":
        return module
    if lowering != "fast":
        raise ConfigError(f"unknown lowering {lowering!r} (known: {', '.join(LOWERINGS)})")
    from .. import passes  # the pass registry imports the rewriter; a reference build needs neither

    fast = passes.get(FAST_PASS)
    for fn in module.functions:  # the module was just built: nothing else holds it, no copy needed
        fast.function(fn)
    return module
