"""numpy's dtypes for the element-type table (vitir/ast/element_types.py).

The one place that maps a DType to a numpy dtype and back, for the evaluator
and the backends; ml_dtypes (a dependency of jax) supplies bfloat16, the
narrow floats and the 2- and 4-bit integers.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

import numpy as np

from .ast.element_types import DType


@lru_cache(maxsize=None)
def numpy_dtype(dtype: DType) -> np.dtype:
    """The numpy dtype that holds elements of `dtype` (of a quantized one, its storage integers)."""
    if dtype.is_quantized:
        dtype = dtype.storage
    module = importlib.import_module(dtype.numpy_module)
    return np.dtype(getattr(module, dtype.numpy))


@lru_cache(maxsize=None)
def element_type(dtype) -> DType:
    """The DType of a numpy dtype; ValueError when the table has none."""
    dtype = np.dtype(dtype)
    for candidate in DType:
        if numpy_dtype(candidate) == dtype:
            return candidate
    raise ValueError(f"numpy dtype {dtype} has no StableHLO element type")
