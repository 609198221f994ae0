"""The one adapter between vitir and the binary forms StableHLO ships in: MLIR bytecode, StableHLO's
portable artifacts and jax.export's serialized programs. Every jax and jaxlib call for them is here,
and bytecode is read by vitir's own reader (`bytecode_text`).

- `bytecode_text(data)`: StableHLO text of MLIR bytecode, plain or a portable artifact (VHLO).
- `exported_program(data)`: a jax.export artifact's module text and what it says of its calling
  convention (avals, shardings, platforms, the arguments the module keeps), as `ExportedProgram`.
- `serialize_exported(text, ...)`: a jax.export artifact of a StableHLO module, made by jax's own
  serialization, which `jax.export.deserialize(data).call(*args)` runs.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..errors import ArtifactError

MLIR_BYTECODE_MAGIC = b"ML\xefR"


class ExportedProgram(NamedTuple):
    """What a jax.export artifact holds, in vitir's terms (shapes as tuples, dtypes as numpy names)."""

    text: str  # the StableHLO module
    function: str  # the exported function's name, as jax wrote it
    in_avals: tuple  # ((shape, dtype), ...): every flat argument of the exported function
    out_avals: tuple
    in_shardings: tuple  # each argument's sharding as text (None: unspecified)
    out_shardings: tuple
    platforms: tuple  # ("cpu", ...): a module for several takes the platform's index first
    nr_devices: int
    calling_convention_version: int
    kept_arguments: tuple  # the flat arguments the module takes (jax drops the unused ones)
    ordered_effects: int  # how many tokens the module takes and gives first


def is_bytecode(data: bytes) -> bool:
    return data[:4] == MLIR_BYTECODE_MAGIC


def _context():
    from jax._src.interpreters.mlir import make_ir_context

    return make_ir_context()


def bytecode_text(data: bytes) -> str:
    """StableHLO text of MLIR bytecode, read by vitir's own reader: a portable artifact (VHLO, of any
    version) is upgraded to StableHLO; plain bytecode (jaxlib's) is read with the builtin, StableHLO,
    CHLO and Shardy encodings. Bad bytes, and a dialect whose encodings vitir does not table, are
    refused with vitir's reason, which names the section and the byte offset (and the dialect)."""
    from vitir.mlir.bytecode import BytecodeError
    from vitir.mlir.bytecode.api import stablehlo_text

    try:
        return stablehlo_text(data)
    except BytecodeError as e:
        raise ArtifactError(f"MLIR bytecode vitir cannot read: {e}") from None


def _first_error(e: Exception) -> str:
    """The first line of jaxlib's message that says what is wrong (its first line is a preamble)."""
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    found = next((line for line in lines if "error" in line), lines[0] if lines else type(e).__name__)
    return found.split('"-":0:0: ', 1)[-1]


def exported_program(data: bytes) -> ExportedProgram | None:
    """A jax.export artifact (`exp.serialize()`'s bytes) read by jax; None when the bytes are none."""
    exported = _deserialize(data)
    if exported is None:
        return None
    return ExportedProgram(
        text=exported.mlir_module(), function=exported.fun_name,
        in_avals=tuple((tuple(a.shape), a.dtype.name) for a in exported.in_avals),
        out_avals=tuple((tuple(a.shape), a.dtype.name) for a in exported.out_avals),
        in_shardings=_sharding_texts(exported._in_named_shardings, exported.in_shardings_hlo),
        out_shardings=_sharding_texts(exported._out_named_shardings, exported.out_shardings_hlo),
        platforms=tuple(exported.platforms), nr_devices=exported.nr_devices,
        calling_convention_version=exported.calling_convention_version,
        kept_arguments=tuple(sorted(exported.module_kept_var_idx)),
        ordered_effects=len(exported.ordered_effects))


def _deserialize(data: bytes):
    from jax import export

    try:
        return export.deserialize(bytearray(data))
    except Exception:  # flatbuffers raises whatever a bad offset gives (struct.error, IndexError, ...)
        return None


def _sharding_texts(named: tuple, hlo: tuple) -> tuple:
    """Each value's sharding as text: a PartitionSpec (an artifact of named shardings) or XLA's
    HloSharding; None where the artifact leaves it unspecified."""
    return tuple(None if n is None and h is None else str(n.spec) if n is not None else str(h)
                 for n, h in zip(named, hlo))


