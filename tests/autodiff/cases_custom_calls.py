"""Cases of the custom calls vitir knows (vitir/ast/custom_calls.py), written as JAX's CPU
lowering writes them (LAPACK's targets, column-major layouts, the FFI's attributes in
mhlo.backend_config), against JAX's own linear algebra of the same matrices: the factors'
derivatives in both modes, and the inner-product test of each rule's linear part. One case per
family also runs through PJRT (XLA calls the same LAPACK); tests/autodiff/test_custom_calls.py
runs whole programs of each family through it."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from vitir.ast import ops as O
from vitir.ast.element_types import DType
from vitir.ast.types import TensorType

from .cases_linalg import positive_definite, well_conditioned
from .harness import case

LOWER, UPPER = 76, 85  # LAPACK's uplo characters, 'L' and 'U'


def _layout(t: TensorType, matrix: bool) -> str:
    r = t.rank
    dims = (r - 2, r - 1) + tuple(range(r - 3, -1, -1)) if matrix else tuple(range(r - 1, -1, -1))
    return f"dense<[{', '.join(map(str, dims))}]> : tensor<{r}xindex>" if r else "dense<> : tensor<0xindex>"


def lapack(fb, routine: str, operands, result_types, config: str = ""):
    """`stablehlo.custom_call @lapack_<routine>_ffi` as jax/_src/lax/linalg.py lowers it: the values of
    the largest rank (the matrices) column-major, the others row-major."""
    top = max(v.type.rank for v in operands)
    operand_layouts = ", ".join(_layout(v.type, v.type.rank == top) for v in operands)
    result_layouts = ", ".join(_layout(t, t.rank == top) for t in result_types)
    op = O.CustomCall([f"{routine}{i}" for i in range(len(result_types))], tuple(operands),
                      f"lapack_{'d' if operands[0].type.dtype is DType.F64 else 's'}{routine}_ffi",
                      tuple(result_types), None, '""', None, None, f"[{operand_layouts}]", f"[{result_layouts}]",
                      discardable=(("mhlo.backend_config", "{" + config + "}"),))
    out = fb.emit(op)
    return out if isinstance(out, tuple) else (out,)


def _info(a):
    return TensorType(a.type.shape[:-2], DType.I32)


def _vector(a, size):
    return TensorType(a.type.shape[:-2] + (size,), a.type.dtype)


def _pivots(a):
    return TensorType(a.type.shape[:-2] + (min(a.type.shape[-2:]),), DType.I32)


def _symmetric(a, lower):
    """The matrix a routine that reads one triangle stands for."""
    if lower:
        return jnp.tril(a) + jnp.swapaxes(jnp.tril(a, -1), -1, -2)
    return jnp.triu(a) + jnp.swapaxes(jnp.triu(a, 1), -1, -2)


def _triangle(a, lower):
    n = a.shape[-1]
    rows, columns = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return rows >= columns if lower else rows <= columns


def _potrf(a, lower):  # the factor in the read triangle, the other triangle a's
    factor = lax.linalg.cholesky(_symmetric(a, lower), symmetrize_input=False)
    return jnp.where(_triangle(a, lower), factor if lower else jnp.swapaxes(factor, -1, -2), a)


for _name, _uplo, _shape in (("lower", LOWER, (2, 4, 4)), ("upper", UPPER, (3, 3))):
    case(f"lapack_potrf_{_name}", O.CustomCall,
         lambda fb, a, u=_uplo: lapack(fb, "potrf", [a], [a.type, _info(a)], f"uplo = {u} : ui8")[0],
         lambda a, lower=_uplo == LOWER: _potrf(a, lower), [positive_definite(*_shape)], pjrt=_uplo == LOWER)

case("lapack_trsm_left_lower", O.CustomCall,
     lambda fb, a, b: lapack(fb, "trsm", [a, b], [b.type], "diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, "
                                                           "uplo = 76 : ui8")[0],
     lambda a, b: lax.linalg.triangular_solve(a, b, left_side=True, lower=True), [well_conditioned(4, 4), (4, 3)])
case("lapack_trsm_right_upper_transpose_unit", O.CustomCall,
     lambda fb, a, b: lapack(fb, "trsm", [a, b], [b.type], "diag = 85 : ui8, side = 82 : ui8, trans_x = 84 : ui8, "
                                                           "uplo = 85 : ui8")[0],
     lambda a, b: lax.linalg.triangular_solve(a, b, left_side=False, lower=False, transpose_a=True,
                                              unit_diagonal=True), [well_conditioned(4, 4), (2, 4)], pjrt=False)

for _shape in ((4, 4), (2, 3, 5)):
    case(f"lapack_getrf_{'x'.join(map(str, _shape))}", O.CustomCall,
         lambda fb, a: lapack(fb, "getrf", [a], [a.type, _pivots(a), _info(a)])[0],
         lambda a: lax.linalg.lu(a)[0], [_shape], pjrt=False)


def _qr(fb, a):
    """geqrf, then orgqr of its reflectors (Q), and R from the triangle above them: JAX's lowering of qr."""
    m, n = a.type.shape[-2:]
    k = min(m, n)
    packed, taus = lapack(fb, "geqrf", [a], [a.type, _vector(a, k)])
    q = lapack(fb, "orgqr", [packed, taus], [packed.type])[0]
    rows = fb.iota("rows", packed.type.shape, DType.I32, packed.type.rank - 2)
    columns = fb.iota("columns", packed.type.shape, DType.I32, packed.type.rank - 1)
    zero = fb.broadcast_in_dim("zero", fb.constant("z", "0.0", (), a.type.dtype), (), packed.type.shape)
    r = fb.select("r", fb.compare("above", rows, columns, "LE"), packed, zero)
    rank = a.type.rank
    return q, fb.slice("r_k", r, (0,) * rank, a.type.shape[:-2] + (k, n))


