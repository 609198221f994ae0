"""The UNet's step across a device mesh: each pair of convBn units split as Megatron splits an MLP (the
first by output channels, the second by input channels), the step against one device over 3 steps, the
per-device layout XLA's partitioner gives the weights, and a model axis that does not divide refused by name."""

from __future__ import annotations

import re

import pytest

from tests.test_sharding_layers import _same_as_one_device, _three_steps
from vitir.errors import ConfigError
from vitir.lower import unet
from vitir.lower.sharding import parse_mesh
from vitir.print import print_module

pytest.importorskip("jax")

# One of each layer kind, two convbn layers in a row (a pair of their own), at 8x8: fast to compile.
LAYERS = (("down", 1, 8), ("convbn", 8, 16), ("convbn", 16, 16), ("up", 16, 8), ("conv", 8, 1))
GROUP = unet.UNetConfig(batch=4, image=(8, 8), layers=LAYERS, norm="group", groups=2, activation="silu",
                        time_features=4, embed=8, input_skip=True)
BATCH = unet.UNetConfig(batch=4, image=(8, 8), layers=LAYERS)  # BatchNorm with running statistics, ReLU


def _dims(cfg) -> dict:
    return dict(zip((name for name, _ in unet.all_specs(cfg)), unet.model_dims(cfg)))


def test_each_pair_of_units_is_split_by_output_then_input_channels():
    # units: down (0, 1), the two convbn layers (2, 3), up (4, 5), the output conv (6)
    dims = _dims(BATCH)
    for first, second in ((0, 1), (2, 3), (4, 5)):
        assert [dims[f"{n}{first}"] for n in ("W", "g", "bt", "rm", "rv")] == [0] * 5
        assert [dims[f"{n}{second}"] for n in ("W", "g", "bt", "rm", "rv")] == [1, None, None, None, None]
    assert dims["W6"] is dims["b6"] is dims["bnsteps"] is None
    film = _dims(GROUP)
    assert all(film[name] is None for name in unet.TIME_PARAMS)


def test_a_convbn_layer_without_a_neighbour_stays_whole():
    lone = unet.UNetConfig(batch=2, image=(4, 4), layers=(("convbn", 1, 8), ("conv", 8, 1)))
    assert unet.unit_splits(lone) == [None, None] and set(unet.model_dims(lone)) == {None}
    three = (("convbn", 1, 8), ("convbn", 8, 8), ("convbn", 8, 8), ("conv", 8, 1))
    assert unet.unit_splits(unet.UNetConfig(batch=2, image=(4, 4), layers=three)) == ["column", "row", None, None]


def test_no_mesh_and_a_one_device_mesh_leave_the_step_as_it_was():
    plain = print_module(unet.unet_step_module(GROUP))
    assert print_module(unet.unet_step_module(GROUP, mesh=parse_mesh("data=1,model=1"))) == plain
    assert "sdy" not in plain and "mhlo" not in plain


def test_the_sharded_step_annotates_each_weight():
    module = unet.unet_step_module(GROUP, mesh=parse_mesh("data=2,model=2"))
    text = print_module(module)
    for name, sharding in (("W0", '[{"model"}, {}, {}, {}]'), ("W1", '[{}, {"model"}, {}, {}]'),
                           ("g0", '[{"model"}]'), ("g1", "[{}]"), ("x", '[{"data"}, {}]')):
        assert re.search(rf"%{name}: tensor<[0-9x]+xf32> \{{sdy.sharding = #sdy.sharding<@mesh, "
                         rf"{re.escape(sharding)}>\}}[,)]", text), name


@pytest.fixture(scope="module")
def group_one_device():
    return _three_steps(unet.unet_step_module(GROUP))


@pytest.mark.parametrize("mesh", ["model=2", "data=2,model=2", "model=4"])  # at 4, a group spans 2 devices
def test_the_groupnorm_unets_step_on_a_mesh_matches_one_device(mesh, group_one_device):
    _same_as_one_device(*_three_steps(unet.unet_step_module(GROUP, mesh=parse_mesh(mesh))), group_one_device, mesh)


