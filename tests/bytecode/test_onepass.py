"""The one-pass read (bytes -> the text reader's records -> vitir's AST, vitir/mlir/bytecode/onepass.py)
against the checked way (the generic IR, direct.py) and the text path: the same module, printed byte
for byte (with debug info where the program has locations), on every function of the compatibility
suite's artifacts that the direct path builds, and on JAX programs serialized by jaxlib; locations
left undecoded until asked for, and still the locations jaxlib reads."""

from __future__ import annotations

import copy

import pytest

from vitir.ast.location import DeferredLocation, FileLineColLoc, NameLoc
from vitir.mlir.bytecode import read_bytecode, write_bytecode
from vitir.mlir.bytecode.direct import import_direct
from vitir.mlir.bytecode.onepass import import_onepass
from vitir.text.importer import Fallback

from .test_artifacts import VERSIONED, hlo, ir, jax_mlir, needs_jaxlib, needs_suite
from .test_direct import _by_text, _jax_program, _one_function


def _printed(module, debug_info: bool = False) -> str:
    from vitir.print import print_module

    return print_module(module, debug_info=debug_info)


@needs_suite
@pytest.mark.parametrize("path", [p for p in VERSIONED if p.name.split(".")[1] in ("0_9_0", "1_0_0", "1_20_0")],
                         ids=lambda p: p.name.split(".")[1])
def test_suite_functions_read_in_one_pass_as_the_direct_path_builds_them(path):
    """Each function of the artifact alone, written back to bytes by vitir's writer (the file's
    format version and producer kept), read by both ways."""
    bytecode = read_bytecode(path.read_bytes())
    same = 0
    for function in bytecode.root.regions[0].blocks[0].operations:
        data = write_bytecode(_one_function(bytecode, function))
        try:
            expected = _printed(import_direct(read_bytecode(data)))
        except Exception:  # what the direct path does not build, the one-pass read does not take either
            with pytest.raises(Exception):
                import_onepass(data)
            continue
        assert _printed(import_onepass(data)) == expected
        same += 1
    assert same >= 100, same


@needs_jaxlib
@pytest.mark.parametrize("version", ["0.9.0", "1.0.0", "1.10.0", "1.17.0"])
def test_jax_program_reads_in_one_pass_as_the_text_path_imports_it(version):
    artifact = hlo.serialize_portable_artifact_str(_jax_program(), version)
    assert _printed(import_onepass(artifact)) == _by_text(read_bytecode(artifact))


def _located_program() -> str:
    """A JAX program with its locations, a reduction's region, and two calls of one function that
    the importer inlines (each inlined op's location becomes a call site)."""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def inner(x):
        return jnp.sin(x) * 2.0

    def f(x, w):
        y = jnp.tanh(x @ w)
        return inner(y).sum(axis=0), inner(x).max()

    lowered = jax.jit(f).lower(jnp.ones((4, 3)), jnp.ones((3, 5)))
    return lowered.as_text(debug_info=True)


@needs_jaxlib
@pytest.mark.parametrize("version", ["1.0.0", "1.17.0"])
def test_locations_are_decoded_when_asked_and_are_jaxlibs(version):
    """Ops' and arguments' locations stay undecoded through the read; asked for, they are what
    jaxlib deserializes from the same artifact, call sites of inlined functions included."""
    from vitir.mlir import import_text

    artifact = hlo.serialize_portable_artifact_str(_located_program(), version)
    with jax_mlir.make_ir_context():
        expected = ir.Module.parse(hlo.deserialize_portable_artifact_str(artifact)).operation.get_asm(
            enable_debug_info=True)
    module = import_onepass(artifact)
    ops = module.functions[0].ops
    own = [op for op in ops if not op.results[0].name.startswith("inner_")]  # not inlined from a call
    assert len(own) >= 5 and len(own) < len(ops)
    assert all(op._location.__class__ is DeferredLocation for op in own), "the read decoded them"
    assert _printed(module, debug_info=True) == _printed(import_text(expected), debug_info=True)
    assert all(op._location.__class__ is not DeferredLocation for op in ops)  # decoded once, kept
    assert any(isinstance(op.location, (NameLoc, FileLineColLoc)) for op in ops)
    assert "callsite(" in _printed(module, debug_info=True)


@needs_jaxlib
def test_a_deferred_location_copies_as_its_location():
    """A copy holds the decoded Location, not the reader's tables; the node keeps it once asked."""
    artifact = hlo.serialize_portable_artifact_str(_located_program(), "1.10.0")
    op = import_onepass(artifact).functions[0].ops[0]
    deferred = op._location
    assert deferred.__class__ is DeferredLocation
    copied = copy.copy(deferred)
    assert copied.__class__ is not DeferredLocation and copied == op.location
    assert op._location is op.location


