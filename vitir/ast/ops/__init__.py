"""Every op vitir's AST knows, one class each, grouped by family (one module per family).

Importing this package declares them all; `vitir.ast.declare.OPS` maps each
StableHLO name to its class.
"""

from __future__ import annotations

from ..declare import OPS, Op
from .bits import BitcastConvert, Rng, RngBitGenerator
from .chlo import (Acos, Acosh, Asin, Asinh, Atan, Atanh, BesselI1e, BroadcastAdd, BroadcastAnd, BroadcastAtan2,
                   BroadcastCompare, BroadcastComplex, BroadcastDivide, BroadcastMaximum, BroadcastMinimum,
                   BroadcastMultiply, BroadcastNextAfter, BroadcastOr, BroadcastPolygamma, BroadcastPower,
                   BroadcastRemainder, BroadcastSelect, BroadcastShiftLeft, BroadcastShiftRightArithmetic,
                   BroadcastShiftRightLogical, BroadcastSubtract, BroadcastXor, BroadcastZeta, ChloBinary,
                   ChloBroadcastBinary, ChloTan, ChloUnary, Conj, Cosh, Digamma, Erf, Erfc, ErfInv, IsInf, IsNegInf,
                   IsPosInf, Lgamma, Mulhi, NextAfter, Polygamma, RaggedDot, Scan, Sinh, Square, TopK, Zeta)
from .collectives import (AllGather, AllReduce, AllToAll, CollectiveBroadcast, CollectivePermute, CollectiveReduce,
                          Infeed, Outfeed, PartitionId, Recv, ReduceScatter, ReplicaId, Send)
from .compare import Compare, Select, default_compare_type
from .compound import ADAMW_LINES, AdamScalars, AdamWUpdate, AllReduceMean, Compound
from .constants import Constant, Iota
from .contraction import Convolution, Dot, DotGeneral, DynamicConv
from .control import (AfterAll, Case, Composite, CreateToken, CustomCall, GetTupleElement, If, Map, OptimizationBarrier,
                      Tuple, While)
from .data_movement import (Broadcast, DynamicBroadcastInDim, DynamicGather, DynamicIota, DynamicPad, DynamicReshape,
                            DynamicSlice, DynamicUpdateSlice, Gather, GetDimensionSize, RealDynamicSlice, Reverse,
                            Scatter, SetDimensionSize, Sort)
from .elementwise import (Abs, Add, And, Atan2, Binary, Cbrt, Ceil, Clamp, Complex, Convert, Cosine, CountLeadingZeros,
                          Divide, Exponential, ExponentialMinusOne, Floor, Imag, IsFinite, Log, Logistic, LogPlusOne,
                          Maximum, Minimum, Multiply, Negate, Not, Or, Popcnt, Power, Real, Remainder, RoundNearestAfz,
                          RoundNearestEven, Rsqrt, ShiftLeft, ShiftRightArithmetic, ShiftRightLogical, Sign, Sine, Sqrt,
                          Subtract, Tan, Tanh, Unary, Xor)
from .linalg import Cholesky, Fft, TriangularSolve
from .normalization import BatchNormGrad, BatchNormInference, BatchNormTraining
from .precision import ReducePrecision
from .quantization import UniformDequantize, UniformQuantize
from .reduction import Reduce
from .shape import BroadcastInDim, Concatenate, Pad, Reshape, Slice, Transpose
from .windows import ReduceWindow, SelectAndScatter

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
__all__ += ["AfterAll", "Case", "Composite", "CreateToken", "CustomCall", "GetTupleElement", "If", "Map",
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
