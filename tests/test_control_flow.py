"""Control flow, tuples and tokens built by hand: while, if, case, map, optimization_barrier, tuple,
get_tuple_element, after_all, create_token and composite. Each is built with the builder (its rule's
errors exact), printed as MLIR prints it (jaxlib's parser reads vitir's text and its printer writes
the same text but for SSA names), read back through xDSL byte for byte, evaluated against numpy, and
run through PJRT."""

from __future__ import annotations

import re

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, TokenType, TupleType, f32, module
from vitir.ast import ops as O
from vitir.backend import compile_module
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.evaluate.control import TOKEN
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

I32, I1 = TensorType((), DType.I32), TensorType((), DType.I1)


def mlir_text(text: str) -> str:
    """The text as jaxlib's MLIR parses and prints it."""
    from jax._src.interpreters import mlir as jm
    from jax._src.lib.mlir import ir

    return ir.Module.parse(text, context=jm.make_ir_context()).operation.get_asm(enable_debug_info=False)


def unnamed(text: str) -> str:
    return re.sub(r"%[\w#]+", "%", text)


def checked_text(fn) -> str:
    """The function's text, after checking it is MLIR's and reads back unchanged."""
    text = print_module(module(fn))
    assert unnamed(mlir_text(text)) == unnamed(text)
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text
    return text


def counting_loop(fb: FunctionBuilder, x, limit: int = 4, names=("i", "c")):
    """`i, c = 0, x; while i < limit: i, c = i + 1, c + x` (the body captures %x)."""
    zero = fb.constant("zero", "0", (), DType.I32)
    cond = fb.region()
    i, _ = cond.arg(names[0], I32), cond.arg(names[1], x.type)
    cond = cond.ret(cond.compare("lt", i, cond.constant("n", str(limit), (), DType.I32), "LT"))
    body = fb.region()
    i, c = body.arg("i", I32), body.arg("c", x.type)
    body = body.ret(body.add("next", i, body.constant("one", "1", (), DType.I32)), body.add("sum", c, x))
    return fb.while_("r", (zero, x), cond, body)


def test_while_prints_as_mlir_evaluates_and_runs():
    fb = FunctionBuilder("loop")
    x = fb.arg("x", f32(3))
    count, total = counting_loop(fb, x)
    text = checked_text(fb.ret(total, count))
    assert ("    %r:2 = stablehlo.while(%i = %zero, %c = %x) : tensor<i32>, tensor<3xf32>\n"
            "    cond {\n      %n = stablehlo.constant dense<4> : tensor<i32>\n") in text
    assert "      stablehlo.return %lt : tensor<i1>\n    } do {\n      %one = " in text
    assert "      stablehlo.return %next, %sum : tensor<i32>, tensor<3xf32>\n    }\n    return %r#1, %r#0" in text
    data = np.array([1.0, -2.0, 0.5], np.float32)
    for got in (evaluate(import_text(text), data), compile_module(text).run(data)):
        np.testing.assert_array_equal(got[0], 5 * data)
        assert int(got[1]) == 4


def test_while_rule_errors():
    fb = FunctionBuilder("f")
    x, k = fb.arg("x", f32(3)), fb.arg("k", I32)

    def loop(state, cond_returns, body_returns, cond_names=("i", "c")):
        cond = fb.region()
        args = [cond.arg(n, v.type) for n, v in zip(cond_names, state)]
        cond = cond.ret(*cond_returns(cond, args))
        body = fb.region()
        args = [body.arg(n, v.type) for n, v in zip(("i", "c"), state)]
        return fb.while_("w", state, cond, body.ret(*body_returns(body, args)))

    def less(b, args):
        return [b.compare("lt", args[0], args[0], "LT")]

    cases = [
        (lambda: loop((k, x), lambda b, a: a[:1], lambda b, a: a),
         "cond returns (tensor<i32>), needs (tensor<i1>)"),
        (lambda: loop((k, x), less, lambda b, a: a[::-1]),
         "body returns (tensor<3xf32>, tensor<i32>), needs (tensor<i32>, tensor<3xf32>): the loop state"),
        (lambda: loop((k, x), less, lambda b, a: a, cond_names=("j", "c")),
         "cond's arguments (%j, %c) and body's (%i, %c) must have the same names: the while syntax writes them "
         "once"),
    ]
    for build, reason in cases:
        with pytest.raises(ShapeError) as error:
            build()
        assert str(error.value) == f"stablehlo.while %w: {reason} (operands: tensor<i32>, tensor<3xf32>)"
    cond, body = fb.region(), fb.region()
    for region in (cond, body):
        region.arg("i", x.type), region.arg("c", I32)
    cond, body = cond.ret(fb.arg("p", I1)), body.ret(*body.args)
    with pytest.raises(ShapeError, match=r"^stablehlo.while %w: cond takes \(tensor<3xf32>, tensor<i32>\), needs "
                                         r"\(tensor<i32>, tensor<3xf32>\) \(operands: tensor<i32>, tensor<3xf32>\)$"):
        fb.while_("w", (k, x), cond, body)


