"""`vitir fmt` and `vitir check`."""

from __future__ import annotations

import subprocess
import sys

import jax
import jax.numpy as jnp
import pytest

from tests.golden import REFERENCE_GOLDEN
from tests.mlir.test_errors import WRONG_REDUCE
from tests.test_golden_suite import CONFIGS, MODULE_CASES
from vitir.cli import main
from vitir.print import print_module


@pytest.fixture
def dp_text():
    cfg, _ = CONFIGS[0]
    return print_module(MODULE_CASES["adam-dp"][0](cfg, 2))


def jax_text() -> str:
    def f(x, w):
        return jnp.tanh(x @ w)

    return jax.jit(f).lower(jax.ShapeDtypeStruct((2, 3), jnp.float32),
                            jax.ShapeDtypeStruct((3, 4), jnp.float32)).as_text(debug_info=False)


def test_fmt_prints_vitir_text_unchanged(tmp_path, capsys, dp_text):
    path = tmp_path / "dp.mlir"
    path.write_text(dp_text)
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == dp_text


def test_fmt_in_place_through_the_ast_turns_jax_text_into_vitirs(tmp_path, capsys):
    path = tmp_path / "jax.mlir"
    path.write_text(jax_text())
    assert main(["fmt", "-i", "--ast", str(path)]) == 0
    assert capsys.readouterr().out == ""
    text = path.read_text()
    # the module's attributes kept, as JAX wrote them
    assert text.startswith("module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n"
                           "  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) ->")
    assert "    %v0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0]" in text


def test_check_says_ok(tmp_path, capsys, dp_text):
    path = tmp_path / "dp.mlir"
    path.write_text(dp_text)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: OK: @vit_adam_train_step: ") and out.endswith(" results\n")


def test_check_reports_file_and_line(tmp_path, capsys):
    path = tmp_path / "bad.mlir"
    path.write_text(WRONG_REDUCE)
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == (
        f"{path}:4: error: stablehlo.reduce %r: result type annotation tensor<3xf32> differs from the inferred "
        "tensor<2xf32> (operands: tensor<2x3xf32>, tensor<f32>) (column 5)\n")


