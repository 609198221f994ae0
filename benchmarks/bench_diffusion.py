"""Diffusion benchmarks, run as `python benchmarks/bench_diffusion.py [PART ...]`.

Parts, each one function in PARTS:
  a  DDPM training of the 2-D denoiser on 8 gaussians at batch 256 (20,000
     steps), wall time beside the reference's 28 s.
  b  minibatch-OT pairing at batch 256 on 2-D data, per training step, beside
     scipy's solver on the same cost (same process), the reference's 16 ms
     (its O(n^3) Hungarian) and the 2 ms target.
  c  energy distance of the trained models: the DDPM model's samplers at NFE
     10-200 on 8 gaussians, and flow with independent coupling, minibatch OT
     and reflow on Müller–Brown at NFE 1-50, beside the reference's tables.
  d  image DDPM with the ViT denoiser on the 8x8 digits (`vitir diffuse --data
     digits`, IMAGE_ARGS): training time per epoch, and the ED of the softmax
     features of every sampler at each NFE against the test images, with the
     floor, class coverage and confidence, beside the reference's MNIST table.
     `--image-run DIR` reads a finished run instead of training one.
"""

import argparse
import json
import tempfile
import time
from functools import lru_cache
from pathlib import Path

import numpy as np
from scipy.optimize import linear_sum_assignment
from scipy.spatial.distance import cdist

from vitir.diffusion import (
    TARGET_NAMES,
    cosine_schedule,
    flow_step_inputs,
    sample_noise,
    sample_target,
    step_inputs,
)
from vitir.diffusion.denoiser2d import denoiser_features
from vitir.diffusion.ot import ot_pairing
from vitir.diffusion.step_inputs import FLOW_INDEPENDENT, FLOW_MINIBATCH_OT
from vitir.diffusion.train2d import (
    POOL_SIZE,
    DiffuseConfig,
    ed_reference,
    reflow,
    score_samplers,
    train_method,
)

BATCH = 256
TMAX = 1000
REFERENCE_OT_MS = 16.0
TARGET_OT_MS = 2.0
REFERENCE_DDPM_SECONDS = 28.0
SAMPLES = 512
DDPM_NFES = (10, 20, 50, 100, 200)
# The reference's 8-gaussians table (one seed, 512 samples); eta 0.25 only at 200 steps.
REFERENCE_DDPM_ED = {
    ("ddim", 0.0): (0.0560, 0.0278, 0.0116, 0.0087, 0.0081),
    ("ddim", 0.25): (None, None, None, None, 0.00545),
    ("heun", None): (0.8120, 0.2931, 0.1049, 0.0515, 0.0287),
    ("sde", None): (0.0294, 0.0112, 0.0031, 0.0034, 0.0035),
}
TARGET_DDPM_ED = 0.00545
FLOW_NFES = (1, 2, 5, 10, 50)
FLOW_TARGET = "muller_brown"
REFERENCE_FLOW_RATIO = {
    "flow": (233, 91, 20, 8.6, 3.2),
    "flow-ot": (7.2, 5.4, 4.7, 4.9, 5.1),
    "reflow": (4.9, 4.1, 3.7, 3.7, 3.7),
}
TARGET_OT_GAIN_AT_2 = 5.0
# The image run of part d; its classifier is trained by the run and cached in it.
IMAGE_ARGS = ["--data", "digits", "--method", "ddpm", "--epochs", "400", "--lr", "2e-3", "--batch", "128",
              "--width", "128", "--depth", "4", "--heads", "4", "--mlp", "256", "--ema", "0.999",
              "--sampler", "ddim,ancestral,vp-euler,vp-heun,vp-sde", "--nfe", "10,50"]
# The reference's MNIST figures (UNet, 50 epochs), ED on classifier softmax features: (sampler, eta, NFE) -> ED.
REFERENCE_MNIST_ED = {("ancestral", 1.0, 50): 0.0067, ("ddim", 0.0, 200): 0.0188}
TARGET_IMAGE_RATIO = 4.0
TARGET_IMAGE_MINUTES = 15.0


