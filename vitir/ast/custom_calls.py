"""The custom calls vitir knows: the targets JAX and XLA emit for linear algebra on CPU (LAPACK
through XLA's FFI) and GPU (cuSOLVER, hipSOLVER), one row per target family, each with its
meaning as the LAPACK routine defines it.

A row says what the call computes, how its operands, its attributes (`mhlo.backend_config`, a
dictionary of the FFI's attributes) and its results map onto that meaning, which evaluator runs it
(`evaluate`, "module:function" as an op's declaration names its own), and its portable form: the
StableHLO ops `vitir opt -p raise-custom-calls` writes in its place, or why there is none. The
transformations own their tables keyed by the row's name (vitir/evaluate/custom_calls.py,
vitir/passes/custom_calls.py, vitir/autodiff/rules/custom_calls.py), as they do for op classes.

Every family works on the last two dimensions of its operands, a batch of matrices over the
leading ones (`mhlo.frontend_attributes = {num_batch_dims = "N"}`); the layouts JAX gives
(`operand_layouts = [dense<[0, 1]> ...]`, column-major) say how XLA hands the buffers to the
routine, not what the values are: the values are the logical tensors, as everywhere in StableHLO.
FFT and sort lower to `stablehlo.fft` and `stablehlo.sort` in the StableHLO JAX writes (DUCC and
XLA's sort kernels are chosen by XLA below it), so they have no row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class CustomCallFamily:
    name: str
    operation: str
    targets: tuple[str, ...]
    operands: str
    attributes: str
    results: str
    implementation: str  # what the evaluator calls
    portable: str | None  # the StableHLO ops raise-custom-calls writes, or None
    no_portable_form: str | None = None  # why there is none
    evaluate: str = ""

    def __post_init__(self):
        if (self.portable is None) == (self.no_portable_form is None):
            raise ValueError(f"custom call family {self.name}: give its portable form or why it has none")
        if not self.evaluate:
            object.__setattr__(self, "evaluate", f"vitir.evaluate.custom_calls:{self.name}")


def _lapack(*routines: str) -> tuple[str, ...]:
    """XLA's FFI names of LAPACK routines: `lapack_spotrf_ffi` for "spotrf"."""
    return tuple(f"lapack_{r}_ffi" for r in routines)


def _gpu(*names: str) -> tuple[str, ...]:
    """The CUDA and ROCm spellings of a GPU target: `cusolver_potrf_ffi` and `hipsolver_potrf_ffi`."""
    return tuple(name.format(vendor) for name in names for vendor in ("cu", "hip"))


_BATCH = "a batch of matrices [..., m, n]"
_INFO = "info (i32 per matrix: 0 success, > 0 LAPACK's failure code)"

