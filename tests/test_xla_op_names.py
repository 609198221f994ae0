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


def _small_layer():
    """A layer `net/b0` of a dot, an elementwise chain with a splat constant (fused by XLA) and a
    reduction whose init is a located scalar constant, its arguments located by name."""
    from vitir.ast import FunctionBuilder
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType
    from vitir.lower.step_signature import with_signature

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), DType.F32))
    w = fb.arg("w", TensorType((8, 3), DType.F32))
    with fb.layer("net"), fb.layer("b0"):
        d = fb.dot_general("d", x, w, ((1,), (0,)), ((), ()))
        half = fb.constant("half", "0.5", (4, 3))
        y = fb.exponential("y", fb.multiply("m", d, half))
        zero = fb.constant("zero", "0.0")
        s = fb.reduce("s", y, zero, (1,))
    return with_signature(module(fb.ret(y, s)), {"leading": [x], "params": [w]}, {"outputs": [y, s]}, step=False)


@pytest.fixture(scope="module")
def compiled_hlo() -> str:
    """The small layer as compile_graph compiles it."""
    from vitir.train.loop import compile_graph

    return compile_graph(_small_layer())._loaded.hlo_modules()[0].to_string()


@pytest.fixture(scope="module")
def plain_hlo() -> str:
    """The small layer's text with its locations, as printed, compiled as it is."""
    from vitir.backend import compile_module
    from vitir.print import print_module

    return compile_module(print_module(_small_layer(), debug_info=True))._loaded.hlo_modules()[0].to_string()


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


def test_xla_names_no_fusion_parameter_and_no_constant_as_written(plain_hlo, compiled_hlo):
    """XLA's ceiling on the share of named instructions. A parameter of a fused computation never
    carries op_name (fusion creates them without metadata); nor does a constant written as such,
    although located (XLA's LowerConstant sets no metadata), nor the broadcast a small splat becomes.
    compile_graph reads each constant from a call located where the constant was: XLA inlines the call
    and the constant takes the call's op_name. If XLA starts naming them, docs/locations.md's ceiling
    is out of date."""
    for hlo in (plain_hlo, compiled_hlo):
        fused = [c for c in parse(hlo).values() if c.kind == "fused"]
        fused_parameters = [i for c in fused for i in c.instructions if i.opcode == "parameter"]
        assert fused and fused_parameters and not any(i.named for i in fused_parameters)
    constants = _lines(plain_hlo, "constant")
    assert constants and not any("op_name" in line for line in constants)
    fused = [c for c in parse(plain_hlo).values() if c.kind == "fused"]
    constant_names = {i.name for c in fused for i in c.instructions if i.opcode == "constant"}
    broadcasts = [i for c in fused for i in c.instructions if i.opcode == "broadcast"
                  and re.search(r"broadcast\(%(\S+)\)", i.line).group(1) in constant_names]
    assert broadcasts and not any(i.named for i in broadcasts)
    constants = _lines(compiled_hlo, "constant")
    assert constants and all('op_name="net/b0/constant"' in line for line in constants)


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


def _two_layers_sharing_splats():
    """Two layers that each multiply by the same splat (written twice, as each block writes its GELU
    coefficients) and add the broadcast of one scalar constant, of 64 elements (XLA splits a splat of
    32 or more into a scalar and a located broadcast)."""
    from vitir.ast import FunctionBuilder
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType

    fb = FunctionBuilder("main")
    y = fb.arg("x", TensorType((8, 8), DType.F32))
    with fb.layer("net"):
        eps = fb.constant("eps", "0.001")
        for block in ("b0", "b1"):
            with fb.layer(block):
                half = fb.constant(f"half_{block}", "0.5", (8, 8))
                y = fb.multiply(f"m_{block}", half, fb.exponential(f"e_{block}", y))
                y = fb.add(f"a_{block}", y, fb.broadcast_in_dim(f"epsb_{block}", eps, (), (8, 8)))
    return module(fb.ret(y))


def test_shared_splats_are_named_by_their_common_path():
    """compile_graph writes each repeated splat once, located by the layer path its readers share:
    XLA, which would merge the copies into one unlocated constant, keeps the location on the broadcast
    it makes of it, and no op_name joins two locations with `;`. The program computes the same bits."""
    import numpy as np

    from vitir.ast import ops as O
    from vitir.ast.location import NameLoc
    from vitir.backend import compile_module
    from vitir.passes.constants import splat_of
    from vitir.passes.shared_splats import shared_splats
    from vitir.print import print_module
    from vitir.train.loop import compile_graph

    built = _two_layers_sharing_splats()
    before = print_module(built)
    shared = compile_graph(built)
    assert print_module(built) == before  # the caller's module is left as it was
    plain = compile_module(print_module(built, debug_info=True))
    hlo_shared = shared._loaded.hlo_modules()[0].to_string()
    hlo_plain = plain._loaded.hlo_modules()[0].to_string()

    def constant_broadcasts(hlo):
        lines = _lines(hlo, "broadcast")
        return [line for line in lines if re.search(r"broadcast\(%constant", line)]

    assert not [name for name in re.findall(r'op_name="([^"]*)"', hlo_shared) if ";" in name]
    assert constant_broadcasts(hlo_plain) and not any("op_name" in b for b in constant_broadcasts(hlo_plain))
    assert constant_broadcasts(hlo_shared)
    assert all('op_name="net/constant"' in b for b in constant_broadcasts(hlo_shared))
    x = np.random.default_rng(0).standard_normal((8, 8)).astype(np.float32)
    got, want = (np.asarray(exe.run(x)[0]) for exe in (shared, plain))
    np.testing.assert_array_equal(got, want)
    splats = [op for op in shared_splats(built).main.ops if type(op) is O.Constant and op.result_type.shape]
    assert sorted(float(splat_of(op)) for op in splats) == [np.float32(0.001), 0.5]
    assert {op.location for op in splats} == {NameLoc("net/constant")}


