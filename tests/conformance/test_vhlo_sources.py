"""The sources of StableHLO's compatibility suite (../shared/conformance/stablehlo-vhlo/
stablehlo_legalize_to_vhlo.X.mlir, 0.9.0 to 1.20.0: every op and attribute of each version), read
where they lie; skipped when absent. Each goes through `vitir fmt` (xDSL's parser, vitir's rules),
the xDSL round trip, and vitir's AST (`vitir fmt --ast`, `vitir check`): printed, read back, the
same. What vitir still refuses is pinned below, function by function, with the reason."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vitir.errors import VitirError
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

SUITE = Path(__file__).resolve().parents[3] / "shared" / "conformance" / "stablehlo-vhlo"
SOURCES = sorted(SUITE.glob("stablehlo_legalize_to_vhlo.*_*_*.mlir"))
pytestmark = pytest.mark.skipif(not SOURCES, reason=f"the compatibility suite is not at {SUITE} (../shared is absent)")

# Functions every path refuses, and why.
REFUSED = {
    "attr_comparison_type_signed": "compare type SIGNED of f32 operands: the spec's compare C3 (MLIR's verifier does "
                                   "not check it; XLA's does)",
    "attr_comparison_type_unsigned": "compare type UNSIGNED of f32 operands: the spec's compare C3",
    "composite_regions": "a composite with regions (composite_v2, 1.14.0): vitir's composite takes none",
}
# What vitir's AST does not hold (`vitir fmt` without --ast prints these, noted as not shape-checked).
AST_LACKS = {
    r"xindex>|<index>|\bindex\b": "the index element type (shape operands of the dynamic ops, rng's shape)",
    r"memref<": "memref types (buffers of the custom calls that take them)",
    r"^func\.func private": "function declarations without a body",
}
VERSIONS = [re.search(r"vhlo\.(\d+_\d+_\d+)\.mlir$", p.name).group(1).replace("_", ".") for p in SOURCES]


def _functions(text: str) -> list[str]:
    """The file's top-level pieces, each a function and the comments before the next (the first piece
    the header)."""
    return re.split(r"(?m)^(?=func\.func )", text)


def _name(piece: str) -> str:
    found = re.match(r"func\.func (?:private )?@([\w.$]+)", piece)
    return found.group(1) if found else ""


def _kept(text: str, lacks: bool = False) -> tuple[str, list[str]]:
    """The text without the refused functions (and, with `lacks`, without those the AST lacks a type
    of); and the names left out."""
    kept, left = [], []
    for piece in _functions(text):
        body = piece.split("\n//", 1)[0]
        out = _name(piece) in REFUSED or lacks and any(re.search(p, body, re.M) for p in AST_LACKS)
        (left if out else kept).append(piece if not out else _name(piece))
    return "".join(kept), left


def _source(version: str) -> str:
    return SOURCES[VERSIONS.index(version)].read_text()


def test_every_version_from_0_9_0_to_1_20_0_is_here():
    ordered = sorted(VERSIONS, key=lambda v: tuple(map(int, v.split("."))))
    assert (ordered[0], ordered[-1], len(ordered)) == ("0.9.0", "1.20.0", 32)


def _check_version(version: str) -> None:
    text = _source(version)
    with pytest.raises(VitirError) as refused:  # the whole file: refused only where REFUSED says
        roundtrip_checked(text)
    named = {line.split("error: ")[-1] for line in str(refused.value).splitlines()}
    assert all("compare type" in m or "Expected 0 regions" in m for m in named), named
    kept, _ = _kept(text)
    once = roundtrip_checked(kept)
    assert roundtrip_checked(once) == once  # the xDSL round trip is a fixed point
    for name in ("op_einsum", "op_unary_einsum", "op_torch_index_select", "op_cross_replica_sum"):
        assert f"@{name}(" in once
    ast_text, lacking = _kept(text, lacks=True)
    module = import_text(ast_text)
    printed = print_module(module)
    assert print_module(import_text(printed)) == printed
    kept_names = {_name(piece) for piece in _functions(ast_text)} - {""}
    missing = kept_names - {fn.name for fn in module.functions}
    assert all(re.search(rf"call @{m}\(", ast_text) for m in missing), missing  # callees are inlined


def roundtrip_checked(text: str) -> str:
    """`vitir fmt`'s path: xDSL's parser, vitir's rules on every op it holds, xDSL's printer."""
    from vitir.mlir import parse_text, print_mlir
    from vitir.mlir.parse import verify_module

    parsed = parse_text(text, verify=False)
    verify_module(parsed, [])
    return print_mlir(parsed.module)


@pytest.mark.parametrize("version", ["0.9.0", "1.20.0"])
def test_the_first_and_last_versions_go_through_fmt_the_round_trip_and_the_ast(version):
    _check_version(version)


@pytest.mark.slow
@pytest.mark.parametrize("version", [v for v in VERSIONS if v not in ("0.9.0", "1.20.0")])
def test_every_version_goes_through_fmt_the_round_trip_and_the_ast(version):
    _check_version(version)


def test_the_suites_new_ops_are_read_in_every_version_they_are_in():
    text = _source("1.20.0")
    for op in ("stablehlo.einsum", "stablehlo.unary_einsum", "stablehlo.torch_index_select",
               "stablehlo.cross-replica-sum", "stablehlo.async_start", "stablehlo.async_done",
               "#stablehlo.replica_group_mesh_axes"):
        assert op in text
    kept, _ = _kept(text, lacks=True)
    printed = print_module(import_text(kept))
    assert '%v0 = "stablehlo.async_done"(' not in printed or "!stablehlo.future<tensor<4x4xf32>>" in printed
    for op in ("stablehlo.einsum %arg0, %arg1, config = \"ab,bc->ac\"", "stablehlo.unary_einsum %arg0, config",
               '"stablehlo.torch_index_select"', '"stablehlo.cross-replica-sum"', '"stablehlo.async_start"',
               '"stablehlo.async_done"', "#stablehlo.replica_group_mesh_axes<mesh = @mesh"):
        assert op in printed, op


def test_the_cli_formats_and_checks_a_suite_source(tmp_path, capsys):
    from vitir.cli import main

    kept, _ = _kept(_source("1.20.0"), lacks=True)
    path = tmp_path / "v1_20_0.mlir"
    path.write_text(kept)
    assert main(["check", str(path)]) == 0
    assert main(["fmt", "--ast", str(path)]) == 0
    out = capsys.readouterr().out
    assert "stablehlo.unary_einsum" in out and "!stablehlo.future<" in out
