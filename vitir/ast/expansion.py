"""A compound node's expansion, once per signature, and the folding of plain ops back into nodes.

The node classes (vitir/ast/ops/compound.py) declare `expand(b, op)`; here the expansion is built
with the FunctionBuilder (so this module stands above the builder, and the declarations below it
import neither): `expansion(node)`, the plain ops on placeholder names, cached; `fold_compounds`,
which recognises runs of plain ops that are an expansion, whatever their names.
"""

from __future__ import annotations

from operator import attrgetter, is_not, itemgetter
from typing import Callable

from ..lazy_pattern import LazyPattern
from .location import fused_of
from ..errors import ShapeError
from .builder import FunctionBuilder
from .element_types import DType
from .ops.compound import COMPOUNDS, Compound
from .types import TensorType
from .uses import read_counts
from .values import Value


PLACEHOLDER = LazyPattern(r"__([np])(\d+)__")  # what the two below write: `__n3__`, `__p0__`


def operand_placeholder(k: int) -> str:
    """The name the expansion gives the stand-in for the node's operand k."""
    return f"__p{k}__"


def name_placeholder(i: int) -> str:
    """The name the expansion gives the value the node names `names[i]`."""
    return f"__n{i}__"


class Expansion:
    """The plain ops a compound node of one signature (its class, its attributes but its names, its
    operands' types) stands for, built once on placeholder names: `stand_ins` are the arguments that
    stand for its operands, in order (`__p<k>__`: a value passed twice has two), the values it defines
    are named `__n<i>__` for the node's `names[i]`, and `results` are the node's results among them.
    `derived` keeps what a reader makes of it once (the printer's template)."""

    __slots__ = ("stand_ins", "ops", "results", "names", "derived")

    def __init__(self, stand_ins: tuple[Value, ...], ops: list, results: tuple[Value, ...], names: tuple[str, ...]):
        self.stand_ins, self.ops, self.results, self.names = stand_ins, ops, results, names
        self.derived: dict = {}


_EXPANSIONS: dict = {}


def with_names(node: Compound, text: str) -> str:
    """`text` about the node's expansion (an error met running it) with each placeholder written as the
    node's own name for that value, or its operand's."""
    def name(m) -> str:
        i = int(m.group(2))
        return node.names[i] if m.group(1) == "n" else node.operands[i].name

    return PLACEHOLDER.sub(name, text)


def expansion(node: Compound) -> Expansion:
    """The node's expansion (cached per signature)."""
    cls = type(node)
    attrs = tuple([(f.name, getattr(node, f.name)) for f in cls.ATTR_FIELDS if f.name != "names"])
    key = (cls, attrs, *[v.type for v in node.operands])
    hit = _EXPANSIONS.get(key)
    if hit is None:
        b = FunctionBuilder(f"{cls.NAME}.expansion")
        stand_ins = tuple(b.arg(operand_placeholder(k), v.type) for k, v in enumerate(node.operands))
        names = tuple(name_placeholder(i) for i in range(len(node.names)))
        result = tuple(names[i] for i in cls.RESULT_NAMES)
        results = cls.expand(b, cls(result if len(result) > 1 else result[0], *stand_ins, **dict(attrs), names=names))
        hit = _EXPANSIONS[key] = Expansion(stand_ins, b.ops, tuple(results), names)
    return hit


def _example(cls: type[Compound]) -> list:
    """The expansion of an example node of `cls` (rank-1 f32 tensor operands, rank-0 scalars, the
    class's example attributes), to read the expansion's shape from before a run's types are known."""
    hit = _EXAMPLES.get(cls)
    if hit is None:
        b = FunctionBuilder(f"{cls.NAME}.example")
        scalar, tensor_type = TensorType((), DType.F32), TensorType((2,), DType.F32)
        args = [b.arg(operand_placeholder(k), tensor_type if k < cls.TENSOR_OPERANDS else scalar)
                for k in range(len(cls.OPERAND_FIELDS))]
        names = tuple(name_placeholder(i) for i in range(cls.NAME_COUNT))
        result = tuple(names[i] for i in cls.RESULT_NAMES)
        node = cls(result if len(result) > 1 else result[0], *args, **cls.EXAMPLE_ATTRIBUTES, names=names)
        hit = _EXAMPLES[cls] = expansion(node).ops
    return hit


_EXAMPLES: dict = {}


# -- folding plain ops back into compound nodes --------------------------------------------------

_CLASSES: dict = {}


