"""`inline-composite`: a stablehlo.composite becomes the ops of its decomposition.

A composite names the function that defines it (`decomposition = @my.softmax`); the pass puts a
copy of that function's ops in the composite's place, its arguments read as the composite's
inputs, and the composite's results become what the function returns (a returned value takes the
composite's result name; the copied ops are named from it: `%v0_cst`). A decomposition that holds
composites is inlined in turn. Each copied op is at `callsite(<its own location> at <the composite's>)`, as
MLIR's inliner puts it. Decomposition functions no composite names any more leave the module,
so a program of one entry function is one function again, which the evaluator runs.
"""

from __future__ import annotations

from ..ast import ops as O
from ..ast.declare import result_base
from ..ast.location import Location, inlined_at
from ..ast.module import Function, Module
from ..ast.values import Value
from ..errors import RewriteError
from ..rewrite import UseIndex, blocks_of, copy_op, walk

MAX_DEPTH = 64  # composites inside decompositions inside ...: deeper is a decomposition that names itself


def inline_composites(module: Module) -> int:
    """Inline every composite of `module` whose decomposition it holds, in place; returns how many."""
    functions = {f.name: f for f in module.functions}
    inlined_from: set[str] = set()
    count = 0
    for fn in module.functions:
        if fn.name in inlined_from:
            continue
        index = UseIndex(fn)
        for _ in range(MAX_DEPTH):
            found = [op for op in walk(fn.ops) if type(op) is O.Composite and op.decomposition in functions
                     and op.decomposition != fn.name]
            if not found:
                break
            for op in found:
                if _inline(index, op, functions[op.decomposition]):
                    inlined_from.add(op.decomposition)
                    count += 1
        else:
            raise RewriteError(f"@{fn.name}: composites still inline after {MAX_DEPTH} rounds (a decomposition that "
                               "names itself?)")
    while True:  # drop the inlined decompositions nothing names (a dropped one may have named another)
        named = {op.decomposition for fn in module.functions for op in walk(fn.ops) if type(op) is O.Composite}
        kept = [f for f in module.functions if f.name not in inlined_from or f.name in named]
        if len(kept) == len(module.functions):
            return count
        module.functions[:] = kept


def _inline(index: UseIndex, op, callee: Function) -> bool:
    if op.discardable:
        raise RewriteError(f"inline-composite: {op.NAME} {', '.join(r.ssa for r in op.results)} carries "
                           f"{', '.join(name for name, _ in op.discardable)}, which its decomposition's ops "
                           "cannot keep; it is not inlined")
    if any(type(inner).COMPOUND for inner in walk(callee.ops)):
        return False  # a compound node's internal names would need renaming too
    mapping: dict[Value, Value] = dict(zip(callee.args, op.inputs))
    ops = [copy_op(inner, mapping) for inner in callee.ops]
    _locate_at_call(ops, op.location)
    returned = [mapping[v] for v in callee.ret.operands]
    for old, new in zip(op.results, returned):
        index.replace_all_uses(old, new)
    block = index.block_of(op)
    position = next(i for i, o in enumerate(block.ops) if o is op)
    base = result_base(op) or (op.results[0].name if op.results else "composite")
    takes = {new: old.name for old, new in zip(op.results, returned) if "#" not in old.name}
    index.forget(op)
    del block.ops[position]
    _name(ops, index, base, takes)
    index.insert(block, position, ops)
    return True


def _locate_at_call(ops: list, call: Location) -> None:
    """Each copied op, region argument and region terminator at `callsite(<its own> at <the
    composite's>)`, as MLIR's inliner places a decomposition StableHLO inlines
    (`stablehlo-legalize-composite-to-call`, then `inline`)."""
    for inner in walk(ops):
        inner.location = inlined_at(inner.location, call)
        for region in blocks_of(inner):
            region.location = inlined_at(region.location, call)
            for a in region.args:
                a.location = inlined_at(a.location, call)


def _name(ops: list, index: UseIndex, base: str, takes: dict) -> None:
    taken: set[str] = set()

    def fresh(hint: str) -> str:
        name, n = hint, 0
        while name in taken or index.has_name(name):
            n += 1
            name = f"{hint}_{n}"
        taken.add(name)
        return name

    for inner in walk(ops):
        group = result_base(inner)
        if group:
            stem = fresh(f"{base}_{group}")
            for k, v in enumerate(inner.results):
                v.rename(f"{stem}#{k}")
        else:
            for v in inner.results:
                own = takes.get(v)
                v.rename(fresh(own) if own is not None and own not in taken and not index.has_name(own)
                         else fresh(f"{base}_{v.name}"))
        renamed: dict[str, str] = {}  # a while's cond and body name their arguments alike: keep them alike
        for region in blocks_of(inner):
            for a in region.args:
                new = renamed.get(a.name) or fresh(f"{base}_{a.name}")
                renamed[a.name] = new
                a.rename(new)
