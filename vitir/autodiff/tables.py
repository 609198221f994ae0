"""The rule tables of automatic differentiation, keyed by op class, filled from outside the ops.

JAX's design: one JVP rule per differentiable op (`JVP_RULES`), one transpose rule per op that
is linear in some of its operands (`TRANSPOSE_RULES`); reverse mode is the JVP, linearized, then
transposed. The op declarations in vitir/ast know nothing of this: the rule modules of
vitir/autodiff/rules (or a user's module) register with the decorators below.

    @defjvp(O.Sine)
    def sine_jvp(e, op, primals, tangents):
        (x,), (t,) = primals, tangents
        return (e.b.multiply(e.name(), t, e.b.cosine(e.name(), x)),)

    deflinear(O.Negate)                   # its JVP is negate of the tangent

    @deftranspose(O.Negate)
    def negate_transpose(e, op, cotangents, linear):
        return (e.b.negate(e.name(), cotangents[0]),)

A JVP rule takes the Emitter `e`, the original op, its operands' values in the derived function
and one tangent per operand (None: a symbolic zero), and returns one tangent per result (None
where it is zero). It builds tangents only with ops linear in the tangents, with coefficients
computed from the primals, so that the transpose can invert them. A transpose rule takes a linear
op of the linearized program, one cotangent per result (None: zero) and which operands are linear,
and returns one cotangent per operand (None for the non-linear ones and for zeros).
"""

from __future__ import annotations

from typing import Callable

from ..ast.location import describe
from ..ast.declare import Op
from ..errors import ShapeError

JVP_RULES: dict[type[Op], Callable] = {}
TRANSPOSE_RULES: dict[type[Op], Callable] = {}
# stablehlo.custom_call's JVP rules, by the name of its target's family (vitir/ast/custom_calls.py):
# the one JVP rule of the op class (rules/custom_calls.py) looks the target up here
CUSTOM_CALL_JVP_RULES: dict[str, Callable] = {}
NOT_DIFFERENTIABLE: dict[type[Op], str] = {}  # op class -> why it has no derivative (rules/refused.py)
# op class -> rule(e, op, state): forward mode of the ops whose regions carry tangents (while, if,
# case, Shardy's named_computation), which emit their primal op themselves (rules/control_flow.py)
REGION_JVPS: dict[type[Op], Callable] = {}
# op class -> rule(e, op, state): reverse mode of the same ops, which linearize themselves
LINEARIZE_RULES: dict[type[Op], Callable] = {}
# a reduce's JVP by the op class its body applies (rules/reduction.py); ANY_BODY: every other body
REDUCE_BODY_JVPS: dict = {}
ANY_BODY = "any body"
# composite decompositions known by function name (rules/composite.py; `vitir grad` registers the
# functions of the module it reads)
DECOMPOSITIONS: dict = {}


class AutodiffError(ShapeError):
    """An op that cannot be differentiated where it is (no rule, or no derivative), named as a
    shape error names it: the layer path or line, the op and its SSA name."""


def _register(table: dict, classes: tuple, what: str):
    if not classes:
        raise TypeError(f"{what} needs at least one op class")
    for cls in classes:
        if not (isinstance(cls, type) and issubclass(cls, Op)):
            raise TypeError(f"{what}: {cls!r} is not an op class")

    def decorator(rule: Callable) -> Callable:
        for cls in classes:
            table[cls] = rule
        return rule

    return decorator


def defjvp(*op_classes: type[Op]):
    """`@defjvp(O.Sine)`: the decorated function is the JVP rule of these op classes."""
    return _register(JVP_RULES, op_classes, "defjvp")


def deftranspose(*op_classes: type[Op]):
    """`@deftranspose(O.Negate)`: the decorated function is the transpose rule of these op classes."""
    return _register(TRANSPOSE_RULES, op_classes, "deftranspose")


def defjvp_custom_call(*families: str):
    """`@defjvp_custom_call("potrf")`: the decorated function is the JVP rule of the custom calls whose
    targets are of these families (rows of vitir/ast/custom_calls.py), as defjvp's are of op classes."""
    from ..ast.custom_calls import BY_NAME

    unknown = [f for f in families if f not in BY_NAME]
    if not families or unknown:
        raise TypeError(f"defjvp_custom_call takes families of vitir/ast/custom_calls.py, got {unknown or families}")

    def decorator(rule: Callable) -> Callable:
        for name in families:
            CUSTOM_CALL_JVP_RULES[name] = rule
        return rule

    return decorator


def defregion_jvp(*op_classes: type[Op]):
    """`@defregion_jvp(O.While)`: forward mode of an op whose regions carry tangents."""
    return _register(REGION_JVPS, op_classes, "defregion_jvp")


def deflinearize(*op_classes: type[Op]):
    """`@deflinearize(O.While)`: reverse mode of an op whose regions carry tangents."""
    return _register(LINEARIZE_RULES, op_classes, "deflinearize")


def defreduce_body(*body_classes):
    """`@defreduce_body(O.Maximum)`: the JVP of a reduce whose body applies these op classes
    (`ANY_BODY`: of a reduce whose body no other entry takes)."""
    def decorator(rule: Callable) -> Callable:
        for cls in body_classes:
            REDUCE_BODY_JVPS[cls] = rule
        return rule
    return decorator


def deflinear(*op_classes: type[Op]) -> None:
    """Declare ops linear in their float operands: the JVP applies the op to the tangents (a zero
    tangent beside a nonzero one becomes a zero tensor; all zero, the result's tangent is zero).
    Each still needs a transpose rule."""
    _register(JVP_RULES, op_classes, "deflinear")(linear_jvp)


def linear_jvp(e, op, primals, tangents):
    """The JVP of an op linear in its operands: the same op of the tangents."""
    if all(t is None for t in tangents):
        return (None,) * len(op.results)
    operands = [t if t is not None else e.zeros_like(p) for p, t in zip(primals, tangents)]
    return e.apply(op, operands)


def nondifferentiable(reason: str, *op_classes: type[Op]) -> None:
    """Ops without a derivative (random numbers, calls into the unknown): refused by name when a
    differentiated value flows into them; inactive, they are copied as they are."""
    for cls in op_classes:
        NOT_DIFFERENTIABLE[cls] = reason


def refuse(op: Op, reason: str) -> AutodiffError:
    """The error naming `op` (its SSA name and its layer path, or line) and why it is refused."""
    ssa = op.results[0].ssa if op.results else ""
    where = op.path or (describe(op.location) if getattr(op, "_location", None) is not None else "")
    return AutodiffError(reason, op=op.NAME, ssa=ssa, operand_types=[v.type for v in op.operands], path=where)


def jvp_rule(op: Op) -> Callable:
    """The JVP rule of `op`'s class, or the error that names the op."""
    cls = type(op)
    rule = JVP_RULES.get(cls)
    if rule is not None:
        return rule
    why = NOT_DIFFERENTIABLE.get(cls)
    if why is not None:
        raise refuse(op, f"is not differentiable ({why}), and a differentiated value flows into it")
    raise refuse(op, "has no derivative rule (register one with vitir.autodiff.defjvp)")


def transpose_rule(op: Op) -> Callable:
    rule = TRANSPOSE_RULES.get(type(op))
    if rule is None:
        raise refuse(op, "has no transpose rule, but reverse mode found it linear in a tangent "
                         "(register one with vitir.autodiff.deftranspose)")
    return rule
