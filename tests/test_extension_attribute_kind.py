"""An attribute kind is one class: defined here, outside vitir's package, with its value check and
its two spellings, each written once (printed, and read through the TextParser that the fast reader
and xDSL's parser both implement), it serves an op declared here through build, print, xDSL's parser
and printer, the importer and the fast reader. xDSL holds its generic text unless a bridge function
registered in vitir/mlir's table makes it a typed xDSL attribute. An enum kind of a new name is one
EnumKind: its xDSL attribute is made from its words."""

from __future__ import annotations

import math
from typing import NamedTuple

import pytest

from vitir.ast import FunctionBuilder, Op, ShapeError, f32, module
from vitir.ast.attributes import EnumKind, Kind
from vitir.ast.declare import attr_def, operand_def, withdraw
from vitir.ast.shape_rules import RuleError
from vitir.ast.type_rules import tensor
from vitir.mlir import MlirError, import_text, parse_text, print_mlir
from vitir.print import print_module
from vitir.text import fast_import


class Ratio(NamedTuple):
    numerator: int
    denominator: int


class RatioKind(Kind):
    """A ratio of integers in lowest terms: `3/4` in an op's syntax, `array<i64: 3, 4>` generically."""

    __slots__ = ()

    def coerce(self, value) -> Ratio:
        if not isinstance(value, tuple) or len(value) != 2 or not all(type(v) is int for v in value):
            raise RuleError(f"a ratio is a (numerator, denominator) pair of integers, got {value!r}")
        n, d = value
        if d <= 0:
            raise RuleError(f"ratio {n}/{d}: the denominator must be positive")
        g = math.gcd(n, d)
        if g != 1:
            raise RuleError(f"ratio {n}/{d} is not in lowest terms ({n // g}/{d // g})")
        return Ratio(n, d)

    def pretty(self, value: Ratio) -> str:
        return f"{value.numerator}/{value.denominator}"

    def generic(self, value: Ratio) -> str:
        return f"array<i64: {value.numerator}, {value.denominator}>"

    def read(self, p) -> Ratio:
        n = p.int()
        p.expect("/")
        return Ratio(n, p.int())

    def read_generic(self, p) -> Ratio:
        for token in ("array", "<", "i64", ":"):
            p.expect(token)
        n = p.int()
        p.expect(",")
        d = p.int()
        p.expect(">")
        return Ratio(n, d)


def ratio_bridge(kind):
    """A typed xDSL attribute for the ratio: the one function a user writes for a bridge."""
    from xdsl.dialects.builtin import DenseArrayBase, i64

    from vitir.mlir.bridges import Bridge

    return Bridge(DenseArrayBase, lambda v: DenseArrayBase.from_list(i64, list(v)), lambda a: Ratio(*a.get_values()))


RATIO = RatioKind("ratio", "a ratio in lowest terms")
ROUNDING = EnumKind("rounding", "rounding", ("UP", "DOWN", "NEAREST"), dialect="example")


@pytest.fixture
def scale_ops():
    """Two ops of the `example` dialect, declared here: one writes its attributes in its own syntax,
    the other in its attribute dictionary (their generic spelling)."""

    class Scale(Op):
        NAME = "example.scale"
        operand = operand_def()
        ratio = attr_def(RATIO)
        rounding = attr_def(ROUNDING)
        syntax = "{operand}, ratio = {ratio}, rounding = {rounding} : {same_type}"

        @staticmethod
        def rule(operand, ratio, rounding):
            return tensor(operand)

    class ScaleDict(Scale):  # the same fields and rule
        NAME = "example.scale_dict"
        syntax = "{operand} {attr_dict} : {same_type}"

    yield Scale, ScaleDict
    withdraw(Scale)
    withdraw(ScaleDict)


HEAD = "module @m {\n  func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
TAIL = "    return %z : tensor<2x3xf32>\n  }\n}\n"
TEXT = (HEAD + "    %y = example.scale %x, ratio = 3/4, rounding = UP : tensor<2x3xf32>\n"
        "    %z = example.scale_dict %y {ratio = array<i64: -1, 2>, rounding = #example<rounding NEAREST>} : "
        "tensor<2x3xf32>\n" + TAIL)


@pytest.fixture(params=["the generic text", "a bridge function"])
def bridged(request):
    """The ratio kind as xDSL holds it: by default its generic text; with `ratio_bridge` registered in
    the bridge's table, a DenseArrayBase."""
    from vitir.mlir import bridges

    if request.param == "a bridge function":
        bridges.register_bridge(RatioKind, ratio_bridge)
    yield request.param
    bridges.BRIDGES.pop(RatioKind, None)
    bridges._MADE.clear()


def test_an_attribute_kind_defined_outside_vitir_is_one_class(scale_ops, bridged):
    Scale, ScaleDict = scale_ops
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2, 3))
    y = fb.emit(Scale("y", x, (3, 4), "UP", path=fb.path))
    z = fb.emit(ScaleDict("z", y, (-1, 2), "NEAREST", path=fb.path))
    built = module(fb.ret(z))
    assert print_module(built) == TEXT  # pretty in the op's syntax, generic in its attribute dictionary

    parsed = parse_text(TEXT).module  # xDSL: the bridge's parse, constraint and conversions
    assert print_mlir(parsed) == TEXT
    xdsl_scale = next(op for op in parsed.walk() if op.name == "example.scale")
    held = xdsl_scale.properties["ratio"]
    if bridged == "a bridge function":
        assert held.get_values() == (3, 4)
    else:
        assert held.text.data == "array<i64: 3, 4>"  # the kind's generic spelling
    assert str(xdsl_scale.properties["rounding"]) == "#example<rounding UP>"  # made from the enum's words

    imported = import_text(TEXT)  # through the importer
    assert [(type(op), op.ratio, op.rounding) for op in imported.main.ops] == [
        (Scale, Ratio(3, 4), "UP"), (ScaleDict, Ratio(-1, 2), "NEAREST")]
    assert print_module(imported) == TEXT

    fast = fast_import(TEXT)  # the fast reader took it: the kind's own readers
    assert fast is not None
    assert [(type(op), op.ratio, op.rounding) for op in fast.main.ops] == [
        (Scale, Ratio(3, 4), "UP"), (ScaleDict, Ratio(-1, 2), "NEAREST")]


def test_the_kind_refuses_a_bad_value_in_its_own_words(scale_ops, bridged):
    Scale, _ = scale_ops
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2, 3))
    with pytest.raises(ShapeError, match=r"^example.scale %y: ratio 2/4 is not in lowest terms \(1/2\) "):
        fb.emit(Scale("y", x, (2, 4), "UP", path=fb.path))
    with pytest.raises(ShapeError, match=r"^example.scale %y: ratio 1/0: the denominator must be positive "):
        fb.emit(Scale("y", x, (1, 0), "UP", path=fb.path))
    with pytest.raises(ShapeError, match=r"^example.scale %y: unknown rounding 'SIDEWAYS' \(known: UP, DOWN, "
                                         r"NEAREST\) "):
        fb.emit(Scale("y", x, (1, 2), "SIDEWAYS", path=fb.path))
    bad = TEXT.replace("ratio = 3/4", "ratio = 6/8")
    assert fast_import(bad) is None  # the fast reader leaves an error to the xDSL path, which reports it
    with pytest.raises(MlirError, match=r"^3:24: example.scale: ratio: ratio 6/8 is not in lowest terms \(3/4\)$"):
        parse_text(bad)  # at the attribute, by the field's name
