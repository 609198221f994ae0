"""StableHLO's verifier rules that vitir once missed, crashed on or applied too strictly: each an
invalid program refused at its op's line with the rule, or a valid one (of a form MLIR's parser
takes) accepted and printed back in vitir's form. The rules are the spec's and the official
verifier's (StablehloOps.cpp, TypeInference.cpp, Base.cpp); the programs are vitir's own."""

from __future__ import annotations

import pytest

from vitir.mlir import MlirError, import_text, parse_text, print_mlir

Q8 = "!quant.uniform<i8:f32, 2.000000e+00:15>"


def func(body: str, args: str, results: str, name: str = "main") -> str:
    return f"func.func @{name}({args}) -> {results} {{\n" + body.strip("\n") + "\n}\n"


def refused(text: str) -> tuple[int, str]:
    """(line, message) of vitir's one refusal of `text`, as `vitir check` reports it."""
    with pytest.raises(MlirError) as info:
        import_text(text, keep_going=True)
    (diagnostic,) = info.value.diagnostics
    return diagnostic.line, diagnostic.message.split(" (operands: ")[0]


def printed(text: str) -> str:
    """vitir's form of an accepted text, which reads back to itself (the AST prints it alike)."""
    out = print_mlir(parse_text(text).module)
    assert print_mlir(parse_text(out).module) == out
    import_text(out)  # and vitir's rules take it
    return out


# -- invalid programs that were accepted ------------------------------------------------------------

DECOMPOSITION = "func.func private @my.f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n"


@pytest.mark.parametrize("call,message", [
    ('%r = stablehlo.composite "0.f" %x {decomposition = @my.f} : (tensor<f32>) -> tensor<f32>',
     "stablehlo.composite %r: name '0.f' must be a valid namespaced op name (matching "
     '^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$, such as "my_namespace.my_op")'),
    ('%r = stablehlo.composite "my.f" %x {decomposition = @my.g} : (tensor<f32>) -> tensor<f32>',
     "stablehlo.composite: 'my.g' does not reference a valid function"),
    ('%r = stablehlo.composite "my.f" %x, %x {decomposition = @my.f} : (tensor<f32>, tensor<f32>) -> tensor<f32>',
     "stablehlo.composite: has 2 operand(s), but decomposition @my.f has 1"),
    ('%r = stablehlo.composite "my.f" %y {decomposition = @my.f} : (tensor<f64>) -> tensor<f32>',
     "stablehlo.composite: operand at index 0 has type tensor<f64>, but decomposition @my.f has type tensor<f32>"),
    ('%r = stablehlo.composite "my.f" %x {decomposition = @my.f} : (tensor<f32>) -> tensor<f64>',
     "stablehlo.composite: result at index 0 has type tensor<f64>, but decomposition @my.f has type tensor<f32>"),
])
def test_a_composite_is_named_as_an_op_and_made_of_a_function_of_its_signature(call, message):
    result = call.rsplit("-> ", 1)[1]
    text = func(f"  {call}\n  return %r : {result}", "%x: tensor<f32>, %y: tensor<f64>", result) + DECOMPOSITION
    assert refused(text) == (2, message)


DOT_ARGS = "%a: tensor<2x3xf32>, %b: tensor<3x4xf32>"


def dot_general(attributes: str) -> str:
    return func(f"  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]{attributes} : "
                "(tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %d : tensor<2x4xf32>",
                DOT_ARGS, "tensor<2x4xf32>")


def algorithm(lhs="f32", rhs="f32", accumulation="f32", lhs_count=1, rhs_count=1, operations=1, imprecise="false"):
    return (f"algorithm = <lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, accumulation_type = {accumulation}"
            f", lhs_component_count = {lhs_count}, rhs_component_count = {rhs_count}, num_primitive_operations = "
            f"{operations}, allow_imprecise_accumulation = {imprecise}>")


