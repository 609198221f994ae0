"""Downgrades a target cannot hold, refused as StableHLO's VhloToVersion refuses them.

Oracle: the compatibility suite's `vhlo_to_version_downgrade_invalid.X.mlir` cases (split at
`// -----`): each `expected-error` (or `CHECK: failed to legalize operation`) names the target
(`failed to convert VHLO to vX.Y.Z`) and the VHLO op refused; vitir's refusal says both, then what
in the op is newer and the version that introduced it. The cases without an expected error, and the
suite's valid downgrades (`vhlo_to_version_downgrade.X.mlir`), are written, to the op versions their
CHECK lines name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vitir.mlir.bytecode import read_bytecode
from vitir.mlir.bytecode.downgrade import DowngradeError
from vitir.mlir.bytecode.portable import write_artifact

SUITE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "stablehlo-vhlo"


def _cases(pattern: str) -> list:
    cases = []
    for path in sorted(SUITE.glob(pattern)) if SUITE.is_dir() else []:
        text = path.read_text()
        target = re.search(r"target=([\d.]+)", text).group(1)
        for index, chunk in enumerate(text.split("// -----")):
            if "func.func" in chunk:
                cases.append(pytest.param(target, chunk, id=f"{path.name.split('.', 1)[1][:-5]}-{index}"))
    return cases


INVALID = _cases("vhlo_to_version_downgrade_invalid.*.mlir")
VALID = _cases("vhlo_to_version_downgrade.*.mlir")
needs_suite = pytest.mark.skipif(not INVALID, reason="../shared/conformance/stablehlo-vhlo is absent")


def refused_ops(chunk: str) -> list[str] | None:
    """The VHLO ops a case's refusal names (possibly none), or None when the suite writes the case."""
    expected = re.findall(r"expected-error[^{]*\{\{(.*?)\}\}", chunk)
    checked = re.findall(r"CHECK: failed to legalize operation(?: '([^']+)')?", chunk)
    if not expected and not checked:
        return None
    return [m for e in expected for m in re.findall(r"operation '([^']+)'", e)] + [c for c in checked if c]


@needs_suite
def test_the_suite_has_the_cases():
    refused = [c for c in INVALID if refused_ops(c.values[1]) is not None]
    assert len(INVALID) == 65 and len(refused) == 53 and len(VALID) >= 25


@needs_suite
@pytest.mark.parametrize("target, chunk", INVALID)
def test_invalid_downgrade_is_refused_by_name(target, chunk):
    ops = refused_ops(chunk)
    if ops is None:  # a case the suite writes (an attribute at its default, dropped)
        assert read_bytecode(write_artifact(chunk, target)).producer == f"StableHLO_v{target}"
        return
    with pytest.raises(DowngradeError) as refusal:
        write_artifact(chunk, target)
    message = str(refusal.value)
    assert f"failed to convert VHLO to v{target}: failed to legalize operation '" in message
    assert "that was explicitly marked illegal: " in message
    for op in ops:
        assert f"'{op}'" in message
    introduced = re.search(r"(\d+\.\d+\.\d+)\W*$", message)  # the version that introduced it
    assert introduced and tuple(map(int, introduced.group(1).split("."))) > tuple(map(int, target.split(".")))


@needs_suite
@pytest.mark.parametrize("target, chunk", VALID)
def test_valid_downgrade_writes_the_op_versions_the_suite_checks(target, chunk):
    ops = list(read_bytecode(write_artifact(chunk, target)).root.walk())
    names = {op.name for op in ops}
    for checked in re.findall(r"CHECK[-A-Z]*:\s*(?:%\S+ = )?\"?(vhlo\.[a-z_]+_v\d+)\b", chunk):
        assert checked in names
    # an attribute of a dialect VHLO does not know is kept, as the op's discardable attribute
    for kept in re.findall(r"CHECK-SAME: (\w+\.\w+)$", chunk, re.M):
        assert any(kept in _discardable_names(op) for op in ops)


def _discardable_names(op) -> set:
    return set() if op.attributes is None else {key.fields[0] for key, _ in op.attributes.fields[0]}
