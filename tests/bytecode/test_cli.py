"""`vitir fmt IN --emit-bytecode -o OUT`: plain MLIR bytecode that jaxlib parses as the text."""

from __future__ import annotations

import pytest

from vitir.cli import main
from vitir.mlir.bytecode import read_bytecode

TEXT = """module @m {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %v0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %v1 = stablehlo.tanh %v0 : tensor<2x4xf32>
    return %v1 : tensor<2x4xf32>
  }
}
"""


def test_emit_bytecode_writes_plain_bytecode(tmp_path):
    source = tmp_path / "m.mlir"
    source.write_text(TEXT)
    out = tmp_path / "m.mlirbc"
    assert main(["fmt", str(source), "--emit-bytecode", "--strip-debuginfo", "-o", str(out)]) == 0
    data = out.read_bytes()
    module = read_bytecode(data)
    assert module.version == 6 and module.producer == "vitir"
    names = [op.name for op in module.root.walk()]
    assert names == ["builtin.module", "func.func", "stablehlo.dot_general", "stablehlo.tanh", "func.return"]
    try:
        from jax._src.interpreters import mlir as jax_mlir
        from jax._src.lib.mlir import ir
    except ImportError:
        pytest.skip("jaxlib is not installed")
    context = jax_mlir.make_ir_context()
    assert ir.Module.parse(data, context).operation.get_asm() == ir.Module.parse(TEXT, context).operation.get_asm()


def test_emit_bytecode_needs_an_output(tmp_path, capsys):
    source = tmp_path / "m.mlir"
    source.write_text(TEXT)
    assert main(["fmt", str(source), "--emit-bytecode"]) == 1
    assert "give it with -o OUT" in capsys.readouterr().err


@pytest.mark.parametrize("target, message", [("3.0.0", "outside the versions VHLO's tables hold (0.9.0 to 1.20.0)"),
                                             ("1.x", "'1.x' is not a StableHLO version")])
def test_emit_bytecode_target_is_checked(tmp_path, capsys, target, message):
    source = tmp_path / "m.mlir"
    source.write_text(TEXT)
    assert main(["fmt", str(source), "--emit-bytecode", "--target", target, "-o", str(tmp_path / "o")]) == 1
    assert message in capsys.readouterr().err


def test_target_without_emit_bytecode_is_refused(tmp_path, capsys):
    source = tmp_path / "m.mlir"
    source.write_text(TEXT)
    assert main(["fmt", str(source), "--target", "1.0.0"]) == 1
    assert "--target and -o go with --emit-bytecode" in capsys.readouterr().err
