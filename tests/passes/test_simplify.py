"""`simplify`: each rule applies where it should and keeps every value bit for bit, on random inputs and on
the edge values (-0.0, +-inf, NaN, subnormals, integer minimum and maximum); the float rules that would
change a value (x + 0.0, x * 0.0, x - x, compare(x, x), ...) are left alone, and under
`simplify-unsafe-float` they apply and the differential harness sees the values change."""

from __future__ import annotations

import numpy as np
import pytest

import vitir.passes as P
from tests.differential import assert_same_meaning
from vitir.ast import ops as O
from vitir.ast.builder import FunctionBuilder, module
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.numpy_dtypes import numpy_dtype
from vitir.passes import simplify as S
from vitir.passes.constants import array_constant
from vitir.rewrite import walk

N = 16  # elements per argument: the harness tiles every float edge value over them


def _fn(build, *types, name="f"):
    fb = FunctionBuilder(name)
    args = [fb.arg(f"a{i}", t) for i, t in enumerate(types)]
    out = build(fb, *args)
    return module(fb.ret(*(out if isinstance(out, tuple) else (out,))))


def _const(fb, name, value, t: TensorType, broadcast: bool = False):
    """A constant of `value` everywhere: a splat of t's shape, or (broadcast) JAX's rank-0 constant broadcast."""
    if broadcast:
        scalar = TensorType((), t.dtype)
        c = fb.emit(array_constant(name, np.full((), value, numpy_dtype(t.dtype)), scalar))
        return fb.broadcast_in_dim(f"{name}_b", c, (), t)
    return fb.emit(array_constant(name, np.full(t.shape, value, numpy_dtype(t.dtype)), t))


def _classes(m) -> list:
    return [type(op) for op in walk(m.main.ops)]


def _simplified(m, passes="simplify,dce"):
    out = P.run(m, passes)
    assert_same_meaning(m, out)
    return out


# -- the identities' table ------------------------------------------------------------------------------

_REPRESENTATIVES = {"integer": (DType.I32, DType.UI8, DType.I8), "bool": (DType.I1,),
                    "float": (DType.F32, DType.BF16, DType.F16, DType.F64), "complex": (DType.C64,)}


def _value(holds, dtype: DType):
    """A value of `dtype` the predicate `holds` accepts."""
    if holds is S.ZERO:
        return 0
    if holds is S.NEGATIVE_ZERO:
        return complex(-0.0, -0.0) if dtype.is_complex else -0.0
    if holds is S.POSITIVE_ZERO:
        return 0.0
    if holds is S.ONE:
        return 1
    if holds is S.ALL_ONES:
        return True if dtype.is_bool else -1 if dtype.is_signed else dtype.max
    if holds is S.LOWEST:
        return False if dtype.is_bool else -np.inf if dtype.is_float else dtype.min
    if holds is S.HIGHEST:
        return True if dtype.is_bool else np.inf if dtype.is_float else dtype.max
    raise AssertionError(holds)


def _identity_cases():
    for cls, side, holds, kinds, becomes in S.BINARY_IDENTITIES:
        for kind in sorted(kinds):
            for dtype in _REPRESENTATIVES[kind]:
                for constant_left in ((False, True) if side == S.EITHER else (False,)):
                    yield pytest.param(cls, holds, dtype, constant_left, becomes,
                                       id=f"{cls.NAME[10:]}-{holds.__name__[1:]}-{dtype.value}-{'lhs' if constant_left else 'rhs'}")


def _binary(fb, cls, x, c):
    method = getattr(fb, cls.method or cls.NAME.removeprefix("stablehlo."))
    return method("r", *c) if isinstance(c, tuple) else method("r", x, c)


