"""vitir's custom directives, each one class that prints and parses (vitir/syntax/declare.py), as
StableHLO's custom<...> directives write their text."""

from __future__ import annotations

import re

from ..ast.attributes import BOOL_ARRAY, I64_ARRAY, PAIRS, SYMBOL, DotDimensions
from ..ast.sharding import REDUCTIONS, axes_text, list_of_axes_text, read_axes
from .declare import CustomDirective


class SliceRanges(CustomDirective):
    """slice's `[0:4, 1:8:2]`: each dimension's start, limit and stride (a stride of 1 left out)."""

    name = "slice_ranges"
    parameters = ("start", "limit", "strides")

    def print(self, start, limit, strides) -> str:
        return "[" + ", ".join(f"{a}:{b}" if s == 1 else f"{a}:{b}:{s}" for a, b, s in zip(start, limit, strides)) + "]"

    def parse(self, p, arguments) -> tuple:
        def bounds():
            a = p.int()
            p.expect(":")
            b = p.int()
            return a, b, p.int() if p.optional(":") else 1

        ranges = p.bracketed(bounds)
        return tuple(zip(*ranges)) if ranges else ((), (), ())


class DotDimensionNumbers(CustomDirective):
    """dot_general's `batching_dims = [0] x [0], contracting_dims = [2] x [1]` (no batching part
    when there are none)."""

    name = "dot_dimensions"
    parameters = ("dimension_numbers",)

    def print(self, numbers) -> str:
        lb, rb, lc, rc = numbers
        ints = I64_ARRAY.pretty
        batch = f"batching_dims = {ints(lb)} x {ints(rb)}, " if lb or rb else ""
        return f"{batch}contracting_dims = {ints(lc)} x {ints(rc)}"

    def parse(self, p, arguments) -> tuple:
        batch = ((), ())
        if p.optional("batching_dims"):
            p.expect("=")
            batch = _pair(p)
            p.expect(",")
        p.expect("contracting_dims")
        p.expect("=")
        contract = _pair(p)
        return (DotDimensions(batch[0], batch[1], contract[0], contract[1]),)


def _pair(p) -> tuple:
    """`[0] x [1]`: the lhs's dimensions and the rhs's."""
    lhs = p.ints()
    p.expect("x")
    return lhs, p.ints()


class Window(CustomDirective):
    """convolution's window entries, those present: `stride = [4, 4], pad = [[0, 0], [1, 1]],
    lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]` (inside the format's braces)."""

    name = "window"
    parameters = ("stride", "pad", "lhs_dilate", "rhs_dilate", "reverse")

    KINDS = (I64_ARRAY, PAIRS, I64_ARRAY, I64_ARRAY, BOOL_ARRAY)  # each entry's, in `parameters` order

    def print(self, *entries) -> str:
        return ", ".join([f"{key} = {kind.pretty(value)}" for key, kind, value in zip(self.parameters, self.KINDS, entries)
                          if value is not None])

    def parse(self, p, arguments) -> tuple:
        values = [None] * len(self.parameters)
        if p.at("}"):  # `window = {}`
            return tuple(values)
        while True:
            key = p.identifier()
            if key not in self.parameters:
                p.error(f"unknown window entry '{key}' (known: {', '.join(self.parameters)})")
            i = self.parameters.index(key)
            if values[i] is not None:
                p.error(f"window entry '{key}' given twice")
            p.expect("=")
            values[i] = p.attribute(arguments[i].kind)
            if not p.optional(","):
                return tuple(values)


class Operands(CustomDirective):
    """MLIR's `operands` directive: every operand, in order, comma-separated, shared out over the
    fields (the one variadic field takes what the others leave; it may hold none)."""

    name = "operands"
    parameters = None

    def print(self, *fields) -> str:
        return ", ".join([v.ssa for f in fields for v in (f if type(f) is tuple else (f,))])

    def parse(self, p, arguments) -> tuple:
        found = p.operands()
        variadic = sum(a.variadic for a in arguments)
        fixed = len(arguments) - variadic
        spare = len(found) - fixed
        if variadic > 1 or spare < 0 or (spare and not variadic):
            p.error(f"{p.declaration.NAME} takes {fixed}{' or more' * bool(variadic)} operands, got {len(found)}")
        out, at = [], 0
        for a in arguments:
            if a.variadic:
                out.append(found[at:at + spare])
                at += spare
            else:
                out.append(found[at])
                at += 1
        return tuple(out)


