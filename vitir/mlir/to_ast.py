"""xDSL module -> vitir's AST.

Every op is rebuilt through FunctionBuilder, so vitir's shape rules run on
import and a wrong type annotation is refused at its line. The 26-line AdamW
update and the all-reduce mean are recognised back into their compound nodes
where the text is exactly what vitir prints for them; anything else stays
plain ops, so text -> AST -> text is the identity either way. JAX's numeric
SSA names become `v0`, `v1`, ...; ops vitir lacks are reported, never dropped.
"""

from __future__ import annotations

import math
from typing import Callable

from xdsl.dialects import func
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType as XTensorType
from xdsl.ir import Operation, SSAValue

from ..ast import ADAMW_LINES, ELEMENTWISE_OPS, AdamScalars, DType, FunctionBuilder, Module, TensorType, Value
from ..ast.builder import elementwise_method_name
from ..ast.literals import float_literal, literal_value, value_literal
from ..ast.module import Function
from ..errors import ShapeError
from . import dialect as D
from .attributes import DenseLiteralsAttr, SplatAttr
from .errors import Diagnostic, MlirError, MlirShapeError
from .parse import ParsedModule, parse_text, verify_module

_DTYPES = {d.value: d for d in DType}


class _Unsupported(Exception):
    """A construct vitir's AST cannot hold; becomes a Diagnostic at the op's place."""


_TYPES: dict = {}  # xDSL tensor type -> vitir's; a model repeats a handful of types


def vitir_type(ty) -> TensorType:
    hit = _TYPES.get(ty)
    if hit is None:
        if not isinstance(ty, XTensorType) or any(d < 0 for d in ty.get_shape()):
            raise _Unsupported(f"type {ty} is not supported (vitir needs tensors of static shape)")
        element = str(ty.get_element_type())
        if element not in _DTYPES:
            raise _Unsupported(f"element type {element} is not supported (vitir has {', '.join(_DTYPES)})")
        hit = _TYPES[ty] = TensorType(ty.get_shape(), _DTYPES[element])
    return hit


# -- literals ----------------------------------------------------------------------------

def element_literal(literal: str, dtype: DType) -> str:
    """vitir's literal for one element as written: kept, but for a finite float's
    hexadecimal bits (`0x3F800000`), which become the shortest decimal of the value."""
    if dtype.is_float and literal.lstrip("-+").startswith("0x"):
        bits = "0x" + literal.lstrip("-+")[2:].upper()
        number = literal_value(bits, dtype)
        if not math.isfinite(number):  # kept bit for bit (a NaN's payload too)
            return bits
        return float_literal(number, dtype)
    return literal


def constant_literals(value, dtype: DType) -> str | list[str]:
    """vitir's literal of a splat constant's value, or one literal per element."""
    if isinstance(value, SplatAttr):
        return element_literal(value.literal.data, dtype)
    if isinstance(value, DenseLiteralsAttr):
        return [element_literal(literal, dtype) for literal in value.literals()]
    if not isinstance(value, DenseIntOrFPElementsAttr):  # the dialect's verifier refuses anything else
        raise _Unsupported(f"constant value {value} is not a dense literal")
    values = list(value.get_values())  # a module built in Python: xDSL's own dense attribute
    literals = [value_literal(bool(v) if dtype is DType.I1 else v, dtype) for v in values]
    return literals[0] if values and all(v == values[0] for v in values) else literals


# -- ops -----------------------------------------------------------------------------------

# Each elementwise op of the dialect -> the builder method of the AST class of the same name.
_AST_ELEMENTWISE = {cls.NAME: cls for cls in ELEMENTWISE_OPS}
_ELEMENTWISE = {op: elementwise_method_name(_AST_ELEMENTWISE[op.name]) for op in D.ELEMENTWISE_OPS}


