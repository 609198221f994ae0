"""Quantized tensor types: `tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>`.

A uniform quantized element stands for `(stored - zero_point) * scale` in its
expressed (float) type; it is stored as an integer of its storage type, within
[storage_min, storage_max]. Per-axis quantization gives each slice along one
dimension a scale and zero point of its own
(`!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>`).

A QuantizedTensorType is not a TensorType: a rule takes one only where it asks
for it, as StableHLO's ODS types the op (type_rules.tensor(t, quantized=PER_TENSOR)
where it says HLO_Tensor, quantized=True where per-axis ones are taken too), and
every other refuses it naming the type. Text is
MLIR's quant dialect's, as it prints it: the storage type `i<bits>` or
`u<bits>` with `<min:max>` when not the full range, scales in C's `%e` (six
digits, so a scale written with more changes on a round trip, as in MLIR).
"""

from __future__ import annotations


from ..lazy_pattern import LazyPattern
from .element_types import DType
from .shape_rules import TypeDefinitionError
from .types import DYNAMIC, _dimension_text, _dimensions

_INTEGER = {(d.bits, d.is_signed): d for d in DType if d.is_integer}
_FIELDS = ("storage", "expressed", "scales", "zero_points", "axis", "storage_min", "storage_max")


class QuantizedElement:
    """A uniform quantized element type (per tensor when `axis` is None). Interned."""

    __slots__ = ("storage", "storage_min", "storage_max", "expressed", "scales", "zero_points", "axis", "value")
    _interned: dict = {}

    def __new__(cls, storage: DType, expressed: DType, scales, zero_points, axis: int | None = None,
                storage_min: int | None = None, storage_max: int | None = None):
        scales, zero_points = tuple(float(s) for s in scales), tuple(int(z) for z in zero_points)
        storage_min = storage.min if storage_min is None else int(storage_min)
        storage_max = storage.max if storage_max is None else int(storage_max)
        key = (storage, expressed, scales, zero_points, axis, storage_min, storage_max)  # in _FIELDS' order
        hit = cls._interned.get(key)
        if hit is not None:
            return hit
        _check(storage, expressed, scales, zero_points, axis, storage_min, storage_max)
        self = super().__new__(cls)
        for name, v in zip(_FIELDS, key):
            object.__setattr__(self, name, v)
        object.__setattr__(self, "value", _text(self))
        cls._interned[key] = self
        return self

    # The predicates of DType's, so that a rule asking an element type's kind gets an answer and
    # refuses a quantized one by its name ("needs a floating-point operand, got !quant.uniform<...>").
    is_bool = is_integer = is_signed = is_unsigned = is_float = is_complex = False
    is_quantized = True
    kind = None
    format = part = None
    xla_cpu = True

    def __setattr__(self, name, value):
        raise AttributeError("QuantizedElement is immutable")

    @property
    def bits(self) -> int:
        return self.storage.bits

    @property
    def per_axis(self) -> bool:
        return self.axis is not None

    def along(self, axis: int, repeat: int = 1) -> "QuantizedElement":
        """This per-axis type quantized along dimension `axis` instead, each scale and zero point
        repeated `repeat` times (a dimension of size 1 broadcast): the element a broadcast_in_dim,
        reshape or transpose of it gives."""
        return QuantizedElement(self.storage, self.expressed, self.scales * repeat, self.zero_points * repeat, axis,
                                self.storage_min, self.storage_max)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"QuantizedElement({self.value})"

    @classmethod
    def parse(cls, text: str) -> "QuantizedElement":
        """The element of `!quant.uniform<...>` (or its body); ValueError says what is wrong."""
        m = _UNIFORM.fullmatch(text.strip())
        if m is None:
            raise ValueError(f"{text!r} is not a uniform quantized type "
                             "(!quant.uniform<storage[<min:max>]:expressed[:axis], scale[:zero_point] or {...}>)")
        signed, bits, low, high, expressed, axis, params = m.groups()
        storage = _INTEGER.get((int(bits), signed == "i"))
        if storage is None:
            raise ValueError(f"{text!r}: no {'signed' if signed == 'i' else 'unsigned'} storage type of {bits} bits")
        try:
            expressed_type = DType.parse(expressed)
        except ValueError:
            raise ValueError(f"{text!r}: expressed type {expressed} is not an element type") from None
        if axis is not None:
            if not (params.startswith("{") and params.endswith("}")):
                raise ValueError(f"{text!r}: a per-axis type lists its scales in braces")
            params = params[1:-1]
        elif params.startswith("{"):
            raise ValueError(f"{text!r}: a list of scales needs a quantized dimension (`:f32:0, {{...}}`)")
        scales, zeros = [], []
        for item in params.split(","):
            scale, _, zero = item.strip().partition(":")
            try:
                scales.append(float(scale))
                zeros.append(int(zero) if zero else 0)
            except ValueError:
                raise ValueError(f"{text!r}: {item.strip()!r} is not scale[:zero_point]") from None
        return cls(storage, expressed_type, scales, zeros, None if axis is None else int(axis),
                   None if low is None else int(low), None if high is None else int(high))


