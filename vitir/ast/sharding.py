"""Shardy's attributes (the `sdy` dialect): meshes, shardings and the axis lists of its ops, as
immutable values, and their attribute kinds.

The text is Shardy's, byte for byte (shardy/dialect/sdy/ir/attrs.td and printers.cc):

    #sdy.mesh<["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
    #sdy.sharding<@mesh, [{"x", ?}p1, {"y":(1)2}], replicated={"z"}, unreduced={"w"}>
    #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>
    #sdy<manual_axes{"x"}>  #sdy<axis_ref_list{"y"}>  #sdy<list_of_axis_ref_lists[{"x"}, {}]>
    #sdy<all_to_all_param_list[{"x"}: 0->1]>

An op's own syntax writes each without its prefix (`<@mesh, [{"x"}]>`, `{"x"}`, `[{"x"}, {}]`).
Each kind reads both spellings through a TextParser, which the fast reader and the dialect's
parser implement; vitir/mlir/sharding.py is their bridge to xDSL.

What needs the mesh (the axes named exist, no axis used twice, sub-axes that fit, dimensions that
divide) is `check_sharding`, which the ops' module-level check runs with the module's meshes
(vitir/ast/sharding_check.py).
"""

from __future__ import annotations

import re

from ..records import NamedTuple
from .attributes import Kind, SymbolKind, string_text, symbol_text
from .shape_rules import RuleError


class MeshAxis(NamedTuple):
    name: str
    size: int


class Mesh(NamedTuple):
    """`<["x"=2, "y"=4]>`; device_ids () when they are the iota Shardy leaves out."""

    axes: tuple[MeshAxis, ...]
    device_ids: tuple[int, ...] = ()

    def size_of(self, name: str) -> int | None:
        for axis in self.axes:
            if axis.name == name:
                return axis.size
        return None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.axes)


class AxisRef(NamedTuple):
    """An axis, or a sub-axis `"y":(pre_size)size` of it."""

    name: str
    sub_axis: tuple[int, int] | None = None  # (pre_size, size)


class DimSharding(NamedTuple):
    """One dimension's axes, major to minor: `{"x", "y"}` closed, `{"x", ?}` open, `p1` a priority."""

    axes: tuple[AxisRef, ...] = ()
    closed: bool = True
    priority: int | None = None


class TensorSharding(NamedTuple):
    """A tensor's sharding on a mesh (its symbol's name, or an inline Mesh); `reduction` is how the
    parts on its unreduced axes combine (`unreduced=max{"x"}`; sum unless written)."""

    mesh: str | Mesh
    dims: tuple[DimSharding, ...]
    replicated: tuple[AxisRef, ...] = ()
    unreduced: tuple[AxisRef, ...] = ()
    reduction: str = "sum"


class AllToAllParam(NamedTuple):
    """`{"x"}: 0->1`: the axes that move dimension `source` of the operand to `target`."""

    axes: tuple[AxisRef, ...]
    source: int
    target: int


PROPAGATION_DIRECTIONS = ("NONE", "FORWARD", "BACKWARD", "BOTH")
REDUCTIONS = ("sum", "max", "min")  # Shardy's ReductionOp, in its enum's order


# -- text ---------------------------------------------------------------------------------------

def axis_ref_text(ref: AxisRef) -> str:
    if ref.sub_axis is None:
        return string_text(ref.name)
    return f"{string_text(ref.name)}:({ref.sub_axis[0]}){ref.sub_axis[1]}"


def axes_text(refs) -> str:
    """`{"x", "y":(1)2}`."""
    return "{" + ", ".join(map(axis_ref_text, refs)) + "}"


def dim_text(dim: DimSharding) -> str:
    inner = ", ".join(map(axis_ref_text, dim.axes))
    if not dim.closed:
        inner += ", ?" if inner else "?"
    return "{" + inner + "}" + ("" if dim.priority is None else f"p{dim.priority}")


def mesh_body(mesh: Mesh) -> str:
    """`<["x"=2], device_ids=[1, 0]>`."""
    ids = f", device_ids=[{', '.join(map(str, mesh.device_ids))}]" if mesh.device_ids else ""
    return "<[" + ", ".join(f"{string_text(a.name)}={a.size}" for a in mesh.axes) + "]" + ids + ">"


def sharding_body(s: TensorSharding) -> str:
    """`<@mesh, [{"x"}, {}], replicated={"y"}>`."""
    mesh = ("mesh" + mesh_body(s.mesh)) if isinstance(s.mesh, Mesh) else symbol_text(s.mesh)
    text = f"<{mesh}, [" + ", ".join(map(dim_text, s.dims)) + "]"
    if s.replicated:
        text += ", replicated=" + axes_text(s.replicated)
    if s.unreduced:
        text += ", unreduced=" + ("" if s.reduction == "sum" else s.reduction) + axes_text(s.unreduced)
    return text + ">"