def _default_precision(op) -> None:
    if op.precision_config is not None:
        words = {p.data.value for p in op.precision_config.data}
        if words != {"DEFAULT"}:
            raise _Unsupported(f"precision {', '.join(sorted(words))} is not supported (vitir prints DEFAULT)")


class _FunctionImporter:
    """Rebuilds one function. With `diagnostics` (a list) it keeps going past a
    failing op: the problem is appended there, the op's results stand in with
    their annotated types, and ops that use them are checked against those
    types; no Function is returned then."""

    def __init__(self, parsed: ParsedModule, fn: func.FuncOp, diagnostics: list[Diagnostic] | None = None,
                 callees: dict[str, func.FuncOp] | None = None):
        self.parsed = parsed
        self.fn = fn
        self.diagnostics = diagnostics
        self.callees = callees or {}
        self.fb = FunctionBuilder(fn.sym_name.data)
        self.values: dict[SSAValue, Value] = {}
        self.names: dict[SSAValue, str] = {}
        self._taken = {v._name for v in self._all_values() if v._name and not v._name.isdigit()}
        self._prefix = ""  # while inlining a call: names its values `<callee><k>_...`
        self._calls = 0
        self._inlining: list[str] = []

    def _all_values(self):
        block = self.fn.body.blocks[0]
        yield from block.args
        for op in block.ops:
            yield from op.results

    def name(self, v: SSAValue) -> str:
        """The vitir name: as written, except JAX's numeric names (`%0` -> `v0`); a result
        of a group (`%1#1`) is the group's name and its index (`v1#1`)."""
        name = self.names.get(v)
        if name is None:
            written, _, index = v._name.partition("#") if v._name else (None, "", "")
            if index and index != "0":
                name = self.name(v.op.results[0]).partition("#")[0] + "#" + index
            else:
                name = self._new_name(written) + ("#0" if index else "")
            self.names[v] = name
        return name

    def _new_name(self, name: str | None) -> str:
        if name is None or name.isdigit() or self._prefix:
            if name is None or name.isdigit():
                name = f"v{name if name is not None else len(self.names)}"
            name = self._prefix + name
            while name in self._taken:
                name += "_"
            self._taken.add(name)
        return name

    def get(self, v: SSAValue) -> Value:
        return self.values[v]

    # -- driving ---------------------------------------------------------------
    def run(self) -> Function | None:
        if len(self.fn.body.blocks) != 1:
            raise MlirError([Diagnostic(*self.parsed.where(self.fn), "functions with several blocks are not supported")])
        block = self.fn.body.blocks[0]
        with self._at(self.fn):
            for arg in block.args:
                self.values[arg] = self.fb.arg(self.name(arg), vitir_type(arg.type))
        ops = list(block.ops)
        i = 0
        while i < len(ops):
            op = ops[i]
            if isinstance(op, func.ReturnOp):
                if self.diagnostics:
                    return None
                with self._at(op):
                    return self.fb.ret(*(self.get(v) for v in op.operands))
            i += self._import_at(ops, i)
        raise MlirError([Diagnostic(*self.parsed.where(self.fn), f"@{self.fb.name} has no return")])

    def _import_at(self, ops: list[Operation], i: int) -> int:
        """Import ops[i] (or the compound node starting there); returns how many ops it took."""
        op = ops[i]
        if self.diagnostics is None:
            return self._import_located(ops, i)
        if not _importable(op) or any(v not in self.values for v in op.operands):
            self._stand_in(op)  # already reported: unsupported, or downstream of an unsupported type
            return 1
        try:
            return self._import_located(ops, i)
        except (MlirError, MlirShapeError) as error:
            self.diagnostics.extend(error.diagnostics)
            self._stand_in(op)
            return 1

    def _import_located(self, ops: list[Operation], i: int) -> int:
        with self._at(ops[i]):
            return self._import_compound(ops, i) or self._import_op(ops[i])

    def _stand_in(self, op: Operation) -> None:
        """Bind op's results to values of their annotated types, outside the builder's ops."""
        for result in op.results:
            try:
                ty = vitir_type(result.type)
            except _Unsupported:
                continue
            value = Value(self.name(result), ty)
            value.owner = self.fb
            self.values[result] = value

    def _at(self, op: Operation):
        return _Located(self.parsed, op)

    def _import_op(self, op: Operation) -> int:
        if isinstance(op, func.CallOp):
            self._inline(op)
            return 1
        handler = _HANDLERS.get(type(op))
        if handler is None:
            raise _Unsupported(f"op '{op.name}' is not supported by vitir")
        result = handler(self, op)
        if type(result) is not tuple:
            result = (result,)
        for value, written in zip(result, op.results, strict=True):
            annotated = vitir_type(written.type)
            if value.type != annotated:
                raise ShapeError(f"result type annotation {annotated} differs from the inferred {value.type}",
                                 op=op.name, ssa=value.ssa, operand_types=[self.get(v).type for v in op.operands])
            self.values[written] = value
        return 1

    def _import_compound(self, ops: list[Operation], i: int) -> int:
        op = ops[i]
        if isinstance(op, D.BroadcastInDimOp) and (op.result._name or "").startswith("adb1"):
            return self._adamw(ops, i)
        if isinstance(op, D.AllReduceOp):
            n = self._all_reduce_mean(ops, i)
            if not n:
                raise _Unsupported("stablehlo.all_reduce is supported only as vitir's all-reduce mean "
                                   "(the add region, then a constant R.0 and a divide)")
            return n
        return 0

    def _inline(self, call: func.CallOp) -> None:
        """Import the callee's body in place of the call (JAX wraps jnp.where and
        others in private functions); the AST has no calls."""
        name = call.callee.string_value()
        callee = self.callees.get(name)
        if callee is None:
            raise _Unsupported(f"call to @{name}, which this module does not define")
        if name in self._inlining:
            raise _Unsupported(f"recursive call to @{name} is not supported by vitir")
        if len(callee.body.blocks) != 1:
            raise _Unsupported(f"@{name} has several blocks; vitir inlines single-block functions only")
        block = callee.body.blocks[0]
        for arg, operand in zip(block.args, call.arguments, strict=True):
            self.values[arg] = self.get(operand)
        self._calls += 1
        outer_prefix = self._prefix
        self._prefix = f"{name.lstrip('_')}_c{self._calls}_"
        self._inlining.append(name)
        try:
            ops = list(block.ops)
            i = 0
            while not isinstance(ops[i], func.ReturnOp):
                i += self._import_at(ops, i)
            for result, returned in zip(call.results, ops[i].arguments, strict=True):
                if returned in self.values:  # absent after a reported error in keep-going mode
                    self.values[result] = self.get(returned)
        finally:
            self._prefix = outer_prefix
            self._inlining.pop()

    # -- compound nodes ---------------------------------------------------------
    def _adamw(self, ops: list[Operation], i: int) -> int:
        window = ops[i:i + len(ADAMW_LINES)]
        tag = window[0].result._name[len("adb1"):]
        if len(window) < len(ADAMW_LINES):
            return 0
        local: dict[str, SSAValue] = {}
        bound: dict[str, SSAValue] = {}
        for op, (suffix, kind, args) in zip(window, ADAMW_LINES):
            if len(op.results) != 1 or op.results[0]._name != suffix + tag or len(op.operands) != len(args):
                return 0
            if kind == "broadcast":
                if not isinstance(op, D.BroadcastInDimOp) or op.broadcast_dimensions.get_values():
                    return 0
            elif op.name != "stablehlo." + kind:
                return 0
            for arg, v in zip(args, op.operands):
                if arg in ("theta", "g", "m", "v") or arg.startswith("$"):
                    if bound.setdefault(arg, v) is not v:
                        return 0
                elif local.get(arg) is not v:
                    return 0
            local[suffix] = op.results[0]
        theta_type = bound["theta"].type
        if (any(v.type != theta_type for v in local.values()) or any(bound[k].type != theta_type for k in "gmv")
                or any(v not in self.values for v in bound.values())):  # inputs defined before the update
            return 0
        inside = set(window)
        if any(use.operation not in inside for suffix, v in local.items()
               if suffix not in ("adnew", "admn", "advn") for use in v.uses):
            return 0
        scalars = AdamScalars(*(self.get(bound["$" + f]) for f in AdamScalars._fields))
        results = self.fb.adamw_update(tag, *(self.get(bound[k]) for k in ("theta", "g", "m", "v")), scalars)
        for suffix, value in zip(("adnew", "admn", "advn"), results):
            self.values[local[suffix]] = value
        return len(ADAMW_LINES)

    def _all_reduce_mean(self, ops: list[Operation], i: int) -> int:
        ar = ops[i]
        if len(ar.inputs) != 1 or len(ops) < i + 3 or ar.use_global_device_ids is not None:
            return 0
        name = ar.outputs[0]._name or ""
        tag = name[len("arsum"):]
        count, divide = ops[i + 1], ops[i + 2]
        groups = ar.groups()
        replicas = len(groups[0]) if len(groups) == 1 else 0
        block = ar.computation.blocks[0]
        if not (name.startswith("arsum") and replicas >= 2 and groups == [list(range(replicas))]
                and D.single_op_body(ar.computation) == "stablehlo.add"
                and [a._name for a in block.args] == [f"ara{tag}", f"arb{tag}"]
                and all(a.type == XTensorType(ar.inputs[0].type.get_element_type(), []) for a in block.args)
                and block.first_op.results[0]._name == f"aradd{tag}"):
            return 0
        t = ar.outputs[0].type
        if not (isinstance(count, D.ConstantOp) and count.output._name == f"arn{tag}" and count.output.type == t
                and isinstance(count.value, SplatAttr) and count.value.literal.data == f"{replicas}.0"
                and isinstance(divide, D.DivideOp) and divide.result._name == f"armean{tag}"
                and tuple(divide.operands) == (ar.outputs[0], count.output)
                and ar.outputs[0].has_one_use() and count.output.has_one_use()):
            return 0
        self.values[divide.result] = self.fb.all_reduce_mean(tag, self.get(ar.inputs[0]), replicas)
        return 3


