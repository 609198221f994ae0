"""MLIR bytecode at the format's level: every artifact of StableHLO's compatibility suite is read and
written back to its own bytes (the suite's files are the C++ writer's output), and jaxlib's writer is
a second oracle for what the suite does not hold (locations of every kind, resources, versions)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from vitir.mlir.bytecode import BytecodeError, read_bytecode, write_bytecode
from vitir.mlir.bytecode.writer import varint

SUITE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "stablehlo-vhlo"
ARTIFACTS = sorted(SUITE.glob("*.mlir.bc")) if SUITE.is_dir() else []
needs_suite = pytest.mark.skipif(not ARTIFACTS, reason="../shared/conformance/stablehlo-vhlo is absent")


@needs_suite
def test_suite_has_every_version():
    versions = {path.name.split(".")[1] for path in ARTIFACTS if path.name.startswith("stablehlo_legalize")}
    assert len(versions) == 32  # 0.9.0 to 1.20.0, 1.17.0 has no file


@needs_suite
@pytest.mark.parametrize("path", ARTIFACTS, ids=lambda p: p.name)
def test_suite_artifact_writes_back_to_its_bytes(path):
    data = path.read_bytes()
    module = read_bytecode(data)
    assert module.producer.startswith("StableHLO_v")
    assert write_bytecode(module) == data


@needs_suite
def test_suite_versions_span_the_format_versions():
    """The suite holds format versions 0, 1, 3, 4 and 6 (each StableHLO release writes its own)."""
    seen = {read_bytecode(path.read_bytes()).version for path in ARTIFACTS}
    assert seen == {0, 1, 3, 4, 6}


def test_varint_matches_the_format():
    # One byte: value << 1 | 1; two bytes: the low bit 0 then 1; nine bytes: a zero marker byte.
    assert varint(0) == b"\x01"
    assert varint(127) == b"\xff"
    assert varint(128) == bytes([0b10, 0b10])  # (128 << 2 | 0b10) little-endian
    assert varint(2**64 - 1) == b"\0" + b"\xff" * 8
    from vitir.mlir.bytecode.reader import Cursor

    for value in (0, 1, 127, 128, 300, 2**14 - 1, 2**14, 2**21, 2**35 + 7, 2**56 - 1, 2**56, 2**63, 2**64 - 1):
        raw = varint(value)
        assert Cursor(raw, 0, len(raw), "test").varint() == value


try:
    from jax._src.lib.mlir import ir
except ImportError:  # jaxlib absent: the tests below skip
    ir = None
needs_jaxlib = pytest.mark.skipif(ir is None, reason="jaxlib is not installed")

LOCATIONS = '''
module {
  "test.a"() : () -> () loc("f.py":1:2 to 3:4)
  "test.b"() : () -> () loc("f.py":5:0 to 5:0)
  "test.c"() : () -> () loc("f.py":7:2)
  "test.d"() : () -> () loc("f.py":7:1 to :9)
  "test.e"() : () -> () loc(callsite("g"("a.py":1:1) at fused["b.py":2:2, "c.py":3:3]))
  "test.f"() : () -> () loc(fused<"meta">["x":1:1])
  "test.g"() ({
  ^bb0(%a: i32 loc("arg.py":4:4), %b: f32):
    "test.h"(%a, %b, %a) : (i32, f32, i32) -> ()
  }) : () -> ()
}
'''

ATTRIBUTES = '''
module attributes {test.dense = dense<[1.5, -2.0]> : tensor<2xf32>, test.bf = 1.5 : bf16, test.big = 123456789012345678901234567890 : i128,
                   test.arr = array<i64: 1, -2, 3>, test.str = "s\\00", test.sym = @a::@b, test.ty = tensor<?x3xf8E4M3FN>,
                   test.unit, test.cplx = complex<f64>, test.splat = dense<"x"> : tensor<2x!test.t>,
                   test.res = dense_resource<blob1> : tensor<2xi32>, test.i1 = dense<[true, false, true]> : tensor<3xi1>} {
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x080000000100000002000000"
    }
  }
#-}
'''


def _jaxlib_bytecode(text: str, version: int | None = None) -> bytes:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse(text, context)
    out = io.BytesIO()
    if version is None:
        module.operation.write_bytecode(out)
    else:
        module.operation.write_bytecode(out, desired_version=version)
    return out.getvalue()


@needs_jaxlib
@pytest.mark.parametrize("version", [None, 0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("text", [LOCATIONS, ATTRIBUTES], ids=["locations", "attributes"])
def test_jaxlib_bytecode_writes_back_to_its_bytes(text, version):
    data = _jaxlib_bytecode(text, version)
    module = read_bytecode(data)
    assert write_bytecode(module) == data


@needs_jaxlib
def test_written_bytecode_parses_in_jaxlib_to_the_same_module():
    data = _jaxlib_bytecode(LOCATIONS)
    context = ir.Context()
    context.allow_unregistered_dialects = True
    expected = ir.Module.parse(LOCATIONS, context).operation.get_asm(enable_debug_info=True)
    again = ir.Module.parse(write_bytecode(read_bytecode(data)), context)
    assert again.operation.get_asm(enable_debug_info=True) == expected


@needs_jaxlib
def test_version_below_properties_refuses_ops_with_properties():
    module = read_bytecode(_jaxlib_bytecode('module @m {}'))
    # the builtin.module has properties (sym_name, sym_visibility) at version 6
    assert module.root.properties[1] is None and module.root.properties[0].fields == ('m',)
    with pytest.raises(BytecodeError, match="properties cannot be written at bytecode version 4"):
        write_bytecode(module, version=4)


@needs_jaxlib
def test_unsupported_version_is_refused():
    module = read_bytecode(_jaxlib_bytecode(LOCATIONS))
    with pytest.raises(BytecodeError, match=r"unsupported bytecode version 7, must be in range \[0, 6\]"):
        write_bytecode(module, version=7)
