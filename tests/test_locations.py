"""Debug locations (issue 39): read, kept, carried by passes and printed as MLIR prints them.

The oracle is jaxlib's MLIR: JAX's own `as_text(debug_info=True)` and `ir.Module.parse(...)`
printed with `get_asm(enable_debug_info=True)`."""

from __future__ import annotations

import re

import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

from vitir.ast.location import (UNKNOWN, CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc,  # noqa: E402
                                derived, parse_location)
from vitir.ast.uses import walk  # noqa: E402
from vitir.cli import main  # noqa: E402
from vitir.mlir import import_text  # noqa: E402
from vitir.print import print_module  # noqa: E402


def _mlir_print(text: str, **flags) -> str:
    """jaxlib's reprint of `text` with every location (`flags`: get_asm's pretty_debug_info, use_local_scope)."""
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        return ir.Module.parse(text).operation.get_asm(enable_debug_info=True, **flags)


def _layer(w, x):
    y = jnp.dot(x, w)
    return jnp.tanh(y) * 2.0


def _loss(w, x):
    return jnp.sum(_layer(w, x) ** 2)


def _control(x, y):
    z = jax.nn.relu(x) @ y
    m = jnp.max(z, axis=0)
    s = jnp.sort(m)
    _, w = lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * 2.0), (0, s))
    return jnp.argmax(w), w


PROGRAMS = {
    "grad": lambda: jax.jit(jax.grad(_loss)).lower(jnp.ones((4, 3)), jnp.ones((2, 4))),
    "control": lambda: jax.jit(_control).lower(jnp.ones((3, 4)), jnp.ones((4, 5))),
}


@pytest.fixture(scope="module", params=sorted(PROGRAMS))
def jax_program(request, tmp_path_factory):
    text = PROGRAMS[request.param]().as_text(debug_info=True)
    path = tmp_path_factory.mktemp("loc") / f"{request.param}.mlir"
    path.write_text(text)
    return path, text


def _ssa_normalised(text: str) -> str:
    """SSA names dropped (MLIR renumbers vitir's names when it reprints)."""
    return re.sub(r"%[\w$.\-]+(:\d+)?", "%", text)


# -- the kinds -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    'unknown', '"a.py":4:17', '"a.py":4:17 to :22', '"a.py":4:17 to 6:2', '"x"', '"jit(f)/mul"("a.py":1:2)',
    'callsite("f"("a.py":1:2) at "<module>"("a.py":9:6))', 'fused["a", "b":1:2]', 'fused<"meta">["a", "b"]',
    '"odd \\22name\\22"',
])
def test_location_text_is_mlirs(text):
    """Each kind reads back and prints as MLIR prints it (jaxlib's reprint of an op carrying it)."""
    from vitir.ast.module import Module

    loc = parse_location(text)
    ours = print_module(Module([], "m", location=loc), debug_info=True)
    assert _mlir_print(ours) == ours == _mlir_print(f"module @m {{\n}} loc({text})\n")
    assert parse_location(loc.text()) == loc and hash(loc) == hash(parse_location(text))


def test_kinds_hold_their_parts():
    loc = parse_location('callsite("f"("m.py":4:17 to :22) at "g")')
    assert loc == CallSiteLoc(NameLoc("f", FileLineColLoc("m.py", 4, 17, 4, 22)), NameLoc("g"))
    assert isinstance(parse_location('fused["a", "b"]'), FusedLoc)
    tangent = derived(NameLoc("vit/b3/attn/dot_general"), "jvp", "stablehlo.multiply")
    assert tangent == NameLoc("vit/b3/attn/jvp()/multiply")
    assert derived(tangent, "transpose", "stablehlo.add") == NameLoc("vit/b3/attn/transpose(jvp())/add")
    assert derived(NameLoc("jit(f)/tanh"), "jvp", "stablehlo.tanh") == NameLoc("jit(f)/jvp()/tanh")
    assert derived(UNKNOWN, "jvp", "stablehlo.add") == NameLoc("jvp()/add")


