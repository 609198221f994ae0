"""Functions and modules: the containers the printer walks."""

from __future__ import annotations

from typing import Sequence

from .types import TensorType
from .values import Value


class Return:
    """A function's terminator, `return %a, %b : T1, T2` (regions end in stablehlo.return instead)."""

    __slots__ = ("operands", "path")
    NAME = "func.return"
    results = ()

    def __init__(self, values: Sequence[Value], path: str = ""):
        self.operands, self.path = tuple(values), path


class Function:
    __slots__ = ("name", "args", "ops", "ret")

    def __init__(self, name: str, args: Sequence[Value], ops: Sequence, ret: Return):
        self.name = name
        self.args = tuple(args)
        self.ops = list(ops)
        self.ret = ret

    @property
    def result_types(self) -> tuple[TensorType, ...]:
        return tuple(v.type for v in self.ret.operands)

    @property
    def arg_types(self) -> tuple[TensorType, ...]:
        return tuple(a.type for a in self.args)

    def __repr__(self) -> str:
        return f"Function(@{self.name}, {len(self.args)} args, {len(self.ops)} ops, {len(self.ret.operands)} results)"


class Module:
    __slots__ = ("name", "functions", "ops", "signature", "xla_options")

    def __init__(self, functions: Sequence[Function], name: str = "m", ops: Sequence = ()):
        self.name = name
        self.functions = list(functions)
        self.ops = list(ops)  # module-level symbol ops (Shardy's sdy.mesh), in order, before the functions
        self.signature = None  # the named groups of its arguments and results (vitir.lower.step_signature)
        self.xla_options = {}  # XLA debug options its compile needs (vitir.backend.compile_module)

    @property
    def main(self) -> Function:
        """The module's function when it has exactly one."""
        if len(self.functions) != 1:
            raise ValueError(f"module @{self.name} has {len(self.functions)} functions; name the one you want")
        return self.functions[0]
