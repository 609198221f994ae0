"""Each failure the fuzzer found, kept as its minimal reproducer and fixed where it arose; every
text is checked against MLIR's own parser as well."""

from __future__ import annotations

import numpy as np
import pytest

from tests.mlir.test_errors import module_text
from tests.mlir_parser import mlir_error
from tests.test_drift import both
from vitir.ast import AdamScalars, DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.mlir import MlirError, import_text, parse_text, roundtrip
from vitir.mlir.errors import MlirShapeError
from vitir.print import print_module


def round_trips(text: str) -> None:
    assert mlir_error(text) is None
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text


def test_compare_type_notype_parses():
    # vitir printed `NOTYPE` (StableHLO's enum has it) but its parser knew only the other four
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(2))
    round_trips(print_module(module(fb.ret(fb.compare("c", x, x, "GT", "NOTYPE")))))


def test_a_dynamic_slice_of_a_rank_0_operand_prints_no_stray_comma():
    # `%x, , sizes = []`, which MLIR's own printer writes too, parses in neither
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32())
    text = print_module(module(fb.ret(fb.dynamic_slice("d", x, (), ()))))
    assert "stablehlo.dynamic_slice %x, sizes = [] : (tensor<f32>) -> tensor<f32>" in text
    round_trips(text)



@pytest.mark.parametrize("stable", [True, False])
def test_top_k_is_stable_goes_in_the_attribute_dictionary(stable):
    # `chlo.top_k(%x, k = 2, is_stable = false)`: newer chlo's form, which jaxlib's parser refuses
    fb = FunctionBuilder("g")
    x = fb.arg("x", TensorType((3, 4), DType.I64))
    text = print_module(module(fb.ret(*fb.top_k("t", x, 2, is_stable=stable))))
    word = "true" if stable else "false"
    assert f"chlo.top_k(%x, k = 2) {{is_stable = {word}}} : tensor<3x4xi64> -> " in text
    round_trips(text)


@pytest.mark.parametrize("entry", ["batch_group_count", "batch_group_count : 1 : i64"])
def test_an_attribute_without_its_value_is_refused_at_its_line(entry):
    # `{batch_group_count : 1 : i64, ...}` (a mutated `=`) read the name as a unit attribute and crashed
    # converting it to an integer
    fb = FunctionBuilder("g")
    x, w = fb.arg("x", f32(1, 1, 4)), fb.arg("w", f32(1, 1, 3))
    text = print_module(module(fb.ret(fb.convolution("y", x, w, stride=[1], padding=[(0, 0)], layouts=("bf0", "oi0", "bf0")))))
    assert "{batch_group_count = 1 : i64," in text
    text = text.replace("batch_group_count = 1 : i64", entry)
    assert mlir_error(text) is not None
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "batch_group_count" in t)
    with pytest.raises(MlirError, match=rf"^{line}:\d+: stablehlo.convolution's attribute 'batch_group_count' "
                                        r"needs a value: `batch_group_count = ...`"):
        import_text(text)


@pytest.mark.parametrize("text,message", [
    ("module @\u00e9m {\n}\n", "1:9: @ identifier expected to start with letter or '_'"),
    ("module @m attributes {m.\u00e9 = 1} {\n}\n", "1:25: unexpected character"),
])
def test_an_identifier_starts_with_an_ascii_letter(text, message):
    # `module @\u00e9m`: xDSL's lexer took any letter Python's isalpha() takes; MLIR's takes ASCII ones
    assert mlir_error(text) == message
    with pytest.raises(MlirError, match=rf"^{message}$"):
        parse_text(text)
    assert mlir_error(text.replace("\u00e9", "e")) is None
    parse_text(text.replace("\u00e9", "e"))


