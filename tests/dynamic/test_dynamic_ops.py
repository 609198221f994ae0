"""Dimensions `?` and #stablehlo.bounds in vitir's type model, the rules on them (a dimension
compatible when either side is unknown, as StableHLO's verifier has it), the dynamic ops with
dynamic operands, the evaluator on dynamic programs, and refinement of each dynamic op to its
static form; a shape that depends on a tensor's values is refused with the op and the reason."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import FunctionBuilder
from vitir.ast.element_types import DType
from vitir.ast.types import DYNAMIC, TensorType
from vitir.dynamic import parse_argument_types, refine
from vitir.errors import RefineError, ShapeError
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.mlir.errors import MlirShapeError
from vitir.print import print_module


def test_unknown_and_bounded_dimensions_print_as_mlir_writes_them():
    assert TensorType((DYNAMIC, 784)).text == "tensor<?x784xf32>"
    bounded = TensorType((DYNAMIC, 4), DType.I32, bounds=(8, None))
    assert bounded.text == "tensor<?x4xi32, #stablehlo.bounds<8, ?>>"
    assert bounded is TensorType((None, 4), DType.I32, (8, None)) and bounded is not TensorType((None, 4), DType.I32)
    assert not bounded.is_static and TensorType((2, 3)).is_static
    with pytest.raises(ValueError, match=r"bounds \[8, 2\] must give one entry per dimension of tensor<\?x4xi32>, "
                                         r"a size only for a dimension `\?`"):
        TensorType((None, 4), DType.I32, (8, 2))
    with pytest.raises(ValueError, match="has dimensions known only at run time"):
        TensorType((None, 4)).num_elements


BOUNDED = """module @m {
  func.func @f(%x: tensor<?x4xf32, #stablehlo.bounds<8, ?>>) -> tensor<?x4xf32, #stablehlo.bounds<8, ?>> {
    %y = stablehlo.negate %x : tensor<?x4xf32, #stablehlo.bounds<8, ?>>
    return %y : tensor<?x4xf32, #stablehlo.bounds<8, ?>>
  }
}
"""


def test_bounded_types_read_and_print_back():
    module = import_text(BOUNDED)
    assert module.main.args[0].type is TensorType((None, 4), DType.F32, (8, None))
    assert print_module(module) == BOUNDED
    (out,) = evaluate(module, np.ones((5, 4), np.float32))
    np.testing.assert_array_equal(out, -np.ones((5, 4), np.float32))
    assert print_module(refine(module, [(8, 4)])).count("tensor<8x4xf32>") == 4
    with pytest.raises(RefineError, match=r"argument %x: tensor<9x4xf32> exceeds the bounds of "
                                          r"tensor<\?x4xf32, #stablehlo.bounds<8, \?>>"):
        refine(module, [(9, 4)])


def _fn(body: str, args: str, result: str) -> str:
    return f"module @m {{\n  func.func @main({args}) -> {result} {{\n{body}  }}\n}}\n"


def test_rules_accept_an_unknown_dimension_against_a_static_one_and_refuse_static_mismatches():
    ok = _fn("    %z = stablehlo.add %x, %y : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
             "    %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<?x5xf32>)"
             " -> tensor<?x5xf32>\n"
             "    return %z : tensor<2x3xf32>\n",
             "%x: tensor<?x3xf32>, %y: tensor<2x3xf32>, %w: tensor<?x5xf32>", "tensor<2x3xf32>")
    module = import_text(ok)
    assert [op.results[0].type.text for op in module.main.ops] == ["tensor<2x3xf32>", "tensor<?x5xf32>"]
    bad = ok.replace("tensor<2x3xf32>", "tensor<2x4xf32>")
    with pytest.raises(MlirShapeError, match=r"operand shapes differ: \[\?, 3\] vs \[2, 4\]"):
        import_text(bad)
    fb = FunctionBuilder("f")
    x, w = fb.arg("x", TensorType((None, 3))), fb.arg("w", TensorType((4, 5)))
    with pytest.raises(ShapeError, match="contracting dimension sizes differ: lhs dim 1 is 3, rhs dim 0 is 4"):
        fb.dot_general("d", x, w, ([1], [0]))


SHAPES = """    %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
    %c4 = stablehlo.constant dense<4> : tensor<1xi32>
    %c2 = stablehlo.constant dense<2> : tensor<1xi32>
    %s = stablehlo.concatenate %n1, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %t = stablehlo.concatenate %c2, %n1, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %u = stablehlo.concatenate %c4, %n1, %c2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