class _Located:
    """Turns errors raised while importing one op into errors that name its line."""

    def __init__(self, parsed: ParsedModule, op: Operation):
        self.parsed, self.op = parsed, op

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if error is None or isinstance(error, (MlirShapeError, MlirError)):
            return False
        if not isinstance(error, (_Unsupported, ShapeError)):
            verify_module(self.parsed)  # unverified IR the importer tripped on: report what is wrong with it
            return False
        line, col = self.parsed.where(self.op)
        if isinstance(error, _Unsupported):
            raise MlirError([Diagnostic(line, col, str(error))]) from None
        raise MlirShapeError(error, line, col) from None


# -- one handler per plain op ------------------------------------------------------------

def _constant(im: _FunctionImporter, op: D.ConstantOp) -> Value:
    ty = vitir_type(op.output.type)
    literals = constant_literals(op.value, ty.dtype)
    build = im.fb.constant if isinstance(literals, str) else im.fb.constant_array
    return build(im.name(op.output), literals, ty.shape, ty.dtype)


def _elementwise(im: _FunctionImporter, op) -> Value:
    method = getattr(im.fb, _ELEMENTWISE[type(op)])
    return method(im.name(op.result), *(im.get(v) for v in op.operands))


def _compare(im: _FunctionImporter, op: D.CompareOp) -> Value:
    return im.fb.compare(im.name(op.result), im.get(op.lhs), im.get(op.rhs), op.comparison_direction.data.value)


