"""Parameter initialisation, seeded and deterministic, by the parameter's name."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..lower.config import ViTConfig
from ..lower.vit import param_specs

# Fields (a name before its `_i` block suffix) that start at zero: the
# classifier (so the first logits are uniform), the denoisers' pixel head, and
# the adaLN modulations (adaLN-Zero: every block starts as the identity).
ZERO_FIELDS = ("Wc", "Wp", "Wmod", "Wfmod")
ONE_FIELDS = ("g1", "g2", "gF")
EMBEDDING_FIELDS = ("cls", "pos")


def init_tensor(field: str, dims: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """Patch kernel: LeCun normal; CLS and position: N(0, 0.02); LayerNorm gains 1;
    biases and ZERO_FIELDS 0; other dense weights [fan_in, fan_out]: Xavier uniform."""
    if field == "wConv":
        fan_in = int(np.prod(dims[1:]))
        return rng.normal(0.0, 1.0 / np.sqrt(fan_in), dims)
    if field in EMBEDDING_FIELDS:
        return rng.normal(0.0, 0.02, dims)
    if field in ONE_FIELDS:
        return np.ones(dims)
    if field in ZERO_FIELDS or len(dims) == 1:
        return np.zeros(dims)
    limit = np.sqrt(6.0 / (dims[0] + dims[1]))
    return rng.uniform(-limit, limit, dims)


def init_from_specs(specs: Sequence[tuple[str, tuple[int, ...]]], seed: int) -> list[np.ndarray]:
    """Float32 parameters in the order of `specs` ((name, dims) pairs)."""
    rng = np.random.default_rng(seed)
    return [np.ascontiguousarray(init_tensor(name.split("_")[0], tuple(dims), rng), dtype=np.float32)
            for name, dims in specs]


def init_params(cfg: ViTConfig, seed: int) -> list[np.ndarray]:
    """The classifier's parameters in canonical order."""
    return init_from_specs(param_specs(cfg), seed)
