"""Checks shared by vitir's configuration dataclasses."""

from __future__ import annotations

import math
from dataclasses import fields
from typing import Callable, Iterable

from .errors import ConfigError


ON_OFF = {"on": True, "off": False}  # how a switch's flag spells it


def on_off_option(text: str, flag: str) -> bool:
    if text.strip() not in ON_OFF:
        raise ConfigError(f"{flag} takes on or off, got {text!r}")
    return ON_OFF[text.strip()]


def as_on_off(value: bool) -> str:
    return "on" if value else "off"


def require_replica_count(replicas) -> None:
    """A train step's replica count: a positive integer (1: no collective)."""
    if not isinstance(replicas, int) or replicas < 1:
        raise ConfigError(f"replicas must be a positive integer, got {replicas!r}")


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


def f32_option(text: str, flag: str) -> str:
    """The f32 literal of a number typed for `flag` (`0` -> `0.0`, `1e-8` -> `1.0e-8`, `.5` -> `0.5`),
    or a ConfigError naming the flag: `--wd: 1e999 overflows f32`."""
    from .ast.literals import user_number
    from .ast.types import DType

    try:
        return user_number(text, DType.F32, flag)
    except ValueError as e:
        raise ConfigError(str(e)) from None


def check_adam_literals(literals: dict[str, str], label: Callable[[str], str] = str) -> None:
    """An Adam beta in [0, 1), eps above 0, weight decay at least 0; `literals` maps beta1, beta2, eps and wd
    (any of them) to decimal literals, `label` spells a name in the message."""
    from decimal import Decimal

    for name, text in literals.items():
        value = Decimal(text)
        if name in ("beta1", "beta2"):
            if value == 1:
                raise ConfigError(f"{label(name)}: 1 makes 1 - {name} zero: the moment would stay 0 and its bias "
                                  f"correction 1 - {name}^t divide by zero; give a value in [0, 1)")
            if not 0 <= value < 1:
                raise ConfigError(f"{label(name)}: {text} is outside [0, 1), the decay of a moving average")
        elif name == "eps" and value <= 0:
            raise ConfigError(f"{label(name)}: {text} is not positive; an epsilon keeps a divisor above 0")
        elif name == "wd" and value < 0:
            raise ConfigError(f"{label(name)}: {text} is negative; weight decay shrinks the weights, at least 0")
