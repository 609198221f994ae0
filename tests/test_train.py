"""vitir train: resume is bit-identical, checkpoints survive a crash mid-write,
a non-finite loss stops the run keeping the last good checkpoint, data-parallel
equals one device with the whole batch, and the CLI commands work."""

from __future__ import annotations

import json

import numpy as np
import pytest

import vitir.train.checkpoint as ckmod
import vitir.train.loop as loopmod
from vitir.cli import main
from vitir.data import load_dataset
from vitir.lower import param_specs
from vitir.train.checkpoint import load_checkpoint
from vitir.train.trainer import Trainer, TrainConfig, TrainingDiverged

TINY = dict(patch=4, width=16, heads=2, depth=1, mlp=32, batch=32, lr=5e-3, eval_batch=128)


@pytest.fixture(scope="module")
def digits():
    return load_dataset("digits")


def train(run_dir, digits, resume=False, **kw):
    cfg = TrainConfig(**{**TINY, **kw})
    return Trainer(cfg, run_dir, dataset=digits, log=lambda m: None).train(resume=resume)


def test_resume_is_bit_identical(tmp_path, digits):
    train(tmp_path / "full", digits, epochs=3, augment=True)
    train(tmp_path / "split", digits, epochs=1, augment=True)
    # continue the stopped run to 3 epochs (only the epoch count may change)
    cfg = TrainConfig(**{**TINY, "epochs": 3, "augment": True})
    Trainer(cfg, tmp_path / "split", dataset=digits, log=lambda m: None).train(resume=True)
    full, split = load_checkpoint(tmp_path / "full"), load_checkpoint(tmp_path / "split")
    assert full.step == split.step == 3 * (len(digits.x_train) // 32)
    for group in ("params", "m", "v"):
        for a, b in zip(getattr(full, group), getattr(split, group)):
            assert np.array_equal(a, b)
    assert full.rng_state == split.rng_state
    steps = [json.loads(line)["step"] for line in (tmp_path / "split" / "metrics.jsonl").read_text().splitlines()
             if json.loads(line)["kind"] == "step"]
    assert steps == list(range(1, full.step + 1))  # no step logged twice or lost


def test_result_and_run_directory(tmp_path, digits):
    result = train(tmp_path, digits, epochs=2)
    saved = json.loads((tmp_path / "result.json").read_text())
    assert saved["steps"] == result["steps"] == 2 * (len(digits.x_train) // 32)
    assert 0.0 <= saved["test_accuracy"] <= 1.0 and saved["test_accuracy"] > 0.3  # far above chance (0.1)
    assert saved["train_seconds"] > 0 and saved["config"]["width"] == 16
    for name in ("checkpoint.npz", "metrics.jsonl", "curves.png", "train_step.mlir"):
        assert (tmp_path / name).is_file(), name
    assert (tmp_path / "curves.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_crash_while_writing_a_checkpoint_keeps_the_previous_one(tmp_path, digits, monkeypatch):
    train(tmp_path, digits, epochs=1)
    before = load_checkpoint(tmp_path)

    def dies_midway(f, **arrays):
        f.write(b"PK\x03\x04 partial")  # a torn zip, then the process "dies"
        raise KeyboardInterrupt

    monkeypatch.setattr(ckmod.np, "savez", dies_midway)
    with pytest.raises(KeyboardInterrupt):
        ckmod.save_checkpoint(tmp_path, before)
    after = load_checkpoint(tmp_path)
    assert after.step == before.step
    assert all(np.array_equal(a, b) for a, b in zip(after.params, before.params))


def test_non_finite_loss_stops_and_keeps_last_good_checkpoint(tmp_path, digits, monkeypatch):
    steps_per_epoch = len(digits.x_train) // 32
    real = loopmod.learning_rate
    monkeypatch.setattr(loopmod, "learning_rate",
                        lambda t, *a: float("nan") if t > steps_per_epoch + 2 else real(t, *a))
    with pytest.raises(TrainingDiverged) as e:
        train(tmp_path, digits, epochs=3)
    assert f"at step {steps_per_epoch + 4}" in str(e.value)  # nan lr at t makes params nan; loss shows it at t+1
    assert f"last good checkpoint (step {steps_per_epoch})" in str(e.value)
    ck = load_checkpoint(tmp_path)
    assert ck.step == steps_per_epoch and all(np.isfinite(p).all() for p in ck.params)


def test_two_replicas_equal_one_device_with_twice_the_batch(tmp_path, digits):
    one = train(tmp_path / "one", digits, epochs=1, batch=64, replicas=1)
    two = train(tmp_path / "two", digits, epochs=1, batch=32, replicas=2)
    assert one["steps"] == two["steps"]
    a, b = load_checkpoint(tmp_path / "one"), load_checkpoint(tmp_path / "two")
    names = [n for n, _ in param_specs(TrainConfig(**TINY).model((1, 8, 8), 10, 32))]
    for name, p, q in zip(names, a.params, b.params):
        if name.startswith("bk_"):
            # The key bias has an exactly-zero gradient (softmax ignores a per-row shift): Adam
            # turns its rounding noise into lr-sized steps in any implementation, so it can only
            # be held to an absolute bound.
            assert np.abs(p - q).max() <= 1e-3, name
        else:
            assert np.abs(p - q).max() <= 1e-5 * np.abs(p).max(), name


def test_cli_train_then_eval(tmp_path, capsys):
    args = ["train", "--out", str(tmp_path), "--epochs", "1", "--width", "16", "--heads", "2", "--depth", "1",
            "--mlp", "32", "--batch", "32"]
    assert main(args) == 0
    out = capsys.readouterr()
    assert "test accuracy" in out.out and "train [" in out.err
    assert main(["eval", str(tmp_path)]) == 0
    report = capsys.readouterr().out
    acc = json.loads((tmp_path / "result.json").read_text())["test_accuracy"]
    assert f"test accuracy {100 * acc:.2f}%" in report
    assert report.splitlines()[1].startswith("true\\pred")
    assert len(report.splitlines()) == 2 + 10  # header line, matrix header, one row per class


def test_cli_resume_refuses_a_changed_config(tmp_path, capsys):
    assert main(["train", "--out", str(tmp_path), "--epochs", "1", "--width", "16", "--heads", "2", "--depth", "1",
                 "--mlp", "32"]) == 0
    assert main(["train", "--resume", str(tmp_path), "--width", "32"]) == 2
    assert "these differ: --width 32 (the run's: 16) (only --epochs may change)" in capsys.readouterr().err


def test_bad_config_is_one_clear_line(capsys):
    assert main(["train", "--width", "10", "--heads", "3", "--epochs", "1"]) == 2
    assert capsys.readouterr().err.strip() == "vitir train: error: width 10 is not divisible by heads 3"
