"""Ops without a derivative: refused by name when a differentiated value reaches them, copied as
they are when none does (an rng's draw). A custom call is differentiated by its target's rule, or
refused by its target's name (rules/custom_calls.py)."""

from __future__ import annotations

from ...ast import ops as O
from ..tables import nondifferentiable

nondifferentiable("its results are random numbers", O.Rng, O.RngBitGenerator)
nondifferentiable("it exchanges values with the host or other programs", O.Infeed, O.Outfeed, O.Send, O.Recv)
nondifferentiable("it reinterprets bits", O.BitcastConvert)
nondifferentiable("it quantizes", O.UniformQuantize, O.UniformDequantize)
