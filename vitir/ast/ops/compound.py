"""Compound nodes: one AST node that stands for several plain ops.

A compound node is declared as its expansion: `expand(b, op)` emits the plain
ops it stands for into the builder `b`, whose arguments stand in for the
node's operands, naming every value from `op.names`. Everything else follows
from one expansion per signature (`expansion(node)`: the plain ops, built once
on placeholder names and cached): the printer fills its text in with each
node's names, the evaluator runs it, the importer and the `fold-compounds` pass
fold a run of plain ops back into the node wherever the ops and the way values
flow between them are the expansion's, whatever their names, and the
`expand-compounds` pass copies it in the node's place.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..attributes import I64, NAMES, DenseInts
from ..declare import Op, attr_def, operand_def, var_result_def
from ..traits import PURE
from ...errors import ShapeError
from ..shape_rules import RuleError
from ..type_rules import tensor
from ..types import TensorType
from ..uses import read_counts
from ..values import Value


class Compound(Op):
    """Base of compound nodes. `names` are the SSA names of every value the expansion defines,
    in the order it defines them; the node's results are among them."""

    COMPOUND = True
    RESULT_NAMES: tuple[int, ...] = ()  # positions in `names` of the results, in order
    NAME_COUNT = 0  # how many names the expansion defines
    TENSOR_OPERANDS = 0  # the leading operands that are tensors (the rest are rank-0), for the example
    EXAMPLE_ATTRIBUTES: dict = {}  # attributes of the example node the importer reads the expansion's shape from

    @property
    def tag(self) -> str | None:
        """The tag the names were made from (`fb.adamw_update(tag, ...)`), or None for other names."""
        first = type(self).default_names("")[0]
        if not self.names[0].startswith(first):
            return None
        tag = self.names[0][len(first):]
        return tag if self.names == type(self).default_names(tag) else None

    def defined_names(self) -> list[str]:
        return list(self.names)

    @staticmethod
    def expand(b, op) -> tuple[Value, ...]:
        raise NotImplementedError

    @classmethod
    def default_names(cls, tag: str) -> tuple[str, ...]:
        raise NotImplementedError

    @classmethod
    def from_ops(cls, ops: list, inputs: list[Value]):
        """The node's constructor arguments (after the names) read from a run of plain ops that
        may be its expansion, or None; the importer builds the node and compares expansions."""
        raise NotImplementedError


class AllReduceMean(Compound):
    """The cross-replica mean of a gradient: a sum by all_reduce (an add region, written with its
    attributes after the region, as the reference prints it), then a divide by the replica count."""

    NAME = "all_reduce_mean"
    traits = ()  # an all_reduce
    operand = operand_def()
    replicas = attr_def(I64)
    names = attr_def(NAMES)
    syntax = "{expansion}"
    SUFFIXES = ("arsum", "ara", "arb", "aradd", "arn", "armean")
    RESULT_NAMES = (5,)
    NAME_COUNT = 6
    TENSOR_OPERANDS = 1
    EXAMPLE_ATTRIBUTES = {"replicas": 2}

    @staticmethod
    def rule(operand, replicas, names):
        tensor(operand)
        if replicas < 2:
            raise RuleError(f"needs at least 2 replicas, got {replicas} (one replica needs no collective)")
        if not operand.dtype.is_float:
            raise RuleError(f"needs a floating-point operand, got {operand.dtype.value}")
        if len(names) != 6:
            raise RuleError(f"needs 6 names, got {len(names)}")
        return operand

    @classmethod
    def default_names(cls, tag: str) -> tuple[str, ...]:
        return tuple([s + tag for s in cls.SUFFIXES])

    @staticmethod
    def builder(tag: str, operand, replicas: int):
        """`fb.all_reduce_mean(tag, g, R)`: its values named `arsum<tag>`, ..., `armean<tag>`."""
        names = AllReduceMean.default_names(tag)
        return dict(name=names[-1], operand=operand, replicas=replicas, names=names)

    @staticmethod
    def expand(b, op) -> tuple[Value, ...]:
        (g,) = b.args
        total, a, c, added, count, mean = op.names
        scalar = TensorType((), g.type.dtype)
        region = b.region()
        x, y = region.arg(a, scalar), region.arg(c, scalar)
        body = region.ret(region.add(added, x, y))
        groups = DenseInts((1, op.replicas), tuple(range(op.replicas)))
        from .collectives import AllReduce  # the collectives family loads when a mean is expanded
        reduce = AllReduce(total, (g,), groups, body, path=b.path)
        reduce.spelling = "attributes after regions"  # as the reference writes it
        summed = b.emit(reduce)
        n = b.constant(count, f"{op.replicas}.0", g.shape, g.type.dtype)
        return (b.divide(mean, summed, n),)

    @classmethod
    def from_ops(cls, ops: list, inputs: list[Value]):
        reduce = ops[0]
        groups = reduce.replica_groups
        if groups.shape[0] != 1 or groups.shape[1] < 2:
            return None
        return dict(operand=inputs[0], replicas=groups.shape[1])


