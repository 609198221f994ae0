"""Optimizer updates on parameter/gradient value lists: SGD, AdamW, and the
cross-replica gradient mean that precedes AdamW in data-parallel steps."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Sequence

from ..ast import AdamScalars, FunctionBuilder, Value, f32
from ..config_checks import check_adam_literals, f32_option
from ..errors import ConfigError


def one_minus(literal: str) -> str:
    """`1 - x` of a decimal literal, exactly (0.9 -> `0.1`, 0.999 -> `0.001`)."""
    try:
        return str(Decimal(1) - Decimal(literal))
    except InvalidOperation:
        raise ConfigError(f"not a decimal literal: {literal!r}") from None


@dataclass(frozen=True)
class AdamHyper:
    """AdamW hyperparameters as literals spliced verbatim into the text.
    Defaults are the values of vitir's golden ViT-Tiny step."""

    b1: str = "0.9"
    b2: str = "0.999"
    eps: str = "1.0e-8"
    wd: str = "0.0001"
    lr: str = "0.001"  # baked only by the packed module; the scheduled ones take %lr at run time
    label_smoothing: float = 0.1
    ob1: str = ""  # 1 - b1, derived unless given
    ob2: str = ""

    def __post_init__(self):
        for name in ("b1", "b2", "eps", "wd", "lr", "ob1", "ob2"):  # as f32 literals: 1e-3 -> 1.0e-3
            if getattr(self, name):
                object.__setattr__(self, name, f32_option(getattr(self, name), name))
        check_adam_literals({"beta1": self.b1, "beta2": self.b2, "eps": self.eps, "wd": self.wd},
                            {"beta1": "b1", "beta2": "b2", "eps": "eps", "wd": "wd"}.get)
        if not 0.0 <= self.label_smoothing < 1.0:
            raise ConfigError(f"label smoothing must be in [0, 1), got {self.label_smoothing}")
        if not self.ob1:
            object.__setattr__(self, "ob1", f32_option(one_minus(self.b1), "1 - b1"))
        if not self.ob2:
            object.__setattr__(self, "ob2", f32_option(one_minus(self.b2), "1 - b2"))


# The AdamW scalars the host sends every step of a scheduled step (warmup and
# decay of the learning rate, the bias corrections 1 - beta^t).
RUNTIME_SCALARS = ("lr", "bc1", "bc2")


def runtime_scalar_args(fb: FunctionBuilder) -> dict[str, Value]:
    """The rank-0 arguments %lr, %bc1, %bc2, in that order."""
    return {name: fb.arg(name, f32()) for name in RUNTIME_SCALARS}


def baked_adam_literals(hyper: AdamHyper, packed: bool = False) -> dict[str, str]:
    """The literals a step bakes as constants, in the order it emits them. A
    scheduled step bakes the betas, eps and wd; the packed step also lr and
    bc1 = bc2 = 1 (no bias correction)."""
    betas = {"b1": hyper.b1, "ob1": hyper.ob1, "b2": hyper.b2, "ob2": hyper.ob2}
    runtime = {"bc1": "1.0", "bc2": "1.0", "lr": hyper.lr} if packed else {}
    return {**betas, **runtime, "eps": hyper.eps, "wd": hyper.wd}


def adam_scalars(values: dict[str, Value]) -> AdamScalars:
    """AdamScalars from its values by field name (baked constants and runtime arguments together)."""
    return AdamScalars(*(values[name] for name in AdamScalars._fields))


def sgd_updates(fb: FunctionBuilder, params: Sequence[Value], grads: Sequence[Value], lr: str) -> list[Value]:
    """theta' = theta - lr * g, with lr baked per parameter shape."""
    out = []
    with fb.layer("sgd"):
        for theta, g in zip(params, grads):
            lr_c = fb.constant(f"{theta.name}_lr", lr, theta.shape)
            step = fb.multiply(f"{theta.name}_st", g, lr_c)
            out.append(fb.subtract(f"{theta.name}n", theta, step))
    return out


def adamw_updates(fb: FunctionBuilder, params: Sequence[Value], grads: Sequence[Value], ms: Sequence[Value],
                  vs: Sequence[Value], scalars: AdamScalars, replicas: int = 1):
    """AdamW for every parameter (tag = its name); with replicas > 1 each gradient
    is first averaged across replicas, one collective per gradient (the
    reference's form; the fast lowering's fuse-all-reduce pass makes them one).
    Returns (thetas', ms', vs')."""
    new_t, new_m, new_v = [], [], []
    with fb.layer("adamw"):
        for theta, g, m, v in zip(params, grads, ms, vs):
            tag = theta.name
            with fb.layer(tag):
                if replicas > 1:
                    g = fb.all_reduce_mean(tag, g, replicas)
                t2, m2, v2 = fb.adamw_update(tag, theta, g, m, v, scalars)
            new_t.append(t2)
            new_m.append(m2)
            new_v.append(v2)
    return new_t, new_m, new_v
