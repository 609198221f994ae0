"""Plain MLIR bytecode with its locations: `export_bytecode(module)` (and `vitir fmt --emit-bytecode`
without `--target`) keeps every op's, block argument's, function's and the module's location, as
MLIR's writer does, unless `strip_debuginfo=True`.

Oracle: jaxlib 0.10.2's `ir.Module.parse(text)` then `module.operation.write_bytecode(f)` (format
version 6, as vitir's plain writer writes), byte for byte, for JAX programs lowered with
`as_text(debug_info=True)` and for vitir's own graphs printed with `debug_info=True` (layer paths as
name locations); read back, jaxlib's print of the bytes with `enable_debug_info=True`.

What is comparable: JAX's text itself (calls kept: plain bytecode keeps them), and vitir's Module of
it, which inlines every call (its ops at `callsite(<op's> at <call's>)`) and holds no `public`: the
Module is compared with the module jaxlib's own inliner makes of JAX's text. A pretty while's region
arguments, which MLIR's printer (and vitir's) does not locate, keep the Module's locations (their
places in JAX's text), not their places in vitir's print.
"""

from __future__ import annotations

import io

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir, passmanager  # noqa: E402

from vitir.mlir import export_bytecode, import_bytecode, import_text  # noqa: E402
from vitir.mlir.bytecode import read_bytecode  # noqa: E402
from vitir.print import print_module  # noqa: E402


def jaxlib_bytecode(text: str, strip: bool = False) -> bytes:
    """jaxlib's plain bytecode of the text's module (its locations kept unless `strip`)."""
    with jax_mlir.make_ir_context():
        module = ir.Module.parse(text)
        if strip:
            passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        out = io.BytesIO()
        module.operation.write_bytecode(out)
        return out.getvalue()


def jaxlib_located_text(data: bytes) -> str:
    """jaxlib's print of the bytes' module with its locations."""
    with jax_mlir.make_ir_context():
        return ir.Module.parse(data).operation.get_asm(enable_debug_info=True)


def _programs() -> dict[str, str]:
    def mlp(w1, b1, w2, x):
        return jnp.sum((jnp.tanh(x @ w1 + b1) @ w2) ** 2)

    def while_loop(x):
        return jax.lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * 2.0), (0, x))[1]

    def fori_loop(x):
        return jax.lax.fori_loop(0, 5, lambda i, a: a * 1.5 + i, x)

    def scan(x):
        return jax.lax.scan(lambda c, y: (c + y, c * y), 0.0, x)

    @jax.jit
    def inner(a, b):
        return jnp.sin(a) * b, a + b

    def calls(x, y):
        p, q = inner(x, y)
        return inner(p, q)[0] + jnp.max(x)

    v3 = jnp.ones(3)
    return {
        "mlp": jax.jit(mlp).lower(jnp.ones((4, 8)), jnp.ones(8), jnp.ones((8, 2)), jnp.ones((3, 4))),
        "while_loop": jax.jit(while_loop).lower(v3),
        "fori_loop": jax.jit(fori_loop).lower(v3),
        "scan": jax.jit(scan).lower(jnp.ones(5)),
        "calls": jax.jit(calls).lower(v3, v3),
    }


_TEXTS: dict = {}


def _text(name: str) -> str:
    if not _TEXTS:
        _TEXTS.update((key, lowered.as_text(debug_info=True)) for key, lowered in _programs().items())
    return _TEXTS[name]


PROGRAMS = ["mlp", "while_loop", "fori_loop", "scan", "calls"]


def _unknown_only(data: bytes) -> bool:
    """Whether every op and block argument of the bytes is at `loc(unknown)`."""
    from vitir.mlir.bytecode.reader import UNKNOWN_LOCATION

    ops = list(read_bytecode(data).root.walk())
    arguments = [a for op in ops for region in op.regions for block in region.blocks for a in block.arguments]
    return all(node.location is UNKNOWN_LOCATION for node in ops + arguments)


