"""rng_bit_generator bit for bit against XLA's CPU backend and the spec's example, bitcast_convert
against numpy's views and XLA, rng's distributions; their rules and text."""

from __future__ import annotations

import re

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.numpy_dtypes import numpy_dtype
from vitir.print import print_module

U64 = DType.UI64


def generator(algorithm: str, words: int, output: TensorType):
    fb = FunctionBuilder("main")
    state = fb.arg("state", TensorType((words,), U64))
    return module(fb.ret(*fb.rng_bit_generator(("next", "bits"), state, algorithm, output)))


def test_three_fry_gives_the_specs_example():
    mod = generator("THREE_FRY", 2, TensorType((2, 2), U64))
    new_state, bits = evaluate(mod, np.array([1, 2], np.uint64))
    assert new_state.tolist() == [1, 6]
    assert bits.tolist() == [[9236835810183407956, 16087790271692313299],
                             [18212823393184779219, 2658481902456610144]]


# Outputs that exercise XLA's layout of the generators' words (odd, even and unit dimensions, rank 0)
# in elements of 8 to 64 bits.
OUTPUTS = [((), DType.UI64), ((3,), DType.UI32), ((2, 2), DType.F32), ((3, 5), DType.UI8), ((2, 3, 4), DType.BF16),
           ((7, 1), DType.I64), ((3, 5), DType.UI32), ((3,), DType.F64)]


@pytest.mark.parametrize("algorithm,words", [("THREE_FRY", 2), ("PHILOX", 2), ("PHILOX", 3), ("DEFAULT", 3)])
def test_rng_bit_generator_is_xlas_bit_for_bit(algorithm, words):
    fb = FunctionBuilder("main")
    state = fb.arg("state", TensorType((words,), U64))
    outs = [v for k, (shape, element) in enumerate(OUTPUTS)
            for v in fb.rng_bit_generator(f"g{k}", state, algorithm, TensorType(shape, element))]
    mod = module(fb.ret(*outs))
    start = np.array([0x0123456789ABCDEF, 0xFFFFFFFFFFFFFFFA, 5][:words], np.uint64)  # the counter wraps
    want = compile_module(print_module(mod)).run(start)
    got = evaluate(mod, start)
    for w, g, r in zip(want, got, mod.main.ret.operands, strict=True):
        assert g.dtype == numpy_dtype(r.type.dtype) and w.shape == g.shape == r.type.shape
        # XLA's CPU hands f32 and bf16 outputs back as unsigned integers of their bits
        assert w.reshape(-1).view(np.uint8).tolist() == g.reshape(-1).view(np.uint8).tolist(), r.type


def test_rng_bit_generator_refuses_a_state_its_algorithm_cannot_use():
    mod = generator("THREE_FRY", 3, TensorType((2,), U64))
    with pytest.raises(ValueError, match=r"^stablehlo.rng_bit_generator %next: THREE_FRY needs a state of 2 64-bit "
                                         r"words, got tensor<3xui64>$"):
        evaluate(mod, np.zeros(3, np.uint64))


# -- bitcast_convert ------------------------------------------------------------------------------------

def bitcast(value: np.ndarray, source: DType, target: TensorType):
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType(value.shape, source))
    return module(fb.ret(fb.bitcast_convert("y", x, target)))


@pytest.mark.parametrize("source,shape,target,target_shape", [
    (DType.F32, (2, 3), DType.I32, (2, 3)),
    (DType.F64, (2,), DType.F16, (2, 4)),
    (DType.I8, (3, 4), DType.UI32, (3,)),
    (DType.BF16, (2,), DType.I16, (2,)),
    (DType.C128, (2,), DType.C64, (2, 2)),
    (DType.UI16, (5, 2), DType.F32, (5,)),
])
def test_bitcast_convert_reads_the_bytes_little_endian_as_xla(source, shape, target, target_shape):
    raw = np.random.default_rng(3).integers(0, 256, int(np.prod(shape)) * np.dtype(numpy_dtype(source)).itemsize,
                                            dtype=np.uint8)
    value = raw.view(numpy_dtype(source)).reshape(shape)
    if source.is_float or source.is_complex:  # no NaN payloads: numpy may quiet them on the way
        value = np.where(np.isfinite(value), value, 1).astype(numpy_dtype(source))
    mod = bitcast(value, source, TensorType(target_shape, target))
    (got,) = evaluate(mod, value)
    expected = np.ascontiguousarray(value).view(numpy_dtype(target)).reshape(target_shape)
    assert got.dtype == expected.dtype
    assert got.tobytes() == expected.tobytes()
    if not source.is_complex:  # XLA refuses bitcasts of complex types ("conversion between complex and real")
        (want,) = compile_module(print_module(mod)).run(value)
        assert got.tobytes() == np.ascontiguousarray(want).tobytes()


