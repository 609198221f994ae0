"""A custom syntax directive declared outside vitir is one class that prints and parses; an op
declared outside vitir binds it to its own fields in its format, and from those two declarations
alone the op prints, parses back through xDSL's parser and through the fast reader, byte for byte,
and a wrong text is reported at its line and column."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, Op, TensorType, module
from vitir.ast.declare import attr_def, operand_def, withdraw
from vitir.ast.attributes import I64
from vitir.ast.shape_rules import RuleError
from vitir.evaluate import evaluate
from vitir.mlir import MlirError, parse_text, print_mlir
from vitir.mlir.to_ast import import_module, import_text
from vitir.print import print_module
from vitir.syntax import DIRECTIVES, CustomDirective, withdraw as withdraw_syntax
from vitir.text import fast_import

I32 = DType.I32


@pytest.fixture
def interval():
    """`[low, high)`, a half-open interval of two integer attributes, and two ops that bind it to
    fields of their own names."""

    class HalfOpen(CustomDirective):
        """`[-1, 3)`: the integers from low up to, not including, high."""

        name = "half_open"
        parameters = ("low", "high")

        def print(self, low, high) -> str:
            return f"[{low}, {high})"

        def parse(self, p, arguments) -> tuple:
            at = p.position()
            p.expect("[")
            low = p.int()
            p.expect(",")
            high = p.int()
            p.expect(")")
            if low >= high:
                p.error(f"the interval [{low}, {high}) is empty", at)
            return low, high

    def clip(op, x):
        return np.clip(x, op.low, op.high - 1)

    class Clip(Op):
        """Each element clipped into [low, high)."""

        NAME = "vitirtest.clip"
        operand = operand_def()
        low = attr_def(I64)
        high = attr_def(I64)
        syntax = "{operand} into {half_open(low, high)} : {same_type}"
        evaluate = staticmethod(clip)

        @staticmethod
        def rule(operand, low, high):
            if not operand.dtype.is_integer:
                raise RuleError(f"needs an integer operand, got {operand.dtype.value}")
            return operand

    class Window(Op):
        """The same directive over fields named otherwise, at another place in the format."""

        NAME = "vitirtest.window"
        operand = operand_def()
        first = attr_def(I64)
        stop = attr_def(I64)
        syntax = "{half_open(first, stop)} of {operand} : {functional_type}"
        evaluate = staticmethod(lambda op, x: x[op.first:op.stop])

        @staticmethod
        def rule(operand, first, stop):
            return TensorType((stop - first,) + operand.shape[1:], operand.dtype)

    yield HalfOpen, Clip, Window
    withdraw(Clip)
    withdraw(Window)
    withdraw_syntax(HalfOpen)


TEXT = ("module @m {\n  func.func @f(%x: tensor<8x3xi32>) -> (tensor<8x3xi32>, tensor<4x3xi32>) {\n"
        "    %y = vitirtest.clip %x into [-1, 3) : tensor<8x3xi32>\n"
        "    %w = vitirtest.window [2, 6) of %y : (tensor<8x3xi32>) -> tensor<4x3xi32>\n"
        "    return %y, %w : tensor<8x3xi32>, tensor<4x3xi32>\n  }\n}\n")


def test_a_directive_declared_outside_vitir_prints_and_parses_on_both_paths(interval):
    half_open, clip, window = interval
    assert type(DIRECTIVES["half_open"]) is half_open  # declaring the class registered it
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((8, 3), I32))
    y = fb.emit(clip("y", x, -1, 3, path=fb.path))
    w = fb.emit(window("w", y, 2, 6, path=fb.path))
    text = print_module(module(fb.ret(y, w)))
    assert text == TEXT

    parsed = parse_text(TEXT)  # xDSL's parser, through the directive's parse
    assert print_mlir(parsed.module) == TEXT
    through_xdsl = import_module(parsed)
    assert print_module(through_xdsl) == TEXT

    fast = fast_import(TEXT)  # the fast reader took the whole text, through the same parse
    assert fast is not None and print_module(fast) == TEXT
    assert print_module(import_text(TEXT)) == TEXT
    for imported in (fast, through_xdsl):
        c, w = imported.main.ops
        assert (type(c), c.low, c.high) == (clip, -1, 3)
        assert (type(w), w.first, w.stop, w.results[0].type) == (window, 2, 6, TensorType((4, 3), I32))

    data = np.arange(-12, 12, dtype=np.int32).reshape(8, 3)
    clipped, rows = evaluate(fast, data)
    np.testing.assert_array_equal(clipped, np.clip(data, -1, 2))
    np.testing.assert_array_equal(rows, np.clip(data, -1, 2)[2:6])


def test_a_directive_reports_a_wrong_text_at_its_place(interval):
    bad = TEXT.replace("into [-1, 3)", "into [3, -1)")
    assert fast_import(bad) is None  # the reader leaves it to the xDSL path, which says what is wrong
    with pytest.raises(MlirError, match=r"^3:33: the interval \[3, -1\) is empty$"):
        parse_text(bad)
    with pytest.raises(MlirError, match=r"^3:33: the interval \[3, -1\) is empty$"):
        import_text(bad)


def test_an_op_binds_a_directive_to_as_many_fields_as_it_takes(interval):
    half_open, _, _ = interval

    class Wrong(Op):
        NAME = "vitirtest.wrong"
        operand = operand_def()
        low = attr_def(I64)
        syntax = "{operand} into {half_open(low)} : {same_type}"

        @staticmethod
        def rule(operand, low):
            return operand

    try:
        fb = FunctionBuilder("f")
        node = Wrong("y", fb.arg("x", TensorType((2,), I32)), 1)
        with pytest.raises(ValueError, match=r"^Wrong: half_open takes 2 arguments \(low, high\), got 1$"):
            print_module(module(fb.ret(fb.emit(node))))
    finally:
        withdraw(Wrong)


def test_a_directive_cannot_take_a_name_already_declared():
    with pytest.raises(TypeError, match=r"^the directive slice_ranges is already declared by "
                                        r"vitir\.syntax\.directives\.SliceRanges$"):
        class Again(CustomDirective):  # noqa: F841
            name = "slice_ranges"
    with pytest.raises(TypeError, match=r"^.*Builtin: functional_type is a directive of the format itself$"):
        class Builtin(CustomDirective):  # noqa: F841
            name = "functional_type"


@pytest.fixture
def swap_syntax():
    """A whole-op syntax declared outside vitir, for an op of two operands and two results whose text
    names the results' pairing: `%r:2 = vitirtest.swap %a with %b : T`. Its print is handed the printer,
    its parse the TextParser; it imports neither."""
    from vitir.syntax import WholeOpSyntax

    class SwapSyntax(WholeOpSyntax):
        name = "swap"

        def print(self, op, printer) -> str:
            return (f"    {printer.results_prefix(op)}vitirtest.swap {op.lhs.ssa} with {op.rhs.ssa} : "
                    f"{op.lhs.type.text}\n")

        def parse(self, p, state) -> None:
            lhs = p.operand()
            p.expect("with")
            rhs = p.operand()
            p.expect(":")
            ty = p.type()
            state.operands.update(lhs=[lhs], rhs=[rhs])
            state.types.update(lhs=[ty], rhs=[ty])
            state.result_types = [ty, ty]

    from vitir.ast.declare import result_def

    class Swap(Op):
        NAME = "vitirtest.swap"
        lhs = operand_def()
        rhs = operand_def()
        first = result_def()
        second = result_def()
        syntax = "{swap}"
        evaluate = staticmethod(lambda op, a, b: (b, a))

        @staticmethod
        def rule(lhs, rhs):
            if lhs is not rhs:
                raise RuleError(f"both operands have one type, got {lhs.text} and {rhs.text}")
            return lhs, rhs

    yield Swap
    withdraw(Swap)
    withdraw_syntax(SwapSyntax)


SWAP_TEXT = ("module @m {\n  func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {\n"
             "    %s:2 = vitirtest.swap %a with %b : tensor<2xi32>\n"
             "    %d = stablehlo.subtract %s#0, %s#1 : tensor<2xi32>\n"
             "    return %d : tensor<2xi32>\n  }\n}\n")


def test_a_whole_op_syntax_declared_outside_vitir_serves_both_readers(swap_syntax):
    fb = FunctionBuilder("f")
    a, b = fb.arg("a", TensorType((2,), I32)), fb.arg("b", TensorType((2,), I32))
    first, second = fb.emit(swap_syntax("s", a, b, path=fb.path))
    assert print_module(module(fb.ret(fb.subtract("d", first, second)))) == SWAP_TEXT

    parsed = parse_text(SWAP_TEXT)  # xDSL's parser, through the syntax's one parse
    assert print_mlir(parsed.module) == SWAP_TEXT
    fast = fast_import(SWAP_TEXT)  # and the fast reader, through the same parse
    assert fast is not None and print_module(fast) == SWAP_TEXT
    assert print_module(import_module(parsed)) == SWAP_TEXT
    (d,) = evaluate(fast, np.array([5, 7], np.int32), np.array([1, 2], np.int32))
    np.testing.assert_array_equal(d, [-4, -5])
    bad = SWAP_TEXT.replace("with %b", "and %b")
    assert fast_import(bad) is None
    with pytest.raises(MlirError, match=r"^3:30: Expected 'with'$"):
        parse_text(bad)