def _select(im: _FunctionImporter, op: D.SelectOp) -> Value:
    return im.fb.select(im.name(op.result), im.get(op.pred), im.get(op.on_true), im.get(op.on_false))


def _convert(im: _FunctionImporter, op: D.ConvertOp) -> Value:
    return im.fb.convert(im.name(op.result), im.get(op.operand), vitir_type(op.result.type).dtype)


def _iota(im: _FunctionImporter, op: D.IotaOp) -> Value:
    ty = vitir_type(op.output.type)
    return im.fb.iota(im.name(op.output), ty.shape, ty.dtype, op.iota_dimension.value.data)


def _broadcast(im: _FunctionImporter, op: D.BroadcastInDimOp) -> Value:
    return im.fb.broadcast_in_dim(im.name(op.result), im.get(op.operand), op.broadcast_dimensions.get_values(),
                                  op.result.type.get_shape())


def _reshape(im: _FunctionImporter, op: D.ReshapeOp) -> Value:
    return im.fb.reshape(im.name(op.result), im.get(op.operand), op.result.type.get_shape())


def _transpose(im: _FunctionImporter, op: D.TransposeOp) -> Value:
    return im.fb.transpose(im.name(op.result), im.get(op.operand), op.permutation.get_values())


def _dot_general(im: _FunctionImporter, op: D.DotGeneralOp) -> Value:
    _default_precision(op)
    lb, rb, lc, rc = op.dot_dimension_numbers.values()
    return im.fb.dot_general(im.name(op.result), im.get(op.lhs), im.get(op.rhs), (lc, rc), (lb, rb))


