"""Cases of the control-flow rules: if, case and while (a counted loop, and one whose trip count
is an operand), each reading differentiated values from outside its regions."""

from __future__ import annotations

from jax import lax

from vitir.ast import ops as O
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType

from .harness import booleans, case, integers

S = (3,)


def _if(fb, p, x, y):
    t = fb.region()
    yes = t.ret(t.multiply("ty", t.sine("ts", x), y))
    f = fb.region()
    no = f.ret(f.add("fy", x, y))
    return fb.if_("r", fb.reshape("p0", p, ()), yes, no)


case("if", O.If, _if, lambda p, x, y: lax.cond(p.reshape(()), lambda: lax.sin(x) * y, lambda: x + y),
     [booleans(1), S, S])


def _branches(fb, x, y):
    out = []
    for k, body in enumerate((lambda b: b.multiply(f"m{k}", x, x), lambda b: b.tanh(f"t{k}", y),
                              lambda b: b.multiply(f"n{k}", x, b.exponential(f"e{k}", y)))):
        b = fb.region()
        out.append(b.ret(body(b)))
    return out


def _case(fb, i, x, y):
    return fb.case("r", fb.reshape("i0", i, ()), _branches(fb, x, y))


case("case", O.Case, _case,
     lambda i, x, y: lax.switch(int(i[0]), [lambda: x * x, lambda: lax.tanh(y), lambda: x * lax.exp(y)]),
     [integers((1,), 0, 3), S, S])
case("case_other_branch", O.Case, _case,
     lambda i, x, y: lax.switch(int(i[0]), [lambda: x * x, lambda: lax.tanh(y), lambda: x * lax.exp(y)]),
     [integers((1,), 2, 3), S, S])


def _loop(fb, h0, w, x, bound):
    """for i < bound: h = tanh(h * w) + x, bound a constant or an operand."""
    index = TensorType((), DType.I32)
    zero = fb.constant("i0", "0", (), DType.I32)
    names = ("i", "h")
    cond = fb.region()
    i, h = cond.arg(names[0], index), cond.arg(names[1], h0.type)
    limit = bound if bound is not None else cond.constant("n", "3", (), DType.I32)
    cond_region = cond.ret(cond.compare("lt", i, limit, "LT"))
    body = fb.region()
    i, h = body.arg(names[0], index), body.arg(names[1], h0.type)
    step = body.add("i1", i, body.constant("one", "1", (), DType.I32))
    new = body.add("h1", body.tanh("th", body.multiply("hw", h, w)), x)
    body_region = body.ret(step, new)
    return fb.while_("r", (zero, h0), cond_region, body_region)[1]


def _reference_loop(h0, w, x, count):
    return lax.fori_loop(0, count, lambda i, h: lax.tanh(h * w) + x, h0)


case("while_counted", O.While, lambda fb, h0, w, x: _loop(fb, h0, w, x, None),
     lambda h0, w, x: _reference_loop(h0, w, x, 3), [S, S, S])
case("while_trips_from_an_operand", O.While,
     lambda fb, h0, w, x, n: _loop(fb, h0, w, x, fb.reshape("n0", n, ())),
     lambda h0, w, x, n: _reference_loop(h0, w, x, int(n[0])), [S, S, S, integers((1,), 2, 6)])