def serialize_exported(text: str, function: str, in_avals: Sequence, out_avals: Sequence,
                       platforms: Sequence[str] = ("cpu",), mesh_axes: Sequence[tuple[str, int]] = (),
                       in_specs: Sequence | None = None, out_specs: Sequence | None = None) -> bytes:
    """A jax.export artifact of `text`'s function `function` (taking `in_avals`, giving `out_avals`,
    each a (shape, numpy dtype name) pair), which becomes the artifact's @main. jax exports a stand-in
    of the same signature (and of the shardings `in_specs`/`out_specs`, one PartitionSpec's entries
    per value, over a mesh of `mesh_axes`), which writes every field of the calling convention; its
    module is then replaced by `text`'s. Several platforms take the platform's index first, as jax's
    convention has it: the module is wrapped for that."""
    import dataclasses

    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax._src.interpreters import mlir as jax_mlir
    from jax.sharding import NamedSharding, PartitionSpec

    platforms = tuple(platforms)
    shapes_in = [jax.ShapeDtypeStruct(tuple(s), np.dtype(d)) for s, d in in_avals]
    outs = [(tuple(s), np.dtype(d)) for s, d in out_avals]

    def stand_in(*args):
        return tuple(jnp.zeros(s, d) for s, d in outs)

    jit_options: dict = {"keep_unused": True}
    if mesh_axes:
        mesh = jax.sharding.AbstractMesh(tuple(k for _, k in mesh_axes), tuple(n for n, _ in mesh_axes))
        jit_options["in_shardings"] = tuple(NamedSharding(mesh, PartitionSpec(*p))
                                            for p in (in_specs or [()] * len(shapes_in)))
        jit_options["out_shardings"] = tuple(NamedSharding(mesh, PartitionSpec(*p))
                                             for p in (out_specs or [()] * len(outs)))
    try:
        exported = jax.export.export(jax.jit(stand_in, **jit_options), platforms=platforms)(*shapes_in)
    except Exception as e:  # jax refuses a platform, a sharding or a shape
        raise ArtifactError(f"jax.export refuses the signature: {e}") from None
    module = _as_main(text, function, len(platforms) > 1)
    exported = dataclasses.replace(exported, fun_name=function,
                                   mlir_module_serialized=jax_mlir.module_to_bytecode(module),
                                   module_kept_var_idx=tuple(range(len(shapes_in))), uses_global_constants=False)
    return bytes(exported.serialize())


def _parsed(text: str):
    from jax._src.lib.mlir import ir

    try:
        return ir.Module.parse(text, context=_context())
    except Exception as e:
        raise ArtifactError(f"jaxlib does not take the module: {_first_error(e)}") from None


def _as_main(text: str, function: str, platform_index: bool):
    """The module with `function` as its public @main (jax's entry point); with `platform_index`,
    a @main that takes the platform's index first (jax's convention for a module of several
    platforms) and calls `function`, renamed."""
    from jax._src.lib.mlir import ir

    module = _parsed(text)
    with module.context:
        functions = {ir.StringAttr(op.attributes["sym_name"]).value: op for op in module.body.operations
                     if op.operation.name == "func.func"}
        if function not in functions:
            raise ArtifactError(f"the module has no function @{function}")
        if function != "main" and "main" in functions:
            raise ArtifactError(f"the module has a @main beside @{function}; jax.export's entry point is @main")
        target = functions[function]
        inner = "vitir_" + function if platform_index else "main"
        target.attributes["sym_name"] = ir.StringAttr.get(inner)
        if platform_index:
            target.attributes["sym_visibility"] = ir.StringAttr.get("private")
        elif "sym_visibility" in target.attributes:
            del target.attributes["sym_visibility"]
        signature = ir.FunctionType(ir.TypeAttr(target.attributes["function_type"]).value)
    if not platform_index:
        return module
    from jax._src.lib.mlir.dialects import func

    # jax's wrapper: @main(%platform_index, args...) calls the function and returns its results
    with module.context, ir.Location.unknown(), ir.InsertionPoint(module.body):
        index_type = ir.RankedTensorType.get([], ir.IntegerType.get_signless(32))
        main = func.FuncOp("main", ([index_type, *signature.inputs], list(signature.results)), visibility="public")
        main.arg_attrs = ir.ArrayAttr.get(
            [ir.DictAttr.get({"jax.global_constant": ir.StringAttr.get("_platform_index")})]
            + [ir.DictAttr.get({}) for _ in signature.inputs])
        entry = main.add_entry_block()
        with ir.InsertionPoint(entry):
            call = func.CallOp(list(signature.results), ir.FlatSymbolRefAttr.get(inner), list(entry.arguments)[1:])
            func.ReturnOp(list(call.results))
    return module
