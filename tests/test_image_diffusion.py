"""Image DDPM and flow matching with the ViT denoisers: training lowers the loss
with every conditioning, the parameterisations and the min-SNR weights agree,
the samplers' shapes and ranges, the scores with a stub classifier, the EMA,
bit-identical resume, and `vitir diffuse --data` end to end (tiny)."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

import vitir.diffusion.eval_image as evmod
import vitir.train.loop as loopmod
from tests.test_data import MNIST_FILES, idx_bytes
from vitir.backend import compile_module
from vitir.cli import main
from vitir.data import TaskDefaults, load_dataset
from vitir.diffusion import energy_distance
from vitir.diffusion.metrics import frechet_distance
from vitir.diffusion.eval_image import (
    CONFIDENT,
    Features,
    ImageEvalConfig,
    Reference,
    control_rows,
    draw_samples,
    feature_scores,
    score_image_samplers,
)
from vitir.diffusion.schedule import cosine_schedule
from vitir.errors import ConfigError
from vitir.diffusion.train_image import (
    ImageDenoiser,
    ImageDiffusionConfig,
    ImageDiffusionTrainer,
    ddpm_target,
    denoiser_input,
    eps_from_prediction,
    flow_snr_weights,
    snr_weights,
    time_inputs,
    to_signed,
    training_batch,
    training_pair,
    velocity_from_prediction,
)
from vitir.lower import unet
from vitir.lower.ema import ema_module
from vitir.print import print_module
from vitir.train.checkpoint import load_checkpoint
from vitir.train.loop import ema_decay
from vitir.train.trainer import Trainer, TrainConfig

TINY = dict(patch=4, width=16, depth=1, heads=2, mlp=32, batch=64, n_freq=2, lr=3e-3, warmup_epochs=0.5)
TINY_FLAGS = ["--patch", "4", "--width", "16", "--depth", "1", "--heads", "2", "--mlp", "32", "--batch", "64",
              "--n-freq", "2", "--lr", "3e-3"]
ALL_SAMPLERS = {"ddpm": ("ddim", "ancestral", "vp-euler", "vp-heun", "vp-sde"), "flow": ("fm-euler", "fm-heun")}


@pytest.fixture(scope="module")
def digits():
    return load_dataset("digits")


@pytest.fixture(scope="module")
def classifier_run(tmp_path_factory, digits):
    """A tiny `vitir train` run on the digits: the scoring classifier of the CLI tests."""
    run = tmp_path_factory.mktemp("classifier")
    cfg = TrainConfig(patch=4, width=16, depth=1, heads=2, mlp=32, batch=64, epochs=2, eval_batch=128)
    Trainer(cfg, run, dataset=digits, log=lambda m: None).train()
    return run


def trainer(run_dir, digits, **kw) -> ImageDiffusionTrainer:
    cfg = ImageDiffusionConfig(**{**TINY, **kw})
    return ImageDiffusionTrainer(cfg, run_dir, dataset=digits, log=lambda m: None, checkpoint_seconds=0.0)


def epoch_losses(run_dir) -> list[float]:
    lines = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    return [m["loss"] for m in lines if m["kind"] == "epoch"]


@pytest.mark.parametrize("method, conditioning, prediction", [
    ("ddpm", "channels", "eps"), ("flow", "channels", "eps"), ("flow-ot", "channels", "eps"),
    ("ddpm", "adaln-zero", "x0"), ("ddpm", "adaln", "v"), ("flow", "adaln-zero", "x0"),
])
def test_training_lowers_the_loss(tmp_path, digits, method, conditioning, prediction):
    prediction = prediction if method == "ddpm" or prediction == "x0" else "velocity"
    result = trainer(tmp_path, digits, method=method, conditioning=conditioning, prediction=prediction,
                     epochs=4).train()
    losses = epoch_losses(tmp_path)
    assert len(losses) == 4 and result["steps"] == 4 * (len(digits.x_train) // 64)
    # the zero head predicts 0 at first: about E[eps^2] = 1 for DDPM, E|eps - x0|^2 > 1 for flow
    assert losses[-1] < 0.9 * losses[0], losses
    assert result["final_loss"] == losses[-1] and result["seconds_per_epoch"] > 0
    assert (tmp_path / "curves.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_flow_ot_pairs_the_same_noise_at_least_cost(digits):
    from scipy.optimize import linear_sum_assignment
    from scipy.spatial.distance import cdist

    x0 = digits.x_train[:48].astype(np.float32) * 2 - 1
    flat = x0.reshape(48, -1).astype(np.float64)
    abar = None  # flow matching does not use the schedule
    velocities = {}
    for method in ("flow", "flow-ot"):
        _, v = training_pair(x0, 3, ImageDiffusionConfig(**{**TINY, "method": method}), abar)
        velocities[method] = v.reshape(48, -1).astype(np.float64)
    eps_independent = velocities["flow"] + flat  # v = eps - x0
    eps_paired = velocities["flow-ot"] + flat
    cost = cdist(flat, eps_independent, "sqeuclidean")
    rows, cols = linear_sum_assignment(cost)
    np.testing.assert_allclose(eps_paired, eps_independent[cols], atol=1e-5)
    assert cost[rows, cols].sum() < 0.9 * np.trace(cost)


def test_time_inputs_put_the_time_channels_after_the_image(digits):
    cfg = ImageDiffusionConfig(**TINY)
    x = np.zeros((3, 1, 8, 8), np.float32)
    flat = denoiser_input(x, np.array([0, 10, 999]), cfg)
    assert flat.shape == (3, (1 + 4) * 64)
    channels = flat.reshape(3, 5, 8, 8)
    assert np.all(channels[:, 0] == 0) and np.all(channels[0, 3:] == 1.0)  # cos(0) = 1
    single = denoiser_input(x, 10, cfg).reshape(3, 5, 8, 8)
    np.testing.assert_allclose(single[1], channels[1], rtol=1e-6)
    t_channel = denoiser_input(x, 500, ImageDiffusionConfig(**{**TINY, "time_embed": "t"}))
    assert t_channel.shape == (3, 2 * 64) and np.all(t_channel[:, 64:] == np.float32(0.5))


def random_denoiser(method="ddpm", chunk=250, **kw) -> ImageDenoiser:
    cfg = ImageDiffusionConfig(**{**TINY, "method": method, **kw})
    rng = np.random.default_rng(0)
    from vitir.lower.denoiser import param_specs
    params = [(0.1 * rng.standard_normal(dims)).astype(np.float32)
              for _, dims in param_specs(cfg.network((1, 8, 8), 1))]
    return ImageDenoiser(params, cfg, (1, 8, 8), chunk=chunk)


@pytest.mark.parametrize("conditioning", ["channels", "adaln-zero"])
def test_denoiser_chunks_match_one_batch(conditioning):
    x = np.random.default_rng(1).standard_normal((7, 1, 8, 8)).astype(np.float32)
    whole = random_denoiser(conditioning=conditioning)(x, 321)
    chunked = random_denoiser(chunk=3, conditioning=conditioning)(x, 321)
    assert whole.shape == (7, 1, 8, 8)
    np.testing.assert_allclose(chunked, whole, rtol=1e-5, atol=1e-6)


def test_the_parameterisations_and_their_min_snr_weights_agree():
    """For one estimate of x0, the eps, x0 and v predictions that carry it give the samplers the same
    noise, and their min-SNR-weighted squared errors are one loss (Hang et al.: min(SNR, 5) on x0)."""
    rng = np.random.default_rng(4)
    abar = cosine_schedule(1000)[rng.integers(0, 1000, 6)]
    x0, eps, x0_hat = (rng.uniform(-1, 1, (6, 1, 4, 4)).astype(np.float32) for _ in range(3))
    a, s = np.sqrt(abar)[:, None, None, None], np.sqrt(1 - abar)[:, None, None, None]
    x_t = a * x0 + s * eps
    eps_hat = (x_t - a * x0_hat) / s
    hats = {"eps": eps_hat, "x0": x0_hat, "v": a * eps_hat - s * x0_hat}
    losses = {}
    for prediction, hat in hats.items():
        for i in range(6):
            np.testing.assert_allclose(eps_from_prediction(x_t[i:i + 1], hat[i:i + 1], abar[i], prediction),
                                       eps_hat[i:i + 1], rtol=1e-3, atol=1e-3)
        error = ((hat - ddpm_target(x0, eps, abar, prediction)) ** 2).sum(axis=(1, 2, 3))
        losses[prediction] = snr_weights(abar, prediction, 5.0) * error
    snr = abar / (1 - abar)
    np.testing.assert_allclose(losses["x0"], np.minimum(snr, 5.0) * ((x0_hat - x0) ** 2).sum(axis=(1, 2, 3)),
                               rtol=1e-5)
    np.testing.assert_allclose(losses["eps"], losses["x0"], rtol=2e-3)
    np.testing.assert_allclose(losses["v"], losses["x0"], rtol=2e-3)


def test_a_clipped_step_takes_its_noise_from_the_clean_image_kept_in_range():
    """With a range to clip to, each parameterisation gives the noise of its implied x0 clipped
    there: inside the range, the noise it gives unclipped; outside, the noise that x0 on the edge implies."""
    rng = np.random.default_rng(5)
    abar_t = float(cosine_schedule(1000)[600])
    a, s = np.sqrt(abar_t), np.sqrt(1 - abar_t)
    x0_hat = np.array([[[[-3.0, -1.0, -0.25, 0.0], [0.5, 1.0, 1.5, 40.0]]]], np.float32)
    x_t = rng.normal(size=x0_hat.shape).astype(np.float32)
    eps_hat = (x_t - a * x0_hat) / s
    hats = {"eps": eps_hat, "x0": x0_hat, "v": a * eps_hat - s * x0_hat}
    for low, high in ((-1.0, 1.0), (0.0, 1.0)):
        want = (x_t - a * np.clip(x0_hat, low, high)) / s
        inside = (x0_hat >= low) & (x0_hat <= high)
        for prediction, hat in hats.items():
            got = eps_from_prediction(x_t, hat, abar_t, prediction, clip=(low, high))
            np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
            np.testing.assert_allclose(got[inside], eps_from_prediction(x_t, hat, abar_t, prediction)[inside],
                                       rtol=1e-4, atol=1e-4)
            assert not np.allclose(got[~inside], eps_hat[~inside], atol=1e-2)


def test_clipping_x0_is_refused_for_a_flow():
    with pytest.raises(ConfigError, match="--clip-x0 clips the clean image a DDPM step implies; method flow has none"):
        ImageEvalConfig(method="flow", clip_x0=True)


@pytest.mark.parametrize("method", ["ddpm", "flow"])
def test_every_sampler_gives_finite_images_of_the_right_shape(method):
    model = random_denoiser(method)
    x_init = np.random.default_rng(2).standard_normal((5, 1, 8, 8)).astype(np.float32)
    for sampler, eta in ImageEvalConfig(method=method, samplers=ALL_SAMPLERS[method]).variants():
        out = draw_samples(model, sampler, eta, x_init, 4)
        assert out.shape == (5, 1, 8, 8) and out.dtype == np.float32 and np.all(np.isfinite(out)), sampler
    assert ImageEvalConfig(samplers=("ddim", "ancestral"), etas=(0.0, 0.5)).variants() == [
        ("ddim", 0.0), ("ddim", 0.5), ("ancestral", 1.0)]


def test_flow_x0_predictions_give_the_velocity_and_their_min_snr_weights_agree():
    rng = np.random.default_rng(5)
    t_idx = np.array([3, 250, 500, 999])
    t = t_idx / 1000.0
    x0, eps, x0_hat = (rng.uniform(-1, 1, (4, 1, 4, 4)).astype(np.float32) for _ in range(3))
    x_t = ((1 - t)[:, None, None, None] * x0 + t[:, None, None, None] * eps).astype(np.float32)
    for i in range(4):
        v = velocity_from_prediction(x_t[i:i + 1], x0[i:i + 1], int(t_idx[i]), "x0")
        np.testing.assert_allclose(v, (eps - x0)[i:i + 1], rtol=1e-3, atol=1e-3)
    v_hat = (x_t - x0_hat) / t[:, None, None, None]
    on_x0 = flow_snr_weights(t_idx, "x0", 5.0) * ((x0_hat - x0) ** 2).sum(axis=(1, 2, 3))
    on_v = flow_snr_weights(t_idx, "velocity", 5.0) * ((v_hat - (eps - x0)) ** 2).sum(axis=(1, 2, 3))
    np.testing.assert_allclose(on_v, on_x0, rtol=1e-3)
    assert flow_snr_weights(np.array([1, 999]), "x0", 5.0).tolist() == pytest.approx([5.0, (0.001 / 0.999) ** 2])


def stub_probs(images: np.ndarray) -> np.ndarray:
    """Class = mean brightness in tenths, confident (0.82) unless the image is mid-grey (0.5)."""
    mean = images.reshape(len(images), -1).mean(axis=1)
    level = np.clip((mean * 10).astype(int), 0, 9)
    top = np.where(np.abs(mean - 0.5) < 0.05, 0.5, 0.82)
    probs = np.repeat(((1 - top) / 9)[:, None], 10, axis=1)
    probs[np.arange(len(images)), level] = top
    return probs


class StubClassifier:
    def features(self, images):
        probs = stub_probs(images)
        return Features(probs, np.concatenate([probs, images.reshape(len(images), -1)[:, :3]], axis=1))


def stub_reference(images) -> Reference:
    return Reference.of(StubClassifier().features(images))


def test_feature_scores_with_a_stub_classifier():
    rng = np.random.default_rng(0)
    images = rng.uniform(0, 1, (200, 1, 8, 8)) ** np.linspace(0.2, 5, 200)[:, None, None, None]
    reference = stub_reference(images)
    same = feature_scores(reference.features, reference)
    assert same["ed"] == pytest.approx(0.0, abs=1e-12) and same["ratio"] == pytest.approx(0.0, abs=1e-9)
    assert 0.0 <= same["fd"] <= 1e-9  # a squared distance: never below zero, whatever the BLAS
    dark = StubClassifier().features(np.zeros((50, 1, 8, 8)))
    scores = feature_scores(dark, reference)
    assert scores["coverage"] == 1 and scores["class_shares"][0] == 1.0
    assert scores["confident"] == [50] + [0] * 9 and scores["confident_classes"] == 1
    assert scores["confidence"] == pytest.approx(0.82)
    assert scores["ed"] == pytest.approx(energy_distance(dark.probs, reference.features.probs)) and scores["ed"] > 0.1
    assert scores["fd"] == pytest.approx(frechet_distance(dark.penultimate, reference.features.penultimate))
    assert scores["fd_ratio"] == pytest.approx(scores["fd"] / reference.fd_floor) and scores["fd"] > 0.1
    # mid-grey images land in class 4 or 5 but below the confidence bar: covered, never confident
    grey = feature_scores(StubClassifier().features(np.full((40, 1, 8, 8), 0.5)), reference)
    assert grey["coverage"] == 1 and grey["confident_classes"] == 0 and grey["confident_fraction"] == 0.0
    assert CONFIDENT > 0.5
    mixed = Features(np.concatenate([dark.probs[:1], reference.features.probs[:99]]),
                     np.concatenate([dark.penultimate[:1], reference.features.penultimate[:99]]))
    # one sample in a class is 1%: it counts
    want = len(set(np.argmax(reference.features.probs[:99], axis=1)) | {0})
    assert feature_scores(mixed, reference)["coverage"] == want


def test_scoring_rows_and_controls_with_stubs(tmp_path, digits):
    ev = ImageEvalConfig(samplers=("ddim", "ancestral", "vp-sde"), nfes=(2, 3), etas=(0.0,), samples=20)
    zero_eps = lambda x, t: np.zeros_like(x)  # noqa: E731
    reference = stub_reference(digits.x_test)
    rows, images = score_image_samplers(zero_eps, StubClassifier(), reference, ev, (1, 8, 8))
    assert [(r["sampler"], r["eta"], r["nfe"]) for r in rows] == [
        ("ddim", 0.0, 2), ("ddim", 0.0, 3), ("ancestral", 1.0, 2), ("ancestral", 1.0, 3),
        ("vp-sde", None, 2), ("vp-sde", None, 3)]
    for (sampler, eta, nfe), unit in images.items():
        assert unit.shape == (20, 1, 8, 8) and unit.min() >= 0.0 and unit.max() <= 1.0
    noise, real = control_rows(StubClassifier(), digits, reference, 20)
    assert noise["control"] == "noise" and real["control"] == "real train images" and real["count"] == 20
    paths = evmod.plot_sample_grids(images, digits.x_test, tmp_path, "stub")
    assert [p.name for p in paths] == ["samples-ddim-eta0.png", "samples-ancestral.png", "samples-vp-sde.png"]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in paths)


def test_ema_module_matches_numpy_and_the_decay_warms_up():
    specs = [("a", (3, 4)), ("b", (5,))]
    rng = np.random.default_rng(0)
    ema = [rng.standard_normal(d).astype(np.float32) for _, d in specs]
    theta = [rng.standard_normal(d).astype(np.float32) for _, d in specs]
    exe = compile_module(print_module(ema_module(specs)))
    weight = np.float32(1.0 - ema_decay(7, 0.999))
    for got, e, t in zip(exe(*ema, *theta, weight), ema, theta):
        np.testing.assert_allclose(got, e + weight * (t - e), rtol=1e-6, atol=1e-7)
    assert ema_decay(1, 0.999) == pytest.approx(2 / 11) and ema_decay(10**6, 0.999) == 0.999
    assert np.array_equal(exe(*ema, *theta, np.float32(0.0))[0], ema[0])  # decay 1 keeps the average
    np.testing.assert_allclose(exe(*ema, *theta, np.float32(1.0))[1], theta[1], rtol=1e-6)  # decay 0 follows


def test_ema_follows_the_weights_and_is_what_sampling_uses(tmp_path, digits):
    tr = trainer(tmp_path, digits, epochs=2, ema=0.9)
    tr.train()
    ck = load_checkpoint(tmp_path)
    assert set(ck.extra) == {"ema"} and len(ck.extra["ema"]) == len(ck.params)
    assert tr.sampling_weights() is tr.state.ema
    moved = [not np.array_equal(e, p) for e, p in zip(ck.extra["ema"], ck.params)]
    assert any(moved)
    # an average of the path: never further from the start than the weights' range allows
    for e, p in zip(ck.extra["ema"], ck.params):
        assert np.all(np.isfinite(e)) and np.abs(e).max() <= np.abs(p).max() + 1.0


def test_resume_is_bit_identical(tmp_path, digits, monkeypatch):
    trainer(tmp_path / "full", digits, epochs=3, ema=0.99).train()
    saves = []
    real_save = loopmod.save_checkpoint

    def stop_after_first_save(run_dir, ck):
        real_save(run_dir, ck)
        saves.append(ck.epoch)
        raise KeyboardInterrupt  # killed right after the epoch-1 checkpoint

    monkeypatch.setattr(loopmod, "save_checkpoint", stop_after_first_save)
    with pytest.raises(KeyboardInterrupt):
        trainer(tmp_path / "split", digits, epochs=3, ema=0.99).train()
    monkeypatch.setattr(loopmod, "save_checkpoint", real_save)
    assert saves == [1]
    trainer(tmp_path / "split", digits, epochs=3, ema=0.99).train(resume=True)
    full, split = load_checkpoint(tmp_path / "full"), load_checkpoint(tmp_path / "split")
    assert full.step == split.step == 3 * (len(digits.x_train) // 64)
    for a, b in zip(full.params + full.m + full.v + full.extra["ema"],
                    split.params + split.m + split.v + split.extra["ema"]):
        assert np.array_equal(a, b)
    assert full.rng_state == split.rng_state
    assert epoch_losses(tmp_path / "full") == epoch_losses(tmp_path / "split")  # no epoch logged twice or lost


def _diffuse(capsys, *argv):
    rc = main(["diffuse", *argv])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    return captured


def test_cli_digits_end_to_end_then_resample(tmp_path, capsys, classifier_run):
    out = tmp_path / "run"
    captured = _diffuse(capsys, "--data", "digits", *TINY_FLAGS, "--epochs", "2", "--ema", "0.9", "--wd", "0",
                        "--sampler", "ddim,ancestral,vp-heun", "--eta", "0,0.5", "--nfe", "2,4", "--samples", "24",
                        "--classifier", str(classifier_run), "--eval-every", "1", "--eval-samples", "8",
                        "--out", str(out))
    result = json.loads((out / "result.json").read_text())
    # scored while training: every epoch's line has the quality of 8 samples (vp-heun, the last sampler given)
    scored = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    scored = [m for m in scored if m["kind"] == "epoch"]
    assert [m["epoch"] for m in scored] == [1, 2] and all(m["ed_ratio"] > 0 and m["fd_ratio"] > 0 for m in scored)
    assert "epoch 2: vp-heun NFE 50, 8 samples: ED" in captured.err
    assert [(r["sampler"], r["eta"], r["nfe"]) for r in result["rows"]] == [
        (s, e, n) for s, e in (("ddim", 0.0), ("ddim", 0.5), ("ancestral", 1.0), ("vp-heun", None)) for n in (2, 4)]
    for row in result["rows"] + result["controls"]:
        assert row["ratio"] == pytest.approx(row["ed"] / result["floor"]) and 1 <= row["coverage"] <= 10
        assert 0.1 <= row["confidence"] <= 1.0
    assert result["weights"] == "ema" and result["epochs"] == 2 and result["samples"] == 24
    assert result["config"]["wd"] == "0.0"  # typed 0, an f32 literal in the step
    assert result["grids"] == ["samples-ddim-eta0.png", "samples-ddim-eta0.5.png", "samples-ancestral.png",
                               "samples-vp-heun.png"]
    assert all((out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for name in result["grids"])
    assert "train ddpm [" in captured.err and "ED/floor" in captured.out and "real train images" in captured.out
    # resuming a finished run trains no more and re-samples with other samplers, saying so; by the run's
    # classifier, not given again
    captured = _diffuse(capsys, "--resume", str(out), "--sampler", "vp-euler", "--nfe", "3", "--samples", "16")
    assert ("vitir diffuse: re-scoring with --sampler vp-euler (the run's: ddim,ancestral,vp-heun)\n"
            "vitir diffuse: re-scoring with --nfe 3 (the run's: 2,4)\n"
            "vitir diffuse: re-scoring with --samples 16 (the run's: 24)\n") in captured.err
    again = json.loads((out / "result.json").read_text())
    assert again["steps"] == result["steps"] and [r["sampler"] for r in again["rows"]] == ["vp-euler"]
    # resumed again with no flags: the settings of its last scoring
    captured = _diffuse(capsys, "--resume", str(out))
    kept = json.loads((out / "result.json").read_text())
    assert [(r["sampler"], r["nfe"]) for r in kept["rows"]] == [("vp-euler", 3)] and kept["samples"] == 16
    assert kept["classifier"] == str(classifier_run) and not (out / "classifier").exists()
    assert "re-scoring" not in captured.err and kept["clip_x0"] is False
    # each step's x0 estimate clipped to the data's range: said, recorded, kept for the next scoring
    captured = _diffuse(capsys, "--resume", str(out), "--clip-x0", "on")
    assert "vitir diffuse: re-scoring with --clip-x0 on (the run's: off)\n" in captured.err
    assert "each step clipping its x0 estimate" in captured.err
    clipped = json.loads((out / "result.json").read_text())
    assert clipped["clip_x0"] is True and clipped["rows"][0]["ed"] != kept["rows"][0]["ed"]
    assert json.loads((out / "sampling.json").read_text())["clip_x0"] is True


def write_fake_mnist(folder, train=64, test=32):
    rng = np.random.default_rng(3)
    folder.mkdir()
    for stem, count in zip(MNIST_FILES, (train, train, test, test)):
        is_images = "images" in stem
        array = rng.integers(0, 256, (count, 28, 28)) if is_images else np.arange(count) % 10
        (folder / stem).write_bytes(idx_bytes(0x803 if is_images else 0x801, array))


def test_cli_mnist_flow_with_t_channel_trains_its_own_classifier(tmp_path, capsys, monkeypatch):
    from vitir.data import CLASSIFY, REGISTRY
    mnist = REGISTRY["mnist"]
    small = TaskDefaults({**mnist.tasks[CLASSIFY].values, "epochs": 1, "width": 16, "depth": 1})
    monkeypatch.setitem(REGISTRY, "mnist", dataclasses.replace(mnist, tasks={**mnist.tasks, CLASSIFY: small}))
    write_fake_mnist(tmp_path / "mnist")
    out = tmp_path / "run"
    _diffuse(capsys, "--data", "mnist", "--data-dir", str(tmp_path / "mnist"), "--method", "flow",
             "--conditioning", "channels", "--time-embed", "t", "--patch", "7", "--width", "16", "--depth", "1", "--heads", "2", "--mlp", "32",
             "--batch", "32", "--epochs", "1", "--sampler", "fm-euler,fm-heun", "--nfe", "2", "--samples", "8",
             "--out", str(out))
    result = json.loads((out / "result.json").read_text())
    assert [r["sampler"] for r in result["rows"]] == ["fm-euler", "fm-heun"] and result["weights"] == "ema"
    assert result["config"]["data"] == "mnist" and result["test_images"] == 32
    assert (out / "classifier" / "checkpoint.npz").is_file() and result["classifier"] == str(out / "classifier")


def test_resume_refuses_a_changed_config(tmp_path, capsys, digits):
    trainer(tmp_path, digits, epochs=1).train()
    assert main(["diffuse", "--resume", str(tmp_path), "--width", "32"]) == 2
    assert f"these differ: --width 32 (the run's: {TINY['width']}) (only --epochs may change)" in capsys.readouterr().err


def test_two_replicas_train_the_denoiser_as_one_device_with_twice_the_batch(tmp_path, digits):
    """The training loop's data parallel path for the denoisers: the step averages the gradients across
    replicas, and each replica takes its half of the same noised global batch."""
    kw = dict(conditioning="adaln-zero", epochs=1, ema=0.9)
    trainer(tmp_path / "one", digits, batch=64, replicas=1, **kw).train()
    trainer(tmp_path / "two", digits, batch=32, replicas=2, **kw).train()
    one, two = load_checkpoint(tmp_path / "one"), load_checkpoint(tmp_path / "two")
    assert one.step == two.step == len(digits.x_train) // 64
    from vitir.lower.denoiser import param_specs
    names = [n for n, _ in param_specs(ImageDiffusionConfig(**{**TINY, **kw}).network((1, 8, 8), 1))]
    for name, p, q in zip(names * 2, one.params + one.extra["ema"], two.params + two.extra["ema"]):
        bound = 1e-3 if name.startswith("bk_") else 1e-4 * max(np.abs(p).max(), 1e-3)  # bk: see test_train
        assert np.abs(p - q).max() <= bound, name


# -- the reference's UNet -------------------------------------------------------------------------

def test_unet_reference_takes_the_references_recipe_and_data_as_they_are(digits):
    cfg = ImageDiffusionConfig(model="unet-reference")
    assert (cfg.batch, cfg.lr, cfg.lr_decay, cfg.warmup_epochs, cfg.ema, cfg.prediction, cfg.time_embed, cfg.wd) == \
        (32, 5e-4, "constant", 0.0, 0.0, "eps", "t", "0.0")
    assert not cfg.centred and ImageDiffusionConfig().centred
    x0 = digits.x_train[:4].astype(np.float32)
    abar = cosine_schedule(1000)
    x, target = training_pair(x0, 7, cfg, abar)
    x = x.reshape(4, 2, 8, 8)
    # the second channel is t/1000; the first sqrt(abar) x0 + sqrt(1 - abar) eps with x0 in [0, 1], eps the target
    t = np.round(x[:, 1, 0, 0] * 1000).astype(int)
    t_channel = t.astype(np.float32) * (np.float32(1) / np.float32(1000))  # as the reference's helper rounds it
    np.testing.assert_array_equal(x[:, 1], np.broadcast_to(t_channel[:, None, None], (4, 8, 8)))
    a = np.sqrt(abar[t].astype(np.float64))[:, None, None, None]
    want = a * x0 + np.sqrt(1 - a * a) * target
    np.testing.assert_allclose(x[:, :1], want, atol=1e-5)


@pytest.mark.parametrize("given, message", [
    (dict(method="flow"), "--model unet-reference trains with --method ddpm only, got flow"),
    (dict(prediction="x0"), "--model unet-reference trains with --prediction eps only, got x0"),
    (dict(replicas=2), "--model unet-reference trains with --replicas 1 only, got 2"),
])
def test_unet_reference_refuses_another_recipe(given, message):
    with pytest.raises(ConfigError) as e:
        ImageDiffusionConfig(model="unet-reference", **given)
    assert str(e.value) == message


def test_cli_unet_reference_trains_prints_its_parameters_and_samples_by_ddim(tmp_path, capsys, classifier_run):
    out = tmp_path / "unet"
    captured = _diffuse(capsys, "--data", "digits", "--model", "unet-reference", "--epochs", "2", "--samples", "16",
                        "--classifier", str(classifier_run), "--out", str(out))
    assert "the reference's UNet (118,449 parameters)" in captured.err
    result = json.loads((out / "result.json").read_text())
    assert result["parameters"] == 118_449 and result["config"]["model"] == "unet-reference"
    assert [(r["sampler"], r["eta"], r["nfe"]) for r in result["rows"]] == [("ddim", 0.0, 50)]
    losses = epoch_losses(out)
    assert len(losses) == 2 and losses[1] < losses[0] < 3.0
    # the running statistics ride with the weights: 10 BatchNorms' means and variances and the step count
    saved = load_checkpoint(out)
    assert len(saved.params) == 32 + 21 and float(saved.params[-1]) == result["steps"]


# -- vitir's UNet ---------------------------------------------------------------------------------

def test_unet_takes_its_recipe_centres_the_data_and_reads_the_time_as_features(digits):
    cfg = ImageDiffusionConfig(model="unet")
    assert (cfg.batch, cfg.replicas, cfg.lr, cfg.lr_decay, cfg.warmup_epochs, cfg.ema, cfg.prediction, cfg.width) == \
        (8, 4, 2e-3, "cosine", 1.0, 0.999, "x0", 64)
    assert cfg.centred and cfg.reads_time_features and cfg.time_features == 2 * cfg.n_freq
    network = cfg.network((1, 8, 8), 4)
    assert (network.norm, network.activation, network.time_features, network.embed) == ("group", "silu", 32, 64)
    assert network.layers[0] == ("down", 1, 16) and network.layers[-1] == ("conv", 16, 1)
    x0 = to_signed(digits.x_train[:4])
    batch = training_batch(x0, 7, cfg, cosine_schedule(1000))
    # the flat image alone (no time channel) and the sin/cos features of each row's step
    assert batch.x.shape == (4, 64) and batch.tfeat.shape == (4, 32)
    assert float(batch.x.min()) < -0.5  # centred: [-1, 1] before the noise


def test_each_of_vitirs_unet_changes_is_a_flag_and_all_four_reverted_give_the_reference_network():
    """norm, activation, time and centring one field each, so each can be measured alone
    (docs/benchmarks.md (g)); reverted together only the input skip and the prediction remain."""
    cfg = ImageDiffusionConfig(model="unet", norm="batch", ema=0.0, activation="relu", time_embed="t", centred=False)
    assert not cfg.reads_time_features and cfg.time_features == 1
    network = cfg.network((1, 28, 28), 32)
    assert (network.norm, network.activation, network.time_features, network.layers[0]) == (
        "batch", "relu", 0, ("down", 2, 16))
    # the reference's count (its Spec) plus the output conv's two input-skip weights (image and t channels)
    assert unet.parameter_count(network) == unet.REFERENCE_PARAMETERS + 2
    flat, tfeat = time_inputs(np.zeros((3, 1, 8, 8), np.float32), 500, cfg)
    assert tfeat is None and flat.shape == (3, 2 * 64) and np.all(flat[:, 64:] == np.float32(0.5))
    film = ImageDiffusionConfig(model="unet", norm="batch", ema=0.0).network((1, 28, 28), 32)
    assert (film.norm, film.activation, film.time_features, film.layers[0]) == ("batch", "silu", 32, ("down", 1, 16))


def test_a_batchnorm_unet_on_replicas_normalises_over_the_whole_batch():
    """--replicas 2 is the mesh data=2; BatchNorm's statistics couple the examples, so its step is the whole
    batch annotated for the partitioner (no per-shard body), its statistics the whole batch's."""
    from vitir.data import load_dataset
    from vitir.diffusion.train_image import ImageDenoiserTask
    from vitir.lower.sharding import parse_mesh

    cfg = ImageDiffusionConfig(model="unet", norm="batch", ema=0.0, replicas=2, batch=8, width=8)
    assert cfg.step_mesh() == parse_mesh("data=2") and cfg.global_batch == 16
    text = print_module(ImageDenoiserTask(cfg, load_dataset("digits")).step_module())
    assert '  sdy.mesh @mesh = <["data"=2]>\n' in text and "manual_computation" not in text
    assert "tensor<16x1x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"data\"}, {}, {}, {}]>}" in text


