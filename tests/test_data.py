"""The dataset loaders: the digits split, each file format read from small
files made here, and the exact DataError text for each kind of bad input."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from sklearn.datasets import load_digits as load_sklearn_digits

from vitir.data import DATASETS, Dataset, load_dataset
from vitir.data.common import resize_square
from vitir.data.digits import split_indices
from vitir.errors import ConfigError, DataError

MNIST_FILES = ("train-images-idx3-ubyte", "train-labels-idx1-ubyte",
               "t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte")
CIFAR_TRAIN = tuple(f"data_batch_{i}.bin" for i in range(1, 6))


def raises_data_error(fn, message: str) -> None:
    with pytest.raises(DataError) as e:
        fn()
    assert str(e.value) == message


def check_images(x: np.ndarray, shape: tuple[int, ...]) -> None:
    assert x.dtype == np.float32 and x.shape == shape
    assert x.min() >= 0.0 and x.max() <= 1.0


# --- digits -----------------------------------------------------------------

@pytest.fixture(scope="module")
def digits() -> Dataset:
    return load_dataset("digits")


def test_digits_split_counts_match_the_docstring(digits):
    assert (len(digits.y_train), len(digits.y_test)) == (1438, 359)
    assert np.bincount(digits.y_test).tolist() == [36, 36, 35, 37, 36, 36, 36, 36, 35, 36]
    assert np.bincount(digits.y_train).tolist() == [142, 146, 142, 146, 145, 146, 145, 143, 139, 144]


def test_digits_shapes_ranges_and_classes(digits):
    check_images(digits.x_train, (1438, 1, 8, 8))
    check_images(digits.x_test, (359, 1, 8, 8))
    assert digits.y_train.dtype == np.int32 and digits.y_test.dtype == np.int32
    assert digits.image_shape == (1, 8, 8)
    assert digits.classes == tuple("0123456789")
    assert digits.x_train.max() == 1.0
    # Pixels were 0..16, so every value is an exact sixteenth.
    assert np.array_equal(digits.x_train * 16, np.round(digits.x_train * 16))


def test_digits_split_is_fixed_and_stratified():
    labels = load_sklearn_digits().target
    train, test = split_indices(labels)
    assert test[:8].tolist() == [5, 9, 12, 14, 16, 17, 19, 23]
    assert np.array_equal(np.sort(np.concatenate([train, test])), np.arange(labels.size))
    for label in range(10):
        n_test = np.count_nonzero(labels[test] == label)
        assert abs(n_test / np.count_nonzero(labels == label) - 0.2) < 0.003


def test_digits_load_twice_identically(digits):
    again = load_dataset("digits", data_dir="ignored")
    for field in ("x_train", "y_train", "x_test", "y_test"):
        assert np.array_equal(getattr(digits, field), getattr(again, field))


def test_digits_resize(digits):
    big = load_dataset("digits", image_size=16)
    check_images(big.x_train, (1438, 1, 16, 16))
    assert big.image_shape == (1, 16, 16)
    assert np.array_equal(big.y_test, digits.y_test)
    same = load_dataset("digits", image_size=8)
    assert np.array_equal(same.x_train, digits.x_train)


def test_resize_keeps_a_constant_image_constant():
    x = np.full((2, 3, 8, 8), 0.25, dtype=np.float32)
    for size in (3, 8, 20):
        assert np.allclose(resize_square(x, size), 0.25, atol=1e-6)


# --- load_dataset -----------------------------------------------------------

def test_dataset_names():
    assert DATASETS == ("digits", "mnist", "cifar10", "imagefolder")


@pytest.mark.parametrize("call, message", [
    (lambda: load_dataset("svhn"), "unknown dataset 'svhn'; choose one of digits, mnist, cifar10, imagefolder"),
    (lambda: load_dataset("mnist"), "dataset 'mnist' reads files: give its data_dir"),
    (lambda: load_dataset("digits", image_size=0), "image_size must be a positive integer, got 0"),
    (lambda: load_dataset("digits", image_size=2.5), "image_size must be a positive integer, got 2.5"),
])
def test_load_dataset_rejects_bad_arguments(call, message):
    with pytest.raises(ConfigError) as e:
        call()
    assert str(e.value) == message


def test_missing_data_dir(tmp_path):
    nowhere = tmp_path / "nowhere"
    raises_data_error(lambda: load_dataset("cifar10", nowhere), f"{nowhere}: no such directory")


# --- MNIST ------------------------------------------------------------------

def idx_bytes(magic: int, array: np.ndarray) -> bytes:
    header = magic.to_bytes(4, "big") + b"".join(d.to_bytes(4, "big") for d in array.shape)
    return header + array.astype(np.uint8).tobytes()


def write_mnist(folder: Path, gz: bool = False, side: int = 28) -> dict[str, np.ndarray]:
    """Three training and two test images with their labels; returns the arrays."""
    rng = np.random.default_rng(7)
    arrays = {
        MNIST_FILES[0]: rng.integers(0, 256, (3, side, side), dtype=np.uint8),
        MNIST_FILES[1]: np.array([3, 0, 9], dtype=np.uint8),
        MNIST_FILES[2]: rng.integers(0, 256, (2, side, side), dtype=np.uint8),
        MNIST_FILES[3]: np.array([1, 7], dtype=np.uint8),
    }
    folder.mkdir(exist_ok=True)
    for stem, array in arrays.items():
        data = idx_bytes(0x803 if array.ndim == 3 else 0x801, array)
        if gz:
            (folder / f"{stem}.gz").write_bytes(gzip.compress(data))
        else:
            (folder / stem).write_bytes(data)
    return arrays


@pytest.mark.parametrize("gz", [False, True])
def test_mnist_reads_raw_and_gzipped(tmp_path, gz):
    arrays = write_mnist(tmp_path, gz=gz)
    data = load_dataset("mnist", tmp_path)
    check_images(data.x_train, (3, 1, 28, 28))
    check_images(data.x_test, (2, 1, 28, 28))
    assert np.array_equal(data.x_train[:, 0] * 255, arrays[MNIST_FILES[0]])
    assert np.array_equal(data.x_test[:, 0] * 255, arrays[MNIST_FILES[2]])
    assert data.y_train.tolist() == [3, 0, 9] and data.y_test.tolist() == [1, 7]
    assert data.y_train.dtype == np.int32
    assert data.classes == tuple("0123456789")


def test_mnist_prefers_raw_over_gzipped(tmp_path):
    write_mnist(tmp_path)
    (tmp_path / f"{MNIST_FILES[1]}.gz").write_bytes(b"not gzip")
    assert load_dataset("mnist", tmp_path).y_train.tolist() == [3, 0, 9]


def test_mnist_resize(tmp_path):
    write_mnist(tmp_path)
    data = load_dataset("mnist", tmp_path, image_size=14)
    check_images(data.x_train, (3, 1, 14, 14))
    assert data.image_shape == (1, 14, 14)


def test_mnist_no_files(tmp_path):
    raises_data_error(lambda: load_dataset("mnist", tmp_path),
                      f"no MNIST files in {tmp_path} (looked for train-images-idx3-ubyte[.gz], "
                      "train-labels-idx1-ubyte[.gz], t10k-images-idx3-ubyte[.gz], t10k-labels-idx1-ubyte[.gz])")


def test_mnist_some_files_missing(tmp_path):
    write_mnist(tmp_path)
    (tmp_path / MNIST_FILES[3]).unlink()
    raises_data_error(lambda: load_dataset("mnist", tmp_path),
                      f"{tmp_path}: missing MNIST file t10k-labels-idx1-ubyte[.gz]")
    (tmp_path / MNIST_FILES[2]).unlink()
    raises_data_error(lambda: load_dataset("mnist", tmp_path),
                      f"{tmp_path}: missing MNIST files t10k-images-idx3-ubyte[.gz], t10k-labels-idx1-ubyte[.gz]")


def test_mnist_bad_magic_in_a_gzipped_file(tmp_path):
    write_mnist(tmp_path, gz=True)
    images = tmp_path / f"{MNIST_FILES[0]}.gz"
    images.write_bytes(gzip.compress(idx_bytes(0x801, np.zeros(3))))
    raises_data_error(lambda: load_dataset("mnist", tmp_path),
                      f"{images}: bad magic 0x00000801, expected 0x00000803 (an image file)")


def test_mnist_truncated_gzip(tmp_path):
    write_mnist(tmp_path, gz=True)
    labels = tmp_path / f"{MNIST_FILES[1]}.gz"
    labels.write_bytes(labels.read_bytes()[:-6])
    raises_data_error(lambda: load_dataset("mnist", tmp_path),
                      f"{labels}: cannot decompress (Compressed file ended before the "
                      "end-of-stream marker was reached)")


THREE_IMAGES = idx_bytes(0x803, np.zeros((3, 28, 28)))


@pytest.mark.parametrize("stem, data, problem", [
    (MNIST_FILES[1], idx_bytes(0x803, np.zeros((3, 1, 1))),
     "bad magic 0x00000803, expected 0x00000801 (a label file)"),
    (MNIST_FILES[0], THREE_IMAGES[:2000],
     "truncated: 2000 bytes, expected 2368 (16-byte header + 3 x 28 x 28 bytes)"),
    (MNIST_FILES[0], THREE_IMAGES[:10], "truncated: 10 bytes, shorter than the 16-byte header"),
    (MNIST_FILES[3], idx_bytes(0x801, np.array([4, 5])) + b"\0",
     "11 bytes, expected 10 (8-byte header + 2 bytes)"),
    (MNIST_FILES[1], idx_bytes(0x801, np.array([1, 2])),
     "2 labels but train-images-idx3-ubyte holds 3 images"),
    (MNIST_FILES[3], idx_bytes(0x801, np.array([4, 12])), "label 12 at index 1 is out of range 0..9"),
    (MNIST_FILES[2], idx_bytes(0x803, np.zeros((2, 20, 20))), "images are 20x20, expected 28x28"),
])
def test_mnist_bad_file(tmp_path, stem, data, problem):
    write_mnist(tmp_path)
    (tmp_path / stem).write_bytes(data)
    raises_data_error(lambda: load_dataset("mnist", tmp_path), f"{tmp_path / stem}: {problem}")


# --- CIFAR-10 ---------------------------------------------------------------

def write_cifar(folder: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Two records per training batch and three in the test batch."""
    rng = np.random.default_rng(3)
    folder.mkdir(parents=True, exist_ok=True)
    batches = {}
    for i, name in enumerate((*CIFAR_TRAIN, "test_batch.bin")):
        n = 3 if name == "test_batch.bin" else 2
        labels = (np.arange(n) + i) % 10
        images = rng.integers(0, 256, (n, 3, 32, 32), dtype=np.uint8)
        records = np.concatenate([labels[:, None].astype(np.uint8), images.reshape(n, -1)], axis=1)
        (folder / name).write_bytes(records.tobytes())
        batches[name] = images, labels
    return batches