_NUMBER = r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
_UNIFORM = LazyPattern(r"(?:!quant\.uniform)?<\s*(u|i|ui)(\d+)\s*(?:<\s*(-?\d+)\s*:\s*(-?\d+)\s*>)?\s*:\s*(\w+)"
                      r"\s*(?::\s*(\d+))?\s*,\s*(\{[^{}]*\}|" + _NUMBER + r"(?:\s*:\s*-?\d+)?)\s*>")


def _check(storage, expressed, scales, zero_points, axis, low, high) -> None:
    if not storage.is_integer:
        raise TypeDefinitionError(f"a quantized storage type is an integer, got {storage.value}")
    if not expressed.is_float:
        raise TypeDefinitionError(f"a quantized expressed type is a float, got {expressed.value}")
    if not storage.min <= low < high <= storage.max:
        raise TypeDefinitionError(f"storage range [{low}, {high}] is outside {storage.value}'s [{storage.min}, {storage.max}]")
    if not scales or len(scales) != len(zero_points) or (axis is None and len(scales) != 1):
        raise TypeDefinitionError(f"{len(scales)} scales and {len(zero_points)} zero points")
    for z in zero_points:
        if not low <= z <= high:
            raise TypeDefinitionError(f"zero point {z} is outside the storage range [{low}, {high}]")
    smallest, largest = 2.0 ** (1 - expressed.format.bias), expressed.format.max_finite
    for s in scales:
        if not s > 0:
            raise TypeDefinitionError(f"scale {s} is not positive")
        if not smallest <= s <= largest:  # MLIR's quant dialect: a normal number of the expressed type
            raise TypeDefinitionError(f"scale {s:e} out of expressed type range [{smallest:e}, {largest:e}] of "
                                      f"{expressed.value}")


def _params(scale: float, zero: int) -> str:
    return f"{scale:e}" + (f":{zero}" if zero else "")


def _text(q: QuantizedElement) -> str:
    storage = ("i" if q.storage.is_signed else "u") + str(q.storage.bits)
    if (q.storage_min, q.storage_max) != (q.storage.min, q.storage.max):
        storage += f"<{q.storage_min}:{q.storage_max}>"
    if q.axis is None:
        return f"!quant.uniform<{storage}:{q.expressed.value}, {_params(q.scales[0], q.zero_points[0])}>"
    params = ",".join(_params(s, z) for s, z in zip(q.scales, q.zero_points))
    return f"!quant.uniform<{storage}:{q.expressed.value}:{q.axis}, {{{params}}}>"


class QuantizedTensorType:
    """A ranked tensor of a quantized element type. Immutable and interned, like TensorType."""

    __slots__ = ("shape", "dtype", "text")
    _interned: dict = {}

    def __new__(cls, shape, element: QuantizedElement):
        shape = _dimensions(tuple(shape))  # not a hot path: checked before the cache, as 7.0 hashes as 7
        if not isinstance(element, QuantizedElement):
            raise TypeDefinitionError(f"a quantized tensor's element is a QuantizedElement, got {element!r}")
        key = (shape, element)
        hit = cls._interned.get(key)
        if hit is not None:
            return hit
        if element.axis is not None and (element.axis >= len(shape) or shape[element.axis] not in (
                DYNAMIC, len(element.scales))):  # a `?` quantized dimension: its size is checked at run time
            raise TypeDefinitionError(f"tensor<{'x'.join(map(str, shape))}x{element}>: {len(element.scales)} scales "
                                      f"along dimension {element.axis}")
        self = super().__new__(cls)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "dtype", element)
        object.__setattr__(self, "text", "tensor<" + "".join(f"{_dimension_text(d)}x" for d in shape) + element.value
                           + ">")
        cls._interned[key] = self
        return self

    def __setattr__(self, name, value):
        raise AttributeError("QuantizedTensorType is immutable")

    @property
    def element(self) -> QuantizedElement:
        return self.dtype

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_static(self) -> bool:
        return DYNAMIC not in self.shape

    bounds = None  # StableHLO's bounds encoding is not taken on quantized tensors here

    def with_shape(self, shape) -> "QuantizedTensorType":
        return QuantizedTensorType(shape, self.dtype)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"QuantizedTensorType({self.text})"

    def __reduce__(self):
        return QuantizedTensorType, (self.shape, self.dtype)