"""

DYNAMIC_OPS = _fn(SHAPES + """    %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>
    %b = stablehlo.dynamic_broadcast_in_dim %x, %t, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
    %r = stablehlo.dynamic_reshape %b, %u : (tensor<2x?x4xf32>, tensor<3xi32>) -> tensor<4x?x2xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %lo = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
    %in = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
    %p = stablehlo.dynamic_pad %x, %z, %lo, %lo, %in : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x7xf32>
    %one = stablehlo.constant dense<1> : tensor<1xi32>
    %start = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
    %limit = stablehlo.concatenate %n1, %c2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %st = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
    %sl = stablehlo.real_dynamic_slice %i, %start, %limit, %st : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
    %m = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<?x4xf32>, tensor<i32>) -> tensor<?x4xf32>
    %a = stablehlo.add %m, %i : tensor<?x4xf32>
    return %a, %r, %p, %sl : tensor<?x4xf32>, tensor<4x?x2xf32>, tensor<?x7xf32>, tensor<?x?xf32>
""", "%x: tensor<?x4xf32>", "(tensor<?x4xf32>, tensor<4x?x2xf32>, tensor<?x7xf32>, tensor<?x?xf32>)")


def _numpy_oracle(x: np.ndarray) -> list[np.ndarray]:
    n = x.shape[0]
    iota = np.broadcast_to(np.arange(n, dtype=np.float32)[:, None], (n, 4))
    padded = np.zeros((n + 2, 7), np.float32)
    padded[1:n + 1, 0::2] = x
    return [x + iota, np.broadcast_to(x, (2, n, 4)).reshape(4, n, 2), padded, iota[1:n, 0:2]]


@pytest.mark.parametrize("n", [3, 6])
def test_dynamic_ops_evaluate_directly_and_refine_to_their_static_forms(n):
    module = import_text(DYNAMIC_OPS)
    x = np.arange(n * 4, dtype=np.float32).reshape(n, 4)
    want = _numpy_oracle(x)
    for got, w in zip(evaluate(module, x), want, strict=True):
        np.testing.assert_array_equal(got, w)
    refined = refine(module, parse_argument_types(f"{n}x4xf32"))
    text = print_module(refined)
    names = [op.NAME.removeprefix("stablehlo.") for op in refined.main.ops]
    assert names == ["iota", "broadcast_in_dim", "reshape", "constant", "pad", "slice", "add"]
    assert f"-> (tensor<{n}x4xf32>, tensor<4x{n}x2xf32>, tensor<{n + 2}x7xf32>, tensor<{n - 1}x2xf32>)" in text
    for got, w in zip(evaluate(import_text(text), x), want, strict=True):
        np.testing.assert_array_equal(got, w)


def test_the_evaluator_checks_a_shape_operand_against_the_static_dimensions():
    module = import_text(DYNAMIC_OPS.replace("-> tensor<2x?x4xf32>", "-> tensor<3x?x4xf32>")
                         .replace("(tensor<2x?x4xf32>, tensor<3xi32>)", "(tensor<3x?x4xf32>, tensor<3xi32>)"))
    with pytest.raises(ShapeError, match=r"stablehlo.dynamic_broadcast_in_dim %b: output_dimensions holds \[2, 3, 4\], "
                                         r"the result type tensor<3x\?x4xf32> needs \[3, '\?', 4\]"):
        evaluate(module, np.zeros((3, 4), np.float32))


VALUE_DEPENDENT = _fn("""    %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    return %y : tensor<?x?xf32>
""", "%x: tensor<?xf32>, %s: tensor<2xi32>", "tensor<?x?xf32>")


def test_a_shape_that_depends_on_a_tensors_values_is_refused_by_refinement_and_evaluated_directly():
    module = import_text(VALUE_DEPENDENT)
    with pytest.raises(RefineError, match=r"^stablehlo.dynamic_broadcast_in_dim %y: cannot refine: its "
                                          r"output_dimensions %s depends on a tensor's values"):
        refine(module, [(4,), (2,)])
    (out,) = evaluate(module, np.arange(4, dtype=np.float32), np.array([3, 4], np.int32))
    np.testing.assert_array_equal(out, np.broadcast_to(np.arange(4, dtype=np.float32), (3, 4)))


def test_argument_types_must_refine_the_arguments():
    module = import_text(VALUE_DEPENDENT)
    with pytest.raises(RefineError, match=r"argument %x: tensor<4xi32> does not refine tensor<\?xf32>"):
        refine(module, parse_argument_types("4xi32,2xi32"))
    with pytest.raises(RefineError, match="argument type '4xq' is not a static shape such as 8x784xf32"):
        parse_argument_types("4xq")


STATIC_ARGUMENTS = _fn("""    %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<4xf32>) -> tensor<i32>
    %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
    %two = stablehlo.constant dense<2> : tensor<1xi32>
    %s = stablehlo.concatenate %two, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %z = stablehlo.exponential %y : tensor<?x?xf32>
    return %z : tensor<?x?xf32>