def test_cifar_reads_batches(tmp_path):
    batches = write_cifar(tmp_path)
    data = load_dataset("cifar10", tmp_path)
    check_images(data.x_train, (10, 3, 32, 32))
    check_images(data.x_test, (3, 3, 32, 32))
    train_images = np.concatenate([batches[name][0] for name in CIFAR_TRAIN])
    assert np.array_equal(data.x_train * 255, train_images)
    assert np.array_equal(data.x_test * 255, batches["test_batch.bin"][0])
    assert data.y_train.tolist() == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert data.y_test.tolist() == [5, 6, 7] and data.y_test.dtype == np.int32
    assert data.classes[:3] == ("airplane", "automobile", "bird") and len(data.classes) == 10


def test_cifar_archive_subfolder_and_meta(tmp_path):
    folder = tmp_path / "cifar-10-batches-bin"
    write_cifar(folder)
    names = [f"class{i}" for i in range(10)]
    (folder / "batches.meta.txt").write_text("\n".join(names) + "\n\n")
    data = load_dataset("cifar10", tmp_path, image_size=16)
    assert data.classes == tuple(names)
    check_images(data.x_test, (3, 3, 16, 16))


def test_cifar_meta_with_wrong_count(tmp_path):
    write_cifar(tmp_path)
    (tmp_path / "batches.meta.txt").write_text("cat\ndog\n")
    raises_data_error(lambda: load_dataset("cifar10", tmp_path),
                      f"{tmp_path / 'batches.meta.txt'}: 2 class names, expected 10")