def _milliseconds(run, repeats: int) -> np.ndarray:
    """Wall time of each call, in ms."""
    times = []
    for step in range(repeats):
        start = time.perf_counter()
        run(step)
        times.append((time.perf_counter() - start) * 1e3)
    return np.array(times)


def _print_table(header, rows):
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    for line in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(cell).rjust(w) for cell, w in zip(line, widths)))


def part_b_minibatch_ot(args) -> None:
    """Time the pairing alone, beside scipy's solver on the same cost, and the whole flow step."""
    steps = args.steps
    print(f"(b) minibatch OT at batch {BATCH}, 2-D, {steps} steps per target; "
          f"reference {REFERENCE_OT_MS:g} ms, target {TARGET_OT_MS:g} ms")
    start = time.perf_counter()
    ot_pairing(np.eye(2), np.eye(2))
    print(f"first call (compiles the solver, or loads it from its cache): "
          f"{time.perf_counter() - start:.2f} s")
    rows = []
    for name in TARGET_NAMES:
        batches = sample_target(name, BATCH * steps, 0).reshape(steps, BATCH, 2)
        noise = sample_noise(BATCH * steps * 2, 1).reshape(steps, BATCH, 2)

        def flow_step(mode):
            return lambda step: flow_step_inputs(batches[step], None, step, TMAX, mode)

        pairing = _milliseconds(lambda step: ot_pairing(batches[step], noise[step]), steps)
        scipy_pairing = _milliseconds(lambda step: _scipy_ot_pairing(batches[step], noise[step]), steps)
        same = sum(np.array_equal(ot_pairing(batches[step], noise[step]),
                                  _scipy_ot_pairing(batches[step], noise[step])) for step in range(steps))
        without_ot = _milliseconds(flow_step(FLOW_INDEPENDENT), steps)
        with_ot = _milliseconds(flow_step(FLOW_MINIBATCH_OT), steps)
        rows.append([name, f"{np.median(pairing):.2f}", f"{np.percentile(pairing, 90):.2f}",
                     f"{np.median(scipy_pairing):.2f}",
                     f"{np.median(scipy_pairing) / np.median(pairing):.1f}x", f"{same}/{steps}",
                     f"{np.median(without_ot):.2f}", f"{np.median(with_ot):.2f}",
                     f"{REFERENCE_OT_MS / np.median(pairing):.1f}x"])
    _print_table(["target", "OT ms median", "OT ms p90", "scipy ms", "vs scipy", "same pairs",
                  "step ms, no OT", "step ms, OT", "vs reference"], rows)


def _scipy_ot_pairing(x0: np.ndarray, eps: np.ndarray) -> np.ndarray:
    """The same pairing by scipy's shortest-augmenting-path solver, the side-by-side baseline."""
    cost = cdist(eps.astype(np.float64), x0.astype(np.float64), "sqeuclidean")
    eps_index, x0_index = linear_sum_assignment(cost)
    sigma = np.empty(len(x0), dtype=np.int64)
    sigma[x0_index] = eps_index
    return sigma


@lru_cache(maxsize=None)
def _pool(target: str) -> np.ndarray:
    return sample_target(target, POOL_SIZE, 0)


@lru_cache(maxsize=None)
def _trained(target: str, method: str, steps: int):
    """(config, trained model), trained once per process and shared by parts a and c."""
    cfg = DiffuseConfig(target=target, method=method, steps=steps, batch=BATCH)
    if method == "reflow":
        return cfg, reflow(cfg, _trained(target, "flow", steps)[1], progress=True)
    return cfg, train_method(cfg, _pool(target), progress=True)


