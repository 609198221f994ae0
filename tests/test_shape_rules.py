"""Every shape rule, fed a bad input, raises ShapeError with the exact text:
layer path, op, SSA name, reason echoing the dimensions, operand types."""

from __future__ import annotations

import pytest

from vitir.ast import AdamScalars, FunctionBuilder, ShapeError, TensorType, f32
from vitir.ast import shape_rules as rules
from vitir.ast.types import DType
from vitir.errors import ConfigError
from vitir.lower import ViTConfig, fwd_module
from vitir.lower.layers.attention import attention_forward


def builder():
    fb = FunctionBuilder("f")
    fb.zero = fb.constant("sc", "0.0")
    return fb


def raises(fn, text):
    with pytest.raises(ShapeError) as e:
        fn()
    assert str(e.value) == text
    return e.value


def test_elementwise_shapes_must_match():
    fb = builder()
    a, b = fb.arg("a", f32(2, 3)), fb.arg("b", f32(3, 2))
    with fb.layer("vit"), fb.layer("b3"), fb.layer("attn"):
        err = raises(lambda: fb.add("s", a, b),
                     "vit.b3.attn: stablehlo.add %s: operand shapes differ: [2, 3] vs [3, 2] (operand 1) "
                     "(operands: tensor<2x3xf32>, tensor<3x2xf32>)")
    assert err.path == "vit.b3.attn" and err.op == "stablehlo.add" and err.ssa == "%s"


def test_elementwise_element_types_must_match():
    fb = builder()
    a, b = fb.arg("a", f32(2)), fb.arg("b", TensorType((2,), DType.I32))
    raises(lambda: fb.multiply("p", a, b),
           "stablehlo.multiply %p: operand element types differ: f32 vs i32 (operands: tensor<2xf32>, tensor<2xi32>)")


def test_transcendental_needs_float():
    fb = builder()
    a = fb.arg("a", TensorType((2,), DType.I64))
    raises(lambda: fb.exponential("e", a),
           "stablehlo.exponential %e: needs a floating-point or complex operand, got i64 (operands: tensor<2xi64>)")


@pytest.mark.parametrize("literal,dtype,why", [
    ("one", DType.F32, "write finite values in decimal, infinities and NaN as hexadecimal bits"),
    ("inf", DType.F32, "write finite values in decimal, infinities and NaN as hexadecimal bits"),
    ("1.0e999", DType.F32, "1.0e999 overflows f32 (largest finite 3.40282347e+38); write infinities as hexadecimal "
                           "bits (0x7F800000 is +inf)"),
    ("0xFF80", DType.F32, "a hexadecimal f32 literal has 8 hex digits"),
    ("0xFF800000", DType.BF16, "a hexadecimal bf16 literal has 4 hex digits"),
    ("1.5", DType.I32, "an i32 literal is a decimal integer"),
    ("2", DType.I1, "an i1 literal is true or false"),
])
def test_constant_literal_must_be_a_number(literal, dtype, why):
    fb = builder()
    raises(lambda: fb.constant("c", literal, [2], dtype),
           f"stablehlo.constant %c: literal '{literal}' is not a {dtype.value} number ({why})")


@pytest.mark.parametrize("literal,dtype", [("0xFF800000", DType.F32), ("0x7C00", DType.F16), ("0xff80", DType.BF16),
                                           ("-1.0e-5", DType.F32), ("7", DType.I64), ("true", DType.I1)])
def test_constant_literals_in_decimal_or_hexadecimal_bits(literal, dtype):
    c = builder().constant("c", literal, [2], dtype)
    assert c.type == TensorType((2,), dtype)


