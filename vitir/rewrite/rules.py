"""Rules and rule sets: a rule is one small function, matched by op class.

    @rule(O.Add)
    def add_negative_zero(op, m):
        '''x + (-0.0) -> x, exact for every x (-0.0 + -0.0 is -0.0, +0.0 + -0.0 is +0.0).'''
        if m.splat(op.rhs) == "-0.0":
            return op.lhs

The function receives the matched op and a `Match` (vitir/rewrite/driver.py: the ops that
define values, their uses, a builder for new ops) and returns the replacement: a value (for
an op of one result) or a sequence of values, one per result; or None when it does not apply.
Rule sets compose: `a + b`, `RuleSet([a, b, c])`; a rule of several classes is `rule(O.Add,
O.Subtract)`, a rule of every op `rule()`.
"""

from __future__ import annotations

from typing import Callable, Iterable


class Rule:
    """One rewrite: the op classes it matches (subclasses too; none: every op), and its function."""

    __slots__ = ("name", "classes", "function", "description", "reads_discardable")

    def __init__(self, function: Callable, classes: tuple = (), name: str | None = None,
                 reads_discardable: bool = False):
        self.function = function
        self.classes = tuple(classes)
        self.name = name or function.__name__
        # an op with attributes of other dialects (a sharding) is rewritten only by a rule that reads
        # them as its meaning (a custom call's mhlo.backend_config); others would lose them
        self.reads_discardable = reads_discardable
        self.description = (function.__doc__ or "").strip().split("\n")[0]

    def matches(self, cls) -> bool:
        return not self.classes or issubclass(cls, self.classes)

    def __call__(self, op, m):
        return self.function(op, m)

    def __add__(self, other) -> "RuleSet":
        return RuleSet([self]) + other

    def __repr__(self) -> str:
        names = ", ".join(c.NAME for c in self.classes) or "every op"
        return f"Rule({self.name}: {names})"


def rule(*classes, name: str | None = None, reads_discardable: bool = False) -> Callable[[Callable], Rule]:
    """Decorator: `@rule(O.Add, O.Subtract)` over `def name(op, m): ... return replacement or None`.
    `reads_discardable`: the rule also sees ops that carry attributes of other dialects, whose
    meaning it reads (the ops it writes carry none)."""
    for cls in classes:
        if not isinstance(cls, type):
            raise TypeError(f"rule() takes op classes, got {cls!r}")

    def make(function: Callable) -> Rule:
        return Rule(function, classes, name, reads_discardable)

    return make


class RuleSet:
    """Rules in order: for each op the first that returns a replacement wins."""

    __slots__ = ("rules", "_by_class")

    def __init__(self, rules: Iterable = ()):
        flat: list[Rule] = []
        for r in rules:
            if isinstance(r, RuleSet):
                flat.extend(r.rules)
            elif isinstance(r, Rule):
                flat.append(r)
            else:
                raise TypeError(f"a RuleSet holds rules (made with @rule), got {r!r}")
        self.rules = tuple(flat)
        self._by_class: dict[type, tuple[Rule, ...]] = {}

    def for_class(self, cls) -> tuple[Rule, ...]:
        """The rules that may match an op of class `cls`, in order (cached per class)."""
        found = self._by_class.get(cls)
        if found is None:
            found = self._by_class[cls] = tuple(r for r in self.rules if r.matches(cls))
        return found

    def __add__(self, other) -> "RuleSet":
        if isinstance(other, Rule):
            other = [other]
        elif isinstance(other, RuleSet):
            other = other.rules
        else:
            return NotImplemented
        return RuleSet([*self.rules, *other])

    def __iter__(self):
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __repr__(self) -> str:
        return f"RuleSet({', '.join(r.name for r in self.rules)})"


def as_rule_set(rules) -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, Rule):
        return RuleSet([rules])
    return RuleSet(rules)
