"""Text -> xDSL -> text and text -> AST -> text are the identity for every module
kind and config of the golden suite, and for the reference's production file."""

from __future__ import annotations

import math
import struct

import pytest

from tests.golden import REFERENCE_GOLDEN, assert_text_equal
from tests.test_golden_suite import CONFIGS, IDS, MODULE_CASES
from vitir.ast import AdamWUpdate, AllReduceMean, DType, FunctionBuilder, TensorType, f32, module
from vitir.mlir import MlirError, MlirShapeError, import_module, import_text, parse_text, print_mlir
from vitir.print import print_module

# The configs whose modules are largest run only with the slow tests.
SLOW = {IDS[2], IDS[4]}
PARAMS = [pytest.param(cfg, r, id=i, marks=[pytest.mark.slow] if i in SLOW else []) for (cfg, r), i in zip(CONFIGS, IDS)]


def op_kinds(module) -> list[str]:
    return [type(op).__name__ for fn in module.functions for op in fn.ops]


def check_roundtrip(text: str, label: str):
    parsed = parse_text(text)
    assert_text_equal(print_mlir(parsed.module), text, f"{label} through xDSL")
    imported = import_module(parsed)
    assert_text_equal(print_module(imported), text, f"{label} through the AST")
    return imported


@pytest.mark.parametrize("cfg,replicas", PARAMS)
def test_every_module_kind_round_trips(cfg, replicas):
    for kind, (build, _) in MODULE_CASES.items():
        built = build(cfg, replicas)
        imported = check_roundtrip(print_module(built), kind)
        # the compound nodes (AdamW updates, all-reduce means) come back as such
        assert op_kinds(imported) == op_kinds(built), kind


def test_compound_nodes_are_recognised():
    cfg, _ = CONFIGS[0]
    build, _ = MODULE_CASES["adam-dp"]
    imported = check_roundtrip(print_module(build(cfg, 3)), "adam-dp")
    kinds = op_kinds(imported)
    assert kinds.count("AdamWUpdate") == kinds.count("AllReduceMean") > 0
    update = next(op for op in imported.main.ops if isinstance(op, AdamWUpdate))
    assert update.tag == "wConv" and [v.name for v in update.results] == ["adnewwConv", "admnwConv", "advnwConv"]
    mean = next(op for op in imported.main.ops if isinstance(op, AllReduceMean))
    assert mean.replicas == 3


def test_half_precision_all_reduce_mean_adds_in_its_own_type():
    fb = FunctionBuilder("f")
    g = fb.convert("g", fb.arg("x", f32(2, 3)), DType.BF16)
    text = print_module(module(fb.ret(fb.all_reduce_mean("w", g, 2))))
    assert "^bb0(%araw: tensor<bf16>, %arbw: tensor<bf16>):" in text
    assert op_kinds(check_roundtrip(text, "bf16 all-reduce mean")) == ["Convert", "AllReduceMean"]


@pytest.mark.slow
@pytest.mark.skipif(not REFERENCE_GOLDEN.is_file(), reason="shared/golden is not present")
def test_production_golden_round_trips():
    text = REFERENCE_GOLDEN.read_text()
    imported = check_roundtrip(text, REFERENCE_GOLDEN.name)
    assert sum(isinstance(op, AdamWUpdate) for op in imported.main.ops) == 200
    assert len(imported.main.args) == 605 and len(imported.main.ret.operands) == 603