def _reduce(im: _FunctionImporter, op: D.ReduceOp) -> Value | tuple[Value, ...]:
    name, dims = im.name(op.outputs[0]).partition("#")[0], op.dimensions.get_values()
    reducer = D.single_op_body(op.body) if len(op.inputs) == 1 else None
    if reducer is not None:
        return im.fb.reduce(name, im.get(op.inputs[0]), im.get(op.init_values[0]), dims,
                            reducer.removeprefix("stablehlo."))
    return im.fb.reduce_region(name, [im.get(v) for v in op.inputs], [im.get(v) for v in op.init_values], dims,
                               _reducer_body(im, op.body.blocks[0]))


def _reducer_body(im: _FunctionImporter, block) -> Function:
    """The reducer region as a Function of its own builder, its ops imported by their handlers."""
    *ops, last = block.ops
    if not isinstance(last, D.ReturnOp):
        raise _Unsupported("the reducer must end in stablehlo.return")
    outer, im.fb = im.fb, FunctionBuilder(f"{im.fb.name}.reducer")
    try:
        for arg in block.args:
            im.values[arg] = im.fb.arg(im.name(arg), vitir_type(arg.type))
        for inner in ops:
            with im._at(inner):
                im._import_op(inner)
        return im.fb.ret(*(im.get(v) for v in last.operands))
    finally:
        im.fb = outer


def _convolution(im: _FunctionImporter, op: D.ConvolutionOp) -> Value:
    _default_precision(op)
    window = op.window()
    return im.fb.convolution(im.name(op.result), im.get(op.lhs), im.get(op.rhs), stride=window.get(
        "stride", (1,) * (len(op.dimension_numbers.lhs.data) - 2)), padding=window.get("pad"),
        lhs_dilate=window.get("lhs_dilate"), rhs_dilate=window.get("rhs_dilate"),
        layouts=op.dimension_numbers.layouts)


def _pad(im: _FunctionImporter, op: D.PadOp) -> Value:
    return im.fb.pad(im.name(op.result), im.get(op.operand), im.get(op.padding_value),
                     op.edge_padding_low.get_values(), op.edge_padding_high.get_values(),
                     op.interior_padding.get_values())


def _slice(im: _FunctionImporter, op: D.SliceOp) -> Value:
    return im.fb.slice(im.name(op.result), im.get(op.operand), op.start_indices.get_values(),
                       op.limit_indices.get_values(), op.strides.get_values())


