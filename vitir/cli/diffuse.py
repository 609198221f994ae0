"""`vitir diffuse`: train the 2-D denoiser (a vitir train-step module run
through PJRT) on a toy target, sample with each chosen sampler at each NFE,
and score the samples by energy distance (ED) against a fresh target draw.

Methods: ddpm (eps prediction; samplers ddim, euler, heun, sde), flow
(independent coupling), flow-ot (minibatch OT), reflow (flow, then retrained
on pairs the flow draws); the flow methods sample with fm-euler or fm-heun.
Writes result.json (every sampler, eta and NFE with its ED, floor and ratio)
and samples.png (the sample clouds beside the target) under --out.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..errors import ConfigError

HELP = "train a 2-D diffusion or flow model and score its samples by energy distance"


def add_parser(sub) -> None:
    p = sub.add_parser("diffuse", help=HELP, description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    # Values are parsed in run(), so a bad one is reported in one line.
    p.add_argument("--target", default="8gaussians",
                   help="8gaussians, spiral, moons, checkerboard or mullerbrown (default 8gaussians)")
    p.add_argument("--method", default="ddpm", help="ddpm, flow, flow-ot or reflow (default ddpm)")
    p.add_argument("--steps", default="20000", help="training steps (default 20000; reflow trains twice)")
    p.add_argument("--sampler", default="", help="comma list (default ddim for ddpm, fm-euler for flows)")
    p.add_argument("--nfe", default="2,10,50", help="network evaluations per sample, comma list (default 2,10,50)")
    p.add_argument("--eta", default="0", help="DDIM eta, comma list (default 0; 1 is ancestral DDPM)")
    p.add_argument("--grid", default="uniform", help="time grid of euler/heun/sde: uniform, logabar, logsnr")
    p.add_argument("--samples", default="512", help="points per sample cloud (default 512)")
    p.add_argument("--batch", default="256", help="training batch (default 256)")
    p.add_argument("--lr", default="1e-3", help="Adam learning rate (default 1e-3)")
    p.add_argument("--seed", default="0", help="initialisation, data and training noise (default 0)")
    p.add_argument("--out", metavar="DIR", help="run directory (default runs/diffuse-<timestamp>)")
    p.set_defaults(func=run)


def _numbers(text: str, flag: str, kind, many: bool):
    parts = [part.strip() for part in text.split(",")] if many else [text.strip()]
    try:
        values = tuple(kind(part) for part in parts)
    except ValueError:
        what = ("comma-separated " if many else "an ") + ("integer" if kind is int else "number")
        raise ConfigError(f"{flag} takes {what}{'s' if many else ''}, got {text!r}") from None
    return values if many else values[0]


def config_from(args):
    from ..diffusion.train2d import DiffuseConfig

    samplers = tuple(s.strip() for s in args.sampler.split(",") if s.strip())
    return DiffuseConfig(
        target=args.target.strip(), method=args.method.strip(),
        steps=_numbers(args.steps, "--steps", int, False),
        batch=_numbers(args.batch, "--batch", int, False),
        lr=_numbers(args.lr, "--lr", float, False),
        seed=_numbers(args.seed, "--seed", int, False),
        samples=_numbers(args.samples, "--samples", int, False),
        samplers=samplers,
        nfes=_numbers(args.nfe, "--nfe", int, True),
        etas=_numbers(args.eta, "--eta", float, True),
        grid=args.grid.strip())


def ed_table(result: dict) -> str:
    lines = [f"{'sampler':<9} {'eta':>5} {'NFE':>5} {'ED':>9} {'ED/floor':>9}"]
    for row in result["rows"]:
        eta = "-" if row["eta"] is None else f"{row['eta']:g}"
        lines.append(f"{row['sampler']:<9} {eta:>5} {row['nfe']:>5} {row['ed']:>9.5f} {row['ratio']:>9.1f}")
    return "\n".join(lines)


def plot_clouds(clouds: dict, reference, path: Path, title: str) -> Path:
    """One row per (sampler, eta), one column per NFE, the target in column 0."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lines = list(dict.fromkeys((sampler, eta) for sampler, eta, _ in clouds))
    nfes = list(dict.fromkeys(nfe for _, _, nfe in clouds))
    fig, axes = plt.subplots(len(lines), len(nfes) + 1, figsize=(2.2 * (len(nfes) + 1), 2.2 * len(lines)),
                             squeeze=False)
    lim = 1.2 * float(abs(reference).max())
    for r, (sampler, eta) in enumerate(lines):
        panels = [("target", reference, "tab:gray")]
        label = sampler if eta is None else f"{sampler} eta {eta:g}"
        panels += [(f"{label}, NFE {nfe}", clouds[(sampler, eta, nfe)], "tab:blue") for nfe in nfes]
        for ax, (name, points, colour) in zip(axes[r], panels):
            ax.scatter(points[:, 0], points[:, 1], s=1.5, color=colour, alpha=0.6, linewidths=0)
            ax.set_title(name, fontsize=7)
            ax.set_xlim(-lim, lim)
            ax.set_ylim(-lim, lim)
            ax.set_aspect("equal")
            ax.set_xticks([])
            ax.set_yticks([])
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def run(args) -> int:
    from ..diffusion.train2d import run_diffusion
    from ..train.progress import Progress

    cfg = config_from(args)
    out = Path(args.out or f"runs/diffuse-{time.strftime('%Y%m%d-%H%M%S')}")
    out.mkdir(parents=True, exist_ok=True)
    print(f"vitir diffuse: {cfg.method} on {cfg.target}, {cfg.steps} steps at batch {cfg.batch} -> {out}",
          file=sys.stderr, flush=True)
    result, clouds, reference = run_diffusion(cfg, lambda phase, steps: Progress(steps, phase))
    (out / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    title = f"{cfg.method} on {cfg.target}, {cfg.steps} steps"
    plot_clouds(clouds, reference, out / "samples.png", title)
    print(f"{title}: trained in {result['train_seconds']:.1f} s, floor {result['floor']:.5f}")
    print(ed_table(result))
    return 0
