"""The ops StableHLO's compatibility suite holds that vitir declared last: the deprecated einsum,
unary_einsum, torch_index_select and cross-replica-sum, async_start/async_done with the future type,
and replica groups over mesh axes. Oracles: XLA's CPU (through PJRT) where it compiles the op,
jnp.einsum where it does not, and jaxlib's MLIR parser for the text."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import FutureType, ShapeError, f32
from vitir.backend import compile_module
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

from tests.mlir_parser import mlir_print

RNG = np.random.default_rng(0)


def mlir_body(text: str) -> str:
    """MLIR's printing of `text` but its module line (vitir names its modules @m)."""
    return mlir_print(text).split("\n", 1)[1]


def _module(body: str, args: str, results: str) -> str:
    return f"func.func @main({args}) -> ({results}) {{\n{body}\n}}\n"


EINSUM = _module('''  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "abc,acd->abd"} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = "stablehlo.einsum"(%a, %c) {einsum_config = "...k,k->..."} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x3xf32>''',
                 "%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<4xf32>", "tensor<2x3x5xf32>, tensor<2x3xf32>")


def test_einsum_evaluates_to_xlas_numbers_and_jnp_einsum():
    import jax.numpy as jnp

    a, b, c = (RNG.normal(size=s).astype(np.float32) for s in ((2, 3, 4), (2, 4, 5), (4,)))
    ours = evaluate(import_text(EINSUM).main, a, b, c)
    xla = compile_module(EINSUM)(a, b, c)
    for mine, theirs, want in zip(ours, xla, (jnp.einsum("abc,acd->abd", a, b), jnp.einsum("...k,k->...", a, c))):
        np.testing.assert_allclose(mine, theirs, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(mine, np.asarray(want), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("config,shape,result", [("ab->a", (3, 4), (3,)), ("ab->ba", (3, 4), (4, 3)),
                                                 ("aa->a", (3, 3), (3,)), ("ab->", (3, 4), ())])
def test_unary_einsum_is_jnp_einsum(config, shape, result):
    """XLA's CPU does not compile unary_einsum (it is legalized away before): jnp.einsum is the oracle."""
    import jax.numpy as jnp

    dims = "".join(f"{d}x" for d in result)
    text = _module(f'  %0 = "stablehlo.unary_einsum"(%a) {{einsum_config = "{config}"}} : '
                   f'(tensor<{shape[0]}x{shape[1]}xf32>) -> tensor<{dims}f32>\n  return %0 : tensor<{dims}f32>',
                   f"%a: tensor<{shape[0]}x{shape[1]}xf32>", f"tensor<{dims}f32>")
    a = RNG.normal(size=shape).astype(np.float32)
    (ours,) = evaluate(import_text(text).main, a)
    np.testing.assert_allclose(ours, np.asarray(jnp.einsum(config, a)), rtol=1e-6, atol=1e-6)
    assert print_module(import_text(text)).count(f'stablehlo.unary_einsum %a, config = "{config}"') == 1


def test_einsum_text_is_mlirs_own_syntax():
    printed = print_module(import_text(EINSUM))
    assert 'stablehlo.einsum %a, %b, config = "abc,acd->abd" : (tensor<2x3x4xf32>, tensor<2x4x5xf32>)' in printed
    assert mlir_body(printed) == mlir_body(EINSUM)
    assert print_module(import_text(printed)) == printed


@pytest.mark.parametrize("config,result,message", [
    ("ab,bc->ac", "tensor<3x3xf32>", r"result tensor<3x3xf32> is not the shape \[2, 4\] that einsum_config"),
    ("ab,cd->ad", "tensor<2x4xf32>", None),
    ("ab,bd->ae", "tensor<2x4xf32>", r"the result's e is in no operand"),
    ("abc,bd->ad", "tensor<2x4xf32>", r"term 'abc' does not fit operand 0 of rank 2"),
    ("ab,bc", "tensor<2x4xf32>", r"must be 2 comma-separated terms"),
])
def test_einsum_rule_names_the_config(config, result, message):
    text = _module(f'  %r = "stablehlo.einsum"(%a, %b) {{einsum_config = "{config}"}} : '
                   f'(tensor<2x3xf32>, tensor<3x4xf32>) -> {result}\n  return %r : {result}',
                   "%a: tensor<2x3xf32>, %b: tensor<3x4xf32>", result)
    if message is None:
        import_text(text)
    else:
        with pytest.raises(ShapeError, match=message):
            import_text(text)


@pytest.mark.parametrize("dim,batch_dims,operand,index,result", [
    (0, 0, (5, 3), (4,), (4, 3)),
    (1, 0, (2, 5, 3), (2, 2), (2, 2, 2, 3)),
    (1, 1, (2, 5, 3), (2, 4), (2, 4, 3)),
])
def test_torch_index_select_evaluates_to_xlas_numbers(dim, batch_dims, operand, index, result):
    def t(shape, e="f32"):
        return "tensor<" + "".join(f"{d}x" for d in shape) + e + ">"

    text = _module(f'  %r = "stablehlo.torch_index_select"(%x, %i) {{dim = {dim} : i64, batch_dims = {batch_dims} : i64}}'
                   f' : ({t(operand)}, {t(index, "i32")}) -> {t(result)}\n  return %r : {t(result)}',
                   f"%x: {t(operand)}, %i: {t(index, 'i32')}", t(result))
    x = RNG.normal(size=operand).astype(np.float32)
    i = RNG.integers(0, operand[dim], index).astype(np.int32)
    (ours,) = evaluate(import_text(text).main, x, i)
    (xla,) = compile_module(text)(x, i)
    np.testing.assert_array_equal(ours, xla)


def test_torch_index_select_from_an_empty_dimension_is_undefined():
    # found by the pass fuzzer: the evaluator crashed in numpy's take; no entry exists to select
    from vitir.errors import UndefinedValueError

    text = _module('  %r = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 0 : i64}'
                   " : (tensor<0x3xi32>, tensor<i32>) -> tensor<3xi32>\n  return %r : tensor<3xi32>",
                   "%x: tensor<0x3xi32>, %i: tensor<i32>", "tensor<3xi32>")
    with pytest.raises(UndefinedValueError, match=r"^stablehlo.torch_index_select %r: selects entries from "
                                                  r"dimension 0 of size 0 of tensor<0x3xi32>: the value is undefined$"):
        evaluate(import_text(text).main, np.zeros((0, 3), np.int32), np.int32(2))


def test_torch_index_select_rule_infers_and_checks_the_shape():
    from vitir.ast import FunctionBuilder
    from vitir.ast.types import TensorType
    from vitir.ast.element_types import DType

    fb = FunctionBuilder("f")
    x, i = fb.arg("x", f32(8, 5, 3)), fb.arg("i", TensorType((8, 4, 2), DType.I32))
    assert fb.torch_index_select("r", x, i, 1, 1).type == f32(8, 4, 2, 3)
    with pytest.raises(ShapeError, match=r"batch_dims 2 must be from 0 to dim 1"):
        fb.torch_index_select("s", x, i, 1, 2)


CROSS_REPLICA_SUM = _module('''  %r = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>''', "%x: tensor<3xf32>", "tensor<3xf32>")


def test_cross_replica_sum_sums_over_replicas_as_xla_does():
    xs = [RNG.normal(size=3).astype(np.float32) for _ in range(2)]
    ours = evaluate(import_text(CROSS_REPLICA_SUM).main, [[x] for x in xs], replicas=2)
    xla = compile_module(CROSS_REPLICA_SUM, replicas=2).run_per_replica([[x] for x in xs])
    for (mine,), (theirs,) in zip(ours, xla):
        np.testing.assert_array_equal(mine, theirs)
        np.testing.assert_array_equal(mine, xs[0] + xs[1])
    assert "stablehlo.cross-replica-sum" in print_module(import_text(CROSS_REPLICA_SUM))


ASYNC = _module('''  %f = "stablehlo.async_start"(%x) ({
    ^bb0(%y: tensor<4xf32>):
    %s = "stablehlo.all_reduce"(%y) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "stablehlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%t) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %r = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>''', "%x: tensor<4xf32>", "tensor<4xf32>")


def test_async_all_reduce_gives_xlas_numbers():
    xs = [RNG.normal(size=4).astype(np.float32) for _ in range(2)]
    fn = import_text(ASYNC).main
    assert fn.ops[0].results[0].type is FutureType([f32(4)])
    ours = evaluate(fn, [[x] for x in xs], replicas=2)
    xla = compile_module(ASYNC, replicas=2).run_per_replica([[x] for x in xs])
    for (mine,), (theirs,) in zip(ours, xla):
        np.testing.assert_array_equal(mine, theirs)


def test_async_text_is_jaxlibs_and_reads_back():
    printed = print_module(import_text(ASYNC))
    assert ') : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>' in printed
    assert print_module(import_text(printed)) == printed
    assert mlir_body(printed) == mlir_body(ASYNC)
    assert roundtrip(printed).split("\n", 1)[1] == roundtrip(ASYNC).split("\n", 1)[1]


@pytest.mark.parametrize("text,message", [
    (ASYNC.replace('"stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>)',
                   '"stablehlo.async_done"(%x) : (tensor<4xf32>)'), r"operand must be a future type, got tensor<4xf32>"),
    (ASYNC.replace("^bb0(%y: tensor<4xf32>)", "^bb0(%y: tensor<4xf32>, %z: tensor<4xf32>)"),
     r"number of operands \(1\) must match number of region arguments \(2\)"),
])
def test_async_rules_word_mlirs_messages(text, message):
    with pytest.raises(ShapeError, match=message):
        import_text(text)


MESH_AXES = '''module {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "stablehlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%t) : (tensor<f32>) -> ()
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>, #stablehlo.axis_ref<name = "y">]>} : (tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}
'''


def test_replica_groups_over_mesh_axes_read_and_print_as_jaxlib_does():
    from vitir.ast.attributes import AxisRef, MeshAxesGroups

    module = import_text(MESH_AXES)
    groups = module.main.ops[0].replica_groups
    assert groups == MeshAxesGroups("mesh", (AxisRef("x", (1, 2)), AxisRef("y")))
    printed = print_module(module)
    assert ("replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "
            '"x", sub_axis_info = (1)2>, #stablehlo.axis_ref<name = "y">]>') in printed
    assert mlir_body(printed) == mlir_body(MESH_AXES)
    assert print_module(import_text(printed)) == printed
    assert mlir_body(roundtrip(MESH_AXES)) == mlir_body(MESH_AXES)


def test_replica_groups_over_mesh_axes_are_refused_by_the_evaluator_by_name():
    fn = import_text(MESH_AXES).main
    with pytest.raises(EvaluationError, match=r"^stablehlo.all_reduce %r: replica groups over the axes of mesh @mesh "
                                              r"are not evaluated"):
        evaluate(fn, np.zeros(4, np.float32))


@pytest.mark.parametrize("bad", ["axxes = [#stablehlo.axis_ref<name = ", "axes = [#stablehlo.axis_ref<nam = "])
def test_unreadable_attribute_text_is_refused_naming_the_attribute_and_its_line(bad):
    """Text the attribute's reader cannot read is an MlirError (a VitirError) naming the op, the
    attribute's text and the line, not a ValueError; jaxlib refuses the same text."""
    from jax._src.interpreters.mlir import make_ir_context
    from jax._src.lib.mlir import ir

    from vitir.errors import VitirError

    text = MESH_AXES.replace("axes = [#stablehlo.axis_ref<name = ", bad, 1)
    with make_ir_context(), pytest.raises(Exception):
        ir.Module.parse(text)
    with pytest.raises(VitirError) as raised:
        import_text(text)
    message = str(raised.value)
    assert message.startswith("4:5: stablehlo.all_reduce: ")  # the op's line and column
    assert "#stablehlo.replica_group_mesh_axes<mesh = @mesh, " + bad in message
    assert "is no replica_groups attribute" in message


DYNAMIC_GATHER = '''func.func @main(%x: tensor<5x2x4x9xf32>, %i: tensor<1x5x2xi32>) -> tensor<1x5x8xf32> {
  %sizes = stablehlo.constant dense<[1, 1, 1, 8]> : tensor<4xi32>
  %r = "stablehlo.dynamic_gather"(%x, %i, %sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 2], operand_batching_dims = [0],
                                          start_indices_batching_dims = [1], start_index_map = [1, 2], index_vector_dim = 2>,
    indices_are_sorted = true
  } : (tensor<5x2x4x9xf32>, tensor<1x5x2xi32>, tensor<4xi32>) -> tensor<1x5x8xf32>
  return %r : tensor<1x5x8xf32>
}
'''


def test_dynamic_gather_with_batching_dimensions_gives_xlas_numbers():
    """The suite's dynamic_gather (1.x) has batching dimensions, as MLIR's verifier allows."""
    x = RNG.normal(size=(5, 2, 4, 9)).astype(np.float32)
    i = RNG.integers(0, 4, (1, 5, 2)).astype(np.int32)
    (ours,) = evaluate(import_text(DYNAMIC_GATHER).main, x, i)
    (xla,) = compile_module(DYNAMIC_GATHER)(x, i)
    np.testing.assert_array_equal(ours, xla)


def test_an_unknown_dialects_attribute_on_its_own_line_of_a_dictionary_is_no_op():
    """A dictionary written over several lines whose line starts with a dialect attribute's name
    (`some.unregistered_attr = 1 : i32`) is read, as jaxlib reads it; the attribute is kept."""
    from jax._src.interpreters.mlir import make_ir_context
    from jax._src.lib.mlir import ir

    text = '''func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.exponential"(%arg0) {
    result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>,
    some.unregistered_attr = 1 : i32
  } : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
'''
    with make_ir_context():
        ir.Module.parse(text)
    printed = print_module(import_text(text))
    assert "some.unregistered_attr = 1 : i32" in printed
