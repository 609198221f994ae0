"""stablehlo.composite through its decomposition: the decomposition function's ops, rebuilt on
the composite's operands, differentiated by their own rules in its place.

A composite names its decomposition (`decomposition = @my.softmax`), a function of the module
the op sits in, which an op does not know; `register_decompositions(module)` makes a module's
functions known (vitir grad does so for the module it reads). A composite whose decomposition is
unknown is refused by name."""

from __future__ import annotations

from ...ast import ops as O
from ..context import Emitter
from ..tables import DECOMPOSITIONS, defjvp, refuse
from .decompose import jvp_of


def register_decompositions(module) -> None:
    """Make the functions of `module` known as decompositions, by name."""
    for fn in module.functions:
        DECOMPOSITIONS[fn.name] = fn


def rebuild(fb, names, function, arguments):
    """`function`'s ops emitted in fb on `arguments`, named afresh; its returned values."""
    mapping = dict(zip(function.args, arguments))
    emitter = Emitter(fb, names)
    for op in function.ops:
        mapping.update(zip(op.results, emitter.apply(op, [mapping[v] for v in op.operands])))
    return tuple(mapping[v] for v in function.ret.operands)


@defjvp(O.Composite)
def composite_jvp(e, op, primals, tangents):
    name = str(op.decomposition).lstrip("@")
    function = DECOMPOSITIONS.get(name)
    if function is None:
        raise refuse(op, f"calls @{name}, a decomposition not known here (register its module with "
                         "vitir.autodiff.rules.composite.register_decompositions)")
    return jvp_of(e, lambda fb, _, *args: rebuild(fb, e.names, function, args), primals, tangents)
