import jax
import numpy as np
import pytest

from tests.backend.modules import DATA_PARALLEL_STEP, SCALE
from vitir.backend import compile_module, to_host
from vitir.errors import ArgumentError, VitirError

RNG = np.random.default_rng(1)


@pytest.fixture(scope="module")
def step():
    return compile_module(DATA_PARALLEL_STEP, replicas=2, platform="cpu")


def test_all_reduce_mean_over_the_split_batch(step):
    x, w = RNG.standard_normal((4, 3)).astype(np.float32), RNG.standard_normal(3).astype(np.float32)
    replica0, replica1 = step.run_replicated([x, w], split={"x"})
    for wnew, mean, _ in (replica0, replica1):
        np.testing.assert_allclose(mean, x.mean(), rtol=1e-5)
        np.testing.assert_allclose(wnew, w - x.mean(axis=0), rtol=1e-5)
    # Each replica saw its own half of the batch.
    np.testing.assert_allclose(replica0[2], x[:2].sum(), rtol=1e-5)
    np.testing.assert_allclose(replica1[2], x[2:].sum(), rtol=1e-5)


def test_split_by_index_equals_split_by_name(step):
    x, w = RNG.standard_normal((4, 3)).astype(np.float32), np.zeros(3, np.float32)
    by_name = step.run_replicated([x, w], split=["%x"])
    by_index = step.run_replicated([x, w], split=[0])
    np.testing.assert_array_equal(by_name[1][0], by_index[1][0])


def test_replicated_state_stays_on_the_devices(step):
    w = RNG.standard_normal(3).astype(np.float32)
    batches = [RNG.standard_normal((4, 3)).astype(np.float32) for _ in range(3)]
    state = step.to_device(w)
    assert isinstance(state, tuple) and [part.devices() for part in state] == [{d} for d in step.devices]
    for x in batches:
        state = step.execute_device([x, state], split=["x"])[0]
    host_w = w - sum(x.mean(axis=0) for x in batches)
    for part in to_host(state):
        np.testing.assert_allclose(part, host_w, rtol=1e-5)


def test_replica_argument_errors(step):
    x, w = np.zeros((3, 3), np.float32), np.zeros(3, np.float32)
    with pytest.raises(ArgumentError) as error:
        step.run_replicated([x, w], split=["x"])
    assert str(error.value) == (
        "argument 0 '%x': expected tensor<4x3xf32> (float32) to split over 2 replicas, got shape (3, 3) float32"
    )
    with pytest.raises(ArgumentError, match=r"^split: @dp_step has no argument named '%y'$"):
        step.run_replicated([x, w], split=["y"])
    with pytest.raises(ArgumentError) as error:
        step.execute_device([np.zeros((4, 3), np.float32), (jax.device_put(w, step.devices[0]),) * 3], split=["x"])
    assert str(error.value) == "argument 1 '%w': expected 2 per-replica device arrays, got 3"
    with pytest.raises(ArgumentError, match=r"^argument 1 '%w': a 2-replica executable takes a tuple of 2 per-replica"):
        step.execute_device([np.zeros((4, 3), np.float32), jax.device_put(w)], split=["x"])
    with pytest.raises(VitirError, match=r"^@dp_step was compiled for 2 replicas: use run_replicated$"):
        step.run(np.zeros((2, 3), np.float32), w)


def test_scalars_cannot_be_split():
    executable = compile_module(SCALE, replicas=2, platform="cpu")
    with pytest.raises(ArgumentError) as error:
        executable.run_replicated([np.ones(4, np.float32), np.float32(2)], split=["x", "s"])
    assert str(error.value) == "split: argument 1 '%s' is a scalar (tensor<f32>); only dim 0 of a tensor can be split"
    outputs = executable.run_replicated([np.arange(4, dtype=np.float32), 2.0], split=["x"])
    np.testing.assert_array_equal(np.concatenate([o[0] for o in outputs]), 2 * np.arange(4))


def test_each_replica_runs_on_its_own_arguments(step):
    xs = [RNG.standard_normal((2, 3)).astype(np.float32) for _ in range(2)]
    ws = [RNG.standard_normal(3).astype(np.float32) for _ in range(2)]
    replica0, replica1 = step.run_per_replica([(xs[0], ws[0]), (xs[1], ws[1])])
    everything = np.concatenate(xs)
    for (wnew, mean, local_sum), x, w in zip((replica0, replica1), xs, ws):
        np.testing.assert_allclose(mean, everything.mean(), rtol=1e-5)  # the all-reduce saw both replicas
        np.testing.assert_allclose(local_sum, x.sum(), rtol=1e-5)
        np.testing.assert_allclose(wnew, w - everything.mean(axis=0), rtol=1e-5)  # each its own w
    with pytest.raises(ArgumentError, match=r"^@dp_step: expected arguments for 2 replicas, got 1$"):
        step.run_per_replica([(xs[0], ws[0])])
