"""Locations through inlining: every place vitir inlines a call (the fast reader, the xDSL route's
importer, the bytecode readers, `inline-composite`) puts an inlined op, region argument and region
terminator where MLIR's inliner puts it (InliningUtils.cpp, `remapInlinedLocations`):
`callsite(<its own> at <the call's>)`, a call site it already is taking the call as its outermost
caller.

The oracle is jaxlib's own inliner (`inline`, after `stablehlo-legalize-composite-to-call` for
composites) run on the same text and printed with `get_asm(enable_debug_info=True)`: vitir's print
with debug info is the same text byte for byte, but for the SSA names (vitir names an inlined
callee's values `<callee>_c<k>_...`) and the functions' visibility, which vitir's AST does not hold."""

from __future__ import annotations

import io
import re

import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402

from vitir import passes  # noqa: E402
from vitir.ast.location import CallSiteLoc, NameLoc, inlined_at, parse_location  # noqa: E402
from vitir.ast.uses import walk  # noqa: E402
from vitir.cli import main  # noqa: E402
from vitir.mlir import import_bytecode, import_text  # noqa: E402
from vitir.mlir.parse import parse_text  # noqa: E402
from vitir.mlir.to_ast import import_module  # noqa: E402
from vitir.print import print_module  # noqa: E402
from vitir.text import fast_import  # noqa: E402


def _jaxlib_inlined(text: str, composites: bool = False) -> str:
    """jaxlib's MLIR: `text` parsed, its calls (and composites) inlined, printed with every location."""
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir, passmanager

    try:  # func's inliner interface: jaxlib registers it with Mosaic GPU's extensions
        from jaxlib.mlir._mlir_libs import _mosaic_gpu_ext, _stablehlo
    except ImportError:
        pytest.skip("this jaxlib does not ship func's inliner extension")
    context = jax_mlir.make_ir_context()
    _mosaic_gpu_ext.register_inliner_extensions(context)
    pipeline = "inline{default-pipeline=}"
    if composites:
        _stablehlo.register_stablehlo_passes()
        pipeline = "func.func(stablehlo-legalize-composite-to-call)," + pipeline
    with context:
        module = ir.Module.parse(text)
        passmanager.PassManager.parse(f"builtin.module({pipeline})").run(module.operation)
        return module.operation.get_asm(enable_debug_info=True)


def _jaxlib_bytecode(text: str) -> bytes:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        out = io.BytesIO()
        ir.Module.parse(text).operation.write_bytecode(out)
        return out.getvalue()


def _names_aside(text: str) -> str:
    """SSA names and visibility left out: what vitir's AST names otherwise or does not hold."""
    text = re.sub(r"%[\w$.\-]+(#\d+)?", "%_", text)
    return re.sub(r"func\.func (public|private) ", "func.func ", text)


