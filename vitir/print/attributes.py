"""Attribute values as text: each kind spells its own values (`pretty`, `generic`: vitir/ast/attributes.py);
here the pieces the printer's syntaxes share."""

from __future__ import annotations

from ..ast import attributes as A
from ..ast.attributes import ints

__all__ = ["generic", "ints", "pretty"]


def pretty(kind: A.Kind, value) -> str:
    return kind.pretty(value)


def generic(kind: A.Kind, value) -> str:
    return kind.generic(value)
