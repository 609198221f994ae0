"""What MLIR requires of custom_call's attributes that vitir keeps as their text: each text must be an
attribute of the form its constraint names (an array of flat symbol references, of output-operand
aliases, of layouts), and the values MLIR's verifier reads must fit the call's operands and results.
A text MLIR would refuse is refused when the op is built, so that vitir never prints what MLIR cannot
parse."""

from __future__ import annotations

import re

from .shape_rules import RuleError
from .types import TupleType

_STRING = r'"(?:[^"\\]|\\.)*"'
_INTS = r"\[\s*(?:-?\d+(?:\s*,\s*-?\d+)*)?\s*\]"
_SYMBOL = rf"@(?:[A-Za-z_$.][\w$.-]*|{_STRING})"
_ALIAS = (rf"#stablehlo\.output_operand_alias<\s*output_tuple_indices\s*=\s*({_INTS})\s*,\s*"
          rf"operand_index\s*=\s*(\d+)\s*,\s*operand_tuple_indices\s*=\s*({_INTS})\s*,?\s*>")
_LAYOUT = rf"dense<\s*(-?\d+|{_INTS}|)\s*>\s*:\s*tensor<(\d+)xindex>"
# result_tilings is an array of any attributes: each must at least begin as an attribute value does
# (a bare word such as `bogus` is none)
_ANY = r"(?:[\[{\"#@-]|\d|dense<|array<|true\b|false\b|unit\b|[a-z]+\d*<)[^,]*?"


def _array(item: str) -> re.Pattern:
    return re.compile(rf"\[\s*(?:{item}(?:\s*,\s*{item})*)?\s*\]", re.DOTALL)


# attribute -> (the whole text's form, its items' form, what MLIR's constraint calls it)
FORMS = {
    "called_computations": (_array(_SYMBOL), _SYMBOL, "an array of flat symbol references, such as [@f]"),
    "output_operand_aliases": (_array(_ALIAS), _ALIAS, "an array of #stablehlo.output_operand_alias<"
                                                       "output_tuple_indices = [...], operand_index = N, "
                                                       "operand_tuple_indices = [...]>"),
    "operand_layouts": (_array(_LAYOUT), _LAYOUT, "an array of layouts, such as [dense<[1, 0]> : tensor<2xindex>]"),
    "result_layouts": (_array(_LAYOUT), _LAYOUT, "an array of layouts, such as [dense<[1, 0]> : tensor<2xindex>]"),
    "result_tilings": (_array(_ANY), _ANY, "an array of attributes"),
}
_TYPED_FFI = 4  # api_version whose backend_config is a dictionary; every other version's is a string


def _items(text: str, item: str) -> list[re.Match]:
    return list(re.finditer(item, text, re.DOTALL))


def _layout(match: re.Match) -> list[int]:
    values, size = match.group(1), int(match.group(2))
    numbers = [int(v) for v in re.findall(r"-?\d+", values)]
    return numbers * size if len(numbers) == 1 and not values.lstrip().startswith("[") else numbers


def _check_layouts(text: str, types, what: str) -> None:
    """MLIR's CustomCallOp::verify: one layout per value (per element of a single tuple result), a
    tensor's a permutation of its dimensions, a token's empty."""
    layouts = [_layout(m) for m in _items(text, _LAYOUT)]
    if what == "result" and len(types) == 1 and isinstance(types[0], TupleType):
        types = types[0].types
    if len(layouts) != len(types):
        raise RuleError(f"{len(layouts)} {what} layouts for {len(types)} {what}s")
    for i, (layout, ty) in enumerate(zip(layouts, types)):
        if isinstance(ty, TupleType):
            raise RuleError(f"{what} #{i} is a tuple: tuple types are not fully supported with layout constraints")
        if not hasattr(ty, "rank"):
            if layout:
                raise RuleError(f"only tensor types can have non-empty layout: {what} #{i} of type {ty} has layout "
                                f"{layout}")
        elif sorted(layout) != list(range(ty.rank)):
            raise RuleError(f"layout {layout} of {ty} must be a permutation of [0, {ty.rank})")


def _part(ty, indices: list[int], what: str):
    """The element of a (nested) tuple type that tuple indices name."""
    for i in indices:
        if not isinstance(ty, TupleType) or not 0 <= i < len(ty.types):
            raise RuleError(f"{what} in the output_operand_alias attribute out of bounds: {indices} in {ty}")
        ty = ty.types[i]
    return ty


def _check_alias(alias: re.Match, inputs, result_types) -> None:
    """MLIR's CustomCallOp::verify: the operand and the part of the output an alias names exist, of one type."""
    output_indices, index, operand_indices = (
        [int(v) for v in re.findall(r"-?\d+", alias.group(1))], int(alias.group(2)),
        [int(v) for v in re.findall(r"-?\d+", alias.group(3))])
    if index >= len(inputs):
        raise RuleError(f"output_operand_aliases: operand_index {index} is out of range [0, {len(inputs)})")
    operand = _part(inputs[index], operand_indices, "operand_tuple_indices")
    whole = result_types[0] if len(result_types) == 1 else TupleType(result_types)
    output = _part(whole, output_indices, "output_tuple_indices")
    if operand is not output:
        raise RuleError(f"shapes mismatch in the output_operand_alias attribute: operand part has type {operand} and "
                        f"output part has type {output}")


def check(inputs, result_types, api_version, backend_config, texts: dict) -> None:
    """`texts`: the attributes kept as text (name -> text or None)."""
    for name, text in texts.items():
        if text is None:
            continue
        whole, _, form = FORMS[name]
        if not whole.fullmatch(text.strip()):
            raise RuleError(f"{name} must be {form}, got {text!r}")
    if texts["output_operand_aliases"] is not None:
        for alias in _items(texts["output_operand_aliases"], _ALIAS):
            _check_alias(alias, inputs, result_types)
    if texts["operand_layouts"] is not None and texts["result_layouts"] is not None:
        _check_layouts(texts["operand_layouts"], inputs, "operand")
        _check_layouts(texts["result_layouts"], result_types, "result")
    if backend_config is not None:
        dictionary = api_version == _TYPED_FFI
        value = backend_config.strip()
        if dictionary and not (value.startswith("{") and value.endswith("}")):
            raise RuleError(f"backend_config for api_version {_TYPED_FFI} must be a dictionary, got {backend_config!r}")
        if not dictionary and not re.fullmatch(_STRING, value, re.DOTALL):
            raise RuleError(f"backend_config must be a string (a dictionary only for api_version {_TYPED_FFI}), "
                            f"got {backend_config!r}")
