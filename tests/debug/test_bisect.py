"""vitir bisect and vitir reduce on chains of 20 to 40 ordinary ops with a divergence of
docs/semantics.md planted inside (tests/debug/chains.py): the numpy evaluator (the spec) against
XLA's CPU backend (PJRT), whose departures docs/semantics.md lists and tests/test_semantics.py checks."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.cli import main
from vitir.debug import bind_inputs, bisect, load_program, parse_overrides
from vitir.debug.reduce import count_ops
from vitir.debug.tolerance import Tolerance, compare, parse_tolerance, within
from vitir.mlir import import_text
from vitir.print import print_module
from vitir.testing import assert_text_equal

from .chains import PLANTS, chain


def _write(tmp_path, text, inputs, name="chain"):
    path, npz = tmp_path / f"{name}.mlir", tmp_path / f"{name}.npz"
    path.write_text(text)
    np.savez(npz, **inputs)
    return path, npz


@pytest.mark.parametrize("plant", PLANTS)
@pytest.mark.parametrize("seed, length, at", [(1, 20, 0.5), (7, 33, 0.7), (12, 40, 0.35)])
def test_bisect_names_the_planted_op(plant, seed, length, at):
    text, inputs, planted = chain(seed, length, plant, at)
    module, fn = load_program(text)
    report = bisect(module, fn, bind_inputs(fn, inputs), text=text, path="chain.mlir")
    first = report.text().splitlines()[0]
    assert report.finding is not None and report.finding.op.results[0].name == planted, first
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.lstrip().startswith(f"%{planted} ="))
    assert first.startswith(f"chain.mlir:{line}: %{planted} = "), first


@pytest.mark.parametrize("plant", ["subnormal", "clamp"])
def test_the_command_exits_1_naming_the_op_and_writes_a_reproducer_that_diverges(tmp_path, capsys, plant):
    text, inputs, planted = chain(5, 28, plant)
    path, npz = _write(tmp_path, text, inputs)
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"%{planted} = " in out[0] and str(path) in out[0]
    assert any(line.strip().startswith("largest difference:") for line in out)
    reproducer = tmp_path / "chain.bisect.mlir"
    ops = count_ops(import_text(reproducer.read_text()).main)
    assert ops == (1 if plant == "subnormal" else 2)  # the op, and for clamp the clamp XLA folds with it
    assert main(["bisect", str(reproducer), "--inputs", str(tmp_path / "chain.bisect.npz"), "--quiet"]) == 1
    assert f"%{planted} = " in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("seed", [0, 4])
def test_a_clean_chain_with_transcendental_ops_exits_0(tmp_path, capsys, seed):
    text, inputs, _ = chain(seed, 40)
    assert any(f"stablehlo.{name}" in text for name in ("tanh", "sine", "logistic", "exponential"))
    path, npz = _write(tmp_path, text, inputs)
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("no divergence: pjrt agrees with evaluator on all")


def test_the_tolerance_flag_decides_what_diverges(tmp_path, capsys):
    """An exact op given a bound it meets no longer diverges: 1e-40 * 1e30 against XLA's 0 is 1e-10 apart."""
    text, inputs, _ = chain(2, 20, "subnormal")
    path, npz = _write(tmp_path, text, inputs)
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet", "--tolerance", "multiply=rel:1.0"]) == 0
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet", "--tolerance", "rel:1.0"]) == 1
    assert "multiply" in capsys.readouterr().out


def test_tolerances_in_ulps_and_their_text():
    one = np.array([1.0, -0.0, np.nan], np.float32)
    next_up = np.nextafter(one, np.float32(2)).astype(np.float32)
    next_up[1:] = [0.0, np.nan]
    d = compare(one, next_up, Tolerance("ulps", 0))
    assert (d.elements, d.max_ulps) == (1, 1.0)  # -0.0 == +0.0 and NaN == NaN
    assert compare(one, next_up, parse_tolerance("ulps:1")).elements == 0
    assert compare(one, np.array([1.0, 0.0, 1.0], np.float32), Tolerance("ulps", 8)).max_ulps == np.inf
    assert parse_overrides("exponential=ulps:2,dot_general=sum:4") == {
        "stablehlo.exponential": Tolerance("ulps", 2), "stablehlo.dot_general": Tolerance("sum", 4)}
    with pytest.raises(Exception, match="expected exact, ulps:N"):
        parse_tolerance("ulp:3")


