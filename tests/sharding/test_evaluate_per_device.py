"""The evaluator runs a sharded program's per-device code: an `sdy.manual_computation`, and in GSPMD's form
the body between `@SPMDFullToShardShape` and `@SPMDShardToFullShape`, on one partition per device of the
mesh, its collectives meeting across them.

Oracles: JAX's own shard_map programs (psum, all_gather, ppermute, psum_scatter, all_to_all, axis_index on
meshes of 2, 4 and (2, 2) devices, one with a free axis), lowered at test time in both forms and run by JAX
on 4 host devices; `vitir run` (XLA's partitioner) on the same text; and XLA on hand-written modules of what
JAX does not write (a mesh's device order, sub-axes, a result unreduced over a manual axis)."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text

pytest.importorskip("jax")

from tests.sharding.jax_programs import lowered, vitir_run  # noqa: E402

NAMES = ("psum_4", "all_gather_axis_index_4", "ppermute_psum_scatter_2", "all_to_all_4", "mesh_2x2",
         "free_axis_2x2")
FORMS = ("shardy", "gspmd")
ENTERS = {"shardy": "sdy.manual_computation", "gspmd": "stablehlo.custom_call @SPMDFullToShardShape"}


@pytest.fixture(scope="module", params=FORMS)
def programs(request):
    made = lowered(request.param, "shard_map")
    for program in made.values():
        program["inputs"] = [np.asarray(a, np.float32) for a in program["inputs"]]
        program["outputs"] = [np.asarray(a, np.float32) for a in program["outputs"]]
    return request.param, made


def _evaluated(program) -> list[np.ndarray]:
    got = evaluate(import_text(program["text"]), *program["inputs"])
    assert len(got) == len(program["outputs"])
    return list(got)


@pytest.mark.parametrize("name", NAMES)
def test_the_evaluator_gives_jaxs_answer(programs, name):
    form, made = programs
    program = made[name]
    assert ENTERS[form].split()[-1] in program["text"]  # per-device code, in the form asked for
    for mine, theirs in zip(_evaluated(program), program["outputs"]):
        np.testing.assert_allclose(mine, theirs, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", NAMES)
def test_vitir_run_gives_the_evaluators_answer(programs, name, tmp_path):
    form, made = programs
    program = made[name]
    run = vitir_run(tmp_path, name, program["text"], program["inputs"])
    for mine, theirs in zip(_evaluated(program), run):
        np.testing.assert_allclose(mine, theirs, rtol=1e-5, atol=1e-6)


def test_the_body_runs_once_per_device(programs):
    """The per-device code sees each device's block and id: axis_index times the block, gathered back."""
    form, made = programs
    program = made["all_gather_axis_index_4"]
    (a,) = program["inputs"]
    gathered, scaled = _evaluated(program)
    np.testing.assert_array_equal(gathered, a)
    np.testing.assert_array_equal(scaled, a * np.repeat(np.arange(4, dtype=np.float32), 2)[:, None])


def test_what_cannot_run_outside_its_module(programs):
    """Per-device code needs the module: its partition count and meshes. Evaluating its function alone names the
    op, its SSA name and why."""
    form, made = programs
    module = import_text(made["psum_4"]["text"])
    why = ("its mesh @mesh is not a symbol of what was evaluated" if form == "shardy" else
           "it begins or ends per-device code \\(shard_map's\\), which runs on each partition, and the evaluator runs "
           "one")
    with pytest.raises(EvaluationError, match=f"^{ENTERS[form]} %v\\d+: {why}"):
        evaluate(module.main, *made["psum_4"]["inputs"])


# -- hand-written modules, XLA the oracle --------------------------------------------------------------

def _manual(mesh: str, in_sharding: str, out_sharding: str, manual: str, body: str, local_in: str, local_out: str,
            whole_in: str = "8x2", whole_out: str = "8x2") -> str:
    return f'''module @m attributes {{mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}} {{
  sdy.mesh @mesh = {mesh}
  func.func @main(%a: tensor<{whole_in}xf32>) -> tensor<{whole_out}xf32> {{
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, {in_sharding}>] out_shardings=[<@mesh, {out_sharding}>] manual_axes={manual} (%b: tensor<{local_in}xf32>) {{
{body}
      sdy.return %r : tensor<{local_out}xf32>
    }} : (tensor<{whole_in}xf32>) -> tensor<{whole_out}xf32>
    return %0 : tensor<{whole_out}xf32>
  }}
}}
'''


