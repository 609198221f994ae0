"""The fast lowering as rewrites of the reference graph (vitir/lower/fast_lowering.py).

The checked-in `tests/golden/small_*_fast.mlir` were printed by the layers' former fast
builders (a `lowering` argument threaded through the layers, before the rules replaced it);
the rules must print the same text from the reference graph, whether it was just built or
read back from the reference's text. The gradients of the rewritten graphs are checked
against jax.vjp in tests/gradcheck (the patch_embed_fast and vit_fast cases), the train
steps against JAX in tests/test_train_steps.py; here each rule's numbers against the graph
it replaces, on vitir's evaluator, and the graphs it must leave alone.
"""

from __future__ import annotations

import numpy as np
import pytest

import vitir.lower.fast_lowering  # noqa: F401  (registers fast-lowering and its passes)
import vitir.passes as P
from tests.golden import GOLDEN_DIR, REFERENCE_GOLDEN, check_golden_file
from vitir.ast import FunctionBuilder, Module, f32
from vitir.cli import main
from vitir.evaluate import evaluate
from vitir.lower import AdamHyper, ViTConfig, adam_dp_module, adam_sched_module, sgd_module, vit_tiny
from vitir.lower.denoiser import DenoiserConfig, denoiser_step_module
from vitir.lower.layers.patch_embed import NCHW, patch_embed_backward
from vitir.lower.loss import smoothed_ce
from vitir.print import print_module

CFG = ViTConfig(batch=2, channels=3, image=8, patch=4, width=8, depth=1, heads=2, mlp=16, classes=3)
HYPER = AdamHyper()
DENOISER = DenoiserConfig(batch=2, image_channels=2, image=(8, 12), patch=4, width=8, depth=1, heads=2, mlp=16,
                          conditioning="adaln-zero", time_features=6)
FAST_GOLDEN = {
    "small_sgd_fast.mlir": lambda: sgd_module(CFG, "0.05", lowering="fast"),
    "small_adam-sched_fast.mlir": lambda: adam_sched_module(CFG, HYPER, lowering="fast"),
    "small_adam-dp_fast.mlir": lambda: adam_dp_module(CFG, HYPER, 2, lowering="fast"),
    "small_denoiser-adaln-zero-dp_fast.mlir": lambda: denoiser_step_module(DENOISER, replicas=2, lowering="fast"),
}


@pytest.mark.parametrize("name", list(FAST_GOLDEN))
def test_fast_modules_print_what_the_former_fast_builders_printed(name):
    check_golden_file(print_module(FAST_GOLDEN[name]()), name)


@pytest.mark.parametrize("kind", ["sgd", "adam-sched", "adam-dp"])
def test_vitir_opt_turns_the_reference_text_into_the_fast_text(kind, tmp_path):
    out = tmp_path / "fast.mlir"
    assert main(["opt", str(GOLDEN_DIR / f"small_{kind}.mlir"), "-p", "fast-lowering", "-o", str(out)]) == 0
    assert out.read_text() == (GOLDEN_DIR / f"small_{kind}_fast.mlir").read_text()


@pytest.mark.slow
@pytest.mark.skipif(not REFERENCE_GOLDEN.is_file(), reason="the reference's golden file is not present")
def test_the_reference_golden_through_the_pass_is_the_fast_vit_tiny_step():
    from vitir.mlir import import_text

    fast = P.run(import_text(REFERENCE_GOLDEN.read_text(), str(REFERENCE_GOLDEN)), "fast-lowering")
    assert print_module(fast) == print_module(adam_sched_module(vit_tiny(batch=32), HYPER, lowering="fast"))


