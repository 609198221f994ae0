"""A compound node's expansion, once per signature, and the folding of plain ops back into nodes.

The node classes (vitir/ast/ops/compound.py) declare `expand(b, op)`; here the expansion is built
with the FunctionBuilder (so this module stands above the builder, and the declarations below it
import neither): `expansion(node)`, the plain ops on placeholder names, cached; `fold_compounds`,
which recognises runs of plain ops that are an expansion, whatever their names.
"""

from __future__ import annotations


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
    arguments (named `__p<k>__`) bind to values defined outside the window (not in `outside`)."""
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

    out, i, count = [], 0, len(ops)
    while i < count:
        node = None
        for cls, pattern, second in starts.get(type(ops[i]), ()):
            # the second op's class first: most runs that start as an expansion do not go on as one
            if i + len(pattern) <= count and (second is None or type(ops[i + 1]) is second):
                node = _fold(cls, pattern, ops[i:i + len(pattern)], reads, fb)
                if node is not None:
                    break
        if node is None:
            out.append(ops[i])
            i += 1
            continue
        out.append(node)
        i += len(_example(type(node)))
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


def _fold(cls: type[Compound], pattern: list, window: list, reads, fb):
    if tuple(map(type, window)) != _classes(pattern) or any([op.discardable for op in window]):
        return None  # a node holds no attributes of other dialects: ops that carry some stay as written
    defined = {r for op in window for r in op.results}
    bound: dict = {}
    if not _match(pattern, window, defined, False, bound):
        return None
    by_name = {v.name: w for v, w in bound.items()}
    inputs = [by_name.get(operand_placeholder(k)) for k in range(len(cls.OPERAND_FIELDS))]
    names = [by_name.get(name_placeholder(i)) for i in range(cls.NAME_COUNT)]
    if any(v is None for v in inputs) or any(v is None for v in names):
        return None
    results = [names[i] for i in cls.RESULT_NAMES]
    inside_uses, uses = read_counts(window), reads()
    for v in names:
        if v not in results and uses.get(v, 0) != inside_uses.get(v, 0):
            return None  # a value of the run is read outside it
    kwargs = cls.from_ops(window, inputs)
    if kwargs is None:
        return None
    try:
        given = [op._location for op in window if op._location is not None]  # (made when the node's is asked for)
        node = cls(tuple(v.name for v in results) if len(results) > 1 else results[0].name,
                   **kwargs, names=tuple(v.name for v in names), path=window[0].path,
                   location=(fused_of, given) if given else None)  # where the run's ops were, as MLIR fuses them
    except ShapeError:
        return None
    made = expansion(node)
    if not _match(made.ops, window, set(), True, dict(zip(made.stand_ins, node.operands))):
        return None
    node.results = tuple(results)  # the run's own values: the ops after it read them
    for name in node.defined_names():
        if name in fb._owner:
            fb._owner[name] = node
    return node
