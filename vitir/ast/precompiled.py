"""Functions compiled from generated source (the ops' constructors, their printers) without a
`compile` at run time: `python -m vitir.ast.generate` (the constructors) and `python -m
vitir.print.generate` (the printers) write each source vitir's own ops give into a module (a table: source -> a maker that defines it), whose bytecode Python caches like
any other module's. A source the table does not hold (an op declared outside vitir, a stale table)
is compiled as before, so the table changes how fast a function is made, never what it is.
"""

from __future__ import annotations

import builtins
import importlib
from typing import Any, Callable

_COMPILED: dict[str, Any] = {}  # a source no table holds -> its compiled code (ops of one shape share it)


def function_from_source(source: str, name: str, filename: str, env: dict, table: dict, lazy_table: str) -> Callable:
    """The function `name` that `source` (one `def`) defines, with `env` as its globals, its
    code's file name `filename` (what a traceback shows). `table` holds the sources of the op
    families vitir.ast.ops imports at once; the module `lazy_table` those of the families it
    imports on first use, and is imported only when one of theirs is asked for."""
    maker = table.get(source)
    if maker is None:
        maker = importlib.import_module(lazy_table).CODE.get(source)
    if maker is None:
        code = _COMPILED.get(source)
        if code is None:
            code = _COMPILED[source] = compile(source, filename, "exec")
        exec(code, env)
        fn = env[name]
    else:  # the maker defines the same function in its body: run it with env as its globals
        env.setdefault("__builtins__", builtins)
        fn = type(maker)(maker.__code__, env)()
    fn.__code__ = made_code(fn.__code__, filename)
    return fn


def made_code(code, filename: str):
    """A made function's code as compile(source, filename) gives it: its file name, and not marked
    as nested (a table's maker defines it inside itself)."""
    return code.replace(co_filename=filename, co_flags=code.co_flags & ~_CO_NESTED)


_CO_NESTED = 0x10  # inspect.CO_NESTED, without importing inspect at start-up


def table_source(doc: str, sources: list[str], command: str) -> str:
    """The text of a generated table module holding each of `sources` (distinct, in order)."""
    # the future import: the functions' flags as compile() gives them in this module (which has it)
    lines = [f'"""{doc}\n\nWritten by `{command}`; do not edit."""', "", "from __future__ import annotations", ""]
    for i, source in enumerate(sources):
        name = source.split("def ", 1)[1].split("(", 1)[0]
        lines += ["", f"def _{i}():"] + ["    " + line for line in source.split("\n")]
        lines += [f"    return {name}", ""]
    lines += ["", "CODE = {"] + [f"    {source!r}: _{i}," for i, source in enumerate(sources)] + ["}"]
    return "\n".join(lines) + "\n"