@pytest.mark.parametrize("attributes,message", [
    (", precision = [HIGH, DEFAULT], " + algorithm(),
     "must specify DEFAULT precision config when algorithm is set, got [HIGH, DEFAULT]"),
    (", " + algorithm(lhs_count=0), "lhs component count must be positive, got 0"),
    (", " + algorithm(rhs_count=-1), "rhs component count must be positive, got -1"),
    (", " + algorithm(operations=0), "num primitive operations must be positive, got 0"),
    (", " + algorithm("f16", "bf16"), "dot algorithm not known to be supported on any hardware: {lhs:f16, rhs:bf16, "
     "accum:f32, lhs_components:1, rhs_components:1, primitive_ops:1, imprecise:0}"),
    (", " + algorithm("bf16", "bf16", operations=3, imprecise="true"), "dot algorithm not known to be supported on "
     "any hardware: {lhs:bf16, rhs:bf16, accum:f32, lhs_components:1, rhs_components:1, primitive_ops:3, "
     "imprecise:1}"),
])
def test_dot_algorithms_follow_the_verifiers_rules(attributes, message):
    assert refused(dot_general(attributes)) == (2, "stablehlo.dot_general %d: " + message)


def test_known_dot_algorithms_are_taken():
    for given in (algorithm(), algorithm("bf16", "bf16", operations=6), algorithm("tf32", "tf32", operations=3),
                  algorithm("f8E4M3FN", "f8E5M2", imprecise="true")):
        text = dot_general(", precision = [DEFAULT, DEFAULT], " + given)
        assert given in printed(text)


INFEED = '%r:3 = "stablehlo.infeed"(%t) {{infeed_config = "", layout = {}}} : (!stablehlo.token) -> ' \
         '(tensor<2x3xi32>, tensor<i1>, !stablehlo.token)\n  return %r#0 : tensor<2x3xi32>'


@pytest.mark.parametrize("layout,message", [
    ("[[1, 0]]", "layout-attribute size must be 2 (which is the number of op-results - 1 (for token result)), but "
                 "got 1"),
    ("[[1, 0], 0]", "layout-attribute expected to have elements of type array, but got 0 : i64"),
    ("[[1, 0], [[]]]", "layout-attribute's leaf elements are expected to be of type integer, but got []"),
])
def test_an_infeed_layout_is_an_array_of_integers_per_tensor(layout, message):
    text = func("  " + INFEED.format(layout), "%t: !stablehlo.token", "tensor<2x3xi32>")
    assert refused(text) == (2, "stablehlo.infeed %r: " + message)


def test_an_infeed_layout_is_kept():
    text = func("  " + INFEED.format("[[1, 0], []]"), "%t: !stablehlo.token", "tensor<2x3xi32>")
    assert 'layout = [[1 : i64, 0 : i64], []]}> : (!stablehlo.token)' in printed(text)


CUSTOM_CALL = ('{}stablehlo.custom_call @foo(%x, %t) {{operand_layouts = [dense<[1, 0]> : tensor<2xindex>, {}], '
               'result_layouts = [{}]}} : (tensor<2x3xf32>, !stablehlo.token) -> {}\n  return')


def test_a_custom_call_layout_of_a_token_is_empty():
    text = func("  " + CUSTOM_CALL.format("", "dense<[0]> : tensor<1xindex>", "", "()"),
                "%x: tensor<2x3xf32>, %t: !stablehlo.token", "()")
    assert refused(text) == (2, "stablehlo.custom_call: only tensor types can have non-empty layout: operand #1 of "
                                "type !stablehlo.token has layout [0]")


def test_custom_call_result_layouts_are_one_per_element_of_a_tuple_result():
    result = "tuple<tensor<3x2xf32>, !stablehlo.token>"
    layouts = "dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>"
    call = CUSTOM_CALL.format("%r = ", "dense<> : tensor<0xindex>", layouts, result)
    text = func("  " + call.replace("return", "return %r : " + result), "%x: tensor<2x3xf32>, %t: !stablehlo.token",
                result)
    assert f"result_layouts = [{layouts}]}} : (tensor<2x3xf32>, !stablehlo.token) -> {result}" in printed(text)


