"""StableHLO text -> vitir's AST in one pass over its tokens, for the texts it takes.

Two steps, as the xDSL path has them: `_Reader` reads the module into plain records (each
function's arguments, its ops with their operands' written names, their fields' values and their
regions, its return), each op by the parse plan compiled once from its declaration's `syntax`
(a format of operands, literal words, attribute fields, the attribute dictionary and types, most of
JAX's ops, as one generated function that gathers into locals and returns the record; otherwise
a step per piece into a ParseState; a custom directive by its own object's parse, the reader
being its TextParser; a whole-op syntax by its object's `read`, where it has one: constant,
reduce, while; MLIR's generic form of an op without attributes is read here); `_Builder`
then builds the AST exactly as vitir/mlir/to_ast.py does from xDSL's module: the same names
(`%0` -> `v0`, inlined calls prefixed `<callee>_c<k>_`), the same checks (every node built by its
declaration's constructor, so every rule runs; every written type equal to its value's; every
result annotation equal to the inferred type), the same compound folding.

Anything the reader does not take raises `Fallback`, and so does every error the build meets
(a refused rule, an undefined or repeated name): `fast_import` then answers None, and the caller
parses with xDSL, whose path reports the diagnostic at its line. So this path never decides what
is wrong with a text; it only accepts texts it can read and check in full.
"""

from __future__ import annotations

import re

from ..ast.declare import GENERIC, OPS, REQUIRED, AttrDef, Op
from ..ast.element_types import DType
from ..ast.literals import dense_elements, element_literal
from ..ast.location import UNKNOWN, TextPositions, located_tokens, module_position, source_filename
from ..ast.regions import compact_reducer
from ..ast.shape_rules import RuleError
from ..ast.sharding import SHARDING, SHARDING_PER_VALUE
from ..ast.sharding_check import check_module
from ..ast.sharding_rule import PROPAGATION_EDGES, SHARDING_RULE
from ..ast.types import TensorType
from ..syntax.declare import custom_directive, whole_op_syntax
from ..syntax.format import DISCARDABLE, Directive, op_pieces, variadic_then_comma
from ..syntax.parsing import ParseState, assigner
from .lexer import TOKEN, tokenize


# Shardy's attributes that an attribute dictionary may hold, by the name after `#` (its kind reads it)
_SHARDY_ATTRIBUTES = {kind.prefix[1:].rstrip("<"): kind
                      for kind in (SHARDING, SHARDING_PER_VALUE, SHARDING_RULE, PROPAGATION_EDGES)}


class Fallback(Exception):
    """The fast path does not take this text; xDSL's path reads it."""


_TENSOR = re.compile(r"tensor<((?:[0-9]+x)*)(complex<[a-z][A-Za-z0-9]*>|[a-z][A-Za-z0-9]*)>")
_TYPES: dict[str, TensorType] = {}


def _tensor_type(token: str) -> TensorType | None:
    ty = _TYPES.get(token)
    if ty is None:
        m = _TENSOR.fullmatch(token)
        if m is None:
            return None
        try:
            dtype = DType.parse(m.group(2))
        except ValueError:
            return None
        ty = _TYPES[token] = TensorType(tuple(int(d) for d in m.group(1).split("x")[:-1]), dtype)
    return ty


_dict_get = dict.get
_SPLATS: dict = {}  # (a splat `dense<...>` token, its TensorType) -> its element literal, as dense_literal reads it
_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?")
_I64_LIMIT = 1 << 63
_SPLAT_BODY = re.compile(r"\s*(\([^()]*\)|-?[0-9][0-9a-zA-Z.+-]*|true|false)\s*")  # as vitir/mlir/attributes.py
_NAME = re.compile(r"%([A-Za-z_$.][\w$.\-]*)")  # the written names generated ones avoid, as to_ast.py
_IDENTIFIER_RUN = re.compile(r"[^\w$.]+")
_SYMBOL = re.compile(r"@[A-Za-z_$.][\w$.\-]*")
_ATTRIBUTE_NAME = re.compile(r"[A-Za-z_][\w$.]*")


# -- the reader -----------------------------------------------------------------------------------

