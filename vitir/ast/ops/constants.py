"""Ops that make values from attributes alone: constant and iota."""

from __future__ import annotations

import math
from typing import Sequence

from ..attributes import DENSE_LITERAL, I64
from ..declare import Op, attr_def, result_type_def
from ..traits import CONSTANT_LIKE, PURE, SPECULATABLE
from ..element_types import DType
from ..literals import literal_value, value_literal
from ..shape_rules import RuleError
from ..type_rules import static, tensor
from ..types import TensorType


class Constant(Op):
    """`%c = stablehlo.constant dense<1.0e-5> : T`: one literal (a splat, spliced as written) or one
    per element, row-major (`dense<[[0, 1], [2, 3]]>`). A number becomes the shortest decimal that
    reads back as the same value of the element type; infinities and NaN their hexadecimal bits."""

    NAME = "stablehlo.constant"
    traits = (CONSTANT_LIKE, PURE, SPECULATABLE)
    value = attr_def(DENSE_LITERAL)
    result_type = result_type_def()
    syntax = "{constant}"
    evaluate = "vitir.evaluate.structure:constant"

    @staticmethod
    def rule(value, result_type):
        tensor(result_type, "result", quantized=True)
        static(result_type)  # MLIR: elements literal type must have static shape
        dtype = result_type.dtype
        if dtype.is_quantized:  # a quantized constant holds its stored integers
            dtype = dtype.storage
        if type(value) is str:
            _check_literal(value, dtype, "literal")
            return result_type
        count = math.prod(result_type.shape)
        if len(value) != count:
            raise RuleError(f"{len(value)} value{'' if len(value) == 1 else 's'} for {result_type}, which holds {count}")
        for i, literal in enumerate(value):
            _check_literal(literal, dtype, f"element {_index(i, result_type.shape)}: literal")
        return result_type

    @staticmethod
    def builder(literal: str, shape: Sequence[int] = (), dtype: DType = DType.F32):
        """`fb.constant(name, "1.0e-5", shape, dtype)`: a splat of one literal."""
        return dict(value=str(literal), result_type=TensorType(shape, dtype))

    @staticmethod
    def constant_array(values, shape: Sequence[int], dtype: DType = DType.F32):
        """`fb.constant_array(name, values, shape, dtype)`: one element per value (`dense<[[0, 1], [2, 3]]>`),
        `values` flat or nested as `shape` (numbers, bools, literal strings, or a numpy array)."""
        type = TensorType(shape, dtype)
        return dict(value=dense_literals(values, type), result_type=type)

    builders = ("constant_array",)


_CHECKED: set = set()  # (literal, dtype) pairs already validated; a model repeats a few literals


def _check_literal(literal: str, dtype, what: str) -> None:
    if (literal, dtype) in _CHECKED:
        return
    try:
        literal_value(literal, dtype)
    except ValueError as e:
        raise RuleError(f"{what} {literal!r} is not a {dtype.value} number ({e})") from None
    _CHECKED.add((literal, dtype))


def _index(flat: int, shape: tuple[int, ...]) -> str:
    """`3` in a rank-1 tensor, `[1, 0]` (flat 2) in a rank-2 one."""
    if len(shape) < 2:
        return str(flat)
    index, rest = [], flat
    for d in reversed(shape):
        index.append(rest % d)
        rest //= d
    return f"{list(reversed(index))} (flat {flat})"


def dense_literals(values, type: TensorType) -> tuple[str, ...]:
    """One literal per element of `values` (flat or nested as the type's shape: numbers, bools,
    literal strings, or a numpy array read through `tolist`, so vitir needs no numpy)."""
    flat, nesting = _flatten(values)
    if nesting is None:
        raise RuleError("values are ragged: nested sequences of one level differ in length or depth")
    if len(nesting) > 1 and nesting != type.shape:
        raise RuleError(f"values nest as {list(nesting)}, the type {type} is {list(type.shape)}")
    count = math.prod(type.shape)
    if len(flat) != count:
        raise RuleError(f"{len(flat)} value{'' if len(flat) == 1 else 's'} for {type}, which holds {count}")
    dtype, literals = type.dtype, []
    for i, v in enumerate(flat):
        if isinstance(v, str) and (v, dtype) in _CHECKED:
            literals.append(v)
            continue
        try:
            literals.append(value_literal(v, dtype))
        except ValueError as e:
            what = f"literal {v!r}" if isinstance(v, str) else f"value {v!r}"
            raise RuleError(f"element {_index(i, type.shape)}: {what} is not a {dtype.value} number ({e})") from None
        if isinstance(v, str):
            _CHECKED.add((v, dtype))
    return tuple(literals)


def _flatten(values) -> tuple[list, tuple[int, ...] | None]:
    """Row-major elements and the shape the nesting gives (None if ragged)."""
    level, shape = [values], []
    while True:
        level = [v.tolist() if hasattr(v, "tolist") else v for v in level]
        nested = [isinstance(v, Sequence) and not isinstance(v, str) for v in level]
        if not any(nested):
            return level, tuple(shape)
        if not all(nested) or len({len(v) for v in level}) > 1:
            return level, None
        shape.append(len(level[0]))
        level = [x for v in level for x in v]
        if not level:
            return level, tuple(shape)


class Iota(Op):
    """No operands: every element is its own index along `iota_dimension` (`stablehlo.iota dim = 1 : T`)."""

    NAME = "stablehlo.iota"
    traits = (PURE, SPECULATABLE)
    iota_dimension = attr_def(I64)
    result_type = result_type_def()
    syntax = "dim = {iota_dimension} : {type:result}"
    evaluate = "vitir.evaluate.structure:iota"

    @staticmethod
    def rule(iota_dimension, result_type):
        tensor(result_type, "result")
        static(result_type)
        if not result_type.shape:
            raise RuleError(f"result must have rank 1 or more, got shape {list(result_type.shape)}")
        if not 0 <= iota_dimension < result_type.rank:
            raise RuleError(f"iota_dimension {iota_dimension} is out of range for rank {result_type.rank}")
        if result_type.dtype.is_bool:
            raise RuleError(f"element type {result_type.dtype.value} is not an integer, float or complex type")
        return result_type

    @staticmethod
    def builder(shape, dtype, dimension: int):
        """`fb.iota(name, shape, dtype, dimension)`."""
        return dict(iota_dimension=dimension, result_type=TensorType(shape, dtype))


def constant_ints(op) -> tuple[int, ...] | None:
    """The integers a constant of an integer type holds, row-major; None for any other op."""
    if type(op) is not Constant or not op.result_type.dtype.is_integer:
        return None
    dtype = op.result_type.dtype
    literals = (op.value,) * op.result_type.num_elements if type(op.value) is str else op.value
    return tuple(int(literal_value(literal, dtype)) for literal in literals)
