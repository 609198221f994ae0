"""Parsing an op's pretty syntax, read from the same format its printer compiles (vitir/print/syntax.py).

`parse_op(cls, parser)` walks the declaration's format: literal text is
punctuation and keywords to expect, a field directive parses an operand or an
attribute in the kind's own spelling, a type directive the types that resolve
the operands. A custom directive parses by its own object (vitir/syntax), through
`XdslTextParser`, the directives' parser interface over xDSL's; a whole-op syntax
(constant, reduce, while, ...) parses the whole op by its object.
"""

from __future__ import annotations

import re

from xdsl.parser import Parser

from ..ast.declare import AttrDef, Op
from ..ast.shape_rules import RuleError
from ..syntax.declare import custom_directive, whole_op_syntax
from ..syntax.format import DISCARDABLE, Directive, op_pieces, variadic_then_comma
from ..syntax.parsing import ParseState, assigner
from ..text import shardy_text
from .attributes import parse_int_list
from .bridges import bridge
from .dialect import PARTS, ReturnOp, dialect_class
from ..brackets import balanced_end
from .xdsl_adapter import next_token, position, resume_at, source

_WORD = re.compile(r"[A-Za-z_][\w.$]*|->|[^\sA-Za-z_]")


def _words(text: str) -> tuple[tuple[bool, str], ...]:
    """A literal's tokens, each (is a keyword, text)."""
    return tuple((w[0].isalpha() or w[0] == "_", w) for w in _WORD.findall(text))


def _expect_words(parser: Parser, words) -> None:
    for keyword, word in words:
        if keyword:
            parser.parse_keyword(word)
        else:
            parser.parse_punctuation(word)


def _optional(parser: Parser, text: str) -> bool:
    """Parse `text` if its tokens are next; False (nothing consumed) when they are not: `, algorithm =`
    after a dot_general's operands is not `, precision =`, which MLIR lets it leave out."""
    words = _WORD.findall(text)
    at = position(parser)
    for word in words:
        found = (parser.parse_optional_keyword(word) if word[0].isalpha() or word[0] == "_"
                 else parser.parse_optional_punctuation(word))
        if found is None:
            resume_at(parser, at)
            return False
    return True


def operand_list(parser: Parser, optional: bool = False) -> list:
    """`%a, %b, %c` up to the first thing that is not an operand (the comma before it is left);
    `optional`: none at all is an empty list (`stablehlo.after_all : !stablehlo.token`)."""
    first = parser.parse_optional_unresolved_operand() if optional else parser.parse_unresolved_operand()
    if first is None:
        return []
    names = [first]
    while True:
        at = position(parser)
        if not parser.parse_optional_punctuation(","):
            return names
        operand = parser.parse_optional_unresolved_operand()
        if operand is None:
            resume_at(parser, at)
            return names
        names.append(operand)


_PLANS: dict = {}  # declaration -> its format as parse steps, made once
_WORD_ENUMS: dict = {}  # a word list -> the StrEnum xDSL's parse_str_enum reads it by


def _word_enum(words: tuple[str, ...]):
    enum = _WORD_ENUMS.get(words)
    if enum is None:
        from xdsl.utils.str_enum import StrEnum

        enum = _WORD_ENUMS[words] = StrEnum("Words", {w: w for w in words})
    return enum


