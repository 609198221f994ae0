"""Refinement: a program with dimensions `?` and concrete argument types give a static program,
as JAX's refinement (StableHLO's stablehlo-refine-shapes and stablehlo-canonicalize-dynamism)
does before XLA compiles an exported program.

The function is rebuilt op by op through FunctionBuilder, so every result type is inferred again
by vitir's rules from the refined operands. Small integer tensors whose values are known (the
constants, get_dimension_size of a now static dimension, and what is computed from them: the
shape operands jax.export builds with reshape, concatenate, multiply, ...) are tracked by value;
with them each dynamic op becomes its static form (dynamic_broadcast_in_dim -> broadcast_in_dim,
dynamic_reshape -> reshape, dynamic_iota -> iota, dynamic_pad -> pad, real_dynamic_slice -> slice,
dynamic_gather -> gather, dynamic_conv -> convolution, set_dimension_size of the whole dimension
-> its operand), get_dimension_size a constant and each shape_assertion is checked (a failed one
raises ShapeAssertionError with its message). Calls were inlined on import, so the callee's
arguments (jax.export's `jax.global_constant` dimension values among them) are the call's refined
operands. Ops left without a use (the shape computations) are dropped (vitir/rewrite/dce.py). A shape that depends on
a tensor's values raises RefineError naming the op and the operand.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..ast import FunctionBuilder, ops as O
from ..ast.declare import result_base
from ..ast.module import Function, Module
from ..ast.regions import BinaryRegion, Region
from ..ast.shape_rules import compatible_shapes
from ..ast.types import TensorType
from ..ast.uses import walk
from ..errors import RefineError, ShapeError
from ..rewrite.dce import dead_code_elimination
from ..rewrite.effects import effect_free
from ..ast.shape_assertions import check_shape_assertion, is_shape_assertion

_KNOWN_LIMIT = 64  # integer tensors up to this many elements are tracked by value (shapes, sizes, indices)


def is_dynamic(fn: Function | Module) -> bool:
    """Whether an argument, a result or a value of the function has a dimension `?`."""
    fn = fn.main if isinstance(fn, Module) else fn
    types = [a.type for a in fn.args] + [r.type for op in _walk(fn.ops) for r in op.results]
    return any(isinstance(t, TensorType) and not t.is_static for t in types)


def argument_types(fn: Function, shapes: Sequence) -> list[TensorType]:
    """Concrete argument types: each a TensorType, or a shape taking the argument's element type."""
    if len(shapes) != len(fn.args):
        raise RefineError(f"@{fn.name} takes {len(fn.args)} arguments, {len(shapes)} argument types given")
    out = []
    for arg, given in zip(fn.args, shapes):
        ty = given if isinstance(given, TensorType) else TensorType(tuple(given), arg.type.dtype)
        if not ty.is_static:
            raise RefineError(f"argument {arg.ssa}: {ty} is not static")
        if ty.dtype is not arg.type.dtype or not compatible_shapes(ty.shape, arg.type.shape):
            raise RefineError(f"argument {arg.ssa}: {ty} does not refine {arg.type}")
        bounds = arg.type.bounds or ()
        if any(b is not None and d > b for d, b in zip(ty.shape, bounds)):
            raise RefineError(f"argument {arg.ssa}: {ty} exceeds the bounds of {arg.type}")
        out.append(ty)
    return out


def parse_argument_types(text: str) -> list:
    """`'8x784xf32,784x64xf32'` (MLIR's shapes, `tensor<...>` optional; the element type may be left out,
    `8x784`, to keep the argument's): one TensorType or shape per argument."""
    from ..ast.element_types import DType

    out = []
    for part in (p.strip() for p in text.split(",")):
        body = part.removeprefix("tensor<").removesuffix(">") if part.startswith("tensor<") else part
        pieces = body.split("x") if body else []
        try:
            if pieces and not pieces[-1].isdigit():
                out.append(TensorType(tuple(int(d) for d in pieces[:-1]), DType.parse(pieces[-1])))
            else:
                out.append(tuple(int(d) for d in pieces))
        except ValueError:
            raise RefineError(f"argument type '{part}' is not a static shape such as 8x784xf32 (or 8x784)") from None
    return out


def refine(program: Function | Module, shapes: Sequence) -> Function | Module:
    """The static program for concrete argument types (TensorTypes, or shapes); a Module gives a
    Module of its refined main function."""
    if isinstance(program, Module):
        return program.with_functions([refine(program.main, shapes)])
    types = argument_types(program, shapes)
    fb = FunctionBuilder(program.name)
    refiner = _Refiner()
    for arg, ty in zip(program.args, types):
        refiner.new[arg.name] = fb.arg(arg.name, ty)
        refiner.new[arg.name].location = arg.location
    refiner.block(fb, program.ops)
    fn = fb.ret(*[refiner.get(v) for v in program.ret.operands])
    fn.ret.location = program.ret.location
    dead_code_elimination(fn)  # the shape computations nothing reads now
    return program.with_body(fn.args, fn.ops, fn.ret)


