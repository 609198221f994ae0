"""The derivatives of the custom calls vitir knows (vitir/ast/custom_calls.py), by target family
(`CUSTOM_CALL_JVP_RULES`, filled with `defjvp_custom_call`), for real matrices.

- potrf, trsm, geqrf, orgqr: through their portable expansions (vitir/passes/custom_calls.py),
  whose ops are differentiated by their own rules: stablehlo.cholesky's and triangular_solve's
  (JAX's), and the Householder reflections' (the derivative of LAPACK's packed QR, reflectors
  and taus included, so that geqrf then orgqr gives dQ, and the triangle above gives dR).
- getrf: JAX's lu_jvp_rule: with P from the pivots, L and U from the packed result,
  X = L^-1 P dA U^-1, dLU = L tril(X, -1) + triu(X) U (rectangular matrices padded as JAX pads).
- syevd: JAX's eigh_jvp_rule on the symmetric matrix the read triangle stands for:
  dw = diag(V^T dA V), dV = V (F o V^T dA V), F_ij = 1 / (w_j - w_i) off the diagonal; with mode
  'N' (values only) the call again with mode 'V' for the vectors.
- gesdd, gesvd, and cuSOLVER's gesvdj (which returns V, not V^T): JAX's svd_jvp_rule for the
  reduced factors. Full factors of a rectangular matrix (mode 'A'; cuSOLVER's Jacobi SVD computes
  them for small matrices and JAX slices them) get the reduced columns' tangents, and the columns
  that complete them the tangent that keeps them orthogonal to those without turning among
  themselves (JAX refuses full factors: any orthonormal completion is one). With mode 'N' (singular values only) the
  rule calls the routine again with mode 'S' for the vectors, as JAX's rule does. The first
  result, the routine's scratch copy of a, gets no tangent.

Pivots, permutations and info are integers: no tangent. A target the table does not know, or one
with no rule here, is refused by its name (its line added by `vitir grad`).
"""

from __future__ import annotations

import re

from ...ast import ops as O
from ...ast.custom_calls import char, config, family, ffi_target, legacy
from ...ast.element_types import DType
from ...ast.types import TensorType
from ...passes.custom_calls import expand, permutation
from ..tables import CUSTOM_CALL_JVP_RULES, defjvp, defjvp_custom_call, refuse
from .decompose import jvp_of
from .linalg import adjoint, batch_matmul, hermitian, keep_triangle, solve


@defjvp(O.CustomCall)
def custom_call_jvp(e, op, primals, tangents):
    known = family(op)
    rule = CUSTOM_CALL_JVP_RULES.get(known.name) if known is not None else None
    if rule is None:
        why = ("a target vitir does not know: a call into code vitir cannot see" if known is None else
               f"vitir has no derivative rule for {known.operation}")
        raise refuse(op, f"is not differentiable (@{op.call_target_name}: {why}), and a differentiated value "
                         "flows into it")
    convention = legacy(op)
    if convention is None or rule is through_expansion:  # the expansion drops a legacy call's scalars itself
        return rule(e, op, primals, tangents)
    skip = convention.first_data  # jaxlib's calls before the FFI: the rule on the family's operands
    out = tuple(rule(e, op, primals[skip:], tangents[skip:]))[:convention.kept]
    return out + (None,) * (len(op.results) - len(out))


@defjvp_custom_call("potrf", "trsm", "geqrf", "orgqr")
def through_expansion(e, op, primals, tangents):
    return jvp_of(e, lambda fb, name, *arguments: expand(fb, name, op, arguments), primals, tangents)


def _eye(e, shape, dtype):
    rank = len(shape)
    rows = e.b.iota(e.name(), shape, DType.I32, rank - 2)
    columns = e.b.iota(e.name(), shape, DType.I32, rank - 1)
    return e.b.convert(e.name(), e.b.compare(e.name(), rows, columns, "EQ"), dtype)


def _diagonal(e, x):
    """The diagonal of each square matrix of x: [..., n, n] -> [..., n]."""
    eye = e.b.compare(e.name(), e.b.iota(e.name(), x.type.shape, DType.I32, x.type.rank - 2),
                      e.b.iota(e.name(), x.type.shape, DType.I32, x.type.rank - 1), "EQ")
    return e.sum(e.b.select(e.name(), eye, x, e.zeros_like(x)), (x.type.rank - 1,))


def _rows(e, x, shape):
    """x [..., n] as each row of [..., r, n]; `_columns`: as each column of [..., n, r]."""
    rank = len(shape)
    return e.b.broadcast_in_dim(e.name(), x, tuple(range(rank - 2)) + (rank - 1,), shape)


