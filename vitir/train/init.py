"""Parameter initialisation, seeded and deterministic."""

from __future__ import annotations

import numpy as np

from ..lower.config import ViTConfig
from ..lower.vit import param_specs


def init_params(cfg: ViTConfig, seed: int) -> list[np.ndarray]:
    """Float32 parameters in canonical order. Dense weights: Xavier uniform;
    patch kernel: LeCun normal; CLS and position: N(0, 0.02); LayerNorm gains 1;
    biases and the classifier 0 (so the first logits are uniform)."""
    rng = np.random.default_rng(seed)
    out = []
    for name, dims in param_specs(cfg):
        field = name.split("_")[0]
        if field == "wConv":
            fan_in = int(np.prod(dims[1:]))
            a = rng.normal(0.0, 1.0 / np.sqrt(fan_in), dims)
        elif field in ("cls", "pos"):
            a = rng.normal(0.0, 0.02, dims)
        elif field in ("g1", "g2", "gF"):
            a = np.ones(dims)
        elif field == "Wc" or len(dims) == 1:
            a = np.zeros(dims)
        else:  # Wq Wk Wv Wo Wfc1 Wfc2: [fan_in, fan_out]
            limit = np.sqrt(6.0 / (dims[0] + dims[1]))
            a = rng.uniform(-limit, limit, dims)
        out.append(np.ascontiguousarray(a, dtype=np.float32))
    return out
