"""A train step across a device mesh: the step written once, the shardings annotations on it.

A step is built for its global batch exactly as for one device; `shard_step` then annotates it
in Shardy's words, as JAX writes a sharded `jax.jit`: the module's partition count
(`mhlo.num_partitions = 4 : i32`), the mesh (`sdy.mesh @mesh = <["data"=2, "model"=2]>`), and a
sharding on every argument and result (`{sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}`),
chosen by the step's groups (vitir.lower.step_signature):

- the batches (leading and trailing inputs): dimension 0 over "data" (data parallel);
- the parameters, their moments and their updates: the dimension that each parameter's
  declaration gives tensor parallelism (`Param.model_dim`) over "model", Megatron's split (q, k, v
  and the first MLP weight by columns, the attention output and the second MLP weight by rows),
  everything else whole on every device;
- the schedule's scalars, the loss and the rest: whole on every device.

XLA's partitioner propagates these through the step and inserts the collectives: the gradients'
all-reduce over "data", an all-reduce over "model" after each row-split product. A mesh of one
axis of one device, or none, leaves the step as it was.
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Sequence

from ..ast import Module, TensorType
from ..ast.attributes import DISCARDABLE
from ..ast.module import Function
from ..ast.sharding import SHARDING, AxisRef, DimSharding, Mesh, MeshAxis, TensorSharding
from ..errors import ConfigError
from .step_signature import BATCH_GROUPS, signature

DATA, MODEL = "data", "model"
AXES = (DATA, MODEL)  # the roles the plans shard by: the batch over "data", the blocks' weights over "model"
MESH_SYMBOL = "mesh"
STATE_GROUPS = ("params", "m", "v")  # each holds one value per parameter, sharded alike
SHARDING_ATTRIBUTE = "sdy.sharding"


class StepMesh(Mesh):
    """A mesh whose axes play the plans' roles: `roles` maps "data" and "model" to the axis that plays
    each (the one of that name, by convention). It is its Mesh otherwise (equal to it, printed so)."""

    def __new__(cls, axes, device_ids=(), roles=None):
        self = super().__new__(cls, tuple(axes), tuple(device_ids))
        self.roles = dict(roles) if roles is not None else {r: r for r in AXES if self.size_of(r) is not None}
        return self


def role_axis(mesh: Mesh | None, role: str) -> str | None:
    """The axis of `mesh` that plays `role` ("data" or "model"; None: none does): a StepMesh's roles, or
    by convention the axis of that name."""
    if mesh is None:
        return None
    roles = getattr(mesh, "roles", None)
    if roles is not None:
        return roles.get(role)
    return role if mesh.size_of(role) is not None else None


def _pairs(text: str, what: str, example: str, form: str):
    """`a=b,c=d` as (a, b) pairs; `what`, `example` and `form` (NAME=SIZE) name the flag in a refusal."""
    for part in text.split(","):
        match = re.fullmatch(r"\s*([A-Za-z_][\w]*)\s*=\s*([A-Za-z_0-9][\w]*)\s*", part)
        if not match:
            raise ConfigError(f"{what} {text!r}: expected {form} separated by commas, such as {example}; got "
                              f"{part.strip()!r}")
        yield match.group(1), match.group(2)


def parse_mesh(text: str, roles: str | dict | None = None) -> StepMesh:
    """`data=2,model=2` (the `--mesh` flag) as a mesh: axes of any names, each once. `roles` (the
    `--mesh-roles` flag, `data=batch,model=tp`, or a dict) says which axis plays "data" and which
    "model"; without it, the axes named so play them. Every axis plays one."""
    axes = []
    for name, size in _pairs(text, "--mesh", "data=2,model=2", "axes as NAME=SIZE"):
        if not size.isdigit():
            raise ConfigError(f"--mesh {text!r}: axis {name!r} needs a number of devices, got {size!r}")
        if any(a.name == name for a in axes):
            raise ConfigError(f"--mesh {text!r}: axis {name!r} is given twice")
        if int(size) < 1:
            raise ConfigError(f"--mesh {text!r}: axis {name!r} needs at least 1 device, got {size}")
        axes.append(MeshAxis(name, int(size)))
    mesh = StepMesh(axes, (), _roles(text, roles, [a.name for a in axes]))
    for axis in axes:
        if axis.name not in mesh.roles.values():
            raise ConfigError(f"--mesh {text!r}: axis {axis.name!r} plays no role; the layers shard on "
                              f"{' and '.join(AXES)}: name the axes so, or give their roles (--mesh-roles "
                              f"{DATA}={axis.name})")
    return mesh


def _roles(text: str, roles: str | dict | None, names: list[str]) -> dict | None:
    """The roles given (checked against the mesh `text` of axes `names`), or None: by convention."""
    if roles is None:
        return None
    if isinstance(roles, str):
        pairs = list(_pairs(roles, "--mesh-roles", f"{DATA}=batch,{MODEL}=tp", "ROLE=AXIS"))
    else:
        pairs = list(roles.items())
    out: dict = {}
    for role, axis in pairs:
        if role not in AXES:
            raise ConfigError(f"--mesh-roles: unknown role {role!r}; the layers shard on {' and '.join(AXES)}")
        if axis not in names:
            raise ConfigError(f"--mesh-roles: {role}={axis}, but the mesh {text!r} has no axis {axis!r}")
        if role in out:
            raise ConfigError(f"--mesh-roles: role {role!r} is given twice")
        if axis in out.values():
            raise ConfigError(f"--mesh-roles: axis {axis!r} plays two roles")
        out[role] = axis
    return out


def mesh_text(mesh: Mesh) -> str:
    """The `--mesh` spelling of a mesh: `data=2,model=2`."""
    return ",".join(f"{a.name}={a.size}" for a in mesh.axes)


def axis_size(mesh: Mesh | None, role: str) -> int:
    """How many devices the axis that plays `role` has (1 when none does)."""
    axis = role_axis(mesh, role)
    return 1 if axis is None else mesh.size_of(axis)


def _axis_text(mesh: Mesh | None, role: str) -> str:
    """`model=2`, or `tp=2 (model)` where another name plays the role."""
    axis = role_axis(mesh, role) or role
    return f"{axis}={axis_size(mesh, role)}" + ("" if axis == role else f" ({role})")


def device_count(mesh: Mesh | None) -> int:
    return 1 if mesh is None else math.prod(a.size for a in mesh.axes)


def sharding(mesh: Mesh, dims: Sequence[str | None]) -> TensorSharding:
    """A value's sharding on the module's mesh: one role or axis name (or None: whole) per dimension, a
    role standing for the axis that plays it. A role no axis plays, or an axis of one device, leaves its
    dimension whole; any other name is refused."""
    axes = [role_axis(mesh, d) if d in AXES else d for d in dims]
    unknown = [d for d, axis in zip(dims, axes) if d is not None and d not in AXES and mesh.size_of(axis) is None]
    if unknown:
        raise ConfigError(f"axis {unknown[0]!r} is not in the mesh {mesh_text(mesh)}")
    return TensorSharding(MESH_SYMBOL, tuple(
        DimSharding((AxisRef(axis),) if axis is not None and mesh.size_of(axis) > 1 else ()) for axis in axes))


def with_sharding_constraint(fb, name: str, x, mesh: Mesh, dims: Sequence[str | None]):
    """`sdy.sharding_constraint` of `x` to one axis name (or None) per dimension on the module's mesh,
    as `jax.lax.with_sharding_constraint` asks the partitioner for a sharding in the middle of a step."""
    return fb.sharding_constraint(name, x, sharding(mesh, dims))


def _split(what: str, shape: Sequence[int], dim: int | None, axis: str, mesh: Mesh) -> list[str | None]:
    """One axis name per dimension of a value: `axis` on `dim`, refused by name where it does not divide."""
    dims: list[str | None] = [None] * len(shape)
    if dim is None or axis_size(mesh, axis) == 1:
        return dims
    size = axis_size(mesh, axis)
    if shape[dim] % size:
        raise ConfigError(f"{what} {list(shape)}: dimension {dim} ({shape[dim]}) does not divide over the "
                          f"mesh's {_axis_text(mesh, axis)}")
    dims[dim] = axis
    return dims


def check_heads(mesh: Mesh | None, heads: int) -> None:
    """Megatron gives each device whole heads: the head count must divide over "model"."""
    size = axis_size(mesh, MODEL)
    if heads % size:
        raise ConfigError(f"{heads} attention heads do not divide over the mesh's {_axis_text(mesh, MODEL)}")


def check_step_mesh(mesh: Mesh | None, replicas: int, heads: int | None = None) -> None:
    """A step takes a mesh or replicas (which are the mesh data=R), not both; with attention, heads
    that divide over "model"."""
    if mesh is not None and replicas > 1:
        raise ConfigError(f"give a mesh or {replicas} replicas, not both (replicas R are the mesh data=R)")
    if heads is not None:
        check_heads(mesh, heads)


def check_model_dims(specs: Sequence[tuple[str, Sequence[int]]], model_dims: Sequence[int | None],
                     mesh: Mesh | None) -> None:
    """Each parameter (name, dims) whose dimension cut over "model" does not divide is refused by name,
    before a step is built (shard_step refuses it in the same words)."""
    if axis_size(mesh, MODEL) > 1:
        for (name, dims), dim in zip(specs, model_dims):
            _split(f"parameter %{name}", dims, dim, MODEL, mesh)


def step_mesh(mesh: str | Mesh | None, devices: int, roles: str | dict | None = None) -> Mesh | None:
    """The mesh a training step is partitioned over: the one given (a Mesh, or a `--mesh` flag's text with
    the `--mesh-roles` flag's), or else its `devices` (over every process) data parallel, as the mesh
    data=devices; None for one device. The trainers' one path: R replicas are the mesh data=R."""
    if mesh is not None:
        return parse_mesh(mesh, roles) if isinstance(mesh, str) else mesh
    return Mesh((MeshAxis(DATA, devices),)) if devices > 1 else None


def partitioned_step(build, cfg, mesh: Mesh | None, model_dims: Sequence[int | None], replicas: int = 1,
                     per_shard: bool = True) -> Module:
    """The train step of `cfg` (its `batch` the global batch) for `mesh`, from `build(cfg, replicas)` (a step
    builder whose gradients are averaged by all_reduce_mean over `replicas`):

    - on a mesh of the "data" axis alone (data parallel, such as `--replicas R`): the step of one data
      shard's batch, its gradients averaged in one all_reduce of their concatenation (the fast
      lowering's), run per device of the mesh in a manual computation over "data", as JAX's shard_map
      writes it (manual_data_parallel). XLA's partitioner would all-reduce each gradient where it is made,
      and XLA's CPU collectives between processes (gloo) take one call per gradient of its combined
      all-reduce: 5 to 8 times the step of the one concatenation (docs/benchmarks.md);
    - on any other mesh (a "model" axis): the step of the whole batch annotated for the partitioner
      (shard_step), which inserts every collective;
    - without one (or of one device): the step as built for `replicas`.

    `per_shard=False`: a step whose examples meet (BatchNorm's batch statistics) is always the whole batch
    annotated, so that its statistics stay the whole batch's."""
    data, devices = axis_size(mesh, DATA), device_count(mesh)
    if per_shard and devices > 1 and data == devices:
        if cfg.batch % data:
            raise ConfigError(f"the batch of {cfg.batch} does not divide over the mesh's {_axis_text(mesh, DATA)}")
        return manual_data_parallel(build(dataclasses.replace(cfg, batch=cfg.batch // data), data), mesh)
    return shard_step(build(cfg, replicas), mesh, model_dims)


def manual_data_parallel(module: Module, mesh: Mesh) -> Module:
    """`module`, the step of one data shard built for R = the mesh's "data" replicas (its gradients
    averaged by all_reduce_mean), as the step of the whole batch over the mesh data=R, in place: its
    body in `sdy.manual_computation` over "data" (its arguments each device's part: the batches' rows,
    the rest whole), every all_reduce_mean over the partitions, and the loss averaged too, so that every
    result is whole and the same on every device."""
    from ..ast.ops.compound import AllReduceMean
    from ..ast.ops.shardy import ManualComputation
    from ..ast.module import Return
    from ..ast.regions import Region
    from ..ast.values import Value

    replicas = axis_size(mesh, DATA)
    groups, fn = signature(module), module.main
    for op in fn.ops:
        if type(op) is AllReduceMean:
            op.over_partitions = True
    results = list(fn.ret.operands)
    loss_at = groups.outputs.first("loss")
    fields = AllReduceMean.builder("loss", results[loss_at], replicas, over_partitions=True)
    mean = AllReduceMean(fields.pop("name"), **fields, path="loss")
    fn.ops.append(mean)
    results[loss_at] = mean.results[0]
    batch = set(groups.inputs.indices(*BATCH_GROUPS))
    outer = [Value(a.name, TensorType((a.type.shape[0] * replicas, *a.type.shape[1:]), a.type.dtype)
                   if i in batch else a.type) for i, a in enumerate(fn.args)]
    whole = [[None] * p.type.rank for p in groups.inputs.pick(fn.args, "params")]  # no "model" axis here
    arg_dims = _group_dims(groups.inputs, outer, whole, mesh)
    result_dims = _group_dims(groups.outputs, results, whole, mesh)
    for a in fn.args:
        a.rename(a.name + "_local")
    manual = ManualComputation("shard", outer, [sharding(mesh, dims) for dims in arg_dims],
                               [sharding(mesh, dims) for dims in result_dims], (role_axis(mesh, DATA),),
                               Region(fn.args, fn.ops, results), [v.type for v in results], path="shard")
    body = manual.results if len(results) > 1 else (manual.results[0],)
    module.functions = [Function(fn.name, outer, [manual], Return(body), fn.attributes)]
    return annotate(module, mesh, arg_dims, result_dims)


def shard_like_params(module: Module, step: Module) -> Module:
    """`module` (ema_update(ema*k, theta*k, w) -> ema*k: one value per parameter, twice, then scalars) laid
    out on `step`'s mesh as `step`'s parameters are, in place: each EMA and each parameter as its
    parameter, the scalars whole. A step of one partition leaves it as it was."""
    if not step.symbols:
        return module
    fn, step_fn = module.main, step.main
    per_param = signature(step).inputs.pick(step_fn.arg_attributes or ((),) * len(step_fn.args), "params")
    scalars = len(fn.args) - 2 * len(per_param)
    whole = ((SHARDING_ATTRIBUTE, SHARDING.generic(TensorSharding(MESH_SYMBOL, ()))),)
    module.functions = [Function(fn.name, fn.args, fn.ops, fn.ret, fn.attributes,
                                 [*per_param, *per_param, *[whole] * scalars], per_param)]
    module.attributes, module.symbols = step.attributes, list(step.symbols)
    return module


def shard_step(module: Module, mesh: Mesh | None, model_dims: Sequence[int | None]) -> Module:
    """`module` (a step built with its groups) annotated for `mesh`, in place; `model_dims` gives each
    parameter's dimension cut over "model" (Layout.model_dims), canonical order. A mesh of one device
    (or None) leaves it as it was."""
    if device_count(mesh) == 1:
        return module
    groups = signature(module)
    fn = module.main
    params = groups.inputs.pick(fn.args, "params")
    if len(model_dims) != len(params):
        raise ValueError(f"@{fn.name}: {len(model_dims)} model dimensions for {len(params)} parameters")
    per_param = [_split(f"parameter %{p.name}", p.type.shape, dim, MODEL, mesh) for p, dim in zip(params, model_dims)]
    return annotate(module, mesh, _group_dims(groups.inputs, fn.args, per_param, mesh),
                    _group_dims(groups.outputs, fn.ret.operands, per_param, mesh))


def _group_dims(groups, values: Sequence, per_param: list, mesh: Mesh) -> list[list[str | None]]:
    """Each value's axis per dimension, by its group: a state group's as its parameter's, a batch's dimension
    0 over "data", the rest whole."""
    out = []
    for name in groups.names:
        members = groups.pick(values, name)
        if name in STATE_GROUPS and members:
            out += per_param
        elif name in BATCH_GROUPS:
            out += [_split(f"batch input %{v.name}", v.type.shape, 0, DATA, mesh) for v in members]
        else:
            out += [[None] * v.type.rank for v in members]
    return out


def annotate(module: Module, mesh: Mesh, arg_dims: Sequence[Sequence[str | None]],
             result_dims: Sequence[Sequence[str | None]]) -> Module:
    """`module`'s one function sharded as given (one axis name or None per dimension of each argument
    and result), with the mesh and the partition count JAX writes beside them."""
    from ..ast.ops.shardy import sdy_mesh

    def attributes(dims) -> tuple:
        return ((SHARDING_ATTRIBUTE, SHARDING.generic(sharding(mesh, dims))),)

    fn = module.main
    module.functions = [Function(fn.name, fn.args, fn.ops, fn.ret, fn.attributes, list(map(attributes, arg_dims)),
                                 list(map(attributes, result_dims)))]
    module.attributes = DISCARDABLE.coerce([("mhlo.num_partitions", f"{device_count(mesh)} : i32"),
                                            ("mhlo.num_replicas", "1 : i32")])
    module.symbols = [sdy_mesh(MESH_SYMBOL, [(a.name, a.size) for a in mesh.axes])]
    return module
