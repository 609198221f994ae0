"""Portable artifacts written from vitir's AST directly (vitir/mlir/bytecode/from_ast.py), and with
their locations.

Oracles: jaxlib 0.10.2's `hlo.serialize_portable_artifact_str` (StableHLO 1.17.0) of the same text,
locations kept or stripped; and, function by function over StableHLO's compatibility suite, the xDSL
route (the module printed and parsed by xDSL, then downgrade.py), which writes every version file of
the suite byte for byte (test_write_artifacts.py)."""

from __future__ import annotations

import re

import pytest

from vitir.mlir.bytecode import read_bytecode
from vitir.mlir.bytecode.portable import bytecode_version, write_artifact

from .test_artifacts import VERSIONED, hlo, ir, jax_mlir, needs_jaxlib, needs_suite
from .test_direct import _one_function

if ir is not None:
    import jax
    import jax.numpy as jnp
    from jax._src.lib.mlir import passmanager


def _by_xdsl(module, version: str) -> bytes:
    """The xDSL route: vitir's module printed, parsed by xDSL, converted by downgrade.py."""
    from vitir.mlir.bytecode.to_vhlo import downgrade_module
    from vitir.mlir.bytecode.writer import write_bytecode
    from vitir.mlir.parse import parse_text
    from vitir.print import print_module

    parsed = parse_text(print_module(module), verify=False).module
    return write_bytecode(downgrade_module(parsed, version, bytecode_version(version)))


@needs_suite
@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.name.split(".")[1], marks=() if p.name.split(".")[1] in ("0_9_0", "1_20_0")
                 else pytest.mark.slow)
    for p in VERSIONED if re.fullmatch(r"\d+_\d+_\d+", p.name.split(".")[1])])
def test_suite_functions_write_from_the_ast_as_through_xdsl(path):
    """Each function of the suite's artifacts that vitir's AST holds (read by import_bytecode), written
    from the AST and through xDSL's parse: the same bytes (or the same refusal)."""
    from vitir.mlir.bytecode.direct import import_direct

    version = path.name.split(".")[1].replace("_", ".")
    bytecode = read_bytecode(path.read_bytes())
    written = 0
    for function in bytecode.root.regions[0].blocks[0].operations:
        try:
            module = import_direct(_one_function(bytecode, function))
        except Exception:  # noqa: BLE001 - what the AST does not hold (test_direct.py covers it)
            continue
        try:
            expected = _by_xdsl(module, version)
        except Exception as refusal:  # noqa: BLE001 - a downgrade the target cannot hold
            with pytest.raises(type(refusal), match=None) as raised:
                write_artifact(module, version)
            assert str(raised.value) == str(refusal)
            continue
        assert write_artifact(module, version) == expected, function
        written += 1
    assert written >= 100


def _programs() -> dict[str, str]:
    """JAX programs lowered with their locations: names, call sites, file ranges; one with calls
    (written through xDSL's parse, as the fast reader would inline them)."""
    @jax.jit
    def inner(y):
        return jax.nn.relu(y) * 2

    def mlp(x, w):
        y = jnp.tanh(x @ w)
        return jnp.sum(jax.nn.softmax(y, axis=-1) * y), jnp.max(y, axis=0)

    def calls(x, w):
        y = jnp.tanh(x @ w)
        return jnp.sum(inner(y)) + jnp.sum(inner(y + 1))

    def loss(x, w):
        return mlp(x, w)[0]

    x, w = jnp.ones((4, 8)), jnp.ones((8, 3))
    return {name: jax.jit(f).lower(x, w).as_text(debug_info=True)
            for name, f in (("mlp", mlp), ("calls", calls), ("grad", jax.grad(loss, argnums=1)))}


@needs_jaxlib
@pytest.mark.parametrize("version", ["0.9.0", "1.5.0", "1.17.0"])
def test_artifacts_keep_their_locations_as_jaxlib_writes_them(version):
    from vitir.mlir import import_text
    from vitir.print import print_module

    programs = _programs()
    assert "call @" in programs["calls"] and "call @" not in programs["mlp"]
    for name, text in programs.items():
        assert write_artifact(text, version, strip_debuginfo=False) == \
            hlo.serialize_portable_artifact_str(text, version), name
        # vitir's Module (calls inlined: call-site locations), written directly
        module = import_text(text)
        assert write_artifact(module, version, strip_debuginfo=False) == \
            hlo.serialize_portable_artifact_str(print_module(module, debug_info=True), version), name


@needs_jaxlib
@pytest.mark.parametrize("version", ["1.5.0", "1.17.0"])
def test_unlocated_text_is_written_at_its_places_in_the_text(version):
    """A text without locations: each op, argument, function and the module at its place in the text,
    as MLIR's parser locates them (a point is FileLineColLoc's encoding, a while's region arguments at
    their `%iterArg` in its parentheses, a compact body at its reduce), written as jaxlib writes them."""
    def mlp(x, w):
        y = jnp.tanh(x @ w)
        return jnp.sum(y * 2.0), jax.nn.relu(y)

    def loop(x):
        return jax.lax.fori_loop(0, 3, lambda i, c: c * 2.0 + i, x)

    for fn, args in ((mlp, (jnp.ones((4, 8)), jnp.ones((8, 3)))), (loop, (jnp.ones(3),))):
        text = jax.jit(fn).lower(*args).as_text()
        assert "loc(" not in text
        assert write_artifact(text, version, strip_debuginfo=False) == \
            hlo.serialize_portable_artifact_str(text, version), fn.__name__


