"""The MLIR bridge: StableHLO text <-> xDSL <-> vitir's AST.

`parse_text` reads text (vitir's, or JAX's pretty or generic form) into a
verified xDSL module; `print_mlir` prints it back in vitir's format, byte for
byte; `import_text` builds vitir's AST from it through FunctionBuilder, so
vitir's shape rules check every op. Importing this package loads xDSL.
"""

from .errors import Diagnostic, MlirError, MlirShapeError
from .parse import ParsedModule, parse_text
from .print import print_mlir
from .to_ast import import_module, import_text


def roundtrip(text: str) -> str:
    """Text -> xDSL -> text."""
    return print_mlir(parse_text(text).module)


__all__ = ["Diagnostic", "MlirError", "MlirShapeError", "ParsedModule", "import_module", "import_text",
           "parse_text", "print_mlir", "roundtrip"]
