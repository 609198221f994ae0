"""Quantized types in plain MLIR bytecode: the quant dialect's own encodings (llvm-project
QuantDialectBytecode.td; vitir's encodings.QUANT_TYPES), read and written byte for byte as jaxlib's
`write_bytecode` writes a module whose context has the quant dialect loaded; and dense elements of
complex integers, plain and in artifacts. The oracle is jaxlib 0.10.2.

JAX's context does not register the quant dialect: deserializing a portable artifact that holds a
quantized type loads it (StableHLO's deserializer does), after which `ir.Module.parse` reads
`!quant.uniform<...>` and `write_bytecode` encodes it (without the dialect, an unregistered context
writes the type as its text)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir, passmanager  # noqa: E402
from jax._src.lib.mlir.dialects import hlo  # noqa: E402

from vitir.errors import VitirError  # noqa: E402
from vitir.mlir import export_bytecode, import_bytecode, import_text  # noqa: E402
from vitir.mlir.bytecode.reader import read_bytecode  # noqa: E402
from vitir.mlir.bytecode.writer import write_bytecode  # noqa: E402
from vitir.print import print_module  # noqa: E402

QUANTIZED_OPS = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "stablehlo-interpret" / \
    "quantized_ops.mlir"

_LOADER = ("func.func @main(%a: tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>> {\n"
           "  return %a : tensor<!quant.uniform<i8:f32, 1.0>>\n}\n")


def jaxlib_bytecode(text: str) -> tuple[bytes, str]:
    """jaxlib's plain bytecode of `text` stripped of its debug info (as `strip_debuginfo=True`), quant
    dialect loaded, and jaxlib's print of the module."""
    with jax_mlir.make_ir_context() as context:
        hlo.deserialize_portable_artifact(context, hlo.serialize_portable_artifact_str(_LOADER, "1.17.0"))
        module = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        out = io.BytesIO()
        module.operation.write_bytecode(out)
        return out.getvalue(), str(module)


def _quant_entries(data: bytes) -> list:
    """The quant dialect's type entries the file holds (nested in tensor types), as vitir reads them."""
    found = []

    def visit(entry):
        if getattr(entry, "dialect", None) == "quant":
            found.append(entry)
        for field in entry.fields if entry.text is None else ():
            for item in field if isinstance(field, tuple) else (field,):
                if hasattr(item, "dialect"):
                    visit(item)

    for op in read_bytecode(data).root.walk():
        for value in op.results + [a for r in op.regions for b in r.blocks for a in b.arguments]:
            visit(value.type)
    return found


def _check(text: str) -> bytes:
    """jaxlib's bytes of `text`: read by vitir to the module of jaxlib's print, written back by vitir's
    writer to the same bytes, and vitir's export of that module jaxlib's bytes of vitir's print."""
    data, printed = jaxlib_bytecode(text)
    assert write_bytecode(read_bytecode(data)) == data
    module = import_text(printed)
    assert print_module(import_bytecode(data)) == print_module(module)
    assert export_bytecode(module, strip_debuginfo=True) == jaxlib_bytecode(print_module(module))[0]
    return data


QUANTIZED = {
    "per_tensor": "!quant.uniform<i8:f32, 0.1:-30>",
    "unsigned": "!quant.uniform<u8:f32, 5.000000e-01:3>",
    "storage_range": "!quant.uniform<i8<-100:120>:f32, 2.5>",
    "i4_f16": "!quant.uniform<i4:f16, 0.25:1>",
    "bf16": "!quant.uniform<i16:bf16, 3.0e-05:-7>",
    "per_axis": "!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>",
    "per_axis_unsigned_range": "!quant.uniform<u8<1:254>:f32:1, {2.0e2:120, 9.9872e-01:127}>",
}


@pytest.mark.parametrize("name", sorted(QUANTIZED))
def test_a_quantized_type_is_encoded_and_written_as_jaxlib_writes_it(name):
    element = QUANTIZED[name]
    shape = "2x2" if "per_axis" in name else "2"
    quantized, floats = f"tensor<{shape}x{element}>", f"tensor<{shape}x{re.search(r':(f16|f32|bf16)', element)[1]}>"
    text = (f"func.func @main(%a: {floats}) -> {quantized} {{\n"
            f"  %q = stablehlo.uniform_quantize %a : ({floats}) -> {quantized}\n"
            f"  return %q : {quantized}\n}}\n")
    data = _check(text)
    entries = _quant_entries(data)
    assert entries and all(e.text is None for e in entries)  # the dialect's encoding, not its text
    assert {e.dialect for e in entries} == {"quant"}


def test_the_interpreter_suites_quantized_cases():
    if not QUANTIZED_OPS.is_file():
        pytest.skip("../shared/conformance/stablehlo-interpret is absent")
    text = re.sub(r"(?m)^\s*check\..*$", "", QUANTIZED_OPS.read_text())  # the interpreter's checks, lines kept
    checked = 0
    for chunk in text.split("// -----"):
        try:
            import_text(jaxlib_bytecode(chunk)[1])
        except VitirError:  # a case vitir's text importer refuses (an add of two scales) is not compared
            continue
        data = _check(chunk)
        entries = _quant_entries(data)
        assert entries and all(e.text is None for e in entries)
        checked += 1
    assert checked >= 4


COMPLEX_INTEGERS = ["dense<(1,2)> : tensor<complex<i32>>", "dense<[(1,2), (-3,4)]> : tensor<2xcomplex<i16>>",
                    "dense<(1,-2)> : tensor<2x2xcomplex<i8>>", "dense<[(1,2), (3,-4)]> : tensor<2xcomplex<i64>>"]


@pytest.mark.parametrize("literal", COMPLEX_INTEGERS)
def test_dense_elements_of_complex_integers_in_plain_bytecode(literal):
    text = (f"func.func @main(%a: tensor<f32>) -> tensor<f32> {{\n"
            f"  %b = stablehlo.abs %a {{x.c = {literal}}} : tensor<f32>\n  return %b : tensor<f32>\n}}\n")
    data = _check(text)
    entries = [a for a in read_bytecode(data).root.walk() if a.attributes is not None]
    assert "DenseIntOrFPElementsAttr" in repr(entries[-1].attributes)  # encoded, not MLIR's text fallback


@pytest.mark.parametrize("literal", COMPLEX_INTEGERS)
def test_dense_elements_of_complex_integers_in_an_artifact(literal):
    text = (f"func.func @main(%a: tensor<f32>) -> tensor<f32> {{\n"
            f"  %b = stablehlo.abs %a {{x.c = {literal}}} : tensor<f32>\n  return %b : tensor<f32>\n}}\n")
    with jax_mlir.make_ir_context():
        want = hlo.serialize_portable_artifact_str(text, "1.17.0")
    assert export_bytecode(text, target="1.17.0", strip_debuginfo=False) == want
    (op,) = [op for op in import_bytecode(want).main.ops]
    assert dict(op.discardable)["x.c"] == literal