class _Reader:
    """Reads tokens into records; every unexpected token raises Fallback. It is the TextParser a
    custom directive parses with (vitir/syntax/declare.py), and what a whole-op syntax's `read`
    reads from."""

    def __init__(self, text: str, locations: list | None = None):
        self.toks, self.line_starts = tokenize(text)
        # a text with debug locations: each `loc(...)` is the token `loc$<i>` (locations[i]), and
        # `located` holds what each belongs to, by the id of its record (an op's, an argument's) or
        # by ("return", id) of its function's or region's record; one written without a location
        # holds the index of the token MLIR would place it at (its op name, its `%name`), an int
        self.locations = locations
        self.located: dict = {}
        self.toks += [""] * 9  # the end, as long as a generated reader looks ahead (`(T, T, T) -> R`)
        self.i = 0
        self.declaration = None  # the op being read
        self.attributes: dict = {}  # function name -> (its own, its arguments', its results' attributes)
        self.visibilities: dict = {}  # function name -> `public` or `private` where the text writes one
        self.symbols = []  # the records of module-level ops (Shardy's sdy.mesh)

    # tokens
    def peek(self) -> str:
        return self.toks[self.i]

    def next(self) -> str:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def expect(self, tok: str) -> None:
        if self.toks[self.i] != tok:
            raise Fallback(f"expected {tok!r}, got {self.toks[self.i]!r}")
        self.i += 1

    def refuse(self, reason: str = ""):
        """This path does not take the text (an attribute kind's reader calls it)."""
        raise Fallback(reason)

    def optional(self, tok: str) -> bool:
        if self.toks[self.i] == tok:
            self.i += 1
            return True
        return False

    def ssa(self) -> str:
        tok = self.toks[self.i]
        if tok[:1] != "%":
            raise Fallback
        self.i += 1
        return tok[1:]

    operand = ssa

    def int(self) -> int:
        tok = self.next()
        if _INT.fullmatch(tok) is None or not -_I64_LIMIT <= int(tok) < _I64_LIMIT:
            raise Fallback
        return int(tok)

    def bracketed(self, item) -> tuple:
        """`[a, b, ...]` or `[]`, each entry read by `item()`."""
        self.expect("[")
        out = []
        if not self.optional("]"):
            out.append(item())
            while self.optional(","):
                out.append(item())
            self.expect("]")
        return tuple(out)

    def ints(self) -> tuple[int, ...]:
        """`bracketed(int)`, without a call per entry (JAX's broadcasts and transposes write many)."""
        toks, i = self.toks, self.i
        if toks[i] != "[":
            self.expect("[")  # raises, naming both
        i += 1
        out = []
        if toks[i] != "]":
            while True:
                tok = toks[i]
                if tok.isdigit() and len(tok) < 19 and tok.isascii():  # below 2**63, without the regex
                    out.append(int(tok))
                else:
                    if _INT.fullmatch(tok) is None:
                        self.i = i + 1
                        raise Fallback
                    value = int(tok)
                    if not -_I64_LIMIT <= value < _I64_LIMIT:
                        self.i = i + 1
                        raise Fallback
                    out.append(value)
                i += 1
                if toks[i] != ",":
                    break
                i += 1
            if toks[i] != "]":
                self.i = i
                self.expect("]")
            self.i = i + 1
            return tuple(out)
        self.i = i + 1
        return ()

    def word(self, words) -> str:
        tok = self.next()
        if tok not in words:
            raise Fallback
        return tok

    def optional_int(self) -> int | None:
        tok = self.toks[self.i]
        if not tok.isdigit():
            return None
        self.i += 1
        return int(tok)

    def boolean(self) -> bool:
        return self.word(("true", "false")) == "true"

    def float(self) -> float:
        tok = self.next()
        if _FLOAT.fullmatch(tok) is None:
            raise Fallback(f"float {tok!r}")
        return float(tok)

    def string(self) -> str:
        tok = self.next()
        if tok[:1] != '"' or "\\" in tok:  # escapes are read by the xDSL path
            raise Fallback(f"expected string, got {tok!r}")  # MLIR's words, where a kind's reader reports it
        return tok[1:-1]

    def element_type(self) -> str:
        tok = self.next()
        try:
            DType.parse(tok)
        except ValueError:
            if tok != "tf32":
                raise Fallback(f"element type {tok!r}") from None
        return tok

    def attribute_text(self) -> str:
        raise Fallback("an attribute kept as written")  # its spacing is the xDSL path's to keep

    def untyped_argument(self) -> tuple:
        """`%a`, its type given later: (written name, its token), where MLIR places the argument."""
        at = self.i
        return self.ssa(), at

    def typed_argument(self, argument: tuple, ty) -> tuple:
        record = (argument[0], ty)
        self.located[id(record)] = argument[1]
        return record

    def attribute_dictionary(self, cls) -> dict:
        """`{name = value, ...}` (or nothing) as cls's field values, each in its kind's generic spelling;
        the attributes cls does not declare (`mhlo.sharding = "..."`) as (name, text) pairs under
        DISCARDABLE."""
        values: dict = {}
        if not self.optional("{") or self.optional("}"):
            return values
        by_mlir = cls.ATTR_BY_MLIR
        others = []
        while True:
            f = by_mlir.get(self.peek())
            if f is None:  # a discardable one: one token, or xDSL's path
                others.append(self.attribute_dict_entry())
            elif f.name in values:
                raise Fallback
            else:
                self.i += 1
                self.expect("=")
                values[f.name] = f.kind.read_generic(self)
            if self.optional("}"):
                if others:
                    values[DISCARDABLE] = tuple(sorted(others))
                return values
            self.expect(",")

    def dense_literal(self) -> tuple:
        """`dense<...> : T`: one literal (a splat) or one per element, read without xDSL."""
        tok = self.next()
        if not tok.startswith("dense<"):
            raise Fallback("a constant's generic form")
        body = tok[6:-1]
        self.expect(":")
        ty = self.type()
        splat = self.splat(body)
        if splat is not None:
            return element_literal(splat, ty.dtype), ty
        try:
            literals = dense_elements(body, ty.shape, ty.dtype)
        except ValueError as e:
            raise Fallback(str(e)) from None
        return tuple([element_literal(literal, ty.dtype) for literal in literals]), ty

    def constant_dictionaries(self) -> dict:
        raise Fallback("a constant's generic form")

    def type(self) -> TensorType:
        tok = self.toks[self.i]
        self.i += 1
        ty = _TYPES.get(tok) or _tensor_type(tok)  # a type read before, without a call
        if ty is None:
            raise Fallback(f"type {tok!r}")
        return ty

    def argument(self) -> tuple[str, TensorType]:
        """`%a: T`, as (written name, type), located at its `%a` unless a location follows it."""
        at = self.i
        written = self.ssa()
        self.expect(":")
        record = (written, self.type())
        self.located[id(record)] = at
        return self.locate(record)

    def locate(self, record, key=None):
        """`record`, the location token after it (if any) noted as its location (under `key`)."""
        if self.locations is not None and self.toks[self.i][:4] == "loc$":
            self.located[id(record) if key is None else key] = self.locations[int(self.next()[4:])]
        return record

    def placed(self, record, at: int):
        """`record`, written at token `at`: the location token after it (if any) is its location, else
        that token's place in the text (as MLIR locates what a text writes without one)."""
        if self.locations is not None and self.toks[self.i][:4] == "loc$":
            self.located[id(record)] = self.locations[int(self.next()[4:])]
        else:
            self.located[id(record)] = at
        return record

    def position(self) -> int:
        return self.i

    def error(self, message: str = "", at: int | None = None):
        raise Fallback(message)

    def at(self, tok: str) -> bool:
        return self.toks[self.i] == tok

    def identifier(self) -> str:
        tok = self.toks[self.i]
        if not (tok[:1].isalpha() or tok[:1] == "_") or "<" in tok:  # not a type or a dense literal
            raise Fallback
        self.i += 1
        return tok

    def attribute(self, kind):
        return _read_attribute(self, kind)

    def operands(self) -> list:
        return _operand_list(self)

    def complex_parts(self, ty, at: int):
        raise Fallback  # the reader reads no complex types

    def tuple_elements(self, ty, at: int) -> list:
        raise Fallback  # nor tuple types

    @staticmethod
    def splat(body: str) -> str | None:
        """The one literal of a splat `dense<...>`'s body, or None for a body of several elements."""
        m = _SPLAT_BODY.fullmatch(body)
        return None if m is None else m.group(1)

    def optional_function_type(self) -> tuple[list, list] | None:
        return self.functional_type() if self.toks[self.i] == "(" else None

    def types(self) -> list:
        out = [self.type()]
        while self.optional(","):
            out.append(self.type())
        return out

    def functional_type(self) -> tuple[list, list]:
        """`(T, ...) -> R`: the types read before and one result read here without a call per token
        (a third of JAX's ops end in one); anything else by `written_functional_type`."""
        toks, i = self.toks, self.i
        if toks[i] == "(":
            inputs = []
            i += 1
            tok = toks[i]
            if tok != ")":
                while True:
                    ty = _dict_get(_TYPES, tok)
                    if ty is None:
                        break
                    inputs.append(ty)
                    tok = toks[i + 1]
                    if tok != ",":
                        i += 1
                        break
                    i += 2
                    tok = toks[i]
            if tok == ")" and toks[i + 1] == "->":
                result = _dict_get(_TYPES, toks[i + 2])
                if result is not None:
                    self.i = i + 3
                    return inputs, [result]
        return self.written_functional_type()

    def written_functional_type(self) -> tuple[list, list]:
        self.expect("(")
        inputs = [] if self.peek() == ")" else self.types()
        self.expect(")")
        self.expect("->")
        if self.optional("("):
            outputs = [] if self.peek() == ")" else self.types()
            self.expect(")")
        else:
            outputs = [self.type()]
        return inputs, outputs

    function_type = functional_type

    # the module
    def module(self) -> tuple[str, list, tuple]:
        name, attributes = "m", ()
        if self.optional("module"):
            self.located["module"] = self.i - 1
            if self.peek()[:1] == "@":
                name = self.symbol()
            if self.optional("attributes"):
                attributes = self.attribute_dict()
            self.expect("{")
            functions = self.functions("}")
            self.expect("}")
            self.locate(self, "module")
        else:
            functions = self.functions("")
        if self.peek() != "":
            raise Fallback
        return name, functions, attributes

    def symbol(self) -> str:
        tok = self.next()
        if _SYMBOL.fullmatch(tok) is None:
            raise Fallback
        return tok[1:]

    def attribute_dict(self) -> tuple:
        """`{mhlo.num_partitions = 1 : i32, jax.result_info = "...", foo.flag}` as (name, text) pairs:
        names with a dialect prefix, values that are one string, boolean or integer of i32 or i64 (any
        other value falls back to xDSL's path, which keeps its text as written)."""
        self.expect("{")
        pairs = []
        if self.optional("}"):
            return ()
        while True:
            pairs.append(self.attribute_dict_entry())
            if "." not in pairs[-1][0]:  # MLIR: a module's, an argument's and a result's are of a dialect
                raise Fallback
            if self.optional("}"):
                return tuple(sorted(pairs))
            self.expect(",")

    def attribute_dict_entry(self) -> tuple[str, str | None]:
        """One `name = value` (or a unit `name`) of another dialect's, as attribute_dict reads it."""
        key = self.next()
        if _ATTRIBUTE_NAME.fullmatch(key) is None:
            raise Fallback
        if not self.optional("="):
            return key, None
        return key, self.attribute_value_text()

    def attribute_value_text(self) -> str:
        """One value of another dialect's attribute, as MLIR prints it: a string, a boolean, an i32 or
        i64 integer, one of Shardy's attributes (`#sdy.sharding<...>`, read by its kind), or an array
        or dictionary of those (JAX's `stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}]}`)."""
        value = self.next()
        if value[:1] == '"' or value in ("true", "false"):
            return value
        if _INT.fullmatch(value) and self.optional(":"):
            width = self.next()
            if width not in ("i32", "i64") or not -(1 << 31) <= int(value) < (1 << 31):
                raise Fallback
            return f"{value} : {width}"
        if value == "#":
            kind = _SHARDY_ATTRIBUTES.get(self.peek())
            if kind is None:
                raise Fallback
            self.i -= 1
            return kind.generic(kind.read_generic(self))
        if value == "[":
            return "[" + ", ".join(self.until_close(self.attribute_value_text, "]")) + "]"
        if value == "{":
            return "{" + ", ".join(f"{k} = {v}" if v is not None else k
                                   for k, v in self.until_close(self.attribute_dict_entry, "}")) + "}"
        raise Fallback

    def functions(self, end: str) -> list:
        functions = []
        while self.peek() != end:
            if self.peek().startswith("sdy."):
                self.symbols.append(self.op())
            else:
                functions.append(self.function())
        return functions

    def until_close(self, item, close: str = ")") -> list:
        """`item()` read comma by comma up to `close` (the opening bracket already read)."""
        out = []
        if self.optional(close):
            return out
        while True:
            out.append(item())
            if self.optional(close):
                return out
            self.expect(",")

    def with_attributes(self, value, attributes: list):
        """`value`, its attribute dictionary (an argument's or result's) appended to `attributes`."""
        attributes.append(self.attribute_dict() if self.peek() == "{" else ())
        return value

    def function(self):
        at = self.i
        self.expect("func.func")
        visibility = None
        if self.peek() in ("public", "private"):
            visibility = self.peek()
            self.i += 1
        name = self.symbol()
        if visibility is not None:
            self.visibilities[name] = visibility
        self.expect("(")
        arg_attributes, result_attributes = [], []
        args = self.until_close(lambda: self.locate(self.with_attributes(self.argument(), arg_attributes)))
        results = []
        if self.optional("->"):
            if self.optional("("):
                results = self.until_close(lambda: self.with_attributes(self.type(), result_attributes))
            else:
                results.append(self.type())
        own = self.attribute_dict() if self.optional("attributes") else ()
        self.attributes[name] = (own, arg_attributes, result_attributes)
        self.expect("{")
        ops = []
        toks, op = self.toks, self.op
        while True:
            tok = toks[self.i]
            if tok == "return" or tok == "func.return":
                returning = self.i
                self.i += 1
                returned = self.operands_and_types()
                self.locate(returned, "terminator")
                self.expect("}")
                record = (name, args, results, ops, returned)
                self.located[("return", id(record))] = self.located.pop("terminator", returning)
                return self.placed(record, at)
            ops.append(op())

    def operands_and_types(self) -> tuple[list, list]:
        names, types = [], []
        if self.peek()[:1] == "%":
            names.append(self.ssa())
            while self.optional(","):
                names.append(self.ssa())
            self.expect(":")
            types = self.types()
        return names, types

    def op(self):
        """One op: ("op", cls, results, fields, operand names, operand types, result types, one_line,
        regions) or ("call", callee, results, operand names, operand types, result types). A region is
        (its arguments as (written name, type), its ops, (returned names, their types))."""
        toks, i = self.toks, self.i
        tok = toks[i]
        if tok[:1] == "%" and toks[i + 1] == "=" and "#" not in tok:  # `%r = `, as most ops: results' test inline
            results = ("one", tok[1:])
            i += 2
        else:
            results = self.results()
            i = self.i
        at = i  # MLIR places an op at its name
        name = toks[i]
        self.i = i + 1
        if name in ("call", "func.call"):
            callee = self.symbol()
            self.expect("(")
            operands = []
            if not self.optional(")"):
                operands.append(self.ssa())
                while self.optional(","):
                    operands.append(self.ssa())
                self.expect(")")
            self.expect(":")
            inputs, outputs = self.functional_type()
            return self.placed(("call", callee, results, operands, inputs, outputs), at)
        if name[:1] == '"':
            return self.placed(_generic(self, name[1:-1], results), at)
        cls = _dict_get(OPS, name) or OPS.get(name)  # the registry's own get loads the lazy families
        if cls is None:
            raise Fallback(f"no declaration named {name!r}")
        plan = _PLANS.get(cls) or _plan(cls)
        self.declaration = cls
        record = plan(self, cls, results)
        # as placed() (inline: the reader's hottest path)
        if self.locations is not None and self.toks[self.i][:4] == "loc$":
            self.located[id(record)] = self.locations[int(self.next()[4:])]
        else:
            self.located[id(record)] = at + cls.PLACED_AFTER_NAME
        return record

    def region(self, args=None, terminator: str = "stablehlo.return") -> tuple:
        """`{ [^bb0(%a: T, ...):] ops stablehlo.return %x : T }`; `args`: the arguments a pretty
        syntax names before the region (then no block header); `terminator`: Shardy's regions end
        in sdy.return."""
        self.expect("{")
        if args is None:
            args = []
            if self.optional("^bb0"):
                self.expect("(")
                args += self.until_close(self.argument)
                self.expect(":")
        ops = []
        while self.toks[self.i] != terminator:
            if self.peek() in ("}", ""):
                raise Fallback(f"a region must end in {terminator}")
            ops.append(self.op())
        returning = self.i
        self.i += 1
        returned = self.operands_and_types()
        self.locate(returned, "terminator")
        terminator_location = self.located.pop("terminator", returning)
        self.expect("}")
        record = (tuple(args), ops, returned)
        self.located[("return", id(record))] = terminator_location
        return record

    def results(self) -> tuple:
        """`%r = ` as ("one", "r"); `%r:3 = ` as ("group", "r", 3); no results as ("none",)."""
        toks, i = self.toks, self.i
        tok = toks[i]
        if tok[:1] != "%":
            return ("none",)
        if "#" in tok:
            raise Fallback
        if toks[i + 1] == "=":  # `%r = `, as most ops
            self.i = i + 2
            return ("one", tok[1:])
        self.i = i + 1
        if self.optional(":"):
            count = self.int()
            self.expect("=")
            if count < 1:
                raise Fallback
            return ("group", tok[1:], count)
        self.expect("=")
        return ("one", tok[1:])


