"""The derivatives of a function, each a new Function built with the builder (so a problem is a
shape error naming the op):

    vjp(fn, wrt=None)             (args..., one cotangent per float result) -> (results..., grads...)
    jvp(fn)                       (args..., one tangent per float argument) -> (results..., tangents...)
    value_and_grad(fn, wrt=None)  (args...) -> (value, grads...), fn returning one float scalar

`wrt` lists the argument indices to differentiate with respect to (default: every float
argument); the gradients come in that order. A tangent is returned for each float result.
`max_trips`: the tape's length for a while whose trip count is no constant (reverse mode; a run
that makes more trips gives NaN gradients; default 1024).
"""

from __future__ import annotations

from typing import Sequence

from ..ast.module import Function, Module
from ..errors import ConfigError
from . import rules  # noqa: F401  (fills the tables)
from .context import Emitter, Names, is_active_type
from .jvp import State, jvp_block
from .linearize import reverse


def _function(function) -> Function:
    return function.main if isinstance(function, Module) else function


def _keeping_arguments(function: Function, derived: Function) -> Function:
    """`derived` with the attributes of `function`'s arguments (their shardings) on the same arguments."""
    if not any(function.arg_attributes):
        return derived
    attributes = tuple(function.arg_attributes) + ((),) * (len(derived.args) - len(function.args))
    return Function(derived.name, derived.args, derived.ops, derived.ret, derived.attributes, attributes,
                    derived.result_attributes)


def float_arguments(function: Function) -> list[int]:
    return [i for i, a in enumerate(function.args) if is_active_type(a.type)]


def _wrt(function: Function, wrt) -> list[int]:
    if wrt is None:
        return float_arguments(function)
    chosen = [wrt] if isinstance(wrt, int) else list(wrt)
    count = len(function.args)
    for i in chosen:
        if not isinstance(i, int) or not -count <= i < count:
            raise ConfigError(f"@{function.name}: wrt {i!r} is not an argument index (it has {count} arguments)")
    chosen = [i % count for i in chosen]
    for i in chosen:
        a = function.args[i]
        if not is_active_type(a.type):
            raise ConfigError(f"@{function.name}: argument {i} (%{a.name}: {a.type}) is not a float tensor; "
                              "it has no gradient")
    if len(set(chosen)) != len(chosen):
        raise ConfigError(f"@{function.name}: wrt {chosen} names an argument twice")
    return chosen


def vjp(function, wrt: Sequence[int] | int | None = None, max_trips: int | None = None) -> Function:
    """The function's arguments, then one cotangent per float result, to its results, then the
    gradient (the cotangents pulled back) of each `wrt` argument."""
    fn = _function(function)
    return _keeping_arguments(fn, reverse(fn, _wrt(fn, wrt), seeds="arguments", max_trips=_trips(max_trips)))


def value_and_grad(function, wrt: Sequence[int] | int | None = None, max_trips: int | None = None) -> Function:
    """As jax.value_and_grad: the function's arguments to its value (one float scalar), then the
    gradient of each `wrt` argument."""
    fn = _function(function)
    results = fn.result_types
    if len(results) != 1 or not is_active_type(results[0]) or results[0].shape != ():
        shown = ", ".join(str(t) for t in results)
        raise ConfigError(f"@{fn.name} returns ({shown}); value_and_grad needs one float scalar (use vjp)")
    return _keeping_arguments(fn, reverse(fn, _wrt(fn, wrt), seeds="ones", max_trips=_trips(max_trips)))


def _trips(max_trips):
    if max_trips is not None and (not isinstance(max_trips, int) or max_trips < 1):
        raise ConfigError(f"max_trips must be a positive integer, got {max_trips!r}")
    return max_trips


def jvp(function) -> Function:
    """The function's arguments, then one tangent per float argument, to its results, then the
    tangent of each float result."""
    from ..ast.builder import FunctionBuilder

    fn = _function(function)
    names = Names.of(fn)
    b = FunctionBuilder(fn.name)
    state = State(fn)
    e = Emitter(b, names, state=state)
    state.primal.update((a, b.arg(a.name, a.type)) for a in fn.args)
    for i in float_arguments(fn):
        a = fn.args[i]
        state.tangent[a] = b.arg(names.fresh("dt"), a.type)
    jvp_block(e, fn.ops, state)
    outputs = [state.primal[v] for v in fn.ret.operands]
    tangents = []
    for v, out in zip(fn.ret.operands, outputs):
        if is_active_type(out.type):
            t = state.tangent.get(v)
            tangents.append(t if t is not None else e.zeros_like(out))
    return _keeping_arguments(fn, b.ret(*outputs, *tangents))


def inline(fb, function: Function, args) -> tuple:
    """Emit `function`'s ops into the builder `fb`, its arguments read as `args` (values of fb);
    returns the values of its results. A name fb already has is given a suffix (`_1`, `_2`, ...),
    so a derived function can be spliced into a step that defines names of its own."""
    from ..rewrite.driver import copy_op

    if len(args) != len(function.args):
        raise ConfigError(f"@{function.name} takes {len(function.args)} arguments, given {len(args)}")
    mapping = dict(zip(function.args, args))
    for op in function.ops:
        new = copy_op(op, mapping)
        for r in new.results:
            name, _, index = r.name.partition("#")
            fresh, k = name, 0
            while fb._defined_by(fresh) is not None:
                k += 1
                fresh = f"{name}_{k}"
            if fresh != name:
                r.rename(fresh + ("#" + index if index else ""))
        fb.emit(new)
    return tuple(mapping[v] for v in function.ret.operands)
