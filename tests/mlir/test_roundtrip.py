"""Text -> xDSL -> text and text -> AST -> text are the identity for every module
kind and config of the golden suite, and for the reference's production file."""

from __future__ import annotations

import pytest

from tests.golden import REFERENCE_GOLDEN, assert_text_equal
from tests.test_golden_suite import CONFIGS, IDS, MODULE_CASES
from vitir.ast import AdamWUpdate, AllReduceMean
from vitir.mlir import import_module, parse_text, print_mlir
from vitir.print import print_module

# The configs whose modules are largest run only with the slow tests.
SLOW = {IDS[2], IDS[4]}
PARAMS = [pytest.param(cfg, r, id=i, marks=[pytest.mark.slow] if i in SLOW else []) for (cfg, r), i in zip(CONFIGS, IDS)]


def op_kinds(module) -> list[str]:
    return [type(op).__name__ for fn in module.functions for op in fn.ops]


def check_roundtrip(text: str, label: str):
    parsed = parse_text(text)
    assert_text_equal(print_mlir(parsed.module), text, f"{label} through xDSL")
    imported = import_module(parsed)
    assert_text_equal(print_module(imported), text, f"{label} through the AST")
    return imported


@pytest.mark.parametrize("cfg,replicas", PARAMS)
def test_every_module_kind_round_trips(cfg, replicas):
    for kind, (build, _) in MODULE_CASES.items():
        built = build(cfg, replicas)
        imported = check_roundtrip(print_module(built), kind)
        # the compound nodes (AdamW updates, all-reduce means) come back as such
        assert op_kinds(imported) == op_kinds(built), kind


def test_compound_nodes_are_recognised():
    cfg, _ = CONFIGS[0]
    build, _ = MODULE_CASES["adam-dp"]
    imported = check_roundtrip(print_module(build(cfg, 3)), "adam-dp")
    kinds = op_kinds(imported)
    assert kinds.count("AdamWUpdate") == kinds.count("AllReduceMean") > 0
    update = next(op for op in imported.main.ops if isinstance(op, AdamWUpdate))
    assert update.tag == "wConv" and [v.name for v in update.results] == ["adnewwConv", "admnwConv", "advnwConv"]
    mean = next(op for op in imported.main.ops if isinstance(op, AllReduceMean))
    assert mean.replicas == 3


@pytest.mark.slow
@pytest.mark.skipif(not REFERENCE_GOLDEN.is_file(), reason="shared/golden is not present")
def test_production_golden_round_trips():
    text = REFERENCE_GOLDEN.read_text()
    imported = check_roundtrip(text, REFERENCE_GOLDEN.name)
    assert sum(isinstance(op, AdamWUpdate) for op in imported.main.ops) == 200
    assert len(imported.main.args) == 605 and len(imported.main.ret.operands) == 603