@pytest.mark.parametrize("plant", PLANTS)
def test_reduce_diverges_leaves_at_most_six_ops_that_still_diverge(tmp_path, capsys, plant):
    text, inputs, planted = chain(3, 32, plant)
    path, npz = _write(tmp_path, text, inputs)
    out = tmp_path / "reduced.mlir"
    assert main(["reduce", str(path), "-o", str(out), "--diverges", "--inputs", str(npz), "--quiet"]) == 0
    reduced = out.read_text()
    module = import_text(reduced)
    assert count_ops(module.main) <= 6
    assert_text_equal(print_module(module), reduced, "reduced")  # canonical: ready for a golden file
    capsys.readouterr()
    assert main(["bisect", str(out), "--inputs", str(tmp_path / "reduced.npz"), "--quiet"]) == 1
    assert f"%{planted} = " in capsys.readouterr().out.splitlines()[0]


def test_reduce_until_keeps_a_property_of_the_text_in_at_most_four_ops(tmp_path):
    text, inputs, _ = chain(9, 36)
    assert "stablehlo.logistic" in text and "stablehlo.sine" in text
    path, _ = _write(tmp_path, text, inputs)
    out = tmp_path / "reduced.mlir"
    test = "grep -q stablehlo.logistic {} && grep -q stablehlo.sine {}"
    assert main(["reduce", str(path), "-o", str(out), "--until", test, "--quiet"]) == 0
    reduced = out.read_text()
    module = import_text(reduced)
    assert count_ops(module.main) <= 4 and "stablehlo.logistic" in reduced and "stablehlo.sine" in reduced
    assert_text_equal(print_module(module), reduced, "reduced")
    again = tmp_path / "again.mlir"  # deterministic
    assert main(["reduce", str(path), "-o", str(again), "--until", test, "--quiet"]) == 0
    assert again.read_text() == reduced


def test_reduce_refuses_a_program_without_the_property(tmp_path, capsys):
    text, inputs, _ = chain(0, 20)
    path, _ = _write(tmp_path, text, inputs)
    assert main(["reduce", str(path), "-o", str(tmp_path / "r.mlir"), "--until", "false {}", "--quiet"]) == 2
    assert "does not have the property" in capsys.readouterr().err


WHILE = """module @m {
  func.func @main(%x: tensor<4xf32>, %s: tensor<4xf32>) -> (tensor<4xf32>, tensor<f32>) {
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %n = stablehlo.constant dense<2> : tensor<i32>
    %i0 = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %t = stablehlo.tanh %x : tensor<4xf32>
    %r:2 = stablehlo.while(%it = %i0, %acc = %t) : tensor<i32>, tensor<4xf32>
    cond {
      %c = stablehlo.compare LT, %it, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %nx = stablehlo.add %it, %one : tensor<i32>
      %m = stablehlo.multiply %acc, %s : tensor<4xf32>
      stablehlo.return %nx, %m : tensor<i32>, tensor<4xf32>
    }
    %sum = stablehlo.reduce(%r#1 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    return %r#1, %sum : tensor<4xf32>, tensor<f32>
  }
}
"""


def test_a_divergence_inside_a_while_loop_is_named_with_its_iteration(tmp_path, capsys):
    """The state reaches 0.76e-19 * 1e-19, a subnormal, in the second iteration: XLA flushes it."""
    path, npz = _write(tmp_path, WHILE, {"x": np.ones(4, np.float32), "s": np.full(4, 1e-19, np.float32)})
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{path}:14: %m = stablehlo.multiply (iteration 1 of the body of %r:2 = stablehlo.while, "
                            "line 8): pjrt differs from evaluator"), first
    assert count_ops(import_text((tmp_path / "chain.bisect.mlir").read_text()).main) == 1
    path, npz = _write(tmp_path, WHILE, {"x": np.ones(4, np.float32), "s": np.full(4, 0.5, np.float32)}, "clean")
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet"]) == 0


ALL_REDUCE = """module @m attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
    %a = stablehlo.tanh %x : tensor<4xf32>
    %s = "stablehlo.all_reduce"(%a) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %b = stablehlo.multiply %s, %y : tensor<4xf32>
    return %b : tensor<4xf32>
  }
}
"""