# -- parse plans, one per declaration -------------------------------------------------------

def _literal_tokens(text: str) -> tuple[str, ...]:
    toks, _ = tokenize(text)
    return tuple(toks)


def _read_attribute(reader: _Reader, kind):
    """An attribute in its op syntax's spelling: the kind reads it (`read`), or refuses."""
    return kind.read(reader)


def shardy_text(text: str | None) -> str | None:
    """One of Shardy's attributes (`#sdy.sharding<...>`) as Shardy prints it, read by its kind; any other
    text, or one that does not read (its checks report it), as written. Both readers keep an
    attribute of another dialect so."""
    found = re.match(r"#(sdy\.\w+)<", text or "")
    kind = found and _SHARDY_ATTRIBUTES.get(found.group(1))
    if not kind:
        return text
    try:
        return kind.generic(read_attribute_text(kind, text))
    except (ValueError, RuleError):
        return text


def shardy_parse_error(text: str | None) -> str | None:
    """Why one of Shardy's attributes (`#sdy.sharding<...>`) does not read, or None (it reads, or it is
    not one the readers know)."""
    found = re.match(r"#(sdy\.\w+)<", text or "")
    kind = found and _SHARDY_ATTRIBUTES.get(found.group(1))
    if not kind:
        return None
    try:
        read_attribute_text(kind, text)
    except (ValueError, RuleError) as e:
        return f"{kind.prefix.rstrip('<')} does not parse: {e}"
    return None