@pytest.mark.parametrize("kw, message", [
    (dict(model="unet", norm="batch"), "--norm batch samples with running statistics of the trained weights, not of "
                                       "their average: give --ema 0"),
    (dict(norm="group"), "--norm applies to the UNets (--model unet or unet-reference)"),
    (dict(activation="relu"), "--activation applies to the UNets (--model unet or unet-reference)"),
    (dict(model="unet-reference", norm="group"), "--model unet-reference trains with --norm batch only, got group"),
    (dict(model="unet-reference", centred=True), "--model unet-reference trains with --centred off only, got on"),
    (dict(model="unet", norm="layer"), "unknown UNet normalisation 'layer'; have batch, group"),
    (dict(model="unet", activation="gelu"), "unknown UNet activation 'gelu'; have relu, silu"),
])
def test_unet_flags_refuse_what_they_cannot_train(kw, message):
    with pytest.raises(ConfigError) as e:
        ImageDiffusionConfig(**kw)
    assert str(e.value) == message


def test_cli_centred_takes_on_or_off(tmp_path, capsys):
    assert main(["diffuse", "--data", "digits", "--model", "unet", "--centred", "maybe",
                 "--out", str(tmp_path / "x")]) == 2
    assert "--centred takes on or off, got 'maybe'" in capsys.readouterr().err


