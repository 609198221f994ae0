"""`simplify`: each rule applies where it should and keeps every value bit for bit, on random inputs and on
the edge values (-0.0, +-inf, NaN, subnormals, integer minimum and maximum); the float rules that would
change a value (x + 0.0, x * 0.0, x - x, compare(x, x), select(a > b, a, b), ...) are left alone, and under
`simplify-unsafe-float` they apply and the differential harness sees the values change.

Generated from the rule lists, so that a rule added without a test fails here: each row of the
identities' tables (BINARY_IDENTITIES, UNSAFE_FLOAT_IDENTITIES) is tested to apply in each element
kind it holds for and to be refused in the others (where taking it would change a value) and for a
near-miss constant; every other rule of EXACT and UNSAFE_FLOAT must be applied, run alone, by one of
the cases, and refuse a near miss of its own (NEAR_MISSES)."""

from __future__ import annotations

import numpy as np
import pytest

import vitir.passes as P
from tests.differential import assert_same_meaning
from vitir.ast import ops as O
from vitir.ast import ShapeError
from vitir.ast.builder import FunctionBuilder, module
from vitir.ast.element_types import DType
from vitir.ast.types import DYNAMIC, TensorType, TupleType
from vitir.numpy_dtypes import numpy_dtype
from vitir.passes import simplify as S
from vitir.passes.constants import array_constant
from vitir.rewrite import walk

N = 16  # elements per argument: the harness tiles every float edge value over them
EVERY_EDGE = 49  # ... and every complex one (7 x 7)


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
    inexact = dtype.is_float or dtype.is_complex
    if holds is S.LOWEST:
        return False if dtype.is_bool else -np.inf if inexact else dtype.min
    if holds is S.HIGHEST:
        return True if dtype.is_bool else np.inf if inexact else dtype.max
    raise AssertionError(holds)


def _binary(fb, cls, x, c):
    method = getattr(fb, cls.method or cls.NAME.removeprefix("stablehlo."))
    return method("r", *c) if isinstance(c, tuple) else method("r", x, c)


def _accepts(cls, dtype: DType) -> bool:
    fb = FunctionBuilder("probe")
    x = fb.arg("x", TensorType((2,), dtype))
    try:
        _binary(fb, cls, x, x)
    except ShapeError:  # the op's rule refuses the element type (anything else is a failure)
        return False
    return True


def _identity_cases():
    for cls, side, holds, kinds, becomes in S.BINARY_IDENTITIES:
        for kind in sorted(kinds):
            for dtype in filter(lambda d: _accepts(cls, d), _REPRESENTATIVES[kind]):
                for constant_left in ((False, True) if side == S.EITHER else (False,)):
                    yield pytest.param(cls, holds, dtype, constant_left, becomes,
                                       id=f"{cls.NAME[10:]}-{holds.__name__[1:]}-{dtype.value}-{'lhs' if constant_left else 'rhs'}")


@pytest.mark.parametrize("cls, holds, dtype, constant_left, becomes", list(_identity_cases()))
def test_each_identity_of_the_table_applies_and_keeps_every_value(cls, holds, dtype, constant_left, becomes):
    t = TensorType((N,), dtype)

    def build(fb, x):
        c = _const(fb, "c", _value(holds, dtype), t, broadcast=constant_left)
        return _binary(fb, cls, x, (c, x) if constant_left else (x, c))

    m = _fn(build, t)
    out = _simplified(m)
    assert cls not in _classes(out), f"{cls.NAME} was not simplified"
    returned = out.main.ret.operands[0]
    assert (returned is out.main.args[0]) == (becomes == S.OTHER)


def _kinds_taken(cls) -> list[DType]:
    return [dtype for kind in sorted(_REPRESENTATIVES) for dtype in _REPRESENTATIVES[kind] if _accepts(cls, dtype)]


def test_every_row_of_the_identities_table_is_tested():
    """A row whose op takes none of its element kinds would generate no case (and prove nothing)."""
    for cls, side, holds, kinds, becomes in S.BINARY_IDENTITIES + S.UNSAFE_FLOAT_IDENTITIES:
        assert any(S._kind(d) in kinds for d in _kinds_taken(cls)), (cls.NAME, holds.__name__)


def _near_miss(holds, dtype: DType):
    """A constant of `dtype` next to the one `holds` accepts, which it refuses."""
    if dtype.is_bool:
        return not bool(_value(holds, dtype))
    return complex(2.0, 0.0) if dtype.is_complex else 2


