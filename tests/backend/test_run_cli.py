import argparse
import subprocess
import sys

import jax
import numpy as np
import pytest

from tests.backend.modules import MATMUL, TWO_FUNCTIONS
from vitir.backend.run_cli import add_run_parser, run_command

RNG = np.random.default_rng(2)
X = RNG.standard_normal((2, 3)).astype(np.float32)
W = RNG.standard_normal((3, 4)).astype(np.float32)


@pytest.fixture
def module(tmp_path):
    path = tmp_path / "matmul.mlir"
    path.write_text(MATMUL)
    return path


def run(module, tmp_path, *extra, **inputs):
    np.savez(tmp_path / "in.npz", **inputs)
    return run_command([str(module), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz"), *extra])


def test_run_writes_outputs_in_return_order(module, tmp_path, capsys):
    assert run(module, tmp_path, x=X, w=W) == 0
    with np.load(tmp_path / "out.npz") as out:
        assert out.files == ["out0"]
        np.testing.assert_allclose(out["out0"], X @ W, rtol=1e-6)
    assert capsys.readouterr().out == "out0: shape (2, 4) float32\n"


@pytest.mark.parametrize(
    "inputs, message",
    [
        ({"x": X}, "vitir run: error: inputs lack 'w' (@f takes x, w)\n"),
        ({"x": X, "w": W, "z": X}, "vitir run: error: inputs have 'z', which @f does not take (it takes x, w)\n"),
        (
            {"x": X, "w": W.T},
            "vitir run: error: argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (4, 3) float32\n",
        ),
    ],
)
def test_bad_inputs_are_named_on_one_line(module, tmp_path, capsys, inputs, message):
    assert run(module, tmp_path, **inputs) == 1
    assert capsys.readouterr().err == message
    assert not (tmp_path / "out.npz").exists()


def test_compile_errors_fit_on_one_line(tmp_path, capsys):
    module = tmp_path / "broken.mlir"
    module.write_text(MATMUL.replace("stablehlo.dot_general", "stablehlo.no_such_op"))
    assert run(module, tmp_path, x=X, w=W) == 1
    err = capsys.readouterr().err
    assert err.startswith("vitir run: error: XLA could not compile @f: ") and err.count("\n") == 1
    assert "stablehlo.no_such_op" in err


def test_function_option_and_subparser_hook(tmp_path, capsys):
    module = tmp_path / "two.mlir"
    module.write_text(TWO_FUNCTIONS)
    parser = argparse.ArgumentParser(prog="vitir")
    add_run_parser(parser.add_subparsers(dest="command"))
    x = np.array([1, -2], np.float32)
    np.savez(tmp_path / "in.npz", x=x)
    common = [str(module), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz")]
    args = parser.parse_args(["run", *common])
    assert args.func(args) == 1
    assert capsys.readouterr().err == (
        "vitir run: error: the module has 2 functions (@double, @main); name the one to run\n"
    )
    args = parser.parse_args(["run", *common, "--function", "double"])
    assert args.func(args) == 0
    with np.load(tmp_path / "out.npz") as out:
        np.testing.assert_array_equal(out["out0"], 2 * x)


def test_module_entry_point_with_jax_lowered_text(tmp_path):
    def f(a, b):
        return a @ b, (a * a).sum()

    (tmp_path / "jax.mlir").write_text(jax.jit(f).lower(X, W).as_text())
    np.savez(tmp_path / "in.npz", arg0=X, arg1=W)
    module, out = str(tmp_path / "jax.mlir"), str(tmp_path / "out.npz")
    command = [sys.executable, "-m", "vitir.backend.run_cli", module, "--out", out]
    done = subprocess.run([*command, "--inputs", str(tmp_path / "in.npz")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with np.load(tmp_path / "out.npz") as out:
        assert out.files == ["out0", "out1"]
        np.testing.assert_allclose(out["out0"], X @ W, rtol=1e-6)
        np.testing.assert_allclose(out["out1"], (X * X).sum(), rtol=1e-6)
    np.savez(tmp_path / "in.npz", arg0=X)
    done = subprocess.run([*command, "--inputs", str(tmp_path / "in.npz")], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr == "vitir run: error: inputs lack 'arg1' (@main takes arg0, arg1)\n"


@pytest.mark.parametrize("make, problem", [
    (lambda p: p.write_bytes(p.read_bytes()[:40]), "not a whole .npz file (truncated, or not written by numpy.savez)"),
    (lambda p: p.write_bytes(b""), "is empty; an .npz holds one array per name (numpy.savez)"),
    (lambda p: np.save(p.with_suffix(".npy"), X) or p.with_suffix(".npy").rename(p),
     "is an .npy file (one array); give an .npz with one array per name (numpy.savez)"),
])
def test_a_bad_inputs_file_is_named_with_its_problem(module, tmp_path, capsys, make, problem):
    inputs = tmp_path / "in.npz"
    np.savez(inputs, x=X, w=W)
    make(inputs)
    assert run_command([str(module), "--inputs", str(inputs), "--out", str(tmp_path / "out.npz")]) == 1
    assert capsys.readouterr().err == f"vitir run: error: {inputs}: {problem}\n"


def test_outputs_into_a_missing_folder_are_refused_by_name(module, tmp_path, capsys):
    np.savez(tmp_path / "in.npz", x=X, w=W)
    out = tmp_path / "no" / "out.npz"
    assert run_command([str(module), "--inputs", str(tmp_path / "in.npz"), "--out", str(out)]) == 1
    assert capsys.readouterr().err == f"vitir run: error: {out}: cannot write: its folder {out.parent} does not exist\n"
