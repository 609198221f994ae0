"""vitir's own steps across a device mesh (vitir/lower/sharding.py): the mesh flag, Megatron's
split as the parameters declare it, the annotations as JAX writes them (jaxlib's parser and JAX's
own lowering the oracles), and the partitioned step against one device over 3 steps."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.errors import ConfigError
from vitir.lower import VIT, AdamHyper, ViTConfig, adam_sched_module
from vitir.lower.sharding import DATA, MODEL, axis_size, parse_mesh
from vitir.print import print_module

CFG = ViTConfig(batch=8, channels=1, image=8, patch=4, width=16, depth=2, heads=2, mlp=32, classes=10)
HYPER = AdamHyper()
LR = 4e-3  # the 3-step tests' learning rate
# Megatron's split of a block, as the issue states it: (name, the dimension cut over "model")
MEGATRON = {"Wq": 1, "bq": 0, "Wk": 1, "bk": 0, "Wv": 1, "bv": 0, "Wo": 0, "Wfc1": 1, "bfc1": 0, "Wfc2": 0}


def test_parse_mesh_reads_axes_in_order():
    mesh = parse_mesh("data=2,model=4")
    assert [(a.name, a.size) for a in mesh.axes] == [("data", 2), ("model", 4)]
    assert axis_size(mesh, DATA) == 2 and axis_size(mesh, MODEL) == 4 and axis_size(parse_mesh("model=2"), DATA) == 1


@pytest.mark.parametrize("text, message", [
    ("data=2,pipe=2", "axis 'pipe' plays no role"),
    ("batch=2,tp=2", "axis 'batch' plays no role"),
    ("data=2,data=2", "axis 'data' is given twice"),
    ("data=0", "axis 'data' needs at least 1 device"),
    ("data:2", "expected axes as NAME=SIZE"),
])
def test_parse_mesh_refuses_by_name(text, message):
    with pytest.raises(ConfigError, match=message):
        parse_mesh(text)


@pytest.mark.parametrize("roles, message", [
    ("data=batch,model=pipe", "the mesh 'batch=2,tp=2' has no axis 'pipe'"),
    ("data=batch,data=tp", "role 'data' is given twice"),
    ("data=batch,model=batch", "axis 'batch' plays two roles"),
    ("pipeline=tp", "unknown role 'pipeline'"),
    ("data=batch", "axis 'tp' plays no role"),
])
def test_mesh_roles_refused_by_name(roles, message):
    with pytest.raises(ConfigError, match=message):
        parse_mesh("batch=2,tp=2", roles)


def test_any_axis_names_with_their_roles_give_the_same_step():
    """`--mesh batch=2,tp=2 --mesh-roles data=batch,model=tp` is data=2,model=2 under the user's names:
    the same text with the names replaced, the same numbers over three steps."""
    named = adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh("batch=2,tp=2", "data=batch,model=tp"))
    plain = adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh("data=2,model=2"))
    assert print_module(named) == print_module(plain).replace('"data"', '"batch"').replace('"model"', '"tp"')
    mesh = parse_mesh("batch=2,tp=2", {"data": "batch", "model": "tp"})
    assert axis_size(mesh, DATA) == 2 and axis_size(mesh, MODEL) == 2
    assert mesh == parse_mesh("batch=2,tp=2", "data=batch,model=tp")


def test_blocks_declare_megatrons_split():
    dims = dict(zip((name for name, _ in VIT.specs(CFG)), VIT.model_dims(CFG)))
    for i in range(CFG.depth):
        for name in ("g1", "b1", "g2", "b2", "bo", "bfc2"):
            assert dims[f"{name}_{i}"] is None
        for name, dim in MEGATRON.items():
            assert dims[f"{name}_{i}"] == dim
    assert all(dims[name] is None for name in ("wConv", "bConv", "cls", "pos", "gF", "bF", "Wc", "bc"))


def test_no_mesh_and_a_one_device_mesh_leave_the_step_as_it_was():
    plain = print_module(adam_sched_module(CFG, HYPER, lowering="fast"))
    assert print_module(adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh("data=1,model=1"))) == plain
    assert "sdy" not in plain and "mhlo" not in plain


def _parsed_shardings(text: str) -> tuple[list[str], list[str], dict]:
    """The sharding of each argument and result, and the module's attributes, as jaxlib's MLIR
    parser reads and prints them."""
    from jax._src.lib.mlir import ir

    from tests.mlir_parser import _context

    module = ir.Module.parse(text, context=_context())
    fn = next(op for op in module.body.operations if op.operation.name == "func.func")
    arg_attrs, res_attrs = fn.attributes["arg_attrs"], fn.attributes["res_attrs"]
    read = lambda attrs: [str(ir.DictAttr(a)["sdy.sharding"]) for a in attrs]  # noqa: E731
    attributes = module.operation.attributes
    own = {name: str(attributes[name]) for name in attributes}
    return read(arg_attrs), read(res_attrs), own


def test_the_sharded_step_is_shardys_text_as_jaxlib_reads_it():
    module = adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh("data=2,model=2"))
    text = print_module(module)
    assert '\n  sdy.mesh @mesh = <["data"=2, "model"=2]>\n' in text
    args, results, own = _parsed_shardings(text)
    assert own["mhlo.num_partitions"] == "4 : i32" and own["mhlo.num_replicas"] == "1 : i32"
    fn = module.main
    names = [a.name for a in fn.args]
    by_name = dict(zip(names, args))
    assert by_name["x"] == by_name["onehot"] == '#sdy.sharding<@mesh, [{"data"}, {}]>'
    assert by_name["lr"] == "#sdy.sharding<@mesh, []>"
    for suffix in ("", "m", "v"):  # a parameter, its moments alike
        assert by_name[f"Wq_0{suffix}"] == '#sdy.sharding<@mesh, [{}, {"model"}]>'
        assert by_name[f"Wo_1{suffix}"] == '#sdy.sharding<@mesh, [{"model"}, {}]>'
        assert by_name[f"bfc1_0{suffix}"] == '#sdy.sharding<@mesh, [{"model"}]>'
        assert by_name[f"bo_0{suffix}"] == "#sdy.sharding<@mesh, [{}]>"
        assert by_name[f"pos{suffix}"] == "#sdy.sharding<@mesh, [{}, {}]>"
    k = len(VIT.specs(CFG))
    assert results[:3 * k] == [by_name[n] for n in names[1:1 + 3 * k]]  # each update as its parameter
    assert results[3 * k:] == ["#sdy.sharding<@mesh, []>"] * 3  # the loss, bc1, bc2


def test_the_annotations_are_spelled_as_jax_writes_them():
    """JAX's jitted step with the same shardings writes the same text on each parameter and batch."""
    import jax
    from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

    mesh = jax.make_mesh((2, 2), (DATA, MODEL), axis_types=(AxisType.Auto,) * 2, devices=jax.devices()[:4])
    specs = []
    for (_, dims), dim in zip(VIT.specs(CFG), VIT.model_dims(CFG)):
        axes = [None] * len(dims)
        if dim is not None:
            axes[dim] = MODEL
        specs.append(NamedSharding(mesh, P(*axes)))
    shapes = [jax.ShapeDtypeStruct(dims, np.float32) for _, dims in VIT.specs(CFG)]
    batch = NamedSharding(mesh, P(DATA))
    x = jax.ShapeDtypeStruct((CFG.batch, CFG.input_features), np.float32)
    lowered = jax.jit(lambda params, x: (*[p * 2 for p in params], x), in_shardings=(specs, batch),
                      out_shardings=(*specs, batch)).lower(shapes, x)
    jax_args, _, jax_own = _parsed_shardings(lowered.as_text())
    ours, _, own = _parsed_shardings(print_module(
        adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh("data=2,model=2"))))
    k = len(shapes)
    assert ours[1:1 + k] == jax_args[:k] and ours[0] == jax_args[k]
    assert own["mhlo.num_partitions"] == jax_own["mhlo.num_partitions"]