ALIAS = ('%r = "stablehlo.custom_call"(%p, %x) {{call_target_name = "foo", output_operand_aliases = [\n'
         '    #stablehlo.output_operand_alias<output_tuple_indices = [{}],\n'
         '                                    operand_index = 0, operand_tuple_indices = [{}]>]}}\n'
         '    : (tuple<tensor<2xf32>, tensor<3xf32>>, tensor<3xf32>) -> tuple<tensor<3xf32>>\n'
         '  return %r : tuple<tensor<3xf32>>')
ALIAS_ARGS = "%p: tuple<tensor<2xf32>, tensor<3xf32>>, %x: tensor<3xf32>"


def test_output_operand_aliases_in_a_generic_custom_call():
    out = printed(func("  " + ALIAS.format(0, 1), ALIAS_ARGS, "tuple<tensor<3xf32>>"))
    assert ("stablehlo.custom_call @foo(%p, %x) {output_operand_aliases = [#stablehlo.output_operand_alias<"
            "output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>]}") in out
    assert refused(func("  " + ALIAS.format(0, 0), ALIAS_ARGS, "tuple<tensor<3xf32>>")) == (
        2, "stablehlo.custom_call %r: shapes mismatch in the output_operand_alias attribute: operand part has type "
           "tensor<2xf32> and output part has type tensor<3xf32>")
    assert refused(func("  " + ALIAS.format(1, 1), ALIAS_ARGS, "tuple<tensor<3xf32>>")) == (
        2, "stablehlo.custom_call %r: output_tuple_indices in the output_operand_alias attribute out of bounds: [1] "
           "in tuple<tensor<3xf32>>")


def test_a_constant_shape_operand_of_rng_is_the_result_shape():
    text = func("  %s = stablehlo.constant dense<[3]> : tensor<1xi64>\n"
                "  %r = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) "
                "-> tensor<4xf32>\n  return %r : tensor<4xf32>", "%a: tensor<f32>, %b: tensor<f32>", "tensor<4xf32>")
    assert refused(text) == (3, "stablehlo.rng %r: the shape operand holds [3], the result type tensor<4xf32> has [4]")


def test_a_generic_constant_value_is_of_the_result_type():
    text = func('  %c = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<2xi32>\n'
                "  return %c : tensor<2xi32>", "", "tensor<2xi32>")
    assert refused(text) == (2, "stablehlo.constant: the value's type tensor<i32> differs from the result type "
                                "tensor<2xi32>")


CONV = ("%c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {{stride = [1]}} "
        "{{batch_group_count = 1 : i64, feature_group_count = 1 : i64{}}} : (tensor<1x2x5xf32>, tensor<3x2x{}xf32>) -> "
        "tensor<1x3x{}xf32>\n  return %c : tensor<1x3x{}xf32>")


def conv(attributes: str = "", kernel: int = 2) -> str:
    out = 6 - kernel
    return func("  " + CONV.format(attributes, kernel, out, out),
                f"%x: tensor<1x2x5xf32>, %w: tensor<3x2x{kernel}xf32>", f"tensor<1x3x{out}xf32>")


def test_a_convolution_has_at_most_two_precision_entries():
    assert refused(conv(", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, "
                        "#stablehlo<precision HIGH>]")) == (
        2, "stablehlo.convolution %c: expects precision config to be empty or have <= 2 elements, got 3")


def test_a_convolution_window_is_positive():
    text = conv(kernel=0).replace("tensor<1x3x6xf32>", "tensor<1x3x6xf32>")
    assert refused(text) == (2, "stablehlo.convolution %c: expects window to have positive value for 0-th window "
                                "dimension, but got 0")


