"""cholesky, triangular_solve and fft (JAX's rules, jax/_src/lax/linalg.py and fft.py), for real
and complex matrices; complex values follow JAX's convention (a cotangent is the conjugate of the
usual one). X^H is the conjugate transpose (the transpose, for real X).

- cholesky reads one triangle of a: the matrix it factors is the Hermitian S = that triangle
  plus its conjugate transpose off the diagonal (of the diagonal, the real part: LAPACK reads
  no more), so its tangent is dS built the same way from a's tangent, and
  dL = L phi(L^-1 dS L^-H) (phi: the lower triangle, its diagonal halved; Murray 2016). The
  upper factor is the conjugate transpose of the lower one.
- triangular_solve is linear in b (transposed by solving with op(a) transposed: a^H's transpose
  is conj(a), solved without transposing) and, in a, dx = -op(a)^-1 d(op(a)) x (left side) or
  -x d(op(a)) op(a)^-1, d(op(a)) the read triangle of a's tangent (without its diagonal when
  unit_diagonal), under op.
- fft is linear: FFT and IFFT transpose to themselves (the DFT matrix is symmetric), RFFT to the
  real part of the FFT of the cotangent padded to the full length, IRFFT to the conjugate of the
  RFFT of the cotangent scaled and its Hermitian-duplicated components doubled.
"""

from __future__ import annotations

import math

from ...ast import ops as O
from ...ast.element_types import DType
from ..tables import deflinear, defjvp, deftranspose, refuse


def swap_minor(e, x):
    """x with its two minor dimensions swapped (each matrix transposed)."""
    rank = x.type.rank
    return e.b.transpose(e.name(), x, tuple(range(rank - 2)) + (rank - 1, rank - 2))


def conjugate(e, x):
    """The complex conjugate (x itself when real), in StableHLO's own ops."""
    if not x.type.dtype.is_complex:
        return x
    return e.b.complex(e.name(), e.b.real(e.name(), x), e.b.negate(e.name(), e.b.imag(e.name(), x)))


def adjoint(e, x):
    """Each matrix's conjugate transpose (its transpose, when real)."""
    return conjugate(e, swap_minor(e, x))


def real_part(e, x):
    """The real part, of x's type (x itself when real)."""
    if not x.type.dtype.is_complex:
        return x
    real = e.b.real(e.name(), x)
    return e.b.complex(e.name(), real, e.zeros_like(real))


def hermitian(e, t, lower: bool):
    """The Hermitian matrix a routine reads from one triangle of t: the triangle without its
    diagonal, its conjugate transpose, and the diagonal's real part."""
    strict = keep_triangle(e, t, lower, diagonal=False)
    if not t.type.dtype.is_complex:
        return e.b.add(e.name(), keep_triangle(e, t, lower), swap_minor(e, strict))
    diagonal = real_part(e, e.b.subtract(e.name(), keep_triangle(e, t, lower), strict))
    return e.b.add(e.name(), e.b.add(e.name(), strict, adjoint(e, strict)), diagonal)


def triangle_mask(e, like, lower: bool, diagonal: bool = True):
    """i1 of like's shape: true on each matrix's lower (upper) triangle, with or without the diagonal."""
    rank = like.type.rank
    rows = e.b.iota(e.name(), like.type.shape, DType.I32, rank - 2)
    columns = e.b.iota(e.name(), like.type.shape, DType.I32, rank - 1)
    direction = ("GE" if diagonal else "GT") if lower else ("LE" if diagonal else "LT")
    return e.b.compare(e.name(), rows, columns, direction)


def keep_triangle(e, x, lower: bool, diagonal: bool = True):
    return e.b.select(e.name(), triangle_mask(e, x, lower, diagonal), x, e.zeros_like(x))


def half_lower(e, like):
    """1 below each matrix's diagonal, 1/2 on it, 0 above: the mean of the two lower masks."""
    one, zero = e.constant(0.5, like.type), e.zeros_like(like)
    with_diagonal = e.b.select(e.name(), triangle_mask(e, like, True), one, zero)
    without = e.b.select(e.name(), triangle_mask(e, like, True, diagonal=False), one, zero)
    return e.b.add(e.name(), with_diagonal, without)