def list_of_axes_text(lists) -> str:
    return "[" + ", ".join(map(axes_text, lists)) + "]"


def all_to_all_text(params) -> str:
    return "[" + ", ".join(f"{axes_text(p.axes)}: {p.source}->{p.target}" for p in params) + "]"


# -- reading, through a TextParser (vitir/syntax/parsing.py), which both readers implement --------

def read_axis_ref(p) -> AxisRef:
    name = p.string()
    if p.optional(":"):
        p.expect("(")
        pre = p.int()
        p.expect(")")
        return AxisRef(name, (pre, p.int()))
    return AxisRef(name)


def read_axes(p) -> tuple[AxisRef, ...]:
    """`{"x", "y"}`."""
    return _list(p, read_axis_ref, "{", "}")


def _priority(p) -> int | None:
    """`p1` after a dimension, with Shardy's parser's messages."""
    if p.at("{") or p.at(",") or p.at("]"):
        return None
    word = p.identifier()
    if not re.fullmatch(r"p[0-9]+", word):
        p.error(f"expecting priority in format 'p<number>', got: {word}")
    if word.startswith("p0") and len(word) > 2:
        p.error(f"priorities with leading zeros are not allowed, got: {word}")
    if int(word[1:]) >= 1 << 63:
        p.error(f"expecting integer priority, got: {word}")
    return int(word[1:])


def read_dim(p) -> DimSharding:
    p.expect("{")
    refs, closed = [], True
    if not p.optional("}"):
        while True:
            if p.optional("?"):
                closed = False
                p.expect("}")
                break
            refs.append(read_axis_ref(p))
            if p.optional("}"):
                break
            p.expect(",")
    return DimSharding(tuple(refs), closed, _priority(p))


def read_mesh_body(p) -> Mesh:
    p.expect("<")
    p.expect("[")
    axes = []
    if not p.optional("]"):
        while True:
            name = p.string()
            p.expect("=")
            axes.append(MeshAxis(name, p.int()))
            if p.optional("]"):
                break
            p.expect(",")
    ids = ()
    if p.optional(","):
        p.expect("device_ids")
        p.expect("=")
        ids = _list(p, lambda q: q.int())
    p.expect(">")
    return Mesh(tuple(axes), ids)


def _list(p, item, open_: str = "[", close: str = "]") -> tuple:
    p.expect(open_)
    out = []
    if not p.optional(close):
        out.append(item(p))
        while p.optional(","):
            out.append(item(p))
        p.expect(close)
    return tuple(out)


def read_sharding_body(p) -> TensorSharding:
    p.expect("<")
    if p.optional("mesh"):
        mesh = read_mesh_body(p)
    else:
        mesh = p.symbol()
    p.expect(",")
    dims = _list(p, read_dim)
    replicated, unreduced, reduction = (), (), "sum"
    while p.optional(","):  # Shardy's parseReplicatedAndUnreducedAxes: each once, in either order
        if not replicated and p.optional("replicated"):
            p.expect("=")
            replicated = read_axes(p)
        elif not unreduced and p.optional("unreduced"):
            if p.optional("="):
                reduction = next((word for word in REDUCTIONS if p.optional(word)), "sum")
            unreduced = read_axes(p)
        else:
            p.error("failed to parse Sdy_TensorSharding, expected valid named axis list after comma")
    p.expect(">")
    return TensorSharding(mesh, dims, replicated, unreduced, reduction)


def read_all_to_all_param(p) -> AllToAllParam:
    axes = read_axes(p)
    p.expect(":")
    source = p.int()
    p.expect("->")
    return AllToAllParam(axes, source, p.int())


# -- kinds ----------------------------------------------------------------------------------------

