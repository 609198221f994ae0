"""Whether an op may be removed or merged: the op's declared traits decide (vitir/ast/traits.py:
PURE, or RECURSIVE_EFFECTS with every op of its regions effect-free; a compound node when its
expansion is). Passes import it from here, so the rewriter names one place."""

from __future__ import annotations

from ..ast.traits import effect_free, is_commutative

__all__ = ["effect_free", "is_commutative"]