def test_collectives_over_replicas(tmp_path):
    """In a process of its own: XLA fixes its count of CPU devices (one per replica) when it starts."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 4)).astype(np.float32)  # one slice per replica
    clean, npz_clean = _write(tmp_path, ALL_REDUCE, {"x": x, "y": np.ones((2, 4), np.float32)}, "clean")
    bad, npz_bad = _write(tmp_path, ALL_REDUCE, {"x": x, "y": np.full((2, 4), 1e-40, np.float32)}, "bad")
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))

    def bisect_command(path, npz):
        return subprocess.run([sys.executable, "-m", "vitir", "bisect", str(path), "--inputs", str(npz), "--quiet"],
                              env=env, capture_output=True, text=True, timeout=300)

    done = bisect_command(clean, npz_clean)
    assert done.returncode == 0 and done.stdout.startswith("no divergence"), done.stdout + done.stderr
    done = bisect_command(bad, npz_bad)
    assert done.returncode == 1 and f"{bad}:9: %b = stablehlo.multiply" in done.stdout.splitlines()[0], done.stdout


def test_pjrt_against_iree(tmp_path, capsys):
    """IREE keeps the maximum XLA folds away (it agrees with the evaluator there), and its sine, 11 ulps
    from numpy's near -0.026, is within the trigonometric functions' absolute bound."""
    text, inputs, _ = chain(0, 30)
    path, npz = _write(tmp_path, text, inputs)
    assert main(["bisect", str(path), "--inputs", str(npz), "--against", "evaluator,iree", "--quiet"]) == 0
    text, inputs, planted = chain(0, 30, "clamp")
    path, npz = _write(tmp_path, text, inputs, "clamp")
    capsys.readouterr()
    assert main(["bisect", str(path), "--inputs", str(npz), "--against", "pjrt,iree", "--quiet"]) == 1
    assert f"%{planted} = stablehlo.maximum: iree differs from pjrt" in capsys.readouterr().out.splitlines()[0]


def test_reduce_reaches_into_regions(tmp_path):
    """The loop's counter increment goes (bypassed: the body returns the counter itself), and the
    dimensions shrink to 1; the while, its compare and the multiply stay."""
    path = tmp_path / "while.mlir"
    path.write_text(WHILE)
    out = tmp_path / "reduced.mlir"
    assert main(["reduce", str(path), "-o", str(out), "--quiet",
                 "--until", "grep -q stablehlo.while {} && grep -q stablehlo.multiply {}"]) == 0
    module = import_text(out.read_text())
    assert count_ops(module.main) == 3 and "stablehlo.add" not in out.read_text()
    assert "tensor<1xf32>" in out.read_text() and "tensor<4xf32>" not in out.read_text()


PARTITIONED = """module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}, %y: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}, %w: tensor<4x4xf32> {mhlo.sharding = "{replicated}"}) -> tensor<8x4xf32> {
    %a = stablehlo.tanh %x : tensor<8x4xf32>
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %b = stablehlo.multiply %d, %y : tensor<8x4xf32>
    %c = stablehlo.add %b, %a : tensor<8x4xf32>
    return %c : tensor<8x4xf32>
  }
}
"""


def test_a_partitioned_program_is_compared_on_its_global_values(tmp_path):
    """XLA runs each block and each op over 2 host devices, placed by the program's shardings; the
    evaluator runs the global program. 1e-40 times the product is a subnormal XLA flushes. In a
    process of its own: XLA fixes its count of CPU devices when it starts."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    rng = np.random.default_rng(1)
    x, w = rng.standard_normal((8, 4)).astype(np.float32), rng.standard_normal((4, 4)).astype(np.float32)
    clean, npz_clean = _write(tmp_path, PARTITIONED, {"x": x, "y": np.ones((8, 4), np.float32), "w": w}, "clean")
    bad, npz_bad = _write(tmp_path, PARTITIONED, {"x": x, "y": np.full((8, 4), 1e-40, np.float32), "w": w}, "bad")
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))

    def bisect_command(path, npz):
        return subprocess.run([sys.executable, "-m", "vitir", "bisect", str(path), "--inputs", str(npz), "--quiet"],
                              env=env, capture_output=True, text=True, timeout=300)

    done = bisect_command(clean, npz_clean)
    assert done.returncode == 0 and done.stdout.startswith("no divergence"), done.stdout + done.stderr
    done = bisect_command(bad, npz_bad)
    assert done.returncode == 1 and f"{bad}:5: %b = stablehlo.multiply" in done.stdout.splitlines()[0], done.stdout


