"""`vitir show`: Model Explorer's own MLIR adapter (the optional extra `vitir[show]`) groups a
program's ops by their name locations' `/` segments."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from vitir.cli import main
from vitir.cli.show import graph_collections, layer_groups

pytest.importorskip("model_explorer", reason="Model Explorer is the optional extra vitir[show]")
jax = pytest.importorskip("jax")
jnp = jax.numpy


def _loss(w, x):
    with jax.named_scope("vit"):
        for i in range(2):
            with jax.named_scope(f"b{i}"):
                with jax.named_scope("mlp"):
                    x = jnp.tanh(x @ w)
    with jax.named_scope("loss"):
        return jnp.mean(x * x)


@pytest.fixture(scope="module")
def jax_module(tmp_path_factory):
    w, x = np.eye(8, dtype=np.float32), np.ones((4, 8), np.float32)
    path = tmp_path_factory.mktemp("show") / "step.mlir"
    path.write_text(jax.jit(jax.value_and_grad(_loss)).lower(w, x).as_text(debug_info=True))
    return path


def _namespaces(collections) -> set[str]:
    return {n["namespace"] for c in collections for g in c["graphs"] for n in g["nodes"]}


def test_model_explorers_adapter_groups_a_jax_program_by_layer_path(jax_module, tmp_path, capsys):
    out = tmp_path / "graph.json"
    assert main(["show", str(jax_module), "--json", str(out)]) == 0
    collections = json.loads(out.read_text())
    namespaces = _namespaces(collections)
    # the hierarchy: vit > b1 > mlp, forward and backward (JAX's jvp and transpose(jvp))
    assert any(n.startswith("jit(_loss)/jvp(vit)/b1/mlp/") for n in namespaces)
    assert any(n.startswith("jit(_loss)/transpose(jvp(vit))/b1/mlp/") for n in namespaces)
    groups = layer_groups(collections, depth=2)
    assert groups["forward", "vit/b0"] and groups["backward", "vit/b1"]
    assert any(phase == "forward" and path.startswith("loss/") for phase, path in groups)
    assert "grouped by layer path" in capsys.readouterr().err


def test_vitir_programs_printed_with_locations_are_grouped(tmp_path):
    from vitir.lower import ViTConfig, adam_sched_module
    from vitir.print import print_module

    module = adam_sched_module(ViTConfig(batch=2, channels=1, image=4, patch=2, width=8, depth=2, heads=2, mlp=8,
                                         classes=3))
    try:
        text = print_module(module, debug_info=True)
    except TypeError:
        pytest.skip("vitir's printer has no locations here (print_module(..., debug_info=True))")
    path = tmp_path / "step.mlir"
    path.write_text(text)
    groups = layer_groups(graph_collections(path), depth=1)
    located = sum(count for (_, path_), count in groups.items() if path_)
    assert located >= 0.95 * sum(groups.values())
    assert any(path_ == "vit" for _, path_ in groups)


def test_a_program_without_locations_is_said_to_be_flat(tmp_path, capsys):
    path = tmp_path / "m.mlir"
    path.write_text("module {\n  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
                    "    %y = stablehlo.add %x, %x : tensor<3xf32>\n    return %y : tensor<3xf32>\n  }\n}\n")
    assert main(["show", str(path), "--json", str(tmp_path / "g.json")]) == 0
    assert "1 ops, none with a name location" in capsys.readouterr().err


def test_errors_name_the_problem(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "bad.mlir"
    bad.write_text("module {\n  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
                   "    %y = stablehlo.add %x, %z : tensor<3xf32>\n    return %y : tensor<3xf32>\n  }\n}\n")
    assert main(["show", str(bad), "--json", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("vitir show: error: ") and "%z" in err
    assert main(["show", str(tmp_path / "none.mlir")]) == 2
    assert "none.mlir" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "model_explorer", None)  # the extra not installed
    assert main(["show", str(bad)]) == 2
    assert capsys.readouterr().err == ("vitir show: error: vitir show needs Google's Model Explorer: "
                                       "pip install 'vitir[show]' (ai-edge-model-explorer)\n")


def test_a_profile_colours_the_ops_by_their_time(jax_module, tmp_path, capsys):
    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=np.eye(8, dtype=np.float32), arg1=np.ones((4, 8), np.float32))
    assert main(["profile", str(jax_module), "--inputs", str(inputs), "--steps", "2", "--out", str(tmp_path)]) == 0
    profile = json.loads((tmp_path / "profile.json").read_text())
    out = tmp_path / "graph.json"
    assert main(["show", str(jax_module), "--profile", str(tmp_path / "profile.json"), "--json", str(out)]) == 0
    times = json.loads((tmp_path / "graph.times.json").read_text())
    values = [r["value"] for graph in times.values() for r in graph["results"].values()]
    # every located op's time lands on the nodes of its name (the arguments' own, w and x, are the adapter's Inputs)
    located = sum(1e3 * i["seconds"] for i in profile["instructions"] if i["op_name"] not in ("", "w", "x"))
    assert values and sum(values) == pytest.approx(located, rel=1e-6)
    node_ids = {n["id"] for c in json.loads(out.read_text()) for g in c["graphs"] for n in g["nodes"]}
    assert {node for graph in times.values() for node in graph["results"]} <= node_ids
