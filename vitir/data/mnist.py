"""MNIST from its four IDX files, each raw or gzipped.

The IDX format: a big-endian magic number (0x00000803 for a 3-D array of
unsigned bytes, the images; 0x00000801 for a 1-D one, the labels), one
big-endian uint32 per dimension, then the bytes row-major. Images come back
[N, 1, 28, 28] divided by 255.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from ..errors import DataError
from .common import check_labels, read_file, require_directory, resize_square, scale_bytes
from .dataset import Dataset

IMAGE_MAGIC = 0x00000803
LABEL_MAGIC = 0x00000801
SIDE = 28
CLASSES = tuple(str(d) for d in range(10))
FILES = ("train-images-idx3-ubyte", "train-labels-idx1-ubyte",
         "t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte")


def find_file(data_dir: Path, stem: str) -> Path | None:
    """The raw file if present (it needs no decompressing), else the .gz, else None."""
    for path in (data_dir / stem, data_dir / f"{stem}.gz"):
        if path.is_file():
            return path
    return None


def parse_idx(path: Path, magic: int, kind: str) -> np.ndarray:
    """The unsigned-byte array stored in an IDX file, checked against its header."""
    data = read_file(path)
    rank = magic & 0xFF
    header = 4 + 4 * rank
    if len(data) >= 4:
        found = int.from_bytes(data[:4], "big")
        if found != magic:
            raise DataError(f"{path}: bad magic 0x{found:08x}, expected 0x{magic:08x} ({kind})")
    if len(data) < header:
        raise DataError(f"{path}: truncated: {len(data)} bytes, shorter than the {header}-byte header")
    dims = [int.from_bytes(data[4 + 4 * i: 8 + 4 * i], "big") for i in range(rank)]
    expected = header + math.prod(dims)  # Python ints: a corrupt header cannot overflow
    if len(data) != expected:
        what = "truncated: " if len(data) < expected else ""
        shape = " x ".join(str(d) for d in dims)
        raise DataError(f"{path}: {what}{len(data)} bytes, expected {expected} "
                        f"({header}-byte header + {shape} bytes)")
    return np.frombuffer(data, dtype=np.uint8, offset=header).reshape(dims)


def load_split(data_dir: Path, images_stem: str, labels_stem: str) -> tuple[np.ndarray, np.ndarray]:
    images_path, labels_path = find_file(data_dir, images_stem), find_file(data_dir, labels_stem)
    images = parse_idx(images_path, IMAGE_MAGIC, "an image file")
    if images.shape[1:] != (SIDE, SIDE):
        raise DataError(f"{images_path}: images are {images.shape[1]}x{images.shape[2]}, "
                        f"expected {SIDE}x{SIDE}")
    labels = parse_idx(labels_path, LABEL_MAGIC, "a label file")
    if labels.size != images.shape[0]:
        raise DataError(f"{labels_path}: {labels.size} labels but {images_path.name} "
                        f"holds {images.shape[0]} images")
    return scale_bytes(images)[:, None], check_labels(labels, len(CLASSES), labels_path, "index")


def load_mnist(data_dir: str | Path | None, image_size: int | None = None) -> Dataset:
    """MNIST from data_dir, at 28x28 or resized bilinearly to image_size."""
    root = require_directory(data_dir, "mnist")
    missing = [stem for stem in FILES if find_file(root, stem) is None]
    looked_for = ", ".join(f"{stem}[.gz]" for stem in missing)
    if len(missing) == len(FILES):
        raise DataError(f"no MNIST files in {root} (looked for {looked_for})")
    if missing:
        plural = "s" if len(missing) > 1 else ""
        raise DataError(f"{root}: missing MNIST file{plural} {looked_for}")
    x_train, y_train = load_split(root, FILES[0], FILES[1])
    x_test, y_test = load_split(root, FILES[2], FILES[3])
    return Dataset("mnist", resize_square(x_train, image_size), y_train,
                   resize_square(x_test, image_size), y_test, CLASSES)