class AdamScalars(NamedTuple):
    """The rank-0 hyperparameter values an AdamW update reads."""

    b1: Value
    ob1: Value
    b2: Value
    ob2: Value
    bc1: Value
    bc2: Value
    lr: Value
    eps: Value
    wd: Value


# The AdamW update's 26 lines, as (suffix, op, operands). Operand names: `theta g m v` are the
# node's tensor operands, `$x` a scalar hyperparameter broadcast to the parameter's shape,
# anything else an earlier line's suffix.
ADAMW_LINES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("adb1", "broadcast", ("$b1",)),
    ("adob1", "broadcast", ("$ob1",)),
    ("adms", "multiply", ("adb1", "m")),
    ("admg", "multiply", ("adob1", "g")),
    ("admn", "add", ("adms", "admg")),
    ("adb2", "broadcast", ("$b2",)),
    ("adob2", "broadcast", ("$ob2",)),
    ("advs", "multiply", ("adb2", "v")),
    ("adg2", "multiply", ("g", "g")),
    ("advg", "multiply", ("adob2", "adg2")),
    ("advn", "add", ("advs", "advg")),
    ("adbc1", "broadcast", ("$bc1",)),
    ("adbc2", "broadcast", ("$bc2",)),
    ("admh", "divide", ("admn", "adbc1")),
    ("advh", "divide", ("advn", "adbc2")),
    ("adlr", "broadcast", ("$lr",)),
    ("adeps", "broadcast", ("$eps",)),
    ("adsq", "sqrt", ("advh",)),
    ("adden", "add", ("adsq", "adeps")),
    ("adrat", "divide", ("admh", "adden")),
    ("adst", "multiply", ("adlr", "adrat")),
    ("adsub", "subtract", ("theta", "adst")),
    ("adwd", "broadcast", ("$wd",)),
    ("adwdlr", "multiply", ("adwd", "adlr")),
    ("adwdp", "multiply", ("adwdlr", "theta")),
    ("adnew", "subtract", ("adsub", "adwdp")),
)
_ADAMW_SUFFIXES = tuple(line[0] for line in ADAMW_LINES)


