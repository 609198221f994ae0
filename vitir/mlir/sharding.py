"""Shardy's attribute kinds in xDSL: each value kept as its generic text (`#sdy.sharding<...>`),
the pretty spelling read from the text by the kind's own reader (vitir/ast/sharding.py)."""

from __future__ import annotations

import re

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, StringAttr, i32
from xdsl.ir import Attribute, OpaqueSyntaxAttribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from ..ast.attributes import Bridge
from ..ast.shape_rules import RuleError
from ..ast.sharding import PROPAGATION_DIRECTIONS, read_text
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


class ShardyTextAttr(ParametrizedAttribute):
    """A Shardy attribute in xDSL (a function argument's `#sdy.sharding<...>`, a generic op's
    properties), kept as its generic text; its kind reads the value from it."""

    text: StringAttr  # the whole generic spelling: `#sdy.sharding<@mesh, [{"x"}]>`

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        text, start = source(parser), position(parser)
        end = balanced_end(text, start, one_group=True)
        resume_at(parser, end)
        return [StringAttr(cls.HEAD + text[start:end] + cls.TAIL)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.text.data[len(self.HEAD):len(self.text.data) - len(self.TAIL)])


_ATTRIBUTES: dict = {}  # kind name -> its xDSL attribute class, made once


def _attribute_class(kind) -> type[ShardyTextAttr]:
    """`#sdy.sharding<...>` is the attribute sdy.sharding; `#sdy<manual_axes{...}>` is sdy.manual_axes
    in MLIR's opaque syntax."""
    made = _ATTRIBUTES.get(kind.name)
    if made is None:
        opaque = kind.prefix.startswith("#sdy<")
        name = "sdy." + kind.prefix[len("#sdy<"):] if opaque else kind.prefix[1:].rstrip("<")
        # what xDSL's parser hands over is the text after the name: `<[...]>`, or `{"x"}` in the opaque syntax
        head, tail = (kind.prefix, kind.suffix) if opaque else ("#" + name, "")
        namespace = {"name": name, "HEAD": head, "TAIL": tail, "__module__": __name__,
                     "__annotations__": {"HEAD": ClassVar[str], "TAIL": ClassVar[str]},
                     "__qualname__": kind.name.title().replace("_", "") + "Attr"}
        bases = (ShardyTextAttr, OpaqueSyntaxAttribute) if opaque else (ShardyTextAttr,)
        made = _ATTRIBUTES[kind.name] = irdl_attr_definition(type(namespace["__qualname__"], bases, namespace))
    return made


def text_bridge(kind) -> Bridge:
    attribute = _attribute_class(kind)

    def parse(parser):
        text, start = source(parser), position(parser)
        end = _extent(text, start)
        try:
            value = read_text(kind.read, text[start:end])
        except RuleError as e:
            parser.raise_error(f"{kind.doc}: {e}")
        resume_at(parser, end)
        return value

    def from_xdsl(a) -> object:
        return read_text(kind.read_generic, a.text.data if isinstance(a, ShardyTextAttr) else attribute_text_value(a))

    return Bridge(Attribute, lambda v: attribute(StringAttr(kind.generic(v))), from_xdsl, parse, (attribute,))


def direction_bridge(kind) -> Bridge:
    def parse(parser):
        word = parser.parse_identifier()
        if word not in PROPAGATION_DIRECTIONS:
            parser.raise_error(f"unknown propagation direction {word!r}")
        return word

    return Bridge(IntegerAttr, lambda v: IntegerAttr(PROPAGATION_DIRECTIONS.index(v), i32),
                  lambda a: PROPAGATION_DIRECTIONS[a.value.data], parse)


def symbol_name_bridge(kind) -> Bridge:
    return Bridge(StringAttr, StringAttr, lambda a: a.data, lambda p: p.parse_symbol_name().data)