@pytest.mark.parametrize("mesh, message", [
    ("model=4", "2 attention heads do not divide over the mesh's model=4"),
    ("data=3", "the batch of 8 does not divide over the mesh's data=3"),
    ("data=3,model=2", r"batch input %x \[8, 64\]: dimension 0 \(8\) does not divide over the mesh's data=3"),
])
def test_a_split_that_does_not_divide_is_refused_by_name(mesh, message):
    with pytest.raises(ConfigError, match=message):
        adam_sched_module(CFG, HYPER, mesh=parse_mesh(mesh))


def test_a_parameter_that_does_not_divide_is_refused_by_name():
    odd = ViTConfig(batch=8, channels=1, image=8, patch=4, width=16, depth=1, heads=4, mlp=30, classes=10)
    with pytest.raises(ConfigError, match=r"parameter %Wfc1_0 \[16, 30\]: dimension 1 \(30\) does not divide over "
                                          r"the mesh's model=4"):
        adam_sched_module(odd, HYPER, mesh=parse_mesh("model=4"))


def test_mesh_and_replicas_together_are_refused():
    with pytest.raises(ConfigError, match="give a mesh or 2 replicas, not both"):
        adam_sched_module(CFG, HYPER, 2, mesh=parse_mesh("data=2"))


# -- the partitioned step against one device ------------------------------------------------------

