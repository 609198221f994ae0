"""Evaluators of the ops StableHLO keeps for compatibility (vitir/ast/ops/deprecated.py); cross-replica-sum's
is with the collectives' (vitir/evaluate/collectives.py)."""

from __future__ import annotations

import numpy as np

from ..errors import UndefinedValueError
from ..numpy_dtypes import numpy_dtype
from .contraction import einsum as _einsum


def einsum(op, *operands: np.ndarray) -> np.ndarray:
    """numpy's einsum by the op's config (TF's einsum has the same grammar); integers accumulate in
    64 bits and wrap to the result's width, as a dot does."""
    dtype = numpy_dtype(op.results[0].type.dtype)
    if dtype.kind in "iu":
        operands = tuple(x.astype(np.int64 if dtype.kind == "i" else np.uint64) for x in operands)
    return _einsum(op.einsum_config.replace(" ", ""), *operands).astype(dtype)


def torch_index_select(op, operand: np.ndarray, index: np.ndarray) -> np.ndarray:
    """For each batch position, operand's entries along `dim` at index's entries (clamped into
    range, as the gather XLA lowers it to clamps them)."""
    batch, axis = op.batch_dims, op.dim - op.batch_dims
    if operand.shape[op.dim] == 0 and np.prod(op.results[0].shape):  # nothing to select from
        raise UndefinedValueError(f"{op.NAME} {op.results[0].ssa}: selects entries from dimension {op.dim} of "
                                  f"size 0 of {op.operands[0].type.text}: the value is undefined")
    index = np.clip(index.astype(np.int64), 0, max(operand.shape[op.dim] - 1, 0))
    out = np.empty(op.results[0].shape, dtype=operand.dtype)
    for b in np.ndindex(*operand.shape[:batch]):
        out[b] = np.take(operand[b], index[b], axis=axis)
    return out

