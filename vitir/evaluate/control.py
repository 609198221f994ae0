"""Evaluators of control flow, tuples and tokens.

Regions run through `run` (vitir/evaluate/__init__.py Runner), their ops seeing the enclosing
function's values. A token is TOKEN, a marker holding nothing; a tuple is a Python tuple of its
elements' values. An op of one result returns a tuple of one value, so that a tuple-typed result
is never mistaken for several results.
"""

from __future__ import annotations

from importlib import import_module

import numpy as np

from ..ast.custom_calls import family
from ..ast.shape_assertions import check_shape_assertion, is_shape_assertion
from ..errors import EvaluationError
from ..numpy_dtypes import numpy_dtype
from .gspmd import GSPMD_TARGETS


class Token:
    """The value of `!stablehlo.token`: it only orders side effects, so it holds nothing."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOKEN"


TOKEN = Token()


def while_(op, *state, run) -> tuple:
    """`internal_state = operand; while cond(*internal_state): internal_state = body(*internal_state)`."""
    while bool(run(op.cond, *state)[0]):
        state = run(op.body, *state)
    return tuple(state)


def if_(op, pred, *, run) -> tuple:
    return run(op.true_branch if bool(pred) else op.false_branch)


def case(op, index, *, run) -> tuple:
    """branches[index], or the last branch for an index out of range."""
    branches = op.branches
    i = int(index)
    return run(branches[i] if 0 <= i < len(branches) else branches[-1])


def optimization_barrier(op, *operands) -> tuple:
    return tuple(operands)


def map_(op, *inputs, run) -> tuple:
    """The computation on each element in turn: its body may hold any op, so it runs on rank-0
    arrays, as the spec applies it."""
    result = op.results[0]
    values = [run(op.computation, *[x[index] for x in inputs])[0] for index in np.ndindex(*result.shape)]
    return (np.array(values, dtype=numpy_dtype(result.type.dtype)).reshape(result.shape),)


def tuple_(op, *values) -> tuple:
    return (tuple(values),)


def get_tuple_element(op, value) -> tuple:
    return (value[op.index],)


def token(op, *inputs) -> tuple:
    return (TOKEN,)


def custom_call(op, *operands):
    """jax.export's shape assertions are checked (vitir/ast/shape_assertions.py); GSPMD's sharding
    annotations run by vitir/evaluate/gspmd.py; the linear algebra targets of
    vitir/ast/custom_calls.py by the evaluator their row names (vitir/evaluate/custom_calls.py);
    other targets are implementation-defined, not evaluated."""
    if is_shape_assertion(op):
        check_shape_assertion(op, *operands)
        return ()
    gspmd = GSPMD_TARGETS.get(op.call_target_name)
    if gspmd is not None and len(operands) == 1 and len(op.results) == 1:
        return gspmd(op, *operands)
    known = family(op)
    if known is not None:
        from .custom_calls import run_known

        module, _, function = known.evaluate.partition(":")
        return run_known(getattr(import_module(module), function), op, operands)
    from ..ast.declare import result_base

    base = result_base(op)
    results = "%" + base if base else ", ".join(r.ssa for r in op.results)
    raise EvaluationError(f"{op.NAME} {results}: vitir does not evaluate @{op.call_target_name} (an "
                          "implementation's code; the targets it runs are vitir/ast/custom_calls.py's)")


def composite(op, *inputs) -> tuple:
    """The decomposition's results on the inputs, as the spec defines a composite: the function is
    looked up among those of the module being evaluated, and runs in the calling process."""
    return _run_named(op, op.decomposition, "its decomposition", inputs)


def call(op, *inputs) -> tuple:
    """func.call: the callee's results on the inputs, the callee looked up among the functions of the
    module being evaluated and run in the calling process."""
    return _run_named(op, op.callee, "its callee", inputs)


def _run_named(op, name: str, what: str, inputs) -> tuple:
    from . import run_function
    from .processes import current

    fn = current().grid.functions.get(name)
    if fn is None:
        named = " " + ", ".join(r.ssa for r in op.results) if op.results else ""
        raise EvaluationError(f"{op.NAME}{named}: {what} @{name} is not a function of what was evaluated "
                              "(evaluate the module that holds it)")
    return run_function(fn, inputs)


def not_evaluated(op, *operands):
    from ..ast.declare import result_base

    base = result_base(op)
    results = "%" + base if base else ", ".join(r.ssa for r in op.results)
    raise EvaluationError(f"{op.NAME} {results}: vitir does not evaluate {op.NAME} (it carries the op through "
                          "import and printing only)")
