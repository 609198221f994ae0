"""How far two backends' results of one op may lie apart when both are correct.

Every op is compared on the same operand values, so the bound is the op's own error, never an
accumulated one. Three kinds of bound (docs/debugging.md, "Tolerances"):

- `exact`: the op is defined exactly by IEEE 754 or moves data (add, multiply, divide, sqrt,
  compare, select, convert, integer ops, transpose, slice, ...): equal values (NaN equal to NaN,
  -0.0 equal to +0.0).
- `ulps:N`: transcendental functions, which no standard rounds correctly: at most N units in the
  last place of the result's type apart (NaN, inf and their signs must agree).
- `sum:C`: sums whose order the implementation chooses (dot_general, convolution, add
  reductions): |a - b| <= C * eps * K * s, where K is how many terms each result element adds and s
  the same op evaluated on the operands' absolute values (the classic bound of a recursive sum,
  for either backend's order).
- `rel:X`: |a - b| <= X * max|b|, for the rest (factorisations, normalisations).

`TOLERANCES` names the bound of each op that is not exact; `parse_overrides` reads
`--tolerance` (`ulps:8` for every inexact op, or `stablehlo.exponential=ulps:8,dot_general=sum:4`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import ConfigError


@dataclass(frozen=True)
class Tolerance:
    kind: str  # "exact", "ulps", "sum", "rel"
    amount: float = 0.0
    floor: float = 0.0  # ulps: also within floor * eps absolute (the trigonometric functions near 0)

    def text(self) -> str:
        if self.kind == "exact":
            return "exact"
        if self.kind == "ulps":
            return f"ulps:{int(self.amount)}" + (f" or {self.floor:g} eps absolute" if self.floor else "")
        return f"{self.kind}:{self.amount:g}"


EXACT = Tolerance("exact")

# ulp bounds: XLA's CPU backend evaluates these with its own polynomial approximations (Eigen's and
# XLA's), numpy with the C library's; measured differences on random f32 inputs stay within 2 ulps
# for exp, log and the trigonometric functions, 3 for tanh and logistic; the bounds leave room.
_ULPS = {
    "stablehlo.exponential": 4, "stablehlo.exponential_minus_one": 4, "stablehlo.log": 4,
    "stablehlo.log_plus_one": 4, "stablehlo.logistic": 8, "stablehlo.tanh": 8, "stablehlo.sine": 4,
    "stablehlo.cosine": 4, "stablehlo.tan": 8, "stablehlo.atan2": 4, "stablehlo.cbrt": 4,
    "stablehlo.rsqrt": 2, "stablehlo.power": 8,
    "chlo.acos": 8, "chlo.acosh": 8, "chlo.asin": 8, "chlo.asinh": 8, "chlo.atan": 8, "chlo.atanh": 8,
    "chlo.cosh": 8, "chlo.sinh": 8, "chlo.tan": 8, "chlo.erf": 8, "chlo.erfc": 8, "chlo.erf_inv": 16,
    "chlo.lgamma": 64, "chlo.digamma": 64, "chlo.polygamma": 256, "chlo.zeta": 256,
    "chlo.bessel_i1e": 16, "chlo.next_after": 0,
}
# sums in an order of the implementation's choosing
_SUMS = {"stablehlo.dot_general": 2, "stablehlo.dot": 2, "stablehlo.convolution": 2, "stablehlo.reduce": 2,
         "stablehlo.reduce_window": 2, "stablehlo.all_reduce": 2, "stablehlo.reduce_scatter": 2,
         "stablehlo.reduce_precision": 0, "chlo.scan": 2}
_REL = {"stablehlo.cholesky": 1e-5, "stablehlo.triangular_solve": 1e-5, "stablehlo.fft": 1e-5,
        "stablehlo.batch_norm_training": 1e-5, "stablehlo.batch_norm_inference": 1e-5,
        "stablehlo.batch_norm_grad": 1e-5, "stablehlo.dynamic_conv": 1e-5}

# sine, cosine and tan reduce their argument modulo pi/2 in the argument's precision: near a zero of
# the function the result's error is absolute (IREE's sine of -0.026 is 1.5e-7 off, 11 ulps)
_ABSOLUTE_NEAR_ZERO = {"stablehlo.sine", "stablehlo.cosine", "stablehlo.tan", "chlo.tan"}

TOLERANCES: dict[str, Tolerance] = {
    **{name: Tolerance("ulps", n, 2 * n if name in _ABSOLUTE_NEAR_ZERO else 0.0) if n else EXACT
       for name, n in _ULPS.items()},
    **{name: Tolerance("sum", c) if c else EXACT for name, c in _SUMS.items()},
    **{name: Tolerance("rel", x) for name, x in _REL.items()},
}

# reductions whose body only picks (maximum, minimum, and, or) are exact whatever the order
_PICKING = {"stablehlo.maximum", "stablehlo.minimum", "stablehlo.and", "stablehlo.or", "stablehlo.select",
            "stablehlo.compare"}


def parse_tolerance(text: str) -> Tolerance:
    kind, _, amount = text.strip().partition(":")
    try:
        if kind == "exact" and not amount:
            return EXACT
        if kind in ("ulps", "sum", "rel") and amount:
            value = float(amount)
            if value >= 0:
                return Tolerance(kind, value)
    except ValueError:
        pass
    raise ConfigError(f"tolerance {text!r}: expected exact, ulps:N, sum:C or rel:X (N, C, X >= 0)")


def parse_overrides(text: str | None) -> dict[str, Tolerance]:
    """`--tolerance`'s value: `SPEC` (every op whose bound is not exact) or `OP=SPEC,...`; an op is
    named in full (`stablehlo.exponential`) or without its dialect (`exponential`). Key "*": all."""
    if not text:
        return {}
    out = {}
    for part in text.split(","):
        name, eq, spec = part.partition("=")
        if not eq:
            name, spec = "*", name
        name = name.strip()
        out[name if "." in name or name == "*" else f"stablehlo.{name}"] = parse_tolerance(spec)
    return out


def tolerance_of(op, overrides: dict[str, Tolerance] | None = None) -> Tolerance:
    """The bound for `op`'s results: an override, else the table's, else exact."""
    name = type(op).NAME
    overrides = overrides or {}
    if name in overrides:
        return overrides[name]
    chosen = TOLERANCES.get(name, EXACT)
    if chosen.kind == "sum" and _only_picks(op):
        chosen = EXACT
    if chosen != EXACT and "*" in overrides:
        return overrides["*"]
    return chosen


def _only_picks(op) -> bool:
    """A reduction whose body (a BinaryRegion, or a region of ops) only picks one of its operands."""
    from ..ast.regions import BinaryRegion
    from ..ast.uses import walk

    regions = op.regions()
    if not regions:
        return False
    for region in regions:
        if type(region) is BinaryRegion:
            if region.op_class.NAME not in _PICKING:
                return False
        elif any(type(inner).NAME not in _PICKING and type(inner).NAME != "stablehlo.return"
                 for inner in walk(region.ops)):
            return False
    return True


def terms(op) -> int:
    """How many products or elements each result element of a sum adds (K of the `sum` bound)."""
    name = type(op).NAME
    operands = op.operands
    if name == "stablehlo.dot_general":
        lc = op.dimension_numbers[2]
        return int(np.prod([operands[0].shape[d] for d in lc])) if lc else 1
    if name == "stablehlo.dot":
        return operands[0].shape[-1] if operands[0].shape else 1
    if name == "stablehlo.convolution":
        kernel, out = operands[1].type, op.results[0].type
        return max(1, int(np.prod(kernel.shape)) * op.batch_group_count // max(1, _out_features(op, out)))
    size_in = max((int(np.prod(v.shape)) for v in operands), default=1)
    size_out = max(1, int(np.prod(op.results[0].shape)))
    return max(1, size_in // size_out)


def _out_features(op, out) -> int:
    layout = op.layouts[2]
    return out.shape[layout.index("f")]


# -- distances ---------------------------------------------------------------------------------------

def _float_view(x: np.ndarray) -> np.ndarray:
    """Complex values as pairs of floats; narrow floats (bf16, f8) widened exactly."""
    if x.dtype.kind == "c":
        return np.stack([x.real, x.imag], axis=-1)
    return x


def ordered(x: np.ndarray) -> np.ndarray:
    """Integers in the order of the floats `x` (adjacent floats differ by 1, -0.0 and +0.0 both 0)."""
    bits = x.dtype.itemsize * 8
    signed = x.view(f"i{x.dtype.itemsize}").astype(np.int64)
    magnitude = signed & ((1 << (bits - 1)) - 1)
    return np.where(signed < 0, -magnitude, magnitude)


@dataclass
class Difference:
    """The largest differences between two results of one op."""
    elements: int  # how many elements are outside the bound
    total: int
    max_abs: float
    max_rel: float
    max_ulps: float  # inf where NaN meets a number
    first_index: tuple | None  # of the first element outside the bound
    a_value: object = None
    b_value: object = None


def compare(a: np.ndarray, b: np.ndarray, tolerance: Tolerance, scale: np.ndarray | None = None,
            count: int = 1) -> Difference:
    """How `a` (the reference) and `b` differ, and where they lie outside `tolerance` (`scale` and
    `count`: the `sum` bound's s and K)."""
    a, b = np.asarray(a), np.asarray(b)
    if same_bits(a, b):  # the common case, cheaply
        return Difference(0, int(a.size), 0.0, 0.0, 0.0, None)
    if a.shape != b.shape:
        return Difference(max(a.size, b.size), max(a.size, b.size), np.inf, np.inf, np.inf, (), None, None)
    if a.dtype.kind not in "fc" and not _narrow_float(a):
        bad = a != b
        with np.errstate(all="ignore"):
            diff = np.abs(a.astype(np.float64) - b.astype(np.float64)) if a.size else np.zeros(0)
        return _summary(bad, diff, np.abs(a.astype(np.float64)), diff, a, b)
    wide_a, wide_b = _float_view(a), _float_view(b)
    if _narrow_float(a):
        ulps = np.abs(ordered(wide_a) - ordered(wide_b)).astype(np.float64)
        wide_a, wide_b = wide_a.astype(np.float32), wide_b.astype(np.float32)
    else:
        ulps = np.abs(ordered(wide_a) - ordered(wide_b)).astype(np.float64)
    na, nb = np.isnan(wide_a), np.isnan(wide_b)
    ulps = np.where(na & nb, 0.0, np.where(na | nb, np.inf, ulps))
    with np.errstate(all="ignore"):
        diff = np.where(na & nb, 0.0, np.abs(wide_a.astype(np.float64) - wide_b.astype(np.float64)))
        diff = np.where(np.isnan(diff), np.inf, diff)  # inf against inf of the other sign... or -inf
        same = (wide_a == wide_b) | (na & nb)
        diff = np.where(same, 0.0, diff)
        ulps = np.where(same, 0.0, ulps)
        if tolerance.kind == "exact":
            bad = ~same
        elif tolerance.kind == "ulps":
            bad = ulps > tolerance.amount
            if tolerance.floor:
                bad &= ~(diff <= tolerance.floor * float(np.finfo(_finfo_type(a)).eps))
        else:
            if tolerance.kind == "sum":
                eps = float(np.finfo(_finfo_type(a)).eps)
                s = np.abs(_float_view(np.asarray(scale)).astype(np.float64)) if scale is not None else np.abs(wide_a)
                bound = tolerance.amount * eps * count * s
            else:
                bound = tolerance.amount * np.nanmax(np.where(np.isinf(wide_a), 0, np.abs(wide_a)), initial=0.0)
            finite = np.isfinite(wide_a) & np.isfinite(wide_b)
            bad = ~same & (~finite | (diff > bound))
    return _summary(bad, diff, np.abs(wide_a.astype(np.float64)), ulps, a, b)


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """The same bits (then the same values): one integer comparison, the cheap common case. Equal
    values of other bits (-0.0 and +0.0, NaNs of other payloads) are left to the full comparison."""
    if a is b:
        return True
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind == "b":
        return bool(np.array_equal(a, b))
    unsigned = f"u{a.dtype.itemsize}" if a.dtype.kind != "c" else f"u{a.dtype.itemsize // 2}"
    try:
        return bool(np.array_equal(a.view(unsigned), b.view(unsigned)))
    except ValueError:  # a complex array not contiguous in its last dimension
        return bool(np.array_equal(np.ascontiguousarray(a).view(unsigned), np.ascontiguousarray(b).view(unsigned)))


WITHIN_CHUNK = 1 << 16  # elements compared at a time by `within`: its temporaries stay in the cache


def within(a: np.ndarray, b: np.ndarray, tolerance: Tolerance, scale: np.ndarray | None = None,
           count: int = 1) -> bool:
    """Whether `compare(a, b, tolerance, scale, count)` finds no element outside the bound, found
    without its summary: for real floats, a few passes over slices that fit the cache, stopping at
    the first slice with an element outside (compare's float64 copies and summary of whole arrays
    were half of bisect's time on the ViT step, for results that pass). The rest, by compare."""
    a, b = np.asarray(a), np.asarray(b)
    if same_bits(a, b):
        return True
    if a.shape != b.shape or a.dtype != b.dtype or a.dtype.kind != "f" or tolerance.kind == "rel" or (
            scale is not None and np.shape(scale) != a.shape):
        return compare(a, b, tolerance, scale, count).elements == 0
    eps = float(np.finfo(a.dtype).eps)
    flat_a, flat_b = a.reshape(-1), b.reshape(-1)
    flat_scale = None if scale is None else np.asarray(scale).reshape(-1)
    with np.errstate(all="ignore"):
        for first in range(0, flat_a.size, WITHIN_CHUNK):
            x, y = flat_a[first:first + WITHIN_CHUNK], flat_b[first:first + WITHIN_CHUNK]
            nan_x, nan_y = np.isnan(x), np.isnan(y)
            same = (x == y) | (nan_x & nan_y)
            if same.all():
                continue
            if tolerance.kind == "exact":
                return False
            if tolerance.kind == "ulps":  # NaN against a number is infinitely many ulps
                ok = (np.abs(ordered(x) - ordered(y)) <= tolerance.amount) & ~(nan_x | nan_y)
                if tolerance.floor:
                    ok |= np.abs(x.astype(np.float64) - y.astype(np.float64)) <= tolerance.floor * eps
            else:  # sum
                wide = x.astype(np.float64)
                size = np.abs(wide) if flat_scale is None else np.abs(flat_scale[first:first + WITHIN_CHUNK])
                ok = np.isfinite(x) & np.isfinite(y) & (
                    np.abs(wide - y.astype(np.float64)) <= tolerance.amount * eps * count * size)
            if not (same | ok).all():
                return False
    return True


def _narrow_float(a: np.ndarray) -> bool:
    return a.dtype.kind == "V" or (a.dtype.kind not in "biufc" and a.dtype.itemsize <= 2)


def _finfo_type(a: np.ndarray):
    if a.dtype.kind == "c":
        return np.float32 if a.dtype.itemsize == 8 else np.float64
    if _narrow_float(a):
        import ml_dtypes

        return ml_dtypes.finfo(a.dtype)
    return a.dtype


def _summary(bad, diff, magnitude, ulps, a, b) -> Difference:
    bad = np.asarray(bad)
    total = int(np.asarray(a).size)
    if diff.size == 0:
        return Difference(0, total, 0.0, 0.0, 0.0, None)
    with np.errstate(all="ignore"):
        rel = np.where(diff == 0, 0.0, diff / np.where(magnitude == 0, np.inf, magnitude))
        rel = np.where((magnitude == 0) & (diff > 0), np.inf, rel)
    count = int(bad.sum())
    first = None
    if count:
        flat = int(np.flatnonzero(bad.reshape(-1))[0])
        first = tuple(int(i) for i in np.unravel_index(flat, bad.shape))
    a_value = b_value = None
    if first is not None and np.asarray(a).shape == bad.shape:
        a_value, b_value = np.asarray(a)[first], np.asarray(b)[first]
    elif first is not None:  # complex, viewed as pairs
        a_value, b_value = np.asarray(a)[first[:-1]], np.asarray(b)[first[:-1]]
    return Difference(count, total, float(np.max(diff)), float(np.max(rel)), float(np.max(ulps)), first,
                      a_value, b_value)
