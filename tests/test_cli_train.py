"""`vitir train` and `vitir eval` at the command line: hyperparameters as people type them become
f32 literals, every bad input is one line naming its flag or file, a run directory is never
overwritten unless asked, and --image-size resizes the data."""

from __future__ import annotations

import json

import numpy as np
import pytest

from vitir import __version__
from vitir.cli import main
from vitir.train.checkpoint import Checkpoint, save_checkpoint

TINY = ["--epochs", "1", "--width", "16", "--heads", "2", "--depth", "1", "--mlp", "16", "--batch", "64"]


def error_of(capsys, argv: list[str], code: int = 2) -> str:
    """The one line that `vitir ARGV` writes on stderr, checking its exit status."""
    try:
        status = main(argv)
    except SystemExit as e:  # argparse's own errors
        status = e.code
    assert status == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


@pytest.mark.parametrize("args,message", [
    (["--wd", "1e999"], "--wd: 1e999 overflows f32"),
    (["--eps", "1e-50"], "--eps: 1e-50 is too small for f32 (it rounds to 0.0)"),
    (["--beta1", "high"], "--beta1: 'high' is not a number (write a decimal such as 0.5, 1e-3 or -2.5e+3)"),
    (["--beta2", "1"], "--beta2: 1 makes 1 - beta2 zero: the moment would stay 0 and its bias correction "
                       "1 - beta2^t divide by zero; give a value in [0, 1)"),
    (["--beta1", "-0.1"], "--beta1: -0.1 is outside [0, 1), the decay of a moving average"),
    (["--eps", "0"], "--eps: 0.0 is not positive; an epsilon keeps a divisor above 0"),
    (["--seed", "-1"], "--seed must be a non-negative integer, got -1"),
    (["--lr", "0"], "--lr must be a positive number, got 0.0"),
    (["--epochs", "0"], "--epochs must be a positive integer, got 0"),
    (["--image-size", "0"], "--image-size must be a positive integer, got 0"),
    (["--image-size", "30"], "--image-size 30 is not divisible by --patch 4"),
    (["--dataset", "mnist"], "--dataset mnist reads files: give --data-dir DIR"),
    (["--lowering", "bogus"], "argument --lowering: invalid choice: 'bogus' (choose from 'reference', 'fast') "
                              "(see vitir train --help)"),
    (["--dataset", "svhn"], "argument --dataset: invalid choice: 'svhn' (choose from 'digits', 'mnist', "
                            "'cifar10', 'imagefolder') (see vitir train --help)"),
    (["--image-size", "big"], "argument --image-size: invalid int value: 'big' (see vitir train --help)"),
])
def test_bad_flags_are_one_line_naming_the_flag(capsys, tmp_path, args, message):
    assert error_of(capsys, ["train", *args, "--out", str(tmp_path / "run")]) == f"vitir train: error: {message}"
    assert not (tmp_path / "run").exists()  # refused before anything was written


@pytest.mark.parametrize("command,choices", [
    ("train", ["--dataset {digits,mnist,cifar10,imagefolder}", "--lowering {reference,fast}"]),
    ("diffuse", ["--data {digits,mnist}", "--method {ddpm,flow,flow-ot,reflow}", "--grid {uniform,logabar,logsnr}",
                 "--target {8gaussians,spiral,moons,checkerboard,mullerbrown}"]),
    ("run", []),
])
def test_help_lists_the_choices(capsys, command, choices):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    for flag in [*choices, "--backend {pjrt,iree,iree:cuda,iree:rocm}"]:
        assert f"  {flag}\n" in out, flag


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out == f"vitir {__version__}\n"


