"""Host-side schedule of the scheduled AdamW step: linear warmup then cosine
decay of the learning rate, and the per-step bias corrections 1 - beta^t."""

from __future__ import annotations

import math


def learning_rate(step: int, total_steps: int, peak: float, warmup_steps: int, floor: float = 0.0) -> float:
    """lr of 1-based `step`: peak * step / warmup during warmup, then cosine from peak to floor."""
    if warmup_steps > 0 and step <= warmup_steps:
        return peak * step / warmup_steps
    span = max(total_steps - warmup_steps, 1)
    progress = min(max(step - warmup_steps, 0) / span, 1.0)
    return floor + (peak - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))


def bias_corrections(step: int, beta1: float, beta2: float) -> tuple[float, float]:
    """(1 - beta1^t, 1 - beta2^t) for 1-based step t."""
    return 1.0 - beta1 ** step, 1.0 - beta2 ** step