@pytest.mark.parametrize("cls, holds, dtype, constant_left, becomes", list(_identity_cases()))
def test_each_identity_of_the_table_applies_and_keeps_every_value(cls, holds, dtype, constant_left, becomes):
    t = TensorType((N,), dtype)
    if not _accepts(cls, dtype):
        pytest.skip(f"{cls.NAME} does not take {dtype.value}")

    def build(fb, x):
        c = _const(fb, "c", _value(holds, dtype), t, broadcast=constant_left)
        return _binary(fb, cls, x, (c, x) if constant_left else (x, c))

    m = _fn(build, t)
    out = _simplified(m)
    assert cls not in _classes(out), f"{cls.NAME} was not simplified"
    returned = out.main.ret.operands[0]
    assert (returned is out.main.args[0]) == (becomes == S.OTHER)


def _accepts(cls, dtype: DType) -> bool:
    fb = FunctionBuilder("probe")
    x = fb.arg("x", TensorType((2,), dtype))
    try:
        _binary(fb, cls, x, x)
    except Exception:  # noqa: BLE001 -- the op's rule refuses the element type
        return False
    return True


# -- what simplify must not do (and simplify-unsafe-float does) -------------------------------------------

def _inexact_cases():
    f32, c64 = TensorType((N,), DType.F32), TensorType((N,), DType.C64)
    yield "add of +0.0", f32, lambda fb, x: fb.add("r", x, _const(fb, "c", 0.0, f32)), True
    yield "+0.0 added", f32, lambda fb, x: fb.add("r", _const(fb, "c", 0.0, f32, True), x), True
    yield "subtract -0.0", f32, lambda fb, x: fb.subtract("r", x, _const(fb, "c", -0.0, f32)), True
    yield "multiply by 0.0", f32, lambda fb, x: fb.multiply("r", x, _const(fb, "c", 0.0, f32)), True
    yield "x - x", f32, lambda fb, x: fb.subtract("r", x, x), True
    yield "compare(x, x)", f32, lambda fb, x: fb.compare("r", x, x, "EQ"), True
    yield "select(x > y, x, y)", f32, lambda fb, x: fb.select("r", fb.compare("p", x, fb.negate("y", x), "GT"), x,
                                                               fb.negate("y2", x)), False
    yield "max(x, +inf)", f32, lambda fb, x: fb.maximum("r", x, _const(fb, "c", np.inf, f32)), False
    yield "complex times 1", c64, lambda fb, x: fb.multiply("r", x, _const(fb, "c", 1, c64)), False
    yield "complex over 1", c64, lambda fb, x: fb.divide("r", x, _const(fb, "c", 1, c64)), False
    yield "subtract 0 from complex +0", c64, lambda fb, x: fb.subtract("r", x, _const(fb, "c", complex(-0.0, 0.0),
                                                                                         c64)), False


@pytest.mark.parametrize("what, t, build, unsafe", list(_inexact_cases()), ids=[c[0] for c in _inexact_cases()])
def test_an_inexact_candidate_is_not_applied(what, t, build, unsafe):
    m = _fn(build, t)
    out = _simplified(m)
    assert _classes(out) == _classes(m), f"{what} was rewritten"
    if unsafe:  # the float-changing form applies it, and the harness sees a value change
        changed = P.run(m, "simplify-unsafe-float,dce")
        assert _classes(changed) != _classes(m)
        with pytest.raises(AssertionError, match="differ"):
            assert_same_meaning(m, changed)


def test_add_of_positive_zero_changes_negative_zero_which_is_why_it_is_not_applied():
    t = TensorType((1,), DType.F32)
    m = _fn(lambda fb, x: fb.add("r", x, _const(fb, "c", 0.0, t)), t)
    from vitir.evaluate import evaluate

    (kept,) = evaluate(P.run(m, "simplify"), np.array([-0.0], np.float32))
    (unsafe,) = evaluate(P.run(m, "simplify-unsafe-float"), np.array([-0.0], np.float32))
    assert np.signbit(unsafe[0]) and not np.signbit(kept[0])  # -0.0 + 0.0 is +0.0
    assert P.get("simplify").exact and not P.get("simplify-unsafe-float").exact  # the fuzzer leaves it out


# -- the other rules ---------------------------------------------------------------------------------------