def test_if_and_case_branches_use_the_functions_values():
    fb = FunctionBuilder("branches")
    p, k, x, y = fb.arg("p", I1), fb.arg("k", I32), fb.arg("x", f32(2)), fb.arg("y", f32(2))
    yes, no = fb.region(), fb.region()
    chosen = fb.if_("chosen", p, yes.ret(yes.add("s", x, y)), no.ret(no.subtract("s", x, y)))
    branches = []
    for op in ("multiply", "maximum", "negate"):
        b = fb.region()
        branches.append(b.ret(getattr(b, op)("v", chosen, *(() if op == "negate" else (y,)))))
    picked = fb.case("picked", k, branches)
    text = checked_text(fb.ret(picked))
    assert '    %chosen = "stablehlo.if"(%p) ({\n      %s = stablehlo.add %x, %y : tensor<2xf32>\n' in text
    assert ('      stablehlo.return %v : tensor<2xf32>\n    }) : (tensor<i32>) -> tensor<2xf32>\n' in text
            and '    %picked = "stablehlo.case"(%k) ({\n' in text)
    xs, ys = np.array([1.5, -2.0], np.float32), np.array([0.5, 3.0], np.float32)
    executable = compile_module(text)
    for flag in (True, False):
        for index in (0, 1, 2, -1, 7):  # out of range: the last branch, as the spec says
            first = xs + ys if flag else xs - ys
            want = [first * ys, np.maximum(first, ys), -first][index if 0 <= index < 3 else 2]
            inputs = (np.bool_(flag), np.int32(index), xs, ys)
            np.testing.assert_array_equal(evaluate(import_text(text), *inputs)[0], want)
            np.testing.assert_array_equal(executable.run(*inputs)[0], want)


def test_if_and_case_rule_errors():
    fb = FunctionBuilder("f")
    p, k, x = fb.arg("p", I1), fb.arg("k", I32), fb.arg("x", f32(3))
    one, other = fb.region(), fb.region()
    one, other = one.ret(x), other.ret(k)
    cases = [
        (lambda: fb.if_("y", p, one, other),
         "stablehlo.if %y: false_branch returns (tensor<i32>), needs (tensor<3xf32>): true_branch's types "
         "(operands: tensor<i1>)"),
        (lambda: fb.if_("y", k, one, one), "stablehlo.if %y: pred must be tensor<i1>, got tensor<i32> "
                                           "(operands: tensor<i32>)"),
        (lambda: fb.case("y", p, [one]), "stablehlo.case %y: index must be tensor<i32>, got tensor<i1> "
                                         "(operands: tensor<i1>)"),
        (lambda: fb.case("y", k, []), "stablehlo.case %y: case needs at least one branch (operands: tensor<i32>)"),
        (lambda: fb.case("y", k, [one, other]),
         "stablehlo.case %y: branch 1 returns (tensor<i32>), needs (tensor<3xf32>): branch 0's types "
         "(operands: tensor<i32>)"),
    ]
    for build, message in cases:
        with pytest.raises(ShapeError) as error:
            build()
        assert str(error.value) == message
    taking = fb.region()
    taking = taking.ret(taking.arg("a", x.type))
    with pytest.raises(ShapeError, match=r"^stablehlo.case %y: branch 0 takes \(tensor<3xf32>\), needs \(\)"):
        fb.case("y", k, [taking])


def test_a_region_sees_its_enclosing_values_only():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(3))
    first = fb.region()
    inner = first.negate("v", x)
    first.ret(inner)
    with pytest.raises(ShapeError, match=r"^stablehlo.negate %w: uses %v, which is not defined in @f.region before "
                                         r"this op"):
        fb.region().negate("w", inner)


