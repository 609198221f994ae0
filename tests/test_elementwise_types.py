"""Elementwise ops across the element-type table, against XLA through PJRT on the same text, bit for bit
where XLA computes what StableHLO's spec says, and against Python's integers where it does not:
wrap-around integers of every width (i2 to ui64), unsigned comparison, f64 kept f64, f16/bf16/f8
computed in f32 and rounded per op, complex arithmetic, integer power.

Where XLA's CPU backend departs from the spec the evaluator follows the spec (the conformance suite's
expected values), and the tests say so: XLA flushes subnormals to zero (so no edge value here is
subnormal), its integer power reads only the low 6 bits of the exponent (and an unsigned exponent with
its top bit set as negative), and its popcnt of an i4 counts the bits of the sign-extended byte.
"""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, TensorType, module
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.numpy_dtypes import numpy_dtype
from vitir.print import print_module

INTEGERS = [DType.I2, DType.I4, DType.I8, DType.I16, DType.I32, DType.I64,
            DType.UI2, DType.UI4, DType.UI8, DType.UI16, DType.UI32, DType.UI64]
# The XLA sweeps compile some thirty ops per type: these widths, like their neighbours, run with the slow tests.
SLOW_SWEEP = {DType.I16, DType.UI16, DType.UI2, DType.F8E5M2, DType.F16}


def sweep(dtypes):
    return [pytest.param(d, id=d.value, marks=[pytest.mark.slow] if d in SLOW_SWEEP else []) for d in dtypes]


def integer_edges(dtype: DType) -> list[int]:
    lo, hi = dtype.min, dtype.max
    values = {lo, lo + 1, 0, 1, 2, 3, hi - 1, hi, hi // 2, hi // 2 + 1, -1, -2}
    return sorted(v for v in values if lo <= v <= hi)


def pairs(values, dtype: DType, others=None):
    """Every (value, other) pair, as two flat arrays of the element type."""
    target = numpy_dtype(dtype)
    column = [np.array(v, np.int64 if isinstance(v, int) and v < 2 ** 63 else np.uint64 if isinstance(v, int)
                       else np.float64).astype(target) for v in values]
    row = [np.array(v, np.int64 if isinstance(v, int) and v < 2 ** 63 else np.uint64 if isinstance(v, int)
                    else np.float64).astype(target) for v in (values if others is None else others)]
    return (np.array([p for p in column for _ in row], target), np.array([q for _ in column for q in row], target))


def run_both(build, dtype_of_args, *arrays):
    """Evaluator and XLA results of the function `build(fb, *args)` returns."""
    fb = FunctionBuilder("main")
    args = [fb.arg(f"a{i}", TensorType(a.shape, dtype_of_args)) for i, a in enumerate(arrays)]
    results = build(fb, *args)
    mod = module(fb.ret(*results))
    ours = evaluate(mod, *arrays)
    xla = compile_module(print_module(mod), platform="cpu")(*arrays)
    return ours, [np.asarray(x) for x in xla]


def same_bits(got: np.ndarray, want: np.ndarray, what: str = "") -> None:
    assert got.dtype == want.dtype and got.shape == want.shape, (what, got.dtype, want.dtype)
    if got.dtype.kind == "c":
        same_bits(got.real.copy(), want.real.copy(), what + " (real)")
        same_bits(got.imag.copy(), want.imag.copy(), what + " (imag)")
        return
    if got.dtype.kind in "iub":
        np.testing.assert_array_equal(got, want, err_msg=what)
        return
    view = f"u{got.dtype.itemsize}"
    nan = np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))  # a NaN's bits mean nothing
    differ = (np.ascontiguousarray(got).view(view) != np.ascontiguousarray(want).view(view)) & ~nan
    assert not differ.any(), f"{what}: {got[differ][:4]} vs {want[differ][:4]}"


# -- integers: every width wraps around, as XLA's integers do ---------------------------------------------

BINARY_INTEGER = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and_", "or_", "xor",
                  "shift_left", "shift_right_arithmetic", "shift_right_logical"]