def test_bitcast_convert_of_bits_narrower_than_a_byte():
    bits = np.random.default_rng(5).integers(0, 2, (3, 64)).astype(bool)
    (packed,) = evaluate(bitcast(bits, DType.I1, TensorType((3,), DType.I64)), bits)
    assert packed.tolist() == np.packbits(bits, axis=1, bitorder="little").view(np.int64).reshape(3).tolist()
    (unpacked,) = evaluate(bitcast(packed, DType.I64, TensorType((3, 64), DType.I1)), packed)
    assert unpacked.tolist() == bits.tolist()
    nibbles = np.array([[-8, 7], [1, -1]], numpy_dtype(DType.I4))
    (byte,) = evaluate(bitcast(nibbles, DType.I4, TensorType((2,), DType.UI8)), nibbles)
    assert byte.tolist() == [0x78, 0xF1]  # the first element in the low nibble


# -- rng -------------------------------------------------------------------------------------------------

def rng_module(distribution: str, element: DType, shape=(100, 200)):
    fb = FunctionBuilder("main")
    a, b = fb.arg("a", TensorType((), element)), fb.arg("b", TensorType((), element))
    dims = fb.constant_array("dims", list(shape), (len(shape),), DType.I64)
    return module(fb.ret(fb.rng("r", a, b, dims, distribution, TensorType(shape, element))))


def test_rng_draws_from_its_distribution_and_repeats_per_evaluation():
    (normal,) = evaluate(rng_module("NORMAL", DType.F32), np.float32(3.0), np.float32(0.5))
    assert normal.dtype == np.float32 and abs(normal.mean() - 3.0) < 0.02 and abs(normal.std() - 0.5) < 0.02
    (uniform,) = evaluate(rng_module("UNIFORM", DType.F32), np.float32(-1.0), np.float32(2.0))
    assert uniform.min() >= -1.0 and uniform.max() < 2.0 and abs(uniform.mean() - 0.5) < 0.03
    (ints,) = evaluate(rng_module("UNIFORM", DType.I32), np.int32(-2), np.int32(3))
    assert ints.dtype == np.int32 and sorted(set(ints.ravel().tolist())) == [-2, -1, 0, 1, 2]
    (again,) = evaluate(rng_module("NORMAL", DType.F32), np.float32(3.0), np.float32(0.5))
    np.testing.assert_array_equal(again, normal)
    first, second = evaluate(rng_module("UNIFORM", DType.F32, (8,)), [[1.0, 2.0], [1.0, 2.0]], replicas=2)
    assert first[0].tolist() != second[0].tolist()  # each process has a generator of its own


# -- rules and text ---------------------------------------------------------------------------------------

