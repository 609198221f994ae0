"""Rewriting vitir's AST: rules matched by op class, composed into rule sets, applied by a
greedy driver to a fixed point over a use index of the function.

    from vitir.rewrite import rule, rewrite

    @rule(O.Multiply)
    def times_one(op, m):
        '''x * 1 -> x (exact: x * 1 is x for every x, NaN and -0.0 included).'''
        if m.splat(op.rhs) == 1:
            return op.lhs

    simpler = rewrite(module, [times_one])

Beside the driver: dead-code elimination (dce.py) and the pass registry (passes.py: `Pass`,
`Pass.of_rules`, `register`, `run`), which vitir.passes presents and the layers above the
rewriter (dynamic, passes, lower) register into. See docs/architecture.md ("Rewriting: rules
and passes") for the whole story.
"""

from .driver import Match, RewriteBuilder, apply_rules, clone_function, clone_module, clone_op, copy_op, rewrite
from .dce import dead_code_elimination
from .effects import effect_free
from .index import UseIndex, blocks_of, walk
from .rules import Rule, RuleSet, as_rule_set, rule
from ..errors import RewriteError

__all__ = ["Match", "RewriteBuilder", "RewriteError", "Rule", "RuleSet", "UseIndex", "apply_rules", "as_rule_set",
           "blocks_of", "clone_function", "clone_module", "clone_op", "copy_op", "dead_code_elimination", "effect_free",
           "rewrite", "rule", "walk"]
