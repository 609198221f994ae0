"""`expand-compounds` and `fold-compounds`: vitir's compound nodes as plain ops and back.

A compound node (vitir/ast/ops/compound.py: AllReduceMean, AdamWUpdate) is declared as its
expansion. `expand-compounds` puts the expansion's plain ops in each node's place, named as the
node names them, so the text prints the same and every plain-op rule can then act on them;
`fold-compounds` folds each run of plain ops that is a node's expansion back into the node (the
folding the importer does, `fold_compounds`, as a pass over a built function).
"""

from __future__ import annotations

from ..ast.module import Function
from ..ast.expansion import expansion, fold_compounds
from ..rewrite import UseIndex, blocks_of, copy_op, walk


def expand_compounds(fn: Function) -> int:
    """Replace every compound node of `fn` (at any depth) by its plain ops, in place; returns how many."""
    index = UseIndex(fn)
    nodes = [op for op in walk(fn.ops) if type(op).COMPOUND]
    for node in nodes:
        ops, results = _expansion(node)
        for old, new in zip(node.results, results):
            index.replace_all_uses(old, new)
        block = index.block_of(node)
        position = next(i for i, o in enumerate(block.ops) if o is node)
        index.forget(node)
        del block.ops[position]
        index.insert(block, position, ops)
    return len(nodes)


def _expansion(node):
    """The plain ops `node` stands for, reading the node's own operands and named as it names them (a
    copy of its one expansion), and the values of its results."""
    made = expansion(node)
    mapping = dict(zip(made.stand_ins, node.operands))
    ops = [copy_op(op, mapping) for op in made.ops]
    names = dict(zip(made.names, node.names))
    for op in walk(ops):
        op.path, op._location = node.path, node._location  # where the node was (its path names each op)
        for v in op.results:
            v.rename(names[v.name])
        for region in blocks_of(op):
            for a in region.args:
                a.rename(names[a.name])
    return ops, tuple(mapping[r] for r in made.results)


class _Names:
    """What fold_compounds reads of a builder: the owners of names, which it updates."""

    def __init__(self):
        self._owner: dict = {}


def fold_compound_runs(fn: Function) -> int:
    """Fold every run of plain ops that is a compound node's expansion into the node, in place (in each
    block: the function's and every region's); returns how many nodes were made."""
    before = sum(1 for op in walk(fn.ops) if type(op).COMPOUND)
    _fold_block(fn, fn.ret.operands)
    return sum(1 for op in walk(fn.ops) if type(op).COMPOUND) - before


def _fold_block(block, returned) -> None:
    for op in block.ops:
        for region in blocks_of(op):
            _fold_block(region, region.results)
    block.ops[:] = fold_compounds(block.ops, _Names(), tuple(returned))