def _row_that_holds(table, cls, value, dtype: DType, constant_left: bool):
    """What the table says `cls` of this constant becomes (None: it stays), read from its predicates."""
    scalar = np.full((), value, numpy_dtype(dtype))[()]
    for c, side, holds, kinds, becomes in table:
        if c is cls and S._kind(dtype) in kinds and (side == S.EITHER or not constant_left) and holds(scalar, dtype):
            return becomes
    return None


def _guard_cases():
    """Each row's constant in the element kinds its row leaves out, and a near miss in those it holds
    for; each expected to apply only where some row of the table holds."""
    for table, passes in ((S.BINARY_IDENTITIES, "simplify"), (S.UNSAFE_FLOAT_IDENTITIES, "simplify-unsafe-float")):
        for cls, side, holds, kinds, becomes in table:
            for dtype in _kinds_taken(cls):
                value = _value(holds, dtype) if S._kind(dtype) not in kinds else _near_miss(holds, dtype)
                label = "left out" if S._kind(dtype) not in kinds else "near miss"
                expected = _row_that_holds(S.BINARY_IDENTITIES + (table if passes != "simplify" else ()), cls,
                                           value, dtype, False)
                yield pytest.param(cls, value, dtype, passes, expected, label, becomes,
                                   id=f"{passes}-{cls.NAME[10:]}-{holds.__name__[1:]}-{dtype.value}-{label}")


@pytest.mark.parametrize("cls, value, dtype, passes, expected, label, becomes", list(_guard_cases()))
def test_each_identity_refuses_where_its_row_does_not_hold(cls, value, dtype, passes, expected, label, becomes):
    """The guard: the op stays where the table holds no row for the constant and the element kind, and
    where a row was left out for a kind, taking it would change a value the harness sees."""
    t = TensorType((EVERY_EDGE,), dtype)
    m = _fn(lambda fb, x: _binary(fb, cls, x, _const(fb, "c", value, t)), t)
    out = P.run(m, f"{passes},dce")
    assert_same_meaning(m, out) if passes == "simplify" else None
    assert (cls not in _classes(out)) == (expected is not None), f"{cls.NAME} of {value!r} ({dtype.value})"
    if expected is None and label == "left out":  # the rewrite the guard refuses is wrong somewhere
        wrong = _fn(lambda fb, x: x if becomes == S.OTHER else _const(fb, "c", value, t), t)
        with pytest.raises(AssertionError, match="differ"):
            assert_same_meaning(m, wrong)


# -- what simplify must not do (and simplify-unsafe-float does) -------------------------------------------

def _inexact_cases():
    f32, c64 = TensorType((N,), DType.F32), TensorType((N,), DType.C64)
    yield "add of +0.0", f32, lambda fb, x: fb.add("r", x, _const(fb, "c", 0.0, f32)), True
    yield "+0.0 added", f32, lambda fb, x: fb.add("r", _const(fb, "c", 0.0, f32, True), x), True
    yield "subtract -0.0", f32, lambda fb, x: fb.subtract("r", x, _const(fb, "c", -0.0, f32)), True
    yield "multiply by 0.0", f32, lambda fb, x: fb.multiply("r", x, _const(fb, "c", 0.0, f32)), True
    yield "x - x", f32, lambda fb, x: fb.subtract("r", x, x), True
    yield "compare(x, x)", f32, lambda fb, x: fb.compare("r", x, x, "EQ"), True
    yield "select(x > y, x, y)", f32, lambda fb, x: _select_larger(fb, x, fb.negate("y", x)), True
    yield "max(x, +inf)", f32, lambda fb, x: fb.maximum("r", x, _const(fb, "c", np.inf, f32)), False
    yield "complex times 1", c64, lambda fb, x: fb.multiply("r", x, _const(fb, "c", 1, c64)), False
    yield "complex over 1", c64, lambda fb, x: fb.divide("r", x, _const(fb, "c", 1, c64)), False
    yield "subtract 0 from complex +0", c64, lambda fb, x: fb.subtract("r", x, _const(fb, "c", complex(-0.0, 0.0),
                                                                                         c64)), False


def _select_larger(fb, a, b):
    """select(a > b, a, b), the compare reading the very values the select picks from."""
    return fb.select("r", fb.compare("p", a, b, "GT"), a, b)


