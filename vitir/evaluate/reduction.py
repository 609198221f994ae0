"""The reduce evaluator: a fold by the body, vectorised over the kept dimensions."""

from __future__ import annotations

import numpy as np

from ..ast.regions import BinaryRegion


def _size(x: np.ndarray, dims) -> int:
    return int(np.prod([x.shape[d] for d in dims]))


def reduce(op, *arrays: np.ndarray, run) -> tuple:
    """Each output element folds its input elements with the body, starting from the init values.
    A compact body (a commutative op) folds pairwise as a tree, by the op's own evaluator (so
    maximum orders -0 below +0 and keeps NaN, as XLA does); another body folds one slice at a
    time in index order, running its ops on arrays of the kept shape (argmax keeps the first
    index on ties, as XLA does). The spec leaves how often the init takes part to the
    implementation; as in XLA, it takes part once, but not at all where each output element
    folds exactly one input element (every reduced dimension of size 1, or none reduced): the
    result is that element (docs/semantics.md)."""
    n = len(op.results)
    xs, inits = arrays[:n], arrays[n:]
    dims = sorted(op.dimensions)
    kept = [d for d in range(xs[0].ndim) if d not in dims]
    shape = tuple(xs[0].shape[d] for d in kept)  # the arrays' own: a result type may hold `?`
    count = _size(xs[0], dims)
    folded = [x.transpose(kept + dims).reshape(*shape, count) for x in xs]
    if count == 1:
        return tuple(x[..., 0] for x in folded)
    acc = [np.broadcast_to(init, shape) for init in inits]
    if type(op.body) is BinaryRegion:
        level = folded[0]
        while level.shape[-1] > 1:  # pairwise, as a tree: the odd one out waits a level
            half = level.shape[-1] // 2
            paired = run(op.body, level[..., :half], level[..., half:2 * half])[0]
            level = np.concatenate([paired, level[..., 2 * half:]], axis=-1) if level.shape[-1] % 2 else paired
        if level.shape[-1] == 1:
            acc = list(run(op.body, acc[0], level[..., 0]))
        return tuple(acc)
    for k in range(count):
        acc = list(run(op.body, *acc, *[x[..., k] for x in folded]))
    return tuple(acc)
