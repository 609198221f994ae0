"""The compatibility suite's refusal files other than the invalid downgrades (those are in
test_downgrade_refusals.py), each case refused with the suite's words at the suite's place.

Oracle: ../shared/conformance/stablehlo-vhlo/:
- `vhlo_to_version_invalid.mlir`: each RUN's target and the lines its FileCheck prefix expects;
- `legalize_stablehlo_to_vhlo_invalid.mlir`: each `expected-error @+N {{...}}`, at its line;
- `vhlo_attributes_invalid.mlir`: VHLO attributes whose verifier refuses what they hold. vitir reads
  VHLO only from bytecode, so each case is the attribute written into an artifact; jaxlib's
  deserializer is a second oracle where it refuses the same bytes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vitir.mlir.bytecode import BytecodeError, read_bytecode
from vitir.mlir.bytecode.downgrade import DowngradeError
from vitir.mlir.bytecode.ir import Attribute
from vitir.mlir.bytecode.portable import TargetError, write_artifact
from vitir.mlir.bytecode.writer import write_bytecode

SUITE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "stablehlo-vhlo"
needs_suite = pytest.mark.skipif(not SUITE.is_dir(), reason="../shared/conformance/stablehlo-vhlo is absent")

SIMPLE = "func.func @main(%arg0: tensor<f32>) -> tensor<f32> {\n  return %arg0 : tensor<f32>\n}\n"


def _read(name: str) -> str:
    return (SUITE / name).read_text() if SUITE.is_dir() else ""


# -- vhlo_to_version_invalid: the target versions ---------------------------------------------------

def _target_cases() -> list:
    text = _read("vhlo_to_version_invalid.mlir")
    cases = []
    for run in re.finditer(r"// RUN: .*--vhlo-to-version(?:='target=([^']*)')? .*--check-prefix=(\w+)", text):
        target, prefix = run.group(1) or "", run.group(2)
        expected = re.findall(rf"// {prefix}(?:-NEXT)?: (.*)", text)
        cases.append(pytest.param(target, expected, id=prefix))
    return cases


TARGETS = _target_cases()


@needs_suite
def test_the_suite_has_the_target_cases():
    assert len(TARGETS) == 4


@needs_suite
@pytest.mark.parametrize("target, expected", TARGETS)
def test_a_target_version_is_refused_in_the_suites_words(target, expected):
    with pytest.raises(TargetError) as refusal:
        write_artifact(SIMPLE, target)
    lines = refusal.value.reason.split("\n")
    assert len(lines) >= len(expected)
    for line, want in zip(lines, expected):  # FileCheck: each checked line holds its text, in order
        assert want in line


def test_a_target_with_a_patch_version_is_its_release():
    """VhloToVersion takes x.y.z and writes the opset of x.y.0; the producer keeps the version given."""
    assert read_bytecode(write_artifact(SIMPLE, "1.5.3")).producer == "StableHLO_v1.5.3"


# -- legalize_stablehlo_to_vhlo_invalid: what no VHLO version holds ---------------------------------

def _expected_errors(name: str) -> list:
    """(chunk, line, message) for each `expected-error @+N {{message}}` of the file's chunks; the
    line counted in the chunk, as the text given to the writer numbers it."""
    cases = []
    for index, chunk in enumerate(_read(name).split("// -----")):
        for number, line in enumerate(chunk.split("\n"), start=1):
            found = re.search(r"expected-error @\+(\d+) \{\{(.*)\}\}", line)
            if found:
                cases.append(pytest.param(chunk, number + int(found.group(1)), found.group(2),
                                          id=f"{name.split('.')[0]}-{index}"))
    return cases


LEGALIZE = _expected_errors("legalize_stablehlo_to_vhlo_invalid.mlir")


@needs_suite
def test_the_suite_has_the_legalization_cases():
    assert len(LEGALIZE) == 2


@needs_suite
@pytest.mark.parametrize("chunk, line, message", LEGALIZE)
def test_an_attribute_or_type_no_vhlo_holds_is_refused_at_its_op(chunk, line, message):
    with pytest.raises(DowngradeError) as refusal:
        write_artifact(chunk, "current")
    reason = refusal.value.reason
    assert reason.startswith(f"{line}:")  # the op's line, as `expected-error @+N` places it
    assert message in reason


def test_a_typed_string_is_read_and_refused_by_the_artifact_writer_only():
    """`"foo" : tensor<3xf32>` parses (MLIR's StringAttr with a type); no VHLO attribute holds it."""
    from vitir.mlir.parse import parse_text

    text = ('func.func @main(%arg0: tensor<f32>) -> tensor<f32> {\n'
            '  %0 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo" : tensor<3xf32>} '
            ': (tensor<f32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}\n')
    parse_text(text, verify=False)
    with pytest.raises(DowngradeError, match=r": 2:3: failed to legalize operation 'stablehlo.custom_call' "
                                             r"that was explicitly marked illegal: no VHLO attribute for "
                                             r"\"foo\" : tensor<3xf32>"):
        write_artifact(text, "1.0.0")


# -- vhlo_attributes_invalid: what a VHLO attribute verifies of the attributes it holds -------------

ATTRIBUTE_CASES = _expected_errors("vhlo_attributes_invalid.mlir")


def _vhlo(name: str, *fields) -> Attribute:
    from vitir.mlir.bytecode.encodings import code_of

    return Attribute("vhlo", code_of("vhlo", name, False), fields)


def _builtin(name: str, *fields) -> Attribute:
    from vitir.mlir.bytecode.encodings import code_of

    return Attribute("builtin", code_of("builtin", name, False), fields)


def _artifact_holding(value: Attribute, target: str) -> bytes:
    """An artifact of SIMPLE at `target` whose function holds `value` as its `vhlo.attr`, as the
    suite's case writes it."""
    module = read_bytecode(write_artifact(SIMPLE, target))
    function = next(op for op in module.root.walk() if op.name == "vhlo.func_v1")
    function.attributes = _builtin("DictionaryAttr", ((_builtin("StringAttr", "vhlo.attr"), value),))
    return write_bytecode(module)


def _case_attribute(chunk: str, valid: bool) -> Attribute:
    """The attribute each case of the suite holds, as bytecode entries (or its valid counterpart)."""
    if "#vhlo.dict_v1" in chunk:  # `{"attr1" = #vhlo.array_v1<[]>}`: a builtin string as its key
        key = _vhlo("StringV1Attr", "attr1") if valid else _builtin("StringAttr", "attr1")
        return _vhlo("DictionaryV1Attr", ((key, _vhlo("ArrayV1Attr", ())),))
    assert "#vhlo.result_accuracy_v1" in chunk
    mode = (_vhlo("ResultAccuracyModeV1Attr", 0) if valid
            else Attribute("stablehlo", text="#stablehlo.result_accuracy_mode<DEFAULT>"))
    return _vhlo("ResultAccuracyV1Attr", 0, 0, 0, mode)


@needs_suite
def test_the_suite_has_the_attribute_cases():
    assert len(ATTRIBUTE_CASES) == 2


@needs_suite
@pytest.mark.parametrize("chunk, line, message", ATTRIBUTE_CASES)
def test_a_vhlo_attribute_holding_what_it_must_not_is_refused_at_its_entry(chunk, line, message):
    target = re.search(r"target=([\d.]+)", _read("vhlo_attributes_invalid.mlir")).group(1)
    valid = _artifact_holding(_case_attribute(chunk, True), target)
    read_bytecode(valid)  # the valid counterpart reads
    data = _artifact_holding(_case_attribute(chunk, False), target)
    with pytest.raises(BytecodeError) as refusal:
        read_bytecode(data)
    error = refusal.value
    assert message in error.reason
    assert error.section == "attr/type"
    # the place: the refused entry's first byte, its code
    entry = _case_attribute(chunk, False)
    assert data[error.offset] == (entry.code << 1) | 1
    from vitir.mlir import import_bytecode

    with pytest.raises(BytecodeError, match=re.escape(message)):
        import_bytecode(data)


@needs_suite
def test_jaxlib_refuses_a_result_accuracy_holding_stablehlos_mode():
    """jaxlib's deserializer refuses the result accuracy case's bytes too (and reads the valid ones).
    (The dictionary case it reads: a release build does not run an attribute's verifier on `get`,
    a debug build asserts it.)"""
    pytest.importorskip("jax._src.interpreters.mlir")  # loads jaxlib's MLIR, its dialects with it
    from jax._src.lib.mlir.dialects import hlo

    chunk = next(c.values[0] for c in ATTRIBUTE_CASES if "result_accuracy" in c.values[0])
    hlo.deserialize_portable_artifact_str(_artifact_holding(_case_attribute(chunk, True), "1.9.0"))
    with pytest.raises(Exception):
        hlo.deserialize_portable_artifact_str(_artifact_holding(_case_attribute(chunk, False), "1.9.0"))
