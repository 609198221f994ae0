"""Ops without a derivative, all in one place: refused by name when a differentiated value reaches
them, copied as they are when none does (an rng's draw, an inactive custom_call). (A rule that takes
only some forms of its op refuses the others itself, with tables.refuse.)"""

from __future__ import annotations

from ...ast import ops as O
from ..tables import nondifferentiable

nondifferentiable("its results are random numbers", O.Rng, O.RngBitGenerator)
nondifferentiable("a call into code vitir cannot see", O.CustomCall)
nondifferentiable("it exchanges values with the host or other programs", O.Infeed, O.Outfeed, O.Send, O.Recv)
nondifferentiable("it reinterprets bits", O.BitcastConvert)
nondifferentiable("it quantizes", O.UniformQuantize, O.UniformDequantize)
nondifferentiable("it steps to the next float, a piecewise constant choice", O.NextAfter, O.BroadcastNextAfter)
nondifferentiable("it sums the parts of the devices, a meaning per device that vitir's evaluator does not give it",
                  O.ShardyAllReduce, O.ShardyReduceScatter)
nondifferentiable("its body runs per device on the local shapes, a meaning vitir's evaluator does not give it",
                  O.ManualComputation)
