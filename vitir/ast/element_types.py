"""Every StableHLO element type, in one table.

A row gives the MLIR spelling, the kind (bool, signed, unsigned, float,
complex), the width in bits, the numpy dtype's name (and the module that
defines it: numpy, or ml_dtypes for bfloat16, the narrow floats and the 2- and
4-bit integers), and for floats the bit layout that fixes the range, the
infinities and NaNs. The AST, the printer, the xDSL dialect, the importer, the
evaluator and the backends all read this table; nothing else lists element
types. Pure Python: vitir.ast imports no numpy.
"""

from __future__ import annotations

from enum import Enum

from ..records import NamedTuple


class FloatFormat(NamedTuple):
    """The layout of a binary floating-point format: sign bit (unless `unsigned`), exponent, mantissa.

    `special` is how the format spends its top codes: "ieee" (all-ones exponent: infinities and
    NaNs), "fn" (finite, all-ones exponent and mantissa is NaN: f8E4M3FN), "fnuz" (finite, the
    negative-zero code is the one NaN, no -0), "fnu" (finite, unsigned, all-ones is NaN, no zero:
    f8E8M0FNU), "finite" (no infinities, no NaN: f4E2M1FN, f6*)."""

    exponent_bits: int
    mantissa_bits: int
    bias: int
    special: str
    unsigned: bool = False

    @property
    def bits(self) -> int:
        return self.exponent_bits + self.mantissa_bits + (0 if self.unsigned else 1)

    @property
    def has_infinity(self) -> bool:
        return self.special == "ieee"

    @property
    def has_nan(self) -> bool:
        return self.special != "finite"

    @property
    def max_exponent_code(self) -> int:
        """The largest biased exponent of a finite number."""
        top = (1 << self.exponent_bits) - 1
        return top - 1 if self.special == "ieee" else top

    @property
    def max_finite(self) -> float:
        mantissa_codes = (1 << self.mantissa_bits)
        top_mantissa = mantissa_codes - 1
        if self.special in ("fn", "fnu") and self.mantissa_bits > 0:
            top_mantissa -= 1  # all-ones is the NaN
        if self.special == "fnu":
            return 2.0 ** (self.max_exponent_code - 1 - self.bias)  # e8m0: the all-ones code is NaN
        return (1 + top_mantissa / mantissa_codes) * 2.0 ** (self.max_exponent_code - self.bias)


class Kind(Enum):
    BOOL = "bool"
    SIGNED = "signed"
    UNSIGNED = "unsigned"
    FLOAT = "float"
    COMPLEX = "complex"


class DType(Enum):
    """Element types. The value is the MLIR spelling; each member also carries its row of the
    table as attributes: `kind`, `bits`, `numpy` (the dtype's name), `numpy_module`, `format`
    (floats), `part` (the element type of a complex's real and imaginary parts), `min`/`max`
    (integers), and the predicates below."""

    I1 = "i1"
    I2 = "i2"
    I4 = "i4"
    I8 = "i8"
    I16 = "i16"
    I32 = "i32"
    I64 = "i64"
    UI2 = "ui2"
    UI4 = "ui4"
    UI8 = "ui8"
    UI16 = "ui16"
    UI32 = "ui32"
    UI64 = "ui64"
    F16 = "f16"
    BF16 = "bf16"
    F32 = "f32"
    F64 = "f64"
    F8E4M3FN = "f8E4M3FN"
    F8E5M2 = "f8E5M2"
    F8E4M3FNUZ = "f8E4M3FNUZ"
    F8E5M2FNUZ = "f8E5M2FNUZ"
    F8E4M3B11FNUZ = "f8E4M3B11FNUZ"
    F8E4M3 = "f8E4M3"
    F8E3M4 = "f8E3M4"
    F8E8M0FNU = "f8E8M0FNU"
    F4E2M1FN = "f4E2M1FN"
    F6E2M3FN = "f6E2M3FN"
    F6E3M2FN = "f6E3M2FN"
    C64 = "complex<f32>"
    C128 = "complex<f64>"

    __hash__ = object.__hash__  # members are singletons; Enum's name hash is slow on hot paths

    # Filled from _TABLE below (declared here for readers and type checkers).
    kind: Kind
    bits: int
    numpy: str
    numpy_module: str
    format: FloatFormat | None
    part: "DType | None"
    min: int | None
    max: int | None
    is_bool: bool
    is_integer: bool  # signed or unsigned, not i1
    is_signed: bool
    is_unsigned: bool
    is_float: bool
    is_complex: bool
    is_quantized: bool  # False: a QuantizedElement (vitir/ast/quantized.py) is the one that says True
    xla_cpu: bool  # XLA's CPU backend compiles it (f6 types do not, with jaxlib 0.10.2)

    @classmethod
    def parse(cls, spelling: str) -> "DType":
        """The element type spelled `spelling` (`f32`, `ui8`, `complex<f64>`); ValueError names the known ones."""
        found = _BY_SPELLING.get(spelling)
        if found is None:
            raise ValueError(f"unknown element type {spelling!r} (known: {', '.join(_BY_SPELLING)})")
        return found