# -- printing a JAX program byte for byte --------------------------------------------------------------

def test_fmt_debug_info_is_jaxlibs(jax_program, capsys):
    path, text = jax_program
    assert main(["fmt", "--debug-info", str(path)]) == 0
    assert capsys.readouterr().out == _mlir_print(text)


VARIANTS = {  # vitir's flags -> jaxlib's get_asm keywords
    "pretty": (["--pretty-debuginfo"], {"pretty_debug_info": True}),
    "local scope": (["--print-local-scope"], {"use_local_scope": True}),
    "both": (["--pretty-debuginfo", "--print-local-scope"], {"pretty_debug_info": True, "use_local_scope": True}),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_fmt_print_variants_are_jaxlibs(jax_program, capsys, variant):
    """MLIR's pretty form and its local scope (no aliases), byte for byte; vitir ends its text in a
    newline, as mlir-opt writes it (jaxlib's get_asm does not when no alias closes the text)."""
    path, text = jax_program
    flags, keywords = VARIANTS[variant]
    assert main(["fmt", *flags, str(path)]) == 0
    expected = _mlir_print(text, **keywords)
    assert capsys.readouterr().out == (expected if expected.endswith("\n") else expected + "\n")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_print_module_variants_are_jaxlibs(jax_program, variant):
    """print_module's variants of vitir's AST (calls inlined, compound nodes): as jaxlib prints the
    same program (vitir's default debug print) in that variant, SSA names aside."""
    _, text = jax_program
    module = import_text(text)
    keywords = VARIANTS[variant][1]
    expected = _mlir_print(print_module(module, debug_info=True), **keywords)
    printed = print_module(module, debug_info=True, **keywords)
    assert _ssa_normalised(printed) == _ssa_normalised(expected if expected.endswith("\n") else expected + "\n")
    if keywords.get("pretty_debug_info"):
        assert "loc(" not in printed and "callsite(" not in printed


def test_fmt_in_place_with_the_pretty_form_is_refused(jax_program, tmp_path):
    """The pretty form does not read back (MLIR's parser refuses it too): -i keeps no location with it."""
    path, text = jax_program
    copy = tmp_path / "pretty.mlir"
    copy.write_text(text)
    assert main(["fmt", "-i", "--pretty-debuginfo", str(copy)]) == 1
    assert copy.read_text() == text


def test_fmt_without_the_flag_is_unchanged(jax_program, capsys, tmp_path):
    """Without --debug-info, a text with locations prints as the same text without them."""
    path, _ = jax_program
    plain = tmp_path / "plain.mlir"
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        plain.write_text(ir.Module.parse(path.read_text()).operation.get_asm(enable_debug_info=False))
    assert main(["fmt", str(plain)]) == 0
    expected = capsys.readouterr().out
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == expected


def test_strip_debuginfo_leaves_every_location_unknown(jax_program, capsys):
    path, _ = jax_program
    assert main(["fmt", "--debug-info", "--strip-debuginfo", str(path)]) == 0
    out = capsys.readouterr().out
    assert set(re.findall(r"loc\(([^)]*)\)", out)) == {"#loc", "unknown"}
    assert _mlir_print(out) == out


def test_the_ast_keeps_every_location(jax_program):
    """Through vitir's AST (calls inlined at their call sites' locations) and printed with debug info:
    MLIR reads it back and prints it the same, SSA names aside."""
    _, text = jax_program
    module = import_text(text)
    ops = [op for fn in module.functions for op in walk(fn.ops)]
    assert all(op.location != UNKNOWN for op in ops)
    printed = print_module(module, debug_info=True)
    assert _ssa_normalised(_mlir_print(printed)) == _ssa_normalised(printed)
    assert [a.location for a in module.main.args] == [NameLoc(n) for n in ("w", "x")] or \
        [a.location for a in module.main.args] == [NameLoc(n) for n in ("x", "y")]


def test_default_print_is_unchanged(jax_program):
    _, text = jax_program
    module = import_text(text)
    assert "loc(" not in print_module(module)


# -- passes ----------------------------------------------------------------------------------------

def test_opt_keeps_every_ops_location(jax_program, capsys):
    """cse, dce, fold and simplify: every op of the output carries a location of the input's."""
    path, text = jax_program
    assert main(["opt", "-p", "cse,dce,fold,simplify", "--debug-info", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    ops = [line for line, after in zip(lines, lines[1:]) if re.match(r"\s+(%|stablehlo\.|return)", line)
           and not line.endswith("{") and not re.match(r"\s+(cond|reducer)\b", after)]  # an op's head line
    assert ops and all(line.rstrip().endswith(")") and " loc(" in line for line in ops)
    # every location the output's ops name is one the input's ops wrote
    def parts(locations):  # an inlined call's ops are at callsite(<op's> at <call's>), as MLIR's inliner puts them
        return {p for loc in locations for p in ((loc.callee, loc.caller) if isinstance(loc, CallSiteLoc) else (loc,))}

    assert parts(_op_locations(out)) <= _op_locations(text) and _op_locations(out)


def _op_locations(text: str) -> set:
    """The locations (resolved through the aliases) that the op trailers of `text` name."""
    from vitir.ast.location import AliasTable, read_location

    aliases = AliasTable(text)
    return {read_location(text, m.start(1), aliases)[0]
            for m in re.finditer(r"^ +[%\w].* (loc\(.*\))$", text, re.M)}


def test_a_folded_op_takes_the_replaced_ops_location():
    text = """module {
  func.func @main(%a: tensor<f32> loc("a")) -> tensor<f32> {
    %c = stablehlo.constant dense<2.0> : tensor<f32> loc("c.py":1:1)
    %d = stablehlo.add %c, %c : tensor<f32> loc("d.py":2:2)
    %e = stablehlo.multiply %a, %d : tensor<f32> loc("e.py":3:3)
    return %e : tensor<f32> loc("r.py":4:4)
  } loc("f.py":5:5)
} loc("m.py":6:6)
"""
    from vitir import passes

    module = passes.run(import_text(text), passes.resolve("fold,dce"))
    ops = module.main.ops
    assert [op.NAME for op in ops] == ["stablehlo.constant", "stablehlo.multiply"]
    assert [op.location for op in ops] == [FileLineColLoc("d.py", 2, 2), FileLineColLoc("e.py", 3, 3)]
    assert module.main.ret.location == FileLineColLoc("r.py", 4, 4)
    assert module.main.location == FileLineColLoc("f.py", 5, 5) and module.location == FileLineColLoc("m.py", 6, 6)


# -- vitir's own graphs ------------------------------------------------------------------------------

def test_a_layer_path_names_each_op():
    from vitir.ast import FunctionBuilder
    from vitir.ast.types import TensorType
    from vitir.ast.element_types import DType
    from vitir.ast.builder import module

    fb = FunctionBuilder("f")
    x = fb.arg("x", TensorType((2,), DType.F32))
    with fb.layer("vit"), fb.layer("b3"), fb.layer("attn"):
        y = fb.exponential("y", x)
    fn = fb.ret(y)
    assert fn.ops[0].location == NameLoc("vit/b3/attn/exponential")
    assert fn.ops[0].location is fn.ops[0].location  # one shared object per path and op
    printed = print_module(module(fn), debug_info=True)
    assert '#loc1 = loc("vit/b3/attn/exponential")' in printed
    assert _ssa_normalised(_mlir_print(printed)) == _ssa_normalised(printed)


def test_the_vit_step_is_located_by_layer_path(capsys):
    """`vitir render adam-sched --preset vit-tiny --debug-info`: at least 95% of its ops carry a layer
    path's name (measured: all 2,446)."""
    assert main(["render", "adam-sched", "--preset", "vit-tiny", "--debug-info"]) == 0
    out = capsys.readouterr().out
    aliases = dict(re.findall(r"^(#loc\d*) = loc\((.*)\)$", out, re.M))
    trailers = re.findall(r"^    .* loc\((#loc\d*)\)$", out, re.M)
    named = [a for a in trailers if aliases[a].startswith('"') and "/" in aliases[a]]
    assert len(named) >= 0.95 * len(trailers) > 2000
    assert {aliases[a].strip('"').split("/")[0] for a in named} >= {"vit", "adamw"}
    # the phase a profile reads from each name: the ViT's forward, its backward, the optimizer
    from vitir.backend.profile import read_op_name

    phases = {}
    for alias in named:
        read = read_op_name(aliases[alias].strip('"'))
        phases.setdefault(read.segments[0], set()).add(read.phase)
    assert phases["vit"] == {"forward", "backward"} and phases["adamw"] == {"optimizer"}
    assert phases["input"] == {"forward"}


def test_an_error_names_the_users_file_and_line(jax_program):
    """A shape error on a JAX program's op names the op's Python file and line beside the text's line."""
    from vitir.mlir.errors import MlirShapeError

    _, text = jax_program
    line = next(line for line in text.splitlines() if "stablehlo.dot_general" in line)
    broken = text.replace(line, line.replace("contracting_dims = [1] x [0]", "contracting_dims = [0] x [0]"))
    assert broken != text
    with pytest.raises(MlirShapeError) as caught:
        import_text(broken)
    message = caught.value.diagnostics[0].message
    assert __file__ in message and re.search(re.escape(__file__) + r":\d+:\d+", message)
    assert "dot_general" in message


def test_derived_ops_are_named_by_the_transformation(tmp_path, capsys):
    """vitir grad on JAX's forward program names a derived op as JAX's own gradient names it
    (`jit(_loss)/transpose(jvp())/dot_general`), at the forward op's file and line."""
    from vitir.ast.location import AliasTable, read_location

    forward = jax.jit(_loss).lower(jnp.ones((4, 3)), jnp.ones((2, 4))).as_text(debug_info=True)
    path = tmp_path / "forward.mlir"
    path.write_text(forward)
    assert main(["grad", "--debug-info", str(path)]) == 0
    out = capsys.readouterr().out

    def names(text):
        aliases = AliasTable(text)
        found = {}
        for m in re.finditer(r"^ +[%\w].* (loc\(.*\))$", text, re.M):
            loc = read_location(text, m.start(1), aliases)[0]
            if isinstance(loc, NameLoc):
                found[loc.name] = loc.child
        return found

    ours = names(out)
    jaxs = names(PROGRAMS["grad"]().as_text(debug_info=True))
    shared = {n for n in ours if "transpose(jvp())" in n} & set(jaxs)
    assert "jit(_loss)/transpose(jvp())/dot_general" in shared
    from vitir.ast.location import user_frame

    name = "jit(_loss)/transpose(jvp())/dot_general"
    assert user_frame(ours[name]) == user_frame(jaxs[name])  # the forward dot's line in _layer
    assert all(loc is not None for loc in ours.values())


CUSTOM_CALL = """module @m {
  func.func @main(%a: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.custom_call @foo(%a) : (tensor<f32>) -> tensor<f32> loc("jit(f)/foo"("model.py":3:4))
    return %0 : tensor<f32>
  }
}
"""


def test_evaluator_and_autodiff_errors_name_the_ops_location():
    import numpy as np

    from vitir.autodiff import value_and_grad
    from vitir.errors import EvaluationError, VitirError
    from vitir.evaluate import evaluate

    module = import_text(CUSTOM_CALL)
    with pytest.raises(EvaluationError, match=re.escape("[at model.py:3:4 jit(f)/foo]")):
        evaluate(module, np.array(1, np.float32))
    with pytest.raises(VitirError, match=re.escape("model.py:3:4 jit(f)/foo: stablehlo.custom_call")):
        value_and_grad(module.main)


def test_xla_carries_the_layer_paths_as_op_name():
    """The text compile_graph hands to PJRT keeps the locations: XLA's compiled HLO names each
    instruction of the layer by its path."""
    from vitir.ast import FunctionBuilder
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType
    from vitir.train.loop import compile_graph

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), DType.F32))
    w = fb.arg("w", TensorType((8, 3), DType.F32))
    with fb.layer("net"), fb.layer("b0"):
        y = fb.exponential("y", fb.dot_general("d", x, w, ((1,), (0,)), ((), ())))
    exe = compile_graph(module(fb.ret(y)))
    hlo = exe._loaded.hlo_modules()[0].to_string()
    names = set(re.findall(r'op_name="([^"]*)"', hlo))
    assert {"net/b0/dot_general", "net/b0/exponential"} <= names


