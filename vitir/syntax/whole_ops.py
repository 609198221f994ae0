"""vitir's whole-op syntaxes, each one class (vitir/syntax/declare.py): `print(op, printer)` writes
the op through the printer it is given, and `parse(p, state)` reads it through a TextParser into
the parse state, one grammar that the fast reader and the xDSL bridge's parser both run."""

from __future__ import annotations

from ..ast.attributes import I64_ARRAY, STRING
from ..ast.declare import OPS
from ..ast.quantized import QuantizedTensorType
from ..ast.regions import compact_reducer
from ..ast.types import TensorType
from .declare import WholeOpSyntax
from .format import DISCARDABLE


def _same_count(p, types: list, names: list, at: int) -> None:
    if len(types) != len(names):
        p.error(f"{p.declaration.NAME}: {len(types)} types for {len(names)} operands", at)


class Constant(WholeOpSyntax):
    """`dense<...> : T`; a quantized result's value holds the storage type, which MLIR writes in the
    generic form: `() <{value = dense<...> : S}> : () -> T`."""

    name = "constant"

    def print(self, op, printer) -> str:
        r, value = op.results[0], op.value
        body = value if type(value) is str else printer.dense_text(value, r.type.shape)
        if type(r.type) is QuantizedTensorType:
            stored = TensorType(r.type.shape, r.type.dtype.storage)
            return (f"    {r.ssa} = {op.NAME}() <{{value = dense<{body}> : {stored.text}}}> : () -> "
                    f"{r.type.text}\n")
        return f"    {r.ssa} = {op.NAME} dense<{body}> : {r.type.text}\n"  # stablehlo's, or sdy.constant

    def parse(self, p, state) -> None:
        """`dense<...> : T`, or the form MLIR's parseConstantOp also reads: `() <{value = ...}>
        {attributes} : () -> T`, the value among the properties or the attributes. The value is
        the reader's own (`state.native`): each keeps the literal's spelling its own way."""
        if p.optional("("):
            p.expect(")")
            found = p.constant_dictionaries()
            p.expect(":")
            p.expect("(")
            p.expect(")")
            p.expect("->")
            result = p.type()
            if "value" not in found:
                p.error(f"{p.declaration.NAME} needs a value (`{{value = dense<...> : T}}`)")
            others = [k for k in found if k != "value"]
            if others:
                p.error(f"{p.declaration.NAME} takes no attribute but its value, got {', '.join(others)}")
            value = found["value"]
        else:
            value, result = p.dense_literal()
        state.native["value"] = value
        state.result_types = [result]


class Reduce(WholeOpSyntax):
    """`%r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (T, T0) -> R`
    (MLIR's compact form, for a body of one commutative op of the init's type), or `%r:2 =
    stablehlo.reduce(%x init: %a), (%i init: %b) across ...` then ` reducer(%a0: T0, %x0: T0) (%a1:
    T1, %x1: T1)  {`, the body, `}`."""

    name = "reduce"
    keeps_discardable = True  # prints and reads other dialects' attributes where MLIR writes them

    def print(self, op, printer) -> str:
        results, body = op.results, op.body
        n = len(results)
        simple = body.simple_op() if n == 1 and body.signature[0][0] is op.init_values[0].type else None
        dimensions = I64_ARRAY.pretty(op.dimensions)
        if op.discardable:  # ` {mhlo.sharding = "..."}`, where MLIR writes them
            dimensions += " " + printer.attribute_dictionary(op.discardable)
        if simple is not None:
            (x,), (init,), r = op.inputs, op.init_values, results[0]
            return (f"    {r.ssa} = stablehlo.reduce({x.ssa} init: {init.ssa}) applies {simple.NAME} across "
                    f"dimensions = {dimensions} : ({x.type.text}, {init.type.text}) -> {r.type.text}\n")
        pairs = ", ".join([f"({x.ssa} init: {i.ssa})" for x, i in zip(op.inputs, op.init_values)])
        head = (f"    {printer.results_prefix(op)}stablehlo.reduce{pairs} across dimensions = "
                f"{dimensions} : {printer.functional_type(op)}\n")
        args = body.args
        located = printer.argument_location  # ` loc(...)` with debug info, else ''
        region = " ".join([f"({a.ssa}: {a.type.text}{located(a)}, {b.ssa}: {b.type.text}{located(b)})"
                           for a, b in zip(args[:n], args[n:])])
        return (head + f"     reducer{region}  {{\n"
                + printer.indented(printer.print_ops(body.ops) + printer.region_terminator(body)) + "    }\n")

    def parse(self, p, state) -> None:
        at = p.position()
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
            name_at = p.position()
            name = p.identifier()
            reducer = OPS.get(name)
            if reducer is None or not compact_reducer(reducer) or len(xs) != 1:
                known = ", ".join(n for n, c in OPS.items() if compact_reducer(c))
                p.error(f"unsupported reducer {name} (a reduce of one operand applies one of {known})", name_at)
        p.expect("across")
        p.expect("dimensions")
        p.expect("=")
        state.values["dimensions"] = p.ints()
        attributes = p.attribute_dictionary(state.cls)  # other dialects' (its dimensions are written before)
        if any(name != DISCARDABLE for name in attributes):
            p.error("stablehlo.reduce takes no attributes besides its dimensions", at)
        state.values.update(attributes)
        p.expect(":")
        inputs, outputs = p.function_type()
        n = len(xs)
        _same_count(p, inputs, xs + inits, at)
        state.operands.update(inputs=xs, init_values=inits)
        state.types.update(inputs=inputs[:n], init_values=inputs[n:])
        state.result_types = outputs
        if reducer is not None:
            state.compact_reducer = reducer
            return
        p.expect("reducer")
        accumulators, elements = [], []
        for _ in range(n):
            p.expect("(")
            accumulators.append(p.argument())
            p.expect(",")
            elements.append(p.argument())
            p.expect(")")
        state.regions.append(p.region(accumulators + elements))