def read_attribute_text(kind, text: str, generic: bool = True):
    """The value of `text`, one attribute in the kind's generic (or pretty) spelling; ValueError
    when the kind does not read all of it."""
    reader = _Reader(text)
    try:
        value = kind.read_generic(reader) if generic else kind.read(reader)
    except Fallback as e:
        raise ValueError(str(e) or f"not a {kind.name} attribute") from None
    if reader.peek() != "":
        raise ValueError(f"{reader.peek()!r} after the attribute")
    return kind.coerce(value)


def _operand_list(reader: _Reader) -> list:
    """`%a, %b` up to the first thing that is not an operand (a comma before it is left)."""
    names = []
    if reader.peek()[:1] != "%":
        return names
    names.append(reader.ssa())
    while reader.peek() == "," and reader.toks[reader.i + 1][:1] == "%":
        reader.i += 1
        names.append(reader.ssa())
    return names


def _step_text(words):
    if len(words) == 1:  # most often one punctuation mark: the test `expect` makes, without its call
        (word,) = words

        def step(reader, state, fields):
            if reader.toks[reader.i] != word:
                reader.expect(word)  # raises, naming both
            reader.i += 1
        return step

    def step(reader, state, fields):
        for w in words:
            reader.expect(w)
    return step


def _step_break(reader, state, fields):
    if reader.i not in reader.line_starts:
        state.one_line = True


def _step_operands_then(field):
    def step(reader, state, fields):
        names = []
        while reader.peek()[:1] == "%":
            names.append(reader.ssa())
            reader.expect(",")
        state.operands[field] = names
    return step


def _step_types(name):
    def step(reader, state, fields):
        if name == "functional_type" or reader.peek() == "(":
            inputs, outputs = reader.functional_type()
        else:
            ty = reader.type()
            inputs, outputs = [ty] * sum(map(len, state.operands.values())), [ty]
        state.types["*"] = inputs
        state.result_types = outputs
    return step


def _step_type_of(of):
    def step(reader, state, fields):
        ty = reader.type()
        f = fields.get(of)
        if f is not None and f.role == "operand":
            state.types[of] = [ty]
        elif f is None or len(fields["__results__"]) == 1:
            state.result_types = [ty]
        else:
            raise Fallback
    return step


def _step_attr_dict(reader, state, fields):
    if reader.toks[reader.i] != "{":  # most ops write none
        return
    values = reader.attribute_dictionary(state.cls)
    if values.keys() & state.values.keys():
        raise Fallback
    state.values.update(values)


def _step_field(d: Directive, f):
    if f.role == "operand":
        if f.variadic:
            def step(reader, state, fields):
                state.operands[f.name] = _operand_list(reader)
        else:
            def step(reader, state, fields):
                state.operands[f.name] = [reader.ssa()]
        return step
    if not isinstance(f, AttrDef):
        raise Fallback
    prefix = _literal_tokens(d.optional) if d.optional is not None else None
    read = f.kind.read  # the kind reads its own spelling

    def step(reader, state, fields):
        if prefix is not None:
            if not prefix or reader.peek() != prefix[0]:
                return
            for w in prefix:
                reader.expect(w)
        state.values[f.name] = read(reader)
    return step


def _custom_step(directive, arguments):
    parse = directive.parse
    if len(arguments) == 1 and arguments[0].field.role == "attribute":  # dot_dimensions: one call the fewer
        name = arguments[0].field.name

        def step(reader, state, fields):
            (value,) = parse(reader, arguments)
            if value is not None:
                state.values[name] = value
        return step
    put = assigner(arguments)

    def step(reader, state, fields):
        put(state, parse(reader, arguments))
    return step


def _fused_reader(cls: type[Op], pieces, fields):
    """`read(reader, cls, results)` for a format of operands, literal words, attribute fields, the
    attribute dictionary and types only (most of JAX's ops): the steps of `_compile`, generated as
    one function that gathers into locals and returns the record `_record` would, with no ParseState
    and no call per step; None for a format with another directive (the plan of steps reads it)."""
    operand_fields = cls.OPERAND_FIELDS
    index = {f.name: k for k, f in enumerate(operand_fields)}
    env: dict = {"Fallback": Fallback, "_operand_list": _operand_list, "_tensor_type": _tensor_type, "_TYPES": _TYPES}
    # the token index is the local `i`, stored to `reader.i` around each call that reads on
    lines = ["def read(reader, cls, results):",
             "    toks = reader.toks",
             "    i = reader.i",
             "    values = {}",
             "    star = None",
             "    result_types = None",
             "    one_line = False"]
    lines += [f"    t{k} = []" for k in range(len(operand_fields))]
    read_so_far: list[int] = []  # the operand fields read before a step, as `state.operands` holds them
    one: list[int] = []  # the fields read as one operand each, once (a count known here, not checked)

    def count(fields_read) -> str:
        """The number of operands `fields_read` hold, as an expression: a constant where known."""
        if all(read_so_far.count(k) == 1 and k in one for k in fields_read):
            return str(len(fields_read))
        return " + ".join(f"len(n{k})" for k in fields_read) or "0"

    def word(w: str, indent: str = "    ") -> list[str]:
        return [f"{indent}if toks[i] != {w!r}:", f"{indent}    reader.i = i", f"{indent}    reader.expect({w!r})",
                f"{indent}i += 1"]

    def call(line: str, indent: str = "    ") -> list[str]:
        """`line`, a call that reads from `reader`, with the index stored before and loaded after."""
        return [f"{indent}reader.i = i", indent + line, f"{indent}i = reader.i"]

    for kind, text in variadic_then_comma(pieces, fields):
        if kind == "text":
            for w in _literal_tokens(text):
                lines += word(w)
        elif kind == "break":
            lines += ["    if i not in reader.line_starts:", "        one_line = True"]
        elif kind == "operands_then":
            k = index[text]
            lines += [f"    n{k} = []",
                      "    while toks[i][:1] == '%':",
                      f"        n{k}.append(toks[i][1:])",
                      "        i += 1",
                      *word(",", "        ")]
            read_so_far.append(k)
        else:
            d = Directive(text)
            f = fields.get(d.name)
            if d.name in ("functional_type", "same_type"):
                if d.name == "same_type":
                    so_far = count(read_so_far)
                    lines += ["    if toks[i] == '(':",
                              *call("star, result_types = reader.functional_type()", "        "),
                              "    else:",
                              "        ty = _TYPES.get(toks[i]) or _tensor_type(toks[i])",
                              "        if ty is None:",
                              *call("ty = reader.type()", "            "),
                              "        else:",
                              "            i += 1",
                              f"        star, result_types = [ty] * ({so_far}), [ty]"]
                else:
                    so_far = count(read_so_far)
                    if so_far.isdigit() and 0 < int(so_far) <= 3:  # `(T, T) -> R` of types read before, inline
                        n = int(so_far)
                        shape = " and ".join([*(f"toks[i + {2 * k + 2}] == ','" for k in range(n - 1)),
                                              f"toks[i + {2 * n}] == ')'", f"toks[i + {2 * n + 1}] == '->'"])
                        known = " and ".join(f"s{k} is not None" for k in range(n + 1))
                        lines += [f"    if toks[i] == '(' and {shape}:",
                                  *(f"        s{k} = _TYPES.get(toks[i + {2 * k + 1}])" for k in range(n)),
                                  f"        s{n} = _TYPES.get(toks[i + {2 * n + 2}])",
                                  f"        if {known}:",
                                  f"            star, result_types = [{', '.join(f's{k}' for k in range(n))}], [s{n}]",
                                  f"            i += {2 * n + 3}",
                                  "        else:",
                                  *call("star, result_types = reader.functional_type()", "            "),
                                  "    else:",
                                  *call("star, result_types = reader.functional_type()", "        ")]
                    else:
                        lines += call("star, result_types = reader.functional_type()")
            elif d.name == "type":
                of = fields.get(d.of)
                if of is not None and of.role == "operand":
                    lines += call(f"t{index[d.of]} = [reader.type()]")
                elif of is None or len(cls.RESULT_FIELDS) == 1:
                    lines += call("result_types = [reader.type()]")
                else:
                    return None
            elif d.name == "attr_dict":
                lines += ["    if toks[i] == '{':",
                          *call("written = reader.attribute_dictionary(cls)", "        "),
                          "        if written.keys() & values.keys():",
                          "            raise Fallback",
                          "        values.update(written)"]
            elif d.args is None and f is not None and f.role == "operand":
                k = index[f.name]
                if f.variadic:
                    lines += call(f"n{k} = _operand_list(reader)")
                else:
                    lines += ["    tok = toks[i]",
                              "    if tok[:1] != '%':",
                              "        raise Fallback",
                              "    i += 1",
                              f"    n{k} = [tok[1:]]"]
                one.append(k)
                read_so_far.append(k)
            elif d.args is None and isinstance(f, AttrDef):
                env[f"read_{f.name}"] = f.kind.read  # the kind reads its own spelling
                prefix = _literal_tokens(d.optional) if d.optional is not None else None
                if prefix is None:
                    lines += call(f"values[{f.name!r}] = read_{f.name}(reader)")
                elif prefix:
                    lines.append(f"    if toks[i] == {prefix[0]!r}:")
                    for w in prefix:
                        lines += word(w, "        ")
                    lines += call(f"values[{f.name!r}] = read_{f.name}(reader)", "        ")
            else:
                return None  # a custom directive, or a field this path does not read
    every = range(len(operand_fields))
    unread = [f"    n{k} = []" for k in every if k not in read_so_far]
    lines[7:7] = unread  # after the locals above: a field the format does not write holds no operand
    lines += ["    reader.i = i", f"    names = [{', '.join(f'n{k}' for k in every)}]"]
    for k, f in enumerate(operand_fields):
        if not f.variadic and not (k in one and read_so_far.count(k) == 1):
            lines += [f"    if len(n{k}) != 1:", "        raise Fallback"]
    lines += ["    if star is None:",
              "        types = [" + ", ".join(f"t{k} if len(t{k}) == len(n{k}) else t{k} * len(n{k})"
                                          for k in every) + "]",
              "    else:",
              f"        if len(star) != {count(list(every))}:",
              "            raise Fallback"]
    if any(f.variadic for f in operand_fields):
        lines += ["        it = iter(star)", "        types = [[next(it) for _ in g] for g in names]"]
    else:  # one type a field, listed without a comprehension's call
        lines += ["        types = [" + ", ".join(f"[star[{k}]]" for k in every) + "]"]
    lines += ["    return ('op', cls, results, values, names, types, result_types or [], one_line, ())"]
    exec(compile("\n".join(lines), f"<read {cls.__name__}>", "exec"), env)
    return env["read"]


