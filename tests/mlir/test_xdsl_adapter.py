"""Each hook into xDSL's private internals (vitir/mlir/xdsl_adapter.py), tested on its own, so an xDSL
upgrade that moves one fails here, by name."""

from __future__ import annotations

import math
from io import StringIO

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

from vitir.mlir import parse_text
from vitir.mlir import xdsl_adapter as X
from vitir.mlir.parse import context

TEXT = """module @m {
  func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
    %cst_0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    %0 = stablehlo.add %x, %cst_0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""


def _ops():
    fn = next(iter(parse_text(TEXT).module.ops))
    return list(fn.body.blocks[0].ops)


def test_value_names_are_kept_as_written():
    constant, add, _ = _ops()
    assert X.value_name(constant.results[0]) == "cst_0"  # xDSL itself would drop the `_0`
    assert X.value_name(add.results[0]) == "0"  # and refuse a numeric name
    X.set_value_name(add.results[0], "sum_12")
    assert X.value_name(add.results[0]) == "sum_12"


def test_xdsl_holds_only_the_names_it_accepts_so_its_passes_can_erase_values():
    constant, add, ret = _ops()
    assert add.results[0].name_hint is None and constant.results[0].name_hint == "cst_0"
    ret.operands[0] = constant.results[0]
    add.parent.erase_op(add)  # xDSL copies the erased value's name through its checking setter
    assert X.value_name(constant.results[0]) == "cst_0"


def test_a_result_group_names_each_result_as_its_uses_do():
    text = TEXT.replace("%cst_0 = stablehlo.constant dense<1.0> : tensor<2xf32>",
                        "%cst_0 = stablehlo.constant dense<1.0> : tensor<2xf32>\n"
                        "    %s:2 = stablehlo.reduce(%x init: %x), (%x init: %x) across dimensions = [] : "
                        "(tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> "
                        "(tensor<2xf32>, tensor<2xf32>)\n"
                        "     reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<f32>, %d: tensor<f32>)  {\n"
                        "      stablehlo.return %a, %c : tensor<f32>, tensor<f32>\n    }")
    parser = X.HookedParser(context(), text, "<t>")
    module = parser.parse_module()
    reduce = list(next(iter(module.ops)).body.blocks[0].ops)[1]
    assert [X.value_name(r) for r in reduce.results] == ["s#0", "s#1"]


def test_the_parser_position_can_be_read_and_moved():
    parser = X.HookedParser(context(), "tensor<2xf32> tensor<3xi8>", "<t>")
    assert X.source(parser) == "tensor<2xf32> tensor<3xi8>" and X.position(parser) == 0
    X.resume_at(parser, len("tensor<2xf32> "))
    assert str(parser.parse_type()) == "tensor<3xi8>"


def test_a_generic_constant_keeps_its_spelling_through_the_dense_hook():
    seen = []

    def hook(parser):
        seen.append(X.position(parser))
        from vitir.mlir.attributes import parse_dense_literal

        return parse_dense_literal(parser)

    text = TEXT.replace("%cst_0 = stablehlo.constant dense<1.0> : tensor<2xf32>",
                        '%cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<2xf32>}> : '
                        "() -> tensor<2xf32>")
    parser = X.HookedParser(context(), text, "<t>")
    from vitir.ast.declare import OPS
    from vitir.mlir.dialect import dialect_class

    parser.constant_class, parser.dense_hook = dialect_class(OPS["stablehlo.constant"]), hook
    module = parser.parse_module()
    constant = list(next(iter(module.ops)).body.blocks[0].ops)[0]
    assert seen and constant.properties["value"].literal.data == "1.000000e+00"


def test_hexadecimal_float_elements_are_bits():
    parser = X.HookedParser(context(), "dense<[0xFF800000, 0x3F800000]> : tensor<2xf32>", "<t>")
    attr = parser.parse_attribute()
    assert isinstance(attr, DenseIntOrFPElementsAttr)
    values = list(attr.get_values())
    assert values[0] == -math.inf and values[1] == 1.0


def test_the_printers_results_prefix():
    from vitir.mlir.print import VitirPrinter

    _, add, _ = _ops()
    out = StringIO()
    X.print_results(VitirPrinter(out), add)
    assert out.getvalue() == "%0 = "


# -- the parser's bounds ---------------------------------------------------------------------------

import time  # noqa: E402

import pytest  # noqa: E402
from xdsl.utils.exceptions import ParseError  # noqa: E402


def parse_error(parse) -> str:
    """The message of the ParseError `parse()` raises (xDSL's str() adds the place)."""
    with pytest.raises(ParseError) as info:
        parse()
    return info.value.msg


def test_the_bounded_lexer_reads_strings_and_refuses_an_unclosed_one_at_once():
    assert X.HookedParser(context(), '"a\\"b\\0A"', "<t>").parse_str_literal() == 'a"b\n'
    start = time.perf_counter()  # the parser reads a token ahead: the error comes with the token before
    assert parse_error(X.HookedParser(context(), '1 "unclosed ' + "x" * 60, "<t>").parse_integer) == \
        "End of file reached before closing string literal."
    assert time.perf_counter() - start < 1  # xDSL's own pattern: 2**60 steps


def test_the_first_token_is_lexed_by_the_bounded_lexer_too():
    start = time.perf_counter()
    parse_error(lambda: X.HookedParser(context(), '"' + "x" * 60, "<t>").parse_module())
    assert time.perf_counter() - start < 1


def test_decimal_literals_longer_than_python_converts_are_refused():
    assert X.HookedParser(context(), "1" * 4300, "<t>").parse_integer() == int("1" * 4300)
    assert parse_error(lambda: X.HookedParser(context(), "2" * 4301, "<t>").parse_integer()) == \
        "integer literal of 4301 digits: vitir reads at most 4300"
    assert X.HookedParser(context(), "0x" + "f" * 5000, "<t>").parse_integer() == 16 ** 5000 - 1  # no limit on hex


def test_integer_types_wider_than_mlirs_limit_are_refused():
    assert str(X.HookedParser(context(), "ui16777215", "<t>").parse_type()) == "ui16777215"
    for text in ("i16777216", "si9223372036854775808", "i" + "9" * 5000):
        assert parse_error(X.HookedParser(context(), text, "<t>").parse_type) == \
            "integer bitwidth is limited to 16777215 bits"


def test_dimensions_must_fit_int64():
    assert str(X.HookedParser(context(), "tensor<9223372036854775807xi8>", "<t>").parse_type()) == \
        "tensor<9223372036854775807xi8>"
    assert parse_error(X.HookedParser(context(), "tensor<2x9223372036854775808xi8>", "<t>").parse_type) == \
        "dimension 9223372036854775808 does not fit MLIR's int64 (at most 2**63 - 1)"

def test_a_large_dense_attribute_goes_through_the_dense_hook():
    seen = []

    def hook(parser):
        from vitir.mlir.attributes import parse_dense_literal

        seen.append(X.position(parser))
        return parse_dense_literal(parser)

    small = X.HookedParser(context(), "dense<1> : tensor<65536xi32>", "<t>")
    small.dense_hook = hook
    assert isinstance(small.parse_attribute(), DenseIntOrFPElementsAttr) and not seen
    large = X.HookedParser(context(), "dense<1> : tensor<256x257xi32>", "<t>")
    large.dense_hook = hook
    assert large.parse_attribute().literal.data == "1" and seen
