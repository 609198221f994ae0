"""Data parallel across processes, on loopback: two processes train to the same
bits as one process with two devices (and to within rounding of one device
with the whole batch); `vitir launch` runs, resumes and stops groups; a dead,
hung, missing or mismatched peer ends the others with an error in bounded time.

Each group runs in subprocesses: jax.distributed forms one group per process.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tests.distributed_run import STEPS, TINY, digits_for
from vitir.backend.distributed import EXIT_GROUP_FAILED, ProcessGroup, process_group
from vitir.cli.launch import free_port
from vitir.data import load_dataset
from vitir.errors import ConfigError
from vitir.lower import param_specs
from vitir.train.checkpoint import load_checkpoint
from vitir.train.trainer import Trainer, TrainConfig

ROOT = Path(__file__).resolve().parents[1]
TINY_FLAGS = ["--width", "16", "--heads", "2", "--depth", "1", "--mlp", "32", "--batch", "16"]
PARAM_NAMES = [n for n, _ in param_specs(TrainConfig(**TINY).model((1, 8, 8), 10, 16))]


@pytest.fixture(scope="module")
def child_env(tmp_path_factory):
    # One compile cache for every child: the 2-process step is compiled once per process.
    return {**os.environ, "VITIR_COMPILE_CACHE": str(tmp_path_factory.mktemp("xla-cache")),
            "PYTHONUNBUFFERED": "1"}


def start(args: list[str], log: Path, env: dict) -> subprocess.Popen:
    with open(log, "wb") as f:
        return subprocess.Popen([sys.executable, "-m", *args], cwd=ROOT, env=env, stdout=f,
                                stderr=subprocess.STDOUT)


def train_processes(tmp_path: Path, env: dict, counts: list[int], extra: list[str]) -> list[subprocess.Popen]:
    """`vitir train` as process i of counts[i] (one coordinator), logging to tmp_path/p{i}.log."""
    coordinator = f"127.0.0.1:{free_port()}"
    return [start(["vitir", "train", "--processes", str(n), "--process-id", str(i), "--coordinator", coordinator,
                   *extra], tmp_path / f"p{i}.log", env) for i, n in enumerate(counts)]


def wait_all(procs, timeout: float) -> list[int]:
    """Exit codes; any process still running after `timeout` is killed (code None)."""
    end = time.monotonic() + timeout
    codes = []
    for p in procs:
        try:
            codes.append(p.wait(timeout=max(0.1, end - time.monotonic())))
        except subprocess.TimeoutExpired:
            codes.append(None)
    stop_all(procs)
    return codes


def stop_all(procs) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()  # also ends a stopped process
            p.wait()


def assert_params_match(a, b, bk_tolerance: float, tolerance: float) -> None:
    for name, p, q in zip(PARAM_NAMES, a.params, b.params):
        # bk_* has an exactly-zero true gradient: Adam turns its rounding noise into lr-sized steps.
        bound = bk_tolerance if name.startswith("bk_") else tolerance
        assert np.abs(p - q).max() <= bound, name


# -- settings and the launcher (no jax group) -----------------------------------

def test_settings_come_from_flags_then_vitir_then_jax_variables(monkeypatch):
    for name in ("VITIR_COORDINATOR", "VITIR_NUM_PROCESSES", "VITIR_PROCESS_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("JAX_COORDINATOR_ADDRESS", "head:1234")
    monkeypatch.setenv("JAX_NUM_PROCESSES", "4")
    monkeypatch.setenv("JAX_PROCESS_ID", "3")
    assert process_group() == ProcessGroup(4, 3, "head:1234")
    monkeypatch.setenv("VITIR_NUM_PROCESSES", "2")
    monkeypatch.setenv("VITIR_PROCESS_ID", "1")
    assert process_group(coordinator="10.0.0.1:99") == ProcessGroup(2, 1, "10.0.0.1:99")
    assert process_group(num_processes=1) == ProcessGroup()
    with pytest.raises(ConfigError, match="process id 5 is out of range for 2 processes"):
        process_group(process_id=5)
    monkeypatch.setenv("VITIR_NUM_PROCESSES", "two")
    with pytest.raises(ConfigError, match="VITIR_NUM_PROCESSES='two'"):
        process_group()


def test_settings_name_what_is_missing(monkeypatch):
    for name in ("VITIR_COORDINATOR", "JAX_COORDINATOR_ADDRESS", "VITIR_PROCESS_ID", "JAX_PROCESS_ID"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ConfigError, match="need this process's id"):
        process_group(num_processes=2)
    with pytest.raises(ConfigError, match="need the coordinator's HOST:PORT"):
        process_group(num_processes=2, process_id=0)
    with pytest.raises(ConfigError, match="expected HOST:PORT"):
        process_group("localhost", 2, 0)


def test_launch_prefixes_output_and_stops_the_others_when_one_fails():
    child = ("import os, sys, time; i = int(os.environ['VITIR_PROCESS_ID']); "
             "print('up', i, os.environ['VITIR_NUM_PROCESSES'], flush=True); "
             "(time.sleep(3), sys.exit(3)) if i == 1 else time.sleep(60)")  # p1 fails once p0 is up
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "vitir", "launch", "-n", "2", "--", sys.executable, "-c", child],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert time.monotonic() - t0 < 15  # process 0 was stopped, not waited for
    assert sorted(done.stdout.splitlines()) == ["[p0] up 0 2", "[p1] up 1 2"]
    assert "process 1 exited with status 3; stopping the others" in done.stderr


# -- groups of processes ----------------------------------------------------------

# Two processes of one replica each are the mesh data=2 over both; with a mesh, each holds half its devices.
GROUPS = {"data": ([], dict(replicas=2)), "data+model": (["--mesh", "data=2,model=2"], dict(mesh="data=2,model=2"))}


@pytest.mark.slow
@pytest.mark.parametrize("layout", GROUPS)
def test_two_processes_match_one_process_with_their_devices(tmp_path, child_env, layout):
    flags, one_process = GROUPS[layout]
    coordinator = f"127.0.0.1:{free_port()}"
    procs = [start(["tests.distributed_run", str(tmp_path / "two"), "--processes", "2", "--process-id", str(i),
                    "--coordinator", coordinator, *flags], tmp_path / f"p{i}.log", child_env) for i in range(2)]
    assert wait_all(procs, 120) == [0, 0], (tmp_path / "p0.log").read_text()[-2000:]
    assert "sdy.mesh @mesh" in (tmp_path / "two" / "train_step.mlir").read_text()  # one partitioned program
    data = digits_for(STEPS, 32)
    for name, kw in (("devices", one_process), ("batch", dict(batch=32))):
        Trainer(TrainConfig(**{**TINY, **kw}), tmp_path / name, dataset=data, log=lambda m: None).train()
    two, devices, batch = (load_checkpoint(tmp_path / n) for n in ("two", "devices", "batch"))
    assert two.step == devices.step == batch.step == STEPS
    for group in ("params", "m", "v"):
        for a, b in zip(getattr(two, group), getattr(devices, group)):
            assert np.array_equal(a, b), group
    assert_params_match(two, batch, bk_tolerance=1e-3, tolerance=1e-6)
    assert not (tmp_path / "two" / "checkpoint.npz.tmp").exists()


# Each process holds the rows of its one device; reading the result gathers the other's.
HALVES = '''
import numpy as np
from vitir.backend import compile_module, to_host
from vitir.backend.distributed import initialize_distributed
initialize_distributed(timeout_s=60)
text = """module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2]>
  func.func @main(%x: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})
      -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %y = stablehlo.add %x, %x : tensor<4x3xf32>
    return %y : tensor<4x3xf32>
  }
}"""
x = np.arange(12, dtype=np.float32).reshape(4, 3)
(y,) = compile_module(text).execute_device([x])
(mine,) = [np.asarray(shard.data) for shard in y.addressable_shards]
print(mine.ravel().tolist(), np.array_equal(to_host(y), 2 * x), flush=True)
'''


@pytest.mark.slow
def test_a_partitioned_result_split_over_processes_is_read_whole_in_each(child_env):
    done = subprocess.run([sys.executable, "-m", "vitir", "launch", "-n", "2", "--", sys.executable, "-c", HALVES],
                          cwd=ROOT, env=child_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = sorted(line for line in done.stdout.splitlines() if line.startswith("[p") and "[Gloo]" not in line)
    assert lines == ["[p0] [0.0, 2.0, 4.0, 6.0, 8.0, 10.0] True", "[p1] [12.0, 14.0, 16.0, 18.0, 20.0, 22.0] True"]


@pytest.mark.slow
def test_launch_trains_and_resumes_like_one_process(tmp_path, child_env):
    run_dir = tmp_path / "run"

    def launch(*train_args):
        return subprocess.run([sys.executable, "-m", "vitir", "launch", "-n", "2", "--", "vitir", "train",
                               *train_args], cwd=ROOT, env=child_env, capture_output=True, text=True, timeout=180)

    first = launch("--out", str(run_dir), "--epochs", "1", *TINY_FLAGS)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "[p0] test accuracy" in first.stdout and "[p1] test accuracy" in first.stdout
    assert "(process 1 of 2)" in first.stderr
    resumed = launch("--resume", str(run_dir), "--epochs", "2")
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert "[p1] resuming" in resumed.stderr
    alone = subprocess.run([sys.executable, "-m", "vitir", "train", "--resume", str(run_dir), "--epochs", "3"],
                           cwd=ROOT, env=child_env, capture_output=True, text=True, timeout=60)
    assert alone.returncode == 2 and "this run trains on 2 processes but 1 joined" in alone.stderr
    result = json.loads((run_dir / "result.json").read_text())
    assert result["config"]["processes"] == 2 and result["global_batch"] == 32
    assert sorted(p.name for p in run_dir.iterdir()) == [
        "checkpoint.npz", "curves.png", "metrics.jsonl", "result.json", "train_step.mlir"]

    cfg = TrainConfig(width=16, heads=2, depth=1, mlp=32, batch=16, replicas=2, epochs=2)
    Trainer(cfg, tmp_path / "one", dataset=load_dataset("digits"), log=lambda m: None).train()
    two, one = load_checkpoint(run_dir), load_checkpoint(tmp_path / "one")
    assert two.step == one.step == result["steps"]
    assert all(np.array_equal(a, b) for a, b in zip(two.params, one.params))
    assert two.rng_state == one.rng_state


@pytest.mark.slow
@pytest.mark.parametrize("victim, how", [(0, signal.SIGKILL), (1, signal.SIGSTOP)], ids=["killed", "hung"])
def test_a_dead_or_hung_peer_ends_the_other_process_within_the_timeout(tmp_path, child_env, victim, how):
    timeout = 3
    procs = train_processes(tmp_path, child_env, [2, 2], ["--out", str(tmp_path / "run"), "--epochs", "100",
                                                          "--timeout", str(timeout), *TINY_FLAGS])
    survivor = 1 - victim
    log = tmp_path / f"p{survivor}.log"
    try:
        end = time.monotonic() + 90
        while "train [" not in log.read_text(errors="replace"):  # the first step ran in both
            assert procs[survivor].poll() is None and time.monotonic() < end, log.read_text()[-2000:]
            time.sleep(0.1)
        procs[victim].send_signal(how)
        t0 = time.monotonic()
        code = procs[survivor].wait(timeout=timeout + 30)
        elapsed = time.monotonic() - t0
    finally:
        stop_all(procs)
    text = log.read_text(errors="replace")
    assert code == EXIT_GROUP_FAILED, text[-2000:]
    assert elapsed <= timeout + 5
    expected = "a peer process probably exited" if how == signal.SIGKILL else f"made no progress for {timeout} s"
    assert expected in text


@pytest.mark.slow
def test_an_unreachable_coordinator_is_an_error_within_the_timeout(tmp_path, child_env):
    t0 = time.monotonic()
    proc = start(["vitir", "train", "--processes", "2", "--process-id", "1", "--coordinator",
                  f"127.0.0.1:{free_port()}", "--timeout", "3"], tmp_path / "p1.log", child_env)
    assert wait_all([proc], 60) == [EXIT_GROUP_FAILED]
    assert time.monotonic() - t0 < 3 + 15  # the timeout plus starting Python and jax
    assert "no coordinator answered at 127.0.0.1:" in (tmp_path / "p1.log").read_text()


@pytest.mark.slow
def test_processes_that_disagree_on_the_count_both_stop(tmp_path, child_env):
    procs = train_processes(tmp_path, child_env, [2, 3], ["--timeout", "10"])
    assert wait_all(procs, 60) == [EXIT_GROUP_FAILED] * 2
    for i in range(2):
        assert "disagree on the process count" in (tmp_path / f"p{i}.log").read_text()
