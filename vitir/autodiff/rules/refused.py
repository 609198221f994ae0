"""Ops without a derivative, all in one place: refused by name when a differentiated value reaches
them, copied as they are when none does (an rng's draw). A custom call is differentiated by its
target's rule, or refused by its target's name (rules/custom_calls.py). (A rule that takes only some
forms of its op refuses the others itself, with tables.refuse.)"""

from __future__ import annotations

from ...ast import ops as O
from ..tables import nondifferentiable

nondifferentiable("its results are random numbers", O.Rng, O.RngBitGenerator)
nondifferentiable("it exchanges values with the host or other programs", O.Infeed, O.Outfeed, O.Send, O.Recv)
nondifferentiable("it reinterprets bits", O.BitcastConvert)
nondifferentiable("it quantizes", O.UniformQuantize, O.UniformDequantize)
nondifferentiable("it steps to the next float, a piecewise constant choice", O.NextAfter, O.BroadcastNextAfter)
nondifferentiable("it sums the parts of the devices, a meaning per device that vitir's evaluator does not give it",
                  O.ShardyAllReduce, O.ShardyReduceScatter)
nondifferentiable("it makes the devices' parts partial (unreduced), a meaning per device that vitir's evaluator does "
                  "not give it", O.ShardedToUnreduced, O.ReplicatedToUnreduced)
nondifferentiable("its body runs per device on the local shapes, a meaning vitir's evaluator does not give it",
                  O.ManualComputation)
