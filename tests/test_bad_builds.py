"""Builds that break a rule are refused when built, naming the op, the SSA name and the reason; the
cases users met (each once a crash or a late error far from its cause)."""

from __future__ import annotations

import pytest

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32


def builder() -> FunctionBuilder:
    fb = FunctionBuilder("f")
    fb.zero = fb.constant("sc", "0.0")
    return fb


def refused(build, message: str) -> None:
    with pytest.raises(ShapeError) as info:
        build()
    assert str(info.value) == message


def test_a_float_literal_without_a_point_and_an_integer_out_of_range():
    fb = builder()
    refused(lambda: fb.constant("c", "0"), "stablehlo.constant %c: literal '0' is not a f32 number (an f32 literal "
                                           "needs a decimal point: write 0.0, not 0)")
    refused(lambda: fb.constant("i", "2147483648", (), DType.I32),
            "stablehlo.constant %i: literal '2147483648' is not a i32 number (2147483648 is out of range for i32 "
            "(-2147483648 to 2147483647))")


@pytest.mark.parametrize("name", ["a b", "", "1a", "%x", 'a"b', "é"])
def test_ssa_names_must_be_mlir_identifiers(name):
    fb = builder()
    x = fb.arg("x", f32(2))
    why = (f"SSA name {name!r} is not an MLIR identifier (digits, or a letter or one of _$.- followed by letters, "
           "digits and _$.-; without the %)")
    refused(lambda: fb.negate(name, x), f"stablehlo.negate {name!r}: {why}")
    refused(lambda: fb.arg(name, f32(2)), f"@f argument 1: {why}")


def test_a_replica_count_must_be_an_integer():
    fb = builder()
    g = fb.arg("g", f32(3))
    refused(lambda: fb.all_reduce_mean("w", g, 2.5),
            "all_reduce_mean %armeanw: the value must be an integer, got 2.5 (operands: tensor<3xf32>)")


def test_convolution_layouts_must_be_permutations():
    fb = builder()
    x, w = fb.arg("x", f32(1, 3, 8, 8)), fb.arg("w", f32(4, 3, 2, 2))
    refused(lambda: fb.convolution("c", x, w, stride=(1, 1), layouts=("bf00", "oi01", "bf01")),
            "stablehlo.convolution %c: input layout [b, f, 0, 0] must hold b, f and the spatial dims 0..1 once each "
            "(operands: tensor<1x3x8x8xf32>, tensor<4x3x2x2xf32>)")


def test_a_reshape_to_negative_dimensions():
    fb = builder()
    x = fb.arg("x", f32(6))
    refused(lambda: fb.reshape("r", x, [-1, -6]),
            "stablehlo.reshape %r: tensor dimensions must be ints from 0 to 2**63 - 1, got [-1, -6] "
            "(operands: tensor<6xf32>)")
    with pytest.raises(ValueError, match=r"^tensor dimensions must be ints from 0 to 2\*\*63 - 1, got \[2, "):
        TensorType((2, 2 ** 70))


def test_argmax_errors_name_the_reduce():
    fb = builder()
    x = fb.arg("x", f32(2, 3))
    refused(lambda: fb.argmax("bad", x, 2),
            "stablehlo.reduce %bad: dimension 2 is out of range for rank 2 (operands: tensor<2x3xf32>)")


def test_tensor_dimensions_are_ints_whatever_the_cache_holds():
    from vitir.ast.shape_rules import TypeDefinitionError
    from vitir.errors import VitirError

    np = pytest.importorskip("numpy")
    assert TensorType((7,)) is f32(7) and TensorType((1, 3)) is f32(1, 3)  # interned first
    for shape, shown in (((7.0,), "[7.0]"), ((True, 3), "[True, 3]"), ((np.True_,), "[np.True_]"),
                         ((-1, 2), "[-1, 2]"), (("7",), "['7']"), (([7],), "[[7]]")):
        with pytest.raises(TypeDefinitionError) as info:
            TensorType(shape, DType.F32)
        assert str(info.value) == f"tensor dimensions must be ints from 0 to 2**63 - 1, got {shown}"
        assert isinstance(info.value, VitirError) and isinstance(info.value, ValueError)
    # numpy's integers are integers: the same interned type
    assert TensorType((np.int64(7),)) is f32(7) and TensorType(np.array([1, 3])) is f32(1, 3)
    assert type(TensorType((np.int32(5),)).shape[0]) is int


@pytest.mark.parametrize("reducer", ["and", "or", "xor"])
def test_a_reduction_by_a_bit_op_of_floats_is_refused_as_the_op_is(reducer):
    fb = builder()
    x = fb.arg("x", f32(4, 3))
    refused(lambda: fb.reduce("r", x, fb.zero, [0], reducer),
            f"stablehlo.reduce %r: a body of stablehlo.{reducer} on tensor<f32>: needs an integer or boolean operand, "
            "got f32 (operands: tensor<4x3xf32>, tensor<f32>)")
    i = fb.arg("i", TensorType((4, 3), DType.I32))
    assert fb.reduce("ri", i, fb.constant("z", "0", (), DType.I32), [0], reducer).type is TensorType((3,), DType.I32)
