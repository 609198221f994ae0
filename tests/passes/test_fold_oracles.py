"""`fold`'s values against oracles that are not the evaluator that folds: XLA, and the StableHLO
interpreter suite's expected values.

- **XLA** (PJRT, CPU), where the spec leaves no choice: each op of `XLA_ORACLE` on every pair of the
  edge values of each element type (-0.0, +-inf, NaN, the extremes, +-1, ...), its operands handed to
  XLA as arguments so that XLA computes them at run time, against the constants `fold` writes for the
  same op of constant operands, bit for bit (any NaN equal to any NaN). Left out, where XLA's CPU
  backend is known to choose otherwise than the spec (docs/semantics.md, docs/conformance.md): a
  subnormal operand or result (XLA flushes them), and i1 add (XLA's is xor, the spec's or).
- **The interpreter suite**: every case of the files of `SUITE_ORACLE`'s ops (`add.mlir`, ...) run
  through `fold` alone, the case's op folded into a constant, and the suite's expectations checked on
  the folded program.

An op of `vitir/evaluate/choices.py` (transcendentals, float sums, complex algorithms) is never folded,
so it has no oracle here (tests/passes/test_fold.py checks it stays).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import vitir.passes as P
from tests.differential import edge_values, same_bits
from vitir.ast import ops as O
from vitir.ast.builder import FunctionBuilder, module
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.conformance import default_suite, suite_cases
from vitir.numpy_dtypes import numpy_dtype
from vitir.passes.constants import array_constant, constant_array
from vitir.print import print_module
from vitir.rewrite import walk

FLOATS = (DType.F32, DType.F64, DType.F16, DType.BF16)
SIGNED = (DType.I32, DType.I8, DType.I64)
INTEGERS = SIGNED + (DType.UI8, DType.UI32)
BOOL = (DType.I1,)
EVERY = FLOATS + INTEGERS + BOOL

# op -> the element types XLA is its oracle for (every pair of edge values of the type)
XLA_ORACLE = {
    "add": FLOATS + INTEGERS, "subtract": FLOATS + INTEGERS, "multiply": EVERY, "divide": FLOATS + INTEGERS,
    "remainder": FLOATS + INTEGERS, "maximum": EVERY, "minimum": EVERY, "and": INTEGERS + BOOL,
    "or": INTEGERS + BOOL, "xor": INTEGERS + BOOL, "shift_left": INTEGERS, "shift_right_logical": INTEGERS,
    "shift_right_arithmetic": INTEGERS, "compare": EVERY, "select": EVERY, "clamp": FLOATS + INTEGERS,
    "negate": FLOATS + INTEGERS, "abs": FLOATS + SIGNED, "sqrt": FLOATS, "floor": FLOATS, "ceil": FLOATS,
    "round_nearest_even": FLOATS, "round_nearest_afz": FLOATS, "sign": FLOATS + SIGNED, "not": INTEGERS + BOOL,
    "popcnt": INTEGERS, "count_leading_zeros": INTEGERS, "is_finite": FLOATS, "convert": EVERY,
}
CONVERT_TO = {DType.F32: DType.BF16, DType.F64: DType.F32, DType.F16: DType.F32, DType.BF16: DType.F16,
              DType.I32: DType.F32, DType.I8: DType.F16, DType.UI8: DType.BF16, DType.I64: DType.F64,
              DType.UI32: DType.F32, DType.I1: DType.F32}  # where the spec fixes the value (to a float)

# ops whose interpreter-suite file (`<op>.mlir`) is folded and checked against its expected values
SUITE_ORACLE = ("add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or", "xor",
                "shift_left", "shift_right_logical", "shift_right_arithmetic", "compare", "select", "clamp",
                "negate", "abs", "sqrt", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "sign", "not",
                "popcnt", "count_leading_zeros", "is_finite", "convert", "broadcast_in_dim", "reshape", "transpose",
                "reverse", "slice", "concatenate", "pad", "bitcast_convert", "dynamic_slice",
                "dynamic_update_slice", "gather", "scatter", "sort", "reduce", "real", "imag", "complex")
SUITE = default_suite()


def _pairs(dtype: DType) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of the type's edge values, as two arrays."""
    edges = edge_values(dtype)
    n = len(edges)
    wide = np.float64 if dtype.is_float else object if dtype.is_integer else bool
    with np.errstate(all="ignore"):
        values = np.asarray(edges, wide).astype(numpy_dtype(dtype))
    return np.repeat(values, n), np.tile(values, n)