def _three_steps(module) -> tuple[list[tuple[str, np.ndarray]], list[float]]:
    """Each parameter and moment by name after 3 steps of `module` (any step built with its groups) from
    the same random start and batches, and each step's loss."""
    from vitir.backend import compile_module
    from vitir.lower.step_signature import signature

    rng = np.random.default_rng(0)
    ins, outs = signature(module).inputs, signature(module).outputs
    args = module.main.args

    def draw(group: str, scale: float = 1.0) -> list[np.ndarray]:
        return [(scale * rng.standard_normal(a.type.shape)).astype(np.float32) for a in ins.pick(args, group)]

    params = draw("params", 0.3)
    state = {"params": params, "m": [np.zeros_like(p) for p in params], "v": [np.zeros_like(p) for p in params]}
    exe = compile_module(print_module(module), xla_options=module.xla_options)
    losses = []
    for t in range(1, 4):
        schedule = [np.float32(LR), np.float32(1 - 0.9 ** t), np.float32(1 - 0.999 ** t)]
        results = exe(*ins.pack(leading=draw("leading"), schedule=schedule, trailing=draw("trailing"), **state))
        state = {g: [np.asarray(r) for r in outs.pick(results, g)] for g in state}
        losses.append(float(outs.pick(results, "loss")[0]))
    names = [a.name for a in ins.pick(args, "params")]
    return [(name + suffix, value) for g, suffix in (("params", ""), ("m", " (m)"), ("v", " (v)"))
            for name, value in zip(names, state[g])], losses


def _same_as_one_device(state, losses, want, mesh: str) -> None:
    want_state, want_losses = want
    np.testing.assert_allclose(losses, want_losses, rtol=1e-5)
    for (name, got), (_, value) in zip(state, want_state):
        # a key bias's gradient is exactly zero (softmax ignores a constant per row): rounding noise, which
        # AdamW's normalised step turns into a move of up to lr either way, each step
        atol = 2 * 3 * LR if name.startswith("bk_") and " (" not in name else 2e-5
        np.testing.assert_allclose(got, value, rtol=1e-4, atol=atol, err_msg=f"{name} on {mesh}")


@pytest.fixture(scope="module")
def one_device():
    return _three_steps(adam_sched_module(CFG, HYPER, lowering="fast"))