def test_each_pass_changes_only_its_own_lines():
    ref = print_module(adam_dp_module(CFG, HYPER, 2)).splitlines()
    seen = {}
    for name in ("patch-embed-gradient", "exact-floats", "fuse-all-reduce"):
        text = print_module(P.run(adam_dp_module(CFG, HYPER, 2), name))
        seen[name] = (text.count("stablehlo.convolution"), text.count("stablehlo.all_reduce"),
                      "0.03333333333333333" in text, sum(line not in text for line in ref))
    # the reference: 2 convolutions (the patch embedding and its weight gradient), 24 all-reduces
    assert seen["patch-embed-gradient"][:3] == (1, 24, False)
    assert seen["exact-floats"] == (2, 24, True, 2)  # %lsaik and %aKc (0.900000 reads back exactly)
    assert seen["fuse-all-reduce"][:3] == (2, 1, False)


# -- the patch-embed gradient ----------------------------------------------------------------------

def _weight_gradient(x_shape, dy_shape, strides, pad_value="0.0", tokens=False) -> Module:
    """The reference's dw = transpose(conv(transpose(x), transpose(pad(dy)))) of image x and output
    gradient dy ([b, d, ph, pw], or tokens [b, ph pw, d] viewed so), with its bias gradient."""
    fb = FunctionBuilder("pe_grad")
    x = fb.arg("x", f32(*x_shape))
    b, d, ph, pw = dy_shape
    fb.zero = fb.constant("sc", "0.0")
    if tokens:
        w = fb.arg("w", f32(d, x_shape[1], *strides))
        return Module([fb.ret(*patch_embed_backward(fb, "pe", x, fb.arg("dtok", f32(b, ph * pw, d)), w))])
    dy = fb.arg("dy", f32(*dy_shape))
    padding = fb.constant("pv", pad_value)
    u = fb.pad("u", dy, padding, [0] * 4, [0] * 4, [0, 0, strides[0] - 1, strides[1] - 1])
    raw = fb.convolution("raw", fb.transpose("xt", x, [1, 0, 2, 3]), fb.transpose("dt", u, [1, 0, 2, 3]),
                         stride=[1, 1], layouts=NCHW)
    return Module([fb.ret(fb.transpose("dw", raw, [1, 0, 2, 3]))])


def _inputs(module: Module, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(a.type.shape).astype(np.float32) for a in module.main.args]


@pytest.mark.parametrize("x_shape, dy_shape, strides, tokens", [
    ((2, 3, 8, 8), (2, 8, 2, 2), (4, 4), True),  # as the layer builds it
    ((2, 3, 8, 8), (2, 8, 2, 2), (4, 4), False),  # dy given as [b, d, ph, pw]: the rule views it as tokens
    ((3, 2, 6, 12), (3, 5, 3, 4), (2, 3), False),  # non-square patches
])
def test_patch_embed_rewrite_computes_the_convolutions_sums(x_shape, dy_shape, strides, tokens):
    built = _weight_gradient(x_shape, dy_shape, strides, tokens=tokens)
    fast = P.run(built, "patch-embed-gradient")
    text = print_module(fast)
    assert "stablehlo.convolution" not in text and "stablehlo.pad" not in text and "dot_general" in text
    inputs = _inputs(built)
    for want, got in zip(evaluate(built, *inputs), evaluate(fast, *inputs)):
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=2e-6, atol=2e-6 * np.max(np.abs(want)))


@pytest.mark.parametrize("x_shape, dy_shape, strides, pad_value", [
    ((2, 3, 8, 8), (2, 8, 2, 2), (4, 4), "-0.0"),  # the dilation's zeros must be +0.0
    ((2, 3, 8, 8), (2, 8, 2, 2), (4, 4), "1.0"),
    ((2, 3, 9, 8), (2, 8, 2, 2), (4, 4), "0.0"),  # an image a row taller than the grid: not a patch gradient
])
def test_patch_embed_rule_leaves_other_convolutions(x_shape, dy_shape, strides, pad_value):
    built = _weight_gradient(x_shape, dy_shape, strides, pad_value)
    # a rule pass removes the ops left unread (the builder's unused zero), whether a rule applied or not
    assert print_module(P.run(built, "patch-embed-gradient")) == print_module(P.run(built, "dce"))


# -- exact floats -------------------------------------------------------------------------------