def test_fmt_reports_unsupported_ops_and_leaves_the_file(tmp_path, capsys):
    path = tmp_path / "erf.mlir"
    original = jax_text().replace("stablehlo.tanh", "mhlo.erf")
    path.write_text(original)
    assert main(["fmt", "-i", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:4: error: op 'mhlo.erf' is not supported by vitir (column 10)\n"
    assert path.read_text() == original


def test_missing_file_is_a_plain_error(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.mlir")]) == 1
    assert capsys.readouterr().err == f"{tmp_path}/nope.mlir: error: cannot read (No such file or directory)\n"


def test_render_does_not_load_xdsl():
    code = ("import contextlib, io, sys\nfrom vitir.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['render', 'fwd', '--batch', '1', '--depth', '1'])\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'xdsl', 'jax'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "[]\n"


@pytest.mark.slow
@pytest.mark.skipif(not REFERENCE_GOLDEN.is_file(), reason="shared/golden is not present")
def test_fmt_and_check_the_production_golden(capsys):
    assert main(["fmt", str(REFERENCE_GOLDEN)]) == 0
    assert capsys.readouterr().out == REFERENCE_GOLDEN.read_text()
    assert main(["check", str(REFERENCE_GOLDEN)]) == 0
    assert "605 arguments, 2446 ops, 603 results" in capsys.readouterr().out


def test_check_reports_every_shape_error_of_a_file(tmp_path, capsys):
    from tests.mlir.test_errors import SEVERAL_PROBLEMS

    path = tmp_path / "several.mlir"
    path.write_text(SEVERAL_PROBLEMS)
    assert main(["check", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(": error: ")[0] for line in lines] == [f"{path}:{n}" for n in (4, 6, 7, 8)]
    assert lines[3].endswith("inferred tensor<2x2xf32> (operands: tensor<2x3xf32>, tensor<2x3xf32>) (column 5)")


SPLIT = """func.func @a() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @b(%x: tensor<f32>) -> tensor<f32> {
  %1 = stablehlo.frobnicate %x, %x : tensor<f32>
  return %x : tensor<f32>
}
// // -----
func.func @c(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
"""


def test_check_names_a_byte_that_is_not_utf8(tmp_path, capsys):
    path = tmp_path / "latin1.mlir"
    path.write_bytes(WRONG_REDUCE.replace("module @m", "// r\xe9sum\xe9\nmodule @m").encode("latin-1"))
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:1: error: not UTF-8 text (byte 0xE9 at column 5)\n"


def test_check_refuses_a_use_before_its_definition_and_keeps_every_op(tmp_path, capsys):
    from tests.test_drift import USE_BEFORE_DEFINITION

    path = tmp_path / "order.mlir"
    path.write_text(USE_BEFORE_DEFINITION)
    assert main(["check", str(path)]) == 1  # once "OK: 1 ops", the add dropped
    assert capsys.readouterr().err == (f"{path}:3: error: stablehlo.add: operand 0 (%b) is used before its "
                                       "definition (column 5)\n")


LICENSED = "// Copyright the authors.\n// SPDX-License-Identifier: Apache-2.0\n\n" + WRONG_REDUCE.replace(
    "tensor<3xf32>", "tensor<2xf32>")


def test_fmt_in_place_keeps_the_header_comments(tmp_path, capsys):
    path = tmp_path / "licensed.mlir"
    path.write_text(LICENSED.replace("    %sc = ", "    %sc   =  "))
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_text() == LICENSED


@pytest.mark.parametrize("edit,line,what,counts", [
    (("    %r = ", "    // the row sums\n    %r = "), 7, "a comment after the module's start", "1 comment"),
    (("tensor<2xf32>\n  }", 'tensor<2xf32> loc("f.py":3:1)\n  }'), 8, "a debug location", "1 location"),
    (("  }\n}\n", "  } // f\n} // m\n"), 9, "a comment after the module's start", "2 comments"),
])
def test_fmt_in_place_refuses_to_drop_comments_or_locations(tmp_path, capsys, edit, line, what, counts):
    path = tmp_path / "commented.mlir"
    original = LICENSED.replace(*edit)
    path.write_text(original)
    assert main(["fmt", "-i", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{line}: error: not rewritten: the printed text would drop {what} ({counts} in "
                          "all; only the comments before the module are kept) (column ")
    assert path.read_text() == original
    assert main(["fmt", str(path)]) == 0  # printing is safe: the file stays
    assert capsys.readouterr().out == LICENSED


UNRANKED = """module @m {
  func.func @f(%x: tensor<*xf32>, %y: tensor<2x3xf32>) -> tensor<*xf32> {
    %n = stablehlo.negate %x : tensor<*xf32>
    %a = stablehlo.add %y, %y : tensor<2x3xf32>
    return %n : tensor<*xf32>
  }
}
"""


def test_check_split_input_file_checks_each_part_at_the_files_lines(tmp_path, capsys):
    path = tmp_path / "parts.mlir"
    path.write_text(SPLIT)
    assert main(["check", "--split-input-file", str(path)]) == 1
    captured = capsys.readouterr()
    # MLIR cuts at every `// -----`, even one inside a comment
    assert captured.out == (f"{path}:1: OK: @a: 0 arguments, 1 ops, 1 results\n"
                            f"{path}:13: OK: @c: 1 arguments, 0 ops, 1 results\n")
    assert captured.err == f"{path}:9: error: op 'stablehlo.frobnicate' is not supported by vitir (column 8)\n"
    assert main(["check", str(path)]) == 1  # as one module: the marker is a comment, @b still fails


def test_check_a_part_that_starts_with_no_token_is_refused_at_its_line(tmp_path, capsys):
    """A marker inside a comment leaves the comment's rest as the next part's text (as MLIR does): its
    first character is no token, which is refused at its line, not a traceback."""
    path = tmp_path / "parts.mlir"
    path.write_text("func.func @f() {\n  return\n}\n// a `// -----` in a comment\n")
    assert main(["check", "--split-input-file", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:4: error: Unexpected character: ` (column 1)\n"


def test_fmt_split_input_file_prints_the_parts_between_markers(tmp_path, capsys):
    path = tmp_path / "parts.mlir"
    path.write_text(SPLIT.replace("stablehlo.frobnicate", "stablehlo.add"))
    assert main(["fmt", "--split-input-file", "-i", str(path)]) == 0
    parts = path.read_text().split("\n// -----\n\n")
    assert len(parts) == 3 and all(p.startswith("module {\n  func.func @") for p in parts)
    assert "%1 = stablehlo.add %x, %x : tensor<f32>" in parts[1]
    assert main(["fmt", "--split-input-file", str(path)]) == 0
    assert capsys.readouterr().out == path.read_text()  # a fixed point


def test_fmt_of_a_missing_file_is_a_plain_error(tmp_path, capsys):
    assert main(["fmt", "--split-input-file", str(tmp_path / "nope.mlir")]) == 1
    assert "nope.mlir: error: cannot read" in capsys.readouterr().err


def test_fmt_prints_what_mlir_holds_and_the_ast_lacks(tmp_path, capsys):
    path = tmp_path / "unranked.mlir"
    path.write_text(UNRANKED.replace("%a = ", "%a   = "))
    assert main(["fmt", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out == UNRANKED
    assert out.err == f"{path}:3: note: not shape-checked: stablehlo.negate: type tensor<*xf32> is not supported by vitir\n"
    assert main(["fmt", "--ast", str(path)]) == 1  # the AST itself cannot hold it
    assert main(["check", str(path)]) == 1
    capsys.readouterr()
    path.write_text(UNRANKED.replace("stablehlo.add %y, %y : tensor<2x3xf32>",  # what the rules can check still is
                                    "stablehlo.transpose %y, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>"))
    assert main(["fmt", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}:4: error: stablehlo.transpose: result type tensor<3x2xf32> "
                                              "differs from the inferred tensor<2x3xf32>")
