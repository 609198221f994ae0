"""What XLA (PJRT CPU, jaxlib's) keeps of vitir's locations as `op_name` metadata, on a small module
compiled as `vitir.train.loop.compile_graph` compiles a training step: the properties docs/locations.md
("vitir's graphs and XLA") rests its counts and XLA's ceiling on. The oracle is XLA's own compiled
HLO module; benchmarks/bench_op_names.py counts the same on the ViT-Tiny step."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")


def _bench():
    """benchmarks/bench_op_names.py, whose counting the tests check (benchmarks/ is not a package)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_op_names.py"
    spec = importlib.util.spec_from_file_location("bench_op_names", path)
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # dataclasses look their module up
    spec.loader.exec_module(bench)
    return bench


_BENCH = _bench()
parse, shares = _BENCH.parse, _BENCH.shares


@pytest.fixture(scope="module")
def compiled_hlo() -> str:
    """A layer `net/b0` of a dot, an elementwise chain with a splat constant (fused by XLA) and a
    reduction whose init is a located scalar constant, compiled with its arguments located by name."""
    from vitir.ast import FunctionBuilder
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType
    from vitir.lower.step_signature import with_signature
    from vitir.train.loop import compile_graph

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), DType.F32))
    w = fb.arg("w", TensorType((8, 3), DType.F32))
    with fb.layer("net"), fb.layer("b0"):
        d = fb.dot_general("d", x, w, ((1,), (0,)), ((), ()))
        half = fb.constant("half", "0.5", (4, 3))
        y = fb.exponential("y", fb.multiply("m", d, half))
        zero = fb.constant("zero", "0.0")
        s = fb.reduce("s", y, zero, (1,))
    built = with_signature(module(fb.ret(y, s)), {"leading": [x], "params": [w]}, {"outputs": [y, s]},
                           step=False)
    return compile_graph(built)._loaded.hlo_modules()[0].to_string()


def _lines(hlo: str, opcode: str) -> list[str]:
    return [i.line for c in parse(hlo).values() for i in c.instructions if i.opcode == opcode]


def test_each_computing_op_keeps_its_layer_path(compiled_hlo):
    """Every instruction that stands for one of the layer's ops (fused or not) carries its path: the
    translation sets op_name from the op's name location, fusion copies it into the fused computation
    and names the fusion by its root."""
    for opcode in ("dot", "multiply", "exponential", "reduce", "fusion"):
        found = _lines(compiled_hlo, opcode)
        assert found, opcode
        for line in found:
            assert re.search(r'op_name="net/b0/\w+"', line), line


def test_entry_parameters_and_a_reductions_body_are_named(compiled_hlo):
    """An argument's location names its entry parameter; the computation a reduction applies takes the
    reduction's location (its parameters too: the region's arguments are located at the op)."""
    computations = parse(compiled_hlo)
    entry = next(c for c in computations.values() if c.entry)
    parameters = [i.line for i in entry.instructions if i.opcode == "parameter"]
    assert sorted(re.search(r'op_name="(\w+)"', p).group(1) for p in parameters) == ["w", "x"]
    applied = [c for c in computations.values() if c.kind == "applied"]
    assert applied and all(i.named for c in applied for i in c.instructions)
    assert all('op_name="net/b0/reduce"' in i.line for c in applied for i in c.instructions)


def test_xla_names_no_constant_and_no_fusion_parameter(compiled_hlo):
    """XLA's ceiling on the share of named instructions: a constant never carries op_name although
    written with a location (MLIR's folder erases it in XLA's canonicalizer, and XLA's LowerConstant sets
    no metadata), nor does the broadcast a splat constant becomes, nor a parameter of a fused
    computation (fusion creates them without metadata). If XLA starts naming them, docs/locations.md's
    ceiling is out of date."""
    computations = parse(compiled_hlo)
    constants = _lines(compiled_hlo, "constant")
    assert constants and not any("op_name" in line for line in constants)
    fused = [c for c in computations.values() if c.kind == "fused"]
    assert fused
    fused_parameters = [i for c in fused for i in c.instructions if i.opcode == "parameter"]
    assert fused_parameters and not any(i.named for i in fused_parameters)
    constant_names = {i.name for c in fused for i in c.instructions if i.opcode == "constant"}
    broadcasts = [i for c in fused for i in c.instructions if i.opcode == "broadcast"
                  and re.search(r"broadcast\(%(\S+)\)", i.line).group(1) in constant_names]
    assert broadcasts and not any(i.named for i in broadcasts)


def test_the_profilers_view_counts_what_runs(compiled_hlo):
    """bench_op_names' `profiled` share counts the entry computation's instructions only (no control
    flow here), each fusion once; `all` counts every computation's."""
    computations = parse(compiled_hlo)
    kinds = {c.name: c.kind for c in computations.values()}
    assert [name for name, kind in kinds.items() if kind == "run"] == [next(c.name for c in computations.values()
                                                                              if c.entry)]
    entry = [c for c in computations.values() if c.entry][0].instructions
    counted = shares(compiled_hlo)
    assert counted["profiled"] == (len(entry), sum(i.named for i in entry))
    assert counted["all"][0] == sum(len(c.instructions) for c in computations.values())
    assert counted["all"][0] == len(re.findall(r"^\s+(?:ROOT )?%\S+ = ", compiled_hlo, re.M))