def _plus_device_id(local: str, result: str = "%r") -> str:
    return f'''      %p = stablehlo.partition_id : tensor<ui32>
      %f = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
      %g = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<{local}xf32>
      {result} = stablehlo.add %b, %g : tensor<{local}xf32>'''


HAND_WRITTEN = {
    # mesh position k is device 3 - k: each block gets the id of the device at its position
    "device_order": _manual('<["x"=4], device_ids=[3, 2, 1, 0]>', '[{"x"}, {}]', '[{"x"}, {}]', '{"x"}',
                            _plus_device_id("2x2"), "2x2", "2x2"),
    # the major half of "x": devices 0, 1 hold block 0 and 2, 3 block 1 (device 0's and 2's results kept)
    "sub_axis": _manual('<["x"=4]>', '[{"x":(1)2}, {}]', '[{"x":(1)2}, {}]', '{"x"}', _plus_device_id("4x2"),
                        "4x2", "4x2"),
    # "y" major in the operand's dimension, "x" alone in the result's: the result replicated over "y"
    "axes_reordered": _manual('<["x"=2, "y"=2]>', '[{"y", "x"}, {}]', '[{"x"}, {}]', '{"x", "y"}',
                              _plus_device_id("2x2", "%s") + "\n      %r = stablehlo.concatenate %s, %s, dim = 0 : "
                              "(tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>", "2x2", "4x2"),
    # a result unreduced over the manual axis: the sum of every device's part
    "unreduced_result": _manual('<["x"=4]>', '[{"x"}, {}]', '[{}, {}], unreduced={"x"}', '{"x"}',
                                "      %r = stablehlo.add %b, %b : tensor<2x2xf32>", "2x2", "2x2", whole_out="2x2"),
}


@pytest.fixture(scope="module")
def xla():
    from vitir.backend import compile_module

    return lambda text, *inputs: compile_module(text, platform="cpu").run(*inputs)


@pytest.mark.parametrize("name", sorted(HAND_WRITTEN))
def test_mesh_orders_sub_axes_and_unreduced_results_as_xla(name, xla):
    text = HAND_WRITTEN[name]
    a = np.arange(16, dtype=np.float32).reshape(8, 2)
    (mine,) = evaluate(import_text(text), a)
    (theirs,) = xla(text, a)
    np.testing.assert_array_equal(mine, theirs)


def test_an_operand_unreduced_over_a_manual_axis_is_refused():
    text = _manual('<["x"=2, "y"=2]>', '[{"x"}, {}], unreduced={"y"}', '[{"x"}, {}]', '{"x", "y"}',
                   "      %r = stablehlo.negate %b : tensor<4x2xf32>", "4x2", "4x2")
    with pytest.raises(EvaluationError, match=r'^sdy.manual_computation %v0: operand 0 is unreduced over the manual '
                                              r'axes \{"y"\}; which parts sum to the whole tensor'):
        evaluate(import_text(text), np.zeros((8, 2), np.float32))
    (whole,) = evaluate(import_text(text.replace(', unreduced={"y"}', "")), np.ones((8, 2), np.float32))
    np.testing.assert_array_equal(whole, -np.ones((8, 2), np.float32))


def test_an_op_the_body_cannot_run_is_named():
    body = '      %r = stablehlo.custom_call @my_kernel(%b) : (tensor<2x2xf32>) -> tensor<2x2xf32>'
    text = _manual('<["x"=4]>', '[{"x"}, {}]', '[{"x"}, {}]', '{"x"}', body, "2x2", "2x2")
    with pytest.raises(EvaluationError, match=r"^stablehlo.custom_call %r: vitir does not evaluate"):
        evaluate(import_text(text), np.zeros((8, 2), np.float32))


def _gspmd(tiles: str, local: str = "2x3", body: str | None = None) -> str:
    body = body or _plus_device_id(local, "%2").replace("%b", "%1")
    return f'''module @m attributes {{mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func @main(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {{
    %0 = stablehlo.custom_call @Sharding(%a) {{mhlo.sharding = "{tiles}"}} : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {{mhlo.sharding = "{{manual}}"}} : (tensor<4x6xf32>) -> tensor<{local}xf32>
{body}
    %3 = stablehlo.custom_call @Sharding(%2) {{mhlo.sharding = "{{manual}}"}} : (tensor<{local}xf32>) -> tensor<{local}xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {{mhlo.sharding = "{tiles}"}} : (tensor<{local}xf32>) -> tensor<4x6xf32>
    return %4 : tensor<4x6xf32>
  }}
}}
'''


