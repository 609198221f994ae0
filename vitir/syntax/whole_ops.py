"""vitir's whole-op syntaxes, each one class (vitir/syntax/declare.py): its printing, its parse into
the dialect's op on xDSL's parser and, where the fast reader takes it, its reading into that
reader's record."""

from __future__ import annotations

from ..ast.attributes import STRING
from ..ast.declare import OPS
from ..ast.literals import element_literal
from ..ast.quantized import QuantizedTensorType
from ..ast.regions import compact_reducer
from ..ast.types import TensorType
from ..print import attributes as A
from ..print import printer as P
from ..print.syntax import attr_dict, attribute_dictionary, functional_type, results_prefix, ssa_names, type_texts
from .declare import WholeOpSyntax
from .format import DISCARDABLE



def _function_type(parser) -> tuple[list, list]:
    fn = parser.parse_function_type()
    return list(fn.inputs.data), list(fn.outputs.data)


def _type_list(parser) -> list:
    types = [parser.parse_type()]
    while parser.parse_optional_punctuation(","):
        types.append(parser.parse_type())
    return types


class Constant(WholeOpSyntax):
    """`dense<...> : T`; a quantized result's value holds the storage type, which MLIR writes in the
    generic form: `() <{value = dense<...> : S}> : () -> T`."""

    name = "constant"

    def print(self, op) -> str:
        r, value = op.results[0], op.value
        body = value if type(value) is str else P.dense_text(value, r.type.shape)
        if type(r.type) is QuantizedTensorType:
            stored = TensorType(r.type.shape, r.type.dtype.storage)
            return (f"    {r.ssa} = stablehlo.constant() <{{value = dense<{body}> : {stored.text}}}> : () -> "
                    f"{r.type.text}\n")
        return f"    {r.ssa} = stablehlo.constant dense<{body}> : {r.type.text}\n"

    def parse(self, cls, parser):
        """`dense<...> : T`, or the form MLIR's parseConstantOp also reads: `() <{value = ...}>
        {attributes} : () -> T`, the value among the properties or the attributes."""
        from ..mlir.attributes import parse_dense_literal
        from ..mlir.dialect import dialect_class

        if parser.parse_optional_punctuation("(") is not None:
            parser.parse_punctuation(")")
            found = {}
            if parser.parse_optional_punctuation("<") is not None:
                found.update(parser.parse_attribute().data)  # the properties, a dictionary
                parser.parse_punctuation(">")
            attributes = parser.parse_optional_attr_dict()
            found.update(attributes)
            parser.parse_punctuation(":")
            parser.parse_punctuation("(")
            parser.parse_punctuation(")")
            parser.parse_punctuation("->")
            result = parser.parse_type()
            if "value" not in found:
                parser.raise_error("stablehlo.constant needs a value (`{value = dense<...> : T}`)")
            others = {k: v for k, v in found.items() if k != "value"}
            if others:
                parser.raise_error(f"stablehlo.constant takes no attribute but its value, got {', '.join(others)}")
            return dialect_class(cls).build(properties={"value": found["value"]}, result_types=[result])
        parser.parse_keyword("dense")
        value = parse_dense_literal(parser)
        return dialect_class(cls).build(properties={"value": value}, result_types=[value.type])

    def read(self, reader, cls, results):
        """The splat form, or the dense form of several elements (read by the bridge's reader)."""
        tok = reader.next()
        if not tok.startswith("dense<"):
            reader.error("a constant's generic form")
        body = tok[6:-1]
        reader.expect(":")
        ty = reader.type()
        splat = reader.splat(body)
        if splat is not None:
            value = element_literal(splat, ty.dtype)
        else:
            from ..mlir.attributes import dense_elements
            from ..mlir.kinds import xdsl_type

            value = tuple(element_literal(literal, ty.dtype) for literal in dense_elements(body, xdsl_type(ty)))
        return reader.record(cls, results, {"value": value}, [], [], [ty])