def test_a_dynamic_conv_window_is_positive():
    text = func('  %p = stablehlo.constant dense<0> : tensor<1x2xi64>\n'
                '  %c = "stablehlo.dynamic_conv"(%x, %w, %p) {dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->'
                '[b, f, 0]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x2x5xf32>, '
                'tensor<3x2x0xf32>, tensor<1x2xi64>) -> tensor<1x3x6xf32>\n  return %c : tensor<1x3x6xf32>',
                "%x: tensor<1x2x5xf32>, %w: tensor<3x2x0xf32>", "tensor<1x3x6xf32>")
    assert refused(text) == (3, "stablehlo.dynamic_conv %c: expects window to have positive value for 0-th window "
                                "dimension, but got 0")


@pytest.mark.parametrize("padding,shape", [("dense<0> : tensor<2x1xi64>", "{2, 1}"),
                                           ("dense<0> : tensor<1x2x2xi64>", "{1, 2, 2}")])
def test_a_reduce_window_padding_is_of_shape_n_by_2(padding, shape):
    text = func('  %r = "stablehlo.reduce_window"(%x, %z) ({\n'
                '  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n'
                '    %s = stablehlo.add %a, %b : tensor<f32>\n'
                '    stablehlo.return %s : tensor<f32>\n'
                f'  }}) {{window_dimensions = array<i64: 2, 1>, padding = {padding}}} : (tensor<4x3xf32>, tensor<f32>) '
                '-> tensor<3x3xf32>\n  return %r : tensor<3x3xf32>', "%x: tensor<4x3xf32>, %z: tensor<f32>",
                "tensor<3x3xf32>")
    assert refused(text) == (2, f"stablehlo.reduce_window: expects the shape of padding-attribute to be {{N, 2}}, but "
                                f"got {shape}")


RAGGED = ('%r = "chlo.ragged_dot"(%a, %b, %g) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions'
          ' = [0], rhs_batching_dimensions = [{}], lhs_contracting_dimensions = [2], '
          'rhs_contracting_dimensions = [{}], lhs_ragged_dimensions = [1], rhs_group_dimensions = [{}]>}} : '
          '(tensor<2x6x4xf32>, tensor<{}>, tensor<{}>) -> '
          'tensor<2x6x5xf32>\n  return %r : tensor<2x6x5xf32>')


@pytest.mark.parametrize("batching,contracting,group,rhs,sizes,message", [
    (0, 2, 1, "2x3x4x5xf32", "3x3xi64", "group_sizes is expected to have shape [2, 3], got [3, 3]"),
    (0, 1, 0, "2x4x5xf32", "2x3xi64", "has duplicated dimension from rhs_group_dimensions and rhs_batching_dimensions: "
                                      "0"),
])
def test_ragged_dot_group_sizes_and_group_dimensions(batching, contracting, group, rhs, sizes, message):
    text = func("  " + RAGGED.format(batching, contracting, group, rhs, sizes),
                f"%a: tensor<2x6x4xf32>, %b: tensor<{rhs}>, %g: tensor<{sizes}>", "tensor<2x6x5xf32>")
    assert refused(text) == (2, "chlo.ragged_dot %r: " + message)


def test_ragged_dot_group_sizes_of_the_batch_then_the_groups():
    text = func("  " + RAGGED.format(1, 2, 0, "3x2x4x5xf32", "2x3xi64"),
                "%a: tensor<2x6x4xf32>, %b: tensor<3x2x4x5xf32>, %g: tensor<2x3xi64>", "tensor<2x6x5xf32>")
    assert '"chlo.ragged_dot"(%a, %b, %g)' in printed(text)


def test_a_struct_attribute_names_each_entry_once():
    text = func('  %d = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<'
                "lhs_contracting_dimensions = [1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}"
                " : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %d : tensor<2x4xf32>", DOT_ARGS,
                "tensor<2x4xf32>")
    assert refused(text) == (2, "duplicated `lhs_contracting_dimensions` entry")


# -- crashes: each now vitir's error at the op's line ------------------------------------------------

