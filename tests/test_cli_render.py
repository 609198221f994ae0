"""`vitir render`: the production config reproduces the golden file, options
change what they say, invalid combinations exit non-zero with one clear line,
and the render path loads neither jax nor numpy."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from tests.golden import REFERENCE_GOLDEN, REPO_ROOT
from tests.templates import vit_text as vt
from vitir.cli import main

GOLDEN_MD5 = "76aa9050edeac11026af7e6a3bcbcb9f"


def render(capsys, *args) -> str:
    assert main(["render", *args]) == 0
    return capsys.readouterr().out


def test_production_config_prints_the_golden(capsys, tmp_path):
    out = render(capsys, "adam-sched", "--preset", "vit-tiny", "--batch", "32")
    assert hashlib.md5(out.encode()).hexdigest() == GOLDEN_MD5
    if REFERENCE_GOLDEN.is_file():
        assert out == REFERENCE_GOLDEN.read_text()
    target = tmp_path / "step.mlir"
    assert main(["render", "adam-sched", "-o", str(target)]) == 0  # defaults are the golden's
    assert target.read_text() == out


def test_options_reach_the_text(capsys):
    out = render(capsys, "adam-dp", "--batch", "3", "--channels", "1", "--image", "12x8", "--patch", "4",
                 "--width", "12", "--depth", "2", "--heads", "3", "--mlp", "24", "--classes", "5", "--replicas", "4",
                 "--beta1", "0.95", "--beta2", "0.98", "--eps", "1.0e-6", "--wd", "0.05", "--label-smoothing", "0.2")
    cfg = vt.Cfg(b=3, ic=1, d=12, ph=3, pw=2, s=4, m=24, h=3, dh=4, nc=5, scale="0.5")
    assert out == vt.adam_dp_module(cfg, 2, "0.95", "0.05", "0.98", "0.02", "1.0e-6", "0.05", 0.2, 4)


def test_lr_is_baked_where_the_module_bakes_it(capsys):
    assert "dense<0.001> : tensor<192x3x16x16xf32>" in render(capsys, "sgd", "--depth", "1")  # documented default
    assert "%lr = stablehlo.constant dense<0.25>" in render(capsys, "adam-packed", "--depth", "1", "--lr", "0.25")


def test_numbers_as_typed_become_f32_literals(capsys):
    out = render(capsys, "adam-packed", "--depth", "1", "--wd", "0", "--eps", "1e-8", "--beta1", ".5",
                 "--beta2", "+0.5", "--lr", "1")
    for name, literal in (("wd", "0.0"), ("eps", "1.0e-8"), ("b1", "0.5"), ("ob1", "0.5"), ("b2", "0.5"),
                          ("lr", "1.0")):
        assert f"%{name} = stablehlo.constant dense<{literal}> : tensor<f32>" in out
    assert "dense<1.0e-3> : tensor<192x3x16x16xf32>" in render(capsys, "sgd", "--depth", "1", "--lr", "1e-3")


def test_fast_lowering_differs_only_where_documented(capsys):
    ref = render(capsys, "adam-sched", "--depth", "1", "--batch", "2")
    fast = render(capsys, "adam-sched", "--depth", "1", "--batch", "2", "--lowering", "fast")
    assert "stablehlo.convolution(%vitpext" not in fast and "%vitpedwf = stablehlo.dot_general" in fast
    assert ref.count("stablehlo.convolution") == 2 and fast.count("stablehlo.convolution") == 1


@pytest.mark.parametrize("args,message", [
    (["fwd", "--replicas", "2"], "--replicas applies only to adam-dp, not fwd"),
    (["adam-sched", "--lr", "0.1"],
     "--lr is baked only by sgd and adam-packed; adam-sched takes the learning rate at run time"),
    (["adam", "--beta1", "0.8"],
     "--beta1 does not apply to adam (adam takes the Adam hyperparameters as runtime arguments)"),
    (["sgd", "--label-smoothing", "0.1"], "--label-smoothing applies only to adam-sched and adam-dp, not sgd"),
    (["fwd", "--width", "190"], "width 190 is not divisible by heads 3"),
    (["fwd", "--image", "100"], "image 100x100 is not divisible by patch 16"),
    (["adam-dp", "--replicas", "0"], "replicas must be a positive integer, got 0"),
    (["adam-packed", "--beta1", "high"], "--beta1: 'high' is not a number (write a decimal such as 0.5, 1e-3 or "
                                         "-2.5e+3)"),
    (["adam-packed", "--wd", "1e999"], "--wd: 1e999 overflows f32"),
    (["adam-packed", "--eps", "1e-50"], "--eps: 1e-50 is too small for f32 (it rounds to 0.0)"),
    (["adam-packed", "--beta2", "1"], "--beta2: 1 makes 1 - beta2 zero: the moment would stay 0 and its bias "
                                      "correction 1 - beta2^t divide by zero; give a value in [0, 1)"),
    (["adam-packed", "--beta1", "1.5"], "--beta1: 1.5 is outside [0, 1), the decay of a moving average"),
    (["adam-packed", "--eps", "0"], "--eps: 0.0 is not positive; an epsilon keeps a divisor above 0"),
    (["adam-packed", "--wd", "-0.1"], "--wd: -0.1 is negative; weight decay shrinks the weights, at least 0"),
    (["fwd", "--ln-eps", "x"], "--ln-eps: 'x' is not a number (write a decimal such as 0.5, 1e-3 or -2.5e+3)"),
])
def test_invalid_combinations_exit_with_one_line(capsys, args, message):
    assert main(["render", *args]) == 2
    err = capsys.readouterr().err
    assert err == f"vitir render: error: {message}\n"


def test_render_command_loads_neither_jax_nor_numpy():
    code = ("import sys; from vitir.cli import main; main(['render', 'fwd', '--depth', '1', '-o', '/dev/null']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jax', 'jaxlib', 'numpy', 'xdsl')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_program_prints_what_main_prints_and_exits_with_its_code(capsys, tmp_path):
    """`python -m vitir` (the `vitir` script's command_line): the same text as main() in this
    process, though it freezes what is left before exiting; an error still exits 2."""
    out = tmp_path / "fwd.mlir"
    done = subprocess.run([sys.executable, "-m", "vitir", "render", "fwd", "--depth", "1", "-o", str(out)],
                          cwd=REPO_ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert main(["render", "fwd", "--depth", "1"]) == 0
    assert out.read_text() == capsys.readouterr().out
    bad = subprocess.run([sys.executable, "-m", "vitir", "render", "fwd", "--image", "100"], cwd=REPO_ROOT,
                         capture_output=True, text=True)
    assert (bad.returncode, bad.stderr) == (2, "vitir render: error: image 100x100 is not divisible by patch 16\n")


@pytest.mark.parametrize("target,problem", [
    ("missing/step.mlir", "{tmp}/missing/step.mlir: cannot write: its folder {tmp}/missing does not exist"),
    (".", "{tmp}: is a directory; give a file name"),
])
def test_output_errors_name_the_file(capsys, tmp_path, target, problem):
    path = tmp_path / target if target != "." else tmp_path
    assert main(["render", "fwd", "--depth", "1", "-o", str(path)]) == 2
    assert capsys.readouterr().err == f"vitir render: error: {problem.format(tmp=tmp_path)}\n"


def test_a_batch_beyond_int64_is_refused_by_name(capsys):
    assert main(["render", "fwd", "--depth", "1", "--batch", str(2 ** 70)]) == 2
    assert capsys.readouterr().err == (f"vitir render: error: batch {2 ** 70} is too large: a tensor dimension must "
                                       "fit MLIR's int64 (at most 9223372036854775807)\n")
