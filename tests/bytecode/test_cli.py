"""`vitir fmt IN --emit-bytecode -o OUT`: plain MLIR bytecode that jaxlib parses as the text."""

from __future__ import annotations

import re
from pathlib import Path

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
    assert module.version == 6 and module.producer == "MLIR23.0.0git"  # as jaxlib 0.10.2's MLIR writes it
    names = [op.name for op in module.root.walk()]
    assert names == ["builtin.module", "func.func", "stablehlo.dot_general", "stablehlo.tanh", "func.return"]
    try:
        import io

        from jax._src.interpreters import mlir as jax_mlir
        from jax._src.lib.mlir import ir, passmanager
    except ImportError:
        pytest.skip("jaxlib is not installed")
    context = jax_mlir.make_ir_context()
    assert ir.Module.parse(data, context).operation.get_asm() == ir.Module.parse(TEXT, context).operation.get_asm()
    with context:  # jaxlib's own bytes of the module, stripped of its debug info
        parsed = ir.Module.parse(TEXT)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(parsed.operation)
        expected = io.BytesIO()
        parsed.operation.write_bytecode(expected)
    assert data == expected.getvalue()


def test_emit_bytecode_needs_an_output(tmp_path, capsys):
    source = tmp_path / "m.mlir"
    source.write_text(TEXT)
    assert main(["fmt", str(source), "--emit-bytecode"]) == 1
    assert "give it with -o OUT" in capsys.readouterr().err


@pytest.mark.parametrize("target, message", [("3.0.0", "target version 3.0.0 is greater than current version 1.20.0"),
                                             ("1.x", "Invalid target version argument '1.x'")])
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


SUITE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "stablehlo-vhlo"


def _diagnostics(text: str, path: Path) -> list[str]:
    """Each diagnostic without its file, line and column (a module's text and its artifact's text
    place the same op on different lines)."""
    return sorted(re.sub(r"\s*\(column \d+\)", "", line.replace(str(path), "FILE").split(": ", 1)[-1])
                  for line in text.splitlines() if "error" in line)


@pytest.mark.skipif(not SUITE.is_dir(), reason="../shared/conformance/stablehlo-vhlo is absent")
@pytest.mark.parametrize("version", ["0_9_0", "1_20_0"])
def test_check_reads_the_suite_artifact_as_its_source(capsys, version):
    """vitir's reader gives the artifact's module: `vitir check X.mlir.bc` says what `vitir check
    X.mlir` says (the suite's sources hold attribute cases vitir's checks refuse, the same in both)."""
    source = SUITE / f"stablehlo_legalize_to_vhlo.{version}.mlir"
    artifact = Path(str(source) + ".bc")
    code_text = main(["check", str(source)])
    from_text = _diagnostics(capsys.readouterr().err, source)
    code_artifact = main(["check", str(artifact)])
    from_artifact = _diagnostics(capsys.readouterr().err, artifact)
    assert code_artifact == code_text and from_artifact == from_text and from_text


@pytest.mark.skipif(not SUITE.is_dir(), reason="../shared/conformance/stablehlo-vhlo is absent")
def test_future_artifact_refused_through_the_commands(capsys):
    assert main(["fmt", str(SUITE / "invalid_vhlo_future.mlir.bc")]) == 1
    err = capsys.readouterr().err
    assert "unregistered operation 'vhlo.constant_v99'" in err and "IR section, byte 125" in err
    assert "Traceback" not in err


def test_emit_bytecode_refuses_an_op_newer_than_the_target(tmp_path, capsys):
    source = tmp_path / "tan.mlir"
    source.write_text("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
                      "  %0 = stablehlo.tan %a : tensor<f32>\n  return %0 : tensor<f32>\n}\n")
    assert main(["fmt", str(source), "--emit-bytecode", "--target", "1.3.0", "-o", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert ("failed to convert VHLO to v1.3.0: failed to legalize operation 'vhlo.tan_v2' that was explicitly "
            "marked illegal: stablehlo.tan was introduced in StableHLO 1.4.0") in err
    assert main(["fmt", str(source), "--emit-bytecode", "--target", "1.4.0", "-o", str(tmp_path / "o")]) == 0
    assert [op.name for op in read_bytecode((tmp_path / "o").read_bytes()).root.walk()] == [
        "builtin.module", "vhlo.func_v1", "vhlo.tan_v1", "vhlo.return_v1"]
