"""jax.export's `stablehlo.custom_call @shape_assertion(%ok, %d0, %d1, ...) {error_message = "...
{0} ... {1}"}`: the program's inputs must satisfy the polymorphic shape specification; when %ok is
false the message, its `{k}` the k-th dimension value, says why. Beside the declarations (as the custom
calls' attributes are, custom_call_attributes.py): the evaluator and vitir/dynamic's refinement both check
them."""

from __future__ import annotations

import re

from ..errors import ShapeAssertionError

SHAPE_ASSERTION = "shape_assertion"

_ESCAPE = re.compile(r'\\(?:([0-9a-fA-F]{2})|(.))')


def mlir_string(text: str) -> str:
    """The value of an MLIR string literal (`"a \\"b\\" \\0A"`): `\\\\`, `\\"`, `\\n`, `\\t`, `\\XX` hex."""
    body = text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text
    named = {"n": "\n", "t": "\t", "\\": "\\", '"': '"'}

    def one(m):
        return chr(int(m.group(1), 16)) if m.group(1) else named.get(m.group(2), m.group(2))

    return _ESCAPE.sub(one, body)


def message(op) -> str:
    """The error message an assertion carries, as written (without its quotes)."""
    for name, text in op.discardable or ():
        if name == "error_message":
            return mlir_string(text)
    return "shape assertion failed"


def is_shape_assertion(op) -> bool:
    return op.NAME == "stablehlo.custom_call" and op.call_target_name == SHAPE_ASSERTION


def check_shape_assertion(op, ok, *values) -> None:
    """Raise ShapeAssertionError with the message, `{k}` replaced by the k-th value, when `ok` is false."""
    if bool(ok):
        return
    ints = [int(v) for v in values]
    text = re.sub(r"\{(\d+)\}", lambda m: str(ints[int(m.group(1))]) if int(m.group(1)) < len(ints) else m.group(0),
                  message(op))
    raise ShapeAssertionError(text)
