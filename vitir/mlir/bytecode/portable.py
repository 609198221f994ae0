"""Writing portable artifacts (StableHLO -> VHLO at a target version): the target resolved and
checked against VHLO's version tables. The StableHLO -> VHLO conversion itself is not written yet;
`write_artifact` refuses with the reason (docs/bytecode.md, "What is not done")."""

from __future__ import annotations

from .errors import BytecodeError
from .vhlo import version_tuple
from .vhlo_tables import BYTECODE_VERSIONS, CURRENT_VERSION, MINIMUM_VERSION


def resolve_target(target: str) -> str:
    """`current`, `minimum` or `x.y.z` -> a version VHLO's tables hold."""
    version = {"current": CURRENT_VERSION, "minimum": MINIMUM_VERSION}.get(target, target)
    parsed = version_tuple(version)
    if not version_tuple(MINIMUM_VERSION) <= parsed <= version_tuple(CURRENT_VERSION):
        raise BytecodeError(f"target version {version} is outside the versions VHLO's tables hold "
                            f"({MINIMUM_VERSION} to {CURRENT_VERSION})")
    return version


def bytecode_version(version: str) -> int:
    """The MLIR bytecode format version a StableHLO release writes its artifacts in (Version.cpp)."""
    parsed = version_tuple(version)
    for below, format_version in BYTECODE_VERSIONS:
        if parsed < version_tuple(below):
            return format_version
    return 6


def write_artifact(module, target: str) -> bytes:
    version = resolve_target(target)
    raise BytecodeError(f"writing a portable artifact (StableHLO {version}) is not implemented yet: "
                        "vitir writes plain MLIR bytecode (no --target), and reads artifacts of every version")
