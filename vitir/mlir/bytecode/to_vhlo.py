"""StableHLO -> VHLO at a target version, the entry point: a module given as vitir's AST, as text (read
by the fast reader, keeping calls where the text holds some) or as xDSL's parse, converted op by op
(downgrade.py's `Downgrade`, or from_ast.py's view of the AST) into the generic IR the writer takes."""

from __future__ import annotations

import re

from .downgrade import PROPERTIES_FROM, Downgrade, _builtin_attribute, _use_list_orders
from .from_ast import Fallback, downgrade_ast
from .ir import BytecodeModule
from .reader import USE_LIST_ORDERING

# A call the fast reader would inline (an artifact keeps it): `call @f`, `func.call @f`, `"func.call"`;
# `call @` found first and what precedes it checked after (a look-behind in the pattern is 6x slower).
_CALL = re.compile(r'call @|"func\.call"')


def _holds_call(text: str) -> bool:
    for match in _CALL.finditer(text):
        at = match.start()
        if match.group()[0] == '"' or text.endswith("func.", 0, at):
            return True
        if at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_."):  # not custom_call, x.call
            return True
    return False


# A function's visibility as text spells it (`func.func public @main`), which vitir's AST does not keep.
_VISIBILITY = re.compile(r'func\.func (public|private|nested) @(?:"([^"\\]*)"|([\w.$-]+))')


# A module the text names (`module @m {`); `module {` or none written is unnamed, which vitir's AST (always
# named) does not hold.
_NAMED_MODULE = re.compile(r"(?m)^[ \t]*module[ \t]+@")


def _keep_unnamed(root, text: str | None) -> None:
    """The artifact's module without a name where the text read into vitir's Module wrote none (the
    AST's default `@m` is no name of the program's), as MLIR's serializer writes it: no `sym_name`
    property, or (before properties) no `sym_name` in its dictionary."""
    if text is None or _NAMED_MODULE.search(text):
        return
    if root.properties is not None:
        root.properties = (None,) + tuple(root.properties[1:])
    elif root.attributes is not None:
        kept = tuple(pair for pair in root.attributes.fields[0] if pair[0].fields[0] != "sym_name")
        root.attributes = _builtin_attribute("DictionaryAttr", kept) if kept else None


def _converter(version: str, bytecode_version: int) -> Downgrade:
    converter = Downgrade(version)
    converter.properties = bytecode_version >= PROPERTIES_FROM
    return converter


def _keeping_calls(text: str, make_converter, locations: bool, visibility: dict, source: str):
    """Text holding calls, read by the fast reader with its calls kept and converted directly (the
    module op and its converter), or None where either does not take it (the caller then parses the text with xDSL)."""
    from ...text.kept_calls import import_keeping_calls

    module = import_keeping_calls(text, source)
    if module is None:
        return None
    converter = make_converter()
    try:
        return downgrade_ast(module, converter, visibility, locations, kept_calls=True), converter
    except Fallback:
        return None


def convert_directly(module, make_converter, locations: bool, source: str = "<text>"):
    """vitir's Module, or StableHLO text the fast reader takes whole (a text holding calls by its
    call-keeping mode, vitir/text/kept_calls.py: the default reader inlines them), converted from the
    AST (from_ast.py) by a new `make_converter()` (downgrade.py's VHLO, or plain.py's own encodings):
    (the module op, the converter), or None for text the fast reader does not take (the caller parses
    it with xDSL). A function's visibility is kept as the text spelled it, and a text's unnamed module
    stays unnamed."""
    from ...ast.module import Module

    text = module if isinstance(module, str) else None
    visibility = {}
    if text is not None:
        visibility = {quoted or bare: word for word, quoted, bare in _VISIBILITY.findall(text)}
        if _holds_call(text):
            converted = _keeping_calls(text, make_converter, locations, visibility, source)
            if converted is not None:
                _keep_unnamed(converted[0], text)
            return converted
        from ...text import fast_import

        module = fast_import(text, source)
    if not isinstance(module, Module):
        return None
    converter = make_converter()
    root = downgrade_ast(module, converter, visibility, locations)
    _keep_unnamed(root, text)
    return root, converter


def downgrade_module(module, version: str, bytecode_version: int, locations: bool = False,
                     source: str = "<text>") -> BytecodeModule:
    """A StableHLO module (vitir's Module, StableHLO text or xDSL's parse) -> VHLO at `version`. vitir's
    Module, and text the fast reader takes, are converted directly (`convert_directly`); other text is
    parsed by xDSL. With `locations`, each op, block argument, function and the module keeps its
    location (else every one is unknown, as `--strip-debuginfo` writes them); an xDSL module given as
    such has none."""
    from ..parse import parse_text

    converted = convert_directly(module, lambda: _converter(version, bytecode_version), locations, source)
    if converted is not None:
        root, converter = converted
    else:
        converter = _converter(version, bytecode_version)
        if isinstance(module, str):
            parsed = parse_text(module, source, verify=False)
            converter.locations = parsed.locations if locations else None
            converter.where = parsed.where
            parsed = parsed.module
        else:
            parsed = module
        root = converter.module(parsed)
    if bytecode_version >= USE_LIST_ORDERING:
        _use_list_orders(root, converter.downgraded)
    return BytecodeModule(root, bytecode_version, f"StableHLO_v{version}")
