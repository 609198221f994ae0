"""vitir's AST -> VHLO at a target version, directly: the generic IR of a portable artifact without
printing the module and parsing it back with xDSL.

downgrade.py converts an op from what xDSL's parse of it holds: its name, its attributes (xDSL's),
its operands', results' and region arguments' types. Here an AST op is shown to it as the same
(`_View`), each attribute through its kind's bridge (vitir/mlir/bridges.py, the table keyed by the
declaration's kinds), and what downgrade.py makes of it (the VHLO op name, its properties and
attribute dictionary) is kept by everything it read: the op's class, its attribute values, its
discardable attributes and its types. A program's ~11,000 ops are a few hundred such keys, so the
conversion runs a few hundred times and the rest is a dictionary look-up; operands, results, blocks
and regions are mapped one to one. No code per op: the declarations (which attributes an op has,
by what kind, under what MLIR name) and VHLO's tables (downgrade.py) decide everything.

What the AST holds that is not one op of the artifact (a compound node, which prints several) or a
region the AST does not hold as one block makes its function `Fallback`: that function alone is
printed and converted from xDSL's parse (downgrade.py), in the same conversion, so numbering and
use-list orders are the module's.
"""

from __future__ import annotations

from operator import attrgetter

from ...ast.attributes import DenseLiteralKind
from ...ast.gc_pause import gc_paused
from .downgrade import FUNCTION, Downgrade, _Newer, builtin_location, literal_bytes
from ...ast.ops import Call
from .errors import BytecodeError
from .ir import Block, Operation, Region, Value
from .reader import UNKNOWN_LOCATION

_MISSING = object()
RETURN = "stablehlo.return"  # what ends a region, unless its op's class names its own TERMINATOR


class Fallback(Exception):
    """A function the direct conversion does not take (downgrade.py's route from xDSL takes it)."""


class _Value:
    """An operand, result or region argument as downgrade.py reads one: its xDSL type."""

    __slots__ = ("type",)

    def __init__(self, type_):
        self.type = type_


class _Block:
    __slots__ = ("args",)

    def __init__(self, args):
        self.args = args


class _Region:
    __slots__ = ("blocks",)

    def __init__(self, blocks):
        self.blocks = blocks


class _View:
    """An AST op as downgrade.py's `head` reads xDSL's parse of it."""

    __slots__ = ("name", "properties", "attributes", "operands", "results", "regions")

    def __init__(self, name, properties, attributes, operands, results, regions):
        self.name, self.properties, self.attributes = name, properties, attributes
        self.operands, self.results, self.regions = operands, results, regions


def _xdsl_values(types) -> list:
    from ..kinds import xdsl_type

    return [_Value(xdsl_type(t)) for t in types]


_PARSED: dict = {}  # an attribute's MLIR text -> xDSL's attribute


def _parsed_attribute(text: str | None):
    """xDSL's attribute of a discardable attribute's text (None: a unit attribute)."""
    found = _PARSED.get(text)
    if found is None:
        if text is None:
            from xdsl.dialects.builtin import UnitAttr

            found = UnitAttr()
        else:
            from ..parse import ExactNameParser, context

            found = ExactNameParser(context(), text, "<attribute>").parse_attribute()
        _PARSED[text] = found
    return found


def _literals(converter: Downgrade, op, value):
    """A constant's value (one literal, a splat, or one per element) as the converter's dense elements
    of its result type (VHLO's tensor, or the builtin dense elements of plain bytecode)."""
    from ..attributes import element_text
    from ..kinds import xdsl_type

    result = xdsl_type(op.results[0].type)
    element = element_text(result.get_element_type())
    literals = [value] if type(value) is str else value
    return converter.elements(result, literal_bytes(element, literals))


# Kinds whose bridge has no conversion to xDSL (it needs more than the value): made the converter's here.
_DIRECT = {DenseLiteralKind: _literals}


