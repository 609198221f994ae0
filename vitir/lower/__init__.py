"""Layer constructors, the whole ViT, optimizers and train-step modules."""

from .config import PRESETS, ViTConfig, vit_tiny
from .optim import AdamHyper
from .train_step import (adam_dp_module, adam_module, adam_packed_module, adam_sched_module,
                         features_module, fwd_module, sgd_module)
from .vit import VIT, declare_params, param_specs, vit_backward, vit_forward
from . import derived  # noqa: E402,F401  (registers the derived backward in train_step.BACKWARDS)

__all__ = [
    "PRESETS", "AdamHyper", "ViTConfig", "VIT", "adam_dp_module", "adam_module", "adam_packed_module",
    "adam_sched_module", "declare_params", "features_module", "fwd_module", "param_specs", "sgd_module", "vit_backward",
    "vit_forward", "vit_tiny",
]