def test_a_custom_call_of_no_results_parses():
    # `stablehlo.custom_call @foo(%x) {...} : (tensor<2xf32>) -> ()` printed, MLIR took it, and vitir's
    # parser gave xDSL no group for the variadic results ("Expected 1 result, but got 0")
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(2))
    fb.custom_call("c", [x], "foo", [], has_side_effect=True)
    text = print_module(module(fb.ret(x)))
    assert "stablehlo.custom_call @foo(%x) {has_side_effect = true} : (tensor<2xf32>) -> ()" in text
    round_trips(text)

CUSTOM_CALL_TEXTS = [  # (attribute, text MLIR refuses, what vitir says, a text MLIR takes)
    ("called_computations", "bogus", "must be an array of flat symbol references", "[@g]"),
    ("called_computations", '["g"]', "must be an array of flat symbol references", "[]"),
    ("output_operand_aliases", "bogus", "must be an array of #stablehlo.output_operand_alias<",
     "[#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]"),
    ("output_operand_aliases", "[#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, "
     "operand_tuple_indices = []>]", r"operand_index 1 is out of range \[0, 1\)", "[]"),
    ("backend_config", "bogus", "must be a string", '"abc"'),
    ("result_tilings", "bogus", "must be an array of attributes", "[dense<0> : tensor<1xindex>]"),
]


@pytest.mark.parametrize("name,bad,message,good", CUSTOM_CALL_TEXTS)
def test_custom_call_attributes_kept_as_text_are_of_the_form_mlir_requires(name, bad, message, good):
    # `called_computations = bogus` and `output_operand_aliases = bogus` built and printed; MLIR's parser
    # refuses them ("expected attribute value")
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(2))
    with pytest.raises(ShapeError, match=rf"^stablehlo.custom_call %c: {name}\b.*{message}"):
        fb.custom_call("c", [x], "foo", [f32(2)], **{name: bad})
    text = print_module(module(fb.ret(fb.custom_call("c", [x], "foo", [f32(2)], **{name: good}))))
    round_trips(text)
    refused = text.replace(f"{name} = {good}", f"{name} = {bad}")
    assert mlir_error(refused) is not None
    with pytest.raises(MlirShapeError, match=rf"^line 3: stablehlo.custom_call %c: {name}\b.*{message}"):
        import_text(refused)
    with pytest.raises(MlirError, match=rf"^3:5: stablehlo.custom_call: {name}\b.*{message}"):
        parse_text(refused)


def test_dynamic_pad_paddings_of_different_types_are_refused():
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(2))
    value = fb.constant("v", "0.0")
    low, high = fb.constant_array("l", [1], (1,), DType.I32), fb.constant_array("h", [1], (1,), DType.I64)
    with pytest.raises(ShapeError, match=r"^stablehlo.dynamic_pad %p: edge_padding_low, edge_padding_high and "
                                         r"interior_padding differ in type: tensor<1xi32>, tensor<1xi64>, "
                                         r"tensor<1xi32>"):
        fb.dynamic_pad("p", x, value, low, high, low, f32(4))


KNOWN = [
    ("%s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>",
     "%t = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>",
     "stablehlo.dynamic_reshape %t: output shape [3, 2] is incompatible with the result type tensor<2x3xf32>"),
    ("%s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>",
     "%t = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<2x3xf32>",
     "stablehlo.dynamic_iota %t: output shape [3, 2] is incompatible with the result type tensor<2x3xf32>"),
    ("%s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>",
     "%t = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<2x3xf32>, tensor<2xi64>) -> "
     "tensor<2x3xf32>",
     "stablehlo.dynamic_broadcast_in_dim %t: output shape [3, 2] is incompatible with the result type "
     "tensor<2x3xf32>"),
    ("%s = stablehlo.constant dense<[5, 5]> : tensor<2xi64>\n    %v = stablehlo.constant dense<0.0> : tensor<f32>",
     "%t = stablehlo.dynamic_pad %x, %v, %s, %s, %s : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, "
     "tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>",
     "stablehlo.dynamic_pad %t: the paddings give result dimension 0 size 17, the result type tensor<2x3xf32> has 2"),
    ("%s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>\n    %i = stablehlo.constant dense<0> : tensor<1x1xi32>",
     '%t = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], '
     "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<2x3xf32>, "
     "tensor<1x1xi32>, tensor<2xi64>) -> tensor<1x3xf32>",
     "stablehlo.dynamic_gather %t: slice_sizes [1, 2] give the result shape [1, 2], the result type "
     "tensor<1x3xf32> has [1, 3]"),
]


