"""The error bytecode reading and writing raise: it names the section and the byte offset."""

from __future__ import annotations

from ...errors import VitirError


class BytecodeError(VitirError):
    """Bytes that are not valid MLIR bytecode (truncated, corrupted, an unknown section, op, code or
    version, an offset out of range), or a module the writer cannot encode.

    `section` names the section being read ("header", "string", "dialect", "attr/type", "IR",
    "resource", "properties"), `offset` the byte offset in the whole file where the problem was found.
    """

    def __init__(self, reason: str, *, section: str = "", offset: int | None = None):
        self.reason, self.section, self.offset = reason, section, offset
        where = []
        if section:
            where.append(f"{section} section")
        if offset is not None:
            where.append(f"byte {offset}")
        super().__init__(f"bytecode ({', '.join(where)}): {reason}" if where else f"bytecode: {reason}")
