"""Parsing an op's pretty syntax, read from the same format its printer compiles (vitir/print/syntax.py).

`parse_op(cls, parser)` walks the declaration's format: literal text is
punctuation and keywords to expect, a field directive parses an operand or an
attribute in the kind's own spelling, a type directive the types that resolve
the operands. Whole-op syntaxes (constant, reduce) have their parser here.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import FunctionType
from xdsl.parser import Parser

from ..ast.attributes import DotDimensions
from ..ast.declare import AttrDef, Op
from ..ast.regions import compact_reducer
from ..ast.shape_rules import RuleError
from ..print.syntax import Directive, variadic_then_comma, tokens
from .attributes import parse_dense_literal, parse_int_list
from .kinds import bridge
from .xdsl_adapter import position, source

_WORD = re.compile(r"[A-Za-z_][\w.$]*|->|[^\sA-Za-z_]")


class _State:
    """What parsing an op gathers before it can be built."""

    def __init__(self, cls: type[Op]):
        self.cls = cls
        self.operands: dict[str, list] = {}  # field -> unresolved operands
        self.types: dict[str, list] = {}  # operand or result field -> types
        self.result_types: list | None = None
        self.values: dict = {}  # attribute field -> Python value
        self.one_line = False


def _words(text: str) -> tuple[tuple[bool, str], ...]:
    """A literal's tokens, each (is a keyword, text)."""
    return tuple((w[0].isalpha() or w[0] == "_", w) for w in _WORD.findall(text))


def _expect_words(parser: Parser, words) -> None:
    for keyword, word in words:
        if keyword:
            parser.parse_keyword(word)
        else:
            parser.parse_punctuation(word)


def _expect(parser: Parser, text: str) -> None:
    _expect_words(parser, _words(text))


def _optional(parser: Parser, text: str) -> bool:
    """Parse `text` if its first token is next; False (nothing consumed) when it is not."""
    words = _WORD.findall(text)
    if not words:
        return True
    first = words[0]
    found = (parser.parse_optional_keyword(first) if first[0].isalpha() or first[0] == "_"
             else parser.parse_optional_punctuation(first))
    if found is None:
        return False
    _expect(parser, "".join(f" {w}" for w in words[1:]))
    return True


def _operand_list(parser: Parser, optional: bool = False) -> list:
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
            from .xdsl_adapter import resume_at

            resume_at(parser, at)
            return names
        names.append(operand)


def _function_type(parser: Parser) -> tuple[list, list]:
    fn = parser.parse_function_type()
    return list(fn.inputs.data), list(fn.outputs.data)


_PLANS: dict = {}  # declaration -> its format as parse steps, made once


def _plan(cls: type[Op]):
    plan = _PLANS.get(cls)
    if plan is None:
        whole = _whole_op(cls)
        steps = []
        if whole is None:
            fields = {f.name: f for f in cls.FIELDS}
            for kind, text in variadic_then_comma(tokens(cls.syntax), fields):
                steps.append((kind, _words(text) if kind == "text" else Directive(text) if kind == "directive"
                              else text if kind == "operands_then" else None))
        plan = _PLANS[cls] = (whole, tuple(steps), {f.name: f for f in cls.FIELDS})
    return plan


def parse_op(cls: type[Op], parser: Parser):
    """The xDSL op of declaration `cls` from its pretty syntax (after its name)."""
    whole, steps, fields = _plan(cls)
    if whole is not None:
        return whole(cls, parser)
    at = position(parser)
    state = _State(cls)
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
        else:
            _directive(state, step, fields, parser)
    return build(cls, parser, state, at)


def _newline_before(parser: Parser) -> bool:
    text, at = source(parser), position(parser)
    before = text[:at]
    return "\n" in before[len(before.rstrip()):]


