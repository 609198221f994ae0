"""Types: tensors (a shape and an element type from the element-type table, printed
`tensor<2x3xf32>`), tokens, tuples and futures.

A dimension known only at run time is `DYNAMIC` (None), printed `?` as MLIR does
(`tensor<?x784xf32>`); a tensor may bound its unknown dimensions (`bounds`, one entry per
dimension, None where there is no bound), StableHLO's `#stablehlo.bounds<8, ?>` encoding."""

from __future__ import annotations

from operator import index

from .element_types import DType
from .shape_rules import TypeDefinitionError


_MAX_DIMENSION = (1 << 63) - 1  # MLIR's dimensions are i64
DYNAMIC = None  # a dimension known only at run time: MLIR's `?`


def _dimension_text(d) -> str:
    return "?" if d is None else str(d)


class TensorType:
    """A ranked tensor type. Immutable; the printed text is computed once."""

    __slots__ = ("shape", "dtype", "text", "bounds")
    _interned: dict = {}  # (shape, dtype, bounds) -> instance: a model reuses a handful of types thousands of times

    def __new__(cls, shape, dtype: DType = DType.F32, bounds=None):
        shape = tuple(shape)
        bound_key = None if bounds is None else tuple(bounds)
        try:
            hit = cls._interned.get((shape, dtype, bound_key))
        except TypeError:  # an unhashable dimension or element type: _dimensions or _setup says which
            hit = None
        if hit is not None:
            for d in shape:  # 7.0 and True hash as 7 and 1 do: a hit alone proves nothing
                if type(d) is not int and d is not DYNAMIC:
                    break
            else:
                return hit
        shape = _dimensions(shape)
        key = (shape, dtype, bound_key)
        hit = cls._interned.get(key) if isinstance(dtype, DType) else None
        if hit is not None:
            return hit
        self = super().__new__(cls)
        self._setup(shape, dtype)
        self._set_bounds(key[2])
        cls._interned[key] = self
        return self

    def _setup(self, shape: tuple, dtype: DType) -> None:
        if not isinstance(dtype, DType):
            raise TypeDefinitionError(f"element type {dtype!r} is not one of vitir's ({', '.join(d.value for d in DType)})")
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "dtype", dtype)
        dims = "".join(f"{_dimension_text(d)}x" for d in shape)
        object.__setattr__(self, "text", f"tensor<{dims}{dtype.value}>")

    def _set_bounds(self, bounds) -> None:
        """Bounds of the unknown dimensions: `tensor<?x4xf32, #stablehlo.bounds<8, ?>>`."""
        if bounds is not None:
            if len(bounds) != len(self.shape) or any(
                    b is not None and (d is not DYNAMIC or not isinstance(b, int) or b < 0)
                    for d, b in zip(self.shape, bounds)):
                raise ValueError(f"bounds {['?' if b is None else b for b in bounds]} must give one entry per "
                                 f"dimension of {self.text}, a size only for a dimension `?`")
            text = self.text[:-1] + ", #stablehlo.bounds<" + ", ".join(_dimension_text(b) for b in bounds) + ">>"
            object.__setattr__(self, "text", text)
        object.__setattr__(self, "bounds", bounds)

    def __setattr__(self, name, value):
        raise AttributeError("TensorType is immutable")

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_static(self) -> bool:
        return DYNAMIC not in self.shape

    @property
    def num_elements(self) -> int:
        if not self.is_static:
            raise ValueError(f"{self.text} has dimensions known only at run time")
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
        return TensorType, (self.shape, self.dtype, self.bounds)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"TensorType({self.text})"


def _dimensions(shape: tuple) -> tuple:
    """The dimensions as Python ints: ints and integer scalars (numpy's) from 0 to 2**63 - 1, or
    DYNAMIC; a bool or a float is refused, even a whole one (MLIR's dimensions are integers)."""
    try:
        dims = tuple(d if d is DYNAMIC else index(d) for d in shape
                     if not isinstance(d, bool) and type(d).__name__ != "bool_")
    except TypeError:
        dims = ()
    if len(dims) != len(shape) or not all(d is DYNAMIC or 0 <= d <= _MAX_DIMENSION for d in dims):
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


class _TypeList:
    """A fixed sequence of types written `OPENING T1, T2>`. Interned per class."""

    __slots__ = ("types", "text")
    OPENING = ""
    _interned: dict = {}

    def __new__(cls, types):
        types = tuple(types)
        hit = cls._interned.get(types)
        if hit is not None:
            return hit
        self = super().__new__(cls)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "text", cls.OPENING + ", ".join(t.text for t in types) + ">")
        cls._interned[types] = self
        return self

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self):
        return type(self), (self.types,)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text})"


class TupleType(_TypeList):
    """`tuple<T1, T2>`: a fixed sequence of types (tensors, tokens, tuples). Interned."""

    __slots__ = ()
    OPENING = "tuple<"
    _interned: dict = {}


class FutureType(_TypeList):
    """`!stablehlo.future<T1, T2>`: the values an async_start's operation will give, which
    async_done waits for. Interned."""

    __slots__ = ()
    OPENING = "!stablehlo.future<"
    _interned: dict = {}


Type = TensorType | TokenType | TupleType | FutureType