@pytest.mark.parametrize("mesh", ["data=2", "data=4", "model=2", "data=2,model=2"])
def test_sharded_steps_match_one_device_over_three_steps(mesh, one_device):
    _same_as_one_device(*_three_steps(adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh(mesh))),
                        one_device, mesh)


@pytest.mark.parametrize("mesh, roles", [("batch=2", "data=batch"), ("batch=2,tp=2", "data=batch,model=tp")])
def test_axes_of_other_names_train_as_one_device(mesh, roles, one_device):
    """The shard_map of a data axis of another name (its manual axis that name), and the partitioner's
    split over two, give one device's numbers."""
    module = adam_sched_module(CFG, HYPER, lowering="fast", mesh=parse_mesh(mesh, roles))
    assert '"data"' not in print_module(module) and '"model"' not in print_module(module)
    _same_as_one_device(*_three_steps(module), one_device, f"{mesh} ({roles})")


def test_the_dits_step_on_a_mesh_matches_one_device():
    """The adaLN-Zero DiT's blocks declare the same split; its step on data=2,model=2 is one device's."""
    from vitir.lower.denoiser import DenoiserConfig, denoiser_step_module

    dit = DenoiserConfig(batch=4, image=(8, 8), patch=4, width=16, heads=2, depth=1, mlp=32, time_features=8)
    mesh = parse_mesh("data=2,model=2")
    sharded = denoiser_step_module(dit, mesh=mesh)
    assert '{sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}' in print_module(sharded).split("Wfc1_0:")[1]
    _same_as_one_device(*_three_steps(sharded), _three_steps(denoiser_step_module(dit)), "data=2,model=2")



# -- vitir train --mesh -------------------------------------------------------------------------------

TINY = ["--epochs", "1", "--width", "16", "--heads", "2", "--depth", "1", "--mlp", "16"]


@pytest.mark.parametrize("args, message", [
    (["--mesh", "data=2", "--replicas", "2"], "give --mesh or --replicas, not both (--replicas 2 is the mesh data=2)"),
    (["--mesh", "data=2,model=4", "--heads", "2"], "2 attention heads do not divide over the mesh's model=4"),
    (["--mesh", "batch=2"], "--mesh 'batch=2': axis 'batch' plays no role; the layers shard on data and model: "
                            "name the axes so, or give their roles (--mesh-roles data=batch)"),
    (["--mesh", "batch=2,tp=4", "--mesh-roles", "data=batch,model=tp", "--heads", "2"],
     "2 attention heads do not divide over the mesh's tp=4 (model)"),
    (["--mesh-roles", "data=batch"], "--mesh-roles names the roles of --mesh's axes: give --mesh too"),
])
def test_train_refuses_a_bad_mesh_in_one_line(capsys, tmp_path, args, message):
    from tests.test_cli_train import error_of

    assert error_of(capsys, ["train", *args, "--out", str(tmp_path / "run")]) == f"vitir train: error: {message}"


