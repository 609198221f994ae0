"""Write vitir/print/printer_code.py and printer_code_lazy.py: the printing function of every vitir op printed by its
declared syntax, compiled with that module so that printing compiles none at run time
(vitir/ast/precompiled.py).

    python -m vitir.print.generate          # rewrite the file
    python -m vitir.print.generate --check  # exit 1 if it is stale (the test suite checks it)
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..ast.declare import GENERIC
from ..ast import generate
from ..ast.generate import _ordered
from ..syntax.declare import whole_op_syntax
from .printer import PRINTER
from .syntax import printer_parts

TARGETS = (Path(__file__).with_name("printer_code.py"), Path(__file__).with_name("printer_code_lazy.py"))


def printer_code_sources() -> tuple[str, str]:
    classes = [cls for cls in _ordered() if cls.syntax != GENERIC and whole_op_syntax(cls) is None]
    return generate.code_tables(lambda cls: printer_parts(cls, PRINTER)[0], classes,
                                "The printing functions of vitir's ops, compiled with this module: a source -> a\n"
                                "function defining it (vitir/ast/precompiled.py).", "python -m vitir.print.generate")


def outputs() -> dict[Path, str]:
    return dict(zip(TARGETS, printer_code_sources()))


def main(argv=None) -> int:
    return generate.main(argv, __doc__, outputs, "python -m vitir.print.generate")


if __name__ == "__main__":
    sys.exit(main())
