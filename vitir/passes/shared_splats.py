"""Splats and constants written so that XLA keeps their locations: what `compile_graph` hands to XLA.

XLA's StableHLO -> HLO translation runs MLIR's canonicalizer, whose constant folder materializes
`broadcast_in_dim` of a constant as a splat constant and merges every constant of one value and type
into one op located `unknown` (MLIR's OperationFolder erases the location of the constants it
uniques). A splat of 32 elements or more is then exported as a scalar constant and a broadcast located
where the splat was (`stablehlo-ext-prepare-for-hlo-export`), and the broadcast, cloned into every
fusion that reads it, carries that location as `op_name`; a merged one carries none. A training
step writes the same splat many times (each block's GELU coefficients, the optimizer's
hyperparameters broadcast to every parameter's shape), so most of these broadcasts lose their name.

`share_splats(fn)` does the merging itself, before XLA does, and locates the one splat left by
the layer path its copies share (`vit/constant` for one read by every block, `adamw/constant` for
the optimizer's), so XLA has nothing left to merge and keeps the location; and reads a splat operand
of `add` and `multiply` on the right, where the canonicalizer would move it and locate the op at both
(`vit/b0/multiply;vit/constant` in op_name). The values computed are
the same, bit for bit; only the text XLA reads changes (the default printed text is not this one).

`calls_for_constants(module)` then reads each constant of a function's body from a call (`func.call`)
of a private function located where the constant was: XLA's translation gives no constant metadata,
but XLA inlines calls and gives what it inlines without an op_name the call's.
"""

from __future__ import annotations

import os

from ..ast import ops as O
from ..ast.element_types import DType
from ..ast.literals import float_bits, literal_value
from ..ast.location import NameLoc, fused
from ..ast.module import Function, Module, Return
from ..ast.types import TensorType
from ..rewrite.driver import clone_module
from ..rewrite.index import UseIndex, operand_fields
from .compounds import expand_compounds
from .constants import name_hint


def shared_splats(module: Module) -> Module:
    """A copy of `module` in which each function's repeated splats are one constant (`share_splats`),
    its compound nodes expanded (as they print)."""
    copy = clone_module(module)
    for fn in copy.functions:
        expand_compounds(fn)  # a compound node's splats (AdamW's hyperparameters) are plain ops too
        share_splats(fn)
    return copy


def share_splats(fn: Function) -> int:
    """Merge the top-level splats of `fn` that have one value and type (a splat constant, or the
    broadcast of a scalar constant) into one constant at the start of `fn` (where MLIR's folder puts
    constants), located by the layer path they share; returns how many ops went."""
    index = UseIndex(fn)
    groups: dict = {}
    literals: dict = {}
    for op in fn.ops:
        found = _splat(op, index)
        if found is not None:
            literal, key = found
            groups.setdefault(key, []).append(op)
            literals.setdefault(key, literal)
    _constants_right(fn, index)
    gone: set = set()
    for key, ops in groups.items():
        if len(ops) < 2:
            continue
        first = ops[0].results[0]
        shared = O.Constant(index.fresh_name(name_hint(first)), literals[key], first.type)
        shared.location = shared_location([op.location for op in ops])
        index.insert(fn, 0, [shared])
        for op in ops:
            index.replace_all_uses(op.results[0], shared.results[0])
            index.forget(op)
            gone.add(id(op))
    if gone:
        fn.ops[:] = [op for op in fn.ops if id(op) not in gone]
    return len(gone)


def _constants_right(fn: Function, index: UseIndex) -> None:
    """`add`/`multiply` with a splat on the left and none on the right read it on the right: MLIR's
    canonicalizer moves it there anyway and locates the op at both (`vit/b0/multiply;vit/constant`,
    `;`-joined in op_name); moved beforehand, the op keeps its own location."""
    for op in fn.ops:
        if type(op) in (O.Add, O.Multiply) and _is_splat(op.lhs, index) and not _is_splat(op.rhs, index):
            op.lhs, op.rhs = op.rhs, op.lhs
            operand_fields(op)


def _is_splat(value, index: UseIndex) -> bool:
    source = index.defining(value)
    return source is not None and _splat(source, index) is not None


