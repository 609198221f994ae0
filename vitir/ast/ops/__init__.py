"""Every op vitir's AST knows, one class each, grouped by family (one module per family).

Importing this package declares the families a graph builder needs at once (elementwise,
constants, comparisons, shapes, contractions, reductions, compounds); the others (chlo,
collectives, control flow, data movement, the deprecated ops, bits, linear algebra, normalisation,
precision, quantization, windows) are imported on first use of one of their names, and
`vitir.ast.declare.OPS` imports them all when a walk of it begins or a lookup misses, so no
reader of the registry misses an op. Why: `vitir render` of a ViT compiles about a fifth less
source at start-up (docs/benchmarks.md).
"""

from __future__ import annotations

import importlib

from ..declare import FAMILY_LOADERS, OPS, Op
from .compare import Compare, Select, default_compare_type
from .compound import ADAMW_LINES, AdamScalars, AdamWUpdate, AllReduceMean, Compound
from .constants import Constant, Iota
from .contraction import Convolution, Dot, DotGeneral, DynamicConv
from .elementwise import (Abs, Add, And, Atan2, Binary, Cbrt, Ceil, Clamp, Complex, Convert, Cosine, CountLeadingZeros,
                          Divide, Exponential, ExponentialMinusOne, Floor, Imag, IsFinite, Log, Logistic, LogPlusOne,
                          Maximum, Minimum, Multiply, Negate, Not, Or, Popcnt, Power, Real, Remainder, RoundNearestAfz,
                          RoundNearestEven, Rsqrt, ShiftLeft, ShiftRightArithmetic, ShiftRightLogical, Sign, Sine, Sqrt,
                          Subtract, Tan, Tanh, Unary, Xor)
from .reduction import Reduce
from .shape import BroadcastInDim, Concatenate, Pad, Reshape, Slice, Transpose

# The families imported on first use: each exported name's family.
_LAZY_FAMILIES = {
    "bits": ("BitcastConvert", "Rng", "RngBitGenerator"),
    "chlo": ("Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "BesselI1e", "BroadcastAdd", "BroadcastAnd",
             "BroadcastAtan2", "BroadcastCompare", "BroadcastComplex", "BroadcastDivide", "BroadcastMaximum",
             "BroadcastMinimum", "BroadcastMultiply", "BroadcastNextAfter", "BroadcastOr", "BroadcastPolygamma",
             "BroadcastPower", "BroadcastRemainder", "BroadcastSelect", "BroadcastShiftLeft",
             "BroadcastShiftRightArithmetic", "BroadcastShiftRightLogical", "BroadcastSubtract", "BroadcastXor",
             "BroadcastZeta", "ChloBinary", "ChloBroadcastBinary", "ChloTan", "ChloUnary", "Conj", "Cosh",
             "Digamma", "Erf", "Erfc", "ErfInv", "IsInf", "IsNegInf", "IsPosInf", "Lgamma", "Mulhi", "NextAfter",
             "Polygamma", "RaggedDot", "Scan", "Sinh", "Square", "TopK", "Zeta"),
    "collectives": ("AllGather", "AllReduce", "AllToAll", "AsyncDone", "AsyncStart", "CollectiveBroadcast",
                    "CollectivePermute", "CollectiveReduce", "Infeed", "Outfeed", "PartitionId", "Recv",
                    "ReduceScatter", "ReplicaId", "Send"),
    "data_movement": ("Broadcast", "DynamicBroadcastInDim", "DynamicGather", "DynamicIota", "DynamicPad",
                      "DynamicReshape", "DynamicSlice", "DynamicUpdateSlice", "Gather", "GetDimensionSize",
                      "RealDynamicSlice", "Reverse", "Scatter", "SetDimensionSize", "Sort"),
    "control": ("AfterAll", "Call", "Case", "Composite", "CreateToken", "CustomCall", "GetTupleElement", "If", "Map",
                "OptimizationBarrier", "Tuple", "While"),
    "deprecated": ("CrossReplicaSum", "Einsum", "TorchIndexSelect", "UnaryEinsum"),
    "linalg": ("Cholesky", "Fft", "TriangularSolve"),
    "normalization": ("BatchNormGrad", "BatchNormInference", "BatchNormTraining"),
    "precision": ("ReducePrecision",),
    "quantization": ("UniformDequantize", "UniformQuantize"),
    "shardy": ("DataFlowEdge", "FuncDataFlowEdge", "ManualComputation", "NamedComputation", "PropagationBarrier",
               "ReplicatedToUnreduced", "Reshard", "ShardedToUnreduced", "ShardingConstraint", "ShardingGroup",
               "ShardyAllGather", "ShardyAllReduce", "ShardyAllSlice", "ShardyAllToAll", "ShardyCollective",
               "ShardyCollectivePermute", "ShardyConstant", "ShardyMesh", "ShardyReduceScatter"),
    "windows": ("ReduceWindow", "SelectAndScatter"),
}
_FAMILY_OF = {name: family for family, names in _LAZY_FAMILIES.items() for name in names}
LAZY_NAMES = frozenset(_FAMILY_OF)


