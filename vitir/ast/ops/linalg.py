"""Linear algebra: triangular_solve, cholesky (batches of matrices in the two minor dimensions) and
fft (the Fourier transforms over up to three minor dimensions)."""

from __future__ import annotations

from ..attributes import BOOL, FFT_TYPE, I64_ARRAY, TRANSPOSE
from ..declare import Op, attr_def, operand_def
from ..traits import PURE, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError, compatible, compatible_shapes
from ..type_rules import PER_TENSOR, require, tensor
from ..types import TensorType


def _matrices(t: TensorType, what: str) -> int:
    """The size of the square matrices of a batch `t` (rank 2 or more, the two minor dims equal)."""
    if t.rank < 2:
        raise RuleError(f"{what} must have rank 2 or more, got shape {list(t.shape)}")
    if not compatible(t.shape[-2], t.shape[-1]):
        raise RuleError(f"{what} must hold square matrices in its two minor dimensions, got shape {list(t.shape)}")
    return t.shape[-1] if t.shape[-1] is not None else t.shape[-2]


class TriangularSolve(Op):
    """Solves op(a) x = b (`left_side`) or x op(a) = b for x, op(a) being a, its transpose or its
    adjoint (`transpose_a`); only the `lower` (or upper) triangle of a is read, its diagonal taken
    as ones when `unit_diagonal`."""

    NAME = "stablehlo.triangular_solve"
    traits = (PURE,)  # undefined when unit_diagonal lies
    a = operand_def()
    b = operand_def()
    left_side = attr_def(BOOL)
    lower = attr_def(BOOL)
    unit_diagonal = attr_def(BOOL)
    transpose_a = attr_def(TRANSPOSE)
    syntax = "generic"
    evaluate = "vitir.evaluate.linalg:triangular_solve"

    @staticmethod
    def rule(a, b, left_side, lower, unit_diagonal, transpose_a):
        tensor(a, "a")
        tensor(b, "b")
        require(a.dtype, "float or complex", "a")
        if b.dtype is not a.dtype:
            raise RuleError(f"element types differ: a is {a.dtype.value}, b is {b.dtype.value}")
        n = _matrices(a, "a")
        if b.rank != a.rank:
            raise RuleError(f"a has rank {a.rank}, b has rank {b.rank}: they must be equal")
        if not compatible_shapes(a.shape[:-2], b.shape[:-2]):
            raise RuleError(f"batch dimensions differ: a {list(a.shape[:-2])}, b {list(b.shape[:-2])}")
        shared = -2 if left_side else -1
        if not compatible(b.shape[shared], n):
            raise RuleError(f"b dim {b.rank + shared} is {b.shape[shared]}, a is {n}x{n}"
                            f" ({'left' if left_side else 'right'} side)")
        return b

    @staticmethod
    def builder(a, b, left_side=True, lower=True, unit_diagonal=False, transpose_a="NO_TRANSPOSE"):
        """`fb.triangular_solve(name, a, b)`: solves a x = b with the lower triangle of a."""
        return dict(a=a, b=b, left_side=left_side, lower=lower, unit_diagonal=unit_diagonal, transpose_a=transpose_a)


class Cholesky(Op):
    """The Cholesky factor of each Hermitian positive-definite matrix of `a`: lower-triangular L with
    a = L L^H (`lower`), else upper-triangular U with a = U^H U; only that triangle of a is read."""

    NAME = "stablehlo.cholesky"
    traits = (PURE,)  # undefined for a matrix not positive definite
    a = operand_def()
    lower = attr_def(BOOL, default=False)
    syntax = "{a}{lower?, lower = } : {same_type}"
    evaluate = "vitir.evaluate.linalg:cholesky"

    @staticmethod
    def rule(a, lower):
        if not tensor(a, "a", quantized=PER_TENSOR).dtype.is_quantized:  # MLIR: HLO_FpComplexOrQuantizedIntTensor
            require(a.dtype, "float or complex", "a")
        _matrices(a, "a")
        return a


# The fft types: whether the operand is real (RFFT) and the result real (IRFFT).
_REAL_OPERAND, _REAL_RESULT = {"RFFT"}, {"IRFFT"}
_COMPLEX_OF = {DType.F32: DType.C64, DType.F64: DType.C128}


class Fft(Op):
    """The discrete Fourier transform over the last len(fft_length) dimensions: FFT and IFFT complex
    to complex, RFFT real to complex (the last dimension halved plus one), IRFFT its inverse."""

    NAME = "stablehlo.fft"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    fft_type = attr_def(FFT_TYPE)
    fft_length = attr_def(I64_ARRAY)
    syntax = "{operand}, type = {fft_type}, length = {fft_length} : {functional_type}"
    evaluate = "vitir.evaluate.linalg:fft"

    @staticmethod
    def rule(operand, fft_type, fft_length):
        tensor(operand)
        length = list(fft_length)
        if not 1 <= len(length) <= 3:
            raise RuleError(f"fft_length {length} must have 1 to 3 entries")
        if len(length) > operand.rank:
            raise RuleError(f"fft_length {length} has {len(length)} entries for an operand of rank {operand.rank}")
        shape, dtype = list(operand.shape), operand.dtype
        if fft_type in _REAL_OPERAND:
            if dtype not in _COMPLEX_OF:
                raise RuleError(f"RFFT needs an f32 or f64 operand, got {dtype.value}")
            if not compatible_shapes(tuple(shape[-len(length):]), tuple(length)):
                raise RuleError(f"RFFT needs the operand's last dims {shape[-len(length):]} to be fft_length {length}")
            shape[-1] = length[-1] // 2 + 1 if length[-1] else 0
            return TensorType(shape, _COMPLEX_OF[dtype])
        require(dtype, "complex", f"{fft_type} operand")
        if fft_type in _REAL_RESULT:
            inner = length[:-1]
            if not compatible_shapes(tuple(shape[-len(length):-1]), tuple(inner)):
                raise RuleError(f"IRFFT needs the operand's dims {shape[-len(length):-1]} before the last to be "
                                f"fft_length {inner}")
            half = length[-1] // 2 + 1 if length[-1] else 0
            if not compatible(shape[-1], half):
                raise RuleError(f"IRFFT needs the operand's last dim {shape[-1]} to be fft_length[-1] / 2 + 1 = {half}")
            shape[-1] = length[-1]
            return TensorType(shape, dtype.part)
        return operand
