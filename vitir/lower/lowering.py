"""The two lowerings of a module: "reference", the graph the layers build (the reference's
text byte for byte), and "fast", the same graph after the `fast-lowering` pass
(vitir/lower/fast_lowering.py: the patch-embed weight gradient as one dot_general, exact
render-time floats, one fused all-reduce). One builder per layer; the choice is only
whether the pass runs."""

from __future__ import annotations

from ..ast import Module
from ..errors import ConfigError

LOWERINGS = ("reference", "fast")


def lowered(module: Module, lowering: str) -> Module:
    """`module` as built ("reference"), or rewritten in place by the fast-lowering pass ("fast")."""
    if lowering == "reference":
        return module
    if lowering != "fast":
        raise ConfigError(f"unknown lowering {lowering!r} (known: {', '.join(LOWERINGS)})")
    from .fast_lowering import FAST_LOWERING  # imports the rewriter and the passes; a reference build needs neither

    for fn in module.functions:  # the module was just built: nothing else holds it, no copy needed
        FAST_LOWERING.function(fn)
    return module
