"""vitir's StableHLO dialect on plain xDSL, made from the op declarations.

Each declared op gets an IRDL class (`dialect_class(Transpose)` is
TransposeOp): its operands, results, properties (StableHLO's names) and
regions come from the declaration's fields; it parses its pretty syntax from
the declaration's format (MLIR's generic form needs nothing of it), prints the
text vitir's printer gives its AST node, and verifies itself with the
declaration's rule. Each carries xDSL's trait for each of the declaration's
traits (vitir/ast/traits.py; `xdsl_traits`), so xDSL's own passes (cse, dce,
canonicalize) know which ops are free of effects, commutative or constant. The
one op written here is stablehlo.return, the terminator of regions (in the AST a
region simply holds the values it returns).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar

from xdsl.dialects import func as xdsl_func
from xdsl.ir import Dialect
from xdsl.irdl import (AttrSizedOperandSegments, IRDLOperation, SameVariadicOperandSize, SameVariadicRegionSize,
                       SameVariadicResultSize, irdl_op_definition, operand_def, opt_prop_def, prop_def, region_def,
                       result_def, traits_def, var_operand_def, var_region_def, var_result_def)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (AlwaysSpeculatable, Commutative, ConstantLike, HasFolder, IsTerminator, NoMemoryEffect,
                         OpTrait, Pure, RecursiveMemoryEffect, RecursivelySpeculatable, SameOperandsAndResultType)
from xdsl.utils.exceptions import VerifyException

from ..ast import ops as _ops  # noqa: F401  (declares every op)
from ..ast.declare import DECLARED, GENERIC, OPS, REQUIRED, Op
from ..ast.shape_rules import RuleError
from ..ast.traits import (COMMUTATIVE, CONSTANT_LIKE, ELEMENTWISE, PURE, RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE,
                          SAME_OPERANDS_AND_RESULT_TYPE, SPECULATABLE, TERMINATOR)
from ..ast.type_rules import compatible_types
from .attributes import ATTRIBUTES
from .bridges import bridge
from .kinds import Unsupported, vitir_type
from .errors import quantized_result_note
from .type_text import type_text


class NotChecked(VerifyException):
    """An op vitir's rules cannot check because it holds what the AST lacks (a dynamic shape, an
    element type outside the table): MLIR's text that xDSL holds, and that `vitir fmt` prints."""


# What the modules above the dialect give its ops, each set as its module loads (parse.py, which makes
# every parser of the dialect's text, loads them all): how an op reads (syntax.parse_op), how it prints
# (print.op_text), and its rule's key (translate.rule_key, translate.operand_groups). They make the
# dialect's ops, so the dialect does not import them.
PARTS: dict[str, Callable] = {}


class DeclaredOp(IRDLOperation):
    """An xDSL op made from a vitir declaration (DECLARATION); see dialect_class."""

    DECLARATION: ClassVar[type[Op]]

    @classmethod
    def parse(cls, parser: Parser):
        return PARTS["parse_op"](cls.DECLARATION, parser)

    def print(self, printer: Printer) -> None:
        """What follows the op's name: vitir's text of the op, from after its name."""
        text = PARTS["op_text"](self).lstrip()
        head = text.index(self.name) + len(self.name)
        printer.print_string(text[head:].rstrip("\n"))

    def verify_(self) -> None:
        cls = self.DECLARATION
        try:
            key = PARTS["rule_key"](self)
            annotated = tuple(vitir_type(r.type) for r in self.results)
        except Unsupported as e:
            raise NotChecked(str(e)) from None
        except RuleError as e:
            raise VerifyException(str(e)) from None
        try:
            out = cls.rule(*key)
        except (RuleError, Unsupported) as e:
            raise VerifyException(str(e)) from None
        inferred = out if isinstance(out, tuple) else (out,)
        if len(inferred) != len(annotated):
            raise VerifyException(f"{len(annotated)} results, the op gives {len(inferred)}")
        for got, want in zip(annotated, inferred):
            if got is not want and not compatible_types(got, want):
                raise VerifyException(f"result type {got} differs from the inferred {want}"
                                      + quantized_result_note(got, want))
        if cls.KNOWN_OPERANDS:
            self._verify_known(cls, key)

    def _verify_known(self, cls, key: tuple) -> None:
        """The declaration's known_rule on the operands constants define (MLIR's verifier does the same)."""
        names = [f.name for f in cls.FIELDS if f.role != "result"]
        fields = dict(zip(names, key))
        groups = dict(zip([f.name for f in cls.OPERAND_FIELDS], PARTS["operand_groups"](self, cls)))
        known = {}
        for name in cls.KNOWN_OPERANDS:
            ints = _constant_ints(groups[name])
            if ints is not None:
                known[name] = ints
        if known:
            try:
                cls.known_rule(fields, known)
            except RuleError as e:
                raise VerifyException(str(e)) from None


