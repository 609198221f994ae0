"""The template oracle (tests/templates/vit_text.py) against the golden module.

The golden file is the reference project's own output for the scheduled AdamW
train step of ViT-Tiny, batch 32, depth 12.  It lives outside the repository,
in ``shared/golden`` next to the repository root, and is never copied in.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

import pytest

from tests.templates import vit_text as vt
from vitir.testing import text_diff

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT.parent / "shared"
GOLDEN = SHARED / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"
GOLDEN_MD5 = "76aa9050edeac11026af7e6a3bcbcb9f"

DEPTH = 12
HYPER = dict(b1="0.9", ob1="0.1", b2="0.999", ob2="0.001", eps="1.0e-8", wd="0.0001", ls=0.1)

needs_golden = pytest.mark.skipif(
    not GOLDEN.is_file(), reason=f"golden module not found at {GOLDEN} (shared/ is absent)"
)


@lru_cache(maxsize=None)
def sched_text() -> str:
    return vt.adam_sched_module(vt.vit_tiny(32), DEPTH, **HYPER)


def golden_bytes() -> bytes:
    return GOLDEN.read_bytes()


@needs_golden
def test_golden_md5_is_pinned():
    assert hashlib.md5(golden_bytes()).hexdigest() == GOLDEN_MD5


@needs_golden
def test_sched_module_equals_golden_byte_for_byte():
    golden = golden_bytes().decode("utf-8")
    text = sched_text()
    if text != golden:
        pytest.fail(
            f"template text differs from golden ({len(text)} vs {len(golden)} chars):\n"
            + text_diff(text, golden, "templates")
        )


def _func_line(text: str) -> str:
    line = text.splitlines()[1]
    assert line.startswith("  func.func @")
    return line


def test_sched_signature_and_returns():
    text = sched_text()
    header = _func_line(text)
    args = header.split(") -> (")[0]
    assert len(re.findall(r"%\w+: tensor<", args)) == 605
    ret = [ln for ln in text.splitlines() if ln.startswith("    return ")]
    assert len(ret) == 1
    values = ret[0][len("    return "):].split(" : ")[0].split(", ")
    assert len(values) == 603
    assert values[-3:] == ["%loss", "%bc1", "%bc2"]
    assert text.endswith("    return " + ret[0][len("    return "):] + "\n  }\n}\n")


def test_param_counts():
    dims = vt.vit_param_dims(vt.vit_tiny(32), DEPTH)
    names = vt.vit_param_names(DEPTH)
    grads = vt.vit_grad_names("vit", DEPTH)
    assert len(dims) == len(names) == len(grads) == 200
    total = 0
    for ds in dims:
        size = 1
        for k in ds:
            size *= k
        total += size
    assert total == 5_526_346
    assert len(set(names)) == 200 and len(set(grads)) == 200


def test_small_helpers():
    assert vt.ty([]) == "tensor<f32>"
    assert vt.ty([2, 3]) == "tensor<2x3xf32>"
    assert vt.block_params(3)[:3] == ["%g1_3", "%b1_3", "%Wq_3"]
    assert vt.block_params(3)[-1] == "%bfc2_3"
    assert len(vt.block_params(0)) == 16
    text, name = vt.grad_all_reduce("%g", [4], "t", 1)
    assert (text, name) == ("", "%g")


def test_dp_module_one_replica_is_sched():
    assert vt.adam_dp_module(vt.vit_tiny(32), DEPTH, replicas=1, **HYPER) == sched_text()


def test_dp_module_two_replicas():
    text = vt.adam_dp_module(vt.vit_tiny(32), DEPTH, replicas=2, **HYPER)
    assert text.count('"stablehlo.all_reduce"') == 200
    assert text.count("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>") == 200
    assert "%adg2wConv = stablehlo.multiply %armeanwConv, %armeanwConv" in text
    assert _func_line(text) == _func_line(sched_text())


def test_other_modules_are_well_formed():
    cfg = vt.vit_tiny(2)
    modules = [
        vt.fwd_module(cfg, 2),
        vt.sgd_module(cfg, 2, "0.01"),
        vt.adam_module(cfg, 2),
        vt.adam_packed_module(cfg, 2, "0.001", "0.9", "0.1", "0.999", "0.001", "1.0e-8", "0.0001"),
    ]
    for text in modules:
        lines = text.splitlines()
        assert lines[0] == "module @m {"
        assert text.endswith("  }\n}\n")
        defined = [ln.split(" = ")[0].strip() for ln in lines[2:-2] if ln.startswith("    %")]
        assert len(defined) == len(set(defined)), "SSA names must be unique"