def _xdsl_attributes(converter: Downgrade, op) -> dict:
    """The op's declared attributes present, by MLIR name, as xDSL holds them (each kind's bridge), or
    as VHLO's where the bridge has no conversion."""
    from ..bridges import bridge

    out = {}
    for field in op.ATTR_FIELDS:
        value = getattr(op, field.name)
        if value is None:
            continue
        direct = _DIRECT.get(type(field.kind))
        if direct is not None:
            out[field.mlir_name] = direct(converter, op, value)
            continue
        to_xdsl = bridge(field.kind).to_xdsl
        if to_xdsl is None:
            raise Fallback(f"{op.NAME}'s {field.mlir_name}: no conversion of its kind")
        out[field.mlir_name] = to_xdsl(value)
    return out


class AstDowngrade:
    """One vitir Module -> VHLO at the converter's version, as the writer's generic IR."""

    def __init__(self, converter: Downgrade, locations: bool = False):
        self.converter = converter
        self.locations = locations  # kept (else every one unknown, as --strip-debuginfo writes them)
        self.values: dict = {}  # AST value -> the generic IR's
        self.types: dict = {}  # AST type -> VHLO's
        self.heads: dict = {}  # everything `head` reads of an op -> what it made
        self.getters: dict = {}  # op class -> what reads its attribute values
        self.downgraded: set = set()  # the ops VhloToVersion re-creates, of the function being converted
        # id(vitir Location) -> (it, its builtin attribute): a location's hash walks its parts (a call
        # site's both sides), and most ops share theirs with others; the Module holds them meanwhile
        self.located: dict = {}

    # -- types and values ---------------------------------------------------------------------------
    def type(self, t):
        found = self.types.get(t)
        if found is None:
            from ..kinds import xdsl_type

            found = self.types[t] = self.converter.type(xdsl_type(t))
        return found

    def define(self, v) -> Value:
        """A block argument, with its location."""
        found = self.values[v] = Value(self.type(v.type), self.location(v))
        return found

    def location(self, node):
        """`node`'s location, or the unknown one when locations are stripped: then `node.location` is
        not read (a text reader's pending location, made real, builds the text's whole token table)."""
        if not self.locations:
            return UNKNOWN_LOCATION
        loc = node.location
        found = self.located.get(id(loc))
        if found is None or found[0] is not loc:
            found = self.located[id(loc)] = (loc, builtin_location(loc))
        return found[1]

    def use(self, v) -> Value:
        found = self.values.get(v)
        if found is None:
            raise Fallback(f"{v.ssa} is used before it is defined")
        return found

    # -- ops ----------------------------------------------------------------------------------------
    def head(self, cls, name: str, op, operand_types: tuple, result_types: tuple, region_signatures: tuple,
             values: tuple = ()):
        """downgrade.py's `head` of the op, kept by everything it reads (`values`: its attributes')."""
        discardable = op.discardable if op is not None else ()
        key = (cls, name, values, discardable, operand_types, result_types, region_signatures)
        found = self.heads.get(key, _MISSING)
        if found is _MISSING:
            view = _View(name, _xdsl_attributes(self.converter, op) if op is not None else {},
                         {k: _parsed_attribute(t) for k, t in discardable},
                         _xdsl_values(operand_types), _xdsl_values(result_types),
                         [_Region([_Block(_xdsl_values(args))]) for args, _ in region_signatures])
            try:
                found = self.converter.head(view)
            except _Newer as reason:
                raise self.converter.refusal(view, reason) from None
            self.heads[key] = found
        return found

    def _attribute_values(self, cls):
        """What reads an op's attribute values as one tuple (made once per class)."""
        if cls.COMPOUND or cls.MODULE_LEVEL:
            raise Fallback(f"{cls.NAME} is not one op of the artifact")
        names = [f.name for f in cls.ATTR_FIELDS]
        getter = (lambda op: ()) if not names else attrgetter(*names) if len(names) > 1 else \
            (lambda op, get=attrgetter(names[0]): (get(op),))
        self.getters[cls] = getter
        return getter

    def ops(self, nodes) -> list[Operation]:
        """A block's AST ops -> the generic IR's, in one loop with its tables in locals (no call per op:
        the program's ~11,000 ops are nearly all one or two operands and one result)."""
        values, types, heads, getters = self.values, self.types, self.heads, self.getters
        locations, downgraded = self.locations, self.downgraded
        converted_ops = []
        append = converted_ops.append
        for op in nodes:
            cls = op.__class__
            if cls is Call:
                append(self.call(op))
                continue
            getter = getters.get(cls) or self._attribute_values(cls)
            ast_operands = op.operands
            try:
                if len(ast_operands) == 1:
                    (first,) = ast_operands
                    operands, operand_types = [values[first]], (first.type,)
                elif len(ast_operands) == 2:
                    first, second = ast_operands
                    operands, operand_types = [values[first], values[second]], (first.type, second.type)
                else:
                    operands = [values[o] for o in ast_operands]
                    operand_types = tuple([o.type for o in ast_operands])
            except KeyError:
                raise Fallback(f"{cls.NAME} uses a value before it is defined") from None
            regions = op.regions() if cls.REGION_FIELDS else ()
            if regions and any(r is None for r in regions):
                raise Fallback(f"{cls.NAME} with a region absent")
            op_results = op.results
            if len(op_results) == 1:
                result_types = (op_results[0].type,)
            else:
                result_types = tuple([r.type for r in op_results])
            signatures = tuple([r.signature for r in regions]) if regions else ()
            attribute_values = getter(op)
            # `head`'s key, looked up here first: all but a few hundred of a program's ops find it
            found = heads.get((cls, cls.NAME, attribute_values, op.discardable, operand_types, result_types,
                               signatures))
            if found is None:
                found = self.head(cls, cls.NAME, op, operand_types, result_types, signatures, attribute_values)
            name, properties, dictionary, is_downgraded = found
            results = []
            for r in op_results:
                result = values[r] = Value(types.get(r.type) or self.type(r.type), UNKNOWN_LOCATION)
                results.append(result)
            location = self.location(op) if locations else UNKNOWN_LOCATION
            if regions:
                converted = Operation(name, location, dictionary, properties, results, operands, [],
                                      [self.region(r, location, getattr(cls, "TERMINATOR", RETURN)) for r in regions])
            else:
                converted = Operation(name, location, dictionary, properties, results, operands)
            if is_downgraded:
                downgraded.add(id(converted))
            append(converted)
        return converted_ops

    def call(self, op) -> Operation:
        """A call the reader kept (vitir/text/kept_calls.py): `func.call @callee`."""
        operand_types, result_types = tuple([o.type for o in op.operands]), tuple([r.type for r in op.results])
        key = (Call, op.callee, operand_types, result_types)
        found = self.heads.get(key)
        if found is None:
            from xdsl.dialects.builtin import SymbolRefAttr

            view = _View("func.call", {"callee": SymbolRefAttr(op.callee)}, {}, _xdsl_values(operand_types),
                         _xdsl_values(result_types), [])
            found = self.heads[key] = self.converter.head(view)
        name, properties, dictionary, downgraded = found
        operands = [self.use(o) for o in op.operands]
        results = []
        for r in op.results:
            results.append(Value(self.type(r.type), UNKNOWN_LOCATION))
            self.values[r] = results[-1]
        converted = Operation(name, self.location(op), dictionary, properties, results, operands)
        if downgraded:
            self.downgraded.add(id(converted))
        return converted

    def region(self, region, owner, terminator: str = "stablehlo.return") -> Region:
        """`owner`: the location of the op holding it, which a compact body's arguments and ops take
        (as StableHLO's parser gives them); `terminator`: the op that ends its block (the holder's
        TERMINATOR where its dialect has its own: `sdy.return`)."""
        if type(region).__name__ == "BinaryRegion":  # `applies stablehlo.add`: one op of the two arguments
            element = region.element_type
            arguments = [Value(self.type(element), owner) for _ in range(2)]
            result = Value(self.type(element), UNKNOWN_LOCATION)
            name, properties, dictionary, downgraded = self.head(
                region.op_class, region.op_class.NAME, None, (element, element), (element,), ())
            inner = Operation(name, owner, dictionary, properties, [result], arguments)
            if downgraded:
                self.downgraded.add(id(inner))
            return Region([Block(arguments, [inner, self.terminator([result], [element], owner)])])
        arguments = [self.define(a) for a in region.args]
        ops = self.ops(region.ops)
        ops.append(self.terminator([self.use(v) for v in region.results], [v.type for v in region.results],
                                   self.location(region), terminator))
        return Region([Block(arguments, ops)])

    def terminator(self, operands: list, types: list, location, name: str = "stablehlo.return") -> Operation:
        vhlo_name, properties, dictionary, _ = self.head(None, name, None, tuple(types), (), ())
        return Operation(vhlo_name, location, dictionary, properties, [], operands)

    def function(self, fn, visibility: str | None = None) -> Operation:
        from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, FunctionType, StringAttr

        from ..kinds import xdsl_type

        attributes = {"sym_name": StringAttr(fn.name),
                      "function_type": FunctionType.from_lists([xdsl_type(a.type) for a in fn.args],
                                                               [xdsl_type(t) for t in fn.result_types])}
        for key, groups in (("arg_attrs", fn.arg_attributes), ("res_attrs", fn.result_attributes)):
            if groups and any(groups):
                attributes[key] = ArrayAttr([DictionaryAttr({k: _parsed_attribute(t) for k, t in pairs})
                                             for pairs in groups])
        for key, text in fn.attributes:
            attributes[key] = _parsed_attribute(text)
        if visibility is not None:
            attributes["sym_visibility"] = StringAttr(visibility)
        view = _View("func.func", attributes, {}, [], [], [])
        try:
            name, properties, dictionary, _ = self.converter.head(view)
        except _Newer as reason:
            raise self.converter.refusal(view, reason) from None
        arguments = [self.define(a) for a in fn.args]
        ops = self.ops(fn.ops)
        ops.append(self.terminator([self.use(v) for v in fn.ret.operands], [v.type for v in fn.ret.operands],
                                   self.location(fn.ret), "func.return"))
        return Operation(name, self.location(fn), dictionary, properties,
                         regions=[Region([Block(arguments, ops)])], isolated=name == FUNCTION)


