"""`fold`: constant folding through the numpy evaluator.

An effect-free op whose operands are all constants (or iotas) becomes constants holding what the
evaluator computes for it, bit for bit: the evaluator defines the values (vitir/evaluate), and
`array_constant` writes them so that they read back the same (-0.0 as -0.0, NaN and infinities by
their bits). An op is left as it is when

- its results hold more than `ELEMENT_LIMIT` elements (StableHLO's fold-op-element-limit, 65,536):
  a large constant costs more than the op that makes it;
- the evaluator's value is one implementation's choice (vitir/evaluate/choices.py: transcendental
  approximations, float sums, random bits), so that the folded program computes what the
  unfolded one computes wherever it runs;
- the evaluator cannot compute it (composite, custom_call) or refuses its operands (an error);
- it has effects, results that are not tensors, or regions that read values from outside.

A data-movement op of a splat (a broadcast_in_dim of a scalar constant, as JAX writes every constant
tensor) becomes the splat of its result type whatever its size: one literal, nothing evaluated.
"""

from __future__ import annotations

import numpy as np

from ..ast import ops as O
from ..ast.types import TensorType
from ..evaluate import evaluate_op
from ..evaluate.choices import implementation_defined
from ..rewrite import RuleSet, effect_free, rule
from .constants import array_constant, constant_array, element_literal, name_hint, splat_of

ELEMENT_LIMIT = 65_536

_SOURCES = (O.Constant, O.Iota)  # the ops whose values a fold reads
_MOVES_A_SPLAT = (O.BroadcastInDim, O.Reshape, O.Transpose, O.Reverse, O.Slice)


def _sources(op, m) -> list | None:
    """The constants and iotas that define every operand of `op`, else None."""
    sources = [m.defining(v) for v in op.operands]
    return sources if all(type(s) in _SOURCES for s in sources) else None


def foldable(op, m) -> bool:
    """Whether `op` is a candidate: an effect-free op of tensor results, not itself a constant, whose
    regions read nothing from outside."""
    cls = type(op)
    if cls in _SOURCES or cls.COMPOUND or not op.operands or not op.results:
        return False
    if not all(isinstance(r.type, TensorType) for r in op.results):
        return False
    if not cls.SIMPLE and any(m.index.captured(region) for region in op.regions()):
        return False
    return effect_free(op)


def fold_values(op, arrays, limit: int = ELEMENT_LIMIT):
    """The evaluator's result arrays of `op` on `arrays`, or None where folding is left out (above)."""
    if sum(r.type.num_elements for r in op.results) > limit:
        return None
    if implementation_defined(op, arrays) is not None:
        return None
    try:
        with np.errstate(all="ignore"):  # NaN and inf are values, as in the evaluator
            return evaluate_op(op, {v.name: a for v, a in zip(op.operands, arrays)})
    except Exception:  # noqa: BLE001 -- any refusal of the evaluator leaves the op to run where it runs
        return None


def make_fold_rule(limit: int = ELEMENT_LIMIT):
    @rule(name="fold")
    def fold(op, m):
        """An effect-free op of constant operands -> constants of the evaluator's values."""
        sources = _sources(op, m)
        if sources is None or not foldable(op, m):
            return None
        arrays = [constant_array(s) for s in sources]
        if any(a is None for a in arrays):
            return None
        values = fold_values(op, arrays, limit)
        if values is None:
            return None
        out = tuple(m.b.emit(array_constant(name_hint(r), a, r.type, op.path)) for r, a in zip(op.results, values))
        return out[0] if len(out) == 1 else out

    return fold


@rule(*_MOVES_A_SPLAT)
def moved_splat(op, m):
    """broadcast_in_dim, reshape, transpose, reverse or slice of a splat constant -> the splat of the
    result's type, of any size."""
    source = m.defining(op.operand)
    if type(source) is not O.Constant:
        return None
    x = splat_of(source)
    if x is None:
        return None
    t = op.result.type
    if t.num_elements == 0:
        return None
    return m.b.emit(O.Constant(op.result.name, element_literal(x, t.dtype), t, path=op.path))


RULES = RuleSet([moved_splat, make_fold_rule()])