class Reduce(WholeOpSyntax):
    """`%r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (T, T0) -> R`
    (MLIR's compact form, for a body of one commutative op of the init's type), or `%r:2 =
    stablehlo.reduce(%x init: %a), (%i init: %b) across ...` then ` reducer(%a0: T0, %x0: T0) (%a1:
    T1, %x1: T1)  {`, the body, `}`."""

    name = "reduce"
    keeps_discardable = True  # prints and reads other dialects' attributes where MLIR writes them

    def print(self, op) -> str:
        results, body = op.results, op.body
        n = len(results)
        simple = body.simple_op() if n == 1 and body.signature[0][0] is op.init_values[0].type else None
        if simple is not None:
            (x,), (init,), r = op.inputs, op.init_values, results[0]
            return (f"    {r.ssa} = stablehlo.reduce({x.ssa} init: {init.ssa}) applies {simple.NAME} across "
                    f"dimensions = {A.ints(op.dimensions)}{_others(op)} : ({x.type.text}, {init.type.text}) -> "
                    f"{r.type.text}\n")
        pairs = ", ".join([f"({x.ssa} init: {i.ssa})" for x, i in zip(op.inputs, op.init_values)])
        head = (f"    {results_prefix(op)}stablehlo.reduce{pairs} across dimensions = "
                f"{A.ints(op.dimensions)}{_others(op)} : {functional_type(op)}\n")
        args = body.args
        region = " ".join([f"({a.ssa}: {a.type.text}, {b.ssa}: {b.type.text})" for a, b in zip(args[:n], args[n:])])
        return (head + f"     reducer{region}  {{\n"
                + P.indented(P.print_ops(body.ops) + P.terminator_text(body.results)) + "    }\n")

    def parse(self, cls, parser):
        from xdsl.dialects.builtin import DenseArrayBase, i64
        from xdsl.ir import Block, Region

        from ..mlir.dialect import ReturnOp, dialect_class
        from ..mlir.syntax import XdslTextParser
        from ..mlir.xdsl_adapter import position

        at = position(parser)
        p = XdslTextParser(parser, cls)
        xs, inits, reducer, dims = _reduce_head(p)
        attrs = parser.parse_optional_attr_dict()  # discardable ones (its dimensions are written before)
        parser.parse_punctuation(":")
        inputs, outputs = p.function_type()
        operands = parser.resolve_operands(xs + inits, inputs, at)
        n = len(xs)
        if reducer is not None:
            element = operands[1].type
            block = Block(arg_types=[element, element])
            inner = dialect_class(reducer).build(operands=list(block.args), result_types=[element])
            block.add_ops([inner, ReturnOp.build(operands=[[inner.results[0]]])])
            body = Region(block)
        else:
            body = parser.parse_region(_reducer_arguments(p, n))
        return dialect_class(cls).build(operands=[operands[:n], operands[n:]], result_types=[outputs],
                                        regions=[body], properties={"dimensions": DenseArrayBase.from_list(i64, dims)},
                                        attributes=attrs)

    def read(self, reader, cls, results):
        xs, inits, reducer, dims = _reduce_head(reader)
        values = {"dimensions": dims}
        if reader.at("{"):
            values[DISCARDABLE] = reader.attribute_dict()
        reader.expect(":")
        inputs, outputs = reader.functional_type()
        n = len(xs)
        if len(inputs) != 2 * n:
            reader.error("operand types")
        regions = ()
        if reducer is not None:
            values["__reducer__"] = reducer
        else:
            regions = (reader.region(_reducer_arguments(reader, n)),)
        return reader.record(cls, results, values, [xs, inits], [inputs[:n], inputs[n:]], outputs, regions)


def _others(op) -> str:
    """` {mhlo.sharding = "..."}`: the op's attributes of other dialects, where MLIR writes them."""
    return " " + attribute_dictionary(op.discardable) if op.discardable else ""


def _reduce_head(p) -> tuple:
    """`(%x init: %a), (%i init: %b) [applies stablehlo.add] across dimensions = [1]`: the inputs, the
    inits, the compact body's op (or None) and the dimensions, read by either parser (a TextParser)."""
    xs, inits = [], []
    while True:
        p.expect("(")
        xs.append(p.operand())
        p.expect("init")
        p.expect(":")
        inits.append(p.operand())
        p.expect(")")
        if not p.optional(","):
            break
    reducer = None
    if p.optional("applies"):
        at = p.position()
        name = p.identifier()
        reducer = OPS.get(name)
        if reducer is None or not compact_reducer(reducer) or len(xs) != 1:
            known = ", ".join(n for n, c in OPS.items() if compact_reducer(c))
            p.error(f"unsupported reducer {name} (a reduce of one operand applies one of {known})", at)
    p.expect("across")
    p.expect("dimensions")
    p.expect("=")
    return xs, inits, reducer, p.ints()