def _concatenate(im: _FunctionImporter, op: D.ConcatenateOp) -> Value:
    return im.fb.concatenate(im.name(op.result), [im.get(v) for v in op.inputs], op.dimension.value.data)


_HANDLERS: dict[type, Callable[[_FunctionImporter, Operation], Value]] = {
    D.ConstantOp: _constant, D.ConvertOp: _convert, D.IotaOp: _iota, D.CompareOp: _compare, D.SelectOp: _select,
    D.BroadcastInDimOp: _broadcast, D.ReshapeOp: _reshape, D.TransposeOp: _transpose, D.DotGeneralOp: _dot_general,
    D.ReduceOp: _reduce, D.ConvolutionOp: _convolution, D.PadOp: _pad, D.SliceOp: _slice,
    D.ConcatenateOp: _concatenate, **{cls: _elementwise for cls in _ELEMENTWISE},
}
_COMPOUND = (D.AllReduceOp,)


def _importable(op: Operation) -> bool:
    """An op with a handler, a compound node's first op, or a call (inlined)."""
    return type(op) in _HANDLERS or isinstance(op, (*_COMPOUND, func.CallOp))


def _unsupported_ops(parsed: ParsedModule) -> list[Diagnostic]:
    """Every top-level op no handler takes, reported together before anything is built."""
    found = []
    for top in parsed.module.ops:
        if not isinstance(top, func.FuncOp):
            found.append(Diagnostic(*parsed.where(top), f"op '{top.name}' is not supported by vitir"))
            continue
        for block in top.body.blocks:
            for op in block.ops:
                if not _importable(op) and not isinstance(op, func.ReturnOp):
                    found.append(Diagnostic(*parsed.where(op), f"op '{op.name}' is not supported by vitir"))
    return found


def import_module(parsed: ParsedModule, keep_going: bool = False) -> Module:
    """vitir's AST of a parsed module; MlirError or MlirShapeError name the line of a
    problem. Shape rules run here, through FunctionBuilder, whether or not the
    xDSL module was verified.

    keep_going: check every op even after a failing one (each result taking its
    annotated type) and raise one MlirError listing every problem in line order.
    """
    module: ModuleOp = parsed.module
    unsupported = _unsupported_ops(parsed)
    if unsupported and not keep_going:
        raise MlirError(unsupported)
    diagnostics = list(unsupported) if keep_going else None
    defined = {fn.sym_name.data: fn for fn in module.ops if isinstance(fn, func.FuncOp)}
    # Entry points: functions no other function calls; the rest are inlined where called.
    called = {op.callee.string_value() for name, fn in defined.items() for op in fn.walk()
              if isinstance(op, func.CallOp) and op.callee.string_value() != name}
    if defined and called >= defined.keys():
        raise MlirError([Diagnostic(*parsed.where(next(iter(defined.values()))),
                                    "no entry function: every function is called by another (recursion is not "
                                    "supported by vitir)")])
    functions = []
    for name, fn in defined.items():
        if name in called:
            continue
        try:
            functions.append(_FunctionImporter(parsed, fn, diagnostics, defined).run())
        except (MlirError, MlirShapeError) as error:  # a function's signature or its return
            if diagnostics is None:
                raise
            diagnostics.extend(error.diagnostics)
    if diagnostics:
        raise MlirError(sorted(set(diagnostics), key=lambda d: (d.line, d.col)))
    name = module.sym_name.data if module.sym_name is not None else "m"
    return Module(functions, name)


def import_text(text: str, source: str = "<text>", keep_going: bool = False) -> Module:
    """StableHLO text (vitir's, or JAX's pretty or generic form) -> vitir's AST.
    vitir's shape rules run first (a wrong type raises vitir's ShapeError naming
    the line; with keep_going, one MlirError names every one), then xDSL verifies
    what they do not cover."""
    parsed = parse_text(text, source, verify=False)
    module = import_module(parsed, keep_going)
    verify_module(parsed)
    return module