@pytest.mark.parametrize("constants,line,message", KNOWN)
def test_shape_operands_a_constant_defines_are_checked_as_mlir_does(constants, line, message):
    text = module_text(constants, line, "return %x : tensor<2x3xf32>")
    assert mlir_error(text) is not None
    at = text.splitlines().index("    " + line) + 1
    with pytest.raises(MlirError) as info:  # vitir check: through the builder's rules
        import_text(text, keep_going=True)
    assert str(info.value).startswith(f"{at}:5: {message} (operands: ")
    with pytest.raises(MlirError) as info:  # and the dialect's verifier
        parse_text(text)
    op, _, reason = message.partition(": ")
    assert str(info.value) == f"{at}:5: {op.split()[0]}: {reason}"
    consistent = text.replace("[3, 2]", "[2, 3]").replace("[5, 5]", "[0, 0]").replace("[1, 2]", "[1, 3]")
    assert mlir_error(consistent) is None
    round_trips(consistent)


def test_a_total_order_comparison_of_rank_0_values_keeps_rank_0():
    fb = FunctionBuilder("g")
    x, y = fb.arg("x", f32()), fb.arg("y", f32())
    fn = fb.ret(fb.compare("c", x, y, "LT", "TOTALORDER"))
    (ours,), (xla,) = both(fn, np.float32(-0.0), np.float32(0.0))
    assert ours.shape == () and ours == xla == np.True_


def test_an_adamw_update_whose_parameter_is_its_own_gradient():
    # the evaluator declared the expansion's arguments by name: the same value twice was "already defined"
    fb = FunctionBuilder("g")
    theta = fb.arg("theta", f32(3))
    scalars = AdamScalars(*(fb.arg(f, f32()) for f in AdamScalars._fields))
    fn = fb.ret(*fb.adamw_update("p", theta, theta, theta, theta, scalars))
    inputs = [np.array([1.0, -2.0, 0.5], np.float32)] + [np.float32(v) for v in
                                                         (0.9, 0.1, 0.999, 0.001, 0.5, 0.25, 0.01, 1e-8, 0.1)]
    ours, xla = both(fn, *inputs)
    for o, x in zip(ours, xla):
        np.testing.assert_allclose(o, x, rtol=1e-6)


@pytest.mark.parametrize("dtype,a,b", [(DType.I32, -7, 2 ** 30 + 3), (DType.UI8, 200, 201)])
def test_mulhi_of_rank_0_values(dtype, a, b):
    # numpy multiplied two rank-0 object arrays into a Python int, which has no `.size`
    fb = FunctionBuilder("g")
    x, y = fb.arg("x", TensorType((), dtype)), fb.arg("y", TensorType((), dtype))
    text = print_module(module(fn := fb.ret(fb.mulhi("h", x, y))))
    round_trips(text)
    kind = np.int32 if dtype is DType.I32 else np.uint8
    (ours,), (xla,) = both(fn, kind(a), kind(b))
    assert ours.shape == () and ours.dtype == kind
    assert int(ours) == int(xla) == (a * b) >> dtype.bits  # the high half of the exact product


