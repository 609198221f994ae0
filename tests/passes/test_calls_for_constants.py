"""`calls_for_constants` (vitir/passes/shared_splats.py): each constant of a function's body read from a
call of a private function located where it was, as compile_graph hands a step to XLA
(docs/locations.md, "(2) Constants"); and func.call, the op it writes, and private functions. The
oracle is jaxlib's MLIR, which parses and prints what vitir prints (the pass's text was compared
byte for byte, aliases spelled out, with the regex rewrite of the printed module it replaced, on this
layer and on ViT-Tiny's adam-sched step, before that rewrite was deleted)."""

from __future__ import annotations

import re

import pytest

from vitir.ast import FunctionBuilder
from vitir.ast.builder import module
from vitir.ast.calls import check_calls
from vitir.ast.element_types import DType
from vitir.ast.location import NameLoc
from vitir.ast.types import TensorType
from vitir.passes.shared_splats import calls_for_constants, shared_splats
from vitir.print import print_module

F32 = DType.F32


def _layer():
    """A layer `net/b0` as tests/test_xla_op_names.py builds it: a dot, a splat constant read by a
    multiply, a reduction whose init is a scalar constant; literals spelled as MLIR prints them."""
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), F32))
    w = fb.arg("w", TensorType((8, 3), F32))
    x.location, w.location = NameLoc("x"), NameLoc("w")
    with fb.layer("net"), fb.layer("b0"):
        d = fb.dot_general("d", x, w, ((1,), (0,)), ((), ()))
        half = fb.constant("half", "5.000000e-01", (4, 3))
        y = fb.exponential("y", fb.multiply("m", d, half))
        s = fb.reduce("s", y, fb.constant("zero", "0.000000e+00"), (1,))
    return module(fb.ret(y, s))


def _vit_tiny_step():
    from vitir.lower import PRESETS, AdamHyper, adam_sched_module

    return adam_sched_module(PRESETS["vit-tiny"](), AdamHyper())


def test_each_constant_of_vit_tinys_step_is_called_where_it_was():
    splats = shared_splats(_vit_tiny_step())
    constants = [op for fn in splats.functions for op in fn.ops if op.NAME == "stablehlo.constant"]
    after = calls_for_constants(splats)
    calls = [op for op in after.main.ops if op.NAME == "func.call"]
    callees = {fn.name: fn for fn in after.functions}
    assert len(constants) == len(calls) == len(after.functions) - 1 > 10
    for k, (constant, call) in enumerate(zip(constants, calls)):
        assert call.callee == f"vitir_constant_{k}" and call.results[0].name == constant.results[0].name
        assert call.location == constant.location and call.path == constant.path
        (inner,) = callees[call.callee].ops
        assert (inner.value, inner.result_type, inner.location) == (constant.value, constant.result_type,
                                                                    constant.location)
    assert not any(op.NAME == "stablehlo.constant" for op in after.main.ops)
    check_calls(after)


def _mlir(text: str, debug_info: bool = True) -> str:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    parsed = ir.Module.parse(text, context=jax_mlir.make_ir_context())
    return parsed.operation.get_asm(enable_debug_info=debug_info)


def _unnamed(text: str) -> str:
    return re.sub(r"%[\w#]+", "%", text)


def test_the_pass_prints_as_jaxlib_prints_its_module():
    """What compile_graph hands XLA, byte for byte as jaxlib's MLIR parses and prints it (SSA names
    aside, which MLIR numbers): the private functions first, `call` in the body, every location kept."""
    pytest.importorskip("jax")
    after = calls_for_constants(shared_splats(_layer()))
    for debug_info in (True, False):
        text = print_module(after, debug_info=debug_info)
        assert _unnamed(_mlir(text, debug_info)) == _unnamed(text)
    private = [fn for fn in after.functions if fn.visibility == "private"]
    assert [fn.name for fn in private] == ["vitir_constant_0", "vitir_constant_1"]
    assert after.main is after.functions[-1] and not any(op.NAME == "stablehlo.constant" for op in after.main.ops)
    calls = [op for op in after.main.ops if op.NAME == "func.call"]
    assert [(c.results[0].name, c.callee, c.location) for c in calls] == [
        ("half", "vitir_constant_0", NameLoc("net/b0/constant")), ("zero", "vitir_constant_1", NameLoc("net/b0/constant"))]
    assert all(fn.location == fn.ops[0].location == fn.ret.location == NameLoc("net/b0/constant") for fn in private)