@pytest.mark.parametrize("values,shape,dtype,reason", [
    ([1.0, 2.0], [3], DType.F32, "2 values for tensor<3xf32>, which holds 3"),
    ([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [2, 3], DType.F32, "values nest as [3, 2], the type tensor<2x3xf32> is [2, 3]"),
    ([[1.0, 2.0], [3.0]], [3], DType.F32, "values are ragged: nested sequences of one level differ in length or depth"),
    ([0.5, 1e39, 2.0], [3], DType.F32, "element 1: value 1e+39 is not a f32 number (1e+39 overflows f32)"),
    ([0.5, 7e4], [2], DType.F16, "element 1: value 70000.0 is not a f16 number (70000.0 overflows f16)"),
    ([[1.0, 2.0], [3.0, "inf"]], [2, 2], DType.F32, "element [1, 1] (flat 3): literal 'inf' is not a f32 number "
                                                     "(write finite values in decimal, infinities and NaN as "
                                                     "hexadecimal bits)"),
    ([1, 2, 2.5], [3], DType.I32, "element 2: value 2.5 is not a i32 number (an i32 element is an integer)"),
    ([1, True], [2], DType.I32, "element 1: value True is not a i32 number (a bool is not a i32 element)"),
    ([True, 2], [2], DType.I1, "element 1: value 2 is not a i1 number (an i1 element is a bool (or 0 or 1))"),
    ([True, None], [2], DType.F32, "element 0: value True is not a f32 number (a bool is not a f32 element)"),
    ([1.0, None], [2], DType.F32, "element 1: value None is not a f32 number (a f32 element is a number)"),
])
def test_dense_constant_values_are_checked(values, shape, dtype, reason):
    raises(lambda: builder().constant_array("tbl", values, shape, dtype), f"stablehlo.constant %tbl: {reason}")


def test_dense_constant_error_names_the_layer():
    fb = builder()
    with fb.layer("pos"):
        raises(lambda: fb.constant_array("tbl", [0.0, "1.0.0"], [2]),
               "pos: stablehlo.constant %tbl: element 1: literal '1.0.0' is not a f32 number "
               "(write finite values in decimal, infinities and NaN as hexadecimal bits)")


def test_dense_constant_literals():
    fb = builder()
    # numbers become the shortest decimal of their value in the element type; strings are kept as written
    assert fb.constant_array("a", [0.1, 1, -0.0, float("inf"), "1.0e-5"], [5]).owner.ops[-1].value == (
        "0.1", "1.0", "-0.0", "0x7F800000", "1.0e-5")
    assert fb.constant_array("b", [[True, False], [1, 0]], [2, 2], DType.I1).owner.ops[-1].value == (
        "true", "false", "true", "false")
    assert fb.constant_array("c", [0.1, 65504.0], [2], DType.F16).owner.ops[-1].value == ("0.1", "6.55e+04")
    assert fb.constant_array("d", [0.1, 3.0e38], [2], DType.BF16).owner.ops[-1].value == ("0.1", "3.0e+38")
    # a flat sequence fills any shape, row-major
    assert fb.constant_array("e", range(6), [2, 3], DType.I64).type == TensorType((2, 3), DType.I64)


def test_broadcast_rank_and_sizes():
    fb = builder()
    x = fb.arg("x", f32(4))
    raises(lambda: fb.broadcast_in_dim("b", x, [0, 1], [4, 4]),
           "stablehlo.broadcast_in_dim %b: dims [0, 1] has 2 entries for an operand of rank 1 (operands: tensor<4xf32>)")
    raises(lambda: fb.broadcast_in_dim("b", x, [1], [4, 5]),
           "stablehlo.broadcast_in_dim %b: operand dim 0 of size 4 cannot broadcast to result dim 1 of size 5 "
           "(operands: tensor<4xf32>)")
    raises(lambda: fb.broadcast_in_dim("b", x, [2], [4, 4]),
           "stablehlo.broadcast_in_dim %b: broadcast dimension 2 is out of range for rank 2 (operands: tensor<4xf32>)")


def test_reshape_element_count():
    fb = builder()
    x = fb.arg("x", f32(2, 3))
    raises(lambda: fb.reshape("r", x, [5]),
           "stablehlo.reshape %r: cannot reshape [2, 3] (6 elements) to [5] (5 elements) (operands: tensor<2x3xf32>)")


def test_transpose_needs_a_permutation():
    fb = builder()
    x = fb.arg("x", f32(2, 3, 4))
    raises(lambda: fb.transpose("t", x, [0, 0, 1]),
           "stablehlo.transpose %t: dims [0, 0, 1] is not a permutation of the 3 operand dimensions "
           "(operands: tensor<2x3x4xf32>)")
    raises(lambda: fb.transpose("t", x, [0, 1]),
           "stablehlo.transpose %t: dims [0, 1] is not a permutation of the 3 operand dimensions "
           "(operands: tensor<2x3x4xf32>)")


def test_dot_general_rules():
    fb = builder()
    a, b = fb.arg("a", f32(2, 3, 4)), fb.arg("b", f32(2, 5, 4))
    raises(lambda: fb.dot_general("d", a, b, ([1], [1])),
           "stablehlo.dot_general %d: contracting dimension sizes differ: lhs dim 1 is 3, rhs dim 1 is 5 "
           "(operands: tensor<2x3x4xf32>, tensor<2x5x4xf32>)")
    raises(lambda: fb.dot_general("d", a, b, ([2], [2]), ([0], [1])),
           "stablehlo.dot_general %d: batching dimension sizes differ: lhs dim 0 is 2, rhs dim 1 is 5 "
           "(operands: tensor<2x3x4xf32>, tensor<2x5x4xf32>)")
    raises(lambda: fb.dot_general("d", a, b, ([2, 1], [2])),
           "stablehlo.dot_general %d: contracting dims [2, 1] x [2] differ in length "
           "(operands: tensor<2x3x4xf32>, tensor<2x5x4xf32>)")
    raises(lambda: fb.dot_general("d", a, b, ([3], [2])),
           "stablehlo.dot_general %d: lhs batching/contracting dimension 3 is out of range for rank 3 "
           "(operands: tensor<2x3x4xf32>, tensor<2x5x4xf32>)")
    raises(lambda: fb.dot_general("d", a, b, ([2], [2]), ([2], [0])),
           "stablehlo.dot_general %d: lhs batching/contracting dimensions [2, 2] repeat a dimension "
           "(operands: tensor<2x3x4xf32>, tensor<2x5x4xf32>)")
    assert fb.dot_general("ok", a, b, ([2], [2]), ([0], [0])).shape == (2, 3, 5)


def test_reduce_rules():
    fb = builder()
    x = fb.arg("x", f32(2, 3))
    raises(lambda: fb.sum("r", x, [2]),
           "stablehlo.reduce %r: reduce dimension 2 is out of range for rank 2 (operands: tensor<2x3xf32>, tensor<f32>)")
    raises(lambda: fb.reduce("r", x, x, [0]),
           "stablehlo.reduce %r: init value must be rank 0, got shape [2, 3] "
           "(operands: tensor<2x3xf32>, tensor<2x3xf32>)")
    raises(lambda: fb.reduce("r", x, fb.zero, [0], reducer="mean"),
           "stablehlo.reduce %r: unknown reducer 'mean' (known: add, multiply, maximum, minimum, and, or, xor) "
           "(operands: tensor<2x3xf32>, tensor<f32>)")


def test_sum_needs_the_zero_constant():
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2))
    raises(lambda: fb.sum("r", x, [0]),
           "stablehlo.reduce %r: needs the builder's zero constant; set fb.zero = fb.constant('sc', '0.0') first "
           "(operands: tensor<2xf32>)")