@pytest.mark.parametrize("what, t, build, unsafe", list(_inexact_cases()), ids=[c[0] for c in _inexact_cases()])
def test_an_inexact_candidate_is_not_applied(what, t, build, unsafe):
    """simplify leaves it; simplify-unsafe-float rewrites it (and the harness sees a value change) where
    it is one of UNSAFE_FLOAT's rules, and leaves it too where it is none (max of +inf, complex * 1)."""
    m = _fn(build, t)
    out = _simplified(m)
    assert _classes(out) == _classes(m), f"{what} was rewritten"
    changed = P.run(m, "simplify-unsafe-float,dce")
    if unsafe:
        assert _classes(changed) != _classes(m)
        with pytest.raises(AssertionError, match="differ"):
            assert_same_meaning(m, changed)
    else:
        assert _classes(changed) == _classes(m), f"{what} was rewritten by simplify-unsafe-float"


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


# -- every rule, from the rule lists: one case it applies alone, one near miss its guard refuses ------------

ALL_RULES = [*S.EXACT.rules, *S.UNSAFE_FLOAT.rules]
IDENTITY_RULES = {r.name for r in ALL_RULES if "_identity" in r.name}  # generated from the identities' tables


def _applies_alone(m, r) -> int:
    """How many rewrites rule `r` makes on a copy of m, run alone to a fixed point."""
    from vitir.rewrite import RuleSet, apply_rules, clone_module

    return apply_rules(clone_module(m).main, RuleSet([r]))


def _applying_cases():
    yield from ((what, types, build) for what, types, build, _ in RULE_CASES)
    yield from ((what, [t], build) for what, t, build, unsafe in _inexact_cases() if unsafe)


def test_every_rule_of_simplify_and_simplify_unsafe_float_has_a_case_it_applies_to_alone():
    """A rule added to EXACT or UNSAFE_FLOAT without a case in RULE_CASES (or _inexact_cases) fails here;
    the identities' rules are the table's, each row generating its own cases."""
    modules = [(what, _fn(build, *types)) for what, types, build in _applying_cases()]
    untested = [r.name for r in ALL_RULES if r.name not in IDENTITY_RULES
                and not any(_applies_alone(m, r) for _, m in modules)]
    assert untested == [], f"rules no case applies: {untested}"


