"""The ops StableHLO keeps for compatibility only, outside its specification
(openxla/stablehlo#3), which every artifact version still carries: einsum, unary_einsum,
torch_index_select and cross-replica-sum.

Their meaning is the one StableHLO's documentation gives informally: einsum and unary_einsum
as TF's einsum (a config `ab,bc->ac`, `...` for broadcast dimensions), torch_index_select as
PyTorch's index_select with leading batch dimensions, cross-replica-sum as an all_reduce of `add`
with no channel. MLIR prints einsum and unary_einsum in their own syntax
(`stablehlo.einsum %a, %b, config = "ab,bc->ac" : (...) -> ...`), the other two generically.
"""

from __future__ import annotations

import re

from ..attributes import DENSE_INTS, I64, STRING
from ..declare import Op, attr_def, operand_def, result_type_def
from ..shape_rules import RuleError, compatible_shapes
from ..traits import PURE, SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE
from ..type_rules import PER_TENSOR, tensor
from .collectives import check_replica_groups

_EVALUATE = "vitir.evaluate.deprecated:"
_TERM = re.compile(r"(?:[A-Za-z]|\.\.\.)*")


def einsum_terms(config: str, operands: int) -> tuple[list[str], str]:
    """The config's input terms and its output term, each a string of letters and `...`; RuleError
    names what is wrong with it."""
    inputs, arrow, output = config.replace(" ", "").partition("->")
    terms = inputs.split(",")
    if not arrow or len(terms) != operands or not all(_TERM.fullmatch(t) for t in terms + [output]):
        raise RuleError(f"einsum_config {config!r} must be {operands} comma-separated terms of letters (and `...`), "
                        "then `->` and the result's term")
    return terms, output


def _letters(term: str) -> list[str]:
    """A term's letters with `...` as one entry."""
    return re.findall(r"\.\.\.|[A-Za-z]", term)


def einsum_shape(config: str, shapes) -> tuple:
    """The result shape of an einsum of operands of `shapes` by `config`: each letter's size, the
    same wherever it appears; the `...` dimensions broadcast, right-aligned, as numpy does."""
    terms, output = einsum_terms(config, len(shapes))
    sizes: dict = {}
    ellipsis: tuple = ()
    for index, (term, shape) in enumerate(zip(terms, shapes)):
        letters = _letters(term)
        named = [x for x in letters if x != "..."]
        fits = len(letters) - len(named) <= 1 and len(named) <= len(shape) and (
            "..." in letters or len(named) == len(shape))
        if not fits:
            raise RuleError(f"einsum_config term {term!r} does not fit operand {index} of rank {len(shape)}")
        at = letters.index("...") if "..." in letters else len(letters)
        extra = len(shape) - len(named)
        ellipsis = _broadcast(ellipsis, tuple(shape[at:at + extra]), config)
        for letter, size in zip(named, shape[:at] + shape[at + extra:]):
            known = sizes.setdefault(letter, size)
            if not compatible_shapes((known,), (size,)):
                raise RuleError(f"einsum_config {config!r}: {letter} is {known} in one operand and {size} in "
                                f"operand {index}")
            if known is None:
                sizes[letter] = size
    result = []
    for letter in _letters(output):
        if letter == "...":
            result += ellipsis
        elif letter not in sizes:
            raise RuleError(f"einsum_config {config!r}: the result's {letter} is in no operand")
        else:
            result.append(sizes[letter])
    return tuple(result)


def _broadcast(a: tuple, b: tuple, config: str) -> tuple:
    if len(a) < len(b):
        a, b = b, a
    b = (1,) * (len(a) - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            raise RuleError(f"einsum_config {config!r}: the `...` dimensions {list(a)} and {list(b)} do not broadcast")
        out.append(y if x == 1 else x)
    return tuple(out)


def _einsum_result(config: str, operands, result):
    for i, t in enumerate(operands):
        tensor(t, f"operand {i}")
    tensor(result, "result")
    shape = einsum_shape(config, [t.shape for t in operands])
    if not compatible_shapes(tuple(result.shape), shape):
        raise RuleError(f"result {result} is not the shape {list(shape)} that einsum_config {config!r} gives")
    return result


class Einsum(Op):
    """The einsum of two operands by `einsum_config` (`ab,bc->ac`); the result type is the caller's."""

    NAME = "stablehlo.einsum"
    traits = (PURE,)
    lhs = operand_def()
    rhs = operand_def()
    einsum_config = attr_def(STRING)
    result_type = result_type_def()
    syntax = "{lhs}, {rhs}, config = {einsum_config} : {functional_type}"
    evaluate = _EVALUATE + "einsum"

    @staticmethod
    def rule(lhs, rhs, einsum_config, result_type):
        return _einsum_result(einsum_config, (lhs, rhs), result_type)


class UnaryEinsum(Op):
    """The einsum of one operand by `einsum_config` (`ab->a`: a sum, a transpose, a diagonal)."""

    NAME = "stablehlo.unary_einsum"
    traits = (PURE,)
    operand = operand_def()
    einsum_config = attr_def(STRING)
    result_type = result_type_def()
    syntax = "{operand}, config = {einsum_config} : {functional_type}"
    evaluate = _EVALUATE + "einsum"

    @staticmethod
    def rule(operand, einsum_config, result_type):
        return _einsum_result(einsum_config, (operand,), result_type)


class TorchIndexSelect(Op):
    """`operand`'s entries along `dim` at `index`, the first `batch_dims` dimensions of both
    shared: the result is operand[:dim] batch and leading dimensions, then index's after its batch
    dimensions, then operand's after `dim` (PyTorch's index_select)."""

    NAME = "stablehlo.torch_index_select"
    traits = (PURE,)
    operand = operand_def()
    index = operand_def()
    dim = attr_def(I64)
    batch_dims = attr_def(I64)
    result_type = result_type_def(optional=True)
    evaluate = _EVALUATE + "torch_index_select"

    @staticmethod
    def rule(operand, index, dim, batch_dims, result_type):
        tensor(operand)
        tensor(index, "index")
        if not index.dtype.is_integer:
            raise RuleError(f"index {index} must be of an integer element type")
        if not 0 <= batch_dims <= min(dim, index.rank):
            raise RuleError(f"batch_dims {batch_dims} must be from 0 to dim {dim} and index's rank {index.rank}")
        if not dim < operand.rank:
            raise RuleError(f"dim {dim} is out of range for operand {operand} of rank {operand.rank}")
        if not compatible_shapes(operand.shape[:batch_dims], index.shape[:batch_dims]):
            raise RuleError(f"the batch dimensions of operand {operand} and index {index} differ")
        shape = operand.shape[:dim] + index.shape[batch_dims:] + operand.shape[dim + 1:]
        if result_type is None:
            return operand.with_shape(shape)
        tensor(result_type, "result")
        if result_type.dtype is not operand.dtype or not compatible_shapes(tuple(result_type.shape), shape):
            raise RuleError(f"result {result_type} must be operand's element type in shape {list(shape)}")
        return result_type


class CrossReplicaSum(Op):
    """The sum of the operand over each group of replicas: all_reduce with an add computation and
    no channel."""

    NAME = "stablehlo.cross-replica-sum"
    method = "cross_replica_sum"
    traits = (PURE, SPECULATABLE, SAME_OPERANDS_AND_RESULT_TYPE)
    operand = operand_def()
    replica_groups = attr_def(DENSE_INTS)
    evaluate = "vitir.evaluate.collectives:cross_replica_sum"

    @staticmethod
    def rule(operand, replica_groups):
        check_replica_groups(replica_groups)
        return tensor(operand, quantized=PER_TENSOR)
