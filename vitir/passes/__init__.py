"""Passes over vitir's AST, by name, in one registry: what `vitir opt -p dce,cse` runs.

    import vitir.passes
    simpler = vitir.passes.run(module, ["cse", "dce"])   # a new module; `module` is left as it was
    vitir.passes.PASSES                                   # name -> Pass
    vitir.passes.register(Pass("mine", "what it does", function))

A pass is one object: a name, a one-line description and a function that rewrites one
function in place (`function(fn)`; `run` hands each pass its own copy of the module). A pass
made of rules is `Pass.of_rules(name, description, rules)`: the greedy driver applies them
to a fixed point, then dead-code elimination removes what they left unread.

The registry, `Pass` and `dce` live in the rewriter (vitir/rewrite/passes.py), so that the
layers between it and this package register into it too: importing this package registers
`cse`, the passes of vitir/passes/standard.py and vitir/dynamic's `refine`. The fast
lowering's passes are a ViT rule set, registered by vitir/lower/fast_lowering.py (`vitir opt`
imports it).
"""

from __future__ import annotations

from ..rewrite.dce import dead_code_elimination
from ..rewrite.passes import PASSES, Pass, get, register, resolve, run, unregister
from . import standard  # noqa: F401  (registers cse, fold, simplify, inline-composite, expand- and fold-compounds, strip-debuginfo)
from . import custom_calls  # noqa: F401  (registers raise-custom-calls)
from ..dynamic import passes as _dynamic_passes  # noqa: E402,F401  (registers refine)
from .cse import common_subexpression_elimination

__all__ = ["PASSES", "Pass", "common_subexpression_elimination", "dead_code_elimination", "get", "register",
           "resolve", "run", "unregister"]