def _constant_ints(value) -> tuple[int, ...] | None:
    """The ints of the integer constant that defines an xDSL value, or None."""
    from xdsl.ir import OpResult

    from ..ast.literals import literal_value
    from .literals import constant_literals

    op = value.op if isinstance(value, OpResult) else None
    if not isinstance(op, DeclaredOp) or op.DECLARATION is not OPS["stablehlo.constant"]:
        return None
    try:
        ty = vitir_type(op.results[0].type)
        if not ty.dtype.is_integer:
            return None
        literals = constant_literals(op.properties["value"], ty.dtype)
        literals = (literals,) * ty.num_elements if isinstance(literals, str) else literals
        return tuple(int(literal_value(literal, ty.dtype)) for literal in literals)
    except (Unsupported, ValueError, KeyError):
        return None  # the constant's own verifier reports it


# -- traits: xDSL's for vitir's ----------------------------------------------------------------

class Elementwise(OpTrait):
    """MLIR's Elementwise, which xDSL lacks: each result element from the operands' elements at its index."""


@dataclass(frozen=True)
class SameTypes(SameOperandsAndResultType):
    """xDSL's SameOperandsAndResultType, whose check the declaration's rule makes (naming the types,
    and telling what it cannot check from what is wrong)."""

    def verify(self, op) -> None:
        pass


class ConstantValue(HasFolder):
    """A constant folds to its value, so that xDSL's `ConstantLike.get_constant_value` reads it."""

    @classmethod
    def fold(cls, op):
        return (op.properties["value"],)


_MARKERS = ((COMMUTATIVE, Commutative), (ELEMENTWISE, Elementwise), (SAME_OPERANDS_AND_RESULT_TYPE, SameTypes),
            (CONSTANT_LIKE, ConstantLike), (CONSTANT_LIKE, ConstantValue), (TERMINATOR, IsTerminator),
            (RECURSIVE_EFFECTS, RecursiveMemoryEffect), (RECURSIVELY_SPECULATABLE, RecursivelySpeculatable))