def __getattr__(name: str):
    family = _FAMILY_OF.get(name)
    if family is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{family}"), name)


def __dir__():
    return sorted(set(globals()) | set(_FAMILY_OF))


def import_every_family() -> None:
    """Declare every op (what OPS does on its first read)."""
    for family in _LAZY_FAMILIES:
        importlib.import_module(f"{__name__}.{family}")


FAMILY_LOADERS.append(import_every_family)  # OPS completes itself through it on its first read


__all__ = [
    "ADAMW_LINES", "OPS", "Abs", "AdamScalars", "AdamWUpdate", "Add", "AllReduce", "AllReduceMean", "And", "Binary",
    "BroadcastInDim", "Ceil", "Clamp", "Compare", "Compound", "Concatenate", "Constant", "Convert", "Convolution",
    "Cosine", "Divide", "DotGeneral", "Exponential", "ExponentialMinusOne", "Floor", "Iota", "IsFinite", "Log",
    "LogPlusOne", "Logistic", "Maximum", "Minimum", "Multiply", "Negate", "Not", "Op", "Or", "Pad", "Power", "Reduce",
    "Remainder", "Reshape", "RoundNearestEven", "Rsqrt", "Select", "Sign", "Sine", "Slice", "Sqrt", "Subtract",
    "Tanh", "Transpose", "Unary", "default_compare_type",
]
# data movement
__all__ += ["Broadcast", "DynamicBroadcastInDim", "DynamicGather", "DynamicIota", "DynamicPad", "DynamicReshape",
            "DynamicSlice", "DynamicUpdateSlice", "Gather", "GetDimensionSize", "RealDynamicSlice", "Reverse",
            "Scatter", "SetDimensionSize", "Sort"]


# collectives, rng, bits and quantization
__all__ += [
    "AllGather", "AllToAll", "BitcastConvert", "CollectiveBroadcast", "CollectivePermute", "CollectiveReduce",
    "Infeed", "Outfeed", "PartitionId", "Recv", "ReduceScatter", "ReplicaId", "Rng", "RngBitGenerator", "Send",
    "UniformDequantize", "UniformQuantize",
]


# control flow, tuples and tokens
__all__ += ["AsyncDone", "AsyncStart", "CrossReplicaSum", "Einsum", "TorchIndexSelect", "UnaryEinsum"]
__all__ += ["AfterAll", "Call", "Case", "Composite", "CreateToken", "CustomCall", "GetTupleElement", "If", "Map",
            "OptimizationBarrier", "Tuple", "While"]



# windows, reductions, contractions and linear algebra
__all__ += [
    "BatchNormGrad", "BatchNormInference", "BatchNormTraining", "Cholesky", "Dot", "DynamicConv", "Fft",
    "ReducePrecision", "ReduceWindow", "SelectAndScatter", "TriangularSolve",
]
__all__ += [  # elementwise: the rest of the spec's elementwise ops
    "Atan2", "Cbrt", "Complex", "CountLeadingZeros", "Imag", "Popcnt", "Real", "RoundNearestAfz", "ShiftLeft",
    "ShiftRightArithmetic", "ShiftRightLogical", "Tan", "Xor",
]
__all__ += [  # the chlo dialect
    "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "BesselI1e", "ChloBinary", "ChloTan", "ChloUnary", "Conj",
    "Cosh", "Digamma", "Erf", "ErfInv", "Erfc", "IsInf", "IsNegInf", "IsPosInf", "Lgamma", "Mulhi", "NextAfter",
    "Polygamma", "Sinh", "Square", "TopK", "Zeta",
    "BroadcastAdd", "BroadcastAnd", "BroadcastAtan2", "BroadcastCompare", "BroadcastComplex", "BroadcastDivide",
    "BroadcastMaximum", "BroadcastMinimum", "BroadcastMultiply", "BroadcastNextAfter", "BroadcastOr",
    "BroadcastPolygamma", "BroadcastPower", "BroadcastRemainder", "BroadcastSelect", "BroadcastShiftLeft",
    "BroadcastShiftRightArithmetic", "BroadcastShiftRightLogical", "BroadcastSubtract", "BroadcastXor",
    "BroadcastZeta", "ChloBroadcastBinary", "RaggedDot", "Scan",
]
