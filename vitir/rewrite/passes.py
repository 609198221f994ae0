"""The pass registry: what `vitir opt -p dce,cse` and `vitir.passes.run` find by name.

A pass is one object: a name, a one-line description and a function that rewrites one function
in place (`function(fn)`; `run` hands each pass its own copy of the module). A pass made of rules
is `Pass.of_rules(name, description, rules)`: the greedy driver applies them to a fixed point,
then dead-code elimination removes what they left unread, as MLIR's greedy driver erases the
trivially dead ops it meets. `Pass.sequence` runs passes one after another as one.

The registry lives here, below `dynamic` and the passes of vitir/passes, so that any layer
above the rewriter can register a pass into it (vitir/dynamic registers `refine`, vitir/lower
the fast lowering's passes); vitir/passes is its package face.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from ..ast.module import Function, Module
from ..errors import ConfigError
from .dce import dead_code_elimination
from .driver import apply_rules, clone_module
from .index import UseIndex
from .rules import as_rule_set


@dataclass(frozen=True)
class Pass:
    """`function(fn: Function)` rewrites fn in place (its return value is ignored); with `whole_module`,
    `function(module)` rewrites the module (a pass that reads other functions: inline-composite).
    `exact` False: the pass may change values (simplify-unsafe-float), so meaning checks leave it out."""

    name: str
    description: str
    function: Callable[[Function], object]
    whole_module: bool = False
    exact: bool = True

    @classmethod
    def of_rules(cls, name: str, description: str, rules, exact: bool = True, max_iterations: int = 16) -> "Pass":
        """A pass that applies `rules` (a Rule, a RuleSet, or a list of them) to a fixed point, then removes
        the ops left unread; its function returns how many rewrites and removals it made."""
        rule_set = as_rule_set(rules)

        def apply(fn: Function) -> int:
            index = UseIndex(fn)
            return apply_rules(fn, rule_set, index, max_iterations) + dead_code_elimination(fn, index)

        apply.__name__ = name.replace("-", "_")
        return cls(name, description, apply, exact=exact)

    @classmethod
    def sequence(cls, name: str, description: str, passes: Sequence["Pass"]) -> "Pass":
        """One pass that runs `passes` (function passes) in order on each function; exact when each is."""
        passes = tuple(passes)
        if any(p.whole_module for p in passes):
            raise ConfigError(f"pass {name!r}: a sequence runs function passes, not "
                              f"{', '.join(p.name for p in passes if p.whole_module)}")

        def apply(fn: Function) -> int:
            return sum(p.function(fn) or 0 for p in passes)

        apply.__name__ = name.replace("-", "_")
        return cls(name, description, apply, exact=all(p.exact for p in passes))


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
        if p.whole_module:
            p.function(out)
            continue
        for fn in out.functions:
            p.function(fn)
    return out.functions[0] if single else out


register(Pass("dce", "dead-code elimination: drop effect-free ops whose results nothing reads",
              dead_code_elimination))

