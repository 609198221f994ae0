"""`vitir train --profile`: the train step under XLA's profiler, by layer path, in the run directory."""

from __future__ import annotations

import json

import pytest

from tests.test_cli_train import TINY
from vitir.cli import main


def test_train_profile_writes_the_table_beside_the_step(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["train", "--profile", "--profile-steps", "3", "--profile-depth", "2", "--out", str(run), *TINY]) == 0
    out = capsys.readouterr().out
    assert "time per step by layer path (depth 2)" in out and "step wall time" in out
    data = json.loads((run / "profile.json").read_text())
    assert data["steps"] == 3 and data["instructions"]
    # the groups partition the op time, which the calls' wall time bounds (loosely: a shared machine)
    assert sum(g["seconds"] for g in data["groups"]) == pytest.approx(data["op_seconds"], rel=1e-9)
    assert data["busy_seconds_per_step"] <= 1.05 * max(data["wall_seconds"])
    assert (run / "profile.png").read_bytes()[:4] == b"\x89PNG"
    assert "stablehlo." in (run / "train_step.mlir").read_text()
    assert not (run / "metrics.jsonl").exists()  # profiled, not trained


@pytest.mark.parametrize("extra, message", [
    (["--profile-steps", "0"], "--profile-steps must be at least 1, got 0"),
    (["--profile-depth", "0"], "--profile-depth must be at least 1, got 0"),
])
def test_bad_profile_counts_are_refused(tmp_path, capsys, extra, message):
    assert main(["train", "--profile", *extra, "--out", str(tmp_path / "run"), *TINY]) == 2
    assert capsys.readouterr().err == f"vitir train: error: {message}\n"


def test_with_locations_the_train_steps_time_is_read_by_layer_path(tmp_path, capsys):
    from vitir.lower import ViTConfig, adam_sched_module
    from vitir.print import print_module

    small = ViTConfig(batch=2, channels=1, image=4, patch=2, width=8, depth=1, heads=2, mlp=8, classes=3)
    try:
        print_module(adam_sched_module(small), debug_info=True)
    except TypeError:
        pytest.skip("vitir's printer has no locations here (print_module(..., debug_info=True))")
    run = tmp_path / "run"
    assert main(["train", "--profile", "--profile-steps", "2", "--out", str(run), *TINY]) == 0
    data = json.loads((run / "profile.json").read_text())
    assert data["located_share"] > 0.8
    assert any(g["path"].startswith("vit/") for g in data["groups"])  # the layer paths, loc("vit/b0/...")
    assert "loc(" in (run / "train_step.mlir").read_text()
