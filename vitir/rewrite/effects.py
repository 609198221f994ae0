"""Whether an op may be removed or merged: it reads and writes nothing but its operands and results.

The answer is the op's declared traits (vitir/ast/traits.py: PURE, and RECURSIVE_EFFECTS for
an op whose regions decide). Until every op declares its traits, an op that declares none is
judged by the short list below of what StableHLO gives effects.
"""

from __future__ import annotations

try:
    from ..ast.traits import effect_free as _declared_effect_free
except ImportError:  # the traits are not declared yet
    _declared_effect_free = None

# What StableHLO gives effects (and so what no pass removes or merges), when traits are absent.
_EFFECTFUL = frozenset({
    "stablehlo.all_gather", "stablehlo.all_reduce", "stablehlo.all_to_all", "stablehlo.collective_broadcast",
    "stablehlo.collective_permute", "stablehlo.reduce_scatter", "stablehlo.custom_call", "stablehlo.rng",
    "stablehlo.rng_bit_generator", "stablehlo.infeed", "stablehlo.outfeed", "stablehlo.send", "stablehlo.recv",
    "stablehlo.optimization_barrier", "stablehlo.after_all", "stablehlo.create_token", "stablehlo.composite",
    "stablehlo.replica_id", "stablehlo.partition_id", "func.call",
})


def effect_free(op) -> bool:
    """Whether `op` (with the ops of its regions) has no effect beyond its results."""
    if _declared_effect_free is not None:
        return _declared_effect_free(op)
    cls = type(op)
    if cls.NAME in _EFFECTFUL or cls.NAME == "all_reduce_mean":  # a compound node holding an all_reduce
        return False
    if not cls.SIMPLE:
        from .index import blocks_of

        return all(effect_free(inner) for region in blocks_of(op) for inner in region.ops)
    return True
