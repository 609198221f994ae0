"""A module's calling convention as named groups of consecutive arguments and results.

A train step's arguments are the groups (leading inputs, parameters, first
moments, second moments, schedule scalars, trailing inputs) and its results
(parameters, first moments, second moments, loss, rest); a forward's arguments
(leading inputs, parameters) and its results (outputs). The builder records
the groups as it declares them (`signature_of`, checked against the function's
own arguments and results), the module carries them (`Module.signature`), and
the training loop, the samplers and the data-parallel split index by group
name, never by arithmetic over positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..ast import Function, Module
from ..ast.location import UNKNOWN, NameLoc

STEP_INPUTS = ("leading", "params", "m", "v", "schedule", "trailing")
STEP_OUTPUTS = ("params", "m", "v", "loss", "rest")
FORWARD_INPUTS = ("leading", "params")
FORWARD_OUTPUTS = ("outputs",)
# The groups that hold a batch: cut along dim 0 across processes and replicas.
BATCH_GROUPS = ("leading", "trailing")


@dataclass(frozen=True)
class Groups:
    """Named consecutive groups: (name, size) in order."""

    sizes: tuple[tuple[str, int], ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.sizes)

    def __len__(self) -> int:
        return sum(n for _, n in self.sizes)

    def size(self, name: str) -> int:
        return dict(self.sizes)[self._known(name)]

    def slice(self, name: str) -> slice:
        start = 0
        for n, size in self.sizes:
            if n == self._known(name):
                return slice(start, start + size)
            start += size
        raise AssertionError(name)

    def indices(self, *names: str) -> tuple[int, ...]:
        """Positions of every member of the named groups, in order."""
        return tuple(i for name in names for i in range(*self.slice(name).indices(len(self))))

    def first(self, name: str) -> int:
        return self.slice(name).start

    def pick(self, values: Sequence, name: str) -> list:
        """The named group's members of a whole argument or result list."""
        if len(values) != len(self):
            raise ValueError(f"expected {len(self)} values ({self.describe()}), got {len(values)}")
        return list(values[self.slice(name)])

    def pack(self, **groups: Sequence) -> list:
        """One list from every group's values, each checked against its size."""
        missing = [n for n in self.names if n not in groups]
        extra = [n for n in groups if n not in self.names]
        if missing or extra:
            raise ValueError(f"groups {self.describe()}: missing {missing}, unknown {extra}")
        out = []
        for name, size in self.sizes:
            values = list(groups[name])
            if len(values) != size:
                raise ValueError(f"group {name!r} takes {size} values, got {len(values)}")
            out += values
        return out

    def describe(self) -> str:
        return ", ".join(f"{n} {s}" for n, s in self.sizes)

    def _known(self, name: str) -> str:
        if name not in self.names:
            raise KeyError(f"no group {name!r}; have {', '.join(self.names)}")
        return name


@dataclass(frozen=True)
class StepSignature:
    inputs: Groups
    outputs: Groups


def _groups(order: tuple[str, ...], given: dict, values: Sequence, what: str, fn: Function) -> Groups:
    unknown = [n for n in given if n not in order]
    if unknown:
        raise ValueError(f"@{fn.name}: unknown {what} groups {unknown}; have {', '.join(order)}")
    members = [v for name in order for v in given.get(name, ())]
    if len(members) != len(values) or any(a is not b for a, b in zip(members, values)):
        raise ValueError(f"@{fn.name}: the {what} groups ({', '.join(given)}) are not its {len(values)} {what} "
                         "in order")
    return Groups(tuple((name, len(given.get(name, ()))) for name in order))


def signature_of(fn: Function, inputs: dict, outputs: dict, *, step: bool = True) -> StepSignature:
    """The groups of `fn`'s arguments and results (absent groups are empty), checked member by member."""
    ins, outs = (STEP_INPUTS, STEP_OUTPUTS) if step else (FORWARD_INPUTS, FORWARD_OUTPUTS)
    return StepSignature(_groups(ins, inputs, fn.args, "arguments", fn), _groups(outs, outputs, fn.ret.operands,
                                                                                   "results", fn))


def with_signature(module: Module, inputs: dict, outputs: dict, *, step: bool = True) -> Module:
    """`module` carrying the groups of its one function; each argument located by its name, as JAX
    locates a jitted function's (`loc("w")`): XLA then names its entry parameter by it (op_name)."""
    module.signature = signature_of(module.main, inputs, outputs, step=step)
    for arg in module.main.args:
        if arg.location == UNKNOWN:
            arg.location = NameLoc(arg.name)
    return module


def signature(module: Module) -> StepSignature:
    """The groups a module was built with."""
    sig = getattr(module, "signature", None)
    if sig is None:
        raise ValueError(f"module @{module.name} was built without a signature (vitir.lower.step_signature)")
    return sig