def xdsl_traits(cls: type[Op]) -> tuple[OpTrait, ...]:
    """xDSL's traits for a declaration's: PURE with SPECULATABLE is Pure, PURE alone NoMemoryEffect
    (MLIR's Pure is both); the rest one for one."""
    traits = cls.traits
    out: list[OpTrait] = []
    if PURE in traits:
        out.append(Pure() if SPECULATABLE in traits else NoMemoryEffect())
    elif SPECULATABLE in traits:
        out.append(AlwaysSpeculatable())
    out += [make() for trait, make in _MARKERS if trait in traits]
    return tuple(out)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`stablehlo.return %x : T`, the terminator of regions (Pure, as the ODS has it, so that a region
    of effect-free ops is effect-free)."""

    name = "stablehlo.return"
    returned = var_operand_def()
    traits = traits_def(IsTerminator(), Pure())

    @classmethod
    def parse(cls, parser: Parser):
        at = parser.pos
        names = []
        if (first := parser.parse_optional_unresolved_operand()) is not None:
            names.append(first)
            while parser.parse_optional_punctuation(","):
                names.append(parser.parse_unresolved_operand())
        types = []
        if names:
            parser.parse_punctuation(":")
            types = [parser.parse_type()]
            while parser.parse_optional_punctuation(","):
                types.append(parser.parse_type())
        return cls.build(operands=[parser.resolve_operands(names, types, at)])

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_ssa_value)
            printer.print_string(" : " + ", ".join(type_text(v.type) for v in self.operands))
        else:
            printer.print_string(" ")  # as MLIR prints a return of nothing


@irdl_op_definition
class ShardyReturnOp(IRDLOperation):
    """`sdy.return %x : T`, the terminator of Shardy's regions (manual_computation, named_computation),
    written as stablehlo.return is."""

    name = "sdy.return"
    returned = var_operand_def()
    traits = traits_def(IsTerminator(), Pure())
    parse = classmethod(ReturnOp.parse.__func__)
    print = ReturnOp.print


TERMINATORS = (ReturnOp, ShardyReturnOp)  # what ends a region of vitir's dialects

_CLASSES: dict[type[Op], type[DeclaredOp]] = {}


# Declared ops of a dialect xDSL defines itself (func, loaded with it by every parser): the op is
# xDSL's class, not one made from the declaration, and its dialect is not made again. Only the
# importer reads such an op (it inlines a call), so the row is the class alone.
XDSL_OWN: dict[str, Callable[[], type]] = {"func.call": lambda: xdsl_func.CallOp}


def dialect_class(cls: type[Op]) -> type[DeclaredOp]:
    """The IRDL class of a declaration, made on first use (xDSL's own for a row of XDSL_OWN)."""
    made = _CLASSES.get(cls)
    if made is None:
        own = XDSL_OWN.get(cls.NAME)
        made = _CLASSES[cls] = own() if own is not None else _make(cls)
    return made


_OWN = frozenset({"name", "traits", "irdl_options", "DECLARATION"})  # what _make puts in every class


def accessor(field: str) -> str:
    """The xDSL class's accessor of a declaration's field: the field's own name (`op.lhs`, `op.body`,
    `op.perm`), with a trailing underscore where it would hide a member of xDSL's
    operations (a variadic result field named `results` is `op.results_`), as `fb.not_` is spelled."""
    return field + "_" if field in _OWN or hasattr(DeclaredOp, field) else field


def _make(cls: type[Op]) -> type[DeclaredOp]:
    namespace: dict = {"name": cls.NAME, "DECLARATION": cls, "__module__": __name__,
                       "__qualname__": cls.__name__ + "Op", "__doc__": cls.__doc__,
                       "__annotations__": {"DECLARATION": ClassVar}}
    options = []
    for role, single, several, segments in (("operand", operand_def, var_operand_def, SameVariadicOperandSize),
                                            ("result", result_def, var_result_def, SameVariadicResultSize),
                                            ("region", None, None, SameVariadicRegionSize)):
        fields = [f for f in cls.FIELDS if f.role == role] if role != "result" else list(cls.RESULT_FIELDS)
        for f in fields:
            if role == "region":
                namespace[accessor(f.name)] = var_region_def("single_block") if f.variadic else region_def("single_block")
            else:
                namespace[accessor(f.name)] = several() if f.variadic else single()
        if sum(f.variadic for f in fields) > 1:  # MLIR's segment sizes where the declaration says so (chlo.scan)
            sized = role == "operand" and getattr(cls, "SEGMENTS", None) == "attr_sized"
            options.append(AttrSizedOperandSegments(as_property=True) if sized else segments())
    for f in cls.ATTR_FIELDS:
        define = prop_def if f.default is REQUIRED else opt_prop_def
        namespace[accessor(f.name)] = define(bridge(f.kind).constraint, prop_name=f.mlir_name)
    if options:
        namespace["irdl_options"] = tuple(options)
    namespace["traits"] = traits_def(*xdsl_traits(cls))
    if cls.syntax == GENERIC:
        namespace["parse"] = classmethod(_generic_only)
        namespace["print"] = IRDLOperation.print  # xDSL's own generic printer where vitir's is not used
    return irdl_op_definition(type(cls.__name__ + "Op", (DeclaredOp,), namespace))


def _generic_only(cls, parser: Parser):
    parser.raise_error(f"{cls.name} is written in MLIR's generic form: \"{cls.name}\"(...) ...")


def dialects() -> list[Dialect]:
    """The dialects of every declared op (stablehlo, chlo, ...), by the prefix of their names."""
    by_prefix: dict[str, list] = {"stablehlo": [ReturnOp], "sdy": [ShardyReturnOp]}
    for cls in DECLARED:
        if cls.COMPOUND or OPS.get(cls.NAME) is not cls or cls.NAME in XDSL_OWN:
            continue
        by_prefix.setdefault(cls.NAME.split(".")[0], []).append(dialect_class(cls))
    attributes: dict[str, list] = {}  # attributes too, by the prefix of their names (`#chlo<...>`)
    own = {a for cls in DECLARED if OPS.get(cls.NAME) is cls for f in cls.ATTR_FIELDS
           for a in bridge(f.kind).defines}  # those a bridge made for itself
    for attribute in [*ATTRIBUTES, *sorted(own, key=lambda a: a.name)]:
        attributes.setdefault(attribute.name.split(".")[0], []).append(attribute)
    return [Dialect(prefix, ops, attributes.get(prefix, [])) for prefix, ops in by_prefix.items()]


def op_classes() -> dict[str, type]:
    return {op.name: op for d in dialects() for op in d.operations}
