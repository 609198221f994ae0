"""Dynamic shapes: programs with dimensions known only at run time (`tensor<?x784xf32>`, as
jax.export writes them with a symbolic batch), their shape assertions, and their refinement to
static programs for concrete argument shapes (vitir/dynamic/refine.py)."""

from ..ast.shape_assertions import SHAPE_ASSERTION, check_shape_assertion
from .refine import argument_types, is_dynamic, parse_argument_types, refine

__all__ = ["SHAPE_ASSERTION", "argument_types", "check_shape_assertion", "is_dynamic", "parse_argument_types",
           "refine"]
