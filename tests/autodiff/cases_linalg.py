"""Cases of cholesky, triangular_solve and fft (through real, imag and complex)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax

from vitir.ast import ops as O

from .harness import Draw, case


def positive_definite(*shape):
    """M M^T + n I per matrix: well conditioned (the upper triangle is the lower's mirror, but only one is read)."""
    def sample(rng, s):
        m = rng.normal(size=s)
        return m @ np.swapaxes(m, -1, -2) + s[-1] * np.eye(s[-1])
    return Draw(shape, sample)


def well_conditioned(*shape):
    return Draw(shape, lambda rng, s: rng.normal(size=s) + 4 * np.eye(s[-1]))


def _symmetric_from(a, lower):
    """The matrix stablehlo.cholesky factors: the read triangle and its mirror."""
    if lower:
        return jnp.tril(a) + jnp.swapaxes(jnp.tril(a, -1), -1, -2)
    return jnp.triu(a) + jnp.swapaxes(jnp.triu(a, 1), -1, -2)


def _jax_cholesky(a, lower):
    factor = lax.linalg.cholesky(_symmetric_from(a, lower), symmetrize_input=False)
    return factor if lower else jnp.swapaxes(factor, -1, -2)


case("cholesky_lower", O.Cholesky, lambda fb, a: fb.cholesky("r", a, True), lambda a: _jax_cholesky(a, True),
     [positive_definite(2, 4, 4)])
case("cholesky_upper", O.Cholesky, lambda fb, a: fb.cholesky("r", a, False), lambda a: _jax_cholesky(a, False),
     [positive_definite(3, 3)])

for _left, _lower, _transpose, _unit, _b in [(True, True, "NO_TRANSPOSE", False, (4, 3)),
                                             (False, False, "TRANSPOSE", False, (2, 4)),
                                             (True, False, "ADJOINT", True, (4, 2)),
                                             (False, True, "NO_TRANSPOSE", True, (3, 4))]:
    case(f"triangular_solve_{'left' if _left else 'right'}_{'lower' if _lower else 'upper'}_{_transpose.lower()}"
         f"{'_unit' if _unit else ''}", O.TriangularSolve,
         lambda fb, a, b, l=_left, lo=_lower, t=_transpose, u=_unit: fb.triangular_solve("r", a, b, l, lo, u, t),
         lambda a, b, l=_left, lo=_lower, t=_transpose, u=_unit: lax.linalg.triangular_solve(
             a, b, left_side=l, lower=lo, transpose_a=t != "NO_TRANSPOSE", conjugate_a=t == "ADJOINT",
             unit_diagonal=u),
         [well_conditioned(4, 4), _b])


def _fft_parts(fb, x, y, kind, lengths):
    z = fb.fft("z", fb.complex("c", x, y), kind, lengths)
    return fb.real("re", z), fb.imag("im", z)


case("fft_2d", (O.Fft, O.Complex, O.Real, O.Imag), lambda fb, x, y: _fft_parts(fb, x, y, "FFT", (3, 4)),
     lambda x, y: (lambda z: (jnp.real(z), jnp.imag(z)))(jnp.fft.fft2(lax.complex(x, y))), [(2, 3, 4), (2, 3, 4)])
case("ifft", O.Fft, lambda fb, x, y: _fft_parts(fb, x, y, "IFFT", (5,)),
     lambda x, y: (lambda z: (jnp.real(z), jnp.imag(z)))(jnp.fft.ifft(lax.complex(x, y))), [(2, 5), (2, 5)])


def _rfft(fb, x, lengths):
    z = fb.fft("z", x, "RFFT", lengths)
    return fb.real("re", z), fb.imag("im", z)


case("rfft", O.Fft, lambda fb, x: _rfft(fb, x, (2, 6)),
     lambda x: (lambda z: (jnp.real(z), jnp.imag(z)))(jnp.fft.rfft2(x)), [(3, 2, 6)])
case("irfft_odd", O.Fft, lambda fb, x, y: fb.fft("r", fb.complex("c", x, y), "IRFFT", (5,)),
     lambda x, y: jnp.fft.irfft(lax.complex(x, y), 5), [(2, 3), (2, 3)])
case("irfft_even", O.Fft, lambda fb, x, y: fb.fft("r", fb.complex("c", x, y), "IRFFT", (2, 4)),
     lambda x, y: jnp.fft.irfft2(lax.complex(x, y), (2, 4)), [(2, 3), (2, 3)])