def test_cli_unet_with_the_references_choices_trains_and_keeps_running_statistics(tmp_path, capsys, classifier_run):
    out = tmp_path / "unet-bn"
    captured = _diffuse(capsys, "--data", "digits", "--model", "unet", "--norm", "batch", "--ema", "0",
                        "--activation", "relu", "--time-embed", "t", "--centred", "off", "--epochs", "2",
                        "--samples", "16", "--sampler", "ddim", "--nfe", "10", "--classifier", str(classifier_run),
                        "--out", str(out))
    assert "vitir's UNet (118,451 parameters), BatchNorm, ReLU, a t/1000 channel, data in [0, 1]" in captured.err
    result = json.loads((out / "result.json").read_text())
    assert result["parameters"] == 118_451
    assert {k: result["config"][k] for k in ("norm", "activation", "time_embed", "centred")} == dict(
        norm="batch", activation="relu", time_embed="t", centred=False)
    losses = epoch_losses(out)
    assert len(losses) == 2 and all(np.isfinite(losses))
    # 10 convBn units' weights and affine, the output conv's two, and each unit's running mean and
    # variance with the update count
    saved = load_checkpoint(out)
    assert len(saved.params) == 10 * 3 + 2 + 10 * 2 + 1 and not saved.extra.get("ema")


