"""Datasets for training: images as float32 [N, C, H, W] in [0, 1], int32 labels.

- "digits": scikit-learn's bundled 8x8 digits with a fixed split; needs no files.
- "mnist": the four MNIST IDX files, raw or gzipped, in data_dir.
- "cifar10": the CIFAR-10 binary batches in data_dir.
- "imagefolder": data_dir/train/<class>/ and data_dir/val/<class>/ (Imagenette).

image_size resizes: digits, mnist and cifar10 keep their native size unless
given one, then resize bilinearly (with PIL's filter weights); imagefolder
resizes and center-crops every image to it, 224 by default. A missing,
truncated or malformed file raises DataError naming the file.

Each is one entry of the registry (registry.py) with the tasks it serves:
"classify" (`vitir train`) and "diffuse" (`vitir diffuse --data`), each with
its defaults and the time a run with them takes (README.md's table).
"""

from __future__ import annotations

from .cifar import load_cifar10
from .dataset import Dataset
from .digits import load_digits
from .image_folder import load_image_folder
from .mnist import load_mnist
from .registry import (DATASETS as REGISTRY, DatasetEntry, DatasetTask, TaskDefaults, dataset_entry, dataset_names,
                       load_dataset, register_dataset, register_task, withdraw_dataset)

CLASSIFY, DIFFUSE = "classify", "diffuse"
# The classifier's defaults: a ViT sized for the 8x8 digits (also every dataset without its own),
# another for 28x28 MNIST (97.95% to 98.15% test accuracy after 50 epochs over two seeds, docs/benchmarks.md (e):
# 25 epochs gave 97.80% on one CPU and 97.35% on another, too close to the 97.5% target).
SMALL_VIT = dict(patch=4, width=128, depth=2, heads=8, mlp=256, epochs=120)
register_task(DatasetTask(CLASSIFY, "--dataset", "unknown --dataset {name!r}; choose one of {choices}",
                          TaskDefaults(SMALL_VIT)))
register_task(DatasetTask(DIFFUSE, "--data", "unknown image data {name!r}; have {choices}"))

register_dataset(DatasetEntry(
    "digits", lambda data_dir, image_size: load_digits(image_size), reads_files=False,
    description="scikit-learn's 8x8 digits", tasks={
        CLASSIFY: TaskDefaults(SMALL_VIT, "about 1 min"),
        # the reference's recipe, docs/benchmarks.md (d)
        DIFFUSE: TaskDefaults(dict(model="dit", conditioning="channels", prediction="", n_freq=8, patch=2,
                                   width=128, depth=4, heads=4, mlp=256, batch=128, epochs=400, lr=2e-3, warmup_epochs=5.0, ema=0.0),
                              "about 7 min")}))
register_dataset(DatasetEntry(
    "mnist", load_mnist, reads_files=True, description="the MNIST IDX files", tasks={
        CLASSIFY: TaskDefaults(dict(patch=4, width=64, depth=4, heads=4, mlp=128, epochs=50), "7-9 min"),
        # vitir's UNet over the DiT by docs/benchmarks.md (g) (the UNet trains DDPM only: a flow takes the DiT);
        # the DiT's recipe, chosen by the ablations of (e), is the rest
        DIFFUSE: TaskDefaults(dict(model="unet", conditioning="adaln-zero", prediction="x0", n_freq=16, patch=4,
                                   width=96, depth=4, heads=4, mlp=192, batch=64, epochs=96, lr=2e-3, warmup_epochs=2.0, ema=0.99),
                              "DDPM (UNet) about 27 min, flow (DiT) 20 to 30 min")}))
register_dataset(DatasetEntry("cifar10", load_cifar10, reads_files=True, description="CIFAR-10's binary batches",
                              tasks={CLASSIFY: None}))
register_dataset(DatasetEntry("imagefolder", load_image_folder, reads_files=True,
                              description="train/<class>/ and val/<class>/ image folders", tasks={CLASSIFY: None}))

# The datasets registered with the package (a tuple for `in` and messages; the registry may grow).
DATASETS: tuple[str, ...] = dataset_names()

__all__ = ["CLASSIFY", "DATASETS", "DIFFUSE", "Dataset", "DatasetEntry", "REGISTRY", "TaskDefaults", "dataset_entry",
           "dataset_names", "load_dataset", "register_dataset", "withdraw_dataset"]
