"""An op, argument, terminator, function or module read from text without a location is located where
MLIR's parser places it (issue 39): `loc("f.mlir":line:col)` of its op name (the token after the name for
StableHLO's pretty reduce), of an argument's `%name`, an implicit module at line 0, column 0; `-` for a
string, the file's name for a file. Both readers (vitir/text and the xDSL path).

The oracle is jaxlib's MLIR: `ir.Module.parse(text)` printed with `get_asm(enable_debug_info=True)`."""

from __future__ import annotations

import re

import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

from vitir.ast.location import UNKNOWN, FileLineColLoc, NameLoc  # noqa: E402
from vitir.ast.uses import walk  # noqa: E402
from vitir.cli import main  # noqa: E402
from vitir.mlir import import_module, import_text, parse_text  # noqa: E402
from vitir.print import print_module  # noqa: E402
from vitir.text import fast_import  # noqa: E402


def _mlir_print(text: str, **flags) -> str:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        return ir.Module.parse(text).operation.get_asm(enable_debug_info=True, **flags)


def _locations(text: str) -> list[str]:
    """Every location a printed text gives (trailers and arguments'), aliases resolved, in order."""
    from vitir.ast.location import AliasTable, read_location

    aliases, found = AliasTable(text), []
    for line in text.splitlines():
        if line.startswith("#loc"):
            continue
        for m in re.finditer(r"(?<![\w$.#-])loc\(", line):
            found.append(str(read_location(line, m.start(), aliases)[0]))
    return found


def _ssa_normalised(text: str) -> str:
    """SSA names dropped (MLIR renumbers the names vitir keeps as written)."""
    return re.sub(r"%[\w$.\-]+(:\d+|#\d+)?", "%", text)


NESTED = """module @nested {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>
      %1:2 = "stablehlo.while"(%0, %arg0) ({
    ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
      %c = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<2xf32>,
         %b: tensor<2xf32>):
      %s = stablehlo.multiply %a, %b : tensor<2xf32>
      stablehlo.return %s, %b : tensor<2xf32>, tensor<2xf32>
    }) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    return %1#1 : tensor<2xf32>
  }
}
"""

REDUCTIONS = """module @reductions {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> (tensor<3xf32> {jax.result_info = ""}) {
      stablehlo.custom_call @effect(%arg0) : (tensor<2x3xf32>) -> ()
    %r = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
    %m = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
     reducer(%x: tensor<f32>, %y: tensor<f32>)  {
        %z = stablehlo.maximum %x, %y : tensor<f32>
        stablehlo.return %z : tensor<f32>
      }
    %g = "stablehlo.reduce"(%arg0, %arg1) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = stablehlo.multiply %p, %q : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
    %sum = stablehlo.add %r, %m : tensor<3xf32>
    %all = stablehlo.add %sum, %g : tensor<3xf32>
    return %all : tensor<3xf32>
  }
}
"""

# Some ops located by the text, the others where they are written.
MIXED = """module @mixed {
  func.func @main(%arg0: tensor<4xf32> loc("x"), %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.sine %arg0 : tensor<4xf32> loc("model.py":3:9)
    %1 = stablehlo.cosine %0 : tensor<4xf32>
    %2 = stablehlo.atan2 %1, %arg1 : tensor<4xf32> loc(#loc1)
    return %2 : tensor<4xf32>
  }
}
#loc1 = loc("jit(f)/atan2"("model.py":4:2))
"""

# No module written: MLIR's implicit one is at "-":0:0.
IMPLICIT = """func.func @main(%x: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %0:2 = "stablehlo.sort"(%x, %x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare  LT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<3xi32>, tensor<3xi32>
}
"""

TEXTS = {"nested": NESTED, "reductions": REDUCTIONS, "mixed": MIXED, "implicit": IMPLICIT}


def _control(x, y):
    z = jax.nn.relu(x) @ y
    m = jnp.max(z, axis=0)
    s = jnp.sort(m)
    _, w = lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * 2.0), (0, s))
    return jnp.argmax(w), lax.cumsum(w), lax.reduce_window(z, 0.0, lax.add, (2, 2), (1, 1), "VALID")


def _step(w, x):
    def loss(w):
        return jnp.mean(jnp.tanh(x @ w) ** 2)

    g = jax.grad(loss)(w)
    return w - 0.1 * g, jnp.cos(lax.conv_general_dilated(x[None, None], w[None, None], (1, 1), "SAME"))


JAX_PROGRAMS = {
    "control": lambda: jax.jit(_control).lower(jnp.ones((3, 4)), jnp.ones((4, 5))),
    "step": lambda: jax.jit(_step).lower(jnp.ones((4, 4)), jnp.ones((4, 4))),
}