def _names(value, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise RuleError(f"expected a list of axis names for {what}, got {value!r}")
    out = tuple(value)
    for name in out:
        if not isinstance(name, str) or not name:
            raise RuleError(f"expected an axis name in {what}, got {name!r}")
    return out


def _size(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be an integer, got {value!r}")
    return value


def axis_ref(value) -> AxisRef:
    """An AxisRef, from an AxisRef, an axis name, or (name, (pre_size, size))."""
    if isinstance(value, str):
        return AxisRef(value)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        sub = value[1]
        if sub is not None:
            if not (isinstance(sub, tuple) and len(sub) == 2):
                raise RuleError(f"a sub-axis is (pre_size, size), got {sub!r}")
            sub = (_size(sub[0], "a sub-axis pre-size"), _size(sub[1], "a sub-axis size"))
        return AxisRef(value[0], sub)
    raise RuleError(f"expected an axis name or an AxisRef, got {value!r}")


def axis_refs(value) -> tuple[AxisRef, ...]:
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise RuleError(f"expected a list of axes, got {value!r}")
    return tuple(axis_ref(v) for v in value)


def dim_sharding(value) -> DimSharding:
    if isinstance(value, DimSharding):
        return DimSharding(axis_refs(value.axes), bool(value.closed),
                           None if value.priority is None else _size(value.priority, "a priority"))
    return DimSharding(axis_refs(value))


def mesh_value(value) -> Mesh:
    if isinstance(value, Mesh):
        axes, ids = value
    elif isinstance(value, dict):
        axes, ids = tuple(value.items()), ()
    else:
        raise RuleError(f"expected a Mesh or a dict of axis sizes, got {value!r}")
    out = tuple(MeshAxis(*a) if isinstance(a, tuple) else a for a in axes)
    for a in out:
        if not isinstance(a, MeshAxis) or not isinstance(a.name, str):
            raise RuleError(f"expected a mesh axis (name, size), got {a!r}")
        _size(a.size, f"the size of axis {a.name!r}")
    ids = tuple(_size(i, "a device id") for i in ids)
    if out and ids == tuple(range(_product(a.size for a in out))):
        ids = ()  # the iota, which Shardy leaves out (its builder drops it)
    return Mesh(out, ids)


def _product(sizes) -> int:
    total = 1
    for size in sizes:
        total *= size
    return total


def tensor_sharding(value) -> TensorSharding:
    if not isinstance(value, TensorSharding):
        raise RuleError(f"expected a TensorSharding, got {value!r}")
    mesh = value.mesh if isinstance(value.mesh, str) else mesh_value(value.mesh)
    if value.reduction not in REDUCTIONS:
        raise RuleError(f"unknown reduction {value.reduction!r} (one of {', '.join(REDUCTIONS)})")
    return TensorSharding(mesh, tuple(dim_sharding(d) for d in value.dims), axis_refs(value.replicated),
                          axis_refs(value.unreduced), value.reduction)


class ShardyKind(Kind):
    """One of Shardy's attributes: its value's check, its text in an op's syntax, and its reader;
    the generic spelling wraps the text in the dialect's prefix and suffix (`#sdy<manual_axes`, `>`)."""

    __slots__ = ("prefix", "suffix", "check", "text", "reader")

    def __init__(self, name: str, doc: str, wrap: tuple[str, str], check, text, reader):
        super().__init__(name, doc)
        (self.prefix, self.suffix), self.check, self.text, self.reader = wrap, check, text, reader

    def coerce(self, value):
        return self.check(value)

    def pretty(self, value) -> str:
        return self.text(value)

    def generic(self, value) -> str:
        return self.prefix + self.text(value) + self.suffix

    def read(self, reader):
        return self.reader(reader)

    def read_generic(self, reader):
        for token in _prefix_tokens(self.prefix):
            reader.expect(token)
        value = self.reader(reader)
        if self.suffix:
            reader.expect(self.suffix)
        return value


def _prefix_tokens(prefix: str) -> tuple[str, ...]:
    """`#sdy<manual_axes` as the tokens both readers see: `#`, `sdy`, `<`, `manual_axes`."""
    return tuple(re.findall(r"[A-Za-z_][\w.]*|\S", prefix))


class ShardyEnumKind(Kind):
    """One of Shardy's I32 enums: its word in an op's syntax (propagation_barrier's
    `allowed_direction=BACKWARD`, all_reduce's `max`), its index generically (`2 : i32`)."""

    __slots__ = ("words", "what")

    def __init__(self, name: str, doc: str, words: tuple[str, ...], what: str):
        super().__init__(name, doc)
        self.words, self.what = words, what

    def coerce(self, value) -> str:
        if value not in self.words:
            raise RuleError(f"unknown {self.what} {value!r} (one of {', '.join(self.words)})")
        return value

    pretty = staticmethod(str)

    def generic(self, value) -> str:
        return f"{self.words.index(value)} : i32"

    def read(self, reader) -> str:
        word = reader.identifier()
        if word not in self.words:
            reader.error(f"unknown {self.what} {word!r}")
        return word

    def read_generic(self, reader) -> str:
        value = reader.int()
        reader.expect(":")
        reader.expect("i32")
        if not 0 <= value < len(self.words):
            reader.error(f"unknown {self.what} {value}")
        return self.words[value]


class SymbolNameKind(SymbolKind):
    """The name a symbol op defines (sdy.mesh's `sym_name`): `@mesh` in its syntax, `"mesh"` generically."""

    __slots__ = ()
    generic = staticmethod(string_text)

    def read_generic(self, reader) -> str:
        return reader.string()


SYMBOL_NAME = SymbolNameKind("symbol_name", "the name a symbol op defines")
MESH = ShardyKind("sdy_mesh", "a Shardy mesh", ("#sdy.mesh", ""), mesh_value, mesh_body, read_mesh_body)
SHARDING = ShardyKind("sdy_sharding", "a Shardy tensor sharding", ("#sdy.sharding", ""), tensor_sharding, sharding_body,
                      read_sharding_body)
SHARDING_PER_VALUE = ShardyKind(
    "sdy_sharding_per_value", "a Shardy sharding per value", ("#sdy.sharding_per_value<", ">"),
    lambda v: tuple(tensor_sharding(s) for s in _sequence(v, "shardings")),
    lambda v: "[" + ", ".join(map(sharding_body, v)) + "]",
    lambda p: _list(p, read_sharding_body))
MANUAL_AXES = ShardyKind("sdy_manual_axes", "Shardy's manual axes", ("#sdy<manual_axes", ">"),
                         lambda v: _names(v, "manual axes"), lambda v: "{" + ", ".join(map(string_text, v)) + "}",
                         lambda p: _list(p, lambda q: q.string(), "{", "}"))
AXIS_REF_LIST = ShardyKind("sdy_axis_ref_list", "a list of Shardy axes", ("#sdy<axis_ref_list", ">"), axis_refs, axes_text,
                           read_axes)
LIST_OF_AXIS_REF_LISTS = ShardyKind(
    "sdy_list_of_axis_ref_lists", "Shardy axes per dimension", ("#sdy<list_of_axis_ref_lists", ">"),
    lambda v: tuple(axis_refs(a) for a in _sequence(v, "axes per dimension")), list_of_axes_text,
    lambda p: _list(p, read_axes))
ALL_TO_ALL_PARAMS = ShardyKind(
    "sdy_all_to_all_params", "all_to_all's moves", ("#sdy<all_to_all_param_list", ">"),
    lambda v: tuple(AllToAllParam(axis_refs(a.axes), _size(a.source, "a source dimension"),
                                  _size(a.target, "a target dimension"))
                    for a in (AllToAllParam(*x) for x in _sequence(v, "all_to_all params"))),
    all_to_all_text, lambda p: _list(p, read_all_to_all_param))
PROPAGATION_DIRECTION = ShardyEnumKind("sdy_propagation_direction", "a propagation direction", PROPAGATION_DIRECTIONS,
                                       "propagation direction")
REDUCTION_OP = ShardyEnumKind("sdy_reduction_op", "how a collective combines the parts", REDUCTIONS, "reduction")


def _sequence(value, what: str) -> tuple:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise RuleError(f"expected a list of {what}, got {value!r}")
    return tuple(value)


# -- Shardy's verifier: the rules that need the mesh ------------------------------------------------
# Each message is the one Shardy's verifier gives (shardy/dialect/sdy/ir/verifiers.cc).

def check_mesh(mesh: Mesh) -> None:
    for axis in mesh.axes:
        if axis.size <= 0:
            raise RuleError(f"axis size must be at least 1, got: {axis.size}")
    for i in mesh.device_ids:
        if i < 0:
            raise RuleError(f"device id must be non-negative, got: {i}")
    if not mesh.axes:
        if len(mesh.device_ids) > 1:
            raise RuleError("axes is empty and device_ids has more than one element")
        return
    names = [a.name for a in mesh.axes]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise RuleError(f'duplicate axis name: "{name}"')
    if not mesh.device_ids:
        return
    total = _product(a.size for a in mesh.axes)
    if total != len(mesh.device_ids):
        raise RuleError(f"total product of axis sizes must match total number of device ids, got: "
                        f"{total} != {len(mesh.device_ids)}")
    ordered = sorted(mesh.device_ids)
    if ordered != list(range(total)):
        raise RuleError(f"sorted device ids must be iota(product(axes)), got: {', '.join(map(str, ordered))}")


def check_dims(sharding: TensorSharding, rank: int | None) -> None:
    """What needs no mesh: the rank, and each dimension's priority."""
    if rank is not None and len(sharding.dims) != rank:
        raise RuleError(f"sharding doesn't match tensor rank: {len(sharding.dims)} != {rank}")
    for d, dim in enumerate(sharding.dims):
        if dim.priority is not None:
            if dim.priority < 0:
                raise RuleError(f"dim {d} has a negative priority")
            if dim.closed and not dim.axes:
                raise RuleError(f"dim {d} is empty and closed but has a priority")


def axis_size(ref: AxisRef, mesh: Mesh) -> int:
    return ref.sub_axis[1] if ref.sub_axis else mesh.size_of(ref.name)


# -- axis arithmetic (Shardy's AxisRefAttr): a sub-axis "x":(pre)size spans [pre, pre * size) of its axis ----

def _pre(ref: AxisRef) -> int:
    return ref.sub_axis[0] if ref.sub_axis else 1


def _end(ref: AxisRef, mesh: Mesh) -> int:
    """The sub-axis' next pre-size, the full axis' size."""
    return ref.sub_axis[0] * ref.sub_axis[1] if ref.sub_axis else mesh.size_of(ref.name)


def overlaps(a: AxisRef, b: AxisRef) -> bool:
    if a.name != b.name:
        return False
    if a.sub_axis is None or b.sub_axis is None:
        return True
    return _pre(a) < b.sub_axis[0] * b.sub_axis[1] and _pre(b) < a.sub_axis[0] * a.sub_axis[1]


def can_merge(a: AxisRef, b: AxisRef) -> bool:
    """Two sub-axes of one axis, `b` starting where `a` ends."""
    return a.name == b.name and a.sub_axis is not None and b.sub_axis is not None and \
        a.sub_axis[0] * a.sub_axis[1] == b.sub_axis[0]


def _merge(a: AxisRef, b: AxisRef, mesh: Mesh) -> AxisRef:
    size = a.sub_axis[1] * b.sub_axis[1]
    return AxisRef(a.name) if size == mesh.size_of(a.name) else AxisRef(a.name, (a.sub_axis[0], size))


def _contains(a: AxisRef, b: AxisRef, mesh: Mesh) -> bool:
    return a.name == b.name and (a.sub_axis is None or (
        b.sub_axis is not None and _pre(a) <= _pre(b) and _end(a, mesh) >= _end(b, mesh)))


def mesh_order(mesh: Mesh):
    """Shardy's mesh comparator as a sort key: the mesh's axis order, then a sub-axis of pre-size 1
    before its full axis, the full axis before its other sub-axes, sub-axes by (pre-size, size)."""
    order = {name: i for i, name in enumerate(mesh.names)}
    return lambda ref: (order.get(ref.name, -1), ref.name) + (ref.sub_axis or (1, float("inf")))


def sharded_size(axes, mesh: Mesh) -> int:
    return _product(axis_size(ref, mesh) for ref in axes)


def check_axis_list(refs, mesh: Mesh, seen: set, sub_axes: dict) -> None:
    """Shardy's verifyAxisRefList: each axis in the mesh, none twice (in `seen`, across lists), no
    two consecutive sub-axes that merge into one; the sub-axes collected in `sub_axes` by axis."""
    previous = None
    for ref in refs:
        if mesh.size_of(ref.name) is None:
            raise RuleError(f'unknown axis name: "{ref.name}"')
        if ref in seen:
            raise RuleError(f"duplicate axis ref: {axis_ref_text(ref)}")
        seen.add(ref)
        if ref.sub_axis is not None:
            sub_axes.setdefault(ref.name, []).append(ref)
            if previous is not None and can_merge(previous, ref):
                raise RuleError(f"two consecutive sub-axes can be merged: {axis_ref_text(previous)}, "
                                f"{axis_ref_text(ref)}")
        previous = ref


def check_sorted_axis_list(refs, mesh: Mesh, seen: set, sub_axes: dict, what: str) -> None:
    key = mesh_order(mesh)
    keys = [key(r) for r in refs]
    if keys != sorted(keys):
        raise RuleError(f"{what} axes are not ordered w.r.t. mesh")
    check_axis_list(refs, mesh, seen, sub_axes)


def _check_sub_axes(name: str, subs: list, mesh: Mesh, seen: set) -> None:
    """Shardy's verifySubAxes: each sub-axis fits its axis, and none overlaps another."""
    if AxisRef(name) in seen:
        raise RuleError(f'both sub-axis and full-axis are used for axis name: "{name}"')
    full, previous = mesh.size_of(name), None
    for ref in sorted(subs, key=mesh_order(mesh)):
        pre, size = ref.sub_axis
        if pre < 1:
            raise RuleError(f"sub-axis pre-size must be at least 1: {axis_ref_text(ref)}")
        if size <= 1:
            raise RuleError(f"sub-axis sizes must be greater than 1: {axis_ref_text(ref)}")
        if full % (pre * size):
            raise RuleError(f"sub-axis next pre-size {pre * size} doesn't divide the size of the full axis {full}: "
                            f"{axis_ref_text(ref)}")
        if size == full:
            raise RuleError(f"sub-axis size is equal to the full axis size: {axis_ref_text(ref)}")
        if previous is not None and _end(previous, mesh) > pre:
            raise RuleError(f"overlapping sub-axes: {axis_ref_text(previous)}, {axis_ref_text(ref)}")
        previous = ref


def check_sharding(sharding: TensorSharding, mesh: Mesh | None, shape: tuple | None) -> None:
    """Shardy's verifyTensorShardingAttr: `mesh` is the one the sharding names (None: not in the
    module), `shape` the tensor's (None: not a tensor)."""
    if mesh is None:
        raise RuleError(f"unknown mesh: {symbol_text(sharding.mesh)}")
    if not mesh.axes and mesh.device_ids:  # a maximal mesh: one device runs the op
        if sharding.dims or sharding.replicated or sharding.unreduced:
            raise RuleError("a maximal sharding can only have a sharding with rank 0 and no replicated or "
                            "unreduced axes.")
        return
    check_dims(sharding, None if shape is None else len(shape))
    seen: set = set()
    sub_axes: dict = {}
    for dim in sharding.dims:
        check_axis_list(dim.axes, mesh, seen, sub_axes)
    check_sorted_axis_list(sharding.replicated, mesh, seen, sub_axes, "replicated")
    check_sorted_axis_list(sharding.unreduced, mesh, seen, sub_axes, "unreduced")
    for name, subs in sub_axes.items():
        _check_sub_axes(name, subs, mesh, seen)


def local_shape(shape: tuple, sharding: TensorSharding, mesh: Mesh, manual_axes: tuple[str, ...], what: str,
                index: int) -> tuple:
    """The shape inside a manual_computation: each dimension over the product of its manual axes, a
    dimension that does not divide refused (Shardy's verifyManualComputationValue)."""
    out = []
    for d, (size, dim) in enumerate(zip(shape, sharding.dims)):
        refs = dim.axes
        for i in range(1, len(refs)):
            if refs[i].name in manual_axes and refs[i - 1].name not in manual_axes:
                raise RuleError(f"{what} sharding at index {index} must have all manual axes come before free axes "
                                f"in its dimension sharding at index {d}. Saw manual axis {axis_ref_text(refs[i])} "
                                f"after free axis {axis_ref_text(refs[i - 1])}")
        product = 1
        for ref in dim.axes:
            if ref.name in manual_axes:
                product *= axis_size(ref, mesh)
        if size is None:
            out.append(None)
            continue
        if size % product:
            raise RuleError(f"{what} dimension size {size} is not divisible by the manual axes size {product}")
        out.append(size // product)
    return tuple(out)


# -- the collectives: the result's sharding is the operand's with the axes applied ---------------------

def _axes_list_text(refs) -> str:
    return "[" + ", ".join(map(axis_ref_text, refs)) + "]"


def gathered(axes_of_dim, axes, d: int, mesh: Mesh, what: str = "gathering") -> tuple[AxisRef, ...]:
    """A dimension's axes once `axes` are gathered, minor first: each ends the dimension's (a
    sub-axis may end a larger one, which keeps its prefix)."""
    expected = list(axes_of_dim)
    for axis in reversed(axes):
        last = expected[-1] if expected else None
        if last is None or not (_contains(last, axis, mesh) and _end(axis, mesh) == _end(last, mesh)):
            raise RuleError(f"can't apply {what} axis {axis_ref_text(axis)} to operand sharding on dimension {d}")
        expected.pop()
        if _pre(last) < _pre(axis):
            expected.append(AxisRef(last.name, (_pre(last), _pre(axis) // _pre(last))))
    return tuple(expected)


def sliced(axes_of_dim, axes, mesh: Mesh) -> tuple[AxisRef, ...]:
    """A dimension's axes once `axes` are sliced in, each merged with the last where it can."""
    expected = list(axes_of_dim)
    for axis in axes:
        if expected and can_merge(expected[-1], axis):
            expected[-1] = _merge(expected[-1], axis, mesh)
        else:
            expected.append(axis)
    return tuple(expected)


def replicated_like(sharding: TensorSharding) -> TensorSharding:
    """The sharding Shardy takes for an operand that has none: closed and replicated on the result's mesh."""
    return TensorSharding(sharding.mesh, tuple(DimSharding() for _ in sharding.dims))


def _expect(result: TensorSharding, d: int, expected: tuple) -> None:
    if expected != tuple(result.dims[d].axes):
        raise RuleError(f"result sharding doesn't match expected sharding {_axes_list_text(expected)} on dimension {d}")


def _all_reduce(operand: TensorSharding, axes, result: TensorSharding, mesh: Mesh) -> None:
    if any(d.axes for d in operand.dims) or any(d.axes for d in result.dims):  # Shardy's isEquivalent
        if operand.mesh != result.mesh or tuple(d.axes for d in operand.dims) != tuple(d.axes for d in result.dims):
            raise RuleError("operand and result shardings are not equivalent")
    check_sorted_axis_list(axes, mesh, set(), {}, "reduction")
    for axis in axes:
        if any(overlaps(axis, r) for d in operand.dims for r in d.axes) or \
                any(overlaps(axis, r) for r in operand.replicated):
            raise RuleError(f"reduction axis {axis_ref_text(axis)} overlaps with operand dimension sharding or "
                            f"replicated axes")
        if any(overlaps(axis, r) for r in result.unreduced):
            raise RuleError(f"reduction axis {axis_ref_text(axis)} overlaps with result unreduced axes")


def _all_to_all(operand: TensorSharding, params, result: TensorSharding, mesh: Mesh) -> None:
    seen, sub_axes = set(), {}
    for param in params:
        check_axis_list(param.axes, mesh, seen, sub_axes)
    moved = set()
    for param in params:  # each param's axes gathered from its source, sliced into its target
        _expect(result, param.source,
                gathered(operand.dims[param.source].axes, param.axes, param.source, mesh, "all-to-all"))
        _expect(result, param.target, sliced(operand.dims[param.target].axes, param.axes, mesh))
        moved |= {param.source, param.target}
    for d, dim in enumerate(operand.dims):
        if d not in moved:
            _expect(result, d, tuple(dim.axes))


def _per_dimension(apply):
    def check(operand: TensorSharding, axes, result: TensorSharding, mesh: Mesh) -> None:
        seen, sub_axes = set(), {}
        for dim_axes in axes:
            check_axis_list(dim_axes, mesh, seen, sub_axes)
        if len(result.dims) != len(axes):
            raise RuleError(f"result sharding has rank {len(result.dims)} but collective axes has rank {len(axes)}")
        for d, (dim, dim_axes) in enumerate(zip(operand.dims, axes)):
            _expect(result, d, apply(dim.axes, dim_axes, d, mesh))
    return check


def _collective_permute(operand: TensorSharding, axes, result: TensorSharding, mesh: Mesh,
                        operand_mesh: Mesh) -> None:
    if mesh.axes != operand_mesh.axes:
        raise RuleError("result mesh has different axes than operand mesh")
    if operand.mesh != result.mesh and mesh.device_ids == operand_mesh.device_ids:
        raise RuleError("result mesh name is different but same device ids as operand")
    for d, (before, after) in enumerate(zip(operand.dims, result.dims)):
        if before.axes != after.axes and sharded_size(before.axes, mesh) != sharded_size(after.axes, mesh):
            raise RuleError(f"sharded size of result doesn't match operand on dimension {d}: "
                            f"{sharded_size(after.axes, mesh)} != {sharded_size(before.axes, mesh)}")


# Each collective's check of its result's sharding against its operand's (Shardy's verifySymbolUses).
COLLECTIVE_CHECKS = {
    "sdy.all_gather": _per_dimension(lambda axes_of_dim, axes, d, mesh: gathered(axes_of_dim, axes, d, mesh)),
    "sdy.all_slice": _per_dimension(lambda axes_of_dim, axes, d, mesh: sliced(axes_of_dim, axes, mesh)),
    "sdy.reduce_scatter": _per_dimension(lambda axes_of_dim, axes, d, mesh: sliced(axes_of_dim, axes, mesh)),
    "sdy.all_to_all": _all_to_all,
    "sdy.all_reduce": _all_reduce,
}
def sort_and_merge(axes, mesh: Mesh) -> tuple[AxisRef, ...]:
    """Shardy's sortAndMergeAxes: the axes in mesh order, consecutive sub-axes of one axis merged."""
    out: list[AxisRef] = []
    for ref in sorted(axes, key=mesh_order(mesh)):
        if out and can_merge(out[-1], ref):
            out[-1] = _merge(out[-1], ref, mesh)
        else:
            out.append(ref)
    return tuple(out)


def _sum_out(result: TensorSharding) -> None:
    if result.reduction != "sum":
        raise RuleError("out_sharding reduction_op must be SUM")


def _sharded_to_unreduced(operand: TensorSharding, axes, result: TensorSharding, mesh: Mesh) -> None:
    _sum_out(result)
    _per_dimension(lambda axes_of_dim, dim_axes, d, m: gathered(axes_of_dim, dim_axes, d, m, "shard-to-unreduce"))(
        operand, axes, result, mesh)
    expected = sort_and_merge([*operand.unreduced, *(ref for dim_axes in axes for ref in dim_axes)], mesh)
    if expected != tuple(result.unreduced):
        raise RuleError("out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes")


def _replicated_to_unreduced(operand: TensorSharding, axes, result: TensorSharding, mesh: Mesh) -> None:
    _sum_out(result)
    if tuple(operand.dims) != tuple(result.dims):
        raise RuleError("input and output must share the same dimension shardings")
    if not axes:
        raise RuleError("r2u axes must not be empty")
    check_sorted_axis_list(axes, mesh, set(), {}, "r2u")
    for axis in axes:
        if any(overlaps(axis, r) for d in operand.dims for r in d.axes):
            raise RuleError(f"r2u axis {axis_ref_text(axis)} overlaps with operand dimension sharding")
        if any(overlaps(axis, r) for r in operand.unreduced):
            raise RuleError(f"r2u axis {axis_ref_text(axis)} overlaps with operand unreduced axes")
    if sort_and_merge([*operand.unreduced, *axes], mesh) != tuple(result.unreduced):
        raise RuleError("out_unreduced_axes should be in_unreduced_axes + r2u_axes")


COLLECTIVE_CHECKS["sdy.sharded_to_unreduced"] = _sharded_to_unreduced
COLLECTIVE_CHECKS["sdy.replicated_to_unreduced"] = _replicated_to_unreduced

# The collectives whose operand may have no sharding (Shardy's allowMissingInputSharding): it is then replicated.
MISSING_OPERAND_SHARDING_ALLOWED = frozenset({"sdy.all_slice", "sdy.all_reduce", "sdy.reduce_scatter"})


def check_collective(name: str, operand: TensorSharding | None, operand_mesh: Mesh | None, axes,
                     result: TensorSharding, mesh: Mesh, reduction: str = "sum") -> None:
    """Shardy's checks of a collective: its operand has a sharding (None: it has none) on the
    result's mesh (collective_permute: a mesh of the same axes, other devices), and the result's
    sharding is the operand's with the axes applied."""
    if operand is None:
        if name not in MISSING_OPERAND_SHARDING_ALLOWED:
            raise RuleError("collective on operand without sharding")
        operand, operand_mesh = replicated_like(result), mesh
    if name == "sdy.collective_permute":
        _collective_permute(operand, axes, result, mesh, operand_mesh)
        return
    if operand_mesh != mesh:
        raise RuleError("result mesh does not match operand mesh")
    if name == "sdy.reduce_scatter":  # Shardy checks its unreduced axes first, all_reduce's last
        check_unreduced_transition(operand, result, mesh, None, reduction)
    COLLECTIVE_CHECKS[name](operand, axes, result, mesh)
    if name == "sdy.all_reduce":
        check_unreduced_transition(operand, result, mesh, None, reduction)


# -- unreduced axes across an op (Shardy's verifyUnreducedAxesTransition) ---------------------------------

def _axis_set_diff(axes, others, mesh: Mesh) -> list:
    """The axes of `axes` that `others` do not cover (an axis partly covered stands for its rest)."""
    return [a for a in axes if not any(_contains(b, a, mesh) for b in others)]


def check_unreduced_transition(operand: TensorSharding, result: TensorSharding, mesh: Mesh,
                               introduce: str | None, remove: str | None) -> None:
    """The unreduced axes from `operand`'s sharding to `result`'s: new ones only where the op may
    introduce them (`introduce`: the reduction they must have; None: none may be added), dropped
    ones only where it may reduce them (`remove`: the reduction it applies), and each kept axis
    with the reduction it had."""
    introduced = _axis_set_diff(result.unreduced, operand.unreduced, mesh)
    removed = _axis_set_diff(operand.unreduced, result.unreduced, mesh)
    if introduced:
        if introduce is None:
            raise RuleError(f"cannot add new unreduced axis '{introduced[0].name}'.")
        if result.reduction != introduce:
            raise RuleError(f"cannot introduce '{result.reduction}' unreduced axes. Expected '{introduce}'.")
    if removed:
        if remove is None:
            raise RuleError(f"dropped unreduced axis '{removed[0].name}' without a blessed operation (e.g., "
                            f"sdy.reshard). This is an invalid transition from unreduced to reduced.")
        if operand.reduction != remove:
            raise RuleError(f"cannot reduce '{operand.reduction}' unreduced axes. Expected '{remove}'.")
    if operand.reduction != result.reduction and any(overlaps(a, b) for a in result.unreduced
                                                     for b in operand.unreduced):
        raise RuleError(f"cannot change the reduction operator of kept unreduced axes from {operand.reduction} to "
                        f"{result.reduction}.")
