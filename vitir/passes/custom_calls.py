"""`raise-custom-calls`: the custom calls of vitir/ast/custom_calls.py written as portable
StableHLO ops, so that any StableHLO consumer runs a program JAX lowered for CPU or GPU.

`EXPANSIONS` holds each family's expansion, keyed by the table's row name:
`expand(b, name, op, operands) -> one value per result`, built with the builder `b` (a rule's, or
the scratch builder of a derivative: vitir/autodiff/rules/custom_calls.py differentiates geqrf
and orgqr through these same ops), `name(hint)` giving fresh names. Every loop is unrolled over
the matrices' static dimensions, on static slices, and works on the whole batch at once.

- potrf: stablehlo.cholesky of a, selected into a's triangle (the other triangle stays a's, as
  LAPACK leaves it); info, LAPACK's (the order of the first leading minor that is not
  positive-definite), by symmetric elimination beside it, since XLA's failed cholesky is NaN
  throughout.
- trsm: stablehlo.triangular_solve.
- getrf: Doolittle elimination with partial pivoting, as LAPACK's (the first row of largest
  magnitude; a zero pivot leaves its column unscaled and sets info).
- geqrf, orgqr: Householder reflections with LAPACK's convention (dlarfg, dorg2r); real only.
- lu_pivots_to_permutation: the swaps, in order, on an iota.

The families without a portable form (syevd, gesdd, gesvdj: iterative algorithms whose vectors'
signs are the implementation's) and complex geqrf and orgqr are refused by name; a target the table does
not know is left as it is.
"""

from __future__ import annotations

from ..ast import ops as O
from ..ast.custom_calls import BY_NAME, char, config, family, legacy
from ..ast.element_types import DType
from ..ast.literals import value_literal
from ..errors import RewriteError
from ..rewrite.passes import Pass, register
from ..rewrite.rules import rule


class Matrices:
    """Builder helpers over a batch of matrices (the last two dimensions; the leading ones a batch)."""

    def __init__(self, b, name):
        self.b, self.name = b, name

    def constant(self, value, shape, dtype: DType):
        scalar = self.b.constant(self.name("c"), value_literal(value, dtype), (), dtype)
        return scalar if tuple(shape) == () else self.b.broadcast_in_dim(self.name(), scalar, (), tuple(shape))

    def zeros(self, like):
        return self.constant(0, like.type.shape, like.type.dtype)

    def block(self, x, rows, columns):
        """x[..., r0:r1, c0:c1] (`rows`, `columns`: (start, stop) pairs)."""
        rank = x.type.rank
        start = (0,) * (rank - 2) + (rows[0], columns[0])
        limit = x.type.shape[:-2] + (rows[1], columns[1])
        if start == (0,) * rank and limit == x.type.shape:
            return x
        return self.b.slice(self.name(), x, start, limit)

    def join(self, parts, dim: int):
        """Concatenate along dimension `dim` counted from the end (-2 rows, -1 columns), dropping empty parts."""
        parts = [p for p in parts if p is not None and p.type.shape[dim] > 0]
        if len(parts) == 1:
            return parts[0]
        return self.b.concatenate(self.name(), parts, parts[0].type.rank + dim)

    def spread(self, x, shape):
        """x (each dimension of size 1 or of `shape`'s) broadcast to `shape`."""
        if x.type.shape == tuple(shape):
            return x
        return self.b.broadcast_in_dim(self.name(), x, tuple(range(x.type.rank)), tuple(shape))

    def lift(self, x):
        """An array of the batch's shape, [...], as [..., 1, 1]."""
        return self.b.reshape(self.name(), x, x.type.shape + (1, 1))

    def sum_rows(self, x):
        """[..., r, c] summed over its rows: [..., 1, c]."""
        rank = x.type.rank
        zero = self.b.constant(self.name("c"), value_literal(0, x.type.dtype), (), x.type.dtype)
        summed = self.b.reduce(self.name(), x, zero, (rank - 2,))
        return self.b.reshape(self.name(), summed, x.type.shape[:-2] + (1, x.type.shape[-1]))

    def reduce_rows(self, x, reducer: str, init):
        rank = x.type.rank
        start = self.b.constant(self.name("c"), value_literal(init, x.type.dtype), (), x.type.dtype)
        out = self.b.reduce(self.name(), x, start, (rank - 2,), reducer)
        return self.b.reshape(self.name(), out, x.type.shape[:-2] + (1, x.type.shape[-1]))

    def index(self, like_shape, dim: int):
        """An i32 iota of `like_shape` along dimension `dim` counted from the end."""
        return self.b.iota(self.name(), tuple(like_shape), DType.I32, len(like_shape) + dim)

    def triangle(self, shape, lower: bool, diagonal: bool = True):
        rows, columns = self.index(shape, -2), self.index(shape, -1)
        direction = ("GE" if diagonal else "GT") if lower else ("LE" if diagonal else "LT")
        return self.b.compare(self.name(), rows, columns, direction)

    def where(self, pred, on_true, on_false):
        return self.b.select(self.name(), pred, on_true, on_false)

    def compare(self, x, y, direction: str):
        return self.b.compare(self.name(), x, y, direction)

    def conjugate(self, x):
        """The complex conjugate (x itself when real)."""
        if not x.type.dtype.is_complex:
            return x
        b, name = self.b, self.name
        return b.complex(name(), b.real(name(), x), b.negate(name(), b.imag(name(), x)))