class XdslTextParser:
    """The parser a custom directive reads its text with (vitir/syntax/parsing.py's TextParser), over
    xDSL's: its errors are xDSL's diagnostics, at their line and column."""

    __slots__ = ("parser", "declaration")

    def __init__(self, parser: Parser, declaration: type[Op]):
        self.parser, self.declaration = parser, declaration

    def position(self) -> int:
        return position(self.parser)

    def error(self, message: str, at: int | None = None):
        self.parser.raise_error(message, at)

    def expect(self, token: str) -> None:
        if token[0].isalpha() or token[0] == "_":
            self.parser.parse_keyword(token)
        else:
            self.parser.parse_punctuation(token)

    def optional(self, token: str) -> bool:
        if token[0].isalpha() or token[0] == "_":
            return self.parser.parse_optional_keyword(token) is not None
        return self.parser.parse_optional_punctuation(token) is not None

    def at(self, token: str) -> bool:
        return next_token(self.parser) == token

    def int(self) -> int:
        return self.parser.parse_integer(allow_boolean=False)

    def optional_int(self) -> int | None:
        return self.parser.parse_optional_integer(allow_boolean=False, allow_negative=False)

    def boolean(self) -> bool:
        return self.parser.parse_boolean()

    def float(self) -> float:
        return self.parser.parse_float()

    def string(self) -> str:
        return self.parser.parse_str_literal()

    def word(self, words) -> str:
        return self.parser.parse_str_enum(_word_enum(tuple(words))).value

    def element_type(self) -> str:
        from .attributes import element_text

        return element_text(self.parser.parse_type())

    def attribute_text(self) -> str:
        return attribute_text(self.parser)

    def ints(self) -> tuple[int, ...]:
        return tuple(parse_int_list(self.parser))

    def bracketed(self, item) -> tuple:
        return tuple(self.parser.parse_comma_separated_list(self.parser.Delimiter.SQUARE, item))

    def identifier(self) -> str:
        return self.parser.parse_identifier()

    def symbol(self) -> str:
        return self.parser.parse_symbol_name().data

    def attribute(self, kind):
        return kind.read(self)

    def operands(self) -> list:
        return operand_list(self.parser, optional=True)

    def operand(self):
        return self.parser.parse_unresolved_operand()

    def argument(self):
        return self.parser.parse_argument()

    def untyped_argument(self):
        return self.parser.parse_argument(expect_type=False)

    def typed_argument(self, argument, ty):
        return argument.resolve(ty)

    def region(self, arguments=None, terminator: str = "stablehlo.return"):
        return self.parser.parse_region(arguments) if arguments is not None else self.parser.parse_region()

    def attribute_dictionary(self, cls) -> dict:
        return _attr_dict(self.parser, cls)

    def dense_literal(self):
        from .attributes import parse_dense_literal

        self.parser.parse_keyword("dense")
        value = parse_dense_literal(self.parser)
        return value, value.type

    def constant_dictionaries(self) -> dict:
        found = {}
        if self.parser.parse_optional_punctuation("<") is not None:
            found.update(self.parser.parse_attribute().data)  # the properties, a dictionary
            self.parser.parse_punctuation(">")
        found.update(self.parser.parse_optional_attr_dict())
        return found

    def type(self):
        return self.parser.parse_type()

    def types(self) -> list:
        types = [self.parser.parse_type()]
        while self.parser.parse_optional_punctuation(","):
            types.append(self.parser.parse_type())
        return types

    def function_type(self) -> tuple[list, list]:
        fn = self.parser.parse_function_type()
        return list(fn.inputs.data), list(fn.outputs.data)

    def optional_function_type(self) -> tuple[list, list] | None:
        fn = self.parser.parse_optional_function_type()
        return None if fn is None else (list(fn.inputs.data), list(fn.outputs.data))

    def complex_parts(self, ty, at: int):
        from xdsl.dialects.builtin import ComplexType, TensorType

        if not isinstance(ty, TensorType) or not isinstance(ty.get_element_type(), ComplexType):
            self.parser.raise_error("expected tensor with complex element type", at)
        return TensorType(ty.get_element_type().element_type, ty.get_shape())

    def tuple_elements(self, ty, at: int) -> list:
        from xdsl.dialects.builtin import TupleType

        if not isinstance(ty, TupleType):
            self.parser.raise_error(f"{self.declaration.NAME}'s type must be a tuple type, got {ty}", at)
        return list(ty.types.data)


def _plan(cls: type[Op]):
    plan = _PLANS.get(cls)
    if plan is None:
        whole = whole_op_syntax(cls)
        steps = []
        if whole is None:
            fields = {f.name: f for f in cls.FIELDS}
            for kind, text in variadic_then_comma(op_pieces(cls.syntax), fields):
                if kind == "directive":
                    d = Directive(text)
                    if d.args is not None:  # a custom directive, bound to its arguments
                        directive = custom_directive(cls, d)
                        arguments = directive.bind(cls, d)
                        kind, d = "custom", (directive.parse, arguments, assigner(arguments))
                    steps.append((kind, d))
                else:
                    steps.append((kind, _words(text) if kind == "text" else text if kind == "operands_then"
                                  else None))
        plan = _PLANS[cls] = (whole, tuple(steps), {f.name: f for f in cls.FIELDS})
    return plan


def parse_op(cls: type[Op], parser: Parser):
    """The xDSL op of declaration `cls` from its pretty syntax (after its name)."""
    whole, steps, fields = _plan(cls)
    at = position(parser)
    state = ParseState(cls)
    if whole is not None:
        whole.parse(XdslTextParser(parser, cls), state)
        return build(cls, parser, state, at)
    for kind, step in steps:
        if kind == "text":
            _expect_words(parser, step)
        elif kind == "break":
            state.one_line |= not _newline_before(parser)
        elif kind == "operands_then":  # `%a, %b, ` or nothing
            names = []
            while (operand := parser.parse_optional_unresolved_operand()) is not None:
                names.append(operand)
                parser.parse_punctuation(",")
            state.operands[step] = names
        elif kind == "custom":
            parse, arguments, put = step
            put(state, parse(XdslTextParser(parser, cls), arguments))
        else:
            _directive(state, step, fields, parser)
    return build(cls, parser, state, at)


