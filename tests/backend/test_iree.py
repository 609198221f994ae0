"""The IREE backend against PJRT and numpy: small modules, element types, the
same argument errors as PJRT's, compile errors, the process and disk caches,
device-resident state, the one-replica limit, and the GPU targets' flags.

Every vitir module kind, in both lowerings, against PJRT and the numpy
evaluator is in test_iree_modules.py; training loops in test_iree_training.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

pytest.importorskip("iree.compiler", reason="the IREE backend needs pip install 'vitir[iree]'")

from tests.backend.modules import DATA_PARALLEL_STEP, MATMUL, MOMENTUM_STEP, PASS_THROUGH, TWO_FUNCTIONS  # noqa: E402
from vitir.backend import CACHE_DIR_ENV, cache_stats, clear_cache, compile_module, to_host  # noqa: E402
from vitir.backend import iree as iree_backend  # noqa: E402
from vitir.backend import iree_adapter  # noqa: E402
from vitir.errors import ArgumentError, CompileError, ConfigError, VitirError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RNG = np.random.default_rng(3)
BACKENDS = ("pjrt", "iree")


def random(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def test_pjrt_users_never_import_iree_and_iree_users_never_import_jax():
    code = """
import sys
import numpy as np
import vitir.backend, vitir.backend.iree, vitir.backend.run_cli
from vitir.backend import compile_module
from tests.backend.modules import MATMUL
x, w = np.ones((2, 3), np.float32), np.ones((3, 4), np.float32)
assert compile_module(MATMUL, backend=sys.argv[1])(x, w)[0].sum() == 24
loaded = {name.split('.')[0] for name in sys.modules}
print(sorted(loaded & {'iree', 'jax', 'jaxlib'}))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    found = {backend: subprocess.run([sys.executable, "-c", code, backend], cwd=ROOT, env=env, check=True,
                                     capture_output=True, text=True).stdout.strip() for backend in BACKENDS}
    assert found == {"pjrt": "['jax', 'jaxlib']", "iree": "['iree']"}