@pytest.fixture(scope="module", params=sorted(TEXTS) + sorted(JAX_PROGRAMS))
def program(request):
    """(name, text): a hand-written text, or JAX's program lowered without debug info (as_text())."""
    if request.param in TEXTS:
        return request.param, TEXTS[request.param]
    return request.param, JAX_PROGRAMS[request.param]().as_text()


def test_fmt_debug_info_places_them_as_mlir_does(program, tmp_path, capsys):
    """`vitir fmt --debug-info FILE` (the xDSL path): byte for byte jaxlib's print of the text, each
    location in the file's name, as `mlir-opt --mlir-print-debuginfo FILE` names it."""
    name, text = program
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    assert main(["fmt", "--debug-info", str(path)]) == 0
    expected = _mlir_print(text).replace('loc("-":', f'loc("{path}":')
    out = capsys.readouterr().out
    if name in JAX_PROGRAMS:  # MLIR's own SSA names and spellings, which fmt keeps
        assert out == expected
    else:  # names and attributes as written, which MLIR renumbers and moves
        assert _locations(out) == _locations(expected) and len(_locations(out)) >= 8


def test_a_string_is_placed_in_the_file_named_dash(program):
    """Read from a string, through the xDSL path's AST and printed: jaxlib's print (`"-":L:C`)."""
    _, text = program
    printed = print_module(import_module(parse_text(text, verify=False)), debug_info=True)
    if re.search(r"(?<![\w.])call @", text):  # vitir inlines a call: its callee's ops at callsite(<op's> at <call's>)
        assert "callsite(" in printed
        return
    assert _locations(printed) == _locations(_mlir_print(text))


def test_the_fast_reader_places_them_as_the_xdsl_path_does(program):
    """vitir/text's reader gives every op, argument, terminator, function and the module the
    location the xDSL path gives it, so both print the same with debug info."""
    _, text = program
    fast = fast_import(text)
    if fast is None:
        pytest.skip("the fast reader does not take this text")
    slow = import_module(parse_text(text, verify=False))
    assert print_module(fast, debug_info=True) == print_module(slow, debug_info=True)
    assert print_module(fast) == print_module(slow)


def test_the_default_print_is_unchanged(program):
    _, text = program
    assert "loc(" not in print_module(import_text(text))


def test_every_op_is_located_in_the_text():
    module = import_text(NESTED, "nested.mlir")
    fn = module.main
    assert module.location == FileLineColLoc("nested.mlir", 1, 1)
    assert fn.location == FileLineColLoc("nested.mlir", 2, 3)
    assert [a.location for a in fn.args] == [FileLineColLoc("nested.mlir", 2, 19), FileLineColLoc("nested.mlir", 2, 41)]
    add, loop = fn.ops
    assert add.location == FileLineColLoc("nested.mlir", 3, 10)
    assert loop.location == FileLineColLoc("nested.mlir", 4, 14)  # `"stablehlo.while"`
    cond, body = loop.cond, loop.body
    assert [a.location.line for a in body.args] == [9, 10]  # a header over two lines
    assert cond.location == FileLineColLoc("nested.mlir", 7, 7) and body.location == FileLineColLoc("nested.mlir", 12, 7)
    assert fn.ret.location == FileLineColLoc("nested.mlir", 14, 5)
    assert import_text(IMPLICIT).location == FileLineColLoc("-", 0, 0)


def test_positions_are_made_only_when_asked_for():
    """Reading notes an int per op; its location object is made on first use (and kept)."""
    module = fast_import(NESTED)
    add = module.main.ops[0]
    assert type(add._location) is tuple
    assert add.location == FileLineColLoc("-", 3, 10)
    assert add._location is add.location


def test_an_inlined_call_is_at_its_call_site():
    text = """module @calls {
  func.func @main(%a: tensor<f32>) -> tensor<f32> {
    %0 = call @g(%a) : (tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @g(%x: tensor<f32>) -> tensor<f32> {
    %1 = stablehlo.abs %x : tensor<f32>
    return %1 : tensor<f32>
  }
}
"""
    for module in (fast_import(text), import_module(parse_text(text, verify=False))):
        (op,) = [op for op in walk(module.main.ops)]
        assert str(op.location) == 'loc(callsite("-":7:10 at "-":3:10))'


def test_strip_debuginfo_leaves_them_unknown(tmp_path, capsys):
    path = tmp_path / "nested.mlir"
    path.write_text(NESTED)
    assert main(["fmt", "--debug-info", "--strip-debuginfo", str(path)]) == 0
    assert set(re.findall(r"loc\(([^)]*)\)", capsys.readouterr().out)) == {"#loc", "unknown"}


def test_a_builders_ops_keep_their_layer_paths():
    from vitir.ast import FunctionBuilder
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((2,), DType.F32))
    with fb.layer("net"):
        y = fb.exponential("y", x)
    fn = fb.ret(y)
    assert fn.ops[0].location == NameLoc("net/exponential") and fn.location == UNKNOWN
