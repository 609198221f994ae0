"""Helpers the file loaders share: reading, scaling, label checks, resizing."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

import numpy as np
from PIL import Image

from ..errors import ConfigError, DataError


def require_directory(data_dir: str | Path | None, dataset: str) -> Path:
    """data_dir as a Path, or a clear error when it is not given or not there."""
    if data_dir is None:
        raise ConfigError(f"dataset {dataset!r} reads files: give its data_dir")
    path = Path(data_dir)
    if not path.is_dir():
        raise DataError(f"{path}: no such directory")
    return path


def read_file(path: Path) -> bytes:
    """The file's bytes, decompressed when its name ends in .gz."""
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rb") as f:
                return f.read()
        return path.read_bytes()
    except (EOFError, gzip.BadGzipFile, zlib.error) as e:
        raise DataError(f"{path}: cannot decompress ({e})") from None
    except OSError as e:
        raise DataError(f"{path}: cannot read ({e.strerror or e})") from None


def scale_bytes(pixels: np.ndarray) -> np.ndarray:
    """uint8 pixels as float32 in [0, 1]."""
    x = pixels.astype(np.float32)
    x /= np.float32(255)
    return x


def check_labels(labels: np.ndarray, n_classes: int, path: Path, item: str) -> np.ndarray:
    """labels as int32, after checking each is a class index; item names one entry."""
    bad = np.flatnonzero(labels >= n_classes)
    if bad.size:
        i = int(bad[0])
        raise DataError(f"{path}: label {int(labels[i])} at {item} {i} is out of range 0..{n_classes - 1}")
    return labels.astype(np.int32)


def bilinear_weights(source: int, target: int) -> np.ndarray:
    """The [target, source] matrix PIL's bilinear resize applies along one axis."""
    # Resizing an identity image along its width reads PIL's filter weights off
    # exactly, so whole batches resize as two matmuls yet match image_folder's PIL resize.
    identity = Image.fromarray(np.eye(source, dtype=np.float32))
    resized = identity.resize((target, source), Image.Resampling.BILINEAR)
    return np.asarray(resized, dtype=np.float32).T


def resize_square(x: np.ndarray, size: int | None) -> np.ndarray:
    """Square images [N, C, S, S] resized bilinearly to size x size (None: as they are)."""
    if size is None or size == x.shape[-1]:
        return x
    weights = bilinear_weights(x.shape[-1], size)
    out = weights @ x @ weights.T
    # Bilinear weights are a convex mix, so only rounding can leave [0, 1].
    return np.clip(out, 0.0, 1.0, out=out)


def check_image_size(image_size: int | None) -> None:
    if image_size is not None and (isinstance(image_size, bool) or not isinstance(image_size, int)
                                   or image_size < 1):
        raise ConfigError(f"image_size must be a positive integer, got {image_size!r}")
