"""The one reader of a command's program: StableHLO text, MLIR bytecode (plain or a portable
artifact) or a jax.export artifact, told apart by their bytes, never by the file's name. Every
command that takes a module (check, fmt, opt, run, grad, export) reads it through `read_program`.

Only text is read without jax: the binary forms go through vitir/backend/artifacts.py, the one
adapter to jaxlib and jax.export.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from ..errors import ArtifactError, FileError
from ..files import decode_text, read_bytes
from .artifacts import ExportedProgram

TEXT, BYTECODE, JAX_EXPORT = "text", "MLIR bytecode", "jax.export artifact"


class Program(NamedTuple):
    """A command's program as StableHLO text, the form it came in, and for a jax.export artifact
    what the artifact says of its calling convention."""

    text: str
    form: str
    exported: ExportedProgram | None = None


def read_program(path: str | os.PathLike) -> Program:
    """The program in the file at `path`, whatever its form (FileError, ArtifactError when none)."""
    data = read_bytes(path)
    return program_of(data, path)


def program_of(data: bytes, path: str | os.PathLike = "<bytes>") -> Program:
    from . import artifacts

    if artifacts.is_bytecode(data):
        try:
            return Program(artifacts.bytecode_text(data), BYTECODE)
        except ArtifactError as e:
            raise FileError(path, str(e)) from None
    if b"\x00" not in data:  # text holds no NUL; a flatbuffer's offsets always do
        try:
            return Program(decode_text(data, path), TEXT)
        except FileError:
            exported = artifacts.exported_program(data)
            if exported is None:
                raise
    else:
        exported = artifacts.exported_program(data)
    if exported is None:
        raise FileError(path, "neither StableHLO text, MLIR bytecode (ML\\xefR) nor a jax.export artifact")
    return Program(exported.text, JAX_EXPORT, exported)


def read_program_text(path: str | os.PathLike) -> str:
    """The program's StableHLO text (what the commands that need nothing else read)."""
    return read_program(path).text