def test_a_file_or_an_existing_run_is_not_overwritten(capsys, tmp_path):
    (tmp_path / "file").write_text("mine")
    assert error_of(capsys, ["train", "--out", str(tmp_path / "file")]) == (
        f"vitir train: error: --out {tmp_path / 'file'}: is a file, not a folder")
    run = tmp_path / "run"
    run.mkdir()
    (run / "result.json").write_text("{}")
    (run / "metrics.jsonl").write_text("")
    assert error_of(capsys, ["train", "--out", str(run), *TINY]) == (
        f"vitir train: error: --out {run} already holds a run (result.json, metrics.jsonl); pass --resume {run} "
        "to continue it or --overwrite to replace it")
    assert (run / "result.json").read_text() == "{}"
    assert error_of(capsys, ["train", "--resume", str(run), "--overwrite"]) == (
        "vitir train: error: --overwrite starts a new run; --resume continues one")


def test_typed_numbers_train_then_overwrite_and_eval(capsys, tmp_path):
    run = tmp_path / "run"
    typed = ["--wd", "0", "--eps", "1e-8", "--beta1", ".5", "--beta2", "+0.5", "--image-size", "16"]
    assert main(["train", "--out", str(run), *typed, *TINY]) == 0
    config = json.loads((run / "result.json").read_text())["config"]
    assert {k: config[k] for k in ("wd", "eps", "beta1", "beta2", "image_size")} == {
        "wd": "0.0", "eps": "1.0e-8", "beta1": "0.5", "beta2": "0.5", "image_size": 16}
    step = (run / "train_step.mlir").read_text()
    assert "%wd = stablehlo.constant dense<0.0> : tensor<f32>" in step
    assert "tensor<64x256xf32>" in step  # the 8x8 digits resized to 16x16, flattened
    assert "test acc" not in capsys.readouterr().err  # one epoch: no progress line comes after an evaluation
    # the same typed numbers on resuming are the run's own
    assert main(["train", "--resume", str(run), "--wd", "0.0", "--beta1", "0.5"]) == 0
    capsys.readouterr()
    assert error_of(capsys, ["train", "--resume", str(run), "--wd", "1e-3"]) == (
        "vitir train: error: --resume keeps the run's config; these differ: --wd 1.0e-3 (the run's: 0.0) "
        "(only --epochs may change)")
    assert main(["train", "--out", str(run), "--overwrite", *TINY]) == 0
    assert json.loads((run / "result.json").read_text())["config"]["wd"] == "0.05"
    capsys.readouterr()
    assert main(["eval", str(run)]) == 0
    assert capsys.readouterr().out.startswith(f"{run}: step 22, test accuracy ")


@pytest.mark.parametrize("command", [["train", "--resume"], ["eval"], ["diffuse", "--resume"]])
def test_a_truncated_checkpoint_is_one_line_naming_it(capsys, tmp_path, command):
    save_checkpoint(tmp_path, Checkpoint([np.zeros(3, np.float32)], [], [], 1, 1, {}, {"kind": "classifier"}))
    whole = (tmp_path / "checkpoint.npz").read_bytes()
    (tmp_path / "checkpoint.npz").write_bytes(whole[:len(whole) // 2])
    assert error_of(capsys, [*command, str(tmp_path)]) == (
        f"vitir {command[0]}: error: {tmp_path / 'checkpoint.npz'}: not a whole .npz file (truncated, or not "
        "written by numpy.savez)")


def diffusion_run(run_dir):
    save_checkpoint(run_dir, Checkpoint([np.zeros(3, np.float32)], [np.zeros(3, np.float32)],
                                        [np.zeros(3, np.float32)], 1, 1, {}, {"kind": "image-diffusion"}))


def test_eval_or_train_on_a_diffusion_run_says_so(capsys, tmp_path):
    diffusion_run(tmp_path)
    assert error_of(capsys, ["eval", str(tmp_path)]) == (
        f"vitir eval: error: {tmp_path} is a diffusion run (vitir diffuse), not a classifier; its samples' "
        "scores are in its result.json")
    assert error_of(capsys, ["train", "--resume", str(tmp_path)]) == (
        f"vitir train: error: --resume {tmp_path} holds an image-diffusion run (vitir diffuse), not a classifier")
