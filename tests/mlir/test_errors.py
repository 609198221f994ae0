"""What the bridge refuses, and how it says so: vitir's ShapeError naming the
line, unsupported ops by name and place, syntax and verification errors."""

from __future__ import annotations

import pytest

from vitir.errors import ShapeError
from vitir.mlir import MlirError, MlirShapeError, import_text, parse_text, roundtrip
from vitir.print import print_module


def module_text(*lines: str, args: str = "%x: tensor<2x3xf32>", results: str = "tensor<2x3xf32>") -> str:
    body = "".join(f"    {line}\n" for line in lines)
    return f"module @m {{\n  func.func @f({args}) -> {results} {{\n{body}  }}\n}}\n"


WRONG_REDUCE = module_text(
    "%sc = stablehlo.constant dense<0.0> : tensor<f32>",
    "%r = stablehlo.reduce(%x init: %sc) applies stablehlo.add across dimensions = [1] : "
    "(tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>",
    "return %r : tensor<3xf32>", results="tensor<3xf32>")


def test_wrong_type_annotation_is_vitirs_shape_error_naming_the_line():
    with pytest.raises(ShapeError) as info:
        import_text(WRONG_REDUCE)
    assert isinstance(info.value, MlirShapeError)
    assert str(info.value) == ("line 4: stablehlo.reduce %r: result type annotation tensor<3xf32> differs from the "
                               "inferred tensor<2xf32> (operands: tensor<2x3xf32>, tensor<f32>)")
    assert (info.value.diagnostics[0].line, info.value.diagnostics[0].col) == (4, 5)


def test_broken_shape_rule_names_the_line():
    text = module_text("%b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x4x5xf32>",
                       "return %b : tensor<2x4x5xf32>", results="tensor<2x4x5xf32>")
    with pytest.raises(ShapeError, match=r"^line 3: stablehlo.broadcast_in_dim %b: operand dim 1 of size 3 cannot "
                                         r"broadcast to result dim 2 of size 5"):
        import_text(text)


def test_xdsl_verification_uses_vitirs_rules_too():
    with pytest.raises(MlirError) as info:
        parse_text(WRONG_REDUCE)
    assert str(info.value) == "4:5: stablehlo.reduce: result type tensor<3xf32> differs from the inferred tensor<2xf32>"


def test_unsupported_ops_are_reported_by_name_and_place():
    text = module_text("%c = mhlo.atan2 %x, %x : tensor<2x3xf32>",
                       "%e = mhlo.erf %x : tensor<2x3xf32> -> tensor<2x3xf32>",
                       '%g = "chlo.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>',
                       "return %e : tensor<2x3xf32>")
    with pytest.raises(MlirError) as info:
        import_text(text)
    assert str(info.value).splitlines() == [
        "3:10: op 'mhlo.atan2' is not supported by vitir",
        "4:10: op 'mhlo.erf' is not supported by vitir",
        "5:11: op 'chlo.constant' is not supported by vitir",
    ]


BAD_IOTA = module_text("%i = stablehlo.iota dim = 2 : tensor<4x10xi32>",
                       "%f = stablehlo.convert %i : (tensor<4x10xi32>) -> tensor<4x10xf32>",
                       "return %f : tensor<4x10xf32>", args="", results="tensor<4x10xf32>")


def test_bad_iota_dimension_names_line_and_column():
    with pytest.raises(MlirShapeError) as info:
        import_text(BAD_IOTA)
    assert str(info.value) == "line 3: stablehlo.iota %i: iota_dimension 2 is out of range for rank 2"
    assert (info.value.diagnostics[0].line, info.value.diagnostics[0].col) == (3, 5)
    with pytest.raises(MlirError) as info:  # xDSL's verifier, by the same rule
        parse_text(BAD_IOTA)
    assert str(info.value) == "3:5: stablehlo.iota: iota_dimension 2 is out of range for rank 2"
    with pytest.raises(MlirError) as info:  # `vitir check`: the convert after it is checked against %i's annotation
        import_text(BAD_IOTA, keep_going=True)
    assert str(info.value) == "3:5: stablehlo.iota %i: iota_dimension 2 is out of range for rank 2"
    assert print_module(import_text(BAD_IOTA.replace("dim = 2", "dim = 1"))) == BAD_IOTA.replace("dim = 2", "dim = 1")


def test_convert_keeps_the_shape():
    text = module_text("%c = stablehlo.convert %x : (tensor<2x3xf32>) -> tensor<3x2xi32>",
                       "return %c : tensor<3x2xi32>", results="tensor<3x2xi32>")
    with pytest.raises(MlirShapeError, match=r"^line 3: stablehlo.convert %c: result type "
                                             r"tensor<3x2xi32> differs from the inferred tensor<2x3xi32> "
                                             r"\(operands: tensor<2x3xf32>\)$"):
        import_text(text)
    with pytest.raises(MlirError, match=r"^3:5: stablehlo.convert: result type tensor<3x2xi32> differs from the "
                                        r"inferred tensor<2x3xi32>$"):
        parse_text(text)


