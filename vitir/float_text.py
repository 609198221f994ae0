"""Floats computed while a module is built, as text: C's %f, as the reference prints them,
and the exact text of the fast lowering, which reads back as the same double."""

from __future__ import annotations


def c_float(x: float) -> str:
    """Render-time floats print like C's %f (0.1 -> `0.100000`), as the reference does."""
    return "%f" % x


def exact_float(x: float) -> str:
    """The reference's %f where it reads back exactly, else the shortest exact text:
    0.1/3 prints `0.03333333333333333`, not %f's `0.033333` (whose smoothed target
    would sum to 0.999999, the gradient of no loss)."""
    text = c_float(x)
    return text if float(text) == x else repr(x)