FAMILIES: tuple[CustomCallFamily, ...] = (
    CustomCallFamily(
        "potrf", "Cholesky factorization A = L L^H (or U^H U)",
        _lapack("spotrf", "dpotrf", "cpotrf", "zpotrf") + _gpu("{}solver_potrf_ffi"),
        f"a: {_BATCH}, square, Hermitian positive-definite",
        "uplo (ui8: 'L' = 76, 'U' = 85; cuSOLVER: lower, a bool): the triangle read and written",
        f"the factor in that triangle, the other triangle a's, unchanged; {_INFO}: k > 0 when the leading "
        "minor of order k is not positive-definite",
        "scipy.linalg.lapack.?potrf(clean=0)",
        "stablehlo.cholesky of a, selected into a's triangle; info 0 where the factor is finite, else 1"),
    CustomCallFamily(
        "trsm", "triangular solve op(A) X = B (left side) or X op(A) = B",
        _lapack("strsm", "dtrsm", "ctrsm", "ztrsm"),
        "a: the triangular matrices [..., k, k]; b: [..., m, n]",
        "side ('L' = 76, 'R' = 82), uplo ('L', 'U'), trans_x ('N' = 78, 'T' = 84, 'C' = 67), diag ('N', "
        "'U' = 85: a unit diagonal)",
        "x, b's type (it overwrites b)",
        "scipy.linalg.blas.?trsm",
        "stablehlo.triangular_solve (left_side, lower, unit_diagonal, transpose_a from the attributes)"),
    CustomCallFamily(
        "getrf", "LU factorization with partial pivoting, P A = L U",
        _lapack("sgetrf", "dgetrf", "cgetrf", "zgetrf") + _gpu("{}solver_getrf_ffi", "{}blas_getrf_batched_ffi"),
        f"a: {_BATCH}",
        "none",
        "L (below the diagonal, a unit diagonal left out) and U packed in one matrix; the pivots (i32 "
        "[..., min(m, n)], 1-based: row i was swapped with row pivots[i] - 1, in order); "
        f"{_INFO}: k > 0 when U[k-1, k-1] is exactly zero",
        "scipy.linalg.lapack.?getrf (pivots + 1)",
        "an unrolled Doolittle elimination: per column, the first row of largest magnitude found by "
        "reduce, the rows swapped by select, the column scaled and the trailing block updated"),
    CustomCallFamily(
        "geqrf", "QR factorization A = Q R by Householder reflections",
        _lapack("sgeqrf", "dgeqrf", "cgeqrf", "zgeqrf") + _gpu("{}solver_geqrf_ffi", "{}blas_geqrf_batched_ffi"),
        f"a: {_BATCH}",
        "none",
        "R on and above the diagonal, the reflectors' vectors below it (each with an implicit 1 on the "
        "diagonal); taus [..., min(m, n)]: H_i = I - tau_i v_i v_i^H",
        "scipy.linalg.lapack.?geqrf",
        "an unrolled Householder QR with LAPACK's reflector convention (dlarfg: beta = -sign(alpha) "
        "||x||), on static slices"),
    CustomCallFamily(
        "orgqr", "the orthogonal (unitary) Q of a QR factorization, from its reflectors",
        _lapack("sorgqr", "dorgqr", "cungqr", "zungqr") + _gpu("{}solver_orgqr_ffi"),
        "a: geqrf's packed result [..., m, n] (n <= m); taus [..., k] (k <= n)",
        "none",
        "Q = H_1 ... H_k applied to the first n columns of the identity, a's type",
        "scipy.linalg.lapack.?orgqr / ?ungqr",
        "the reflectors applied one by one, last first, to the identity's columns"),
    CustomCallFamily(
        "syevd", "eigendecomposition of a symmetric (Hermitian) matrix, A = V diag(w) V^H",
        _lapack("ssyevd", "dsyevd", "cheevd", "zheevd") + _gpu("{}solver_syevd_ffi"),
        f"a: {_BATCH}, square; only the uplo triangle is read",
        "mode ('V' = 86: eigenvectors too, 'N' = 78: values only), uplo ('L', 'U'); cuSOLVER: lower, algorithm",
        f"V (the eigenvectors as columns; with mode 'N', a's buffer, its contents the routine's); w "
        f"(real, ascending) [..., n]; {_INFO}",
        "scipy.linalg.lapack.?syevd / ?heevd",
        None, "an iterative algorithm (divide and conquer) whose eigenvectors' signs are the implementation's; "
              "written as a loop it gives other vectors than XLA's"),
    CustomCallFamily(
        "gesdd", "singular value decomposition A = U diag(s) V^H",
        _lapack("sgesdd", "dgesdd", "cgesdd", "zgesdd", "sgesvd", "dgesvd", "cgesvd", "zgesvd")
        + _gpu("{}solver_gesvd_ffi"),
        f"a: {_BATCH}",
        "mode ('A' = 65: full U and V^H, 'S' = 83: the first min(m, n) columns and rows, 'N' = 78: s only); "
        "cuSOLVER: full_matrices, compute_uv, transposed (only false is known)",
        "a's buffer (its contents the routine's), s (descending) [..., min(m, n)], U, V^H (not computed "
        f"with mode 'N'), {_INFO}",
        "scipy.linalg.lapack.?gesdd / ?gesvd",
        None, "an iterative algorithm whose singular vectors' signs are the implementation's"),
    CustomCallFamily(
        "gesvdj", "singular value decomposition A = U diag(s) V^H by Jacobi rotations (or the polar "
                  "decomposition), returning V itself",
        _gpu("{}solver_gesvdj_ffi", "{}solver_gesvdp_ffi"),
        f"a: {_BATCH}",
        "full_matrices, compute_uv (bools)",
        "a's buffer (its contents the routine's), s (descending) [..., min(m, n)], U, V (not V^H: JAX "
        f"transposes it after the call), {_INFO}",
        "scipy.linalg.lapack.?gesdd, V^H transposed (the same factorization; another algorithm's rounding)",
        None, "an iterative algorithm whose singular vectors' signs are the implementation's"),
    CustomCallFamily(
        "lu_pivots_to_permutation", "the permutation that LU's pivots (row swaps in order) make",
        _gpu("{}_lu_pivots_to_permutation"),
        "pivots: i32 [..., k], 0-based",
        "permutation_size (the permutation's length, m)",
        "the permutation, i32 [..., m]: row i of P A is row permutation[i] of A",
        "numpy: the swaps applied in order to an iota",
        "the swaps unrolled: each a select over an iota"),
)