def _t(*shape, dtype=DType.F32):
    return TensorType(shape, dtype)


I32, F32, I1 = _t(N, dtype=DType.I32), _t(N), _t(N, dtype=DType.I1)


def _z(fb):  # a scalar i32 zero, as a start index
    return fb.constant("z", "0", (), DType.I32)


# (what, argument types, the function, an op class the rule takes one of away)
RULE_CASES = [
    ("and(x, x)", [I32], lambda fb, x: fb.and_("r", x, x), O.And),
    ("max(x, x) of floats", [F32], lambda fb, x: fb.maximum("r", x, x), O.Maximum),
    ("min(x, x) of complex", [_t(N, dtype=DType.C64)], lambda fb, x: fb.minimum("r", x, x), O.Minimum),
    ("xor(x, x)", [I32], lambda fb, x: fb.xor("r", x, x), O.Xor),
    ("x - x of integers", [_t(N, dtype=DType.UI8)], lambda fb, x: fb.subtract("r", x, x), O.Subtract),
    ("compare(x, x, GE) of integers", [I32], lambda fb, x: fb.compare("r", x, x, "GE"), O.Compare),
    ("compare(x, x, LT) of booleans", [I1], lambda fb, x: fb.compare("r", x, x, "LT"), O.Compare),
    ("compare(EQ, x, true)", [I1], lambda fb, x: fb.compare("r", x, _const(fb, "c", True, I1), "EQ"), O.Compare),
    ("compare(NE, false, x)", [I1], lambda fb, x: fb.compare("r", _const(fb, "c", False, I1), x, "NE"), O.Compare),
    ("negate(negate(x)) of integers", [I32], lambda fb, x: fb.negate("r", fb.negate("n", x)), O.Negate),
    ("negate(negate(x)) of floats", [F32], lambda fb, x: fb.negate("r", fb.negate("n", x)), O.Negate),
    ("not(not(x))", [_t(N, dtype=DType.UI8)], lambda fb, x: fb.not_("r", fb.not_("n", x)), O.Not),
    ("convert to its own type", [F32], lambda fb, x: fb.convert("r", x, DType.F32), O.Convert),
    ("real(complex(a, b))", [F32, F32], lambda fb, a, b: fb.real("r", fb.complex("z", a, b)), O.Real),
    ("imag(complex(a, b))", [F32, F32], lambda fb, a, b: fb.imag("r", fb.complex("z", a, b)), O.Imag),
    ("real of a float", [F32], lambda fb, x: fb.real("r", x), O.Real),
    ("complex(real(z), imag(z))", [_t(N, dtype=DType.C64)],
     lambda fb, z: fb.complex("r", fb.real("re", z), fb.imag("im", z)), O.Complex),
    ("select(p, x, x)", [I1, F32], lambda fb, p, x: fb.select("r", p, x, x), O.Select),
    ("select(true, a, b)", [F32, F32], lambda fb, a, b: fb.select("r", fb.constant("p", "true", (), DType.I1), a, b),
     O.Select),
    ("select(false splat, a, b)", [F32, F32],
     lambda fb, a, b: fb.select("r", _const(fb, "p", False, I1), a, b), O.Select),
    ("select(not(p), a, b)", [I1, F32, F32], lambda fb, p, a, b: fb.select("r", fb.not_("np", p), a, b), O.Not),
    ("select(a > b, a, b) of integers", [I32, I32],
     lambda fb, a, b: fb.select("r", fb.compare("p", a, b, "GT"), a, b), O.Select),
    ("select(b >= a, a, b) of integers", [I32, I32],
     lambda fb, a, b: fb.select("r", fb.compare("p", b, a, "GE"), a, b), O.Select),
    ("select(a <= b, a, b) of booleans", [I1, I1],
     lambda fb, a, b: fb.select("r", fb.compare("p", a, b, "LE"), a, b), O.Select),
    ("reshape to its own type", [F32], lambda fb, x: fb.reshape("r", x, (N,)), O.Reshape),
    ("reshape(reshape(x))", [F32], lambda fb, x: fb.reshape("r", fb.reshape("s", x, (4, 4)), (2, 8)), O.Reshape),
    ("transpose by the identity", [_t(2, 8)], lambda fb, x: fb.transpose("r", x, (0, 1)), O.Transpose),
    ("transpose(transpose(x))", [_t(2, 4, 2)],
     lambda fb, x: fb.transpose("r", fb.transpose("s", x, (2, 0, 1)), (1, 2, 0)), O.Transpose),
    ("transpose of size-1 dimensions", [_t(1, 4, 1, 4)], lambda fb, x: fb.transpose("r", x, (2, 1, 0, 3)),
     O.Transpose),
    ("broadcast_in_dim to its own type", [_t(2, 8)], lambda fb, x: fb.broadcast_in_dim("r", x, (0, 1), (2, 8)),
     O.BroadcastInDim),
    ("broadcast_in_dim(broadcast_in_dim(x))", [_t(4)],
     lambda fb, x: fb.broadcast_in_dim("r", fb.broadcast_in_dim("s", x, (1,), (3, 4)), (0, 2), (3, 2, 4)),
     O.BroadcastInDim),
    ("broadcast_in_dim that is a reshape", [_t(N)], lambda fb, x: fb.broadcast_in_dim("r", x, (1,), (1, N)),
     O.BroadcastInDim),
    ("broadcast_in_dim that is a transpose", [_t(2, 8)], lambda fb, x: fb.broadcast_in_dim("r", x, (1, 0), (8, 2)),
     O.BroadcastInDim),
    ("slice of all", [F32], lambda fb, x: fb.slice("r", x, (0,), (N,)), O.Slice),
    ("slice(slice(x))", [F32], lambda fb, x: fb.slice("r", fb.slice("s", x, (1,), (15,), (2,)), (1,), (7,), (3,)),
     O.Slice),
    ("slice of a concatenate's middle operand", [_t(2, 3), _t(2, 5), _t(2, 4)],
     lambda fb, a, b, c: fb.slice("r", fb.concatenate("k", [a, b, c], 1), (0, 4), (2, 8), (1, 2)), O.Concatenate),
    ("pad of nothing", [F32], lambda fb, x: fb.pad("r", x, fb.constant("v", "1.0"), (0,), (0,), (0,)), O.Pad),
    ("pad of an empty operand", [_t(0)], lambda fb, x: fb.pad("r", x, fb.constant("v", "-0.0"), (2,), (1,), (0,)),
     O.Pad),
    ("concatenate of one", [F32], lambda fb, x: fb.concatenate("r", [x], 0), O.Concatenate),
    ("concatenate with an empty operand", [F32, _t(0)], lambda fb, x, e: fb.concatenate("r", [e, x, e], 0),
     O.Concatenate),
    ("reverse of size-1 dimensions", [_t(1, N)], lambda fb, x: fb.reverse("r", x, (0,)), O.Reverse),
    ("reverse along no dimension", [F32], lambda fb, x: fb.reverse("r", x, ()), O.Reverse),
    ("dynamic_slice of constant starts (clamped)", [_t(4, 8)],
     lambda fb, x: fb.dynamic_slice("r", x, (fb.constant("i", "9", (), DType.I32), fb.constant("j", "-3", (),
                                                                                                DType.I32)), (2, 4)),
     O.DynamicSlice),
    ("dynamic_update_slice of the whole", [F32, F32],
     lambda fb, x, u: fb.dynamic_update_slice("r", x, u, (fb.constant("i", "5", (), DType.I32),)),
     O.DynamicUpdateSlice),
    ("get_tuple_element(tuple(a, b), 1)", [F32, I32],
     lambda fb, a, b: fb.get_tuple_element("r", fb.tuple("t", (a, b)), 1), O.GetTupleElement),
    ("tuple(get_tuple_element(t, 0), get_tuple_element(t, 1))", [F32, I32],
     lambda fb, a, b: fb.tuple("r", [fb.get_tuple_element(f"g{i}", t, i) for i, t in
                                     enumerate([fb.tuple("t", (a, b))] * 2)]), O.GetTupleElement),
    ("iota along a dimension of size 1", [F32],
     lambda fb, x: fb.add("r", x, fb.reshape("s", fb.convert("c", fb.iota("i", (1, N), DType.I32, 0), DType.F32),
                                            (N,))), O.Iota),
    ("get_dimension_size", [_t(3, 5)], lambda fb, x: fb.get_dimension_size("r", x, 1), O.GetDimensionSize),
    ("reduce over size-1 dimensions", [_t(N, 1)],
     lambda fb, x: fb.reduce("r", x, fb.constant("z", "5.0"), (1,), "add"), O.Reduce),
    ("reduce over no dimension", [_t(4, 4)], lambda fb, x: fb.reduce("r", x, fb.constant("z", "1.0"), (), "add"),
     O.Reduce),
    ("reduce of no elements", [_t(0, 4)], lambda fb, x: fb.reduce("r", x, fb.constant("z", "-0.0"), (0,), "add"),
     O.Reduce),
    ("an op of no elements", [_t(0, 3), _t(0, 3)], lambda fb, a, b: fb.multiply("r", a, b), O.Multiply),
]