def _reducer_arguments(p, n: int) -> list:
    """` reducer(%a0: T0, %x0: T0) (%a1: T1, %x1: T1)`: the accumulators' arguments, then the elements'."""
    p.expect("reducer")
    accumulators, elements = [], []
    for _ in range(n):
        p.expect("(")
        accumulators.append(p.argument())
        p.expect(",")
        elements.append(p.argument())
        p.expect(")")
    return accumulators + elements


class While(WholeOpSyntax):
    """`%r:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : T0, T1`, then on the next line
    `cond {...} do {...}`: the regions' arguments are named once, in the parentheses, their types
    the operands'. Regions whose arguments are named differently print in the generic form, which
    names each."""

    name = "while"

    def print(self, op) -> str:
        cond, body = op.cond, op.body
        if [a.name for a in cond.args] != [a.name for a in body.args]:
            return P.generic_text(op)
        pairs = ", ".join([f"{a.ssa} = {v.ssa}" for a, v in zip(body.args, op.operands)])
        types = " : " + type_texts(op.operands) if op.operands else ""
        return (f"    {results_prefix(op)}stablehlo.while({pairs}){types}\n"
                f"    cond {P.region_text(cond, False)} do {P.region_text(body, False)}\n")

    def parse(self, cls, parser):
        from ..mlir.dialect import dialect_class
        from ..mlir.xdsl_adapter import position

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

    def read(self, reader, cls, results):
        reader.expect("(")
        args, operands = [], []
        if not reader.optional(")"):
            while True:
                args.append(reader.ssa())
                reader.expect("=")
                operands.append(reader.ssa())
                if reader.optional(")"):
                    break
                reader.expect(",")
        types = []
        if operands:
            reader.expect(":")
            types = reader.types()
        if len(types) != len(operands):
            reader.error("operand types")
        typed = list(zip(args, types))
        reader.expect("cond")
        cond = reader.region(typed)
        reader.expect("do")
        body = reader.region(typed)
        return reader.record(cls, results, {"__shared_arguments__": True}, [operands], [types], types,
                             (cond, body))


class OptimizationBarrier(WholeOpSyntax):
    """`%r:2 = stablehlo.optimization_barrier %a, %b : T0, T1`; `stablehlo.optimization_barrier()` of nothing."""

    name = "optimization_barrier"

    def print(self, op) -> str:
        if not op.operands:
            return f"    {results_prefix(op)}stablehlo.optimization_barrier()\n"
        return (f"    {results_prefix(op)}stablehlo.optimization_barrier {ssa_names(op.operands)} : "
                f"{type_texts(op.operands)}\n")

    def parse(self, cls, parser):
        from ..mlir.dialect import dialect_class
        from ..mlir.syntax import operand_list
        from ..mlir.xdsl_adapter import position

        at = position(parser)
        names, types = [], []
        if parser.parse_optional_punctuation("(") is not None:
            parser.parse_punctuation(")")
        else:
            names = operand_list(parser)
            parser.parse_punctuation(":")
            types = _type_list(parser)
        if len(types) != len(names):
            parser.raise_error(f"stablehlo.optimization_barrier: {len(types)} types for {len(names)} operands", at)
        operands = parser.resolve_operands(names, types, at)
        return dialect_class(cls).build(operands=[operands], result_types=[types])


class Scan(WholeOpSyntax):
    """chlo.scan, as ScanOp::print writes it: `%r:2 = chlo.scan(%x) inits (%c) dimension=0  attributes
    {is_reverse = true} {`, the body, `} : F`."""

    name = "scan"

    def print(self, op) -> str:
        attrs = attr_dict(op, frozenset({"dimension"}))
        head = (f"    {results_prefix(op)}chlo.scan({ssa_names(op.inputs)}) inits ({ssa_names(op.inits)}) "
                f"dimension={op.dimension} " + (f" attributes {attrs}" if attrs else ""))
        return f"{head} {P.region_text(op.body)} : {functional_type(op)}\n"

    def parse(self, cls, parser):
        """`(%x, ...) inits (%c, ...) dimension=0 [attributes {...}] {body} : (...) -> (...)`."""
        from ..mlir.dialect import dialect_class
        from ..mlir.kinds import bridge
        from ..mlir.xdsl_adapter import position

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
        return dialect_class(cls).build(operands=[operands[:n], operands[n:]], result_types=[outputs],
                                        regions=[body], properties=properties)