@dataclass(frozen=True)
class LegacyConvention:
    """How jaxlib's calls before XLA's FFI (the API_VERSION_STATUS_RETURNING targets `lapack_spotrf`,
    `blas_strsm`, ..., jax/jaxlib/lapack.py until 2024) pass what the FFI's attributes say: leading
    i32 scalar operands, in `scalars`' order (a flag named as the FFI attribute it becomes, or "-" for
    a size the operands' shapes give: batch, m, n, k, lwork), then trsm's alpha (`scaled`: it
    multiplies the right-hand side), then the family's operands. The results are the family's first
    `kept`, then what the call adds (info where the FFI has none, workspaces): zeros in vitir."""
    family: str
    targets: tuple[str, ...]
    scalars: tuple[str, ...]
    kept: int
    scaled: bool = False

    @property
    def first_data(self) -> int:
        """The index of the first of the family's operands."""
        return len(self.scalars) + self.scaled


def _legacy(prefix: str, *routines: str) -> tuple[str, ...]:
    return tuple(f"{prefix}_{r}" for r in routines)


LEGACY: tuple[LegacyConvention, ...] = (
    LegacyConvention("potrf", _legacy("lapack", "spotrf", "dpotrf", "cpotrf", "zpotrf"), ("lower", "-", "-"), 2),
    LegacyConvention("trsm", _legacy("blas", "strsm", "dtrsm", "ctrsm", "ztrsm"),
                     ("left_side", "lower", "trans", "diag", "-", "-", "-"), 1, scaled=True),
    LegacyConvention("getrf", _legacy("lapack", "sgetrf", "dgetrf", "cgetrf", "zgetrf"), ("-", "-", "-"), 3),
    LegacyConvention("geqrf", _legacy("lapack", "sgeqrf", "dgeqrf", "cgeqrf", "zgeqrf"), ("-", "-", "-", "-"), 2),
    LegacyConvention("orgqr", _legacy("lapack", "sorgqr", "dorgqr", "cungqr", "zungqr"), ("-", "-", "-", "-", "-"), 1),
    LegacyConvention("syevd", _legacy("lapack", "ssyevd", "dsyevd", "cheevd", "zheevd"), ("lower", "-", "-"), 3),
    LegacyConvention("gesdd", _legacy("lapack", "sgesdd", "dgesdd", "cgesdd", "zgesdd"),
                     ("full_matrices", "compute_uv", "-", "-", "-", "-"), 5),
)

