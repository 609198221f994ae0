"""The collector's pause (vitir/gc_pause.py), where the AST's users have long imported it from."""

from ..gc_pause import collector_paused, gc_paused

__all__ = ["collector_paused", "gc_paused"]