def _newline_before(parser: Parser) -> bool:
    text, at = source(parser), position(parser)
    before = text[:at]
    return "\n" in before[len(before.rstrip()):]


def _directive(state: ParseState, d: Directive, fields: dict, parser: Parser) -> None:
    cls = state.cls
    if d.name in ("functional_type", "same_type"):
        fn = parser.parse_optional_function_type() if d.name != "functional_type" else parser.parse_function_type()
        if fn is not None:
            inputs, outputs = list(fn.inputs.data), list(fn.outputs.data)
        else:
            ty = parser.parse_type()
            count = sum(len(v) for v in state.operands.values())
            inputs, outputs = [ty] * count, [ty]
        state.types["*"] = inputs
        state.result_types = outputs
    elif d.name == "type":
        ty = parser.parse_type()
        if d.of in fields and fields[d.of].role == "operand":
            state.types[d.of] = [ty]
        elif d.of in fields and fields[d.of].role == "result":  # one of several declared results, in place
            index = cls.RESULT_FIELDS.index(fields[d.of])
            state.result_types = (state.result_types or [None] * len(cls.RESULT_FIELDS))
            state.result_types[index] = ty
        else:
            state.result_types = [ty]
    elif d.name == "attr_dict":
        state.values.update(_attr_dict(parser, cls))
    elif d.name in fields:
        f = fields[d.name]
        if f.role == "operand":
            state.operands[f.name] = (operand_list(parser, optional=True) if f.variadic
                                      else [parser.parse_unresolved_operand()])
        elif isinstance(f, AttrDef):
            if d.optional is not None:
                if not _optional(parser, d.optional):
                    return
            state.values[f.name] = f.kind.read(XdslTextParser(parser, cls))
    else:
        parser.raise_error(f"{cls.NAME}: unknown directive {d.name}")


def build(cls: type[Op], parser: Parser, state: ParseState, at: int):
    """Resolve the gathered operands against their types and build the xDSL op."""
    op_class = dialect_class(cls)
    groups, flat_names = [], []
    for f in cls.OPERAND_FIELDS:
        names = state.operands.get(f.name, [])
        flat_names.append((f, names))
    if "*" in state.types:
        types = state.types["*"]
        if len(types) != sum(len(n) for _, n in flat_names):
            parser.raise_error(f"{cls.NAME}: {len(types)} operand types for "
                               f"{sum(len(n) for _, n in flat_names)} operands", at)
        it = iter(types)
        typed = [(f, names, [next(it) for _ in names]) for f, names in flat_names]
    else:  # a type each, or one type for every operand of the field
        typed = [(f, names, _field_types(state.types.get(f.name, []), names)) for f, names in flat_names]
    for f, names, types in typed:
        values = parser.resolve_operands(names, types, at) if names else []
        groups.append(values if f.variadic else values[0])
    results = state.result_types or []
    # a variadic result field with no results is still a group (an empty one): custom_call's `-> ()`
    result_groups = _result_groups(cls, results) if results or all(f.variadic for f in cls.RESULT_FIELDS) else []
    properties, attributes = {}, {}
    for f in cls.ATTR_FIELDS:
        value = state.values.get(f.name)
        if value is None:
            continue
        try:
            value = f.kind.coerce(value)
        except RuleError as e:  # a value xDSL's attribute cannot hold (an entry beyond i64)
            parser.raise_error(f"{cls.NAME}: {f.mlir_name}: {e}", at)
        properties[f.mlir_name] = bridge(f.kind).to_xdsl(value)
    others = state.values.get(DISCARDABLE)
    if others:  # other dialects' attributes stay attributes, as MLIR keeps them
        attributes.update(discardable_attributes(others))
    for f in cls.ATTR_FIELDS:  # the reader's own value (a constant's literal, its spelling kept)
        if f.name in state.native:
            properties[f.mlir_name] = state.native[f.name]
    regions = state.regions
    if state.compact_reducer is not None:  # reduce's `applies`: the body of one op of the init's type
        regions = [_compact_body(state.compact_reducer, groups[1][0].type)]
    op = op_class.build(operands=groups, result_types=result_groups, properties=properties, attributes=attributes,
                        regions=regions)
    if state.one_line:
        from .translate import SPELLINGS

        SPELLINGS[op] = "one line"
    return op