def test_per_device_code_of_a_partitioned_program_is_refused_by_name(tmp_path, capsys):
    text = """module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
    %a = stablehlo.tanh %x : tensor<8xf32>
    %m = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<4xf32>) {
      %n = stablehlo.negate %l : tensor<4xf32>
      sdy.return %n : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %m : tensor<8xf32>
  }
}
"""
    path, npz = _write(tmp_path, text, {"x": np.ones(8, np.float32)}, "manual")
    assert main(["bisect", str(path), "--inputs", str(npz), "--quiet"]) == 2
    assert ("@main holds per-device code (%m = sdy.manual_computation): bisect compares a program of "
            "mhlo.num_partitions = 2 on its global values") in capsys.readouterr().err


def test_reduce_diverges_makes_the_trigger_arguments_constants(tmp_path, capsys):
    """The subnormal plant's operands, splats of 1e-40 and 1e30, become constants of those values:
    the reproducer needs no inputs, and still diverges (alone, XLA reads the constants as arguments)."""
    text, inputs, planted = chain(3, 32, "subnormal")
    path, npz = _write(tmp_path, text, inputs)
    out = tmp_path / "reduced.mlir"
    assert main(["reduce", str(path), "-o", str(out), "--diverges", "--inputs", str(npz), "--quiet"]) == 0
    reduced = out.read_text()
    assert "func.func @main() ->" in reduced, reduced
    assert "dense<1.0e-40>" in reduced and "dense<1.0e+30>" in reduced, reduced
    capsys.readouterr()
    assert main(["bisect", str(out), "--quiet"]) == 1
    assert f"%{planted} = stablehlo.multiply" in capsys.readouterr().out.splitlines()[0]


def test_reduce_until_makes_arguments_zeros_only_when_asked(tmp_path):
    text, inputs, _ = chain(9, 36)
    path, _ = _write(tmp_path, text, inputs)
    for flags, arguments in (([], 1), (["--constants"], 0)):
        out = tmp_path / f"reduced{len(flags)}.mlir"
        assert main(["reduce", str(path), "-o", str(out), "--until", "grep -q stablehlo.sine {}", "--quiet", *flags]) == 0
        fn = import_text(out.read_text()).main
        assert [type(op).NAME for op in fn.ops][-1] == "stablehlo.sine" and len(fn.args) == arguments, out.read_text()
    assert "stablehlo.constant dense<0.0> : tensor<1xf32>" in out.read_text()


SLICES = """module @m {
  func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %a = stablehlo.tanh %x : tensor<4xf32>
    %b = stablehlo.sine %y : tensor<4xf32>
    %c = stablehlo.add %a, %b : tensor<4xf32>
    %d = stablehlo.cosine %y : tensor<4xf32>
    return %a, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
"""


def test_keeping_some_results_keeps_their_backward_slices_only():
    from vitir.debug.reduce import keep_results

    fn = import_text(SLICES).main
    kept = keep_results(fn, [2])
    assert [type(op).NAME for op in kept.ops] == ["stablehlo.cosine"] and [a.name for a in kept.args] == ["y"]
    kept = keep_results(fn, [0, 1])
    assert [type(op).NAME for op in kept.ops] == ["stablehlo.tanh", "stablehlo.sine", "stablehlo.add"]
    assert len(kept.ret.operands) == 2 and len(fn.ops) == 4  # the program itself is left as it was


def test_reduce_starts_with_the_results_and_a_cut_prefix(tmp_path):
    """The cosine's slice alone, found by binary reduction over the results in a few tests, before
    any op is tried."""
    from vitir.debug.reduce import Reducer, until

    lines = []
    reducer = Reducer(SLICES, until("grep -q stablehlo.cosine {}"), lines.append)
    reducer.results()
    assert [type(op).NAME for op in reducer.fn.ops] == ["stablehlo.cosine"], lines
    assert reducer.tests <= 5 and "binary reduction over results (1 of 3 kept)" in lines[-1]
    reducer = Reducer(SLICES, until("grep -q stablehlo.add {}"), lines.append)
    reducer.prefix()  # tanh and sine cut: the add reads two new arguments
    assert [type(op).NAME for op in reducer.fn.ops] == ["stablehlo.add", "stablehlo.cosine"], lines[-1]