def part_a_ddpm_training(args) -> None:
    """Wall time of the DDPM training loop, and the host-side share of a step."""
    steps = args.train_steps
    print(f"(a) DDPM training on 8 gaussians, batch {BATCH}, {steps} steps; "
          f"reference {REFERENCE_DDPM_SECONDS:g} s for 20,000")
    pool, abar = _pool("eight_gaussians"), cosine_schedule(TMAX)
    rng = np.random.default_rng(0)

    def host_inputs(step):
        x_t, _, t = step_inputs(pool[rng.integers(0, len(pool), BATCH)], abar, step)
        denoiser_features(x_t, t)

    host_ms = np.median(_milliseconds(host_inputs, 1000))
    start = time.perf_counter()
    _, trained = _trained("eight_gaussians", "ddpm", steps)
    wall = time.perf_counter() - start
    loop = trained.seconds["train"]
    per_20k = loop * 20000 / steps
    _print_table(["steps", "wall s (compile + loop)", "loop s", "steps/s", "host inputs ms/step",
                  "final loss", "20k steps vs reference"],
                 [[steps, f"{wall:.1f}", f"{loop:.1f}", f"{steps / loop:.0f}", f"{host_ms:.3f}",
                   f"{trained.losses[-1][1]:.4f}", f"{per_20k:.1f} s vs {REFERENCE_DDPM_SECONDS:g} s"]])