def test_replicas_are_the_mesh_data_r_one_program_one_run(tmp_path):
    """`--replicas 2` trains the very program of `--mesh data=2` (its step text byte for byte), to the same bits,
    and `--mesh` over two processes splits the mesh's devices between them."""
    from vitir.cli import main
    from vitir.train.checkpoint import load_checkpoint
    from vitir.train.trainer import TrainConfig

    assert TrainConfig(replicas=2).step_mesh() == parse_mesh("data=2") and TrainConfig().step_mesh() is None
    assert TrainConfig(processes=2).step_mesh() == parse_mesh("data=2")  # one device in each of 2 processes
    assert TrainConfig(replicas=2, processes=2).step_mesh() == parse_mesh("data=4")
    assert TrainConfig(mesh="data=2,model=2", processes=2).devices_per_process == 2
    with pytest.raises(ConfigError, match="the mesh data=3's 3 devices do not split evenly over 2 processes"):
        TrainConfig(mesh="data=3", processes=2)
    runs = {}
    for name, flags in (("replicas", ["--replicas", "2"]), ("mesh", ["--mesh", "data=2"])):
        assert main(["train", *flags, "--batch", "32", *TINY, "--out", str(tmp_path / name)]) == 0
        runs[name] = ((tmp_path / name / "train_step.mlir").read_text(), load_checkpoint(tmp_path / name))
    (text, replicas), (mesh_text, mesh) = runs["replicas"], runs["mesh"]
    assert text == mesh_text and '  sdy.mesh @mesh = <["data"=2]>\n' in text
    # data parallel alone: one data shard's step per device, its gradients in one all_reduce, the loss in another
    assert text.count("sdy.manual_computation") == 1 and text.count('"stablehlo.all_reduce"(%arcat)') == 1
    assert text.count("stablehlo.all_reduce") == 2
    assert replicas.step == mesh.step > 0
    assert all(np.array_equal(a, b) for a, b in zip(replicas.params, mesh.params))


def test_train_on_a_mesh_follows_one_device_with_the_same_global_batch(tmp_path):
    """data=2,model=2 with --batch 32 is the step of 64 images partitioned over 4 devices: after an epoch
    its weights are one device's with --batch 64, to float rounding."""
    from vitir.cli import main
    from vitir.train.checkpoint import load_checkpoint

    assert main(["train", "--mesh", "data=2,model=2", "--batch", "32", *TINY, "--out", str(tmp_path / "mesh")]) == 0
    assert main(["train", "--batch", "64", *TINY, "--out", str(tmp_path / "one")]) == 0
    assert '  sdy.mesh @mesh = <["data"=2, "model"=2]>\n' in (tmp_path / "mesh" / "train_step.mlir").read_text()
    sharded, single = load_checkpoint(tmp_path / "mesh"), load_checkpoint(tmp_path / "one")
    assert sharded.step == single.step > 0
    for got, want in zip(sharded.params, single.params):
        np.testing.assert_allclose(got, want, atol=2e-3)


