"""vitir.backend.profile and `vitir profile`: XLA's op events read back by the op_name metadata
that a program's name locations become, on a JAX program lowered with debug_info=True."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from vitir.backend import compile_module
from vitir.backend.profile import (
    OpEvent,
    _set_self_times,
    busy_ns,
    hlo_module_name,
    instruction_op_names,
    profile_executable,
    read_op_name,
)
from vitir.cli import main

jax = pytest.importorskip("jax")
jnp = jax.numpy

WIDTH, BATCH = 256, 128


def _layer(w, x):
    with jax.named_scope("attn"):
        with jax.named_scope("qkv"):
            return jnp.tanh(x @ w)


def _loss(params, x):
    with jax.named_scope("vit"):
        for i, w in enumerate(params):
            with jax.named_scope(f"b{i}"):
                x = _layer(w, x)
    with jax.named_scope("loss"):
        return jnp.mean(x * x)


def _step(params, x):
    loss, grads = jax.value_and_grad(_loss)(params, x)
    with jax.named_scope("optimizer"):
        return loss, [w - 0.01 * g for w, g in zip(params, grads)]


def _arguments():
    rng = np.random.default_rng(0)
    params = [rng.standard_normal((WIDTH, WIDTH)).astype(np.float32) / 16 for _ in range(2)]
    return params, rng.standard_normal((BATCH, WIDTH)).astype(np.float32)


@pytest.fixture(scope="module")
def lowered():
    params, x = _arguments()
    return jax.jit(_step).lower(params, x)


@pytest.fixture(scope="module")
def text(lowered):
    return lowered.as_text(debug_info=True)


def _entry_op_names(hlo: str) -> set[str]:
    return set(re.findall(r'op_name="([^"]*)"', hlo))


def test_vitir_pjrt_keeps_the_locations_as_op_name_as_jax_compiles_them(lowered, text):
    """vitir hands XLA the text with its locations: its compiled module carries the op_names that
    jax's own compile of the same program carries, every layer path among them."""
    ours = _entry_op_names(compile_module(text).compiled_hlo())
    jaxs = _entry_op_names(lowered.compile().as_text())
    # (jax's own compile also names a reduction's region arguments by their bare primitive)
    assert {name for name in jaxs if "/" in name} <= ours <= jaxs
    assert "jit(_step)/transpose(jvp(vit))/b1/attn/qkv/dot_general" in ours


def test_every_op_event_maps_to_an_instruction_with_an_op_name(text):
    executable = compile_module(text)
    params, x = _arguments()
    profile = profile_executable(executable, [*params, x], steps=3, warmup=1)
    names = instruction_op_names(executable.compiled_hlo())
    assert {i.name for i in profile.instructions} <= set(names)
    assert profile.module == hlo_module_name(executable.compiled_hlo())
    assert all(i.runs % 3 == 0 for i in profile.instructions)  # each instruction once per step (or per loop trip)
    assert profile.located > 0.9