def test_two_replicas_train_vitirs_unet_as_one_device_with_twice_the_batch(tmp_path, digits):
    """Data parallel for vitir's UNet: GroupNorm normalises each example alone, so two replicas of 16
    with their gradients averaged in the step take the steps one device takes with 32."""
    kw = dict(model="unet", epochs=1, ema=0.9, width=8, n_freq=2)
    trainer(tmp_path / "one", digits, batch=32, replicas=1, **kw).train()
    two = trainer(tmp_path / "two", digits, batch=16, replicas=2, **kw)
    text = print_module(two.task.step_module())  # the mesh data=2: one data shard's step on each device
    assert text.count("sdy.manual_computation") == 1
    assert text.count("stablehlo.all_reduce") == 2  # one for every gradient, one for the loss
    two.train()
    one, two = load_checkpoint(tmp_path / "one"), load_checkpoint(tmp_path / "two")
    assert one.step == two.step == len(digits.x_train) // 32
    for p, q in zip(one.params + one.extra["ema"], two.params + two.extra["ema"]):
        assert np.abs(p - q).max() <= 1e-4 * max(np.abs(p).max(), 1e-3)


@pytest.mark.parametrize("given, replicas, batch", [
    (dict(), 4, 8), (dict(replicas=2), 2, 16), (dict(replicas=1), 1, 32), (dict(batch=32), 4, 32),
    (dict(norm="batch", ema=0.0), 1, 32), (dict(norm="batch", ema=0.0, batch=16), 1, 16),
])
def test_vitirs_unet_splits_its_batch_of_32_over_its_replicas_unless_the_batch_is_given(given, replicas, batch):
    cfg = ImageDiffusionConfig(model="unet", **given)
    assert (cfg.replicas, cfg.batch) == (replicas, batch)
    assert ImageDiffusionConfig(model="unet-reference").replicas == ImageDiffusionConfig().replicas == 1
    with pytest.raises(ConfigError) as e:
        ImageDiffusionConfig(model="unet", replicas=3)
    assert str(e.value) == "--replicas 3 does not split the UNet's batch of 32: give --batch (per replica)"


