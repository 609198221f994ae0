"""Pause Python's cycle collector while a module is built or printed.

A ViT module is thousands of small acyclic objects (ops, values, tuples) made
in one burst; each collection triggered mid-burst re-scans all of them for
cycles they cannot have. Pausing it cut ViT-Tiny's build time by about 30%.
Reference counting still frees everything as usual.

It stands on the lowest floor, outside vitir.ast, so that a command can pause the collector before it
imports the AST (importing vitir.ast.gc_pause imports vitir.ast, the bulk of `vitir render`'s imports).
"""

from __future__ import annotations

import contextlib
import functools
import gc


@contextlib.contextmanager
def collector_paused():
    """`with collector_paused():` the same pause over a block (nested pauses keep the outer one)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def gc_paused(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()
    return wrapper
