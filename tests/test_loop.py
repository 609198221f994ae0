"""The training loop's own pieces: the learning-rate schedules, the time
estimate it logs after its first steps, the ETA of its progress line, and the
2-D denoiser run through it with the same batches and losses as its recipe."""

from __future__ import annotations

import io

import numpy as np
import pytest

from vitir.backend.distributed import ProcessGroup
from vitir.errors import ConfigError
from vitir.train.loop import LoopConfig
from vitir.train.progress import Progress, format_duration


def test_schedules_warm_up_then_decay_or_hold():
    cosine = LoopConfig(epochs=2, steps_per_epoch=50, lr=1e-2, warmup_steps=10)
    assert cosine.lr_at(5) == pytest.approx(5e-3) and cosine.lr_at(10) == pytest.approx(1e-2)
    assert cosine.lr_at(55) == pytest.approx(5e-3) and cosine.lr_at(100) == pytest.approx(0.0, abs=1e-12)
    constant = LoopConfig(epochs=1, steps_per_epoch=100, lr=1e-3, decay="constant")
    assert {constant.lr_at(t) for t in (1, 50, 100)} == {1e-3}
    with pytest.raises(ConfigError, match="unknown learning-rate decay 'linear'"):
        LoopConfig(epochs=1, steps_per_epoch=1, lr=1e-3, decay="linear")
    with pytest.raises(ConfigError, match="EMA decay must be in"):
        LoopConfig(epochs=1, steps_per_epoch=1, lr=1e-3, ema=1.0)


def test_durations_read_as_people_write_them():
    assert [format_duration(s) for s in (4.2, 59.6, 185, 3600 + 125)] == ["4 s", "60 s", "3m05s", "1h02m"]


def test_progress_gives_an_eta_from_the_rate_since_it_started(monkeypatch):
    clock = iter([100.0, 110.0])  # the bar's start, then the update
    monkeypatch.setattr("vitir.train.progress.time.monotonic", lambda: next(clock))
    stream = io.StringIO()
    bar = Progress(100, "train", stream=stream)
    bar.done = bar.start_done = 20  # a resumed run: 20 steps were done before
    bar.update(40, loss="0.5")  # 20 steps in 10 s, 60 to go: 30 s
    line = stream.getvalue()
    assert "40/100" in line and "10 s elapsed, eta 30 s" in line and "loss 0.5" in line


def test_the_2d_run_logs_its_time_estimate_and_reads_the_loss_every_n_steps(capsys):
    from vitir.diffusion import sample_target
    from vitir.diffusion.train2d import train_denoiser

    pool = sample_target("eight_gaussians", 1024, 0)
    result = train_denoiser(pool, 120, objective="eps", batch=64, loss_every=50, progress=True)
    err = capsys.readouterr().err
    assert "estimated training time:" in err and "ms a step x" in err and "steps/s" in err
    # read at step 1 and the probe's last step (timing), every 50 steps, and at the end
    assert [s for s, _ in result.losses] == [1, 4, 50, 100, 120]
    assert all(np.isfinite(loss) for _, loss in result.losses)


@pytest.mark.parametrize("backend, replicas, message", [
    ("xla", 1, "unknown backend 'xla'; choose pjrt, iree"),
    ("iree:tpu", 1, "IREE has no platform 'tpu' in vitir"),
    ("iree", 2, "the IREE backend runs one replica, not 2: IREE's CPU drivers have no collectives"),
])
def test_the_loop_refuses_a_backend_it_cannot_run_before_writing_anything(backend, replicas, message, tmp_path):
    from vitir.diffusion import sample_target
    from vitir.diffusion.train2d import Denoiser2DTask
    from vitir.train.loop import TrainingLoop

    with pytest.raises(ConfigError) as error:
        LoopConfig(epochs=1, steps_per_epoch=1, lr=1e-3, replicas=replicas, backend=backend)
    assert str(error.value).startswith(message)
    # replicas spread over processes: the loop checks the total before the run directory exists
    task = Denoiser2DTask(sample_target("eight_gaussians", 64, 0), "eps", 8, 0)
    two_processes = ProcessGroup(num_processes=2, process_id=0)
    loop = TrainingLoop(task, LoopConfig(epochs=1, steps_per_epoch=1, lr=1e-3, backend="iree"), tmp_path / "run",
                        group=two_processes)
    with pytest.raises(ConfigError, match="the IREE backend runs one replica, not 2"):
        loop.run()
    assert not (tmp_path / "run").exists()
