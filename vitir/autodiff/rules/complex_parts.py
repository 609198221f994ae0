"""real, imag and complex: linear, transposed by JAX's convention for complex cotangents (the
conjugate of the usual one), so that programs through complex values (an fft) agree with jax.vjp:
real's cotangent is complex(ct, 0), imag's complex(0, -ct), complex's (real(ct), -imag(ct))."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import deflinear, deftranspose

deflinear(O.Real, O.Imag, O.Complex)


@deftranspose(O.Real)
def real_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    if not op.operand.type.dtype.is_complex:
        return (ct,)
    return (e.b.complex(e.name(), ct, e.zeros_like(ct)),)


@deftranspose(O.Imag)
def imag_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    if not op.operand.type.dtype.is_complex:
        return (None,)
    return (e.b.complex(e.name(), e.zeros_like(ct), e.b.negate(e.name(), ct)),)


@deftranspose(O.Complex)
def complex_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    return (e.b.real(e.name(), ct) if linear[0] else None,
            e.b.negate(e.name(), e.b.imag(e.name(), ct)) if linear[1] else None)
