"""A step's calling convention as named groups: the groups match the built function member by member,
packing checks every group's size, and no positional arithmetic over a step's arguments is left in
the training loop or the diffusion tasks."""

import re
from pathlib import Path

import numpy as np
import pytest

from vitir.lower import ViTConfig, adam_sched_module, fwd_module
from vitir.lower.denoiser import DenoiserConfig, denoiser_fwd_module, denoiser_step_module, param_specs
from vitir.lower.step_signature import signature, with_signature

ROOT = Path(__file__).resolve().parents[1]
CFG = ViTConfig(batch=2, channels=1, image=(8, 8), patch=4, width=16, heads=2, depth=1, mlp=32, classes=10)

# Offsets rebuilt by hand: `len(leading) + 3 * k + 3`, `outs[3 * k]`, `first = 1 if ... else 2`, `i + first`.
POSITIONAL = [re.compile(p) for p in (r"\b\d+\s*\*\s*k\b", r"len\((leading|trailing|params)\)\s*\+",
                                      r"outs\[[^\]]*\bk\b", r"\bfirst\s*=\s*\d+\s+if\b",
                                      r"to_device\([^)]*\bi\s*\+\s*\w+", r"\[\s*\d+\s*:\s*\d+\s*\*")]


def test_no_positional_arithmetic_over_step_arguments():
    hits = []
    for path in sorted([*(ROOT / "vitir/train").rglob("*.py"), *(ROOT / "vitir/diffusion").rglob("*.py")]):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if any(p.search(line) for p in POSITIONAL):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert hits == []


def test_the_patterns_catch_the_forms_they_replace():
    for line in ("after = len(leading) + 3 * k + 3", "loss = _mean_loss(outs[3 * k])",
                 "first = 1 if self.cfg.conditioning == 'channels' else 2", "exe.to_device(p, i + first)"):
        assert any(p.search(line) for p in POSITIONAL), line


def test_classifier_step_groups_follow_its_arguments():
    module = adam_sched_module(CFG)
    sig, fn = signature(module), module.main
    k = len(param_specs_of_vit())
    assert sig.inputs.sizes == (("leading", 1), ("params", k), ("m", k), ("v", k), ("schedule", 3), ("trailing", 1))
    assert sig.outputs.sizes == (("params", k), ("m", k), ("v", k), ("loss", 1), ("rest", 2))
    names = [a.name for a in fn.args]
    assert [names[i] for i in sig.inputs.indices("leading", "trailing")] == ["x", "onehot"]
    assert [names[i] for i in sig.inputs.indices("schedule")] == ["lr", "bc1", "bc2"]
    assert names[sig.inputs.first("m")] == "wConvm"
    assert len(fn.ret.operands) == len(sig.outputs)


def param_specs_of_vit():
    from vitir.lower import param_specs as vit_specs
    return vit_specs(CFG)


@pytest.mark.parametrize("conditioning, leading", [("channels", ["x"]), ("adaln-zero", ["x", "tfeat"])])
def test_denoiser_forward_groups(conditioning, leading):
    cfg = DenoiserConfig(batch=2, image=(8, 8), patch=4, width=16, heads=2, depth=1, mlp=32,
                         conditioning=conditioning, time_features=4)
    module = denoiser_fwd_module(cfg)
    sig = signature(module)
    names = [a.name for a in module.main.args]
    assert [names[i] for i in sig.inputs.indices("leading")] == leading
    assert [names[i] for i in sig.inputs.indices("params")] == [n for n, _ in param_specs(cfg)]
    step = signature(denoiser_step_module(cfg, lowering="reference"))
    assert step.inputs.size("trailing") == (1 if conditioning == "channels" else 2)  # [tfeat,] target


def test_pack_and_pick_check_the_groups():
    inputs = signature(fwd_module(CFG)).inputs
    k = inputs.size("params")
    assert inputs.pack(leading=["x"], params=list(range(k))) == ["x", *range(k)]
    with pytest.raises(ValueError, match="group 'params' takes %d values, got 1" % k):
        inputs.pack(leading=["x"], params=[0])
    with pytest.raises(ValueError, match=r"missing \['params'\]"):
        inputs.pack(leading=["x"])
    with pytest.raises(KeyError, match="no group 'moments'"):
        inputs.slice("moments")


def test_groups_that_misstate_the_function_are_refused():
    module = fwd_module(CFG)
    fn = module.main
    with pytest.raises(ValueError, match="@vit_fwd: the arguments groups .* are not its"):
        with_signature(module, {"leading": list(fn.args[1:]), "params": [fn.args[0]]},  # x last: misaligned
                       {"outputs": list(fn.ret.operands)}, step=False)


def test_the_backend_checks_a_steps_arguments_by_group():
    """The compiled step labelled with its groups: a missing or mistyped argument is named by group and
    member, and groups that do not add up to the arguments are refused."""
    from vitir.backend import compile_module
    from vitir.errors import ArgumentError, VitirError
    from vitir.print import print_module
    from vitir.train.loop import compile_graph

    module = adam_sched_module(CFG)
    sig = signature(module)
    exe = compile_graph(module)
    k = sig.inputs.size("params")
    groups = f"(leading 1, params {k}, m {k}, v {k}, schedule 3, trailing 1)"
    with pytest.raises(ArgumentError) as e:
        exe.execute_device([0.0] * (len(sig.inputs) - 1))
    assert str(e.value) == (f"@{module.main.name} takes {len(sig.inputs)} arguments {groups}, got {len(sig.inputs) - 1} "
                            f"(missing argument {len(sig.inputs) - 1} '%onehot' (trailing 0))")
    m0 = sig.inputs.first("m")
    with pytest.raises(ArgumentError) as e:
        exe.to_device(np.zeros(3, np.float32), m0)
    assert str(e.value).startswith(f"argument {m0} '%wConvm' (m 0): expected tensor<")
    plain = compile_module(print_module(module))  # text alone: no groups to name
    with pytest.raises(ArgumentError) as e:
        plain.to_device(np.zeros(3, np.float32), m0)
    assert str(e.value).startswith(f"argument {m0} '%wConvm': expected")
    with pytest.raises(VitirError) as e:
        plain.grouped([("params", 2)])
    assert str(e.value) == f"@{module.main.name} has {len(sig.inputs)} arguments; the groups (params 2) hold 2"