def _refusal(op, reason: str) -> RewriteError:
    """The error naming the call, its target and results; `ssa` lets `vitir opt` find its line."""
    error = RewriteError(f"raise-custom-calls: {op.NAME} @{op.call_target_name} "
                         f"{', '.join(r.ssa for r in op.results)}: {reason}")
    error.ssa = op.results[0].ssa if op.results else ""
    return error


def _magnitude(x, values):
    """What LAPACK's pivot search (i?amax) compares: |x|, or |Re x| + |Im x| for complex x."""
    b, name = x.b, x.name
    if not values.type.dtype.is_complex:
        return b.abs(name(), values)
    return b.add(name(), b.abs(name(), b.real(name(), values)), b.abs(name(), b.imag(name(), values)))


def potrf(b, name, op, operands):
    (a,), x = operands, Matrices(b, name)
    lower = char(op, "uplo", "L") == "L"
    factor = b.cholesky(name("chol"), a, lower)
    out = x.where(x.triangle(a.type.shape, lower), factor, a)
    info = _first_nonpositive_pivot(x, a, lower)
    dtype = op.results[1].type.dtype
    return out, info if dtype is DType.I32 else b.convert(name(), info, dtype)


def _first_nonpositive_pivot(x, a, lower: bool):
    """LAPACK's info of potrf: the order k of the first leading minor that is not positive-definite
    (1-based; 0 where there is none), found by symmetric elimination on the matrix the read triangle
    stands for, its pivots a Cholesky factor's diagonal squared. (stablehlo.cholesky's result says
    only that it failed: XLA's is NaN throughout.)"""
    b, name = x.b, x.name
    n, batch = a.type.shape[-1], a.type.shape[:-2]
    rank = a.type.rank
    read = x.where(x.triangle(a.type.shape, lower), a, x.zeros(a))
    strict = x.where(x.triangle(a.type.shape, lower, diagonal=False), a, x.zeros(a))
    swap = tuple(range(rank - 2)) + (rank - 1, rank - 2)
    mirrored = b.transpose(name(), strict, swap)
    if a.type.dtype.is_complex:  # Hermitian: the mirrored triangle conjugated
        mirrored = b.complex(name(), b.real(name(), mirrored), b.negate(name(), b.imag(name(), mirrored)))
    s = b.add(name(), read, mirrored)
    info = x.constant(0, batch + (1, 1), DType.I32)
    for k in range(n):
        pivot = x.block(s, (0, 1), (0, 1))
        real_pivot = b.real(name(), pivot) if a.type.dtype.is_complex else pivot  # LAPACK reads its real part
        failed = b.not_(name(), x.compare(real_pivot, x.zeros(real_pivot), "GT"))  # NaN too
        first = b.and_(name(), failed, x.compare(info, x.constant(0, info.type.shape, DType.I32), "EQ"))
        info = x.where(first, x.constant(k + 1, info.type.shape, DType.I32), info)
        if k + 1 == n:
            break
        column, row = x.block(s, (1, n - k), (0, 1)), x.block(s, (0, 1), (1, n - k))
        rest = x.block(s, (1, n - k), (1, n - k))
        scaled = b.divide(name(), x.spread(row, rest.type.shape), x.spread(pivot, rest.type.shape))
        s = b.subtract(name(), rest, b.multiply(name(), x.spread(column, rest.type.shape), scaled))
    return b.reshape(name(), info, batch)