def _walk(ops):
    for op in ops:
        yield op
        for region in _regions(op):
            yield from _walk(region.ops)


def _regions(op) -> list:
    out = []
    for f in type(op).REGION_FIELDS:
        held = getattr(op, f.name)
        out.extend(held if f.variadic else (held,))
    return [r for r in out if isinstance(r, Region)]


class _Refiner:
    def __init__(self):
        self.new: dict = {}  # old SSA name -> the refined Value (names are unique in a function's scopes)
        self.known: dict = {}  # refined SSA name -> np.ndarray, the small integer tensors whose values are known

    def get(self, v):
        return self.new[v.name]

    def value(self, v) -> np.ndarray | None:
        return self.known.get(self.get(v).name)

    def block(self, fb: FunctionBuilder, ops) -> None:
        for op in ops:
            start = len(fb.ops)
            with _located(op):
                self.op(fb, op)
            own = getattr(op, "_location", None)
            if own is not None:  # its static forms are where it was (docs/locations.md)
                for new in walk(fb.ops[start:]):
                    if getattr(new, "_location", None) is None:
                        new._location = own

    # -- one op ------------------------------------------------------------------
    def op(self, fb: FunctionBuilder, op) -> None:
        cls = type(op)
        if cls is O.GetDimensionSize:
            operand = self.get(op.operand)
            size = operand.type.shape[op.dimension]
            if size is None:
                raise self._refuse(op, f"dimension {op.dimension} of {operand.ssa} ({operand.type}) is still unknown")
            built = fb.constant(op.results[0].name, str(size), (), op.results[0].type.dtype)
            self._bind(op, (built,))
            self.known[built.name] = np.asarray(size, np.int32)
            return
        if is_shape_assertion(op):
            values = [self.value(v) for v in op.operands]
            if any(v is None for v in values):
                missing = next(v for v, k in zip(op.operands, values) if k is None)
                raise self._refuse(op, f"its operand {missing.ssa} depends on a tensor's values")
            check_shape_assertion(op, *values)
            return  # holds for these shapes: nothing left to check at run time
        static = self._static_form(fb, op)
        if static is not None:
            return
        if cls is O.SetDimensionSize:
            size = self.value(op.size)
            operand = self.get(op.operand)
            if size is not None and int(size) == operand.type.shape[op.dimension]:
                self.new[op.results[0].name] = operand
                return
        built = self._rebuild(fb, op)
        self._fold(op, built)

    def _rebuild(self, fb: FunctionBuilder, op):
        cls = type(op)
        fields = {}
        for f in cls.FIELDS:
            if f.role == "result":
                continue
            held = getattr(op, f.name)
            if f.role == "operand":
                fields[f.name] = tuple(self.get(v) for v in held) if f.variadic else self.get(held)
            elif f.role == "region":
                fields[f.name] = tuple(self._region(fb, op, r) for r in held) if f.variadic else \
                    self._region(fb, op, held)
            else:  # attributes and a given result type (checked below)
                fields[f.name] = held
        given = cls.RESULT_TYPE_FIELD
        if given is not None:
            fields[given.name] = self._given_type(op, fields, given)
        node = cls(_result_names(op), **fields, path=op.path, discardable=op.discardable)
        node.spelling = op.spelling
        built = fb.emit(node)
        built = built if isinstance(built, tuple) else (built,)
        self._bind(op, built)
        return node

    def _given_type(self, op, fields: dict, field):
        """A result type the op's text gives: kept when static; one that only names the element type
        (dot_general's, optional) takes the shape the rule infers; else `?` is refused."""
        given = fields[field.name]
        if field.default is None and isinstance(given, TensorType) and not given.is_static:
            probe = type(op)(_result_names(op), **{**fields, field.name: None}, path=op.path)
            return TensorType(probe.results[0].type.shape, given.dtype)
        types = given if isinstance(given, tuple) else (given,)
        for t in types:
            if isinstance(t, TensorType) and not t.is_static:
                raise self._refuse(op, f"its result type {t} is given, not inferred, and its shape is known only "
                                       "at run time")
        return given

    def _region(self, fb: FunctionBuilder, op, region):
        if isinstance(region, BinaryRegion) or region is None:
            return region
        inner = fb.region()
        operands = [self.get(v) for v in op.operands]
        for i, arg in enumerate(region.args):
            ty = arg.type
            if isinstance(ty, TensorType) and not ty.is_static:
                # a loop's state: the operand at its place gives the refined type
                if i < len(operands) and compatible_shapes(operands[i].type.shape, ty.shape):
                    ty = operands[i].type
                else:
                    raise self._refuse(op, f"region argument {arg.ssa} of {ty} has no static type to take")
            self.new[arg.name] = inner.arg(arg.name, ty)
        self.block(inner, region.ops)
        return inner.ret(*[self.get(v) for v in region.results])

    def _bind(self, op, built) -> None:
        for old, value in zip(op.results, built, strict=True):
            self.new[old.name] = value

    def _fold(self, op, node) -> None:
        """Track the values of small integer results computed from known ones (what shapes are built of)."""
        if not type(op).SIMPLE or not effect_free(node):  # an rng's value is no shape to take
            return
        results = node.results
        if not all(isinstance(r.type, TensorType) and r.type.is_static and r.type.num_elements <= _KNOWN_LIMIT
                   and (r.type.dtype.is_integer or r.type.dtype.is_bool) for r in results):
            return
        values = [self.known.get(v.name) for v in node.operands]
        if any(v is None for v in values):
            return
        from ..evaluate import evaluate_op

        outs = evaluate_op(node, {v.name: k for v, k in zip(node.operands, values)})
        for r, out in zip(results, outs):
            self.known[r.name] = np.asarray(out)

    # -- the dynamic forms -----------------------------------------------------------
    def _ints(self, op, v, what: str) -> tuple[int, ...]:
        held = self.value(v)
        if held is None:
            raise self._refuse(op, f"its {what} {v.ssa} depends on a tensor's values (it is not computed from "
                                   "constants and the argument shapes)")
        return tuple(int(x) for x in np.asarray(held).reshape(-1))

    def _static_form(self, fb: FunctionBuilder, op):
        """Emit the static form of a dynamic op whose shape operands are known; None for other ops."""
        cls = type(op)
        name = op.results[0].name
        if cls is O.DynamicBroadcastInDim:
            shape = self._ints(op, op.output_dimensions, "output_dimensions")
            built = fb.emit(O.BroadcastInDim(name, operand=self.get(op.operand), dims=op.dims, shape=shape,
                                             path=op.path))
        elif cls is O.DynamicReshape:
            shape = self._ints(op, op.output_shape, "output_shape")
            built = fb.emit(O.Reshape(name, operand=self.get(op.operand), shape=shape, path=op.path))
        elif cls is O.DynamicIota:
            shape = self._ints(op, op.output_shape, "output_shape")
            built = fb.emit(O.Iota(name, iota_dimension=op.iota_dimension,
                                   result_type=TensorType(shape, op.result_type.dtype), path=op.path))
        elif cls is O.DynamicPad:
            low, high, interior = (self._ints(op, v, what) for v, what in (
                (op.edge_padding_low, "edge_padding_low"), (op.edge_padding_high, "edge_padding_high"),
                (op.interior_padding, "interior_padding")))
            built = fb.emit(O.Pad(name, operand=self.get(op.operand), padding_value=self.get(op.padding_value),
                                  low=low, high=high, interior=interior, path=op.path))
        elif cls is O.RealDynamicSlice:
            start, limit, strides = (self._ints(op, v, what) for v, what in (
                (op.start_indices, "start_indices"), (op.limit_indices, "limit_indices"), (op.strides, "strides")))
            built = fb.emit(O.Slice(name, operand=self.get(op.operand), start=start, limit=limit, strides=strides,
                                    path=op.path))
        elif cls is O.DynamicGather:
            sizes = self._ints(op, op.slice_sizes, "slice_sizes")
            built = fb.emit(O.Gather(name, operand=self.get(op.operand), start_indices=self.get(op.start_indices),
                                     dimension_numbers=op.dimension_numbers, slice_sizes=sizes,
                                     indices_are_sorted=op.indices_are_sorted, path=op.path))
        elif cls is O.DynamicConv:
            padding = self._ints(op, op.padding, "padding")
            pairs = tuple(zip(padding[0::2], padding[1::2]))
            built = fb.emit(O.Convolution(name, lhs=self.get(op.lhs), rhs=self.get(op.rhs), stride=op.stride,
                                          padding=pairs, lhs_dilate=op.lhs_dilate, rhs_dilate=op.rhs_dilate,
                                          reverse=op.reverse, layouts=op.layouts,
                                          feature_group_count=op.feature_group_count,
                                          batch_group_count=op.batch_group_count,
                                          precision_config=op.precision_config, path=op.path))
        else:
            return None
        self.new[name] = built
        return built

    @staticmethod
    def _refuse(op, reason: str) -> RefineError:
        return RefineError(f"{op.NAME} {', '.join(r.ssa for r in op.results) or ''}: cannot refine: {reason}"
                           .replace(" : cannot", ": cannot"))


def _result_names(op):
    base = result_base(op)
    if base:
        return base
    if len(op.results) == 1:
        return op.results[0].name
    return tuple(r.name for r in op.results) if op.results else ()


class _located:
    """A rule that fails on refined operands (shapes the program's own checks do not exclude)
    raises RefineError naming the op."""

    def __init__(self, op):
        self.op = op

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if isinstance(error, ShapeError):
            raise RefineError(f"the refined types break a shape rule: {error}") from None
        return False
