"""The rule modules, one per op family (mirroring vitir/ast/ops/<family>.py); importing this
package registers them all in vitir.autodiff.tables."""

from __future__ import annotations

import importlib

FAMILIES = ("elementwise", "shape", "data_movement", "contraction", "reduction", "control", "control_flow", "refused")

# the ops whose rules need more than their family's simple ones
FAMILIES += ("indexing", "reduce_bodies", "windows", "convolution", "linalg", "complex_parts",
             "normalization", "chlo", "collectives", "composite", "shardy", "custom_calls")

for _family in FAMILIES:
    importlib.import_module(f"{__name__}.{_family}")