# (rule, what, argument types, the function): the rule alone must leave each of these unchanged
NEAR_MISSES = [
    ("idempotent", "and(x, y)", [I32, I32], lambda fb, x, y: fb.and_("r", x, y)),
    ("self_cancels", "x - x of floats", [F32], lambda fb, x: fb.subtract("r", x, x)),
    ("self_cancels", "xor(x, y)", [I32, I32], lambda fb, x, y: fb.xor("r", x, y)),
    ("compare_self", "compare(x, x) of floats", [F32], lambda fb, x: fb.compare("r", x, x, "EQ")),
    ("compare_boolean", "compare(EQ, x, false)", [I1], lambda fb, x: fb.compare("r", x, _const(fb, "c", False, I1),
                                                                                 "EQ")),
    ("compare_boolean", "compare(GT, x, true)", [I1], lambda fb, x: fb.compare("r", x, _const(fb, "c", True, I1), "GT")),
    ("involution", "negate(not(x))", [I32], lambda fb, x: fb.negate("r", fb.not_("n", x))),
    ("convert_to_same_type", "convert to another type", [F32], lambda fb, x: fb.convert("r", x, DType.F64)),
    ("part_of_complex", "real(z) of a complex argument", [_t(N, dtype=DType.C64)], lambda fb, z: fb.real("r", z)),
    ("complex_of_parts", "complex(real(z), imag(w))", [_t(N, dtype=DType.C64)] * 2,
     lambda fb, z, w: fb.complex("r", fb.real("re", z), fb.imag("im", w))),
    ("select_known", "select(p, a, b) of an argument p", [I1, F32, F32], lambda fb, p, a, b: fb.select("r", p, a, b)),
    ("select_of_not", "select(p, a, b)", [I1, F32, F32], lambda fb, p, a, b: fb.select("r", p, a, b)),
    ("select_is_extreme", "select(a > b, a, b) of floats", [F32, F32], _select_larger),
    ("select_is_extreme", "select(a > b, a, b) of integers, b a second negate", [I32],
     lambda fb, x: fb.select("r", fb.compare("p", x, fb.negate("y", x), "GT"), x, fb.negate("y2", x))),
    ("select_is_extreme", "select(a == b, a, b) of integers", [I32, I32],
     lambda fb, a, b: fb.select("r", fb.compare("p", a, b, "EQ"), a, b)),
    ("reshape_noop", "reshape to another shape", [F32], lambda fb, x: fb.reshape("r", x, (4, 4))),
    ("transpose_noop", "transpose by a permutation", [_t(2, 8)], lambda fb, x: fb.transpose("r", x, (1, 0))),
    ("transpose_is_reshape", "transpose of dimensions larger than 1", [_t(2, 8)],
     lambda fb, x: fb.transpose("r", x, (1, 0))),
    ("broadcast_noop", "broadcast_in_dim that adds elements", [_t(4)],
     lambda fb, x: fb.broadcast_in_dim("r", x, (1,), (3, 4))),
    ("slice_noop", "slice of part", [F32], lambda fb, x: fb.slice("r", x, (1,), (N,))),
    ("slice_of_concatenate", "slice across every operand", [_t(2, 3), _t(2, 5)],
     lambda fb, a, b: fb.slice("r", fb.concatenate("k", [a, b], 1), (0, 1), (2, 7))),
    ("pad_noop", "pad by one", [F32], lambda fb, x: fb.pad("r", x, fb.constant("v", "1.0"), (1,), (0,), (0,))),
    ("concatenate_flat", "concatenate of two", [F32, F32], lambda fb, a, b: fb.concatenate("r", [a, b], 0)),
    ("reverse_noop", "reverse of a dimension of 16", [F32], lambda fb, x: fb.reverse("r", x, (0,))),
    ("dynamic_slice_of_constants", "dynamic_slice of an argument start", [_t(4, 8), _t(dtype=DType.I32)],
     lambda fb, x, i: fb.dynamic_slice("r", x, (i, _z(fb)), (2, 4))),
    ("dynamic_update_slice_whole", "dynamic_update_slice of part", [F32, _t(4)],
     lambda fb, x, u: fb.dynamic_update_slice("r", x, u, (fb.constant("i", "5", (), DType.I32),))),
    ("element_of_tuple", "get_tuple_element of an argument's tuple", [TupleType((F32, I32))],
     lambda fb, t: fb.get_tuple_element("r", t, 1)),
    ("tuple_repacked", "tuple of elements out of order", [F32, F32],
     lambda fb, a, b: fb.tuple("r", [fb.get_tuple_element(f"g{i}", t, 1 - i) for i, t in
                                     enumerate([fb.tuple("t", (a, b))] * 2)])),
    ("iota_of_one", "iota along a dimension of 16", [F32],
     lambda fb, x: fb.add("r", x, fb.convert("c", fb.iota("i", (N,), DType.I32, 0), DType.F32))),
    ("dimension_size", "get_dimension_size of a `?` dimension", [_t(DYNAMIC, 5)],
     lambda fb, x: fb.get_dimension_size("r", x, 0)),
    ("reduce_of_one", "reduce over a dimension of 4", [_t(4, 4)],
     lambda fb, x: fb.reduce("r", x, fb.constant("z", "1.0"), (1,), "add")),
    ("zero_extent", "an op of elements", [_t(2, 3), _t(2, 3)], lambda fb, a, b: fb.multiply("r", a, b)),
    ("unsafe_float_self_cancels", "x - x of integers", [I32], lambda fb, x: fb.subtract("r", x, x)),
    ("unsafe_float_compare_self", "compare(x, y) of floats", [F32, F32], lambda fb, x, y: fb.compare("r", x, y, "EQ")),
    ("unsafe_float_select_is_extreme", "select(a > b, a, b) of integers", [I32, I32], _select_larger),
]


@pytest.mark.parametrize("name, what, types, build", NEAR_MISSES, ids=[f"{c[0]}: {c[1]}" for c in NEAR_MISSES])
def test_each_rule_refuses_its_near_miss(name, what, types, build):
    (r,) = [r for r in ALL_RULES if r.name == name]
    m = _fn(build, *types)
    assert _applies_alone(m, r) == 0, f"{name} rewrote {what}"


def test_every_rule_has_a_near_miss_it_refuses():
    """A rule added without a near miss fails here (the identities' rows generate theirs:
    test_each_identity_refuses_where_its_row_does_not_hold)."""
    missing = [r.name for r in ALL_RULES if r.name not in IDENTITY_RULES and r.name not in {c[0] for c in NEAR_MISSES}]
    assert missing == [], f"rules without a near miss: {missing}"
