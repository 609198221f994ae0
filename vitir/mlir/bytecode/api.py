"""vitir's entry points for bytecode: `import_bytecode(data) -> Module` and
`export_bytecode(module, target=None) -> bytes`.

Reading: the AST is built from a portable artifact's decoded VHLO ops (direct.py); what that path
does not build is upgraded to StableHLO's generic text (vhlo.py), which vitir's importer reads; plain
MLIR bytecode (the builtin, StableHLO, CHLO and Shardy encodings, and any entry written as text)
goes the same two ways.

Writing without a target: plain MLIR bytecode of the StableHLO module with the builtin, StableHLO,
CHLO and Shardy encodings (plain.py), the bytes jaxlib's writer writes for the module: with its
locations, or stripped of its debug info.
"""

from __future__ import annotations

from .reader import MAGIC, read_bytecode
from .writer import write_bytecode


def is_bytecode(data: bytes) -> bool:
    return bytes(data[:4]) == MAGIC


def stablehlo_text(data: bytes) -> str:
    """The StableHLO module a bytecode file holds, as MLIR's generic text."""
    from . import dialect_text  # noqa: F401  (registers the StableHLO, CHLO and Shardy dialects' texts)
    from .vhlo import upgrade_text

    return upgrade_text(read_bytecode(data))


def import_bytecode(data: bytes):
    """MLIR bytecode (a portable artifact, or plain bytecode of StableHLO) -> vitir's Module, the same
    Module `import_text` gives for the program's text. A portable artifact is read in one pass to
    the records vitir's text reader makes (onepass.py); what that path does not take is read into
    the generic IR and built from its ops (direct.py), and what that does not build is printed as
    StableHLO's text and imported."""
    from ..to_ast import import_text
    from .direct import import_direct
    from .onepass import import_onepass
    from . import dialect_text  # noqa: F401  (registers the StableHLO, CHLO and Shardy dialects' texts)
    from .vhlo import upgrade_text

    try:
        return import_onepass(data)
    except Exception:  # not taken (plain bytecode, a form it does not build) or bad bytes: the checked
        pass           # way below reads every byte and decides, naming what is wrong
    module = read_bytecode(data)
    try:
        return import_direct(module)
    except Exception:  # Fallback, a refused rule, an artifact to refuse: the text path takes it or
        pass           # refuses it, naming what is wrong (the one place that decides, as fast_import)
    return import_text(upgrade_text(module), source="<bytecode>")


def export_bytecode(module, target: str | None = None, strip_debuginfo: bool = False,
                    source: str = "<text>") -> bytes:
    """vitir's Module (or StableHLO text) -> MLIR bytecode. Without `target`: plain MLIR bytecode of
    the StableHLO module (jaxlib's `ir.Module.parse` reads it). With `target` (`x.y.z`, `current`,
    `minimum`): a portable artifact of that StableHLO version. Both keep each op's, argument's,
    function's and the module's location, as MLIR's writer does, unless `strip_debuginfo` (then every
    one is unknown, as after `--strip-debuginfo`). `source`: where a text came from, which names
    the places of what it does not locate (`"-"` for `<text>`, as jaxlib's parse of a string; none,
    unknown, for `<bytecode>`: a bytecode file's text, whose locations are the file's own)."""
    if target is not None:
        from .portable import write_artifact

        return write_artifact(module, target, strip_debuginfo, source)
    from .plain import plain_bytecode_module

    return write_bytecode(plain_bytecode_module(module, not strip_debuginfo, source))