def test_render_prints_the_step_on_a_mesh(tmp_path, capsys):
    from vitir.cli import main

    small = ["--image", "8", "--patch", "4", "--channels", "1", "--width", "16", "--depth", "1", "--heads", "2",
             "--mlp", "32", "--batch", "4"]
    out = tmp_path / "step.mlir"
    assert main(["render", "adam-sched", "--mesh", "data=2,model=2", *small, "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {\n"
                           '  sdy.mesh @mesh = <["data"=2, "model"=2]>\n')
    assert '%x: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}' in text  # 4 per data shard
    from tests.mlir_parser import mlir_error
    assert mlir_error(text) is None


def test_render_refuses_a_mesh_on_a_module_without_one(capsys):
    from tests.test_cli_train import error_of

    assert error_of(capsys, ["render", "sgd", "--mesh", "data=2"]) == \
        "vitir render: error: --mesh applies only to adam-sched, not sgd"


@pytest.mark.parametrize("given, message", [
    (dict(model="unet", mesh="data=2", replicas=4), "give a mesh or 4 replicas, not both"),
    (dict(mesh="data=2", replicas=2), "give a mesh or 2 replicas, not both"),
    (dict(mesh="model=8"), "4 attention heads do not divide over the mesh's model=8"),
])
def test_diffuse_refuses_a_mesh_it_cannot_take(given, message):
    from vitir.diffusion.train_image import ImageDiffusionConfig

    with pytest.raises(ConfigError, match=message):
        ImageDiffusionConfig(**given)


def test_diffuse_on_a_mesh_steps_the_whole_batch():
    from vitir.data import load_dataset
    from vitir.diffusion.train_image import ImageDenoiserTask, ImageDiffusionConfig

    cfg = ImageDiffusionConfig(mesh="data=2,model=2", batch=16, width=16, depth=1, heads=2, mlp=32)
    task = ImageDenoiserTask(cfg, load_dataset("digits"))
    assert task.global_batch == 32 and task.model.batch == 32
    assert '  sdy.mesh @mesh = <["data"=2, "model"=2]>\n' in print_module(task.step_module())


def test_a_constraint_and_annotations_built_by_hand_read_as_jax_writes_them():
    """A function built with the builder, a sharding constraint in its middle and shardings on its arguments
    and result: the text JAX lowers for the same jitted function, as jaxlib reads both."""
    import jax
    from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

    from vitir.ast import FunctionBuilder, Module, TensorType
    from vitir.lower.sharding import annotate, with_sharding_constraint

    mesh = parse_mesh("data=2,model=2")
    fb = FunctionBuilder("main")
    x, w = fb.arg("x", TensorType((8, 4))), fb.arg("w", TensorType((4, 6)))
    y = fb.dot_general("y", x, w, ([1], [0]))
    z = with_sharding_constraint(fb, "z", y, mesh, (DATA, MODEL))
    module = annotate(Module([fb.ret(fb.tanh("t", z))]), mesh, [(DATA, None), (None, MODEL)], [(DATA, None)])
    ours = print_module(module)
    assert '%z = sdy.sharding_constraint %y <@mesh, [{"data"}, {"model"}]> : tensor<8x6xf32>\n' in ours

    jmesh = jax.make_mesh((2, 2), (DATA, MODEL), axis_types=(AxisType.Auto,) * 2, devices=jax.devices()[:4])
    spec = lambda *axes: NamedSharding(jmesh, P(*axes))  # noqa: E731
    jitted = jax.jit(lambda x, w: jax.numpy.tanh(jax.lax.with_sharding_constraint(x @ w, spec(DATA, MODEL))),
                     in_shardings=(spec(DATA, None), spec(None, MODEL)), out_shardings=spec(DATA, None))
    theirs = jitted.lower(jax.ShapeDtypeStruct((8, 4), np.float32), jax.ShapeDtypeStruct((4, 6), np.float32)).as_text()
    assert _parsed_shardings(ours)[:2] == _parsed_shardings(theirs)[:2]
    assert "sdy.sharding_constraint %0 <@mesh, [{\"data\"}, {\"model\"}]> : tensor<8x6xf32>" in theirs


def test_a_constraint_on_an_axis_the_mesh_lacks_is_refused_by_name():
    from vitir.ast import FunctionBuilder, TensorType
    from vitir.lower.sharding import with_sharding_constraint

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((8, 4)))
    with pytest.raises(ConfigError, match="axis 'modle' is not in the mesh data=2,model=2"):
        with_sharding_constraint(fb, "y", x, parse_mesh("data=2,model=2"), ("data", "modle"))


def test_the_data_parallel_step_reads_back_and_the_evaluator_runs_it_per_device_as_xla_does():
    """The mesh data=2 step (a manual computation over "data" with the gradients' one all_reduce over the
    partitions) prints, reads back to the same text (the all_reduce_mean folded back with its channel),
    and the evaluator, running its body on each device, gives XLA's partitioned results."""
    from vitir.backend import compile_module
    from vitir.evaluate import evaluate
    from vitir.mlir import import_text
    from vitir.train.init import init_params

    cfg = ViTConfig(batch=8, channels=1, image=8, patch=4, width=16, depth=1, heads=2, mlp=32, classes=10)
    module = adam_sched_module(cfg, HYPER, lowering="fast", mesh=parse_mesh("data=2"))
    text = print_module(module)
    assert print_module(import_text(text)) == text
    params = init_params(cfg, 0)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 64)).astype(np.float32)
    onehot = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 8)]
    args = [x, *params, *[np.zeros_like(p) for p in params] * 2, np.float32(1e-3), np.float32(0.1),
            np.float32(1e-3), onehot]
    for got, want in zip(evaluate(module, *args), compile_module(text).run(*args)):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