def trsm(b, name, op, operands):
    a, rhs = operands
    transpose = {"N": "NO_TRANSPOSE", "T": "TRANSPOSE", "C": "ADJOINT"}[char(op, "trans_x", "N")]
    return (b.triangular_solve(name("solve"), a, rhs, char(op, "side", "L") == "L", char(op, "uplo", "L") == "L",
                               char(op, "diag", "N") == "U", transpose),)


def getrf(b, name, op, operands):
    (a,), x = operands, Matrices(b, name)
    shape, batch = a.type.shape, a.type.shape[:-2]
    m, n = shape[-2:]
    rows = x.index(shape, -2)
    pivots, info = [], x.constant(0, batch + (1, 1), DType.I32)
    for k in range(min(m, n)):
        column = _magnitude(x, x.block(a, (k, m), (k, k + 1)))  # [..., m - k, 1]
        largest = x.reduce_rows(column, "maximum", float("-inf"))  # [..., 1, 1]
        at = x.compare(column, x.spread(largest, column.type.shape), "EQ")
        offsets = x.index(column.type.shape, -2)
        first = x.reduce_rows(x.where(at, offsets, x.constant(m, column.type.shape, DType.I32)), "minimum", m)
        p = b.add(name(), first, x.constant(k, first.type.shape, DType.I32))  # [..., 1, 1], the pivot's row
        # LAPACK takes the first largest; a column of NaN has none: the pivot stays (k)
        p = x.where(x.compare(p, x.constant(m, p.type.shape, DType.I32), "GE"),
                    x.constant(k, p.type.shape, DType.I32), p)
        pivots.append(b.add(name(), p, x.constant(1, p.type.shape, DType.I32)))
        row_k = x.spread(x.block(a, (k, k + 1), (0, n)), shape)
        is_p = x.compare(rows, x.spread(p, shape), "EQ")
        row_p = x.spread(x.sum_rows(x.where(is_p, a, x.zeros(a))), shape)
        is_k = x.compare(rows, x.constant(k, shape, DType.I32), "EQ")
        a = x.where(is_k, row_p, x.where(is_p, row_k, a))
        pivot = x.block(a, (k, k + 1), (k, k + 1))
        zero_pivot = x.compare(pivot, x.zeros(pivot), "EQ")
        first_zero = b.and_(name(), zero_pivot, x.compare(info, x.constant(0, info.type.shape, DType.I32), "EQ"))
        info = x.where(first_zero, x.constant(k + 1, info.type.shape, DType.I32), info)
        if k + 1 == m:
            continue
        below = x.block(a, (k + 1, m), (k, k + 1))
        scaled = b.divide(name(), below, x.spread(pivot, below.type.shape))
        below = x.where(x.spread(zero_pivot, below.type.shape), below, scaled)
        right = x.block(a, (k, k + 1), (k + 1, n))  # [..., 1, n - k - 1]
        trailing = None
        if k + 1 < n:
            block = x.block(a, (k + 1, m), (k + 1, n))
            update = b.multiply(name(), x.spread(below, block.type.shape), x.spread(right, block.type.shape))
            trailing = b.subtract(name(), block, update)
        bottom = x.join([x.block(a, (k + 1, m), (0, k)), below, trailing], -1)
        a = x.join([x.block(a, (0, k + 1), (0, n)), bottom], -2)
    pivot_type, info_type = op.results[1].type, op.results[2].type if len(op.results) > 2 else None
    out = [a, b.reshape(name(), x.join(pivots, -1), pivot_type.shape)]
    if info_type is not None:
        out.append(b.reshape(name(), info, info_type.shape))
    return tuple(out)