# Nested calls (main -> g -> h, and h again from main), a call inside a loop's body, a call at a call
# site, an op already at a call site (its chain kept, the call appended), ops and arguments the text
# does not locate (placed in the text, then at the call), region arguments and terminators, fused.
NESTED = """module @m {
  func.func public @main(%a: tensor<4xf32> loc("a"), %n: tensor<i32> loc("n")) -> tensor<4xf32> {
    %0 = func.call @g(%a, %n) : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32> loc("call_g"("f.py":3:1))
    %1 = call @h(%0) : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32> loc("ret.py":9:9)
  } loc("main.py":1:1)
  func.func private @g(%x: tensor<4xf32> loc("x"), %k: tensor<i32>) -> tensor<4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32> loc(callsite("inner"("g.py":1:1) at "outer"("g.py":2:2)))
    %w:2 = stablehlo.while(%i = %c, %v = %x) : tensor<i32>, tensor<4xf32>
     cond {
      %p = stablehlo.compare LT, %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1> loc("lt")
      stablehlo.return %p : tensor<i1> loc("cond_ret")
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32> loc("inc")
      %v2 = func.call @h(%v) : (tensor<4xf32>) -> tensor<4xf32> loc(callsite("loop" at "g.py":7:7))
      stablehlo.return %i2, %v2 : tensor<i32>, tensor<4xf32>
    } loc("while"("g.py":5:5))
    %s = stablehlo.sine %w#1 : tensor<4xf32> loc(fused["s1", "s2"])
    return %s : tensor<4xf32> loc("g_ret")
  } loc("gdef")
  func.func private @h(%y: tensor<4xf32>) -> tensor<4xf32> {
    %t = stablehlo.tanh %y : tensor<4xf32> loc("tanh"(callsite("h.py":1:1 at callsite("h.py":2:2 at "h.py":3:3))))
    %u = stablehlo.cosine %t : tensor<4xf32> loc(callsite("h.py":4:4 at callsite("h.py":5:5 at "h.py":6:6)))
    %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %e = stablehlo.reduce(%u init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
      reducer(%r0: tensor<f32> loc("r0"), %r1: tensor<f32>) {
        %q = stablehlo.add %r0, %r1 : tensor<f32> loc("radd")
        %q2 = stablehlo.maximum %q, %r1 : tensor<f32>
        stablehlo.return %q2 : tensor<f32>
      } loc("red")
    %b = stablehlo.broadcast_in_dim %e, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %o = stablehlo.add %u, %b : tensor<4xf32>
    return %o : tensor<4xf32>
  }
}
"""


def _model(x, y):
    @jax.jit
    def inner(v):
        return jnp.sin(v) * 2.0

    @jax.jit
    def outer(v, w):
        return inner(v) + jnp.tanh(w)

    a = outer(x, y)
    b = lax.cond(a.sum() > 0, lambda v: jnp.cos(v), lambda v: inner(v) * 3.0, a)
    c = lax.fori_loop(0, 3, lambda i, v: v + inner(v), b)
    return outer(c, a), jnp.max(inner(c))


def _jax_text() -> str:
    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32)
    return jax.jit(_model).lower(x, x[::-1].copy()).as_text(debug_info=True)


def _composites_text() -> str:
    def softplus(x):
        return lax.composite(lambda x: jnp.logaddexp(x, 0.0), name="my.softplus")(x)

    def scaled(x, y):
        inner = lax.composite(lambda x, n: softplus(x) * n, name="my.scaled")(x, n=3)  # a composite in one
        s = lax.fori_loop(0, 3, lambda i, c: c + jax.jit(jnp.sin)(c), y)
        return inner + lax.composite(lambda a, b: (a - b, a * b), name="my.pair")(x, s)[1], softplus(y)

    x = np.linspace(-2.0, 2.0, 6, dtype=np.float32)
    return jax.jit(scaled).lower(x, x).as_text(debug_info=True)


@pytest.fixture(scope="module", params=["nested", "jax"])
def program(request):
    return NESTED if request.param == "nested" else _jax_text()


# -- the rule -----------------------------------------------------------------------------------------

def test_a_call_site_keeps_its_chain_and_takes_the_call_as_its_outermost_caller():
    a, b, call = NameLoc("a"), NameLoc("b"), NameLoc("call")
    assert inlined_at(a, call) == CallSiteLoc(a, call)
    assert inlined_at(CallSiteLoc(a, b), call) == CallSiteLoc(a, CallSiteLoc(b, call))
    # inlining g into f after h into g gives what inlining h into the inlined g gives
    h_op, g_call, f_call = parse_location('"h.py":1:2'), parse_location('"g.py":3:4'), parse_location('"f"')
    assert inlined_at(inlined_at(h_op, g_call), f_call) == inlined_at(h_op, inlined_at(g_call, f_call))
    assert str(inlined_at(inlined_at(h_op, g_call), f_call)) == \
        'loc(callsite("h.py":1:2 at callsite("g.py":3:4 at "f")))'


# -- the readers against jaxlib's inliner ---------------------------------------------------------------

def test_the_xdsl_route_inlines_calls_where_mlirs_inliner_puts_them(program):
    module = import_module(parse_text(program, verify=False))
    assert _names_aside(print_module(module, debug_info=True)) == _names_aside(_jaxlib_inlined(program))