def test_convolution_rules():
    fb = builder()
    x, w = fb.arg("x", f32(2, 3, 8, 8)), fb.arg("w", f32(4, 2, 3, 3))
    raises(lambda: fb.convolution("c", x, w, stride=[1, 1]),
           "stablehlo.convolution %c: lhs feature dim is 3 but kernel input feature dim is 2 "
           "(operands: tensor<2x3x8x8xf32>, tensor<4x2x3x3xf32>)")
    big = fb.arg("big", f32(4, 3, 9, 9))
    raises(lambda: fb.convolution("c", x, big, stride=[1, 1]),
           "stablehlo.convolution %c: kernel spatial dim 0 (9 after dilation) exceeds the padded input (8) "
           "(operands: tensor<2x3x8x8xf32>, tensor<4x3x9x9xf32>)")
    raises(lambda: fb.convolution("c", x, big, stride=[1]),
           "stablehlo.convolution %c: stride [1] has 1 entries for 2 spatial dims "
           "(operands: tensor<2x3x8x8xf32>, tensor<4x3x9x9xf32>)")
    ok = fb.arg("ok", f32(5, 3, 3, 3))
    assert fb.convolution("c2", x, ok, stride=[2, 2], padding=[(1, 1), (1, 1)]).shape == (2, 5, 4, 4)


