"""Functions and modules: the containers the printer walks."""

from __future__ import annotations

from typing import Sequence

from .attributes import DISCARDABLE
from .location import UNKNOWN, located
from .types import TensorType
from .values import Value


class Return:
    """A function's terminator, `return %a, %b : T1, T2` (regions end in stablehlo.return instead)."""

    __slots__ = ("operands", "path", "_location")
    NAME = "func.return"
    results = ()
    location = located

    def __init__(self, values: Sequence[Value], path: str = "", location=UNKNOWN):
        self.operands, self.path, self.location = tuple(values), path, location


VISIBILITIES = (None, "public", "private", "nested")  # a symbol's as MLIR spells it (None: public, none written)


class Function:
    """`attributes`: the function's own (`func.func @f(...) -> T attributes {...}`); `arg_attributes`
    and `result_attributes`: one tuple of pairs per argument and per result (`%a: T {mhlo.sharding =
    "..."}`), or () when none has any. Each is (name, MLIR text or None) pairs sorted by name, kept
    as written (vitir.ast.attributes.DISCARDABLE). `location`: the function's own (`} loc(...)`); each
    argument's is its Value's. `visibility`: None for a public function (MLIR writes none), "public" where
    the text wrote it, "private" or "nested" (`func.func private @f`: one only the module's calls reach)."""

    __slots__ = ("name", "args", "ops", "ret", "attributes", "arg_attributes", "result_attributes", "visibility",
                 "_location")
    location = located

    def __init__(self, name: str, args: Sequence[Value], ops: Sequence, ret: Return, attributes=(),
                 arg_attributes=(), result_attributes=(), location=UNKNOWN, visibility: str | None = None):
        if visibility not in VISIBILITIES:
            raise ValueError(f"@{name}: visibility {visibility!r} is none of MLIR's (None, "
                             f"{', '.join(v for v in VISIBILITIES if v)})")
        self.name = name
        self.visibility = visibility
        self.location = location
        self.args = tuple(args)
        self.ops = list(ops)
        self.ret = ret
        self.attributes = DISCARDABLE.coerce(attributes) if attributes else ()
        self.arg_attributes = _per_value(arg_attributes, len(self.args), f"@{name}'s arguments")
        self.result_attributes = _per_value(result_attributes, len(ret.operands), f"@{name}'s results")

    @property
    def result_types(self) -> tuple[TensorType, ...]:
        return tuple(v.type for v in self.ret.operands)

    @property
    def arg_types(self) -> tuple[TensorType, ...]:
        return tuple(a.type for a in self.args)

    def with_body(self, args: Sequence[Value], ops: Sequence, ret: Return) -> "Function":
        """A function of the same name and attributes over a new body (a pass's copy)."""
        return Function(self.name, args, ops, ret, self.attributes, self.arg_attributes, self.result_attributes,
                        self._location, self.visibility)

    def __repr__(self) -> str:
        return f"Function(@{self.name}, {len(self.args)} args, {len(self.ops)} ops, {len(self.ret.operands)} results)"


def _per_value(groups, count: int, what: str) -> tuple:
    """One tuple of (name, text) pairs per value, or () when no value has any."""
    if not groups:
        return ()
    groups = tuple(DISCARDABLE.coerce(g) if g else () for g in groups)
    if len(groups) != count:
        raise ValueError(f"{what}: {len(groups)} attribute dictionaries for {count} values")
    return groups if any(groups) else ()


class Module:
    """`attributes`: the module's (`mhlo.num_partitions = 4 : i32`), (name, MLIR text) pairs sorted by
    name; `symbols`: its top-level ops that are not functions (`sdy.mesh @mesh = <["x"=2]>`), in the
    order written, printed before the functions."""

    __slots__ = ("name", "functions", "signature", "xla_options", "attributes", "symbols", "_location")
    location = located

    def __init__(self, functions: Sequence[Function], name: str = "m", attributes=(), symbols: Sequence = (),
                 location=UNKNOWN):
        self.name = name
        self.location = location
        self.functions = list(functions)
        self.signature = None  # the named groups of its arguments and results (vitir.lower.step_signature)
        self.xla_options = {}  # XLA debug options its compile needs (vitir.backend.compile_module)
        self.attributes = DISCARDABLE.coerce(attributes) if attributes else ()
        self.symbols = list(symbols)

    def with_functions(self, functions: Sequence[Function]) -> "Module":
        """A module of the same name, attributes and symbols over other functions (a pass's copy)."""
        out = Module(functions, self.name, self.attributes, self.symbols, self._location)
        out.xla_options = dict(self.xla_options)
        return out

    def attribute(self, name: str) -> str | None:
        """The text of one of the module's attributes, or None when it has none of that name."""
        return next((text for key, text in self.attributes if key == name), None)

    @property
    def num_partitions(self) -> int:
        """`mhlo.num_partitions` (1 when absent): how many devices XLA's SPMD partitioner splits it over."""
        return _count(self.attribute("mhlo.num_partitions"))

    @property
    def num_replicas(self) -> int:
        return _count(self.attribute("mhlo.num_replicas"))

    @property
    def main(self) -> Function:
        """The module's function when it has exactly one, or its one public function (the others
        private, reached by calls: JAX's helpers, vitir.passes.calls_for_constants' constants)."""
        if len(self.functions) == 1:
            return self.functions[0]
        public = [f for f in self.functions if f.visibility in (None, "public")]
        if len(public) != 1:
            raise ValueError(f"module @{self.name} has {len(self.functions)} functions; name the one you want")
        return public[0]


def _count(text: str | None) -> int:
    """`4 : i32` -> 4."""
    return 1 if text is None else int(text.partition(":")[0])