def _directive(state: _State, d: Directive, fields: dict, parser: Parser) -> None:
    cls = state.cls
    if d.name in ("functional_type", "same_type", "select_type"):
        fn = parser.parse_optional_function_type() if d.name != "functional_type" else parser.parse_function_type()
        if fn is not None:
            inputs, outputs = list(fn.inputs.data), list(fn.outputs.data)
        else:
            ty = parser.parse_type()
            if d.name == "select_type":
                parser.parse_punctuation(",")
                result = parser.parse_type()
                inputs, outputs = [ty, result, result], [result]
            else:
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
    elif d.args is not None:
        CUSTOM[d.name](state, parser, *d.args)
    elif d.name in fields:
        f = fields[d.name]
        if f.role == "operand":
            state.operands[f.name] = (_operand_list(parser, optional=True) if f.variadic
                                      else [parser.parse_unresolved_operand()])
        elif isinstance(f, AttrDef):
            if d.optional is not None:
                if not _optional(parser, d.optional):
                    return
            read = bridge(f.kind).parse
            if read is None:
                parser.raise_error(f"{cls.NAME}: attribute {f.name} has no pretty spelling")
            state.values[f.name] = read(parser)
    else:
        parser.raise_error(f"{cls.NAME}: unknown directive {d.name}")


def build(cls: type[Op], parser: Parser, state: _State, at: int):
    """Resolve the gathered operands against their types and build the xDSL op."""
    from .dialect import dialect_class

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
    else:
        typed = [(f, names, state.types.get(f.name, []) * len(names)) for f, names in flat_names]
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
        if f.kind.name == "discardable":  # other dialects' attributes stay attributes, as MLIR keeps them
            attributes.update(discardable_attributes(value))
        else:
            properties[f.mlir_name] = bridge(f.kind).to_xdsl(value)
    op = op_class.build(operands=groups, result_types=result_groups, properties=properties, attributes=attributes)
    if state.one_line:
        from .translate import SPELLINGS

        SPELLINGS[op] = "one line"
    return op


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


# -- custom directives -------------------------------------------------------------------

def _slice_ranges(state: _State, parser: Parser, start: str, limit: str, strides: str) -> None:
    def bounds():
        a = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(":")
        b = parser.parse_integer(allow_boolean=False)
        s = parser.parse_integer(allow_boolean=False) if parser.parse_optional_punctuation(":") else 1
        return a, b, s

    ranges = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, bounds)
    a, b, s = zip(*ranges) if ranges else ((), (), ())
    state.values.update({start: tuple(a), limit: tuple(b), strides: tuple(s)})


def _pair(parser: Parser) -> tuple[list[int], list[int]]:
    lhs = parse_int_list(parser)
    parser.parse_keyword("x")
    return lhs, parse_int_list(parser)


def _dot_dimensions(state: _State, parser: Parser, field: str) -> None:
    batch = ([], [])
    if parser.parse_optional_keyword("batching_dims"):
        parser.parse_punctuation("=")
        batch = _pair(parser)
        parser.parse_punctuation(",")
    parser.parse_keyword("contracting_dims")
    parser.parse_punctuation("=")
    contract = _pair(parser)
    state.values[field] = DotDimensions(tuple(batch[0]), tuple(batch[1]), tuple(contract[0]), tuple(contract[1]))


_WINDOW_ENTRIES = ("stride", "pad", "lhs_dilate", "rhs_dilate", "reverse")


def _window(state: _State, parser: Parser, *names: str) -> None:
    fields = dict(zip(_WINDOW_ENTRIES, names))
    kinds = {f.name: f.kind for f in state.cls.ATTR_FIELDS}

    def entry():
        key = parser.parse_identifier()
        if key not in fields:
            parser.raise_error(f"unknown window entry '{key}' (known: {', '.join(_WINDOW_ENTRIES)})")
        parser.parse_punctuation("=")
        state.values[fields[key]] = bridge(kinds[fields[key]]).parse(parser)

    if parser.parse_optional_punctuation("}") is not None:  # `window = {}`: the brace was the format's
        from .xdsl_adapter import resume_at

        resume_at(parser, position(parser) - 1)
        return
    entry()
    while parser.parse_optional_punctuation(","):
        entry()


CUSTOM = {"slice_ranges": _slice_ranges, "dot_dimensions": _dot_dimensions, "window": _window}


# -- elementwise and chlo -----------------------------------------------------------------------

def _complex_type(state: _State, parser: Parser, lhs: str, rhs: str, results: str) -> None:
    """`tensor<2xcomplex<f32>>` (both parts of its part type) or a functional type."""
    from xdsl.dialects.builtin import ComplexType, TensorType

    at = position(parser)
    ty = parser.parse_type()
    if isinstance(ty, FunctionType):
        state.types[lhs], state.types[rhs] = [ty.inputs.data[0]], [ty.inputs.data[1]]
        state.result_types = list(ty.outputs.data)
        return
    if not isinstance(ty, TensorType) or not isinstance(ty.get_element_type(), ComplexType):
        parser.raise_error("expected tensor with complex element type", at)
    part = TensorType(ty.get_element_type().element_type, ty.get_shape())
    state.types[lhs], state.types[rhs], state.result_types = [part], [part], [ty]


