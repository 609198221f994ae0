"""CIFAR-10 from its binary batches.

The files data_batch_1.bin .. data_batch_5.bin (training) and test_batch.bin
sit in data_dir or in data_dir/cifar-10-batches-bin, as the archive unpacks.
Each holds 3,073-byte records: one label byte, then a 32x32 image as 1,024 red,
1,024 green and 1,024 blue bytes (so already [C, H, W]). Class names come from
batches.meta.txt, one a line, when it is there. Images come back
[N, 3, 32, 32] divided by 255.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import DataError
from .common import check_labels, read_file, require_directory, resize_square, scale_bytes
from .dataset import Dataset

IMAGE_SHAPE = (3, 32, 32)
RECORD_BYTES = 1 + int(np.prod(IMAGE_SHAPE))
TRAIN_FILES = tuple(f"data_batch_{i}.bin" for i in range(1, 6))
TEST_FILE = "test_batch.bin"
META_FILE = "batches.meta.txt"
SUBFOLDER = "cifar-10-batches-bin"
CLASSES = ("airplane", "automobile", "bird", "cat", "deer",
           "dog", "frog", "horse", "ship", "truck")


def find_batches(data_dir: Path) -> Path:
    """The folder holding the batches: data_dir itself or its archive subfolder."""
    candidates = (data_dir, data_dir / SUBFOLDER)
    for folder in candidates:
        missing = [name for name in (*TRAIN_FILES, TEST_FILE) if not (folder / name).is_file()]
        if not missing:
            return folder
        if len(missing) <= len(TRAIN_FILES):
            plural = "es" if len(missing) > 1 else ""
            raise DataError(f"{folder}: missing CIFAR-10 batch{plural} {', '.join(missing)}")
    raise DataError(f"no CIFAR-10 batches in {data_dir} or {data_dir / SUBFOLDER} "
                    f"(looked for {', '.join(TRAIN_FILES)}, {TEST_FILE})")


def read_class_names(folder: Path) -> tuple[str, ...]:
    path = folder / META_FILE
    if not path.is_file():
        return CLASSES
    try:
        text = read_file(path).decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(f"{path}: not UTF-8 text ({e})") from None
    names = tuple(line.strip() for line in text.splitlines() if line.strip())
    if len(names) != len(CLASSES):
        raise DataError(f"{path}: {len(names)} class names, expected {len(CLASSES)}")
    return names


def parse_batch(path: Path, n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """(uint8 images [N, 3, 32, 32], int32 labels [N]) from one batch file."""
    data = read_file(path)
    if not data:
        raise DataError(f"{path}: empty file, expected {RECORD_BYTES}-byte records")
    if len(data) % RECORD_BYTES:
        raise DataError(f"{path}: {len(data)} bytes is not a whole number of {RECORD_BYTES}-byte records")
    records = np.frombuffer(data, dtype=np.uint8).reshape(-1, RECORD_BYTES)
    labels = check_labels(records[:, 0], n_classes, path, "record")
    return records[:, 1:].reshape(-1, *IMAGE_SHAPE), labels


def load_cifar10(data_dir: str | Path | None, image_size: int | None = None) -> Dataset:
    """CIFAR-10 from data_dir, at 32x32 or resized bilinearly to image_size."""
    folder = find_batches(require_directory(data_dir, "cifar10"))
    classes = read_class_names(folder)
    train = [parse_batch(folder / name, len(classes)) for name in TRAIN_FILES]
    x_test, y_test = parse_batch(folder / TEST_FILE, len(classes))
    x_train = np.concatenate([images for images, _ in train])
    y_train = np.concatenate([labels for _, labels in train])
    return Dataset("cifar10", resize_square(scale_bytes(x_train), image_size), y_train,
                   resize_square(scale_bytes(x_test), image_size), y_test, classes)