@pytest.mark.parametrize("dtype", sweep(INTEGERS))
def test_integer_ops_agree_with_xla_bit_for_bit(dtype):
    a, b = pairs(integer_edges(dtype), dtype)
    unary = ["negate", "not_", "count_leading_zeros"] + (["abs", "sign"] if dtype.is_signed else [])
    if dtype.bits >= 8:
        unary.append("popcnt")  # of i2/i4 XLA counts the sign-extended byte: tested below against Python

    def build(fb, x, y):
        return ([getattr(fb, op)(op.rstrip("_"), x, y) for op in BINARY_INTEGER]
                + [getattr(fb, op)(op.rstrip("_") + "1", x) for op in unary])

    ours, xla = run_both(build, dtype, a, b)
    for name, got, want in zip(BINARY_INTEGER + unary, ours, xla, strict=True):
        same_bits(got, want, f"{name} {dtype.value}")


def wrap(value: int, dtype: DType) -> int:
    span = 1 << dtype.bits
    return (value - dtype.min) % span + dtype.min


@pytest.mark.parametrize("dtype", INTEGERS, ids=lambda d: d.value)
def test_integer_ops_wrap_as_python_integers_modulo_the_width(dtype):
    values = integer_edges(dtype)
    a, b = pairs(values, dtype)
    fb = FunctionBuilder("main")
    x, y = fb.arg("x", TensorType(a.shape, dtype)), fb.arg("y", TensorType(a.shape, dtype))
    ops = [fb.add("s", x, y), fb.multiply("p", x, y), fb.negate("n", x), fb.popcnt("c", x),
           fb.count_leading_zeros("z", x), fb.xor("e", x, y)]
    got = [g.astype(object) for g in evaluate(module(fb.ret(*ops)), a, b)]
    bits = dtype.bits
    for i, (p, q) in enumerate(zip(a.tolist(), b.tolist())):
        unsigned = p % (1 << bits)  # the two's-complement bits
        assert got[0][i] == wrap(p + q, dtype)
        assert got[1][i] == wrap(p * q, dtype)
        assert got[2][i] == wrap(-p, dtype)
        assert got[3][i] == wrap(bin(unsigned).count("1"), dtype)  # a count of 2 in i2 is -2
        assert got[4][i] == wrap(bits - unsigned.bit_length(), dtype)
        assert got[5][i] == wrap((unsigned ^ (q % (1 << bits))), dtype)


@pytest.mark.parametrize("dtype", INTEGERS, ids=lambda d: d.value)
def test_shifts_by_amounts_outside_the_width_give_zero_or_the_sign(dtype):
    values = [v for v in integer_edges(dtype)]
    amounts = sorted({0, 1, dtype.bits - 1, dtype.bits, dtype.bits + 1, dtype.max} | ({-1} if dtype.is_signed else set()))
    x, s = pairs(values, dtype, amounts)
    ours, xla = run_both(lambda fb, p, q: [fb.shift_left("l", p, q), fb.shift_right_arithmetic("a", p, q),
                                           fb.shift_right_logical("r", p, q)], dtype, x, s)
    for got, want in zip(ours, xla):
        same_bits(got, want, dtype.value)
    bits = dtype.bits
    for i, (p, q) in enumerate(zip(x.tolist(), s.tolist())):
        bits_of_p, amount = p % (1 << bits), q % (1 << bits)  # an amount reads as unsigned
        signed_p = bits_of_p - (1 << bits) if bits_of_p >> (bits - 1) else bits_of_p
        inside = amount < bits
        assert int(ours[0][i]) == (wrap(bits_of_p << amount, dtype) if inside else 0)
        assert int(ours[1][i]) == wrap(signed_p >> (amount if inside else bits - 1), dtype)
        assert int(ours[2][i]) == (wrap(bits_of_p >> amount, dtype) if inside else 0)


@pytest.mark.parametrize("dtype", [DType.I8, DType.I32, DType.I64, DType.UI8, DType.UI32, DType.UI64, DType.I4],
                         ids=lambda d: d.value)
def test_integer_power_wraps_and_agrees_with_xla_for_small_exponents(dtype):
    bases = integer_edges(dtype)
    exponents = [e for e in [0, 1, 2, 3, 5, 7, 31, 63, -1, -2, -3] if dtype.min <= e <= dtype.max]
    x, n = pairs(bases, dtype, exponents)
    ours, xla = run_both(lambda fb, p, q: [fb.power("r", p, q)], dtype, x, n)
    same_bits(ours[0], xla[0], dtype.value)
    # Exponents XLA reads wrongly (64 and more): the evaluator's are Python's, wrapped.
    big = [e for e in [64, 100, dtype.max] if e <= dtype.max]
    fb = FunctionBuilder("main")
    p, q = fb.arg("p", TensorType((len(bases) * len(big),), dtype)), fb.arg("q", TensorType((len(bases) * len(big),), dtype))
    a, b = pairs(bases, dtype, big)
    (got,) = evaluate(module(fb.ret(fb.power("r", p, q))), a, b)
    assert [int(v) for v in got] == [wrap(pow(base, e, 1 << 64), dtype) for base, e in zip(a.tolist(), b.tolist())]


