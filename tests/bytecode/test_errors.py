"""Bad bytecode is refused with a BytecodeError naming the section and the byte offset, never a
traceback of another kind; the fuzzer's mutations of valid files hold the same (tests/fuzz/bytecode.py)."""

from __future__ import annotations

import pytest

from tests.fuzz.bytecode import _own_seed
from tests.fuzz.checks import time_bound
from tests.fuzz.run import Report, run
from vitir.mlir.bytecode import BytecodeError, read_bytecode
from vitir.mlir.bytecode.reader import Cursor, read_section


@pytest.fixture(scope="module")
def valid() -> bytes:
    return _own_seed()


def _sections(data: bytes) -> dict:
    """Section id -> (offset of its id byte, offset of its data, end)."""
    top = Cursor(data, 4, len(data), "header")
    top.varint()
    top.cstring()
    found = {}
    while not top.at_end():
        start = top.pos
        section_id, cursor = read_section(top)
        found[section_id] = (start, cursor.pos, cursor.end)
    return found


def refused(data: bytes) -> BytecodeError:
    with pytest.raises(BytecodeError) as caught:
        read_bytecode(data)
    return caught.value


def test_valid_seed_reads(valid):
    assert read_bytecode(valid).root.name == "builtin.module"


def test_not_bytecode():
    error = refused(b"module {}")
    assert (error.section, error.offset) == ("header", 0)
    assert "ML\\xefR" in str(error)


def test_newer_version(valid):
    error = refused(valid[:4] + b"\x0f" + valid[5:])  # version 7
    assert (error.section, error.offset) == ("header", 4)
    assert "bytecode version 7 is newer" in str(error)


@pytest.mark.parametrize("cut", [5, 12, 40, -30, -3, -1])
def test_truncated(valid, cut):
    data = valid[:cut]
    error = refused(data)
    assert error.section and 0 <= error.offset <= len(data)
    assert str(error).startswith(f"bytecode ({error.section} section, byte {error.offset}): ")


def test_unknown_section(valid):
    start = _sections(valid)[1][0]  # the dialect section's id byte
    data = valid[:start] + b"\x0b" + valid[start + 1:]  # section id 11 does not exist
    error = refused(data)
    assert (error.section, error.offset) == ("header", start)
    assert "unknown section id 11" in str(error)


def test_attribute_index_out_of_range(valid):
    """The root op's location is attribute index 0..n; make it 100: out of range, named with its byte."""
    ir_start, ir_data, _ = _sections(valid)[4]
    # IR data: varint 2 (one op), op name index, mask byte, location index
    location_at = ir_data + 3
    data = valid[:location_at] + bytes([(100 << 1) | 1]) + valid[location_at + 1:]
    error = refused(data)
    assert error.section == "IR" and error.offset == location_at
    assert "attribute index 100 out of range" in str(error)


def test_string_index_out_of_range(valid):
    dialect_start, dialect_data, _ = _sections(valid)[1]
    # dialect section data: count, then (name index << 1 | versioned) for each dialect
    at = dialect_data + 1
    data = valid[:at] + bytes([(40 << 2) | 1]) + valid[at + 1:]
    error = refused(data)
    assert error.section == "dialect" and error.offset == at
    assert "string index 40 out of range" in str(error)


def test_section_longer_than_the_file(valid):
    start = _sections(valid)[0][0]  # the string section's id byte, then its length
    data = valid[:start + 1] + bytes([(120 << 1) | 1]) + valid[start + 2:]
    error = refused(data)
    assert "runs past the end" in str(error) and error.offset == start + 2


def test_mutations_never_crash_nor_hang():
    report = Report()
    with time_bound(300):
        run("bytecode", 400, 0, 5.0, report)
    assert report.counts["bytecode"] == 400
    assert not report.failures, report.failures
    assert report.stats["bytecode refused"] > 300 and report.stats["bytecode read and written"] > 10
