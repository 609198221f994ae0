"""vitir/files.py: one error path for files, each problem a FileError naming the file and what is
wrong; writes are atomic and keep what they replace whole on failure."""

from __future__ import annotations

import os

import numpy as np
import pytest

from vitir.errors import FileError
from vitir.files import load_npz, read_text, save_npz, write_text


def problem(call) -> str:
    with pytest.raises(FileError) as info:
        call()
    return str(info.value)


def test_reading_a_missing_file_a_directory_and_bytes_that_are_not_utf8(tmp_path):
    assert problem(lambda: read_text(tmp_path / "nope.mlir")) == f"{tmp_path}/nope.mlir: cannot read (No such file or directory)"
    assert problem(lambda: read_text(tmp_path)) == f"{tmp_path}: is a directory, not a file"
    bad = tmp_path / "bad.mlir"
    bad.write_bytes(b"module {\n  // caf\xe9\n}\n")
    assert problem(lambda: read_text(bad)) == f"{bad}:2: not UTF-8 text (byte 0xE9 at column 9)"


def test_writing_into_a_missing_folder_onto_a_directory_or_under_a_file(tmp_path):
    assert problem(lambda: write_text(tmp_path / "no" / "x.mlir", "")) == \
        f"{tmp_path}/no/x.mlir: cannot write: its folder {tmp_path}/no does not exist"
    assert problem(lambda: write_text(tmp_path, "")) == f"{tmp_path}: is a directory; give a file name"
    (tmp_path / "f").write_text("")
    assert problem(lambda: write_text(tmp_path / "f" / "x", "")) == \
        f"{tmp_path}/f/x: cannot write: {tmp_path}/f is not a folder"


def test_a_write_replaces_the_file_whole_and_keeps_its_mode(tmp_path):
    target = tmp_path / "step.mlir"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_text(target, "new text")
    assert target.read_text() == "new text" and (target.stat().st_mode & 0o777) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["step.mlir"]  # no partial file left
    link = tmp_path / "link.mlir"
    link.symlink_to(target)
    write_text(link, "through the link")
    assert link.is_symlink() and target.read_text() == "through the link"
    write_text(os.devnull, "discarded")  # a device is written as it is, not replaced
    assert not os.path.isfile(os.devnull)


def test_npz_files_truncated_empty_npy_pickled_or_not_npz(tmp_path):
    good = tmp_path / "in.npz"
    save_npz(good, {"x": np.arange(3, dtype=np.float32)})
    assert list(load_npz(good)) == ["x"]
    data = good.read_bytes()
    cases = {"truncated.npz": data[: len(data) // 2], "empty.npz": b"", "text.npz": b"x = 1\n"}
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
    np.save(tmp_path / "one.npy", np.ones(2))
    np.savez(tmp_path / "objects.npz", x=np.array([{"a": 1}], dtype=object))
    assert problem(lambda: load_npz(tmp_path / "truncated.npz")) == \
        f"{tmp_path}/truncated.npz: not a whole .npz file (truncated, or not written by numpy.savez)"
    assert problem(lambda: load_npz(tmp_path / "empty.npz")) == \
        f"{tmp_path}/empty.npz: is empty; an .npz holds one array per name (numpy.savez)"
    assert problem(lambda: load_npz(tmp_path / "text.npz")) == \
        f"{tmp_path}/text.npz: not an .npz file (an .npz is a zip archive of arrays, written by numpy.savez)"
    assert problem(lambda: load_npz(tmp_path / "one.npy")) == \
        f"{tmp_path}/one.npy: is an .npy file (one array); give an .npz with one array per name (numpy.savez)"
    assert problem(lambda: load_npz(tmp_path / "objects.npz")) == \
        f"{tmp_path}/objects.npz: holds Python objects; vitir reads arrays of numbers only"