# Elementwise ops broken three ways; the AST's rules (import) and the dialect's verifier (parse) say the same.
ELEMENTWISE_ERRORS = [
    (("%c = stablehlo.cosine %i : tensor<2x3xi32>", "return %c : tensor<2x3xi32>"),
     dict(args="%i: tensor<2x3xi32>", results="tensor<2x3xi32>"), "needs a floating-point or complex operand, got i32",
     "(operands: tensor<2x3xi32>)"),
    (("%c = stablehlo.is_finite %x : (tensor<2x3xf32>) -> tensor<2x3xf32>", "return %c : tensor<2x3xf32>"), {},
     "result type annotation tensor<2x3xf32> differs from the inferred tensor<2x3xi1>", "(operands: tensor<2x3xf32>)"),
    (("%c = stablehlo.clamp %l, %x, %l : (tensor<3xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
      "return %c : tensor<2x3xf32>"), dict(args="%x: tensor<2x3xf32>, %l: tensor<3xf32>"),
     "min shape [3] is neither rank 0 nor the operand shape [2, 3]",
     "(operands: tensor<3xf32>, tensor<2x3xf32>, tensor<3xf32>)"),
]


@pytest.mark.parametrize("lines,kwargs,reason,operands", ELEMENTWISE_ERRORS)
def test_elementwise_errors_name_the_line(lines, kwargs, reason, operands):
    text = module_text(*lines, **kwargs)
    op = lines[0].split()[2]
    with pytest.raises(MlirShapeError) as info:
        import_text(text)
    assert str(info.value) == f"line 3: {op} %c: {reason} {operands}"
    with pytest.raises(MlirError) as info:
        parse_text(text)
    assert str(info.value) == f"3:5: {op}: {reason.replace(' annotation', '')}"


def test_op_vitir_lacks_is_reported_and_calls_are_inlined():
    text = module_text("%m = mhlo.atan2 %x, %x : tensor<2x3xf32>",
                       "%c = call @g(%m) : (tensor<2x3xf32>) -> tensor<2x3xf32>",
                       "return %c : tensor<2x3xf32>")
    text = text.replace("}\n}\n", "}\n  func.func private @g(%y: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
                                  "    return %y : tensor<2x3xf32>\n  }\n}\n")
    with pytest.raises(MlirError) as info:
        import_text(text)
    # The call is not among them: calls are inlined on import.
    assert str(info.value).splitlines() == ["3:10: op 'mhlo.atan2' is not supported by vitir"]
    # stablehlo.minimum, once only a reducer, is a plain op now
    inlined = print_module(import_text(text.replace("mhlo.atan2", "stablehlo.minimum")))
    assert "call" not in inlined and "@g" not in inlined and "return %m : tensor<2x3xf32>" in inlined


def test_syntax_error_names_line_and_column():
    with pytest.raises(MlirError, match=r"^3:45: Expected integer literal"):
        parse_text(module_text("%t = stablehlo.transpose %x, dims = [1, ] : (tensor<2x3xf32>) -> tensor<3x2xf32>",
                               "return %t : tensor<3x2xf32>", results="tensor<3x2xf32>"))


def test_infinite_literal_keeps_its_hexadecimal_bits():
    text = module_text("%c = stablehlo.constant dense<0xFF800000> : tensor<f32>", "return %c : tensor<f32>",
                       results="tensor<f32>")
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text  # MLIR has no decimal spelling for -inf


def test_largest_finite_literal_gets_its_shortest_decimal():
    # JAX's init of a max over float32's lowest; shorter decimals such as -3.403e+38 overflow float32
    text = module_text("%c = stablehlo.constant dense<0xFF7FFFFF> : tensor<f32>", "return %c : tensor<f32>",
                       results="tensor<f32>")
    assert print_module(import_text(text)) == text.replace("0xFF7FFFFF", "-3.4028235e+38")


def test_names_are_kept_and_numeric_names_become_valid_vitir_names():
    text = module_text("%0 = stablehlo.add %x_1, %x_1 : tensor<2x3xf32>",
                       "%v0 = stablehlo.multiply %0, %0 : tensor<2x3xf32>",
                       "%sum_3 = stablehlo.subtract %v0, %0 : tensor<2x3xf32>",
                       "return %sum_3 : tensor<2x3xf32>", args="%x_1: tensor<2x3xf32>")
    assert roundtrip(text) == text
    printed = print_module(import_text(text))
    assert "%v0_ = stablehlo.add %x_1, %x_1" in printed
    assert "%sum_3 = stablehlo.subtract %v0, %v0_" in printed


