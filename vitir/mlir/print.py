"""xDSL module -> StableHLO text in vitir's exact format.

Every op of the dialect prints as vitir's printer prints its AST node (an
unchecked copy of it, vitir/mlir/translate.py), so each piece of syntax is
written once. xDSL's printer does the rest: modules and functions with their
attributes, `return` and `call` without their dialect prefix (as MLIR writes
func ops inside a function), and ops of other dialects; SSA names are printed
exactly as parsed.
"""

from __future__ import annotations

from io import StringIO

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import CallOp as FuncCallOp
from xdsl.dialects.func import ReturnOp as FuncReturnOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.printer import Printer

from ..ast.values import Value
from .attributes import AttributeTextAttr
from ..ast.location import UNKNOWN
from ..print.printer import PRINTERS, current_locations, printing_locations
from .dialect import PARTS, TERMINATORS, DeclaredOp
from .kinds import Unsupported, vitir_type
from .translate import SPELLINGS, compact_region, declaration, fields, unchecked
from .type_text import type_text
from .xdsl_adapter import print_results, value_name


class ForeignType:
    """A type vitir's AST cannot hold (a dynamic shape), kept as its text for printing."""

    __slots__ = ("text",)
    _interned: dict = {}

    def __new__(cls, text: str):
        hit = cls._interned.get(text)
        if hit is None:
            hit = cls._interned[text] = super().__new__(cls)
            hit.text = text
        return hit


def _type(ty):
    try:
        return vitir_type(ty)
    except Unsupported:
        return ForeignType(type_text(ty))


_NO_LOCATIONS: dict = {}
_WRITTEN_LOCATIONS: list = [_NO_LOCATIONS]  # while print_mlir prints with locations: each op's and argument's


class _Shadow:
    """Unchecked AST copies of xDSL ops, for vitir's printer: each SSA value once."""

    def __init__(self):
        self.values: dict[SSAValue, Value] = {}
        self.counter = 0
        self.locations = _WRITTEN_LOCATIONS[0]

    def value(self, v: SSAValue) -> Value:
        hit = self.values.get(v)
        if hit is None:
            name = value_name(v)
            if name is None:
                name, self.counter = str(self.counter), self.counter + 1
            hit = self.values[v] = Value(name, _type(v.type))
            if v in self.locations:
                hit.location = self.locations[v]
        return hit

    def op(self, op: Operation):
        cls = declaration(op)
        if cls is None:
            return _Foreign(op)
        values = fields(op, self.value, self.region, raw=True, result_type=_type)
        results = [self.value(r) for r in op.results]
        node = unchecked(cls, None, values, results, SPELLINGS.get(op))
        node._location = self.locations.get(op)
        return node

    def region(self, region, compact: bool):
        if compact:
            try:
                binary = compact_region(region, compact)
            except Unsupported:  # a body of types the AST cannot hold prints as the region it is
                binary = None
            if binary is not None:
                return binary
        from ..ast.regions import Region

        block = region.blocks[0]
        ops = list(block.ops)
        last = ops[-1] if ops and isinstance(ops[-1], TERMINATORS) else None
        body = [self.op(o) for o in (ops[:-1] if last is not None else ops)]
        returned = [self.value(v) for v in last.operands] if last is not None else []
        return Region([self.value(a) for a in block.args], body, returned,
                      location=self.locations.get(last, UNKNOWN))


class _Foreign:
    """An op of another dialect inside a region (func.call in a while body): printed by xDSL."""

    __slots__ = ("op", "results", "operands", "spelling")
    COMPOUND = False

    def __init__(self, op: Operation):
        self.op, self.results, self.operands, self.spelling = op, (), (), None

    @property
    def location(self):
        return _WRITTEN_LOCATIONS[0].get(self.op, UNKNOWN)

    def defined_names(self):
        return []

    def regions(self):
        return ()


def _print_foreign(node: _Foreign) -> str:
    out = StringIO()
    printer = VitirPrinter(out)
    printer._print_op(node.op)  # its location: the trailer print_ops adds
    return "    " + out.getvalue().replace("\n", "\n    ") + "\n"


PRINTERS[_Foreign] = _print_foreign