@pytest.mark.parametrize("dtype", [DType.UI4, DType.UI8, DType.UI16, DType.UI32, DType.UI64], ids=lambda d: d.value)
def test_unsigned_compare_orders_the_top_half_above_the_bottom(dtype):
    a, b = pairs(integer_edges(dtype), dtype)
    directions = ["EQ", "NE", "GE", "GT", "LE", "LT"]
    ours, xla = run_both(lambda fb, x, y: [fb.compare(d.lower(), x, y, d) for d in directions], dtype, a, b)
    python = {"EQ": int.__eq__, "NE": int.__ne__, "GE": int.__ge__, "GT": int.__gt__, "LE": int.__le__,
              "LT": int.__lt__}
    for d, got, want in zip(directions, ours, xla):
        same_bits(got, want, d)
        assert got.tolist() == [python[d](p, q) for p, q in zip(a.tolist(), b.tolist())]
    assert "UNSIGNED" in print_module(module(_compare_function(dtype)))


def _compare_function(dtype):
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((2,), dtype))
    return fb.ret(fb.compare("c", x, x, "LT"))


# -- floats: f64 stays f64; narrower floats compute in f32, rounded after each op ------------------------------

FLOAT_EDGES = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0, -1.0, 3.0, 7.0, -7.0, 0.1, 1e-3, 100.0, -30.0, 0.75, 12.0]
FLOAT_BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder", "power", "atan2"]
FLOAT_UNARY = ["negate", "abs", "sign", "sqrt", "rsqrt", "exponential", "log", "tanh", "sine", "cosine", "tan",
               "floor", "ceil", "round_nearest_even", "round_nearest_afz", "cbrt", "logistic", "log_plus_one",
               "exponential_minus_one", "is_finite"]


def float_edges(dtype: DType) -> np.ndarray:
    specials = [np.inf, -np.inf, np.nan] if dtype.format.has_infinity else [np.nan]
    return np.asarray(FLOAT_EDGES + specials, np.float64).astype(numpy_dtype(dtype))


def float_ops(fb, x, y):
    return ([getattr(fb, op)(op, x, y) for op in FLOAT_BINARY]
            + [getattr(fb, op)(op + "1", x) for op in FLOAT_UNARY])


def ulp_distance(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """How many representable values of the type lie between got and want (0 where both are NaN)."""
    n = 8 * got.dtype.itemsize

    def key(x):  # the bits as a signed magnitude, in float64 (exact below 2^53, and near enough above)
        bits = np.ascontiguousarray(x).view(f"u{got.dtype.itemsize}").astype(np.uint64)
        magnitude = (bits & np.uint64((1 << (n - 1)) - 1)).astype(np.float64)
        return np.where(bits >> np.uint64(n - 1) == 1, -magnitude, magnitude)

    distance = np.abs(key(got) - key(want))
    nan = np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    return np.where(nan, 0, distance).astype(np.float64)


# IEEE's correctly rounded ops, and those exact by construction: XLA's results bit for bit.
EXACT_FLOAT = {"add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder", "negate", "abs", "sign",
               "sqrt", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "is_finite"}
# The others are XLA's own approximations: within this many ulps of the type (f16 and narrower round the
# same f32 values, so they rarely differ at all).
ULPS = {DType.F64: 2, DType.F32: 3, DType.F16: 1, DType.BF16: 1, DType.F8E4M3FN: 1, DType.F8E5M2: 1}


@pytest.mark.parametrize("dtype", sweep(ULPS))
def test_float_ops_agree_with_xla_exactly_or_within_ulps(dtype):
    a, b = pairs(float_edges(dtype).tolist(), dtype)
    ours, xla = run_both(float_ops, dtype, a, b)
    for name, got, want in zip(FLOAT_BINARY + FLOAT_UNARY, ours, xla, strict=True):
        if name in EXACT_FLOAT:
            same_bits(got, want, f"{name} {dtype.value}")
            continue
        assert got.dtype == want.dtype
        distance = ulp_distance(got, want)
        assert distance.max() <= ULPS[dtype], f"{name} {dtype.value}: {distance.max()} ulps"


def test_f64_is_not_rounded_through_f32():
    """1 + 2^-40 and its square root exist only in f64; an evaluator that computed in f32 would give 1."""
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((3,), DType.F64))
    y = fb.arg("y", TensorType((3,), DType.F64))
    fns = [fb.add("s", x, y), fb.sqrt("r", fb.multiply("p", x, y)), fb.divide("d", x, y), fb.subtract("m", x, y)]
    mod = module(fb.ret(*fns))
    a = np.array([1.0, 1e300, 0.1], np.float64)
    b = np.array([2.0 ** -40, 1e-300, 0.2], np.float64)
    ours = evaluate(mod, a, b)
    xla = compile_module(print_module(mod), platform="cpu")(a, b)
    for got, want in zip(ours, xla):
        same_bits(got, np.asarray(want))
    assert ours[0][0] == 1.0 + 2.0 ** -40 != 1.0 and ours[0][2] == 0.1 + 0.2  # 0.30000000000000004, f64's sum
    assert ours[1][1] == 1.0 and ours[2][1] == 1e300 / 1e-300  # 1e600 overflows f32, not f64