def test_map_runs_its_computation_per_element():
    fb = FunctionBuilder("mapped")
    a, b = fb.arg("a", TensorType((2, 3), DType.I32)), fb.arg("b", TensorType((2, 3), DType.I32))
    body = fb.region()
    u, v = body.arg("u", I32), body.arg("v", I32)
    bigger = body.maximum("m", u, v)
    # a body that is no single elementwise op: a rank-0 broadcast and a select of its own compare
    odd = body.compare("odd", body.remainder("r", bigger, body.constant("two", "2", (), DType.I32)),
                       body.constant("zero", "0", (), DType.I32), "NE")
    picked = body.select("s", odd, body.negate("n", bigger), body.broadcast_in_dim("bb", bigger, (), ()))
    text = checked_text(fb.ret(fb.map("y", (a, b), (0, 1), body.ret(picked))))
    assert ('    %y = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({\n'
            "    ^bb0(%u: tensor<i32>, %v: tensor<i32>):\n      %m = stablehlo.maximum %u, %v : tensor<i32>\n") in text
    xs = np.array([[1, -4, 7], [2, 2, -9]], np.int32)
    ys = np.array([[3, 0, -1], [5, 2, -8]], np.int32)
    bigger = np.maximum(xs, ys)
    want = np.where(bigger % 2 != 0, -bigger, bigger)
    np.testing.assert_array_equal(evaluate(import_text(text), xs, ys)[0], want)
    np.testing.assert_array_equal(compile_module(text).run(xs, ys)[0], want)


def test_map_rule_errors():
    fb = FunctionBuilder("f")
    x, k = fb.arg("x", f32(3)), fb.arg("k", I32)
    body = fb.region()
    sum_body = body.ret(body.add("s", body.arg("a", f32()), body.arg("b", f32())))
    cases = [
        ((x, x), (1,), "dimensions [1] must be [0], every dimension in order (operands: tensor<3xf32>, tensor<3xf32>)"),
        ((x, k), (0,), "input 1 has shape [], input 0 has [3] (operands: tensor<3xf32>, tensor<i32>)"),
        ((x,), (0,), "the computation takes (tensor<f32>, tensor<f32>), needs (tensor<f32>) (operands: tensor<3xf32>)"),
    ]
    for inputs, dims, reason in cases:
        with pytest.raises(ShapeError) as error:
            fb.map("y", inputs, dims, sum_body)
        assert str(error.value) == f"stablehlo.map %y: {reason}"


def test_tuples_and_tokens():
    fb = FunctionBuilder("carry")
    x, k = fb.arg("x", f32(2)), fb.arg("k", I32)
    tok = fb.after_all("tok", (fb.create_token("t0"), fb.after_all("t1", ())))
    inner = fb.tuple("inner", (k,))
    both = fb.tuple("both", (x, inner, tok))
    assert both.type is TupleType((f32(2), TupleType((I32,)), TokenType()))
    nested = fb.get_tuple_element("nested", both, 1)
    kept, token = fb.optimization_barrier("kept", (fb.get_tuple_element("k2", nested, 0), tok))
    empty = fb.tuple("empty", ())
    text = checked_text(fb.ret(fb.get_tuple_element("x2", both, 0), kept, token, empty))
    for line in ("%t0 = stablehlo.create_token : !stablehlo.token",
                 "%t1 = stablehlo.after_all  : !stablehlo.token",  # MLIR's two spaces before an empty list
                 "%tok = stablehlo.after_all %t0, %t1 : !stablehlo.token",
                 "%both = stablehlo.tuple %x, %inner, %tok : tuple<tensor<2xf32>, tuple<tensor<i32>>, !stablehlo.token>",
                 "%nested = stablehlo.get_tuple_element %both[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>, "
                 "!stablehlo.token>) -> tuple<tensor<i32>>",
                 "%kept:2 = stablehlo.optimization_barrier %k2, %tok : tensor<i32>, !stablehlo.token",
                 "%empty = stablehlo.tuple  : tuple<>"):
        assert f"    {line}\n" in text, line
    xs = np.array([0.25, -1.0], np.float32)
    got = evaluate(import_text(text), xs, np.int32(7))
    np.testing.assert_array_equal(got[0], xs)
    assert int(got[1]) == 7 and got[2] is TOKEN and got[3] == ()