def _compile(cls: type[Op]):
    """The reader of one declaration's syntax, or of a whole-op syntax this path reads."""
    if cls.syntax == GENERIC or cls.COMPOUND:
        return None
    whole = whole_op_syntax(cls)
    if whole is not None:
        parse = whole.parse

        def read_whole(reader: _Reader, cls, results):
            state = ParseState(cls)
            parse(reader, state)
            return _record(cls, results, state)
        if whole.name == "constant" and not cls.OPERAND_FIELDS:
            def read_constant(reader: _Reader, cls, results):
                """Constant.parse's pretty form (`dense<...> : T`, a fifth of JAX's ops) straight to
                the record `_record` makes of its state; the generic form by the whole syntax."""
                toks, i = reader.toks, reader.i
                tok = toks[i]
                if tok[:6] != "dense<":
                    return read_whole(reader, cls, results)
                if toks[i + 1] == ":":  # a splat read before (JAX's step writes a few dozen, 2,019 times)
                    result = _TYPES.get(toks[i + 2])
                    value = _SPLATS.get((tok, result))
                    if value is not None:
                        reader.i = i + 3
                        return ("op", cls, results, {"value": value}, [], [], [result], False, ())
                value, result = reader.dense_literal()
                if value.__class__ is str:
                    if len(_SPLATS) > 4096:
                        _SPLATS.clear()
                    _SPLATS[tok, result] = value
                return ("op", cls, results, {"value": value}, [], [], [result], False, ())
            return read_constant
        return read_whole
    pieces = op_pieces(cls.syntax)
    fields = {f.name: f for f in cls.FIELDS}
    fields["__results__"] = cls.RESULT_FIELDS
    fused = _fused_reader(cls, pieces, fields)
    if fused is not None:
        return fused
    steps = []
    for kind, text in variadic_then_comma(pieces, fields):
        if kind == "text":
            words = _literal_tokens(text)
            if words:
                steps.append(_step_text(words))
        elif kind == "break":
            steps.append(_step_break)
        elif kind == "operands_then":
            steps.append(_step_operands_then(text))
        else:
            d = Directive(text)
            if d.name in ("functional_type", "same_type"):
                steps.append(_step_types(d.name))
            elif d.name == "type":
                steps.append(_step_type_of(d.of))
            elif d.name == "attr_dict":
                steps.append(_step_attr_dict)
            elif d.args is not None:
                directive = custom_directive(cls, d)
                steps.append(_custom_step(directive, directive.bind(cls, d)))
            elif d.name in fields:
                try:
                    steps.append(_step_field(d, fields[d.name]))
                except Fallback:
                    return None
            else:
                return None
    steps = tuple(steps)

    def read(reader: _Reader, cls, results):
        state = ParseState(cls)
        for step in steps:
            step(reader, state, fields)
        return _record(cls, results, state)
    return read


def _record(cls, results, state: ParseState):
    operands, typed = state.operands, state.types
    names = [operands.get(f.name, []) for f in cls.OPERAND_FIELDS]
    given = typed.get("*")
    if given is None:  # a type each, or one for every operand of the field
        types = []
        for f, group in zip(cls.OPERAND_FIELDS, names):
            field_types = typed.get(f.name, [])
            types.append(field_types if len(field_types) == len(group) else field_types * len(group))
    else:
        count = sum(map(len, names))
        if len(given) != count:
            raise Fallback
        if count == len(names) and all(names):  # one operand a field, as most ops
            types = [[ty] for ty in given]
        else:
            it = iter(given)
            types = [[next(it) for _ in g] for g in names]
    for f, group in zip(cls.OPERAND_FIELDS, names):
        if not f.variadic and len(group) != 1:
            raise Fallback
    values = state.values
    if state.native or state.compact_reducer is not None or state.shared_arguments:
        values = {**values, **state.native}
        if state.compact_reducer is not None:
            values["__reducer__"] = state.compact_reducer
        if state.shared_arguments:
            values["__shared_arguments__"] = True
    return ("op", cls, results, values, names, types, state.result_types or [], state.one_line,
            tuple(state.regions))


def _generic(reader: _Reader, name: str, results):
    """MLIR's generic form: `"stablehlo.case"(%i) <{props}> ({...}, {...}) {attrs} : (T) -> R`, the op's
    attributes in their generic spellings (what MLIR's printer and bytecode's readers write)."""
    cls = OPS.get(name)
    if cls is None or cls.COMPOUND:
        raise Fallback(f"the generic form of {name}")
    reader.expect("(")
    operands = _operand_list(reader)
    reader.expect(")")
    values: dict = {}
    properties_first = reader.optional("<")
    if properties_first:
        values = reader.attribute_dictionary(cls)
        reader.expect(">")
    regions = []
    if reader.optional("("):
        while True:
            regions.append(reader.region())
            if reader.optional(")"):
                break
            reader.expect(",")
    after_regions = bool(regions) and reader.peek() == "{"
    if reader.peek() == "{":
        for key, value in reader.attribute_dictionary(cls).items():
            if key in values:
                raise Fallback
            values[key] = value
    reader.expect(":")
    inputs, outputs = reader.functional_type()
    return generic_record(cls, results, values, operands, inputs, outputs, regions,
                          after_regions and not properties_first)


