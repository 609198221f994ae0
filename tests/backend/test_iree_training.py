"""The training loops on IREE (`--backend iree`) against the same runs on PJRT:
the classifier reaches the same digits accuracy, the 2-D and image denoisers
the same losses and energy distances. Small models and few steps: every
number is compared with PJRT's run, not with a fixed target."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("iree.compiler", reason="the IREE backend needs pip install 'vitir[iree]'")

from vitir.cli import main  # noqa: E402
from vitir.lower import param_specs  # noqa: E402
from vitir.train.checkpoint import load_checkpoint  # noqa: E402
from vitir.train.trainer import TrainConfig  # noqa: E402

BACKENDS = ("pjrt", "iree")
TRAIN_FLAGS = ["--epochs", "2", "--patch", "4", "--width", "16", "--heads", "2", "--depth", "1", "--mlp", "32",
               "--batch", "32", "--lr", "5e-3"]
TEST_IMAGES = 360  # the digits' fixed test split


def _main(capsys, *argv) -> str:
    rc = main(list(argv))
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    return captured.out


@pytest.fixture(scope="module")
def classifier_runs(tmp_path_factory):
    """`vitir train` on the digits with each backend."""
    runs = {}
    for backend in BACKENDS:
        runs[backend] = tmp_path_factory.mktemp(f"train-{backend}")
        assert main(["train", "--backend", backend, "--out", str(runs[backend]), *TRAIN_FLAGS]) == 0
    return runs


def test_train_reaches_the_same_digits_accuracy_as_pjrt(classifier_runs):
    results = {b: json.loads((run / "result.json").read_text()) for b, run in classifier_runs.items()}
    assert [results[b]["backend"] for b in BACKENDS] == list(BACKENDS)
    accuracy = {b: results[b]["test_accuracy"] for b in BACKENDS}
    assert accuracy["pjrt"] > 0.3  # well above chance (0.1): the comparison means something
    assert abs(accuracy["iree"] - accuracy["pjrt"]) <= 1 / TEST_IMAGES + 1e-9, accuracy
    pjrt, iree = (load_checkpoint(classifier_runs[b]) for b in BACKENDS)
    names = [n for n, _ in param_specs(TrainConfig(patch=4, width=16, heads=2, depth=1, mlp=32).model((1, 8, 8), 10, 32))]
    for name, p, q in zip(names, pjrt.params, iree.params):
        if not name.startswith("bk_"):  # the key bias: Adam's steps on rounding noise (see tests/test_train.py)
            assert np.abs(p - q).max() <= 1e-3 * np.abs(p).max(), name


def test_2d_diffusion_gives_the_same_losses_and_distances(tmp_path, capsys):
    results = {}
    for backend in BACKENDS:
        out = tmp_path / backend
        _main(capsys, "diffuse", "--backend", backend, "--steps", "60", "--batch", "64", "--samples", "64",
              "--nfe", "2,5", "--out", str(out))
        results[backend] = json.loads((out / "result.json").read_text())
    pjrt, iree = results["pjrt"], results["iree"]
    assert (pjrt["backend"], iree["backend"]) == BACKENDS
    assert iree["final_loss"] == pytest.approx(pjrt["final_loss"], rel=1e-5)
    assert [r["ed"] for r in iree["rows"]] == pytest.approx([r["ed"] for r in pjrt["rows"]], rel=1e-5)


def test_image_diffusion_with_ema_gives_the_same_losses_and_distances(tmp_path, capsys, classifier_runs):
    results = {}
    for backend in BACKENDS:
        out = tmp_path / backend
        _main(capsys, "diffuse", "--backend", backend, "--data", "digits", "--patch", "4", "--width", "16",
              "--depth", "1", "--heads", "2", "--mlp", "32", "--batch", "64", "--n-freq", "2", "--epochs", "1",
              "--ema", "0.9", "--sampler", "ddim", "--nfe", "2", "--samples", "24",
              "--classifier", str(classifier_runs[backend]), "--out", str(out))
        results[backend] = json.loads((out / "result.json").read_text())
    pjrt, iree = results["pjrt"], results["iree"]
    assert iree["final_loss"] == pytest.approx(pjrt["final_loss"], rel=1e-5)
    # the samples pass through each backend's own classifier, trained apart
    assert [r["ed"] for r in iree["rows"]] == pytest.approx([r["ed"] for r in pjrt["rows"]], rel=1e-3)
    assert json.loads((tmp_path / "iree" / "train.json").read_text())["backend"] == "iree"


@pytest.mark.parametrize("argv, message", [
    (["train", "--backend", "iree", "--replicas", "2", "--epochs", "1"],
     "vitir train: error: the IREE backend runs one replica, not 2: IREE's CPU drivers have no collectives"),
    (["train", "--backend", "iree", "--processes", "2", "--process-id", "0", "--coordinator", "localhost:1"],
     "vitir train: error: the IREE backend runs one replica, not 2: "),
    (["train", "--backend", "xla"], "vitir train: error: unknown backend 'xla'; choose pjrt, iree"),
    (["diffuse", "--backend", "iree:tpu", "--steps", "1"], "vitir diffuse: error: IREE has no platform 'tpu'"),
    (["diffuse", "--backend", "iree", "--data", "digits", "--replicas", "2", "--epochs", "1"],
     "vitir diffuse: error: the IREE backend runs one replica, not 2: "),
])
def test_backend_limits_are_one_line_before_anything_runs(argv, message, capsys, tmp_path):
    assert main([*argv, "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1, err
    assert not (tmp_path / "run").exists()