def geqrf(b, name, op, operands):
    (a,), x = operands, Matrices(b, name)
    if a.type.dtype.is_complex:
        return _complex_geqrf(x, op, a)
    dtype, batch = a.type.dtype, a.type.shape[:-2]
    m, n = a.type.shape[-2:]
    taus = []
    for k in range(min(m, n)):
        alpha = x.block(a, (k, k + 1), (k, k + 1))  # [..., 1, 1]
        if k + 1 == m:  # nothing below the diagonal: H = I
            taus.append(x.zeros(alpha))
            continue
        rest = x.block(a, (k + 1, m), (k, k + 1))  # [..., m - k - 1, 1]
        norm2 = x.sum_rows(b.multiply(name(), rest, rest))
        norm = b.sqrt(name(), b.add(name(), b.multiply(name(), alpha, alpha), norm2))
        beta = x.where(x.compare(alpha, x.zeros(alpha), "GE"), b.negate(name(), norm), norm)
        plain = x.compare(norm2, x.zeros(norm2), "EQ")  # x is alpha e1 already: tau = 0, H = I
        safe_beta = x.where(plain, x.constant(1, alpha.type.shape, dtype), beta)
        tau = x.where(plain, x.zeros(alpha), b.divide(name(), b.subtract(name(), beta, alpha), safe_beta))
        denominator = x.where(plain, x.constant(1, alpha.type.shape, dtype), b.subtract(name(), alpha, beta))
        vector = b.divide(name(), rest, x.spread(denominator, rest.type.shape))
        head = x.where(plain, alpha, beta)
        taus.append(tau)
        trailing = None
        if k + 1 < n:
            v = x.join([x.constant(1, batch + (1, 1), dtype), vector], -2)  # [..., m - k, 1]
            block = x.block(a, (k, m), (k + 1, n))
            w = x.sum_rows(b.multiply(name(), x.spread(v, block.type.shape), block))  # v^T block
            scaled = b.multiply(name(), x.spread(tau, w.type.shape), w)
            update = b.multiply(name(), x.spread(v, block.type.shape), x.spread(scaled, block.type.shape))
            trailing = b.subtract(name(), block, update)
        bottom = x.join([x.block(a, (k, m), (0, k)), x.join([head, vector], -2), trailing], -1)
        a = x.join([x.block(a, (0, k), (0, n)), bottom], -2)
    tau_type = op.results[1].type
    return a, b.reshape(name(), x.join(taus, -1), tau_type.shape)


