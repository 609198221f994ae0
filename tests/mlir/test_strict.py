"""`vitir check` is as strict as MLIR: what it passes MLIR parses, and what MLIR refuses it refuses
with one clear line naming the place, never a crash and never in more than linear time. Each case
is checked against MLIR's own parser (jaxlib's) as well."""

from __future__ import annotations

import time

import pytest

from tests.mlir.test_errors import module_text
from tests.mlir_parser import mlir_error
from vitir.mlir import MlirError, import_text, parse_text, roundtrip
from vitir.print import print_module

NEGATE = module_text("%n = stablehlo.negate %x : tensor<2x3xf32>", "return %n : tensor<2x3xf32>")


def refused(text: str) -> str:
    """vitir's message (`check`'s import), after MLIR refused the same text."""
    assert mlir_error(text) is not None, "MLIR parses this text"
    with pytest.raises(MlirError) as info:
        import_text(text, keep_going=True)
    return str(info.value)


def scalar(line: str) -> str:
    return module_text(line, "return %c : tensor<f32>", args="", results="tensor<f32>")


def test_a_float_literal_needs_a_decimal_point():
    assert refused(scalar("%c = stablehlo.constant dense<0> : tensor<f32>")) == (
        "3:5: literal '0' is not a f32 value (an f32 literal needs a decimal point: write 0.0, not 0)")


def test_a_hexadecimal_float_literal_of_another_width():
    # MLIR reads 0x7FC0 as the f32 whose bits are 0x00007FC0, a subnormal; vitir refuses it as a
    # bf16 NaN written for the wrong type (stricter than MLIR, never laxer)
    text = scalar("%c = stablehlo.constant dense<0x7FC0> : tensor<f32>")
    with pytest.raises(MlirError) as info:
        import_text(text, keep_going=True)
    assert str(info.value) == "3:5: literal '0x7FC0' is not a f32 value (a hexadecimal f32 literal has 8 hex digits)"


def test_a_use_before_its_definition_in_a_reducer_region():
    text = module_text(
        "%sc = stablehlo.constant dense<0.0> : tensor<f32>",
        "%r = stablehlo.reduce(%x init: %sc) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>",
        " reducer(%a: tensor<f32>, %b: tensor<f32>)  {",
        "  %s = stablehlo.add %t, %b : tensor<f32>",
        "  %t = stablehlo.add %a, %b : tensor<f32>",
        "  stablehlo.return %s : tensor<f32>",
        "}", "return %r : tensor<2xf32>", results="tensor<2xf32>")
    assert refused(text) == "6:7: uses %t before its definition"
    with pytest.raises(MlirError, match=r"^6:7: stablehlo.add: operand 0 \(%t\) is used before its definition$"):
        parse_text(text)


@pytest.mark.parametrize("attribute,message", [
    ("1 : i9223372036854775808", "1:33: integer bitwidth is limited to 16777215 bits"),
    ("1 : i16777216", "1:33: integer bitwidth is limited to 16777215 bits"),
    ("dense<1> : tensor<i9223372036854775808>", "1:47: integer bitwidth is limited to 16777215 bits"),
    ("dense<1> : tensor<99999999999999999999xi32>",
     "1:47: dimension 99999999999999999999 does not fit MLIR's int64 (at most 2**63 - 1)"),
    ("1" * 5000 + " : i64", "1:29: integer literal of 5000 digits: vitir reads at most 4300"),
])
def test_huge_integers_are_bounded_before_xdsl_sees_them(attribute, message):
    """Each at MLIR's line and column (MemoryError, OverflowError or ValueError inside xDSL before)."""
    text = NEGATE.replace("module @m", f"module @m attributes {{a.b = {attribute}}}")
    assert refused(text) == message


def test_a_dimension_beyond_int64():
    text = NEGATE.replace("tensor<2x3xf32>", "tensor<2x9223372036854775808xf32>")
    assert refused(text) == "2:29: dimension 9223372036854775808 does not fit MLIR's int64 (at most 2**63 - 1)"