def test_literals_are_kept_verbatim():
    lines = [f"%c{i} = stablehlo.constant dense<{lit}> : tensor<2x3xf32>"
             for i, lit in enumerate(["1.0e-5", "-2.5E+3", "0.7978845608028654", "3.", "0.100000"])]
    text = module_text(*lines, "return %c0 : tensor<2x3xf32>")
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text


SEVERAL_PROBLEMS = module_text(
    "%sc = stablehlo.constant dense<0.0> : tensor<f32>",
    # line 4: wrong annotation; %r then stands in as tensor<3xf32>, as written
    "%r = stablehlo.reduce(%x init: %sc) applies stablehlo.add across dimensions = [1] : "
    "(tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>",
    # line 5: consistent with %r's annotated type: no error
    "%n = stablehlo.negate %r : tensor<3xf32>",
    # line 6: operands of different types; %e stands in as tensor<2x3xf32>
    "%e = stablehlo.add %x, %n : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
    # line 7: checked against the stand-ins' annotated types
    "%b = stablehlo.broadcast_in_dim %n, dims = [0] : (tensor<3xf32>) -> tensor<2x3xf32>",
    # line 8: a broken shape rule of its own
    "%d = stablehlo.dot_general %e, %x, contracting_dims = [1] x [1] : "
    "(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>",
    "return %b : tensor<2x3xf32>")


def test_keep_going_reports_every_problem_in_line_order():
    with pytest.raises(MlirShapeError, match="^line 4: "):
        import_text(SEVERAL_PROBLEMS)  # without keep_going: the first problem only
    with pytest.raises(MlirError) as info:
        import_text(SEVERAL_PROBLEMS, keep_going=True)
    assert str(info.value).splitlines() == [
        "4:5: stablehlo.reduce %r: result type annotation tensor<3xf32> differs from the inferred tensor<2xf32> "
        "(operands: tensor<2x3xf32>, tensor<f32>)",
        "6:5: stablehlo.add %e: operand shapes differ: [2, 3] vs [3] (operand 1) "
        "(operands: tensor<2x3xf32>, tensor<3xf32>)",
        "7:5: stablehlo.broadcast_in_dim %b: operand dim 0 of size 3 cannot broadcast to result dim 0 of size 2 "
        "(operands: tensor<3xf32>)",
        "8:5: stablehlo.dot_general %d: result type tensor<2x3xf32> differs from the inferred "
        "tensor<2x2xf32> (operands: tensor<2x3xf32>, tensor<2x3xf32>)",
    ]


def test_keep_going_on_good_text_is_the_plain_import():
    text = module_text("%n = stablehlo.negate %x : tensor<2x3xf32>", "return %n : tensor<2x3xf32>")
    assert print_module(import_text(text, keep_going=True)) == print_module(import_text(text))


def test_recursive_calls_are_refused_at_their_place():
    recursive = module_text("%r = func.call @f(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>",
                            "return %r : tensor<2x3xf32>")
    with pytest.raises(MlirError, match=r"^3:5: recursive call to @f is not supported by vitir$"):
        import_text(recursive)
    body = "    %r = func.call @{callee}(%x) : (tensor<2xf32>) -> tensor<2xf32>\n    return %r : tensor<2xf32>\n"
    mutual = ("module @m {\n"
              + "".join(f"  func.func @{name}(%x: tensor<2xf32>) -> tensor<2xf32> {{\n"
                        + body.format(callee=callee) + "  }\n" for name, callee in (("f", "g"), ("g", "f")))
              + "}\n")
    with pytest.raises(MlirError, match=r"^2:3: no entry function: every function is called by another"):
        import_text(mutual)


def test_hexadecimal_float_in_generic_form_is_bits_not_an_integer():
    generic = ('module {\n  func.func @f() -> tensor<f32> {\n'
               '    %c = "stablehlo.constant"() <{value = dense<0x3F800000> : tensor<f32>}> : () -> tensor<f32>\n'
               '    return %c : tensor<f32>\n  }\n}\n')
    assert "dense<1.0> : tensor<f32>" in print_module(import_text(generic))  # not 1065353216.0


def test_a_text_of_comments_alone_is_an_empty_module():
    for text in ("", "// a comment\n\n// another\n"):  # MLIR reads both as `module {}`
        module = import_text(text)
        assert module.functions == [] and print_module(module) == "module @m {\n}\n"


def test_a_dot_algorithm_of_an_unknown_precision_type_names_it_and_its_place():
    algorithm = ("<lhs_precision_type = index, rhs_precision_type = tf32, accumulation_type "
                 "= f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, "
                 "allow_imprecise_accumulation = false>")
    text = module_text(f"%d = stablehlo.dot_general %x, %x, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT], "
                       f"algorithm = {algorithm} : "
                       "(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>", "return %d : tensor<2x2xf32>",
                       results="tensor<2x2xf32>")
    with pytest.raises(MlirError, match=r"^3:\d+: dot algorithm: unknown element type 'index' \(known: i1, "):
        import_text(text)
