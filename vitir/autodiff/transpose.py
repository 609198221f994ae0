"""Transposition: the cotangents of a linear program's inputs from those of its outputs.

The linear ops are visited last to first; each op's transpose rule turns its results'
cotangents into its linear operands'. A value read twice gets the sum of its cotangents
(`add_any`), a value none reaches keeps a symbolic zero (None)."""

from __future__ import annotations

from .context import Emitter, derived_from
from .tables import refuse, transpose_rule


def transpose_ops(e: Emitter, ops, cotangent: dict, linear: set) -> None:
    """Run the linear `ops` backwards: `cotangent` maps a linear value to its cotangent and gains
    the cotangents of the values the ops read; `linear` holds the linear values."""
    for op in reversed(ops):
        cts = [cotangent.pop(r, None) for r in op.results]
        if all(c is None for c in cts):
            continue
        is_linear = [v in linear for v in op.operands]
        rule = getattr(op, "transpose", None) or transpose_rule(op)
        with derived_from(e, op, "transpose"):  # its cotangents' sums too, as JAX's add_any
            out = tuple(rule(e, op, cts, is_linear))
            if len(out) != len(op.operands):
                raise refuse(op, f"its transpose rule gave {len(out)} cotangents for {len(op.operands)} operands")
            for v, c, lin in zip(op.operands, out, is_linear):
                if c is None or not lin:
                    continue
                if c.type != v.type:
                    raise refuse(op, f"its transpose rule gave a cotangent of type {c.type} for an operand of "
                                     f"type {v.type}")
                cotangent[v] = e.add_any(cotangent.get(v), c)