def _classes(pattern: list) -> tuple:
    key = id(pattern)
    hit = _CLASSES.get(key)
    if hit is None:
        hit = _CLASSES[key] = tuple(map(type, pattern))
    return hit


def _match(pattern: list, window: list, outside: set, strict: bool, bound: dict) -> bool:
    """Whether `window` is `pattern` op for op (classes, dataflow; with `strict`, also attributes,
    types and spellings), binding each pattern value to its window value in `bound`. The pattern's
    arguments (named `__p<k>__`) bind to values defined outside the window (not in `outside`).
    (The walk for runs with regions; a run without is compared by its `_Shape`.)"""
    for p, w in zip(pattern, window, strict=True):
        if type(p) is not type(w) or len(p.operands) != len(w.operands) or len(p.results) != len(w.results):
            return False
        if strict and (p.spelling != w.spelling or any(r.type is not s.type for r, s in zip(p.results, w.results))
                       or any(getattr(p, f.name) != getattr(w, f.name) for f in type(p).ATTR_FIELDS)):
            return False
        for pv, wv in zip(p.operands, w.operands):
            seen = bound.get(pv)
            if seen is None:
                if not pv.name.startswith("__p") or wv in outside:
                    return False
                bound[pv] = wv
            elif seen is not wv:
                return False
        for pr, wr in zip(p.regions(), w.regions()) if type(p).REGION_FIELDS else ():
            if type(pr) is not type(wr) or len(pr.args) != len(wr.args) or len(pr.ops) != len(wr.ops):
                return False
            for pa, wa in zip(pr.args, wr.args):
                bound[pa] = wa
            if not _match(pr.ops, wr.ops, set(), strict, bound):
                return False
            if len(pr.results) != len(wr.results) or any(bound.get(a) is not b for a, b in
                                                        zip(pr.results, wr.results)):
                return False
        for pr, wr in zip(p.results, w.results):
            bound[pr] = wr
    return True


def _picker(positions) -> Callable:
    """`seq -> tuple(seq[i] for i in positions)`, in C (itemgetter answers a bare item for one)."""
    if len(positions) > 1:
        return itemgetter(*positions)
    if positions:
        only = positions[0]
        return lambda seq: (seq[only],)
    return lambda seq: ()


class _Shape:
    """A run of ops without regions as positions, made once per pattern: a window is the run (as
    `_match` walks it: classes, operand and result counts, dataflow; `strict` adds spellings, result
    types and attributes) when a few tuple comparisons say so. The window's results and operands
    are flattened in order; each operand of the pattern is either a result of an earlier op
    (`sources`: its flat result position) or an argument of the pattern named `__p<k>__` (a
    stand-in: its position among the stand-ins, after the results), each stand-in bound where it is
    first read (`first_reads`). `never`: the pattern reads a value it cannot bind (one defined
    outside it that is no stand-in), so no window is it."""

    __slots__ = ("classes", "length", "operand_counts", "result_counts", "gather",
                 "first_reads", "stand_ins", "result_values", "reads_inside", "never", "spellings",
                 "result_types", "attributes", "structure")

    def __init__(self, pattern: list):
        self.classes = tuple(map(type, pattern))
        self.length = len(pattern)
        self.operand_counts = tuple([len(p.operands) for p in pattern])
        self.result_counts = tuple([len(p.results) for p in pattern])
        results = [r for p in pattern for r in p.results]
        self.result_values = results
        defined: dict = {}  # a pattern value -> its flat result position, once its op is passed
        stand_ins: dict = {}  # a stand-in -> its position among the stand-ins
        sources, first_reads, self.never = [], [], False
        reads_inside = [0] * len(results)
        at = 0
        for p in pattern:
            for v in p.operands:
                if v in defined:
                    sources.append(defined[v])
                    reads_inside[defined[v]] += 1
                elif v.name.startswith("__p"):
                    if v not in stand_ins:
                        stand_ins[v] = len(stand_ins)
                        first_reads.append(len(sources))
                    sources.append(len(results) + stand_ins[v])
                else:
                    self.never = True
                    sources.append(0)
            for r in p.results:
                defined[r] = at
                at += 1
        self.gather = _picker(sources)
        self.first_reads = _picker(first_reads)
        # what `bind` compares before the statics: two patterns alike in it bind a window alike
        self.structure = (self.classes, self.operand_counts, self.result_counts, tuple(sources),
                          tuple(first_reads), self.never)
        self.stand_ins = tuple(stand_ins)
        self.reads_inside = tuple(reads_inside)
        self.spellings = tuple(p.spelling for p in pattern)
        self.result_types = tuple(r.type for r in results)
        self.attributes = tuple((i, tuple((f.name, getattr(p, f.name)) for f in type(p).ATTR_FIELDS))
                                for i, p in enumerate(pattern) if type(p).ATTR_FIELDS)

    def bind(self, window: list, strict: bool):
        """(the window's results, the values its stand-ins bind to), flat, or None where the window
        is not the pattern; without `strict`, a stand-in may not bind to a value the window defines."""
        if self.never or len(window) != self.length or tuple(map(type, window)) != self.classes:
            return None
        if (tuple(map(len, map(_OPERANDS, window))) != self.operand_counts
                or tuple(map(len, map(_RESULTS, window))) != self.result_counts):
            return None
        results = [r for w in window for r in w.results]
        operands = [v for w in window for v in w.operands]
        stand = self.first_reads(operands)
        if not strict and not set(results).isdisjoint(stand):
            return None
        if self.gather([*results, *stand]) != tuple(operands):  # Values compare by identity
            return None
        if strict and not self.statics_match(window, results):
            return None
        return results, stand

    def statics_match(self, window: list, results: list) -> bool:
        """Whether the window's spellings, result types (`results`, flat) and attributes are the
        pattern's, op for op."""
        if tuple([w.spelling for w in window]) != self.spellings or any(
                map(is_not, [r.type for r in results], self.result_types)):
            return False
        for i, pairs in self.attributes:
            w = window[i]
            for name, value in pairs:
                if value != getattr(w, name):
                    return False
        return True


