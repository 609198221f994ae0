"""The parser interface every piece of syntax reads from (an attribute kind's `read`, a custom
directive's and a whole-op syntax's `parse`), the state an op's parse gathers, and the placing of
what a directive parsed: the parsing side of vitir/syntax/declare.py, which the printer does not
load."""

from __future__ import annotations

from typing import Any, Callable, NoReturn

from .format import Argument


class TextParser:
    """What syntax reads its text with, as the dialect's parser (vitir/mlir/syntax.py's XdslTextParser)
    and the fast reader (vitir/text/importer.py's _Reader) implement it; a plain class that names the
    interface (a typing.Protocol costs the printer's start-up more than it is worth). A token is a
    keyword or punctuation (`[`, `->`, `contracting_dims`); `error` raises (the dialect reports it at
    its line; the fast reader leaves the text to the dialect). Operands, arguments, types and regions
    are each reader's own objects: syntax only passes them on, into the ParseState."""

    declaration: type  # the op class being parsed, for messages

    def position(self) -> int: ...
    def error(self, message: str, at: int | None = None) -> NoReturn: ...
    def expect(self, token: str) -> None: ...
    def optional(self, token: str) -> bool: ...
    def at(self, token: str) -> bool: ...  # the next token is `token` (nothing consumed)
    def int(self) -> int: ...
    def optional_int(self) -> int | None: ...  # a non-negative integer, if one is next
    def ints(self) -> tuple[int, ...]: ...  # `[1, 2]`
    def boolean(self) -> bool: ...  # `true`, `false`
    def float(self) -> float: ...
    def string(self) -> str: ...  # `"text"`, unescaped
    def word(self, words) -> str: ...  # one of `words`
    def element_type(self) -> str: ...  # an element type's spelling (`f32`, `tf32`)
    def attribute_text(self) -> str: ...  # one attribute of any dialect, as written
    def bracketed(self, item: Callable[[], Any]) -> tuple: ...  # `[a, b]`, each entry by item()
    def identifier(self) -> str: ...  # a bare word
    def symbol(self) -> str: ...  # `@name`: name
    def attribute(self, kind) -> Any: ...  # an attribute of `kind` in its pretty spelling
    def operands(self) -> list: ...  # `%a, %b` (none: [])
    def operand(self) -> Any: ...  # `%a`
    def argument(self) -> Any: ...  # a block argument, `%a: T`
    def untyped_argument(self) -> Any: ...  # `%a`, its type given later
    def typed_argument(self, argument, ty) -> Any: ...  # an untyped argument with its type
    def region(self, arguments: list | None = None, terminator: str = "stablehlo.return") -> Any: ...
    # `{...}`; `arguments`: named before it; `terminator`: what ends it (Shardy's regions: sdy.return)
    def attribute_dictionary(self, cls) -> dict: ...  # `{a = ..., b}` as cls's field values ({}: none)
    def dense_literal(self) -> tuple[Any, Any]: ...  # `dense<...> : T`: the reader's value, and T
    def constant_dictionaries(self) -> dict: ...  # a generic constant's `<{...}> {...}`, by name
    def type(self) -> Any: ...
    def types(self) -> list: ...  # `T1, T2`
    def function_type(self) -> tuple[list, list]: ...  # `(T1, T2) -> R`: ([T1, T2], [R])
    def optional_function_type(self) -> tuple[list, list] | None: ...
    def complex_parts(self, ty, at: int) -> Any: ...  # the tensor type of a complex tensor type's parts
    def tuple_elements(self, ty, at: int) -> list: ...  # the element types of a tuple type


class ParseState:
    """What parsing one op gathers before a reader builds it: operand names and types by operand field
    (`types["*"]`: every operand's, in order), the result types, attribute values by field, values
    that are the reader's own objects (`native`: a constant's literal, kept as each reader keeps it),
    the regions in field order, the op of a compact body (reduce's `applies`), whether the regions
    name their arguments once (while's), and whether a line break of the format was left out."""

    __slots__ = ("cls", "operands", "types", "result_types", "values", "native", "regions", "compact_reducer",
                 "shared_arguments", "one_line")

    def __init__(self, cls):
        self.cls = cls
        self.operands: dict[str, list] = {}
        self.types: dict[str, list] = {}
        self.result_types: list | None = None
        self.values: dict = {}
        self.native: dict = {}
        self.regions: list = []
        self.compact_reducer = None
        self.shared_arguments = False
        self.one_line = False


def assigner(arguments: tuple[Argument, ...]) -> Callable:
    """`put(state, parsed)`: puts what a directive parsed where an op's parse gathers it (`state`:
    `values` by attribute, `operands` and `types` by operand field, `result_types`), for the
    dialect's parser and the fast reader alike; made once per binding, as a parse runs for every op."""
    if all(a.field.role == "attribute" for a in arguments):  # the common case: attributes only
        names = tuple(a.field.name for a in arguments)
        if len(names) == 1:
            (name,) = names

            def put(state, parsed) -> None:
                (value,) = parsed
                if value is not None:  # None: absent, left at the field's default
                    state.values[name] = value
            return put

        def put(state, parsed) -> None:
            values = state.values
            for name, value in zip(names, parsed, strict=True):
                if value is not None:
                    values[name] = value
        return put

    def put(state, parsed) -> None:
        for argument, got in zip(arguments, parsed, strict=True):
            field = argument.field
            role = field.role
            if role == "attribute":
                if got is not None:
                    state.values[field.name] = got
            elif role == "operand":
                (state.types if argument.of_type else state.operands)[field.name] = \
                    list(got) if field.variadic else [got]
            elif argument.results == 1:
                state.result_types = list(got) if field.variadic else [got]
            else:  # one of several declared results, in place
                types = state.result_types or [None] * argument.results
                types[argument.result_index] = got
                state.result_types = types
    return put
