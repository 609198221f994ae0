"""Training curves as PNGs: a classifier's loss per step and test accuracy per
epoch; a diffusion model's loss and learning rate per epoch."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def _figure(panels: int = 2):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 3.6))
    return plt, fig, axes


def _label(ax, ylabel: str, log: bool = False, xlabel: str = "step") -> None:
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    ax.grid(alpha=0.3)


def _save(plt, fig, path: Path, title: str) -> Path:
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_curves(metrics: list[dict], path: Path, title: str = "") -> Path:
    plt, fig, (ax_loss, ax_acc) = _figure()
    steps = [(m["step"], m["loss"]) for m in metrics if m.get("kind") == "step"]
    evals = [(m["step"], m["test_accuracy"]) for m in metrics if m.get("kind") == "epoch" and "test_accuracy" in m]
    if steps:
        ax_loss.plot([s for s, _ in steps], [v for _, v in steps], lw=0.8, color="tab:blue")
    _label(ax_loss, "train loss (label-smoothed CE)", log=True)
    if evals:
        ax_acc.plot([s for s, _ in evals], [100 * v for _, v in evals], marker="o", ms=3, color="tab:green")
        best = max(v for _, v in evals)
        ax_acc.axhline(100 * best, ls=":", color="gray", lw=0.8)
        ax_acc.set_title(f"best {100 * best:.2f}%  last {100 * evals[-1][1]:.2f}%", fontsize=9)
    _label(ax_acc, "test accuracy (%)")
    return _save(plt, fig, path, title)


def plot_epoch_curves(metrics: list[dict], path: Path, title: str = "", loss_label: str = "train loss") -> Path:
    """Mean training loss and learning rate per epoch (metrics of kind "epoch"), and where the epochs
    were scored (an "ed_ratio"), the sample quality against training time."""
    epochs = [m for m in metrics if m.get("kind") == "epoch"]
    scored = [m for m in epochs if "ed_ratio" in m]
    plt, fig, axes = _figure(3 if scored else 2)
    ax_loss, ax_lr = axes[:2]
    if epochs:
        ax_loss.plot([m["epoch"] for m in epochs], [m["loss"] for m in epochs], lw=1.0, color="tab:blue")
        ax_loss.set_title(f"last {epochs[-1]['loss']:.4f}, best {min(m['loss'] for m in epochs):.4f}", fontsize=9)
        ax_lr.plot([m["epoch"] for m in epochs], [m["lr"] for m in epochs], lw=1.0, color="tab:orange")
    _label(ax_loss, loss_label, log=True, xlabel="epoch")
    _label(ax_lr, "learning rate (end of epoch)", xlabel="epoch")
    if scored:
        minutes = np.cumsum([m["seconds"] for m in epochs]) / 60
        at = {m["epoch"]: minutes[i] for i, m in enumerate(epochs)}
        ax_q = axes[2]
        ax_q.plot([at[m["epoch"]] for m in scored], [m["ed_ratio"] for m in scored], marker="o", ms=3,
                  label="ED / floor")
        ax_q.plot([at[m["epoch"]] for m in scored], [m["fd_ratio"] for m in scored], marker="s", ms=3,
                  label="FD / floor")
        ax_q.axhline(1.0, ls=":", color="gray", lw=0.8)
        ax_q.legend(fontsize=8)
        _label(ax_q, "sample quality (x floor)", log=True, xlabel="training minutes")
    return _save(plt, fig, path, title)
