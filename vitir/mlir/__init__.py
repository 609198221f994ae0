"""The MLIR bridge: StableHLO text <-> xDSL <-> vitir's AST.

`parse_text` reads text (vitir's, or JAX's pretty or generic form) into a
verified xDSL module; `print_mlir` prints it back in vitir's format, byte for
byte; `import_text` builds vitir's AST from it through FunctionBuilder, so
vitir's shape rules check every op (a text vitir/text's reader takes is built
without xDSL). xDSL is loaded on the first use of a name that needs it, so the
package's xDSL-free modules (errors, split) import without it.
"""

from .errors import Diagnostic, MlirError, MlirShapeError

_LAZY = {"ParsedModule": "parse", "parse_text": "parse", "print_mlir": "print", "import_module": "to_ast",
         "import_text": "to_ast", "import_bytecode": "bytecode.api", "export_bytecode": "bytecode.api"}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module as _load

    value = getattr(_load(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def roundtrip(text: str) -> str:
    """Text -> xDSL -> text."""
    from .parse import parse_text
    from .print import print_mlir

    return print_mlir(parse_text(text).module)


__all__ = ["Diagnostic", "MlirError", "MlirShapeError", "ParsedModule", "export_bytecode", "import_bytecode",
           "import_module", "import_text", "parse_text", "print_mlir", "roundtrip"]
