"""vitir's train steps against a JAX reference step: jax.value_and_grad of the
independent model in tests/gradcheck/jax_reference.py plus the same update
formula. Three consecutive steps on a small ViT, each side fed its own outputs,
a fresh batch each step; parameters, moments and loss must agree to 1e-5
relative error (max|a - b| / max|b| per tensor).

Also: the data-parallel step over 2 and 4 replicas against one replica on the
whole batch, and the scheduled step with its state kept on the device.
"""

from __future__ import annotations

import dataclasses

import jax
import numpy as np
import pytest

from tests.gradcheck import jax_reference as ref
from tests.gradcheck.harness import rel_err
from vitir.backend import compile_module, to_host
from vitir.lower import AdamHyper, ViTConfig, adam_dp_module, adam_packed_module, adam_sched_module, sgd_module
from vitir.print import print_module

TOL = 1e-5
STEPS = 3
# Four classes, not three: vitir prints a/K with six decimals and 0.1/3 would
# become 0.033333 (see tests/gradcheck/test_loss.py); 0.1/4 is exact.
CFG = ViTConfig(batch=4, channels=3, image=8, patch=4, width=8, depth=2, heads=2, mlp=16, classes=4)
NAMES = [name for name, _ in ref.param_shapes(CFG)]
K = len(NAMES)
HYPER = AdamHyper()  # b1 0.9, b2 0.999, eps 1e-8, wd 1e-4, label smoothing 0.1
SGD_LR = 0.1
PACKED_LR = 0.001
SCHED_LR = (1e-3, 6e-4, 3e-4)  # a decaying schedule, one lr per step
# The attention key bias has an exactly-zero true gradient (softmax ignores a
# per-row shift), so any implementation's bk gradient is rounding noise that
# Adam divides by its own size: bk moves by up to lr per step (|m^|/sqrt(v^) is
# at most 1.003 in the first three steps) in a random direction, and two runs'
# bk may differ by twice the lrs so far. bk is compared with an absolute
# tolerance of 2.5 times the lr sum, its moments with these (the other tensors'
# largest moments are about 1e-2 for m and 1e-5 for v here).
BK_M_ATOL, BK_V_ATOL = 1e-6, 1e-12


def config(batch: int) -> ViTConfig:
    return dataclasses.replace(CFG, batch=batch)