def test_cifar_no_batches(tmp_path):
    raises_data_error(lambda: load_dataset("cifar10", tmp_path),
                      f"no CIFAR-10 batches in {tmp_path} or {tmp_path / 'cifar-10-batches-bin'} "
                      "(looked for data_batch_1.bin, data_batch_2.bin, data_batch_3.bin, "
                      "data_batch_4.bin, data_batch_5.bin, test_batch.bin)")


def test_cifar_some_batches_missing(tmp_path):
    write_cifar(tmp_path)
    (tmp_path / "data_batch_4.bin").unlink()
    raises_data_error(lambda: load_dataset("cifar10", tmp_path),
                      f"{tmp_path}: missing CIFAR-10 batch data_batch_4.bin")
    (tmp_path / "test_batch.bin").unlink()
    raises_data_error(lambda: load_dataset("cifar10", tmp_path),
                      f"{tmp_path}: missing CIFAR-10 batches data_batch_4.bin, test_batch.bin")


@pytest.mark.parametrize("name, cut, problem", [
    ("data_batch_3.bin", 15, "6131 bytes is not a whole number of 3073-byte records"),
    ("test_batch.bin", 3 * 3073, "empty file, expected 3073-byte records"),
])
def test_cifar_bad_batch_size(tmp_path, name, cut, problem):
    write_cifar(tmp_path)
    batch = tmp_path / name
    batch.write_bytes(batch.read_bytes()[:-cut])
    raises_data_error(lambda: load_dataset("cifar10", tmp_path), f"{batch}: {problem}")


