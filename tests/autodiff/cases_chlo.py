"""Cases of chlo's error and gamma functions, conj, top_k, and the broadcasting ops."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax

from vitir.ast import ops as O
from vitir.ast.attributes import RaggedDotDimensions
from vitir.ast.element_types import DType

from .harness import Draw, booleans, case, inside_unit, positive

S = (3, 4)
# both sides of 8 (where i0e's series changes), both signs, and 0 and a value below float32's epsilon
_BESSEL = Draw((3, 4), lambda rng, s: np.array([[0.0, 3e-8, -0.4, 1.7], [-5.0, 7.9, 8.1, -12.0],
                                                 [30.0, -2.5, 0.05, 60.0]]))

for _cls, _method, _reference, _draw in [(O.Erf, "erf", lax.erf, S), (O.Erfc, "erfc", lax.erfc, S),
                                         (O.ErfInv, "erf_inv", lax.erf_inv, inside_unit(*S)),
                                         (O.Lgamma, "lgamma", lax.lgamma, positive(*S)),
                                         (O.Digamma, "digamma", lax.digamma, positive(*S)),
                                         (O.BesselI1e, "bessel_i1e", lax.bessel_i1e, _BESSEL)]:
    case(_method, _cls, lambda fb, x, m=_method: getattr(fb, m)("r", x), _reference, [_draw])


def _constant_like(fb, value, x):
    return fb.constant("k", str(value), x.type.shape, x.type.dtype)


case("polygamma", O.Polygamma, lambda fb, x: fb.polygamma("r", _constant_like(fb, "2.0", x), x),
     lambda x: lax.polygamma(jnp.full_like(x, 2.0), x), [positive(*S)])
def _hurwitz_zeta(s, q, terms=40):
    """sum_k (q + k)^-s by Euler-Maclaurin: JAX has no derivative of lax.zeta, this sum has one."""
    head = sum((q + k) ** -s for k in range(terms))
    a = q + terms
    return (head + a ** (1 - s) / (s - 1) + a ** -s / 2 + s * a ** (-s - 1) / 12
            - s * (s + 1) * (s + 2) * a ** (-s - 3) / 720)


case("zeta", O.Zeta, lambda fb, q: fb.zeta("r", _constant_like(fb, "3.0", q), q), lambda q: _hurwitz_zeta(3.0, q),
     [positive(*S)])
case("conj", O.Conj, lambda fb, x: fb.conj("r", x), lambda x: jnp.conj(x), [S])
case("top_k", O.TopK, lambda fb, x: fb.top_k(["rv", "ri"], x, 3), lambda x: tuple(lax.top_k(x, 3)), [(2, 3, 6)])

for _cls, _method, _reference, _rhs in [(O.BroadcastAdd, "broadcast_add", lax.add, (4,)),
                                        (O.BroadcastMultiply, "broadcast_multiply", lax.mul, (1, 4)),
                                        (O.BroadcastSubtract, "broadcast_subtract", lax.sub, (4,)),
                                        (O.BroadcastDivide, "broadcast_divide", lax.div, positive(4)),
                                        (O.BroadcastMaximum, "broadcast_maximum", lax.max, (4,)),
                                        (O.BroadcastMinimum, "broadcast_minimum", lax.min, (4,)),
                                        (O.BroadcastPower, "broadcast_power", lax.pow, (4,)),
                                        (O.BroadcastAtan2, "broadcast_atan2", lax.atan2, (4,)),
                                        (O.BroadcastRemainder, "broadcast_remainder", lax.rem, positive(4))]:
    case(_method, _cls, lambda fb, x, y, m=_method: getattr(fb, m)("r", x, y),
         lambda x, y, f=_reference: f(*jnp.broadcast_arrays(x, y)),
         [positive(*S) if _cls is O.BroadcastPower else S, _rhs])

case("broadcast_add_dimensions", O.BroadcastAdd, lambda fb, x, y: fb.broadcast_add("r", x, y, broadcast_dimensions=(0,)),
     lambda x, y: x + y[:, None], [S, (3,)], pjrt=False)  # XLA's chlo legalization refuses these dimensions
case("broadcast_select", O.BroadcastSelect, lambda fb, p, x, y: fb.broadcast_select("r", p, x, y),
     lambda p, x, y: jnp.where(p, x, y), [booleans(*S), S, (4,)])
case("broadcast_polygamma", O.BroadcastPolygamma,
     lambda fb, x: fb.broadcast_polygamma("r", fb.constant("n", "1.0", (), x.type.dtype), x),
     lambda x: lax.polygamma(jnp.ones_like(x), x), [positive(*S)])
case("broadcast_zeta", O.BroadcastZeta,
     lambda fb, q: fb.broadcast_zeta("r", fb.constant("s", "3.0", (), q.type.dtype), q),
     lambda q: _hurwitz_zeta(3.0, q), [positive(*S)])


def _complex_parts(fb, x, y):
    z = fb.broadcast_complex("z", x, y)
    return fb.real("re", z), fb.imag("im", z)


case("broadcast_complex", O.BroadcastComplex, _complex_parts,
     lambda x, y: (jnp.broadcast_to(x, S), jnp.broadcast_to(y, S)), [S, (4,)])

# groups of 2, 0 and 3 rows of 6: an empty group, and a last row in none (its result and gradient 0)
RAGGED = RaggedDotDimensions((), (), (1,), (1,), (0,), (0,))
case("ragged_dot", O.RaggedDot, lambda fb, a, b, sizes: fb.ragged_dot("r", a, b, sizes, RAGGED),
     lambda a, b, sizes: lax.ragged_dot(a, b, sizes, precision=lax.Precision.HIGHEST),
     [(6, 4), (3, 4, 5), Draw((3,), lambda rng, s: np.array([2, 0, 3]), DType.I32)])
# tied values: top_k takes the lower index first, and each tangent follows its own element
case("top_k_ties", O.TopK, lambda fb, x: fb.top_k(["rv", "ri"], x, 3), lambda x: tuple(lax.top_k(x, 3)),
     [Draw((2, 6), lambda rng, s: rng.integers(-1, 2, size=s).astype(float))])