def _complex_geqrf(x, op, a):
    """zgeqr2: per column, zlarfg's reflector (beta = -sign(Re alpha) ||(alpha, x)||, real; tau =
    (beta - alpha) / beta; v = x / (alpha - beta)), made in the last row too where alpha is not
    real, and H^H = I - conj(tau) v v^H applied to the columns right of it."""
    b, name = x.b, x.name
    dtype, batch = a.type.dtype, a.type.shape[:-2]
    m, n = a.type.shape[-2:]
    taus = []
    for k in range(min(m, n)):
        alpha = x.block(a, (k, k + 1), (k, k + 1))  # [..., 1, 1]
        alpha_re, alpha_im = b.real(name(), alpha), b.imag(name(), alpha)
        rest = x.block(a, (k + 1, m), (k, k + 1)) if k + 1 < m else None  # [..., m - k - 1, 1]
        norm2 = x.zeros(alpha_re)
        if rest is not None:
            re, im = b.real(name(), rest), b.imag(name(), rest)
            norm2 = x.sum_rows(b.add(name(), b.multiply(name(), re, re), b.multiply(name(), im, im)))
        norm = b.sqrt(name(), b.add(name(), b.add(name(), b.multiply(name(), alpha_re, alpha_re),
                                                   b.multiply(name(), alpha_im, alpha_im)), norm2))
        beta = x.where(x.compare(alpha_re, x.zeros(alpha_re), "GE"), b.negate(name(), norm), norm)
        plain = b.and_(name(), x.compare(norm2, x.zeros(norm2), "EQ"),  # alpha e1, alpha real: H = I
                       x.compare(alpha_im, x.zeros(alpha_im), "EQ"))
        one = x.constant(1, alpha_re.type.shape, alpha_re.type.dtype)
        safe_beta = x.where(plain, one, beta)
        tau = b.complex(name(), b.divide(name(), b.subtract(name(), safe_beta, alpha_re), safe_beta),
                        b.divide(name(), b.negate(name(), alpha_im), safe_beta))
        tau = x.where(plain, x.zeros(alpha), tau)
        beta_complex = b.complex(name(), beta, x.zeros(beta))
        head = x.where(plain, alpha, beta_complex)
        vector = None
        if rest is not None:
            denominator = x.where(plain, x.constant(1, alpha.type.shape, dtype), b.subtract(name(), alpha, beta_complex))
            vector = b.divide(name(), rest, x.spread(denominator, rest.type.shape))
        taus.append(tau)
        trailing = None
        if k + 1 < n:
            v = x.join([x.constant(1, batch + (1, 1), dtype), vector], -2)  # [..., m - k, 1]
            block = x.block(a, (k, m), (k + 1, n))
            w = x.sum_rows(b.multiply(name(), x.spread(x.conjugate(v), block.type.shape), block))  # v^H block
            scaled = b.multiply(name(), x.spread(x.conjugate(tau), w.type.shape), w)
            update = b.multiply(name(), x.spread(v, block.type.shape), x.spread(scaled, block.type.shape))
            trailing = b.subtract(name(), block, update)
        bottom = x.join([x.block(a, (k, m), (0, k)), x.join([head, vector], -2), trailing], -1)
        a = x.join([x.block(a, (0, k), (0, n)), bottom], -2)
    tau_type = op.results[1].type
    return a, b.reshape(name(), x.join(taus, -1), tau_type.shape)


def orgqr(b, name, op, operands):
    (a, taus), x = operands, Matrices(b, name)
    shape, dtype, batch = a.type.shape, a.type.dtype, a.type.shape[:-2]
    m = shape[-2]
    rows = x.index(shape[:-1] + (1,), -2)  # [..., m, 1]
    q = b.convert(name(), x.compare(x.index(shape, -2), x.index(shape, -1), "EQ"), dtype)
    taus = b.reshape(name(), taus, batch + (1, taus.type.shape[-1]))
    for i in reversed(range(taus.type.shape[-1])):
        column = x.block(a, (0, m), (i, i + 1))  # [..., m, 1]
        one, zero = x.constant(1, column.type.shape, dtype), x.zeros(column)
        v = x.where(x.compare(rows, x.constant(i, rows.type.shape, DType.I32), "GT"), column,
                    x.where(x.compare(rows, x.constant(i, rows.type.shape, DType.I32), "EQ"), one, zero))
        w = x.sum_rows(b.multiply(name(), x.spread(x.conjugate(v), shape), q))  # v^H q: [..., 1, n]
        tau = x.block(taus, (0, 1), (i, i + 1))
        scaled = b.multiply(name(), x.spread(tau, w.type.shape), w)
        q = b.subtract(name(), q, b.multiply(name(), x.spread(v, shape), x.spread(scaled, shape)))
    return (q,)