# -- complex ---------------------------------------------------------------------------------------------------

COMPLEX_UNARY = ["exponential", "log", "sqrt", "rsqrt", "tanh", "sine", "cosine", "tan", "abs", "sign",
                 "log_plus_one", "exponential_minus_one", "logistic"]
COMPLEX_EXACT = ["add", "subtract", "multiply", "negate", "real", "imag"]


@pytest.mark.parametrize("dtype,rtol", [(DType.C64, 4e-7), (DType.C128, 1e-15)], ids=["c64", "c128"])
def test_complex_arithmetic_agrees_with_xla(dtype, rtol):
    """Off the branch cuts (where numpy, as the spec's interpreter, keeps the sign of a zero imaginary part
    and XLA does not): the exact ops bit for bit, the rest within a few ulps (power, exp(w log z), within
    ten times that)."""
    parts = [1.0, -2.5, 0.5, 3.0, -0.75]
    values = np.array([complex(r, i) for r in parts for i in parts], numpy_dtype(dtype))
    a, b = np.meshgrid(values, values, indexing="ij")
    x, y = a.ravel(), b.ravel()

    def build(fb, p, q):
        made = fb.complex("c", fb.real("re", p), fb.imag("im", q))
        return ([fb.add("s", p, q), fb.subtract("d", p, q), fb.multiply("m", p, q), fb.negate("n", p),
                 fb.real("r", p), fb.imag("i", p), made, fb.divide("q", p, q), fb.power("w", p, q)]
                + [getattr(fb, op)(op, p) for op in COMPLEX_UNARY])

    ours, xla = run_both(build, dtype, x, y)
    for got, want, name in zip(ours[:6], xla[:6], COMPLEX_EXACT):
        same_bits(got, want, name)
    same_bits(ours[6], xla[6], "complex")
    np.testing.assert_array_equal(ours[6], x.real + 1j * y.imag)
    for got, want, name in zip(ours[7:], xla[7:], ["divide", "power"] + COMPLEX_UNARY, strict=True):
        np.testing.assert_allclose(got, want, rtol=rtol * (10 if name == "power" else 1), atol=0, err_msg=name)
        assert got.dtype == want.dtype


def test_abs_and_real_of_a_complex_are_of_its_part_type_and_print_so():
    fb = FunctionBuilder("main")
    z = fb.arg("z", TensorType((2,), DType.C128))
    fn = fb.ret(fb.abs("a", z), fb.real("r", z), fb.imag("i", z))
    assert [v.type.text for v in fn.ret.operands] == ["tensor<2xf64>"] * 3
    text = print_module(module(fn))
    assert "%a = stablehlo.abs %z : (tensor<2xcomplex<f64>>) -> tensor<2xf64>" in text
    assert "%r = stablehlo.real %z : (tensor<2xcomplex<f64>>) -> tensor<2xf64>" in text
    z0 = np.array([3 + 4j, -1e200 + 1e200j])
    got = evaluate(module(fn), z0)
    same_bits(got[0], np.asarray(compile_module(text, platform="cpu")(z0)[0]))
    assert got[0][0] == 5.0 and np.isfinite(got[0][1])  # no overflow in |z|: hypot, as XLA's