def test_xla_names_a_steps_entry_parameters():
    """A module built with its signature has each argument located by its name (as JAX's `loc("w")`):
    XLA's compiled HLO names the entry parameters by them."""
    from vitir.ast import FunctionBuilder
    from vitir.ast.builder import module
    from vitir.ast.element_types import DType
    from vitir.ast.types import TensorType
    from vitir.lower.step_signature import with_signature
    from vitir.train.loop import compile_graph

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), DType.F32))
    w = fb.arg("w", TensorType((8, 3), DType.F32))
    with fb.layer("net"):
        y = fb.dot_general("d", x, w, ((1,), (0,)), ((), ()))
    built = with_signature(module(fb.ret(y)), {"leading": [x], "params": [w]}, {"outputs": [y]}, step=False)
    assert [a.location for a in built.main.args] == [NameLoc("x"), NameLoc("w")]
    hlo = compile_graph(built)._loaded.hlo_modules()[0].to_string()
    parameters = re.findall(r"parameter\((\d)\), metadata=\{op_name=\"(\w+)\"", hlo)
    assert sorted(parameters) == [("0", "x"), ("1", "w")]


def test_the_fast_reader_keeps_them_as_the_xdsl_path_does(jax_program):
    """vitir/text's reader takes a text with locations (where it takes the text without them) and
    builds the same AST, locations included, as the xDSL path."""
    from vitir.mlir import import_module, parse_text
    from vitir.mlir.parse import strip_locations
    from vitir.text import fast_import

    _, text = jax_program
    fast = fast_import(text)
    assert (fast is None) == (fast_import(strip_locations(text)) is None)
    if fast is None:
        pytest.skip("the fast reader does not take this program, with or without locations")
    slow = import_module(parse_text(text, verify=False))
    assert print_module(fast, debug_info=True) == print_module(slow, debug_info=True)
    assert print_module(fast) == print_module(slow)