@pytest.mark.parametrize("name", PROGRAMS)
def test_jax_text_is_written_with_its_locations_as_jaxlib_writes_it(name):
    """JAX's located text (calls kept) -> jaxlib's bytes; stripped -> jaxlib's stripped bytes."""
    text = _text(name)
    data = export_bytecode(text)
    assert data == jaxlib_bytecode(text)
    assert read_bytecode(data).version == 6  # the version jaxlib's writer writes by default
    assert export_bytecode(text, strip_debuginfo=True) == jaxlib_bytecode(text, strip=True) != data
    assert _unknown_only(export_bytecode(text, strip_debuginfo=True)) and not _unknown_only(data)


def jaxlib_inlined(text: str) -> bytes:
    """jaxlib's plain bytecode of the text's module after MLIR's inliner (`inline`, func's inliner
    interface registered as jaxlib's Mosaic GPU extension registers it), the functions' visibility
    removed (vitir's AST holds none): the module vitir's reader makes of the text, in MLIR."""
    try:
        from jaxlib.mlir._mlir_libs import _mosaic_gpu_ext
    except ImportError:
        pytest.skip("this jaxlib does not ship func's inliner extension")
    context = jax_mlir.make_ir_context()
    _mosaic_gpu_ext.register_inliner_extensions(context)
    with context:
        module = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(inline{default-pipeline=})").run(module.operation)
        for op in module.body.operations:
            if "sym_visibility" in op.attributes:
                del op.attributes["sym_visibility"]
        out = io.BytesIO()
        module.operation.write_bytecode(out)
        return out.getvalue()


def jaxlib_generic_text(data: bytes) -> str:
    """jaxlib's generic print of the bytes' module with every location (a pretty while's region
    arguments' too, which the pretty form does not print)."""
    with jax_mlir.make_ir_context():
        return ir.Module.parse(data).operation.get_asm(enable_debug_info=True, print_generic_op_form=True)


def _use_list_orders(data: bytes) -> bool:
    ops = list(read_bytecode(data).root.walk())
    return any(op.use_list_orders for op in ops) or any(
        block.use_list_orders for op in ops for region in op.regions for block in region.blocks)


@pytest.mark.parametrize("name", PROGRAMS)
def test_vitir_module_is_written_with_its_locations_and_reads_back(name):
    """vitir's Module of JAX's located text (calls inlined) -> the module MLIR's inliner makes of the
    text, every location (a loop's region arguments' included) as jaxlib writes it: byte for byte
    where jaxlib's inlined module holds no use-list orders (the inliner moves uses: a module read
    afresh, as vitir's is, has none), else as jaxlib reads both back. Read back by `import_bytecode`
    to the Module `import_text` gives for jaxlib's located print of the same bytes, every location
    the original Module's."""
    from .test_write_from_ast import _locations

    text = _text(name)
    module = import_text(text)
    data = export_bytecode(module)
    expected = jaxlib_inlined(text)
    assert jaxlib_generic_text(data) == jaxlib_generic_text(expected)
    if not _use_list_orders(expected):
        assert data == expected
    if "stablehlo.while" not in text:  # (a while's region arguments: where vitir's print puts them)
        assert data == jaxlib_bytecode(print_module(module, debug_info=True))
    back = import_bytecode(data)
    assert print_module(back, debug_info=True) == print_module(import_text(jaxlib_located_text(data)), debug_info=True)
    located = [str(loc) for loc in _locations(module)]
    assert [str(loc) for loc in _locations(back)] == located
    assert sum(loc.startswith(("loc(\"jit(", "loc(callsite(")) for loc in located) > 5


def test_jaxlibs_plain_bytecode_with_locations_reads_as_its_text():
    """jaxlib's located plain bytecode of JAX's text read by `import_bytecode` to the Module
    `import_text` gives for the text (its calls inlined alike), locations and all."""
    for name in ("mlp", "calls"):
        text = _text(name)
        data = jaxlib_bytecode(text)
        assert print_module(import_bytecode(data), debug_info=True) == \
            print_module(import_text(jaxlib_located_text(data)), debug_info=True), name