def test_the_table_groups_by_phase_and_layer_path(text, tmp_path):
    params, x = _arguments()
    profile = profile_executable(compile_module(text), [*params, x], steps=4, warmup=1)
    groups = {(g.phase, g.path) for g in profile.groups(depth=2)}
    for phase in ("forward", "backward"):
        assert {(phase, "vit/b0"), (phase, "vit/b1")} <= groups
    assert any(phase == "optimizer" for phase, _ in groups)
    # every depth partitions the same op time
    for depth in (1, 2, 5):
        assert sum(g.seconds for g in profile.groups(depth)) == pytest.approx(profile.op_seconds, rel=1e-9)
    assert sum(profile.phases().values()) == pytest.approx(profile.op_seconds, rel=1e-9)
    # The ops ran inside the timed calls: their union fits in the wall time, and on these matmuls they
    # are most of it (loose: the machine may be shared).
    assert profile.busy_seconds <= 1.05 * sum(profile.wall_seconds)
    assert profile.op_seconds > 0.2 * profile.step_seconds
    table = profile.table(depth=2, top=3)
    assert "backward   vit/b1" in table
    ratio = profile.op_seconds / profile.step_seconds
    assert f"sum / wall = {ratio:.2f} ({'within' if abs(ratio - 1) <= 0.1 else 'not within'} 10%)" in table
    written = profile.write(tmp_path, "p", depth=2)
    assert [p.name for p in written] == ["p.txt", "p.json", "p.png"]
    data = json.loads((tmp_path / "p.json").read_text())
    assert data["steps"] == 4 and data["groups"] and (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("op_name, phase, path", [
    ("jit(step)/transpose(jvp(vit))/b0/attn/dot_general", "backward", ("vit", "b0", "attn", "dot_general")),
    ("jit(step)/jvp(vit)/b0/attn/dot_general", "forward", ("vit", "b0", "attn", "dot_general")),
    ("jit(f)/jvp()/tanh", "forward", ("tanh",)),
    ("jit(step)/optimizer/sub", "optimizer", ("optimizer", "sub")),
    ("jit(step)/jit(_where)/select_n", "", ("_where", "select_n")),
    ("vit/b3/attn/qkv", "", ("vit", "b3", "attn", "qkv")),
    ("backward/vit/b3/attn/qkv", "backward", ("vit", "b3", "attn", "qkv")),
    ("vit/backward/b3/attn/dot_general", "backward", ("vit", "b3", "attn", "dot_general")),
    ("adam/m/b3", "optimizer", ("adam", "m", "b3")),
    ("jit(step)", "", ("(program)",)),
    ("", "", ()),
])
def test_op_names_read_as_phase_and_path(op_name, phase, path):
    read = read_op_name(op_name)
    assert (read.phase, read.segments) == (phase, path)


HLO = """HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

%fused_computation (p: f32[4]) -> f32[4] {
  %p = f32[4]{0} parameter(0)
  %a = f32[4]{0} add(%p, %p), metadata={op_name="vit/b0/mlp/add"}
  ROOT %m = f32[4]{0} multiply(%a, %a), metadata={op_name="vit/b0/mlp/mul"}
  %n = f32[4]{0} multiply(%a, %m), metadata={op_name="vit/b0/mlp/mul"}
}

%bare_computation (q: f32[4]) -> f32[4] {
  %q = f32[4]{0} parameter(0)
  ROOT %c = f32[4]{0} convolution(%q, %q), window={size=1}, dim_labels=b0f_0io->b0f
}

ENTRY %main (x: f32[4]) -> f32[4] {
  %x = f32[4]{0} parameter(0), metadata={op_name="x"}
  %fusion = f32[4]{0} fusion(%x), kind=kLoop, calls=%fused_computation
  %rebuilt = f32[4]{0} fusion(%x), kind=kCustom, calls=%bare_computation
  %bitcast = f32[4]{0} bitcast(%rebuilt)
  %embed = f32[4]{0} add(%bitcast, %fusion), metadata={op_name="vit/embed/add"}
  %after = f32[4]{0} negate(%embed)
  ROOT %copy = f32[4]{0} copy(%after), metadata={op_name="head/copy" source_file="a.py" source_line=3}
}
"""


def test_an_instruction_without_metadata_takes_its_computations_or_its_users_op_name():
    names = instruction_op_names(HLO)
    assert names["fusion"] == "vit/b0/mlp/mul"  # two of its three instructions
    # operands of arguments only: the nearest user with one
    assert names["bitcast"] == names["rebuilt"] == "vit/embed/add"
    assert names["after"] == "vit/embed/add"  # its operand's layer path before its user's
    assert names["copy"] == "head/copy" and names["x"] == "x"
    assert hlo_module_name(HLO) == "m"


def test_nested_events_count_their_own_time_once():
    loop = OpEvent("while", 0, 100)
    body = [OpEvent("body_a", 10, 30), OpEvent("body_b", 50, 20)]
    other_thread = [OpEvent("c", 90, 40)]
    line = [body[1], loop, body[0]]
    _set_self_times(line)
    _set_self_times(other_thread)
    assert (loop.self_ns, body[0].self_ns, body[1].self_ns) == (50, 30, 20)
    assert busy_ns([loop, *body, *other_thread]) == 130  # 0-100 and 90-130


# -- the command --------------------------------------------------------------------------------------

@pytest.fixture
def files(text, tmp_path):
    params, x = _arguments()
    module = tmp_path / "step.mlir"
    module.write_text(text)
    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=params[0], arg1=params[1], arg2=x)
    return module, inputs