def test_fmt_in_place_keeps_the_locations_with_debug_info(jax_program, tmp_path):
    path, text = jax_program
    copy = tmp_path / "in_place.mlir"
    copy.write_text(text)
    assert main(["fmt", "-i", str(copy)]) == 1  # would drop them: refused
    assert main(["fmt", "-i", "--debug-info", str(copy)]) == 0
    assert copy.read_text() == _mlir_print(text)


def test_refinement_keeps_the_locations(tmp_path, capsys):
    """A jax.export program with a symbolic batch, refined to a static one: every op keeps the location
    of the op it was (the callee's ops inlined at their call site)."""
    from jax import export

    def f(x, w):
        return jnp.tanh(x @ w).sum(axis=1)

    b, = export.symbolic_shape("b")
    exported = export.export(jax.jit(f))(jax.ShapeDtypeStruct((b, 4), jnp.float32),
                                         jax.ShapeDtypeStruct((4, 3), jnp.float32))
    path = tmp_path / "dynamic.mlir"
    path.write_text(exported.mlir_module())
    assert main(["fmt", "--refine", "8x4xf32,4x3xf32", "--debug-info", str(path)]) == 0
    out = capsys.readouterr().out
    from vitir.ast.location import user_frame

    ops_only = "\n".join(line for line in out.splitlines() if "return" not in line)
    located = _op_locations(ops_only)
    assert located and UNKNOWN not in located
    assert all(user_frame(loc).filename == __file__ for loc in located)