def _columns(e, x, shape):
    rank = len(shape)
    return e.b.broadcast_in_dim(e.name(), x, tuple(range(rank - 2)) + (rank - 2,), shape)


def _block(e, x, rows, columns):
    rank = x.type.rank
    return e.b.slice(e.name(), x, (0,) * (rank - 2) + (rows[0], columns[0]), x.type.shape[:-2] + (rows[1], columns[1]))


def _pad(e, x, rows: int, columns: int):
    """x with `rows` zero rows below and `columns` zero columns to the right."""
    if not rows and not columns:
        return x
    rank = x.type.rank
    zero = e.constant(0, x.type.with_shape(()))
    return e.b.pad(e.name(), x, zero, (0,) * rank, (0,) * (rank - 2) + (rows, columns), (0,) * rank)


@defjvp_custom_call("getrf")
def getrf_jvp(e, op, primals, tangents):
    (t,), (lu, pivots) = tangents, e.primal_results(op)[:2]
    if t is None:
        return (None,) * len(op.results)
    shape, dtype = lu.type.shape, lu.type.dtype
    m, n = shape[-2:]
    k, batch = min(m, n), shape[:-2]
    perm = permutation(e.b, e.name, e.b.subtract(e.name(), pivots, e.constant(1, pivots.type)), m)  # [..., m]
    columns = e.b.iota(e.name(), batch + (m, m), DType.I32, len(batch) + 1)
    p = e.b.convert(e.name(), e.b.compare(e.name(), _columns(e, perm, batch + (m, m)), columns, "EQ"), dtype)
    x = batch_matmul(e, p, t)  # P dA
    lower = _pad(e, keep_triangle(e, _block(e, lu, (0, m), (0, k)), True, diagonal=False), 0, m - k)
    lower = e.b.add(e.name(), lower, _eye(e, batch + (m, m), dtype))
    upper = _pad(e, keep_triangle(e, _block(e, lu, (0, k), (0, n)), False), n - k, 0)
    if n > k:  # the identity on the rows U lacks
        eye = _eye(e, batch + (n, n), dtype)
        past = e.b.compare(e.name(), e.b.iota(e.name(), batch + (n, n), DType.I32, len(batch)),
                           e.constant(k, TensorType(batch + (n, n), DType.I32)), "GE")
        upper = e.b.add(e.name(), upper, e.b.select(e.name(), past, eye, e.zeros_like(eye)))
    la = solve(e, lower, x, True, True, "NO_TRANSPOSE", unit_diagonal=True)
    lau = solve(e, upper, la, False, False, "NO_TRANSPOSE")
    l_dot = batch_matmul(e, lower, keep_triangle(e, lau, True, diagonal=False))
    u_dot = batch_matmul(e, keep_triangle(e, lau, False), upper)
    return (e.b.add(e.name(), l_dot, u_dot),) + (None,) * (len(op.results) - 1)


def _as(e, x, like):
    """x (real) converted to like's element type (complex), where they differ."""
    return x if x.type.dtype is like.type.dtype else e.b.convert(e.name(), x, like.type.dtype)


def _real(e, x):
    return e.b.real(e.name(), x) if x.type.dtype.is_complex else x


def _inverse_off_diagonal(e, differences):
    """1 / differences off each matrix's diagonal, 0 on it (JAX's reciprocal(eye + d) - eye)."""
    eye = _eye(e, differences.type.shape, differences.type.dtype)
    inverse = e.b.divide(e.name(), e.constant(1, differences.type), e.b.add(e.name(), differences, eye))
    return e.b.subtract(e.name(), inverse, eye)


@defjvp_custom_call("syevd")
def syevd_jvp(e, op, primals, tangents):
    (t,), (v, w) = tangents, e.primal_results(op)[:2]
    if t is None:
        return (None,) * len(op.results)
    vectors = char(op, "mode", "V") == "V"
    if not vectors:  # values only: the call again for the vectors the derivative needs
        v, w = _again(e, op, primals[0], [r.type for r in op.results], ((r"mode\s*=\s*\d+", "mode = 86"),))[:2]
    shape = v.type.shape
    inner = batch_matmul(e, adjoint(e, v), batch_matmul(e, hermitian(e, t, char(op, "uplo", "L") == "L"), v))
    differences = e.b.subtract(e.name(), _rows(e, w, shape), _columns(e, w, shape))  # w_j - w_i
    dv = batch_matmul(e, v, e.b.multiply(e.name(), _as(e, _inverse_off_diagonal(e, differences), v), inner))
    return (dv if vectors else None, _real(e, _diagonal(e, inner)), None)


