"""compile_module of a module of `mhlo.num_partitions = N`: one replica split over N devices by XLA's SPMD
partitioner, each argument placed by its sharding and each result gathered whole; numpy is the oracle.
IREE refuses such a module by name."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.backend import compile_module
from vitir.backend.signature import partition_count
from vitir.errors import ConfigError, VitirError
from vitir.mlir import import_text
from vitir.print import print_module

pytest.importorskip("jax")

TEXT = '''module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%a: tensor<8x4xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}, %b: tensor<4x6xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<8x6xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}, tensor<f32>) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
    %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x6xf32>, tensor<f32>) -> tensor<f32>
    return %0, %1 : tensor<8x6xf32>, tensor<f32>
  }
}
'''
RNG = np.random.default_rng(3)


@pytest.fixture(scope="module")
def executable():
    return compile_module(TEXT, platform="cpu")


def test_each_argument_placed_by_its_sharding_and_each_result_gathered(executable):
    a, b = RNG.standard_normal((8, 4)).astype(np.float32), RNG.standard_normal((4, 6)).astype(np.float32)
    assert executable.partitions == 4 and executable.replicas == 1
    product, total = executable.run(a, b)
    np.testing.assert_allclose(product, a @ b, rtol=1e-5)
    np.testing.assert_allclose(total, (a @ b).sum(), rtol=1e-4)
    placed = executable.to_device(a, "a")
    assert sorted(s.data.shape for s in placed.addressable_shards) == [(2, 4)] * 4  # split by rows
    assert [s.data.shape for s in executable.to_device(b, "b").addressable_shards] == [(4, 6)] * 4  # replicated
    on_device = executable.execute_device([placed, b])
    assert sorted(s.data.shape for s in on_device[0].addressable_shards) == [(2, 6)] * 4
    np.testing.assert_allclose(np.asarray(on_device[0]), a @ b, rtol=1e-5)


def test_the_text_vitir_prints_runs_the_same(executable):
    printed = print_module(import_text(TEXT))
    assert printed.startswith("module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}")
    a, b = RNG.standard_normal((8, 4)).astype(np.float32), RNG.standard_normal((4, 6)).astype(np.float32)
    mine = compile_module(printed, platform="cpu")
    assert mine.partitions == 4
    np.testing.assert_allclose(mine.run(a, b)[0], executable.run(a, b)[0], rtol=1e-6)


def test_what_a_partitioned_executable_refuses(executable):
    with pytest.raises(VitirError, match=r"^@main is one replica partitioned over 4 devices: use run$"):
        executable.run_replicated([np.zeros((8, 4), np.float32), np.zeros((4, 6), np.float32)])
    with pytest.raises(VitirError, match=r"^@main: 2 replicas of a module of 4 partitions are not supported"):
        compile_module(TEXT, replicas=2, platform="cpu")
    # the suite's CPU backend started with 4 host devices: the one line says how many are needed
    with pytest.raises(VitirError, match=r"^the CPU backend already started with 4 device\(s\) but 64 are needed"):
        compile_module(TEXT.replace("num_partitions = 4", "num_partitions = 64"), platform="cpu")


def test_iree_refuses_a_partitioned_module_by_name():
    with pytest.raises(ConfigError) as error:
        compile_module(TEXT, backend="iree")
    assert str(error.value) == ("@main is partitioned over 4 devices (mhlo.num_partitions = 4), and IREE runs one "
                                "partition: run it with --backend pjrt")


def test_the_partition_count_is_read_from_the_module_header():
    assert partition_count(TEXT) == 4
    assert partition_count(TEXT.replace(" attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}",
                                        "")) == 1
    with pytest.raises(VitirError, match=r"^mhlo.num_partitions = 0 : i32 is not a positive count$"):
        partition_count(TEXT.replace("num_partitions = 4", "num_partitions = 0"))


UNREDUCED = '''module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []RESULT>}) {
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %r = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    return %r : tensor<f32>
  }
}
'''


@pytest.mark.parametrize("unreduced", [', unreduced={"x", "y"}', ', unreduced={"y"}'])
def test_a_result_left_unreduced_is_refused_by_name(unreduced):
    """Each device holds a partial sum that no one adds: jax cannot assemble it, so compile refuses it
    by name, where jax would fail inside its own code on the first run."""
    from vitir.errors import CompileError

    with pytest.raises(CompileError, match=r"@main: result 0 \(tensor<f32>\) is unreduced \(\{.*unreduced.*\}\)"):
        compile_module(UNREDUCED.replace("RESULT", unreduced), platform="cpu")


def test_the_same_result_reduced_runs():
    x = RNG.standard_normal(8).astype(np.float32)
    (total,) = compile_module(UNREDUCED.replace("RESULT", ""), platform="cpu").run(x)
    np.testing.assert_allclose(total, x.sum(), rtol=1e-5)
