"""A vitir module as a jax.export artifact: its function's avals, and its Shardy mesh's shardings as
jax's PartitionSpecs; jax's own serialization writes the artifact (vitir/backend/artifacts.py).

    data = export_module(module, platforms=("cpu",))       # a Module, or StableHLO text
    exported = jax.export.deserialize(data)                # what JAX code does with it
    results = exported.call(*arrays)
"""

from __future__ import annotations


def _chosen(module, name: str | None):
    from ..errors import ArgumentError

    names = [fn.name for fn in module.functions]
    if name is None:
        name = "main" if "main" in names or len(names) != 1 else names[0]
    if name not in names:
        raise ArgumentError(f"the module has no function @{name} (it has {', '.join('@' + n for n in names)})")
    return module.functions[names.index(name)]


def _avals(types, what: str) -> list[tuple[tuple[int, ...], str]]:
    from ..ast.types import TensorType
    from ..errors import ArgumentError
    from ..numpy_dtypes import numpy_dtype

    out = []
    for i, t in enumerate(types):
        if type(t) is not TensorType or not t.is_static:
            raise ArgumentError(f"{what} {i} is {t}; a jax.export artifact of vitir's takes static tensors")
        out.append((t.shape, numpy_dtype(t.dtype).name))
    return out


def mesh_of(module) -> tuple[tuple[str, int], ...]:
    """The module's Shardy mesh as (axis, size) pairs; () for a module on one device."""
    from ..errors import ArgumentError

    meshes = [op for op in module.symbols if getattr(op, "NAME", "") == "sdy.mesh"]
    if not meshes:
        if module.num_partitions > 1:
            raise ArgumentError(f"the module spans {module.num_partitions} partitions without a Shardy mesh "
                                "(sdy.mesh); vitir export takes a sharding on a mesh")
        return ()
    if len(meshes) > 1:
        raise ArgumentError(f"the module has {len(meshes)} meshes; vitir export takes one")
    return tuple((axis.name, axis.size) for axis in meshes[0].mesh.axes)


def partition_specs(attributes, count: int, what: str) -> list[tuple]:
    """Each value's PartitionSpec entries from its `sdy.sharding` (an axis name, a tuple of them, or
    None per dimension); () where a value has none (replicated)."""
    from ..ast.sharding import SHARDING
    from ..errors import ArgumentError
    from ..text import read_attribute_text

    specs = []
    for i in range(count):
        text = dict(attributes[i]).get("sdy.sharding") if attributes and i < len(attributes) else None
        if text is None:
            specs.append(())
            continue
        sharding = read_attribute_text(SHARDING, text)
        dims = []
        for dim in sharding.dims:
            if any(ref.sub_axis is not None for ref in dim.axes):
                raise ArgumentError(f"{what} {i} is sharded on a sub-axis ({text}), which a PartitionSpec cannot say")
            names = tuple(ref.name for ref in dim.axes)
            dims.append(None if not names else names[0] if len(names) == 1 else names)
        specs.append(tuple(dims))
    return specs


def export_module(program, function: str | None = None, platforms=("cpu",)) -> bytes:
    """The jax.export artifact of a function of `program` (a Module, or StableHLO text): the function
    `function`, else @main, else the module's only one, becomes the artifact's @main."""
    from ..ast.module import Module
    from ..mlir import import_text
    from ..print import print_module
    from .artifacts import serialize_exported

    if isinstance(program, Module):
        module, text = program, print_module(program)
    else:  # read: every op checked, the mesh and the shardings read
        module, text = import_text(program), program
    fn = _chosen(module, function)
    mesh = mesh_of(module)
    in_specs = partition_specs(fn.arg_attributes, len(fn.arg_types), "argument") if mesh else None
    out_specs = partition_specs(fn.result_attributes, len(fn.result_types), "result") if mesh else None
    return serialize_exported(text, fn.name, _avals(fn.arg_types, "argument"), _avals(fn.result_types, "result"),
                              tuple(platforms), mesh, in_specs, out_specs)