""", "%x: tensor<4xf32>", "tensor<?x?xf32>")


def test_the_refine_pass_makes_a_function_of_static_arguments_static():
    import vitir.passes as P
    from vitir.dynamic.passes import refine_pass

    module = import_text(STATIC_ARGUMENTS)
    static = P.run(module, ["refine"])
    assert print_module(static) == _fn(
        "    %y = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>\n"
        "    %z = stablehlo.exponential %y : tensor<2x4xf32>\n"
        "    return %z : tensor<2x4xf32>\n", "%x: tensor<4xf32>", "tensor<2x4xf32>")
    assert print_module(module) == STATIC_ARGUMENTS  # run() refines a copy
    with pytest.raises(RefineError, match=r"@main: the refine pass needs static arguments, got %x: tensor<\?xf32>"):
        P.run(import_text(VALUE_DEPENDENT), ["refine"])
    given = P.run(import_text(VALUE_DEPENDENT.replace("%s", "%s0").replace("%x, %s0", "%x, %s")
                              .replace(", %s0: tensor<2xi32>", "")
                              .replace("    %y", "    %s = stablehlo.constant dense<[3, 5]> : tensor<2xi32>\n    %y")),
                  [refine_pass("5xf32")])
    assert given.main.ops[-1].NAME == "stablehlo.broadcast_in_dim" and given.main.ret.operands[0].type.shape == (3, 5)


def test_refined_types_that_break_a_rule_are_refused_with_the_rules_message():
    module = import_text(_fn("    %z = stablehlo.add %x, %y : tensor<?xf32>\n    return %z : tensor<?xf32>\n",
                             "%x: tensor<?xf32>, %y: tensor<?xf32>", "tensor<?xf32>"))
    assert refine(module, [(3,), (3,)]).main.ret.operands[0].type is TensorType((3,))
    with pytest.raises(RefineError, match=r"the refined types break a shape rule: stablehlo.add %z: operand shapes "
                                          r"differ: \[3\] vs \[4\] \(operand 1\)"):
        refine(module, [(3,), (4,)])


WINDOWS = _fn("""    %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %y = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x4xf32>
    return %y : tensor<?x4xf32>
""", "%x: tensor<?x4xf32>", "tensor<?x4xf32>")


def test_a_reduce_window_of_a_dynamic_operand_counts_its_windows_from_the_array():
    module = import_text(WINDOWS)
    x = np.random.default_rng(0).standard_normal((5, 4)).astype(np.float32)
    want = np.maximum(x[:-1], x[1:])
    np.testing.assert_array_equal(evaluate(module, x)[0], want)
    refined = refine(module, [x.shape])
    assert refined.main.ret.operands[0].type is TensorType((4, 4))
    np.testing.assert_array_equal(evaluate(refined, x)[0], want)