class AdamWUpdate(Compound):
    """One parameter's AdamW step, theta' = theta - lr*(m'/bc1)/(sqrt(v'/bc2)+eps) - wd*lr*theta,
    m' = b1 m + (1-b1) g, v' = b2 v + (1-b2) g^2: the 26 ops of ADAMW_LINES. Results (theta', m', v')."""

    NAME = "adamw_update"
    traits = (PURE,)  # its expansion's ops: floats, among them divide
    theta = operand_def()
    grad = operand_def()
    m = operand_def()
    v = operand_def()
    b1 = operand_def()
    ob1 = operand_def()
    b2 = operand_def()
    ob2 = operand_def()
    bc1 = operand_def()
    bc2 = operand_def()
    lr = operand_def()
    eps = operand_def()
    wd = operand_def()
    names = attr_def(NAMES)
    results = var_result_def()
    syntax = "{expansion}"
    RESULT_NAMES = (_ADAMW_SUFFIXES.index("adnew"), _ADAMW_SUFFIXES.index("admn"), _ADAMW_SUFFIXES.index("advn"))
    NAME_COUNT = len(ADAMW_LINES)
    TENSOR_OPERANDS = 4
    EXAMPLE_ATTRIBUTES: dict = {}

    @staticmethod
    def rule(theta, grad, m, v, b1, ob1, b2, ob2, bc1, bc2, lr, eps, wd, names):
        tensor(theta)
        for what, t, field in (("gradient", grad, "grad"), ("first moment", m, "m"), ("second moment", v, "v")):
            if t is not theta:  # types are interned
                raise RuleError(f"{what} has type {t}, the parameter has {theta}")
        for field, t in zip(AdamScalars._fields, (b1, ob1, b2, ob2, bc1, bc2, lr, eps, wd)):
            if not isinstance(t, TensorType) or t.rank != 0 or t.dtype is not theta.dtype:
                raise RuleError(f"hyperparameter {field} must be a rank-0 {theta.dtype.value}, got {t}")
        if len(names) != len(ADAMW_LINES):
            raise RuleError(f"needs {len(ADAMW_LINES)} names, got {len(names)}")
        return theta, theta, theta

    @property
    def scalars(self) -> AdamScalars:
        return AdamScalars(*self.operands[4:])

    @classmethod
    def default_names(cls, tag: str) -> tuple[str, ...]:
        return tuple([s + tag for s in _ADAMW_SUFFIXES])

    @staticmethod
    def builder(tag: str, theta, grad, m, v, scalars: AdamScalars):
        """`fb.adamw_update(tag, theta, g, m, v, scalars)` -> (theta', m', v'), its values named
        `adb1<tag>`, ..., `adnew<tag>`."""
        names = AdamWUpdate.default_names(tag)
        if not isinstance(scalars, tuple) or len(scalars) != len(AdamScalars._fields):
            raise RuleError(f"scalars must be an AdamScalars of {len(AdamScalars._fields)} values, got {scalars!r}")
        return dict(name=tuple(names[i] for i in AdamWUpdate.RESULT_NAMES), theta=theta, grad=grad, m=m, v=v,
                    **dict(zip(AdamScalars._fields, scalars)), names=names)

    @staticmethod
    def expand(b, op) -> tuple[Value, ...]:
        theta, g, m, v, *scalars = b.args
        known = {"theta": theta, "g": g, "m": m, "v": v}
        known.update(("$" + field, s) for field, s in zip(AdamScalars._fields, scalars))
        for name, (suffix, kind, args) in zip(op.names, ADAMW_LINES):
            xs = [known[a] for a in args]
            if kind == "broadcast":
                known[suffix] = b.broadcast_in_dim(name, xs[0], (), theta.shape)
            else:
                known[suffix] = getattr(b, kind)(name, *xs)
        return known["adnew"], known["admn"], known["advn"]

    @classmethod
    def from_ops(cls, ops: list, inputs: list[Value]):
        return dict(zip([f.name for f in cls.OPERAND_FIELDS], inputs))


# -- the expansion, once per signature ----------------------------------------------------------

COMPOUNDS: tuple[type[Compound], ...] = (AdamWUpdate, AllReduceMean)


PLACEHOLDER = re.compile(r"__([np])(\d+)__")  # what the two below write: `__n3__`, `__p0__`


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
        from ..builder import FunctionBuilder

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
        from ..builder import FunctionBuilder
        from ..element_types import DType

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
    uses = read_counts(ops, keep)
    out, i = [], 0
    while i < len(ops):
        node = None
        for cls in COMPOUNDS:
            pattern = _example(cls)
            window = ops[i:i + len(pattern)]
            if len(window) == len(pattern) and type(window[0]) is type(pattern[0]):
                node = _fold(cls, pattern, window, uses, fb)
                if node is not None:
                    break
        if node is None:
            out.append(ops[i])
            i += 1
            continue
        out.append(node)
        i += len(_example(type(node)))
    return out


def _fold(cls: type[Compound], pattern: list, window: list, uses: dict, fb):
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
    inside_uses = read_counts(window)
    for v in names:
        if v not in results and uses.get(v, 0) != inside_uses.get(v, 0):
            return None  # a value of the run is read outside it
    kwargs = cls.from_ops(window, inputs)
    if kwargs is None:
        return None
    try:
        node = cls(tuple(v.name for v in results) if len(results) > 1 else results[0].name,
                   **kwargs, names=tuple(v.name for v in names), path=window[0].path)
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
