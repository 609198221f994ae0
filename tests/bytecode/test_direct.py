"""The direct path (bytecode -> vitir's AST from the decoded ops, vitir/mlir/bytecode/direct.py)
against the text path (the artifact printed as StableHLO's text by vhlo.upgrade_text, imported by
vitir's importer): the same module, printed byte for byte, on every function of the compatibility
suite's artifacts the direct path builds, and on JAX programs serialized by jaxlib; what the direct
path does not build falls back to the text path."""

from __future__ import annotations

import pytest

from vitir.mlir.bytecode import read_bytecode
from vitir.mlir.bytecode.direct import import_direct
from vitir.mlir.bytecode.ir import Block, BytecodeModule, Operation, Region
from vitir.mlir.bytecode.vhlo import upgrade_text
from vitir.text.importer import Fallback

from .test_artifacts import VERSIONED, hlo, ir, jax_mlir, needs_jaxlib, needs_suite


def _printed(module) -> str:
    from vitir.print import print_module

    return print_module(module)


def _by_text(bytecode: BytecodeModule) -> str:
    from vitir.mlir import import_text

    return _printed(import_text(upgrade_text(bytecode), source="<bytecode>"))


def _one_function(bytecode: BytecodeModule, function: Operation) -> BytecodeModule:
    """The artifact's module holding `function` alone (the values and entries shared, not copied)."""
    root = bytecode.root
    alone = Operation(root.name, root.location, root.attributes, root.properties,
                      regions=[Region([Block([], [function])])])
    return BytecodeModule(alone, bytecode.version, bytecode.producer)


@needs_suite
@pytest.mark.parametrize("path", [p for p in VERSIONED if p.name.split(".")[1] in ("0_9_0", "1_0_0", "1_20_0")],
                         ids=lambda p: p.name.split(".")[1])
def test_suite_functions_build_as_the_text_path_imports_them(path):
    bytecode = read_bytecode(path.read_bytes())
    built = refused = 0
    for function in bytecode.root.regions[0].blocks[0].operations:
        alone = _one_function(bytecode, function)
        try:
            direct = _printed(import_direct(alone))
        except Fallback:
            refused += 1
            continue
        except Exception:  # a rule vitir refuses (the suite holds such ops): the text path refuses it too
            with pytest.raises(Exception):
                _by_text(alone)
            refused += 1
            continue
        assert direct == _by_text(alone)
        built += 1
    assert built >= 100, (built, refused)


def _jax_program() -> str:
    import jax
    import jax.numpy as jnp

    def f(x, w):
        y = jnp.tanh(x @ w).sum(axis=0)
        return y * 0.1, jnp.maximum(x, 0.5), jnp.where(x > 1, x, 3).astype(jnp.int32), jnp.exp(x).T

    return str(jax.jit(f).lower(jnp.ones((4, 8)), jnp.ones((8, 3))).compiler_ir("stablehlo"))


@needs_jaxlib
@pytest.mark.parametrize("version", ["0.9.0", "1.0.0", "1.10.0", "1.17.0"])
def test_jax_program_builds_directly_as_the_text_path_imports_it(version):
    bytecode = read_bytecode(hlo.serialize_portable_artifact_str(_jax_program(), version))
    assert _printed(import_direct(bytecode)) == _by_text(bytecode)


@needs_jaxlib
def test_what_the_direct_path_does_not_build_falls_back_to_the_text_path():
    """rng_bit_generator's results are named one by one (`%output_state, %output`): the direct path
    leaves it to the text path, and import_bytecode still gives the text path's module."""
    import jax
    import jax.numpy as jnp

    from vitir.mlir import import_bytecode

    def f(key):
        return jax.lax.rng_bit_generator(key, (4,), dtype=jnp.uint32)

    text = str(jax.jit(f).lower(jnp.zeros((4,), jnp.uint32)).compiler_ir("stablehlo"))
    artifact = hlo.serialize_portable_artifact_str(text, "1.10.0")
    with pytest.raises(Fallback, match="one by one"):
        import_direct(read_bytecode(artifact))
    assert _printed(import_bytecode(artifact)) == _by_text(read_bytecode(artifact))


@needs_jaxlib
@pytest.mark.parametrize("version", ["1.0.0", "1.17.0"])
@pytest.mark.parametrize("argument_location", ['"x.py":4:17 to 6:22', '"x.py":4:17 to :22', '"x.py":4:17'])
def test_an_artifacts_locations_are_kept_as_jaxlib_reads_them(version, argument_location):
    """Every op's, argument's, function's and the module's location read from the artifact (names,
    call sites, file ranges of one line and of several), printed with debug info byte for byte as the
    text jaxlib deserializes from the same artifact."""
    import jax
    import jax.numpy as jnp

    from vitir.mlir import import_bytecode, import_text
    from vitir.print import print_module

    def f(x, w):
        return jnp.tanh(x @ w).sum() * 2.0

    text = jax.jit(f).lower(jnp.ones((4, 3)), jnp.ones((3, 5))).as_text(debug_info=True)
    text = text.replace('loc("x")', f"loc({argument_location})")
    artifact = hlo.serialize_portable_artifact_str(text, version)
    with jax_mlir.make_ir_context():
        deserialized = ir.Module.parse(hlo.deserialize_portable_artifact_str(artifact))
        expected = deserialized.operation.get_asm(enable_debug_info=True)
    printed = print_module(import_bytecode(artifact), debug_info=True)
    assert printed == print_module(import_text(expected), debug_info=True)
    assert f"loc({argument_location})" in printed and "tanh" in printed and printed.count("loc(") > 20