class Expansion(WholeOpSyntax):
    """A compound node (vitir/ast/ops/compound.py) prints its expansion's ops; the dialect and the
    readers know only the plain ops, whose runs the importers fold back into the node."""

    name = "expansion"

    def print(self, op) -> str:
        return P.expansion_text(op)


class ShardyRegionOp(WholeOpSyntax):
    """Shardy's manual_computation and named_computation: `%r = sdy.manual_computation(%x)
    in_shardings=[...] out_shardings=[...] manual_axes={"x"} (%a: T) {` and `sdy.named_computation<"f">(%x)
    [in_shardings=[...]] [out_shardings=[...]] (%a: T) {`, the body ending in sdy.return, then
    `} : (T) -> R`. The keyword attributes are the op's sharding fields, in declaration order."""

    name = "sdy_region_op"

    @staticmethod
    def _keywords(cls) -> tuple:
        """The fields written `name=value` before the region: (field, required)."""
        return tuple((f, f.default is not None) for f in cls.ATTR_FIELDS if f.mlir_name != "name")

    def print(self, op) -> str:
        cls = type(op)
        head = f"    {results_prefix(op)}{cls.NAME}"
        if hasattr(op, "computation_name"):
            head += f"<{A.pretty(STRING, op.computation_name)}>"
        head += f"({ssa_names(op.operands)})"
        for field, _ in self._keywords(cls):
            value = getattr(op, field.name)
            if value is not None:
                head += f" {field.mlir_name}={A.pretty(field.kind, value)}"
        args = "(" + ", ".join([f"{a.ssa}: {a.type.text}" for a in op.body.args]) + ")"
        return f"{head} {args} {P.region_text(op.body, False, cls.TERMINATOR)} : {functional_type(op)}\n"

    def parse(self, cls, parser):
        from ..mlir.dialect import dialect_class
        from ..mlir.kinds import bridge
        from ..mlir.xdsl_adapter import position

        at = position(parser)
        properties = {}
        if parser.parse_optional_punctuation("<") is not None:
            properties["name"] = bridge(STRING).to_xdsl(parser.parse_str_literal())
            parser.parse_punctuation(">")
        names = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        for field, required in self._keywords(cls):
            if parser.parse_optional_keyword(field.mlir_name) is None:
                if required:
                    parser.raise_error(f"{cls.NAME}: expected {field.mlir_name}=")
                continue
            parser.parse_punctuation("=")
            properties[field.mlir_name] = bridge(field.kind).to_xdsl(bridge(field.kind).parse(parser))
        args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)
        body = parser.parse_region(args)
        parser.parse_punctuation(":")
        types, outputs = _function_type(parser)
        if len(types) != len(names):
            parser.raise_error(f"{cls.NAME}: {len(types)} operand types for {len(names)} operands", at)
        operands = parser.resolve_operands(names, types, at)
        return dialect_class(cls).build(operands=[operands], result_types=[outputs], regions=[body],
                                        properties=properties)

    def read(self, reader, cls, results):
        values = {}
        if reader.optional("<"):
            values["computation_name"] = reader.string()
            reader.expect(">")
        reader.expect("(")
        operands = reader.until_close(reader.ssa)
        for field, required in self._keywords(cls):
            if reader.optional(field.mlir_name):
                reader.expect("=")
                values[field.name] = field.kind.read(reader)
            elif required:
                reader.error(f"expected {field.mlir_name}=")
        reader.expect("(")
        args = reader.until_close(reader.argument)
        body = reader.region(args, cls.TERMINATOR)
        reader.expect(":")
        types, outputs = reader.functional_type()
        if len(types) != len(operands):
            reader.error("operand types")
        return reader.record(cls, results, values, [operands], [types], outputs, (body,))
