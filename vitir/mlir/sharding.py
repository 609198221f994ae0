"""Shardy's attribute kinds in xDSL: each value kept as its generic text (`#sdy.sharding<...>`),
the pretty spelling read from the text by the kind's own reader (vitir/ast/sharding.py)."""

from __future__ import annotations

import re

from xdsl.dialects.builtin import IntegerAttr, StringAttr, i32
from xdsl.ir import Attribute

from ..ast.attributes import Bridge
from ..ast.shape_rules import RuleError
from ..ast.sharding import PROPAGATION_DIRECTIONS, read_text
from .attributes import AttributeTextAttr
from .kinds import attribute_text_value
from .syntax import balanced_end
from .xdsl_adapter import position, resume_at, source

_WORD = re.compile(r"[A-Za-z_][\w.]*")
_PRIORITY = re.compile(r"p[0-9]+")


def _extent(text: str, start: int) -> int:
    """Where one attribute that starts at `start` ends: a bracketed group (with the priority that
    may follow a dimension's `{...}`), or a word."""
    while text[start].isspace():
        start += 1
    if text[start] not in "<[{(":
        m = _WORD.match(text, start)
        return m.end() if m else start
    at = balanced_end(text, start, one_group=True)
    m = _PRIORITY.match(text, at) if text[at - 1] == "}" else None
    return m.end() if m else at


def text_bridge(kind) -> Bridge:
    def parse(parser):
        text, start = source(parser), position(parser)
        end = _extent(text, start)
        try:
            value = read_text(kind.read, text[start:end])
        except RuleError as e:
            parser.raise_error(f"{kind.doc}: {e}")
        resume_at(parser, end)
        return value

    return Bridge(Attribute, lambda v: AttributeTextAttr(StringAttr(kind.generic(v))),
                  lambda a: read_text(kind.read_generic, attribute_text_value(a)), parse)


def direction_bridge(kind) -> Bridge:
    def parse(parser):
        word = parser.parse_identifier()
        if word not in PROPAGATION_DIRECTIONS:
            parser.raise_error(f"unknown propagation direction {word!r}")
        return word

    return Bridge(IntegerAttr, lambda v: IntegerAttr(PROPAGATION_DIRECTIONS.index(v), i32),
                  lambda a: PROPAGATION_DIRECTIONS[a.value.data], parse)