ERRORS = {
    "rng normal of integers": (lambda fb, x, a, i, sh, s: fb.rng("r", i, i, sh, "NORMAL",
                                                                  TensorType((2, 2), DType.I32)),
                               "stablehlo.rng %r: needs a floating-point result for the NORMAL distribution, got i32"),
    "rng rank": (lambda fb, x, a, i, sh, s: fb.rng("r", a, a, sh, "UNIFORM", f32(2, 2, 2)),
                 "stablehlo.rng %r: shape tensor<2xi64> holds 2 dimensions for the result tensor<2x2x2xf32> of rank 3"),
    "rng element types": (lambda fb, x, a, i, sh, s: fb.rng("r", a, i, sh, "UNIFORM", f32(2, 2)),
                          "stablehlo.rng %r: a, b and the result must share one element type, got f32, i32 and f32"),
    "rng distribution": (lambda fb, x, a, i, sh, s: fb.rng("r", a, a, sh, "LAPLACE", f32(2, 2)),
                         "stablehlo.rng %r: unknown rng distribution 'LAPLACE' (known: UNIFORM, NORMAL)"),
    "generator output": (lambda fb, x, a, i, sh, s: fb.rng_bit_generator(("n", "o"), s, "PHILOX",
                                                                         TensorType((2,), DType.C64)),
                         "stablehlo.rng_bit_generator %n: needs an integer or floating-point output, got complex<f32>"),
    "generator algorithm": (lambda fb, x, a, i, sh, s: fb.rng_bit_generator(("n", "o"), s, "MT19937", f32(2)),
                            "stablehlo.rng_bit_generator %n: unknown rng algorithm 'MT19937' (known: DEFAULT, "
                            "THREE_FRY, PHILOX)"),
    "bitcast widths": (lambda fb, x, a, i, sh, s: fb.bitcast_convert("b", x, TensorType((2, 2), DType.F64)),
                       "stablehlo.bitcast_convert %b: tensor<2x4xf32> must be tensor<2x2xf64> with one more dimension "
                       "of 64 / 32 bits = 2"),
    "bitcast narrower": (lambda fb, x, a, i, sh, s: fb.bitcast_convert("b", x, TensorType((2, 4), DType.I16)),
                         "stablehlo.bitcast_convert %b: tensor<2x4xi16> must be tensor<2x4xf32> with one more "
                         "dimension of 32 / 16 bits = 2"),
    "bitcast complex": (lambda fb, x, a, i, sh, s: fb.bitcast_convert("b", x, TensorType((2, 4), DType.C64)),
                        "stablehlo.bitcast_convert %b: cannot bitcast between real and complex types: tensor<2x4xf32> "
                        "to tensor<2x4xcomplex<f32>>"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_rules_refuse_what_mlir_refuses(case):
    build, message = ERRORS[case]
    fb = FunctionBuilder("main")
    args = (fb.arg("x", f32(2, 4)), fb.arg("a", f32()), fb.arg("i", TensorType((), DType.I32)),
            fb.arg("sh", TensorType((2,), DType.I64)), fb.arg("s", TensorType((2,), U64)))
    with pytest.raises(ShapeError) as error:
        build(fb, *args)
    assert str(error.value).split(" (operands: ")[0] == message


def ops(text: str) -> list[str]:
    """The op lines, each op's results and operands without their names (`%a, %b = ` and `%r:2 = ` alike)."""
    lines = [line for line in text.splitlines() if " = " in line]
    return [re.sub(r"%[\w#]+", "%", re.sub(r"^\s*%.*? = ", "", line)) for line in lines]


def test_text_is_mlirs_and_round_trips():
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    fb = FunctionBuilder("main")
    s, a, sh = fb.arg("s", TensorType((2,), U64)), fb.arg("a", f32()), fb.arg("sh", TensorType((2,), DType.I64))
    outs = (*fb.rng_bit_generator(("next", "bits"), s, "THREE_FRY", f32(3)),
            *fb.rng_bit_generator("gen", s, "PHILOX", TensorType((2, 2), DType.UI32)),
            fb.rng("normal", a, a, sh, "NORMAL", f32(3, 3)), fb.rng("uniform", a, a, sh, "UNIFORM", f32(1, 2)),
            fb.bitcast_convert("halves", s, TensorType((2, 4), DType.F16)))
    text = print_module(module(fb.ret(*outs)))
    assert ("    %next, %bits = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> "
            "(tensor<2xui64>, tensor<3xf32>)\n") in text
    assert "    %gen:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : " in text
    assert ("    %normal = stablehlo.rng %a, %a, %sh, distribution = NORMAL : (tensor<f32>, tensor<f32>, "
            "tensor<2xi64>) -> tensor<3x3xf32>\n") in text
    assert "    %halves = stablehlo.bitcast_convert %s : (tensor<2xui64>) -> tensor<2x4xf16>\n" in text
    jax_text = str(ir.Module.parse(text, context=jax_mlir.make_ir_context()))
    assert ops(text) == ops(jax_text)
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text
    generic = '%r:2 = "stablehlo.rng_bit_generator"(%s) <{rng_algorithm = #stablehlo<rng_algorithm PHILOX>}> :'
    assert "rng_bit_generator %s, algorithm = PHILOX" in roundtrip(text.replace(
        "%gen:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX :", generic).replace("%gen#", "%r#"))