def op_text(op: Operation) -> str:
    """vitir's text of one op of the dialect, at the function body's indentation (4 spaces)."""
    node = _Shadow().op(op)
    return PRINTERS[type(node)](node)


PARTS["op_text"] = op_text  # the dialect's ops print as vitir prints their nodes


class VitirPrinter(Printer):
    def __init__(self, stream):
        super().__init__(stream=stream)
        self._type_texts: dict[Attribute, str] = {}  # a model prints a handful of types thousands of times

    def print_ssa_value(self, value: SSAValue) -> str:
        name = value_name(value)  # as parsed, suffixes and numeric names included
        if name is None:
            return super().print_ssa_value(value)
        self.print_string("%" + name)
        return name

    def print_attribute(self, attribute: Attribute) -> None:
        if isinstance(attribute, TensorType):
            self.print_string(type_text(attribute))
            return
        if isinstance(attribute, AttributeTextAttr):  # an attribute kept as written (`#sdy.sharding<...>`)
            self.print_string(attribute.text.data)
            return
        super().print_attribute(attribute)

    def print_block_argument(self, arg, print_type: bool = True) -> None:
        super().print_block_argument(arg, print_type)
        locations = current_locations()
        if print_type and locations is not None:  # `%arg0: tensor<f32> loc("x")`, as MLIR prints an argument
            self.print_string(locations.inline(_WRITTEN_LOCATIONS[0].get(arg, UNKNOWN)))

    def print_op(self, op: Operation) -> None:
        locations = current_locations()
        if locations is None or isinstance(op, _Foreign):
            self._print_op(op)
            return
        trailer = locations.trailer(_WRITTEN_LOCATIONS[0].get(op, UNKNOWN))  # met before its body, as MLIR meets it
        self._print_op(op)
        self.print_string(trailer)

    def _print_op(self, op: Operation) -> None:
        if isinstance(op, DeclaredOp):
            lines = op_text(op)[4:-1].split("\n")  # vitir prints at 4 spaces; xDSL indents each line itself
            self.print_string("\n".join([lines[0]] + [line[4:] if line.startswith("    ") else line
                                                      for line in lines[1:]]))
        elif isinstance(op, ModuleOp):
            self.print_string("module")
            op.print(self)
        elif isinstance(op, FuncReturnOp):
            self.print_string("return")
            op.print(self)
        elif isinstance(op, FuncCallOp):
            self._print_call_results(op)
            # MLIR drops the dialect prefix inside a function only (in a while body: `func.call`)
            self.print_string("call" if isinstance(op.parent_op(), _FUNC) else "func.call")
            op.print(self)
        else:
            super().print_op(op)

    def _print_call_results(self, op: Operation) -> None:
        """`%r:2 = ` for a group of results named `%r#0`, `%r#1` (as MLIR prints a call of a
        function with several results), else xDSL's `%a, %b = `."""
        names = [value_name(r) for r in op.results]
        base = (names[0] or "").partition("#")[0] if names else ""
        if len(names) > 1 and names == [f"{base}#{i}" for i in range(len(names))]:
            self.print_string(f"%{base}:{len(names)} = ")
        else:
            print_results(self, op)


from xdsl.dialects.func import FuncOp as _FUNC  # noqa: E402


def print_mlir(op: Operation, locations: dict | None = None, pretty: bool = False, local_scope: bool = False) -> str:
    """The text of a module (or any op) in vitir's format, ending in a newline. With `locations` (a
    ParsedModule's: op or block argument -> Location, UNKNOWN where absent), every location too, as
    MLIR's `--mlir-print-debuginfo` prints them (vitir/print/locations.py; `pretty`, `local_scope`:
    its pretty form, no aliases)."""
    out = StringIO()
    if locations is None:
        VitirPrinter(out).print_op(op)
        out.write("\n")
        return out.getvalue()
    _WRITTEN_LOCATIONS[0] = locations
    try:
        with printing_locations(pretty, local_scope) as printer:
            VitirPrinter(out).print_op(op)
            out.write("\n")
            return printer.finish(out.getvalue())
    finally:
        _WRITTEN_LOCATIONS[0] = _NO_LOCATIONS
