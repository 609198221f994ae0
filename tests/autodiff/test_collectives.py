"""The collectives' rules over replicas on the evaluator (float64): the JVP against central
differences of the program itself, and the VJP by the inner-product test summed over the
replicas, <v, J u> = <J^T v, u>, which holds only if each collective transposes into the right
other one (all_gather into reduce_scatter, all_to_all into the swapped all_to_all, ...)."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import FunctionBuilder
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType
from vitir.autodiff import jvp, vjp
from vitir.evaluate import evaluate

REPLICAS = 4
ALL = [list(range(REPLICAS))]


def _add(fb):
    body = fb.region()
    a, b = body.arg("p", TensorType((), DType.F64)), body.arg("q", TensorType((), DType.F64))
    return body.ret(body.add("s", a, b))


PROGRAMS = {  # name: (input shape, the collective applied to x * x)
    "all_reduce": ((2, 3), lambda fb, v: fb.all_reduce("c", [v], [[0, 2], [1, 3]], _add(fb))),
    "all_gather": ((1, 3), lambda fb, v: fb.all_gather("c", [v], 0, ALL)),
    "reduce_scatter": ((4, 3), lambda fb, v: fb.reduce_scatter("c", v, 0, ALL, _add(fb))),
    "all_to_all": ((4, 2), lambda fb, v: fb.all_to_all("c", [v], 0, 1, 4, ALL)),
    "collective_permute": ((2, 2), lambda fb, v: fb.collective_permute("c", v, [[0, 1], [1, 2], [2, 0]])),
    # replica 2 broadcasts to 2 and 0, replica 1 to 1 and 3: in reverse each source sums its group's
    "collective_broadcast": ((2, 3), lambda fb, v: fb.collective_broadcast("c", [v], [[2, 0], [1, 3]])),
}


def _program(name):
    shape, collective = PROGRAMS[name]
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType(shape, DType.F64))
    gathered = collective(fb, fb.multiply("sq", x, x))
    return fb.ret(fb.sine("r", gathered)), shape


def _drawn(name, seed):
    """The program, and two random arrays per replica (a point and a direction)."""
    fn, shape = _program(name)
    rng = np.random.default_rng(seed)
    return fn, rng, [rng.normal(size=shape) for _ in range(REPLICAS)], [rng.normal(size=shape) for _ in range(REPLICAS)]


def _run(fn, *per_replica):
    return evaluate(fn, [list(inputs) for inputs in zip(*per_replica)], replicas=REPLICAS)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_jvp_against_central_differences(name):
    fn, _, xs, ts = _drawn(name, 0)
    got = _run(jvp(fn), xs, ts)
    h = 1e-5
    plus = _run(fn, [x + h * t for x, t in zip(xs, ts)])
    minus = _run(fn, [x - h * t for x, t in zip(xs, ts)])
    for replica, (out, p, m) in enumerate(zip(got, plus, minus)):
        want = (p[0] - m[0]) / (2 * h)
        np.testing.assert_allclose(out[1], want, rtol=1e-7, atol=1e-8, err_msg=f"replica {replica}")


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_vjp_is_the_transpose_over_the_replicas(name):
    fn, rng, xs, us = _drawn(name, 1)
    ju = [out[1] for out in _run(jvp(fn), xs, us)]
    vs = [rng.normal(size=np.shape(j)) for j in ju]
    jtv = [out[1] for out in _run(vjp(fn), xs, vs)]
    left = sum(float(np.vdot(v, j)) for v, j in zip(vs, ju))
    right = sum(float(np.vdot(g, u)) for g, u in zip(jtv, us))
    assert abs(left - right) <= 1e-10 * max(abs(left), 1.0), (left, right)
