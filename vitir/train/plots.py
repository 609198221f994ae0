"""Training curves as a PNG: loss per step and test accuracy per epoch."""

from __future__ import annotations

from pathlib import Path


def plot_curves(metrics: list[dict], path: Path, title: str = "") -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [(m["step"], m["loss"]) for m in metrics if m.get("kind") == "step"]
    evals = [(m["step"], m["test_accuracy"]) for m in metrics if m.get("kind") == "eval"]
    fig, (ax_loss, ax_acc) = plt.subplots(1, 2, figsize=(10, 3.6))
    if steps:
        ax_loss.plot([s for s, _ in steps], [v for _, v in steps], lw=0.8, color="tab:blue")
    ax_loss.set_xlabel("step")
    ax_loss.set_ylabel("train loss (label-smoothed CE)")
    ax_loss.set_yscale("log")
    ax_loss.grid(alpha=0.3)
    if evals:
        ax_acc.plot([s for s, _ in evals], [100 * v for _, v in evals], marker="o", ms=3, color="tab:green")
        best = max(v for _, v in evals)
        ax_acc.axhline(100 * best, ls=":", color="gray", lw=0.8)
        ax_acc.set_title(f"best {100 * best:.2f}%  last {100 * evals[-1][1]:.2f}%", fontsize=9)
    ax_acc.set_xlabel("step")
    ax_acc.set_ylabel("test accuracy (%)")
    ax_acc.grid(alpha=0.3)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
