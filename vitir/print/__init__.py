"""The printer: vitir's AST to StableHLO text, the only place text is assembled."""

from .printer import print_function, print_module, print_ops

__all__ = ["print_function", "print_module", "print_ops"]