CUSTOM["complex_type"] = _complex_type


# -- whole-op syntaxes ------------------------------------------------------------------------

def _constant(cls: type[Op], parser: Parser):
    from .dialect import dialect_class

    parser.parse_keyword("dense")
    value = parse_dense_literal(parser)
    return dialect_class(cls).build(properties={"value": value}, result_types=[value.type])


def _reduce(cls: type[Op], parser: Parser):
    """`(%x init: %a), (%i init: %b) [applies stablehlo.add] across dimensions = [1] : (...) -> (...)`,
    then for a body of its own ` reducer(%a0: T0, %x0: T0) (%a1: T1, %x1: T1) {...}`."""
    from xdsl.dialects.builtin import DenseArrayBase, i64
    from xdsl.ir import Block, Region

    from ..ast.declare import OPS
    from .dialect import dialect_class

    at = position(parser)
    xs, inits = [], []
    while True:
        parser.parse_punctuation("(")
        xs.append(parser.parse_unresolved_operand())
        parser.parse_keyword("init")
        parser.parse_punctuation(":")
        inits.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(")")
        if not parser.parse_optional_punctuation(","):
            break
    reducer = None
    if parser.parse_optional_keyword("applies"):
        reducer_at = position(parser)
        name = parser.parse_identifier()
        reducer = OPS.get(name)
        if reducer is None or not compact_reducer(reducer) or len(xs) != 1:
            known = ", ".join(n for n, c in OPS.items() if compact_reducer(c))
            parser.raise_error(f"unsupported reducer {name} (a reduce of one operand applies one of {known})",
                               reducer_at)
    parser.parse_keyword("across")
    parser.parse_keyword("dimensions")
    parser.parse_punctuation("=")
    dims = parse_int_list(parser)
    attrs = parser.parse_optional_attr_dict()
    if attrs:
        parser.raise_error(f"stablehlo.reduce takes no attributes besides its dimensions, got {', '.join(attrs)}")
    parser.parse_punctuation(":")
    inputs, outputs = _function_type(parser)
    operands = parser.resolve_operands(xs + inits, inputs, at)
    n = len(xs)
    if reducer is not None:
        element = operands[1].type
        block = Block(arg_types=[element, element])
        inner = dialect_class(reducer).build(operands=list(block.args), result_types=[element])
        from .dialect import ReturnOp

        block.add_ops([inner, ReturnOp.build(operands=[[inner.results[0]]])])
        body = Region(block)
    else:
        parser.parse_keyword("reducer")
        accumulators, elements = [], []
        for _ in xs:
            parser.parse_punctuation("(")
            accumulators.append(parser.parse_argument())
            parser.parse_punctuation(",")
            elements.append(parser.parse_argument())
            parser.parse_punctuation(")")
        body = parser.parse_region(accumulators + elements)
    return dialect_class(cls).build(operands=[operands[:n], operands[n:]], result_types=[outputs], regions=[body],
                                    properties={"dimensions": DenseArrayBase.from_list(i64, dims)})


WHOLE_OP = {"constant": _constant, "reduce": _reduce}


def _whole_op(cls: type[Op]):
    pieces = tokens(cls.syntax) if cls.syntax != "generic" else []
    if len(pieces) == 1 and pieces[0][0] == "directive":
        return WHOLE_OP.get(pieces[0][1])
    return None


# -- data movement --------------------------------------------------------------------------------

def _operands(state: _State, parser: Parser, *names: str) -> None:
    """MLIR's `operands` directive: every operand, comma-separated, shared out over the fields in
    order (the one variadic field takes what the others leave)."""
    fields = {f.name: f for f in state.cls.OPERAND_FIELDS}
    found = []
    first = parser.parse_optional_unresolved_operand()
    if first is not None:
        found.append(first)
        while parser.parse_optional_punctuation(","):
            found.append(parser.parse_unresolved_operand())
    variadic = [n for n in names if fields[n].variadic]
    spare = len(found) - (len(names) - len(variadic))
    if len(variadic) > 1 or spare < 0 or (spare and not variadic):
        parser.raise_error(f"{state.cls.NAME} takes {len(names) - len(variadic)}{' or more' * bool(variadic)} "
                           f"operands, got {len(found)}")
    it = iter(found)
    for n in names:
        state.operands[n] = [next(it) for _ in range(spare if fields[n].variadic else 1)]