def test_the_batchnorm_unets_step_on_a_mesh_matches_one_device():
    """BatchNorm's statistics are the whole batch's across the data shards: the running ones match too."""
    _same_as_one_device(*_three_steps(unet.unet_step_module(BATCH, mesh=parse_mesh("data=2,model=2"))),
                        _three_steps(unet.unet_step_module(BATCH)), "data=2,model=2")


@pytest.fixture(scope="module")
def group_on_model_2():
    from vitir.backend import compile_module

    module = unet.unet_step_module(GROUP, mesh=parse_mesh("model=2"))
    return module, compile_module(print_module(module), xla_options=module.xla_options)


def test_each_device_holds_half_of_every_split_weight(group_on_model_2):
    """The partitioner's own layout of the compiled step's arguments: a split weight's shard is half of it."""
    from vitir.lower.step_signature import signature

    module, exe = group_on_model_2
    args = module.main.args
    params = signature(module).inputs.pick(list(range(len(args))), "params")
    split = dict(zip(params, unet.model_dims(GROUP)))
    for i in params:
        shape = args[i].type.shape
        want = list(shape)
        if split[i] is not None:
            want[split[i]] //= 2
        assert list(exe.input_shardings[i].shard_shape(shape)) == want, args[i].name


def test_the_partitioner_inserts_megatrons_all_reduces_and_gathers_film_gradients(group_on_model_2):
    """XLA's partitioned program: an all-reduce after each pair's second convolution (3) and after the
    backward of each pair's first whose input takes a gradient (2: not the image's), an all-gather of each
    column unit's FiLM scale and shift gradients (3 units, 2 each), and nothing else."""
    module, exe = group_on_model_2
    text = exe._loaded.hlo_modules()[0].to_string()  # the compiled module, after SPMD partitioning
    kinds = re.findall(r"= [^=]*? (all-reduce|all-gather|all-to-all|collective-permute|reduce-scatter)(?:-start)?\(",
                       text)
    assert sorted(kinds) == ["all-gather"] * 6 + ["all-reduce"] * 5
    assert unet.unit_splits(GROUP).count("column") == 3


@pytest.mark.parametrize("mesh, message", [
    ("model=3", r"parameter %W0 \[8, 1, 3, 3\]: dimension 0 \(8\) does not divide over the mesh's model=3"),
    ("model=16", r"parameter %W0 \[8, 1, 3, 3\]: dimension 0 \(8\) does not divide over the mesh's model=16"),
])
def test_a_model_axis_that_does_not_divide_the_channels_is_refused_by_name(mesh, message):
    with pytest.raises(ConfigError, match=message):
        unet.unet_step_module(GROUP, mesh=parse_mesh(mesh))


def test_a_mesh_with_replicas_is_refused():
    with pytest.raises(ConfigError, match="give a mesh or 2 replicas, not both"):
        unet.unet_step_module(GROUP, replicas=2, mesh=parse_mesh("data=2"))


def test_diffuse_refuses_a_mesh_the_unets_channels_do_not_divide_before_it_trains(capsys, tmp_path):
    from tests.test_cli_train import error_of

    out = tmp_path / "run"
    assert error_of(capsys, ["diffuse", "--data", "digits", "--model", "unet", "--mesh", "model=3", "--epochs", "1",
                             "--out", str(out)]) == ("vitir diffuse: error: parameter %W0 [16, 1, 3, 3]: dimension 0 "
                                                     "(16) does not divide over the mesh's model=3")
    assert not out.exists()


@pytest.mark.parametrize("given, replicas, batch", [
    (dict(mesh="data=2,model=2"), 1, 16), (dict(mesh="model=2"), 1, 32), (dict(mesh="data=4", batch=4), 1, 4),
])
def test_the_unet_on_a_mesh_splits_its_batch_over_data_not_replicas(given, replicas, batch):
    from vitir.diffusion.train_image import ImageDiffusionConfig

    cfg = ImageDiffusionConfig(model="unet", **given)
    assert (cfg.replicas, cfg.batch, cfg.global_batch) == (replicas, batch, 32 if "batch" not in given else 16)