def _compact_body(reducer: type[Op], element):
    from xdsl.ir import Block, Region


    block = Block(arg_types=[element, element])
    inner = dialect_class(reducer).build(operands=list(block.args), result_types=[element])
    block.add_ops([inner, ReturnOp.build(operands=[[inner.results[0]]])])
    return Region(block)


def _field_types(types: list, names: list) -> list:
    return types if len(types) == len(names) else types * len(names)


def _result_groups(cls: type[Op], results: list) -> list:
    """The result types by result field: one each for single results (rng_bit_generator's state and
    output), the rest for the variadic one."""
    fields = cls.RESULT_FIELDS
    if len(fields) == 1:
        return [results if fields[0].variadic else results[0]]
    singles = sum(not f.variadic for f in fields)
    groups, at = [], 0
    for f in fields:
        take = len(results) - singles if f.variadic else 1
        groups.append(results[at:at + take] if f.variadic else results[at])
        at += take
    return groups


# -- attribute dictionaries ------------------------------------------------------------------

def _checked_value(parser: Parser, field, attr, at: int):
    """The field's value of an attribute the parser read, once it is of the field's constraint (as the
    property's verifier would find it: `precision_config = ["DEFAULT"]` holds no precision)."""
    from xdsl.irdl import VerificationContext, irdl_to_attr_constraint
    from xdsl.utils.exceptions import VerifyException

    from ..ast.shape_rules import RuleError

    kind = bridge(field.kind)
    try:
        irdl_to_attr_constraint(kind.constraint).verify(attr, VerificationContext())
        return kind.from_xdsl(attr)
    except (VerifyException, RuleError) as e:
        parser.raise_error(f"'{field.mlir_name}' failed to satisfy constraint: {e}", at, parser.pos)


def _attr_dict(parser: Parser, cls: type[Op]) -> dict:
    """`{name = value, flag}` as field values; an attribute of a kind kept as text (ATTRIBUTE_TEXT)
    is read as written, balanced brackets and all, whatever its dialect; an attribute the op does
    not declare is one of its other dialects' attributes (under DISCARDABLE), as written."""
    from xdsl.dialects.builtin import StringAttr, UnitAttr

    from .attributes import AttributeTextAttr

    if parser.parse_optional_punctuation("{") is None:
        return {}
    out: dict = {}
    if parser.parse_optional_punctuation("}") is not None:
        return out
    while True:
        key = parser.parse_optional_identifier_or_str_literal()
        if key is None:
            parser.raise_error("expected an attribute name")
        field = cls.ATTR_BY_MLIR.get(key)
        unit = parser.parse_optional_punctuation("=") is None
        if field is None:  # a discardable attribute, as MLIR takes any name it does not declare
            text = None if unit else shardy_text(attribute_text(parser))  # Shardy's as Shardy prints it
            out[DISCARDABLE] = out.get(DISCARDABLE, ()) + ((key, text),)
        elif unit and field.kind.name != "unit":  # `{count}` or `{count : 1}`: a value's attribute without one
            parser.raise_error(f"{cls.NAME}'s attribute '{key}' needs a value: `{key} = ...`")
        elif unit:
            out[field.name] = bridge(field.kind).from_xdsl(UnitAttr())
        elif field.kind.name == "attribute_text":
            out[field.name] = attribute_text(parser)
        elif bridge(field.kind).as_text:  # a kind xDSL holds as text: the kind reads its generic spelling
            at = parser.pos
            try:
                out[field.name] = bridge(field.kind).from_xdsl(AttributeTextAttr(StringAttr(attribute_text(parser))))
            except RuleError as e:
                parser.raise_error(f"'{field.mlir_name}' failed to satisfy constraint: {e}", at, parser.pos)
        else:
            at = parser.pos
            out[field.name] = _checked_value(parser, field, parser.parse_attribute(), at)
        if parser.parse_optional_punctuation("}") is not None:
            return out
        parser.parse_punctuation(",")


def attribute_text(parser: Parser) -> str:
    """The text of one attribute, up to the `,` or `}` that ends it outside brackets and strings
    (`->` inside an attribute is no bracket)."""
    from .xdsl_adapter import resume_at

    text, start = source(parser), position(parser)
    at = balanced_end(text, start)
    value = text[start:at].strip()
    if not value:
        parser.raise_error("expected an attribute")
    resume_at(parser, at)
    return value


def discardable_attributes(pairs) -> dict:
    """Other dialects' attributes as the xDSL op holds them: their text, or a unit attribute."""
    from xdsl.dialects.builtin import StringAttr, UnitAttr

    from .attributes import AttributeTextAttr

    return {name: UnitAttr() if text is None else AttributeTextAttr(StringAttr(text)) for name, text in pairs}


PARTS["parse_op"] = parse_op  # the dialect's ops read by their declarations' syntax