class While(WholeOpSyntax):
    """`%r:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : T0, T1`, then on the next line
    `cond {...} do {...}`: the regions' arguments are named once, in the parentheses, their types
    the operands'. Regions whose arguments are named differently print in the generic form, which
    names each."""

    name = "while"

    def print(self, op, printer) -> str:
        cond, body = op.cond, op.body
        if [a.name for a in cond.args] != [a.name for a in body.args]:
            return printer.generic_text(op)
        pairs = ", ".join([f"{a.ssa} = {v.ssa}" for a, v in zip(body.args, op.operands)])
        types = " : " + printer.type_texts(op.operands) if op.operands else ""
        return (f"    {printer.results_prefix(op)}stablehlo.while({pairs}){types}\n"
                f"    cond {printer.region_text(cond, False)} do {printer.region_text(body, False)}\n")

    def parse(self, p, state) -> None:
        at = p.position()
        p.expect("(")
        args, names = [], []
        if not p.optional(")"):
            while True:
                args.append(p.untyped_argument())
                p.expect("=")
                names.append(p.operand())
                if p.optional(")"):
                    break
                p.expect(",")
        types = []
        if names:
            p.expect(":")
            types = p.types()
        _same_count(p, types, names, at)
        if p.optional("attributes"):
            p.error("stablehlo.while takes no attributes")
        state.operands["operand"] = names
        state.types["operand"] = types
        state.result_types = types
        for keyword in ("cond", "do"):
            p.expect(keyword)
            state.regions.append(p.region([p.typed_argument(a, t) for a, t in zip(args, types)]))
        state.shared_arguments = True


class OptimizationBarrier(WholeOpSyntax):
    """`%r:2 = stablehlo.optimization_barrier %a, %b : T0, T1`; `stablehlo.optimization_barrier()` of nothing.
    Other dialects' attributes come first, as StableHLO's format has them (`stablehlo.optimization_barrier
    {sdy.sharding = ...} %a : T`)."""

    name = "optimization_barrier"
    keeps_discardable = True

    def print(self, op, printer) -> str:
        attributes = printer.attribute_dictionary(op.discardable) + " " if op.discardable else ""
        if not op.operands:
            return f"    {printer.results_prefix(op)}stablehlo.optimization_barrier {attributes}()\n"
        return (f"    {printer.results_prefix(op)}stablehlo.optimization_barrier {attributes}"
                f"{printer.ssa_names(op.operands)} : {printer.type_texts(op.operands)}\n")

    def parse(self, p, state) -> None:
        at = p.position()
        if p.at("{"):
            state.values.update(p.attribute_dictionary(state.cls))
        names, types = [], []
        if p.optional("("):
            p.expect(")")
        else:
            names = p.operands()
            p.expect(":")
            types = p.types()
        _same_count(p, types, names, at)
        state.operands["operand"] = names
        state.types["operand"] = types
        state.result_types = types


