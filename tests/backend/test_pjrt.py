import subprocess
import sys

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

from tests.backend.modules import MATMUL, MOMENTUM_STEP, PASS_THROUGH, TWO_FUNCTIONS
from vitir.backend import CACHE_DIR_ENV, cache_stats, clear_cache, compile_module, ensure_host_devices, to_host
from vitir.errors import ArgumentError, CompileError, VitirError

RNG = np.random.default_rng(0)


def random(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def test_importing_the_backend_does_not_import_jax():
    code = "import sys, vitir.backend, vitir.backend.run_cli; assert 'jax' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_matmul_matches_numpy():
    x, w = random(2, 3), random(3, 4)
    (y,) = compile_module(MATMUL)(x, w)
    assert isinstance(y, np.ndarray)
    np.testing.assert_allclose(y, x @ w, rtol=1e-6)


def test_jax_lowered_text_runs():
    def f(x, w, n):
        return jnp.tanh(x @ w), jax.nn.relu(x).sum(), n > 0

    x, w = random(2, 3), random(3, 4)
    text = jax.jit(f).lower(x, w, np.int32(1)).as_text(debug_info=True)
    executable = compile_module(text)
    assert executable.signature.argument_names == ("arg0", "arg1", "arg2")
    y, total, positive = executable(x, w, np.int32(-2))
    np.testing.assert_allclose(y, np.tanh(x @ w), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(total, np.maximum(x, 0).sum(), rtol=1e-6)
    assert positive.dtype == np.bool_ and not positive


def test_element_types_round_trip():
    values = (
        np.array([1.5, -2], ml_dtypes.bfloat16),
        np.array([True, False, True]),
        np.int32(7),
        np.array([2**40, -3], np.int64),
        np.array([0.5, 4], np.float16),
    )
    outputs = compile_module(PASS_THROUGH)(*values)
    for got, want in zip(outputs, values):
        assert got.dtype == np.asarray(want).dtype
        np.testing.assert_array_equal(got, want)


def test_named_function_of_several_runs():
    x = random(2)
    np.testing.assert_array_equal(compile_module(TWO_FUNCTIONS, function="double")(x)[0], 2 * x)
    np.testing.assert_array_equal(compile_module(TWO_FUNCTIONS, function="main")(x)[0], -x)


@pytest.mark.parametrize(
    "args, message",
    [
        ((random(2, 3),), "@f takes 2 arguments, got 1 (missing argument 1 '%w')"),
        ((random(2, 3), random(3, 4), random(1)), "@f takes 2 arguments, got 3 (1 extra)"),
        (
            (random(2, 3), random(3, 5)),
            "argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (3, 5) float32",
        ),
        (
            (random(2, 3), np.zeros((3, 4))),
            "argument 1 '%w': expected tensor<3x4xf32> (float32), got shape (3, 4) float64",
        ),
        (
            (random(3), random(3, 4)),
            "argument 0 '%x': expected tensor<2x3xf32> (float32), got shape (3,) float32",
        ),
    ],
)
def test_argument_errors_name_the_argument(args, message):
    with pytest.raises(ArgumentError) as error:
        compile_module(MATMUL)(*args)
    assert str(error.value) == message


def test_python_scalars_take_the_argument_dtype():
    step = compile_module(MOMENTUM_STEP)
    w, m, g = random(3), random(3), random(3)
    np.testing.assert_allclose(step(w, m, g, 0.5)[0], w - 0.5 * (0.9 * m + g), rtol=1e-6)
    with pytest.raises(ArgumentError) as error:
        step(w, m, g, 1 + 2j)
    assert str(error.value) == "argument 3 '%lr': expected tensor<f32> (float32), got Python complex (1+2j)"
    with pytest.raises(ArgumentError) as error:
        zeros = np.zeros(2, ml_dtypes.bfloat16), np.ones(3, bool), 0.5, np.zeros(2, np.int64), np.zeros(2, np.float16)
        compile_module(PASS_THROUGH)(*zeros)
    assert str(error.value) == "argument 2 '%n': expected tensor<i32> (int32), got Python float 0.5"


def test_compile_errors_are_vitir_errors():
    broken = MATMUL.replace("stablehlo.dot_general", "stablehlo.no_such_op")
    with pytest.raises(CompileError, match=r"^XLA could not compile @f: "):
        compile_module(broken)


def test_compiles_once_per_text():
    text = MATMUL.replace("module @m", "module @cached_once")
    before = cache_stats()
    first = compile_module(text)
    assert compile_module(text, platform="cpu") is first
    after = cache_stats()
    assert after["compiled"] == before["compiled"] + 1
    assert after["memory_hits"] == before["memory_hits"] + 1
    assert compile_module(text, replicas=2) is not first  # replicas are part of the key


def test_disk_cache_survives_the_process_cache(tmp_path, monkeypatch):
    text = MATMUL.replace("module @m", "module @cached_on_disk")
    compile_module(text, cache_dir=tmp_path)
    assert len(list(tmp_path.glob("*.xla"))) == 1
    clear_cache()
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    before = cache_stats()
    executable = compile_module(text)
    assert cache_stats()["disk_hits"] == before["disk_hits"] + 1
    assert cache_stats()["compiled"] == before["compiled"]
    x, w = random(2, 3), random(3, 4)
    np.testing.assert_allclose(executable(x, w)[0], x @ w, rtol=1e-6)


def test_too_few_devices_is_explained(host_devices):
    with pytest.raises(VitirError) as error:
        ensure_host_devices(host_devices + 1)
    assert str(error.value) == (
        f"the CPU backend already started with {host_devices} device(s) but {host_devices + 1} are needed: "
        f"call vitir.backend.ensure_host_devices({host_devices + 1}) before anything compiles or runs"
    )
    too_many = host_devices + 1
    with pytest.raises(VitirError, match=rf"^{too_many} replicas need {too_many} cpu devices, found {host_devices}"):
        compile_module(MATMUL, replicas=host_devices + 1, platform="cpu")


def count_uploads(monkeypatch):
    """Count the arrays sent to devices through jax.device_put."""
    uploaded = []
    real_device_put = jax.device_put

    def counting_device_put(values, *args, **kwargs):
        uploaded.extend(jax.tree_util.tree_leaves(values))
        return real_device_put(values, *args, **kwargs)

    monkeypatch.setattr(jax, "device_put", counting_device_put)
    return uploaded


def test_device_resident_state_matches_the_host_path(monkeypatch):
    step = compile_module(MOMENTUM_STEP)
    w, m = random(3), random(3)
    grads = [random(3) for _ in range(4)]
    lr = np.float32(0.1)

    host_w, host_m = w, m
    for g in grads:
        host_w, host_m = step(host_w, host_m, g, lr)

    state = [step.to_device(w), step.to_device(m)]
    uploaded = count_uploads(monkeypatch)
    for g in grads:
        state = step.execute_device([*state, g, lr])
        for value in state:
            assert isinstance(value, jax.Array) and value.devices() == {step.devices[0]}
    assert len(uploaded) == 2 * len(grads)  # the gradient and the learning rate only
    assert all(isinstance(value, np.ndarray) for value in uploaded)
    np.testing.assert_allclose(to_host(state[0]), host_w, rtol=1e-6)
    np.testing.assert_allclose(to_host(state[1]), host_m, rtol=1e-6)


def test_device_values_run_without_any_transfer():
    step = compile_module(MOMENTUM_STEP)
    args = [step.to_device(random(3)), step.to_device(random(3)), step.to_device(random(3)), step.to_device(0.1, "lr")]
    # Any upload, such as re-sending state that went through the host, would raise.
    with jax.transfer_guard("disallow_explicit"):
        outputs = step.execute_device(args)
        outputs = step.execute_device([*outputs, args[2], args[3]])
        with pytest.raises(Exception, match="Disallowed host-to-device transfer"):
            step.execute_device([*outputs, random(3), args[3]])
    with pytest.raises(ArgumentError) as error:
        step.execute_device([outputs[0], outputs[1], step.to_device(random(4)), args[3]])
    assert str(error.value) == (
        "argument 2 '%g': expected tensor<3xf32> (float32), got device array of shape (4,) float32"
    )
