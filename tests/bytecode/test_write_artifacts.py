"""Portable artifacts written: StableHLO -> VHLO at a target version, then MLIR bytecode.

Oracles: StableHLO's compatibility suite holds, for every version from 0.9.0 to 1.20.0, the bytes
`stablehlo-translate --serialize --target=X.Y.Z --strip-debuginfo X.mlir` writes (`X.mlir.bc`);
jaxlib 0.10.2 (StableHLO 1.17.0) serializes JAX programs, their locations stripped, at any version
up to 1.17.0."""

from __future__ import annotations

from pathlib import Path

import pytest

from vitir.cli import main
from vitir.mlir.bytecode import read_bytecode
from vitir.mlir.bytecode.portable import write_artifact

from .test_artifacts import SUITE, hlo, ir, jax_mlir, needs_jaxlib

SOURCES = sorted(SUITE.glob("stablehlo_legalize_to_vhlo.*_*_*.mlir")) if SUITE.is_dir() else []
needs_suite = pytest.mark.skipif(not SOURCES, reason="../shared/conformance/stablehlo-vhlo is absent")
if ir is not None:
    import jax
    import jax.numpy as jnp
    from jax._src.lib.mlir import passmanager


def version_of(source: Path) -> str:
    return source.name.split(".")[1].replace("_", ".")


# Three versions run by default (format versions 0 and 6, and a downgrade that records a use-list
# order); the rest of the suite with --slow.
QUICK = {"0.9.0", "1.2.0", "1.20.0"}


@needs_suite
@pytest.mark.parametrize("source", [
    pytest.param(s, id=version_of(s), marks=() if version_of(s) in QUICK else pytest.mark.slow) for s in SOURCES])
def test_suite_source_writes_its_artifact_byte_for_byte(source):
    version = version_of(source)
    expected = Path(str(source) + ".bc").read_bytes()
    written = write_artifact(source.read_text(), version)
    assert read_bytecode(written).producer == f"StableHLO_v{version}"
    assert written == expected


@needs_suite
def test_the_suite_holds_every_version():
    versions = {version_of(s) for s in SOURCES}
    assert len(versions) == 32 and {"0.9.0", "1.16.0", "1.18.0", "1.20.0"} <= versions


@needs_suite
def test_fmt_emit_bytecode_target_writes_the_suite_artifact(tmp_path):
    source = SUITE / "stablehlo_legalize_to_vhlo.1_16_0.mlir"
    out = tmp_path / "out.mlir.bc"
    assert main(["fmt", str(source), "--emit-bytecode", "--target", "1.16.0", "--strip-debuginfo",
                 "-o", str(out)]) == 0
    assert out.read_bytes() == Path(str(source) + ".bc").read_bytes()


def _jax_programs() -> dict[str, str]:
    def f(x, w):
        y = jnp.tanh(x @ w)
        return jnp.sum(jax.nn.softmax(y, axis=-1) * y), jnp.max(y, axis=0)

    def loss(x, w):
        return f(x, w)[0]

    x, w = jnp.ones((4, 8)), jnp.ones((8, 3))
    return {"mlp": jax.jit(f).lower(x, w).as_text(),
            "grad": jax.jit(jax.grad(loss, argnums=1)).lower(x, w).as_text()}


def jaxlib_artifact(text: str, version: str) -> bytes:
    """jaxlib's serialization of `text` at `version`, locations stripped as --strip-debuginfo does."""
    with jax_mlir.make_ir_context():
        module = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        return hlo.serialize_portable_artifact(module, version)


@needs_jaxlib
@pytest.mark.parametrize("version", ["0.9.0", "1.0.0", "1.5.0", "1.9.0", "1.17.0"])
def test_jax_programs_write_as_jaxlib_serializes_them(version):
    for name, text in _jax_programs().items():
        assert write_artifact(text, version) == jaxlib_artifact(text, version), name


@needs_jaxlib
def test_current_and_minimum_targets(tmp_path):
    text = _jax_programs()["mlp"]
    source = tmp_path / "m.mlir"
    source.write_text(text)
    for target, version in (("current", "1.20.0"), ("minimum", "0.9.0")):
        out = tmp_path / f"{target}.bc"
        assert main(["fmt", str(source), "--emit-bytecode", "--target", target, "-o", str(out)]) == 0
        assert read_bytecode(out.read_bytes()).producer == f"StableHLO_v{version}"
    # jaxlib (StableHLO 1.17.0) reads the minimum artifact back to the module it parses from the text
    with jax_mlir.make_ir_context() as context:
        back = hlo.deserialize_portable_artifact_str((tmp_path / "minimum.bc").read_bytes())
        assert str(ir.Module.parse(back, context)) == str(ir.Module.parse(jaxlib_text(text), context))


def jaxlib_text(text: str) -> str:
    """The text jaxlib's deserializer gives for its own artifact of `text` (the same module)."""
    return hlo.deserialize_portable_artifact_str(jaxlib_artifact(text, "0.9.0"))


@needs_jaxlib
def test_export_bytecode_of_a_vitir_module():
    """export_bytecode(Module, target): vitir's AST of a JAX program written as jaxlib serializes the
    module vitir prints (vitir's AST keeps no `public`, which JAX's text spells)."""
    from vitir.mlir import export_bytecode, import_text
    from vitir.print import print_module

    module = import_text(_jax_programs()["grad"])
    assert export_bytecode(module, target="1.9.0", strip_debuginfo=True) == \
        jaxlib_artifact(print_module(module), "1.9.0")


@needs_jaxlib
@pytest.mark.slow
def test_vit_train_step_writes_as_jaxlib_serializes_it():
    """JAX's ViT-Tiny train step at 1.5.0 (its tanh, exponential and rsqrt downgraded, their values'
    use-list orders recorded) and 1.17.0, as jaxlib serializes it with its locations stripped, and
    lowered with its locations, as jaxlib serializes it with them."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_import import jax_train_step_text

    text = jax_train_step_text("conv")
    for version in ("1.5.0", "1.17.0"):
        written = write_artifact(text, version)
        assert written == jaxlib_artifact(text, version), version
    assert any(op.use_list_orders for op in read_bytecode(write_artifact(text, "1.5.0")).root.walk())
    # JAX's text holds calls (kept by the fast reader's call-keeping mode); with its locations, kept
    located = jax_train_step_text("conv", debug_info=True)
    assert "call @" in located and "loc(" in located
    assert write_artifact(located, "1.17.0", strip_debuginfo=False) == \
        hlo.serialize_portable_artifact_str(located, "1.17.0")
