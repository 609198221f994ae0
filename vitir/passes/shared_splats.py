"""Each splat written once, at a location XLA keeps: what `compile_graph` hands to XLA.

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
the optimizer's), so XLA has nothing left to merge and keeps the location. The values computed are
the same, bit for bit; only the text XLA reads changes (the default printed text is not this one).
"""

from __future__ import annotations

import os

import numpy as np

from ..ast import ops as O
from ..ast.element_types import DType
from ..ast.location import NameLoc, fused
from ..ast.module import Function, Module
from ..ast.types import TensorType
from ..rewrite.driver import clone_module
from ..rewrite.index import UseIndex, operand_fields
from .compounds import expand_compounds
from .constants import bit_pattern, element_literal, name_hint, splat_of


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
    broadcast of a scalar constant) into one constant at the place of the first, located by the
    layer path they share; returns how many ops went."""
    index = UseIndex(fn)
    groups: dict = {}
    elements: dict = {}
    for op in fn.ops:
        found = _splat(op, index)
        if found is not None:
            element, key = found
            groups.setdefault(key, []).append(op)
            elements[key] = element
    _constants_right(fn, index)
    removed = 0
    for key, ops in groups.items():
        if len(ops) < 2:
            continue
        element = elements[key]
        first = ops[0].results[0]
        shared = O.Constant(index.fresh_name(name_hint(first)), element_literal(element, first.type.dtype),
                            first.type)
        shared.location = shared_location([op.location for op in ops])
        index.insert(fn, next(i for i, o in enumerate(fn.ops) if o is ops[0]), [shared])
        for op in ops:
            index.replace_all_uses(op.results[0], shared.results[0])
            index.erase(op)
        removed += len(ops)
    return removed


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
    """(element, (type, its bits)) of a splat of rank 1 or more that MLIR would fold to a constant, else None."""
    cls = type(op)
    if op.discardable:  # a sharding or another dialect's attribute: not ours to merge
        return None
    if cls is O.BroadcastInDim:
        source = index.defining(op.operand)
        element = splat_of(source) if type(source) is O.Constant else None
    elif cls is O.Constant:
        element = splat_of(op)
    else:
        return None
    result = op.results[0].type if len(op.results) == 1 else None
    if (element is None or not isinstance(result, TensorType) or not result.shape or not result.is_static
            or not isinstance(result.dtype, DType)):  # a quantized element keeps its own constant
        return None
    return element, (result, bit_pattern(np.asarray(element).reshape(1)).tobytes())


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