def test_a_built_graph_keeps_its_layer_paths():
    """vitir's own ViT train step (its ops named by their layer paths, `vit/forward/b0/attn/...`) ->
    jaxlib's bytes of its print with debug info; read back with the same locations."""
    from vitir.lower import AdamHyper, ViTConfig
    from vitir.lower.train_step import adam_sched_module

    module = adam_sched_module(ViTConfig(batch=2, channels=1, image=4, patch=2, width=8, depth=1, heads=2, mlp=8,
                                         classes=3), AdamHyper())
    printed = print_module(module, debug_info=True)
    data = export_bytecode(module)
    assert data == jaxlib_bytecode(printed)
    assert export_bytecode(module, strip_debuginfo=True) == jaxlib_bytecode(printed, strip=True)
    back = import_bytecode(data)
    ops = [str(op.location) for op in module.functions[0].ops]
    assert [str(op.location) for op in back.functions[0].ops] == ops
    assert sum("vit/forward/" in loc for loc in ops) > 20


def test_a_module_built_in_code_without_layers_is_unknown_where_it_was():
    """A module built without layer paths writes its ops' unknown locations as jaxlib writes them."""
    from vitir.ast import FunctionBuilder, Module, TensorType
    from vitir.ast.element_types import DType

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4,), DType.F32))
    module = Module([fb.ret(fb.tanh("y", x))])
    data = export_bytecode(module)
    assert data == jaxlib_bytecode(print_module(module, debug_info=True))


def test_fmt_emit_bytecode_keeps_locations_unless_stripped(tmp_path):
    """`vitir fmt X --emit-bytecode -o OUT` keeps the text's locations (and places what it does not
    locate at its place, `"-":line:col`, as jaxlib's parse of the text does); `--strip-debuginfo`
    drops them."""
    from vitir.cli import main

    source = tmp_path / "p.mlir"
    source.write_text(_text("calls"))
    out = tmp_path / "p.mlirbc"
    assert main(["fmt", str(source), "--emit-bytecode", "-o", str(out)]) == 0
    assert out.read_bytes() == jaxlib_bytecode(_text("calls"))
    assert main(["fmt", str(source), "--emit-bytecode", "--strip-debuginfo", "-o", str(out)]) == 0
    assert out.read_bytes() == jaxlib_bytecode(_text("calls"), strip=True)
    unlocated = jax.jit(lambda x: jnp.sin(x) * 2.0).lower(jnp.ones(3)).as_text()
    assert "loc(" not in unlocated
    source.write_text(unlocated)
    assert main(["fmt", str(source), "--emit-bytecode", "-o", str(out)]) == 0
    assert out.read_bytes() == jaxlib_bytecode(unlocated)
    assert 'loc("-":' in jaxlib_located_text(out.read_bytes())


@pytest.mark.parametrize("name", PROGRAMS)
def test_fmt_writes_jaxlibs_located_bytecode_back_to_its_bytes(name, tmp_path):
    """`vitir fmt X.mlirbc --emit-bytecode -o OUT` of jaxlib's located plain bytecode: the same bytes
    (what the file leaves unknown stays unknown; `public` kept; calls kept)."""
    from vitir.cli import main

    data = jaxlib_bytecode(_text(name))
    source, out = tmp_path / "in.mlirbc", tmp_path / "out.mlirbc"
    source.write_bytes(data)
    assert main(["fmt", str(source), "--emit-bytecode", "-o", str(out)]) == 0
    assert out.read_bytes() == data