def test_the_pass_leaves_its_input_and_the_constants_of_regions_alone():
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((), F32))
    start = fb.add("s", x, fb.constant("z", "0.000000e+00"))
    cond, body = fb.region(), fb.region()
    i = cond.arg("i", x.type)
    cond = cond.ret(cond.compare("lt", i, cond.constant("two", "2.000000e+00"), "LT"))
    j = body.arg("i", x.type)
    summed = fb.while_("w", (start,), cond, body.ret(body.add("next", j, x)))
    original = module(fb.ret(summed))
    text = print_module(original)
    after = calls_for_constants(original)
    assert print_module(original) == text  # a copy was rewritten
    assert [fn.name for fn in after.functions] == ["vitir_constant_0", "main"]
    assert "%two = stablehlo.constant" in print_module(after)  # inside the reduction's body: not moved


def test_callee_names_avoid_the_modules_own():
    fb = FunctionBuilder("vitir_constant_0")
    fb.arg("x", TensorType((), F32))
    taken = fb.ret(fb.constant("c", "1.000000e+00"))
    after = calls_for_constants(module(taken))
    assert [fn.name for fn in after.functions] == ["vitir_constant_0_0", "vitir_constant_0"]
    check_calls(after)


# -- func.call and private functions -----------------------------------------------------------------

S, V = TensorType((), F32), TensorType((2,), F32)


def _calls():
    """Calls of no, one and two results, at a function's top level and inside a while body (where MLIR
    writes `func.call`), of private functions and of a public one."""
    one = FunctionBuilder("one")
    a = one.arg("a", S)
    one_fn = one.ret(one.multiply("0", a, one.constant("k", "3.000000e+00")))
    two = FunctionBuilder("two")
    p, q = two.arg("p", S), two.arg("q", V)
    two_fn = two.ret(two.negate("0", q), p)
    none = FunctionBuilder("none")
    none.arg("u", V)
    none_fn = none.ret()
    for fn in (one_fn, two_fn, none_fn):
        fn.visibility = "private"
    fb = FunctionBuilder("main")
    x, y = fb.arg("x", S), fb.arg("y", V)
    fb.call("", "none", [y], [])
    r = fb.call("r", "two", [x, y], [V, S])
    c = fb.call("c", "one", [r[1]], [S])
    cond, body = fb.region(), fb.region()
    i = cond.arg("i", S)
    cond = cond.ret(cond.compare("lt", i, cond.constant("n", "1.000000e+01"), "LT"))
    j = body.arg("i", S)
    body = body.ret(body.call("called", "one", [j], [S]))
    looped = fb.while_("w", (c,), cond, body)
    return module(one_fn, two_fn, none_fn, fb.ret(looped, r[0]))


def test_calls_print_as_jaxlib_prints_them():
    pytest.importorskip("jax")
    built = _calls()
    text = print_module(built)
    assert "  func.func private @none(%u: tensor<2xf32>) {\n" in text
    assert "    call @none(%y) : (tensor<2xf32>) -> ()\n" in text
    assert "    %r:2 = call @two(%x, %y) : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<f32>)\n" in text
    assert "      %called = func.call @one(%i) : (tensor<f32>) -> tensor<f32>\n" in text
    for debug_info in (False, True):
        text = print_module(built, debug_info=debug_info)
        assert _unnamed(_mlir(text, debug_info)) == _unnamed(text)


