"""Compound nodes: one AST node that stands for several plain ops.

A compound node is declared as its expansion: `expand(b, op)` emits the plain
ops it stands for into the builder `b` it is handed, whose arguments stand in
for the node's operands, naming every value from `op.names`; its `traits` are
its expansion's (PURE when every op of it is). Everything else follows from one
expansion per signature (vitir/ast/expansion.py, above the builder that builds
it): the printer fills its text in with each node's names, the evaluator runs
it, the importer and the `fold-compounds` pass fold a run of plain ops back into
the node, and the `expand-compounds` pass copies it in the node's place.
"""

from __future__ import annotations


from ...records import NamedTuple
from ..attributes import I64, NAMES, UNIT, ChannelHandle, DenseInts
from ..declare import Op, attr_def, operand_def, var_result_def
from ..traits import PURE
from ..shape_rules import RuleError
from ..type_rules import tensor
from ..types import TensorType
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


# JAX's channel of shard_map's collectives (XLA numbers the channels afresh).
SHARD_MAP_CHANNEL = ChannelHandle(1, 1)


class AllReduceMean(Compound):
    """The cross-replica mean of a gradient: a sum by all_reduce (an add region, written with its
    attributes after the region, as the reference prints it), then a divide by the replica count.
    `over_partitions`: the mean over the partitions of a manual computation instead (the all_reduce
    of global device ids on a channel, as JAX writes shard_map's pmean)."""

    NAME = "all_reduce_mean"
    traits = ()  # an all_reduce
    operand = operand_def()
    replicas = attr_def(I64)
    names = attr_def(NAMES)
    over_partitions = attr_def(UNIT, default=None)
    syntax = "{expansion}"
    SUFFIXES = ("arsum", "ara", "arb", "aradd", "arn", "armean")
    RESULT_NAMES = (5,)
    NAME_COUNT = 6
    TENSOR_OPERANDS = 1
    EXAMPLE_ATTRIBUTES = {"replicas": 2}

    @staticmethod
    def rule(operand, replicas, names, over_partitions):
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
    def builder(tag: str, operand, replicas: int, over_partitions: bool = False):
        """`fb.all_reduce_mean(tag, g, R)`: its values named `arsum<tag>`, ..., `armean<tag>`."""
        names = AllReduceMean.default_names(tag)
        return dict(name=names[-1], operand=operand, replicas=replicas, names=names,
                    over_partitions=True if over_partitions else None)

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
        if op.over_partitions:
            reduce = AllReduce(total, (g,), groups, body, SHARD_MAP_CHANNEL, True, path=b.path)
        else:
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
        over_partitions = reduce.channel_handle == SHARD_MAP_CHANNEL and bool(reduce.use_global_device_ids)
        if not over_partitions and (reduce.channel_handle is not None or reduce.use_global_device_ids):
            return None
        return dict(operand=inputs[0], replicas=groups.shape[1], over_partitions=True if over_partitions else None)


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


COMPOUNDS: tuple[type[Compound], ...] = (AdamWUpdate, AllReduceMean)