@needs_jaxlib
def test_stripped_artifacts_of_located_text_are_jaxlibs_stripped():
    text = _programs()["mlp"]
    with jax_mlir.make_ir_context():
        module = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        expected = hlo.serialize_portable_artifact(module, "1.10.0")
    assert write_artifact(text, "1.10.0") == expected
    assert write_artifact(text, "1.10.0", strip_debuginfo=False) != expected


def _locations(module) -> list:
    """Every location of the module, in order: the module's, each function's, its arguments', each
    op's (nested ones too) and each return's."""
    out = [module.location]

    def body(ops):
        for op in ops:
            out.append(op.location)
            for region in op.regions():
                if hasattr(region, "args"):
                    out.extend(a.location for a in region.args)
                    body(region.ops)
                    out.append(region.location)

    for fn in module.functions:
        out.append(fn.location)
        out.extend(a.location for a in fn.args)
        body(fn.ops)
        out.append(fn.ret.location)
    return out


@needs_jaxlib
@pytest.mark.parametrize("version", ["1.5.0", "1.17.0"])
def test_locations_read_back_from_the_artifact(version):
    """import_bytecode of vitir's artifact gives each op, argument, function and return its location."""
    from vitir.mlir import import_bytecode, import_text

    module = import_text(_programs()["grad"])
    known = [loc for loc in _locations(module) if type(loc).__name__ != "UnknownLoc"]
    back = import_bytecode(write_artifact(module, version, strip_debuginfo=False))
    # compared as MLIR writes them (the text reader keeps a one-line range's end line, the bytecode's
    # reader leaves it implied: the same location)
    assert [str(loc) for loc in _locations(back)] == [str(loc) for loc in _locations(module)]
    assert len(known) > 20 and any(type(loc).__name__ == "NameLoc" for loc in known)


@needs_jaxlib
def test_a_built_module_keeps_its_layer_paths():
    """A module built in code: each op's location is its layer path (loc("mlp/dense/dot_general"));
    written as jaxlib writes the module vitir prints with its locations, and read back."""
    from vitir.ast import FunctionBuilder, Module, TensorType
    from vitir.ast.element_types import DType
    from vitir.mlir import import_bytecode
    from vitir.print import print_module

    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), DType.F32))
    w = fb.arg("w", TensorType((8, 3), DType.F32))
    with fb.layer("mlp"):
        with fb.layer("dense"):
            y = fb.dot_general("y", x, w, ((1,), (0,)))
        z = fb.tanh("z", y)
    module = Module([fb.ret(z)])
    artifact = write_artifact(module, "1.10.0", strip_debuginfo=False)
    assert artifact == hlo.serialize_portable_artifact_str(print_module(module, debug_info=True), "1.10.0")
    back = import_bytecode(artifact)
    assert [str(op.location) for op in back.functions[0].ops] == [str(op.location) for op in module.functions[0].ops]
    assert "mlp/dense/dot_general" in str(back.functions[0].ops[0].location)


@needs_jaxlib
def test_fmt_emit_bytecode_keeps_locations_unless_stripped(tmp_path):
    from vitir.cli import main

    text = _programs()["mlp"]
    source = tmp_path / "m.mlir"
    source.write_text(text)
    kept, stripped = tmp_path / "kept.bc", tmp_path / "stripped.bc"
    assert main(["fmt", str(source), "--emit-bytecode", "--target", "1.9.0", "-o", str(kept)]) == 0
    assert main(["fmt", str(source), "--emit-bytecode", "--target", "1.9.0", "--strip-debuginfo",
                 "-o", str(stripped)]) == 0
    assert kept.read_bytes() == hlo.serialize_portable_artifact_str(text, "1.9.0")
    assert stripped.read_bytes() == write_artifact(text, "1.9.0")


@needs_jaxlib
def test_the_text_path_reads_an_artifacts_locations():
    """The path an artifact falls back to (upgrade_text, then import_text) keeps every location jaxlib
    wrote: those of the program's own text, and those import_bytecode's direct path reads."""
    from vitir.mlir import import_bytecode, import_text
    from vitir.mlir.bytecode.vhlo import upgrade_text

    for name, text in _programs().items():
        artifact = hlo.serialize_portable_artifact_str(text, "1.5.0")
        by_text = [str(loc) for loc in _locations(import_text(upgrade_text(read_bytecode(artifact)), source="<bytecode>"))]
        assert by_text == [str(loc) for loc in _locations(import_text(text))], name
        assert by_text == [str(loc) for loc in _locations(import_bytecode(artifact))], name
        assert sum("loc(unknown)" not in loc for loc in by_text) > 15, name