def test_cifar_label_out_of_range(tmp_path):
    write_cifar(tmp_path)
    batch = tmp_path / "data_batch_2.bin"
    records = bytearray(batch.read_bytes())
    records[3073] = 10
    batch.write_bytes(bytes(records))
    raises_data_error(lambda: load_dataset("cifar10", tmp_path),
                      f"{batch}: label 10 at record 1 is out of range 0..9")


# --- image folder -----------------------------------------------------------

RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)


def bands(size: tuple[int, int], colors, vertical: bool) -> Image.Image:
    """Three equal bands of colour, side by side (vertical) or stacked."""
    width, height = size
    image = Image.new("RGB", size)
    step = (width if vertical else height) // 3
    for i, color in enumerate(colors):
        box = (i * step, 0, (i + 1) * step, height) if vertical else (0, i * step, width, (i + 1) * step)
        image.paste(color, box)
    return image


def jpeg_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=95)
    return buffer.getvalue()


def write_image_folder(root: Path) -> None:
    """Two classes made in reverse name order; wide, tall, grey, RGBA and JPEG images."""
    for split in ("train", "val"):
        for name in ("zebra", "bird"):
            (root / split / name).mkdir(parents=True)
    train = root / "train"
    bands((30, 10), (RED, GREEN, BLUE), vertical=True).save(train / "zebra" / "b_wide.png")
    bands((10, 30), (BLUE, RED, GREEN), vertical=False).save(train / "zebra" / "a_tall.PNG")
    Image.new("L", (40, 20), 51).save(train / "bird" / "grey.png")
    Image.new("RGBA", (12, 14), (0, 0, 255, 128)).save(train / "bird" / "rgba.png")
    (train / "bird" / "notes.txt").write_text("not an image")
    (root / "val" / "bird" / "c.JPEG").write_bytes(jpeg_bytes(Image.new("RGB", (25, 40), (200, 100, 50))))
    (root / "val" / "zebra" / "d.jpg").write_bytes(jpeg_bytes(Image.new("RGB", (64, 48), (10, 220, 30))))