def batch_matmul(e, x, y):
    rank = x.type.rank
    batch = tuple(range(rank - 2))
    return e.b.dot_general(e.name(), x, y, ((rank - 1,), (rank - 2,)), (batch, batch))


def solve(e, a, b, left_side, lower, transpose_a, unit_diagonal=False):
    return e.b.triangular_solve(e.name(), a, b, left_side, lower, unit_diagonal, transpose_a)


@defjvp(O.Cholesky)
def cholesky_jvp(e, op, primals, tangents):
    (t,), (result,) = tangents, e.primal_results(op)
    lower = bool(op.lower)
    dS = hermitian(e, t, lower)
    factor = keep_triangle(e, result, lower)  # the other triangle is the implementation's
    L = factor if lower else adjoint(e, factor)
    right = solve(e, L, dS, False, True, "ADJOINT" if t.type.dtype.is_complex else "TRANSPOSE")  # dS L^-H
    inner = solve(e, L, right, True, True, "NO_TRANSPOSE")  # L^-1 dS L^-H
    phi = e.b.multiply(e.name(), inner, half_lower(e, inner))
    dL = batch_matmul(e, L, phi)
    return (dL if lower else adjoint(e, dL),)


@defjvp(O.TriangularSolve)
def triangular_solve_jvp(e, op, primals, tangents):
    (a, b), (ta, tb), (x,) = primals, tangents, e.primal_results(op)
    attrs = (op.left_side, op.lower, op.transpose_a, op.unit_diagonal)
    db = None if tb is None else solve(e, a, tb, *attrs)
    da = None
    if ta is not None:
        g = e.b.negate(e.name(), keep_triangle(e, ta, op.lower, diagonal=not op.unit_diagonal))
        if op.transpose_a != "NO_TRANSPOSE":
            g = swap_minor(e, g) if op.transpose_a == "TRANSPOSE" else adjoint(e, g)
        product = batch_matmul(e, g, x) if op.left_side else batch_matmul(e, x, g)
        da = solve(e, a, product, *attrs)
    return (e.add_any(db, da),)


@deftranspose(O.TriangularSolve)
def triangular_solve_transpose(e, op, cotangents, linear):
    if linear[0]:
        raise refuse(op, "solves with a tangent matrix: it is not linear in a")
    if op.transpose_a == "ADJOINT":  # (a^H)^T = conj(a), solved as it stands
        return (None, solve(e, conjugate(e, op.a), cotangents[0], op.left_side, op.lower, "NO_TRANSPOSE",
                            op.unit_diagonal))
    flipped = "NO_TRANSPOSE" if op.transpose_a != "NO_TRANSPOSE" else "TRANSPOSE"
    return (None, solve(e, op.a, cotangents[0], op.left_side, op.lower, flipped, op.unit_diagonal))


deflinear(O.Fft)


@deftranspose(O.Fft)
def fft_transpose(e, op, cotangents, linear):
    (ct,), kind, lengths = cotangents, op.fft_type, tuple(op.fft_length)
    if kind in ("FFT", "IFFT"):
        return (e.b.fft(e.name(), ct, kind, lengths),)
    rank = ct.type.rank
    if kind == "RFFT":  # the transpose of fft(x)[..., :n // 2 + 1] for real x
        n, have = lengths[-1], ct.type.shape[-1]
        zero = e.constant(0, ct.type.with_shape(()))
        padded = e.b.pad(e.name(), ct, zero, (0,) * rank, (0,) * (rank - 1) + (n - have,), (0,) * rank)
        return (e.b.real(e.name(), e.b.fft(e.name(), padded, "FFT", lengths)),)
    x = e.b.fft(e.name(), ct, "RFFT", lengths)  # IRFFT
    n, odd = x.type.shape[-1], lengths[-1] % 2
    weights = [1.0] + [2.0] * (n - 2 + odd) + [1.0] * (1 - odd)
    scale = 1.0 / math.prod(lengths)
    column = e.b.constant_array(e.name("c"), [w * scale for w in weights], (n,), ct.type.dtype)
    spread = e.b.broadcast_in_dim(e.name(), column, (rank - 1,), x.type.shape)
    scaled = e.b.multiply(e.name(), x, e.b.complex(e.name(), spread, e.zeros_like(spread)))
    return (e.b.complex(e.name(), e.b.real(e.name(), scaled), e.b.negate(e.name(), e.b.imag(e.name(), scaled))),)
