"""Types between their MLIR spelling and xDSL's: `parse_type_text` and `type_text`.

Below the dialect: a type needs no op of it, only the builtin, quant and the
attribute classes of vitir/mlir/attributes.py (tokens, futures, a tensor's
bounds), so the kinds, the bridges, the dialect's terminators and the printer
read and write types without loading the parser that reads whole modules
(parse.py, whose `ExactNameParser` reads types as `TypeParser` does).
"""

from __future__ import annotations

import re
from io import StringIO

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, TensorType
from xdsl.ir import Attribute, Dialect
from xdsl.printer import Printer

from ..ast.element_types import DType
from .attributes import ATTRIBUTES, QUANT_DIALECT, BoundsAttr, TypeExtensionsAttr
from .xdsl_adapter import HookedParser, position, resume_at, source

# the element types the fast path reads; complex and others go through xDSL's type parser
_ELEMENTS = "|".join(sorted((re.escape(d.value) for d in DType if not d.is_complex), key=len, reverse=True))
_TENSOR = re.compile(r"tensor<((?:[0-9]+x)*)(" + _ELEMENTS + r")>")


class TypeParser(HookedParser):
    """xDSL's parser, reading static tensor types by one regex and a cache (xDSL's general type parser
    was half the parse time of a 7,500-line module), and a tensor bounded by
    `#stablehlo.type_extensions<...>` as the same type with the `#stablehlo.bounds<...>` it abbreviates."""

    def __init__(self, ctx: Context, text: str, name: str):
        super().__init__(ctx, text, name)
        self._tensor_types: dict[str, Attribute] = {}

    def parse_optional_type(self):
        m = _TENSOR.match(source(self), position(self))
        if m is None:
            return _short_bounds(super().parse_optional_type())
        ty = self._tensor_types.get(m.group(0))
        if ty is None:
            ty = _short_bounds(super().parse_optional_type())
            self._tensor_types[m.group(0)] = ty
            return ty
        resume_at(self, m.end())
        return ty


def _short_bounds(ty):
    """One type has one attribute whichever way the text writes its bounds."""
    if isinstance(ty, TensorType) and isinstance(ty.encoding, TypeExtensionsAttr):
        return TensorType(ty.element_type, ty.shape, BoundsAttr(ty.encoding.bounds))
    return ty


_CONTEXT: list[Context] = []


def type_context() -> Context:
    """The builtin and quant dialects, and vitir's attribute classes by their dialects' prefixes."""
    if not _CONTEXT:
        ctx = Context(allow_unregistered=False)
        by_prefix: dict[str, list] = {}
        for attribute in ATTRIBUTES:
            by_prefix.setdefault(attribute.name.split(".")[0], []).append(attribute)
        for dialect in (Builtin, QUANT_DIALECT, *(Dialect(p, [], attrs) for p, attrs in by_prefix.items())):
            ctx.load_dialect(dialect)
        _CONTEXT.append(ctx)
    return _CONTEXT[0]


def parse_type_text(text: str) -> Attribute:
    """The xDSL type of a type's spelling."""
    return TypeParser(type_context(), text, "<type>").parse_type()


_TEXTS: dict = {}


def type_text(ty: Attribute) -> str:
    """A type's MLIR spelling, as xDSL prints it."""
    hit = _TEXTS.get(ty)
    if hit is None:
        out = StringIO()
        Printer(stream=out).print_attribute(ty)
        hit = _TEXTS[ty] = out.getvalue()
    return hit
