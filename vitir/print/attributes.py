"""How each attribute kind is spelled: in an op's own syntax (`pretty`) and in MLIR's generic
form and attribute dictionaries (`generic`). Keyed by the kind's name (vitir/ast/attributes.py)."""

from __future__ import annotations

from typing import Callable

from ..ast import attributes as A
from .float_attribute import mlir_float


_INTS: dict = {}  # a model prints a few dims lists thousands of times


def ints(values) -> str:
    text = _INTS.get(values)
    if text is None:
        text = "[" + ", ".join(map(str, values)) + "]"
        if len(_INTS) < 4096:
            _INTS[values] = text
    return text


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _layout(layout: str) -> str:
    return "[" + ", ".join(layout) + "]"


def conv_dimensions(value: A.ConvDimensions) -> str:
    return f"{_layout(value.lhs)}x{_layout(value.rhs)}->{_layout(value.out)}"


def _dense_ints(value: A.DenseInts, element: str = "i64") -> str:
    shape, values = value.shape, value.values
    type_text = "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"
    if values and all(v == values[0] for v in values):
        return f"dense<{values[0]}> : {type_text}"  # MLIR writes a splat once
    if not values:
        return f"dense<> : {type_text}"
    rows = [str(v) for v in values]
    for d in reversed(shape):
        rows = ["[" + ", ".join(rows[i:i + d]) + "]" for i in range(0, len(rows), d)]
    return f"dense<{rows[0]}> : {type_text}"


def _pairs_dense(value) -> str:
    return _dense_ints(A.DenseInts((len(value), 2), tuple(v for pair in value for v in pair)))


def _string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _dot_dimensions(value: A.DotDimensions) -> str:
    fields = [f"{name} = {ints(v)}" for name, v in zip(A.DotDimensions._fields, value) if v]
    return "#stablehlo.dot<" + ", ".join(fields) + ">" if fields else "#stablehlo.dot<>"


def _dot_algorithm_body(value: A.DotAlgorithm) -> str:
    parts = []
    for name, v in zip(A.DotAlgorithm._fields, value):
        parts.append(f"{name} = {_bool(v) if isinstance(v, bool) else v}")
    return "<" + ", ".join(parts) + ">"


def _struct(mlir: str, fields: tuple[str, ...]):
    def text(value) -> str:
        return f"#{mlir}<" + ", ".join(f"{n} = {v}" for n, v in zip(fields, value)) + ">"
    return text


PRETTY: dict[str, Callable] = {
    "i64": str, "i32": str, "i64_array": ints, "bool": _bool, "string": _string, "f32": repr,
    "bool_array": lambda v: "[" + ", ".join(map(_bool, v)) + "]",
    "comparison_direction": str, "comparison_type": str, "precision": str,
    "precision_list": lambda v: "[" + ", ".join(v) + "]",
    "conv_dimensions": conv_dimensions,
    "pairs": lambda v: "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in v) + "]",
    "dense_ints": _dense_ints,
    "dot_algorithm": _dot_algorithm_body,
    "element_type": str,
}

GENERIC: dict[str, Callable] = {
    "i64": lambda v: f"{v} : i64", "i32": lambda v: f"{v} : i32", "bool": _bool, "string": _string,
    "i64_array": lambda v: f"array<i64: {', '.join(map(str, v))}>" if v else "array<i64>",
    "bool_array": lambda v: f"array<i1: {', '.join(map(_bool, v))}>" if v else "array<i1>",
    "comparison_direction": lambda v: f"#stablehlo<comparison_direction {v}>",
    "comparison_type": lambda v: f"#stablehlo<comparison_type {v}>",
    "precision": lambda v: f"#stablehlo<precision {v}>",
    "precision_list": lambda v: "[" + ", ".join(f"#stablehlo<precision {p}>" for p in v) + "]",
    "conv_dimensions": lambda v: f"#stablehlo.conv<{conv_dimensions(v)}>",
    "dot_dimensions": _dot_dimensions,
    "dot_algorithm": lambda v: "#stablehlo.dot_algorithm" + _dot_algorithm_body(v),
    "dense_ints": _dense_ints,
    "pairs": _pairs_dense,
    "channel_handle": _struct("stablehlo.channel_handle", A.ChannelHandle._fields),
    "element_type": str,
}


# -- elementwise and chlo --------------------------------------------------------------------------------
PRETTY.update({"chlo_comparison_direction": str, "chlo_comparison_type": str})
GENERIC.update({"chlo_comparison_direction": lambda v: f"#chlo<comparison_direction {v}>",
                "chlo_comparison_type": lambda v: f"#chlo<comparison_type {v}>",
                "chlo_precision_list": lambda v: "[" + ", ".join(f"#chlo<precision {p}>" for p in v) + "]",
                # as MLIR's printStruct: the empty lists left out
                "ragged_dot_dimensions": lambda v: "#chlo.ragged_dot<" + ", ".join(
                    f"{name} = {ints(dims)}" for name, dims in zip(A.RaggedDotDimensions._fields, v) if dims) + ">"})


def pretty(kind: A.Kind, value) -> str:
    return PRETTY[kind.name](value)


def generic(kind: A.Kind, value) -> str:
    return GENERIC[kind.name](value)


# -- data movement: gather and scatter dimension numbers ----------------------------------------

def dimension_numbers(mnemonic: str):
    """`#stablehlo.<mnemonic><a = [..], n = 1>`: MLIR leaves out empty lists and a zero integer."""

    def text(value) -> str:
        parts = [f"{name} = {ints(v) if type(v) is tuple else v}" for name, v in zip(value._fields, value) if v]
        return f"#stablehlo.{mnemonic}<" + ", ".join(parts) + ">"

    return text


GENERIC.update(gather_dimensions=dimension_numbers("gather"), scatter_dimensions=dimension_numbers("scatter"))


# -- collectives, rng, bits and quantization ---------------------------------------------------
PRETTY.update(rng_distribution=str, rng_algorithm=str)
GENERIC.update(rng_distribution=lambda v: f"#stablehlo<rng_distribution {v}>",
               rng_algorithm=lambda v: f"#stablehlo<rng_algorithm {v}>")


# -- control flow, tuples and tokens ------------------------------------------------------

import re  # noqa: E402

_BARE_SYMBOL = re.compile(r"[A-Za-z_][\w$.]*")


def _symbol(name: str) -> str:
    """`@add_n.impl`; a name that is not a bare identifier is quoted, as MLIR writes it."""
    return "@" + name if _BARE_SYMBOL.fullmatch(name) else "@" + _string(name)


PRETTY.update(symbol=_symbol, attribute_text=str)
GENERIC.update(symbol=_symbol, attribute_text=str)


# -- windows, reductions, contractions and linear algebra ------------------------------------

PRETTY.update({"transpose": str, "fft_type": str})
GENERIC.update({
    "f32": lambda v: f"{mlir_float(v)} : f32",
    "transpose": lambda v: f"#stablehlo<transpose {v}>",
    "fft_type": lambda v: f"#stablehlo<fft_type {v}>",
})
