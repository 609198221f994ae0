"""The Dataset record every loader returns."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, eq=False)
class Dataset:
    """Train and test images with their labels.

    Images are float32 [N, C, H, W] scaled to [0, 1]; labels are int32 [N],
    each an index into `classes`.
    """

    name: str
    x_train: np.ndarray
    y_train: np.ndarray
    x_test: np.ndarray
    y_test: np.ndarray
    classes: tuple[str, ...]

    def __post_init__(self):
        # A loader that breaks these promises is a bug, not bad data.
        for x, y in ((self.x_train, self.y_train), (self.x_test, self.y_test)):
            if x.dtype != np.float32 or x.ndim != 4:
                raise ValueError(f"images must be float32 [N, C, H, W], got {x.dtype} {x.shape}")
            if y.dtype != np.int32 or y.shape != x.shape[:1]:
                raise ValueError(f"labels must be int32 [{x.shape[0]}], got {y.dtype} {y.shape}")
        if self.x_train.shape[1:] != self.x_test.shape[1:]:
            raise ValueError(f"train images {self.x_train.shape[1:]} and test images "
                             f"{self.x_test.shape[1:]} differ in shape")

    @property
    def image_shape(self) -> tuple[int, int, int]:
        """(C, H, W) of every image."""
        c, h, w = self.x_train.shape[1:]
        return c, h, w
