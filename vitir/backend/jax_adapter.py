"""Every use of jax's and jaxlib's private or undocumented APIs, in one place.

vitir compiles StableHLO text with jaxlib's PJRT client directly and joins
processes through jax's coordinator. The client's compile, serialize and
execute methods are undocumented, and the coordinator's key-value store is
reached through `jax._src`; each is wrapped here and tested on its own
(tests/backend/test_jax_adapter.py), so a jax upgrade that moves one breaks
one named function.
"""

from __future__ import annotations


def compile_and_load(backend, text: str, devices, options):
    """An executable of StableHLO `text` loaded on `devices` (the PJRT client's compile_and_load)."""
    return backend.compile_and_load(text, devices, options)


def set_partitioner(options, shardy: bool) -> None:
    """XLA's SPMD partitioner for one compile: Shardy (a text in the sdy dialect) or GSPMD (`mhlo.sharding`)."""
    build = options.executable_build_options
    build.use_spmd_partitioning = True
    build.use_shardy_partitioner = shardy


def parameter_shardings(loaded, devices) -> list:
    """The jax sharding each argument of a partitioned executable is laid out by over `devices`."""
    from jax._src.sharding_impls import GSPMDSharding

    return [GSPMDSharding(tuple(devices), s) for s in loaded.get_parameter_shardings()]


def output_shardings(loaded, devices) -> list:
    """The jax sharding of each result of a partitioned executable."""
    from jax._src.sharding_impls import GSPMDSharding

    return [GSPMDSharding(tuple(devices), s) for s in loaded.get_output_shardings()]


def unreduced_text(sharding) -> str | None:
    """The HLO text of a result's sharding (output_shardings') where it leaves some axes unreduced
    (partial values on the devices of a group, to be summed: Shardy's `unreduced={"x"}`), else None."""
    hlo = sharding._hlo_sharding
    unreduced = hlo.is_unreduced() or any(t.name == "UNREDUCED" for t in hlo.subgroup_types())
    return str(hlo) if unreduced else None


def set_xla_options(options, xla_options) -> None:
    """XLA debug options (name: value as text) on jaxlib's CompileOptions, for one compile
    (its env_option_overrides, which $XLA_FLAGS would otherwise set for the process)."""
    options.env_option_overrides = [(name, str(value)) for name, value in xla_options.items()]


def compiled_hlo_text(loaded) -> str:
    """The HLO text of a loaded executable's (first) module as XLA compiled it, with each
    instruction's metadata (op_name, source file and line)."""
    return loaded.hlo_modules()[0].to_string()


def serialize_executable(backend, loaded) -> bytes:
    return backend.serialize_executable(loaded)


def deserialize_executable(backend, data: bytes, devices, options):
    return backend.deserialize_executable(data, devices, options)


def execute_sharded(loaded, operands) -> list:
    """Run `loaded` on one array per argument (sharded over its devices); one list of per-device arrays per result."""
    return loaded.execute_sharded(operands).disassemble_into_single_device_arrays()


def distributed_client():
    """The coordinator's key-value store client of a formed process group, or None."""
    from jax._src import distributed as jax_distributed

    return jax_distributed.global_state.client