class SelectType(CustomDirective):
    """select's types (MLIR's custom<SelectOpType>): `Tpred, T` when both branches have the result's
    type, else the functional type."""

    name = "select_type"
    parameters = ("type:pred", "type:on_true", "type:on_false", "type:result")

    def print(self, pred, on_true, on_false, result) -> str:
        if on_true is result and on_false is result:
            return pred.text + ", " + result.text
        return f"({pred.text}, {on_true.text}, {on_false.text}) -> {result.text}"

    def parse(self, p, arguments) -> tuple:
        at = p.position()
        fn = p.optional_function_type()
        if fn is None:
            pred = p.type()
            p.expect(",")
            result = p.type()
            return pred, result, result, result
        inputs, outputs = fn
        if len(inputs) != 3 or len(outputs) != 1:
            p.error(f"{p.declaration.NAME}: {len(inputs)} operand types for 3 operands", at)
        return (*inputs, outputs[0])


class ComplexType(CustomDirective):
    """stablehlo.complex's `tensor<2xcomplex<f32>>` when both parts have the result's part type,
    else the functional type (MLIR's custom<ComplexOpType>)."""

    name = "complex_type"
    parameters = ("type:lhs", "type:rhs", "type:result")

    def print(self, lhs, rhs, result) -> str:
        if lhs is rhs and lhs.dtype is result.dtype.part and lhs.shape == result.shape:
            return result.text
        return f"({lhs.text}, {rhs.text}) -> {result.text}"

    def parse(self, p, arguments) -> tuple:
        at = p.position()
        fn = p.optional_function_type()
        if fn is None:
            ty = p.type()
            part = p.complex_parts(ty, at)
            return part, part, ty
        inputs, outputs = fn
        if len(inputs) != 2 or len(outputs) != 1:
            p.error(f"{p.declaration.NAME}: {len(inputs)} operand types for 2 operands", at)
        return (*inputs, outputs[0])


class TupleType(CustomDirective):
    """stablehlo.tuple's type: the tuple of its operands' types (`tuple<T0, T1>`)."""

    name = "tuple_type"
    parameters = ("type:val", "type:result")

    def print(self, types, result) -> str:
        return "tuple<" + ", ".join([t.text for t in types]) + ">"

    def parse(self, p, arguments) -> tuple:
        at = p.position()
        ty = p.type()
        return p.tuple_elements(ty, at), ty


class CustomCallTarget(CustomDirective):
    """custom_call's target, a string MLIR writes as a symbol: `@lapack_spotrf_ffi`."""

    name = "custom_call_target"
    parameters = ("call_target_name",)

    def print(self, name) -> str:
        return SYMBOL.pretty(name)

    def parse(self, p, arguments) -> tuple:
        return (p.symbol(),)


class ExponentMantissa(CustomDirective):
    """reduce_precision's `format = e5m10`: exponent and mantissa bits."""

    name = "exponent_mantissa"
    parameters = ("exponent_bits", "mantissa_bits")

    def print(self, exponent_bits, mantissa_bits) -> str:
        return f"e{exponent_bits}m{mantissa_bits}"

    def parse(self, p, arguments) -> tuple:
        at = p.position()
        word = p.identifier()
        m = re.fullmatch(r"e([0-9]+)m([0-9]+)", word)  # compiled on first use: printing needs none
        if m is None:
            p.error(f"expected exponent mantissa in format e#m#, saw {word}", at)
        return int(m.group(1)), int(m.group(2))



class ReductionAxes(CustomDirective):
    """Shardy's all_reduce: `max {"y"}`: the reduction (sum, the default, left out) before the axes."""

    name = "reduction_axes"
    parameters = ("reduction_op", "axes")

    def print(self, reduction_op, axes) -> str:
        text = self.axes_text(axes)
        return text if reduction_op == "sum" else f"{reduction_op} {text}"

    def parse(self, p, arguments) -> tuple:
        return next((word for word in REDUCTIONS if p.optional(word)), "sum"), self.read_axes(p)

    axes_text = staticmethod(axes_text)
    read_axes = staticmethod(read_axes)


class ReductionAxesPerDimension(ReductionAxes):
    """Shardy's reduce_scatter: `max [{"y"}, {}]`, one list of axes per dimension."""

    name = "reduction_axes_per_dimension"
    axes_text = staticmethod(list_of_axes_text)

    @staticmethod
    def read_axes(p) -> tuple:
        return p.bracketed(lambda: read_axes(p))
