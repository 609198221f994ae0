"""The whole UNet's hand-derived gradients (BatchNorm and GroupNorm, ReLU and
SiLU, both max-pool rules) against jax.value_and_grad of the independent JAX
UNet (tests/gradcheck/cnn_reference.py); the evaluation forward module; the
running statistics the step keeps; the reference network's size."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from tests.gradcheck import cnn_reference as ref
from tests.gradcheck.harness import as_float64, rel_err, run
from vitir.ast import FunctionBuilder, TensorType, module
from vitir.backend import compile_module
from vitir.errors import ConfigError
from vitir.evaluate import evaluate
from vitir.lower.loss import mse
from vitir.lower.unet import (REFERENCE_PARAMETERS, TIME_PARAMS, UNetConfig, all_specs, init_params,
                              network_backward, network_forward, param_specs, parameter_count, unet_fwd_module,
                              unet_step_module)
from vitir.print import print_module

SMALL = (("down", 2, 4), ("down", 4, 8), ("convbn", 8, 8), ("up", 8, 8), ("up", 8, 4), ("conv", 4, 1))


def small(norm="batch", activation="relu", pool_rule="reference", film=False) -> UNetConfig:
    """With FiLM (vitir's UNet): 6 time features, a time MLP of width 5, the input skip."""
    return UNetConfig(batch=3, image=(8, 12), layers=SMALL, norm=norm, groups=2, activation=activation,
                      pool_rule=pool_rule, time_features=6 if film else 0, embed=5, input_skip=film)


def inputs(cfg: UNetConfig, seed: int = 0):
    """Parameters with their vectors and the FiLM modulation perturbed (zero at the start, which would
    cut the time MLP's gradient), an input, a target and (FiLM) time features."""
    rng = np.random.default_rng(seed)
    params = [p + (0.1 * rng.standard_normal(p.shape)).astype(np.float32) if p.ndim == 1 or name in TIME_PARAMS
              else p for (name, _), p in zip(param_specs(cfg), init_params(cfg))]
    x = rng.uniform(0, 1, (cfg.batch, cfg.in_channels, *cfg.image)).astype(np.float32)
    target = rng.standard_normal((cfg.batch, cfg.out_channels, *cfg.image)).astype(np.float32)
    return params, x, target


def time_features(cfg: UNetConfig, rng) -> np.ndarray | None:
    return rng.uniform(-1, 1, (cfg.batch, cfg.time_features)).astype(np.float32) if cfg.film else None


def jax_kwargs(cfg: UNetConfig) -> dict:
    return dict(norm=cfg.norm, activation=cfg.activation, groups=cfg.groups, input_skip=cfg.input_skip,
                pool=ref.maxpool if cfg.pool_rule == "reference" else ref.maxpool_lax)


@pytest.mark.parametrize("norm, activation, pool_rule, film", [
    ("batch", "relu", "reference", False), ("batch", "relu", "select_and_scatter", False),
    ("group", "silu", "reference", False), ("group", "relu", "select_and_scatter", False),
    ("group", "silu", "reference", True), ("batch", "relu", "reference", True),
])
def test_unet_gradients_match_jax(norm, activation, pool_rule, film):
    cfg = small(norm, activation, pool_rule, film)
    names = [n for n, _ in param_specs(cfg)]
    params, x, target = inputs(cfg)
    tfeat = time_features(cfg, np.random.default_rng(9))
    fb = FunctionBuilder("unet_grad")
    xv = fb.arg("x", TensorType(x.shape))
    fv = fb.arg("tfeat", TensorType(tfeat.shape)) if film else None
    pv = [fb.arg(n, TensorType(d)) for n, d in param_specs(cfg)]
    tv = fb.arg("target", TensorType(target.shape))
    fb.zero = fb.constant("sc", "0.0")
    named = dict(zip(names, pv))
    saved, tsaved = network_forward(fb, xv, fv, named, cfg)
    dy, loss = mse(fb, saved.y, tv)
    grads = network_backward(fb, saved, tsaved, named, cfg, dy)
    text = print_module(module(fb.ret(loss, *grads)))
    leading = [x] + ([tfeat] if film else [])

    def loss_fn(flat, x, target, tfeat=None):
        return ref.unet_loss(dict(zip(names, flat)), x, target, cfg.layers, tfeat=tfeat, **jax_kwargs(cfg))[0]

    # float64 (the text promoted, JAX in x64): the formulas, free of rounding
    with jax.enable_x64(True):
        want_loss, want = jax.value_and_grad(loss_fn)([jnp.asarray(p, jnp.float64) for p in params],
                                                      x.astype(np.float64), target.astype(np.float64),
                                                      None if tfeat is None else tfeat.astype(np.float64))
    # numpy's float64 from here: a JAX array of it, once x64 is off again, would compute in float32
    want_loss, want = float(want_loss), [np.asarray(w) for w in want]
    got_loss, *got = run(as_float64(text), [a.astype(np.float64) for a in (*leading, *params, target)])
    assert rel_err(got_loss, want_loss) <= 1e-12
    errors = {n: rel_err(g, w) for n, g, w in zip(names, got, want)}
    assert max(errors.values()) <= 1e-9, sorted(errors.items(), key=lambda kv: -kv[1])[:3]
    # float32, the train step's: 5e-5 relative (the f64 check above pins the formulas; f32 sums over
    # B*H*W terms in the order XLA's thread partition picks land about 1e-5 off on some machines), except
    # the biases of the output and of the FiLM modulation, whose gradients (sums of cotangents over every
    # pixel and example) cancel to far below their terms: 5e-5 of their weights' gradients, twice that for
    # the modulation's (1.04e-5 of its weight's measured)
    got_loss, *got = run(text, [*leading, *params, target])
    assert rel_err(got_loss, want_loss) <= 1e-6
    out = len(param_specs(cfg)) - len(TIME_PARAMS) * cfg.film
    scale = {n: float(np.abs(w).max()) for n, w in zip(names, want)}
    for weight, bias in [names[out - 2:out]] + ([("Wfm", "bfm")] if film else []):
        scale[bias] = scale[weight]
    errors = {n: float(np.abs(g - w).max()) / scale[n] / (2.0 if n == "bfm" else 1.0)
              for n, g, w in zip(names, got, want)}
    assert max(errors.values()) <= 5e-5, sorted(errors.items(), key=lambda kv: -kv[1])[:3]


def test_step_keeps_the_running_statistics_and_the_forward_module_reads_them():
    """Two steps at lr 0 (the weights stay): the running statistics become the first batch's, then
    0.9 of them plus 0.1 of the second's; the forward module then normalises with them."""
    cfg = small()
    params, x, target = inputs(cfg, seed=1)
    state = init_params(cfg)[len(params):]
    theta = params + state
    k = len(theta)
    zeros = [np.zeros_like(t) for t in theta]
    step = compile_module(print_module(unet_step_module(cfg)))
    names = [n for n, _ in param_specs(cfg)]
    p = dict(zip(names, params))
    x2 = np.flip(x, axis=0).copy() * 0.5
    for xb in (x, x2):
        outs = step(xb.reshape(cfg.batch, -1), *theta, *zeros, *zeros, np.float32(0.0), np.float32(0.1),
                    np.float32(0.001), target)
        assert len(outs) == 3 * k + 1
        np.testing.assert_array_equal(outs[0], params[0])
        theta = list(outs[:k])
    _, stats1 = ref.unet(x, p, cfg.layers)
    _, stats2 = ref.unet(x2, p, cfg.layers)
    spec_names = [n for n, _ in all_specs(cfg)]
    got = dict(zip(spec_names, theta))
    assert float(got["bnsteps"]) == 2.0
    for unit, (mean1, var1) in stats1.items():
        mean2, var2 = stats2[unit]
        assert rel_err(got[f"rm{unit}"], 0.9 * np.asarray(mean1) + 0.1 * np.asarray(mean2)) <= 1e-5
        assert rel_err(got[f"rv{unit}"], 0.9 * np.asarray(var1) + 0.1 * np.asarray(var2)) <= 1e-5
    (pred,) = compile_module(print_module(unet_fwd_module(cfg)))(x.reshape(cfg.batch, -1), *theta)
    state = {n: got[n] for n in spec_names if n.startswith(("rm", "rv"))}
    want, _ = ref.unet(x, p, cfg.layers, state=state)
    assert rel_err(pred, want) <= 1e-5


def test_reference_network_has_118449_parameters():
    cfg = UNetConfig(batch=32)
    assert parameter_count(cfg) == REFERENCE_PARAMETERS == 118_449
    assert [dims for _, dims in param_specs(cfg)][:3] == [(16, 2, 3, 3), (16,), (16,)]
    assert param_specs(cfg)[-2:] == [("W10", (1, 16, 1, 1)), ("b10", (1,))]


def test_reference_initialiser_draws_three_uniforms_with_variance_two_over_fan_in():
    weights = init_params(UNetConfig(batch=1))
    w4 = weights[12]  # unit 4: 32 -> 64, fan-in 288
    assert w4.shape == (64, 32, 3, 3)
    assert abs(float(w4.std()) - (2 / 288) ** 0.5) <= 0.02 * (2 / 288) ** 0.5
    # a sum of three uniforms on [-1/2, 1/2], times 2 scale: bounded by 3 scale
    assert float(np.abs(w4).max()) <= 3 * (2 / 288) ** 0.5
    np.testing.assert_array_equal(weights[1], np.ones(16))
    np.testing.assert_array_equal(weights[2], np.zeros(16))


@pytest.mark.parametrize("layers, message", [
    ((("down", 2, 4), ("conv", 4, 1)), "UNet: 1 down layer(s) without a matching up layer"),
    ((("down", 2, 4), ("up", 4, 8), ("conv", 8, 1)),
     "UNet layer 1 (up 4 8) needs a skip of 8 channels at 8x8; the last is 4 channels at 8x8"),
    ((("convbn", 2, 4), ("conv", 3, 1)), "UNet layer 1 (conv 3 1) reads 4 channels, not 3"),
])
def test_unet_config_refuses_mismatched_layers(layers, message):
    with pytest.raises(ConfigError) as e:
        UNetConfig(batch=1, image=8, layers=layers)
    assert str(e.value) == message


@pytest.mark.parametrize("norm, activation, film", [("batch", "relu", False), ("group", "relu", False),
                                                    ("group", "silu", True)])
def test_three_train_steps_equal_jaxs(norm, activation, film):
    """vitir's printed step module against jax.jit of value_and_grad plus the same Adam and running
    statistics, three steps from the same start: the weights, statistics and losses equal to 1e-5, the
    moments to 1e-4. JAX pools with lax.reduce_window (its gradient select_and_scatter), not jnp.max:
    jnp.max's gradient keeps the cotangent where x equals the tiled maximum, and XLA, computing x afresh
    in that compare's fusion, rounds it otherwise than the forward did on some CPUs (JAX's jit of the
    GroupNorm step, 2e-2 off on an AVX-512 CPU: docs/benchmarks.md (g)). The two gradients differ only
    on ties, and after ReLU a window ties only at 0, whose pre-activations get no gradient either way.
    The last case is vitir's own UNet (vitir diffuse --model unet): GroupNorm, SiLU and the time through
    FiLM."""
    cfg = small(norm, activation, film=film)
    names = [n for n, _ in param_specs(cfg)]
    params, _, _ = inputs(cfg, seed=2)
    state = init_params(cfg)[len(params):]
    k, rng = len(params), np.random.default_rng(5)
    step = compile_module(print_module(unet_step_module(cfg)))
    theta = params + state
    moments = [np.zeros_like(t) for t in theta]
    ours = (theta, moments, moments)
    theirs = (params, moments[:k], moments[:k], state)
    jax_step = None
    for t in (1, 2, 3):
        x = rng.uniform(0, 1, (cfg.batch, cfg.in_channels, *cfg.image)).astype(np.float32)
        target = rng.standard_normal((cfg.batch, cfg.out_channels, *cfg.image)).astype(np.float32)
        scalars = np.float32(5e-4), np.float32(1 - 0.9 ** t), np.float32(1 - 0.999 ** t)
        tfeat = time_features(cfg, rng)
        if jax_step is None:
            jax_step = jax.jit(ref.unet_step_fn(names, cfg.layers, **{**jax_kwargs(cfg), "pool": ref.maxpool_lax}))
        outs = step(x.reshape(cfg.batch, -1), *ours[0], *ours[1], *ours[2], *scalars,
                    *([tfeat] if film else []), target)
        n = len(theta)
        ours = (list(outs[:n]), list(outs[n:2 * n]), list(outs[2 * n:3 * n]))
        *theirs, loss = jax_step(*theirs, x, target, *scalars, tfeat)
        assert rel_err(outs[3 * n], loss) <= 1e-5
        want = list(theirs[0]) + list(theirs[3])
        errors = {name: rel_err(a, b) for (name, _), a, b in zip(all_specs(cfg), ours[0], want)}
        assert max(errors.values()) <= 1e-5, (t, sorted(errors.items(), key=lambda kv: -kv[1])[:3])
        # The moments are the raw gradients (m = 0.1 g at step 1), each an f32 sum over B*H*W terms whose
        # order XLA picks by its thread partition: they move by about 1e-5 between machines (1.2e-5 seen on
        # a 4-element bias gradient), while the weights, which move by lr * m / sqrt(v), stay within 1e-5.
        # The second moments hold squared gradients, so twice the relative error.
        for a, b in zip(ours[1][:k], theirs[1]):
            assert rel_err(a, b) <= 1e-4
        for a, b in zip(ours[2][:k], theirs[2]):
            assert rel_err(a, b) <= 2e-4


def test_three_replica_step_equals_one_device_with_three_times_the_batch():
    """Data parallel for the GroupNorm UNet: each of 3 replicas' gradients of its own example, averaged by
    the step's one all_reduce, give the weights (to 1e-5) one device computes from all 3 (GroupNorm
    normalises each example alone); BatchNorm, whose statistics are the batch's, refuses replicas."""
    one = small("group", "silu", film=True)
    assert one.batch == 3
    each = dataclasses.replace(one, batch=one.batch // 3)  # 1 example on each of 3 replicas
    params, _, _ = inputs(one, seed=3)
    rng = np.random.default_rng(4)
    x = rng.uniform(0, 1, (one.batch, one.in_channels * 8 * 12)).astype(np.float32)
    target = rng.standard_normal((one.batch, one.out_channels, *one.image)).astype(np.float32)
    tfeat = time_features(one, rng)
    zeros = [np.zeros_like(p) for p in params]
    scalars = [np.float32(5e-4), np.float32(0.1), np.float32(0.001)]
    args = [x, *params, *zeros, *zeros, *scalars, tfeat, target]
    module = unet_step_module(one)
    want = compile_module(print_module(module))(*args)
    module = unet_step_module(each, replicas=3)
    text = print_module(module)
    assert text.count("stablehlo.all_reduce") == 1
    replicated = compile_module(text, replicas=3)
    outs = replicated.run_replicated(args, split=["x", "tfeat", "target"])
    k = len(params)
    for got in outs:  # every replica holds the same weights and moments
        for a, b in zip(got[:3 * k], want[:3 * k]):
            assert rel_err(a, b) <= 1e-5
    assert rel_err(np.mean([got[3 * k] for got in outs]), want[3 * k]) <= 1e-6  # the losses average to the batch's
    with pytest.raises(ConfigError) as e:
        unet_step_module(small("batch"), replicas=2)
    assert str(e.value) == ("a BatchNorm UNet trains on one replica, not 2: each replica's batch statistics and "
                            "running statistics would be its own")


def test_groupnorm_step_with_xlas_default_options_equals_the_evaluator():
    """The GroupNorm step's first moments (0.1 of the gradients at step 1) compiled with XLA's defaults equal
    vitir's numpy evaluator of the same text. They did not while the reference max pool's gradient compared
    x with the tiled maximum: XLA computed x afresh in that compare's fusion, rounded otherwise than in the
    forward's reduce_window on some CPUs, and windows lost their cotangent (W3's moment 4e-2 off on an
    AVX-512 CPU, the ReLU BatchNorm FiLM UNet's float64 gradients 0.2 to 0.93 off on an AVX2 one; the step
    carried xla_disable_hlo_passes=algsimp for it). docs/benchmarks.md (g) keeps the measurements."""
    cfg = small("group")
    params, _, _ = inputs(cfg, seed=2)
    rng = np.random.default_rng(5)
    x = rng.uniform(0, 1, (cfg.batch, cfg.in_channels, *cfg.image)).astype(np.float32)
    target = rng.standard_normal((cfg.batch, cfg.out_channels, *cfg.image)).astype(np.float32)
    scalars = np.float32(5e-4), np.float32(0.1), np.float32(0.001)
    zeros = [np.zeros_like(p) for p in params]
    step_module = unet_step_module(cfg)
    assert step_module.xla_options == {}
    args = [x.reshape(cfg.batch, -1), *params, *zeros, *zeros, *scalars, target]
    k = len(params)
    want = evaluate(step_module, *args)[k:2 * k]
    got = compile_module(print_module(step_module))(*args)[k:2 * k]
    assert max(rel_err(a, b) for a, b in zip(got, want)) <= 1e-5