_OPERANDS, _RESULTS = attrgetter("operands"), attrgetter("results")
_SHAPES: dict = {}  # id(pattern) -> (pattern, its _Shape, or None where it has regions)


def _shape(pattern: list):
    hit = _SHAPES.get(id(pattern))
    if hit is None or hit[0] is not pattern:
        shape = None if any(type(p).REGION_FIELDS for p in pattern) else _Shape(pattern)
        hit = _SHAPES[id(pattern)] = (pattern, shape)
    return hit[1]


def fold_compounds(ops: list, fb, keep: tuple = ()) -> list:
    """`ops` with every run that is a compound node's expansion replaced by the node (the run's
    values keep their names; the node is built, so its rule checks it). A run folds only if the
    values it defines are read nowhere else (`keep`: the values the block returns)."""
    starts = _starts()
    counts: list = []  # every value's reads in `ops`, counted when a run first matches (most never do)

    def reads() -> dict:
        if not counts:
            counts.append(read_counts(ops, keep))
        return counts[0]

    classes, count = list(map(type, ops)), len(ops)
    out, done = [], 0  # ops[:done] are in `out`, folded or not
    for i in [i for i, c in enumerate(classes) if c in starts]:  # where an expansion may start
        if i < done:
            continue
        for cls, pattern, second in starts[classes[i]]:
            # the second op's class first: most runs that start as an expansion do not go on as one
            if i + len(pattern) <= count and (second is None or classes[i + 1] is second):
                node = _fold(cls, pattern, ops[i:i + len(pattern)], reads, fb)
                if node is not None:
                    out += ops[done:i]
                    out.append(node)
                    done = i + len(_example(type(node)))
                    break
    out += ops[done:]
    return out


_STARTS: dict = {}  # {first op's class: ((compound class, its example's ops, its second op's class or None), ...)}


def _starts() -> dict:
    """The compounds by the class of their expansion's first op, in COMPOUNDS' order (the first that
    folds wins), made once."""
    if not _STARTS:
        by_first: dict = {}
        for cls in COMPOUNDS:
            pattern = _example(cls)
            if pattern:
                second = type(pattern[1]) if len(pattern) > 1 else None
                by_first.setdefault(type(pattern[0]), []).append((cls, pattern, second))
        _STARTS.update({first: tuple(found) for first, found in by_first.items()})
    return _STARTS


