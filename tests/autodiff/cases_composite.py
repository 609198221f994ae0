"""composite is checked in test_composite.py: its derivative runs only beside its decomposition."""

from __future__ import annotations

from vitir.ast import ops as O

from .harness import CHECKED_ELSEWHERE

CHECKED_ELSEWHERE[O.Composite] = "tests/autodiff/test_composite.py"
