"""Checkpoints: parameters, both Adam moments, any extra named lists of arrays
(an EMA of the weights), the step, the data RNG state and the config in one
.npz, written atomically (temporary file, fsync, rename), so a crash mid-write
leaves the previous checkpoint whole."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..config_checks import as_option
from ..errors import ConfigError, FileError, VitirError
from ..files import load_npz

CHECKPOINT = "checkpoint.npz"


@dataclass
class Checkpoint:
    params: list[np.ndarray]
    m: list[np.ndarray]
    v: list[np.ndarray]
    step: int
    epoch: int
    rng_state: dict
    config: dict
    extra: dict[str, list[np.ndarray]] = field(default_factory=dict)


def save_checkpoint(run_dir: Path, ck: Checkpoint) -> Path:
    path = Path(run_dir) / CHECKPOINT
    tmp = path.with_name(path.name + ".tmp")
    arrays = {}
    for group, values in (("p", ck.params), ("m", ck.m), ("v", ck.v)):
        for i, a in enumerate(values):
            arrays[f"{group}{i}"] = np.asarray(a)
    for name, values in ck.extra.items():
        for i, a in enumerate(values):
            arrays[f"extra_{name}_{i}"] = np.asarray(a)
    meta = {"step": ck.step, "epoch": ck.epoch, "rng_state": ck.rng_state, "config": ck.config,
            "count": len(ck.params), "extra": {name: len(values) for name, values in ck.extra.items()}}
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return path


def load_checkpoint(run_dir: Path) -> Checkpoint:
    path = Path(run_dir) / CHECKPOINT
    if not path.is_file():
        raise VitirError(f"no checkpoint in {run_dir} (expected {CHECKPOINT})")
    z = load_npz(path)  # a truncated or foreign file: a FileError naming it
    try:
        meta = json.loads(bytes(z["meta"]).decode())
        n = meta["count"]
        groups = [[z[f"{g}{i}"] for i in range(n)] for g in ("p", "m", "v")]
        extra = {name: [z[f"extra_{name}_{i}"] for i in range(count)]
                 for name, count in meta.get("extra", {}).items()}
    except (ValueError, KeyError, TypeError) as e:
        raise FileError(path, f"not a vitir checkpoint (missing or malformed {e})") from None
    return Checkpoint(*groups, meta["step"], meta["epoch"], meta["rng_state"], meta["config"], extra)


def resumed_config(saved: dict, given: dict, may_change=("epochs",), flag=as_option) -> dict:
    """A saved run config updated by the settings given on resuming, which must
    match it except for those in `may_change`; `flag` spells a field as its option."""
    changed = sorted(k for k, v in given.items() if k not in may_change and saved.get(k) != v)
    if changed:
        differ = ", ".join(f"{flag(k)} {given[k]} (the run's: {saved.get(k)})" for k in changed)
        raise ConfigError(f"--resume keeps the run's config; these differ: {differ} "
                          f"(only {', '.join(flag(k) for k in may_change)} may change)")
    return {**saved, **given}
