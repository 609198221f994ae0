"""Op traits: what a pass may assume about an op, declared once in its class body.

    class Add(Binary):
        NAME = "stablehlo.add"
        traits = Binary.traits | {COMMUTATIVE}

They are MLIR's ODS traits (and xDSL's, which copy them), named as StableHLO's
StablehloOps.td and ChloOps.td give them:

    PURE                      NoMemoryEffect: no reads, writes, allocation or other effect, so an
                              unused result may be removed and two equal ops merged
    SPECULATABLE              AlwaysSpeculatable: no undefined behaviour, so the op may run where
                              its result is not needed (hoisted); not integer divide or remainder
    RECURSIVELY_SPECULATABLE  RecursivelySpeculatable: speculatable when every op of its regions is
    RECURSIVE_EFFECTS         RecursiveMemoryEffects: an op with regions has the effects of its bodies
    COMMUTATIVE               Commutative: its two operands may swap (a reduction's compact body)
    ELEMENTWISE               Elementwise: each result element depends on the operands' elements
                              at the same index only
    SAME_OPERANDS_AND_RESULT_TYPE  SameOperandsAndResultType (StableHLO's
                              HLO_CompatibleOperandsAndResultType, with vitir's static types)
    CONSTANT_LIKE             ConstantLike: the op materialises a constant of its attributes
    TERMINATOR                Terminator: ends a block (the region's return)

An op without PURE or RECURSIVE_EFFECTS has unknown effects: a pass keeps it,
whatever uses its results. vitir is stricter than the ODS in two places:
`optimization_barrier` (Pure there) and `rng_bit_generator` (NoMemoryEffect there)
carry no effect trait, so a barrier is never merged or removed and a generator is
never merged with another of the same state.

The declaration's metaclass (vitir/ast/declare.py) turns `traits` into a
frozenset on the class; a class that does not declare it inherits its base's.
vitir/mlir/dialect.py gives the generated xDSL classes xDSL's trait for each.
"""

from __future__ import annotations

__all__ = [
    "COMMUTATIVE", "CONSTANT_LIKE", "ELEMENTWISE", "PURE", "RECURSIVELY_SPECULATABLE", "RECURSIVE_EFFECTS",
    "SAME_OPERANDS_AND_RESULT_TYPE", "SPECULATABLE", "TERMINATOR", "TRAITS", "Trait", "effect_free", "has_trait",
    "is_commutative", "normalise",
]


class Trait:
    """One trait: `name` is this module's constant, `mlir` the ODS trait it stands for."""

    __slots__ = ("name", "mlir", "doc")

    def __init__(self, name: str, mlir: str, doc: str):
        self.name, self.mlir, self.doc = name, mlir, doc

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self):  # a trait pickles as the module's constant, so identity survives
        return (_by_name, (self.name,))


PURE = Trait("PURE", "NoMemoryEffect", "no memory effects: unused, it may be removed; equal, merged")
SPECULATABLE = Trait("SPECULATABLE", "AlwaysSpeculatable", "no undefined behaviour: it may be hoisted")
RECURSIVELY_SPECULATABLE = Trait("RECURSIVELY_SPECULATABLE", "RecursivelySpeculatable",
                                 "speculatable when every op of its regions is")
RECURSIVE_EFFECTS = Trait("RECURSIVE_EFFECTS", "RecursiveMemoryEffects", "the effects of the ops of its regions")
COMMUTATIVE = Trait("COMMUTATIVE", "Commutative", "its two operands may be swapped")
ELEMENTWISE = Trait("ELEMENTWISE", "Elementwise", "each result element from the operands' elements at its index")
SAME_OPERANDS_AND_RESULT_TYPE = Trait("SAME_OPERANDS_AND_RESULT_TYPE", "SameOperandsAndResultType",
                                      "every operand and result of one type")
CONSTANT_LIKE = Trait("CONSTANT_LIKE", "ConstantLike", "materialises a constant from its attributes")
TERMINATOR = Trait("TERMINATOR", "Terminator", "ends a block")

TRAITS: tuple[Trait, ...] = (PURE, SPECULATABLE, RECURSIVELY_SPECULATABLE, RECURSIVE_EFFECTS, COMMUTATIVE,
                             ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE, CONSTANT_LIKE, TERMINATOR)


def _by_name(name: str) -> Trait:
    return next(t for t in TRAITS if t.name == name)


# Pairs a declaration may not hold together: the first excludes the second.
_EXCLUSIVE = ((PURE, RECURSIVE_EFFECTS), (SPECULATABLE, RECURSIVELY_SPECULATABLE))


def normalise(class_name: str, declared) -> frozenset[Trait]:
    """A class body's `traits` (a tuple, list, set or frozenset of traits) as a frozenset, refusing
    what is not a trait and contradictory pairs (PURE with RECURSIVE_EFFECTS)."""
    if isinstance(declared, Trait) or isinstance(declared, str) or not hasattr(declared, "__iter__"):
        raise TypeError(f"{class_name}: traits must be a tuple of traits from vitir.ast.traits, got {declared!r}")
    traits = frozenset(declared)
    for t in traits:
        if not isinstance(t, Trait):
            raise TypeError(f"{class_name}: {t!r} is not a trait (vitir.ast.traits: "
                            f"{', '.join(x.name for x in TRAITS)})")
    for a, b in _EXCLUSIVE:
        if a in traits and b in traits:
            raise TypeError(f"{class_name}: traits {a.name} and {b.name} exclude each other")
    return traits


def _class(op_or_class) -> type:
    return op_or_class if isinstance(op_or_class, type) else type(op_or_class)


def has_trait(op_or_class, trait: Trait) -> bool:
    """Whether an op (a node or its class) declares `trait`."""
    return trait in getattr(_class(op_or_class), "traits", ())


def is_commutative(op_or_class) -> bool:
    return has_trait(op_or_class, COMMUTATIVE)


def effect_free(node) -> bool:
    """Whether running `node` has no effect but its results: PURE, or RECURSIVE_EFFECTS with every
    op of every region effect-free (recursively); a compound node declares its expansion's traits.
    A pass may remove such a node when nothing uses its results."""
    traits = getattr(type(node), "traits", ())
    if PURE in traits:
        return True
    if RECURSIVE_EFFECTS not in traits:
        return False
    for region in node.regions():
        op_class = getattr(region, "op_class", None)  # a BinaryRegion: one op of that class
        if op_class is not None:
            if PURE not in op_class.traits:
                return False
        elif not all(effect_free(op) for op in region.ops):
            return False
    return True
