"""The scheduled AdamW step with its backward derived by vitir.autodiff (`--backward derived`)
against the hand-derived step: the same signature, and the same results through PJRT to float
rounding; the hand step's text is the golden's either way (tests/test_templates_golden.py)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax")

from vitir.backend import compile_module  # noqa: E402
from vitir.cli import main  # noqa: E402
from vitir.lower.config import ViTConfig  # noqa: E402
from vitir.lower.step_signature import signature  # noqa: E402
from vitir.lower.train_step import adam_sched_module  # noqa: E402
from vitir.print import print_module  # noqa: E402

from .harness import rel_err  # noqa: E402

CFG = ViTConfig(batch=2, channels=1, image=8, patch=4, width=8, depth=2, heads=2, mlp=16, classes=3)
# The patch embedding is a convolution, whose rule the convolution family's module registers.


def _step_inputs(module, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for a in module.main.args:
        x = (rng.normal(size=a.type.shape) * 0.3).astype(np.float32)
        if a.name in ("lr", "bc1", "bc2"):
            x = np.float32(0.5)
        elif a.name.endswith("v") and a.name != "v":
            x = np.abs(x)
        out.append(x)
    out[-1] = np.eye(CFG.classes, dtype=np.float32)[rng.integers(0, CFG.classes, size=CFG.batch)]
    return out


@pytest.mark.parametrize("lowering", ["reference", "fast"])
def test_derived_step_equals_the_hand_step(lowering):
    hand = adam_sched_module(CFG, lowering=lowering)
    derived = adam_sched_module(CFG, lowering=lowering, backward="derived")
    assert signature(derived) == signature(hand)
    inputs = _step_inputs(hand)
    want = compile_module(print_module(hand))(*inputs)
    got = compile_module(print_module(derived))(*inputs)
    for g, w in zip(got, want):
        assert rel_err(g, w) <= 1e-5


def test_render_derived(tmp_path):
    out = tmp_path / "step.mlir"
    argv = ["render", "adam-sched", "--backward", "derived", "--image", "8", "--patch", "4", "--width", "8",
            "--depth", "1", "--heads", "2", "--mlp", "16", "--batch", "2", "--channels", "1", "--classes", "3"]
    assert main([*argv, "-o", str(out)]) == 0
    assert "func.func @vit_adam_train_step" in out.read_text()


def test_backward_applies_to_the_scheduled_steps_only(capsys):
    assert main(["render", "fwd", "--backward", "derived"]) == 2
    assert "--backward applies only to adam-sched and adam-dp, not fwd" in capsys.readouterr().err


def test_unknown_backward_is_refused():
    from vitir.errors import ConfigError
    with pytest.raises(ConfigError, match="unknown backward 'magic'"):
        adam_sched_module(CFG, backward="magic")
