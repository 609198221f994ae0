"""`vitir export MODULE -o OUT [--platforms cpu,cuda] [--function NAME]`: write a jax.export
artifact of one function of a module, which JAX code runs with
`jax.export.deserialize(open(OUT, "rb").read()).call(*args)`.

MODULE is read as every command reads its program (text, MLIR bytecode, a portable artifact or a
jax.export artifact). The function (`--function`, else @main, else the module's only one) becomes
the artifact's @main; its argument and result types are the artifact's avals. A module sharded
over a Shardy mesh (`sdy.mesh`, `sdy.sharding` on the arguments and results, `mhlo.num_partitions`:
`vitir render adam-sched --mesh data=2,model=2`) is exported with that mesh's shardings, so a
caller's mesh of as many devices lays its arguments out as the module expects.
"""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    p = sub.add_parser("export", help="write a jax.export artifact of a module", description=__doc__)
    p.add_argument("file", metavar="MODULE",
                   help="StableHLO text (.mlir), MLIR bytecode, a portable artifact or a jax.export artifact")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="the artifact to write")
    p.add_argument("--platforms", default="cpu", metavar="P1,P2",
                   help="the platforms it may run on, as jax names them: cpu, cuda, rocm, tpu (default cpu)")
    p.add_argument("--function", metavar="NAME", help="the function to export (default @main, or the only one)")
    p.set_defaults(func=run)


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


def export_module(text: str, function: str | None = None, platforms=("cpu",)) -> bytes:
    """The jax.export artifact of `text`'s function (see the module's docstring)."""
    from ..backend.artifacts import serialize_exported
    from ..mlir import import_text

    module = import_text(text)  # checks every op, and reads the mesh and the shardings
    fn = _chosen(module, function)
    mesh = mesh_of(module)
    in_specs = partition_specs(fn.arg_attributes, len(fn.arg_types), "argument") if mesh else None
    out_specs = partition_specs(fn.result_attributes, len(fn.result_types), "result") if mesh else None
    return serialize_exported(text, fn.name, _avals(fn.arg_types, "argument"), _avals(fn.result_types, "result"),
                              tuple(platforms), mesh, in_specs, out_specs)


def run(args) -> int:
    from ..backend.program_input import read_program
    from ..errors import VitirError
    from ..files import write_bytes

    platforms = tuple(p.strip().lower() for p in args.platforms.split(",") if p.strip())
    try:
        program = read_program(args.file)
        data = export_module(program.text, args.function, platforms)
        write_bytes(args.output, data)
    except VitirError as e:
        lines = [line.strip() for line in str(e).splitlines() if line.strip()]
        print(f"vitir export: error: {'; '.join(lines)}", file=sys.stderr)
        return 1
    print(f"{args.output}: jax.export artifact for {', '.join(platforms)} ({len(data)} bytes)")
    return 0