def test_vitirs_own_text_reads_back_with_its_layer_paths(tmp_path, capsys):
    """The ViT step printed with debug info reads back (its compound nodes at the fused location of their
    ops) and expand-compounds gives each plain op the node's location: every op still named by its path."""
    path = tmp_path / "step.mlir"
    assert main(["render", "adam-sched", "--preset", "vit-tiny", "--batch", "2", "--depth", "1", "--debug-info",
                 "-o", str(path)]) == 0
    assert main(["opt", "-p", "expand-compounds", "--debug-info", str(path)]) == 0
    out = capsys.readouterr().out
    located = _op_locations("\n".join(line for line in out.splitlines() if "return" not in line))
    assert located and all(isinstance(loc, NameLoc) and "/" in loc.name for loc in located)
    assert any(loc.name.endswith("/adamw_update") for loc in located)


# -- backend errors -----------------------------------------------------------------------------------

REFUSED = """module @m {
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %s = stablehlo.sine %a : tensor<4xf32> loc("net/b0/sine")
    %c = stablehlo.custom_call @no_such_target(%s) : (tensor<4xf32>) -> tensor<4xf32> LOCATION
    return %c : tensor<4xf32>
  }
}
"""


@pytest.mark.parametrize("location,cited", [
    ('loc("net/b1/custom_call"("model.py":7:3))', "[at model.py:7:3 net/b1/custom_call: stablehlo.custom_call %c]"),
    ("", "[at stablehlo.custom_call %c]"),  # none written: the op and its SSA name
])
def test_an_xla_refusal_names_the_ops_location(location, cited):
    """XLA refuses a custom call it has no implementation of, naming only the target; vitir's error
    names the op, its SSA name and its location (the user's file and line and the layer path, or its
    line in the text)."""
    from vitir.backend import compile_module
    from vitir.errors import CompileError

    with pytest.raises(CompileError) as caught:
        compile_module(REFUSED.replace("LOCATION", location))
    message = str(caught.value)
    assert "no_such_target" in message and message.endswith(cited)


