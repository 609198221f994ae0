"""Datasets for training: images as float32 [N, C, H, W] in [0, 1], int32 labels.

- "digits": scikit-learn's bundled 8x8 digits with a fixed split; needs no files.
- "mnist": the four MNIST IDX files, raw or gzipped, in data_dir.
- "cifar10": the CIFAR-10 binary batches in data_dir.
- "imagefolder": data_dir/train/<class>/ and data_dir/val/<class>/ (Imagenette).

image_size resizes: digits, mnist and cifar10 keep their native size unless
given one, then resize bilinearly (with PIL's filter weights); imagefolder
resizes and center-crops every image to it, 224 by default. A missing,
truncated or malformed file raises DataError naming the file.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ConfigError
from .cifar import load_cifar10
from .common import check_image_size
from .dataset import Dataset
from .digits import load_digits
from .image_folder import load_image_folder
from .mnist import load_mnist

DATASETS: tuple[str, ...] = ("digits", "mnist", "cifar10", "imagefolder")


def load_dataset(name: str, data_dir: str | Path | None = None,
                 image_size: int | None = None) -> Dataset:
    """The named dataset; data_dir is where its files are (digits needs none and ignores it)."""
    check_image_size(image_size)
    if name == "digits":
        return load_digits(image_size)
    if name == "mnist":
        return load_mnist(data_dir, image_size)
    if name == "cifar10":
        return load_cifar10(data_dir, image_size)
    if name == "imagefolder":
        return load_image_folder(data_dir, image_size)
    raise ConfigError(f"unknown dataset {name!r}; choose one of {', '.join(DATASETS)}")


__all__ = ["DATASETS", "Dataset", "load_dataset"]