# -- chlo: XLA's decompositions (ChloLegalizeToStablehlo's approximations) against scipy.special ----------------

CHLO_DOMAINS = {  # finite arguments inside each function's domain
    "erf": [-3, -1.5, -0.5, 0, 0.25, 1, 2.5, 4], "erfc": [-3, -1.5, -0.5, 0, 0.25, 1, 2.5, 4],
    "erf_inv": [-0.99, -0.5, -0.1, 0, 0.3, 0.75, 0.9, 0.999],
    "lgamma": [0.1, 0.5, 1.5, 2.5, 3, 7.5, 20, -0.5, -2.5], "digamma": [0.1, 0.5, 1.5, 2.5, 3, 7.5, 20, -0.5, -2.5],
    "bessel_i1e": [-5, -1, 0, 0.5, 1, 3, 10, 50], "sinh": [-5, -1, -0.1, 0, 0.5, 1, 3, 10],
    "cosh": [-5, -1, -0.1, 0, 0.5, 1, 3, 10], "chlo_tan": [-3, -1, 0, 0.5, 1, 1.5, 3],
    "asin": [-0.99, -0.5, 0, 0.3, 0.9], "acos": [-0.99, -0.5, 0, 0.3, 0.9], "atanh": [-0.99, -0.5, 0, 0.3, 0.9],
    "atan": [-10, -1, 0, 0.5, 3, 100], "asinh": [-10, -1, 0, 0.5, 3, 100], "acosh": [1, 1.5, 3, 10, 100],
    "square": [-3, -0.5, 0, 1.5, 7], "is_inf": [0, 1, np.inf, -np.inf, np.nan], "is_pos_inf": [0, np.inf, -np.inf],
    "is_neg_inf": [0, np.inf, -np.inf],
}
CHLO_PAIRS = {"next_after": ([0, 1, -1, 0.5, np.inf], [0, 2, -np.inf, np.nan, 1]),
              "polygamma": ([0, 1, 2, 3, 1.5, -1], [0.5, 1, 2.5, 7, 12]),  # non-natural n: NaN in both
              "zeta": ([1.5, 2, 3, 7, 12, 1, 0.5], [0.5, 1, 2.5, 7, 12])}
# XLA's f32 lgamma and digamma are some 50 ulps from the true values (so the absolute term, near their zeros);
# its f64 ones a few hundred ulps; f16 and bf16 round both to within one step of the type.
CHLO_TOLERANCE = {DType.F32: (4e-6, 2e-6), DType.F64: (5e-14, 1e-13)}


@pytest.mark.parametrize("dtype", sweep([DType.F32, DType.F64, DType.F16, DType.BF16]))
def test_chlo_ops_agree_with_xlas_decompositions(dtype):
    fb = FunctionBuilder("main")
    target = numpy_dtype(dtype)
    inputs, results = [], []
    for i, (op, values) in enumerate(CHLO_DOMAINS.items()):
        inputs.append(np.asarray(values, np.float64).astype(target))
        results.append(getattr(fb, op)(op, fb.arg(f"u{i}", TensorType((len(values),), dtype))))
    for i, (op, (firsts, seconds)) in enumerate(CHLO_PAIRS.items()):
        a, b = pairs([float(v) for v in firsts], dtype, [float(v) for v in seconds])
        inputs += [a, b]
        results.append(getattr(fb, op)(op, fb.arg(f"p{i}", TensorType(a.shape, dtype)),
                                       fb.arg(f"q{i}", TensorType(a.shape, dtype))))
    mod = module(fb.ret(*results))
    ours = evaluate(mod, *inputs)
    xla = compile_module(print_module(mod), platform="cpu")(*inputs)
    for name, got, want in zip(list(CHLO_DOMAINS) + list(CHLO_PAIRS), ours, xla, strict=True):
        want = np.asarray(want)
        assert got.dtype == want.dtype, name
        if name in ("square", "next_after") or got.dtype == np.bool_:
            same_bits(got, want, name)
        elif dtype in CHLO_TOLERANCE:
            rtol, atol = CHLO_TOLERANCE[dtype]
            np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=name)
        else:
            assert ulp_distance(got, want).max() <= 1, name