# a legacy flag's value -> the FFI attribute it is (as config() gives them; `lower` is read by char())
_LEGACY_FLAGS = {
    "lower": lambda v: ("lower", bool(v)),
    "full_matrices": lambda v: ("full_matrices", bool(v)),
    "compute_uv": lambda v: ("compute_uv", bool(v)),
    "left_side": lambda v: ("side", ord("L" if v else "R")),
    "trans": lambda v: ("trans_x", ord("NTC"[v])),
    "diag": lambda v: ("diag", ord("U" if v else "N")),
}

BY_TARGET: dict[str, CustomCallFamily] = {t: f for f in FAMILIES for t in f.targets}
BY_NAME: dict[str, CustomCallFamily] = {f.name: f for f in FAMILIES}
LEGACY_BY_TARGET: dict[str, LegacyConvention] = {t: c for c in LEGACY for t in c.targets}
BY_TARGET.update((t, BY_NAME[c.family]) for t, c in LEGACY_BY_TARGET.items())


def family(op) -> CustomCallFamily | None:
    """The family of a custom call's target, or None for a target vitir does not know."""
    return BY_TARGET.get(op.call_target_name)


def legacy(op) -> LegacyConvention | None:
    """The convention of a target of jaxlib's before the FFI, or None (an FFI target, or unknown)."""
    return LEGACY_BY_TARGET.get(op.call_target_name)


def ffi_target(op) -> str:
    """The FFI target that computes what `op`'s does: `lapack_sgesdd` -> `lapack_sgesdd_ffi`,
    `blas_strsm` -> `lapack_strsm_ffi`."""
    name = op.call_target_name
    if legacy(op) is None:
        return name
    return "lapack_" + name.split("_", 1)[1] + "_ffi"


def data_operands(op, operands) -> list:
    """The family's operands among a call's (`operands`: the op's inputs or their values): a legacy
    call's leading scalars and alpha dropped."""
    convention = legacy(op)
    return list(operands) if convention is None else list(operands)[convention.first_data:]


_ENTRY = re.compile(r"([A-Za-z_][\w.]*)\s*=\s*(true|false|-?\d+|\"(?:[^\"\\]|\\.)*\")(?:\s*:\s*[a-z]+\d*)?")


def config(op) -> dict:
    """The FFI's attributes of a custom call (`mhlo.backend_config = {uplo = 76 : ui8, lower = true}`,
    or a dictionary `backend_config`): name -> int, bool or string."""
    convention = legacy(op)
    if convention is not None:
        return _legacy_flags(op, convention)
    texts = [text for name, text in op.discardable if name == "mhlo.backend_config"]
    if isinstance(op.backend_config, str) and op.backend_config.lstrip().startswith("{"):
        texts.append(op.backend_config)
    found: dict = {}
    for text in texts:
        for key, value in _ENTRY.findall(text):
            found[key] = (value == "true" if value in ("true", "false") else
                          value[1:-1] if value.startswith('"') else int(value))
    return found


def _legacy_flags(op, convention: LegacyConvention) -> dict:
    """A legacy call's flags, from the constants its scalar operands are."""
    from ..errors import ShapeError

    found: dict = {}
    for name, value in zip(convention.scalars, op.inputs):
        if name == "-":
            continue
        owner = value.owner
        ints = owner.constant_ints(value) if owner is not None else None
        if not ints or len(ints) != 1:
            raise ShapeError(f"@{op.call_target_name}: its operand {value.ssa} ({name}) must be an i32 constant, as "
                             "jaxlib wrote it", op=op.NAME, ssa=op.results[0].ssa if op.results else "")
        key, flag = _LEGACY_FLAGS[name](ints[0])
        found[key] = flag
    return found


def char(op, key: str, default: str) -> str:
    """A LAPACK character argument (`uplo = 76 : ui8` is 'L'); cuSOLVER's `lower` bool for uplo."""
    values = config(op)
    if key == "uplo" and "lower" in values:
        return "L" if values["lower"] else "U"
    value = values.get(key)
    return default if value is None else chr(value)