# Each line as JAX prints it (`jax.jit(f).lower(...).as_text()`); MLIR shortens `(T) -> T` to `T`.
CONVERT_IOTA = """\
module @m {
  func.func @f(%labels: tensor<4xi32>, %x: tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<2x3xbf16>, tensor<4x10xi1>) {
    %index = stablehlo.iota dim = 1 : tensor<1x10xi32>
    %lw = stablehlo.broadcast_in_dim %labels, dims = [0] : (tensor<4xi32>) -> tensor<4x10xi32>
    %iw = stablehlo.broadcast_in_dim %index, dims = [0, 1] : (tensor<1x10xi32>) -> tensor<4x10xi32>
    %hit = stablehlo.compare EQ, %lw, %iw, SIGNED : (tensor<4x10xi32>, tensor<4x10xi32>) -> tensor<4x10xi1>
    %onehot = stablehlo.convert %hit : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %rows = stablehlo.iota dim = 0 : tensor<2x3xbf16>
    %same = stablehlo.convert %hit : tensor<4x10xi1>
    return %onehot, %rows, %same : tensor<4x10xf32>, tensor<2x3xbf16>, tensor<4x10xi1>
  }
}
"""


def test_convert_and_iota_print_exactly_and_round_trip():
    fb = FunctionBuilder("f")
    labels, _ = fb.arg("labels", TensorType((4,), DType.I32)), fb.arg("x", f32(4, 10))
    index = fb.iota("index", (1, 10), DType.I32, 1)
    hit = fb.compare("hit", fb.broadcast_in_dim("lw", labels, [0], [4, 10]),
                     fb.broadcast_in_dim("iw", index, [0, 1], [4, 10]), "EQ")
    built = module(fb.ret(fb.convert("onehot", hit, DType.F32), fb.iota("rows", (2, 3), DType.BF16, 0),
                          fb.convert("same", hit, DType.I1)))
    assert_text_equal(print_module(built), CONVERT_IOTA, "printer")
    imported = check_roundtrip(CONVERT_IOTA, "convert and iota")
    assert op_kinds(imported) == op_kinds(built) == [
        "Iota", "BroadcastInDim", "BroadcastInDim", "Compare", "Convert", "Iota", "Convert"]
    # MLIR's generic form of both reads into the same module
    generic = CONVERT_IOTA.replace(
        "stablehlo.iota dim = 1 : tensor<1x10xi32>",
        '"stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x10xi32>').replace(
        "stablehlo.convert %hit : (tensor<4x10xi1>) -> tensor<4x10xf32>",
        '"stablehlo.convert"(%hit) : (tensor<4x10xi1>) -> tensor<4x10xf32>')
    assert generic.count('"stablehlo.') == 2
    assert print_mlir(parse_text(generic).module) == print_module(import_text(generic)) == CONVERT_IOTA


# Every op of the elementwise table that JAX 0.10.2 prints, in its text: `: T` where operands and result share
# one type, the types written out where they differ (is_finite's i1, clamp's scalar bounds).
ELEMENTWISE_TABLE = """\
module @m {
  func.func @f(%x: tensor<2x3xf32>, %lo: tensor<f32>, %i: tensor<2x3xi32>, %b: tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi32>) {
    %cos = stablehlo.cosine %x : tensor<2x3xf32>
    %sin = stablehlo.sine %cos : tensor<2x3xf32>
    %fl = stablehlo.floor %sin : tensor<2x3xf32>
    %ce = stablehlo.ceil %fl : tensor<2x3xf32>
    %lg = stablehlo.logistic %ce : tensor<2x3xf32>
    %l1p = stablehlo.log_plus_one %lg : tensor<2x3xf32>
    %em1 = stablehlo.exponential_minus_one %l1p : tensor<2x3xf32>
    %rne = stablehlo.round_nearest_even %em1 : tensor<2x3xf32>
    %ab = stablehlo.abs %rne : tensor<2x3xf32>
    %sg = stablehlo.sign %ab : tensor<2x3xf32>
    %mn = stablehlo.minimum %sg, %x : tensor<2x3xf32>
    %pw = stablehlo.power %mn, %x : tensor<2x3xf32>
    %rm = stablehlo.remainder %pw, %x : tensor<2x3xf32>
    %cl = stablehlo.clamp %lo, %rm, %lo : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %cf = stablehlo.clamp %x, %cl, %x : tensor<2x3xf32>
    %fin = stablehlo.is_finite %cf : (tensor<2x3xf32>) -> tensor<2x3xi1>
    %nb = stablehlo.not %fin : tensor<2x3xi1>
    %ob = stablehlo.or %nb, %b : tensor<2x3xi1>
    %ab2 = stablehlo.and %ob, %b : tensor<2x3xi1>
    %ni = stablehlo.not %i : tensor<2x3xi32>
    %ai = stablehlo.and %ni, %i : tensor<2x3xi32>
    %oi = stablehlo.or %ai, %i : tensor<2x3xi32>
    %absi = stablehlo.abs %oi : tensor<2x3xi32>
    %sgi = stablehlo.sign %absi : tensor<2x3xi32>
    %rmi = stablehlo.remainder %sgi, %i : tensor<2x3xi32>
    %mni = stablehlo.minimum %rmi, %i : tensor<2x3xi32>
    return %cf, %ab2, %mni : tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi32>
  }
}
"""


