"""The passes beside dce and cse, registered by name: fold, simplify (and its float-changing form),
inline-composite, expand-compounds, fold-compounds."""

from __future__ import annotations

from ..ast.module import Function
from ..rewrite import apply_rules
from . import Pass, register
from .composite import inline_composites
from .compounds import expand_compounds, fold_compound_runs
from .dce import dead_code_elimination
from .fold import ELEMENT_LIMIT, RULES as FOLD_RULES
from .simplify import EXACT, UNSAFE_FLOAT


def greedy(name: str, description: str, rules, exact: bool = True) -> Pass:
    """A pass of `rules` applied to a fixed point, then the ops they left unread removed, as MLIR's greedy
    driver erases the trivially dead ops it meets."""
    def apply(fn: Function) -> int:
        return apply_rules(fn, rules) + dead_code_elimination(fn)

    apply.__name__ = name.replace("-", "_")
    return Pass(name, description, apply, exact=exact)


register(greedy("fold", f"constant folding through the numpy evaluator (results of at most {ELEMENT_LIMIT:,} "
                        "elements; not where the evaluator's value is an implementation's choice)", FOLD_RULES))
register(greedy("simplify", "StableHLO's simplifications that keep every value bit for bit (identities, "
                            "no-op and merged data movement, tuples, selects, ...)", EXACT))
register(greedy("simplify-unsafe-float", "simplify, and the rules that change float results (x + 0.0 -> x, "
                                         "x * 0.0 -> 0, x - x -> 0, compare(x, x)): no NaN, no infinity, "
                                         "signless zeros assumed", EXACT + UNSAFE_FLOAT, exact=False))
register(Pass("inline-composite", "every stablehlo.composite becomes its decomposition's ops; unused decompositions "
                                  "leave the module", inline_composites, whole_module=True))
register(Pass("expand-compounds", "compound nodes (AllReduceMean, AdamWUpdate) become their plain ops",
              expand_compounds))
register(Pass("fold-compounds", "runs of plain ops that are a compound node's expansion become the node",
              fold_compound_runs))