def test_tuple_and_token_rule_errors():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(3))
    pair = fb.tuple("pair", (x, x))
    cases = [
        (lambda: fb.get_tuple_element("y", x, 0),
         "stablehlo.get_tuple_element %y: operand must be a tuple, got tensor<3xf32> (operands: tensor<3xf32>)"),
        (lambda: fb.get_tuple_element("y", pair, 2),
         "stablehlo.get_tuple_element %y: index 2 is out of range for tuple<tensor<3xf32>, tensor<3xf32>>, of 2 "
         "elements (operands: tuple<tensor<3xf32>, tensor<3xf32>>)"),
        (lambda: fb.after_all("y", (x,)),
         "stablehlo.after_all %y: input 0 must be !stablehlo.token, got tensor<3xf32> (operands: tensor<3xf32>)"),
    ]
    for build, message in cases:
        with pytest.raises(ShapeError) as error:
            build()
        assert str(error.value) == message


def test_a_token_travels_through_a_loop_and_a_tuple_is_refused_there():
    fb = FunctionBuilder("threaded")
    x, tok = fb.arg("x", f32(2)), fb.arg("tok", TokenType())
    state = (fb.constant("zero", "0", (), DType.I32), x, tok)
    cond, body = fb.region(), fb.region()
    for region in (cond, body):
        for name, value in zip(("i", "s", "k"), state):
            region.arg(name, value.type)
    cond = cond.ret(cond.compare("lt", cond.args[0], cond.constant("n", "3", (), DType.I32), "LT"))
    i, s, k = body.args
    packed = body.tuple("u", (s, x))  # a tuple inside the body, taken apart again
    doubled = body.add("d", body.get_tuple_element("e", packed, 0), body.get_tuple_element("f", packed, 1))
    body = body.ret(body.add("j", i, body.constant("one", "1", (), DType.I32)), doubled, body.after_all("k2", (k,)))
    _, total, token = fb.while_("w", state, cond, body)
    text = checked_text(fb.ret(total, token))
    got = evaluate(import_text(text), np.array([1.0, 2.0], np.float32), TOKEN)
    np.testing.assert_array_equal(got[0], [4.0, 8.0])
    assert got[1] is TOKEN
    cond, body = fb.region(), fb.region()
    pair = fb.tuple("pair", (x,))
    for region in (cond, body):
        region.arg("p", pair.type)
    with pytest.raises(ShapeError, match=r"^stablehlo.while %w2: operand 0 must be a tensor or token, got "
                                         r"tuple<tensor<2xf32>> \(operands: tuple<tensor<2xf32>>\)$"):
        fb.while_("w2", (pair,), cond.ret(fb.arg("p2", I1)), body.ret(*body.args))


def test_composite_prints_as_written():
    text = ("module @m {\n"
            "  func.func @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {\n"
            "    %c = stablehlo.constant dense<2> : tensor<i64>\n"
            "    %s = stablehlo.add %arg0, %c : tensor<i64>\n"
            "    return %s : tensor<i64>\n  }\n"
            "  func.func @main(%arg0: tensor<i64>) -> tensor<i64> {\n"
            '    %r = stablehlo.composite "stablehlo.add_n" %arg0 {composite_attributes = {n = 2 : i64, '
            'rule = #sdy.op_sharding_rule<([i, j])->([k]) {i=2, j=2, k=2}, custom>}, decomposition = @add_n.impl, '
            "version = 1 : i32} : (tensor<i64>) -> tensor<i64>\n"
            "    return %r : tensor<i64>\n  }\n}\n")
    assert roundtrip(text) == text  # the attribute dictionary as written, whatever dialects it names
    imported = import_text(text)
    assert print_module(imported) == text
    (composite,) = imported.functions[1].ops
    assert (composite.composite_name, composite.decomposition, composite.version) == ("stablehlo.add_n",
                                                                                       "add_n.impl", 1)
    assert composite.composite_attributes.startswith("{n = 2 : i64, rule = #sdy.op_sharding_rule<([i, j])->")
    with pytest.raises(EvaluationError, match=r"^stablehlo.composite %r: its decomposition @add_n.impl is not a "
                                              r"function of what was evaluated \(evaluate the module that holds it\)$"):
        evaluate(imported.functions[1], np.int64(1))
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(3))
    for name in ("mul", "0.mul", "my.%"):  # composite_c1: MLIR's verifier's pattern
        with pytest.raises(ShapeError) as error:
            fb.composite("y", (x,), name, "impl", (f32(3),))
        assert str(error.value) == (f"stablehlo.composite %y: name {name!r} must be a valid namespaced op name "
                                    "(matching ^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$, such as "
                                    '"my_namespace.my_op") (operands: tensor<3xf32>)')