def test_a_precision_written_as_a_string_is_refused():
    text = func('  %d = "stablehlo.dot"(%a, %b) {precision_config = ["HIGH", #stablehlo<precision HIGH>]} : '
                "(tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %d : tensor<2x4xf32>",
                DOT_ARGS, "tensor<2x4xf32>")
    assert refused(text) == (2, 'stablehlo.dot: "HIGH" should be of base attribute stablehlo.precision')
    line, message = refused(conv(', precision_config = ["DEFAULT"]'))
    assert (line, message) == (2, "'precision_config' failed to satisfy constraint: \"DEFAULT\" should be of base "
                                  "attribute stablehlo.precision")


def test_a_quantized_constant_holds_its_storage_type():
    text = func(f'  %c = stablehlo.constant() <{{value = dense<[1, 2]> : tensor<2xi16>}}> : () -> tensor<2x{Q8}>\n'
                f"  return %c : tensor<2x{Q8}>", "", f"tensor<2x{Q8}>")
    assert refused(text) == (2, f"stablehlo.constant: the value's type tensor<2xi16> differs from the result type "
                                f"tensor<2x{Q8}> (a quantized constant holds tensor<2xi8>)")
    out = printed(text.replace("i16", "i8"))
    assert f"%c = stablehlo.constant() <{{value = dense<[1, 2]> : tensor<2xi8>}}> : () -> tensor<2x{Q8}>" in out


def reduce_text(operand: str, init: str, body: str, result: str) -> str:
    return func(f"  %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<3x{operand}>, tensor<{init}>)"
                f" -> tensor<{result}>\n    reducer(%a: tensor<{body}>, %b: tensor<{body}>) {{\n"
                f"      %s = stablehlo.add %a, %b : tensor<{body}>\n"
                f"      stablehlo.return %s : tensor<{body}>\n    }}\n"
                f"  return %r : tensor<{result}>", f"%x: tensor<3x{operand}>, %z: tensor<{init}>", f"tensor<{result}>")


def test_a_reduce_over_quantized_elements():
    assert "applies stablehlo.add across dimensions = [0]" in printed(reduce_text(Q8, Q8, Q8, Q8))
    wide = Q8.replace("i8", "i32")
    assert f"reducer(%a: tensor<{wide}>, %b: tensor<{wide}>)" in printed(reduce_text(Q8, Q8, wide, wide))
    other = "!quant.uniform<i32:f64, 2.000000e+00:15>"
    assert refused(reduce_text(Q8, Q8, other, other)) == (
        2, f"stablehlo.reduce %r: the reducer takes (tensor<{other}>, tensor<{other}>), needs (tensor<{Q8}>, "
           f"tensor<{Q8}>)")


# -- valid programs that were refused ---------------------------------------------------------------