def test_pad_rules():
    fb = builder()
    x = fb.arg("x", f32(2, 3))
    raises(lambda: fb.pad("p", x, fb.zero, [0], [0, 0], [0, 0]),
           "stablehlo.pad %p: low [0] has 1 entries for an operand of rank 2 (operands: tensor<2x3xf32>, tensor<f32>)")
    raises(lambda: fb.pad("p", x, fb.zero, [0, 0], [0, 0], [0, -1]),
           "stablehlo.pad %p: interior padding -1 of dim 1 is negative (operands: tensor<2x3xf32>, tensor<f32>)")
    raises(lambda: fb.pad("p", x, fb.zero, [0, -2], [0, -2], [0, 0]),
           "stablehlo.pad %p: padding gives dim 1 a negative size -1 (operands: tensor<2x3xf32>, tensor<f32>)")
    assert fb.pad("ok", x, fb.zero, [1, 0], [0, 2], [0, 1]).shape == (3, 7)
    half = fb.convert("h", x, DType.F16)
    raises(lambda: fb.pad("p", half, fb.zero, [0, 0], [0, 0], [0, 0]),
           "stablehlo.pad %p: padding value element type f32 differs from operand f16 "
           "(operands: tensor<2x3xf16>, tensor<f32>)")


def test_slice_rules():
    fb = builder()
    x = fb.arg("x", f32(4, 5))
    raises(lambda: fb.slice("s", x, [0, 2], [4, 6]),
           "stablehlo.slice %s: slice 2:6 of dim 1 is outside 0:5 (operands: tensor<4x5xf32>)")
    raises(lambda: fb.slice("s", x, [0], [4]),
           "stablehlo.slice %s: start [0] has 1 entries for an operand of rank 2 (operands: tensor<4x5xf32>)")
    raises(lambda: fb.slice("s", x, [0, 0], [4, 5], [1, 0]),
           "stablehlo.slice %s: stride 0 of dim 1 must be positive (operands: tensor<4x5xf32>)")
    assert fb.slice("ok", x, [0, 1], [4, 5], [2, 2]).shape == (2, 2)


def test_concatenate_rules():
    fb = builder()
    a, b, c = fb.arg("a", f32(2, 3)), fb.arg("b", f32(2, 4)), fb.arg("c", f32(2, 3, 1))
    raises(lambda: fb.concatenate("k", [a, b], 0),
           "stablehlo.concatenate %k: operand 1 dim 1 is 4, operand 0 dim 1 is 3 "
           "(operands: tensor<2x3xf32>, tensor<2x4xf32>)")
    raises(lambda: fb.concatenate("k", [a, b], 2),
           "stablehlo.concatenate %k: dim 2 is out of range for rank 2 (operands: tensor<2x3xf32>, tensor<2x4xf32>)")
    raises(lambda: fb.concatenate("k", [a, c], 1),
           "stablehlo.concatenate %k: operand 1 has rank 3, operand 0 has rank 2 "
           "(operands: tensor<2x3xf32>, tensor<2x3x1xf32>)")
    assert fb.concatenate("ok", [a, b], 1).shape == (2, 7)


def test_duplicate_ssa_name():
    fb = builder()
    x = fb.arg("x", f32(2))
    with fb.layer("vit"):
        fb.add("y", x, x)
        raises(lambda: fb.multiply("y", x, x),
               "vit: stablehlo.multiply %y: SSA name %y is already defined (by stablehlo.add at vit) "
               "(operands: tensor<2xf32>, tensor<2xf32>)")
    raises(lambda: fb.arg("x", f32(3)), "@f argument 1 %x: SSA name %x is already defined (by argument 0)")


def test_use_of_undefined_value():
    other = FunctionBuilder("g")
    stranger = other.arg("z", f32(2))
    fb = builder()
    x = fb.arg("x", f32(2))
    raises(lambda: fb.add("y", x, stranger),
           "stablehlo.add %y: uses %z, which is not defined in @f before this op "
           "(operands: tensor<2xf32>, tensor<2xf32>)")
    raises(lambda: fb.ret(stranger), "return: returns %z, which is not defined in @f")