def _cell(value, digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def part_c_energy_distance(args) -> None:
    """ED of the DDPM samplers, and ED/floor of the three flow couplings."""
    steps = args.train_steps
    print(f"(c) energy distance, {SAMPLES} samples, models trained {steps} steps at batch {BATCH}")
    _, ddpm = _trained("eight_gaussians", "ddpm", steps)
    reference, floor = ed_reference("eight_gaussians")
    rows, _ = score_samplers(ddpm.model, ("ddim", "heun", "sde"), DDPM_NFES, SAMPLES, reference, floor,
                             etas=(0.0, 0.25))
    ed = {(r["sampler"], r["eta"], r["nfe"]): r["ed"] for r in rows}
    table = []
    for (sampler, eta), theirs in REFERENCE_DDPM_ED.items():
        label = sampler if eta is None else f"{sampler} eta {eta:g}"
        table.append([label, "vitir", *(_cell(ed[(sampler, eta, n)]) for n in DDPM_NFES)])
        table.append(["", "reference", *(_cell(v) for v in theirs)])
    print(f"8 gaussians, ED (floor {floor:.5f})")
    _print_table(["sampler", "", *(f"NFE {n}" for n in DDPM_NFES)], table)
    best = ed[("ddim", 0.25, 200)]
    print(f"target: DDIM eta 0.25, 200 steps, ED {best:.5f} <= {TARGET_DDPM_ED}: "
          f"{'met' if best <= TARGET_DDPM_ED else 'MISSED'}")

    reference, floor = ed_reference(FLOW_TARGET)
    ratios, table = {}, []
    for method, theirs in REFERENCE_FLOW_RATIO.items():
        _, trained = _trained(FLOW_TARGET, method, steps)
        rows, _ = score_samplers(trained.model, ("fm-euler",), FLOW_NFES, SAMPLES, reference, floor)
        ratios[method] = [r["ratio"] for r in rows]
        seconds = " + ".join(f"{v:.0f}" for v in trained.seconds.values())
        table.append([method, "vitir", *(f"{v:.1f}" for v in ratios[method]), seconds])
        table.append(["", "reference", *(f"{v:g}" for v in theirs), ""])
    print(f"Müller–Brown, ED / floor with fm-euler (floor {floor:.5f})")
    _print_table(["coupling", "", *(f"NFE {n}" for n in FLOW_NFES), "train s (+ pairs + retrain)"], table)
    at_2 = FLOW_NFES.index(2)
    gain = ratios["flow"][at_2] / ratios["flow-ot"][at_2]
    print(f"target: minibatch OT at NFE 2 {gain:.1f}x better than independent (>= {TARGET_OT_GAIN_AT_2:g}x): "
          f"{'met' if gain >= TARGET_OT_GAIN_AT_2 else 'MISSED'}")


def _score_cells(row: dict, classes: int) -> list[str]:
    return [f"{row['ed']:.4f}", f"{row['ratio']:.1f}", f"{row['fd']:.3g}", f"{row['fd_ratio']:.1f}",
            f"{row['confident_classes']}/{classes}", f"{row['confident_fraction']:.0%}"]


def part_d_image_ddpm(args) -> None:
    """Train (or read) the digits run, then its training time and ED table."""
    if args.image_run:
        run_dir = Path(args.image_run)
    else:
        from vitir.cli import main as vitir_main

        run_dir = Path(tempfile.mkdtemp(prefix="bench-image-"))
        if vitir_main(["diffuse", *IMAGE_ARGS, "--out", str(run_dir)]) != 0:
            raise SystemExit("(d) the image run failed")
    result = json.loads((run_dir / "result.json").read_text())
    cfg = result["config"]
    print(f"(d) image DDPM on {cfg['data']}: ViT denoiser depth {cfg['depth']} width {cfg['width']} patch "
          f"{cfg['patch']}, {result['parameters']:,} parameters, batch {cfg['batch']}, {result['epochs']} epochs; "
          f"{result['weights']} weights; {result['samples']} samples against {result['test_images']} test images")
    minutes = result["train_seconds"] / 60
    _print_table(["epochs", "steps", "s / epoch (median)", "training min", "final loss", "classifier test acc"],
                 [[result["epochs"], result["steps"], f"{result['seconds_per_epoch']:.2f}", f"{minutes:.1f}",
                   f"{result['final_loss']:.4f}", f"{100 * result['classifier_test_accuracy']:.1f}%"]])
    classes = len(result["controls"][0]["class_shares"])
    table = []
    for row in result["rows"]:
        label = row["sampler"] if row["sampler"] != "ddim" else f"ddim eta {row['eta']:g}"
        theirs = REFERENCE_MNIST_ED.get((row["sampler"], row["eta"], row["nfe"]))
        table.append([label, row["nfe"], *_score_cells(row, classes), _cell(theirs)])
    for row in result["controls"]:
        table.append([row["control"], "-", *_score_cells(row, classes), "-"])
    for (sampler, eta, nfe), theirs in REFERENCE_MNIST_ED.items():
        if not any((r["sampler"], r["eta"], r["nfe"]) == (sampler, eta, nfe) for r in result["rows"]):
            table.append([f"{sampler} (reference only)", nfe, "-", "-", "-", "-", "-", "-", _cell(theirs)])
    print(f"ED of classifier softmax features (floor {result['floor']:.5f}), FD of its penultimate features "
          f"(floor {result['fd_floor']:.4g}); the reference is MNIST with a UNet")
    _print_table(["sampler", "NFE", "ED", "ED/floor", "FD", "FD/floor", "confident classes", "confident",
                  "reference MNIST ED"], table)
    best = next((r for r in result["rows"] if (r["sampler"], r["nfe"]) == ("ancestral", 50)), None)
    if best is not None:
        met = best["ratio"] <= TARGET_IMAGE_RATIO and best["coverage"] == classes and minutes <= TARGET_IMAGE_MINUTES
        print(f"target: ancestral at 50 NFE, {best['coverage']}/{classes} classes and ED {best['ratio']:.1f}x floor "
              f"(<= {TARGET_IMAGE_RATIO:g}x) after {minutes:.1f} min of training (<= {TARGET_IMAGE_MINUTES:g}): "
              f"{'met' if met else 'MISSED'}")


PARTS = {"a": part_a_ddpm_training, "b": part_b_minibatch_ot, "c": part_c_energy_distance, "d": part_d_image_ddpm}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", metavar="PART", help=f"any of {sorted(PARTS)}")
    parser.add_argument("--steps", type=int, default=100, help="timed OT steps per target (b)")
    parser.add_argument("--train-steps", type=int, default=20000, help="training steps per model (a, c)")
    parser.add_argument("--image-run", metavar="DIR", help="(d) a finished `vitir diffuse --data digits` run to read")
    args = parser.parse_args()
    unknown = set(args.parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown part(s) {sorted(unknown)}; have {sorted(PARTS)}")
    for part in args.parts or sorted(PARTS):
        PARTS[part](args)


if __name__ == "__main__":
    main()
