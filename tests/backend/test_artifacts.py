"""Programs in binary forms, in and out: MLIR bytecode and portable artifacts (made by jaxlib) and
jax.export artifacts (made by jax) read by every command by content; `vitir run` on a jax.export
artifact computes what `exp.call` does; `vitir export` writes artifacts that `jax.export` calls."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from vitir.backend.program_input import BYTECODE, JAX_EXPORT, TEXT, read_program
from vitir.cli import main
from vitir.errors import FileError
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.print import print_module

RNG = np.random.default_rng(0)


def mlp(x, w, unused):
    return jnp.tanh(x @ w), jnp.sum(x, axis=0)


ARGS = (jax.ShapeDtypeStruct((2, 3), np.float32), jax.ShapeDtypeStruct((3, 4), np.float32),
        jax.ShapeDtypeStruct((5,), np.float32))


def _arrays():
    return [RNG.normal(size=a.shape).astype(a.dtype) for a in ARGS]


@pytest.fixture(scope="module")
def forms(tmp_path_factory):
    """The same program as text, MLIR bytecode, a portable artifact and jax.export artifacts (one
    platform and two), written by jax and jaxlib."""
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir
    from jax._src.lib.mlir.dialects import hlo

    folder = tmp_path_factory.mktemp("forms")
    exported = jax.export.export(jax.jit(mlp))(*ARGS)
    text = exported.mlir_module()
    module = ir.Module.parse(text, context=jax_mlir.make_ir_context())
    files = {
        "text": text.encode(),
        "bytecode": jax_mlir.module_to_bytecode(module),
        "portable": hlo.serialize_portable_artifact_str(text, "1.0.0"),
        "exported": exported.serialize(),
        "exported2": jax.export.export(jax.jit(mlp), platforms=["cpu", "cuda"])(*ARGS).serialize(),
    }
    paths = {}
    for name, data in files.items():
        paths[name] = folder / f"program_{name}.bin"  # one extension for all: the content decides
        paths[name].write_bytes(bytes(data))
    return paths


def test_every_form_reads_to_the_same_module(forms):
    want = print_module(import_text(read_program(forms["text"]).text))
    for name, form in (("text", TEXT), ("bytecode", BYTECODE), ("portable", BYTECODE), ("exported", JAX_EXPORT)):
        program = read_program(forms[name])
        assert program.form == form, name
        assert print_module(import_text(program.text)) == want, name


def test_a_jax_export_artifact_says_its_calling_convention(forms):
    exported = read_program(forms["exported2"]).exported
    assert exported.in_avals == (((2, 3), "float32"), ((3, 4), "float32"), ((5,), "float32"))
    assert exported.out_avals == (((2, 4), "float32"), ((3,), "float32"))
    assert exported.platforms == ("cpu", "cuda") and exported.nr_devices == 1
    assert exported.kept_arguments == (0, 1)  # jax drops the unused argument
    assert exported.calling_convention_version >= 9


@pytest.mark.parametrize("name", ["exported", "exported2"])
def test_vitir_run_on_a_jax_export_artifact_computes_what_exp_call_does(forms, name, tmp_path):
    arrays = _arrays()
    np.savez(tmp_path / "in.npz", **{f"arg{i}": a for i, a in enumerate(arrays)})
    assert main(["run", str(forms[name]), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz")]) == 0
    got = np.load(tmp_path / "out.npz")
    want = jax.export.deserialize(bytearray(forms[name].read_bytes())).call(*arrays)
    for i, w in enumerate(want):
        np.testing.assert_array_equal(got[f"out{i}"], np.asarray(w))


def test_vitir_run_names_a_missing_artifact_argument(forms, tmp_path, capsys):
    arrays = _arrays()
    np.savez(tmp_path / "in.npz", arg0=arrays[0], arg1=arrays[1])
    assert main(["run", str(forms["exported"]), "--inputs", str(tmp_path / "in.npz"), "--out",
                 str(tmp_path / "out.npz")]) == 1
    assert "inputs lack 'arg2' (@mlp takes arg0, arg1, arg2)" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["check"], ["fmt"], ["fmt", "--ast"], ["opt", "-p", "cse"], ["grad", "--vjp"]])
def test_the_commands_take_every_form(forms, command, capsys):
    for name in ("bytecode", "portable", "exported"):
        assert main([*command, str(forms[name])]) == 0, (command, name)
    capsys.readouterr()


def test_bytes_of_no_form_are_refused_by_name(tmp_path):
    path = tmp_path / "junk.bin"
    path.write_bytes(b"\x00\x01\x02 not a program")
    with pytest.raises(FileError, match=r"neither StableHLO text, MLIR bytecode \(ML\\xefR\) nor a jax.export artifact"):
        read_program(path)


SIMPLE = """func.func @step(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>) {
  %0 = stablehlo.multiply %x, %y : tensor<2x3xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3xf32>
}
"""


@pytest.mark.parametrize("platforms", ["cpu", "cpu,cuda"])
def test_vitir_export_writes_what_jax_export_calls_to_vitirs_numbers(tmp_path, platforms, capsys):
    source = tmp_path / "step.mlir"
    source.write_text(SIMPLE)
    out = tmp_path / "step.jaxexp"
    assert main(["export", str(source), "-o", str(out), "--platforms", platforms]) == 0
    exported = jax.export.deserialize(bytearray(out.read_bytes()))
    assert exported.platforms == tuple(platforms.split(",")) and exported.fun_name == "step"
    x, y = RNG.normal(size=(2, 3)).astype(np.float32), RNG.normal(size=(2, 3)).astype(np.float32)
    got = exported.call(x, y)
    want = evaluate(import_text(SIMPLE).main, x, y)  # vitir's numpy evaluator
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), w)
    # and the artifact reads back in vitir: the same function, as @main
    assert print_module(import_text(read_program(out).text)).count("stablehlo.multiply") == 1
    capsys.readouterr()


def test_vitir_export_refuses_what_jax_export_cannot_hold(tmp_path, capsys):
    source = tmp_path / "dyn.mlir"
    source.write_text("func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n  return %x : tensor<?xf32>\n}\n")
    assert main(["export", str(source), "-o", str(tmp_path / "x.jaxexp")]) == 1
    assert "argument 0 is tensor<?xf32>; a jax.export artifact of vitir's takes static tensors" in capsys.readouterr().err


def test_the_example_calls_a_sharded_vit_step_from_jax_over_4_devices(capsys):
    """examples/export_to_jax.py: the AdamW ViT step over data=2, model=2, exported by vitir and called
    by JAX on 4 host devices (tests/conftest.py starts 4), equals vitir's own run bit for bit."""
    if len(jax.devices("cpu")) < 4:
        pytest.skip("needs 4 host devices")
    spec = importlib.util.spec_from_file_location("export_to_jax",
                                                  Path(__file__).parents[2] / "examples" / "export_to_jax.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    from_jax, from_vitir = example.main()
    assert len(from_jax) == len(from_vitir) == 75
    for a, b in zip(from_jax, from_vitir):
        np.testing.assert_array_equal(a, b)
    out = capsys.readouterr().out
    assert "@vit_adam_train_step over 4 devices (data, model = 2 x 2): 77 arguments, 75 results" in out


def test_vitir_check_says_an_artifacts_calling_convention(forms, capsys):
    assert main(["check", str(forms["exported2"])]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first.endswith(": jax.export artifact: @mlp for cpu, cuda on 1 device, calling convention "
                          f"{read_program(forms['exported2']).exported.calling_convention_version}, 3 arguments "
                          "(2 kept by the module), 2 results")
    assert second.endswith(": OK: @main: 3 arguments, 7 ops, 2 results")  # the platform index, x and w


def test_vitir_run_on_a_sharded_jax_export_artifact_computes_what_exp_call_does(tmp_path, capsys):
    """An artifact of a function jax partitioned over a 2x2 mesh: vitir runs its module over 4 devices."""
    if len(jax.devices("cpu")) < 4:
        pytest.skip("needs 4 host devices")
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    mesh = Mesh(np.array(jax.devices("cpu")[:4]).reshape(2, 2), ("x", "y"))
    shardings = NamedSharding(mesh, PartitionSpec("x", None)), NamedSharding(mesh, PartitionSpec(None, "y"))
    exported = jax.export.export(jax.jit(lambda a, b: (jnp.tanh(a @ b), a.sum()), in_shardings=shardings))(
        jax.ShapeDtypeStruct((4, 6), np.float32), jax.ShapeDtypeStruct((6, 8), np.float32))
    (tmp_path / "sharded.bin").write_bytes(bytes(exported.serialize()))
    a, b = RNG.normal(size=(4, 6)).astype(np.float32), RNG.normal(size=(6, 8)).astype(np.float32)
    np.savez(tmp_path / "in.npz", arg0=a, arg1=b)
    assert main(["run", str(tmp_path / "sharded.bin"), "--inputs", str(tmp_path / "in.npz"), "--out",
                 str(tmp_path / "out.npz")]) == 0
    got = np.load(tmp_path / "out.npz")
    want = exported.call(*(jax.device_put(x, s) for x, s in zip((a, b), shardings)))
    for i, w in enumerate(want):
        np.testing.assert_array_equal(got[f"out{i}"], np.asarray(w))
    assert read_program(tmp_path / "sharded.bin").exported.in_shardings == ("P('x', None)", "P(None, 'y')")
    capsys.readouterr()