def test_unet_refuses_what_its_step_cannot_train():
    with pytest.raises(ConfigError) as e:
        ImageDiffusionConfig(model="unet", method="flow")
    assert str(e.value) == "--model unet trains with --method ddpm only, got flow"


def test_cli_unet_trains_prints_its_parameters_and_samples(tmp_path, capsys, classifier_run):
    out = tmp_path / "unet"
    captured = _diffuse(capsys, "--data", "digits", "--model", "unet", "--epochs", "2", "--samples", "16",
                        "--sampler", "ddim", "--nfe", "10", "--classifier", str(classifier_run), "--out", str(out))
    assert "vitir's UNet (166,178 parameters), GroupNorm, SiLU, FiLM from 32 sin/cos time features" in captured.err
    assert "predicting x0, batch 32 (8 on each of 4 devices), 2 epochs of 44 steps" in captured.err
    result = json.loads((out / "result.json").read_text())
    assert result["parameters"] == 166_178 and result["config"]["model"] == "unet"
    assert [(r["sampler"], r["nfe"]) for r in result["rows"]] == [("ddim", 10)]
    losses = epoch_losses(out)
    assert len(losses) == 2 and losses[1] < losses[0]
    # no running statistics: 10 convBn units' three, the output conv's two, the time's six, and their EMA
    saved = load_checkpoint(out)
    assert len(saved.params) == 10 * 3 + 2 + 6 and len(saved.extra["ema"]) == 38


