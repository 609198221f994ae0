"""The dataset registry: each dataset one entry (its loader, whether it reads
files, the tasks it serves with each task's defaults and estimated time).
`vitir train`'s and `vitir diffuse`'s choices, their `--help` defaults, the
configs' dataset checks and the defaults they fill all read it; a dataset
added from outside the package is one `register_dataset` call.

A task may have a fallback: the defaults of every dataset that serves it
without its own (the classifier's "other").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import ConfigError
from .dataset import Dataset

Loader = Callable[[str | Path | None, int | None], Dataset]  # (data_dir, image_size) -> Dataset


@dataclass(frozen=True)
class TaskDefaults:
    """A task's config fields on one dataset, and how long a run with them takes."""

    values: dict
    estimate: str = ""


@dataclass(frozen=True)
class DatasetTask:
    """A task datasets serve: its flag naming the dataset, how an unknown one is reported, and the
    defaults of a dataset that has none of its own (None: every dataset must give them)."""

    name: str
    flag: str
    unknown: str  # formatted with name, choices
    fallback: TaskDefaults | None = None
    fallback_label: str = "other"


@dataclass(frozen=True)
class DatasetEntry:
    name: str
    loader: Loader
    reads_files: bool
    tasks: dict = field(default_factory=dict)  # task name -> TaskDefaults, or None for the task's fallback
    description: str = ""


DATASETS: dict[str, DatasetEntry] = {}
TASKS: dict[str, DatasetTask] = {}


def register_task(task: DatasetTask) -> DatasetTask:
    TASKS[task.name] = task
    return task


def register_dataset(entry: DatasetEntry) -> DatasetEntry:
    """Adds (or replaces) a dataset; its tasks must be registered ones."""
    unknown = [t for t in entry.tasks if t not in TASKS]
    if unknown:
        raise ConfigError(f"dataset {entry.name!r} serves unknown tasks {unknown}; have {', '.join(TASKS)}")
    for t, defaults in entry.tasks.items():
        if defaults is None and TASKS[t].fallback is None:
            raise ConfigError(f"dataset {entry.name!r} gives no defaults for {t}, which has no fallback")
    DATASETS[entry.name] = entry
    return entry


def withdraw_dataset(name: str) -> DatasetEntry:
    """Removes a registered dataset (one added for a test, say) and returns its entry."""
    if name not in DATASETS:
        raise ConfigError(f"no dataset {name!r} to withdraw; have {', '.join(DATASETS)}")
    return DATASETS.pop(name)


def dataset_names(task: str | None = None) -> tuple[str, ...]:
    """The datasets (serving `task`), in registration order."""
    return tuple(n for n, e in DATASETS.items() if task is None or task in e.tasks)


def dataset_entry(name: str, task: str | None = None) -> DatasetEntry:
    """The entry, or the task's own message naming the choices."""
    if task is None:
        if name not in DATASETS:
            raise ConfigError(f"unknown dataset {name!r}; choose one of {', '.join(DATASETS)}")
        return DATASETS[name]
    if name not in dataset_names(task):
        raise ConfigError(TASKS[task].unknown.format(name=name, choices=", ".join(dataset_names(task))))
    return DATASETS[name]


def task_defaults(name: str, task: str) -> TaskDefaults:
    """The defaults of `task` on dataset `name` (the fallback for a dataset without its own, or one not
    registered: the config then reports it as unknown)."""
    entry = DATASETS.get(name)
    own = entry.tasks.get(task) if entry is not None else None
    if own is None:
        if TASKS[task].fallback is None:
            raise ConfigError(TASKS[task].unknown.format(name=name, choices=", ".join(dataset_names(task))))
        return TASKS[task].fallback
    return own


def defaults_table(task: str) -> list[tuple[str, TaskDefaults]]:
    """(label, defaults) for `--help`: each dataset with its own, then the fallback when one is used."""
    rows = [(n, e.tasks[task]) for n, e in DATASETS.items() if e.tasks.get(task, None) is not None]
    if any(task in e.tasks and e.tasks[task] is None for e in DATASETS.values()):
        rows.append((TASKS[task].fallback_label, TASKS[task].fallback))
    return rows


def default_fields(task: str) -> tuple[str, ...]:
    """The config fields whose default depends on the dataset."""
    out: list[str] = []
    for _, defaults in defaults_table(task):
        out += [k for k in defaults.values if k not in out]
    return tuple(out)


def fill_defaults(cfg, dataset: str, task: str, setter=setattr) -> None:
    """Fields of `cfg` left None take the dataset's value for `task`."""
    for name, value in task_defaults(dataset, task).values.items():
        if getattr(cfg, name) is None:
            setter(cfg, name, value)


def check_dataset(dataset: str, data_dir, task: str) -> DatasetEntry:
    """The entry serving `task`, with its files' folder given when it reads files."""
    entry = dataset_entry(dataset, task)
    if entry.reads_files and data_dir is None:
        raise ConfigError(f"{TASKS[task].flag} {dataset} reads files: give --data-dir DIR")
    return entry


def load_dataset(name: str, data_dir: str | Path | None = None, image_size: int | None = None) -> Dataset:
    """The named dataset; data_dir is where its files are (a dataset without files ignores it)."""
    from .common import check_image_size

    check_image_size(image_size)
    return dataset_entry(name).loader(data_dir, image_size)
