"""Shape rules: small pure functions from operand shapes and attributes to the
result shape. Each raises RuleError with a reason that echoes the offending
dimensions; the op node adds the op name, SSA name, operand types and layer path.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from ..lazy_pattern import LazyPattern
from ..errors import VitirError

Shape = tuple[int, ...]


class RuleError(Exception):
    """A broken shape rule; the text is the reason only."""


class TypeDefinitionError(RuleError, VitirError, ValueError):
    """A type asked for with dimensions or an element type StableHLO has no type for
    (`TensorType((-1, 2), f32)`, a float or bool dimension, a quantized scale out of its expressed
    type's range). A rule that meets one reports it as its op's error, as any RuleError."""


# -- dimensions known only at run time (None, MLIR's `?`) --------------------------------------
# As StableHLO's verifier does, a rule checks what is static and accepts what is not: two
# dimensions are compatible when either is unknown; arithmetic on an unknown one is unknown.

def compatible(a, b) -> bool:
    return a is None or b is None or a == b


def compatible_shapes(a: Shape, b: Shape) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def refined(a: Shape, b: Shape) -> Shape:
    """The more static of two compatible shapes, dimension by dimension."""
    return tuple(y if x is None else x for x, y in zip(a, b))


def dims_text(shape: Shape) -> str:
    return "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


def _known(*dims) -> bool:
    return all(d is not None for d in dims)


def check_dims_in_range(dims: Sequence[int], rank: int, what: str) -> None:
    for d in dims:
        if not 0 <= d < rank:
            raise RuleError(f"{what} dimension {d} is out of range for rank {rank}")
    if len(set(dims)) != len(dims):
        raise RuleError(f"{what} dimensions {list(dims)} repeat a dimension")


# Element types are MLIR's spellings (`f32`, `bf16`, `i1`), so the AST and the xDSL dialect share the rules.
_INTEGER_OR_FLOAT = LazyPattern(r"[su]?i[0-9]+|b?f[0-9]+")


def _integer_or_float(element: str, allow_bool: bool) -> bool:
    return _INTEGER_OR_FLOAT.fullmatch(element) is not None and (allow_bool or element != "i1")


# The element types an elementwise op takes, by kind (StableHLO's constraints): what the
# error says it needs, and the test.
ELEMENT_KINDS = {
    "any": ("", lambda e: True),
    "float": ("a floating-point", lambda e: e.startswith(("f", "bf"))),
    "numeric": ("an integer or floating-point", lambda e: _integer_or_float(e, allow_bool=False)),
    "bits": ("an integer or boolean", lambda e: re.fullmatch(r"[su]?i[0-9]+", e) is not None),
}


@lru_cache(maxsize=None)  # models repeat a few (element, kind) pairs thousands of times
def _accepts(element: str, kind: str) -> bool:
    return ELEMENT_KINDS[kind][1](element)


def element_kind(element: str, kind: str) -> None:
    """Refuse an operand element type outside the op's kind (a key of ELEMENT_KINDS)."""
    if not _accepts(element, kind):
        raise RuleError(f"needs {ELEMENT_KINDS[kind][0]} operand, got {element}")


def elementwise(*shapes: Shape) -> Shape:
    first = shapes[0]
    for i, s in enumerate(shapes[1:], start=1):
        if s != first:
            if not compatible_shapes(s, first):
                raise RuleError(f"operand shapes differ: {dims_text(first)} vs {dims_text(s)} (operand {i})")
            first = refined(first, s)
    return first


def clamp(min_: Shape, operand: Shape, max_: Shape) -> Shape:
    """min and max are scalars (rank 0) or the operand's shape; the result has the operand's."""
    for what, bound in (("min", min_), ("max", max_)):
        if bound and not compatible_shapes(tuple(bound), tuple(operand)):
            raise RuleError(f"{what} shape {list(bound)} is neither rank 0 nor the operand shape {list(operand)}")
    return tuple(operand)


def convert(operand: Shape, element: str, result_element: str) -> Shape:
    """Any bool, integer or float element type to any other; the shape is kept."""
    for what, e in (("operand", element), ("result", result_element)):
        if not _integer_or_float(e, allow_bool=True):
            raise RuleError(f"{what} element type {e} is not a bool, integer or float type")
    return tuple(operand)


def iota(result: Shape, dimension: int, element: str) -> Shape:
    if not result:
        raise RuleError(f"result must have rank 1 or more, got shape {list(result)}")
    if not 0 <= dimension < len(result):
        raise RuleError(f"iota_dimension {dimension} is out of range for rank {len(result)}")
    if not _integer_or_float(element, allow_bool=False):
        raise RuleError(f"element type {element} is not an integer or float type")
    return tuple(result)


def broadcast_in_dim(operand: Shape, dims: Sequence[int], result: Shape) -> Shape:
    if len(dims) != len(operand):
        raise RuleError(f"dims {list(dims)} has {len(dims)} entries for an operand of rank {len(operand)}")
    check_dims_in_range(dims, len(result), "broadcast")
    for i, d in enumerate(dims):
        if operand[i] != 1 and not compatible(operand[i], result[d]):
            raise RuleError(
                f"operand dim {i} of size {operand[i]} cannot broadcast to result dim {d} of size {result[d]}")
    return tuple(result)


def reshape(operand: Shape, result: Shape) -> Shape:
    if not _known(*operand, *result):
        return tuple(result)  # the element counts are compared at run time
    n_in, n_out = _count(operand), _count(result)
    if n_in != n_out:
        raise RuleError(f"cannot reshape {list(operand)} ({n_in} elements) to {list(result)} ({n_out} elements)")
    return tuple(result)


def transpose(operand: Shape, perm: Sequence[int]) -> Shape:
    if sorted(perm) != list(range(len(operand))):
        raise RuleError(f"dims {list(perm)} is not a permutation of the {len(operand)} operand dimensions")
    return tuple(operand[p] for p in perm)


def dot_general(lhs: Shape, rhs: Shape, lhs_batch: Sequence[int], rhs_batch: Sequence[int],
                lhs_contract: Sequence[int], rhs_contract: Sequence[int]) -> Shape:
    if len(lhs_batch) != len(rhs_batch):
        raise RuleError(f"batching dims {list(lhs_batch)} x {list(rhs_batch)} differ in length")
    if len(lhs_contract) != len(rhs_contract):
        raise RuleError(f"contracting dims {list(lhs_contract)} x {list(rhs_contract)} differ in length")
    check_dims_in_range(list(lhs_batch) + list(lhs_contract), len(lhs), "lhs batching/contracting")
    check_dims_in_range(list(rhs_batch) + list(rhs_contract), len(rhs), "rhs batching/contracting")
    for l, r in zip(lhs_batch, rhs_batch):
        if not compatible(lhs[l], rhs[r]):
            raise RuleError(f"batching dimension sizes differ: lhs dim {l} is {lhs[l]}, rhs dim {r} is {rhs[r]}")
    for l, r in zip(lhs_contract, rhs_contract):
        if not compatible(lhs[l], rhs[r]):
            raise RuleError(f"contracting dimension sizes differ: lhs dim {l} is {lhs[l]}, rhs dim {r} is {rhs[r]}")
    lhs_used, rhs_used = set(lhs_batch) | set(lhs_contract), set(rhs_batch) | set(rhs_contract)
    return (tuple(rhs[r] if lhs[l] is None else lhs[l] for l, r in zip(lhs_batch, rhs_batch))
            + tuple(s for i, s in enumerate(lhs) if i not in lhs_used)
            + tuple(s for i, s in enumerate(rhs) if i not in rhs_used))


def reduce(operand: Shape, init: Shape, dims: Sequence[int]) -> Shape:
    if init != ():
        raise RuleError(f"init value must be rank 0, got shape {list(init)}")
    check_dims_in_range(dims, len(operand), "reduce")
    return tuple(s for i, s in enumerate(operand) if i not in dims)


def _type_text(shape: Shape, element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def reduce_region(operands: Sequence[tuple[Shape, str]], inits: Sequence[tuple[Shape, str]], dims: Sequence[int],
                  body_args: Sequence[tuple[Shape, str]], body_results: Sequence[tuple[Shape, str]]) -> Shape:
    """A reduce of N operands with a reducer body; each type a (shape, element) pair. The
    body takes N accumulators then N elements and returns N, all rank 0 of the operands'
    element types, as StableHLO orders them."""
    n = len(operands)
    if n == 0 or len(inits) != n:
        raise RuleError(f"{n} operand{'s' * (n != 1)} and {len(inits)} init value{'s' * (len(inits) != 1)}: "
                        "needs one init value per operand, at least one")
    shape = operands[0][0]
    for i, ((s, e), (init_shape, init_element)) in enumerate(zip(operands, inits)):
        if not compatible_shapes(s, shape):
            raise RuleError(f"operand {i} has shape {dims_text(s)}, operand 0 has {dims_text(shape)}")
        if init_shape != ():
            raise RuleError(f"init value {i} must be rank 0, got shape {list(init_shape)}")
        if init_element != e:
            raise RuleError(f"init value {i} element type {init_element} differs from operand {i} {e}")
    check_dims_in_range(dims, len(shape), "reduce")
    scalars = [_type_text((), e) for _, e in operands]
    for what, got, want in (("takes", body_args, scalars * 2), ("returns", body_results, scalars)):
        got = [_type_text(*t) for t in got]
        if got != want:
            raise RuleError(f"the reducer {what} ({', '.join(got)}), needs ({', '.join(want)})")
    return tuple(s for i, s in enumerate(shape) if i not in dims)


def pad(operand: Shape, pad_value: Shape, low: Sequence[int], high: Sequence[int],
        interior: Sequence[int]) -> Shape:
    if pad_value != ():
        raise RuleError(f"padding value must be rank 0, got shape {list(pad_value)}")
    rank = len(operand)
    for what, v in (("low", low), ("high", high), ("interior", interior)):
        if len(v) != rank:
            raise RuleError(f"{what} {list(v)} has {len(v)} entries for an operand of rank {rank}")
    for i, e in enumerate(interior):
        if e < 0:
            raise RuleError(f"interior padding {e} of dim {i} is negative")
    out = []
    for i, d in enumerate(operand):
        if d is None:
            out.append(None)
            continue
        size = low[i] + high[i] + d + max(d - 1, 0) * interior[i]
        if size < 0:
            raise RuleError(f"padding gives dim {i} a negative size {size}")
        out.append(size)
    return tuple(out)


def slice_(operand: Shape, start: Sequence[int], limit: Sequence[int], strides: Sequence[int]) -> Shape:
    rank = len(operand)
    for what, v in (("start", start), ("limit", limit), ("strides", strides)):
        if len(v) != rank:
            raise RuleError(f"{what} {list(v)} has {len(v)} entries for an operand of rank {rank}")
    out = []
    for i, (a, b, s) in enumerate(zip(start, limit, strides)):
        if not 0 <= a <= b or not (operand[i] is None or b <= operand[i]):
            raise RuleError(f"slice {a}:{b} of dim {i} is outside 0:{operand[i]}")
        if s < 1:
            raise RuleError(f"stride {s} of dim {i} must be positive")
        out.append((b - a + s - 1) // s)
    return tuple(out)


def concatenate(shapes: Sequence[Shape], dim: int) -> Shape:
    if not shapes:
        raise RuleError("concatenate needs at least one operand")
    rank = len(shapes[0])
    if not 0 <= dim < rank:
        raise RuleError(f"dim {dim} is out of range for rank {rank}")
    for i, s in enumerate(shapes):
        if len(s) != rank:
            raise RuleError(f"operand {i} has rank {len(s)}, operand 0 has rank {rank}")
        for j in range(rank):
            if j != dim and not compatible(s[j], shapes[0][j]):
                raise RuleError(f"operand {i} dim {j} is {s[j]}, operand 0 dim {j} is {shapes[0][j]}")
    sizes = [s[dim] for s in shapes]
    total = sum(sizes) if _known(*sizes) else None
    return tuple(total if j == dim else next((s[j] for s in shapes if s[j] is not None), None) for j in range(rank))


def convolution(lhs: Shape, rhs: Shape, lhs_layout: str, rhs_layout: str, out_layout: str,
                stride: Sequence[int], padding: Sequence[tuple[int, int]],
                lhs_dilate: Sequence[int], rhs_dilate: Sequence[int],
                feature_group_count: int = 1, batch_group_count: int = 1) -> Shape:
    """Layouts are strings such as "bf01", "oi01", "bf01": b/f batch and feature,
    i/o kernel input and output feature, digits the spatial dims in order. Feature
    groups split the input features (and the kernel's outputs) into that many
    independent convolutions; batch groups split the batch the same way."""
    nsp = len(lhs_layout) - 2
    for name, layout, shape in (("lhs", lhs_layout, lhs), ("rhs", rhs_layout, rhs), ("result", out_layout, None)):
        if shape is not None and len(shape) != len(layout):
            raise RuleError(f"{name} has rank {len(shape)} but its layout [{', '.join(layout)}] has {len(layout)} dims")
    for what, v in (("stride", stride), ("pad", padding), ("lhs_dilate", lhs_dilate), ("rhs_dilate", rhs_dilate)):
        if len(v) != nsp:
            raise RuleError(f"{what} {list(v)} has {len(v)} entries for {nsp} spatial dims")
    for what, count in (("feature_group_count", feature_group_count), ("batch_group_count", batch_group_count)):
        if count < 1:
            raise RuleError(f"{what} {count} must be positive")
    if feature_group_count > 1 and batch_group_count > 1:
        raise RuleError(f"feature_group_count {feature_group_count} and batch_group_count {batch_group_count} "
                        "cannot both exceed 1")
    lb, lf = lhs[lhs_layout.index("b")], lhs[lhs_layout.index("f")]
    ki, ko = rhs[rhs_layout.index("i")], rhs[rhs_layout.index("o")]
    if not _known(*lhs, *rhs):
        return _convolution_with_unknowns(lhs, rhs, lhs_layout, rhs_layout, out_layout, stride, padding,
                                          lhs_dilate, rhs_dilate, feature_group_count, batch_group_count)
    if lf % feature_group_count:
        raise RuleError(f"lhs feature dim {lf} is not divisible by feature_group_count {feature_group_count}")
    if lf != ki * feature_group_count:
        if feature_group_count == 1:
            raise RuleError(f"lhs feature dim is {lf} but kernel input feature dim is {ki}")
        raise RuleError(f"lhs feature dim {lf} is not kernel input feature dim {ki} x feature_group_count "
                        f"{feature_group_count}")
    for what, count in (("feature_group_count", feature_group_count), ("batch_group_count", batch_group_count)):
        if ko % count:
            raise RuleError(f"kernel output feature dim {ko} is not divisible by {what} {count}")
    if lb % batch_group_count:
        raise RuleError(f"lhs batch dim {lb} is not divisible by batch_group_count {batch_group_count}")
    spatial = []
    for k in range(nsp):
        x = lhs[lhs_layout.index(str(k))]
        w = rhs[rhs_layout.index(str(k))]
        if stride[k] < 1 or lhs_dilate[k] < 1 or rhs_dilate[k] < 1:
            raise RuleError(f"stride and dilations of spatial dim {k} must be positive")
        if w < 1:  # the kernel's spatial sizes are the window's (StableHLO's window attributes check)
            raise RuleError(f"expects window to have positive value for {k}-th window dimension, but got {w}")
        xd = (x - 1) * lhs_dilate[k] + 1 if x > 0 else 0
        wd = (w - 1) * rhs_dilate[k] + 1 if w > 0 else 0
        span = xd + padding[k][0] + padding[k][1] - wd
        if span < 0:
            raise RuleError(f"kernel spatial dim {k} ({wd} after dilation) exceeds the padded input ({xd + padding[k][0] + padding[k][1]})")
        spatial.append(span // stride[k] + 1)
    out = [0] * len(out_layout)
    out[out_layout.index("b")] = lb // batch_group_count
    out[out_layout.index("f")] = ko
    for k in range(nsp):
        out[out_layout.index(str(k))] = spatial[k]
    return tuple(out)


def _convolution_with_unknowns(lhs, rhs, lhs_layout, rhs_layout, out_layout, stride, padding, lhs_dilate,
                               rhs_dilate, feature_group_count, batch_group_count) -> Shape:
    """A convolution with dimensions `?`: each unknown one stands in with a size its partners accept,
    so the static ones are checked; the result dimensions that depend on an unknown one are `?`."""
    L, R = list(lhs), list(rhs)
    b, f = lhs_layout.index("b"), lhs_layout.index("f")
    i, o = rhs_layout.index("i"), rhs_layout.index("o")
    if L[f] is None:
        L[f] = (R[i] or 1) * feature_group_count
    if R[i] is None:
        R[i] = max(L[f] // feature_group_count, 1)
    if L[b] is None:
        L[b] = batch_group_count
    if R[o] is None:
        R[o] = feature_group_count * batch_group_count
    unknown_out = {out_layout.index("b")} if lhs[b] is None else set()
    if rhs[o] is None:
        unknown_out.add(out_layout.index("f"))
    for k in range(len(lhs_layout) - 2):
        x, w = lhs_layout.index(str(k)), rhs_layout.index(str(k))
        if R[w] is None:
            R[w] = 1
        if L[x] is None:  # wide enough for the (dilated) window
            L[x] = R[w] * rhs_dilate[k]
        if lhs[x] is None or rhs[w] is None:
            unknown_out.add(out_layout.index(str(k)))
    out = convolution(tuple(L), tuple(R), lhs_layout, rhs_layout, out_layout, stride, padding, lhs_dilate,
                      rhs_dilate, feature_group_count, batch_group_count)
    return tuple(None if d in unknown_out else s for d, s in enumerate(out))


def _count(shape: Shape) -> int | None:
    if not _known(*shape):
        return None
    n = 1
    for d in shape:
        n *= d
    return n


# -- windows, reductions, contractions and linear algebra ------------------------------------

def windows(shape: Shape, window: Sequence[int], strides: Sequence[int], base_dilations: Sequence[int],
            window_dilations: Sequence[int], padding: Sequence[tuple[int, int]]) -> Shape:
    """The number of windows along each dimension of an operand of `shape` (reduce_window's and
    select_and_scatter's `num_windows`): the operand dilated by `base_dilations` and padded, the
    window dilated by `window_dilations`, stepped by `strides`; 0 where the window does not fit."""
    rank = len(shape)
    for what, values in (("window_dimensions", window), ("window_strides", strides),
                         ("base_dilations", base_dilations), ("window_dilations", window_dilations)):
        if len(values) != rank:
            raise RuleError(f"{what} {list(values)} has {len(values)} entries for an operand of rank {rank}")
        if any(v < 1 for v in values):
            raise RuleError(f"{what} {list(values)} must be positive")
    if len(padding) != rank:
        raise RuleError(f"padding {[list(p) for p in padding]} has {len(padding)} pairs for an operand of rank {rank}")
    out = []
    for d, w, s, bd, wd, (lo, hi) in zip(shape, window, strides, base_dilations, window_dilations, padding):
        if d is None:
            out.append(None)
            continue
        padded = lo + (0 if d == 0 else (d - 1) * bd + 1) + hi
        span = (w - 1) * wd + 1
        out.append(0 if padded <= 0 or span > padded else (padded - span) // s + 1)
    return tuple(out)
