"""Evaluators of the custom calls vitir knows (vitir/ast/custom_calls.py): each family through
the LAPACK routine it names, from scipy.linalg.lapack. jaxlib's CPU kernels call the same LAPACK
(scipy's), so the values are XLA's wherever the routine is deterministic.

Each takes the op and its operands' arrays (a batch over the leading dimensions) and returns one
array per result, of the result's type. Where the routine leaves a buffer's contents its own (the
input of gesdd, of syevd with mode 'N'), the evaluator returns the input as it was.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import blas, lapack

from ..ast.custom_calls import char, config, legacy
from ..errors import EvaluationError
from ..numpy_dtypes import numpy_dtype


def _out(op, i: int, value) -> np.ndarray:
    return np.asarray(value).astype(numpy_dtype(op.results[i].type.dtype), copy=False)


def _batch(a: np.ndarray):
    return np.ndindex(*a.shape[:-2])


def _routine(name: str, a: np.ndarray):
    """The LAPACK routine of a's precision: "potrf" -> spotrf, dpotrf, cpotrf or zpotrf."""
    return lapack.get_lapack_funcs((name,), (a,))[0]


def _refuse(op, why: str) -> EvaluationError:
    return EvaluationError(f"{op.NAME} @{op.call_target_name} {', '.join(r.ssa for r in op.results)}: {why}")


def run_known(evaluator, op, operands) -> tuple:
    """A known call through its family's evaluator. A legacy call (vitir/ast/custom_calls.py's
    LEGACY): its scalars dropped, trsm's right-hand side multiplied by alpha, and the results it adds
    to the family's (info where the FFI has none, workspaces) zeros."""
    convention = legacy(op)
    if convention is None:
        return evaluator(op, *operands)
    data = list(operands[convention.first_data:])
    if convention.scaled:
        data[-1] = (operands[convention.first_data - 1] * data[-1]).astype(data[-1].dtype)
    out = tuple(evaluator(op, *data))[:convention.kept]
    return out + tuple(np.zeros(r.type.shape, numpy_dtype(r.type.dtype)) for r in op.results[len(out):])


def potrf(op, a):
    lower = char(op, "uplo", "L") == "L"
    factor, info = a.copy(), np.zeros(a.shape[:-2], np.int32)
    routine = _routine("potrf", a)
    for i in _batch(a):
        factor[i], info[i] = routine(a[i], lower=lower, clean=0)
    return _out(op, 0, factor), _out(op, 1, info)


def trsm(op, a, b):
    side, uplo, trans, diag = (char(op, "side", "L"), char(op, "uplo", "L"), char(op, "trans_x", "N"),
                               char(op, "diag", "N"))
    routine = blas.get_blas_funcs(("trsm",), (b,))[0]
    x = np.array(b, copy=True)
    for i in np.ndindex(*b.shape[:-2]):
        x[i] = routine(1.0, a[i], b[i], side=int(side == "R"), lower=int(uplo == "L"),
                       trans_a="NTC".index(trans), diag=int(diag == "U"))
    return (_out(op, 0, x),)


def getrf(op, a):
    m, n = a.shape[-2:]
    lu, pivots = a.copy(), np.zeros(a.shape[:-2] + (min(m, n),), np.int32)
    info = np.zeros(a.shape[:-2], np.int32)
    routine = _routine("getrf", a)
    for i in _batch(a):
        lu[i], piv, info[i] = routine(a[i])
        pivots[i] = piv + 1  # scipy gives LAPACK's pivots 0-based
    return (_out(op, 0, lu), _out(op, 1, pivots)) + ((_out(op, 2, info),) if len(op.results) > 2 else ())


def geqrf(op, a):
    m, n = a.shape[-2:]
    packed, taus = a.copy(), np.zeros(a.shape[:-2] + (min(m, n),), a.dtype)
    routine = _routine("geqrf", a)
    for i in _batch(a):
        packed[i], taus[i], _, _ = routine(a[i])
    return _out(op, 0, packed), _out(op, 1, taus)