def test_cli_unet_on_a_mesh_trains_its_whole_batch_partitioned(tmp_path, capsys, digits, classifier_run):
    """`--mesh data=2,model=2`: one step of the whole batch (64 per data shard) over 4 host devices, its
    convolutions split over model; the run's result file is a finished run's."""
    out = tmp_path / "unet-mesh"
    captured = _diffuse(capsys, "--data", "digits", "--model", "unet", "--mesh", "data=2,model=2", "--batch", "64",
                        "--epochs", "1", "--width", "8", "--n-freq", "2", "--samples", "16", "--sampler", "ddim",
                        "--nfe", "2", "--classifier", str(classifier_run), "--out", str(out))
    assert "batch 128 (over the mesh data=2,model=2)" in captured.err
    result = json.loads((out / "result.json").read_text())
    config = result["config"]
    assert (config["model"], config["mesh"], config["replicas"], config["batch"]) == ("unet", "data=2,model=2", 1, 64)
    assert result["steps"] == result["steps_per_epoch"] == len(digits.x_train) // 128
    assert result["parameters"] == unet.parameter_count(ImageDiffusionConfig(model="unet", width=8, n_freq=2)
                                                        .network((1, 8, 8), 128))
    assert np.isfinite(result["final_loss"]) and [(r["sampler"], r["nfe"]) for r in result["rows"]] == [("ddim", 2)]
    step = (out / "train_step.mlir").read_text()
    assert step.startswith("module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {\n"
                           '  sdy.mesh @mesh = <["data"=2, "model"=2]>\n')
    assert '%W1: tensor<16x16x3x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}, {}, {}]>}' in step