@gc_paused
def downgrade_ast(module, converter: Downgrade, visibility: dict | None = None, locations: bool = False,
                  kept_calls: bool = False) -> Operation:
    """vitir's Module -> the artifact's `builtin.module` op. The module's own attributes and its
    module-level ops (few, and all but functions) through xDSL's parse of the module without its
    functions; each function directly, or through xDSL's parse of it alone when it falls back.
    `visibility`: function name -> `public`/`private`, as the text read into `module` spelled it
    (the default readers keep none; an artifact keeps what the text spelled), else the function's own. `locations`: keep each one.
    `kept_calls`: the module holds calls (vitir/text/kept_calls.py), which cannot be printed: a
    function the direct conversion does not take raises Fallback (the caller parses the text whole)."""
    from ...print import print_module
    from ..parse import parse_text

    shell = parse_text(print_module(module.with_functions([]), debug_info=locations), verify=False)
    converter.locations = shell.locations if locations else None  # module-level ops' (plain bytecode keeps them)
    root = converter.module(shell.module)
    converter.locations = None
    body = root.regions[0].blocks[0].operations
    direct = AstDowngrade(converter, locations)
    root.location = direct.location(module)
    for fn in module.functions:
        direct.downgraded = set()
        try:
            body.append(direct.function(fn, (visibility or {}).get(fn.name, fn.visibility)))
            converter.downgraded |= direct.downgraded
        except BytecodeError:  # a refusal: xDSL's route words it the same
            raise
        except Exception as reason:  # noqa: BLE001 - Fallback, or what the direct route does not expect: xDSL's route decides
            if kept_calls:
                raise Fallback(f"@{fn.name}: {reason}") from None
            alone = module.with_functions([fn])
            parsed = parse_text(print_module(alone, debug_info=locations), verify=False)
            converter.locations = converter.printed_locations(alone, parsed) if locations else None
            body.append(converter.op(list(parsed.module.body.block.ops)[-1], "builtin.module"))
            converter.locations = None
    return root


__all__ = ["AstDowngrade", "Fallback", "downgrade_ast"]