def test_elementwise_table_ops_print_exactly_and_round_trip():
    fb = FunctionBuilder("f")
    x, lo = fb.arg("x", f32(2, 3)), fb.arg("lo", f32())
    i, b = fb.arg("i", TensorType((2, 3), DType.I32)), fb.arg("b", TensorType((2, 3), DType.I1))
    v = x
    for name, method in [("cos", "cosine"), ("sin", "sine"), ("fl", "floor"), ("ce", "ceil"), ("lg", "logistic"),
                         ("l1p", "log_plus_one"), ("em1", "exponential_minus_one"), ("rne", "round_nearest_even"),
                         ("ab", "abs"), ("sg", "sign")]:
        v = getattr(fb, method)(name, v)
    for name, method in [("mn", "minimum"), ("pw", "power"), ("rm", "remainder")]:
        v = getattr(fb, method)(name, v, x)
    clamped = fb.clamp("cf", x, fb.clamp("cl", lo, v, lo), x)
    mask = fb.and_("ab2", fb.or_("ob", fb.not_("nb", fb.is_finite("fin", clamped)), b), b)
    n = fb.or_("oi", fb.and_("ai", fb.not_("ni", i), i), i)
    n = fb.minimum("mni", fb.remainder("rmi", fb.sign("sgi", fb.abs("absi", n)), i), i)
    built = module(fb.ret(clamped, mask, n))
    assert_text_equal(print_module(built), ELEMENTWISE_TABLE, "printer")
    imported = check_roundtrip(ELEMENTWISE_TABLE, "elementwise table")
    assert op_kinds(imported) == op_kinds(built)
    assert {"Cosine", "IsFinite", "Clamp", "Not", "And", "Or", "Minimum", "RoundNearestEven"} <= set(op_kinds(built))
    # MLIR's generic form of the ops whose types differ reads into the same module
    generic = ELEMENTWISE_TABLE.replace(
        "stablehlo.is_finite %cf : (tensor<2x3xf32>) -> tensor<2x3xi1>",
        '"stablehlo.is_finite"(%cf) : (tensor<2x3xf32>) -> tensor<2x3xi1>').replace(
        "stablehlo.clamp %lo, %rm, %lo :", '"stablehlo.clamp"(%lo, %rm, %lo) :').replace(
        "stablehlo.not %i : tensor<2x3xi32>", '"stablehlo.not"(%i) : (tensor<2x3xi32>) -> tensor<2x3xi32>')
    assert generic.count('"stablehlo.') == 3
    assert print_mlir(parse_text(generic).module) == print_module(import_text(generic)) == ELEMENTWISE_TABLE