def test_pjrt_compiles_each_op_signature_once():
    """A chain of 40 ops of a few kinds on one shape: its alone comparison compiles one function per
    kind of op (and the block once), not one per op; a second bisect compiles nothing."""
    from vitir.backend import cache_stats
    from vitir.debug.sides import _one_op, module_text

    text, inputs, _ = chain(4, 40)
    module, fn = load_program(text)
    signatures = {module_text(_one_op(op)[0]) for op in fn.ops if type(op).NAME != "stablehlo.constant"}
    assert len(signatures) < len([op for op in fn.ops if type(op).NAME != "stablehlo.constant"]) // 2
    before = cache_stats()["compiled"]
    assert bisect(module, fn, bind_inputs(fn, inputs), modes=("alone",)).finding is None
    assert cache_stats()["compiled"] - before <= len(signatures)
    before = cache_stats()["compiled"]
    assert bisect(module, fn, bind_inputs(fn, inputs), modes=("alone",)).finding is None
    assert cache_stats()["compiled"] == before


def _long_chain(length: int, shape: tuple[int, ...]) -> str:
    """A chain of exact elementwise ops, each reading the one before it and the argument %y."""
    kinds = ["add", "subtract", "maximum", "multiply"]
    t = f"tensor<{'x'.join(map(str, shape))}xf32>"
    lines, previous = [], "%x"
    for k in range(length):
        lines.append(f"    %v{k} = stablehlo.{kinds[k % len(kinds)]} {previous}, %y : {t}")
        previous = f"%v{k}"
    return (f"module @m {{\n  func.func @main(%x: {t}, %y: {t}) -> {t} {{\n" + "\n".join(lines)
            + f"\n    return {previous} : {t}\n  }}\n}}\n")


def test_each_block_lets_its_values_go(monkeypatch):
    """A chain whose intermediates (24 of 256 KiB) are six times a block's budget (1 MiB): when a
    block is done, the arrays either side computed for it, in context or op by op, are freed, but
    the one value the next block reads; and the peak of numpy's allocations stays a few blocks."""
    import tracemalloc
    import weakref

    from vitir.debug.sides import CompiledSide, EvaluatorSide

    shape, budget = (64, 1024), 1 << 20
    text = _long_chain(24, shape)
    module, fn = load_program(text)
    rng = np.random.default_rng(0)
    inputs = {name: rng.standard_normal(shape).astype(np.float32) for name in ("x", "y")}
    given = {id(x) for x in inputs.values()}
    made: dict[int, tuple] = {}  # id -> (a weak reference, the value's name) of each array made
    count = [0]

    def keep(name, x):
        if isinstance(x, np.ndarray) and id(x) not in given and (id(x) not in made or made[id(x)][0]() is not x):
            made[id(x)] = (weakref.ref(x), name)  # an id is used again once its array is freed
            count[0] += 1

    def watching(cls):
        in_context, alone = cls.in_context, cls.alone

        def watched_in_context(self, ops, values):
            out = in_context(self, ops, values)
            for env in out:
                for name, x in env.items():
                    keep(name, x)
            return out

        def watched_alone(self, ops, values):
            for op, outcome in zip(ops, alone(self, ops, values)):
                for per in outcome:
                    for r, x in zip(op.results, per):
                        keep(r.name, x)
                yield outcome

        monkeypatch.setattr(cls, "in_context", watched_in_context)
        monkeypatch.setattr(cls, "alone", watched_alone)

    watching(EvaluatorSide)
    watching(CompiledSide)
    alive = []
    bind = bind_inputs(fn, inputs)
    del inputs
    tracemalloc.start()
    try:
        report = bisect(module, fn, bind, chunk_bytes=budget,
                        progress=lambda line: alive.append(sorted(n for ref, n in made.values() if ref() is not None)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.finding is None and report.blocks == 6, report.text()
    assert count[0] >= 24 * 3  # both sides in context, and PJRT op by op
    # after block k: its last value, which the next block reads, and the value it read, an argument
    # of PJRT's last run (XLA lets its arguments go at the next run)
    for k, names in enumerate(alive):
        assert set(names) <= {f"v{4 * k + 3}", f"v{4 * k - 1}"}, alive
    assert peak < 4 * budget + 2 * (2 << 20), peak  # the chain's values are 6 MiB, the carry 0.5 MiB



def test_the_block_budget_is_an_option(tmp_path, capsys):
    path = tmp_path / "long.mlir"
    path.write_text(_long_chain(24, (64, 1024)))
    assert main(["bisect", str(path), "--quiet", "--block-mib", "1"]) == 0
    assert "(24 ops, 6 blocks," in capsys.readouterr().out

@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
@pytest.mark.parametrize("tolerance", [Tolerance("exact"), Tolerance("ulps", 4), Tolerance("ulps", 4, floor=8),
                                       Tolerance("sum", 2), Tolerance("rel", 1e-5)])
def test_within_says_what_compare_finds(monkeypatch, dtype, tolerance):
    """`within`, bisect's quick test, against compare's count of the elements outside the bound, on
    pairs a few ulps apart with NaN, inf, -0.0 and subnormals, cut into several slices."""
    import vitir.debug.tolerance as tolerance_module

    monkeypatch.setattr(tolerance_module, "WITHIN_CHUNK", 7)
    rng = np.random.default_rng(3)
    info = np.finfo(dtype)
    specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, info.tiny / 4, info.max], dtype)
    verdicts = set()
    for trial in range(60):
        a = rng.standard_normal(40).astype(dtype)
        a[rng.integers(0, 40, 3)] = rng.choice(specials, 3)
        b = a.copy()
        moved = rng.integers(0, 40, rng.integers(0, 3))
        steps = rng.integers(-6, 7, moved.size)
        b[moved] = [np.nextafter(x, dtype(np.inf) if k > 0 else dtype(-np.inf)) if k else x for x, k in
                    zip(b[moved], steps)]
        for _ in range(int(trial % 5 == 0)):  # now and then a value of another sign, or NaN for a number
            b[rng.integers(0, 40)] = rng.choice([np.nan, -1.0, 0.0]).astype(dtype)
        with np.errstate(over="ignore"):
            scale = np.abs(a).astype(np.float64) * 3 if tolerance.kind == "sum" and trial % 2 else None
        expected = compare(a, b, tolerance, scale, 5).elements == 0
        assert within(a, b, tolerance, scale, 5) == expected, (trial, a, b)
        verdicts.add(expected)
    assert verdicts == {True, False}


