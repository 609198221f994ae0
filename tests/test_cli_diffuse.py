"""`vitir diffuse` end to end on tiny runs, and its one-line argument errors."""

from __future__ import annotations

import importlib
import json

import pytest

from vitir.cli import main

TINY = ["--steps", "60", "--batch", "64", "--samples", "64"]
ROW_KEYS = {"sampler", "eta", "nfe", "ed", "floor", "ratio"}


def _run(capsys, tmp_path, *argv):
    rc = main(["diffuse", *TINY, *argv, "--out", str(tmp_path)])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    return json.loads((tmp_path / "result.json").read_text()), captured


def test_ddpm_run_writes_every_sampler_eta_and_nfe(tmp_path, capsys):
    result, captured = _run(capsys, tmp_path, "--target", "8gaussians", "--sampler", "ddim,sde",
                            "--eta", "0,0.5", "--nfe", "2,5")
    rows = [(r["sampler"], r["eta"], r["nfe"]) for r in result["rows"]]
    assert rows == [("ddim", 0.0, 2), ("ddim", 0.0, 5), ("ddim", 0.5, 2), ("ddim", 0.5, 5),
                    ("sde", None, 2), ("sde", None, 5)]
    for row in result["rows"]:
        assert set(row) == ROW_KEYS
        assert row["ratio"] == pytest.approx(row["ed"] / row["floor"])
    assert result["target"] == "eight_gaussians" and result["method"] == "ddpm"
    assert result["train_seconds"] > 0
    assert (tmp_path / "samples.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "ED/floor" in captured.out and len(captured.out.splitlines()) == 2 + len(rows)
    assert "train ddpm [" in captured.err and "steps/s" in captured.err


def test_reflow_trains_twice_and_samples_with_flow_solvers(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("vitir.diffusion.train2d.REFLOW_PAIRS", 256)
    result, captured = _run(capsys, tmp_path, "--method", "reflow", "--sampler", "fm-euler,fm-heun", "--nfe", "2")
    assert [(r["sampler"], r["eta"], r["nfe"]) for r in result["rows"]] == [("fm-euler", None, 2),
                                                                          ("fm-heun", None, 2)]
    assert set(result["phase_seconds"]) == {"train", "pairs", "retrain"}
    assert "reflow [" in captured.err



def test_flow_ot_run_pairs_every_batch_by_assignment(tmp_path, capsys, monkeypatch):
    # The package exports a function of the same name, so fetch the module itself.
    step_inputs = importlib.import_module("vitir.diffusion.step_inputs")
    pairings = []

    def recording_pairing(x0, eps):
        sigma = real_pairing(x0, eps)
        pairings.append(sigma)
        return sigma

    real_pairing = step_inputs.ot_pairing
    monkeypatch.setattr(step_inputs, "ot_pairing", recording_pairing)
    result, captured = _run(capsys, tmp_path, "--method", "flow-ot", "--sampler", "fm-euler", "--nfe", "2")
    assert result["method"] == "flow-ot" and [r["nfe"] for r in result["rows"]] == [2]
    assert len(pairings) == 60 and all(sorted(s.tolist()) == list(range(64)) for s in pairings)
    assert any(s.tolist() != list(range(64)) for s in pairings)  # not the identity coupling
    assert "train flow-ot [" in captured.err

@pytest.mark.parametrize("argv, message", [
    (["--method", "ddim"], "unknown method 'ddim'"),
    (["--target", "circles"], "unknown target 'circles'"),
    (["--method", "flow", "--sampler", "ddim"], "sampler 'ddim' does not fit method flow"),
    (["--nfe", "2,x"], "--nfe takes comma-separated integers"),
    (["--nfe", "0"], "--nfe needs positive integers"),
    (["--steps", "0"], "--steps must be a positive integer"),
    (["--eta", "2"], "--eta needs values in [0, 1]"),
    (["--grid", "log"], "unknown time grid 'log'"),
    (["--data", "cifar10"], "unknown image data 'cifar10'"),
    (["--data", "digits", "--method", "reflow"], "unknown method 'reflow' for images"),
    (["--data", "digits", "--sampler", "fm-euler"], "sampler 'fm-euler' does not fit method ddpm"),
    (["--data", "digits", "--steps", "5"], "images train for --epochs, not --steps"),
    (["--data", "digits", "--target", "spiral"], "give --target (2-D) or --data (images), not both"),
    (["--data", "digits", "--ema", "1"], "--ema must be in [0, 1)"),
    (["--data", "digits", "--time-embed", "fourier"], "unknown time embedding 'fourier'"),
    (["--data", "digits", "--width", "x"], "--width takes an integer"),
    (["--ema", "0.9"], "--ema applies to images (with --data)"),
])
def test_bad_arguments_give_one_clear_line(argv, message, capsys, tmp_path):
    assert main(["diffuse", *argv, "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("vitir diffuse: error: ") and message in err, err
    assert not (tmp_path / "run").exists()


def one_line_error(capsys, argv) -> str:
    assert main(["diffuse", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


@pytest.mark.parametrize("argv, message", [
    (["--data", "digits", "--wd", "1e999"], "--wd: 1e999 overflows f32"),
    (["--data", "digits", "--wd", "-1"], "--wd: -1.0 is negative; weight decay shrinks the weights, at least 0"),
    (["--data", "mnist"], "--data mnist reads files: give --data-dir DIR"),
    (["--data", "digits", "--seed", "-1"], "--seed must be non-negative, got -1"),
    (["--seed", "-1"], "--seed must be non-negative, got -1"),
])
def test_bad_values_are_one_line_naming_the_flag(capsys, tmp_path, argv, message):
    assert one_line_error(capsys, [*argv, "--out", str(tmp_path / "run")]) == f"vitir diffuse: error: {message}"
    assert not (tmp_path / "run").exists()


def test_a_bad_classifier_is_refused_before_training(capsys, tmp_path):
    from vitir.train.checkpoint import Checkpoint, save_checkpoint

    out = ["--data", "digits", "--out", str(tmp_path / "run")]
    assert one_line_error(capsys, [*out, "--classifier", str(tmp_path / "none")]) == (
        f"vitir diffuse: error: --classifier {tmp_path / 'none'}: no such folder (give a `vitir train` run "
        "directory)")
    assert one_line_error(capsys, [*out, "--classifier", str(tmp_path)]) == (
        f"vitir diffuse: error: --classifier {tmp_path}: no checkpoint.npz there (give a `vitir train` run "
        "directory)")
    mnist = tmp_path / "mnist-classifier"
    mnist.mkdir()
    save_checkpoint(mnist, Checkpoint([], [], [], 1, 1, {}, {"kind": "classifier", "dataset": "mnist", "mean": 0.1,
                                                            "std": 0.3}))
    assert one_line_error(capsys, [*out, "--classifier", str(mnist)]) == (
        f"vitir diffuse: error: --classifier {mnist} was trained on mnist, not digits")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("data", [[], ["--data", "digits"]])
def test_an_existing_run_is_not_overwritten(capsys, tmp_path, data):
    (tmp_path / "result.json").write_text("{}")
    resume = f"--resume {tmp_path} to continue it or " if data else ""
    assert one_line_error(capsys, [*data, "--out", str(tmp_path)]) == (
        f"vitir diffuse: error: --out {tmp_path} already holds a run (result.json); pass {resume}--overwrite to "
        "replace it")
    assert (tmp_path / "result.json").read_text() == "{}"


def test_overwrite_replaces_a_2d_run(capsys, tmp_path):
    (tmp_path / "result.json").write_text("{}")
    result, _ = _run(capsys, tmp_path, "--nfe", "2", "--overwrite")
    assert [r["nfe"] for r in result["rows"]] == [2]