@needs_jaxlib
def test_a_function_the_direct_conversion_does_not_take_goes_through_xdsl(monkeypatch):
    """A compound node prints several ops: its function is converted from xDSL's parse of it alone,
    the module's other function directly; the artifact is jaxlib's of the printed module."""
    from vitir.ast import FunctionBuilder, Module, f32
    from vitir.mlir.bytecode import from_ast
    from vitir.print import print_module

    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(5, 7))
    compound = fb.ret(fb.add("y", fb.all_reduce_mean("g", x, 3), x))
    plain = FunctionBuilder("plain")
    z = plain.arg("z", f32(5, 7))
    module = Module([compound, plain.ret(plain.tanh("t", z))])
    direct = from_ast.AstDowngrade.function
    taken = []

    def recording(self, fn, visibility=None):
        try:
            converted = direct(self, fn, visibility)
        except from_ast.Fallback:
            taken.append((fn.name, "xDSL"))
            raise
        taken.append((fn.name, "direct"))
        return converted

    monkeypatch.setattr(from_ast.AstDowngrade, "function", recording)
    artifact = write_artifact(module, "1.10.0")
    assert taken == [("main", "xDSL"), ("plain", "direct")]
    with jax_mlir.make_ir_context():
        parsed = ir.Module.parse(print_module(module))
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(parsed.operation)
        assert artifact == hlo.serialize_portable_artifact(parsed, "1.10.0")


def _program_with_calls() -> str:
    """JAX's text of a program whose calls the artifact keeps: a callee of two results, a callee
    calling it, a call inside a conditional's branch, the derivative's calls; with its locations.
    (Not a loop: jaxlib locates a while's region arguments where the text spells them, either route
    of vitir at the while's location.)"""
    @jax.jit
    def pair(y):
        return jnp.tanh(y), y * 2

    @jax.jit
    def nested(y):
        a, b = pair(y)
        return a + b

    def loss(x, w):
        a, b = pair(x @ w)
        z = jax.lax.cond(jnp.sum(b) > 0, lambda c: nested(c) * 0.5, lambda c: c, a)
        return jnp.sum(z) + jnp.sum(b)

    x, w = jnp.ones((4, 8)), jnp.ones((8, 3))
    return jax.jit(jax.value_and_grad(loss, argnums=1)).lower(x, w).as_text(debug_info=True)


def _recording(monkeypatch) -> dict:
    """What the direct conversion takes: each function by name, and the callee of each call it writes."""
    from vitir.mlir.bytecode import from_ast

    taken = {"functions": [], "calls": []}
    function, call = from_ast.AstDowngrade.function, from_ast.AstDowngrade.call

    def recording_function(self, fn, visibility=None):
        converted = function(self, fn, visibility)
        taken["functions"].append(fn.name)
        return converted

    def recording_call(self, op):
        taken["calls"].append(op.callee)
        return call(self, op)

    monkeypatch.setattr(from_ast.AstDowngrade, "function", recording_function)
    monkeypatch.setattr(from_ast.AstDowngrade, "call", recording_call)
    return taken


@needs_jaxlib
@pytest.mark.parametrize("version", ["0.9.0", "1.5.0", "1.17.0"])
def test_text_with_calls_is_written_directly_as_jaxlib_writes_it(version, monkeypatch):
    """JAX's text with calls, read by the fast reader with its calls kept and converted directly
    (every function, every call: no xDSL parse of a function), gives jaxlib's bytes with its
    locations and stripped of them."""
    text = _program_with_calls()
    functions = re.findall(r"func\.func (?:public |private )?@([\w.$-]+)", text)
    callees = re.findall(r"\bcall @([\w.$-]+)", text)  # `call @f`, `func.call @f`; not custom_call
    assert len(functions) >= 3 and len(callees) >= 4 and "stablehlo.case" in text
    taken = _recording(monkeypatch)
    assert write_artifact(text, version, strip_debuginfo=False) == hlo.serialize_portable_artifact_str(text, version)
    assert taken["functions"] == functions and sorted(taken["calls"]) == sorted(callees)
    with jax_mlir.make_ir_context():
        parsed = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(parsed.operation)
        assert write_artifact(text, version) == hlo.serialize_portable_artifact(parsed, version)


@needs_jaxlib
def test_text_with_calls_the_direct_conversion_does_not_take_is_parsed_whole(monkeypatch):
    """A function holding a kept call cannot be printed for xDSL's parse of it alone: where the
    direct conversion refuses one, the whole text goes through xDSL's parse, bytes as jaxlib's."""
    from vitir.mlir.bytecode import from_ast

    def refusing(self, op):
        raise from_ast.Fallback("refused")

    monkeypatch.setattr(from_ast.AstDowngrade, "call", refusing)
    text = _program_with_calls()
    assert write_artifact(text, "1.17.0", strip_debuginfo=False) == \
        hlo.serialize_portable_artifact_str(text, "1.17.0")
