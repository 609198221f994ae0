"""Cases of convolution: strides, padding, both dilations, feature groups, batch groups, layouts."""

from __future__ import annotations

from jax import lax

from vitir.ast import ops as O

from .harness import case


def _jax_conv(x, k, strides, padding, lhs_dilation, rhs_dilation, layouts, feature_groups=1, batch_groups=1):
    numbers = lax.conv_dimension_numbers(x.shape, k.shape, tuple(map(_jax_layout, layouts)))
    return lax.conv_general_dilated(x, k, strides, padding, lhs_dilation, rhs_dilation, numbers,
                                    feature_group_count=feature_groups, batch_group_count=batch_groups)


def _jax_layout(layout):
    """A vitir layout as JAX spells it ("bf01" is "NCHW", "01io" is "HWIO")."""
    return "".join({"b": "N", "f": "C", "o": "O", "i": "I"}.get(c) or "HWD"[int(c)] for c in layout)


def _conv_case(name, x_shape, k_shape, strides, padding, lhs_dilation, rhs_dilation, layouts=("bf01", "oi01", "bf01"),
               feature_groups=1, batch_groups=1):
    case(name, O.Convolution,
         lambda fb, x, k: fb.convolution("r", x, k, stride=strides, padding=padding, lhs_dilate=lhs_dilation,
                                         rhs_dilate=rhs_dilation, layouts=layouts, feature_group_count=feature_groups,
                                         batch_group_count=batch_groups),
         lambda x, k: _jax_conv(x, k, strides, padding, lhs_dilation, rhs_dilation, layouts, feature_groups,
                                batch_groups),
         [x_shape, k_shape])


_conv_case("convolution_strided_padded", (2, 3, 7, 6), (4, 3, 3, 2), (2, 1), ((1, 2), (0, 1)), (1, 1), (1, 2))
_conv_case("convolution_lhs_dilated", (1, 2, 4, 5), (3, 2, 2, 3), (1, 2), ((1, 1), (2, 0)), (2, 1), (1, 1))
_conv_case("convolution_feature_groups_nhwc", (2, 5, 6, 4), (3, 2, 2, 6), (1, 1), ((0, 0), (1, 1)), (1, 1), (1, 1),
           ("b01f", "01io", "b01f"), feature_groups=2)
_conv_case("convolution_batch_groups", (4, 2, 5, 5), (6, 2, 2, 2), (2, 1), ((1, 0), (0, 0)), (1, 1), (1, 1),
           batch_groups=2)
