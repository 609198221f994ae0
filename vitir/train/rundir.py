"""Files of a run directory shared by the trainers: metrics.jsonl read back
after a crash, and text or JSON written atomically (temporary file, rename),
so a reader never sees half a file."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np


def read_metrics(path: Path, upto_step: int | None = None) -> list[dict]:
    """The metrics lines (up to `upto_step` when resuming), skipping a line a crash cut short."""
    if not path.is_file():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            m = json.loads(line)
        except json.JSONDecodeError:
            continue
        if upto_step is None or m.get("step", 0) <= upto_step:
            out.append(m)
    return out


def write_metrics(path: Path, metrics: list[dict]) -> None:
    write_text_atomic(path, "".join(json.dumps(m) + "\n" for m in metrics))


def write_text_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def write_json_atomic(path: Path, obj) -> None:
    write_text_atomic(path, json.dumps(obj, indent=2) + "\n")


def to_host_list(values) -> list[np.ndarray]:
    """Device results as float32 host arrays (the whole of a partitioned program's global arrays)."""
    from ..backend import to_host
    return [np.array(to_host(v), dtype=np.float32) for v in values]


def standardise(x: np.ndarray, mean: float, std: float) -> np.ndarray:
    return ((x - mean) / std).astype(np.float32)


# Files that make a folder a run: a new run there would replace them.
RUN_FILES = ("checkpoint.npz", "result.json", "metrics.jsonl")


def require_new_run_dir(run_dir: Path, overwrite: bool = False, resumable: bool = True) -> None:
    """Refuse to start a run in `run_dir` (given by --out) when it is a file, or holds a run and
    `overwrite` (--overwrite) was not given."""
    from ..errors import ConfigError

    run_dir = Path(run_dir)
    if run_dir.exists() and not run_dir.is_dir():
        raise ConfigError(f"--out {run_dir}: is a file, not a folder")
    found = [name for name in RUN_FILES if (run_dir / name).exists()]
    if found and not overwrite:
        resume = f"--resume {run_dir} to continue it or " if resumable else ""
        raise ConfigError(f"--out {run_dir} already holds a run ({', '.join(found)}); pass {resume}"
                          "--overwrite to replace it")