@needs_jaxlib
def test_what_the_one_pass_read_does_not_take_is_read_the_checked_way():
    """rng_bit_generator's results are named one by one: the one-pass read leaves it, and
    import_bytecode still gives the text path's module; bad bytes are reported by the checked way."""
    import jax
    import jax.numpy as jnp

    from vitir.mlir import import_bytecode
    from vitir.mlir.bytecode import BytecodeError

    def f(key):
        return jax.lax.rng_bit_generator(key, (4,), dtype=jnp.uint32)

    text = str(jax.jit(f).lower(jnp.zeros((4,), jnp.uint32)).compiler_ir("stablehlo"))
    artifact = hlo.serialize_portable_artifact_str(text, "1.10.0")
    with pytest.raises(Fallback, match="one by one"):
        import_onepass(artifact)
    assert _printed(import_bytecode(artifact)) == _by_text(read_bytecode(artifact))
    with pytest.raises(BytecodeError, match="byte"):
        import_bytecode(artifact[:len(artifact) // 2])


@needs_jaxlib
def test_a_function_of_more_values_than_the_kept_names_reads_the_same(monkeypatch):
    """The values' number names kept between reads are bounded; a function with more values names
    them from its own list, and reads as the text path imports it."""
    from vitir.mlir.bytecode import onepass

    artifact = hlo.serialize_portable_artifact_str(_jax_program(), "1.10.0")
    monkeypatch.setattr(onepass, "_NUMBERS", [])
    monkeypatch.setattr(onepass, "_NUMBERS_KEPT", 3)
    assert _printed(import_onepass(artifact)) == _by_text(read_bytecode(artifact))
    assert onepass._NUMBERS == []  # (none kept: the program's function has more than 3 values)


@needs_jaxlib
def test_reductions_inside_an_inlined_function_locate_as_jaxlib_reads_them():
    """A reduction body's return keeps its location undecoded through the read (a compact body drops
    it); one inside a function the importer inlines is decoded for its call site. Printed with
    debug info, the module is what jaxlib deserializes from the same artifact."""
    import jax
    import jax.numpy as jnp

    from vitir.mlir import import_text

    @jax.jit
    def inner(x):
        return jnp.sin(x).sum(axis=0) * 2.0

    def f(x, w):
        y = jnp.tanh(x @ w)
        return inner(y).max(), inner(x)

    text = jax.jit(f).lower(jnp.ones((4, 3)), jnp.ones((3, 5))).as_text(debug_info=True)
    artifact = hlo.serialize_portable_artifact_str(text, "1.10.0")
    with jax_mlir.make_ir_context():
        expected = ir.Module.parse(hlo.deserialize_portable_artifact_str(artifact)).operation.get_asm(
            enable_debug_info=True)
    printed = _printed(import_onepass(artifact), debug_info=True)
    assert printed == _printed(import_text(expected), debug_info=True)
    assert printed.count("stablehlo.reduce") >= 3 and "callsite(" in printed


@needs_jaxlib
def test_argument_and_result_dictionaries_read_as_the_text_path_reads_them():
    """Dictionaries of strings (escaped ones too), booleans and integers on a
    function's arguments and results: jaxlib's artifact read in one pass as the text path reads it."""
    text = ('func.func public @main(%arg0: tensor<2xf32> {jax.result_info = "a\\"b\\\\c", mhlo.sharding = "{replicated}"}, '
            '%arg1: tensor<2xf32> {jax.buffer_donor = true, mhlo.layout_mode = "default"}, '
            '%arg2: tensor<2xf32> {tf.aliasing_output = 0 : i32}) '
            '-> (tensor<2xf32> {jax.result_info = "result[0]", jax.other = false}) {\n'
            '  %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>\n'
            '  %1 = stablehlo.add %0, %arg2 : tensor<2xf32>\n'
            '  return %1 : tensor<2xf32>\n}\n')
    artifact = hlo.serialize_portable_artifact_str(text, "1.10.0")
    printed = _printed(import_onepass(artifact))
    assert printed == _by_text(read_bytecode(artifact))
    assert 'jax.result_info = "a\\22b\\5Cc"' in printed and "tf.aliasing_output = 0 : i32" in printed


@needs_jaxlib
def test_alike_region_bodies_read_once_keep_their_own_locations(monkeypatch):
    """Reductions whose bodies are the same bytes but for their locations share one read of the body
    (onepass._Template) and each keeps its own locations: bodies that are not compact (built as
    regions, their arguments and ops located), compact ones, in the main function and in one the
    importer inlines. Printed with debug info, the module is what jaxlib deserializes."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    from vitir.mlir import import_text
    from vitir.mlir.bytecode import onepass

    found = []
    locations = onepass._Template.locations
    monkeypatch.setattr(onepass._Template, "locations",
                        lambda self, *a: found.append(locations(self, *a)) or found[-1])

    def pick(a, b):
        (x, i), (y, j) = a, b
        keep = x >= y
        return jnp.where(keep, x, y), jnp.where(keep, i, j)

    def biggest(x, axis):
        return lax.reduce((x, lax.broadcasted_iota(jnp.int32, x.shape, axis)), (-jnp.inf, 0), pick, (axis,))

    @jax.jit
    def inner(x):
        return biggest(x, 0), jnp.sum(x, axis=1)

    def f(x, y):
        return biggest(jnp.sin(x), 1), biggest(jnp.cos(y), 0), inner(x), inner(y), jnp.sum(x) + jnp.sum(y)

    text = jax.jit(f).lower(jnp.ones((4, 3)), jnp.ones((4, 3))).as_text(debug_info=True)
    artifact = hlo.serialize_portable_artifact_str(text, "1.10.0")
    with jax_mlir.make_ir_context():
        expected = ir.Module.parse(hlo.deserialize_portable_artifact_str(artifact)).operation.get_asm(
            enable_debug_info=True)
    printed = _printed(import_onepass(artifact), debug_info=True)
    assert printed == _printed(import_text(expected), debug_info=True)
    assert sum(f is not None for f in found) >= 2, found  # the second of each kind of body, at least
    compares = [line.rsplit("loc(", 1)[1] for line in printed.splitlines() if "stablehlo.compare GE" in line]
    assert len(compares) == 4 and len(set(compares)) == 4  # each body's op at its own location