def test_a_splat_read_on_the_left_leaves_the_op_its_own_name():
    """MLIR's canonicalizer moves a constant operand of `multiply` to the right and locates the new op at
    both (`net/b0/multiply;net/b0/constant` in op_name, which a reader of layer paths would split
    wrongly); compile_graph writes it on the right, and the op keeps its own path."""
    from vitir.ast import FunctionBuilder
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType
    from vitir.backend import compile_module
    from vitir.print import print_module
    from vitir.train.loop import compile_graph

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((8, 8), DType.F32))
    with fb.layer("net"), fb.layer("b0"):
        y = fb.exponential("e", fb.multiply("m", fb.constant("quarter", "0.25", (8, 8)), x))
    built = module(fb.ret(y))

    def names(exe):
        return set(re.findall(r'op_name="([^"]*)"', exe._loaded.hlo_modules()[0].to_string()))

    assert "net/b0/multiply;net/b0/constant" in names(compile_module(print_module(built, debug_info=True)))
    assert "net/b0/multiply" in names(compile_graph(built))
    assert not any(";" in name for name in names(compile_graph(built)))


def test_share_splats_merges_equal_bits_only():
    """A splat constant and the broadcast of a scalar constant of the same value and type become one
    constant; 0.0 and -0.0 (equal values, other bits) and two NaNs stay apart. The function computes
    the same bits, by vitir's evaluator, and the caller's module is not changed."""
    import numpy as np

    from vitir.ast import FunctionBuilder
    from vitir.ast import ops as O
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.location import NameLoc
    from vitir.ast.types import TensorType
    from vitir.evaluate import evaluate
    from vitir.passes.shared_splats import shared_splats
    from vitir.print import print_module

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), DType.F32))
    with fb.layer("net"):
        with fb.layer("b0"):
            y = fb.multiply("m0", x, fb.constant("half0", "0.5", (4, 8)))
            y = fb.add("a0", y, fb.constant("zero", "0.0", (4, 8)))
            n = fb.add("n0", x, fb.constant("nan0", "0x7FC00001", (4, 8)))
        with fb.layer("b1"):
            y = fb.multiply("m1", y, fb.broadcast_in_dim("half1", fb.constant("h", "0.5"), (), (4, 8)))
            y = fb.multiply("z1", y, fb.constant("negzero", "-0.0", (4, 8)))
            n = fb.multiply("n1", n, fb.constant("nan1", "0x7FC00002", (4, 8)))
    built = module(fb.ret(y, n))
    before = print_module(built)
    shared = shared_splats(built)
    assert print_module(built) == before
    splats = [op for op in shared.main.ops if type(op) is O.Constant and op.result_type.shape]
    assert len(splats) == 5  # one 0.5 for two; 0.0, -0.0 and each NaN their own
    assert sum(op.location == NameLoc("net/constant") for op in splats) == 1
    x_value = np.arange(32, dtype=np.float32).reshape(4, 8) - 7
    got, want = (evaluate(m, x_value) for m in (shared, built))
    assert [np.asarray(a).tobytes() for a in got] == [np.asarray(a).tobytes() for a in want]


def test_share_splats_keeps_integer_extremes_apart():
    """Integer splats: the same value and type merged (int32's minimum written twice), the extremes
    and a value of another type kept apart; the function computes the same bits, by vitir's
    evaluator, with wrapping arithmetic at the extremes."""
    import numpy as np

    from vitir.ast import FunctionBuilder
    from vitir.ast import ops as O
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType
    from vitir.evaluate import evaluate
    from vitir.passes.shared_splats import shared_splats

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((2, 3), DType.I32))
    with fb.layer("net"):
        with fb.layer("b0"):
            y = fb.add("a0", x, fb.constant("lo0", "-2147483648", (2, 3), DType.I32))
            y = fb.multiply("m0", y, fb.constant("hi0", "2147483647", (2, 3), DType.I32))
        with fb.layer("b1"):
            y = fb.add("a1", y, fb.constant("lo1", "-2147483648", (2, 3), DType.I32))
            y = fb.add("a2", y, fb.constant("one", "1", (2, 3), DType.I32))
    built = module(fb.ret(y))
    shared = shared_splats(built)
    splats = [op for op in shared.main.ops if type(op) is O.Constant and op.result_type.shape]
    assert len(splats) == 3  # the minimum once, the maximum, 1
    x_value = np.array([[0, 1, -1], [2147483647, -2147483648, 7]], dtype=np.int32)
    got, want = (evaluate(m, x_value) for m in (shared, built))
    assert [np.asarray(a).tobytes() for a in got] == [np.asarray(a).tobytes() for a in want]
