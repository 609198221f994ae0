"""How a piece of custom syntax is declared: once, as one class that prints and parses.

A custom directive stands for part of an op's text, bound in the op's format to the fields it
reads and writes (`{slice_ranges(start, limit, strides)}`, `{select_type(type:pred, ...)}`):

    class ExponentMantissa(CustomDirective):
        '''reduce_precision's `e5m10`.'''
        name = "exponent_mantissa"
        parameters = ("exponent_bits", "mantissa_bits")

        def print(self, exponent, mantissa):
            return f"e{exponent}m{mantissa}"

        def parse(self, p, arguments):
            at, word = p.position(), p.identifier()
            m = re.fullmatch(r"e([0-9]+)m([0-9]+)", word)
            if m is None:
                p.error(f"expected exponent mantissa in format e#m#, saw {word}", at)
            return int(m.group(1)), int(m.group(2))

`print` takes one value per argument, in the format's order: an attribute's value, an operand
field's SSA value (a tuple for a variadic one), and for `type:x` the field's type (a tuple for a
variadic one; `type:result` is the op's result type). `parse` reads the same text from `p`, a
TextParser (vitir/syntax/parsing.py, implemented by the dialect's parser on xDSL and by the fast
reader), and returns
one entry per argument: the attribute's value (None: absent), the operand's SSA name as written (a
list for a variadic field), the type (a list for a variadic field). `arguments` are the bound
arguments (vitir/syntax/format.py's Argument: `kind`, `variadic`). The directive never names an
op's field; its `parameters` say how many arguments it takes (None: any number), and one written
`type:...` takes a type argument. Defining the class registers it, under `name`.

A whole-op syntax prints and parses a whole op (`{reduce}`, `{while}`): `print(op, printer)` gives
its lines, through the printer it is handed (vitir/print/printer.py's PRINTER: `results_prefix`,
`functional_type`, `region_text`, ...), and `parse(p, state)` reads its text after the op's name
through a TextParser into a ParseState (vitir/syntax/parsing.py), which each reader then builds its
own way: one grammar for the fast reader and the xDSL bridge alike. Neither imports a reader or the
printer.
"""

from __future__ import annotations

from typing import ClassVar

from .format import Argument, Directive, tokens


BUILT_IN = frozenset({"functional_type", "same_type", "type", "attr_dict"})  # the format's own directives
DIRECTIVES: dict[str, "CustomDirective"] = {}  # name -> the one instance of its class
WHOLE_OP_SYNTAXES: dict[str, "WholeOpSyntax"] = {}


def _register(table: dict, kind: str, cls) -> None:
    name = cls.__dict__.get("name")
    if not name:
        return  # a base class
    if name in BUILT_IN:
        raise TypeError(f"{cls.__qualname__}: {name} is a directive of the format itself")
    existing = table.get(name)
    if existing is not None and (type(existing).__qualname__, type(existing).__module__) != (
            cls.__qualname__, cls.__module__):
        raise TypeError(f"{kind} {name} is already declared by {type(existing).__module__}."
                        f"{type(existing).__qualname__}")
    table[name] = cls()


class CustomDirective:
    """Part of an op's text over some of its fields; see the module's doc."""

    name: ClassVar[str] = ""
    parameters: ClassVar[tuple[str, ...] | None] = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _register(DIRECTIVES, "the directive", cls)

    def print(self, *values) -> str:
        raise NotImplementedError

    def parse(self, p, arguments: tuple[Argument, ...]) -> tuple:
        raise NotImplementedError

    def bind(self, cls, d: Directive) -> tuple[Argument, ...]:
        """The format's arguments of this directive, checked against its parameters."""
        arguments = tuple(Argument(text, cls) for text in d.args if text)
        expected = self.parameters
        if expected is None:
            if not arguments:
                raise ValueError(f"{cls.__name__}: {self.name} takes at least one argument")
            return arguments
        if len(arguments) != len(expected):
            raise ValueError(f"{cls.__name__}: {self.name} takes {len(expected)} arguments "
                             f"({', '.join(expected)}), got {len(arguments)}")
        for parameter, argument in zip(expected, arguments):
            if parameter.startswith("type:") != argument.of_type:
                raise ValueError(f"{cls.__name__}: {self.name}'s argument {parameter} takes "
                                 + ("a type (type:<field>)" if argument.of_type is False else "a field")
                                 + f", got {argument!r}")
        return arguments


class WholeOpSyntax:
    """The text of a whole op; see the module's doc."""

    name: ClassVar[str] = ""
    # whether print and parse keep an op's attributes of other dialects (Op.discardable) themselves;
    # else an op carrying some prints in MLIR's generic form, which has a place for them
    keeps_discardable: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _register(WHOLE_OP_SYNTAXES, "the whole-op syntax", cls)

    def print(self, op, printer) -> str:
        raise NotImplementedError

    def parse(self, p, state) -> None:
        p.error(f"{state.cls.NAME}: its syntax {{{self.name}}} is not parsed")


def custom_directive(cls, d: Directive) -> CustomDirective:
    directive = DIRECTIVES.get(d.name)
    if directive is None:
        raise ValueError(f"{cls.__name__}: unknown custom directive {d.name} "
                         f"(declared: {', '.join(sorted(DIRECTIVES))})")
    return directive


def whole_op_syntax(cls) -> WholeOpSyntax | None:
    """The whole-op syntax an op's format names (its one directive), or None."""
    syntax = cls.syntax
    if syntax[:1] != "{" or syntax[-1:] != "}" or syntax.count("{") != 1:
        return None
    pieces = tokens(syntax)
    if len(pieces) != 1 or pieces[0][0] != "directive":
        return None
    return WHOLE_OP_SYNTAXES.get(pieces[0][1])


def withdraw(declared) -> None:
    """Take a directive or whole-op syntax class (declared for a while, as a test does) out of its
    table."""
    for table in (DIRECTIVES, WHOLE_OP_SYNTAXES):
        if isinstance(table.get(declared.name), declared):
            del table[declared.name]
