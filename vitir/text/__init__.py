"""StableHLO text straight to vitir's AST, without xDSL: a tokenizer (the text split at white space,
checked against one regex: lexer.py) and a reader compiled from each op declaration's `syntax`, the
format the printer compiles (vitir/print/syntax.py).

`fast_import(text)` returns the Module, or None for any text it does not take (a generic form with
attributes, an attribute it does not read, debug locations, any error at all): the caller then
goes through xDSL's parser (vitir/mlir), which reports every diagnostic. Importing this package
loads no xDSL (a constant of several elements is read by the bridge's reader, which loads it).
"""

from .importer import fast_import, read_attribute_text, shardy_parse_error, shardy_text

__all__ = ["fast_import", "read_attribute_text"]
