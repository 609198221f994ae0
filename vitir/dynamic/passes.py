"""Refinement as passes of the registry (vitir/rewrite/passes.py, vitir.passes): `refine` makes a
function static for the argument types it already has (static arguments, dimensions `?` inside:
each result type inferred again, each dynamic op in its static form); `refine_pass(types)` is the
pass for given argument types, `vitir.passes.run(module, [refine_pass(["8x784xf32", ...]), "cse"])`.
Importing this module registers `refine` (vitir.passes imports it)."""

from __future__ import annotations

from typing import Sequence

from ..ast.module import Function
from ..errors import RefineError
from ..rewrite.passes import Pass, register
from .refine import parse_argument_types, refine


def _refine_in_place(fn: Function, types: Sequence | None) -> None:
    if types is None:
        types = [a.type for a in fn.args]
        dynamic = [f"{a.ssa}: {a.type}" for a in fn.args if not a.type.is_static]
        if dynamic:
            raise RefineError(f"@{fn.name}: the refine pass needs static arguments, got {', '.join(dynamic)} "
                              "(give the argument types: refine_pass(types), vitir fmt --refine)")
    elif isinstance(types, str):
        types = parse_argument_types(types)
    else:
        types = [parse_argument_types(t)[0] if isinstance(t, str) else t for t in types]
    static = refine(fn, types)
    fn.args, fn.ops, fn.ret = static.args, static.ops, static.ret


def refine_in_place(fn: Function) -> None:
    """The registered `refine`: to the function's own argument types (RefineError names a `?` among them)."""
    _refine_in_place(fn, None)


def refine_pass(types: Sequence | str) -> Pass:
    """A `refine` pass for these argument types ('8x784xf32,784x64xf32', or a list of TensorTypes,
    shapes or such spellings)."""
    return Pass("refine", f"refine to the argument types {types}", lambda fn: _refine_in_place(fn, types))


register(Pass("refine", "refine a program with dimensions `?` to its arguments' static types: result types "
                        "inferred again, dynamic ops in their static forms (vitir/dynamic)", refine_in_place))