def test_an_iree_refusal_names_the_ops_location():
    pytest.importorskip("iree.compiler")
    from vitir.backend.iree import compile_module
    from vitir.errors import CompileError

    with pytest.raises(CompileError) as caught:
        compile_module(REFUSED.replace("LOCATION", 'loc("net/b1/custom_call"("model.py":7:3))'))
    assert str(caught.value).endswith("[at model.py:7:3 net/b1/custom_call: stablehlo.custom_call %c]")


def test_a_message_naming_no_op_cites_nothing():
    from vitir.backend.failures import cite

    assert cite(REFUSED.replace("LOCATION", ""), "RESOURCE_EXHAUSTED: out of memory") == ""
    assert cite("not a program", "custom call to foo") == ""


def test_a_compound_nodes_block_arguments_are_located_as_mlir_prints_them():
    """With debug info, the all-reduce mean's body's block arguments carry the node's location after
    their types (`^bb0(%a: tensor<f32> loc(#loc1), ...):`), as MLIR prints them; jaxlib reads the
    text back and prints the same locations."""
    pytest.importorskip("jax")
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    from vitir.ast import FunctionBuilder, Module, f32
    from vitir.print import print_module

    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(5, 7))
    with fb.layer("mean"):
        module = Module([fb.ret(fb.add("y", fb.all_reduce_mean("g", x, 3), x))])
    text = print_module(module, debug_info=True)
    assert "^bb0(%arag: tensor<f32> loc(#loc1), %arbg: tensor<f32> loc(#loc1)):\n" in text
    parsed = ir.Module.parse(text, context=jax_mlir.make_ir_context())
    printed = parsed.operation.get_asm(enable_debug_info=True, use_local_scope=True)
    assert 'tensor<f32> loc("mean/all_reduce_mean"), %arg2: tensor<f32> loc("mean/all_reduce_mean")):' in printed