def test_image_folder_layout_order_resize_and_crop(tmp_path):
    write_image_folder(tmp_path)
    data = load_dataset("imagefolder", tmp_path, image_size=10)
    assert data.classes == ("bird", "zebra")
    check_images(data.x_train, (4, 3, 10, 10))
    check_images(data.x_test, (2, 3, 10, 10))
    assert data.y_train.tolist() == [0, 0, 1, 1] and data.y_test.tolist() == [0, 1]
    grey, rgba, tall, wide = (data.x_train[i] * 255 for i in range(4))
    assert np.all(grey == 51)  # 40x20 resized to 20x10, then cropped
    assert np.all(rgba == np.array(BLUE)[:, None, None])
    # The shorter side is already 10, so the crop keeps exactly the middle band.
    assert np.all(tall == np.array(RED)[:, None, None])
    assert np.all(wide == np.array(GREEN)[:, None, None])
    val = data.x_test * 255
    assert np.abs(val[0] - np.array([200, 100, 50])[:, None, None]).max() <= 3
    assert np.abs(val[1] - np.array([10, 220, 30])[:, None, None]).max() <= 3


def test_image_folder_default_size_is_224(tmp_path):
    write_image_folder(tmp_path)
    assert load_dataset("imagefolder", tmp_path).image_shape == (3, 224, 224)


def test_image_folder_missing_split(tmp_path):
    raises_data_error(lambda: load_dataset("imagefolder", tmp_path),
                      f"{tmp_path / 'train'}: no such directory (an image folder holds "
                      "train/<class>/ and val/<class>/)")
    (tmp_path / "train").mkdir()
    raises_data_error(lambda: load_dataset("imagefolder", tmp_path), f"{tmp_path / 'train'}: no class folders")


def test_image_folder_empty_class(tmp_path):
    write_image_folder(tmp_path)
    (tmp_path / "train" / "cat").mkdir()
    (tmp_path / "train" / "cat" / "readme.md").write_text("")
    raises_data_error(lambda: load_dataset("imagefolder", tmp_path, image_size=8),
                      f"{tmp_path / 'train' / 'cat'}: empty class folder "
                      "(no .jpeg, .jpg, .png, .bmp, .gif, .webp files)")


def test_image_folder_val_class_not_in_train(tmp_path):
    write_image_folder(tmp_path)
    (tmp_path / "val" / "cat").mkdir()
    raises_data_error(lambda: load_dataset("imagefolder", tmp_path, image_size=8),
                      f"{tmp_path / 'val' / 'cat'}: class 'cat' is not among the train classes")


def test_image_folder_corrupt_image(tmp_path):
    write_image_folder(tmp_path)
    bad = tmp_path / "train" / "zebra" / "x.JPEG"
    bad.write_bytes(b"not an image at all")
    with pytest.raises(DataError) as e:
        load_dataset("imagefolder", tmp_path, image_size=8)
    assert str(e.value).startswith(f"{bad}: cannot read image (cannot identify image file")


def test_image_folder_truncated_jpeg(tmp_path):
    write_image_folder(tmp_path)
    bad = tmp_path / "val" / "zebra" / "d.jpg"
    bad.write_bytes(bad.read_bytes()[:400])
    with pytest.raises(DataError) as e:
        load_dataset("imagefolder", tmp_path, image_size=8)
    assert str(e.value).startswith(f"{bad}: cannot read image (")