def test_the_fast_reader_inlines_calls_where_mlirs_inliner_puts_them():
    module = fast_import(NESTED)
    assert module is not None
    assert _names_aside(print_module(module, debug_info=True)) == _names_aside(_jaxlib_inlined(NESTED))


def test_import_text_inlines_calls_where_mlirs_inliner_puts_them(program):
    """Whichever reader takes the text."""
    printed = print_module(import_text(program), debug_info=True)
    assert "callsite(" in printed
    assert _names_aside(printed) == _names_aside(_jaxlib_inlined(program))


def _op_locations(module) -> list:
    return [op.location for fn in module.functions for op in walk(fn.ops)]


def test_the_bytecode_readers_inline_calls_where_mlirs_inliner_puts_them(program):
    """jaxlib's plain bytecode and its portable artifact of the text (locations kept), read by vitir:
    every op where the inlined text puts it."""
    from jax._src.lib.mlir.dialects import hlo

    want = import_text(_jaxlib_inlined(program))  # the oracle's own inlined module, read back
    plain = import_bytecode(_jaxlib_bytecode(program))
    assert _names_aside(print_module(plain, debug_info=True)) == _names_aside(_jaxlib_inlined(program))
    artifact = import_bytecode(hlo.serialize_portable_artifact_str(program, "1.17.0"))
    located = _op_locations(artifact)
    assert any(isinstance(loc, CallSiteLoc) for loc in located)
    assert located == _op_locations(want) == _op_locations(plain)


def test_opt_prints_inlined_calls_as_mlirs_inliner_does(tmp_path, capsys):
    path = tmp_path / "nested.mlir"
    path.write_text(NESTED)
    assert main(["opt", "-p", "dce", "--debug-info", str(path)]) == 0
    want = _jaxlib_inlined(NESTED).replace('loc("-":', f'loc("{path}":')
    assert _names_aside(capsys.readouterr().out) == _names_aside(want)


# -- inline-composite ---------------------------------------------------------------------------------

def test_inline_composite_places_a_decomposition_as_mlirs_inliner_does():
    """Nested composites, a loop with a call in a decomposition's caller: as StableHLO's
    `stablehlo-legalize-composite-to-call` then `inline` place them."""
    text = _composites_text()
    inlined = passes.run(import_text(text), ["inline-composite"])
    assert [f.name for f in inlined.functions] == ["main"]
    printed = print_module(inlined, debug_info=True)
    assert printed.count("callsite(") > text.count("callsite(")
    assert _names_aside(printed) == _names_aside(_jaxlib_inlined(text, composites=True))


def test_inline_composite_of_a_hand_written_text():
    text = """module @m {
  func.func public @main(%a: tensor<4xf32> loc("a")) -> tensor<4xf32> {
    %0 = stablehlo.composite "my.op" %a {decomposition = @my.op.impl} : (tensor<4xf32>) -> tensor<4xf32> loc("comp"("m.py":3:1))
    %1 = stablehlo.composite "my.op" %0 {decomposition = @my.op.impl} : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @my.op.impl(%x: tensor<4xf32>) -> tensor<4xf32> {
    %s = stablehlo.sine %x : tensor<4xf32> loc("sin"("d.py":1:1))
    %t = stablehlo.tanh %s : tensor<4xf32>
    return %t : tensor<4xf32>
  }
}
"""
    inlined = passes.run(import_text(text), ["inline-composite"])
    assert [str(op.location) for op in inlined.main.ops] == [
        'loc(callsite("sin"("d.py":1:1) at "comp"("m.py":3:1)))', 'loc(callsite("-":9:10 at "comp"("m.py":3:1)))',
        'loc(callsite("sin"("d.py":1:1) at "-":4:10))', 'loc(callsite("-":9:10 at "-":4:10))']
    assert _names_aside(print_module(inlined, debug_info=True)) == _names_aside(_jaxlib_inlined(text, composites=True))
