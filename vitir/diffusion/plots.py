"""The 2-D denoiser's figure: sample clouds per sampler and NFE beside the target."""

from __future__ import annotations

from pathlib import Path


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