_IEEE = "ieee"
# spelling -> (kind, bits, numpy dtype name, module, float format)
_TABLE: dict[DType, tuple] = {
    DType.I1: (Kind.BOOL, 1, "bool", "numpy", None),
    DType.I2: (Kind.SIGNED, 2, "int2", "ml_dtypes", None),
    DType.I4: (Kind.SIGNED, 4, "int4", "ml_dtypes", None),
    DType.I8: (Kind.SIGNED, 8, "int8", "numpy", None),
    DType.I16: (Kind.SIGNED, 16, "int16", "numpy", None),
    DType.I32: (Kind.SIGNED, 32, "int32", "numpy", None),
    DType.I64: (Kind.SIGNED, 64, "int64", "numpy", None),
    DType.UI2: (Kind.UNSIGNED, 2, "uint2", "ml_dtypes", None),
    DType.UI4: (Kind.UNSIGNED, 4, "uint4", "ml_dtypes", None),
    DType.UI8: (Kind.UNSIGNED, 8, "uint8", "numpy", None),
    DType.UI16: (Kind.UNSIGNED, 16, "uint16", "numpy", None),
    DType.UI32: (Kind.UNSIGNED, 32, "uint32", "numpy", None),
    DType.UI64: (Kind.UNSIGNED, 64, "uint64", "numpy", None),
    DType.F16: (Kind.FLOAT, 16, "float16", "numpy", FloatFormat(5, 10, 15, _IEEE)),
    DType.BF16: (Kind.FLOAT, 16, "bfloat16", "ml_dtypes", FloatFormat(8, 7, 127, _IEEE)),
    DType.F32: (Kind.FLOAT, 32, "float32", "numpy", FloatFormat(8, 23, 127, _IEEE)),
    DType.F64: (Kind.FLOAT, 64, "float64", "numpy", FloatFormat(11, 52, 1023, _IEEE)),
    DType.F8E4M3FN: (Kind.FLOAT, 8, "float8_e4m3fn", "ml_dtypes", FloatFormat(4, 3, 7, "fn")),
    DType.F8E5M2: (Kind.FLOAT, 8, "float8_e5m2", "ml_dtypes", FloatFormat(5, 2, 15, _IEEE)),
    DType.F8E4M3FNUZ: (Kind.FLOAT, 8, "float8_e4m3fnuz", "ml_dtypes", FloatFormat(4, 3, 8, "fnuz")),
    DType.F8E5M2FNUZ: (Kind.FLOAT, 8, "float8_e5m2fnuz", "ml_dtypes", FloatFormat(5, 2, 16, "fnuz")),
    DType.F8E4M3B11FNUZ: (Kind.FLOAT, 8, "float8_e4m3b11fnuz", "ml_dtypes", FloatFormat(4, 3, 11, "fnuz")),
    DType.F8E4M3: (Kind.FLOAT, 8, "float8_e4m3", "ml_dtypes", FloatFormat(4, 3, 7, _IEEE)),
    DType.F8E3M4: (Kind.FLOAT, 8, "float8_e3m4", "ml_dtypes", FloatFormat(3, 4, 3, _IEEE)),
    DType.F8E8M0FNU: (Kind.FLOAT, 8, "float8_e8m0fnu", "ml_dtypes", FloatFormat(8, 0, 127, "fnu", unsigned=True)),
    DType.F4E2M1FN: (Kind.FLOAT, 4, "float4_e2m1fn", "ml_dtypes", FloatFormat(2, 1, 1, "finite")),
    DType.F6E2M3FN: (Kind.FLOAT, 6, "float6_e2m3fn", "ml_dtypes", FloatFormat(2, 3, 1, "finite")),
    DType.F6E3M2FN: (Kind.FLOAT, 6, "float6_e3m2fn", "ml_dtypes", FloatFormat(3, 2, 3, "finite")),
    DType.C64: (Kind.COMPLEX, 64, "complex64", "numpy", None),
    DType.C128: (Kind.COMPLEX, 128, "complex128", "numpy", None),
}
_COMPLEX_PARTS = {DType.C64: DType.F32, DType.C128: DType.F64}
_NOT_ON_XLA_CPU = {DType.F6E2M3FN, DType.F6E3M2FN}

for _dtype, (_kind, _bits, _numpy, _module, _format) in _TABLE.items():
    _dtype.kind, _dtype.bits, _dtype.numpy, _dtype.numpy_module, _dtype.format = _kind, _bits, _numpy, _module, _format
    _dtype.part = _COMPLEX_PARTS.get(_dtype)
    _dtype.is_bool = _kind is Kind.BOOL
    _dtype.is_signed = _kind is Kind.SIGNED
    _dtype.is_unsigned = _kind is Kind.UNSIGNED
    _dtype.is_integer = _kind in (Kind.SIGNED, Kind.UNSIGNED)
    _dtype.is_float = _kind is Kind.FLOAT
    _dtype.is_complex = _kind is Kind.COMPLEX
    _dtype.xla_cpu = _dtype not in _NOT_ON_XLA_CPU
    _dtype.is_quantized = False
    if _kind is Kind.SIGNED:
        _dtype.min, _dtype.max = -(1 << (_bits - 1)), (1 << (_bits - 1)) - 1
    elif _kind is Kind.UNSIGNED:
        _dtype.min, _dtype.max = 0, (1 << _bits) - 1
    elif _kind is Kind.BOOL:
        _dtype.min, _dtype.max = 0, 1
    else:
        _dtype.min = _dtype.max = None

_BY_SPELLING: dict[str, DType] = {d.value: d for d in DType}

FLOATS = tuple(d for d in DType if d.is_float)
INTEGERS = tuple(d for d in DType if d.is_integer)
COMPLEXES = tuple(d for d in DType if d.is_complex)
