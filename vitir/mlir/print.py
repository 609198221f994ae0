"""xDSL module -> StableHLO text in vitir's exact format.

A Printer subclass that changes only what vitir spells differently from
xDSL: `module`, `return` and `call` without their dialect prefix (as MLIR
writes func ops inside a function), SSA names exactly
as parsed, and the quoted all_reduce with its attributes after the region.
"""

from __future__ import annotations

from io import StringIO

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import CallOp as FuncCallOp
from xdsl.dialects.func import ReturnOp as FuncReturnOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.printer import Printer

from .dialect import AllReduceOp


class VitirPrinter(Printer):
    def __init__(self, stream):
        super().__init__(stream=stream)
        self._type_texts: dict[Attribute, str] = {}  # a model prints a handful of types thousands of times

    def print_ssa_value(self, value: SSAValue) -> str:
        name = value._name  # as parsed, suffixes and numeric names included
        if name is None:
            return super().print_ssa_value(value)
        self.print_string("%" + name)
        return name

    def print_attribute(self, attribute: Attribute) -> None:
        if isinstance(attribute, TensorType):
            text = self._type_texts.get(attribute)
            if text is None:
                out = StringIO()
                Printer(stream=out).print_attribute(attribute)
                text = self._type_texts[attribute] = out.getvalue()
            self.print_string(text)
            return
        super().print_attribute(attribute)

    def _print_results(self, op: Operation) -> None:
        results = op.results
        base = (results[0]._name or "").partition("#")[0] if len(results) > 1 else ""
        if base and all(r._name == f"{base}#{i}" for i, r in enumerate(results)):
            self.print_string(f"%{base}:{len(results)} = ")  # MLIR's result group, used as %r#i
            return
        super()._print_results(op)

    def print_op(self, op: Operation) -> None:
        if isinstance(op, ModuleOp):
            self.print_string("module")
            op.print(self)
        elif isinstance(op, FuncReturnOp):
            self.print_string("return")
            op.print(self)
        elif isinstance(op, FuncCallOp):
            self._print_results(op)
            self.print_string("call")
            op.print(self)
        elif isinstance(op, AllReduceOp):
            self._print_results(op)
            op.print_vitir(self)
        else:
            super().print_op(op)


def print_mlir(op: Operation) -> str:
    """The text of a module (or any op) in vitir's format, ending in a newline."""
    out = StringIO()
    VitirPrinter(out).print_op(op)
    out.write("\n")
    return out.getvalue()
