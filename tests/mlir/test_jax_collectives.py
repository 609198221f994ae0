"""What JAX lowers for collectives (lax.psum, all_gather, ppermute, all_to_all, psum_scatter,
axis_index under jax.pmap and shard_map), random bits (jax.random.bits) and lax.bitcast_convert_type:
imported into vitir's AST, printed, and run by the evaluator on a grid of partitions (and through
PJRT where one device does) with JAX's results."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax
from jax._src import config as jax_config
from jax.sharding import Mesh, PartitionSpec as P

from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

try:
    from jax import shard_map
except ImportError:  # older jax
    from jax.experimental.shard_map import shard_map


def shard_body(lowered) -> str:
    """The per-device program of a jax.pmap or shard_map, as a module of its own: with the GSPMD
    partitioner JAX lowers it to a private function (@shmap_body) that the entry calls between
    sharding custom calls, which belong to the partitioner rather than to each device."""
    with jax_config.use_shardy_partitioner(False):
        text = lowered().as_text()
    body = re.search(r"  func.func private @shmap_body\(.*?\n  }\n", text, re.S)
    assert body is not None, text
    return "module @body {\n" + body.group(0).replace("func.func private @shmap_body", "func.func public @main") + "}\n"


def collectives(x):
    return (lax.psum(x, "i"), lax.all_gather(x, "i"), lax.ppermute(x, "i", [(0, 1), (1, 2), (2, 0)]),
            lax.all_to_all(x.reshape(3, 1, 2), "i", 0, 0), lax.axis_index("i"), lax.psum_scatter(x, "i", tiled=True),
            lax.pmax(x, "i"))


def test_pmap_collectives_import_print_and_run_like_jax():
    devices = jax.devices()[:3]
    x = np.random.default_rng(0).standard_normal((3, 6)).astype(np.float32)
    text = shard_body(lambda: jax.pmap(collectives, axis_name="i", devices=devices).lower(x))
    for op in ("all_reduce", "all_gather", "collective_permute", "all_to_all", "reduce_scatter"):
        assert f'"stablehlo.{op}"' in text, op
    assert "stablehlo.partition_id" in text and "use_global_device_ids" in text
    assert roundtrip(text) == text  # JAX's text through xDSL, byte for byte
    vitir_text = print_module(import_text(text))
    assert print_module(import_text(vitir_text)) == vitir_text
    want = jax.pmap(collectives, axis_name="i", devices=devices)(x)
    got = evaluate(import_text(vitir_text), [[x[p:p + 1]] for p in range(3)], partitions=3)
    for k, w in enumerate(want):
        for p in range(3):
            np.testing.assert_allclose(got[p][k], np.asarray(w)[p:p + 1], rtol=1e-6, atol=1e-6)


def mesh_collectives(x):
    """On a 2 x 2 mesh: a sum over rows, a gather along columns, and each device's place."""
    return lax.psum(x, "x"), lax.all_gather(x, "y", axis=1, tiled=True), (lax.axis_index("x") * 10
                                                                           + lax.axis_index("y")).reshape(1, 1)


def test_shard_map_over_a_two_dimensional_mesh_runs_like_jax():
    mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
    f = jax.jit(shard_map(mesh_collectives, mesh=mesh, in_specs=P("x", "y"),
                          out_specs=(P("x", "y"), P("x", None), P("x", "y")), check_vma=False))
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    text = shard_body(lambda: f.lower(x))
    assert "replica_groups = dense<[[0, 2], [1, 3]]>" in text  # each column's devices, by global id
    want = [np.asarray(w) for w in f(x)]
    blocks = [x[2 * i:2 * i + 2, 4 * j:4 * j + 4] for i in range(2) for j in range(2)]  # device 2i + j
    got = evaluate(import_text(text), [[b] for b in blocks], partitions=4)
    for device, (summed, gathered, place) in enumerate(got):
        i, j = divmod(device, 2)
        np.testing.assert_array_equal(summed, want[0][2 * i:2 * i + 2, 4 * j:4 * j + 4])
        np.testing.assert_array_equal(gathered, want[1][2 * i:2 * i + 2])
        assert place.tolist() == [[10 * i + j]] == want[2][i:i + 1, j:j + 1].tolist()


def bitcasts(x, b):
    return (lax.bitcast_convert_type(x, jnp.int32), lax.bitcast_convert_type(x, jnp.uint16),
            lax.bitcast_convert_type(b, jnp.float32), lax.bitcast_convert_type(x.astype(jnp.bfloat16), jnp.int16))


def test_bitcast_convert_type_runs_like_jax():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 3)).astype(np.float32)
    b = rng.integers(-128, 128, (5, 4), dtype=np.int8)
    text = jax.jit(bitcasts).lower(x, b).as_text()
    assert text.count("stablehlo.bitcast_convert") == 4
    assert roundtrip(text) == text
    vitir_text = print_module(import_text(text))
    want = [np.asarray(w) for w in jax.jit(bitcasts)(x, b)]
    for got in (evaluate(import_text(vitir_text), x, b), compile_module(vitir_text).run(x, b)):
        for g, w in zip(got, want, strict=True):
            assert g.dtype == w.dtype and g.tobytes() == w.tobytes()


def rbg_bits(key_data):
    key = jax.random.wrap_key_data(key_data, impl="rbg")
    return jax.random.bits(key, (3, 5), jnp.uint32), jax.random.bits(key, (4,), jnp.uint64)


def test_jax_random_bits_of_the_rbg_generator_run_like_jax():
    """jax.random's "rbg" keys draw with rng_bit_generator (algorithm DEFAULT) on a state bitcast from
    the key's four ui32 words."""
    key = np.array([7, 0xDEADBEEF, 3, 12345], np.uint32)
    with jax.enable_x64(True):
        lowered = jax.jit(rbg_bits).lower(key)
        want = [np.asarray(w) for w in jax.jit(rbg_bits)(key)]
    text = lowered.as_text()
    assert "stablehlo.rng_bit_generator %1, algorithm = DEFAULT" in text
    assert roundtrip(text) == text
    got = evaluate(import_text(print_module(import_text(text))), key)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and g.tolist() == w.tolist()




def threefry_draws(key_data):
    key = jax.random.wrap_key_data(key_data)
    return jax.random.bits(key, (6,), jnp.uint32), jax.random.uniform(key, (2, 3))


def test_jax_random_threefry_draws_run_like_jax():
    key = np.array([0, 42], np.uint32)
    text = jax.jit(threefry_draws).lower(key).as_text()
    assert "stablehlo.bitcast_convert" in text
    want = [np.asarray(w) for w in jax.jit(threefry_draws)(key)]
    got = evaluate(import_text(text), key)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and g.tobytes() == w.tobytes()