def _splat(op, index: UseIndex):
    """(its element's literal, (type, element's bits)) of a splat of rank 1 or more that MLIR would
    fold to a constant, else None. Read from the literal, not from the array (a step's splats have
    millions of elements)."""
    cls = type(op)
    if op.discardable:  # a sharding or another dialect's attribute: not ours to merge
        return None
    if cls is O.BroadcastInDim:
        source = index.defining(op.operand)
        if type(source) is not O.Constant or source.result_type.shape:
            return None
        literal = source.value
    elif cls is O.Constant:
        literal = op.value
    else:
        return None
    result = op.results[0].type if len(op.results) == 1 else None
    if (not isinstance(literal, str) or not isinstance(result, TensorType) or not result.shape
            or not result.is_static or not isinstance(result.dtype, DType)):  # a quantized element keeps its own
        return None
    bits = _element_bits(literal, result.dtype)
    return None if bits is None else (literal, (result, bits))


def _element_bits(literal: str, dtype: DType):
    """What tells one element of `dtype` from another: its bits for a float (-0.0 apart from 0.0), its
    value otherwise; None for a NaN (whose payload the value does not keep) or an unreadable literal."""
    try:
        value = literal_value(literal, dtype)
        if isinstance(value, complex):
            if value != value:
                return None
            return float_bits(value.real, dtype.part), float_bits(value.imag, dtype.part)
        if isinstance(value, float):
            return None if value != value else float_bits(value, dtype)
    except ValueError:
        return None
    return value


def shared_location(locations) -> object:
    """Where a splat read by ops at `locations` stands: the layer path their names share, then
    `constant` (`vit/forward/b0/mlp/multiply` and `vit/forward/b1/mlp/multiply` -> `vit/forward/constant`);
    MLIR's fused location of them when they share no path or are not all names."""
    paths = [loc.name.split("/")[:-1] for loc in locations if isinstance(loc, NameLoc)]
    if len(paths) == len(locations):
        common = os.path.commonprefix(paths)  # element by element: the path components they share
        if common:
            return NameLoc("/".join(common) + "/constant")
    return fused(locations)


CONSTANT_CALLEE = "vitir_constant_"  # the private functions calls_for_constants makes: @vitir_constant_<k>


def calls_for_constants(module: Module) -> Module:
    """A copy of `module` in which each constant of a function's own body (not of a region) is read
    from a call of a new private function that returns it: the constant, its return and the function
    located where the constant was, and so is the call, which defines the constant's value in its
    place. The functions, `@vitir_constant_<k>` for the k-th constant of the module (then `_0`, `_1`,
    ... where the module has the name), stand before the module's own, in order.

    XLA's translation gives a constant no metadata (`ConvertToHloModule::LowerConstant`), so none
    carries an op_name; XLA inlines each call, and an instruction it inlines without op_name takes the
    call's. The compiled module is the same: the constants only come to the same place another way."""
    copy = clone_module(module)
    taken = {fn.name for fn in copy.functions} | {getattr(op, "sym_name", None) for op in copy.symbols}
    made: list[Function] = []
    for fn in copy.functions:
        found = [i for i, op in enumerate(fn.ops) if type(op) is O.Constant]
        if not found:
            continue
        index = UseIndex(fn)
        for i in found:
            constant = fn.ops[i]
            callee = _unique(f"{CONSTANT_CALLEE}{len(made)}", taken)
            made.append(_returning(callee, constant))
            value = constant.results[0]
            call = O.Call(value.name, callee, (), (value.type,), path=constant.path)
            call.location = constant.location
            index.replace_all_uses(value, call.results[0])
            fn.ops[i] = call
    if not made:
        return copy
    return copy.with_functions(made + copy.functions)


def _unique(name: str, taken: set) -> str:
    """`name`, or `name_0`, `name_1`, ...: the first not in `taken`, which it joins."""
    chosen = next(n for n in (name, *(f"{name}_{i}" for i in range(len(taken) + 1))) if n not in taken)
    taken.add(chosen)
    return chosen


def _returning(name: str, constant: O.Constant) -> Function:
    """`func.func private @name() -> T { %0 = stablehlo.constant ...; return %0 }`, every part of it
    located where `constant` was."""
    where = constant.location
    inner = O.Constant("0", constant.value, constant.result_type, path=constant.path,
                       discardable=constant.discardable, location=where)
    return Function(name, (), [inner], Return(inner.results, constant.path, where), location=where,
                    visibility="private")
