"""What the classifier and the denoisers share between their configuration and
the loop: the dataset's checks and defaults (the registry, vitir/data), the
loop's settings from the config's fields, the batch's fit and the padding of
the last evaluation chunk."""

from __future__ import annotations

import numpy as np

from ..data.registry import check_dataset, fill_defaults
from ..errors import ConfigError
from .loop import LoopConfig


def dataset_defaults_into(cfg, dataset: str, task: str, frozen: bool = False) -> None:
    """Fields of `cfg` left None take `dataset`'s defaults for `task` (a frozen dataclass too)."""
    fill_defaults(cfg, dataset, task, object.__setattr__ if frozen else setattr)


def require_dataset(dataset: str, data_dir, task: str) -> None:
    """`dataset` serves `task` and has its folder when it reads files (messages name the task's flag)."""
    check_dataset(dataset, data_dir, task)


def loop_config(cfg, steps_per_epoch: int, **settings) -> LoopConfig:
    """The loop's settings from a config's epochs, lr, warmup_epochs, beta1, beta2 and devices_per_process."""
    return LoopConfig(epochs=cfg.epochs, steps_per_epoch=steps_per_epoch, lr=cfg.lr,
                      warmup_steps=int(round(cfg.warmup_epochs * steps_per_epoch)),
                      beta1=float(cfg.beta1), beta2=float(cfg.beta2), replicas=cfg.devices_per_process, **settings)


def require_batch_fits(what: str, batch: int, data) -> None:
    if batch > len(data.x_train):
        raise ConfigError(f"{what} {batch} exceeds the {len(data.x_train)} training images")


def pad_rows(rows: np.ndarray, batch: int) -> np.ndarray:
    """rows padded with zero rows to `batch` (a module's fixed batch; the caller drops the padding)."""
    if len(rows) == batch:
        return rows
    return np.concatenate([rows, np.zeros((batch - len(rows), *rows.shape[1:]), rows.dtype)])
