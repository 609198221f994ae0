"""Parameter initialisation, seeded and deterministic: each parameter by the
initialiser its layer declares (vitir/lower/params.py)."""

from __future__ import annotations

import numpy as np

from ..lower.config import ViTConfig
from ..lower.vit import VIT


def init_params(cfg: ViTConfig, seed: int) -> list[np.ndarray]:
    """The classifier's parameters in canonical order: the patch kernel LeCun normal; CLS and
    position N(0, 0.02); LayerNorm gains 1; biases and the head 0; other dense weights Xavier uniform."""
    return VIT.init(cfg, seed)