def _ops(fb, dtype: DType, a, b) -> list:
    """Every op XLA_ORACLE lists for `dtype`, of operands a and b."""
    out = []
    for name, types in XLA_ORACLE.items():
        if dtype not in types or (name == "add" and dtype is DType.I1):
            continue
        r = f"{name}_r"
        if name == "compare":
            out += [fb.compare(f"{r}{d}", a, b, d) for d in ("EQ", "NE", "LT", "LE", "GT", "GE")]
        elif name == "select":
            out.append(fb.select(r, fb.compare("sel_p", a, b, "LT"), a, b))
        elif name == "clamp":
            out.append(fb.clamp(r, fb.minimum("lo", a, b), a, fb.maximum("hi", a, b)))  # bounds that never cross
        elif name == "convert":
            out.append(fb.convert(r, a, CONVERT_TO[dtype]))
        elif name in ("negate", "abs", "sqrt", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "sign",
                      "not", "popcnt", "count_leading_zeros", "is_finite"):
            out.append(getattr(fb, name + "_" if name == "not" else name)(r, a))
        else:
            out.append(getattr(fb, name + "_" if name in ("and", "or", "not") else name)(r, a, b))
    return out


def _subnormal(x: np.ndarray) -> np.ndarray:
    if x.dtype.kind != "f" and "float" not in str(x.dtype) and "bfloat" not in str(x.dtype):
        return np.zeros(x.shape, bool)
    wide = np.abs(x.astype(np.float64))
    return (wide > 0) & (wide < float(_tiny(x.dtype)))


def _tiny(np_type):
    import ml_dtypes

    try:
        return np.finfo(np_type).smallest_normal
    except (ValueError, TypeError):
        return ml_dtypes.finfo(np_type).smallest_normal


@pytest.mark.parametrize("dtype", EVERY, ids=str)
def test_fold_gives_xla_values_where_the_spec_leaves_no_choice(dtype):
    from vitir.backend import compile_module

    a, b = _pairs(dtype)
    t = TensorType(a.shape, dtype)
    runtime = FunctionBuilder("main")
    ra, rb = runtime.arg("a", t), runtime.arg("b", t)
    program = module(runtime.ret(*_ops(runtime, dtype, ra, rb)))
    constants = FunctionBuilder("main")
    ca, cb = (constants.emit(array_constant(n, x, t)) for n, x in (("a", a), ("b", b)))
    folded = P.run(module(constants.ret(*_ops(constants, dtype, ca, cb))), "fold,dce")
    defining = {r.name: op for op in folded.main.ops for r in op.results}
    xla = compile_module(print_module(program), platform="cpu").run(a, b)
    flushed = _subnormal(a) | _subnormal(b)
    for value, got, want in zip(folded.main.ret.operands, (defining.get(v.name) for v in folded.main.ret.operands),
                                xla, strict=True):
        assert type(got) is O.Constant, f"{value.ssa} was not folded"
        got, want = constant_array(got), np.asarray(want)
        keep = ~(flushed | _subnormal(got) | _subnormal(want))
        problem = same_bits(got[keep], want[keep])
        assert problem is None, f"{value.ssa} ({dtype.value}): {problem}"


def _suite_cases_of(names):
    if not SUITE.is_dir():
        return []
    return [case for case in suite_cases(SUITE) if case.op in names]


@pytest.mark.skipif(not SUITE.is_dir(), reason=f"the conformance suite is not at {SUITE}")
def test_fold_gives_the_interpreter_suites_expected_values():
    from vitir.conformance.run import check_values, evaluate_program, run_case
    from vitir.mlir import import_text

    folded_in: Counter = Counter()
    for case in _suite_cases_of(set(SUITE_ORACLE)):
        outcome = run_case(case)
        if outcome.status != "pass" or not outcome.program.entry:
            continue
        program = outcome.program
        m = import_text(program.text, case.source)
        after = import_text(print_module(P.run(m, "fold")), case.source)
        gone = Counter(op.NAME for fn in m.functions for op in walk(fn.ops))
        gone.subtract(op.NAME for fn in after.functions for op in walk(fn.ops))
        with np.errstate(all="ignore"):
            problem = check_values(program, *evaluate_program(program, after))
        assert problem is None, f"{case.id} after fold: {problem}"
        if gone[f"stablehlo.{case.op}"] > 0:
            folded_in[case.op] += 1
    assert sorted(set(SUITE_ORACLE) - set(folded_in)) == [], "ops whose suite cases fold never folds"