def _reduced_vectors(e, op, a, returns_v: bool):
    """The same SVD call on a with mode 'S' (the reduced U and V^T; JAX's rule computes them so too)."""
    m, n = a.type.shape[-2:]
    k, batch = min(m, n), a.type.shape[:-2]
    types = [r.type for r in op.results]
    types[2] = types[2].with_shape(batch + (m, k))
    types[3] = types[3].with_shape(batch + ((n, k) if returns_v else (k, n)))
    return _again(e, op, a, types, ((r"mode\s*=\s*\d+", "mode = 83"), (r"compute_uv\s*=\s*false", "compute_uv = true"),
                                    (r"full_matrices\s*=\s*true", "full_matrices = false")))


def _again(e, op, a, types, swaps):
    """op called again on a, for results of `types`, its FFI attributes changed by `swaps` (pattern,
    replacement): the same layouts (the ranks are the same), the sharding rule dropped (its factors'
    sizes may change)."""
    if legacy(op) is not None:  # a call before the FFI: the FFI's, whose attributes are the swaps' replacements
        return _again_through_ffi(e, op, a, types, swaps)
    discardable = []
    for name, text in op.discardable:
        if name == "mhlo.backend_config":
            for pattern, replacement in swaps:
                text = re.sub(pattern, replacement, text)
        if name != "sdy.sharding_rule":
            discardable.append((name, text))
    again = O.CustomCall([e.name() for _ in types], (a,), op.call_target_name, tuple(types), op.has_side_effect,
                         op.backend_config, op.api_version, op.called_computations, op.operand_layouts,
                         op.result_layouts, op.output_operand_aliases, op.result_tilings, path=e.b.path,
                         discardable=tuple(discardable))
    return e.b.emit(again)


def _layouts(types, matrix_rank: int) -> str:
    """XLA's layouts of an FFI call as JAX writes them: a batch of matrices column-major (minor to
    major: the rows, the columns, then the batch), anything else row-major."""
    def one(rank):
        order = (rank - 2, rank - 1) + tuple(range(rank - 3, -1, -1)) if rank == matrix_rank else \
            tuple(range(rank - 1, -1, -1))
        body = f"[{', '.join(map(str, order))}]" if len(order) > 1 else "".join(map(str, order))
        return f"dense<{body}> : tensor<{rank}xindex>"
    return "[" + ", ".join(one(t.rank) for t in types) + "]"


def _again_through_ffi(e, op, a, types, swaps):
    """A legacy call again, as the FFI target that computes the same (its workspaces left out), with
    the attributes `swaps` write (`mode = 83`), spelled as JAX spells an FFI call (`backend_config =
    ""`, the attributes in `mhlo.backend_config`, column-major matrices), so that XLA runs it."""
    kept = legacy(op).kept
    attributes = ", ".join(f"{replacement} : ui8" for _, replacement in swaps if replacement.startswith("mode"))
    rank = a.type.rank
    again = O.CustomCall([e.name() for _ in types[:kept]], (a,), ffi_target(op), tuple(types[:kept]),
                         None, '""', None, None, _layouts([a.type], rank), _layouts(types[:kept], rank), None, None,
                         path=e.b.path, discardable=(("mhlo.backend_config", "{" + attributes + "}"),))
    out = e.b.emit(again)
    return (out,) if kept == 1 else tuple(out)


