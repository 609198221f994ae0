"""convolution with strides, padding, dilations and feature or batch groups: bilinear, so its JVP
is the sum of the convolution with each tangent, and its transpose in either operand is another
convolution (JAX's _conv_general_dilated_transpose_lhs and _rhs, jax/_src/lax/convolution.py):
the input's cotangent convolves the cotangent with the reversed kernel, strides becoming input
dilations; the kernel's convolves the input with the cotangent, batch and feature swapped.

vitir writes dimension numbers as layouts ("bf01": dimension 0 is the batch, 1 the feature, 2 and
3 the spatial dimensions); JAX's specs list the dimension of each letter instead."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import defjvp, deftranspose, refuse
from .contraction import dot_general_jvp
from .windows import _dilate_shape, vjp_lhs_padding


def spec(layout: str, letters: str) -> tuple[int, ...]:
    """JAX's spec of a layout: the dimensions of letters[0], letters[1], then the spatial ones."""
    spatial = len(layout) - 2
    return (layout.index(letters[0]), layout.index(letters[1])) + tuple(layout.index(str(k)) for k in range(spatial))


def layout(spec_: tuple[int, ...], letters: str) -> str:
    """The layout whose spec (for `letters`) is spec_."""
    out = [""] * len(spec_)
    out[spec_[0]], out[spec_[1]] = letters[0], letters[1]
    for k, d in enumerate(spec_[2:]):
        out[d] = str(k)
    return "".join(out)


def _swap(s):
    return (s[1], s[0]) + tuple(s[2:])


def _axis_out_of(e, src, size1, x):
    shape = list(x.type.shape)
    shape[src:src + 1] = [size1, shape[src] // size1]
    return e.b.reshape(e.name(), x, tuple(shape))


def _axis_into(e, src, dst, x):
    """JAX's _reshape_axis_into: axis src merged into axis dst (of the others), as its major part."""
    rank = x.type.rank
    perm = [i for i in range(rank) if i != src]
    perm.insert(dst, src)
    shape = [n for i, n in enumerate(x.type.shape) if i != src]
    shape[dst] *= x.type.shape[src]
    moved = e.b.transpose(e.name(), x, tuple(perm)) if perm != list(range(rank)) else x
    return e.b.reshape(e.name(), moved, tuple(shape))


def _attributes(op):
    """Strides, padding, both dilations (defaults filled in), and the three specs."""
    spatial = op.lhs.type.rank - 2
    ones = (1,) * spatial
    specs = spec(op.layouts.lhs, "bf"), spec(op.layouts.rhs, "oi"), spec(op.layouts.out, "bf")
    return (tuple(op.stride or ones), tuple(tuple(p) for p in (op.padding or ((0, 0),) * spatial)),
            tuple(op.lhs_dilate or ones), tuple(op.rhs_dilate or ones), specs)


defjvp(O.Convolution)(dot_general_jvp)  # bilinear: the op of each tangent with the other operand, summed


def _conv(e, op, lhs, rhs, stride, padding, lhs_dilate, rhs_dilate, layouts, feature_groups, batch_groups):
    return e.b.convolution(e.name(), lhs, rhs, stride=stride, padding=tuple(padding), lhs_dilate=lhs_dilate,
                           rhs_dilate=rhs_dilate, layouts=layouts, feature_group_count=feature_groups,
                           batch_group_count=batch_groups, precision=op.precision_config)


def _transpose_lhs(e, op, g, rhs):
    lhs_type = op.lhs.type
    strides, padding, lhs_dilation, rhs_dilation, (lhs_spec, rhs_spec, out_spec) = _attributes(op)
    feature_groups, batch_groups = op.feature_group_count, op.batch_group_count
    if feature_groups > 1:  # the group axis moves into the transposed kernel's output features
        rhs = _axis_into(e, rhs_spec[0], rhs_spec[1], _axis_out_of(e, rhs_spec[0], feature_groups, rhs))
    elif batch_groups > 1:
        rhs = _axis_into(e, rhs_spec[0], rhs_spec[1], _axis_out_of(e, rhs_spec[0], batch_groups, rhs))
        feature_groups = batch_groups
    pads = vjp_lhs_padding([lhs_type.shape[d] for d in lhs_spec[2:]], [rhs.type.shape[d] for d in rhs_spec[2:]],
                           strides, [g.type.shape[d] for d in out_spec[2:]], padding, lhs_dilation, rhs_dilation)
    reversed_kernel = e.b.reverse(e.name(), rhs, tuple(rhs_spec[2:]))
    layouts = (op.layouts.out, layout(_swap(rhs_spec), "oi"), op.layouts.lhs)
    out = _conv(e, op, g, reversed_kernel, lhs_dilation, pads, strides, rhs_dilation, layouts, feature_groups, 1)
    if batch_groups > 1:
        out = _axis_into(e, lhs_spec[1], lhs_spec[0], _axis_out_of(e, lhs_spec[1], batch_groups, out))
    return out


def vjp_rhs_padding(in_shape, window, strides, out_shape, padding, lhs_dilation, rhs_dilation):
    """JAX's _conv_general_vjp_rhs_padding."""
    lhs = _dilate_shape(in_shape, lhs_dilation)
    rhs = _dilate_shape(window, rhs_dilation)
    out = _dilate_shape(out_shape, strides)
    return [(lo, o - l + r - lo - 1) for (lo, _), l, r, o in zip(padding, lhs, rhs, out)]


def _transpose_rhs(e, op, g, lhs):
    rhs_type = op.rhs.type
    strides, padding, lhs_dilation, rhs_dilation, (lhs_spec, rhs_spec, out_spec) = _attributes(op)
    feature_groups, batch_groups = op.feature_group_count, op.batch_group_count
    if batch_groups > 1:
        feature_groups, batch_groups = batch_groups, 1
    elif feature_groups > 1:
        feature_groups, batch_groups = 1, feature_groups
    pads = vjp_rhs_padding([lhs.type.shape[d] for d in lhs_spec[2:]], [rhs_type.shape[d] for d in rhs_spec[2:]],
                           strides, [g.type.shape[d] for d in out_spec[2:]], padding, lhs_dilation, rhs_dilation)
    layouts = (layout(_swap(lhs_spec), "bf"), layout(_swap(out_spec), "oi"), layout(_swap(rhs_spec), "bf"))
    return _conv(e, op, lhs, g, rhs_dilation, pads, lhs_dilation, strides, layouts, feature_groups, batch_groups)


@deftranspose(O.Convolution)
def convolution_transpose(e, op, cotangents, linear):
    if linear[0] and linear[1]:
        raise refuse(op, "convolves two tangents: it is not linear")
    if op.reverse is not None and any(op.reverse):
        raise refuse(op, "reverses its window: no transpose rule")
    (g,) = cotangents
    if linear[0]:
        return (_transpose_lhs(e, op, g, op.rhs), None)
    return (None, _transpose_rhs(e, op, g, op.lhs))
