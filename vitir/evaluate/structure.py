"""Evaluators of ops that make values from attributes: constant and iota."""

from __future__ import annotations

import numpy as np

from ..ast.literals import literal_value
from ..numpy_dtypes import numpy_dtype


def constant(op) -> np.ndarray:
    ty = op.results[0].type
    dtype = numpy_dtype(ty.dtype)
    if type(op.value) is str:
        return np.full(ty.shape, literal_value(op.value, ty.dtype), dtype)
    values = [literal_value(literal, ty.dtype) for literal in op.value]
    return np.array(values, dtype).reshape(ty.shape)


def iota(op) -> np.ndarray:
    ty = op.results[0].type
    along = [1] * ty.rank
    along[op.iota_dimension] = ty.shape[op.iota_dimension]
    index = np.arange(ty.shape[op.iota_dimension]).reshape(along).astype(numpy_dtype(ty.dtype))
    return np.broadcast_to(index, ty.shape).copy()