@pytest.mark.parametrize("line,args,result", [
    (f"%r = stablehlo.add %x, %x : tensor<2x{Q8}>", f"%x: tensor<2x{Q8}>", f"tensor<2x{Q8}>"),
    (f"%r = stablehlo.clamp %x, %x, %x : tensor<2x{Q8}>", f"%x: tensor<2x{Q8}>", f"tensor<2x{Q8}>"),
    (f"%r = stablehlo.dot %x, %y : (tensor<2x2x{Q8}>, tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> "
     "tensor<2x2x!quant.uniform<i8:f32, 1.000000e+01:50>>",
     f"%x: tensor<2x2x{Q8}>, %y: tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:3>>",
     "tensor<2x2x!quant.uniform<i8:f32, 1.000000e+01:50>>"),
    ("%r = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
     "tensor<3x4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x4xf32>",
     "%x: tensor<2x3xf32>, %y: tensor<3x4x!quant.uniform<i8:f32, 5.000000e-01>>", "tensor<2x4xf32>"),
    (f"%r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {{stride = [1]}} "
     f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : (tensor<1x4x2x{Q8}>, "
     f"tensor<2x2x3x!quant.uniform<i8:f32, 5.000000e+00:20>>) -> tensor<1x3x3x!quant.uniform<i8:f32, 1.000000e+01>>",
     f"%x: tensor<1x4x2x{Q8}>, %w: tensor<2x2x3x!quant.uniform<i8:f32, 5.000000e+00:20>>",
     "tensor<1x3x3x!quant.uniform<i8:f32, 1.000000e+01>>"),
])
def test_ops_stablehlo_allows_quantized_operands(line, args, result):
    text = func(f"  {line}\n  return %r : {result}", args, result)
    assert f"    {line}\n" in printed(text)


@pytest.mark.parametrize("line,message", [
    ("%r = stablehlo.exponential %x : tensor<2x!quant.uniform<i4:f16, 1.000000e+05>>",  # at the type, line 1
     "scale 1.000000e+05 out of expressed type range [6.103516e-05, 6.550400e+04] of f16"),
    (f"%r = stablehlo.popcnt %x : tensor<2x{Q8}>", f"stablehlo.popcnt %r: operand tensor<2x{Q8}> is of a quantized "
     "element type, which this op does not take in vitir "
     "(stablehlo.uniform_dequantize it first)"),
    (f"%r = stablehlo.maximum %x, %x : tensor<2x!quant.uniform<i8:f32:0, {{1.000000e+00,2.000000e+00}}>>",
     "stablehlo.maximum %r: operand tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>> is per-axis "
     "quantized; this op takes per-tensor quantized tensors"),
])
def test_quantized_operands_are_refused_by_name_where_an_op_takes_none(line, message):
    result = line.rsplit(" : ", 1)[1]
    assert refused(func(f"  {line}\n  return %r : {result}", f"%x: {result}", result)) == (
        1 if message.startswith("scale") else 2, message)


def collective(op: str, result: str, attributes: str) -> str:
    return func(f'  %r = "stablehlo.{op}"(%x) ({{\n'
                '  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n'
                '    %s = stablehlo.add %a, %b : tensor<f64>\n'
                '    stablehlo.return %s : tensor<f64>\n'
                f'  }}) {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>{attributes}}} : (tensor<4xf32>) -> '
                f'tensor<{result}xf64>\n  return %r : tensor<{result}xf64>', "%x: tensor<4xf32>",
                f"tensor<{result}xf64>")


@pytest.mark.parametrize("op,result,attributes", [("all_reduce", "4", ""),
                                                  ("reduce_scatter", "2", ", scatter_dimension = 0 : i64"),
                                                  ("collective_reduce", "4", "")])
def test_a_reduction_may_accumulate_in_a_wider_type(op, result, attributes):
    out = printed(collective(op, result, attributes))
    assert f": (tensor<4xf32>) -> tensor<{result}xf64>" in out
    narrow = collective(op, result, attributes).replace("f64", "f16")
    assert refused(narrow)[1].startswith(f"stablehlo.{op} %r: the computation takes (tensor<f16>, tensor<f16>) and "
                                         "returns (tensor<f16>), needs (tensor<f32>, tensor<f32>) -> tensor<f32>")


def test_a_dot_general_with_one_precision_entry():
    assert "precision = [HIGHEST]" in printed(dot_general(", precision = [HIGHEST]"))


ACCURACY = ("#stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = "
            "#stablehlo.result_accuracy_mode<TOLERANCE>>")


@pytest.mark.parametrize("op", ["exponential", "log", "sqrt", "rsqrt", "tanh", "logistic", "cbrt", "sine", "cosine",
                                "tan", "log_plus_one", "exponential_minus_one"])
def test_result_accuracy_of_the_transcendental_ops(op):
    generic = func(f'  %r = "stablehlo.{op}"(%x) {{result_accuracy = {ACCURACY}}} : (tensor<3xf32>) -> tensor<3xf32>\n'
                   "  return %r : tensor<3xf32>", "%x: tensor<3xf32>", "tensor<3xf32>")
    assert f"%r = stablehlo.{op} %x {{result_accuracy = {ACCURACY}}} : tensor<3xf32>" in printed(generic)


@pytest.mark.parametrize("accuracy,message", [
    (ACCURACY.replace("TOLERANCE", "DEFAULT"), "invalid tolerances for ResultAccuracyAttr with mode DEFAULT, must be "
                                               "all zero"),
    (ACCURACY.replace("ulps = 2", "ulps = -2"), "negative tolerance in"),
])
def test_result_accuracy_rules(accuracy, message):
    text = func(f"  %r = stablehlo.exponential %x {{result_accuracy = {accuracy}}} : tensor<3xf32>\n"
                "  return %r : tensor<3xf32>", "%x: tensor<3xf32>", "tensor<3xf32>")
    line, got = refused(text)
    assert line == 2 and got.startswith("stablehlo.exponential %r: " + message)


def test_raw_convolution_dimension_numbers():
    raw = ("#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1,\n"
           "    input_spatial_dimensions = [2], kernel_input_feature_dimension = 1, "
           "kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2], output_batch_dimension = 0, "
           "output_feature_dimension = 1, "
           "output_spatial_dimensions = [2],>")
    text = func(f'  %c = "stablehlo.convolution"(%x, %w) {{window_strides = array<i64: 1>, dimension_numbers = {raw}, '
                "batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5xf32>, tensor<3x2x2xf32>) "
                "-> tensor<1x3x4xf32>\n  return %c : tensor<1x3x4xf32>", "%x: tensor<1x2x5xf32>, %w: tensor<3x2x2xf32>",
                "tensor<1x3x4xf32>")
    assert "dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0]," in printed(text)


def test_a_module_attribute_struct_with_a_trailing_comma():
    text = ("module attributes {my.gather = #stablehlo.gather<\n  offset_dims = [1],\n  collapsed_slice_dims = [0],\n"
            "  start_index_map = [0],\n  index_vector_dim = 1,\n>} {\n}\n")
    assert printed(text) == ("module attributes {my.gather = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims"
                             " = [0], start_index_map = [0], index_vector_dim = 1>} {\n}\n")


def test_the_generic_constant_form_of_the_constant_parser():
    text = func("  %c = stablehlo.constant() {value = dense<[1.5, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>\n"
                "  return %c : tensor<2xf32>", "", "tensor<2xf32>")
    assert "    %c = stablehlo.constant dense<[1.5, 2.0]> : tensor<2xf32>\n" in printed(text)


def test_a_quantized_add_of_another_result_scale_is_refused_saying_why():
    other = Q8.replace("2.000000e+00", "4.000000e+00")
    text = func(f"  %r = stablehlo.add %x, %x : (tensor<2x{Q8}>, tensor<2x{Q8}>) -> tensor<2x{other}>\n"
                f"  return %r : tensor<2x{other}>", f"%x: tensor<2x{Q8}>", f"tensor<2x{other}>")
    line, message = refused(text)
    assert (line, message) == (2, f"stablehlo.add %r: result type annotation tensor<2x{other}> differs from the "
                                  "inferred "
                                  f"tensor<2x{Q8}> (vitir infers the result of quantized operands as their type; "
                                  "other scales or zero points are not supported here)")


def test_fmt_prints_the_ops_the_ast_cannot_hold_without_an_exception():
    # a result type the AST cannot hold (a per-axis type of the wrong scale count, a dynamic constant): noted as
    # not shape-checked by `vitir fmt`, printed as written, never a Python exception
    from vitir.mlir.parse import verify_module

    bad = "tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30}>>"
    text = func(f"  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : ({bad}, "
                "tensor<!quant.uniform<i8:f32, 1.000000e-01:-30>>) -> tensor<!quant.uniform<i8:f32, 1.000000e-01:-30>>"
                "\n  return %r : tensor<!quant.uniform<i8:f32, 1.000000e-01:-30>>",
                f"%x: {bad}, %z: tensor<!quant.uniform<i8:f32, 1.000000e-01:-30>>",
                "tensor<!quant.uniform<i8:f32, 1.000000e-01:-30>>")
    parsed = parse_text(text, verify=False)
    unchecked = []
    verify_module(parsed, unchecked)
    assert [d.line for d in unchecked] == [2]
    out = print_mlir(parsed.module)
    assert f"%r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : ({bad}, " in out
    with pytest.raises(MlirError):
        import_text(text)