@pytest.mark.parametrize("what, types, build, gone", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_each_rule_applies_and_keeps_every_value(what, types, build, gone):
    m = _fn(build, *types)
    assert gone in _classes(m)
    out = _simplified(m)
    assert _classes(out).count(gone) < _classes(m).count(gone), f"{what}: the {gone.NAME} ops are all there"


def test_a_nested_concatenate_read_once_is_spliced_and_one_read_twice_is_not():
    def build(fb, a, b):
        inner = fb.concatenate("i", [a, b], 0)
        return fb.concatenate("r", [inner, a], 0)

    out = _simplified(_fn(build, F32, F32))
    assert _classes(out).count(O.Concatenate) == 1
    assert len(out.main.ops[-1].inputs) == 3

    def twice(fb, a, b):
        inner = fb.concatenate("i", [a, b], 0)
        return fb.concatenate("r", [inner, a], 0), inner

    assert _classes(_simplified(_fn(twice, F32, F32))).count(O.Concatenate) == 2


def test_a_slice_of_a_concatenates_last_two_operands_concatenates_only_them():
    out = _simplified(_fn(lambda fb, a, b, c: fb.slice("r", fb.concatenate("k", [a, b, c], 1), (1, 5), (2, 11), (1, 3)),
                          _t(2, 3), _t(2, 5), _t(2, 4)))
    (concat,) = [op for op in walk(out.main.ops) if type(op) is O.Concatenate]
    assert [v.name for v in concat.inputs] == ["a1", "a2"]


def test_untouched_ops_keep_their_names_and_a_new_op_takes_the_replaced_name():
    from vitir.print import print_module

    def build(fb, x):
        y = fb.exponential("y", x)
        return fb.transpose("t", fb.transpose("s", y, (1, 0)), (1, 0)), fb.reshape("r2", fb.reshape("r1", y, (8, 2)),
                                                                                    (4, 4))

    text = print_module(_simplified(_fn(build, _t(2, 8))))
    assert "%y = stablehlo.exponential %a0" in text
    assert "%r2 = stablehlo.reshape %y : (tensor<2x8xf32>) -> tensor<4x4xf32>" in text
    assert "return %y, %r2" in text


def test_simplify_reaches_inside_regions():
    def build(fb, x):
        b = fb.region()
        a = b.arg("acc", _t(dtype=DType.F32))
        e = b.arg("e", _t(dtype=DType.F32))
        one = b.constant("one", "1.0")
        body = b.ret(b.add("s", b.multiply("m", a, one), e))
        return fb.reduce_region("r", (x,), (fb.constant("z", "0.0"),), (0,), body)

    m = _fn(build, F32)
    out = _simplified(m)
    assert O.Multiply not in _classes(out)
