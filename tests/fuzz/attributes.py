"""Texts with one attribute or type mutated: precision configs, dot algorithms, layouts,
composites, result accuracies, struct attributes and quantized element types.

The bases are small programs of the ops that hold those attributes (built with vitir's builder,
so MLIR takes each) and generated graphs. One mutation rewrites one of them the way a producer
might get it wrong or write it in another form MLIR takes: a precision list of 0 to 3 entries of
any word, a dot algorithm of any types and counts, a layout that is no permutation or sits on a
token, a composite of a bad name, a missing decomposition or another signature, a result
accuracy of negative or non-zero tolerances, a struct attribute with a trailing comma or an entry
twice, or an element type replaced by a uniform quantized one (everywhere it occurs, or once).

What must hold: `vitir check` refuses the text with an error naming its line, or accepts it; an
accepted text is accepted by jaxlib's MLIR parser too (but for a quantized type, which jaxlib's
parser does not read, or an op newer than jaxlib's StableHLO (NEWER_THAN_JAXLIB): then vitir's
own round trip is all that is checked), and vitir prints it
back in a form it reads again to the same text. Texts that MLIR takes and vitir refuses are
counted (jaxlib's StableHLO is older than the verifier vitir follows), not failures.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache

from tests.fuzz.checks import Failure
from vitir.errors import VitirError

_TYPES = ("f32", "bf16", "f16", "f64", "tf32", "f8E4M3FN", "f8E5M2", "i8")
_PRECISIONS = ("DEFAULT", "HIGH", "HIGHEST", "FOO", '"DEFAULT"', "#stablehlo<precision HIGH>")
_QUANTIZED = ("!quant.uniform<i8:f32, 5.000000e-01:3>", "!quant.uniform<i8:f32, 2.000000e+00>",
              "!quant.uniform<u8:f32, 1.000000e-01:128>", "!quant.uniform<i16:f32, 1.000000e+00:-5>",
              "!quant.uniform<i8:f64, 3.000000e-01:-1>", "!quant.uniform<i8<-127:127>:f32, 1.000000e+00>",
              "!quant.uniform<i4:f16, 1.000000e+05>", "!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>")


@lru_cache(maxsize=1)
def bases() -> tuple[str, ...]:
    """Programs of the ops whose attributes are mutated, as vitir prints them."""
    from vitir.ast import DType, FunctionBuilder, TensorType, TokenType, f32, module
    from vitir.ast.attributes import DotAlgorithm, GatherDimensions
    from vitir.print import print_module

    out = []

    def done(fb, *values):
        out.append(print_module(module(fb.ret(*values))))

    fb = FunctionBuilder("dots")
    a, b = fb.arg("a", f32(2, 3)), fb.arg("b", f32(3, 4))
    done(fb, fb.dot_general("d", a, b, ((1,), (0,))), fb.dot("e", a, b, precision_config=("HIGH", "HIGHEST")))
    fb = FunctionBuilder("algorithm")
    a, b = fb.arg("a", f32(2, 3)), fb.arg("b", f32(3, 4))
    done(fb, fb.dot_general("d", a, b, ((1,), (0,)), algorithm=DotAlgorithm("f32", "f32", "f32", 1, 1, 1, False)))
    fb = FunctionBuilder("conv")
    x, w = fb.arg("x", f32(1, 2, 5, 5)), fb.arg("w", f32(3, 2, 2, 2))
    done(fb, fb.convolution("c", x, w, stride=(1, 1), precision=("DEFAULT", "HIGH")))
    fb = FunctionBuilder("sums")
    x, y = fb.arg("x", f32(4, 3)), fb.arg("y", f32(4, 3))
    s = fb.add("s", x, y)
    c = fb.clamp("c", x, s, y)
    init = fb.constant("z", "0.0")
    done(fb, fb.reduce("r", c, init, [0], "maximum"), fb.multiply("m", s, c))
    fb = FunctionBuilder("accuracy")
    x = fb.arg("x", f32(3))
    done(fb, fb.exponential("e", x, "#stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, "
                                   "ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>"), fb.tanh("t", x))
    fb = FunctionBuilder("calls")
    x, t = fb.arg("x", f32(2, 3)), fb.arg("t", TokenType())
    done(fb, fb.custom_call("c", (x, t), "foo", (f32(3, 2),), operand_layouts="[dense<[1, 0]> : tensor<2xindex>, "
                            "dense<> : tensor<0xindex>]", result_layouts="[dense<[0, 1]> : tensor<2xindex>]"))
    fb = FunctionBuilder("feeds")
    t = fb.arg("t", TokenType())
    got = fb.infeed("i", t, (TensorType((2, 3), DType.I32), f32(4), TokenType()), layout="[[1, 0], [0]]")
    done(fb, got[0])
    fb = FunctionBuilder("gathers")
    x, i = fb.arg("x", f32(5, 3)), fb.arg("i", TensorType((2, 1), DType.I32))
    numbers = GatherDimensions(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,), index_vector_dim=1)
    done(fb, fb.gather("g", x, i, numbers, (1, 3)))
    return tuple(out) + (_composite_text(),)


def _composite_text() -> str:
    return ('module @m {\n'
            '  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n'
            '    %y = stablehlo.composite "my.double" %x {decomposition = @my.double} : (tensor<3xf32>) -> '
            'tensor<3xf32>\n'
            '    return %y : tensor<3xf32>\n'
            '  }\n'
            '  func.func private @my.double(%a: tensor<3xf32>) -> tensor<3xf32> {\n'
            '    %b = stablehlo.add %a, %a : tensor<3xf32>\n'
            '    return %b : tensor<3xf32>\n'
            '  }\n'
            '}\n')


def _precision(rng: random.Random, text: str) -> tuple[str, str]:
    entries = ", ".join(rng.choice(_PRECISIONS[:3] if rng.random() < 0.7 else _PRECISIONS)
                        for _ in range(rng.choice((0, 1, 1, 2, 2, 3))))
    return _rewrite(rng, text, r"(precision(?:_config)?) = \[[^\]]*\]", f"[{entries}]",
                    r"(stablehlo\.dot(?:_general)? [^:\n]*?)( : \()", "precision")


def _algorithm(rng: random.Random, text: str) -> tuple[str, str]:
    counts = (1, 1, 1, 0, -1, 3, 6)
    fields = (f"lhs_precision_type = {rng.choice(_TYPES)}, rhs_precision_type = {rng.choice(_TYPES)}, "
              f"accumulation_type = {rng.choice(_TYPES)}, lhs_component_count = {rng.choice(counts)}, "
              f"rhs_component_count = {rng.choice(counts)}, num_primitive_operations = {rng.choice(counts)}, "
              f"allow_imprecise_accumulation = {rng.choice(('false', 'false', 'true'))}")
    if rng.random() < 0.5:  # a known algorithm of the same precision, with any precision config
        t = rng.choice(("f32", "bf16", "f16"))
        fields = (f"lhs_precision_type = {t}, rhs_precision_type = {t}, accumulation_type = f32, lhs_component_count "
                  f"= 1, rhs_component_count = 1, num_primitive_operations = {rng.choice((1, 3))}, "
                  "allow_imprecise_accumulation = false")
    return _rewrite(rng, text, r"(algorithm) = <[^>]*>", f"<{fields}>", r"(stablehlo\.dot_general [^:\n]*?)( : \()",
                    "algorithm")


def _rewrite(rng: random.Random, text: str, written: str, value: str, op: str, key: str) -> tuple[str, str]:
    """One attribute `written` (its name the first group) given `value`; or, where none is written,
    `key = value` added to one op matching `op` (before the second group, its type)."""
    spots = list(re.finditer(written, text))
    if spots:
        m = rng.choice(spots)
        return text[:m.start()] + f"{m.group(1)} = {value}" + text[m.end():], f"{m.group(1)} = {value}"
    spots = list(re.finditer(op, text))
    if not spots:
        return text, f"no op for {key}"
    m = rng.choice(spots)
    return text[:m.end(1)] + f", {key} = {value}" + text[m.end(1):], f"{key} = {value} added"


def _layout(rng: random.Random, text: str) -> tuple[str, str]:
    dense = ("dense<[1, 0]> : tensor<2xindex>", "dense<[0, 1]> : tensor<2xindex>", "dense<> : tensor<0xindex>",
             "dense<0> : tensor<1xindex>", "dense<[0, 0]> : tensor<2xindex>", "dense<[2, 0]> : tensor<2xindex>")
    nested = ("[1, 0]", "[0, 1]", "[0]", "[]", "0", "[[]]", "[0, []]", "[2, 1]")
    spots = list(re.finditer(r"(operand_layouts|result_layouts) = \[[^\]]*(?:\][^\]]*)*?\](?=[,}])", text))
    spots += list(re.finditer(r"layout = \[\[.*?\]\](?=[,}])", text))
    if not spots:
        return text, "no layout"
    m = rng.choice(spots)
    key = m.group(0).split(" = ")[0]
    n = rng.choice((0, 1, 2, 2, 3))
    items = ", ".join(rng.choice(dense if key != "layout" else nested) for _ in range(n))
    return text[:m.start()] + f"{key} = [{items}]" + text[m.end():], f"{key} = [{items}]"


def _composite(rng: random.Random, text: str) -> tuple[str, str]:
    how = rng.choice(("name", "decomposition", "signature", "operand"))
    if how == "name":
        name = rng.choice(("my.op", "0.foo", "foo", "a.b.%", "x.y$z", "my_namespace.my_op", "a..b", "."))
        return re.sub(r'stablehlo\.composite "[^"]*"', f'stablehlo.composite "{name}"', text, count=1), f"name {name}"
    if how == "decomposition":
        target = rng.choice(("@nonexistent", "@main", "@my.double"))
        return text.replace("decomposition = @my.double", f"decomposition = {target}", 1), f"decomposition {target}"
    if how == "signature":
        return (text.replace("@my.double(%a: tensor<3xf32>) -> tensor<3xf32>",
                             rng.choice(("@my.double(%a: tensor<3xf64>) -> tensor<3xf32>",
                                         "@my.double(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)",
                                         "@my.double() -> tensor<3xf32>")), 1), "decomposition's signature")
    return text.replace('%y = stablehlo.composite "my.double" %x', '%y = stablehlo.composite "my.double" %x, %x',
                        1).replace("(tensor<3xf32>) -> tensor<3xf32>\n", "(tensor<3xf32>, tensor<3xf32>) -> "
                                   "tensor<3xf32>\n", 1), "an operand more"


def _accuracy(rng: random.Random, text: str) -> tuple[str, str]:
    number = ("0.000000e+00", "1.000000e-05", "-1.000000e+00", "0.0", "2.5")
    mode = rng.choice(("DEFAULT", "HIGHEST", "TOLERANCE", "TOLERANCE", "BOGUS"))
    value = (f"#stablehlo.result_accuracy<atol = {rng.choice(number)}, rtol = {rng.choice(number)}, ulps = "
             f"{rng.choice((0, 0, 1, -2))}, mode = #stablehlo.result_accuracy_mode<{mode}>>")
    spots = list(re.finditer(r"(stablehlo\.(?:exponential|tanh|log|sqrt|sine|cosine) %\w+)( \{[^\n]*\})? : ", text))
    if not spots:
        return text, "no transcendental op"
    m = rng.choice(spots)
    return text[:m.end(1)] + f" {{result_accuracy = {value}}} : " + text[m.end():], f"result_accuracy {value}"


def _struct(rng: random.Random, text: str) -> tuple[str, str]:
    spots = list(re.finditer(r"#stablehlo\.(?:gather|scatter|dot)<([^<>]*)>", text))
    spots += list(re.finditer(r"(?:contracting_dims|batching_dims) = \[[^\]]*\] x \[[^\]]*\]", text))
    if not spots:
        return text, "no struct attribute"
    m = rng.choice(spots)
    if m.group(0).startswith("#"):
        body = m.group(1)
        entries = [e.strip() for e in body.split(", ") if e.strip()]
        how = rng.choice(("trailing comma", "entry twice", "none", "reordered"))
        if how == "trailing comma":
            body = body + ","
        elif how == "entry twice" and entries:
            body = ", ".join(entries + [rng.choice(entries)])
        elif how == "none":
            body = ""
        else:
            rng.shuffle(entries)
            body = ", ".join(entries)
        return text[:m.start(1)] + body + text[m.end(1):], f"struct {how}"
    return text, "pretty dimensions"


def _quantized(rng: random.Random, text: str) -> tuple[str, str]:
    element = rng.choice(("f32", "f64", "i32", "i8"))
    spots = list(re.finditer(rf"tensor<((?:\d+x)*){element}>", text))
    if not spots:
        return text, f"no {element} type"
    q = rng.choice(_QUANTIZED)
    if rng.random() < 0.6:  # every tensor of one shape and element type: the program stays well typed
        m = rng.choice(spots)
        return text.replace(m.group(0), f"tensor<{m.group(1)}{q}>"), f"every {m.group(0)} -> {q}"
    m = rng.choice(spots)
    return text[:m.start()] + f"tensor<{m.group(1)}{q}>" + text[m.end():], f"one {m.group(0)} -> {q}"


MUTATIONS = {"precision": _precision, "algorithm": _algorithm, "layout": _layout, "composite": _composite,
             "result accuracy": _accuracy, "struct": _struct, "quantized": _quantized}
_FOR = {"precision": (0, 1, 2), "algorithm": (0, 1), "layout": (5, 6), "composite": (8,), "result accuracy": (4,),
        "struct": (0, 1, 7), "quantized": (0, 1, 2, 3, 5, 7)}


def mutated_attribute_text(seed: int) -> tuple[str, str]:
    """(the mutated text, what was done) of case `seed`."""
    rng = random.Random(seed)
    kind = rng.choice(list(MUTATIONS))
    if rng.random() < 0.15:  # a generated graph: any of its ops may hold the attribute
        from tests.fuzz.graphs import random_graph
        from vitir.print import print_module

        base = print_module(random_graph(rng)[0])
    else:
        base = bases()[rng.choice(_FOR[kind])]
    text, what = MUTATIONS[kind](rng, base)
    if rng.random() < 0.25:  # a second mutation of another kind
        other = rng.choice(list(MUTATIONS))
        text, second = MUTATIONS[other](rng, text)
        what += "; " + second
    return text, f"{kind}: {what}"


def attribute_case(seed: int, stats: Counter) -> None:
    text, what = mutated_attribute_text(seed)
    stats[f"attribute mutations: {what.split(':')[0]}"] += 1
    check_attribute_text(text, what, stats)


def check_attribute_text(text: str, what: str = "", stats: Counter | None = None) -> None:
    """Refused naming a line, or accepted by vitir and by MLIR's parser, and printed back in vitir's form."""
    from tests.fuzz.mutations import checked_import
    from tests.mlir_parser import mlir_error
    from vitir.mlir import roundtrip
    from vitir.print import print_module

    import tests.fuzz.graphs  # noqa: F401 - it loads the families module, which needs it first
    from tests.fuzz.families import NEWER_THAN_JAXLIB

    stats = stats if stats is not None else Counter()
    quantized = "!quant." in text or any(name in text for name in NEWER_THAN_JAXLIB)
    imported = checked_import(text, what)
    if imported is None:
        stats["attribute texts refused with their line"] += 1
        if not quantized and mlir_error(text) is None:
            stats["attribute texts refused that jaxlib's parser takes"] += 1
        return
    stats["attribute texts accepted"] += 1
    if quantized:
        stats["accepted with a quantized type or op newer than jaxlib (its parser reads none)"] += 1
    else:
        problem = mlir_error(text)
        if problem is not None:
            raise Failure("vitir accepts a text MLIR refuses", f"({what}): {problem}")
        stats["accepted attribute texts MLIR's parser takes"] += 1
    try:
        printed = print_module(imported)
        again = roundtrip(printed)
    except VitirError as e:
        raise Failure("vitir's form of an accepted text is refused", f"({what}): {e}") from None
    if again != printed:
        raise Failure("vitir's form does not read back to itself", f"({what})")
    if not quantized:
        problem = mlir_error(printed)
        if problem is not None:
            raise Failure("MLIR refuses vitir's form of an accepted text", f"({what}): {problem}")