def _smoothed(classes: int, smoothing: float) -> Module:
    fb = FunctionBuilder("sce")
    logits, onehot = fb.arg("logits", f32(4, classes)), fb.arg("onehot", f32(4, classes))
    fb.zero = fb.constant("sc", "0.0")
    return Module([fb.ret(*smoothed_ce(fb, logits, onehot, smoothing))])


@pytest.mark.parametrize("classes, smoothing, changed", [
    (3, 0.1, {"0.033333": "0.03333333333333333"}),  # a/K in the target and in the loss: two lines
    (7, 0.1, {"0.014286": "0.014285714285714287"}),
    (3, 0.3, {"0.100000": "0.09999999999999999"}),  # 0.3/3 is not the double nearest 0.1
    (3, 0.7, {"0.233333": "0.2333333333333333", "0.300000": "0.30000000000000004"}),  # nor 1 - 0.7 0.3
    (2, 0.1, {}), (4, 0.1, {}), (10, 0.1, {}),  # a/K and 1 - a read back from %f: nothing to change
])
def test_exact_floats_reprint_only_the_inexact_literals(classes, smoothing, changed):
    built = _smoothed(classes, smoothing)
    before, after = print_module(built), print_module(P.run(built, "exact-floats"))
    for old, new in changed.items():
        assert f"dense<{old}>" in before and f"dense<{new}>" in after and f"dense<{old}>" not in after
    lines = len(set(before.splitlines()) - set(after.splitlines()))
    assert lines == (2 if changed else 0) + ("0.300000" in changed)  # the a/K pair, then 1 - a


def test_exact_floats_leave_a_percent_f_constant_elsewhere():
    fb = FunctionBuilder("other")
    x = fb.arg("x", f32(4, 3))
    c = fb.constant("c", "0.033333", (4, 3))
    module = Module([fb.ret(fb.subtract("y", fb.add("s", x, fb.multiply("p", c, x)), c))])
    assert print_module(P.run(module, "exact-floats")) == print_module(module)


# -- one all-reduce ------------------------------------------------------------------------------

def _means(late: bool = False) -> Module:
    """Three gradients, each averaged across 2 replicas then used; `late`: the last gradient is
    computed after the first mean (then the means stay as they are)."""
    fb = FunctionBuilder("means")
    a, b, c = fb.arg("a", f32(2, 3)), fb.arg("b", f32(4)), fb.arg("c", f32())
    ga, gb = fb.exponential("ga", a), fb.negate("gb", b)
    gc = None if late else fb.sqrt("gc", c)
    ma = fb.all_reduce_mean("a", ga, 2)
    gc = gc or fb.sqrt("gc", c)
    means = [ma, fb.all_reduce_mean("b", gb, 2), fb.all_reduce_mean("c", gc, 2)]
    return Module([fb.ret(*(fb.multiply(f"o{i}", v, v) for i, v in enumerate(means)))])


def test_fused_all_reduce_is_bit_for_bit_the_separate_ones():
    built = _means()
    fused = P.run(built, "fuse-all-reduce")
    text = print_module(fused)
    assert text.count("stablehlo.all_reduce") == 1 and "tensor<11xf32>" in text
    rng = np.random.default_rng(4)
    per_replica = [[rng.uniform(0.5, 2.0, a.type.shape).astype(np.float32) for a in built.main.args]
                   for _ in range(2)]
    for want, got in zip(evaluate(built, per_replica, replicas=2), evaluate(fused, per_replica, replicas=2)):
        for w, g in zip(want, got):
            assert w.tobytes() == g.tobytes()


def test_all_reduces_stay_when_a_gradient_comes_after_the_first():
    built = _means(late=True)
    assert print_module(P.run(built, "fuse-all-reduce")) == print_module(built)


def test_an_unknown_lowering_is_refused_by_name():
    from vitir.errors import ConfigError

    with pytest.raises(ConfigError, match=r"unknown lowering 'quick' \(known: reference, fast\)"):
        sgd_module(CFG, lowering="quick")