def test_a_call_evaluates_as_the_inlined_program():
    """The evaluator runs each callee; the readers inline the calls (their default), and the inlined
    program gives the same numbers, which numpy gives too."""
    import numpy as np

    from vitir.evaluate import evaluate
    from vitir.mlir import import_text

    built = _calls()
    x, y = np.float32(0.5), np.array([1.5, -2.0], np.float32)
    looped, negated = evaluate(built, x, y)
    inlined = import_text(print_module(built))
    assert len(inlined.functions) == 1 and not any(op.NAME == "func.call" for op in inlined.main.ops)
    again = evaluate(inlined, x, y)
    expected = np.float32(1.5)
    while expected < 10:
        expected = np.float32(expected * 3)
    np.testing.assert_array_equal(looped, expected)
    np.testing.assert_array_equal(negated, -y)
    for a, b in zip((looped, negated), again):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("callee,inputs,results,message", [
    ("gone", [S], [S], r"func.call %c: '@gone' does not reference a valid function \(the call is \(tensor<f32>\) -> "
                       r"tensor<f32>; the module's functions: @one, @main\)"),
    ("one", [V], [S], r"func.call %c: operand type mismatch: expected operand type 'tensor<f32>', but provided "
                      r"'tensor<2xf32>' for operand number 0: the call is \(tensor<2xf32>\) -> tensor<f32>, @one is "
                      r"\(tensor<f32>\) -> tensor<f32> \(operands: tensor<2xf32>\)"),
    ("one", [S], [S, S], r"func.call %c#0, %c#1: incorrect number of results for callee \(2, the callee has 1\): "
                         r"the call is \(tensor<f32>\) -> \(tensor<f32>, tensor<f32>\), @one is \(tensor<f32>\) -> "
                         r"tensor<f32>"),
])
def test_the_module_refuses_a_call_its_callee_does_not_answer(callee, inputs, results, message):
    from vitir.errors import ShapeError

    one = FunctionBuilder("one")
    one_fn = one.ret(one.negate("n", one.arg("a", S)))
    fb = FunctionBuilder("main")
    args = [fb.arg(f"a{i}", t) for i, t in enumerate(inputs)]
    with fb.layer("net"):
        out = fb.call("c", callee, args, results)
    with pytest.raises(ShapeError, match="^net: " + message):
        module(one_fn, fb.ret(*(out if isinstance(out, tuple) else (out,))))


def test_xdsl_reads_a_call_as_its_own_func_call():
    from xdsl.dialects import func

    from vitir.ast import ops as O
    from vitir.mlir.dialect import dialect_class, dialects

    assert dialect_class(O.Call) is func.CallOp
    assert "func" not in [d.name for d in dialects()]  # xDSL's func dialect, not one made again


def test_evaluating_a_call_outside_its_module_names_the_call_and_its_callee():
    from vitir.errors import EvaluationError
    from vitir.evaluate import evaluate

    fb = FunctionBuilder("main")
    x = fb.arg("x", S)
    fn = fb.ret(fb.call("r", "elsewhere", [x], [S]))
    with pytest.raises(EvaluationError, match=r"^func.call %r: its callee @elsewhere is not a function of what "
                                              r"was evaluated"):
        evaluate(fn, 1.0)


@pytest.mark.parametrize("target", ["1.9.0", "1.17.0"])
def test_the_module_of_calls_writes_the_artifact_jaxlib_writes_for_its_text(target):
    """export_bytecode of the pass's module (private functions and calls, converted directly) gives the
    bytes jaxlib's serializer gives for the text vitir prints, locations stripped."""
    pytest.importorskip("jax")
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir, passmanager
    from jax._src.lib.mlir.dialects import hlo

    from vitir.mlir import export_bytecode

    after = calls_for_constants(shared_splats(_layer()))
    with jax_mlir.make_ir_context():
        parsed = ir.Module.parse(print_module(after))
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(parsed.operation)
        expected = hlo.serialize_portable_artifact(parsed, target)
    assert export_bytecode(after, target=target, strip_debuginfo=True) == expected


def test_a_modules_main_is_its_one_public_function():
    built = _calls()
    assert built.main.name == "main"
    public = FunctionBuilder("other")
    public.arg("a", S)
    with pytest.raises(ValueError, match="has 5 functions; name the one you want"):
        module(*built.functions, public.ret()).main


def test_a_visibility_is_one_mlir_spells():
    from vitir.ast.module import Function, Return

    with pytest.raises(ValueError, match=r"@f: visibility 'hidden' is none of MLIR's \(None, public, private, nested\)"):
        Function("f", (), [], Return(()), visibility="hidden")
