"""The whole models' hand-derived backward against the table's: the DiT denoisers (adaLN-Zero, and
the time as input channels) and the UNet (GroupNorm, FiLM), each forward and its mean squared
error differentiated by vitir.autodiff, against the model's own backward halves with the same
loss cotangent, through PJRT in float32 to 1e-5 relative.

Their patch embeddings and convolutions, pooling and normalisations go through the rules of those
op families; a model reaching an op without a rule fails, naming it. The attention key bias's gradient is
a true zero (softmax ignores a shift of a whole row of scores): both sides are checked to be zero
at float32 rounding, as tests/gradcheck does."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax")

from vitir.ast import FunctionBuilder, TensorType, module  # noqa: E402
from vitir.ast.uses import reads, walk  # noqa: E402
from vitir.autodiff import JVP_RULES, NOT_DIFFERENTIABLE, is_active_type, value_and_grad  # noqa: E402
from vitir.autodiff.tables import REGION_JVPS  # noqa: E402
from vitir.backend import compile_module  # noqa: E402
from vitir.lower import denoiser as dn  # noqa: E402
from vitir.lower import unet  # noqa: E402
from vitir.lower.loss import mse  # noqa: E402
from vitir.print import print_module  # noqa: E402

from .harness import rel_err  # noqa: E402


def _dit(fb, cfg, hand):
    x = fb.arg("x", TensorType((cfg.batch, cfg.input_channels * cfg.image[0] * cfg.image[1])))
    tfeat = dn._time_arg(fb, cfg)
    params = dn._declare(fb, cfg)
    target = fb.arg("target", TensorType((cfg.batch, *cfg.image_shape)))
    fb.zero = fb.constant("sc", "0.0")
    saved = dn.denoiser_forward(fb, "dn", dn._image_view(fb, cfg, x), tfeat, params, cfg)
    dy, loss = mse(fb, saved.image, target)
    grads = dn.denoiser_backward(fb, "dn", saved, params, dy, cfg) if hand else []
    return params, (loss, *grads)


def _unet(fb, cfg, hand):
    x = unet._input_arg(fb, cfg)
    tfeat = unet._time_arg(fb, cfg)
    values = unet._declare(fb, cfg)
    target = fb.arg("target", TensorType((cfg.batch, cfg.out_channels, *cfg.image)))
    fb.zero = fb.constant("sc", "0.0")
    named = dict(zip((n for n, _ in unet.all_specs(cfg)), values))
    saved, tsaved = unet.network_forward(fb, unet._image(fb, cfg, x), (tfeat or [None])[0], named, cfg)
    dy, loss = mse(fb, saved.y, target)
    grads = unet.network_backward(fb, saved, tsaved, named, cfg, dy) if hand else []
    return values[:len(unet.param_specs(cfg))], (loss, *grads)


MODELS = {
    "dit_adaln_zero": (_dit, dn.DenoiserConfig(batch=2, image=8, patch=4, width=8, depth=2, heads=2, mlp=16,
                                               conditioning="adaln-zero", time_features=4)),
    "dit_channels": (_dit, dn.DenoiserConfig(batch=2, image=8, patch=4, width=8, depth=1, heads=2, mlp=16,
                                             conditioning="channels", time_features=2)),
    "unet_group_film": (_unet, unet.UNetConfig(batch=2, image=(8, 8), norm="group", groups=2, activation="silu",
                                               time_features=4, embed=8,
                                               layers=(("down", 1, 4), ("convbn", 4, 4), ("up", 4, 4),
                                                       ("conv", 4, 1)))),
}


def _without_rules(fn) -> list[str]:
    """The ops of `fn` that a differentiated value may reach and no rule covers."""
    missing = {type(op).NAME for op in walk(fn.ops)
               if any(is_active_type(r.type) for r in op.results) and any(is_active_type(v.type) for v in reads(op))
               and type(op) not in JVP_RULES
               and type(op) not in REGION_JVPS and type(op) not in NOT_DIFFERENTIABLE}
    return sorted(missing)


def _functions(name):
    build, cfg = MODELS[name]
    fb = FunctionBuilder("hand")
    _, results = build(fb, cfg, hand=True)
    hand = fb.ret(*results)
    fb = FunctionBuilder("loss")
    params, (loss,) = build(fb, cfg, hand=False)
    fn = fb.ret(loss)
    wrt = [fn.args.index(p) for p in params]
    return hand, fn, wrt


@pytest.mark.parametrize("name", sorted(MODELS))
def test_derived_gradients_equal_the_hand_derived_ones(name):
    hand, fn, wrt = _functions(name)
    missing = _without_rules(fn)
    assert not missing, f"no rule registered for {', '.join(missing)}"
    rng = np.random.default_rng(0)
    inputs = [(rng.normal(size=a.type.shape) * 0.5).astype(np.float32) for a in fn.args]
    want = compile_module(print_module(module(hand)))(*inputs)
    got = compile_module(print_module(module(value_and_grad(fn, wrt=wrt))))(*inputs)
    assert len(got) == len(want)
    names = ["loss"] + [fn.args[i].name for i in wrt]
    largest = max(float(np.max(np.abs(w))) for w in want[1:])
    for name, g, w in zip(names, got, want):
        if name.startswith("bk"):  # attention's key bias: a true zero, both sides rounding noise
            assert max(np.max(np.abs(g)), np.max(np.abs(w))) <= 1e-5 * largest, name
            continue
        assert rel_err(g, w) <= 1e-5, f"{name}: relative error {rel_err(g, w):.2e}"
