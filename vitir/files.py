"""Reading and writing files, with one error path: every problem is a FileError
that names the file and what is wrong with it (missing, a directory, not UTF-8,
truncated, not an .npz), never a traceback.

Writes are atomic (a temporary file beside the target, flushed, then renamed),
so a crash or a full disk leaves the previous file whole.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import FileError


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _folder_problem(path: Path) -> str | None:
    """Why nothing can be written at `path`, when it is its folder's fault."""
    folder = path.parent
    if not folder.exists():
        return f"its folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    return None


def read_bytes(path: str | os.PathLike) -> bytes:
    path = Path(path)
    if path.is_dir():
        raise FileError(path, "is a directory, not a file")
    try:
        return path.read_bytes()
    except OSError as e:
        raise FileError(path, f"cannot read ({_reason(e)})") from None


def decode_text(data: bytes, path: str | os.PathLike) -> str:
    """UTF-8 text, or a FileError naming the first byte that is not UTF-8 by its line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise FileError(path, f"not UTF-8 text (byte 0x{data[e.start]:02X} at column {column})", line) from None


def read_text(path: str | os.PathLike) -> str:
    """A UTF-8 text file."""
    return decode_text(read_bytes(path), path)


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write atomically: a reader (or a crash) never sees half a file."""
    path = Path(path)
    if path.is_dir():
        raise FileError(path, "is a directory; give a file name")
    problem = _folder_problem(path)
    if problem is not None:
        raise FileError(path, f"cannot write: {problem}")
    if path.exists() and not path.is_file():  # a device or a pipe (/dev/null, /dev/stdout): written as it is
        try:
            with open(path, "wb") as f:
                f.write(data)
        except OSError as e:
            raise FileError(path, f"cannot write ({_reason(e)})") from None
        return
    if path.is_symlink():  # rewrite what it points to, not the link
        path = path.resolve()
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with open(partial, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():  # a rewritten file keeps its permissions
            os.chmod(partial, stat.S_IMODE(path.stat().st_mode))
        os.replace(partial, path)
    except OSError as e:
        partial.unlink(missing_ok=True)
        raise FileError(path, f"cannot write ({_reason(e)})") from None


def write_text(path: str | os.PathLike, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def load_npz(path: str | os.PathLike) -> dict:
    """Every array of an .npz file by name (no pickled objects)."""
    import numpy as np

    path = Path(path)
    data = read_bytes(path)
    if data.startswith(b"\x93NUMPY"):
        raise FileError(path, "is an .npy file (one array); give an .npz with one array per name (numpy.savez)")
    if not data:
        raise FileError(path, "is empty; an .npz holds one array per name (numpy.savez)")
    if not data.startswith(b"PK"):
        raise FileError(path, "not an .npz file (an .npz is a zip archive of arrays, written by numpy.savez)")
    import io
    import zipfile  # here, not at the top: rendering and checking read no archive
    import zlib

    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            return {name: npz[name] for name in npz.files}
    except (zipfile.BadZipFile, EOFError, zlib.error):
        raise FileError(path, "not a whole .npz file (truncated, or not written by numpy.savez)") from None
    except ValueError as e:
        if "allow_pickle" in str(e):
            raise FileError(path, "holds Python objects; vitir reads arrays of numbers only") from None
        raise FileError(path, f"an array in it is malformed ({e})") from None
    except OSError as e:
        raise FileError(path, f"not an .npz file ({e})") from None


def save_npz(path: str | os.PathLike, arrays: dict) -> None:
    """Write arrays by name as an .npz, atomically."""
    import io

    import numpy as np

    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    write_bytes(path, buffer.getvalue())
