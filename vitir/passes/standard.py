"""The passes beside dce, registered by name: cse, fold, simplify (and its float-changing form),
inline-composite, expand-compounds, fold-compounds, strip-debuginfo."""

from __future__ import annotations

from ..ast.location import UNKNOWN
from ..ast.module import Module
from ..ast.uses import blocks_of, walk
from ..rewrite.passes import Pass, register
from .composite import inline_composites
from .compounds import expand_compounds, fold_compound_runs
from .cse import common_subexpression_elimination
from .fold import ELEMENT_LIMIT, RULES as FOLD_RULES
from .simplify import EXACT, UNSAFE_FLOAT

register(Pass("cse", "common-subexpression elimination: merge repeated effect-free ops (commutative operands "
                     "in a canonical order)", common_subexpression_elimination))
register(Pass.of_rules("fold", f"constant folding through the numpy evaluator (results of at most "
                                f"{ELEMENT_LIMIT:,} elements; not where the evaluator's value is an implementation's "
                                "choice)", FOLD_RULES))
register(Pass.of_rules("simplify", "StableHLO's simplifications that keep every value bit for bit (identities, "
                                   "no-op and merged data movement, tuples, selects, ...)", EXACT))
register(Pass.of_rules("simplify-unsafe-float", "simplify, and the rules that change float results (x + 0.0 -> x, "
                                                "x * 0.0 -> 0, x - x -> 0, compare(x, x)): no NaN, no infinity, "
                                                "signless zeros assumed", EXACT + UNSAFE_FLOAT, exact=False))
register(Pass("inline-composite", "every stablehlo.composite becomes its decomposition's ops; unused decompositions "
                                  "leave the module", inline_composites, whole_module=True))
register(Pass("expand-compounds", "compound nodes (AllReduceMean, AdamWUpdate) become their plain ops",
              expand_compounds))
register(Pass("fold-compounds", "runs of plain ops that are a compound node's expansion become the node",
              fold_compound_runs))


def strip_debuginfo(module: Module) -> None:
    """Every location of the module unknown, as mlir-opt's --strip-debuginfo makes them: its own, its
    functions', their arguments', ops' (layer paths' names too) and regions'."""
    module.location = UNKNOWN
    for fn in module.functions:
        fn.location = fn.ret.location = UNKNOWN
        for arg in fn.args:
            arg.location = UNKNOWN
        for op in walk(fn.ops):
            op.location = UNKNOWN
            for region in blocks_of(op):
                region.location = UNKNOWN
                for arg in region.args:
                    arg.location = UNKNOWN
    for op in module.symbols:
        op.location = UNKNOWN


register(Pass("strip-debuginfo", "every location unknown (mlir-opt's --strip-debuginfo)", strip_debuginfo,
              whole_module=True))
