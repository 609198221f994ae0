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
    return iota_array(ty.shape, op.iota_dimension, ty.dtype)


def iota_array(shape, dimension: int, dtype) -> np.ndarray:
    along = [1] * len(shape)
    along[dimension] = shape[dimension]
    index = np.arange(shape[dimension]).reshape(along).astype(numpy_dtype(dtype))
    return np.broadcast_to(index, shape).copy()
