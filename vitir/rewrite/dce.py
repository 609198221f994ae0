"""Dead-code elimination: an op whose results nothing reads and that has no effect goes.

One walk from the end of each block to its start: an op is dead when it is effect-free
(its traits say so; an op with regions when every op in them is) and no result is read;
a dead op's operands lose a use, so the ops before it that only it read die in the same
walk. The ops of a live op's regions are walked the same way (their `stablehlo.return`
keeps what it returns alive). Ops with effects (collectives, custom_call, rng, infeed,
outfeed, send, recv, optimization_barrier, ...) stay, read or not.
"""

from __future__ import annotations

from ..ast.module import Function
from .effects import effect_free
from .index import UseIndex, blocks_of


def dead_code_elimination(fn: Function, index: UseIndex | None = None) -> int:
    """Remove the dead ops of `fn` in place, at any depth; returns how many went."""
    index = index or UseIndex(fn)
    return _block(fn, index)


def _block(block, index: UseIndex) -> int:
    kept, removed = [], 0
    for op in reversed(block.ops):
        if not index.has_uses(op) and effect_free(op):
            index.forget(op)
            removed += 1
            continue
        for region in blocks_of(op):
            removed += _block(region, index)
        kept.append(op)
    if removed:
        kept.reverse()
        block.ops[:] = kept
    return removed