def orgqr(op, a, taus):
    q = a.copy()
    routine = _routine("ungqr" if np.iscomplexobj(a) else "orgqr", a)
    for i in _batch(a):
        q[i] = routine(a[i], taus[i])[0]
    return (_out(op, 0, q),)


def syevd(op, a):
    vectors = char(op, "mode", "V") == "V"
    lower = char(op, "uplo", "L") == "L"
    n = a.shape[-1]
    v, w = a.copy(), np.zeros(a.shape[:-2] + (n,), np.real(a).dtype)
    info = np.zeros(a.shape[:-2], np.int32)
    routine = _routine("heevd" if np.iscomplexobj(a) else "syevd", a)
    for i in _batch(a):
        values, found, info[i] = routine(a[i], compute_v=int(vectors), lower=int(lower))
        w[i] = values
        if vectors:
            v[i] = found
    return _out(op, 0, v), _out(op, 1, w), _out(op, 2, info)


def gesdd(op, a):
    values = config(op)
    if values.get("transposed"):
        raise _refuse(op, "cuSOLVER's transposed gesvd is not evaluated")
    mode = char(op, "mode", "A")
    if "full_matrices" in values:  # cuSOLVER's spelling
        mode = "N" if not values.get("compute_uv", True) else "A" if values["full_matrices"] else "S"
    name = "gesvd" if "gesvd" in op.call_target_name else "gesdd"
    routine = _routine(name, a)
    m, n = a.shape[-2:]
    s = np.zeros(a.shape[:-2] + (min(m, n),), np.real(a).dtype)
    u = np.zeros(op.results[2].type.shape, a.dtype)
    vt = np.zeros(op.results[3].type.shape, a.dtype)
    info = np.zeros(a.shape[:-2], np.int32)
    for i in _batch(a):
        if mode == "N":
            found = routine(a[i], compute_uv=0)
            s[i], info[i] = found[1], found[-1]
        else:
            u[i], s[i], vt[i], info[i] = routine(a[i], compute_uv=1, full_matrices=int(mode == "A"))
    return _out(op, 0, a), _out(op, 1, s), _out(op, 2, u), _out(op, 3, vt), _out(op, 4, info)


def lu_pivots_to_permutation(op, pivots):
    size = config(op).get("permutation_size", op.results[0].type.shape[-1])
    out = np.broadcast_to(np.arange(size, dtype=np.int32), pivots.shape[:-1] + (size,)).copy()
    for i in np.ndindex(*pivots.shape[:-1]):
        for k, p in enumerate(pivots[i]):
            out[i + (k,)], out[i + (p,)] = out[i + (p,)], out[i + (k,)]
    return (_out(op, 0, out),)


def gesvdj(op, a):
    """cuSOLVER's Jacobi (and polar) SVD: gesdd's factors, V returned rather than V^H."""
    values = config(op)
    m, n = a.shape[-2:]
    k = min(m, n)
    vectors, full = values.get("compute_uv", True), values.get("full_matrices", True)
    routine = _routine("gesdd", a)
    s = np.zeros(a.shape[:-2] + (k,), np.real(a).dtype)
    u = np.zeros(op.results[2].type.shape, a.dtype)
    v = np.zeros(op.results[3].type.shape, a.dtype)
    info = np.zeros(a.shape[:-2], np.int32)
    for i in _batch(a):
        if not vectors:
            found = routine(a[i], compute_uv=0)
            s[i], info[i] = found[1], found[-1]
            continue
        u_i, s[i], vt_i, info[i] = routine(a[i], compute_uv=1, full_matrices=int(full))
        u[i] = u_i[..., :u.shape[-1]]
        v[i] = np.conj(vt_i).T[..., :v.shape[-1]]
    return _out(op, 0, a), _out(op, 1, s), _out(op, 2, u), _out(op, 3, v), _out(op, 4, info)