def test_a_broadcast_compare_takes_the_compare_type_of_its_element_type():
    # `chlo.broadcast_compare` of i64 with compare_type FLOAT: MLIR's parser takes it, the spec does not
    # (SIGNED for signed integers), and XLA's verifier refuses it ("Expected comparison type SIGNED")
    from vitir.backend import compile_module
    from vitir.errors import VitirError

    fb = FunctionBuilder("g")
    x = fb.arg("x", TensorType((3, 1), DType.I64))
    with pytest.raises(ShapeError, match=r"^chlo.broadcast_compare %c: compare type FLOAT does not apply to i64 "
                                         r"operands \(use SIGNED\)"):
        fb.broadcast_compare("c", x, x, "LT", compare_type="FLOAT")
    text = print_module(module(fb.ret(fb.broadcast_compare("c", x, x, "LT", compare_type="SIGNED"))))
    round_trips(text)
    compile_module(text)
    refused = text.replace("comparison_type SIGNED", "comparison_type FLOAT")
    assert refused != text and mlir_error(refused) is None
    with pytest.raises(ShapeError, match=r"^line 3: chlo.broadcast_compare %c: compare type FLOAT does not apply"):
        import_text(refused)
    with pytest.raises(VitirError, match="Expected comparison type SIGNED"):
        compile_module(refused)


def test_broadcast_dimensions_of_operands_of_one_rank_are_the_identity():
    # `chlo.broadcast_add %x, %x {broadcast_dimensions = array<i64: 2, 0, 0>}` of two 1x2x2 values into
    # 2x2x2: chlo's verifier infers that type, and its lowering turns two operands of one shape into a
    # plain add of the 2x2x2 result, which XLA refuses ("requires the same shape")
    from vitir.backend import compile_module
    from vitir.errors import VitirError

    fb = FunctionBuilder("g")
    x = fb.arg("x", TensorType((1, 2, 2), DType.BF16))
    with pytest.raises(ShapeError, match=r"^chlo.broadcast_add %s: broadcast_dimensions \[2, 0, 0\] must be the "
                                         r"identity \[0, 1, 2\] for operands of one rank"):
        fb.broadcast_add("s", x, x, [2, 0, 0])
    text = print_module(module(fb.ret(fb.broadcast_add("s", x, x, [0, 1, 2]))))
    round_trips(text)
    compile_module(text)
    refused = text.replace("array<i64: 0, 1, 2>", "array<i64: 2, 0, 0>")
    for result in ("-> tensor<1x2x2xbf16>", "%s : tensor<1x2x2xbf16>"):
        refused = refused.replace(result, result.replace("1x2x2", "2x2x2"))
    assert refused.count("2x2x2xbf16") == 3 and mlir_error(refused) is None
    with pytest.raises(ShapeError, match=r"^line 3: chlo.broadcast_add %s: broadcast_dimensions \[2, 0, 0\] must"):
        import_text(refused)
    with pytest.raises(VitirError, match="'stablehlo.add' op requires the same shape"):
        compile_module(refused)


def test_a_reduce_of_two_float_precisions_is_valid_stablehlo_that_xla_refuses():
    """Kept out of the evaluated graphs: XLA's HLO verifier refuses "mixed precision" in one reduce."""
    fb = FunctionBuilder("g")
    x, y = fb.arg("x", f32(3)), fb.arg("y", TensorType((3,), DType.BF16))
    body = fb.region()
    a0, a1 = body.arg("a0", f32()), body.arg("a1", TensorType((), DType.BF16))
    e0, e1 = body.arg("e0", f32()), body.arg("e1", TensorType((), DType.BF16))
    region = body.ret(body.add("s0", a0, e0), body.add("s1", a1, e1))
    inits = (fb.constant("i0", "0.0"), fb.constant("i1", "0.0", (), DType.BF16))
    text = print_module(module(fb.ret(*fb.reduce_region("r", (x, y), inits, (0,), region))))
    round_trips(text)
    from vitir.backend import compile_module
    from vitir.errors import VitirError

    with pytest.raises(VitirError, match="mixed precision is disallowed"):
        compile_module(text)


