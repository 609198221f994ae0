"""`fold`: an effect-free op of constant operands becomes constants of the evaluator's values, bit for bit
(-0.0, NaN, infinities, subnormals, wrapped integers, f16 and bf16 rounding); left alone above the
element limit, where the evaluator's value is an implementation's choice, where the evaluator refuses,
and for ops with effects. These check the folded literal against the evaluator that computed it (what
printing and reading back keep); whether the value is right is test_fold_oracles.py's, against XLA and
the interpreter suite."""

from __future__ import annotations

import numpy as np
import pytest

import vitir.passes as P
from tests.differential import assert_same_meaning, same_bits
from vitir.ast import ops as O
from vitir.ast.builder import FunctionBuilder, module
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.evaluate import EVALUATORS, evaluate
from vitir.numpy_dtypes import numpy_dtype
from vitir.passes import fold as F
from vitir.passes.constants import array_constant, constant_array
from vitir.rewrite import walk

EDGES = {
    DType.F32: [-0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.1754942e-38, 3.4028235e38, 1.0, -2.5, 0.1],
    DType.BF16: [-0.0, 0.0, np.inf, -np.inf, np.nan, 1e-40, 3.0e38, 1.0, -2.5, 0.1, 1.00390625, 7.0],
    DType.F16: [-0.0, 0.0, np.inf, -np.inf, np.nan, 6e-8, 65504.0, 1.0, -2.5, 0.1, 1.0009765625, 7.0],
    DType.I32: [-2 ** 31, 2 ** 31 - 1, 0, 1, -1, 7, -7, 2 ** 30, 3, 5, 100, -100],
    DType.UI8: [0, 255, 1, 254, 128, 127, 2, 3, 4, 5, 6, 7],
    DType.I1: [True, False] * 6,
}


def _constant(fb, name, values, dtype):
    t = TensorType((len(values),), dtype)
    with np.errstate(all="ignore"):
        array = np.asarray(values, dtype=np.float64 if dtype.is_float else object).astype(numpy_dtype(dtype))
    return fb.emit(array_constant(name, array, t))


def _folded(m):
    out = P.run(m, "fold,dce")
    assert_same_meaning(m, out)
    return out


def _classes(m):
    return [type(op) for op in walk(m.main.ops)]


BINARY = [("add", d) for d in EDGES] + [("subtract", DType.F32), ("multiply", DType.BF16), ("divide", DType.F16),
                                         ("divide", DType.I32), ("remainder", DType.I32), ("maximum", DType.F32),
                                         ("minimum", DType.F16), ("multiply", DType.I32), ("and", DType.UI8),
                                         ("shift_left", DType.I32), ("xor", DType.I1)]


@pytest.mark.parametrize("op, dtype", BINARY, ids=[f"{o}-{d.value}" for o, d in BINARY])
def test_a_binary_op_of_constants_folds_to_the_evaluators_bits(op, dtype):
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((12,), dtype))
    a = _constant(fb, "a", EDGES[dtype], dtype)
    b = _constant(fb, "b", EDGES[dtype][::-1], dtype)
    method = getattr(fb, op + "_" if op in ("and", "or", "not") else op)
    folded = method("c", a, b)
    m = module(fb.ret(folded, method("d", x, folded)))
    out = _folded(m)
    assert _classes(out).count(O.Constant) == 1 and type(out.main.ops[0]) is O.Constant
    expected = evaluate(m, np.zeros(12, numpy_dtype(dtype)))[0]
    assert same_bits(constant_array(out.main.ops[0]), expected) is None


def test_a_chain_folds_and_negative_zero_nan_and_subnormals_keep_their_bits():
    fb = FunctionBuilder("f")
    a = _constant(fb, "a", [-0.0, np.nan, 1e-45, -np.inf], DType.F32)
    neg = fb.negate("n", a)
    s = fb.multiply("s", neg, _constant(fb, "h", [1.0, 1.0, 0.5, 2.0], DType.F32))
    c = fb.convert("c", s, DType.BF16)
    m = module(fb.ret(c, fb.compare("k", s, s, "EQ")))
    out = _folded(m)
    assert _classes(out) == [O.Constant, O.Constant]
    got = constant_array(out.main.ops[0])
    assert not np.signbit(got[0]) and np.isnan(got[1])  # -(-0.0) * 1 is +0.0; NaN stays NaN
    assert got[2] == 0 and np.isneginf(-np.asarray(got[3], np.float32))  # a subnormal halved rounds to +0 in bf16


def test_large_results_stay_and_a_splat_moves_whatever_its_size():
    fb = FunctionBuilder("f")
    ramp = fb.emit(array_constant("ramp", np.arange(256, dtype=np.float32), TensorType((256,), DType.F32)))
    big = fb.broadcast_in_dim("big", ramp, (1,), (512, 256))  # 131,072 elements, not a splat: stays
    one = fb.constant("one", "-0.0")
    huge = fb.broadcast_in_dim("huge", one, (), (1024, 1024))  # a splat of any size: one literal
    m = module(fb.ret(big, huge))
    out = P.run(m, "fold,dce")
    kinds = {op.results[0].name: type(op) for op in out.main.ops}
    assert kinds["big"] is O.BroadcastInDim and kinds["huge"] is O.Constant
    assert out.main.ops[-1].value == "-0.0"
    small = P.run(m, [P.Pass.of_rules("fold-2", "", F.RuleSet([F.make_fold_rule(limit=200_000)]))])
    assert {op.results[0].name: type(op) for op in small.main.ops}["big"] is O.Constant


