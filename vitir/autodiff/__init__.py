"""Automatic differentiation of vitir functions: JVP rules for every differentiable op,
transpose rules for the linear ones, reverse mode as linearize + transpose (docs/autodiff.md).

    from vitir.autodiff import value_and_grad, vjp, jvp
    grad_fn = value_and_grad(loss_fn)          # a new Function: (args) -> (loss, grads...)

A rule for an op of your own: `defjvp(MyOp)` and, if it is linear, `deftranspose(MyOp)`.
"""

from .api import float_arguments, jvp, value_and_grad, vjp
from .context import Emitter, is_active_type
from .tables import (CUSTOM_CALL_JVP_RULES, JVP_RULES, LINEARIZE_RULES, NOT_DIFFERENTIABLE, REGION_JVPS,
                     TRANSPOSE_RULES, AutodiffError, deflinear, deflinearize, defjvp, defjvp_custom_call,
                     defregion_jvp, deftranspose, nondifferentiable)

__all__ = ["CUSTOM_CALL_JVP_RULES", "JVP_RULES", "LINEARIZE_RULES", "NOT_DIFFERENTIABLE", "REGION_JVPS",
           "TRANSPOSE_RULES", "AutodiffError", "Emitter", "deflinear", "deflinearize", "defjvp",
           "defjvp_custom_call", "defregion_jvp", "deftranspose", "float_arguments", "is_active_type", "jvp",
           "nondifferentiable", "value_and_grad", "vjp"]