@pytest.mark.slow
def test_vit_tiny_step_is_written_with_its_locations_as_jaxlib_writes_it():
    """JAX's ViT-Tiny train step lowered with debug info (~11,000 ops): its text and vitir's Module of
    it written to jaxlib's bytes, and read back with the same locations."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_import import jax_train_step_text

    text = jax_train_step_text("matmul", debug_info=True)
    assert export_bytecode(text) == jaxlib_bytecode(text)
    module = import_text(text)
    data = export_bytecode(module)
    assert data == jaxlib_bytecode(print_module(module, debug_info=True))
    back = import_bytecode(data)
    assert print_module(back, debug_info=True) == print_module(import_text(jaxlib_located_text(data)), debug_info=True)


GENERIC_REDUCE = """module @m {
  func.func @main(%x: tensor<2x3xf32>, %init: tensor<f32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""


@pytest.mark.parametrize("reader", ["fast", "xdsl"])
def test_a_generic_reduce_keeps_its_bodys_places(reader):
    """A generic reduce whose body is one op, read from text without locations: its body's arguments,
    op and return are each at their place in the text, as MLIR's parser has them (the AST keeps the
    body whole; it prints compactly as before). vitir's Module written plain and as an artifact is
    jaxlib's bytes of the text."""
    from jax._src.lib.mlir.dialects import hlo

    from vitir.mlir import import_module, parse_text
    from vitir.text import fast_import

    module = fast_import(GENERIC_REDUCE) if reader == "fast" else import_module(parse_text(GENERIC_REDUCE))
    body = module.functions[0].ops[0].body
    assert [str(a.location) for a in body.args] == ['loc("-":4:10)', 'loc("-":4:27)']
    assert "applies stablehlo.add" in print_module(module)
    assert export_bytecode(module) == jaxlib_bytecode(GENERIC_REDUCE)
    assert export_bytecode(module, target="1.10.0") == hlo.serialize_portable_artifact_str(GENERIC_REDUCE, "1.10.0")


def _xdsl_parses(monkeypatch) -> list[str]:
    """The texts xDSL's parse is asked for from now on (each one's first function's name, or `-`)."""
    import re

    from vitir.mlir import parse

    asked, parse_text = [], parse.parse_text

    def recording(text, *args, **kwargs):
        found = re.search(r"func\.func (?:\w+ )?@([\w.$-]+)", text)
        asked.append(found.group(1) if found else "-")
        return parse_text(text, *args, **kwargs)

    monkeypatch.setattr(parse, "parse_text", recording)
    return asked


@pytest.mark.parametrize("name", ["mlp", "calls"])  # (a while: its region arguments printed, not comparable)
def test_plain_bytecode_is_written_from_the_ast(name, monkeypatch):
    """vitir's Module and JAX's text (its calls kept) are written plain without xDSL's parse of any
    function (only the module's shell, its attributes, is parsed), to jaxlib's bytes with their
    locations and stripped of them."""
    text = _text(name)
    module = import_text(text)
    asked = _xdsl_parses(monkeypatch)
    located, stripped = export_bytecode(module), export_bytecode(module, strip_debuginfo=True)
    by_text, by_text_stripped = export_bytecode(text), export_bytecode(text, strip_debuginfo=True)
    assert asked == ["-"] * 4
    printed = print_module(module, debug_info=True)
    assert located == jaxlib_bytecode(printed)
    assert stripped == jaxlib_bytecode(printed, strip=True)
    assert by_text == jaxlib_bytecode(text)
    assert by_text_stripped == jaxlib_bytecode(text, strip=True)


def test_a_function_the_direct_plain_write_does_not_take_goes_through_xdsl(monkeypatch):
    """A compound node prints several ops: its function alone is written from xDSL's parse of its
    print, the module's other function directly, in one write: jaxlib's bytes of the printed module,
    stripped and located (the node's location on each op it prints and on each argument of its
    body's block, as MLIR writes them), and the bytes of the whole module through xDSL's route."""
    from vitir.ast import FunctionBuilder, Module, f32
    from vitir.mlir.bytecode.plain import _plain_through_xdsl
    from vitir.mlir.bytecode.writer import write_bytecode

    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(5, 7))
    with fb.layer("mean"):
        compound = fb.ret(fb.add("y", fb.all_reduce_mean("g", x, 3), x))
    plain = FunctionBuilder("plain")
    z = plain.arg("z", f32(5, 7))
    with plain.layer("act"):
        t = plain.tanh("t", z)
    module = Module([compound, plain.ret(t)])
    asked = _xdsl_parses(monkeypatch)
    located, stripped = export_bytecode(module), export_bytecode(module, strip_debuginfo=True)
    assert asked == ["-", "main"] * 2
    assert stripped == jaxlib_bytecode(print_module(module), strip=True)
    assert located == write_bytecode(_plain_through_xdsl(module, True, "<text>"))
    assert located == jaxlib_bytecode(print_module(module, debug_info=True))
    assert b"mean/add" in located and b"act/tanh" in located