CUSTOM["operands"] = _operands


# -- control flow, tuples and tokens ------------------------------------------------------

def _attr_dict(parser: Parser, cls: type[Op]) -> dict:
    """`{name = value, flag}` as field values; an attribute of a kind kept as text (ATTRIBUTE_TEXT)
    is read as written, balanced brackets and all, whatever its dialect; an attribute the op does
    not declare joins its field of other dialects' attributes (DISCARDABLE), where it has one."""
    from xdsl.dialects.builtin import UnitAttr

    if parser.parse_optional_punctuation("{") is None:
        return {}
    out: dict = {}
    if parser.parse_optional_punctuation("}") is not None:
        return out
    others = next((f for f in cls.ATTR_FIELDS if f.kind.name == "discardable"), None)
    while True:
        key = parser.parse_optional_identifier_or_str_literal()
        if key is None:
            parser.raise_error("expected an attribute name")
        field = next((f for f in cls.ATTR_FIELDS if f.mlir_name == key and f is not others), None)
        unit = parser.parse_optional_punctuation("=") is None
        if field is None and others is not None:
            out[others.name] = out.get(others.name, ()) + ((key, None if unit else attribute_text(parser)),)
        elif field is None:
            parser.raise_error(f"{cls.NAME} has no attribute '{key}'")
        elif unit and field.kind.name != "unit":  # `{count}` or `{count : 1}`: a value's attribute without one
            parser.raise_error(f"{cls.NAME}'s attribute '{key}' needs a value: `{key} = ...`")
        elif unit:
            out[field.name] = bridge(field.kind).from_xdsl(UnitAttr())
        elif field.kind.name == "attribute_text":
            out[field.name] = attribute_text(parser)
        else:
            out[field.name] = bridge(field.kind).from_xdsl(parser.parse_attribute())
        if parser.parse_optional_punctuation("}") is not None:
            return out
        parser.parse_punctuation(",")


def attribute_text(parser: Parser) -> str:
    """The text of one attribute, up to the `,` or `}` that ends it outside brackets and strings
    (`->` inside an attribute is no bracket)."""
    from .xdsl_adapter import resume_at

    text, start = source(parser), position(parser)
    depth, at, closing = 0, start, {")": "(", "]": "[", "}": "{", ">": "<"}
    while at < len(text):
        c = text[at]
        if c == '"':
            at += 1
            while at < len(text) and text[at] != '"':
                at += 2 if text[at] == "\\" else 1
        elif c == "-" and text.startswith("->", at):
            at += 1
        elif c in "([{<":
            depth += 1
        elif c in closing:
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0:
            break
        at += 1
    value = text[start:at].strip()
    if not value:
        parser.raise_error("expected an attribute")
    resume_at(parser, at)
    return value


def _tuple_type(state: _State, parser: Parser, field: str) -> None:
    """stablehlo.tuple's result type, whose elements are the operands' types."""
    from xdsl.dialects.builtin import TupleType

    at = position(parser)
    ty = parser.parse_type()
    if not isinstance(ty, TupleType):
        parser.raise_error(f"stablehlo.tuple's type must be a tuple type, got {ty}", at)
    state.types["*"] = list(ty.types.data)
    state.result_types = [ty]


CUSTOM.update(tuple_type=_tuple_type)


def _type_list(parser: Parser) -> list:
    types = [parser.parse_type()]
    while parser.parse_optional_punctuation(","):
        types.append(parser.parse_type())
    return types


def _while(cls: type[Op], parser: Parser):
    """`(%iterArg = %a, %iterArg_0 = %b) : T0, T1 cond {...} do {...}`: the regions' arguments are
    named in the parentheses, their types are the operands'."""
    from .dialect import dialect_class

    at = position(parser)
    parser.parse_punctuation("(")
    args, names = [], []
    if parser.parse_optional_punctuation(")") is None:
        while True:
            args.append(parser.parse_argument(expect_type=False))
            parser.parse_punctuation("=")
            names.append(parser.parse_unresolved_operand())
            if parser.parse_optional_punctuation(")") is not None:
                break
            parser.parse_punctuation(",")
    types = []
    if names:
        parser.parse_punctuation(":")
        types = _type_list(parser)
    if len(types) != len(names):
        parser.raise_error(f"stablehlo.while: {len(types)} types for {len(names)} operands", at)
    if parser.parse_optional_keyword("attributes") is not None:
        parser.raise_error("stablehlo.while takes no attributes")
    operands = parser.resolve_operands(names, types, at)
    parser.parse_keyword("cond")
    cond = parser.parse_region([a.resolve(t) for a, t in zip(args, types)])
    parser.parse_keyword("do")
    body = parser.parse_region([a.resolve(t) for a, t in zip(args, types)])
    return dialect_class(cls).build(operands=[operands], result_types=[types], regions=[cond, body])