def test_all_reduce_mean_rules():
    fb = builder()
    g = fb.arg("g", f32(3))
    raises(lambda: fb.all_reduce_mean("w", g, 1),
           "all_reduce_mean %armeanw: needs at least 2 replicas, got 1 (one replica needs no collective) "
           "(operands: tensor<3xf32>)")
    fb.all_reduce_mean("w", g, 2)
    raises(lambda: fb.add("arsumw", g, g),
           "stablehlo.add %arsumw: SSA name %arsumw is already defined (by all_reduce_mean) "
           "(operands: tensor<3xf32>, tensor<3xf32>)")


def test_adamw_update_rules():
    fb = builder()
    theta, g, m = fb.arg("w", f32(3)), fb.arg("g", f32(4)), fb.arg("m", f32(3))
    s = AdamScalars(*(fb.arg(n, f32()) for n in AdamScalars._fields))
    raises(lambda: fb.adamw_update("w", theta, g, m, m, s),
           "adamw_update %adneww: gradient has type tensor<4xf32>, the parameter has tensor<3xf32> "
           "(operands: tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, " + ", ".join(["tensor<f32>"] * 9) + ")")
    bad = s._replace(lr=theta)
    raises(lambda: fb.adamw_update("w", theta, theta, m, m, bad),
           "adamw_update %adneww: hyperparameter lr must be a rank-0 f32, got tensor<3xf32> "
           "(operands: tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, "
           + ", ".join(["tensor<f32>"] * 6 + ["tensor<3xf32>"] + ["tensor<f32>"] * 2) + ")")