def test_mnist_denoiser_defaults_are_the_ones_benchmarks_g_chose():
    """The defaults only (the comparison is docs/benchmarks.md (g)'s, measured there, not here): vitir's
    UNet predicting x0, batch 32 over the replicas, 72 epochs, EMA 0.999 for DDPM on MNIST; a flow, which
    the UNet does not train, takes the DiT, and the DiT named on MNIST takes MNIST's recipe for it."""
    cfg = ImageDiffusionConfig(data="mnist", data_dir="unused")
    assert (cfg.model, cfg.prediction, cfg.width, cfg.batch * cfg.replicas, cfg.epochs, cfg.ema) == (
        "unet", "x0", 64, 32, 72, 0.999)
    assert ImageDiffusionConfig().model == "dit"  # the digits keep the reference's denoiser
    flow = ImageDiffusionConfig(data="mnist", data_dir="unused", method="flow")
    dit = ImageDiffusionConfig(data="mnist", data_dir="unused", model="dit")
    for c in (flow, dit):
        assert (c.model, c.conditioning, c.prediction, c.width, c.batch, c.epochs) == (
            "dit", "adaln-zero", "x0", 96, 64, 96)


def test_cli_unet_on_iree_trains_its_batch_whole_on_one_device(tmp_path):
    """IREE runs one replica, so `--backend iree` without --replicas gives vitir's UNet its batch of 32 on
    one device (the same steps as its 4 host devices of 8 on PJRT) instead of refusing the default."""
    from vitir.cli import build_parser
    from vitir.cli.diffuse import image_configs_from

    def config(*flags):
        args = build_parser("diffuse").parse_args(["diffuse", "--data", "digits", "--model", "unet", *flags,
                                                   "--out", str(tmp_path / "run")])
        return image_configs_from(args)[0]

    assert (config("--backend", "iree").replicas, config("--backend", "iree").batch) == (1, 32)
    assert (config().replicas, config().batch) == (4, 8)
    assert (config("--backend", "iree", "--replicas", "2").replicas, config("--backend", "iree", "--batch", "16").batch) \
        == (2, 16)  # what is given stays given (IREE then refuses 2 replicas by name)


def test_diffuse_help_reads_each_unets_defaults_from_its_recipe(monkeypatch):
    """The help's per-model defaults come from MODEL_DEFAULTS, not from a second copy of them."""
    from vitir.cli.diffuse import _image_default
    from vitir.diffusion.train_image import MODEL_DEFAULTS

    assert _image_default("norm") == "(default unet group; unet-reference batch)"
    assert _image_default("centred") == "(default on; unet-reference off)"
    assert _image_default("time_embed") == "(default sincos; unet-reference t)"
    monkeypatch.setitem(MODEL_DEFAULTS, "unet-reference", {**MODEL_DEFAULTS["unet-reference"], "activation": "gelu"})
    assert _image_default("activation") == "(default unet silu; unet-reference gelu)"