def generic_record(cls, results, values: dict, operands: list, inputs: list, outputs: list, regions: list,
                   attributes_after_regions: bool):
    """The record of an op in MLIR's generic form from its parts: operands and their types grouped by
    the declaration's operand fields, regions by its region fields (the bytecode reader builds
    records through this too). A while's region arguments named alike in both regions (one name
    per argument, as MLIR's printer and the bytecode reads name them) are shared, as its pretty form
    shares them (else the builder names an inlined callee's twice, `%f_c1_iterArg` and
    `%f_c1_iterArg_`, and the while prints in the generic form)."""
    if (getattr(cls, "SHARED_REGION_ARGUMENTS", False) and len(regions) > 1
            and all([a[0] for a in r[0]] == [a[0] for a in regions[0][0]] for r in regions)):
        values = {**values, "__shared_arguments__": True}
    if any(f.default is REQUIRED and f.name not in values for f in cls.ATTR_FIELDS):
        raise Fallback(f"the generic form of {cls.NAME}")
    if len(inputs) != len(operands):
        raise Fallback
    fields = cls.OPERAND_FIELDS
    variadic = next((i for i, f in enumerate(fields) if f.variadic), None)
    groups = sum(f.variadic for f in fields)
    if groups > 1:  # StableHLO's variadic groups are of one size (SameVariadicOperandSize)
        each, left = divmod(len(operands) - (len(fields) - groups), groups)
        if left or each < 0:
            raise Fallback
        names, types, at = [], [], 0
        for f in fields:
            size = each if f.variadic else 1
            names.append(operands[at:at + size])
            types.append(inputs[at:at + size])
            at += size
    elif variadic is None:
        if len(operands) != len(fields):
            raise Fallback
        names, types = [[o] for o in operands], [[t] for t in inputs]
    else:
        after = len(fields) - variadic - 1
        end = len(operands) - after
        if end < variadic:
            raise Fallback
        cuts = [(i, i + 1) for i in range(variadic)] + [(variadic, end)] + [(end + i, end + i + 1) for i in range(after)]
        names = [operands[a:b] for a, b in cuts]
        types = [inputs[a:b] for a, b in cuts]
    region_fields = cls.REGION_FIELDS
    if any(f.variadic for f in region_fields):
        if len(region_fields) != 1:
            raise Fallback
        grouped = (regions,)  # a list: one field's regions
    else:
        if len(regions) != len(region_fields):
            raise Fallback
        grouped = tuple(regions)
    # as the xDSL path notes it: a generic op's attributes written after its regions keep that place
    spelling = ("attributes after regions" if attributes_after_regions and values
                and cls.syntax == GENERIC else False)
    return ("op", cls, results, values, names, types, outputs, spelling, grouped)


_PLANS: dict = {}


def _plan(cls: type[Op]):
    plan = _PLANS.get(cls, False)
    if plan is False:
        plan = _PLANS[cls] = _compile(cls)
    if plan is None:
        raise Fallback(f"{cls.NAME}: a syntax this path does not read")
    return plan


# -- the builder ----------------------------------------------------------------------------------

def _compact_region(region, element):
    """The BinaryRegion a region stands for when it is one commutative op of its two arguments whose
    result it returns, all of the type `element` (True: any rank-0 type), as translate.py's
    compact_region; else None."""
    from ..ast.regions import BinaryRegion

    args, ops, (ret_names, ret_types) = region
    if len(args) != 2 or len(ops) != 1 or ops[0][0] != "op":
        return None
    _, cls, results, attrs, names, types, result_types, _, regions = ops[0]
    if not compact_reducer(cls) or results[0] != "one" or regions or attrs:
        return None
    flat = [n for group in names for n in group]
    if flat != [args[0][0], args[1][0]] or ret_names != [results[1]]:
        return None
    ty = args[0][1]
    if not isinstance(ty, TensorType) or ty.rank != 0 or (element is not True and ty is not element):
        return None
    if any(t is not ty for t in (args[1][1], *result_types, *ret_types, *(t for g in types for t in g))):
        return None
    return BinaryRegion(cls, ty)


_SIMPLE: dict = {}  # declaration -> its compiled builder (`_simple_builder`), or None


# Ops `_Builder.op` reads with a check of its own: Shardy's edge of a function's value, which the
# xDSL path decides where a call gave the value (it sees the calls the fast reader inlines).
READ_BY_THE_GENERIC_BUILDER = frozenset({"sdy.func_data_flow_edge"})


def _simple_builder(cls: type[Op]):
    """`build(builder, record, values)` for the ops of one declaration without regions: the record's
    operands looked up (each of the type written), its attributes (or the defaults the text leaves
    out) and given result types passed to the constructor in its order, compiled once per declaration
    as the constructors are (vitir/ast/declare.py); None for a declaration with regions, and for those
    `_Builder.op` checks further (READ_BY_THE_GENERIC_BUILDER)."""
    if cls.NAME in READ_BY_THE_GENERIC_BUILDER:
        return None
    env: dict = {"cls": cls, "Fallback": Fallback, "DISCARDABLE": DISCARDABLE, "_new": object.__new__}
    lines = ["def build(self, record, values):",
             "    _, cls_, results, attrs, names, types, result_types, _, _ = record",
             "    if results[0] == 'none':",
             "        name = ()",
             "    else:",  # new_name, inline for a number outside inlined calls (most names)
             "        name = results[1]",
             "        if self.prefix:",
             "            name = self.new_name(name)",
             "        elif name.isdigit():",
             "            name = 'v' + name",
             "            taken = self.taken",
             "            while name in taken:",
             "                name += '_'",
             "            taken.add(name)"]
    args, operand, owned = ["name"], 0, []
    for f in cls.FIELDS:
        if f.role == "operand":
            k, operand = operand, operand + 1
            owned.append(f"all(v.owner is fb for v in a{k})" if f.variadic else f"a{k}.owner is fb")
            if f.variadic:
                lines.append(f"    a{k} = tuple(self.uses(names[{k}], types[{k}], values))")
            else:
                lines += [f"    group, group_types = names[{k}], types[{k}]",
                          "    if len(group) != 1 or len(group_types) != 1:",
                          "        raise Fallback",
                          f"    a{k} = values.get(group[0])",
                          f"    if a{k} is None or a{k}.type is not group_types[0]:",
                          "        raise Fallback"]
            args.append(f"a{k}")
        elif f.role == "attribute":
            env[f"_default_{f.name}"] = None if f.default is REQUIRED else f.default
            args.append(f"attrs.get({f.name!r}, _default_{f.name})")
        elif f.role == "result_type":
            lines += ["    if not result_types:", "        raise Fallback"]
            args.append("tuple(result_types)" if f.several else "result_types[0]")
        elif f.role == "region":
            return None
    lines += ["    loc = self.located.get(id(record))",  # as _Builder.op: pending until asked for
              "    if self.call_sites:",
              "        loc = self.place(loc)",
              "    elif loc.__class__ is int:",
              "        loc = (self.at, loc)",
              "    fb = self.fb",
              # the constructor called as a function: `cls(...)` packs keywords into a dict for it
              "    node = _new(cls)",
              f"    cls.__init__(node, {', '.join(args)}, discardable=attrs.get(DISCARDABLE, ()),",
              "                 path=fb._path_text, location=loc)",
              # `emit_record`, inline for one result, as most ops have
              "    spelling = record[7]",
              "    node.spelling = spelling if isinstance(spelling, str) else ('one line' if spelling else None)"]
    if not cls.KNOWN_OPERANDS and (cls.SIMPLE or cls.COMPACT):
        # `FunctionBuilder.emit`'s lean path, inline: outside a region every operand is the function's
        # own; anything else (a region's value, an odd or taken name) goes to emit, which says what
        lines += ["    if results[0] == 'one' and not fb._scopes:",
                  "        built = node.results",
                  f"        if len(built) == 1 and {' and '.join(owned) or 'True'}:",
                  "            built = built[0]",
                  "            name = built.name",
                  "            if name.isascii() and name.isidentifier() and name not in fb._owner:",
                  "                fb._owner[name] = node",
                  "                built.owner = fb",
                  "                fb.ops.append(node)",
                  "                if len(result_types) != 1 or built.type is not result_types[0] or results[1] in values:",
                  "                    raise Fallback",
                  "                values[results[1]] = built",
                  "                return"]
    lines += ["    built = fb.emit(node)",
              "    if results[0] == 'one' and built.__class__ is not tuple:",
              "        if len(result_types) != 1 or built.type is not result_types[0] or results[1] in values:",
              "            raise Fallback",
              "        values[results[1]] = built",
              "    else:",
              "        self.settle(built, record, values)"]
    exec(compile("\n".join(lines), f"<build {cls.__name__}>", "exec"), env)
    return env["build"]