def _optimization_barrier(cls: type[Op], parser: Parser):
    """`%a, %b : T0, T1`, or `()` of no operands."""
    from .dialect import dialect_class

    at = position(parser)
    names, types = [], []
    if parser.parse_optional_punctuation("(") is not None:
        parser.parse_punctuation(")")
    else:
        names = _operand_list(parser)
        parser.parse_punctuation(":")
        types = _type_list(parser)
    if len(types) != len(names):
        parser.raise_error(f"stablehlo.optimization_barrier: {len(types)} types for {len(names)} operands", at)
    operands = parser.resolve_operands(names, types, at)
    return dialect_class(cls).build(operands=[operands], result_types=[types])


WHOLE_OP.update({"while": _while, "optimization_barrier": _optimization_barrier})


def discardable_attributes(pairs) -> dict:
    """Other dialects' attributes as the xDSL op holds them: their text, or a unit attribute."""
    from xdsl.dialects.builtin import StringAttr, UnitAttr

    from .attributes import AttributeTextAttr

    return {name: UnitAttr() if text is None else AttributeTextAttr(StringAttr(text)) for name, text in pairs}


def _custom_call_target(state: _State, parser: Parser, field: str) -> None:
    state.values[field] = parser.parse_symbol_name().data


CUSTOM.update(custom_call_target=_custom_call_target)


# -- windows, reductions, contractions and linear algebra ------------------------------------

_EXPONENT_MANTISSA = re.compile(r"e([0-9]+)m([0-9]+)")


def _exponent_mantissa(state: _State, parser: Parser, exponent: str, mantissa: str) -> None:
    """reduce_precision's `e5m10`: exponent and mantissa bits."""
    at = position(parser)
    word = parser.parse_identifier()
    m = _EXPONENT_MANTISSA.fullmatch(word)
    if m is None:
        parser.raise_error(f"expected exponent mantissa in format e#m#, saw {word}", at)
    state.values[exponent], state.values[mantissa] = int(m.group(1)), int(m.group(2))


CUSTOM["exponent_mantissa"] = _exponent_mantissa


# -- elementwise and chlo: chlo.scan ----------------------------------------------------------------------

def _scan(cls: type[Op], parser: Parser):
    """`(%x, ...) inits (%c, ...) dimension=0 [attributes {...}] {body} : (...) -> (...)`."""
    from .dialect import dialect_class

    at = position(parser)
    inputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
    parser.parse_keyword("inits")
    inits = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
    parser.parse_keyword("dimension")
    parser.parse_punctuation("=")
    kinds = {f.mlir_name: f.kind for f in cls.ATTR_FIELDS}
    properties = {"dimension": bridge(kinds["dimension"]).to_xdsl(parser.parse_integer(allow_boolean=False))}
    attrs = parser.parse_optional_attr_dict_with_keyword()
    for key, attr in (attrs.data.items() if attrs is not None else ()):
        if key not in kinds or key == "dimension":
            parser.raise_error(f"{cls.NAME} has no attribute '{key}'")
        properties[key] = bridge(kinds[key]).to_xdsl(kinds[key].coerce(bridge(kinds[key]).from_xdsl(attr)))
    body = parser.parse_region()
    parser.parse_punctuation(":")
    types, outputs = _function_type(parser)
    if len(types) != len(inputs) + len(inits):
        parser.raise_error(f"{cls.NAME}: {len(types)} operand types for {len(inputs) + len(inits)} operands", at)
    operands = parser.resolve_operands(inputs + inits, types, at)
    n = len(inputs)
    return dialect_class(cls).build(operands=[operands[:n], operands[n:]], result_types=[outputs], regions=[body],
                                    properties=properties)


WHOLE_OP["scan"] = _scan