def test_attribute_entries_beyond_int64_name_the_attribute():
    text = module_text("%t = stablehlo.transpose %x, dims = [-9999999999999999999999, 0] : "
                       "(tensor<2x3xf32>) -> tensor<3x2xf32>", "return %x : tensor<2x3xf32>")
    assert refused(text) == ("3:30: stablehlo.transpose: permutation: each entry -9999999999999999999999 does not "
                             "fit in i64")


def test_a_large_splat_attribute_is_kept_as_written():
    # xDSL would store all 30 million elements (71 s); MLIR and vitir keep the splat
    text = NEGATE.replace("module @m", "module @m attributes {a.b = dense<1> : tensor<30000000xi32>}")
    assert mlir_error(text) is None
    start = time.perf_counter()
    assert roundtrip(text) == text
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("letters", [8, 40, 400])
def test_an_unclosed_string_is_refused_in_linear_time(letters):
    # xDSL's string pattern took twice as long for each extra letter after a stray `"`
    text = NEGATE.replace("%n = ", '"' + "a" * letters + " %n = ")
    start = time.perf_counter()
    assert refused(text) == "3:5: End of file reached before closing string literal."
    assert time.perf_counter() - start < 5


def test_module_attributes_need_a_dialect_prefix():
    text = NEGATE.replace("module @m", "module @m attributes {a = 1 : i32}")
    assert refused(text) == "1:1: builtin.module: attribute 'a' needs a dialect prefix (as `mhlo.num_partitions`)"


@pytest.mark.parametrize("cut,message", [
    (70, "3:2: the text ends inside a region: expected an op or '}' (the '{' on line 2 is not closed)"),
    (len(NEGATE) - 2, "6:1: the text ends inside a region: expected an op or '}' (the '{' on line 1 is not closed)"),
])
def test_a_truncated_module_says_which_region_is_open(cut, message):
    assert refused(NEGATE[:cut]) == message


def test_an_empty_text_is_an_empty_module_as_mlir_reads_it():
    # jaxlib's parser prints `module {\n}` for both
    assert import_text("").functions == []
    assert import_text("// nothing here\n").functions == []


def test_two_modules_of_one_name_point_at_the_second():
    with pytest.raises(MlirError, match=r'^7:1: builtin.module: Redefinition of symbol "m"$'):
        parse_text(NEGATE + NEGATE)


@pytest.mark.parametrize("name,spelled", [("a b", '@"a b"'), ('q"x', '@"q\\22x"')])
def test_symbols_that_are_not_identifiers_print_quoted(name, spelled):
    text = NEGATE.replace("@f", spelled)
    printed = print_module(import_text(text))
    assert f"func.func {spelled}(" in printed and mlir_error(printed) is None
    assert import_text(printed).functions[0].name == name


def test_a_long_literal_is_cut_short_in_the_message():
    text = scalar(f"%c = stablehlo.constant dense<{'1' * 5000}> : tensor<f32>")
    message = refused(text)
    assert len(message) < 500 and " characters) ... " in message


@pytest.mark.parametrize("deep,where", [
    ("module @m attributes {a.b = " + "[" * 3000 + "]" * 3000 + "}", "1:92"),
    ("tuple<" * 3000 + "tensor<2x3xf32>" + ">" * 3000, "2:397"),
])
def test_nesting_deeper_than_the_parser_reads_is_refused_at_its_place(deep, where):
    # xDSL's parser recursed until Python's RecursionError (from about 150 levels)
    text = NEGATE.replace("module @m", deep) if deep.startswith("module") else \
        NEGATE.replace("tensor<2x3xf32>) ->", deep + ") ->", 1)
    with pytest.raises(MlirError) as info:
        import_text(text, keep_going=True)
    assert str(info.value) == f"{where}: nested more than 64 deep: vitir's parser reads at most that"
    shallow = NEGATE.replace("module @m", "module @m attributes {a.b = " + "[" * 40 + "]" * 40 + "}")
    assert roundtrip(shallow) == shallow
