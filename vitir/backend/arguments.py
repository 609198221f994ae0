"""Checking call arguments against a signature before XLA sees them.

XLA's own errors name a parameter number and a byte size; these name the
argument and its expected type. Pure numpy: no device is touched here.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

import numpy as np

from vitir.backend.signature import Argument, Signature, describe_groups
from vitir.numpy_dtypes import numpy_dtype
from vitir.errors import ArgumentError, VitirError

# Which Python scalars convert to which dtypes without losing meaning:
# bool < int < float < complex.
_KIND_ORDER = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}
_PYTHON_SCALAR_ORDER = {bool: 0, int: 1, float: 2, complex: 3}


def _kind_order(dtype: np.dtype) -> int:
    return _KIND_ORDER.get(dtype.kind, 2)  # ml_dtypes floats (bf16) report kind 'V'


def expected_text(argument: Argument) -> str:
    return f"{argument.type} ({numpy_dtype(argument.type.dtype).name})"


def got_text(shape: Sequence[int], dtype: np.dtype) -> str:
    return f"shape {tuple(int(d) for d in shape)} {np.dtype(dtype).name}"


def check_count(signature: Signature, count: int) -> None:
    expected = len(signature.arguments)
    if count == expected:
        return
    if count < expected:
        detail = f"missing {signature.arguments[count]}"
    else:
        detail = f"{count - expected} extra"
    groups = f" ({describe_groups(signature.groups)})" if signature.groups else ""
    raise ArgumentError(f"@{signature.name} takes {expected} arguments{groups}, got {count} ({detail})")


def resolve_split(signature: Signature, split: Iterable[int | str]) -> frozenset[int]:
    """Indices of the arguments to split along dim 0 across replicas."""
    indices = set()
    for key in split:
        try:
            argument = signature.argument(key)
        except VitirError as e:
            raise ArgumentError(f"split: {e}") from None
        if argument.type.rank == 0:
            raise ArgumentError(f"split: {argument} is a scalar ({argument.type}); only dim 0 of a tensor can be split")
        indices.add(argument.index)
    return frozenset(indices)


def host_array(argument: Argument, value, replicas: int = 1, split: bool = False) -> np.ndarray:
    """value as a numpy array of the argument's dtype and (global) shape, or ArgumentError."""
    dtype = numpy_dtype(argument.type.dtype)
    if type(value) in _PYTHON_SCALAR_ORDER:
        # Plain Python numbers take the argument's dtype, as jax's weak types do.
        if _PYTHON_SCALAR_ORDER[type(value)] > _kind_order(dtype):
            got = f"Python {type(value).__name__} {value!r}"
            raise ArgumentError(f"{argument}: expected {expected_text(argument)}, got {got}")
        try:
            array = np.asarray(value, dtype=dtype)
        except OverflowError:
            raise ArgumentError(f"{argument}: {value!r} does not fit {expected_text(argument)}") from None
    else:
        array = np.asarray(value)
    shape = argument.type.shape
    if split:
        shape = (shape[0] * replicas, *shape[1:])
    if array.shape != shape or array.dtype != dtype:
        if split and replicas > 1:
            want = f"{argument.type.with_shape(shape)} ({dtype.name}) to split over {replicas} replicas"
        else:
            want = expected_text(argument)
        raise ArgumentError(f"{argument}: expected {want}, got {got_text(array.shape, array.dtype)}")
    return array


def check_device_array(argument: Argument, value, replica: int | None = None) -> None:
    """A value already on a device must have exactly the per-replica type."""
    if tuple(value.shape) != argument.type.shape or np.dtype(value.dtype) != numpy_dtype(argument.type.dtype):
        where = "" if replica is None else f" (replica {replica})"
        got = f"device array of {got_text(value.shape, value.dtype)}"
        raise ArgumentError(f"{argument}{where}: expected {expected_text(argument)}, got {got}")


class GroupedArguments:
    """What both backends' executables share: `grouped(sizes)`, the same executable whose argument
    checks name each argument's group and member (a step module's `signature(module).inputs`)."""

    signature: Signature

    def grouped(self, groups):
        """A copy of this executable (sharing the compiled program) whose signature carries `groups`: a
        `Groups` or its (name, size) pairs."""
        labelled = copy.copy(self)
        labelled.signature = self.signature.with_groups(getattr(groups, "sizes", groups))
        return labelled