def test_evaluate_op_takes_numpy_scalars_as_rank_0_arrays():
    # a rank-0 input drawn as numpy's bool scalar, not an array: dynamic_update_slice assigned into it
    from vitir.evaluate import evaluate_op

    fb = FunctionBuilder("g")
    x, u = fb.arg("x", TensorType((), DType.I1)), fb.arg("u", TensorType((), DType.I1))
    fb.dynamic_update_slice("w", x, u, ())
    (out,) = evaluate_op(fb.ops[-1], {"x": np.True_, "u": np.False_})
    assert out.shape == () and out == np.False_



def test_evaluate_op_runs_a_collective_across_its_replicas():
    # one environment per replica ran each on a grid of one: all_reduce over [[0, 1]] refused to run
    from vitir.evaluate import evaluate_op

    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(2))
    body = fb.region()
    a, b = body.arg("a", f32()), body.arg("b", f32())
    fb.all_reduce("s", (x,), [[0, 1]], body.ret(body.add("r", a, b)))
    given = [np.array([1.0, 2.0], np.float32), np.array([10.0, -5.0], np.float32)]
    outs = evaluate_op(fb.ops[-1], [{"x": v} for v in given])
    assert [out[0].tolist() for out in outs] == [[11.0, -3.0], [11.0, -3.0]]


def test_evaluate_op_reads_a_tuple_as_given():
    # numpy made an array of the tuple (x, y) of two shapes and failed
    from vitir.evaluate import evaluate_op

    fb = FunctionBuilder("g")
    x, y = fb.arg("x", f32(2)), fb.arg("y", f32(3))
    both = fb.tuple("p", [x, y])
    fb.get_tuple_element("e", both, 1)
    pair = (np.zeros(2, np.float32), np.arange(3, dtype=np.float32))
    (out,) = evaluate_op(fb.ops[-1], {"p": pair})
    assert out.tolist() == [0.0, 1.0, 2.0]

@pytest.mark.parametrize("op,at_run_time", [("divide", -1), ("remainder", 0)])
def test_xla_crashes_folding_an_integer_division_by_zero(op, at_run_time):
    """Found by the fuzzer (`(a - a) / (a - a)` of an i32, `(a - a) % ((a - a) & a)` of an i64): XLA's constant
    folder divides by the zero it proved, and the process dies of SIGFPE. vitir builds what the spec allows
    (integer division by zero is XLA's to define, and it does at run time: 0 / 0 = -1, 0 % 0 = 0); the
    fuzzer runs XLA in a process of its own and counts such a case as XLA's crash."""
    from tests.fuzz.xla_worker import XlaCrashed, xla

    fb = FunctionBuilder("g")
    zero = fb.constant("z", "0", (), DType.I32)
    text = print_module(module(fb.ret(getattr(fb, op)("q", zero, zero))))
    assert mlir_error(text) is None
    with pytest.raises(XlaCrashed, match=r"^the XLA process died \(signal SIGFPE\)$"):
        xla(text)
    fb = FunctionBuilder("g")
    a = fb.arg("a", TensorType((), DType.I32))
    text = print_module(module(fb.ret(getattr(fb, op)("q", a, a))))  # the same division of a value XLA cannot fold
    assert xla(text, inputs=[np.int32(0)]) == [(np.int32(at_run_time),)]