def permutation(b, name, pivots, size: int):
    """The permutation (i32 [..., size]) that 0-based pivots [..., k] make: the swaps of rows k and
    pivots[k], in order, applied to an iota; each swap a select."""
    x = Matrices(b, name)
    batch = pivots.type.shape[:-1]
    shape = batch + (1, size)
    perm = x.index(shape, -1)
    columns = x.index(shape, -1)
    lifted = b.reshape(name(), pivots, batch + (1, pivots.type.shape[-1]))
    for k in range(pivots.type.shape[-1]):
        p = x.spread(x.block(lifted, (0, 1), (k, k + 1)), shape)
        at_k = x.compare(columns, x.constant(k, shape, DType.I32), "EQ")
        at_p = x.compare(columns, p, "EQ")
        value_k = x.spread(x.block(perm, (0, 1), (k, k + 1)), shape)
        zero = x.constant(0, shape, DType.I32)
        value_p = b.reduce(name(), x.where(at_p, perm, zero), x.constant(0, (), DType.I32), (len(shape) - 1,))
        value_p = x.spread(b.reshape(name(), value_p, batch + (1, 1)), shape)
        perm = x.where(at_k, value_p, x.where(at_p, value_k, perm))
    return b.reshape(name(), perm, batch + (size,))


def lu_pivots_to_permutation(b, name, op, operands):
    size = config(op).get("permutation_size", op.results[0].type.shape[-1])
    return (permutation(b, name, operands[0], size),)


# the table's row name -> its expansion (every row with a portable form has one: tests/passes/test_custom_calls.py)
EXPANSIONS = {"potrf": potrf, "trsm": trsm, "getrf": getrf, "geqrf": geqrf, "orgqr": orgqr,
              "lu_pivots_to_permutation": lu_pivots_to_permutation}


def expand(b, name, op, operands) -> tuple:
    """The family's expansion of `op` on `operands`; RewriteError naming the target where it has none."""
    known = family(op)
    if known is None:
        raise RewriteError(f"{op.NAME} @{op.call_target_name} {', '.join(r.ssa for r in op.results)}: a target "
                           "vitir does not know (vitir/ast/custom_calls.py)")
    expansion = EXPANSIONS.get(known.name)
    if expansion is None:
        raise _refusal(op, f"{known.operation} has no portable form ({BY_NAME[known.name].no_portable_form})")
    convention = legacy(op)
    if convention is None:
        out = tuple(expansion(b, name, op, list(operands)))
    else:  # jaxlib's calls before the FFI: scalars dropped, alpha applied, the results it adds zeros
        data = list(operands[convention.first_data:])
        if convention.scaled:
            alpha = operands[convention.first_data - 1]
            data[-1] = b.multiply(name(), Matrices(b, name).spread(alpha, data[-1].type.shape), data[-1])
        out = tuple(expansion(b, name, op, data))[:convention.kept]
        out += tuple(Matrices(b, name).constant(0, r.type.shape, r.type.dtype) for r in op.results[len(out):])
    for value, result in zip(out, op.results):
        if value.type != result.type:
            raise RewriteError(f"raise-custom-calls: the expansion of @{op.call_target_name} gave {value.type} for "
                               f"{result.ssa}, which is {result.type}")
    return out


@rule(O.CustomCall, reads_discardable=True)
def raise_custom_call(op, m):
    """A known custom call -> its portable StableHLO ops (unknown targets stay)."""
    if family(op) is None:
        return None
    return expand(m.b, lambda hint="cc": hint, op, op.inputs)


register(Pass.of_rules("raise-custom-calls", "the linear algebra custom calls JAX lowers for CPU and GPU (LAPACK's, "
                                             "cuSOLVER's potrf, trsm, getrf, geqrf, orgqr) become portable StableHLO "
                                             "ops; syevd and gesdd, which have none, are refused by name",
                       [raise_custom_call], exact=False))  # LAPACK's rounding is not the ops': values change in their last bits