class _Builder:
    """One entry function's AST from its records, named and checked as to_ast.py does."""

    def __init__(self, fn, functions: dict, written: frozenset, located: dict, positions: TextPositions | None = None):
        from ..ast import FunctionBuilder

        self.fn = fn
        self.located = located  # the reader's: record id -> its location, or the token it was written at
        self.positions = positions  # the text's (a record's token -> its file, line and column)
        self.at = positions.at if positions is not None else None
        self.call_sites: list = []  # the locations of the calls being inlined, innermost last
        self.functions = functions
        self.fb = FunctionBuilder(fn[0])
        self.taken = set(written)
        self.prefix = ""
        self.calls = 0
        self.inlining = [fn[0]]

    def new_name(self, name: str) -> str:
        if name.isdigit() or self.prefix:
            if name.isdigit():
                name = "v" + name
            name = self.prefix + name
            while name in self.taken:
                name += "_"
            self.taken.add(name)
        return name

    def run(self):
        from ..ast.expansion import fold_compounds

        name, args, result_types, ops, (ret_names, ret_types) = self.fn
        values = {}
        located = self.located
        for arg in args:
            written, ty = arg
            if written in values or "#" in written:
                raise Fallback
            values[written] = self.fb.arg(self.new_name(written), ty)
            if id(arg) in located:
                values[written].location = self.place(located[id(arg)])
        self.body(ops, values)
        returned = self.uses(ret_names, ret_types, values)
        if [v.type for v in returned] != list(result_types) or any(
                a is not b for a, b in zip((v.type for v in returned), result_types)):
            raise Fallback
        self.fb.ops[:] = fold_compounds(self.fb.ops, self.fb, returned)
        made = self.fb.ret(*returned)
        if located:
            made.location = self.place(located.get(id(self.fn))) or UNKNOWN
            made.ret.location = self.place(located.get(("return", id(self.fn)))) or UNKNOWN
        return made

    def place(self, loc):
        """A written location (a Location, the token index of a record written without one, or None),
        inside inlined calls at their call sites (as to_ast.py and MLIR's inliner: `callsite(<op's> at
        <call's>)`). A token's is left pending, (function, arguments): made into a Location only when
        a tool asks for it (vitir.ast.location.materialize), so reading stays as fast as it was."""
        if self.call_sites:
            if self.positions is None:  # records of no text (the bytecode reader's): made now, as before
                return TextPositions.resolve(None, loc, self.call_sites) if self.located else None
            return (self.positions.resolve, loc, tuple(self.call_sites))
        if loc.__class__ is int:
            return (self.at, loc)
        return loc

    def location(self, record, key=None):
        """The record's location (None: none), as `place` gives it; `key`: what the reader located it
        by, where not the record's id (a region's return: ("return", its record's id))."""
        return self.place(self.located.get(id(record) if key is None else key))

    def uses(self, names, types, values) -> list:
        if len(names) != len(types):
            raise Fallback
        out = []
        for written, ty in zip(names, types):
            v = values.get(written)
            if v is None or v.type is not ty:
                raise Fallback
            out.append(v)
        return out

    def body(self, ops, values) -> None:
        simple = _SIMPLE
        for record in ops:
            if record[0] == "call":
                self.inline(record, values)
                continue
            # as op(): a compiled builder called here, without a call per op to reach it
            build = simple.get(record[1])
            if build is not None and not record[8] and "__reducer__" not in record[3]:
                build(self, record, values)
            else:
                self.op(record, values)

    def define(self, results, built, values) -> None:
        if results[0] == "one":
            keys = [results[1]]
        elif results[0] == "group":
            keys = [f"{results[1]}#{i}" for i in range(results[2])]
        else:
            keys = []
        if len(keys) != len(built):
            raise Fallback
        for key, value in zip(keys, built):
            if key in values:
                raise Fallback
            values[key] = value

    def placed_as(self, record, region) -> bool:
        """Whether a body's arguments, ops and return are located where its op is (or none is
        located): the one place a compact body (`applies stablehlo.add`) holds, as StableHLO's parser
        gives the body it makes. A body located otherwise (a generic reduce's read from text without
        locations: each at its place) is kept whole, with its places; it prints compactly all the same."""
        located = self.located
        if not located:
            return True
        own = located.get(id(record))
        args, ops, _ = region
        return (all(located.get(id(arg)) == own for arg in args) and all(located.get(id(op)) == own for op in ops)
                and located.get(("return", id(region))) == own)

    def op(self, record, values) -> None:
        _, cls, results, attrs, names, types, result_types, _, regions = record
        build = _SIMPLE.get(cls, False)
        if build is False:
            build = _SIMPLE[cls] = _simple_builder(cls)
        if build is not None and not regions and "__reducer__" not in attrs:
            build(self, record, values)
            return
        fields = {}
        for f, group, group_types in zip(cls.OPERAND_FIELDS, names, types):
            used = self.uses(group, group_types, values)
            fields[f.name] = tuple(used) if f.variadic else used[0]
        if cls.NAME in READ_BY_THE_GENERIC_BUILDER and fields["operand"] not in self.fb.args:
            raise Fallback  # whether a call gave it: the xDSL path, which sees the calls it inlines, says
        for f in cls.ATTR_FIELDS:
            if f.name in attrs:
                fields[f.name] = attrs[f.name]
            else:
                fields[f.name] = None if f.default is REQUIRED else f.default
        if DISCARDABLE in attrs:
            fields[DISCARDABLE] = attrs[DISCARDABLE]
        reducer = attrs.get("__reducer__")
        if reducer is not None:
            from ..ast.regions import BinaryRegion

            element = self.compact_element(cls, fields)
            if fields["init_values"][0].type is not element:
                raise Fallback
            fields[cls.REGION_FIELDS[0].name] = BinaryRegion(reducer, element)
        elif regions:
            shared = {} if attrs.get("__shared_arguments__") else None
            for f, group in zip(cls.REGION_FIELDS, regions, strict=True):
                if f.variadic:
                    fields[f.name] = tuple(self.region(r, values) for r in group)
                else:
                    compact = (getattr(f, "compact", False) and self.placed_as(record, group)
                               and self.compact_element(cls, fields))
                    fields[f.name] = (compact and _compact_region(group, compact)) or self.region(group, values, shared)
        elif cls.REGION_FIELDS:
            raise Fallback
        given = cls.RESULT_TYPE_FIELD
        if given is not None:
            if not result_types:
                raise Fallback
            fields[given.name] = tuple(result_types) if given.several else result_types[0]
        name = () if results[0] == "none" else self.new_name(results[1])
        loc = self.located.get(id(record))
        if self.call_sites:
            loc = self.place(loc)
        elif loc.__class__ is int:  # as place() (inline: once per op)
            loc = (self.at, loc)
        node = cls(name, **fields, path=self.fb.path, location=loc)
        self.emit_record(node, record, values)

    def emit_record(self, node, record, values) -> None:
        """Emit a built node, spelled as its record; its results, each of the type written, take the
        record's names."""
        one_line = record[7]
        node.spelling = one_line if isinstance(one_line, str) else ("one line" if one_line else None)
        self.settle(self.fb.emit(node), record, values)

    def settle(self, built, record, values) -> None:
        """The emitted node's results, each of the type written, under the record's names."""
        results, result_types = record[2], record[6]
        if results[0] == "one" and type(built) is not tuple:  # one result, as most ops have
            if len(result_types) != 1 or built.type is not result_types[0] or results[1] in values:
                raise Fallback
            values[results[1]] = built
            return
        built = built if isinstance(built, tuple) else (built,)
        if len(built) != len(result_types):
            raise Fallback
        for value, annotated in zip(built, result_types):
            if value.type is not annotated:
                raise Fallback
        self.define(results, built, values)

    @staticmethod
    def compact_element(cls, fields):
        """The type a compact body's arguments have: rank 0 of the first operand's element type, as
        translate.py's _compact_element; True if the op has no operand."""
        if not cls.OPERAND_FIELDS:
            return True
        first = fields[cls.OPERAND_FIELDS[0].name]
        if cls.OPERAND_FIELDS[0].variadic:
            if not first:
                return True
            first = first[0]
        if not isinstance(first.type, TensorType):
            raise Fallback
        return TensorType((), first.type.dtype)

    def region(self, region, values, shared: dict | None = None):
        """A Region built by a builder of the function's, as to_ast.py's _region; `shared` holds the
        names of arguments an op's regions share (a while's cond and body)."""
        from ..ast.expansion import fold_compounds

        args, ops, (ret_names, ret_types) = region
        outer, self.fb = self.fb, self.fb.region()
        inner = dict(values)
        located = self.located
        try:
            for i, arg in enumerate(args):
                written, ty = arg
                if written in inner or "#" in written:
                    raise Fallback
                if shared is not None and i in shared:
                    name = shared[i]
                else:
                    name = self.new_name(written)
                    if shared is not None:
                        shared[i] = name
                inner[written] = self.fb.arg(name, ty)
                if id(arg) in located:
                    inner[written].location = self.place(located[id(arg)])
            self.body(ops, inner)
            returned = self.uses(ret_names, ret_types, inner)
            self.fb.ops[:] = fold_compounds(self.fb.ops, self.fb, returned)
            made = self.fb.ret(*returned)
            if located:
                made.location = self.location(region, ("return", id(region))) or UNKNOWN
            return made
        finally:
            self.fb = outer

    def inline(self, record, values) -> None:
        _, callee, results, operands, inputs, outputs = record
        fn = self.functions.get(callee)
        if fn is None or callee in self.inlining:
            raise Fallback
        _, args, result_types, ops, (ret_names, ret_types) = fn
        if [a[1] for a in args] != list(inputs) or list(result_types) != list(outputs):
            raise Fallback
        inner = {}
        for (written, _), operand in zip(args, self.uses(operands, inputs, values), strict=True):
            if written in inner:
                raise Fallback
            inner[written] = operand
        self.calls += 1
        outer = self.prefix
        self.prefix = f"{_IDENTIFIER_RUN.sub('_', callee).strip('_') or 'f'}_c{self.calls}_"
        self.inlining.append(callee)
        self.call_sites.append(self.located.get(id(record)))
        try:
            self.body(ops, inner)
            returned = self.uses(ret_names, ret_types, inner)
        finally:
            self.prefix = outer
            self.inlining.pop()
            self.call_sites.pop()
        if [v.type for v in returned] != list(result_types):
            raise Fallback
        self.define(results, tuple(returned), values)