def test_matmul_and_jax_lowered_text_match_numpy():
    x, w = random(2, 3), random(3, 4)
    (y,) = compile_module(MATMUL, backend="iree")(x, w)
    assert isinstance(y, np.ndarray)
    np.testing.assert_allclose(y, x @ w, rtol=1e-6)

    def f(x, w, n):
        return jnp.tanh(x @ w), jax.nn.relu(x).sum(), n > 0

    text = jax.jit(f).lower(x, w, np.int32(1)).as_text(debug_info=True)
    y, total, positive = compile_module(text, backend="iree")(x, w, np.int32(-2))
    np.testing.assert_allclose(y, np.tanh(x @ w), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(total, np.maximum(x, 0).sum(), rtol=1e-6)
    assert positive.dtype == np.bool_ and not positive


def test_element_types_round_trip():
    values = (np.array([1.5, -2], ml_dtypes.bfloat16), np.array([True, False, True]), np.int32(7),
              np.array([2**40, -3], np.int64), np.array([0.5, 4], np.float16))
    outputs = compile_module(PASS_THROUGH, backend="iree")(*values)
    for got, want in zip(outputs, values):
        assert got.dtype == np.asarray(want).dtype
        np.testing.assert_array_equal(got, want)


def test_named_function_of_several_runs():
    x = random(2)
    np.testing.assert_array_equal(compile_module(TWO_FUNCTIONS, function="double", backend="iree")(x)[0], 2 * x)
    np.testing.assert_array_equal(compile_module(TWO_FUNCTIONS, function="main", backend="iree")(x)[0], -x)


# Each bad call, with the message both backends must give word for word.
BAD_CALLS = {
    "too few": (lambda e: e(random(2, 3)), "@f takes 2 arguments, got 1 (missing argument 1 '%w')"),
    "too many": (lambda e: e(random(2, 3), random(3, 4), random(1)), "@f takes 2 arguments, got 3 (1 extra)"),
    "shape": (lambda e: e(random(2, 3), random(3, 5)),
              "argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (3, 5) float32"),
    "dtype": (lambda e: e(random(2, 3), np.zeros((3, 4))),
              "argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (3, 4) float64"),
    "python scalar": (lambda e: e(random(2, 3), 1 + 2j),
                      "argument 1 '%w': expected tensor<3x4xf32> (float32), got Python complex (1+2j)"),
    "device value": (lambda e: e.execute_device([random(2, 3), e.to_device(random(4, 3))]),
                     "argument 1 '%w': expected tensor<3x4xf32> (float32), got device array of shape (4, 3) float32"),
    "to_device": (lambda e: e.to_device(random(3, 3), "w"),
                  "argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (3, 3) float32"),
    "split name": (lambda e: e.run_replicated([random(2, 3), random(3, 4)], split=["y"]),
                   "split: @f has no argument named '%y'"),
    "split shape": (lambda e: e.run_replicated([random(4, 3), random(3, 4)], split=["x"]),
                    "argument 0 '%x': expected tensor<2x3xf32> (float32), got shape (4, 3) float32"),
}


@pytest.mark.parametrize("case", sorted(BAD_CALLS))
def test_bad_inputs_get_the_same_error_on_both_backends(case):
    call, message = BAD_CALLS[case]
    for backend in BACKENDS:
        with pytest.raises(ArgumentError) as error:
            call(compile_module(MATMUL, backend=backend))
        assert (backend, str(error.value)) == (backend, message)


def test_python_scalars_take_the_argument_dtype():
    step = compile_module(MOMENTUM_STEP, backend="iree")
    w, m, g = random(3), random(3), random(3)
    np.testing.assert_allclose(step(w, m, g, 0.5)[0], w - 0.5 * (0.9 * m + g), rtol=1e-6)
    zeros = (np.zeros(2, ml_dtypes.bfloat16), np.ones(3, bool), 0.5, np.zeros(2, np.int64), np.zeros(2, np.float16))
    with pytest.raises(ArgumentError) as error:
        compile_module(PASS_THROUGH, backend="iree")(*zeros)
    assert str(error.value) == "argument 2 '%n': expected tensor<i32> (int32), got Python float 0.5"


def test_compile_errors_name_the_line():
    broken = MATMUL.replace("stablehlo.dot_general", "stablehlo.no_such_op")
    with pytest.raises(CompileError) as error:
        compile_module(broken, backend="iree")
    assert str(error.value) == "IREE could not compile @f: line 3: custom op 'stablehlo.no_such_op' is unknown"


def test_compiles_once_per_text_and_flags():
    text = MATMUL.replace("module @m", "module @iree_cached_once")
    before = cache_stats("iree")
    first = compile_module(text, backend="iree")
    assert compile_module(text, backend="iree:cpu") is first
    assert compile_module(text, backend="iree", flags=["--iree-opt-level=O1"]) is not first  # flags are in the key
    after = cache_stats("iree")
    assert (after["compiled"], after["memory_hits"]) == (before["compiled"] + 2, before["memory_hits"] + 1)


def test_disk_cache_is_keyed_by_text_flags_and_compiler_version(tmp_path, monkeypatch):
    text = MATMUL.replace("module @m", "module @iree_cached_on_disk")
    compile_module(text, backend="iree", cache_dir=tmp_path)
    assert len(list(tmp_path.glob("*.vmfb"))) == 1
    clear_cache()
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    before = cache_stats("iree")
    executable = compile_module(text, backend="iree")
    assert cache_stats("iree")["disk_hits"] == before["disk_hits"] + 1
    assert cache_stats("iree")["compiled"] == before["compiled"]
    x, w = random(2, 3), random(3, 4)
    np.testing.assert_allclose(executable(x, w)[0], x @ w, rtol=1e-6)
    # Another compiler version or other flags: another entry, never a stale one.
    clear_cache()
    monkeypatch.setattr(iree_adapter, "versions", lambda: {"iree-base-compiler": "0.0.0"})
    compile_module(text, backend="iree")
    compile_module(text, backend="iree", flags=["--iree-opt-level=O1"])
    assert len(list(tmp_path.glob("*.vmfb"))) == 3
    assert cache_stats("iree")["compiled"] == before["compiled"] + 2
    # a truncated entry (a crash elsewhere, a full disk) is compiled afresh and replaced
    clear_cache()
    for entry in tmp_path.glob("*.vmfb"):
        entry.write_bytes(entry.read_bytes()[:100])
    np.testing.assert_allclose(compile_module(text, backend="iree")(x, w)[0], x @ w, rtol=1e-6)
    assert cache_stats("iree")["compiled"] == before["compiled"] + 3
    assert sorted(entry.stat().st_size > 100 for entry in tmp_path.glob("*.vmfb")) == [False, False, True]


def test_device_resident_state_matches_numpy(monkeypatch):
    step = compile_module(MOMENTUM_STEP, backend="iree")
    w, m = random(3), random(3)
    grads = [random(3) for _ in range(4)]
    lr = np.float32(0.1)
    want_w, want_m = w, m
    for g in grads:  # momentum SGD in numpy: m' = 0.9 m + g, w' = w - lr m'
        want_m = np.float32(0.9) * want_m + g
        want_w = want_w - lr * want_m

    state = [step.to_device(w), step.to_device(m)]
    calls = []
    real_call = iree_adapter.Function.__call__

    def recording_call(self, operands):
        calls.append([type(o).__name__ for o in operands])
        return real_call(self, operands)

    def no_reads(self):
        raise AssertionError("a device value was read back during the loop")

    monkeypatch.setattr(iree_adapter.Function, "__call__", recording_call)
    monkeypatch.setattr(iree_adapter.DeviceArray, "to_host", no_reads)
    for g in grads:
        state = step.execute_device([*state, g, lr])
    monkeypatch.undo()
    # the state stays on the device; only the gradient and the learning rate come from the host
    assert calls == [["DeviceArray", "DeviceArray", "ndarray", "ndarray"]] * len(grads)
    assert all(isinstance(value, iree_adapter.DeviceArray) for value in state)
    np.testing.assert_allclose(to_host(state[0]), want_w, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(state[1]), want_m, rtol=1e-6)
    replicated = step.run_replicated([w, m, grads[0], lr])
    assert len(replicated) == 1 and step.replicas == step.local_replicas == 1
    np.testing.assert_array_equal(replicated[0][0], step(w, m, grads[0], lr)[0])


def test_cpu_sync_runs_the_same_code_inline_and_takes_the_other_drivers_values():
    on_task = compile_module(MOMENTUM_STEP, backend="iree")
    on_sync = compile_module(MOMENTUM_STEP, backend="iree:cpu-sync")
    assert (on_task.devices[0].driver, on_sync.devices[0].driver) == ("local-task", "local-sync")
    w, m, g = random(3), random(3), random(3)
    state = on_task.execute_device([w, m, g, 0.1])  # local-task values into a local-sync call
    new_w, new_m = on_sync(*state, g, 0.1)
    want_m = np.float32(0.9) * (np.float32(0.9) * m + g) + g
    np.testing.assert_allclose(new_m, want_m, rtol=1e-6)
    np.testing.assert_allclose(new_w, w - np.float32(0.1) * (np.float32(0.9) * m + g) - np.float32(0.1) * want_m,
                               rtol=1e-6)


def test_data_parallel_modules_are_refused_with_the_reason():
    with pytest.raises(ConfigError) as error:
        compile_module(MATMUL, replicas=2, backend="iree")
    assert str(error.value).startswith("the IREE backend runs one replica, not 2: IREE's CPU drivers have no "
                                       "collectives (an all_reduce fails with 'collectives not implemented')")
    assert "--replicas 1 and a --batch 2 times as large" in str(error.value)
    with pytest.raises(ConfigError) as error:
        compile_module(DATA_PARALLEL_STEP, backend="iree")
    assert str(error.value) == ("@dp_step uses stablehlo.all_reduce, and IREE's local-task driver has no "
                                "collectives: run it with --backend pjrt")


@pytest.mark.parametrize("platform, flag, code_format", [("cuda", "--iree-cuda-target=sm_80", b"cuda-nvptx-fb"),
                                                         ("rocm", "--iree-rocm-target=gfx942", b"rocm-hsaco-fb")])
def test_gpu_targets_pass_their_architecture_through(platform, flag, code_format):
    with pytest.raises(ConfigError) as error:
        compile_module(MATMUL, backend=f"iree:{platform}")
    assert str(error.value) == (f"IREE's {platform} target needs the GPU architecture: pass {flag} (or the one of "
                                "your GPU) in $VITIR_IREE_FLAGS or flags")
    target = iree_backend.TARGETS[platform]
    flatbuffer = iree_adapter.compile_text(MATMUL, target.compiler_backend, [flag], "f")
    assert flatbuffer[:2] == b"PK" and code_format in flatbuffer  # a module archive holding the GPU code
    try:
        executable = compile_module(MATMUL, backend=f"iree:{platform}", flags=[flag])
    except VitirError as e:  # no GPU of that kind here
        assert str(e).startswith(f"IREE's {target.driver} driver has no device here")
    else:
        x, w = random(2, 3), random(3, 4)
        np.testing.assert_allclose(executable(x, w)[0], x @ w, rtol=1e-5)


def test_backend_names_are_checked():
    with pytest.raises(ConfigError, match=r"^unknown backend 'xla'; choose pjrt, iree"):
        compile_module(MATMUL, backend="xla")
    with pytest.raises(ConfigError, match=r"^IREE has no platform 'gpu' in vitir; choose cpu, cpu-sync, cuda, rocm, vulkan$"):
        compile_module(MATMUL, backend="iree:gpu")
    with pytest.raises(ConfigError, match=r"^backend 'iree:cuda' names platform 'cuda' but platform 'cpu'"):
        compile_module(MATMUL, backend="iree:cuda", platform="cpu")
    with pytest.raises(ConfigError, match=r"^PJRT takes no compiler flags here"):
        compile_module(MATMUL, flags=["--iree-opt-level=O1"])


def test_run_command_on_iree_writes_what_pjrt_writes_and_names_the_same_errors(tmp_path, capsys):
    from vitir.backend.run_cli import run_command

    module = tmp_path / "matmul.mlir"
    module.write_text(MATMUL)
    x, w = random(2, 3), random(3, 4)
    outputs, errors = {}, {}
    for backend in BACKENDS:
        np.savez(tmp_path / "in.npz", x=x, w=w)
        out = tmp_path / f"{backend}.npz"
        assert run_command([str(module), "--inputs", str(tmp_path / "in.npz"), "--out", str(out),
                            "--backend", backend]) == 0
        with np.load(out) as saved:
            outputs[backend] = saved["out0"]
        np.savez(tmp_path / "in.npz", x=x, w=w.T)
        assert run_command([str(module), "--inputs", str(tmp_path / "in.npz"), "--out", str(out),
                            "--backend", backend]) == 1
        errors[backend] = capsys.readouterr().err
    np.testing.assert_allclose(outputs["iree"], outputs["pjrt"], rtol=1e-6)
    assert errors["iree"] == errors["pjrt"] == (
        "vitir run: error: argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (4, 3) float32\n")