COMPOSITE_OF_A_MEAN = """module @m {
  func.func private @my.scaled_mean(%x: tensor<3xf32>, %s: tensor<f32>) -> tensor<3xf32> {
    %sum = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    %k = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %y = stablehlo.multiply %sum, %k : tensor<3xf32>
    return %y : tensor<3xf32>
  }
  func.func @main(%x: tensor<3xf32>, %s: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
    %r = stablehlo.composite "my.scaled_mean" %x, %s {decomposition = @my.scaled_mean} : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    %n = stablehlo.negate %r : tensor<3xf32>
    return %r, %n : tensor<3xf32>, tensor<3xf32>
  }
}
"""


def test_a_composite_evaluates_as_its_decomposition_as_xla_runs_it():
    """The evaluator runs the decomposition (a collective of 2 replicas inside it, met in each process);
    XLA through PJRT computes the same values."""
    rng = np.random.default_rng(3)
    inputs = [[rng.normal(size=3).astype(np.float32), np.float32(0.5)] for _ in range(2)]
    got = evaluate(import_text(COMPOSITE_OF_A_MEAN), inputs, replicas=2, entry="main")
    expected = compile_module(COMPOSITE_OF_A_MEAN, replicas=2, platform="cpu").run_replicated(
        [np.concatenate([row[0] for row in inputs]), np.float32(0.5)], split=["x"])
    for replica in range(2):
        for value, want in zip(got[replica], expected[replica]):
            np.testing.assert_array_equal(value, want)
    np.testing.assert_array_equal(got[0][0], (inputs[0][0] + inputs[1][0]) * np.float32(0.5))


def test_custom_call_keeps_its_attributes_as_written_and_is_not_evaluated():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2))
    y = fb.emit(O.CustomCall("y", (x,), "foo", (f32(2),), has_side_effect=True, backend_config='"abc"', api_version=2,
                             discardable={"mhlo.sharding": '"{replicated}"', "mhlo.b_flag": None}))
    with pytest.raises(ShapeError, match=r"^stablehlo.custom_call %z: operand_layouts and result_layouts go "
                                         r"together: give both or neither \(operands: tensor<2xf32>\)$"):
        fb.custom_call("z", (y,), "bar", (f32(2),), operand_layouts="[dense<0> : tensor<1xindex>]")
    layout = "[dense<0> : tensor<1xindex>]"
    z = fb.custom_call("z", (y,), "bar", (f32(2),), operand_layouts=layout, result_layouts=layout,
                       output_operand_aliases="[#stablehlo.output_operand_alias<output_tuple_indices = [], "
                                              "operand_index = 0, operand_tuple_indices = []>]")
    fn = fb.ret(z)
    text = checked_text(fn)
    assert ('    %y = stablehlo.custom_call @foo(%x) {api_version = 2 : i32, backend_config = "abc", has_side_effect = '
            'true, mhlo.b_flag, mhlo.sharding = "{replicated}"} : (tensor<2xf32>) -> tensor<2xf32>\n') in text
    assert "    %z = stablehlo.custom_call @bar(%y) {operand_layouts = [dense<0> : tensor<1xindex>], " in text
    with pytest.raises(EvaluationError, match=r"^stablehlo.custom_call %y: vitir does not evaluate "):
        evaluate(fn, np.zeros(2, np.float32))
    assert checked_text(import_text(text).main) == text



def test_custom_call_in_generic_form_prints_in_mlirs_custom_form():
    generic = ('module @m {\n  func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n'
               '    %g = "stablehlo.custom_call"(%x) {call_target_name = "foo", has_side_effect = true, '
               'mhlo.sharding = "{replicated}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>\n'
               '    return %g : tensor<2x3xf32>\n  }\n}\n')
    text = print_module(import_text(generic))
    assert ('    %g = stablehlo.custom_call @foo(%x) {has_side_effect = true, mhlo.sharding = "{replicated}"} : '
            "(tensor<2x3xf32>) -> tensor<2x3xf32>\n") in text
    assert unnamed(mlir_text(text)) == unnamed(text) and roundtrip(text) == text
