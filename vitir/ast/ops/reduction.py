"""Reductions: reduce, with a reducer region of any body and any number of operands."""

from __future__ import annotations

from ..attributes import I64_ARRAY
from ..declare import OPS, Op, attr_def, region_def, var_operand_def, var_result_def
from ..traits import RECURSIVELY_SPECULATABLE, RECURSIVE_EFFECTS
from ..regions import BinaryRegion, compact_reducer
from ..shape_rules import RuleError, check_dims_in_range
from ..type_rules import accumulator_types, reduction_operands, tensor_of
from ..types import TensorType


_COMPACT: dict = {}  # (reducer, element type) -> its BinaryRegion


class Reduce(Op):
    """Folds `inputs` along `dimensions` with `body`, starting from `init_values`. The body takes
    N accumulators, then N elements (rank 0), and returns N (each of its input's element type or a
    wider one of the same kind, which the result then has). A one-op commutative body prints in
    StableHLO's compact form, `stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions
    = [1]`; any other in the region form, `reducer(%a0: T0, %x0: T0) (%a1: T1, %x1: T1) {...}`."""

    NAME = "stablehlo.reduce"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    inputs = var_operand_def()
    init_values = var_operand_def()
    dimensions = attr_def(I64_ARRAY)
    body = region_def(compact=True)
    results = var_result_def()
    syntax = "{reduce}"
    evaluate = "vitir.evaluate.reduction:reduce"
    PLACED_AFTER_NAME = True  # MLIR: `stablehlo.reduce(...)` at its `(`

    @property
    def COMPACT(self) -> bool:
        return type(self.body) is BinaryRegion

    @staticmethod
    def rule(inputs, init_values, dimensions, body):
        shape = reduction_operands(inputs, init_values)
        check_dims_in_range(dimensions, len(shape), "reduce")
        accumulators = accumulator_types(inputs, body)
        if isinstance(body, BinaryRegion) and accumulators[0] is not inputs[0].dtype:
            raise RuleError(f"a compact body ({body.op_class.NAME} of {body.element_type}) is of the operand's "
                            f"element type {inputs[0].dtype.value}; build a wider one with fb.region()")
        kept = tuple(s for i, s in enumerate(shape) if i not in dimensions)
        return tuple(tensor_of(kept, dtype) for dtype in accumulators)

    @staticmethod
    def builder(operand, init, dims, reducer: str = "add"):
        """`fb.reduce(name, x, init, dims, "add")`: one operand, folded by a commutative elementwise
        op (add, multiply, maximum, minimum, and, or, xor)."""
        dtype = operand.type.dtype
        body = _COMPACT.get((reducer, dtype))
        if body is None:
            op = OPS.get("stablehlo." + reducer) if isinstance(reducer, str) else None
            if op is None or not compact_reducer(op):
                known = ", ".join(name.removeprefix("stablehlo.") for name, cls in OPS.items()
                                  if compact_reducer(cls))
                raise RuleError(f"unknown reducer {reducer!r} (known: {known})")
            body = _COMPACT[(reducer, dtype)] = BinaryRegion(op, tensor_of((), dtype))
        return dict(inputs=(operand,), init_values=(init,), dimensions=dims, body=body)

    @staticmethod
    def reduce_region(operands, inits, dims, body):
        """`fb.reduce_region(name, operands, inits, dims, body)`: several operands, or a body of
        several ops (built with `fb.region()`, or a Function of its own builder). Returns the
        result, or a tuple of one result per operand."""
        return dict(inputs=operands, init_values=inits, dimensions=dims, body=body)

    builders = ("reduce_region",)