def _bound(cls: type[Compound], pattern: list, window: list):
    """The run's operands (by the node's operand fields) and its named values (`__n<i>__`), and how
    many times the run itself reads each named value, or None where the window is not the pattern."""
    shape = _shape(pattern)
    if shape is None:  # regions: the walk
        defined = {r for op in window for r in op.results}
        bound: dict = {}
        if not _match(pattern, window, defined, False, bound):
            return None
        by_name = {v.name: w for v, w in bound.items()}
        inputs = [by_name.get(operand_placeholder(k)) for k in range(len(cls.OPERAND_FIELDS))]
        names = [by_name.get(name_placeholder(i)) for i in range(cls.NAME_COUNT)]
        inside = read_counts(window)
        return inputs, names, [inside.get(v, 0) for v in names], None
    found = shape.bind(window, False)
    if found is None:
        return None
    results, stand = found
    inputs_at, names_at = _positions(cls, shape)
    inputs = [None if k is None else stand[k] for k in inputs_at]
    names = [None if k is None else results[k] for k in names_at]
    # a window that is the pattern reads its values as the pattern does
    return inputs, names, [0 if k is None else shape.reads_inside[k] for k in names_at], (shape, found)


_POSITIONS: dict = {}  # (compound class, _Shape) -> where its operands and named values are in a bound window


def _positions(cls: type[Compound], shape: _Shape) -> tuple:
    """For each operand k of the node, its stand-in's position (`__p<k>__`), and for each named value
    i, its flat result position (`__n<i>__`), None where the pattern has none."""
    hit = _POSITIONS.get((cls, shape))
    if hit is None:
        stand = {v.name: k for k, v in enumerate(shape.stand_ins)}
        results: dict = {}
        for k, v in enumerate(shape.result_values):
            results.setdefault(v.name, k)
        hit = _POSITIONS[(cls, shape)] = (
            tuple(stand.get(operand_placeholder(k)) for k in range(len(cls.OPERAND_FIELDS))),
            tuple(results.get(name_placeholder(i)) for i in range(cls.NAME_COUNT)))
    return hit


def _is_expansion(made: Expansion, window: list, operands: tuple, loose) -> bool:
    """Whether `window` is the node's expansion `made`, op for op, its stand-ins the node's operands
    (`loose`: (the shape, what it bound) of the example the window matched, or None)."""
    shape = _shape(made.ops)
    if shape is None:
        if len(made.ops) != len(window):
            return False
        return _match(made.ops, window, set(), True, dict(zip(made.stand_ins, operands)))
    if loose is not None and _alike(loose[0], shape):  # the example's bind stands: the statics remain
        found = loose[1]
        if not shape.statics_match(window, found[0]):
            return False
    else:
        found = shape.bind(window, True)
        if found is None:
            return False
    at = _STAND_INS.get(id(made))
    if at is None or at[0] is not made:
        k = {v: i for i, v in enumerate(made.stand_ins)}
        at = _STAND_INS[id(made)] = (made, tuple(k.get(v) for v in shape.stand_ins))
    # each stand-in the node's operand it stands for (one the expansion does not give binds freely)
    return all(k is None or operands[k] is w for k, w in zip(at[1], found[1]))


_STAND_INS: dict = {}  # id(expansion) -> (it, the position in its stand_ins of each stand-in its shape reads)
_ALIKE: dict = {}  # (shape, shape) -> whether their structures are equal


def _alike(a: _Shape, b: _Shape) -> bool:
    hit = _ALIKE.get((a, b))
    if hit is None:
        hit = _ALIKE[(a, b)] = a.structure == b.structure
    return hit


def _fold(cls: type[Compound], pattern: list, window: list, reads, fb):
    if tuple(map(type, window)) != _classes(pattern) or any([op.discardable for op in window]):
        return None  # a node holds no attributes of other dialects: ops that carry some stay as written
    found = _bound(cls, pattern, window)
    if found is None:
        return None
    inputs, names, reads_inside, loose = found
    if None in inputs or None in names:  # (Values compare by identity)
        return None
    results = [names[i] for i in cls.RESULT_NAMES]
    uses = reads()
    for v, inside in zip(names, reads_inside):
        if v not in results and uses.get(v, 0) != inside:
            return None  # a value of the run is read outside it
    kwargs = cls.from_ops(window, inputs)
    if kwargs is None:
        return None
    try:
        given = [op._location for op in window if op._location is not None]  # (made when the node's is asked for)
        node = cls(tuple(v.name for v in results) if len(results) > 1 else results[0].name,
                   **kwargs, names=tuple([v.name for v in names]), path=window[0].path,
                   location=(fused_of, given) if given else None)  # where the run's ops were, as MLIR fuses them
    except ShapeError:
        return None
    if not _is_expansion(expansion(node), window, node.operands, loose):
        return None
    node.results = tuple(results)  # the run's own values: the ops after it read them
    for name in node.defined_names():
        if name in fb._owner:
            fb._owner[name] = node
    return node