# Non-splat constants: JAX 0.10.2's spelling (`%e` floats, `E` where six digits do not read back, bits for
# non-finite values), vitir's own (shortest decimals), i32, i1, 2-D, empty, and MLIR's hexadecimal blob.
DENSE = """\
module @m {
  func.func @f(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<2x2xi32>, tensor<2xi1>, tensor<2x3xf32>, tensor<0xf32>, tensor<2xf32>) {
    %cst = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.40282347E+38]> : tensor<3xf32>
    %y = stablehlo.multiply %x, %cst : tensor<3xf32>
    %c = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>
    %m = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %t = stablehlo.constant dense<[[0.1, -2.5e-08, 1.0e+30], [0x7F800000, 0xFF800000, -0.0]]> : tensor<2x3xf32>
    %e = stablehlo.constant dense<> : tensor<0xf32>
    %h = stablehlo.constant dense<[1.5, 0x7FC00000]> : tensor<2xf32>
    return %y, %c, %m, %t, %e, %h : tensor<3xf32>, tensor<2x2xi32>, tensor<2xi1>, tensor<2x3xf32>, tensor<0xf32>, tensor<2xf32>
  }
}
"""


def test_dense_constants_print_exactly_and_round_trip():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(3))
    y = fb.multiply("y", x, fb.constant_array("cst", ["1.000000e+00", "2.000000e+00", "3.40282347E+38"], [3]))
    c = fb.constant_array("c", [[0, 1], [2, 3]], [2, 2], DType.I32)
    m = fb.constant_array("m", [True, False], [2], DType.I1)
    t = fb.constant_array("t", [[0.1, -2.5e-8, 1e30], [math.inf, -math.inf, -0.0]], [2, 3])
    e = fb.constant_array("e", [], [0])
    h = fb.constant_array("h", [1.5, math.nan], [2])
    built = module(fb.ret(y, c, m, t, e, h))
    assert_text_equal(print_module(built), DENSE, "printer")
    imported = check_roundtrip(DENSE, "dense constants")
    assert op_kinds(imported) == op_kinds(built) == ["Constant", "Multiply"] + ["Constant"] * 5
    assert imported.main.ops[0].value == ("1.000000e+00", "2.000000e+00", "3.40282347E+38")
    # MLIR's generic form keeps every spelling too
    generic = DENSE.replace(
        "%c = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>",
        '%c = "stablehlo.constant"() <{value = dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>'
    ).replace(
        "%cst = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.40282347E+38]> : tensor<3xf32>",
        '%cst = "stablehlo.constant"() <{value = dense<[1.000000e+00, 2.000000e+00, 3.40282347E+38]> : '
        'tensor<3xf32>}> : () -> tensor<3xf32>')
    assert generic.count('"stablehlo.constant"') == 2
    assert print_mlir(parse_text(generic).module) == print_module(import_text(generic)) == DENSE


def test_hexadecimal_blob_keeps_its_text_through_xdsl_and_imports_as_values():
    # MLIR prints a constant of more than 100 elements as its raw little-endian bytes
    blob = "".join(struct.pack("<f", v).hex().upper() for v in (1.0, 0.1, -math.inf, 3.0))
    text = ("module @m {\n  func.func @f() -> (tensor<2x2xf32>, tensor<3xi1>, tensor<2xi32>, tensor<2xf32>) {\n"
            f'    %b = stablehlo.constant dense<"0x{blob}"> : tensor<2x2xf32>\n'
            '    %k = stablehlo.constant dense<"0x010001"> : tensor<3xi1>\n'
            '    %i = stablehlo.constant dense<"0xFFFFFFFF07000000"> : tensor<2xi32>\n'
            '    %s = stablehlo.constant dense<"0x0000C03F"> : tensor<2xf32>\n'
            "    return %b, %k, %i, %s : tensor<2x2xf32>, tensor<3xi1>, tensor<2xi32>, tensor<2xf32>\n  }\n}\n")
    assert print_mlir(parse_text(text).module) == text
    printed = print_module(import_text(text))
    assert "%b = stablehlo.constant dense<[[1.0, 0.1], [0xFF800000, 3.0]]> : tensor<2x2xf32>" in printed
    assert "%k = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>" in printed
    assert "%i = stablehlo.constant dense<[-1, 7]> : tensor<2xi32>" in printed
    assert "%s = stablehlo.constant dense<[1.5, 1.5]> : tensor<2xf32>" in printed  # one element stands for all
    check_roundtrip(printed, "hexadecimal blob, imported")


