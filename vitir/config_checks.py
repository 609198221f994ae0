"""Checks shared by vitir's configuration dataclasses."""

from __future__ import annotations

import math
from dataclasses import fields
from typing import Callable, Iterable

from .errors import ConfigError


def as_option(name: str) -> str:
    """`warmup_epochs` -> `--warmup-epochs`: how the CLI spells a field."""
    return "--" + name.replace("_", "-")


def require_positive_ints(config, names: Iterable[str], label: Callable[[str], str] = str) -> None:
    for name in names:
        value = getattr(config, name)
        if not isinstance(value, int) or value < 1:
            raise ConfigError(f"{label(name)} must be a positive integer, got {value!r}")


def require_positive_number(label: str, value: float) -> None:
    if not (value > 0 and math.isfinite(value)):
        raise ConfigError(f"{label} must be a positive number, got {value}")


def from_known_fields(cls, d: dict):
    """An instance of the dataclass `cls` from a saved dict, ignoring keys it does not know."""
    known = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in d.items() if k in known})