CONVOLUTION = """module @m {
  func.func @main(%x: tensor<2x3x12x12xf32>, %w: tensor<4x3x5x5xf32>) -> tensor<2x4x8x8xf32> {
    %n = stablehlo.negate %w : tensor<4x3x5x5xf32>
    %c = stablehlo.convolution(%x, %n)
      dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x12x12xf32>, tensor<4x3x5x5xf32>) -> tensor<2x4x8x8xf32>
    %r = stablehlo.abs %c : tensor<2x4x8x8xf32>
    return %r : tensor<2x4x8x8xf32>
  }
}
"""


def test_an_op_too_large_for_the_compiled_side_is_named_and_not_run_there(tmp_path, capsys, monkeypatch):
    """A convolution whose patch matrix (2 x 64 positions x 75 taps x 4 bytes, 38,400 bytes) is above
    --op-gib: the evaluator alone computes it, in a block of its own, the ops after it read its
    values, and the report names it; PJRT never compiles it."""
    from vitir.debug.sides import CompiledSide, working_bytes

    module, fn = load_program(CONVOLUTION)
    assert working_bytes(fn.ops[1]) == 2 * 64 * 75 * 4
    compiled = []
    run = CompiledSide._run
    monkeypatch.setattr(CompiledSide, "_run", lambda self, text, *rest: compiled.append(text) or run(self, text, *rest))
    path = tmp_path / "conv.mlir"
    path.write_text(CONVOLUTION)
    assert main(["bisect", str(path), "--quiet", "--op-gib", str(38_000 / 2**30)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("no divergence: pjrt agrees with evaluator on all 2 ops compared of @main (3 ops, 3 blocks")
    assert out[1].startswith(f"  not compared: {path}:4: %c = stablehlo.convolution: running it would take "), out
    assert compiled and not any("convolution" in text for text in compiled)
    assert main(["bisect", str(path), "--quiet"]) == 0
    assert "all 3 ops compared" in capsys.readouterr().out