def batches(batch: int, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """STEPS batches of (flat images [batch, C*H*W], one-hot labels)."""
    rng = np.random.default_rng(seed)
    eye = np.eye(CFG.classes, dtype=np.float32)
    return [(rng.standard_normal((batch, CFG.input_features)).astype(np.float32),
             eye[rng.integers(0, CFG.classes, batch)]) for _ in range(STEPS)]


def initial_params() -> list[np.ndarray]:
    return ref.init_params(np.random.default_rng(7), CFG)


def initial_state() -> list[np.ndarray]:
    """Parameters, then zero first and second moments, flat as the Adam steps take them."""
    params = initial_params()
    return params + [np.zeros_like(p) for p in params] * 2


def split_state(flat) -> tuple[list, list, list]:
    return list(flat[:K]), list(flat[K:2 * K]), list(flat[2 * K:3 * K])


def schedule(t: int) -> tuple[np.float32, np.float32, np.float32]:
    """(lr, bc1, bc2) of step t = 1, 2, ...: the host-side schedule."""
    b1, b2 = float(HYPER.b1), float(HYPER.b2)
    return np.float32(SCHED_LR[t - 1]), np.float32(1 - b1 ** t), np.float32(1 - b2 ** t)


# One compiled reference gradient for every step kind (smoothing is traced).
@jax.jit
def _loss_and_grads(flat, x, onehot, smoothing):
    return jax.value_and_grad(ref.loss_fn)(flat, x, onehot, CFG, smoothing)


@jax.jit
def _adamw_all(params, grads, ms, vs, lr, bc1, bc2):
    new = [ref.adamw(*args, lr, bc1, bc2) for args in zip(params, grads, ms, vs)]
    return [n[0] for n in new], [n[1] for n in new], [n[2] for n in new]


def reference_adam(data, smoothing: float, scalars_of) -> list[tuple[list, list, list, float]]:
    """(params, m, v, loss) after each step of the JAX reference AdamW."""
    state = split_state(initial_state())
    out = []
    for t, (x, onehot) in enumerate(data, start=1):
        loss, grads = _loss_and_grads(state[0], x, onehot, np.float32(smoothing))
        state = _adamw_all(state[0], grads, state[1], state[2], *scalars_of(t))
        out.append((*state, float(loss)))
    return out


def assert_tensors_close(what: str, mine, theirs, step: int, bk_atol: float | None = None) -> None:
    for name, a, b in zip(NAMES, mine, theirs):
        if bk_atol is not None and name.startswith("bk_"):
            assert np.max(np.abs(np.asarray(a) - np.asarray(b))) <= bk_atol, (what, name, step)
            continue
        err = rel_err(a, b)
        assert err <= TOL, f"step {step}: {what} {name}: relative error {err:.2e}"


def assert_adam_close(mine, theirs, step: int, lr_sum: float) -> None:
    """Parameters and both moments after a step (lr_sum: the lrs of all steps so far
    or more); bk with absolute tolerances, see BK_M_ATOL."""
    for what, i, atol in (("theta", 0, 2.5 * lr_sum), ("m", 1, BK_M_ATOL), ("v", 2, BK_V_ATOL)):
        assert_tensors_close(what, mine[i], theirs[i], step, atol)


@pytest.fixture(scope="module")
def sched_exe():
    return compile_module(print_module(adam_sched_module(CFG, HYPER)))


def run_sched(exe, data) -> list[tuple[list, list, list, float]]:
    """Host path: (params, m, v, loss) after each scheduled step."""
    state = initial_state()
    out = []
    for t, (x, onehot) in enumerate(data, start=1):
        lr, bc1, bc2 = schedule(t)
        results = exe(x, *state, lr, bc1, bc2, onehot)
        state = list(results[:3 * K])
        loss, bc1_out, bc2_out = results[3 * K:]
        assert (bc1_out, bc2_out) == (bc1, bc2)  # the step echoes its bias corrections
        out.append((*split_state(state), float(loss)))
    return out


def test_sgd_matches_jax():
    exe = compile_module(print_module(sgd_module(CFG, repr(SGD_LR))))
    mine = theirs = initial_params()
    for step, (x, onehot) in enumerate(batches(CFG.batch), start=1):
        mine = list(exe(x, *mine, onehot))
        _, grads = _loss_and_grads(theirs, x, onehot, np.float32(0))
        theirs = [p - SGD_LR * g for p, g in zip(theirs, grads)]
        assert_tensors_close("theta", mine, theirs, step)


def test_packed_adamw_matches_jax():
    exe = compile_module(print_module(adam_packed_module(CFG, AdamHyper(lr=repr(PACKED_LR)))))
    data = batches(CFG.batch)
    expected = reference_adam(data, 0.0, lambda t: (np.float32(PACKED_LR), np.float32(1), np.float32(1)))
    state = initial_state()
    for step, ((x, onehot), want) in enumerate(zip(data, expected), start=1):
        state = list(exe(x, *state, onehot))
        assert_adam_close(split_state(state), want, step, STEPS * PACKED_LR)


def test_scheduled_adamw_with_smoothing_matches_jax(sched_exe):
    data = batches(CFG.batch)
    expected = reference_adam(data, HYPER.label_smoothing, schedule)
    for step, (got, want) in enumerate(zip(run_sched(sched_exe, data), expected), start=1):
        assert_adam_close(got, want, step, sum(SCHED_LR))
        assert abs(got[3] - want[3]) <= TOL * abs(want[3]), (step, got[3], want[3])


@pytest.mark.parametrize("replicas,lowering", [(2, "reference"), (2, "fast"),
                                               pytest.param(4, "reference", marks=pytest.mark.slow)])
def test_data_parallel_equals_one_replica_on_the_whole_batch(replicas, lowering, sched_exe):
    """The fast lowering averages all gradients with one fused collective."""
    per_replica = 2
    whole = replicas * per_replica
    dp_module = adam_dp_module(config(per_replica), HYPER, replicas, lowering=lowering)
    dp = compile_module(print_module(dp_module), replicas=replicas)
    single = sched_exe if whole == CFG.batch else compile_module(print_module(adam_sched_module(config(whole), HYPER)))
    data = batches(whole, seed=replicas)
    expected = run_sched(single, data)
    state = initial_state()
    for step, ((x, onehot), want) in enumerate(zip(data, expected), start=1):
        outputs = dp.run_replicated([x, *state, *schedule(step), onehot], split=["x", "onehot"])
        for other in outputs[1:]:  # the all-reduced gradient gives every replica the same state
            for a, b in zip(outputs[0][:3 * K], other[:3 * K]):
                np.testing.assert_array_equal(a, b)
        state = list(outputs[0][:3 * K])
        assert_adam_close(split_state(state), want, step, sum(SCHED_LR))
        # Each replica's loss is its own shard's mean; equal shards average to the whole batch's.
        mean_loss = np.mean([float(o[3 * K]) for o in outputs])
        assert abs(mean_loss - want[3]) <= TOL * abs(want[3])


def test_device_resident_state_matches_the_host_path(sched_exe):
    data = batches(CFG.batch, seed=5)
    host = run_sched(sched_exe, data)
    state = [sched_exe.to_device(a, argument=i + 1) for i, a in enumerate(initial_state())]
    for t, (x, onehot) in enumerate(data, start=1):
        # Only the batch and the three schedule scalars leave the host.
        outputs = sched_exe.execute_device([x, *state, *schedule(t), onehot])
        state = outputs[:3 * K]
        assert all(isinstance(s, jax.Array) for s in state)
    final = to_host(state)
    want = host[-1]
    for got, expected in zip(final, want[0] + want[1] + want[2]):
        np.testing.assert_array_equal(got, expected)
    assert float(to_host(outputs[3 * K])) == want[3]