@pytest.mark.parametrize("body,why", [
    ("[1.0, 2.0]", "2 elements for 3 in tensor<3xf32>"),
    ("[[1.0], [2.0], [3.0]]", "the literal does not nest as [3]"),
    ("[1.0, abc, 2.0]", "element 1: 'abc' is not a f32 value"),
    ('"0x0000803F0000"', "the hexadecimal dense literal holds 6 bytes, 3 elements of f32 need 12"),
])
def test_dense_literal_that_does_not_fit_its_type_names_the_line(body, why):
    text = ("module @m {\n  func.func @f() -> tensor<3xf32> {\n"
            f"    %c = stablehlo.constant dense<{body}> : tensor<3xf32>\n"
            "    return %c : tensor<3xf32>\n  }\n}\n")
    with pytest.raises(MlirError) as e:
        parse_text(text)
    assert str(e.value) == f"3:5: dense literal of tensor<3xf32>: {why}"


def reducer_regions_module():
    """argmax and argmin (two operands, a nine-op body), and one operand with a two-op body."""
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(4, 5))
    b = FunctionBuilder("f.poly")
    acc, e = b.arg("acc", f32()), b.arg("e", f32())
    body = b.ret(b.add("pa", b.multiply("pm", acc, e), acc))
    poly = fb.reduce_region("poly", [x], [fb.constant("one", "1.0")], [0, 1], body)
    return module(fb.ret(fb.argmax("mx", x, 1), fb.argmin("mn", x, 0), poly))


def test_reducer_regions_round_trip_and_import_as_their_node():
    built = reducer_regions_module()
    text = print_module(built)
    assert "    %poly = stablehlo.reduce(%x init: %one) across dimensions = [0, 1] : (tensor<4x5xf32>, tensor<f32>) " \
           "-> tensor<f32>\n     reducer(%acc: tensor<f32>, %e: tensor<f32>)  {\n      %pm = " in text
    assert "return %mx#1, %mn#1, %poly : tensor<4xi32>, tensor<5xi32>, tensor<f32>\n" in text
    imported = check_roundtrip(text, "reducer regions")
    assert op_kinds(imported) == op_kinds(built) == ["Constant", "Reduce"] + [
        "Iota", "Constant", "Constant", "Reduce"] * 2
    assert [type(op).__name__ for op in imported.main.ops[5].body.ops] == [
        "Compare", "Compare", "Or", "Compare", "Compare", "And", "Or", "Select", "Select"]


@pytest.mark.parametrize("old, new, verify, rule", [
    ("stablehlo.return %mx_v, %mx_i : tensor<f32>, tensor<i32>",
     "stablehlo.return %mx_i, %mx_v : tensor<i32>, tensor<f32>",
     "13:5: stablehlo.reduce: the reducer returns (tensor<i32>, tensor<f32>), needs (tensor<f32>, tensor<i32>)",
     "line 13: stablehlo.reduce %mx: the reducer returns (tensor<i32>, tensor<f32>), needs (tensor<f32>, tensor<i32>)"),
    ("across dimensions = [1]", "across dimensions = [0]",
     "13:5: stablehlo.reduce: result type tensor<4xf32> differs from the inferred tensor<5xf32>",
     "line 13: stablehlo.reduce %mx#0: result type annotation tensor<4xf32> differs from the inferred tensor<5xf32>"),
])
def test_reducer_region_errors_name_the_line(old, new, verify, rule):
    text = print_module(reducer_regions_module())
    assert text.count(old) == 1
    broken = text.replace(old, new)
    with pytest.raises(MlirError) as e:
        parse_text(broken)
    assert str(e.value) == verify
    with pytest.raises(MlirShapeError) as e:
        import_text(broken)
    assert str(e.value) == rule + " (operands: tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>)"