@defjvp_custom_call("gesdd", "gesvdj")
def svd_jvp(e, op, primals, tangents):
    """JAX's svd_jvp_rule. gesvdj returns V where gesdd returns V^T. Full factors of a rectangular
    matrix (mode 'A'; cuSOLVER's Jacobi SVD computes them for small matrices, and JAX slices them):
    the reduced factors' tangents, completed by `_completed` (JAX refuses full factors)."""
    returns_v = family(op).name == "gesvdj"
    (t,), (_, s, u, second) = tangents, e.primal_results(op)[:4]
    if t is None:
        return (None,) * len(op.results)
    m, n = primals[0].type.shape[-2:]
    k = min(m, n)
    values, mode = config(op), char(op, "mode", "A")
    vectors = mode != "N" and values.get("compute_uv", True)  # cuSOLVER spells the mode in two bools
    if not vectors:  # the call again, for the reduced vectors
        _, s, u, second = _reduced_vectors(e, op, primals[0], returns_v)[:4]
    full_u, full_v = u, second if returns_v else adjoint(e, second)
    u, v = _columns_of(e, full_u, k), _columns_of(e, full_v, k)
    vh = adjoint(e, v)
    square = s.type.shape[:-1] + (k, k)
    ds_matrix = batch_matmul(e, adjoint(e, u), batch_matmul(e, t, v))  # U^H dA V
    ds = _real(e, _diagonal(e, ds_matrix))
    if not vectors:  # U and V were not computed: the singular values' tangent only
        return (None, ds) + (None,) * (len(op.results) - 2)
    s_j, s_i = _rows(e, s, square), _columns(e, s, square)
    products = e.b.multiply(e.name(), e.b.add(e.name(), s_j, s_i), e.b.subtract(e.name(), s_j, s_i))
    f = _as(e, _inverse_off_diagonal(e, products), ds_matrix)
    s_j, s_i = _as(e, s_j, ds_matrix), _as(e, s_i, ds_matrix)
    right = e.b.multiply(e.name(), s_j, ds_matrix)  # dS diag(s)
    left = e.b.multiply(e.name(), s_i, ds_matrix)  # diag(s) dS
    u_inner = e.b.multiply(e.name(), f, e.b.add(e.name(), right, adjoint(e, right)))
    if ds_matrix.type.dtype.is_complex:  # the phase U and V share: JAX's (dS - dS^H) diag(1/s) / 2
        u_inner = e.b.add(e.name(), u_inner, _phase(e, ds_matrix, s))
    du = batch_matmul(e, u, u_inner)
    dv = batch_matmul(e, v, e.b.multiply(e.name(), f, e.b.add(e.name(), left, adjoint(e, left))))
    if m > n:
        dav = batch_matmul(e, t, v)
        rest = e.b.subtract(e.name(), dav, batch_matmul(e, u, batch_matmul(e, adjoint(e, u), dav)))
        du = e.b.add(e.name(), du, e.b.divide(e.name(), rest, _as(e, _rows(e, s, rest.type.shape), rest)))
    if n > m:
        dau = batch_matmul(e, adjoint(e, t), u)
        rest = e.b.subtract(e.name(), dau, batch_matmul(e, v, batch_matmul(e, vh, dau)))
        dv = e.b.add(e.name(), dv, e.b.divide(e.name(), rest, _as(e, _rows(e, s, rest.type.shape), rest)))
    du = _completed(e, du, full_u)
    dv = _completed(e, dv, full_v)
    return (None, ds, du, dv if returns_v else adjoint(e, dv)) + (None,) * (len(op.results) - 4)


def _phase(e, ds_matrix, s):
    """JAX's dUdV_diag: (dS - dS^H) / 2 on the diagonal, each divided by its singular value (0 where
    that is 0)."""
    zero = e.zeros_like(s)
    is_zero = e.b.compare(e.name(), s, zero, "EQ")
    inverse = e.b.select(e.name(), is_zero, zero,
                         e.b.divide(e.name(), e.constant(1, s.type), e.b.select(e.name(), is_zero, e.constant(1, s.type), s)))
    square = ds_matrix.type.shape
    eye = _eye(e, square, ds_matrix.type.dtype)
    scale = e.b.multiply(e.name(), eye, _as(e, _rows(e, inverse, square), ds_matrix))
    half = e.b.multiply(e.name(), e.constant(0.5, ds_matrix.type),
                        e.b.subtract(e.name(), ds_matrix, adjoint(e, ds_matrix)))
    return e.b.multiply(e.name(), half, scale)


def _columns_of(e, x, k: int):
    """The first k columns of each matrix of x."""
    if x.type.shape[-1] == k:
        return x
    return _block(e, x, (0, x.type.shape[-2]), (0, k))


def _completed(e, tangent, full):
    """The tangent of a full factor (`full`, [..., m, m]) whose first k columns have `tangent`: the
    completing columns Q move only to stay orthogonal to the first ones, dQ = -U (dU^T Q), and do not
    turn among themselves. (Any orthonormal completion is a full factor; this is the derivative of
    the one that moves least. Where one column completes it, that is the only one, up to its sign.)"""
    k, columns = tangent.type.shape[-1], full.type.shape[-1]
    if k == columns:
        return tangent
    first = _columns_of(e, full, k)
    rest = _block(e, full, (0, full.type.shape[-2]), (k, columns))
    moved = e.b.negate(e.name(), batch_matmul(e, first, batch_matmul(e, adjoint(e, tangent), rest)))
    return e.b.concatenate(e.name(), [tangent, moved], tangent.type.rank - 1)
