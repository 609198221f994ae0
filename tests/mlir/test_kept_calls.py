"""The fast reader's call-keeping mode (vitir/text/kept_calls.py), which the bytecode writer reads
text with calls through: every function built on its own, each call kept as written. Oracle: xDSL's
parse of the same text (its functions, and each func.call's callee, operands and result types), and
the default reader on each function alone."""

from __future__ import annotations

from vitir.mlir import parse_text
from vitir.print import print_module
from vitir.text import fast_import
from vitir.text.kept_calls import KeptCall, import_keeping_calls

CALLS = """module @m {
  func.func public @main(%a: tensor<3xf32>, %p: tensor<i32>) -> (tensor<3xf32>, tensor<f32>) {
    %0:2 = call @split(%a) : (tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>)
    %1 = "stablehlo.case"(%p) ({
      %2 = func.call @sq(%0#0) : (tensor<3xf32>) -> tensor<3xf32>
      stablehlo.return %2 : tensor<3xf32>
    }, {
      stablehlo.return %a : tensor<3xf32>
    }) : (tensor<i32>) -> tensor<3xf32>
    return %1, %0#1 : tensor<3xf32>, tensor<f32>
  }
  func.func private @split(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
    %0 = call @sq(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
    %1 = stablehlo.constant dense<0.0> : tensor<f32>
    %2 = stablehlo.reduce(%0 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    return %0, %2 : tensor<3xf32>, tensor<f32>
  }
  func.func private @sq(%arg0: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
"""


def _kept(ops):
    """Every KeptCall among `ops` and in their regions, in order."""
    for op in ops:
        if type(op) is KeptCall:
            yield op
        for region in op.regions():
            yield from _kept(region.ops)


def _xdsl_calls(op):
    for inner in op.walk():
        if inner.name == "func.call":
            yield inner


def test_every_function_is_built_with_its_calls_kept_as_xdsl_parses_them():
    module = import_keeping_calls(CALLS)
    parsed = parse_text(CALLS, verify=False).module
    functions = list(parsed.body.block.ops)
    assert [fn.name for fn in module.functions] == [fn.sym_name.data for fn in functions]
    for fn, xdsl_fn in zip(module.functions, functions, strict=True):
        kept, called = list(_kept(fn.ops)), list(_xdsl_calls(xdsl_fn))
        assert [c.callee for c in kept] == [c.callee.root_reference.data for c in called]
        assert [[r.type.text for r in c.results] for c in kept] == \
            [[str(t) for t in c.result_types] for c in called]
        assert [len(c.operands) for c in kept] == [len(c.operands) for c in called]
    # the call's results are what the function returns and the case reads
    main = module.functions[0]
    split = main.ops[0]
    assert type(split) is KeptCall and main.ret.operands[1] is split.results[1]
    assert list(_kept(main.ops))[1].operands == (split.results[0],)


def test_a_function_without_calls_is_the_default_readers():
    module = import_keeping_calls(CALLS)
    sq = module.functions[2]
    alone = fast_import("func.func @sq(%arg0: tensor<3xf32>) -> tensor<3xf32> {\n"
                        "  %0 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>\n  return %0 : tensor<3xf32>\n}\n")
    assert sq.visibility == "private"  # as the text writes it, which the default reader does not keep
    public = sq.with_body(sq.args, sq.ops, sq.ret)
    public.visibility = None
    assert print_module(module.with_functions([public])) == print_module(alone)


def test_the_default_reader_still_inlines():
    module = fast_import(CALLS)
    assert [fn.name for fn in module.functions] == ["main"]
    assert not list(_kept(module.functions[0].ops))


def test_texts_it_does_not_take_are_left_to_xdsl():
    undefined = CALLS.replace("call @split(", "call @nowhere(")
    other_signature = CALLS.replace("func.func private @sq(%arg0: tensor<3xf32>) -> tensor<3xf32>",
                                    "func.func private @sq(%arg0: tensor<3xf32>) -> tensor<3xf16>")
    results_miscounted = CALLS.replace("%0:2 = call @split", "%0 = call @split")
    for text in (undefined, other_signature, results_miscounted):
        assert import_keeping_calls(text) is None


def test_the_kept_module_prints_as_jaxlib_prints_the_text_and_evaluates_as_the_inlined_one():
    """The calls are the declared func.call op and the functions keep their visibility: the module
    prints as jaxlib's MLIR prints the text (SSA names aside), and evaluates as the default reader's
    inlined module does."""
    import re

    import numpy as np
    import pytest

    pytest.importorskip("jax")
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    from vitir.evaluate import evaluate

    module = import_keeping_calls(CALLS)
    assert [fn.visibility for fn in module.functions] == ["public", "private", "private"]
    assert module.main is module.functions[0]
    mlir = str(ir.Module.parse(CALLS, context=jax_mlir.make_ir_context()))
    unnamed = lambda text: re.sub(r"%[\w#]+", "%", text)  # noqa: E731
    assert unnamed(print_module(module)) == unnamed(mlir.replace("0.000000e+00", "0.0"))
    a, p = np.array([1.0, -2.0, 3.0], np.float32), np.int32(0)
    for kept, inlined in zip(evaluate(module, a, p), evaluate(fast_import(CALLS), a, p), strict=True):
        np.testing.assert_array_equal(kept, inlined)


def test_a_kept_calls_location_is_where_the_text_writes_it_made_when_asked_for():
    """A call's place in the text, as MLIR's parser locates an op written without a location (oracle:
    jaxlib's parse of the same text), kept pending until asked for: a write without locations never
    asks, and making the first one builds the whole text's token table."""
    import pytest

    pytest.importorskip("jax")
    from jax._src.interpreters.mlir import make_ir_context
    from jax._src.lib.mlir import ir

    module = import_keeping_calls(CALLS)
    kept = [call for fn in module.functions for call in _kept(fn.ops)]
    assert all(type(call._location) is tuple for call in kept)  # (function, token): not made yet
    with make_ir_context() as context:
        parsed = ir.Module.parse(CALLS, context)
        calls = []

        def walk(op):
            for region in op.regions:
                for block in region.blocks:
                    for inner in block.operations:
                        if inner.operation.name == "func.call":
                            calls.append(str(inner.location))
                        walk(inner.operation)

        walk(parsed.operation)
    assert [f"loc({call.location.text()})" for call in kept] == calls
