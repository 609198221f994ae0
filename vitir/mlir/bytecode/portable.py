"""Writing portable artifacts: the target resolved against VHLO's version tables, the module
converted to VHLO at that version (downgrade.py) and written in the bytecode format version that
release writes."""

from __future__ import annotations

from ...ast.gc_pause import gc_paused
from .errors import BytecodeError
from .vhlo import version_tuple
from .vhlo_tables import BYTECODE_VERSIONS, CURRENT_VERSION, MINIMUM_VERSION


class TargetError(BytecodeError):
    """A target version the artifact writer refuses, worded as StableHLO's VhloToVersion pass words it
    (stablehlo/transforms/VhloToVersion.cpp, validateTargetVersion)."""


def resolve_target(target: str) -> str:
    """`current`, `minimum` or `x.y.z` -> a version VHLO's tables hold."""
    version = {"current": CURRENT_VERSION, "minimum": MINIMUM_VERSION}.get(target, target)
    form = "Target version must be of the form `#.#.#`."
    if not version:
        raise TargetError(f"No target version specified.\n{form}")
    try:
        parsed = version_tuple(version)
    except BytecodeError:
        raise TargetError(f"Invalid target version argument '{version}'\n{form}") from None
    shown = ".".join(map(str, parsed))
    if parsed < version_tuple(MINIMUM_VERSION):
        raise TargetError(f"target version {shown} is less than minimum supported {MINIMUM_VERSION}")
    if parsed > version_tuple(CURRENT_VERSION):
        raise TargetError(f"target version {shown} is greater than current version {CURRENT_VERSION}")
    return version


def bytecode_version(version: str) -> int:
    """The MLIR bytecode format version a StableHLO release writes its artifacts in (Version.cpp)."""
    parsed = version_tuple(version)
    for below, format_version in BYTECODE_VERSIONS:
        if parsed < version_tuple(below):
            return format_version
    return 6


@gc_paused  # the ~50,000 objects of a conversion are acyclic: the collector's passes over them find nothing
def write_artifact(module, target: str, strip_debuginfo: bool = True, source: str = "<text>") -> bytes:
    """StableHLO (vitir's Module or text) -> a portable artifact of StableHLO `target`: its locations
    dropped (as `stablehlo-translate --serialize --strip-debuginfo` writes it), or with
    `strip_debuginfo=False` kept (as jaxlib's `serialize_portable_artifact_str` writes a module with
    locations)."""
    from .to_vhlo import downgrade_module
    from .writer import write_bytecode

    version = resolve_target(target)
    return write_bytecode(downgrade_module(module, version, bytecode_version(version), not strip_debuginfo, source))
