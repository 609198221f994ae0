"""Types: tensors (a shape and an element type from the element-type table, printed
`tensor<2x3xf32>`), tokens and tuples."""

from __future__ import annotations

from operator import index

from .element_types import DType
from .shape_rules import TypeDefinitionError


_MAX_DIMENSION = (1 << 63) - 1  # MLIR's dimensions are i64


class TensorType:
    """A ranked tensor type. Immutable; the printed text is computed once."""

    __slots__ = ("shape", "dtype", "text")
    _interned: dict = {}  # (shape, dtype) -> instance: a model reuses a handful of types thousands of times

    def __new__(cls, shape, dtype: DType = DType.F32):
        shape = tuple(shape)
        try:
            hit = cls._interned.get((shape, dtype))
        except TypeError:  # an unhashable dimension or element type: _dimensions or _setup says which
            hit = None
        if hit is not None:
            for d in shape:  # 7.0 and True hash as 7 and 1 do: a hit alone proves nothing
                if type(d) is not int:
                    break
            else:
                return hit
        shape = _dimensions(shape)
        key = (shape, dtype)
        hit = cls._interned.get(key) if isinstance(dtype, DType) else None
        if hit is not None:
            return hit
        self = super().__new__(cls)
        self._setup(shape, dtype)
        cls._interned[key] = self
        return self

    def _setup(self, shape: tuple, dtype: DType) -> None:
        if not isinstance(dtype, DType):
            raise TypeDefinitionError(f"element type {dtype!r} is not one of vitir's ({', '.join(d.value for d in DType)})")
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

    # Interned: one instance per (shape, dtype), so identity is equality (and hashing is C-speed).
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __reduce__(self):
        return TensorType, (self.shape, self.dtype)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"TensorType({self.text})"


def _dimensions(shape: tuple) -> tuple:
    """The dimensions as Python ints: ints and integer scalars (numpy's) from 0 to 2**63 - 1;
    a bool or a float is refused, even a whole one (MLIR's dimensions are integers)."""
    try:
        dims = tuple(index(d) for d in shape if not isinstance(d, bool) and type(d).__name__ != "bool_")
    except TypeError:
        dims = ()
    if len(dims) != len(shape) or not all(0 <= d <= _MAX_DIMENSION for d in dims):
        shown = ", ".join(map(repr, shape))
        raise TypeDefinitionError(f"tensor dimensions must be ints from 0 to 2**63 - 1, got [{shown}]")
    return dims


def f32(*shape: int) -> TensorType:
    """`f32(2, 3)` is tensor<2x3xf32>; `f32()` is the scalar tensor<f32>."""
    return TensorType(shape, DType.F32)


class TokenType:
    """`!stablehlo.token`: orders side effects (after_all, infeed, outfeed); holds no data."""

    __slots__ = ()
    text = "!stablehlo.token"
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "TokenType()"


class TupleType:
    """`tuple<T1, T2>`: a fixed sequence of types (tensors, tokens, tuples). Interned."""

    __slots__ = ("types", "text")
    _interned: dict = {}

    def __new__(cls, types):
        types = tuple(types)
        hit = cls._interned.get(types)
        if hit is not None:
            return hit
        self = super().__new__(cls)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "text", "tuple<" + ", ".join(t.text for t in types) + ">")
        cls._interned[types] = self
        return self

    def __setattr__(self, name, value):
        raise AttributeError("TupleType is immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"TupleType({self.text})"


Type = TensorType | TokenType | TupleType