for _shape in ((5, 3), (2, 3, 3)):
    case(f"lapack_geqrf_orgqr_{'x'.join(map(str, _shape))}", O.CustomCall, _qr,
         lambda a: tuple(jnp.linalg.qr(a)), [_shape], pjrt=False)

case("lapack_syevd", O.CustomCall,
     lambda fb, a: lapack(fb, "syevd", [a], [a.type, _vector(a, a.type.shape[-1]), _info(a)],
                          "mode = 86 : ui8, uplo = 76 : ui8")[:2],
     lambda a: lax.linalg.eigh(_symmetric(a, True), lower=True, symmetrize_input=False),
     [positive_definite(4, 4)], tolerance=1e-4)


def _svd(mode: int):
    def build(fb, a):
        m, n = a.type.shape[-2:]
        k = min(m, n)
        full = mode == 65
        u = TensorType(a.type.shape[:-2] + (m, m if full else k), a.type.dtype)
        vt = TensorType(a.type.shape[:-2] + (n if full else k, n), a.type.dtype)
        if mode == 78:  # no vectors: JAX still gives the full shapes
            u, vt = TensorType(a.type.shape[:-2] + (m, m), a.type.dtype), TensorType(a.type.shape[:-2] + (n, n), a.type.dtype)
        _, s, u, vt, _ = lapack(fb, "gesdd", [a], [a.type, _vector(a, k), u, vt, _info(a)], f"mode = {mode} : ui8")
        return s if mode == 78 else (s, u, vt)
    return build


case("lapack_gesdd_reduced_tall", O.CustomCall, _svd(83),
     lambda a: (lambda u, s, vt: (s, u, vt))(*lax.linalg.svd(a, full_matrices=False)), [(5, 3)], tolerance=1e-4)
case("lapack_gesdd_reduced_wide", O.CustomCall, _svd(83),
     lambda a: (lambda u, s, vt: (s, u, vt))(*lax.linalg.svd(a, full_matrices=False)), [(3, 4)], tolerance=1e-4, pjrt=False)
case("lapack_gesdd_full_square", O.CustomCall, _svd(65),
     lambda a: (lambda u, s, vt: (s, u, vt))(*lax.linalg.svd(a, full_matrices=False)), [(4, 4)], tolerance=1e-4,
     pjrt=False)
case("lapack_gesdd_values_only", O.CustomCall, _svd(78),
     lambda a: lax.linalg.svd(a, compute_uv=False), [(4, 3)], tolerance=1e-4, pjrt=False)
