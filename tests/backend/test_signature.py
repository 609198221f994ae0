import ml_dtypes
import numpy as np
import pytest

from tests.mlir_parser import mlir_error
from tests.backend.modules import MATMUL, MOMENTUM_STEP, PASS_THROUGH, TWO_FUNCTIONS
from vitir.ast import DType, TensorType
from vitir.backend.signature import entry_text, function_names, parse_signature
from vitir.numpy_dtypes import numpy_dtype
from vitir.errors import VitirError

# The shape of jax.jit(f).lower(...).as_text(debug_info=True): visibility,
# attributes in braces after types, loc trailers, a private helper.
JAX_STYLE = """#loc1 = loc("x")
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.sharding = "{replicated}"} loc("x"), %arg1: tensor<i32> loc("n")) -> (tensor<2x3xf32> {jax.result_info = "result[0]"}, tensor<i1> {jax.result_info = "result[1]"}) {
    %0 = call @relu(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc(#loc1)
    %c = stablehlo.constant dense<0> : tensor<i32> loc(#loc1)
    %1 = stablehlo.compare GT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1> loc(#loc1)
    return %0, %1 : tensor<2x3xf32>, tensor<i1> loc(#loc1)
  } loc(#loc1)
  func.func private @relu(%arg0: tensor<2x3xf32> loc(unknown)) -> tensor<2x3xf32> {
    return %arg0 : tensor<2x3xf32> loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
"""


def test_vitir_style_signature():
    signature = parse_signature(MATMUL)
    assert signature.name == "f"
    assert signature.argument_names == ("x", "w")
    assert [a.type.shape for a in signature.arguments] == [(2, 3), (3, 4)]
    assert signature.results == (TensorType((2, 4), DType.parse("f32")),)
    assert signature.argument("%w").index == 1
    assert signature.argument(0).name == "x"


def test_whitespace_between_type_tokens():
    # `tensor\n<2x2x2xui8>` (a line break the fuzzer inserted): MLIR reads it, the signature did not
    text = MATMUL.replace("tensor<3x4xf32>", "tensor\n< 3x4\nxf32 >", 1)
    assert text != MATMUL
    assert mlir_error(text) is None
    assert parse_signature(text).arguments[1].type.shape == (3, 4)


def test_several_results_and_rank_zero():
    signature = parse_signature(MOMENTUM_STEP)
    assert signature.argument("lr").type == TensorType((), DType.parse("f32"))
    assert str(signature.argument("lr").type) == "tensor<f32>"
    assert [str(r) for r in signature.results] == ["tensor<3xf32>", "tensor<3xf32>"]


def test_jax_style_signature():
    signature = parse_signature(JAX_STYLE)
    assert signature.name == "main"
    assert signature.argument_names == ("arg0", "arg1")
    assert signature.argument(1).type == TensorType((), DType.parse("i32"))
    assert signature.results == (TensorType((2, 3), DType.parse("f32")), TensorType((), DType.parse("i1")))


def test_element_types_map_to_numpy():
    signature = parse_signature(PASS_THROUGH)
    assert [numpy_dtype(a.type.dtype) for a in signature.arguments] == [
        np.dtype(ml_dtypes.bfloat16),
        np.dtype(bool),
        np.dtype(np.int32),
        np.dtype(np.int64),
        np.dtype(np.float16),
    ]


def test_no_results():
    text = "module {\n  func.func @sink(%x: tensor<2xf32>) {\n    return\n  }\n}\n"
    assert parse_signature(text).results == ()


def test_several_functions_need_a_name():
    with pytest.raises(VitirError) as error:
        parse_signature(TWO_FUNCTIONS)
    assert str(error.value) == "the module has 2 functions (@double, @main); name the one to run"
    assert parse_signature(TWO_FUNCTIONS, "double").name == "double"
    assert parse_signature(TWO_FUNCTIONS, "@main").name == "main"
    assert function_names(TWO_FUNCTIONS) == ["double", "main"]


def test_unknown_or_missing_function():
    with pytest.raises(VitirError, match=r"^no function @nope in the module \(it has @double, @main\)$"):
        parse_signature(TWO_FUNCTIONS, "nope")
    with pytest.raises(VitirError, match="^no func.func found in the module text$"):
        parse_signature("module @m {\n}\n")


def test_dynamic_shapes_are_refused():
    text = "module {\n  func.func @f(%x: tensor<?x3xf32>) -> tensor<f32> {\n  }\n}\n"
    with pytest.raises(VitirError) as error:
        parse_signature(text)
    assert str(error.value) == "@f: argument 0 '%x': 'tensor<?x3xf32>' is not a ranked tensor type of static shape"


def test_entry_text_renames_the_chosen_function_to_main():
    renamed = entry_text(TWO_FUNCTIONS, "double")
    assert function_names(renamed) == ["main", "main_0"]
    assert "stablehlo.add" in renamed.split("func.func @main_0")[0]
    assert entry_text(JAX_STYLE, "main") == JAX_STYLE