class Scan(WholeOpSyntax):
    """chlo.scan, as ScanOp::print writes it: `%r:2 = chlo.scan(%x) inits (%c) dimension=0  attributes
    {is_reverse = true} {`, the body, `} : F`."""

    name = "scan"

    def print(self, op, printer) -> str:
        attrs = printer.attr_dict(op, frozenset({"dimension"}))
        head = (f"    {printer.results_prefix(op)}chlo.scan({printer.ssa_names(op.inputs)}) inits "
                f"({printer.ssa_names(op.inits)}) dimension={op.dimension} " + (f" attributes {attrs}" if attrs else ""))
        return f"{head} {printer.region_text(op.body)} : {printer.functional_type(op)}\n"

    def parse(self, p, state) -> None:
        """`(%x, ...) inits (%c, ...) dimension=0 [attributes {...}] {body} : (...) -> (...)`."""
        at = p.position()
        p.expect("(")
        inputs = p.operands()
        p.expect(")")
        p.expect("inits")
        p.expect("(")
        inits = p.operands()
        p.expect(")")
        p.expect("dimension")
        p.expect("=")
        state.values["dimension"] = p.int()
        if p.optional("attributes"):
            values = p.attribute_dictionary(state.cls)
            if "dimension" in values:
                p.error(f"{state.cls.NAME} has no attribute 'dimension'")
            state.values.update(values)
        state.regions.append(p.region())
        p.expect(":")
        types, outputs = p.function_type()
        _same_count(p, types, inputs + inits, at)
        state.operands.update(inputs=inputs, inits=inits)
        state.types.update(inputs=types[:len(inputs)], inits=types[len(inputs):])
        state.result_types = outputs


class Expansion(WholeOpSyntax):
    """A compound node (vitir/ast/ops/compound.py) prints its expansion's ops; the dialect and the
    readers know only the plain ops, whose runs the importers fold back into the node."""

    name = "expansion"

    def print(self, op, printer) -> str:
        return printer.expansion_text(op)


class ShardyRegionOp(WholeOpSyntax):
    """Shardy's manual_computation and named_computation: `%r = sdy.manual_computation(%x)
    in_shardings=[...] out_shardings=[...] manual_axes={"x"} (%a: T) {` and `sdy.named_computation<"f">(%x)
    [in_shardings=[...]] [out_shardings=[...]] (%a: T) {`, the body ending in sdy.return, then
    `} : (T) -> R`. The keyword attributes are the op's fields but the name, in declaration order."""

    name = "sdy_region_op"
    keeps_discardable = True  # other dialects' attributes after the region (`} {foo = 1 : i32} : ...`), as MLIR

    @staticmethod
    def _keywords(cls) -> tuple:
        """The fields written `name=value` before the region."""
        return tuple(f for f in cls.ATTR_FIELDS if f.mlir_name != "name")

    def print(self, op, printer) -> str:
        cls = type(op)
        head = f"    {printer.results_prefix(op)}{cls.NAME}"
        if hasattr(op, "computation_name"):
            head += f"<{STRING.pretty(op.computation_name)}>"
        head += f"({printer.ssa_names(op.operands)})"
        for field in self._keywords(cls):
            value = getattr(op, field.name)
            if value is not None:
                head += f" {field.mlir_name}={field.kind.pretty(value)}"
        args = "(" + ", ".join([f"{a.ssa}: {a.type.text}{printer.argument_location(a)}" for a in op.body.args]) + ")"
        region = printer.region_text(op.body, False, cls.TERMINATOR)
        if op.discardable:
            region += " " + printer.attribute_dictionary(op.discardable)
        return f"{head} {args} {region} : {printer.functional_type(op)}\n"

    def parse(self, p, state) -> None:
        cls = p.declaration
        at = p.position()
        if p.optional("<"):
            state.values["computation_name"] = p.string()
            p.expect(">")
        p.expect("(")
        names = [] if p.optional(")") else p.operands()
        if names:
            p.expect(")")
        for field in self._keywords(cls):
            if p.optional(field.mlir_name):
                p.expect("=")
                state.values[field.name] = field.kind.read(p)
            elif field.default is not None:
                p.error(f"{cls.NAME}: expected {field.mlir_name}=")
        p.expect("(")
        arguments = [] if p.optional(")") else [p.argument()]
        while arguments and not p.optional(")"):
            p.expect(",")
            arguments.append(p.argument())
        state.regions.append(p.region(arguments, cls.TERMINATOR))
        # other dialects' attributes, and its own optional ones, which here win over those written before (as MLIR)
        state.values.update(p.attribute_dictionary(cls))
        p.expect(":")
        types, outputs = p.function_type()
        _same_count(p, types, names, at)
        state.operands[cls.OPERAND_FIELDS[0].name] = names
        state.types[cls.OPERAND_FIELDS[0].name] = types
        state.result_types = outputs
