"""Each hook into jax's and jaxlib's private or undocumented APIs (vitir/backend/jax_adapter.py),
tested on its own, so a jax upgrade that moves one fails here, by name."""

from __future__ import annotations

import numpy as np

from vitir.backend import jax_adapter as J

TEXT = """module @m {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = stablehlo.add %x, %x : tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
"""


def _cpu():
    import jax
    from jax.extend.backend import get_backend, get_compile_options

    backend = get_backend("cpu")
    devices = backend.local_devices()[:1]
    return jax, backend, devices, get_compile_options(1, 1, device_assignment=[devices[0].id])


def test_compile_and_load_then_execute_sharded():
    jax, backend, devices, options = _cpu()
    loaded = J.compile_and_load(backend, TEXT, devices, options)
    x = jax.device_put(np.array([1.0, 2.0, 3.0], np.float32), devices[0])
    (outputs,) = J.execute_sharded(loaded, [x])
    np.testing.assert_array_equal(np.asarray(outputs[0]), [2.0, 4.0, 6.0])


def test_an_executable_serializes_and_loads_back():
    jax, backend, devices, options = _cpu()
    data = J.serialize_executable(backend, J.compile_and_load(backend, TEXT, devices, options))
    assert isinstance(data, bytes) and data
    loaded = J.deserialize_executable(backend, data, devices, options)
    (outputs,) = J.execute_sharded(loaded, [jax.device_put(np.ones(3, np.float32), devices[0])])
    np.testing.assert_array_equal(np.asarray(outputs[0]), [2.0, 2.0, 2.0])


def test_without_a_process_group_there_is_no_distributed_client():
    assert J.distributed_client() is None  # initialize_distributed has not run in this process


def test_compiled_hlo_text_carries_the_name_locations_as_op_name():
    jax, backend, devices, options = _cpu()
    located = TEXT.replace("tensor<3xf32>\n    return", 'tensor<3xf32> loc("vit/b0/add")\n    return')
    text = J.compiled_hlo_text(J.compile_and_load(backend, located, devices, options))
    assert text.startswith("HloModule ") and 'op_name="vit/b0/add"' in text
