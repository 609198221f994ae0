"""scikit-learn's bundled 8x8 handwritten digits, with a fixed train/test split.

1,797 grayscale images of the digits 0-9, shape [N, 1, 8, 8]; pixel values
0..16 are divided by 16. The split is stratified and made here rather than by
scikit-learn's splitter, so it never moves: one generator, numpy's
default_rng(0), visits the classes in label order and permutes each class's
image indices; the first (n + 2) // 5 of a class's n images (20%, rounded to
nearest) go to the test set. That gives 1,438 train and 359 test images; the
test set holds 36, 36, 35, 37, 36, 36, 36, 36, 35, 36 images of the digits
0..9. Both sets keep the images in their original order.
"""

from __future__ import annotations

import numpy as np
from sklearn.datasets import load_digits as load_sklearn_digits

from .common import resize_square
from .dataset import Dataset

SPLIT_SEED = 0


def split_indices(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(train, test) indices: 20% of each class to test, chosen by default_rng(0)."""
    rng = np.random.default_rng(SPLIT_SEED)
    test = []
    for label in range(int(labels.max()) + 1):
        members = rng.permutation(np.flatnonzero(labels == label))
        test.append(members[: (members.size + 2) // 5])
    is_test = np.zeros(labels.size, dtype=bool)
    is_test[np.concatenate(test)] = True
    return np.flatnonzero(~is_test), np.flatnonzero(is_test)


def load_digits(image_size: int | None = None) -> Dataset:
    """The digits at their native 8x8, or resized bilinearly to image_size."""
    bunch = load_sklearn_digits()
    images = (bunch.images / 16.0).astype(np.float32)[:, None]
    labels = bunch.target.astype(np.int32)
    train, test = split_indices(labels)
    return Dataset(
        name="digits",
        x_train=resize_square(images[train], image_size),
        y_train=labels[train],
        x_test=resize_square(images[test], image_size),
        y_test=labels[test],
        classes=tuple(str(d) for d in range(10)),
    )