def _calls(ops):
    """The callees of every call among `ops` and in their regions."""
    for record in ops:
        if record[0] == "call":
            yield record[1]
            continue
        for group in record[8]:  # a region, or a list of them (a variadic region field)
            for region in (group if isinstance(group, list) else (group,)):
                yield from _calls(region[1])


def fast_import(text: str, source: str = "<text>"):
    """vitir's Module of `text`, or None when this path does not take it (the caller then reads the
    text with xDSL, which reports what is wrong with it). What the text writes without a location is
    located at its place in `source` (vitir.ast.location.source_filename), as MLIR's parser does."""
    from ..ast.gc_pause import gc_paused

    if not text.isascii():
        return None
    try:
        return gc_paused(_import)(text, source)
    except Exception:  # Fallback, a refused rule (VitirError, RuleError), a malformed text: the xDSL path
        return None    # reads it and reports what is wrong, the one place that decides


def _import(text: str, source: str = "<text>"):
    locations = None
    if "loc(" in text:  # only then: the text without locations reads as fast as before
        text, locations = located_tokens(text)
    reader = _Reader(text, locations)
    filename = source_filename(source)
    name, functions, attributes = reader.module()
    if not functions:
        raise Fallback
    defined = {}
    for fn in functions:
        if fn[0] in defined:
            raise Fallback
        defined[fn[0]] = fn
    positions = TextPositions(text, filename, TOKEN) if filename is not None else None
    return build_module(name, functions, defined, attributes, reader.attributes, reader.symbols,
                        frozenset(_NAME.findall(text)), reader.located, positions)


def build_module(name: str, functions: list, defined: dict, attributes: tuple, function_attributes: dict,
                 symbols: list, written: frozenset, located: dict | None = None,
                 positions: TextPositions | None = None):
    """The Module of a module's records: the functions no other calls, built (callees inlined) and
    checked; `written`: the value names the program spells, which generated names avoid; `located`:
    the locations the records were written with (none: every op unknown), or the token each was
    written at in the text `positions` holds (None: not the user's text, such a record unknown)."""
    from ..ast.module import Function, Module

    located = {} if located is None else located
    if positions is None and any(loc.__class__ is int for loc in located.values()):
        located = {key: loc for key, loc in located.items() if loc.__class__ is not int}

    called = {callee for fn in functions for callee in _calls(fn[3]) if callee != fn[0]}
    if called >= defined.keys() or not called <= defined.keys():
        raise Fallback
    built = [_Builder(fn, defined, written, located, positions).run() for fn in functions if fn[0] not in called]
    for i, fn in enumerate(built):
        own, args, results = function_attributes[fn.name]
        if own or any(args) or any(results):
            built[i] = Function(fn.name, fn.args, fn.ops, fn.ret, own, args, results, fn._location)  # still pending
    module = Module(built, name, attributes, [_module_op(record, located, positions) for record in symbols],
                    location=module_location(located, positions))
    check_module(module, read_attribute_text)
    return module


def module_location(located: dict, positions: TextPositions | None):
    """The module's location: written, else where MLIR places an implicit one (`"-":0:0`)."""
    if positions is None:
        return located.get("module", UNKNOWN)
    written = located.get("module")
    return (positions.at, written) if written.__class__ is int else written or module_position(positions.filename)


def _module_op(record, located: dict, positions: TextPositions | None = None):
    """A module-level op (no operands, results or regions) from its record."""
    _, cls, results, attrs, names, _, _, _, regions = record
    if results[0] != "none" or any(names) or regions:
        raise Fallback
    return cls((), **{f.name: attrs.get(f.name, None if f.default is REQUIRED else f.default) for f in cls.ATTR_FIELDS},
               discardable=attrs.get(DISCARDABLE, ()), location=_placed(located.get(id(record)), positions))


def _placed(loc, positions: TextPositions | None):
    return (positions.at, loc) if loc.__class__ is int else loc
