"""Types between vitir's AST and xDSL: xDSL's tensor, token, tuple and future types to vitir's and back,
through the element-type table. (Each attribute kind's bridge is vitir/mlir/bridges.py's table.)"""

from __future__ import annotations

from xdsl.dialects.builtin import NoneAttr, TensorType, TupleType
from xdsl.ir import Attribute

from ..ast.element_types import DType
from ..ast.types import TensorType as VTensorType
from ..ast.types import FutureType as VFutureType
from ..ast.types import TokenType as VTokenType
from ..ast.types import TupleType as VTupleType
from .attributes import AttributeTextAttr, BoundsAttr, ShardyTextAttr
from .attributes import FutureType as XFutureType
from .attributes import TokenType as XTokenType
from .type_text import parse_type_text


class Unsupported(Exception):
    """Something vitir's AST cannot hold (a dynamic shape, a quantized type); reported at its op."""


# -- types ----------------------------------------------------------------------------------------

_TYPES: dict = {}  # xDSL type -> vitir's: a model repeats a handful of types


_BY_ID: dict = {}  # id(xDSL type) -> (the type, vitir's): the parser reuses one object per spelling,
# and hashing xDSL's types (recursive dataclasses) costs more than the rest of an op's import


def vitir_type(ty):
    """vitir's type of an xDSL one; Unsupported names what it cannot hold."""
    seen = _BY_ID.get(id(ty))
    if seen is not None and seen[0] is ty:
        return seen[1]
    hit = _TYPES.get(ty)
    if hit is not None:
        if len(_BY_ID) < 65536:
            _BY_ID[id(ty)] = (ty, hit)
        return hit
    if isinstance(ty, TensorType):
        shape = tuple(None if d < 0 else d for d in ty.get_shape())  # `?` is MLIR's kDynamic
        bounds = None
        if isinstance(ty.encoding, BoundsAttr):
            bounds = ty.encoding.values()
        elif not isinstance(ty.encoding, NoneAttr):
            raise Unsupported(f"type {ty} is not supported (tensor encodings other than #stablehlo.bounds)")
        if isinstance(ty.get_element_type(), QuantUniformType):
            if bounds is not None:
                raise Unsupported(f"type {ty} is not supported (quantized tensors with bounds)")
            hit = _TYPES[ty] = quantized_tensor(shape, ty.get_element_type())
            return hit
        element = element_spelling(ty.get_element_type())
        try:
            dtype = DType.parse(element)
        except ValueError:
            raise Unsupported(f"element type {element} is not supported by vitir") from None
        try:
            hit = VTensorType(shape, dtype, bounds)
        except ValueError as error:
            raise Unsupported(f"type {ty}: {error}") from None
    elif isinstance(ty, TupleType):
        hit = VTupleType([vitir_type(t) for t in ty.types.data])
    elif isinstance(ty, XTokenType):
        hit = VTokenType()
    elif isinstance(ty, XFutureType):
        hit = VFutureType([vitir_type(t) for t in ty.types.data])
    else:
        raise Unsupported(f"type {ty} is not supported by vitir")
    _TYPES[ty] = hit
    return hit


from .attributes import element_text as element_spelling  # noqa: E402


_XDSL_TYPES: dict = {}


def xdsl_type(ty) -> Attribute:
    """xDSL's type of a vitir one (parsed from its spelling, which is MLIR's)."""
    hit = _XDSL_TYPES.get(ty)
    if hit is None:
        hit = _XDSL_TYPES[ty] = parse_type_text(ty.text)
    return hit


def element_type(ty) -> Attribute:
    return xdsl_type(VTensorType((), ty)).get_element_type()


# -- collectives, rng, bits and quantization ----------------------------------------------------
from .attributes import QuantUniformType  # noqa: E402


def quantized_tensor(shape, element: QuantUniformType):
    from ..ast.quantized import QuantizedElement, QuantizedTensorType

    try:
        return QuantizedTensorType(shape, QuantizedElement.parse(element.body.data))
    except ValueError as e:
        raise Unsupported(str(e)) from None


# -- control flow, tuples and tokens ------------------------------------------------------

def attribute_text_value(a: Attribute) -> str:
    """The text of an attribute kept as text; one parsed by xDSL (in a generic op) as xDSL prints it."""
    from io import StringIO

    from xdsl.printer import Printer

    from ..text import shardy_text

    if isinstance(a, (AttributeTextAttr, ShardyTextAttr)):
        return shardy_text(a.text.data)  # Shardy's as Shardy prints it, as the fast reader keeps it

    class TextPrinter(Printer):  # an attribute kept as text inside another (an array) prints as written
        def print_attribute(self, attribute: Attribute) -> None:
            if isinstance(attribute, AttributeTextAttr):
                self.print_string(attribute.text.data)
            else:
                super().print_attribute(attribute)

    out = StringIO()
    TextPrinter(stream=out).print_attribute(a)
    return out.getvalue()

