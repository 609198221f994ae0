"""Passes over vitir's AST, by name, in one registry: what `vitir opt -p dce,cse` runs.

    import vitir.passes
    simpler = vitir.passes.run(module, ["cse", "dce"])   # a new module; `module` is left as it was
    vitir.passes.PASSES                                   # name -> Pass
    vitir.passes.register(Pass("mine", "what it does", function))

A pass is one object: a name, a one-line description and a function that rewrites one
function in place (`function(fn)`; `run` hands each pass its own copy of the module). A pass
made of rules is `Pass.of_rules(name, description, rules)`: the greedy driver applies them
to a fixed point.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..ast.module import Function, Module
from ..errors import ConfigError
from ..rewrite.driver import apply_rules, clone_module
from ..rewrite.rules import as_rule_set
from .cse import common_subexpression_elimination
from .dce import dead_code_elimination


@dataclass(frozen=True)
class Pass:
    """`function(fn: Function)` rewrites fn in place (its return value is ignored)."""

    name: str
    description: str
    function: Callable[[Function], object]

    @classmethod
    def of_rules(cls, name: str, description: str, rules, max_iterations: int = 16) -> "Pass":
        """A pass that applies `rules` (a Rule, a RuleSet, or a list of them) to a fixed point."""
        rule_set = as_rule_set(rules)

        def apply(fn: Function) -> int:
            return apply_rules(fn, rule_set, max_iterations=max_iterations)

        apply.__name__ = name.replace("-", "_")
        return cls(name, description, apply)


PASSES: dict[str, Pass] = {}


def register(p: Pass, replace: bool = False) -> Pass:
    """Add a pass to the registry (`vitir opt -p NAME` and `run` find it by name)."""
    if not isinstance(p, Pass):
        raise TypeError(f"register() takes a Pass, got {p!r}")
    if not p.name or "," in p.name or p.name != p.name.strip():
        raise ConfigError(f"pass name {p.name!r}: one word, no commas")
    if p.name in PASSES and not replace and PASSES[p.name] is not p:
        raise ConfigError(f"a pass named {p.name!r} is already registered (register(..., replace=True) to replace it)")
    PASSES[p.name] = p
    return p


def unregister(name: str) -> None:
    PASSES.pop(name, None)


def get(name: str) -> Pass:
    found = PASSES.get(name)
    if found is None:
        known = ", ".join(PASSES)
        raise ConfigError(f"no pass named {name!r} (the passes: {known})")
    return found


def resolve(passes) -> list[Pass]:
    """Passes from names (a list, or one comma-separated string) or Pass objects."""
    if isinstance(passes, str):
        passes = [p for p in passes.split(",") if p.strip()]
    return [p if isinstance(p, Pass) else get(p.strip()) for p in passes]


def run(module: Module | Function, passes: Iterable | str) -> Module | Function:
    """A copy of `module` (or of one function) with `passes` run in order on every function."""
    chosen = resolve(passes)
    single = isinstance(module, Function)
    out = clone_module(Module([module]) if single else module)
    for p in chosen:
        for fn in out.functions:
            p.function(fn)
    return out.functions[0] if single else out


register(Pass("dce", "dead-code elimination: drop effect-free ops whose results nothing reads",
              dead_code_elimination))
register(Pass("cse", "common-subexpression elimination: merge repeated effect-free ops (commutative operands "
                     "in a canonical order)", common_subexpression_elimination))
from . import fast_lowering  # noqa: E402,F401  (registers patch-embed-gradient, ..., fast-lowering)

__all__ = ["PASSES", "Pass", "common_subexpression_elimination", "dead_code_elimination", "get", "register",
           "resolve", "run", "unregister"]