def test_layer_path_reaches_the_error_inside_a_layer():
    fb = builder()
    x = fb.arg("x", f32(2, 5, 6))
    w = {n: fb.arg(n, f32(6, 6) if n[0] == "W" else f32(6)) for n in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo")}
    bad_bo = fb.arg("bo", f32(5))
    with fb.layer("vit"), fb.layer("b3"), fb.layer("attn"):
        raises(lambda: attention_forward(fb, "p", x, *w.values(), bad_bo, 2, "0.5"),
               "vit.b3.attn: stablehlo.broadcast_in_dim %pobb: operand dim 0 of size 5 cannot broadcast to "
               "result dim 2 of size 6 (operands: tensor<5xf32>)")
    # Splitting a width of 6 into 4 heads is caught by the layer itself, in its terms.
    with fb.layer("vit"), fb.layer("b0"), fb.layer("attn"):
        raises(lambda: attention_forward(fb, "q", x, *w.values(), fb.arg("bo2", f32(6)), 4, "0.5"),
               "vit.b0.attn: attention %qO: width 6 is not divisible by 4 heads (operands: tensor<2x5x6xf32>)")


@pytest.mark.parametrize("kwargs,message", [
    (dict(width=10, heads=3), "width 10 is not divisible by heads 3"),
    (dict(image=30, patch=16), "image 30x30 is not divisible by patch 16"),
    (dict(image=(32, 30), patch=16), "image 32x30 is not divisible by patch 16"),
    (dict(batch=0), "batch must be a positive integer, got 0"),
    (dict(depth=-1), "depth must be a non-negative integer, got -1"),
    (dict(eps="tiny"), "eps must be a float literal, got 'tiny'"),
])
def test_invalid_configs(kwargs, message):
    base = dict(batch=2, image=32, patch=16, width=12, heads=3, depth=1, mlp=8, classes=3)
    with pytest.raises(ConfigError) as e:
        fwd_module(ViTConfig(**{**base, **kwargs}))
    assert str(e.value) == message


def test_compare_and_select_rules():
    fb = builder()
    a, b = fb.arg("a", f32(3)), fb.arg("b", f32(4))
    raises(lambda: fb.compare("c", a, a, "GREATER"),
           "stablehlo.compare %c: unknown comparison direction 'GREATER' (known: EQ, NE, GE, GT, LE, LT) "
           "(operands: tensor<3xf32>, tensor<3xf32>)")
    raises(lambda: fb.compare("c", a, b, "GT"),
           "stablehlo.compare %c: operand shapes differ: [3] vs [4] (operand 1) (operands: tensor<3xf32>, tensor<4xf32>)")
    pred = fb.compare("p", a, a, "GT")
    assert pred.type == TensorType((3,), DType.I1)
    raises(lambda: fb.select("s", a, a, a),
           "stablehlo.select %s: predicate must be i1, got f32 (operands: tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)")
    raises(lambda: fb.select("s", pred, a, b),
           "stablehlo.select %s: branch types differ: tensor<3xf32> vs tensor<4xf32> "
           "(operands: tensor<3xi1>, tensor<3xf32>, tensor<4xf32>)")
    assert fb.select("ok", pred, a, a).type == a.type


def test_convert_rule():
    fb = builder()
    a = fb.arg("a", f32(2, 3))
    with fb.layer("loss"):
        raises(lambda: fb.convert("c", a, "f64"),
               "loss: stablehlo.convert %c: element type 'f64' is not one of vitir's ("
               + ", ".join(d.value for d in DType) + ") (operands: tensor<2x3xf32>)")
    assert fb.convert("ok", a, DType.I1).type == TensorType((2, 3), DType.I1)
    assert fb.convert("c64", a, DType.C64).type == TensorType((2, 3), DType.C64)  # every table type converts
    assert rules.convert((2, 3), "bf16", "ui8") == (2, 3)


def test_iota_rule():
    fb = builder()
    with fb.layer("onehot"):
        raises(lambda: fb.iota("i", (), DType.I32, 0),
               "onehot: stablehlo.iota %i: result must have rank 1 or more, got shape []")
    raises(lambda: fb.iota("i", (4, 10), DType.I32, 2), "stablehlo.iota %i: iota_dimension 2 is out of range for rank 2")
    raises(lambda: fb.iota("i", (4, 10), DType.I32, -1),
           "stablehlo.iota %i: iota_dimension -1 is out of range for rank 2")
    raises(lambda: fb.iota("i", (4,), DType.I1, 0),
           "stablehlo.iota %i: element type i1 is not an integer, float or complex type")
    assert fb.iota("ok", (4, 10), DType.BF16, 1).type == TensorType((4, 10), DType.BF16)


# Each new elementwise op on an element type outside its kind: (builder method, operand type, what it needs).
FLOAT = "a floating-point"
FLOAT_OR_COMPLEX = "a floating-point or complex"
NUMERIC = "an integer, floating-point or complex"
SIGNED = "a signed integer, floating-point or complex"
BITS = "an integer or boolean"
ELEMENT_KIND_ERRORS = [
    *((op, DType.I32, FLOAT_OR_COMPLEX) for op in ("cosine", "sine", "logistic", "log_plus_one",
                                                   "exponential_minus_one")),
    *((op, DType.I32, FLOAT) for op in ("floor", "ceil", "round_nearest_even", "is_finite")),
    ("abs", DType.I1, SIGNED), ("sign", DType.I1, SIGNED), ("abs", DType.UI8, SIGNED), ("remainder", DType.I1, NUMERIC),
    ("power", DType.I1, NUMERIC),  # integer powers are StableHLO's; boolean ones are not
    ("negate", DType.I1, NUMERIC), ("subtract", DType.I1, NUMERIC), ("divide", DType.I1, NUMERIC),
    ("not_", DType.F32, BITS), ("and_", DType.BF16, BITS), ("or_", DType.F16, BITS),
]


@pytest.mark.parametrize("method,dtype,needs", ELEMENT_KIND_ERRORS)
def test_elementwise_element_kinds(method, dtype, needs):
    fb = builder()
    x = fb.arg("x", TensorType((2, 3), dtype))
    build = getattr(fb, method)
    arity = 2 if method in ("power", "remainder", "and_", "or_", "subtract", "divide") else 1
    operands = ", ".join([f"tensor<2x3x{dtype.value}>"] * arity)
    with fb.layer("head"):
        raises(lambda: build("r", *[x] * arity),
               f"head: stablehlo.{method.rstrip('_')} %r: needs {needs} operand, got {dtype.value} "
               f"(operands: {operands})")


def test_elementwise_element_kinds_accept_and_type_the_result():
    fb = builder()
    x, i, b = (fb.arg(n, TensorType((2, 3), d)) for n, d in (("x", DType.F32), ("i", DType.I32), ("b", DType.I1)))
    assert fb.is_finite("fin", x).type == TensorType((2, 3), DType.I1)  # a float operand, an i1 result
    assert fb.is_finite("fin16", fb.convert("h", x, DType.F16)).type == TensorType((2, 3), DType.I1)
    assert fb.not_("nb", b).type is b.type and fb.not_("ni", i).type is i.type
    assert fb.and_("ab", b, b).type is b.type and fb.or_("oi", i, i).type is i.type
    assert fb.abs("ai", i).type is fb.sign("si", i).type is fb.remainder("ri", i, i).type is i.type
    assert fb.minimum("mb", b, b).type is b.type  # minimum and maximum take booleans too
    with pytest.raises(rules.RuleError) as e:
        rules.element_kind("complex<f32>", "numeric")
    assert str(e.value) == "needs an integer or floating-point operand, got complex<f32>"
    rules.element_kind("ui8", "bits")  # MLIR's unsigned integers, met in the xDSL dialect


def test_elementwise_arity():
    fb = builder()
    x = fb.arg("x", f32(2))
    with pytest.raises(TypeError, match=r"cosine\(\) takes from 3 to 4 positional arguments but 5 were given"):
        fb.cosine("c", x, x, x)
    with pytest.raises(ShapeError, match=r"^stablehlo.cosine %c: expected an attribute's MLIR text, got Value"):
        fb.cosine("c", x, x)  # the one argument after the operand is its result_accuracy
    with pytest.raises(TypeError, match=r"clamp\(\) missing 1 required positional argument: 'max'"):
        fb.clamp("c", x, x)


def test_clamp_rule():
    fb = builder()
    x, lo, hi = fb.arg("x", f32(2, 3)), fb.arg("lo", f32()), fb.arg("hi", f32(2, 3))
    assert fb.clamp("c", lo, x, hi).type is x.type and fb.clamp("s", lo, x, lo).type is x.type
    with fb.layer("clip"):
        raises(lambda: fb.clamp("r", fb.arg("row", f32(3)), x, hi),
               "clip: stablehlo.clamp %r: min shape [3] is neither rank 0 nor the operand shape [2, 3] "
               "(operands: tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)")
    raises(lambda: fb.clamp("r", lo, x, fb.arg("t", f32(3, 2))),
           "stablehlo.clamp %r: max shape [3, 2] is neither rank 0 nor the operand shape [2, 3] "
           "(operands: tensor<f32>, tensor<2x3xf32>, tensor<3x2xf32>)")
    raises(lambda: fb.clamp("r", fb.arg("k", TensorType((), DType.I32)), x, lo),
           "stablehlo.clamp %r: operand element types differ: f32 vs i32 "
           "(operands: tensor<i32>, tensor<2x3xf32>, tensor<f32>)")
    # a rank-0 operand with rank-0 bounds is fine; a rank-0 operand takes no shaped bound
    assert rules.clamp((), (), ()) == ()
    with pytest.raises(rules.RuleError, match=r"^min shape \[2\] is neither rank 0 nor the operand shape \[\]$"):
        rules.clamp((2,), (), ())


def _reducer(types, returned=None, prefix="p"):
    """A reducer body over rank-0 arguments of `types`, returning the first half or `returned(args)`."""
    b = FunctionBuilder("f.r")
    args = [b.arg(f"{prefix}{i}", t) for i, t in enumerate(types)]
    return b.ret(*(returned(args) if returned else args[:len(args) // 2]))


I32 = DType.I32
GOOD = [f32(), TensorType((), I32), f32(), TensorType((), I32)]
XK = "(operands: tensor<4x5xf32>, tensor<4x5xi32>"


@pytest.mark.parametrize("k_shape, inits, dims, body, reason", [
    ((4, 5), "a", [1], _reducer(GOOD), "2 operands and 1 init value: needs one init value per operand, at least one "
     f"{XK}, tensor<f32>)"),
    ((5, 4), "az", [1], _reducer(GOOD), "operand 1 has shape [5, 4], operand 0 has [4, 5] (operands: tensor<4x5xf32>, "
     "tensor<5x4xi32>, tensor<f32>, tensor<i32>)"),
    ((4, 5), "za", [1], _reducer(GOOD), f"init value 0 element type i32 differs from operand 0 f32 {XK}, "
     "tensor<i32>, tensor<f32>)"),
    ((4, 5), "aw", [1], _reducer(GOOD),
     f"init value 1 must be rank 0, got shape [1] {XK}, tensor<f32>, tensor<1xi32>)"),
    ((4, 5), "az", [2], _reducer(GOOD),
     f"reduce dimension 2 is out of range for rank 2 {XK}, tensor<f32>, tensor<i32>)"),
    ((4, 5), "az", [1], _reducer([f32(), f32(), TensorType((), I32), TensorType((), I32)]),
     "the reducer takes (tensor<f32>, tensor<f32>, tensor<i32>, tensor<i32>), needs (tensor<f32>, tensor<i32>, "
     f"tensor<f32>, tensor<i32>) {XK}, tensor<f32>, tensor<i32>)"),
    ((4, 5), "az", [1], _reducer(GOOD, lambda a: [a[0]]),
     f"the reducer returns (tensor<f32>), needs (tensor<f32>, tensor<i32>) {XK}, tensor<f32>, tensor<i32>)"),
    ((4, 5), "az", [1], _reducer(GOOD, lambda a: [a[1], a[0]]),
     f"the reducer returns (tensor<i32>, tensor<f32>), needs (tensor<f32>, tensor<i32>) {XK}, tensor<f32>, "
     "tensor<i32>)"),
])
def test_reduce_region_rules(k_shape, inits, dims, body, reason):
    fb = FunctionBuilder("f")
    x, k = fb.arg("x", f32(4, 5)), fb.arg("k", TensorType(k_shape, I32))
    made = {"a": fb.constant("a", "0.0"), "z": fb.constant("z", "0", (), I32), "w": fb.arg("w", TensorType((1,), I32))}
    with fb.layer("head"):
        raises(lambda: fb.reduce_region("r", [x, k], [made[c] for c in inits], dims, body),
               f"head: stablehlo.reduce %r: {reason}")


def test_reduce_region_results_and_names():
    fb = FunctionBuilder("f")
    x, k = fb.arg("x", f32(4, 5)), fb.arg("k", TensorType((4, 5), I32))
    inits = [fb.constant("a", "0.0"), fb.constant("z", "0", (), I32)]
    v, i = fb.reduce_region("r", [x, k], inits, [1], _reducer(GOOD))
    assert (v.ssa, v.type.text, i.ssa, i.type.text) == ("%r#0", "tensor<4xf32>", "%r#1", "tensor<4xi32>")
    # names follow MLIR's scopes: a result group's name is taken; a body may not repeat a name visible
    # where it is, but a region's names are free again once it ends (a second body reuses %p0)
    raises(lambda: fb.reduce_region("r", [x, k], inits, [0], _reducer(GOOD)),
           "stablehlo.reduce %r: SSA name %r is already defined (by stablehlo.reduce) (operands: tensor<4x5xf32>, "
           "tensor<4x5xi32>, tensor<f32>, tensor<i32>)")
    assert fb.reduce_region("s", [x, k], inits, [0], _reducer(GOOD))[0].ssa == "%s#0"
    body = FunctionBuilder("f.r")
    body.arg("a", f32())
    second = body.arg("b", f32())
    raises(lambda: fb.reduce_region("u", [x], inits[:1], [0], body.ret(second)),
           "stablehlo.reduce %a: SSA name %a is already defined (by stablehlo.constant) (operands: tensor<4x5xf32>, "
           "tensor<f32>)")
    one = fb.reduce_region("t", [x], inits[:1], [0, 1], _reducer([f32(), f32()], lambda a: [a[1]], prefix="q"))
    assert (one.ssa, one.type.text) == ("%t", "tensor<f32>")
    raises(lambda: fb.argmax("m", k, 1),
           "stablehlo.reduce %m: needs a floating-point operand, got i32 (operands: tensor<4x5xi32>)")
