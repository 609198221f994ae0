"""The op syntax language's extension points: a custom directive or a whole-op syntax is one
class that prints and parses (vitir/syntax/declare.py), bound in an op's format to the fields it
reads (vitir/syntax/format.py); a directive parses through a TextParser (vitir/syntax/parsing.py).
The printer (vitir/print/syntax.py), the dialect's parser (vitir/mlir/syntax.py) and the fast
reader (vitir/text/importer.py) all take it from there. vitir's own are in
vitir/syntax/directives.py and vitir/syntax/whole_ops.py, loaded with the package."""

from .declare import DIRECTIVES, WHOLE_OP_SYNTAXES, CustomDirective, WholeOpSyntax, withdraw
from . import directives, whole_ops  # noqa: E402,F401  (vitir's own, declared with the package)

__all__ = ["DIRECTIVES", "WHOLE_OP_SYNTAXES", "CustomDirective", "WholeOpSyntax", "withdraw"]