@pytest.mark.parametrize("tiles", ["{devices=[2,2]<=[4]}", "{devices=[2,2]<=[2,2]T(1,0)}", "{devices=[2,2]3,1,0,2}",
                                   "{devices=[4,1]<=[4]}"])
def test_gspmd_tile_assignments_as_xla(tiles, xla):
    """Each device's block by the tile assignment (an iota, transposed, listed): its id added to it."""
    local = "1x6" if tiles == "{devices=[4,1]<=[4]}" else "2x3"
    text = _gspmd(tiles, local)
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    (mine,) = evaluate(import_text(text), a)
    (theirs,) = xla(text, a)
    np.testing.assert_array_equal(mine, theirs)


def test_a_sharding_the_evaluator_does_not_read_is_named():
    text = _gspmd("{maximal device=0}")
    with pytest.raises(EvaluationError, match=r"^stablehlo.custom_call @SPMDFullToShardShape %v1: the evaluator does "
                                              r"not read the sharding \{maximal device=0\}"):
        evaluate(import_text(text), np.zeros((4, 6), np.float32))
    # tiles that are not the per-device blocks (XLA's partitioner refuses them too)
    with pytest.raises(EvaluationError, match=r"^stablehlo.custom_call @SPMDFullToShardShape %v1: dimension 1 of 6 "
                                              r"elements in 2 tile\(s\) does not make the per-device shape's 6"):
        evaluate(import_text(_gspmd("{devices=[2,2]<=[4]}", "2x6")), np.zeros((4, 6), np.float32))


# -- Shardy's explicit all_reduce and reduce_scatter in the global view ----------------------------------

_PARTIAL_PRODUCT = '''module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}], unreduced={"y"}>]>} : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
    %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x6xf32>
    %2 = sdy.reduce_scatter [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<4x6xf32>
    return %1, %2 : tensor<4x6xf32>, tensor<4x6xf32>
  }
}
'''


def test_all_reduce_and_reduce_scatter_of_partial_results_are_the_whole_value():
    """As Shardy writes them (its explicit reshards of a contraction over a dimension sharded on "y"), the
    operand's parts on "y" are partial sums: the whole tensor the evaluator holds is already their sum, which
    all_reduce makes whole on every device and reduce_scatter splits; neither changes the global value."""
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((4, 8)).astype(np.float32), rng.standard_normal((8, 6)).astype(np.float32)
    reduced, scattered = evaluate(import_text(_PARTIAL_PRODUCT), a, b)
    np.testing.assert_allclose(reduced, a @ b, rtol=1e-5)
    np.testing.assert_allclose(scattered, a @ b, rtol=1e-5)


def test_all_reduce_over_a_free_axis_inside_a_manual_computation():
    """Shardy's own example: inside a manual computation over "x", the body sees "y" (free) whole, unreduced
    over "y"; the all_reduce over "y" leaves it, and the body's result is |a| by blocks of "x"."""
    text = '''module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}], unreduced={"y"}>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%b: tensor<4xf32>) {
      %1 = stablehlo.abs %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"y"}>]>} : tensor<4xf32>
      %2 = sdy.all_reduce {"y"} %1 out_sharding=<@mesh, [{}]> : tensor<4xf32>
      sdy.return %2 : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
'''
    a = np.linspace(-2, 2, 8, dtype=np.float32)
    np.testing.assert_array_equal(evaluate(import_text(text), a)[0], np.abs(a))


def test_a_shardy_collective_over_an_axis_manual_around_it_is_refused():
    """Inside a manual computation over "x" each device holds its own block: an sdy.all_reduce over "x" there
    (which Shardy's verifier refuses) would sum blocks the whole-tensor meaning does not see."""
    body = '''      %r = sdy.all_reduce {"x"} %b out_sharding=<@mesh, [{}, {}]> : tensor<2x2xf32>'''
    text = _manual('<["x"=4]>', '[{"x"}, {}]', '[{"x"}, {}]', '{"x"}', body, "2x2", "2x2")
    with pytest.raises(EvaluationError, match=r"^sdy.all_reduce %r: it names the axes 'x', which are manual here"):
        evaluate(import_text(text), np.zeros((8, 2), np.float32))
