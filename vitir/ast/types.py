"""Tensor types: a shape and an element type, printed `tensor<2x3xf32>`."""

from __future__ import annotations

from enum import Enum


class DType(Enum):
    """Element types. The value is the MLIR spelling; numpy names are in NUMPY_DTYPE."""

    F32 = "f32"
    F16 = "f16"
    BF16 = "bf16"
    I1 = "i1"
    I32 = "i32"
    I64 = "i64"

    __hash__ = object.__hash__  # members are singletons; Enum's name hash is slow on hot paths

    @property
    def is_float(self) -> bool:
        return self in _FLOATS


_FLOATS = frozenset((DType.F32, DType.F16, DType.BF16))

NUMPY_DTYPE = {
    DType.F32: "float32",
    DType.F16: "float16",
    DType.BF16: "bfloat16",  # via ml_dtypes
    DType.I1: "bool",
    DType.I32: "int32",
    DType.I64: "int64",
}


class TensorType:
    """A ranked tensor type. Immutable; the printed text is computed once."""

    __slots__ = ("shape", "dtype", "text")
    _interned: dict = {}  # (shape, dtype) -> instance: a model reuses a handful of types thousands of times

    def __new__(cls, shape, dtype: DType = DType.F32):
        shape = tuple(shape)
        key = (shape, dtype)
        hit = cls._interned.get(key)
        if hit is not None:
            return hit
        self = super().__new__(cls)
        self._setup(shape, dtype)
        cls._interned[key] = self
        return self

    def _setup(self, shape: tuple, dtype: DType) -> None:
        for d in shape:
            if not isinstance(d, int) or isinstance(d, bool) or d < 0:
                raise ValueError(f"tensor dimensions must be non-negative ints, got {shape}")
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "dtype", dtype)
        dims = "".join(f"{d}x" for d in shape)
        object.__setattr__(self, "text", f"tensor<{dims}{dtype.value}>")

    def __setattr__(self, name, value):
        raise AttributeError("TensorType is immutable")

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def num_elements(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    def with_shape(self, shape) -> "TensorType":
        return TensorType(shape, self.dtype)

    def __eq__(self, other) -> bool:
        return isinstance(other, TensorType) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"TensorType({self.text})"


def f32(*shape: int) -> TensorType:
    """`f32(2, 3)` is tensor<2x3xf32>; `f32()` is the scalar tensor<f32>."""
    return TensorType(shape, DType.F32)