def test_the_command_prints_the_table_and_writes_beside_the_module(files, capsys):
    module, inputs = files
    assert main(["profile", str(module), "--inputs", str(inputs), "--steps", "2", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "forward    vit/b0" in out and "step wall time" in out
    for suffix in ("txt", "json", "png"):
        assert (module.parent / f"step.profile.{suffix}").exists()


def test_the_command_with_out_keeps_the_trace(files, tmp_path, capsys):
    module, inputs = files
    out = tmp_path / "prof"
    assert main(["profile", str(module), "--inputs", str(inputs), "--steps", "1", "--out", str(out)]) == 0
    assert (out / "profile.png").exists() and list((out / "trace").glob("plugins/profile/*/*.xplane.pb"))


@pytest.mark.parametrize("extra, message", [
    (["--depth", "0"], "vitir profile: error: --depth must be at least 1, got 0\n"),
    (["--steps", "0"], "vitir profile: error: --steps must be at least 1, got 0\n"),
    (["--warmup", "-1"], "vitir profile: error: --warmup must not be negative, got -1\n"),
])
def test_bad_counts_are_refused_before_compiling(files, capsys, extra, message):
    module, inputs = files
    assert main(["profile", str(module), "--inputs", str(inputs), *extra]) == 2
    assert capsys.readouterr().err == message


def test_missing_inputs_and_files_are_named(files, tmp_path, capsys):
    module, inputs = files
    params, x = _arguments()
    short = tmp_path / "short.npz"
    np.savez(short, arg0=params[0], arg2=x)
    assert main(["profile", str(module), "--inputs", str(short)]) == 2
    assert capsys.readouterr().err == ("vitir profile: error: inputs lack 'arg1' (@main takes arg0, arg1, arg2)\n")
    missing = tmp_path / "none.mlir"
    assert main(["profile", str(missing), "--inputs", str(inputs)]) == 2
    assert str(missing) in capsys.readouterr().err
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, arg0=params[0], arg1=params[1], arg2=x[:3])
    assert main(["profile", str(module), "--inputs", str(wrong)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("vitir profile: error: ") and "arg2" in err and "128x256" in err


def test_random_inputs_time_a_module_without_an_inputs_file(files, tmp_path, capsys):
    module, inputs = files
    out = tmp_path / "random"
    assert main(["profile", str(module), "--random-inputs", "--steps", "1", "--out", str(out)]) == 0
    assert "backward   vit/b1" in capsys.readouterr().out
    assert main(["profile", str(module), "--random-inputs", "--inputs", str(inputs)]) == 2
    assert capsys.readouterr().err == "vitir profile: error: give --inputs I.npz or --random-inputs, not both\n"


def test_timing_arguments_take_the_signatures_types():
    from vitir.backend.profile import timing_arguments
    from vitir.backend.signature import parse_signature

    text = ("func.func @main(%a: tensor<2x3xf32>, %i: tensor<4xi32>, %b: tensor<i1>, %h: tensor<2xbf16>) -> "
            "tensor<2x3xf32> {\n  return %a : tensor<2x3xf32>\n}\n")
    a, i, b, h = timing_arguments(parse_signature(text))
    assert (a.shape, a.dtype, i.dtype, b.dtype, h.shape) == ((2, 3), np.float32, np.int32, np.bool_, (2,))
    assert ((a >= 0.01) & (a < 0.1)).all() and not i.any() and not b