def test_implementation_defined_values_are_not_folded_and_exact_ones_are():
    fb = FunctionBuilder("f")
    a = _constant(fb, "a", [0.5, 1.0, 2.0, 3.0], DType.F32)
    i = _constant(fb, "i", [1, 2, 3, 4], DType.I32)
    e = fb.exponential("e", a)  # numpy's exp, not the spec's: stays
    r = fb.sqrt("r", a)  # IEEE's correctly rounded sqrt: folds
    mat, imat = fb.reshape("m", a, (2, 2)), fb.reshape("im", i, (2, 2))
    fdot = fb.dot_general("fd", mat, mat, ((1,), (0,)))  # a float sum's order is the implementation's
    idot = fb.dot_general("id", imat, imat, ((1,), (0,)))  # integers: exact
    m = module(fb.ret(e, r, fdot, idot))
    out = P.run(m, "fold,dce")
    by_name = {op.results[0].name: type(op) for op in out.main.ops}
    assert by_name["e"] is O.Exponential and by_name["fd"] is O.DotGeneral
    assert by_name["r"] is O.Constant and by_name["id"] is O.Constant
    assert_same_meaning(m, out)


def test_an_evaluator_error_leaves_the_op(monkeypatch):
    def refuse(op, *xs):
        raise ValueError("refused")

    fb = FunctionBuilder("f")
    a = _constant(fb, "a", [1.0, 2.0], DType.F32)
    m = module(fb.ret(fb.add("s", a, a)))
    monkeypatch.setitem(EVALUATORS, O.Add, refuse)
    out = P.run(m, "fold,dce")
    assert [type(op) for op in out.main.ops] == [O.Constant, O.Add]


def test_ops_with_effects_and_ops_reading_arguments_are_not_folded():
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((2,), DType.F32))
    state = fb.emit(array_constant("state", np.array([1, 2], np.uint64), TensorType((2,), DType.UI64)))
    bits = fb.rng_bit_generator(("st", "bits"), state, "THREE_FRY", TensorType((4,), DType.UI32))
    a = _constant(fb, "a", [1.0, 2.0], DType.F32)
    m = module(fb.ret(bits[1], fb.add("s", x, a)))
    out = P.run(m, "fold,dce")
    assert O.RngBitGenerator in _classes(out) and O.Add in _classes(out)


def test_folding_reaches_inside_regions_and_leaves_what_reads_the_loop_state():
    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((3,), DType.F32))
    cond = fb.region()
    c = cond.arg("c", TensorType((3,), DType.F32))
    limit = cond.constant("lim", "10.0")
    first = cond.reshape("first", cond.slice("s", c, (0,), (1,)), ())
    cond_r = cond.ret(cond.compare("lt", first, limit, "LT"))
    body = fb.region()
    b = body.arg("c", TensorType((3,), DType.F32))
    two = body.constant("two", "2.0")
    three = body.add("three", two, body.constant("one", "1.0"))  # folds inside the body
    body_r = body.ret(body.add("next", b, body.broadcast_in_dim("bc", three, (), (3,))))
    loop = fb.while_("w", (x,), cond_r, body_r)
    m = module(fb.ret(loop))
    out = _folded(m)
    body_ops = [type(op) for op in out.main.ops[0].body.ops]
    assert body_ops == [O.Constant, O.Add], body_ops


def _reduce_of(init: str, dtype=DType.I32):
    fb = FunctionBuilder("f")
    a = _constant(fb, "a", [1, 2, 3, 4], dtype)
    return module(fb.ret(fb.reduce("r", a, fb.constant("z", init, (), dtype), (0,), "add")))


def _sort_of(values):
    fb = FunctionBuilder("f")
    a = _constant(fb, "a", values, DType.F32)
    body = fb.region()
    x, y = body.arg("x", TensorType((), DType.F32)), body.arg("y", TensorType((), DType.F32))
    return module(fb.ret(fb.sort("s", [a], body.ret(body.compare("lt", x, y, "LT")))))


def _binary_of(op, dtype, values):
    fb = FunctionBuilder("f")
    a = _constant(fb, "a", values, dtype)
    return module(fb.ret(getattr(fb, op)("r", a, a)))


@pytest.mark.parametrize("what, m, folds", [
    ("an integer sum from 0", _reduce_of("0"), True),
    ("an integer sum from 5 (not the identity)", _reduce_of("5"), False),
    ("a sort of floats", _sort_of([3.0, -0.0, 1.0]), True),
    ("a sort of floats meeting NaN", _sort_of([3.0, float("nan"), 1.0]), False),
    ("an integer power", _binary_of("power", DType.I32, [2, 3, -1]), True),
    ("a float power", _binary_of("power", DType.F32, [2.0, 3.0, 0.5]), False),
    ("a complex multiply", _binary_of("multiply", DType.C64, [1 + 2j, -3j, 0.5]), False),
    ("a complex add", _binary_of("add", DType.C64, [1 + 2j, -3j, 0.5]), True),
], ids=lambda x: x if isinstance(x, str) else "")
def test_what_the_evaluator_leaves_to_the_implementation_is_not_folded(what, m, folds):
    out = P.run(m, "fold")
    assert (_classes(out) == [O.Constant]) == folds, what
    assert_same_meaning(m, out)