def test_xla_crashes_compiling_a_remainder_of_complex_values():
    """Found by the fuzzer: the spec takes remainder of complex operands (its meaning there is still to be
    written, "TBD"), MLIR's verifier takes it, and XLA's CPU compiler dies of SIGSEGV instead of refusing it;
    the fuzzer counts such a case as XLA's crash. The same op of floats compiles and runs."""
    from tests.fuzz.xla_worker import XlaCrashed, xla

    results = []
    for dtype in (DType.C64, DType.F32):
        fb = FunctionBuilder("g")
        x, y = fb.arg("x", TensorType((2,), dtype)), fb.arg("y", TensorType((2,), dtype))
        text = print_module(module(fb.ret(fb.remainder("r", x, y))))
        assert mlir_error(text) is None
        results.append(text)
    with pytest.raises(XlaCrashed, match=r"^the XLA process died \(signal SIGSEGV\)$"):
        xla(results[0], inputs=[np.complex64([1 + 2j, 3]), np.complex64([2, 1j])])
    (out,), = xla(results[1], inputs=[np.float32([7, -7]), np.float32([2, 2])])
    assert out.tolist() == [1, -1]  # fmod's sign: the dividend's


@pytest.mark.parametrize("shape,feature", [((0, 3), 0), ((4, 0, 2), 1), ((0, 3), 1), ((2, 3), 1)])
def test_batch_norm_reduces_over_the_product_of_the_other_dimensions(shape, feature):
    # the count of elements per feature was size // shape[feature]: 0 // 0 crashed on an empty feature
    # dimension (where every per-feature result is empty)
    fb = FunctionBuilder("g")
    x = fb.arg("x", f32(*shape))
    scale, offset = fb.arg("s", f32(shape[feature])), fb.arg("o", f32(shape[feature]))
    fn = fb.ret(*fb.batch_norm_training(("y", "m", "v"), x, scale, offset, 1e-5, feature))
    rng = np.random.default_rng(0)
    inputs = [rng.normal(size=s).astype(np.float32) for s in (shape, shape[feature], shape[feature])]
    ours, xla = both(fn, *inputs)
    other = tuple(d for d in range(len(shape)) if d != feature)
    with np.errstate(invalid="ignore"):
        exact = inputs[0].astype(np.float64).sum(axis=other) / np.prod([shape[d] for d in other])
    for o, x in zip(ours, xla):
        assert o.shape == x.shape
        np.testing.assert_allclose(o, x, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(ours[1], exact, rtol=1e-5)  # the mean, against numpy's


def test_a_decimal_integer_literal_is_no_float_attribute():
    """Found by the fuzzer: `epsilon = -1 : f32` (MLIR refuses it; xDSL read -1.0)."""
    text = module_text('%t:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = -1 : f32, '
                       "feature_index = 0 : i64}> : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, "
                       "tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)",
                       "return %x : tensor<2x3xf32>", args="%x: tensor<2x3xf32>, %s: tensor<2xf32>")
    assert "unexpected decimal integer literal for a floating point value" in mlir_error(text)
    with pytest.raises(MlirError, match="3:72: unexpected decimal integer literal for a floating point value"):
        import_text(text)
    assert mlir_error(text.replace("-1 : f32", "-1.0 : f32")) is None
    import_text(text.replace("-1 : f32", "-1.0 : f32"))


def test_fuse_all_reduce_names_two_means_of_one_value_apart():
    # two means of one value gave two reshapes one name, `%arflatx`, which MLIR's parser refuses
    import vitir.lower.fast_lowering  # noqa: F401  (registers fuse-all-reduce, as `vitir opt` imports it)
    from tests.differential import assert_same_meaning
    from vitir import passes

    # and a mean of one result of several, `%t#1`, gave `%arflatt#1`, no name at all
    fb = FunctionBuilder("g")
    x, y = fb.arg("x", f32(3)), fb.arg("y", f32(2, 2))
    _, kept = fb.optimization_barrier("t", [x, y])
    means = [fb.all_reduce_mean(f"m{i}", v, 2) for i, v in enumerate((x, kept, x))]
    before = module(fb.ret(*means))
    after = passes.run(before, "fuse-all-reduce")
    text = print_module(after)
    assert text.count("stablehlo.all_reduce") == 1 and "%arflatx_1 = " in text and "%arflatt_1 = " in text
    round_trips(text)
    assert assert_same_meaning(before, import_text(text), replicas=2) > 0
