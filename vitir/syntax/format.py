"""An op's format as pieces: literal text, line breaks and directives, and a custom directive's
arguments bound to the declaration's fields.

The printer (vitir/print/syntax.py), the dialect's parser (vitir/mlir/syntax.py) and the fast
reader (vitir/text/importer.py) compile the same pieces.
"""

from __future__ import annotations

import re

# The keyword under which a parse gathers an op's attributes of other dialects (`{mhlo.sharding = ...}`),
# which every op's constructor takes (vitir/ast/declare.py: Op.discardable).
DISCARDABLE = "discardable"

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|\n|[^{}\n]+")
_DIRECTIVE = re.compile(r"(\w+)(?:\(([\w:, ]*)\))?(?::(\w+))?(\?.*)?$", re.S)


def tokens(syntax: str) -> list[tuple[str, str]]:
    """The format as (kind, text) pairs: ("text", literal), ("directive", inside the braces), ("break", "")."""
    out, at = [], 0
    for m in _TOKEN.finditer(syntax):
        if m.start() != at:
            raise ValueError(f"unbalanced braces in syntax {syntax!r} at {at}")
        piece = m.group(0)
        if piece == "{{":
            out.append(("text", "{"))
        elif piece == "}}":
            out.append(("text", "}"))
        elif piece == "\n":
            out.append(("break", ""))
        elif m.group(1) is not None:
            out.append(("directive", m.group(1)))
        else:
            out.append(("text", piece))
        at = m.end()
    if at != len(syntax):
        raise ValueError(f"unbalanced braces in syntax {syntax!r} at {at}")
    return out


def op_pieces(syntax: str) -> list[tuple[str, str]]:
    """An op's format as pieces, with the attribute dictionary where MLIR's StableHLO formats have it
    (`attr-dict : type`): a format that writes none gets `{attr_dict? }` before its first ` : `, so an
    op carrying other dialects' attributes (`{mhlo.sharding = "..."}`) prints and reads them there."""
    pieces = tokens(syntax)
    if any(kind == "directive" and text.startswith("attr_dict") for kind, text in pieces):
        return pieces
    for i, (kind, text) in enumerate(pieces):
        at = text.find(" : ") if kind == "text" and i > 0 else -1
        if at >= 0:
            before = [("text", text[:at])] if at else []
            return pieces[:i] + before + [("directive", "attr_dict? "), ("text", text[at:])] + pieces[i + 1:]
    return pieces


class Directive:
    """A directive as a format writes it: name, custom arguments, the field a `type:` refers to, an
    optional prefix."""

    __slots__ = ("name", "args", "of", "optional")

    def __init__(self, text: str):
        m = _DIRECTIVE.match(text)
        if m is None:
            raise ValueError(f"bad directive {{{text}}}")
        self.name = m.group(1)
        self.args = [a.strip() for a in m.group(2).split(",")] if m.group(2) is not None else None
        self.of = m.group(3)
        self.optional = m.group(4)[1:] if m.group(4) else None
        if self.name == "type" and self.of is None:
            raise ValueError(f"{{{text}}}: write type:<field>")


def variadic_then_comma(pieces, fields) -> list[tuple[str, str]]:
    """A variadic operand directly followed by `, ` prints as MLIR's VariadicOperandWithAttribute
    directive, each operand followed by its comma, so that none leaves no stray comma
    (`dynamic_slice %x, sizes = []` of a rank-0 operand): ("operands_then", field)."""
    out = []
    for kind, text in pieces:
        if (kind == "text" and out and out[-1][0] == "directive" and text.startswith(", ")
                and out[-1][1] in fields and fields[out[-1][1]].role == "operand" and fields[out[-1][1]].variadic):
            out[-1] = ("operands_then", out[-1][1])
            text = text[2:]
            if not text:
                continue
        out.append((kind, text))
    return out


def directive_fields(pieces) -> set[str]:
    """The fields the format's directives print, so that an attribute dictionary leaves them out."""
    names = set()
    for kind, text in pieces:
        if kind == "operands_then":
            names.add(text)
        if kind == "directive":
            d = Directive(text)
            names.add(d.name)
            names.update(a for a in d.args or () if not a.startswith("type:"))
    return names


class Argument:
    """One argument of a custom directive in an op's format, bound to the declaration's field:
    `start` (the field: an attribute's value, an operand's SSA value) or `type:lhs` (the type of an
    operand field, or of a result field: `type:result`, the one result every op has by default)."""

    __slots__ = ("name", "field", "of_type", "result_index", "results")

    def __init__(self, text: str, cls):
        self.of_type = text.startswith("type:")
        self.name = text[5:] if self.of_type else text
        fields = {f.name: f for f in (*cls.FIELDS, *cls.RESULT_FIELDS)}
        field = fields.get(self.name)
        if field is None:
            raise ValueError(f"{cls.__name__}: its syntax names {text}, which is not one of its fields "
                             f"({', '.join(fields)})")
        if field.role == "result":
            if not self.of_type:
                raise ValueError(f"{cls.__name__}: a directive takes a result's type (type:{self.name}), "
                                 "not the result")
            if field.variadic and len(cls.RESULT_FIELDS) > 1:
                raise ValueError(f"{cls.__name__}: type:{self.name} of one variadic result field among several")
        elif self.of_type and field.role != "operand":
            raise ValueError(f"{cls.__name__}: type:{self.name} names a {field.role}, which has no type of its own")
        elif not self.of_type and field.role not in ("operand", "attribute"):
            raise ValueError(f"{cls.__name__}: a directive cannot take its {field.role} {self.name}")
        self.field = field
        self.results = len(cls.RESULT_FIELDS)
        self.result_index = cls.RESULT_FIELDS.index(field) if field.role == "result" else None

    @property
    def variadic(self) -> bool:
        return self.field.variadic

    @property
    def kind(self):
        """An attribute's kind (vitir/ast/attributes.py), which a parse reads with `p.attribute(kind)`."""
        return getattr(self.field, "kind", None)

    def print_source(self) -> str:
        """The expression a compiled printer passes for it, `op` the node."""
        f = self.field
        if f.role == "result":
            if f.variadic:
                return "tuple([v.type for v in op.results])"
            return "op.results[%d].type" % self.result_index
        if not self.of_type:
            return "op." + f.name
        return "tuple([v.type for v in op.%s])" % f.name if f.variadic else "op.%s.type" % f.name

    def __repr__(self) -> str:
        return ("type:" if self.of_type else "") + self.name
