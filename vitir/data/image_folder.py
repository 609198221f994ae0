"""Images in class folders, laid out as Imagenette unpacks.

data_dir/train/<class>/* and data_dir/val/<class>/* hold the images: any file
whose extension (case-insensitive) is .jpeg, .jpg, .png, .bmp, .gif or .webp;
other files are skipped. Classes are the training folder names, sorted; every
val folder must name one of them. Each image is converted to RGB, resized
bilinearly so its shorter side is image_size (the longer side rounded to the
nearest pixel), and center-cropped to image_size x image_size (when an odd
number of pixels is cut, the extra one comes off the right or bottom). Images
load in sorted path order and come back [N, 3, image_size, image_size] divided
by 255.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from ..errors import DataError
from .common import require_directory
from .dataset import Dataset

DEFAULT_IMAGE_SIZE = 224
IMAGE_EXTENSIONS = (".jpeg", ".jpg", ".png", ".bmp", ".gif", ".webp")
TRAIN_FOLDER = "train"
VAL_FOLDER = "val"


def class_folders(split_dir: Path) -> list[Path]:
    """The split's class folders, sorted by name."""
    if not split_dir.is_dir():
        raise DataError(f"{split_dir}: no such directory (an image folder holds "
                        f"{TRAIN_FOLDER}/<class>/ and {VAL_FOLDER}/<class>/)")
    folders = sorted((p for p in split_dir.iterdir() if p.is_dir()), key=lambda p: p.name)
    if not folders:
        raise DataError(f"{split_dir}: no class folders")
    return folders


def image_files(class_dir: Path) -> list[Path]:
    files = sorted(p for p in class_dir.iterdir()
                   if p.is_file() and p.suffix.lower() in IMAGE_EXTENSIONS)
    if not files:
        raise DataError(f"{class_dir}: empty class folder (no {', '.join(IMAGE_EXTENSIONS)} files)")
    return files


def resize_and_crop(image: Image.Image, size: int) -> Image.Image:
    """Shorter side resized to size, then the centered size x size square."""
    width, height = image.size
    scale = size / min(width, height)
    new_width = size if width <= height else round(width * scale)
    new_height = size if height <= width else round(height * scale)
    image = image.resize((new_width, new_height), Image.Resampling.BILINEAR)
    left, top = (new_width - size) // 2, (new_height - size) // 2
    return image.crop((left, top, left + size, top + size))


def read_image(path: Path, size: int) -> np.ndarray:
    """One image as uint8 [3, size, size]."""
    try:
        with Image.open(path) as image:
            rgb = image.convert("RGB")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
        raise DataError(f"{path}: cannot read image ({e})") from None
    return np.asarray(resize_and_crop(rgb, size)).transpose(2, 0, 1)


def load_split(split_dir: Path, classes: tuple[str, ...], size: int) -> tuple[np.ndarray, np.ndarray]:
    entries = []
    for folder in class_folders(split_dir):
        if folder.name not in classes:
            raise DataError(f"{folder}: class {folder.name!r} is not among the "
                            f"{TRAIN_FOLDER} classes")
        label = classes.index(folder.name)
        entries.extend((path, label) for path in image_files(folder))
    images = np.empty((len(entries), 3, size, size), dtype=np.float32)
    for i, (path, _) in enumerate(entries):
        images[i] = read_image(path, size)
    images /= np.float32(255)
    return images, np.array([label for _, label in entries], dtype=np.int32)


def load_image_folder(data_dir: str | Path | None, image_size: int | None = None) -> Dataset:
    """The train and val splits of an image folder, as image_size squares (default 224)."""
    root = require_directory(data_dir, "imagefolder")
    size = DEFAULT_IMAGE_SIZE if image_size is None else image_size
    classes = tuple(folder.name for folder in class_folders(root / TRAIN_FOLDER))
    x_train, y_train = load_split(root / TRAIN_FOLDER, classes, size)
    x_test, y_test = load_split(root / VAL_FOLDER, classes, size)
    return Dataset("imagefolder", x_train, y_train, x_test, y_test, classes)
